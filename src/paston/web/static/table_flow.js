// The table's flow around the game itself, for every game (docs/server-protocol.md, "Table
// settings and flow"): what every player is told about the table (its pace, whether hints are on
// and how many each player asked, who is watching, when a stand-in bot takes over an absent
// player), the two chat channels (players write in the table's, spectators in theirs; each reads
// the other's read-only in a collapsed list), the rematch from the game-over dialog, taking over
// a bot's seat between hands, "table full" offering to watch, and the last trick one key away.
// table.js calls these; they hold no game state of their own beyond a pending take-over.

import { ApiError, escapeHTML, getJSON, getToken, postJSON, setNickname, setToken } from "./api.js";
import { t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);

// ------------------------------------------------------------------ the server's limits

/** The join dialog's nickname and the chat line take the server's own limits. */
export async function applyLimits() {
  try {
    const limits = await getJSON("/api/limits");
    const nick = $("#join-nick");
    if (nick && limits.nickname?.max_length) nick.maxLength = limits.nickname.max_length;
    const chat = $("#chat-input");
    if (chat && limits.chat?.max_length) chat.maxLength = limits.chat.max_length;
  } catch {
    /* the page's own bounds stay; the server checks everything anyway */
  }
}

// ------------------------------------------------------------------ the table's facts

/** The panel listing pace, hints and watchers (built once, under the hint panel). */
function factsPanel() {
  let ul = $("#table-facts");
  if (ul) return ul;
  const anchor = $("#hint-panel");
  const section = document.createElement("section");
  section.className = "panel";
  section.id = "table-facts-panel";
  section.setAttribute("aria-labelledby", "table-facts-title");
  section.innerHTML = `<h2 id="table-facts-title">${escapeHTML(t("flow.table", "This table"))}</h2>
    <ul class="table-facts" id="table-facts"></ul>`;
  anchor.parentElement.insertBefore(section, anchor);
  section.addEventListener("click", (ev) => {
    if (ev.target.closest("#last-trick-button")) showLastTrick();
  });
  return section.querySelector("ul");
}

const PACE_NAMES = () => ({
  slow: t("flow.pace_slow", "slow (about 1.5 s per bot move)"),
  normal: t("flow.pace_normal", "normal (about 1 s per bot move)"),
  fast: t("flow.pace_fast", "fast (0.2 s per bot move)"),
  instant: t("flow.pace_instant", "instant (test server)"),
});

let factsShown = ""; // the facts' markup on screen

/** Redraw the facts: pace, hints (with each player's count), spectators, stand-in countdowns. */
export function renderFacts(table, names, serverNow) {
  const ul = factsPanel();
  const lines = [];
  if (table.pace)
    lines.push(`<li id="fact-pace">${escapeHTML(t("flow.pace", "Bots' pace: {pace}", { pace: PACE_NAMES()[table.pace] ?? table.pace }))}</li>`);
  if (table.hints) {
    const asked = table.hints_asked ?? [];
    const counts = table.seats
      .filter((s) => s.kind === "human")
      .map((s) => `${names[s.seat]} ${asked[s.seat] ?? 0}`)
      .join(" · ");
    lines.push(
      `<li id="fact-hints">${escapeHTML(t("flow.hints_on", "Hints are on. Hints asked: {counts}", { counts }))}</li>`,
    );
  } else lines.push(`<li id="fact-hints">${escapeHTML(t("flow.hints_off", "Hints are off at this table."))}</li>`);
  const watching = table.spectators ?? 0;
  lines.push(
    `<li id="fact-watchers">${escapeHTML(
      watching === 1 ? t("flow.watcher_one", "1 person is watching") : t("flow.watchers", "{n} people are watching", { n: watching }),
    )}</li>`,
  );
  if (table.rematch)
    lines.push(
      `<li><a class="button primary" id="fact-rematch" href="/t/${encodeURIComponent(table.rematch)}">${escapeHTML(
        t("flow.rematch_started", "A rematch has started: go to it"),
      )}</a></li>`,
    );
  lines.push(`<li id="standin-countdown" class="standin-countdown" aria-live="polite"></li>`);
  if ($("#last-trick") || $("#pk-last"))
    lines.push(
      `<li><button type="button" class="small" id="last-trick-button">${escapeHTML(t("flow.last_trick", "Last trick"))} <kbd>L</kbd></button></li>`,
    );
  // Redrawn only when something changed: a focused button keeps its focus.
  const html = lines.join("");
  if (factsShown !== html) {
    ul.innerHTML = html;
    factsShown = html;
  }
  tickCountdown(table, names, serverNow);
}

