// The lobby: public tables (refreshing), create a table of any game, join by link.
// The games, their seat counts, variant flags (with one line of help each) and bots come from
// GET /api/games; the form shows the chosen game's own options and sends `game`, `seats` and
// `rules`. The client checks the same limits as the server (GET /api/limits) so that mistakes
// are caught early, and the creator sits down in the create request itself (nothing is left
// behind when the server refuses).

import { language, mountLanguage, t } from "./i18n.js";
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
  setToken,
  tableIdFrom,
} from "./api.js";
import { cardElement } from "./cards.js";
import { botSeatLabel, defaultLevel, isLevel, seatBotLabels } from "./levels.js";
import { me, refreshInvitations, request } from "./account_box.js";

const $ = (sel) => document.querySelector(sel);
let games = []; // GET /api/games
let current = null; // the chosen game's entry

function showError(el, err) {
  el.textContent = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  el.hidden = false;
}

// Flags, choices, games and bots are named in plain words by the catalogues (flag.GAME.NAME,
// flag.GAME.NAME.help, flag.GAME.NAME.CHOICE, game.GAME.title/summary, bot.NAME.label,
// bot.GAME.NAME.description); the server's own texts are the fallback.
function ruleLabel(name) {
  const s = name.replace(/_/g, " ");
  return t(`flag.${current?.name}.${name}`, s.charAt(0).toUpperCase() + s.slice(1));
}

function ruleHelp(r) {
  return r.help ? t(`flag.${current?.name}.${r.name}.help`, r.help) : "";
}

function choiceLabel(value, flag = null) {
  const plain = String(value).replace(/_/g, " ");
  return flag ? t(`flag.${current?.name}.${flag}.${value}`, plain) : plain;
}

function gameText(g, field) {
  return t(`game.${g.name}.${field}`, g[field] ?? "");
}

// In English the server's own words name its bots (it is their authority, and they change);
// other languages read the catalogue.
function botText(g, b) {
  const english = language() === "en";
  return {
    label: english ? (b.label ?? b.name) : t(`bot.${b.name}.label`, b.label ?? b.name),
    description: !b.description || english ? (b.description ?? "") : t(`bot.${g.name}.${b.name}.description`, b.description),
  };
}

async function loadGames() {
  const list = await getJSON("/api/games");
  if (!Array.isArray(list) || !list.length) throw new Error("the server offers no game");
  return list;
}

// A game's own badge colours (`badge_colors` of GET /api/games), as a style attribute.
function badgeStyle(name) {
  const colors = games.find((g) => g.name === name)?.badge_colors;
  return colors ? ` style="background: ${escapeHTML(colors[0])}; color: ${escapeHTML(colors[1])}"` : "";
}

