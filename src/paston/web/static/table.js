// The table page (/t/{id}) for every game: one WebSocket per page (docs/server-protocol.md §2).
// Each `state` message replaces the previous one and the page is redrawn from it; the client
// never patches game state itself. Commands carry a command id and the seq they were decided
// on, so they can be resent after a reconnect without being applied twice.
//
// This file is the game-independent shell: connection, seats' names, chat, hints, the move
// timer, the score sheet, the join and game-over dialogs, and the pacing of what is shown. The
// felt and the "this hand" panel belong to one renderer per game, which lives in the game's own
// package: the page loads the scripts and styles GET /api/games lists for the table's game, and
// the game's entry script registers its renderer (game_registry.js). A renderer exports:
//   mount(felt, panel)            build its markup inside #felt and #game-panel (once)
//   render(view, ctx) -> ms       draw the state; return how long its animations run
//   keysHelp                      the keys line under the sidebar (HTML)
// and may export (the page has a plain default for each):
//   onAction(what)                "ack" | "reject" | "new-hand" | "not-my-turn": drop selections
//   actionLabel(action)           a button/hint label for an action string
//   phaseOf(state)                the phase shown in #felt[data-phase]
//   renderScores(sheetEl, chartEl, legendEl, rows, names, table)   the score sheet
//   sheetColumns                  the game's own columns of the printable sheet (score_sheet.js)
//   gameOverHTML(table, names, me, state), onKey(ev) -> handled, onChoiceKey(el),
//   markHint(action), KEYS, animated (true: the page offers the pace setting)
// The game's title, its bots' labels, what a hand is called and how hints are valued come
// from its GET /api/games entry (`info`).
// `ctx` holds the message on screen (`state`), `me`, `myTurn`, `pending`, `names` (short),
// `labels` (with "(you)"), `KEYS`, `bindKey(key, el)`, `sendAction(a)`, `rerender()`,
// `commonTags(seat)`, `waitingBanner()` and `speed` (0 = no animation … 1 = normal).

// `tr` is `t` where a function's `t` is the table (state.table).
import { mountLanguage, t, t as tr } from "./i18n.js";
import {
  clearToken,
  downloadJSON,
  escapeHTML,
  getJSON,
  getNickname,
  getToken,
  joinTable,
  seatName,
  setBotLabels,
} from "./api.js";
import { loadGame } from "./game_registry.js";
import { mountFeatures } from "./table_features.js";
import { showTimer } from "./time_bank.js";
import { mountContractKey } from "./contract_key.js";
import { seatBotLabels } from "./levels.js";
import { bindScoreSheetButton, sheetBlock } from "./score_sheet.js";
import { mountTurnAlert, noticeTurn } from "./turn_alert.js";
import { renderScoreSheet, tagHTML } from "./render.js";
import {
  applyHintCounts,
  applyLimits,
  chatList,
  hintValueWords,
  isHintedCard,
  refreshRematch,
  rematchControls,
  renderChatChannels,
  renderFacts,
  retryTakeOver,
  showLastTrick,
  takeOver,
  takeOverChoices,
  tickCountdown,
} from "./table_flow.js";

const $ = (sel) => document.querySelector(sel);
// Keys for the listed choices, in order; "h" is kept for the hint.
const DEFAULT_KEYS = "1234567890abcdefgijklmnopqrstuvwxyz".split("");
// How long animations and the pauses between other seats' moves last, by the speed setting.
const SPEEDS = { normal: 1, fast: 0.35, instant: 0 };

const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(
  location.pathname.startsWith("/t/") ? location.pathname.split("/")[2] : (params.get("t") ?? ""),
);
let token = getToken(tableId);
let ws = null;
let state = null; // the state message on screen
let queue = []; // state messages received and not yet shown (see pump)
let holdUntil = 0;
let holdTimer = null;
let catchingUp = false; // showing a backlog of states: no animation, no pause
const arrivals = new WeakMap(); // state message -> when it arrived (performance.now())
let retry = 0;
let reconnectTimer = null;
let pending = null; // the command sent and not yet acked or rejected
let keyMap = new Map(); // key -> element
let clockOffset = 0; // server time - local time, seconds
let pingSent = 0;
let gameOverShown = false;
let lastHintSeq = null;
let hintedAction = null;
let closedForGood = false;
let summary = null;
let game = ""; // the table's game, as the server names it
let info = null; // its GET /api/games entry
let renderer = null;
let features = null; // leave, claims, reactions (table_features.js)
const chatSeen = new Set();
// The end of a deal: when its result was first shown (performance.now()), and whether the
// player asked to keep it on screen (the next deal's states then wait in the queue).
let dealEndShown = 0;
let dealHeld = false;