/** The countdown to a stand-in bot taking over an absent player (called every 250 ms too). */
export function tickCountdown(table, names, serverNow) {
  const el = $("#standin-countdown");
  if (!el || !table) return;
  const parts = [];
  for (const s of table.seats ?? []) {
    if (s.kind !== "human" || s.stand_in || s.connected || typeof s.stand_in_at !== "number") continue;
    const left = Math.max(0, Math.ceil(s.stand_in_at - serverNow));
    parts.push(
      t("flow.standin_in", "{name} is away: a bot plays for them in {s} s", { name: names[s.seat], s: left }),
    );
  }
  const text = parts.join(" · ");
  if (el.textContent !== text) el.textContent = text;
  el.hidden = !text;
}

/** A `hints` message: every player's count of hints asked. */
export function applyHintCounts(table, asked) {
  if (table && Array.isArray(asked)) table.hints_asked = asked;
}

// ------------------------------------------------------------------ hints

/** One value of a hint in words, in the game's unit (`hint_value` of GET /api/games):
 * "points" (expected points, as Paston's bots value a choice) or a bot's own "rating". */
export function hintValueWords(unit, value) {
  if (typeof value !== "number") return "";
  // Choices a bot did not weigh carry a huge sentinel value, not a score.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e6) return t("flow.hint_unweighed", "not weighed by the bot");
  const v = Math.round(value * 10) / 10;
  const shown = `${v > 0 ? "+" : ""}${v.toFixed(1)}`;
  if (unit === "points") return t("flow.hint_points", "{value} points expected", { value: shown });
  return t("flow.hint_rating", "rated {value} by the bot (higher is better)", { value: shown });
}

/** Whether a card element is part of the hinted action (a card played, or one of a discard). */
export function isHintedCard(action, card) {
  if (!action || !card) return false;
  if (action === card) return true;
  const parts = action.split(" ");
  return parts.length > 1 && parts[0] === "discard" && parts.slice(1).includes(card);
}

// ------------------------------------------------------------------ chat channels

/** The list a chat line goes to: the channel this viewer writes in, or the other one (read only). */
export function chatList(msg, seated) {
  const channel = msg.channel ?? "table";
  const mine = seated ? "table" : "spectators";
  if (channel === mine) return $("#chat-log");
  return otherChat(seated).querySelector("ul");
}

function otherChat(seated) {
  let box = $("#other-chat");
  if (!box) {
    box = document.createElement("details");
    box.className = "other-chat";
    box.id = "other-chat";
    box.innerHTML = `<summary id="other-chat-title"></summary>
      <ul class="chat-log" id="other-chat-log" role="log" tabindex="0" aria-labelledby="other-chat-title"></ul>`;
    $("#chat-form").after(box);
  }
  box.dataset.channel = seated ? "spectators" : "table";
  return box;
}

/** The other channel's title (players: the spectators' chat with how many are watching). */
export function renderChatChannels(table, seated) {
  const box = otherChat(seated);
  const title = box.querySelector("summary");
  const n = table?.spectators ?? 0;
  const text = seated
    ? t("flow.spectator_chat", "Spectators' chat ({n} watching, read only)", { n })
    : t("flow.player_chat", "Players' chat (read only)");
  if (title.textContent !== text) title.textContent = text;
  const input = $("#chat-input");
  const placeholder = seated ? t("table.say_something", "Say something…") : t("flow.say_spectators", "Say something to the other spectators…");
  if (input && input.placeholder !== placeholder) input.placeholder = placeholder;
}

