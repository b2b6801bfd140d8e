// The Paskievics table renderer (spec/paskievics.md): the four seats that play (and a dealer
// sitting out at a table of five), your hand (tarokks, then suits), the talon hand-out, the
// discards with the public tarokk count, the auction, the call and the announcements as lists,
// the trick and the last trick, the legal choices as buttons (a discard of 1–3 cards by
// selecting them), and after the deal the card points, the scoring lines and the scores. It
// reads only the seat's view (PaskievicsView.to_json): the legal choices are the view's `legal`
// strings, never worked out again here.

import { escapeHTML } from "../../api.js";
import { t as tr } from "../../i18n.js";
import { consequence } from "./consequences.js";
import {
  activateCardButton,
  renderChart,
  renderScoreSheet,
  signed,
  scoreClass,
  tagHTML,
} from "../../render.js";
import {
  ITEM_NAME,
  KONTRA_WORDS,
  LEVEL_WORD,
  actionLabel as labelFor,
  cardBack,
  cardElement,
  cardLong,
  cardShort,
  cardsShort,
  describeAction,
  groupOf,
  isCard,
  levelWord,
  sortCards,
} from "./cards.js";
import { activeSeats, breakdown, pointsOf, trickSeats } from "./score.js";
import { cardRects, rectOf, trickMotion } from "../../card_motion.js";
// The game's own columns of the score sheet (static/score_sheet.js).
export { sheetColumns } from "./sheet.js";

const $ = (sel) => document.querySelector(sel);

export const keysHelp =
  "Keys: <kbd>1</kbd>…<kbd>9</kbd> <kbd>0</kbd> <kbd>a</kbd>… pick a listed choice (or a card to discard), " +
  "<kbd>Enter</kbd> confirms a discard, <kbd>H</kbd> hint, <kbd>Esc</kbd> clears a selection.";

const FELT_HTML = `
  <div class="p-status">
    <div class="turn-line" id="turn-line" aria-live="polite"></div>
    <div class="contract-line" id="contract-line"></div>
  </div>
  <div class="pk-seats" id="pk-seats" role="group" aria-label="${tr("paris.others", "The other players")}"></div>
  <div class="pk-center" id="pk-center">
    <div class="pk-trick" id="trick-area" role="group" aria-label="${tr("table.current_trick", "Current trick")}"></div>
    <div class="pk-board" id="pk-board"></div>
  </div>
  <div class="dock" id="dock">
    <div class="action-panel" id="action-panel" aria-live="polite"></div>
    <div class="p-mine">
      <div class="p-seat me" id="pk-me"></div>
      <div class="my-hand" id="my-hand" role="group" aria-label="${tr("table.your_hand", "Your hand")}"></div>
    </div>
  </div>`;

const PANEL_HTML = `
  <h2 id="deal-title">This deal</h2>
  <dl class="info-list" id="deal-info"></dl>
  <h3 id="auction-title">Auction</h3>
  <ol class="pk-list" id="pk-auction" aria-labelledby="auction-title" tabindex="0"></ol>
  <h3 id="announce-title">Call and announcements</h3>
  <ol class="pk-list" id="pk-announce" aria-labelledby="announce-title" tabindex="0"></ol>
  <h3 id="last-title">Last trick</h3>
  <div class="pk-last" id="pk-last" role="group" aria-labelledby="last-title"><span class="hint-text">No trick yet.</span></div>`;

// The renderer's own state: the cards chosen to discard, and the context of the last render.
let selected = [];
let ctx = null;
// Card movement (card_motion.js): the trick as last drawn, to see what the new state played.
const motion = trickMotion();
let drawnTrick = null;

const st = () => ctx.state;
const me = () => ctx.me;

export function mount(felt, panel) {
  // The page loads style.css (the game's `styles`, GET /api/games) before it mounts this.
  felt.className = "felt around pk";
  felt.innerHTML = FELT_HTML;
  panel.innerHTML = PANEL_HTML;
  panel.setAttribute("aria-labelledby", "deal-title");
}

export function onAction(what) {
  if (what === "ack" || what === "reject" || what === "new-hand" || what === "not-my-turn") selected = [];
}

export function actionLabel(action) {
  return labelFor(action, ctx?.state?.view?.phase ?? null);
}

export function describeEvent(seat, action, names) {
  return describeAction(names[seat] ?? `Seat ${seat}`, action);
}

export function phaseOf(s) {
  if (s.deal_over) return "over";
  return s.view?.phase ?? "none";
}

// The table shell shows the speed setting: played cards fly to the trick, tricks sweep away.
export const animated = true;

export function render(view, c) {
  ctx = c;
  // Nobody is "you" in a replay: the bottom seat's talon cards are not "You got".
  const v = ctx.replay ? { ...view, talon_received: null } : view;
  const before = cardRects($("#felt") ?? document);
  renderSeats(v);
  renderStatus(v);
  renderCenter(v);
  renderMine(v);
  renderPanel(v);
  renderInfo(v);
  return moveCards(v, before);
}

// ------------------------------------------------------------------ card movement