// ------------------------------------------------------------------ connection

function setConn(s, text) {
  const el = $("#conn");
  el.dataset.state = s;
  el.textContent =
    text ??
    {
      open: t("conn.open", "connected"),
      connecting: t("conn.connecting", "connecting…"),
      reconnecting: t("conn.reconnecting", "reconnecting…"),
      closed: t("conn.closed", "disconnected"),
    }[s];
}

function uuid() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `c-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function connect() {
  clearTimeout(reconnectTimer);
  if (ws) {
    ws.onclose = null;
    ws.close();
  }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let url = `${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
  if (token) url += `?token=${encodeURIComponent(token)}`;
  // A spectator chats under the nickname this browser remembers.
  else if (getNickname()) url += `?nickname=${encodeURIComponent(getNickname())}`;
  setConn(retry ? "reconnecting" : "connecting");
  const sock = new WebSocket(url);
  ws = sock;
  sock.onopen = () => {
    retry = 0;
    setConn("open");
    ping();
    // A command that was in flight when the connection dropped is sent again with the same
    // id: the server answers the same ack if it had already applied it.
    if (pending) sock.send(JSON.stringify(pending));
  };
  sock.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    handle(msg);
  };
  sock.onclose = (ev) => {
    if (ws !== sock) return;
    if (ev.code === 4403) {
      // The stored token is not a seat of this table (any more): watch and offer a seat.
      clearToken(tableId);
      token = null;
      showReject(t("table.err_saved_seat", "Your saved seat is not valid at this table; you can take a free seat or watch."));
      connect();
      openJoinDialog();
      return;
    }
    if (ev.code === 4404) {
      closedForGood = true;
      setConn("closed", t("conn.no_table", "no such table"));
      showNotice(t("table.err_no_table", "This table does not exist."));
      return;
    }
    if (closedForGood) return;
    setConn("reconnecting");
    const delay = Math.min(5000, 400 * 2 ** retry);
    retry += 1;
    reconnectTimer = setTimeout(connect, delay);
  };
}

function ping() {
  if (ws && ws.readyState === WebSocket.OPEN) {
    pingSent = Date.now();
    ws.send(JSON.stringify({ type: "ping" }));
  }
}

function sendRaw(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    showReject(t("table.reconnecting", "Not connected to the server; reconnecting…"));
    return false;
  }
  ws.send(JSON.stringify(msg));
  return true;
}

function sendAction(action) {
  if (pending || !state) return;
  const cmd = { type: "action", command_id: uuid(), expected_seq: state.seq, action };
  pending = cmd;
  hideReject();
  if (!sendRaw(cmd)) return;
  render();
}

function handle(msg) {
  switch (msg.type) {
    case "state":
      arrivals.set(msg, performance.now());
      // A waiting take-over is asked again as the state arrives, not when the paced display
      // reaches it: a fast table's next hand may start before the display catches up, and a
      // retry sent then was refused every time (the take-over browser test under load).
      retryTakeOver(tableId, msg, (e) => showReject(e.message));
      queue.push(msg);
      pump();
      break;
    case "presence":
      applyPresence(msg);
      break;
    case "ack":
      if (pending && msg.command_id === pending.command_id) {
        pending = null;
        renderer?.onAction?.("ack");
        render();
      }
      break;
    case "reject":
      if (!msg.command_id || (pending && msg.command_id === pending.command_id)) {
        pending = null;
        renderer?.onAction?.("reject");
        render();
      }
      showReject(msg.code === "stale" ? `${msg.message} ${t("table.stale", "The table has moved on — choose again.")}` : msg.message);
      break;
    case "chat":
      // Every (re)connect replays the recent chat: show each line once.
      if (typeof msg.seq === "number") {
        if (chatSeen.has(msg.seq)) break;
        chatSeen.add(msg.seq);
      }
      addChat(msg);
      break;
    case "hint":
      renderHints(msg.choices ?? []);
      break;
    case "hints":
      // Every player sees how many hints each player asked for.
      applyHintCounts(state?.table, msg.asked);
      if (state) render();
      break;
    case "pong":
      if (pingSent && typeof msg.at === "number") {
        const now = Date.now();
        clockOffset = msg.at - (pingSent + now) / 2000;
      }
      break;
    case "error":
      showReject(msg.message ?? msg.code);
      break;
    default:
      features?.message(msg);
      break;
  }
}