function gameTitle(name) {
  const g = games.find((x) => x.name === name);
  if (g) return gameText(g, "title");
  return name ? t(`game.${name}.title`, name.charAt(0).toUpperCase() + name.slice(1)) : "?";
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
      counts.length === 1
        ? t("lobby.n_players", { one: "{count} player", other: "{count} players" }, { count: counts[0] })
        : t("lobby.n_to_m_players", "{n}–{m} players", { n: counts[0], m: counts[counts.length - 1] });
    wrap.innerHTML = `<input type="radio" name="game" id="${id}" value="${escapeHTML(g.name)}" />
      <label for="${id}"><b>${escapeHTML(gameText(g, "title"))}</b> <span class="hint-text">${escapeHTML(players)}</span></label>
      <a class="rules-link hint-text" href="/rules/${encodeURIComponent(g.name)}">${escapeHTML(t("lobby.rules_link", "Rules"))}</a>`;
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
  const title = gameText(g, "title");
  $("#game-summary").textContent = gameText(g, "summary");
  $("#hero-title").textContent = t("lobby.hero_title_game", "Sit down at a {game} table", { game: title });
  $("#hero-text").textContent = `${gameText(g, "summary")} ${t("lobby.hero_play", "Play with friends by link, against bots, or watch a game.")}`;
  // A table name that was only the previous game's default follows the game.
  const nameEl = $("#t-name");
  const defaultName = (game) => t("lobby.default_table_name", "{game} table", { game: gameText(game, "title") });
  if (!nameEl.value.trim() || (previous && nameEl.value === defaultName(previous)))
    nameEl.value = defaultName(g);
  const sel = $("#t-seat-count");
  sel.innerHTML = g.seat_counts
    .map((n) => `<option value="${n}">${escapeHTML(t("lobby.n_players", { one: "{count} player", other: "{count} players" }, { count: n }))}</option>`)
    .join("");
  sel.value = String(g.default_seats ?? g.seat_counts[0]);
  $("#seat-count-field").hidden = g.seat_counts.length < 2;
  // Named after the game's hands (lobby.deal_pause, lobby.game_pause in the catalogues).
  const [hand, hands] = g.hand_noun ?? ["hand", "hands"];
  $("#t-pause-label").textContent = t(`lobby.${hand}_pause`, `Pause between ${hands} (seconds)`);
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
    // A flag that is the seat count under another name gets no control: the seat count is
    // the one control of the table's size (the server sets the flag from it).
    if (r.follows_seats) continue;
    const id = `rule-${r.name}`;
    const helpId = `${id}-help`;
    const help = r.help ? `<span class="rule-help hint-text" id="${helpId}">${escapeHTML(ruleHelp(r))}</span>` : "";
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
            `<option value="${escapeHTML(c)}" ${c === r.default ? "selected" : ""}>${escapeHTML(choiceLabel(c, r.name))}</option>`,
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
        throw new Error(
          max !== null
            ? t("lobby.err_int_range", "{flag} must be a whole number from {min} to {max}.", { flag: ruleLabel(r.name), min, max })
            : t("lobby.err_int_min", "{flag} must be a whole number of at least {min}.", { flag: ruleLabel(r.name), min }),
        );
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
  return t("lobby.bot_option", "Bot: {name}", { name: botText(current, b).label });
}

// A seat's bot choices: the strength levels by name ("Casual bot"), then the engines under a
// "More bots" group that is shown only when the person asks for them (#more-bots).
function botOptionsHTML(bots) {
  const option = (b, text) => `<option value="bot:${escapeHTML(b.name)}">${escapeHTML(text)}</option>`;
  const levels = bots.filter((b) => isLevel(current, b.name));
  const engines = bots.filter((b) => !isLevel(current, b.name));
  const more = $("#more-bots")?.checked ?? false;
  // A game without levels lists its bots as they are.
  if (!levels.length) return bots.map((b) => option(b, botOptionLabel(b))).join("");
  return (
    `<optgroup label="${escapeHTML(t("lobby.levels_group", "Bots by strength"))}">${levels.map((b) => option(b, botSeatLabel(current, b))).join("")}</optgroup>` +
    (engines.length
      ? `<optgroup label="${escapeHTML(t("lobby.more_bots_group", "More bots (advanced)"))}" data-more-bots="1"${more ? "" : " hidden"}>${engines.map((b) => option(b, botOptionLabel(b))).join("")}</optgroup>`
      : "")
  );
}

// The "More bots" switch under the seats: it shows the engines' own names in every seat's list.
function mountMoreBots() {
  if ($("#more-bots")) return;
  const field = document.createElement("div");
  field.className = "field inline more-bots-field";
  field.innerHTML = `<input type="checkbox" id="more-bots" aria-describedby="more-bots-help" />
    <label for="more-bots"></label><span class="hint-text" id="more-bots-help"></span>`;
  field.querySelector("label").textContent = t("lobby.more_bots", "More bots (advanced)");
  field.querySelector("#more-bots-help").textContent = t("lobby.more_bots_help", "Also list the engines under the levels by their own names.");
  $("#seat-help").after(field);
  field.querySelector("#more-bots").addEventListener("change", (ev) => {
    for (const g of document.querySelectorAll("#seat-rows optgroup[data-more-bots]")) g.hidden = !ev.target.checked;
  });
}