// What the trick looks like in a view: the deal, the finished tricks, the cards on the table.
function trickOf(v) {
  if (!v) return null;
  // Between deals the table already counts the next one: the result belongs to the one that ended.
  const deal = st().deal_over?.deal ?? st().table.deal_number;
  return { deal, done: v.tricks.length, trick: v.trick.length };
}

// The card the new state played, if it played exactly one: { seat, card, done }.
function playedCard(old, v) {
  const now = trickOf(v);
  if (!old || !now || old.deal !== now.deal) return null;
  if (now.done === old.done && now.trick === old.trick + 1) {
    const seat = trickSeats(v, currentLeader(v))[v.trick.length - 1];
    return { seat, card: v.trick[v.trick.length - 1], done: null };
  }
  const last = v.tricks[v.tricks.length - 1];
  if (now.done === old.done + 1 && now.trick === 0 && old.trick === last.cards.length - 1) {
    const seat = trickSeats(v, last.leader)[last.cards.length - 1];
    const done = { key: `${now.deal}:${now.done}`, winner: last.winner };
    return { seat, card: last.cards[last.cards.length - 1], done };
  }
  return null;
}

function moveCards(v, before) {
  const old = drawnTrick;
  drawnTrick = trickOf(v);
  const area = $("#trick-area");
  const bottom = Number($("#pk-me")?.dataset.seat ?? me() ?? 0);
  const shownDone = v && !v.trick.length && v.tricks.length ? `${drawnTrick.deal}:${v.tricks.length}` : null;
  return motion.after(playedCard(old, v), {
    speed: ctx.speed,
    before,
    area,
    shownDone,
    slotEls: () => [...area.querySelectorAll(".pk-slot[data-seat]")],
    slotOf: (s) => area.querySelector(`.pk-slot[data-seat="${s}"]`),
    // Your cards come from your hand; the others' from their seats.
    seatRect: (s) =>
      s === bottom
        ? (rectOf($("#my-hand")) ?? rectOf($("#pk-me")))
        : rectOf(document.querySelector(`#pk-seats .pk-seat[data-seat="${s}"]`)),
  });
}

// ------------------------------------------------------------------ the replay page

// What was just done, in words (the status line says who is to act next).
export function describeStep(action, before, after, names) {
  return describeAction(names[action.seat], action.action, before.phase);
}

// How a deal went, for the replay's list of deals.
export function handSummary(hand, names) {
  const end = hand.steps[hand.steps.length - 1];
  if (end.thrown_in) return tr("pkreplay.thrown_in", "thrown in");
  return end.bid && end.declarer !== null ? `${LEVEL_WORD[end.bid]} · ${names[end.declarer]}` : "";
}

// Every hand face up in a replay (the renderer draws the other seats' backs during a deal),
// and no choice panel before the deal's end: a replay has nothing to choose.
export function replayDecorate(view, c, { over }) {
  const names = c.names;
  // A long auction or announcement round scrolls in its box: reachable by the keyboard too.
  for (const id of ["#pk-auction", "#pk-announce"]) document.querySelector(id)?.setAttribute("tabindex", "0");
  for (const box of document.querySelectorAll("#pk-seats .pk-seat[data-seat]")) {
    const s = Number(box.dataset.seat);
    const hand = box.querySelector(".pk-opp-hand");
    if (!hand || hand.classList.contains("open")) continue;
    hand.replaceChildren();
    hand.classList.add("open");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", tr("pkreplay.holds", "{name} holds", { name: names[s] }));
    for (const card of sortCards(view.hands_now?.[s] ?? [])) hand.append(cardElement(card, { small: true }));
  }
  if (!over) document.querySelector("#action-panel")?.replaceChildren();
  const mine = document.querySelector("#my-hand");
  if (!mine || mine.childElementCount) return;
  // The renderer draws seat 0 at the bottom when nobody is "you" (or the first player when
  // seat 0 deals out of five); at the deal's end it shows its dealt cards, like the others.
  const bottom = Number(document.querySelector("#pk-me")?.dataset.seat ?? 0);
  mine.setAttribute("aria-label", tr("pkreplay.holds", "{name} holds", { name: names[bottom] }));
  let prev = null;
  const cards = over ? (over.hands?.[bottom] ?? []) : (view.hands_now?.[bottom] ?? []);
  for (const card of sortCards(cards)) {
    if (prev && prev !== groupOf(card)) {
      const gap = document.createElement("span");
      gap.className = "suit-gap";
      mine.append(gap);
    }
    prev = groupOf(card);
    mine.append(cardElement(card));
  }
}

export function renderScores(table, chart, legend, sheet, names) {
  // A row's game bid is shown by its word (Three … Solo), beside its declarer.
  renderScoreSheet(table, sheet, names, { short: (c) => LEVEL_WORD[c] ?? c });
  const many = sheet.length > 0;
  chart.hidden = !many;
  legend.hidden = !many;
  if (many) renderChart(chart, legend, sheet, names, null);
}