// A small presence message updates one seat's connection (or the spectator count) in place.
function applyPresence(msg) {
  if (!state || !state.table) return;
  const seats = state.table.seats ?? [];
  if (typeof msg.seat === "number" && seats[msg.seat]) {
    if (typeof msg.connected === "boolean") seats[msg.seat].connected = msg.connected;
    if ("stand_in" in msg) seats[msg.seat].stand_in = !!msg.stand_in;
    if ("stand_in_at" in msg) seats[msg.seat].stand_in_at = msg.stand_in_at;
  }
  if (typeof msg.spectators === "number") state.table.spectators = msg.spectators;
  render();
}

// States are shown in order. A renderer that animates a move returns how long the animation
// runs; the next state waits that long (scaled by the speed setting), so that bot moves that
// arrive in a burst are still seen one by one. A renderer that returns 0 shows every state at
// once (card_motion.js moves the trick-taking games' cards under this contract).
function pump() {
  clearTimeout(holdTimer);
  while (queue.length) {
    // A deal result the player keeps open: the next deal waits until they continue.
    if (dealHeld && state?.deal_over && !queue[0].deal_over) return;
    const wait = holdUntil - performance.now();
    if (wait > 0) {
      holdTimer = setTimeout(pump, wait);
      return;
    }
    showState(queue.shift());
  }
}

function showState(msg) {
  const newHand = state && state.view && msg.view && state.table.deal_number !== msg.table.deal_number;
  if (newHand) renderer?.onAction?.("new-hand");
  if (msg.deal_over && !state?.deal_over) dealEndShown = performance.now();
  if (!msg.deal_over) dealHeld = false;
  state = msg;
  if (!myTurn()) renderer?.onAction?.("not-my-turn");
  // A backlog (the tab is in the background, or states waited long in the queue) is shown at
  // once: nobody wants to watch old moves being replayed slowly. A burst of bot moves is not a
  // backlog: it is what the pacing is for.
  const next = queue[0];
  catchingUp = document.hidden || (next !== undefined && performance.now() - arrivals.get(next) > 15000);
  arrivals.delete(msg);
  const ms = render() ?? 0;
  holdUntil = catchingUp ? 0 : performance.now() + ms * speed();
  catchingUp = false;
}

function speed() {
  const chosen = params.get("speed") ?? safeStorage("paston-speed") ?? "normal";
  return SPEEDS[chosen] ?? 1;
}