function renderSeatRows() {
  mountMoreBots();
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
    label.textContent = t("lobby.seat_n", "Seat {n}", { n: s });
    const sel = document.createElement("select");
    sel.id = `seat-${s}`;
    sel.name = `seat-${s}`;
    sel.innerHTML =
      `<option value="me">${escapeHTML(t("lobby.seat_me", "You"))}</option>` +
      `<option value="human">${escapeHTML(t("lobby.seat_person", "A person (invite by link)"))}</option>` +
      botOptionsHTML(bots);
    const fallback = s === 0 ? "me" : bots.length ? `bot:${defaultLevel(current) || preferredBot(current)}` : "human";
    sel.value = sameGame && kept[s] ? kept[s] : fallback;
    // The chosen bot's description, in full under its seat (an option's text may be cut).
    const about = document.createElement("span");
    about.className = "seat-about hint-text";
    about.id = `seat-${s}-about`;
    sel.setAttribute("aria-describedby", about.id);
    const describe = () => {
      const bot = bots.find((b) => `bot:${b.name}` === sel.value);
      about.textContent = bot ? botText(current, bot).description : "";
      about.hidden = !bot?.description;
    };
    sel.addEventListener("change", describe);
    sel.addEventListener("change", defaultHints);
    describe();
    rows.append(label, sel, about);
  }
  defaultHints();
  const order = Array.from({ length: n }, (_, i) => i).join(", ");
  $("#seat-help").textContent = t(
    "lobby.seat_help",
    "Play goes clockwise: seat {order}. Invite people by sending the table link.",
    { order },
  );
}

// ------------------------------------------------------------------ pace, hints and limits

// The server's limits (GET /api/limits): the form's maxlength and bounds are the server's own.
let limits = null;
let hintsTouched = false;
let gamesSettled = Promise.resolve(); // the games' loading (init), awaited by an early Create

async function loadLimits() {
  try {
    limits = await getJSON("/api/limits");
  } catch {
    return; // the HTML's own bounds stay; the server still checks everything
  }
  const nick = limits.nickname?.max_length;
  if (nick) for (const id of ["#t-nick", "#join-nick"]) $(id).maxLength = nick;
  if (limits.table_name?.max_length) $("#t-name").maxLength = limits.table_name.max_length;
  for (const [id, key] of [["#t-timer", "move_timer"], ["#t-bank", "time_bank"], ["#t-grace", "grace"], ["#t-pause", "deal_pause"]]) {
    if (limits[key]) $(id).max = String(limits[key].max);
  }
  renderPaces();
}

const PACE_TEXT = {
  slow: () => t("lobby.pace_slow", "Slow: about 1.5 s per bot move; a finished trick stays 2.5 s."),
  normal: () => t("lobby.pace_normal", "Normal: about a second per bot move; a finished trick stays 1.3 s."),
  fast: () => t("lobby.pace_fast", "Fast: 0.2 s per bot move, for players who know the game."),
  instant: () => t("lobby.pace_instant", "Instant: no pause at all (offered by test servers only)."),
};

function renderPaces() {
  const sel = $("#t-pace");
  const choices = limits?.pace?.choices ?? [{ name: "slow" }, { name: "normal" }, { name: "fast" }];
  const label = {
    slow: t("lobby.pace_slow_name", "Slow"),
    normal: t("lobby.pace_normal_name", "Normal"),
    fast: t("lobby.pace_fast_name", "Fast"),
    instant: t("lobby.pace_instant_name", "Instant (test server)"),
  };
  sel.innerHTML = choices
    .map((c) => `<option value="${escapeHTML(c.name)}">${escapeHTML(label[c.name] ?? c.name)}</option>`)
    .join("");
  sel.value = limits?.pace?.default ?? "normal";
  const explain = () => ($("#t-pace-help").textContent = (PACE_TEXT[sel.value] ?? (() => ""))());
  sel.onchange = explain;
  explain();
}

// Hints are an advantage over other people: off by default once two or more people play
// (until the creator chooses for themselves).
function defaultHints() {
  if (hintsTouched) return;
  const people = [...document.querySelectorAll("#seat-rows select")].filter((el) => el.value === "me" || el.value === "human").length;
  $("#t-hints").checked = people < 2;
}