export function gameOverHTML(t, names, meSeat) {
  const totals = t.totals ?? names.map(() => 0);
  const top = Math.max(...totals);
  const leaders = totals.map((x, s) => (x === top ? s : -1)).filter((s) => s >= 0);
  let head = tr("over.over", "The game is over.");
  if (leaders.length === 1)
    head =
      leaders[0] === meSeat
        ? tr("over.you_won", "You won the game!")
        : tr("over.wins", "{name} wins the game.", { name: names[leaders[0]] });
  else head = tr("pk.tie", "A tie at the top: {names}.", { names: leaders.map((s) => names[s]).join(", ") });
  const played = (t.score_sheet ?? []).length;
  return `<p class="result-line" id="gameover-result">${escapeHTML(head)}</p>
    <table class="scores" id="gameover-totals"><thead><tr>${names.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("")}</tr></thead>
    <tbody><tr>${totals.map((x) => `<td>${x}</td>`).join("")}</tr></tbody></table>
    <p class="hint-text">${played} deal${played === 1 ? "" : "s"} played.</p>`;
}

export function onKey(ev) {
  const v = st()?.view;
  if (ev.key === "Enter" && v?.phase === "discard" && ctx.myTurn) {
    const b = $("#confirm-discard");
    if (b && !b.disabled) {
      ev.preventDefault();
      b.click();
      return true;
    }
    return false;
  }
  if (ev.key === "Escape" && selected.length) {
    selected = [];
    ctx.rerender();
    return true;
  }
  return false;
}

export function onChoiceKey(el) {
  if (st()?.view?.phase === "discard") el.click();
  else el.focus();
}

// Outline the hint: a card, the cards of a discard, or a button.
export function markHint(action) {
  for (const el of document.querySelectorAll("#felt .hinted")) el.classList.remove("hinted");
  const [head, ...rest] = action.split(" ");
  if (head === "discard") {
    for (const card of rest) document.querySelector(`#my-hand .card[data-card="${card}"]`)?.classList.add("hinted");
    return;
  }
  const el = isCard(action)
    ? document.querySelector(`#my-hand .card[data-card="${action}"]`)
    : document.querySelector(`#action-panel [data-action="${action}"]`);
  el?.classList.add("hinted");
}

// ------------------------------------------------------------------ what the view implies

// How many cards a seat holds now: 9 dealt, the talon cards received, less discards and plays.
function handCount(v, s) {
  if (!activeSeats(v).includes(s)) return 0;
  let n = 9 + (v.talon_split ? v.talon_split[s] ?? 0 : 0);
  const d = v.discards[s];
  n -= Array.isArray(d) ? d.length : d;
  for (const t of v.tricks) if (trickSeats(v, t.leader).includes(s)) n -= 1;
  if (v.trick.length) {
    const leader = currentLeader(v);
    n -= trickSeats(v, leader).slice(0, v.trick.length).includes(s) ? 1 : 0;
  }
  return Math.max(0, n);
}

// Who led the trick on the table: forehand first, then the last trick's winner.
function currentLeader(v) {
  return v.tricks.length ? v.tricks[v.tricks.length - 1].winner : v.forehand;
}

// How many talon cards a seat received (talon_split is by seat).
function received(v, s) {
  if (!v.talon_split) return null;
  return v.talon_split[s] ?? 0;
}

// The actions of the deal split into its rounds: auction, discards, announcements, play.
function rounds(v) {
  const out = { auction: [], discards: [], announce: [], play: [] };
  let stage = "auction";
  for (const a of v.actions) {
    const head = a.action.split(" ")[0];
    if (head === "discard" || head === "annul") {
      out.discards.push(a);
      stage = "discards";
      continue;
    }
    if (isCard(a.action)) {
      out.play.push(a);
      stage = "play";
      continue;
    }
    if (head === "call" || stage !== "auction") {
      stage = "announce";
      out.announce.push(a);
      continue;
    }
    out.auction.push(a);
  }
  return out;
}

function sideOf(v, s) {
  return v.sides?.[String(s)] ?? null;
}

// ------------------------------------------------------------------ seats

function seatTags(v, s) {
  const tags = ctx.commonTags(s);
  if (!v) return tags;
  const act = activeSeats(v);
  if (!act.includes(s)) tags.push(tagHTML("passed", tr("pk.sits_out", "sits out")));
  if (v.forehand === s) tags.push(tagHTML("bot", tr("pk.forehand", "forehand")));
  if (v.declarer === s)
    tags.push(tagHTML("declarer", `${tr("tag.declarer", "declarer")}${v.bid ? ` · ${LEVEL_WORD[v.bid]}` : ""}`));
  const side = sideOf(v, s);
  if (v.partner === s && !v.alone) tags.push(tagHTML("whist", tr("pk.partner_tag", "partner")));
  else if (side === "defenders") tags.push(tagHTML("passed", tr("pk.defender", "defender")));
  if (v.phase === "bidding" || v.phase === "raise") {
    const last = [...rounds(v).auction].reverse().find((a) => a.seat === s);
    if (last)
      tags.push(
        tagHTML(
          last.action === "pass" ? "passed" : "whist",
          last.action === "pass"
            ? tr("tag.passed", "passed")
            : last.action === "hold"
              ? tr("pk.holds", "holds")
              : tr("tag.bid", "bid {contract}", { contract: LEVEL_WORD[last.action] ?? last.action }),
        ),
      );
  }
  for (const c of v.tarokk_counts)
    if (c.seat === s) tags.push(tagHTML("declarer", tr("pk.n_tarokks", "{n} tarokks", { n: c.count })));
  return tags;
}

