// The table page (/t/{id}): one WebSocket per page (docs/server-protocol.md §2). Each `state`
// message replaces the previous one and the page is redrawn from it; the client never patches
// game state itself. Commands carry a command id and the seq they were decided on, so they can
// be resent after a reconnect without being applied twice.

import {
  botLabel,
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
import {
  BID_LADDER,
  CONTRACT_LABEL,
  CONTRACT_TRUMP,
  SUIT_SYMBOL,
  actionLabel,
  cardBack,
  cardElement,
  handOrder,
  isCard,
  sortCards,
} from "./cards.js";
import {
  contractText,
  dealResultHTML,
  positions,
  renderAuction,
  renderChart,
  renderLastTrick,
  renderScoreSheet,
  renderSeatBox,
  renderTrick,
  tagHTML,
} from "./render.js";

const $ = (sel) => document.querySelector(sel);
// Keys for the listed choices, in order; "h" is kept for the hint.
const KEYS = "1234567890abcdefgijklmnopqrstuvwxyz".split("");

const params = new URLSearchParams(location.search);
const tableId = decodeURIComponent(
  location.pathname.startsWith("/t/") ? location.pathname.split("/")[2] : (params.get("t") ?? ""),
);
let token = getToken(tableId);
let ws = null;
let state = null;
let retry = 0;
let reconnectTimer = null;
let pending = null; // the command sent and not yet acked or rejected
let selected = []; // cards chosen to discard
let keyMap = new Map(); // key -> element
let clockOffset = 0; // server time - local time, seconds
let pingSent = 0;
let gameOverShown = false;
let lastHintSeq = null;
let closedForGood = false;
let summary = null;
const chatSeen = new Set();

// ------------------------------------------------------------------ connection

function setConn(s, text) {
  const el = $("#conn");
  el.dataset.state = s;
  el.textContent =
    text ?? { open: "connected", connecting: "connecting…", reconnecting: "reconnecting…", closed: "disconnected" }[s];
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
      showReject("Your saved seat is not valid at this table; you can take a free seat or watch.");
      connect();
      openJoinDialog();
      return;
    }
    if (ev.code === 4404) {
      closedForGood = true;
      setConn("closed", "no such table");
      $("#turn-line").textContent = "This table does not exist.";
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
    showReject("Not connected to the server; reconnecting…");
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
      if (state && state.view && msg.view && state.table.deal_number !== msg.table.deal_number) selected = [];
      state = msg;
      if (!myTurn()) selected = [];
      render();
      break;
    case "ack":
      if (pending && msg.command_id === pending.command_id) {
        pending = null;
        selected = [];
        render();
      }
      break;
    case "reject":
      if (!msg.command_id || (pending && msg.command_id === pending.command_id)) {
        pending = null;
        render();
      }
      showReject(msg.code === "stale" ? `${msg.message} The table has moved on — choose again.` : msg.message);
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
      break;
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
function names() {
  const seats = state?.table?.seats ?? [];
  return [0, 1, 2].map((s) => {
    const n = seats[s] ? seatName(seats[s]) : `Seat ${s}`;
    return s === mySeat() ? `${n} (you)` : n;
  });
}
function shortNames() {
  const seats = state?.table?.seats ?? [];
  return [0, 1, 2].map((s) => (seats[s] ? seatName(seats[s]) : `Seat ${s}`));
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

function handCount(v, s) {
  let n = 10;
  for (const t of v.tricks) for (const [ss] of t.cards) if (ss === s) n -= 1;
  for (const [ss] of v.trick) if (ss === s) n -= 1;
  if (v.phase === "exchange" && v.declarer === s) n += 2;
  return Math.max(0, n);
}

function phaseVerb(phase) {
  return (
    { bidding: "bid", exchange: "discard", declare: "declare", defence: "whist or pass", play: "play" }[
      phase
    ] ?? phase
  );
}

function actionButtonLabel(action) {
  if (BID_LADDER.includes(action)) return `Bid ${CONTRACT_LABEL[action]}`;
  return actionLabel(action);
}

// ------------------------------------------------------------------ render

function render() {
  if (!state) return;
  const t = state.table;
  const v = state.view;
  const me = mySeat();
  const bottom = me ?? 0;
  const pos = positions(bottom);
  const nm = names();
  keyMap = new Map();

  // Plain attributes for tests and styling: what the page is showing right now.
  const felt = $("#felt");
  felt.dataset.seq = String(state.seq);
  felt.dataset.status = t.status;
  felt.dataset.phase = state.deal_over ? "over" : (v?.phase ?? "none");
  felt.dataset.turn = myTurn() ? "me" : v && v.to_act !== null && v.to_act !== undefined ? "other" : "none";
  felt.dataset.pending = pending ? "1" : "0";
  felt.dataset.deal = String(t.deal_number);
  felt.dataset.seat = me === null ? "spectator" : String(me);

  // A mark in the tab title, for a player whose turn comes while looking elsewhere.
  document.title = `${myTurn() ? "● Your turn — " : ""}Paston — ${t.name}`;
  $("#table-name").textContent = t.name + (t.public ? "" : " (private)");
  const dealer = v?.dealer ?? t.dealer;
  $("#deal-meta").textContent =
    t.status === "waiting"
      ? "waiting for players"
      : `deal ${t.deal_number}${dealer !== null && dealer !== undefined ? ` · dealer ${shortNames()[dealer]}` : ""}${
          me === null ? " · watching" : ""
        }`;

  const over = state.deal_over;
  const trump = v && v.contract && CONTRACT_TRUMP[v.contract] ? CONTRACT_TRUMP[v.contract] : null;

  for (const [where, s] of [
    ["#seat-left", pos.left],
    ["#seat-right", pos.right],
    ["#seat-me", pos.me],
  ]) {
    const info = {
      seat: s,
      name: nm[s],
      tags: seatTags(s),
      turn: v && v.to_act === s && !over,
      trump,
      stat: seatStat(s),
    };
    if (where !== "#seat-me") info.hand = seatHand(s);
    renderSeatBox($(where), info);
  }
  makeOpenHandPlayable();
  renderMyHand(trump);
  renderStatus();
  renderCenter();
  renderPanel();
  renderSidebar();
  renderTimer();
  markHinted();
  if (t.status === "over" && !gameOverShown) {
    gameOverShown = true;
    openGameOver();
  }
}

function seatTags(s) {
  const t = state.table;
  const v = state.view;
  const seat = t.seats[s];
  const tags = [];
  const dealer = v?.dealer ?? t.dealer;
  if (dealer === s) tags.push(tagHTML("dealer", "dealer"));
  if (seat?.kind === "bot") tags.push(tagHTML("bot", "bot"));
  if (seat?.kind === "human" && seat.nickname && !seat.connected) tags.push(tagHTML("offline", "offline"));
  if (seat?.stand_in) tags.push(tagHTML("offline", "bot stands in"));
  if (seat?.kind === "human" && !seat.nickname) tags.push(tagHTML("passed", "free seat"));
  if (v) {
    if (v.declarer === s) tags.push(tagHTML("declarer", "declarer"));
    if (v.phase === "bidding" || (v.declarer !== null && v.declarer !== undefined)) {
      let last = null;
      for (const [ss, a] of v.history) {
        if (a.startsWith("discard")) break;
        if (ss === s) last = a;
      }
      if (v.phase === "bidding" && last)
        tags.push(last === "pass" ? tagHTML("passed", "passed") : tagHTML("whist", `bid ${CONTRACT_LABEL[last] ?? last}`));
    }
    for (const [ss, a] of v.defence ?? []) {
      if (ss === s) tags.push(a === "whist" ? tagHTML("whist", "whist") : tagHTML("passed", "no whist"));
    }
  }
  return tags;
}

function seatStat(s) {
  const v = state.view;
  if (!v || !(v.phase === "play" || v.tricks.length)) return "";
  const out = v.active?.length && !v.active.includes(s) ? " · cards laid aside" : "";
  return `Tricks: <b>${v.tricks_won[s]}</b>${out}`;
}

// An opponent's hand: face up when the deal is over or the hand lies open, else card backs.
function seatHand(s) {
  const v = state.view;
  const over = state.deal_over;
  if (over && over.hands) return { open: over.hands[s] };
  if (!v) return null;
  const open = v.open_hands?.[String(s)];
  if (open) return { open };
  return { count: handCount(v, s) };
}

// In the open lone-whist variant the whister also plays the passer's open hand.
function makeOpenHandPlayable() {
  const v = state.view;
  const me = mySeat();
  if (!v || !myTurn() || v.phase !== "play" || v.hand_to_play === me) return;
  const legal = new Set(v.legal.filter(isCard));
  for (const el of document.querySelectorAll(".opp-hand .card[data-card]")) {
    if (!legal.has(el.dataset.card)) continue;
    const b = cardElement(el.dataset.card, { button: true, small: true });
    b.classList.add("legal");
    b.addEventListener("click", () => sendAction(b.dataset.card));
    el.parentElement.classList.add("playable");
    el.replaceWith(b);
  }
}

function renderMyHand(trump) {
  const el = $("#my-hand");
  el.replaceChildren();
  const v = state.view;
  const me = mySeat();
  const over = state.deal_over;
  if (me === null) {
    el.setAttribute("aria-label", "Seat 0's hand");
    if (over?.hands) for (const c of handOrder(over.hands[0])) el.append(cardElement(c));
    else if (v?.open_hands?.["0"]) for (const c of handOrder(v.open_hands["0"])) el.append(cardElement(c));
    else if (v) for (let i = 0; i < handCount(v, 0); i++) el.append(cardBack());
    return;
  }
  el.setAttribute("aria-label", "Your hand");
  if (!v) return;
  if (over?.hands) {
    for (const c of handOrder(over.hands[me], trump)) el.append(cardElement(c));
    return;
  }
  const hand = handOrder(v.hand ?? [], trump);
  const turn = myTurn() && !pending;
  const legal = new Set(turn ? v.legal : []);
  const exchange = turn && v.phase === "exchange";
  const playing = turn && v.phase === "play" && v.hand_to_play === me;
  const prikup = new Set(v.phase === "exchange" ? (v.prikup ?? []) : []);
  let prevSuit = null;
  let k = 0;
  for (const c of hand) {
    if (prevSuit && prevSuit !== c[1]) {
      const gap = document.createElement("span");
      gap.className = "suit-gap";
      el.append(gap);
    }
    prevSuit = c[1];
    if (!(exchange || playing)) {
      const d = cardElement(c);
      if (prikup.has(c)) d.classList.add("prikup-card");
      el.append(d);
      continue;
    }
    const b = cardElement(c, { button: true });
    if (prikup.has(c)) b.classList.add("prikup-card");
    const ok = exchange || legal.has(c);
    if (ok) {
      b.classList.add("legal");
      const key = KEYS[k++];
      if (key) {
        keyMap.set(key, b);
        const kb = document.createElement("kbd");
        kb.className = "key";
        kb.textContent = key;
        b.append(kb);
        b.setAttribute("aria-keyshortcuts", key);
      }
      if (exchange) {
        b.setAttribute("aria-pressed", selected.includes(c) ? "true" : "false");
        if (selected.includes(c)) b.classList.add("selected");
        b.addEventListener("click", () => toggleDiscard(c));
      } else {
        b.addEventListener("click", () => sendAction(c));
      }
    } else {
      b.disabled = true;
    }
    el.append(b);
  }
}

function toggleDiscard(card) {
  if (selected.includes(card)) selected = selected.filter((c) => c !== card);
  else if (selected.length < 2) selected = [...selected, card];
  else selected = [selected[1], card];
  render();
  const again = document.querySelector(`#my-hand .card[data-card="${card}"]`);
  if (again) again.focus();
}

function confirmDiscard() {
  if (selected.length !== 2) return;
  sendAction(`discard ${sortCards(selected).join(" ")}`);
}

function renderStatus() {
  const t = state.table;
  const v = state.view;
  const nm = shortNames();
  const line = $("#turn-line");
  const cline = $("#contract-line");
  let text = "";
  if (t.status === "waiting") text = "Waiting for players to sit down";
  else if (t.status === "over") text = "The game is over";
  else if (state.deal_over) text = state.deal_over.redeal ? "Thrown in — redeal" : "Deal over";
  else if (v && v.to_act !== null && v.to_act !== undefined) {
    text =
      v.to_act === mySeat()
        ? pending
          ? "Sending…"
          : `Your turn to ${phaseVerb(v.phase)}`
        : `${nm[v.to_act]} to ${phaseVerb(v.phase)}…`;
  }
  line.innerHTML = `<span id="turn-text">${escapeHTML(text)}</span><span class="countdown" id="countdown" hidden></span>`;
  let c = "";
  if (v) {
    if (v.contract && v.contract !== "surrender") {
      c = `${contractText(v.contract)} by ${escapeHTML(nm[v.declarer])} · trumps ${SUIT_SYMBOL[CONTRACT_TRUMP[v.contract]]}`;
    } else if (v.phase === "bidding") {
      c = v.bid ? `Highest bid: ${contractText(v.bid)} (${escapeHTML(nm[v.bidder])})` : "Bidding: nobody has bid yet";
    } else if (v.declarer !== null && v.declarer !== undefined) {
      c = `${escapeHTML(nm[v.declarer])} ${v.all_pass ? "declares after an all-pass" : `won the auction with ${contractText(v.bid)}`}`;
    }
  }
  cline.innerHTML = c;
}

function renderCenter() {
  const el = $("#trick-area");
  const v = state.view;
  const nm = shortNames();
  const bottom = mySeat() ?? 0;
  if (!v) {
    el.replaceChildren();
    return;
  }
  if (v.trick.length) {
    renderTrick(el, v.trick, bottom, nm);
    return;
  }
  if (v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    renderTrick(el, last.cards, bottom, nm, {
      winner: last.winner,
    });
    return;
  }
  el.replaceChildren();
  if (v.phase === "bidding" || v.phase === "exchange") {
    // The prikup lies face down in the middle until the declarer takes it.
    const wrap = document.createElement("div");
    wrap.className = "trick-slot center";
    const pair = document.createElement("div");
    pair.style.display = "flex";
    pair.style.gap = "6px";
    if (v.phase === "bidding") pair.append(cardBack(), cardBack());
    wrap.append(pair);
    const cap = document.createElement("span");
    cap.className = "who-played";
    cap.textContent = v.phase === "bidding" ? "prikup" : `${nm[v.declarer]} takes the prikup`;
    wrap.append(cap);
    el.append(wrap);
  }
}

function choiceButton(action, key, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  if (primary) b.classList.add("primary");
  b.innerHTML = `<kbd>${key}</kbd> ${escapeHTML(actionButtonLabel(action))}`;
  b.setAttribute("aria-keyshortcuts", key);
  b.addEventListener("click", () => sendAction(action));
  keyMap.set(key, b);
  return b;
}

function renderPanel() {
  const el = $("#action-panel");
  el.replaceChildren();
  const t = state.table;
  const v = state.view;
  const nm = shortNames();
  const over = state.deal_over;
  if (t.status === "waiting") {
    const free = t.seats.filter((s) => s.kind === "human" && !s.nickname).map((s) => `seat ${s.seat}`);
    el.innerHTML = `<div class="banner"><div class="result-line">Waiting for ${escapeHTML(free.join(", ") || "players")}</div>
      <div>Send the link to invite someone: <code>${escapeHTML(location.origin + "/t/" + tableId)}</code></div></div>`;
    return;
  }
  if (over) {
    const d = {
      redeal: over.redeal,
      contract: v?.contract,
      declarer: v?.declarer,
      whisters: v?.whisters,
      tricks: v && v.tricks.length ? v.tricks_won : null,
      scores: over.scores,
    };
    const box = document.createElement("div");
    box.className = "deal-result";
    box.id = "deal-result";
    box.innerHTML = dealResultHTML(d, nm);
    const extra = document.createElement("div");
    extra.className = "hint-text";
    const bits = [];
    if (over.prikup) bits.push(`Prikup: ${over.prikup.map(cardLabel).join(" ")}`);
    if (over.discards) bits.push(`discards: ${over.discards.map(cardLabel).join(" ")}`);
    if (t.status !== "over") bits.push("next deal in a moment…");
    extra.textContent = bits.join(" · ");
    box.append(extra);
    el.append(box);
    return;
  }
  if (!v) return;
  if (!myTurn()) {
    if (mySeat() === null) el.innerHTML = `<span class="hint-text" style="color:#e8e2cc">You are watching.</span>`;
    return;
  }
  const prompt = document.createElement("div");
  prompt.className = "prompt";
  const choices = document.createElement("div");
  choices.className = "choices";
  if (v.phase === "exchange") {
    prompt.textContent = "You won the auction: choose two cards to discard, then confirm (Enter).";
    const pk = document.createElement("div");
    pk.className = "prikup-show";
    pk.innerHTML = `<span>Prikup:</span>`;
    for (const c of v.prikup ?? []) pk.append(cardElement(c, { small: true }));
    const sel = document.createElement("span");
    sel.textContent = selected.length ? `Discard: ${selected.map(cardLabel).join(" ")}` : "Discard: —";
    sel.style.marginLeft = "1rem";
    pk.append(sel);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "primary";
    b.id = "confirm-discard";
    b.disabled = selected.length !== 2 || !!pending;
    b.innerHTML = `Discard these two <kbd>Enter</kbd>`;
    b.addEventListener("click", confirmDiscard);
    // One row (prikup, selection, confirm): a taller panel would run into the hand below.
    b.style.marginLeft = "1rem";
    pk.append(b);
    el.append(prompt, pk);
    return;
  }
  if (v.phase === "play") {
    prompt.textContent = v.trick.length
      ? "Play a card (highlighted cards are legal)."
      : "Your lead: play any card.";
    if (v.hand_to_play !== mySeat()) prompt.textContent = `Play a card from ${nm[v.hand_to_play]}'s open hand.`;
    el.append(prompt);
    return;
  }
  const order = (a) => {
    // The main choice first: a bid, a contract, whist; then pass or surrender.
    if (a === "pass" || a === "surrender") return 10;
    return 0;
  };
  const legal = [...v.legal].sort((a, b) => order(a) - order(b) || ladderIndex(a) - ladderIndex(b));
  prompt.textContent =
    { bidding: "Your bid:", declare: "Declare your contract, or surrender:", defence: "Whist (play against the declarer) or pass?" }[
      v.phase
    ] ?? "Your choice:";
  legal.forEach((a, i) => {
    choices.append(choiceButton(a, KEYS[i], i === 0 && a !== "pass"));
  });
  if (pending) for (const b of choices.querySelectorAll("button")) b.disabled = true;
  el.append(prompt, choices);
}

function ladderIndex(a) {
  const c = a.startsWith("declare ") ? a.slice(8) : a;
  const i = BID_LADDER.indexOf(c);
  return i < 0 ? 99 : i;
}

function cardLabel(c) {
  return (c[0] === "T" ? "10" : c[0]) + SUIT_SYMBOL[c[1]];
}

function renderSidebar() {
  const t = state.table;
  const v = state.view;
  const nm = shortNames();
  const info = $("#deal-info");
  const rows = [];
  const dealer = v?.dealer ?? t.dealer;
  if (!v) {
    rows.push(["Deal", t.status === "waiting" ? "—" : String(t.deal_number)]);
    if (dealer !== null && dealer !== undefined) rows.push(["Dealer", nm[dealer]]);
  }
  if (v) {
    if (v.phase === "bidding") rows.push(["First bidder", nm[v.first_bidder] ?? "—"]);
    if (v.bid) rows.push([v.phase === "bidding" ? "Highest bid" : "Final bid", contractText(v.bid)]);
    if (v.declarer !== null && v.declarer !== undefined) rows.push(["Declarer", nm[v.declarer]]);
    if (v.contract) rows.push(["Contract", contractText(v.contract)]);
    if (v.contract && CONTRACT_TRUMP[v.contract]) rows.push(["Trumps", SUIT_SYMBOL[CONTRACT_TRUMP[v.contract]]]);
    if (v.defence?.length)
      rows.push(["Defence", v.defence.map(([s, a]) => `${nm[s]}: ${a === "whist" ? "whist" : "pass"}`).join(", ")]);
    if (v.phase === "play" || v.tricks.length) rows.push(["Tricks", v.tricks_won.map((n, s) => `${nm[s]} ${n}`).join(" · ")]);
    if (v.discards) rows.push(["Your discards", v.discards.map(cardLabel).join(" ")]);
  }
  info.innerHTML = rows.map(([k, val]) => `<dt>${escapeHTML(k)}</dt><dd>${escapeHTML(val)}</dd>`).join("");
  renderAuction($("#auction"), v?.history ?? [], nm);
  renderLastTrick($("#last-trick"), v && v.tricks.length ? v.tricks[v.tricks.length - 1] : null, nm);

  const hintPanel = $("#hint-panel");
  hintPanel.hidden = !(t.hints && mySeat() !== null);
  $("#hint-button").disabled = !myTurn() || !!pending;
  if (lastHintSeq !== null && lastHintSeq !== state.seq) {
    // The hint was for an earlier moment of the deal.
    $("#hints").replaceChildren();
    lastHintSeq = null;
  }

  const sheet = (t.score_sheet ?? []).filter((r) => !r.redeal);
  renderScoreSheet($("#score-sheet"), sheet, nm);
  renderChart($("#score-chart"), $("#chart-legend"), sheet, nm, t.rules?.target ?? 121);
  $("#chat-form").querySelector("input").disabled = mySeat() === null;
  $("#chat-form").querySelector("button").disabled = mySeat() === null;
}

function renderTimer() {
  const t = state.table;
  const el = $("#countdown");
  if (!el) return;
  if (!t.timer || state.deal_over) {
    el.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil(t.timer.deadline - (Date.now() / 1000 + clockOffset)));
  el.hidden = false;
  el.textContent = `${left} s left`;
  el.classList.toggle("urgent", left <= 5);
  el.setAttribute("aria-label", `${left} seconds left`);
}

let hintedAction = null;

// Outline the hint's best choice among the offered ones while the hint is current.
function markHinted() {
  if (!hintedAction || lastHintSeq !== state?.seq) return;
  for (const el of document.querySelectorAll("#felt [data-action], #felt button.card[data-card]")) {
    const a = el.dataset.action ?? el.dataset.card;
    el.classList.toggle("hinted", a === hintedAction);
  }
}

function renderHints(choices) {
  // Tied to the state on screen (chat also advances the table's seq, without a new state).
  lastHintSeq = state?.seq ?? null;
  const ol = $("#hints");
  ol.replaceChildren();
  if (!choices.length) {
    ol.innerHTML = `<li>No hint available.</li>`;
    return;
  }
  hintedAction = choices[0].action;
  markHinted();
  for (const c of choices.slice(0, 8)) {
    const li = document.createElement("li");
    const val = typeof c.value === "number" ? c.value.toFixed(2) : "";
    li.innerHTML = `<span>${escapeHTML(actionButtonLabel(c.action))}${c.reason ? ` <span class="hint-text">${escapeHTML(c.reason)}</span>` : ""}</span><span>${val}</span>`;
    li.dataset.action = c.action;
    ol.append(li);
  }
}

function addChat(msg) {
  const ul = $("#chat-log");
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
  if (!free.length) {
    $("#join-desc").textContent = "Every seat at this table is taken; you can watch.";
    $("#join-button").disabled = true;
  } else {
    $("#join-desc").textContent = "Choose a nickname to play at this table, or watch as a spectator.";
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
    err.textContent = "Enter a nickname.";
    err.hidden = false;
    return;
  }
  const seatEl = document.querySelector('input[name="join-seat"]:checked');
  try {
    const res = await joinTable(tableId, nick, seatEl ? Number(seatEl.value) : null);
    token = res.token;
    $("#join-dialog").close();
    sysChat(`You sat down at seat ${res.seat}.`);
    retry = 0;
    connect();
  } catch (e) {
    err.textContent = e.message;
    err.hidden = false;
    try {
      summary = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    } catch {
      /* keep the old summary */
    }
  }
}

function openGameOver() {
  const t = state.table;
  const nm = shortNames();
  const totals = t.totals ?? [0, 0, 0];
  let head;
  if (t.draw) head = "The game is a draw.";
  else if (t.winner !== null && t.winner !== undefined)
    head = t.winner === mySeat() ? "You won the game!" : `${nm[t.winner]} wins the game.`;
  else head = "The game is over.";
  $("#gameover-body").innerHTML = `<p class="result-line" id="gameover-result">${escapeHTML(head)}</p>
    <table class="scores"><thead><tr>${nm.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("")}</tr></thead>
    <tbody><tr>${totals.map((x) => `<td>${x}</td>`).join("")}</tr></tbody></table>
    <p class="hint-text">${(t.score_sheet ?? []).filter((r) => !r.redeal).length} deals played.</p>`;
  const d = $("#gameover-dialog");
  if (!d.open) d.showModal();
}

async function exportRecord() {
  try {
    const rec = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/record`);
    downloadJSON(`paston-${tableId}.json`, rec);
  } catch (e) {
    showReject(`Could not export the record: ${e.message}`);
  }
}

// ------------------------------------------------------------------ keyboard

function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target?.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (document.querySelector("dialog[open]")) return;
  const v = state?.view;
  if (ev.key === "Enter" && v?.phase === "exchange" && myTurn() && selected.length === 2) {
    ev.preventDefault();
    confirmDiscard();
    return;
  }
  if (ev.key === "Escape" && selected.length) {
    selected = [];
    render();
    return;
  }
  if (ev.key === "h" || ev.key === "H") {
    if (!$("#hint-panel").hidden && !$("#hint-button").disabled) requestHint();
    return;
  }
  const el = keyMap.get(ev.key.toLowerCase());
  if (!el) return;
  ev.preventDefault();
  if (v?.phase === "exchange") el.click();
  else el.focus(); // Enter (or Space) then activates the focused choice
}

function requestHint() {
  if (sendRaw({ type: "hint" })) {
    const ol = $("#hints");
    ol.innerHTML = `<li>Thinking…</li>`;
  }
}

// ------------------------------------------------------------------ start

async function init() {
  $("#replay-link").href = `/static/replay.html?t=${encodeURIComponent(tableId)}`;
  $("#gameover-replay").href = `/static/replay.html?t=${encodeURIComponent(tableId)}`;
  $("#export-button").addEventListener("click", exportRecord);
  $("#gameover-export").addEventListener("click", exportRecord);
  $("#gameover-close").addEventListener("click", () => $("#gameover-dialog").close());
  $("#hint-button").addEventListener("click", requestHint);
  $("#join-form").addEventListener("submit", doJoin);
  $("#watch-button").addEventListener("click", () => $("#join-dialog").close());
  $("#copy-link").addEventListener("click", async () => {
    const link = `${location.origin}/t/${tableId}`;
    try {
      await navigator.clipboard.writeText(link);
      sysChat(`Link copied: ${link}`);
    } catch {
      sysChat(`Table link: ${link}`);
    }
  });
  $("#chat-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const input = $("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    if (sendRaw({ type: "chat", text })) input.value = "";
  });
  document.addEventListener("keydown", onKey);
  setInterval(() => {
    if (state) renderTimer();
  }, 250);
  setInterval(ping, 20000);

  try {
    setBotLabels(await getJSON("/api/bots"));
  } catch {
    /* labels fall back to the bot names */
  }
  try {
    summary = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    $("#turn-line").textContent = e.status === 404 ? "There is no table at this address." : e.message;
    setConn("closed", "no table");
    return;
  }
  $("#table-name").textContent = summary.name;
  connect();
  const hasFree = summary.seats.some((s) => s.kind === "human" && !s.nickname);
  if (!token && !params.has("watch") && hasFree && summary.status !== "over") openJoinDialog();
}

window.addEventListener("online", () => {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    retry = 0;
    connect();
  }
});

export { botLabel };
init();
