// Bots in plain words: a game's strength levels (beginner, casual, strong, expert: its play
// hooks' `levels`, listed first among its bots by GET /api/games) are what a newcomer picks and
// what a table calls its bots ("Casual bot"); the engines under them (random, heuristic, a
// search) keep their own names for those who ask for them (the lobby's "More bots").

import { language, t } from "./i18n.js";

/** Whether `name` is one of the strength levels of the game `g` (its GET /api/games entry). */
export function isLevel(g, name) {
  return (g?.levels ?? []).some((l) => l.name === name);
}

// In English the server's own words name a bot; other languages read the catalogue.
function labelOf(b) {
  const own = b.label ?? b.name;
  return language() === "en" ? own : t(`bot.${b.name}.label`, own);
}

/** What a seat of bot `b` of the game `g` is called: a level as "Casual bot", an engine by
 * its own label. */
export function botSeatLabel(g, b) {
  return isLevel(g, b.name) ? t("bot.level_seat", "{level} bot", { level: labelOf(b) }) : labelOf(b);
}

/** The bots of `gameList` with the labels seats show (for api.js's setBotLabels). */
export function seatBotLabels(gameList) {
  return gameList.flatMap((g) => (g.bots ?? []).map((b) => ({ name: b.name, label: botSeatLabel(g, b) })));
}

/** The level a lobby seats by default: "casual" (sound play, answers at once), else the one
 * playing the game's lobby bot, else the weakest; "" when the game has no levels. */
export function defaultLevel(g) {
  const levels = g?.levels ?? [];
  const offered = new Set((g?.bots ?? []).map((b) => b.name));
  const pick =
    levels.find((l) => l.name === "casual" && offered.has(l.name)) ??
    levels.find((l) => l.spec === g.lobby_bot && offered.has(l.name)) ??
    levels.find((l) => offered.has(l.name));
  return pick?.name ?? "";
}