function nicknameProblem(nickname) {
  const max = limits?.nickname?.max_length;
  if (max && [...nickname.normalize("NFC")].length > max)
    return t("lobby.err_nickname_long", "A nickname has at most {max} characters.", { max });
  return null;
}

function renderHintBots() {
  const hb = $("#t-hintbot");
  const bots = current.bots ?? [];
  const option = (b, text) => `<option value="${escapeHTML(b.name)}">${escapeHTML(text)}</option>`;
  const levels = bots.filter((b) => isLevel(current, b.name));
  const engines = bots.filter((b) => !isLevel(current, b.name));
  // The levels by their plain names, then the engines (the default hint bot may be one, so
  // their group stays shown here), each group labelled as in the seats' lists.
  hb.innerHTML = levels.length
    ? `<optgroup label="${escapeHTML(t("lobby.levels_group", "Bots by strength"))}">${levels.map((b) => option(b, botSeatLabel(current, b))).join("")}</optgroup>` +
      (engines.length
        ? `<optgroup label="${escapeHTML(t("lobby.more_bots_group", "More bots (advanced)"))}">${engines.map((b) => option(b, botText(current, b).label)).join("")}</optgroup>`
        : "")
    : bots.map((b) => option(b, botText(current, b).label)).join("");
  hb.value = preferredBot(current, true);
  hb.disabled = !bots.length;
  $("#t-hints").disabled = !bots.length;
}

// The default opponent and hint bot: the game's strongest bot that still answers at once (its
// `lobby_bot`), else its default bot, else the first it offers.
function preferredBot(g) {
  const names = (g.bots ?? []).map((b) => b.name);
  return [g.lobby_bot, g.default_bot].find((n) => names.includes(n)) ?? names[0] ?? "";
}

// ------------------------------------------------------------------ the tables list

function statusBadge(tbl) {
  // "deal 3", "game 2": the table's game names its hands (lobby.status_deal_n …).
  const hand = (games.find((g) => g.name === tbl.game)?.hand_noun ?? ["hand"])[0];
  const playing = t(`lobby.status_${hand}_n`, `${hand} {n}`, { n: tbl.deal_number });
  const label =
    {
      waiting: t("lobby.status_waiting", "waiting for players"),
      playing,
      over: t("lobby.status_over", "finished"),
    }[tbl.status] ?? tbl.status;
  return `<span class="badge ${escapeHTML(tbl.status)}">${escapeHTML(label)}</span>`;
}

async function refreshTables() {
  refreshInvitations($("#invitations-panel"));
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
    status.textContent = tables.length ? "" : t("lobby.no_tables", "No public tables yet — create one.");
    for (const tbl of tables) {
      const li = document.createElement("li");
      li.dataset.table = tbl.id;
      const game = tbl.game ?? "";
      li.dataset.game = game;
      const free = tbl.seats.some((s) => s.kind === "human" && !s.nickname);
      const seats = tbl.seats.map((s) => escapeHTML(seatName(s))).join(" · ");
      const link = `/t/${encodeURIComponent(tbl.id)}`;
      let actions = "";
      if (free && tbl.status !== "over") actions += `<a class="button primary" href="${link}">${escapeHTML(t("lobby.join", "Join"))}</a>`;
      if (tbl.status !== "over") actions += `<a class="button" href="${link}?watch=1">${escapeHTML(t("lobby.watch", "Watch"))}</a>`;
      // A finished hand can be replayed: once the table is over, or once its second hand began.
      if (tbl.status === "over" || tbl.deal_number > 1)
        actions += `<a class="button" href="/static/replay.html?t=${encodeURIComponent(tbl.id)}" target="_blank" rel="noopener">${escapeHTML(t("table.replay", "Replay"))}</a>`;
      li.innerHTML = `<span class="badge game-badge"${badgeStyle(game)}>${escapeHTML(gameTitle(game))}</span>
        <span class="name">${escapeHTML(tbl.name)}</span> ${statusBadge(tbl)}${
          // Rated counts once registered players sit there (guests and bots are not rated).
          tbl.rated && tbl.seats.some((x) => x.registered) ? ` <span class="badge rated">${escapeHTML(t("account.rated_badge", "rated"))}</span>` : ""
        }
        <span class="seats">${seats}</span>
        <span class="totals hint-text">${tbl.totals && tbl.totals.some((x) => x) ? tbl.totals.join(" / ") : ""}</span>${actions}`;
      list.append(li);
      if (focusRow === tbl.id) {
        const again = [...li.querySelectorAll("a")].find((a) => a.textContent === focusText);
        again?.focus();
      }
    }
  } catch (err) {
    status.textContent = t("lobby.err_tables", "Could not load the tables: {error}", { error: err.message });
  }
}

