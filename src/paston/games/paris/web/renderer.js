// The Paris table renderer (spec/paris.md): every seat with its face-up cards, face-down
// slots and hand size; the pile, the 7 restriction, the deck and the burned cards; your hand
// with multi-select of same-rank cards; the swap phase; a log of what happened; animations of
// plays, pick-ups, burns and refills. It reads only the seat's view (ParisView.to_json): the
// legal choices are the view's `legal` strings, never worked out again here.

import { escapeHTML } from "../../api.js";
import { t as tr } from "../../i18n.js";
import { consequence } from "./consequences.js";
import { SUIT_SYMBOL, cardBack, cardElement } from "../../cards.js";
import { renderChart, renderScoreSheet, tagHTML } from "../../render.js";
// The game's own columns of the score sheet (static/score_sheet.js).
export { sheetColumns } from "./sheet.js";

const $ = (sel) => document.querySelector(sel);

// Card order of spec/paris.md §2: by rank 3 … A 2, then suit C D H S.
export const RANKS = "3456789TJQKA2";
const SUITS = "CDHS";
const RANK_NAME = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" };
// "p" picks up, "r" says ready, "h" asks for a hint: the cards get the other keys.
export const KEYS = "1234567890abcdefgijklmnoqstuvwxyz".split("");

export const animated = true;
export const keysHelp =
  "Keys: <kbd>1</kbd>…<kbd>9</kbd> <kbd>0</kbd> <kbd>a</kbd>… select a card (or turn a face-down card), " +
  "<kbd>Enter</kbd> plays the selection (or swaps), <kbd>P</kbd> picks up, <kbd>R</kbd> ready, " +
  "<kbd>H</kbd> hint, <kbd>Esc</kbd> clears the selection.";

// How long each animation runs (ms at normal speed) and the pause after another seat's move.
const ANIM = { play: 380, pickup: 600, burn: 700, draw: 320, hold: 380 };

const FELT_HTML = `
  <div class="p-status">
    <div class="turn-line" id="turn-line" aria-live="polite"></div>
    <div class="contract-line" id="p-note" aria-live="polite"></div>
  </div>
  <div class="p-opponents" id="p-opponents" role="group" aria-label="${tr("paris.others", "The other players")}"></div>
  <div class="p-center" id="p-center" role="group" aria-label="${tr("paris.middle", "The middle of the table")}">
    <div class="p-deck" id="p-deck"></div>
    <div class="p-pile-wrap">
      <div class="p-pile" id="p-pile" role="img"></div>
      <div class="p-pile-caption" id="p-pile-caption"></div>
    </div>
    <div class="p-burned" id="p-burned"></div>
  </div>
  <div class="dock" id="dock">
    <div class="action-panel" id="action-panel" aria-live="polite"></div>
    <div class="p-mine" id="p-mine">
      <div class="p-seat me" id="p-me"></div>
      <div class="my-hand p-hand" id="my-hand" role="group" aria-label="${tr("table.your_hand", "Your hand")}"></div>
    </div>
  </div>`;

const PANEL_HTML = `
  <h2 id="deal-title">This game</h2>
  <dl class="info-list" id="deal-info"></dl>
  <h3 id="log-title">What happened</h3>
  <ol class="p-log" id="p-log" aria-labelledby="log-title" aria-live="polite" tabindex="0"></ol>`;

// The renderer's own state between renders.
let ctx = null;
let shownView = null; // the view being drawn (for the choice buttons' consequence lines)
let sel = { hand: [], up: [] }; // indices into the sorted hand and the face-up cards
let prev = null; // the last view drawn, to animate what changed since

// ------------------------------------------------------------------ cards and actions

export function rankValue(card) {
  return RANKS.indexOf(card[0]);
}

export function sortCards(cards) {
  return [...cards].sort(
    (a, b) => rankValue(a) - rankValue(b) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]),
  );
}

function cardText(card) {
  return (card[0] === "T" ? "10" : card[0]) + SUIT_SYMBOL[card[1]];
}

