// The games the browser knows, as plug-ins: every game's renderer lives in the game's own
// package (served at /static/games/NAME/) and registers itself here when the page loads the
// scripts that GET /api/games lists for it. The pages never name a game: they ask for the
// table's game by the name the server gives and get its renderer, its words and its styles.
//
// A renderer is a module namespace (see table.js for what it exports); `registerGame` is
// called once by the game's entry script (its first `scripts` entry).

import { getJSON } from "./api.js";

const renderers = new Map(); // game name -> renderer
let gamesList = null; // the promise of GET /api/games, fetched once per page

/** Called by a game's entry script: `registerGame("mygame", renderer)`. */
export function registerGame(name, renderer) {
  renderers.set(name, renderer);
}

/** Every game the server offers (GET /api/games), fetched once per page. */
export function allGames() {
  gamesList ??= getJSON("/api/games").catch((err) => {
    gamesList = null; // a later call may try again
    throw err;
  });
  return gamesList;
}

/** The /api/games entry of one game, or null when the server offers no such game. */
export async function gameEntry(name) {
  return (await allGames()).find((g) => g.name === name) ?? null;
}

function addStyle(href) {
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.getAttribute("href") === href)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}

/** Load a game's styles and scripts and return `{ info, renderer }`; throws a readable error
 * when the server offers no such game or the game brings no renderer for the browser. */
export async function loadGame(name) {
  const info = await gameEntry(name);
  if (!info) throw new Error(`This page cannot show a table of the game “${name}”: the server offers no such game.`);
  for (const href of info.styles ?? []) addStyle(href);
  for (const src of info.scripts ?? []) await import(src);
  const renderer = renderers.get(name);
  if (!renderer) throw new Error(`The game “${name}” has no table renderer for the browser.`);
  return { info, renderer };
}

/** What one hand (`which` "hand") or one match ("match") of the game is called, singular or
 * plural (`hand_noun`, `match_noun` of GET /api/games): "deal", "games". Pages build their
 * catalogue keys from it (`table.deal_n`), so each noun's phrases are translated. */
export function nounOf(info, which = "hand", plural = false) {
  const fallback = which === "match" ? ["game", "games"] : ["hand", "hands"];
  const pair = (which === "match" ? info?.match_noun : info?.hand_noun) ?? fallback;
  return plural ? pair[1] : pair[0];
}
