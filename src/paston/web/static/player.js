// A player's page (/players/{name}): their rating in each game with a small chart of its
// history (for Paston also the three-player Elo, side by side), their finished games (date in
// the viewer's locale, opponents, place, score, rating change, a link to the replay), a link
// downloading all their records, and for the owner the "Hide my page" switch.

import { getJSON } from "./api.js";
import { errorOf, me, request, t } from "./account_box.js";
import { mountAccountManager } from "./account_manage.js";
import { language, mountLanguage } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const PAGE = 50; // games per request (the server allows up to 100)
const CHART_GAMES = 100; // the charts show the rating after each of the last 100 games

const playerName = decodeURIComponent(location.pathname.replace(/^\/players\//, "").replace(/\/$/, ""));
let titles = {}; // game name -> title, from /api/games
let shown = 0;

function gameTitle(name) {
  return titles[name] ?? (name ? name.charAt(0).toUpperCase() + name.slice(1) : "");
}

function number(value, digits = 1) {
  return Number(value).toLocaleString(language(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

// A change with its sign (a true minus sign for losses) and a class for its colour.
function change(before, after) {
  if (before === null || before === undefined || after === null || after === undefined) return null;
  const d = after - before;
  const rounded = Math.round(d * 10) / 10;
  const text = rounded > 0 ? `+${number(rounded)}` : rounded < 0 ? `−${number(-rounded)}` : `±${number(0)}`;
  return { text, cls: rounded > 0 ? "up" : rounded < 0 ? "down" : "even" };
}

// ------------------------------------------------------------------ the rating charts

const SVG = "http://www.w3.org/2000/svg";

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A small line chart of `values` (oldest first) as an SVG with a text alternative. */
function ratingChart(values, label) {
  const w = 280;
  const h = 90;
  const pad = { l: 36, r: 6, t: 8, b: 8 };
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (i) => pad.l + (values.length === 1 ? (w - pad.l - pad.r) / 2 : (i * (w - pad.l - pad.r)) / (values.length - 1));
  const y = (v) => pad.t + ((hi - v) * (h - pad.t - pad.b)) / span;
  const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h}`, class: "rating-chart", role: "img" });
  svg.setAttribute(
    "aria-label",
    t("account.chart_label", "{what}: from {first} to {last} over {n} games", {
      what: label,
      first: number(values[0]),
      last: number(values[values.length - 1]),
      n: values.length - 1,
    }),
  );
  for (const [v, cls] of [
    [hi, "axis-hi"],
    [lo, "axis-lo"],
  ]) {
    svg.append(svgEl("line", { x1: pad.l, x2: w - pad.r, y1: y(v), y2: y(v), class: "grid" }));
    const text = svgEl("text", { x: pad.l - 4, y: y(v) + 4, class: `axis ${cls}`, "text-anchor": "end" });
    text.textContent = number(v, 0);
    svg.append(text);
  }
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  svg.append(svgEl("polyline", { points, class: "line" }));
  values.forEach((v, i) => svg.append(svgEl("circle", { cx: x(i), cy: y(v), r: 2.5, class: "dot" })));
  return svg;
}

/** The series of ratings (oldest first, starting with the rating before the first game) of one
 * game from the rated games of the history. */
function history(games, game, before, after) {
  const rated = games
    .filter((g) => g.game === game && g.rated && g[after] !== null && g[after] !== undefined)
    .sort((a, b) => String(a.finished).localeCompare(String(b.finished)));
  if (!rated.length) return [];
  const first = rated[0][before];
  return [...(first === null || first === undefined ? [] : [first]), ...rated.map((g) => g[after])];
}

function ratingCard(game, r, games) {
  const card = document.createElement("article");
  card.className = "rating-card";
  card.dataset.game = game;
  const title = gameTitle(game);
  const h = document.createElement("h4");
  h.textContent = title;
  card.append(h);
  const line = (label, value, cls) => {
    const p = document.createElement("p");
    p.className = `rating-line ${cls}`;
    const b = document.createElement("b");
    b.textContent = value;
    p.append(`${label} `, b);
    return p;
  };
  card.append(line(t("account.openskill", "OpenSkill rating"), number(r.rating), "openskill"));
  const series = history(games, game, "rating_before", "rating_after");
  if (series.length >= 2) card.append(ratingChart(series, t("account.openskill", "OpenSkill rating")));
  if (r.elo !== undefined && r.elo !== null) {
    card.append(line(t("account.elo", "Three-player Elo"), number(r.elo, 0), "elo"));
    const elo = history(games, game, "elo_before", "elo_after");
    if (elo.length >= 2) card.append(ratingChart(elo, t("account.elo", "Three-player Elo")));
  }
  const count = document.createElement("p");
  count.className = "hint-text";
  count.textContent = t("account.rated_games", "Rated games: {count}", { count: r.games ?? 0 });
  card.append(count);
  return card;
}

function renderRatings(data) {
  const box = $("#ratings");
  box.replaceChildren();
  const entries = Object.entries(data.ratings ?? {});
  $("#ratings-empty").hidden = entries.length > 0;
  for (const [game, r] of entries) box.append(ratingCard(game, r, data.games ?? []));
}

// ------------------------------------------------------------------ the games table

function gameRow(g) {
  const tr = document.createElement("tr");
  tr.dataset.table = g.table_id;
  tr.dataset.game = g.game;
  const cell = (label, content, cls = "") => {
    const td = document.createElement("td");
    td.dataset.label = label;
    if (cls) td.className = cls;
    if (content instanceof Node) td.append(content);
    else td.textContent = content;
    tr.append(td);
    return td;
  };
  const time = document.createElement("time");
  time.dateTime = g.finished;
  const when = new Date(g.finished);
  time.textContent = Number.isNaN(when.getTime())
    ? String(g.finished)
    : when.toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
  cell(t("account.col_date", "Date"), time, "date");
  cell(t("account.col_game", "Game"), gameTitle(g.game), "game");
  const deleted = new Set(g.deleted_opponents ?? []);
  const names = (g.opponents ?? []).map((n) =>
    deleted.has(n) ? t("account.deleted_player", "{name} (deleted)", { name: n }) : n,
  );
  cell(t("account.col_opponents", "Opponents"), names.join(", "), "opponents");
  const seats = (g.opponents ?? []).length + 1;
  cell(t("account.col_place", "Place"), t("account.place", "{place} of {seats}", { place: g.place, seats }), "place");
  cell(t("account.col_score", "Score"), String(g.score), "score");
  const td = cell(t("account.col_change", "Rating change"), "", "change");
  const main = change(g.rating_before, g.rating_after);
  if (g.closed) tr.classList.add("closed-early");
  if (!g.rated) td.textContent = g.closed ? t("account.closed_unrated", "closed early, unrated") : t("account.unrated", "unrated");
  else if (main) {
    const span = document.createElement("span");
    span.className = `delta ${main.cls}`;
    span.textContent = main.text;
    td.append(span);
    const elo = change(g.elo_before, g.elo_after);
    if (elo) {
      const e = document.createElement("span");
      e.className = `delta elo ${elo.cls}`;
      e.textContent = t("account.elo_change", "Elo {change}", { change: elo.text });
      td.append(" ", e);
    }
  } else td.textContent = "—";
  const a = document.createElement("a");
  a.className = "button small";
  a.href = g.replay || `/t/${encodeURIComponent(g.table_id)}/replay`;
  a.textContent = t("account.replay", "Replay");
  a.setAttribute(
    "aria-label",
    t("account.replay_of", "Replay of the {game} game of {date}", { game: gameTitle(g.game), date: time.textContent }),
  );
  cell(t("account.col_replay", "Replay"), a, "replay");
  return tr;
}

function appendGames(games) {
  const body = $("#games tbody");
  for (const g of games) body.append(gameRow(g));
  shown += games.length;
  $("#games-empty").hidden = shown > 0;
  $("#games").hidden = shown === 0;
}

async function moreGames() {
  const button = $("#more-games");
  button.disabled = true;
  try {
    const data = await getJSON(`/api/players/${encodeURIComponent(playerName)}?limit=${PAGE}&offset=${shown}`);
    appendGames(data.games ?? []);
    button.hidden = (data.games ?? []).length < PAGE;
  } catch (err) {
    $("#player-error").textContent = err.message;
    $("#player-error").hidden = false;
  } finally {
    button.disabled = false;
  }
}

// ------------------------------------------------------------------ the owner's switch

function ownerTools(who) {
  $("#owner-tools").hidden = false;
  mountAccountManager($("#owner-tools"), who.name);
  const sw = $("#hide-switch");
  sw.checked = Boolean(who.hidden);
  const status = $("#hide-status");
  const say = () => {
    status.textContent = sw.checked
      ? t("account.page_hidden", "Your page is hidden: only you see it.")
      : t("account.page_public", "Your page is public.");
  };
  say();
  sw.addEventListener("change", async () => {
    sw.disabled = true;
    const res = await request("PATCH", "/api/account/me", { hidden: sw.checked });
    sw.disabled = false;
    if (!res.ok) {
      sw.checked = !sw.checked;
      status.textContent = errorOf(res).message;
      return;
    }
    say();
  });
}

async function init() {
  mountLanguage();
  const main = $("#main");
  $("#player-name").textContent = playerName;
  document.title = t("account.player_page_title", "{name} — Paston", { name: playerName });
  const [who, games, data] = await Promise.all([
    me(),
    getJSON("/api/games").catch(() => []),
    request("GET", `/api/players/${encodeURIComponent(playerName)}?limit=${CHART_GAMES}`),
  ]);
  titles = Object.fromEntries((Array.isArray(games) ? games : []).map((g) => [g.name, g.title]));
  main.setAttribute("aria-busy", "false");
  if (!data.ok) {
    const err = errorOf(data);
    $("#player-error").textContent =
      data.status === 404
        ? t("account.no_player", "There is no player named “{name}”, or their page is hidden.", { name: playerName })
        : err.message;
    $("#player-error").hidden = false;
    return;
  }
  const p = data.body;
  $("#player-name").textContent = p.name;
  const mine = who.name && who.name.toLowerCase() === String(p.name).toLowerCase();
  renderRatings(p);
  const all = p.games ?? [];
  appendGames(all.slice(0, PAGE));
  // The first request fetched more games (for the charts) than the table shows at first.
  const rest = all.slice(PAGE);
  const more = $("#more-games");
  more.hidden = all.length < CHART_GAMES && rest.length === 0;
  more.addEventListener("click", () => {
    if (rest.length) {
      appendGames(rest.splice(0, PAGE));
      more.hidden = rest.length === 0 && all.length < CHART_GAMES;
    } else moreGames();
  });
  const dl = $("#download-records");
  dl.href = `/api/players/${encodeURIComponent(p.name)}/records`;
  dl.setAttribute("download", `paston-${p.name}.jsonl`);
  if (mine) {
    dl.textContent = t("account.download_mine", "Download all my records");
    ownerTools(who);
  }
  $("#player-body").hidden = false;
}

init();
