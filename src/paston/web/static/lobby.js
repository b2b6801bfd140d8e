// The lobby: public tables (refreshing), create a table of any game, join by link.
// The games, their seat counts, variant flags (with one line of help each) and bots come from
// GET /api/games; the form shows the chosen game's own options and sends `game`, `seats` and
// `rules`. The client checks the same limits as the server so that mistakes are caught early.

import { mountLanguage, t } from "./i18n.js";
import {
  ApiError,
  escapeHTML,
  getJSON,
  getNickname,
  joinTable,
  postJSON,
  seatName,
  setBotLabels,
  setNickname,
  tableIdFrom,
} from "./api.js";
import { cardElement } from "./cards.js";

const $ = (sel) => document.querySelector(sel);
let games = []; // GET /api/games
let current = null; // the chosen game's entry

function showError(el, err) {
  el.textContent = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  el.hidden = false;
}

function ruleLabel(name) {
  const s = name.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function choiceLabel(value) {
  return String(value).replace(/_/g, " ");
}

// Before /api/games existed the server offered Paston alone through /api/bots and /api/rules.
async function loadGames() {
  try {
    const list = await getJSON("/api/games");
    if (Array.isArray(list) && list.length) return list;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
  }
  const [bots, rules] = await Promise.all([getJSON("/api/bots"), getJSON("/api/rules")]);
  return [
    {
      name: "paston",
      title: "Paston",
      summary: "The Armenian three-player Preference.",
      seat_counts: [3],
      default_seats: 3,
      flags: rules.map((r) => ({ ...r, help: "" })),
      bots,
      default_bot: "heuristic",
    },
  ];
}

function gameTitle(name) {
  return games.find((g) => g.name === name)?.title ?? (name ? name.charAt(0).toUpperCase() + name.slice(1) : "Paston");
}

// ------------------------------------------------------------------ the game choice

function renderGameChoice() {
  const box = $("#game-choice");
  box.replaceChildren();
  for (const g of games) {
    const id = `game-${g.name}`;
    const wrap = document.createElement("div");
    wrap.className = "game-option";
    const counts = g.seat_counts;
    const players =
      counts.length === 1 ? `${counts[0]} players` : `${counts[0]}–${counts[counts.length - 1]} players`;
    wrap.innerHTML = `<input type="radio" name="game" id="${id}" value="${escapeHTML(g.name)}" />
      <label for="${id}"><b>${escapeHTML(g.title)}</b> <span class="hint-text">${escapeHTML(players)}</span></label>`;
    wrap.querySelector("input").addEventListener("change", () => chooseGame(g.name));
    box.append(wrap);
  }
}

function chooseGame(name) {
  const g = games.find((x) => x.name === name) ?? games[0];
  const previous = current;
  current = g;
  const radio = document.getElementById(`game-${g.name}`);
  if (radio) radio.checked = true;
  $("#game-summary").textContent = g.summary ?? "";
  $("#hero-title").textContent = `Sit down at a ${g.title} table`;
  $("#hero-text").textContent = `${g.summary ?? ""} Play with friends by link, against bots, or watch a game.`;
  // A table name that was only the previous game's default follows the game.
  const nameEl = $("#t-name");
  if (!nameEl.value.trim() || (previous && nameEl.value === `${previous.title} table`)) nameEl.value = `${g.title} table`;
  const sel = $("#t-seat-count");
  sel.innerHTML = g.seat_counts.map((n) => `<option value="${n}">${n} players</option>`).join("");
  sel.value = String(g.default_seats ?? g.seat_counts[0]);
  $("#seat-count-field").hidden = g.seat_counts.length < 2;
  $("#t-pause-label").textContent = `Pause between ${g.name === "paston" ? "deals" : "games"} (seconds)`;
  renderSeatRows();
  renderRules();
  renderHintBots();
}

function seatCount() {
  return parseInt($("#t-seat-count").value, 10) || current.default_seats;
}

function renderRules() {
  const grid = $("#rules-grid");
  grid.replaceChildren();
  for (const r of current.flags) {
    const id = `rule-${r.name}`;
    const helpId = `${id}-help`;
    const help = r.help ? `<span class="rule-help hint-text" id="${helpId}">${escapeHTML(r.help)}</span>` : "";
    const described = r.help ? `aria-describedby="${helpId}"` : "";
    const wrap = document.createElement("div");
    wrap.className = r.kind === "bool" ? "field inline rule" : "field rule";
    if (r.kind === "bool") {
      wrap.innerHTML = `<input type="checkbox" id="${id}" data-rule="${escapeHTML(r.name)}" ${r.default ? "checked" : ""} ${described}/>
        <label for="${id}">${escapeHTML(ruleLabel(r.name))}</label>${help}`;
    } else if (r.kind === "int") {
      const min = r.min ?? r.minimum ?? 1;
      const max = r.max ?? r.maximum ?? null;
      wrap.innerHTML = `<label for="${id}">${escapeHTML(ruleLabel(r.name))}</label>
        <input type="number" id="${id}" data-rule="${escapeHTML(r.name)}" value="${Number(r.default)}" min="${min}" ${
          max !== null ? `max="${max}"` : ""
        } step="1" ${described}/>${help}`;
    } else {
      const opts = (r.choices ?? [])
        .map(
          (c) =>
            `<option value="${escapeHTML(c)}" ${c === r.default ? "selected" : ""}>${escapeHTML(choiceLabel(c))}</option>`,
        )
        .join("");
      wrap.innerHTML = `<label for="${id}">${escapeHTML(ruleLabel(r.name))}</label>
        <select id="${id}" data-rule="${escapeHTML(r.name)}" ${described}>${opts}</select>${help}`;
    }
    grid.append(wrap);
  }
}

// Only the flags that differ from the defaults go to the server (the rules object of a record).
// An integer outside the flag's bounds is an error named here, before the server sees it.
function chosenRules() {
  const out = {};
  for (const r of current.flags) {
    const el = document.querySelector(`[data-rule="${r.name}"]`);
    if (!el) continue;
    let v;
    if (r.kind === "bool") v = el.checked;
    else if (r.kind === "int") {
      v = Number(el.value);
      const min = r.min ?? r.minimum ?? 1;
      const max = r.max ?? r.maximum ?? null;
      if (!Number.isInteger(v) || v < min || (max !== null && v > max)) {
        const range = max !== null ? `from ${min} to ${max}` : `of at least ${min}`;
        throw new Error(`${ruleLabel(r.name)} must be a whole number ${range}.`);
      }
    } else {
      // A <select> gives a string: the choice itself may be a number (Paskievics's players).
      v = (r.choices ?? []).find((c) => String(c) === el.value) ?? el.value;
    }
    if (v !== r.default) out[r.name] = v;
  }
  return out;
}

function botOptionLabel(b) {
  return `Bot: ${b.label ?? b.name}`;
}

function renderSeatRows() {
  const rows = $("#seat-rows");
  // Keep what was chosen for the seats that stay (when only the seat count changes).
  const kept = [...rows.querySelectorAll("select")].map((el) => el.value);
  const sameGame = rows.dataset.game === current.name;
  rows.replaceChildren();
  rows.dataset.game = current.name;
  const bots = current.bots ?? [];
  const n = seatCount();
  for (let s = 0; s < n; s++) {
    const label = document.createElement("label");
    label.htmlFor = `seat-${s}`;
    label.textContent = `Seat ${s}`;
    const sel = document.createElement("select");
    sel.id = `seat-${s}`;
    sel.name = `seat-${s}`;
    sel.innerHTML =
      `<option value="me">You</option><option value="human">A person (invite by link)</option>` +
      bots.map((b) => `<option value="bot:${escapeHTML(b.name)}">${escapeHTML(botOptionLabel(b))}</option>`).join("");
    const fallback = s === 0 ? "me" : bots.length ? `bot:${preferredBot(current)}` : "human";
    sel.value = sameGame && kept[s] ? kept[s] : fallback;
    // The chosen bot's description, in full under its seat (an option's text may be cut).
    const about = document.createElement("span");
    about.className = "seat-about hint-text";
    about.id = `seat-${s}-about`;
    sel.setAttribute("aria-describedby", about.id);
    const describe = () => {
      const bot = bots.find((b) => `bot:${b.name}` === sel.value);
      about.textContent = bot?.description ?? "";
      about.hidden = !bot?.description;
    };
    sel.addEventListener("change", describe);
    describe();
    rows.append(label, sel, about);
  }
  const order = Array.from({ length: n }, (_, i) => i).join(", ");
  $("#seat-help").textContent = `Play goes clockwise: seat ${order}. Invite people by sending the table link.`;
}

function renderHintBots() {
  const hb = $("#t-hintbot");
  const bots = current.bots ?? [];
  hb.innerHTML = bots.map((b) => `<option value="${escapeHTML(b.name)}">${escapeHTML(b.label ?? b.name)}</option>`).join("");
  hb.value = preferredBot(current, true);
  hb.disabled = !bots.length;
  $("#t-hints").disabled = !bots.length;
}

// The default opponent: the game's strongest bot that still answers at once.
function preferredBot(g, forHints = false) {
  const names = (g.bots ?? []).map((b) => b.name);
  const wanted = g.name === "paston" ? ["pimc", "heuristic"] : [g.default_bot];
  if (forHints && g.name !== "paston") wanted.unshift(g.default_bot);
  return wanted.find((n) => names.includes(n)) ?? names[0] ?? "";
}

// ------------------------------------------------------------------ the tables list

function statusBadge(t) {
  const hand = t.game && t.game !== "paston" ? "game" : "deal";
  const label =
    { waiting: "waiting for players", playing: `${hand} ${t.deal_number}`, over: "finished" }[t.status] ?? t.status;
  return `<span class="badge ${escapeHTML(t.status)}">${escapeHTML(label)}</span>`;
}

async function refreshTables() {
  const status = $("#tables-status");
  try {
    const order = { waiting: 0, playing: 1, over: 2 };
    // Tables to join first, then games to watch, then finished games to replay.
    const tables = (await getJSON("/api/tables")).sort(
      (a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3),
    );
    const list = $("#tables");
    // Redrawing the list must not drop the keyboard focus: remember which link of which
    // table had it, and give it back to the same link of the redrawn row.
    const had = list.contains(document.activeElement) ? document.activeElement : null;
    const focusRow = had?.closest("li")?.dataset.table;
    const focusText = had?.textContent;
    list.replaceChildren();
    status.textContent = tables.length ? "" : "No public tables yet — create one.";
    for (const t of tables) {
      const li = document.createElement("li");
      li.dataset.table = t.id;
      const game = t.game ?? "paston";
      li.dataset.game = game;
      const free = t.seats.some((s) => s.kind === "human" && !s.nickname);
      const seats = t.seats.map((s) => escapeHTML(seatName(s))).join(" · ");
      const link = `/t/${encodeURIComponent(t.id)}`;
      let actions = "";
      if (free && t.status !== "over") actions += `<a class="button primary" href="${link}">Join</a>`;
      if (t.status !== "over") actions += `<a class="button" href="${link}?watch=1">Watch</a>`;
      // A finished hand can be replayed (a Paris table plays one game: once it is over).
      if (t.status === "over" || (game === "paston" && t.deal_number > 1))
        actions += `<a class="button" href="/static/replay.html?t=${encodeURIComponent(t.id)}">Replay</a>`;
      li.innerHTML = `<span class="badge game-badge game-${escapeHTML(game)}">${escapeHTML(gameTitle(game))}</span>
        <span class="name">${escapeHTML(t.name)}</span> ${statusBadge(t)}
        <span class="seats">${seats}</span>
        <span class="totals hint-text">${t.totals && t.totals.some((x) => x) ? t.totals.join(" / ") : ""}</span>${actions}`;
      list.append(li);
      if (focusRow === t.id) {
        const again = [...li.querySelectorAll("a")].find((a) => a.textContent === focusText);
        again?.focus();
      }
    }
  } catch (err) {
    status.textContent = `Could not load the tables: ${err.message}`;
  }
}

// ------------------------------------------------------------------ create and join

async function createTable(ev) {
  ev.preventDefault();
  const errEl = $("#create-error");
  errEl.hidden = true;
  if (!current) return showError(errEl, "The games could not be loaded; reload the page.");
  const nickname = $("#t-nick").value.trim();
  const seats = [];
  let mySeat = null;
  const n = seatCount();
  if (!current.seat_counts.includes(n))
    return showError(errEl, `${current.title} is played by ${current.seat_counts.join(", ")} players.`);
  for (let s = 0; s < n; s++) {
    const v = $(`#seat-${s}`).value;
    if (v === "me") {
      if (mySeat !== null) return showError(errEl, "Choose “You” for one seat only.");
      mySeat = s;
      seats.push({ kind: "human" });
    } else if (v === "human") seats.push({ kind: "human" });
    else seats.push({ kind: "bot", bot: v.slice(4) });
  }
  if (!seats.some((s) => s.kind === "human"))
    return showError(errEl, "At least one seat must be a person (you or someone invited).");
  if (mySeat !== null && !nickname) return showError(errEl, "Enter your nickname to take a seat.");
  // The same bounds as the server's (docs/server-protocol.md, create-table body).
  const timer = Number($("#t-timer").value || 0);
  if (!Number.isFinite(timer) || timer < 0 || timer > 3600)
    return showError(errEl, "The move timer must be from 1 to 3600 seconds, or 0 for none.");
  const grace = Number($("#t-grace").value || 0);
  if (!Number.isFinite(grace) || grace < 0 || grace > 86400)
    return showError(errEl, "The grace after a disconnect must be from 0 to 86400 seconds.");
  const pause = Number($("#t-pause").value || 0);
  if (!Number.isFinite(pause) || pause < 0 || pause > 60)
    return showError(errEl, "The pause between hands must be from 0 to 60 seconds.");
  let rules;
  try {
    rules = chosenRules();
  } catch (err) {
    return showError(errEl, err);
  }
  const body = {
    game: current.name,
    name: $("#t-name").value.trim() || "Table",
    public: $("#vis-public").checked,
    rules,
    seats,
    hints: $("#t-hints").checked && !$("#t-hints").disabled,
    move_timer: timer || null,
    grace,
    deal_pause: pause,
  };
  if ($("#t-hintbot").value) body.hint_bot = $("#t-hintbot").value;
  const button = $("#create-button");
  button.disabled = true;
  try {
    const res = await postJSON("/api/tables", body);
    if (mySeat !== null) await joinTable(res.id, nickname, mySeat);
    location.href = `/t/${encodeURIComponent(res.id)}`;
  } catch (err) {
    showError(errEl, err);
    button.disabled = false;
  }
}

async function joinByLink(ev) {
  ev.preventDefault();
  const errEl = $("#join-error");
  errEl.hidden = true;
  const id = tableIdFrom($("#join-link").value);
  const nickname = $("#join-nick").value.trim();
  if (!id) return showError(errEl, "That is not a table link: it should look like …/t/abc123.");
  try {
    await joinTable(id, nickname);
    location.href = `/t/${encodeURIComponent(id)}`;
  } catch (err) {
    showError(errEl, err);
  }
}

async function init() {
  mountLanguage();
  const nick = getNickname();
  $("#t-nick").value = nick;
  $("#join-nick").value = nick;
  for (const id of ["#t-nick", "#join-nick"])
    $(id).addEventListener("change", (e) => setNickname(e.target.value.trim()));
  const fan = $("#hero-fan");
  for (const c of ["JS", "AH", "KC", "QD", "7S"]) fan.append(cardElement(c));
  [...fan.children].forEach((el, i) => (el.style.transform = `rotate(${(i - 2) * 8}deg)`));
  $("#create-form").addEventListener("submit", createTable);
  $("#join-form").addEventListener("submit", joinByLink);
  $("#refresh-tables").addEventListener("click", refreshTables);
  $("#t-seat-count").addEventListener("change", renderSeatRows);
  try {
    games = await loadGames();
  } catch (err) {
    showError($("#create-error"), `Could not load the games: ${err.message}`);
  }
  // Seats at listed tables of every game are named by their bots' labels.
  setBotLabels(games.flatMap((g) => g.bots ?? []));
  if (games.length) {
    renderGameChoice();
    const wanted = new URLSearchParams(location.search).get("game");
    chooseGame(games.some((g) => g.name === wanted) ? wanted : games[0].name);
  }
  refreshTables();
  setInterval(() => {
    if (!document.hidden) refreshTables();
  }, 4000);
}

init();