// ------------------------------------------------------------------ create and join

async function createTable(ev) {
  ev.preventDefault();
  const errEl = $("#create-error");
  errEl.hidden = true;
  // A click before the games arrived waits for them (the server may be slow to answer).
  if (!current) await gamesSettled;
  if (!current) return showError(errEl, t("lobby.err_no_games", "The games could not be loaded; reload the page."));
  const nickname = $("#t-nick").value.trim();
  const seats = [];
  let mySeat = null;
  const n = seatCount();
  if (!current.seat_counts.includes(n))
    return showError(
      errEl,
      t("lobby.err_seat_count", "{game} is played by {counts} players.", {
        game: gameText(current, "title"),
        counts: current.seat_counts.join(", "),
      }),
    );
  for (let s = 0; s < n; s++) {
    const v = $(`#seat-${s}`).value;
    if (v === "me") {
      if (mySeat !== null) return showError(errEl, t("lobby.err_you_twice", "Choose “You” for one seat only."));
      mySeat = s;
      seats.push({ kind: "human" });
    } else if (v === "human") seats.push({ kind: "human" });
    else seats.push({ kind: "bot", bot: v.slice(4) });
  }
  if (!seats.some((s) => s.kind === "human"))
    return showError(errEl, t("lobby.err_no_person", "At least one seat must be a person (you or someone invited)."));
  if (mySeat !== null && !nickname) return showError(errEl, t("lobby.err_nickname", "Enter your nickname to take a seat."));
  if (mySeat !== null && nicknameProblem(nickname)) return showError(errEl, nicknameProblem(nickname));
  // The same bounds as the server's (docs/server-protocol.md, create-table body).
  const timer = Number($("#t-timer").value || 0);
  if (!Number.isFinite(timer) || timer < 0 || timer > 3600)
    return showError(errEl, t("lobby.err_timer", "The move timer must be from 1 to 3600 seconds, or 0 for none."));
  // Each seat's reserve once a move's time is up (with a move timer only).
  const bank = Number($("#t-bank").value || 0);
  const bankMax = limits?.time_bank?.max ?? 600;
  if (!Number.isFinite(bank) || bank < 0 || bank > bankMax)
    return showError(errEl, t("lobby.err_time_bank", "The time bank must be from 0 to {max} seconds.", { max: bankMax }));
  const grace = Number($("#t-grace").value || 0);
  if (!Number.isFinite(grace) || grace < 0 || grace > 86400)
    return showError(errEl, t("lobby.err_grace", "The grace after a disconnect must be from 0 to 86400 seconds."));
  const pause = Number($("#t-pause").value || 0);
  if (!Number.isFinite(pause) || pause < 0 || pause > 60)
    return showError(errEl, t("lobby.err_pause", "The pause between hands must be from 0 to 60 seconds."));
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
    time_bank: bank,
    grace,
    deal_pause: pause,
    rated: $("#t-rated").checked,
    pace: $("#t-pace").value || "normal",
  };
  // You sit down in the same request: a refused nickname creates no table.
  if (mySeat !== null) body.join = { nickname, seat: mySeat };
  if ($("#t-hintbot").value) body.hint_bot = $("#t-hintbot").value;
  const button = $("#create-button");
  button.disabled = true;
  try {
    const res = await postJSON("/api/tables", body);
    if (res.token) {
      setToken(res.id, res.token);
      setNickname(nickname);
    }
    if (!(await sendInvitations(res.id, errEl))) return;
    location.href = `/t/${encodeURIComponent(res.id)}`;
  } catch (err) {
    showError(errEl, err);
    button.disabled = false;
  }
}