function seatStats(v, s) {
  const parts = [];
  const r = received(v, s);
  if (r !== null && activeSeats(v).includes(s)) parts.push(`talon <b>${r}</b>`);
  const d = v.discards[s];
  const dn = Array.isArray(d) ? d.length : d;
  if (dn) {
    const t = v.discarded_tarokks ? v.discarded_tarokks[s] : null;
    parts.push(`discarded <b>${dn}</b>${t ? ` (${t} tarokk${t === 1 ? "" : "s"})` : ""}`);
  }
  if (v.phase === "play" || v.tricks.length) parts.push(`tricks <b>${v.tricks.filter((t) => t.winner === s).length}</b>`);
  return parts.join(" · ");
}

function seatBox(v, s, mine) {
  const el = document.createElement("div");
  el.className = "p-seat pk-seat";
  el.dataset.seat = String(s);
  const over = st().deal_over;
  el.classList.toggle("turn", !!(v && v.to_act === s && !over));
  if (v && !activeSeats(v).includes(s)) el.classList.add("out");
  const tags = seatTags(v, s).join("");
  el.innerHTML = `<div class="who"><span class="nick">${escapeHTML(ctx.labels[s])}</span>
    <span class="hint-text" style="color:inherit;opacity:.75">seat ${s}</span></div>${tags ? `<div class="tags">${tags}</div>` : ""}`;
  if (!v) return el;
  const stats = seatStats(v, s);
  if (stats) el.insertAdjacentHTML("beforeend", `<div class="stat">${stats}</div>`);
  if (mine) return el;
  const hand = document.createElement("div");
  hand.className = "opp-hand pk-opp-hand";
  // A labelled group, as the generic seats draw it: a plain div may not carry an aria-label
  // (axe: aria-prohibited-attr), and the open cards inside keep their own names.
  hand.setAttribute("role", "group");
  const dealt = over?.hands?.[s];
  if (dealt && dealt.length) {
    hand.setAttribute("aria-label", `${ctx.labels[s]}'s dealt cards`);
    hand.classList.add("open");
    for (const c of sortCards(dealt)) hand.append(cardElement(c, { small: true }));
  } else {
    const n = handCount(v, s);
    hand.setAttribute("aria-label", `${ctx.labels[s]} holds ${n} cards`);
    for (let i = 0; i < n; i++) hand.append(cardBack({ small: true }));
  }
  el.append(hand);
  return el;
}

function renderSeats(v) {
  const box = $("#pk-seats");
  box.replaceChildren();
  const n = ctx.state.table.seats.length;
  const bottom = me() ?? 0;
  // Round the table in playing order from the seat after the viewer.
  for (let i = 1; i < n; i++) box.append(seatBox(v, (bottom + i) % n, false));
  const mine = $("#pk-me");
  mine.replaceWith(Object.assign(seatBox(v, bottom, true), { id: "pk-me" }));
  $("#pk-me").classList.add("me");
}

// ------------------------------------------------------------------ status and centre

function phaseVerb(phase) {
  return (
    {
      bidding: tr("verb.bid", "bid"),
      raise: tr("pk.verb_raise", "choose the game"),
      discard: tr("verb.discard", "discard"),
      announce: tr("pk.verb_announce", "call or announce"),
      play: tr("verb.play", "play"),
    }[phase] ?? phase
  );
}

function renderStatus(v) {
  const t = st().table;
  const nm = ctx.names;
  let text = "";
  if (t.status === "waiting") text = tr("status.waiting", "Waiting for players to sit down");
  else if (t.status === "over") text = tr("status.over", "The game is over");
  else if (st().deal_over)
    text = v?.thrown_in ? tr("pk.thrown_in", "Thrown in — the same dealer deals again") : tr("status.deal_over", "Deal over");
  else if (v && v.to_act !== null && v.to_act !== undefined) {
    text =
      v.to_act === me()
        ? ctx.pending
          ? tr("status.sending", "Sending…")
          : tr("status.your_turn", "Your turn to {verb}", { verb: phaseVerb(v.phase) })
        : tr("status.their_turn", "{name} to {verb}…", { name: nm[v.to_act], verb: phaseVerb(v.phase) });
  }
  $("#turn-line").innerHTML = `<span id="turn-text">${escapeHTML(text)}</span><span class="countdown" id="countdown" hidden></span>`;
  let line = "";
  if (v && v.declarer !== null && v.declarer !== undefined && v.bid) {
    line = `${escapeHTML(nm[v.declarer])} plays ${LEVEL_WORD[v.bid]}`;
    if (v.called) line += ` · called ${escapeHTML(cardLong(v.called))}`;
    if (v.partner !== null && v.partner !== undefined)
      line += v.alone ? " · plays alone" : ` · partner ${escapeHTML(nm[v.partner])}`;
    if (v.game_kontra) line += ` · game ${levelWord(v.game_kontra)}`;
  } else if (v && v.phase === "bidding") {
    const bids = rounds(v).auction.filter((a) => LEVEL_WORD[a.action]);
    line = escapeHTML(
      bids.length
        ? tr("pk.highest_bid", "Highest bid: {level}", { level: LEVEL_WORD[bids[bids.length - 1].action] })
        : tr("status.no_bid", "Bidding: nobody has bid yet"),
    );
  }
  if (v && v.multiplier > 1) line += `${line ? " · " : ""}doubled round ×${v.multiplier}`;
  $("#contract-line").innerHTML = line;
}