function safeStorage(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ helpers

function mySeat() {
  return state?.you?.seat ?? null;
}
function myTurn() {
  const v = state?.view;
  return !!(v && mySeat() !== null && v.to_act === mySeat() && v.legal?.length);
}
function seatCount() {
  return state?.table?.seats?.length ?? summary?.seats?.length ?? 3;
}
function shortNames() {
  const seats = state?.table?.seats ?? [];
  return Array.from({ length: seatCount() }, (_, s) => (seats[s] ? seatName(seats[s]) : t("lobby.seat_n", "Seat {n}", { n: s })));
}
function names() {
  return shortNames().map((n, s) => (s === mySeat() ? t("table.name_you", "{name} (you)", { name: n }) : n));
}

function commonTags(s) {
  const tbl = state.table;
  const v = state.view;
  const seat = tbl.seats[s];
  const tags = [];
  const dealer = v?.dealer ?? tbl.dealer;
  if (dealer === s) tags.push(tagHTML("dealer", t("tag.dealer", "dealer")));
  if (seat?.kind === "bot") tags.push(tagHTML("bot", t("tag.bot", "bot")));
  if (seat?.kind === "human" && seat.nickname && !seat.connected) tags.push(tagHTML("offline", t("tag.offline", "offline")));
  if (seat?.stand_in) tags.push(tagHTML("offline", t("tag.stand_in", "bot stands in")));
  if (seat?.kind === "human" && !seat.nickname) tags.push(tagHTML("passed", t("tag.free_seat", "free seat")));
  return tags;
}

function waitingBanner() {
  const tbl = state.table;
  const free = tbl.seats
    .filter((s) => s.kind === "human" && !s.nickname)
    .map((s) => t("table.seat_lower", "seat {n}", { n: s.seat }));
  const el = document.createElement("div");
  el.className = "banner";
  const who = free.join(", ") || t("table.players", "players");
  el.innerHTML = `<div class="result-line">${escapeHTML(t("table.waiting_for", "Waiting for {who}", { who }))}</div>
    <div>${escapeHTML(t("table.send_link", "Send the link to invite someone:"))} <code>${escapeHTML(location.origin + "/t/" + tableId)}</code></div>`;
  return el;
}

// Under a deal's result (before the game's end): when the next deal comes, and a button to keep
// the result open until the player continues. The server deals after the table's pause; a held
// result only delays what this page shows.
function dealEndControls() {
  const el = document.createElement("div");
  el.className = "deal-next";
  if (state.table.status === "over") return el;
  const line = document.createElement("span");
  line.id = "deal-countdown";
  line.setAttribute("aria-live", "off");
  const b = document.createElement("button");
  b.type = "button";
  b.id = "deal-continue";
  b.addEventListener("click", () => {
    dealHeld = !dealHeld;
    if (dealHeld) renderDealCountdown();
    else pump();
  });
  el.append(line, b);
  return el;
}

function renderDealCountdown() {
  const line = $("#deal-countdown");
  const b = $("#deal-continue");
  if (!line || !b || !state?.deal_over) return;
  const hand = handNoun();
  const waiting = queue.length > 0 && !queue[0].deal_over;
  if (dealHeld) {
    // The server's move timer does not wait for this page: say so when one runs.
    const timer = state.table.move_timer ? ` ${t("table.timer_runs", "Your move timer runs there.")}` : "";
    line.textContent = waiting
      ? t("table.next_started", "The next {hand} has started: it waits for you.", { hand }) + timer
      : t("table.kept_open", "Kept open for you.");
    b.textContent = t("table.go_next", "Go to the next {hand}", { hand });
    b.classList.add("primary");
    return;
  }
  b.classList.remove("primary");
  b.textContent = t("table.keep_open", "Keep this open");
  const left = Math.ceil((dealEndShown + (state.table.deal_pause ?? 0) * 1000 - performance.now()) / 1000);
  line.textContent =
    left > 0
      ? t("table.next_in", "Next {hand} in {left} s", { hand, left })
      : t("table.next_moment", "Next {hand} in a moment…", { hand });
}

function showReject(text) {
  const el = $("#reject");
  el.textContent = text;
  el.hidden = false;
  clearTimeout(showReject.timer);
  showReject.timer = setTimeout(hideReject, 8000);
}
function hideReject() {
  $("#reject").hidden = true;
}

// A sentence on the felt before (or instead of) any game: no table, no renderer.
function showNotice(text) {
  const line = $("#turn-line");
  if (line) line.textContent = text;
  else $("#felt").innerHTML = `<p class="felt-notice" id="turn-line">${escapeHTML(text)}</p>`;
}

function context() {
  return {
    state,
    view: state.view,
    table: state.table,
    me: mySeat(),
    myTurn: myTurn(),
    pending: !!pending,
    names: shortNames(),
    labels: names(),
    KEYS: renderer.KEYS ?? DEFAULT_KEYS,
    bindKey: (key, el) => keyMap.set(key, el),
    sendAction,
    rerender: render,
    commonTags,
    waitingBanner,
    dealEndControls,
    speed: catchingUp ? 0 : speed(),
    tableId,
  };
}

// ------------------------------------------------------------------ render

function render() {
  if (!state || !renderer) return 0;
  const t = state.table;
  const me = mySeat();
  keyMap = new Map();

  // Plain attributes for tests and styling: what the page is showing right now.
  const felt = $("#felt");
  felt.dataset.game = game;
  felt.dataset.seq = String(state.seq);
  felt.dataset.status = t.status;
  felt.dataset.phase = renderer.phaseOf?.(state) ?? (state.deal_over ? "over" : (state.view?.phase ?? "none"));
  felt.dataset.turn = myTurn()
    ? "me"
    : state.view && state.view.to_act !== null && state.view.to_act !== undefined
      ? "other"
      : "none";
  felt.dataset.pending = pending ? "1" : "0";
  felt.dataset.deal = String(t.deal_number);
  felt.dataset.seat = me === null ? "spectator" : String(me);

  // A mark in the tab title, for a player whose turn comes while looking elsewhere.
  document.title = `${myTurn() ? `● ${tr("table.your_turn_title", "Your turn")} — ` : ""}${gameTitle()} — ${t.name}`;
  $("#table-name").textContent = t.name + (t.public ? "" : ` ${tr("table.private", "(private)")}`);
  const dealer = state.view?.dealer ?? t.dealer;
  const [hand, hands] = [handNoun(), handNoun(true)];
  // Between deals the table already counts the next deal; the header names the one that ended.
  const number = state.deal_over?.deal ?? t.deal_number;
  const played = (t.score_sheet ?? []).filter((r) => !r.redeal).length;
  // The catalogues translate each noun's phrases (table.deal_n, table.games_played …).
  const meta = [tr(`table.${hand}_n`, `${hand} {n}`, { n: number })];
  if (state.deal_over) meta[0] += ` ${tr("table.over_mark", "(over)")}`;
  if (dealer !== null && dealer !== undefined) meta.push(tr("table.dealer_name", "dealer {name}", { name: shortNames()[dealer] }));
  if (me === null) meta.push(tr("table.watching", "watching"));
  $("#deal-meta").textContent =
    t.status === "waiting"
      ? tr("lobby.status_waiting", "waiting for players")
      : t.status === "over"
        ? tr(`table.${hands}_played`, { one: `{count} ${hand} played`, other: `{count} ${hands} played` }, { count: played })
        : meta.join(" · ");

  const ms = renderer.render(state.view, context()) ?? 0;
  renderSidebar();
  noticeTurn(myTurn()); // the chime and vibration, when switched on (turn_alert.js)
  renderFacts(t, shortNames(), Date.now() / 1000 + clockOffset);
  renderChatChannels(t, me !== null);
  refreshRematch(tableId, t, token, me);
  renderTimer();
  features?.render();
  renderDealCountdown();
  markHinted();
  if (t.status === "over" && !gameOverShown) {
    gameOverShown = true;
    // After the last move's animation, so the end is seen on the felt first.
    setTimeout(openGameOver, Math.min(1500, ms * speed()));
  }
  return ms;
}

function renderSidebar() {
  const t = state.table;
  const nm = shortNames();
  const hintPanel = $("#hint-panel");
  hintPanel.hidden = !(t.hints && mySeat() !== null);
  $("#hint-button").disabled = !myTurn() || !!pending;
  if (lastHintSeq !== null && lastHintSeq !== state.seq) {
    // The hint was for an earlier moment of the hand.
    $("#hints").replaceChildren();
    lastHintSeq = null;
  }
  const sheet = (t.score_sheet ?? []).filter((r) => !r.redeal);
  if (renderer.renderScores) renderer.renderScores($("#score-sheet"), $("#score-chart"), $("#chart-legend"), sheet, nm, t);
  else renderScoreSheet($("#score-sheet"), sheet, nm); // the hand's result per seat and the totals
}

// The move timer's pill (#countdown, in the renderer's turn line): the seconds left to the
// seat on turn, redrawn every 250 ms. In the last seconds of this person's own turn it turns
// urgent and says what comes next: the server's default move (a pass where one is allowed).
// Past the move's own seconds the seat's time bank runs (time_bank.js).

function renderTimer() {
  const table = state.table;
  const el = $("#countdown");
  if (!el) return;
  if (!table.timer || state.deal_over) {
    el.hidden = true;
    return;
  }
  // The move's seconds, then the seat's time bank (time_bank.js).
  showTimer(el, table.timer, Date.now() / 1000 + clockOffset, table.timer.seat === mySeat());
}

// Outline the hint's best choice among the offered ones while the hint is current.
function markHinted() {
  if (!hintedAction || lastHintSeq !== state?.seq) return;
  if (renderer.markHint) {
    renderer.markHint(hintedAction);
    return;
  }
  for (const el of document.querySelectorAll("#felt [data-action], #felt button.card[data-card]")) {
    const a = el.dataset.action ?? el.dataset.card;
    // A discard's cards are marked one by one on the hand.
    el.classList.toggle("hinted", a === hintedAction || isHintedCard(hintedAction, el.dataset.card));
  }
}

function renderHints(choices) {
  // Tied to the state on screen (chat also advances the table's seq, without a new state).
  lastHintSeq = state?.seq ?? null;
  const ol = $("#hints");
  ol.replaceChildren();
  if (!choices.length) {
    ol.innerHTML = `<li>${escapeHTML(t("table.no_hint", "No hint available."))}</li>`;
    return;
  }
  hintedAction = choices[0].action;
  markHinted();
  for (const c of choices.slice(0, 8)) {
    const li = document.createElement("li");
    // One value, said in words ("+3.5 points expected").
    const val = hintValueWords(info?.hint_value, c.value);
    li.innerHTML = `<span>${escapeHTML(renderer.actionLabel?.(c.action) ?? c.action)}<span class="hint-meaning">${escapeHTML(val)}</span>${c.reason ? ` <span class="hint-text">${escapeHTML(c.reason)}</span>` : ""}</span>`;
    li.dataset.action = c.action;
    ol.append(li);
  }
}

function addChat(msg) {
  // The channel this page writes in, or the other one (read only, collapsed).
  const ul = chatList(msg, mySeat() !== null || (state === null && !!token));
  const li = document.createElement("li");
  li.innerHTML = `<span class="from">${escapeHTML(msg.from ?? "?")}:</span> ${escapeHTML(msg.text ?? "")}`;
  ul.append(li);
  while (ul.children.length > 200) ul.firstChild.remove();
  ul.scrollTop = ul.scrollHeight;
}

function sysChat(text) {
  const ul = $("#chat-log");
  const li = document.createElement("li");
  li.className = "sys";
  li.textContent = text;
  ul.append(li);
  ul.scrollTop = ul.scrollHeight;
}

// ------------------------------------------------------------------ dialogs

function openJoinDialog() {
  const d = $("#join-dialog");
  const seats = summary?.seats ?? state?.table?.seats ?? [];
  const free = seats.filter((s) => s.kind === "human" && !s.nickname);
  const box = $("#join-seats");
  box.replaceChildren();
  // At a public table a person may also take a bot's seat (between hands).
  const bots = takeOverChoices(summary ?? state?.table, shortNames());
  bots.forEach((b, i) => {
    const id = `take-seat-${b.seat}`;
    const w = document.createElement("span");
    w.innerHTML = `<input type="radio" name="join-seat" id="${id}" value="${b.seat}" data-take-over="1" ${!free.length && i === 0 ? "checked" : ""}/>
      <label for="${id}">${escapeHTML(b.label)}</label>`;
    box.append(w);
  });
  if (!free.length && bots.length) {
    $("#join-desc").textContent = t("flow.take_over_desc", "Every person's seat is taken: take over a bot's seat (from the next hand), or watch.");
    $("#join-button").disabled = false;
  } else if (!free.length) {
    $("#join-desc").textContent = t("table.all_taken", "Every seat at this table is taken; you can watch.");
    $("#join-button").disabled = true;
  } else {
    $("#join-desc").textContent = t("table.join_desc", "Choose a nickname to play at this table, or watch as a spectator.");
    $("#join-button").disabled = false;
    free.forEach((s, i) => {
      const id = `join-seat-${s.seat}`;
      const w = document.createElement("span");
      w.innerHTML = `<input type="radio" name="join-seat" id="${id}" value="${s.seat}" ${i === 0 ? "checked" : ""}/>
        <label for="${id}">Seat ${s.seat}</label>`;
      box.append(w);
    });
  }
  $("#join-nick").value = getNickname();
  if (!d.open) d.showModal();
}

async function doJoin(ev) {
  ev.preventDefault();
  const nick = $("#join-nick").value.trim();
  const err = $("#join-error");
  err.hidden = true;
  if (!nick) {
    err.textContent = t("account.name_missing", "Enter a name.");
    err.hidden = false;
    return;
  }
  const seatEl = document.querySelector('input[name="join-seat"]:checked');
  if (seatEl?.dataset.takeOver) {
    const seated = (res) => {
      token = res.token;
      $("#join-dialog").close();
      sysChat(t("flow.took_over", "You took over seat {n}.", { n: res.seat }));
      retry = 0;
      connect();
    };
    try {
      const how = await takeOver(tableId, nick, Number(seatEl.value), seated);
      if (how === "waiting") {
        $("#join-dialog").close();
        sysChat(t("flow.take_over_waiting", "A hand is being played: you take seat {n} when it ends.", { n: seatEl.value }));
      }
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    }
    return;
  }
  try {
    const res = await joinTable(tableId, nick, seatEl ? Number(seatEl.value) : null);
    token = res.token;
    $("#join-dialog").close();
    sysChat(t("table.sat_down", "You sat down at seat {n}.", { n: res.seat }));
    retry = 0;
    connect();
  } catch (e) {
    err.textContent = e.message;
    err.hidden = false;
    if (e.code === "table_full") {
      // The answer offers to watch: the dialog's "Just watch" is the way.
      err.textContent = t("flow.full_watch", "Every seat at this table is taken. You can watch the game.");
      $("#watch-button").classList.add("primary");
      $("#watch-button").focus();
    }
    try {
      summary = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    } catch {
      /* keep the old summary */
    }
  }
}

function openGameOver() {
  $("#gameover-body").innerHTML = renderer.gameOverHTML
    ? renderer.gameOverHTML(state.table, shortNames(), mySeat(), state)
    : `<p>${escapeHTML(t("table.game_over", "Game over"))}: ${escapeHTML((state.table.totals ?? []).join(" / "))}</p>`;
  $("#gameover-body").append(rematchControls(tableId, state.table, token, mySeat()));
  $("#gameover-body").append(sheetBlock(sheetData()));
  const d = $("#gameover-dialog");
  if (!d.open) d.showModal();
}

// The whole score sheet (score_sheet.js): the table's rows with the game's own columns.
function sheetData() {
  const hand = handNoun();
  return {
    rows: (state?.table?.score_sheet ?? []).filter((r) => !r.redeal),
    names: names(),
    columns: renderer?.sheetColumns ?? [],
    handWord: hand === "game" ? t("sheet.game", "Game") : t("common.deal", "Deal"),
    title: `${t("common.score_sheet", "Score sheet")} — ${gameTitle()} — ${state?.table?.name ?? ""}`,
  };
}

async function exportRecord() {
  try {
    const rec = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/record`);
    downloadJSON(`${game}-${tableId}.json`, rec);
  } catch (e) {
    showReject(t("table.err_export", "Could not export the record: {error}", { error: e.message }));
  }
}

// ------------------------------------------------------------------ keyboard

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target?.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (document.querySelector("dialog[open]")) return;
  if (!renderer || !state) return;
  if (renderer.onKey?.(ev)) return;
  if (ev.key === "h" || ev.key === "H") {
    if (!$("#hint-panel").hidden && !$("#hint-button").disabled) requestHint();
    return;
  }
  const el = keyMap.get(ev.key.toLowerCase());
  if (!el) {
    // "L": the last trick (when no listed choice uses the key).
    if ((ev.key === "l" || ev.key === "L") && showLastTrick()) ev.preventDefault();
    return;
  }
  ev.preventDefault();
  if (renderer.onChoiceKey) renderer.onChoiceKey(el);
  else el.click();
}

function requestHint() {
  if (sendRaw({ type: "hint" })) {
    const ol = $("#hints");
    ol.innerHTML = `<li>${escapeHTML(t("table.thinking", "Thinking…"))}</li>`;
  }
}

// ------------------------------------------------------------------ start

// The game's title (translated where the catalogue has it) and what one of its hands is called.
function gameTitle() {
  return t(`game.${game}.title`, info?.title ?? game);
}
function handNoun(plural = false) {
  return (info?.hand_noun ?? ["hand", "hands"])[plural ? 1 : 0];
}

async function loadRenderer(name) {
  ({ info, renderer } = await loadGame(name));
  game = name;
  // The table's bots by their labels (its game's own list: another game's bots may share a name).
  setBotLabels(seatBotLabels([info])); // a level's seat is "Casual bot" (levels.js)
  renderer.mount($("#felt"), $("#game-panel"));
  $("#keys-help").innerHTML = renderer.keysHelp;
  $("#site-title").textContent = gameTitle();
  $("#speed-field").hidden = !renderer.animated;
  mountContractKey($("#key-button"), info); // "?": the game's abbreviations
}

function initSpeed() {
  const sel = $("#speed");
  sel.value = params.get("speed") ?? safeStorage("paston-speed") ?? "normal";
  sel.addEventListener("change", () => {
    try {
      localStorage.setItem("paston-speed", sel.value);
    } catch {
      /* private mode: the setting lasts for this page only */
    }
    params.delete("speed");
  });
}

async function init() {
  // The header of a table is full on a phone: the language switch goes to the sidebar's foot.
  mountLanguage(document.querySelector(".sidebar"));
  $("#replay-link").href = `/static/replay.html?t=${encodeURIComponent(tableId)}`;
  $("#gameover-replay").href = `/static/replay.html?t=${encodeURIComponent(tableId)}`;
  // The replay opens in a new tab: the table stays where it was.
  for (const id of ["#replay-link", "#gameover-replay"]) {
    $(id).target = "_blank";
    $(id).rel = "noopener";
  }
  $("#export-button").addEventListener("click", exportRecord);
  bindScoreSheetButton($("#sheet-button"), () => (state && renderer ? sheetData() : null));
  mountTurnAlert($("#keys-help").parentElement, $("#keys-help")); // beside the pace setting
  $("#gameover-export").addEventListener("click", exportRecord);
  $("#gameover-close").addEventListener("click", () => $("#gameover-dialog").close());
  $("#hint-button").addEventListener("click", requestHint);
  $("#join-form").addEventListener("submit", doJoin);
  $("#watch-button").addEventListener("click", () => $("#join-dialog").close());
  $("#copy-link").addEventListener("click", async () => {
    const link = `${location.origin}/t/${tableId}`;
    try {
      await navigator.clipboard.writeText(link);
      sysChat(t("table.link_copied", "Link copied: {link}", { link }));
    } catch {
      sysChat(t("table.link", "Table link: {link}", { link }));
    }
  });
  $("#chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (sendRaw({ type: "chat", text })) input.value = "";
    // Give the keys back to the table: the next "1" is a move, not a word of chat.
    input.blur();
  });
  $("#chat-input").addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") ev.target.blur();
  });
  document.addEventListener("keydown", onKey);
  applyLimits();
  initSpeed();
  setInterval(() => {
    if (state && renderer) {
      renderTimer();
      renderDealCountdown();
      tickCountdown(state.table, shortNames(), Date.now() / 1000 + clockOffset);
    }
  }, 250);
  setInterval(ping, 20000);

  try {
    summary = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    showNotice(e.status === 404 ? t("table.err_no_address", "There is no table at this address.") : e.message);
    setConn("closed", "no table");
    return;
  }
  try {
    await loadRenderer(summary.game);
  } catch (e) {
    showNotice(e.message);
    setConn("closed", "unknown game");
    return;
  }
  $("#table-name").textContent = summary.name;
  features = mountFeatures({
    state: () => state,
    mySeat,
    names: shortNames,
    send: (msg) => {
      hideReject();
      sendRaw(msg);
    },
    uuid,
    sysChat,
    cardLabel: (card) => renderer?.actionLabel?.(card) ?? card,
    leftForGood: () => {
      closedForGood = true;
      clearToken(tableId);
      token = null;
    },
  });
  connect();
  const hasFree = summary.seats.some((s) => s.kind === "human" && !s.nickname);
  // A bot's seat at a public table may be taken over: offered like a free seat.
  const canTakeOver = takeOverChoices(summary, summary.seats.map((s) => seatName(s))).length > 0;
  if (!token && !params.has("watch") && (hasFree || canTakeOver) && summary.status !== "over") openJoinDialog();
}

window.addEventListener("online", () => {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    retry = 0;
    connect();
  }
});

init();