// A private table's invitations (registered names, comma-separated) once the table exists; a
// name that could not be invited is reported with the table's link, and the page stays.
async function sendInvitations(tableId, errEl) {
  if ($("#invite-field").hidden) return true;
  const names = [...new Set($("#t-invite").value.split(",").map((n) => n.trim()).filter(Boolean))];
  const failed = [];
  for (const to of names) {
    const res = await request("POST", "/api/invitations", { table_id: tableId, to });
    if (!res.ok) failed.push(`${to}: ${res.body?.error?.message ?? res.status}`);
  }
  if (!failed.length) return true;
  const link = `/t/${encodeURIComponent(tableId)}`;
  errEl.innerHTML = `${escapeHTML(t("account.invite_failed", "The table is ready, but some invitations failed:"))}
    <br />${failed.map(escapeHTML).join("<br />")}<br /><a class="button" href="${link}">${escapeHTML(
      t("account.go_to_table", "Go to the table"),
    )}</a>`;
  errEl.hidden = false;
  return false;
}

// Logged in: a seat is taken under the account name, so the nickname fields show it, read-only.
async function useAccountName() {
  const who = await me();
  if (!who.name) return;
  for (const id of ["#t-nick", "#join-nick"]) {
    const el = $(id);
    el.value = who.name;
    el.readOnly = true;
    el.title = t("account.name_locked", "You play under your account name.");
  }
}

function showInviteField() {
  $("#invite-field").hidden = !$("#vis-private").checked;
}

async function joinByLink(ev) {
  ev.preventDefault();
  const errEl = $("#join-error");
  errEl.hidden = true;
  const id = tableIdFrom($("#join-link").value);
  const nickname = $("#join-nick").value.trim();
  if (!id) return showError(errEl, t("lobby.err_link", "That is not a table link: it should look like …/t/abc123."));
  const problem = nicknameProblem(nickname);
  if (problem) return showError(errEl, problem);
  try {
    await joinTable(id, nickname);
    location.href = `/t/${encodeURIComponent(id)}`;
  } catch (err) {
    showError(errEl, err);
    if (err instanceof ApiError && err.code === "table_full") offerToWatch(errEl, id);
  }
}

// "Table full": the answer offers to watch the table instead.
function offerToWatch(errEl, id) {
  errEl.textContent = t("lobby.full_watch", "Every seat at this table is taken.");
  const a = document.createElement("a");
  a.className = "button";
  a.id = "watch-offer";
  a.href = `/t/${encodeURIComponent(id)}?watch=1`;
  a.textContent = t("lobby.watch_instead", "Watch it instead");
  errEl.append(" ", a);
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
  for (const id of ["#vis-public", "#vis-private"]) $(id).addEventListener("change", showInviteField);
  showInviteField();
  useAccountName();
  $("#join-form").addEventListener("submit", joinByLink);
  $("#refresh-tables").addEventListener("click", refreshTables);
  $("#t-seat-count").addEventListener("change", renderSeatRows);
  $("#t-hints").addEventListener("change", () => (hintsTouched = true));
  renderPaces();
  const limitsLoaded = loadLimits();
  gamesSettled = (async () => {
    try {
      games = await loadGames();
    } catch (err) {
      showError($("#create-error"), t("lobby.err_games", "Could not load the games: {error}", { error: err.message }));
    }
    // Seats at listed tables of every game are named by their bots' labels.
    setBotLabels(seatBotLabels(games));
    if (games.length) {
      const titles = games.map((g) => gameText(g, "title")).join(", ");
      $("#games-meta").textContent = t("lobby.meta_games", "Card games: {games}", { games: titles });
      renderGameChoice();
      const wanted = new URLSearchParams(location.search).get("game");
      chooseGame(games.some((g) => g.name === wanted) ? wanted : games[0].name);
    }
  })();
  await gamesSettled;
  await limitsLoaded;
  // The form now has the game's seats and rules and the server's bounds: what a script (or a
  // browser test) filling it waits for, so nothing it sets is redrawn under it.
  $("#create-form").dataset.ready = "true";
  refreshTables();
  setInterval(() => {
    if (!document.hidden) refreshTables();
  }, 4000);
}

init();