function trickHTML(v, cards, leader, winner) {
  const seats = trickSeats(v, leader);
  const wrap = document.createElement("div");
  wrap.className = "pk-trick-cards";
  cards.forEach((c, i) => {
    const slot = document.createElement("div");
    slot.className = "pk-slot";
    if (seats[i] === winner) slot.classList.add("winner");
    slot.dataset.seat = String(seats[i]);
    slot.append(cardElement(c));
    const who = document.createElement("span");
    who.className = "who-played";
    who.textContent = ctx.names[seats[i]];
    slot.append(who);
    wrap.append(slot);
  });
  return wrap;
}

function renderCenter(v) {
  const el = $("#trick-area");
  el.replaceChildren();
  const board = $("#pk-board");
  board.replaceChildren();
  if (!v) return;
  if (v.trick.length) {
    el.append(trickHTML(v, v.trick, currentLeader(v), null));
    el.insertAdjacentHTML("afterbegin", `<div class="pk-caption">Trick ${v.tricks.length + 1} of 9</div>`);
  } else if (v.tricks.length) {
    const last = v.tricks[v.tricks.length - 1];
    el.append(trickHTML(v, last.cards, last.leader, last.winner));
    el.insertAdjacentHTML("afterbegin", `<div class="pk-caption">Trick ${v.tricks.length}: ${escapeHTML(ctx.names[last.winner])} wins</div>`);
  } else if (v.phase === "bidding" || v.phase === "raise") {
    const talon = document.createElement("div");
    talon.className = "pk-talon";
    for (let i = 0; i < 6; i++) talon.append(cardBack({ small: true }));
    el.append(talon);
    el.insertAdjacentHTML("afterbegin", `<div class="pk-caption">The talon (6 cards)</div>`);
  }
  // The talon hand-out and the discards, as far as this seat may know them.
  const rows = [];
  if (v.talon_split) {
    const act = activeSeats(v);
    rows.push(
      `<div class="pk-row"><span class="pk-label">Talon</span> ${act
        .map((s) => `${escapeHTML(ctx.names[s])} ${v.talon_split[s]}`)
        .join(" · ")}</div>`,
    );
  }
  const mine = v.talon_received;
  if (Array.isArray(mine) && mine.length && typeof mine[0] === "string")
    rows.push(`<div class="pk-row"><span class="pk-label">You got</span> ${escapeHTML(cardsShort(mine))}</div>`);
  if (v.declarer_discarded_tarokks?.length)
    rows.push(
      `<div class="pk-row"><span class="pk-label">Declarer discarded</span> ${escapeHTML(cardsShort(v.declarer_discarded_tarokks))}</div>`,
    );
  if (v.discarded_tarokks) {
    const act = activeSeats(v);
    rows.push(
      `<div class="pk-row"><span class="pk-label">Tarokks discarded</span> ${act
        .map((s) => `${escapeHTML(ctx.names[s])} ${v.discarded_tarokks[s]}`)
        .join(" · ")}</div>`,
    );
  }
  board.innerHTML = rows.join("");
}

// ------------------------------------------------------------------ your hand

function renderMine(v) {
  const el = $("#my-hand");
  el.replaceChildren();
  const s = me();
  if (!v) return;
  if (s === null) {
    el.setAttribute("aria-label", tr("pk.watching_no_hand", "You are watching: no hand"));
    return;
  }
  el.setAttribute("aria-label", tr("table.your_hand", "Your hand"));
  const over = st().deal_over;
  if (over?.hands?.[s]?.length) {
    // The deal is over: the cards you were dealt, face up like everybody's.
    el.setAttribute("aria-label", tr("pk.dealt_cards", "Your dealt cards"));
    for (const c of sortCards(over.hands[s])) el.append(cardElement(c));
    return;
  }
  const turn = ctx.myTurn && !ctx.pending && !over;
  const legal = new Set(turn ? v.legal : []);
  const discarding = turn && v.phase === "discard";
  const discardable = new Set();
  if (discarding) for (const a of v.legal) if (a.startsWith("discard ")) for (const c of a.split(" ").slice(1)) discardable.add(c);
  const playing = turn && v.phase === "play";
  const fresh = new Set(Array.isArray(v.talon_received) && typeof v.talon_received[0] === "string" ? v.talon_received : []);
  let prev = null;
  let k = 0;
  for (const c of sortCards(v.hand ?? [])) {
    if (prev && prev !== groupOf(c)) {
      const gap = document.createElement("span");
      gap.className = "suit-gap";
      el.append(gap);
    }
    prev = groupOf(c);
    if (!(discarding || playing)) {
      const d = cardElement(c);
      if (fresh.has(c) && v.phase === "discard") d.classList.add("pk-fresh");
      el.append(d);
      continue;
    }
    const b = cardElement(c, { button: true });
    if (fresh.has(c) && discarding) b.classList.add("pk-fresh");
    const ok = discarding ? discardable.has(c) : legal.has(c);
    if (ok) {
      const click = discarding
        ? { selected: selected.includes(c), onClick: () => toggleDiscard(c) }
        : { onClick: () => ctx.sendAction(c) };
      activateCardButton(b, ctx.KEYS[k++], ctx.bindKey, click);
    } else {
      b.disabled = true;
    }
    el.append(b);
  }
}