function rankWord(card) {
  return RANK_NAME[card[0]] ?? card[0];
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

export function actionLabel(action) {
  const [head, ...rest] = action.split(" ");
  switch (head) {
    case "play":
      return tr("paris.play", "Play {cards}", { cards: cardsText(rest) });
    case "swap":
      return tr("paris.swap", "Swap {a} for {b}", { a: cardText(rest[0]), b: cardText(rest[1]) });
    case "pickup":
      return tr("paris.pickup", "Pick up the pile");
    case "ready":
      return tr("paris.ready", "Ready");
    case "blind":
      return tr("paris.blind", "Turn face-down card {n}", { n: Number(rest[0]) + 1 });
    default:
      return action;
  }
}

function ordinal(n) {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

// One readable line for an event of the view's public log.
export function describeEvent(ev, names) {
  const who = names[ev.seat] ?? `Seat ${ev.seat}`;
  const [head, ...rest] = ev.action.split(" ");
  let text;
  if (head === "swap") text = `${who} puts ${cardText(rest[0])} face up and takes ${cardText(rest[1])}`;
  else if (head === "ready") text = `${who} is ready`;
  else if (head === "pickup") text = `${who} picks up the pile${ev.picked_up ? ` (${plural(ev.picked_up, "card")})` : ""}`;
  else if (head === "blind") {
    const card = ev.blind_card ? cardText(ev.blind_card) : "a card";
    text = `${who} turns over ${card}`;
    if (ev.fit === true) text += " — it fits";
    if (ev.fit === false) text += ` — it does not fit: picks up the pile${ev.picked_up ? ` (${plural(ev.picked_up, "card")})` : ""}`;
  } else if (head === "play") text = `${who} plays ${cardsText(rest)}`;
  else text = `${who}: ${ev.action}`;
  if (ev.burn === "ten") text += " — the 10 burns the pile";
  else if (ev.burn === "four") text += " — four of a kind burns the pile";
  if (ev.drew) text += ` · draws ${ev.drew}`;
  return text;
}

// Every legal play as a list of cards, and the other legal actions, from the view.
function legalParts(v) {
  const plays = [];
  const swaps = [];
  const blinds = [];
  let pickup = false;
  let ready = false;
  for (const a of v.legal ?? []) {
    const [head, ...rest] = a.split(" ");
    if (head === "play") plays.push(rest);
    else if (head === "swap") swaps.push(rest);
    else if (head === "blind") blinds.push(Number(rest[0]));
    else if (head === "pickup") pickup = true;
    else if (head === "ready") ready = true;
  }
  return { plays, swaps, blinds, pickup, ready, set: new Set(v.legal ?? []) };
}

// ------------------------------------------------------------------ the renderer's interface

// The replay page: what was just done (the event the action left in the log), and how a game
// of the session ended.
export function describeStep(action, before, after, names) {
  const ev = after.events?.[after.events.length - 1];
  return ev ? describeEvent(ev, names) : "";
}

export function handSummary(hand, names) {
  const end = hand.steps[hand.steps.length - 1];
  return end.loser !== null && end.loser !== undefined ? tr("parisreplay.loses", "{name} loses", { name: names[end.loser] }) : "";
}

export function mount(felt, panel) {
  felt.className = "felt around";
  felt.innerHTML = FELT_HTML;
  panel.innerHTML = PANEL_HTML;
  panel.setAttribute("aria-labelledby", "deal-title");
  prev = null;
}

export function onAction(what) {
  if (what === "ack" || what === "reject" || what === "new-hand" || what === "not-my-turn") clearSelection();
}

function clearSelection() {
  sel = { hand: [], up: [] };
}

export function phaseOf(st) {
  if (!st.view) return "none";
  return st.view.phase ?? "none";
}

export function render(view, c) {
  ctx = c;
  shownView = view;
  const v = view;
  const t = ctx.state.table;
  if (!v) {
    // Before the deal: who sits where, and who is still awaited.
    const box = $("#p-opponents");
    box.replaceChildren();
    t.seats.forEach((seat, s) => {
      const el = document.createElement("div");
      el.className = "p-seat";
      el.dataset.seat = String(s);
      const tags = ctx.commonTags(s).join("");
      el.innerHTML = `<div class="who"><span class="nick">${escapeHTML(ctx.labels[s])}</span>
        <span class="hint-text" style="color:inherit;opacity:.75">seat ${s}</span></div>${tags ? `<div class="tags">${tags}</div>` : ""}`;
      box.append(el);
    });
    $("#p-me").replaceChildren();
    $("#my-hand").replaceChildren();
    renderStatus(null);
    const panel = $("#action-panel");
    panel.replaceChildren();
    if (t.status === "waiting") panel.append(ctx.waitingBanner());
    renderInfo(null);
    prev = null;
    return 0;
  }
  const before = captureRects();
  renderSeats(v);
  renderCenter(v);
  renderMine(v);
  renderStatus(v);
  renderPanel(v);
  renderInfo(v);
  renderLog(v);
  const ms = animate(prev, v, before);
  prev = v;
  return ms;
}

export function renderScores(table, chart, legend, sheet, names) {
  // A Paris session scores −1 for the loser of each game: the sheet counts games lost.
  renderScoreSheet(table, sheet, names, { label: "Game" });
  const many = sheet.length > 1;
  chart.hidden = !many;
  legend.hidden = !many;
  if (many) renderChart(chart, legend, sheet, names, null, { word: "game" });
}

export function gameOverHTML(t, names, me, st) {
  const v = st?.view;
  const ranking = v?.ranking ?? t.ranking ?? null;
  const loser = v?.loser ?? null;
  let head = tr("over.over", "The game is over.");
  if (loser !== null && loser !== undefined)
    head =
      loser === me
        ? tr("paris.you_lose", "You are the loser of this game (the last with cards).")
        : tr("paris.loser", "{name} is the loser.", { name: names[loser] });
  if (ranking && ranking[0] === me) head = tr("paris.you_win", "You went out first — you win!");
  const rows = (ranking ?? [])
    .map(
      (s, i) =>
        `<li data-seat="${s}">${escapeHTML(names[s])}${s === loser ? ' <span class="tag offline">loser</span>' : ""}</li>`,
    )
    .join("");
  const totals = t.totals
    ? `<table class="scores"><thead><tr>${names.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("")}</tr></thead>
       <tbody><tr>${t.totals.map((x) => `<td>${x}</td>`).join("")}</tr></tbody></table>`
    : "";
  const end =
    v?.end === "turn_limit"
      ? `<p class="hint-text">${escapeHTML(tr("paris.turn_limit_end", "Ended by the turn limit: the rest are ranked by the cards they held."))}</p>`
      : "";
  return `<p class="result-line" id="gameover-result">${escapeHTML(head)}</p>
    <ol class="p-ranking" id="gameover-ranking">${rows}</ol>${end}${totals}`;
}

// Outline what the hint suggests: the cards of a play or a swap, a face-down card, a button.
export function markHint(action) {
  for (const el of document.querySelectorAll("#felt .hinted")) el.classList.remove("hinted");
  const [head, ...rest] = action.split(" ");
  const mark = (el) => el?.classList.add("hinted");
  if (head === "pickup") mark($("#pickup-button"));
  else if (head === "ready") mark($("#ready-button"));
  else if (head === "blind") mark(document.getElementById(`blind-${rest[0]}`));
  else if (head === "play" || head === "swap") {
    // Each named card once: a duplicate pair marks two cards, not one twice.
    const pool = [...document.querySelectorAll("#my-hand button.card.legal, #p-me button.card.legal")];
    for (const card of rest) {
      const i = pool.findIndex((el) => el.dataset.card === card);
      if (i >= 0) mark(pool.splice(i, 1)[0]);
    }
  }
}

export function onKey(ev) {
  const v = ctx?.state?.view;
  if (!v) return false;
  const k = ev.key.toLowerCase();
  if (ev.key === "Escape" && (sel.hand.length || sel.up.length)) {
    clearSelection();
    ctx.rerender();
    return true;
  }
  if (ev.key === "Enter") {
    const b = document.querySelector("#play-button:not(:disabled), #swap-button:not(:disabled)");
    // A focused action button (Tab, then Enter) does its own thing; a focused card does not.
    const t = ev.target;
    const ownButton = t?.tagName === "BUTTON" && !t.dataset.card && t !== b;
    if (b && !ownButton) {
      ev.preventDefault();
      b.click();
      return true;
    }
    return false;
  }
  if (k === "p" || k === "r") {
    const b = $(k === "p" ? "#pickup-button" : "#ready-button");
    if (b && !b.disabled) {
      ev.preventDefault();
      b.click();
    }
    return true;
  }
  return false;
}

export function onChoiceKey(el) {
  el.click();
  const again = el.id ? document.getElementById(el.id) : null;
  if (again) again.focus();
}

// ------------------------------------------------------------------ seats

function mySeat() {
  return ctx.me;
}

// Seats in play order starting after the viewer, so the table reads round from the left.
function seatOrder(n, bottom) {
  return Array.from({ length: n - 1 }, (_, i) => (bottom + 1 + i) % n);
}

function seatTags(v, s) {
  const tags = ctx.commonTags(s);
  const place = v.finished?.indexOf(s) ?? -1;
  if (place >= 0) tags.push(tagHTML("whist", `out ${ordinal(place + 1)}`));
  if (v.loser === s) tags.push(tagHTML("offline", "loser"));
  if (v.phase === "swap" && v.ready?.[s]) tags.push(tagHTML("passed", "ready"));
  if (v.starter === s && v.turns === 0 && v.phase === "play") tags.push(tagHTML("declarer", "starts"));
  return tags;
}

function tableCards(v, s, opts = {}) {
  const seat = v.seats[s];
  const wrap = document.createElement("div");
  wrap.className = "p-table";
  wrap.setAttribute("role", "group");
  wrap.setAttribute("aria-label", seatTableLabel(seat));
  const up = seat.face_up ?? [];
  const slots = new Set(seat.face_down_slots ?? []);
  const cols = Math.max(3, up.length);
  for (let i = 0; i < cols; i++) {
    const col = document.createElement("div");
    col.className = "p-col";
    if (i < 3 && slots.has(i)) {
      let back;
      if (opts.blind && opts.blind.has(i)) {
        back = document.createElement("button");
        back.type = "button";
        back.className = "card back legal p-blind";
        back.dataset.action = `blind ${i}`;
        back.id = `blind-${i}`;
        back.setAttribute("aria-label", `Turn over face-down card ${i + 1}`);
        back.addEventListener("click", () => ctx.sendAction(`blind ${i}`));
        const key = opts.keys?.shift();
        if (key) addKey(back, key);
      } else if (revealedDown(s, i)) {
        // Once the game is over its face-down cards are shown to everybody.
        back = cardElement(revealedDown(s, i), { small: opts.small });
        back.classList.add("p-revealed");
      } else {
        back = cardBack({ small: opts.small });
      }
      back.dataset.slot = String(i);
      col.append(back);
    } else if (i < 3) {
      const gap = document.createElement("div");
      gap.className = `p-empty${opts.small ? " small" : ""}`;
      col.append(gap);
    }
    if (i < up.length) {
      const card = up[i];
      let el;
      if (opts.upSelectable?.has(i)) {
        el = cardElement(card, { button: true, small: opts.small });
        el.classList.add("legal", "p-up");
        el.id = `up-${i}`;
        const on = sel.up.includes(i);
        el.classList.toggle("selected", on);
        el.setAttribute("aria-pressed", on ? "true" : "false");
        el.addEventListener("click", () => toggle("up", i, card));
        const key = opts.keys?.shift();
        if (key) addKey(el, key);
      } else {
        el = cardElement(card, { small: opts.small });
        el.classList.add("p-up");
      }
      col.append(el);
    }
    wrap.append(col);
  }
  return wrap;
}

function seatTableLabel(seat) {
  const up = seat.face_up?.length ? `face up ${cardsText(seat.face_up)}` : "no face-up card";
  const down = seat.face_down_slots?.length ?? 0;
  return `${up}; ${down} face-down card${down === 1 ? "" : "s"}`;
}

function handStack(count, small = true) {
  const el = document.createElement("div");
  el.className = "p-handcount";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", `${count} card${count === 1 ? "" : "s"} in hand`);
  const stack = document.createElement("div");
  stack.className = "p-stack";
  for (let i = 0; i < Math.min(count, 4); i++) stack.append(cardBack({ small }));
  const n = document.createElement("span");
  n.className = "p-count";
  n.textContent = `${count}`;
  el.append(stack, n);
  return el;
}

function renderSeats(v) {
  const box = $("#p-opponents");
  box.replaceChildren();
  const me = mySeat();
  const bottom = me ?? 0;
  const others = me === null ? Array.from({ length: v.players }, (_, i) => i).filter((s) => s !== bottom) : seatOrder(v.players, bottom);
  box.style.setProperty("--n", String(others.length));
  for (const s of others) box.append(seatBox(v, s));
}

function seatBox(v, s) {
  const el = document.createElement("div");
  el.className = "p-seat";
  el.dataset.seat = String(s);
  const over = v.phase === "over";
  el.classList.toggle("turn", v.to_act === s && !over);
  el.classList.toggle("out", (v.finished ?? []).includes(s));
  const tags = seatTags(v, s).join("");
  el.innerHTML = `<div class="who"><span class="nick">${escapeHTML(ctx.labels[s])}</span>
    <span class="hint-text" style="color:inherit;opacity:.75">seat ${s}</span></div>${tags ? `<div class="tags">${tags}</div>` : ""}`;
  const row = document.createElement("div");
  row.className = "p-seat-row";
  const revealed = revealedHand(s);
  if (revealed) {
    const h = document.createElement("div");
    h.className = "opp-hand open";
    for (const c of sortCards(revealed)) h.append(cardElement(c, { small: true }));
    row.append(h);
  } else row.append(handStack(v.seats[s].hand));
  row.append(tableCards(v, s, { small: true }));
  el.append(row);
  return el;
}

function revealedDown(s, slot) {
  const down = ctx.state.deal_over?.face_down?.[s];
  return Array.isArray(down) ? (down[slot] ?? null) : null;
}

// Once a game is over the server may reveal every hand (deal_over); show them face up.
function revealedHand(s) {
  const over = ctx.state.deal_over;
  const hands = over?.hands;
  return Array.isArray(hands) && Array.isArray(hands[s]) && hands[s].length ? hands[s] : null;
}

// ------------------------------------------------------------------ the middle

function renderCenter(v) {
  const deck = $("#p-deck");
  deck.replaceChildren();
  deck.dataset.count = String(v.deck);
  if (v.deck > 0) {
    const st = document.createElement("div");
    st.className = "p-stack";
    for (let i = 0; i < Math.min(3, v.deck); i++) st.append(cardBack());
    deck.append(st);
  } else {
    const e = document.createElement("div");
    e.className = "p-empty";
    deck.append(e);
  }
  const dl = document.createElement("span");
  dl.className = "p-label";
  dl.textContent = v.deck > 0 ? `Deck: ${v.deck}` : "Deck: empty";
  deck.append(dl);

  const pile = $("#p-pile");
  pile.replaceChildren();
  const cards = v.pile ?? [];
  pile.dataset.count = String(cards.length);
  pile.dataset.top = v.top ?? "";
  const shown = cards.slice(-5);
  shown.forEach((c, i) => {
    const el = cardElement(c);
    el.classList.add("p-pile-card");
    el.style.setProperty("--i", String(i));
    el.style.setProperty("--tilt", `${((cards.length - shown.length + i) * 37) % 13 - 6}deg`);
    pile.append(el);
  });
  if (!cards.length) {
    const e = document.createElement("div");
    e.className = "p-empty big";
    e.textContent = "empty";
    pile.append(e);
  }
  pile.setAttribute(
    "aria-label",
    cards.length ? `The pile: ${cards.length} cards, ${cardText(v.top ?? cards[cards.length - 1])} on top` : "The pile is empty",
  );
  const cap = $("#p-pile-caption");
  const bits = [];
  bits.push(cards.length ? `Pile: ${cards.length} card${cards.length === 1 ? "" : "s"}` : "Pile: empty — any card goes");
  cap.innerHTML = escapeHTML(bits.join(" · "));
  if (v.seven) {
    const s7 = document.createElement("div");
    s7.className = "p-seven";
    s7.id = "p-seven";
    s7.textContent = "7: play 3–7 or a 10";
    cap.append(s7);
  } else if (v.effective_top && v.top && v.effective_top !== v.top) {
    const s = document.createElement("div");
    s.className = "p-seven";
    s.textContent = `beat ${cardText(v.effective_top)}`;
    cap.append(s);
  }

  const burned = $("#p-burned");
  burned.replaceChildren();
  burned.dataset.count = String(v.burned);
  const bs = document.createElement("div");
  bs.className = "p-stack burned";
  if (v.burned > 0) for (let i = 0; i < Math.min(3, Math.ceil(v.burned / 4)); i++) bs.append(cardBack());
  else {
    const e = document.createElement("div");
    e.className = "p-empty";
    bs.append(e);
  }
  const bl = document.createElement("span");
  bl.className = "p-label";
  bl.textContent = `Burned: ${v.burned}`;
  burned.append(bs, bl);
}

// ------------------------------------------------------------------ my seat and hand

function myTurnNow() {
  return ctx.myTurn && !ctx.pending;
}

function renderMine(v) {
  const me = mySeat();
  const seatEl = $("#p-me");
  const handEl = $("#my-hand");
  handEl.replaceChildren();
  const bottom = me ?? 0;
  const keys = [...ctx.KEYS];
  const L = legalParts(v);
  const turn = myTurnNow();
  const hand = me === null ? null : sortCards(v.hand ?? []);
  const seat = v.seats[bottom];
  const stage = hand && hand.length ? "hand" : seat.face_up?.length ? "face_up" : "face_down";

  // Which cards may be selected now.
  const handSel = new Set();
  const upSel = new Set();
  if (turn && hand) {
    if (v.phase === "swap" && L.swaps.length) {
      const xs = new Set(L.swaps.map((p) => p[0]));
      const ys = new Set(L.swaps.map((p) => p[1]));
      hand.forEach((c, i) => xs.has(c) && handSel.add(i));
      (seat.face_up ?? []).forEach((c, i) => ys.has(c) && upSel.add(i));
    } else if (v.phase === "play" && L.plays.length) {
      const inPlays = new Set(L.plays.flat());
      const ranksFromUp = new Set();
      for (const p of L.plays) if (!isSubMultiset(p, hand)) ranksFromUp.add(p[0][0]);
      if (stage === "hand") {
        hand.forEach((c, i) => inPlays.has(c) && handSel.add(i));
        (seat.face_up ?? []).forEach((c, i) => ranksFromUp.has(c[0]) && upSel.add(i));
      } else if (stage === "face_up") {
        (seat.face_up ?? []).forEach((c, i) => inPlays.has(c) && upSel.add(i));
      }
    }
  }
  seatEl.className = "p-seat me";
  seatEl.dataset.seat = String(bottom);
  seatEl.classList.toggle("turn", v.to_act === bottom && v.phase !== "over");
  seatEl.classList.toggle("out", (v.finished ?? []).includes(bottom));
  const tags = seatTags(v, bottom).join("");
  seatEl.innerHTML = `<div class="who"><span class="nick">${escapeHTML(ctx.labels[bottom])}</span>${tags ? `<span class="tags">${tags}</span>` : ""}</div>`;
  const blind = turn && v.phase === "play" ? new Set(L.blinds) : null;
  // Keys go to the hand first (where the choices usually are), then to the table cards.
  const handKeys = keys.splice(0, hand ? Math.min(hand.length, keys.length) : 0);
  seatEl.append(tableCards(v, bottom, { upSelectable: upSel, blind, keys }));

  if (me === null) {
    handEl.setAttribute("aria-label", `${ctx.names[bottom]}'s hand`);
    const revealed = revealedHand(bottom);
    if (revealed) for (const c of sortCards(revealed)) handEl.append(cardElement(c));
    else handEl.append(handStack(seat.hand, false));
    return;
  }
  handEl.setAttribute("aria-label", "Your hand");
  // A big hand (after picking up the pile) overlaps more, so it stays on one or two rows.
  const n = hand.length;
  handEl.style.setProperty("--hand-overlap", n > 24 ? "-46px" : n > 16 ? "-38px" : n > 10 ? "-28px" : "-14px");
  // Drop a selection that no longer fits the hand on screen.
  sel.hand = sel.hand.filter((i) => handSel.has(i));
  sel.up = sel.up.filter((i) => upSel.has(i));
  let prevRank = null;
  hand.forEach((c, i) => {
    if (prevRank && prevRank !== c[0]) {
      const gap = document.createElement("span");
      gap.className = "rank-gap";
      handEl.append(gap);
    }
    prevRank = c[0];
    if (!turn || !(v.phase === "swap" || v.phase === "play")) {
      handEl.append(cardElement(c));
      return;
    }
    const b = cardElement(c, { button: true });
    b.id = `hand-${i}`;
    if (handSel.has(i)) {
      b.classList.add("legal");
      const on = sel.hand.includes(i);
      b.classList.toggle("selected", on);
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.addEventListener("click", () => toggle("hand", i, c));
      const key = handKeys.shift();
      if (key) addKey(b, key);
    } else b.disabled = true;
    handEl.append(b);
  });
}

function addKey(el, key) {
  ctx.bindKey(key, el);
  const kb = document.createElement("kbd");
  kb.className = "key";
  kb.textContent = key;
  el.append(kb);
  el.setAttribute("aria-keyshortcuts", key);
}

function isSubMultiset(cards, pool) {
  const left = [...pool];
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

function selectedCards(v) {
  const hand = sortCards(v.hand ?? []);
  const up = v.seats[mySeat()]?.face_up ?? [];
  return {
    hand: sel.hand.map((i) => hand[i]),
    up: sel.up.map((i) => up[i]),
  };
}

// Selecting a card: in the swap phase one hand card and one face-up card; in play, cards of
// one rank (a card of another rank starts a new selection).
function toggle(zone, i, card) {
  const v = ctx.state.view;
  const other = zone === "hand" ? "up" : "hand";
  if (v.phase === "swap") {
    sel[zone] = sel[zone].includes(i) ? [] : [i];
  } else {
    const chosen = selectedCards(v);
    const rank = [...chosen.hand, ...chosen.up][0]?.[0];
    if (rank && rank !== card[0]) sel = { hand: [], up: [] };
    sel[zone] = sel[zone].includes(i) ? sel[zone].filter((x) => x !== i) : [...sel[zone], i];
    if (!sel[other]) sel[other] = [];
  }
  ctx.rerender();
  const again = document.getElementById(`${zone === "hand" ? "hand" : "up"}-${i}`);
  if (again) again.focus();
}

function currentPlay(v) {
  const c = selectedCards(v);
  const all = [...c.hand, ...c.up];
  if (!all.length) return null;
  return `play ${sortCards(all).join(" ")}`;
}

function currentSwap(v) {
  const c = selectedCards(v);
  if (c.hand.length !== 1 || c.up.length !== 1) return null;
  return `swap ${c.hand[0]} ${c.up[0]}`;
}

// ------------------------------------------------------------------ status, panel, info, log

function renderStatus(v) {
  const t = ctx.state.table;
  const nm = ctx.names;
  let text = "";
  if (t.status === "waiting") text = tr("status.waiting", "Waiting for players to sit down");
  else if (!v) text = "";
  else if (v.phase === "over")
    text = t.status === "over" ? tr("status.over", "The game is over") : tr("paris.next_soon", "Game over — the next one starts soon");
  else if (v.to_act !== null && v.to_act !== undefined) {
    const verb = v.phase === "swap" ? tr("paris.verb_swap", "swap cards or say ready") : tr("verb.play", "play");
    text =
      v.to_act === mySeat()
        ? ctx.pending
          ? tr("status.sending", "Sending…")
          : tr("status.your_turn", "Your turn to {verb}", { verb })
        : tr("status.their_turn", "{name} to {verb}…", { name: nm[v.to_act], verb });
  }
  $("#turn-line").innerHTML = `<span id="turn-text">${escapeHTML(text)}</span><span class="countdown" id="countdown" hidden></span>`;
  let note = "";
  if (v?.phase === "swap")
    note = escapeHTML(tr("paris.swap_note", "Swap phase: exchange hand cards with your face-up cards (up to 3 swaps), then say ready."));
  else if (v?.phase === "play" && v.turns === 0 && v.starter !== null && v.starter !== undefined)
    note = escapeHTML(tr("paris.starts", "{name} starts with the lowest card.", { name: nm[v.starter] }));
  else if (v?.phase === "over") note = resultLine(v);
  $("#p-note").innerHTML = note;
}

function resultLine(v) {
  const nm = ctx.names;
  if (!v.ranking) return "";
  const order = v.ranking.map((s, i) => `${i + 1}. ${escapeHTML(nm[s])}`).join(" · ");
  const loser = v.loser !== null && v.loser !== undefined ? ` — <b>${escapeHTML(nm[v.loser])} loses</b>` : "";
  return `${order}${loser}`;
}

function actionButton(id, label, key, onClick, opts = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  if (opts.primary) b.classList.add("primary");
  b.innerHTML = `${key ? `<kbd>${key}</kbd> ` : ""}${escapeHTML(label)}`;
  // What the choice brings (a pick-up's size, a 10's burn), from the rules (consequences.js).
  const why = opts.action ? consequence(opts.action, shownView, ctx.state?.table?.rules ?? {}) : null;
  if (why) {
    b.title = why;
    b.insertAdjacentHTML("beforeend", `<span class="why">${escapeHTML(why)}</span>`);
  }
  if (key) b.setAttribute("aria-keyshortcuts", key === "Enter" ? "Enter" : key.toLowerCase());
  if (opts.action) b.dataset.action = opts.action;
  b.disabled = !!opts.disabled;
  b.addEventListener("click", onClick);
  return b;
}

function renderPanel(v) {
  const el = $("#action-panel");
  el.replaceChildren();
  const t = ctx.state.table;
  if (t.status === "waiting") {
    el.append(ctx.waitingBanner());
    return;
  }
  if (v.phase === "over") {
    const box = document.createElement("div");
    box.className = "deal-result";
    box.id = "deal-result";
    box.innerHTML = `<div class="result-line">${resultLine(v) || "Game over"}</div>${
      v.end === "turn_limit" ? `<div class="hint-text">Ended by the turn limit (${v.turns} turns).</div>` : ""
    }`;
    if (ctx.dealEndControls) box.append(ctx.dealEndControls());
    el.append(box);
    return;
  }
  if (!ctx.myTurn) {
    if (mySeat() === null && !ctx.replay) el.innerHTML = `<span class="hint-text" style="color:#e8e2cc">You are watching.</span>`;
    return;
  }
  const L = legalParts(v);
  const prompt = document.createElement("div");
  prompt.className = "prompt";
  const choices = document.createElement("div");
  choices.className = "choices";
  const busy = ctx.pending;
  if (v.phase === "swap") {
    const left = v.swaps_left?.[mySeat()] ?? 0;
    prompt.textContent = left
      ? tr(
          "paris.swap_prompt",
          { one: "Pick a hand card and a face-up card to swap them ({count} swap left), or say ready.", other: "Pick a hand card and a face-up card to swap them ({count} swaps left), or say ready." },
          { count: left },
        )
      : tr("paris.no_swaps", "No swaps left: say ready.");
    const swap = currentSwap(v);
    const ok = swap && L.set.has(swap);
    choices.append(
      actionButton("swap-button", ok ? actionLabel(swap) : tr("paris.swap_button", "Swap"), "Enter", () => ok && ctx.sendAction(swap), {
        primary: true,
        disabled: !ok || busy,
        action: ok ? swap : undefined,
      }),
      actionButton("ready-button", tr("paris.ready", "Ready"), "R", () => ctx.sendAction("ready"), {
        disabled: !L.ready || busy,
        action: "ready",
      }),
    );
    el.append(prompt, choices);
    return;
  }
  if (L.blinds.length) {
    prompt.textContent = tr("paris.turn_over", "Turn over one of your face-down cards.");
  } else if (L.plays.length) {
    const play = currentPlay(v);
    const ok = play && L.set.has(play);
    prompt.textContent = ok
      ? tr("paris.play_selected", "Play the selected cards, or add more of the same rank.")
      : play
        ? tr("paris.not_legal", "That selection is not a legal play.")
        : tr("paris.select", "Select cards of one rank to play.");
    choices.append(
      actionButton("play-button", ok ? actionLabel(play) : tr("paris.play_button", "Play"), "Enter", () => ok && ctx.sendAction(play), {
        primary: true,
        disabled: !ok || busy,
        action: ok ? play : undefined,
      }),
    );
  } else if (L.pickup) {
    prompt.textContent = v.seven
      ? tr("paris.must_pickup_seven", "Nothing of 7 or lower, and no 10: you must pick up the pile.")
      : tr("paris.must_pickup", "Nothing fits: you must pick up the pile.");
  }
  if (L.pickup)
    choices.append(
      actionButton("pickup-button", `Pick up (${v.pile.length})`, "P", () => ctx.sendAction("pickup"), {
        primary: !L.plays.length && !L.blinds.length,
        disabled: busy,
        action: "pickup",
      }),
    );
  el.append(prompt, choices);
}

function renderInfo(v) {
  const t = ctx.state.table;
  const nm = ctx.names;
  const rows = [];
  if (!v) {
    rows.push([tr("lobby.game", "Game"), t.status === "waiting" ? "—" : String(t.deal_number)]);
  } else {
    rows.push([tr("lobby.players", "Players"), String(v.players)]);
    if (v.dealer !== null && v.dealer !== undefined) rows.push([tr("info.dealer", "Dealer"), nm[v.dealer]]);
    if (v.starter !== null && v.starter !== undefined) rows.push([tr("paris.starter", "Starter"), nm[v.starter]]);
    rows.push([tr("paris.turns", "Turns"), String(v.turns ?? 0)]);
    rows.push([tr("paris.deck", "Deck"), String(v.deck)]);
    rows.push([tr("paris.burned", "Burned"), String(v.burned)]);
    if (v.finished?.length) rows.push([tr("paris.out", "Out"), v.finished.map((s, i) => `${i + 1}. ${nm[s]}`).join(", ")]);
    if (v.loser !== null && v.loser !== undefined) rows.push([tr("paris.loser_row", "Loser"), nm[v.loser]]);
  }
  $("#deal-info").innerHTML = rows.map(([k, val]) => `<dt>${escapeHTML(k)}</dt><dd>${escapeHTML(val)}</dd>`).join("");
}

const LOG_LINES = 80;

// The log grows by the new events only, so that a screen reader announces just those; a new
// game, a step back in a replay or a reconnect far ahead rebuilds it.
function renderLog(v) {
  const ol = $("#p-log");
  const events = v.events ?? [];
  const game = `${ctx.state.table.deal_number}:${v.dealer}:${v.players}`;
  const had = ol.dataset.game === game ? Number(ol.dataset.count) : -1;
  if (had === events.length) return;
  const line = (ev) => {
    const li = document.createElement("li");
    li.dataset.seat = String(ev.seat);
    li.textContent = describeEvent(ev, ctx.names);
    if (ev.burn) li.classList.add("burn");
    if (ev.action === "pickup" || ev.fit === false) li.classList.add("pickup");
    return li;
  };
  if (had >= 0 && had < events.length && events.length - had <= LOG_LINES) {
    for (const ev of events.slice(had)) ol.append(line(ev));
    while (ol.children.length > LOG_LINES) ol.firstChild.remove();
  } else {
    ol.replaceChildren(...events.slice(-LOG_LINES).map(line));
  }
  ol.dataset.game = game;
  ol.dataset.count = String(events.length);
  ol.scrollTop = ol.scrollHeight;
}

// ------------------------------------------------------------------ animation

// Where things were before this render: the pile's cards and the seats, for the flights.
function captureRects() {
  const pile = $("#p-pile");
  return {
    pileCards: [...(pile?.querySelectorAll(".card") ?? [])].map((el) => ({
      card: el.dataset.card,
      rect: el.getBoundingClientRect(),
    })),
  };
}

function seatRect(s) {
  if (s === mySeat() || (mySeat() === null && s === 0)) {
    const hand = $("#my-hand");
    const r = hand?.getBoundingClientRect();
    if (r && r.width) return r;
    return $("#p-me").getBoundingClientRect();
  }
  const el = document.querySelector(`#p-opponents .p-seat[data-seat="${s}"]`);
  return el ? el.getBoundingClientRect() : null;
}

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

// Animate what the new events did; return how long to wait before the next state is shown.
function animate(old, v, before) {
  const speed = ctx.speed;
  if (!old || !v.events || !old.events) return 0;
  const sameGame = old.players === v.players && old.dealer === v.dealer && v.events.length >= old.events.length;
  if (!sameGame) return 0;
  const fresh = v.events.slice(old.events.length);
  if (!fresh.length) return 0;
  // After a reconnect or a burst of many events, just show where things are.
  if (fresh.length > 3) return 0;
  const ev = fresh[fresh.length - 1];
  const mine = ev.seat === mySeat();
  // Swaps and "ready" only need a glance; plays and pick-ups need following.
  const quick = ev.action === "ready" || ev.action.startsWith("swap");
  const hold = mine ? 0 : quick ? ANIM.hold / 2 : ANIM.hold;
  if (speed === 0) return 0;
  if (reducedMotion()) return hold;
  const dur = (ms) => Math.max(60, ms * speed);
  const [head] = ev.action.split(" ");
  let ms = 0;
  const from = seatRect(ev.seat);
  if (head === "play" || (head === "blind" && ev.fit !== false)) {
    if (ev.burn) ms = flyToPile(v, ev, from, dur(ANIM.play), true) + burnFlare(before, ev, dur(ANIM.burn));
    else ms = flyToPile(v, ev, from, dur(ANIM.play), false);
    // The refill starts while the played cards are still landing.
    if (ev.drew) ms = Math.max(ms, drawFromDeck(ev, dur(ANIM.draw), ms * 0.6));
  } else if (head === "pickup" || (head === "blind" && ev.fit === false)) {
    ms = pileToSeat(before, ev, from, dur(ANIM.pickup));
  } else if (head === "swap") {
    ms = dur(250);
    pulse(document.querySelector(`.p-seat[data-seat="${ev.seat}"] .p-table`), ms);
  }
  return ms / Math.max(speed, 0.01) + hold;
}

function ghost(card, rect, cls = "") {
  const el = card ? cardElement(card) : cardBack();
  el.classList.add("p-ghost");
  if (cls) el.classList.add(cls);
  el.style.left = `${rect.left}px`;
  el.style.top = `${rect.top}px`;
  el.style.width = `${rect.width}px`;
  el.style.height = `${rect.height}px`;
  document.body.append(el);
  return el;
}

// The played cards travel from the player's seat to the pile (or, for a burn, to where the
// pile was, before it flares away).
function flyToPile(v, ev, from, ms, burn) {
  if (!from) return 0;
  const played = ev.action.startsWith("blind") ? [ev.blind_card] : ev.action.split(" ").slice(1);
  const pileEl = $("#p-pile");
  const target = pileEl.getBoundingClientRect();
  const src = centre(from);
  if (!burn) {
    const cards = [...pileEl.querySelectorAll(".card")].slice(-played.length);
    cards.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const c = centre(r);
      el.animate(
        [
          { transform: `translate(${src.x - c.x}px, ${src.y - c.y}px) scale(0.6) rotate(-12deg)`, opacity: 0.4 },
          { transform: el.style.transform || "none", opacity: 1 },
        ],
        { duration: ms, delay: i * 60, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
      );
    });
    return ms + played.length * 60;
  }
  const dst = centre(target);
  played.forEach((card, i) => {
    const g = ghost(card, { left: src.x - 37, top: src.y - 53, width: 74, height: 106 });
    g.animate(
      [
        { transform: "scale(0.6) rotate(-12deg)", opacity: 0.5 },
        { transform: `translate(${dst.x - src.x + i * 14}px, ${dst.y - src.y}px) rotate(${i * 4}deg)`, opacity: 1 },
      ],
      { duration: ms, delay: i * 60, easing: "cubic-bezier(.2,.7,.3,1)", fill: "forwards" },
    ).finished.then(() => g.remove(), () => g.remove());
  });
  return ms + played.length * 60;
}

// A burn: the old pile (and the burning cards) flare up and vanish.
function burnFlare(before, ev, ms) {
  const pileEl = $("#p-pile");
  const target = pileEl.getBoundingClientRect();
  const cards = before.pileCards.length ? before.pileCards : [{ card: null, rect: target }];
  const delay = ANIM.play * 0.8 * ctx.speed;
  for (const { card, rect } of cards) {
    const g = ghost(card, rect, "p-burning");
    g.animate(
      [
        { transform: "scale(1)", opacity: 1, filter: "brightness(1)" },
        { transform: "scale(1.25) translateY(-12px)", opacity: 0.9, filter: "brightness(1.6) sepia(1) saturate(4) hue-rotate(-20deg)" },
        { transform: "scale(0.4) translateY(-60px)", opacity: 0, filter: "brightness(2) sepia(1) saturate(6)" },
      ],
      { duration: ms, delay, easing: "ease-in", fill: "both" },
    ).finished.then(() => g.remove(), () => g.remove());
  }
  const flare = document.createElement("div");
  flare.className = "p-flare";
  flare.style.left = `${target.left + target.width / 2}px`;
  flare.style.top = `${target.top + target.height / 2}px`;
  flare.textContent = ev.burn === "ten" ? tr("paris.ten_burns", "10 burns!") : tr("paris.four_kind", "Four of a kind!");
  document.body.append(flare);
  flare
    .animate(
      [
        { transform: "translate(-50%, -50%) scale(0.4)", opacity: 0 },
        { transform: "translate(-50%, -50%) scale(1.15)", opacity: 1, offset: 0.3 },
        { transform: "translate(-50%, -90%) scale(1)", opacity: 0 },
      ],
      { duration: ms * 1.4, delay, easing: "ease-out", fill: "both" },
    )
    .finished.then(() => flare.remove(), () => flare.remove());
  return ms + delay;
}

// A pick-up: the cards of the old pile slide to the player and disappear into the hand.
function pileToSeat(before, ev, to, ms) {
  if (!to) return 0;
  const dst = centre(to);
  const cards = before.pileCards;
  cards.forEach(({ card, rect }, i) => {
    const g = ghost(card, rect);
    const c = centre(rect);
    g.animate(
      [
        { transform: "none", opacity: 1 },
        { transform: `translate(${dst.x - c.x}px, ${dst.y - c.y}px) scale(0.55)`, opacity: 0.2 },
      ],
      { duration: ms, delay: i * 40, easing: "cubic-bezier(.4,0,.6,1)", fill: "both" },
    ).finished.then(() => g.remove(), () => g.remove());
  });
  return ms + cards.length * 40;
}

// A refill: card backs fly from the deck to the player.
function drawFromDeck(ev, ms, after) {
  const deck = $("#p-deck .p-stack") ?? $("#p-deck");
  const to = seatRect(ev.seat);
  if (!deck || !to) return 0;
  const r = deck.getBoundingClientRect();
  const src = centre(r);
  const dst = centre(to);
  const n = Math.min(ev.drew, 5);
  for (let i = 0; i < n; i++) {
    const g = ghost(null, { left: src.x - 33, top: src.y - 48, width: 66, height: 96 });
    g.animate(
      [
        { transform: "none", opacity: 1 },
        { transform: `translate(${dst.x - src.x}px, ${dst.y - src.y}px) scale(0.6)`, opacity: 0.3 },
      ],
      { duration: ms, delay: after + i * 70, easing: "ease-in-out", fill: "both" },
    ).finished.then(() => g.remove(), () => g.remove());
  }
  return after + ms + n * 70;
}

function pulse(el, ms) {
  el?.animate([{ filter: "brightness(1.6)" }, { filter: "none" }], { duration: ms });
}

export { cardText, legalParts };
