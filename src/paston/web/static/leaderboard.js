// The leaderboard page (/leaderboard?game=NAME): one tab per game of GET /api/games, each
// listing the registered players of that game by rating (GET /api/leaderboard/{game}). The
// tabs follow the ARIA tabs pattern: arrow keys move between them, the chosen one is in the URL.

import { escapeHTML, getJSON } from "./api.js";
import { playerURL, t } from "./account_box.js";
import { language, mountLanguage } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const LIMIT = 100;
let games = [];

function rating(value) {
  return Number(value).toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

async function showBoard(name) {
  const game = games.find((g) => g.name === name) ?? games[0];
  for (const tab of document.querySelectorAll("#game-tabs [role=tab]")) {
    const on = tab.dataset.game === game.name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    if (on) $("#board-panel").setAttribute("aria-labelledby", tab.id);
  }
  const url = new URL(location.href);
  url.searchParams.set("game", game.name);
  history.replaceState(null, "", url);
  const status = $("#board-status");
  const body = $("#board tbody");
  const table = $("#board");
  table.dataset.game = game.name;
  status.textContent = t("account.loading", "Loading…");
  try {
    const rows = await getJSON(`/api/leaderboard/${encodeURIComponent(game.name)}?limit=${LIMIT}`);
    if (table.dataset.game !== game.name) return; // another tab was chosen meanwhile
    body.replaceChildren();
    for (const r of rows) {
      const tr = document.createElement("tr");
      tr.dataset.player = r.name;
      tr.innerHTML = `<td class="rank">${Number(r.rank)}</td>
        <td class="name"><a href="${escapeHTML(playerURL(r.name))}">${escapeHTML(r.name)}</a></td>
        <td class="rating">${escapeHTML(rating(r.rating))}</td>
        <td class="games">${Number(r.games)}</td>`;
      body.append(tr);
    }
    table.hidden = rows.length === 0;
    status.textContent = rows.length
      ? ""
      : t("account.board_empty", "No rated {game} games yet.", { game: game.title });
  } catch (err) {
    table.hidden = true;
    status.textContent = t("account.board_error", "Could not load the leaderboard: {error}", { error: err.message });
  }
}

function renderTabs(chosen) {
  const box = $("#game-tabs");
  box.replaceChildren();
  for (const g of games) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.id = `tab-${g.name}`;
    tab.dataset.game = g.name;
    tab.setAttribute("aria-controls", "board-panel");
    tab.textContent = g.title;
    tab.addEventListener("click", () => showBoard(g.name));
    box.append(tab);
  }
  box.addEventListener("keydown", (ev) => {
    const tabs = [...box.querySelectorAll("[role=tab]")];
    const i = tabs.indexOf(document.activeElement);
    if (i < 0) return;
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    const tab = tabs[(to + tabs.length) % tabs.length];
    tab.focus();
    showBoard(tab.dataset.game);
  });
  showBoard(chosen);
}

async function init() {
  mountLanguage();
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    $("#board-status").textContent = t("account.games_error", "Could not load the games: {error}", {
      error: err.message,
    });
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  renderTabs(games.some((g) => g.name === wanted) ? wanted : games[0]?.name);
}

init();