// How many cards this seat must discard: as many as it took from the talon.
function discardCount(v) {
  const r = v.talon_received;
  return Array.isArray(r) && typeof r[0] === "string" ? r.length : 0;
}

function selectedDiscard(v) {
  if (selected.length !== discardCount(v)) return null;
  const a = `discard ${sortCards(selected).join(" ")}`;
  return v.legal.includes(a) ? a : null;
}

function toggleDiscard(card) {
  const v = st().view;
  const k = discardCount(v);
  if (selected.includes(card)) selected = selected.filter((c) => c !== card);
  else if (selected.length < k) selected = [...selected, card];
  else selected = [...selected.slice(1), card];
  ctx.rerender();
  document.querySelector(`#my-hand .card[data-card="${card}"]`)?.focus();
}

// ------------------------------------------------------------------ the action panel

function choiceButton(action, key, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  if (primary) b.classList.add("primary");
  b.innerHTML = `${key ? `<kbd>${key}</kbd> ` : ""}${escapeHTML(actionLabel(action))}`;
  // What the choice costs or brings, from the rules and the contract (consequences.js).
  const why = consequence(action, st().view, st().table?.rules ?? {});
  if (why) {
    b.title = why;
    b.insertAdjacentHTML("beforeend", `<span class="why">${escapeHTML(why)}</span>`);
  }
  if (key) {
    b.setAttribute("aria-keyshortcuts", key);
    ctx.bindKey(key, b);
  }
  b.disabled = ctx.pending;
  b.addEventListener("click", () => ctx.sendAction(action));
  return b;
}

// The order of the listed choices: the main ones first, pass last.
function choiceRank(a) {
  const head = a.split(" ")[0];
  if (head === "pass") return 100;
  if (LEVEL_WORD[head]) return 10 + Object.keys(LEVEL_WORD).indexOf(head);
  if (head === "hold") return 5;
  if (head === "call") return 20;
  if (head === "tarokks") return 30;
  if (KONTRA_WORDS.includes(head)) return 50 + KONTRA_WORDS.indexOf(head);
  if (head === "annul") return 90;
  return 40;
}

function renderPanel(v) {
  const el = $("#action-panel");
  el.replaceChildren();
  const t = st().table;
  const over = st().deal_over;
  if (t.status === "waiting") {
    el.append(ctx.waitingBanner());
    return;
  }
  if (over && v) {
    el.append(dealResult(v, over));
    return;
  }
  if (!v) return;
  if (!ctx.myTurn) {
    if (me() === null)
      el.innerHTML = `<span class="hint-text" style="color:#e8e2cc">${escapeHTML(tr("table.you_watch", "You are watching."))}</span>`;
    return;
  }
  const prompt = document.createElement("div");
  prompt.className = "prompt";
  if (v.phase === "play") {
    prompt.textContent = v.trick.length
      ? tr("pk.prompt_play", "Play a card (the highlighted cards are legal).")
      : tr("pk.prompt_lead", "Your lead: play a highlighted card.");
    el.append(prompt);
    return;
  }
  const choices = document.createElement("div");
  choices.className = "choices";
  if (v.phase === "discard") {
    const k = discardCount(v);
    prompt.textContent = tr(
      "pk.prompt_discard",
      { one: "Choose {count} card to discard (kings and honours stay), then confirm (Enter).", other: "Choose {count} cards to discard (kings and honours stay), then confirm (Enter)." },
      { count: k },
    );
    const row = document.createElement("div");
    row.className = "prikup-show";
    const shown = document.createElement("span");
    shown.id = "pk-selection";
    shown.textContent = `${tr("prompt.discard_label", "Discard:")} ${selected.length ? cardsShort(selected) : "—"}`;
    const a = selectedDiscard(v);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "primary";
    b.id = "confirm-discard";
    b.disabled = !a || ctx.pending;
    if (a) b.dataset.action = a;
    b.innerHTML = `${escapeHTML(tr("pk.discard_these", { one: "Discard this card", other: "Discard these {count}" }, { count: k }))} <kbd>Enter</kbd>`;
    b.addEventListener("click", () => {
      const chosen = selectedDiscard(st().view);
      if (chosen) ctx.sendAction(chosen);
    });
    row.append(shown, b);
    el.append(prompt, row);
    if (v.legal.includes("annul")) {
      choices.append(choiceButton("annul", null));
      el.append(choices);
    }
    return;
  }
  const legal = [...v.legal].sort((a, b) => choiceRank(a) - choiceRank(b));
  prompt.textContent =
    {
      bidding: tr("pk.prompt_bid", "Your bid (a lower number takes fewer talon cards and is worth more):"),
      raise: tr("pk.prompt_raise", "You are the only bidder: choose the game you play."),
      announce: legal.some((a) => a.startsWith("call "))
        ? tr("pk.prompt_call", "Call your partner's tarokk:")
        : tr("pk.prompt_announce", "Announce, kontra or pass:"),
    }[v.phase] ?? tr("prompt.choice", "Your choice:");
  legal.forEach((a, i) => choices.append(choiceButton(a, ctx.KEYS[i], i === 0 && a !== "pass")));
  el.append(prompt, choices);
}