// ------------------------------------------------------------------ rematch

/** The rematch part of the game-over dialog: start one, or follow the one another started. */
export function rematchControls(tableId, table, token, seat) {
  const box = document.createElement("div");
  box.className = "rematch";
  box.id = "rematch-box";
  if (table.rematch) {
    // The same seat at the rematch: its page signs in with the token this page holds.
    if (token && seat !== null) setToken(table.rematch, token);
    box.innerHTML = `<a class="button primary" id="rematch-link" href="/t/${encodeURIComponent(table.rematch)}">${escapeHTML(
      t("flow.join_rematch", "Join the rematch"),
    )}</a>`;
    return box;
  }
  if (!token || seat === null) return box;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "primary";
  b.id = "rematch-button";
  b.textContent = t("flow.rematch", "Rematch (same seats)");
  const err = document.createElement("p");
  err.className = "message error";
  err.hidden = true;
  b.addEventListener("click", async () => {
    b.disabled = true;
    try {
      const res = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token });
      setToken(res.id, token);
      location.href = `/t/${encodeURIComponent(res.id)}`;
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
      b.disabled = false;
    }
  });
  box.append(b, err);
  return box;
}

/** A rematch another player started while the game-over dialog is open: its link appears. */
export function refreshRematch(tableId, table, token, seat) {
  // A player's seat at the rematch is signed in with the token this page holds.
  if (table?.rematch && token && seat !== null && getToken(table.rematch) !== token) setToken(table.rematch, token);
  const box = $("#rematch-box");
  if (!box || !table?.rematch || $("#rematch-link")) return;
  box.replaceWith(rematchControls(tableId, table, token, seat));
}

// ------------------------------------------------------------------ taking over a bot's seat

let pendingTakeOver = null; // {nickname, seat, onSeated}

/** Ask for a bot's seat; while a hand is being played the wish waits for the hand's end. */
export async function takeOver(tableId, nickname, seat, onSeated) {
  try {
    const res = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/join`, { nickname, seat, take_over: true });
    pendingTakeOver = null;
    setToken(tableId, res.token);
    setNickname(nickname);
    onSeated(res);
    return "seated";
  } catch (e) {
    if (e instanceof ApiError && e.code === "hand_in_progress") {
      pendingTakeOver = { nickname, seat, onSeated };
      return "waiting";
    }
    pendingTakeOver = null;
    throw e;
  }
}

/** On every state: a waiting take-over is asked again once no hand is being played. */
export function retryTakeOver(tableId, stateMsg, onError) {
  if (!pendingTakeOver || !stateMsg) return;
  const between = !stateMsg.view || stateMsg.deal_over;
  if (!between) return;
  const { nickname, seat, onSeated } = pendingTakeOver;
  pendingTakeOver = null;
  takeOver(tableId, nickname, seat, onSeated).catch(onError);
}

export function takeOverPending() {
  return pendingTakeOver !== null;
}

/** Radio choices for the bots' seats a spectator may take (public tables, game not over). */
export function takeOverChoices(table, names) {
  if (!table?.public || table.status === "over" || table.status === "closed") return [];
  return (table.seats ?? [])
    .filter((s) => s.kind === "bot")
    .map((s) => ({ seat: s.seat, label: t("flow.take_over_seat", "Take over {name} (seat {n})", { name: names[s.seat], n: s.seat }) }));
}

// ------------------------------------------------------------------ the last trick

/** Bring the last trick into view and flash it (the renderers keep it in their panel). */
export function showLastTrick() {
  const el = $("#last-trick") ?? $("#pk-last");
  if (!el) return false;
  el.scrollIntoView({ block: "nearest", behavior: "smooth" });
  el.classList.remove("last-trick-flash");
  void el.offsetWidth; // restart the animation
  el.classList.add("last-trick-flash");
  return true;
}