// The engine's scoring lines (score_lines.py): the value's lines to the declarer's side,
// then what each seat gets from the value and the tarokk counts, and the round's multiplier.
function engineLines(lines, nm) {
  const say = (l) => {
    const params = { ...l.params };
    if (params.seat !== undefined && params.seat !== null) params.seat = nm[params.seat] ?? params.seat;
    return escapeHTML(tr(l.key, l.english, params));
  };
  const cell = (x) => `<td class="${scoreClass(x)}">${signed(x)}</td>`;
  const rows = lines.value.map((l) => `<tr><td>${say(l)}</td>${cell(l.amount)}</tr>`).join("");
  let html = `<table class="pk-lines" id="pk-lines" aria-label="${escapeHTML(tr("pk.lines.label", "Scoring lines (to the declarer's side)"))}"><tbody>${rows}
    <tr class="pk-total"><th scope="row">${escapeHTML(tr("pk.lines.value", "Value to the declarer's side"))}</th><td>${signed(lines.value_total)}</td></tr></tbody></table>`;
  const head = nm.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("");
  const seatRows = lines.seats.map((l) => `<tr><th scope="row">${say(l)}</th>${l.amounts.map(cell).join("")}</tr>`).join("");
  const times =
    lines.multiplier > 1
      ? `<tr><th scope="row">${escapeHTML(tr("pk.lines.multiplier", "Doubled round: every score ×{m}", { m: lines.multiplier }))}</th>${nm.map(() => "<td></td>").join("")}</tr>`
      : "";
  html += `<table class="pk-settle" id="pk-settle" aria-label="${escapeHTML(tr("pk.lines.settle", "Settlement per player"))}"><thead><tr><td></td>${head}</tr></thead><tbody>${seatRows}${times}</tbody></table>`;
  return html;
}

// The end of a deal: how it ended, card points, the lines of the value, the scores.
function dealResult(v, over) {
  const nm = ctx.names;
  const box = document.createElement("div");
  box.className = "deal-result pk-result";
  box.id = "deal-result";
  const rules = st().table.rules ?? {};
  let html = "";
  if (v.thrown_in) {
    const why =
      v.thrown_in === "annulled" && v.annulled
        ? `${escapeHTML(nm[v.annulled.seat])} annulled the deal (${escapeHTML(cardsShort(v.annulled.hand))})`
        : { "pass-out": "everybody passed", "trial-failed": "the trial bid failed: no honour after the talon" }[v.thrown_in] ?? escapeHTML(v.thrown_in);
    html += `<div class="result-line">Thrown in: ${why}.</div>`;
  } else {
    const decl = nm[v.declarer];
    const team = v.alone ? `${escapeHTML(decl)} alone` : `${escapeHTML(decl)} and ${escapeHTML(nm[v.partner])}`;
    const b = breakdown(v, rules);
    box.dataset.breakdown = b ? (b.ok ? "ok" : "differs") : "none";
    if (b?.facts) {
      const f = b.facts;
      html += `<div class="result-line" id="pk-points">${team} (${LEVEL_WORD[v.bid]}): <b>${f.pointsD}</b> card points, the defenders <b>${94 - f.pointsD}</b> · tricks ${f.tricksD}–${9 - f.tricksD}</div>`;
    } else html += `<div class="result-line">${team} (${LEVEL_WORD[v.bid]})</div>`;
    const lines = v.score_lines; // the engine's own breakdown (score_lines.py)
    if (lines) {
      const sum = lines.value.reduce((n, l) => n + l.amount, 0);
      box.dataset.breakdown = sum === lines.value_total ? "ok" : "differs";
      html += engineLines(lines, nm);
    } else if (b && b.ok) {
      const rows = b.lines
        .map((l) => `<tr><td>${escapeHTML(l.text)}</td><td class="${scoreClass(l.amount)}">${signed(l.amount)}</td></tr>`)
        .join("");
      html += `<table class="pk-lines" id="pk-lines" aria-label="Scoring lines (to the declarer's side)"><tbody>${rows}
        <tr class="pk-total"><th scope="row">Value to the declarer's side</th><td>${signed(v.value)}</td></tr></tbody></table>`;
    } else html += `<div>Value to the declarer's side: <b>${signed(v.value)}</b></div>`;
    const notes = [];
    if (v.tarokk_counts.length && !lines)
      notes.push(
        `tarokk counts: ${v.tarokk_counts.map((c) => `${escapeHTML(nm[c.seat])} ${c.count}`).join(", ")} (${rules.tarokk_count_payment === "team" ? "for the team" : "paid by each other player"})`,
      );
    if (v.alone && !lines) notes.push("a lone declarer wins or pays three times");
    if (v.multiplier > 1 && !lines) notes.push(`doubled round: ×${v.multiplier}`);
    if (notes.length) html += `<div class="hint-text pk-notes">${notes.join(" · ")}</div>`;
  }
  const scores = over.scores ?? v.scores;
  if (scores)
    html += `<table aria-label="Deal scores"><tr>${nm.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("")}</tr>
      <tr>${scores.map((x) => `<td class="${scoreClass(x)}">${signed(x)}</td>`).join("")}</tr></table>`;
  box.innerHTML = html;
  // The talon and the discards, face up: what was hidden during the deal.
  const extra = document.createElement("div");
  extra.className = "deal-cards";
  const groups = [["Talon", over.talon ?? []]];
  (over.discards ?? []).forEach((d, s) => {
    if (d.length) groups.push([`${nm[s]} discarded (${pointsOf(d)} pts)`, d]);
  });
  for (const [what, cards] of groups) {
    if (!cards.length) continue;
    const group = document.createElement("span");
    group.className = "deal-cards-group";
    group.innerHTML = `<span class="deal-cards-label">${escapeHTML(what)}:</span>`;
    for (const c of sortCards(cards)) group.append(cardElement(c, { small: true }));
    extra.append(group);
  }
  if (extra.childElementCount) box.append(extra);
  if (ctx.dealEndControls) box.append(ctx.dealEndControls());
  return box;
}

// ------------------------------------------------------------------ the side panel

function renderInfo(v) {
  const t = st().table;
  const nm = ctx.names;
  const rows = [];
  if (!v) {
    rows.push([tr("common.deal", "Deal"), t.status === "waiting" ? "—" : String(t.deal_number)]);
  } else {
    rows.push([tr("pk.forehand_row", "Forehand"), nm[v.forehand]]);
    if (v.bid) rows.push([tr("lobby.game", "Game"), tr("pk.level_by", "{level} by {name}", { level: LEVEL_WORD[v.bid], name: nm[v.declarer] })]);
    if (v.invitation) rows.push(["Invitation", `${nm[v.invitation.by]} showed ${cardShort(v.invitation.card)} (${v.invitation.kind})`]);
    if (v.called) rows.push([tr("pk.called", "Called"), cardLong(v.called)]);
    if (v.partner !== null && v.partner !== undefined)
      rows.push([tr("pk.partner", "Partner"), v.alone ? tr("pk.alone", "none: the declarer plays alone") : nm[v.partner]]);
    else if (v.called) rows.push([tr("pk.partner", "Partner"), tr("pk.secret", "secret")]);
    if (v.game_kontra) rows.push([tr("lobby.game", "Game"), levelWord(v.game_kontra)]);
    // Each side's announcements on one line, each with its kontra level.
    for (const [side, label] of [
      ["declarer", "Declarer's side"],
      ["defenders", "Defenders"],
    ]) {
      const items = v.announcements
        .filter((a) => a.side === side && a.item !== "game")
        .map((a) => `${ITEM_NAME[a.item]}${a.level ? ` (${levelWord(a.level)})` : ""}`);
      if (items.length) rows.push([label, items.join(", ")]);
    }
    if (v.multiplier > 1) rows.push([tr("pk.multiplier", "Multiplier"), `×${v.multiplier}`]);
    const mine = me() !== null ? v.discards[me()] : null;
    if (Array.isArray(mine) && mine.length) rows.push([tr("info.your_discards", "Your discards"), cardsShort(mine)]);
  }
  $("#deal-info").innerHTML = rows.map(([k, val]) => `<dt>${escapeHTML(k)}</dt><dd>${escapeHTML(val)}</dd>`).join("");
  const r = v ? rounds(v) : { auction: [], announce: [] };
  const item = (a, phase) => `<li data-seat="${a.seat}">${escapeHTML(describeAction(nm[a.seat] ?? `Seat ${a.seat}`, a.action, phase))}</li>`;
  // A level said by the seat whose level came just before is the sole bidder's raise (§4).
  const levels = r.auction.filter((a) => LEVEL_WORD[a.action]);
  $("#pk-auction").innerHTML = r.auction.length
    ? r.auction
        .map((a) => {
          const i = levels.indexOf(a);
          return item(a, i > 0 && levels[i - 1].seat === a.seat ? "raise" : "bidding");
        })
        .join("")
    : `<li class="hint-text">No bid yet.</li>`;
  $("#pk-announce").innerHTML = r.announce.length ? r.announce.map((a) => item(a, "announce")).join("") : `<li class="hint-text">Nothing yet.</li>`;
  const last = $("#pk-last");
  last.replaceChildren();
  if (v && v.tricks.length) {
    const t2 = v.tricks[v.tricks.length - 1];
    last.append(trickHTML(v, t2.cards, t2.leader, t2.winner));
    last.insertAdjacentHTML("beforeend", `<div class="hint-text">${escapeHTML(nm[t2.winner])} won it (${pointsOf(t2.cards)} card points).</div>`);
  } else last.innerHTML = `<span class="hint-text">No trick yet.</span>`;
}

