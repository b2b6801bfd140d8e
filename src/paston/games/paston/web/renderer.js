// The Paston table renderer: three seats around the felt, the auction, the prikup, the
// exchange, the trick, and the deal result. The shell (table.js) owns the connection, the
// seats' names, chat, hints, the timer, the score sheet and the game-over dialog; it calls
// `render(view, ctx)` after every state it shows (the context is described in table.js).

import { escapeHTML } from "../../api.js";
import { t as tr } from "../../i18n.js";
import { consequence } from "./consequences.js";
import { cardRects, rectOf, trickMotion } from "../../card_motion.js";
import { SUIT_SYMBOL, cardBack, cardElement, handOrder, isCard, sortCards } from "../../cards.js";
import {
  activateCardButton,
  positions,
  renderChart,
  renderLastTrick,
  renderScoreSheet,
  renderSeatBox,
  renderTrick,
  tagHTML,
} from "../../render.js";
import {
  BID_LADDER,
  CONTRACT_LABEL,
  CONTRACT_TRUMP,
  actionLabel as cardActionLabel,
  contractShort,
  contractText,
  dealResultHTML,
  renderAuction,
} from "./terms.js";
// The game's own columns of the score sheet (static/score_sheet.js).
export { sheetColumns } from "./sheet.js";

const $ = (sel) => document.querySelector(sel);

const FELT_HTML = `
  <div class="seat-box seat-left" id="seat-left" aria-live="polite"></div>
  <div class="status-area">
    <div class="turn-line" id="turn-line" aria-live="polite"></div>
    <div class="contract-line" id="contract-line"></div>
  </div>
  <div class="seat-box seat-right" id="seat-right" aria-live="polite"></div>
  <div class="trick-area" id="trick-area" role="group" aria-label="${tr("table.current_trick", "Current trick")}"></div>
  <div class="dock" id="dock">
    <div class="action-panel" id="action-panel" aria-live="polite"></div>
    <div class="my-area">
      <div class="my-hand" id="my-hand" role="group" aria-label="${tr("table.your_hand", "Your hand")}"></div>
      <div class="seat-box me-box" id="seat-me"></div>
    </div>
  </div>`;

const PANEL_HTML = `
  <h2 id="deal-title">${tr("replay.this_deal", "This deal")}</h2>
  <dl class="info-list" id="deal-info"></dl>
  <ol class="auction" id="auction" aria-label="${tr("common.auction", "Auction")}"></ol>
  <h3 id="last-title">${tr("common.last_trick", "Last trick")}</h3>
  <div class="last-trick" id="last-trick" aria-labelledby="last-title"><span class="hint-text">${tr("table.no_trick", "No trick yet.")}</span></div>`;

// The renderer's own state: the cards chosen to discard, and the context of the last render.
let selected = [];
let ctx = null;
// Card movement (card_motion.js): the trick as last drawn, to see what the new state played.
const motion = trickMotion();
let drawnTrick = null;

const state = () => ctx.state;
const mySeat = () => ctx.me;
const myTurn = () => ctx.myTurn;

export const keysHelp = tr(
  "paston.keys_help",
  "Keys: <kbd>1</kbd>…<kbd>9</kbd> <kbd>0</kbd> <kbd>a</kbd>… pick a listed choice, <kbd>Enter</kbd> confirms, <kbd>H</kbd> hint, <kbd>Esc</kbd> clears a selection.",
);

export function mount(felt, panel) {
  felt.className = "felt";
  felt.innerHTML = FELT_HTML;
  panel.innerHTML = PANEL_HTML;
  panel.setAttribute("aria-labelledby", "deal-title");
}

// The shell tells the renderer what happened to the command it sent ("ack" | "reject") and
// when a new deal starts, so that a half-made selection does not outlive its moment.
export function onAction(what) {
  if (what === "ack" || what === "new-hand" || what === "not-my-turn") selected = [];
}

export function actionLabel(action) {
  if (BID_LADDER.includes(action)) return tr("action.bid", "Bid {contract}", { contract: CONTRACT_LABEL[action] });
  return cardActionLabel(action);
}

// One line for the chat/log about an action (used by the shell for hints and notices).
export function describeEvent(seat, action, names) {
  const name = names[seat];
  if (isCard(action)) return tr("event.plays", "{name} plays {card}", { name, card: cardActionLabel(action) });
  if (action.startsWith("discard")) return tr("event.discards", "{name} discards", { name });
  if (BID_LADDER.includes(action)) return tr("event.bids", "{name} bids {contract}", { name, contract: CONTRACT_LABEL[action] });
  if (action === "pass") return tr("event.passes", "{name} passes", { name });
  return `${names[seat]}: ${cardActionLabel(action)}`;
}

// The replay page: what was just done, and how a deal went (for the list of deals).
export function describeStep(action, before, after, names) {
  return describeEvent(action.seat, action.action, names);
}

export function handSummary(hand, names) {
  const end = hand.steps[hand.steps.length - 1];
  if (end.redeal) return tr("replay.redeal", "redeal");
  if (end.contract === "surrender") return tr("replay.surrenders", "{name} surrenders", { name: names[end.declarer] });
  return end.contract ? `${CONTRACT_LABEL[end.contract]} · ${names[end.declarer]}` : "";
}

export function phaseOf(st) {
  return st.deal_over ? "over" : (st.view?.phase ?? "none");
}

// The table shell shows the speed setting: played cards fly to the trick, tricks sweep away.
export const animated = true;

export function render(view, c) {
  ctx = c;
  const v = view;
  const me = mySeat();
  const bottom = me ?? 0;
  const before = cardRects($("#felt") ?? document);
  const pos = positions(bottom);
  const nm = ctx.labels;
  const over = state().deal_over;
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
  renderDealPanel();
  return moveCards(v, before, pos);
}

export function renderScores(table, chart, legend, sheet, names, t) {
  renderScoreSheet(table, sheet, names, { short: contractShort });
  chart.hidden = false;
  legend.hidden = false;
  renderChart(chart, legend, sheet, names, t.rules?.target ?? 121);
}

export function gameOverHTML(t, names, me) {
  const totals = t.totals ?? names.map(() => 0);
  let head;
  if (t.draw) head = tr("over.draw", "The game is a draw.");
  else if (t.winner !== null && t.winner !== undefined)
    head = t.winner === me ? tr("over.you_won", "You won the game!") : tr("over.wins", "{name} wins the game.", { name: names[t.winner] });
  else head = tr("over.over", "The game is over.");
  return `<p class="result-line" id="gameover-result">${escapeHTML(head)}</p>
    <table class="scores"><thead><tr>${names.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("")}</tr></thead>
    <tbody><tr>${totals.map((x) => `<td>${x}</td>`).join("")}</tr></tbody></table>
    <p class="hint-text">${escapeHTML(tr("table.deals_played", { one: "{count} deal played", other: "{count} deals played" }, { count: (t.score_sheet ?? []).filter((r) => !r.redeal).length }))}</p>`;
}

// Keys the renderer handles itself (before the shell's listed-choice keys); true = handled.
export function onKey(ev) {
  const v = state()?.view;
  if (ev.key === "Enter" && v?.phase === "exchange" && myTurn() && selected.length === 2) {
    ev.preventDefault();
    confirmDiscard();
    return true;
  }
  if (ev.key === "Escape" && selected.length) {
    selected = [];
    ctx.rerender();
    return true;
  }
  return false;
}

// A listed-choice key: in the exchange it toggles the card at once, elsewhere it focuses the
// choice (Enter or Space then activates it).
export function onChoiceKey(el) {
  if (state()?.view?.phase === "exchange") el.click();
  else el.focus();
}

// ------------------------------------------------------------------ card movement

// What the trick looks like in a view: the deal, the finished tricks, the cards on the table.
function trickOf(v) {
  if (!v) return null;
  // Between deals the table already counts the next one: the result belongs to the one that ended.
  const deal = state().deal_over?.deal ?? state().table.deal_number;
  return { deal, done: v.tricks.length, trick: v.trick.length };
}

// The card the new state played, if it played exactly one: { seat, card, done }.
function playedCard(old, v) {
  const now = trickOf(v);
  if (!old || !now || old.deal !== now.deal) return null;
  if (now.done === old.done && now.trick === old.trick + 1) {
    const [seat, card] = v.trick[v.trick.length - 1];
    return { seat, card, done: null };
  }
  const last = v.tricks[v.tricks.length - 1];
  if (now.done === old.done + 1 && now.trick === 0 && old.trick === last.cards.length - 1) {
    const [seat, card] = last.cards[last.cards.length - 1];
    return { seat, card, done: { key: `${now.deal}:${now.done}`, winner: last.winner } };
  }
  return null;
}

function moveCards(v, before, pos) {
  const old = drawnTrick;
  drawnTrick = trickOf(v);
  const area = $("#trick-area");
  const boxes = { [pos.left]: "#seat-left", [pos.right]: "#seat-right" };
  const shownDone = v && !v.trick.length && v.tricks.length ? `${drawnTrick.deal}:${v.tricks.length}` : null;
  return motion.after(playedCard(old, v), {
    speed: ctx.speed,
    before,
    area,
    shownDone,
    slotEls: () => [...area.querySelectorAll(".trick-slot[data-seat]")],
    slotOf: (s) => area.querySelector(`.trick-slot[data-seat="${s}"]`),
    // Your cards come from your hand; the others' from their seats.
    seatRect: (s) => (s === pos.me ? (rectOf($("#my-hand")) ?? rectOf($("#seat-me"))) : rectOf($(boxes[s]))),
  });
}

// ------------------------------------------------------------------ drawing

function handCount(v, s) {
  let n = 10;
  for (const t of v.tricks) for (const [ss] of t.cards) if (ss === s) n -= 1;
  for (const [ss] of v.trick) if (ss === s) n -= 1;
  if (v.phase === "exchange" && v.declarer === s) n += 2;
  return Math.max(0, n);
}

export function phaseVerb(phase) {
  return (
    {
      bidding: tr("verb.bid", "bid"),
      exchange: tr("verb.discard", "discard"),
      declare: tr("verb.declare", "declare"),
      defence: tr("verb.whist_or_pass", "whist or pass"),
      play: tr("verb.play", "play"),
    }[phase] ?? phase
  );
}

function seatTags(s) {
  const v = state().view;
  const tags = ctx.commonTags(s);
  if (v) {
    if (v.declarer === s) tags.push(tagHTML("declarer", tr("tag.declarer", "declarer")));
    if (v.phase === "bidding" || (v.declarer !== null && v.declarer !== undefined)) {
      let last = null;
      for (const [ss, a] of v.history) {
        if (a.startsWith("discard")) break;
        if (ss === s) last = a;
      }
      if (v.phase === "bidding" && last)
        tags.push(
          last === "pass"
            ? tagHTML("passed", tr("tag.passed", "passed"))
            : tagHTML("whist", tr("tag.bid", "bid {contract}", { contract: CONTRACT_LABEL[last] ?? last })),
        );
    }
    for (const [ss, a] of v.defence ?? []) {
      if (ss === s)
        tags.push(a === "whist" ? tagHTML("whist", tr("tag.whist", "whist")) : tagHTML("passed", tr("tag.no_whist", "no whist")));
    }
  }
  return tags;
}

function seatStat(s) {
  const v = state().view;
  if (!v || !(v.phase === "play" || v.tricks.length)) return "";
  const out = v.active?.length && !v.active.includes(s) ? ` · ${escapeHTML(tr("stat.laid_aside", "cards laid aside"))}` : "";
  return `${escapeHTML(tr("stat.tricks", "Tricks:"))} <b>${v.tricks_won[s]}</b>${out}`;
}

// An opponent's hand: face up when the deal is over or the hand lies open, else card backs.
function seatHand(s) {
  const v = state().view;
  const over = state().deal_over;
  if (over && over.hands) return { open: over.hands[s] };
  if (!v) return null;
  const open = v.open_hands?.[String(s)];
  if (open) return { open };
  return { count: handCount(v, s) };
}

// In the open lone-whist variant the whister also plays the passer's open hand.
function makeOpenHandPlayable() {
  const v = state().view;
  const me = mySeat();
  if (!v || !myTurn() || v.phase !== "play" || v.hand_to_play === me) return;
  const legal = new Set(v.legal.filter(isCard));
  for (const el of document.querySelectorAll(".opp-hand .card[data-card]")) {
    if (!legal.has(el.dataset.card)) continue;
    const b = cardElement(el.dataset.card, { button: true, small: true });
    b.classList.add("legal");
    b.addEventListener("click", () => ctx.sendAction(b.dataset.card));
    el.parentElement.classList.add("playable");
    el.replaceWith(b);
  }
}

function renderMyHand(trump) {
  const el = $("#my-hand");
  el.replaceChildren();
  const v = state().view;
  const me = mySeat();
  const over = state().deal_over;
  if (me === null) {
    el.setAttribute("aria-label", tr("table.seat0_hand", "Seat 0's hand"));
    if (over?.hands) for (const c of handOrder(over.hands[0])) el.append(cardElement(c));
    else if (v?.open_hands?.["0"]) for (const c of handOrder(v.open_hands["0"])) el.append(cardElement(c));
    else if (v) for (let i = 0; i < handCount(v, 0); i++) el.append(cardBack());
    return;
  }
  el.setAttribute("aria-label", tr("table.your_hand", "Your hand"));
  if (!v) return;
  if (over?.hands) {
    for (const c of handOrder(over.hands[me], trump)) el.append(cardElement(c));
    return;
  }
  const hand = handOrder(v.hand ?? [], trump);
  const turn = myTurn() && !ctx.pending;
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
      const click = exchange
        ? { selected: selected.includes(c), onClick: () => toggleDiscard(c) }
        : { onClick: () => ctx.sendAction(c) };
      activateCardButton(b, ctx.KEYS[k++], ctx.bindKey, click);
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
  ctx.rerender();
  const again = document.querySelector(`#my-hand .card[data-card="${card}"]`);
  if (again) again.focus();
}

function confirmDiscard() {
  if (selected.length !== 2) return;
  ctx.sendAction(`discard ${sortCards(selected).join(" ")}`);
}

function renderStatus() {
  const t = state().table;
  const v = state().view;
  const nm = ctx.names;
  const line = $("#turn-line");
  const cline = $("#contract-line");
  let text = "";
  if (t.status === "waiting") text = tr("status.waiting", "Waiting for players to sit down");
  else if (t.status === "over") text = tr("status.over", "The game is over");
  else if (state().deal_over)
    text = state().deal_over.redeal ? tr("status.redeal", "Thrown in — redeal") : tr("status.deal_over", "Deal over");
  else if (v && v.to_act !== null && v.to_act !== undefined) {
    text =
      v.to_act === mySeat()
        ? ctx.pending
          ? tr("status.sending", "Sending…")
          : tr("status.your_turn", "Your turn to {verb}", { verb: phaseVerb(v.phase) })
        : tr("status.their_turn", "{name} to {verb}…", { name: nm[v.to_act], verb: phaseVerb(v.phase) });
  }
  line.innerHTML = `<span id="turn-text">${escapeHTML(text)}</span><span class="countdown" id="countdown" hidden></span>`;
  let c = "";
  if (v) {
    if (v.contract && v.contract !== "surrender") {
      c = escapeHTML(
        tr("status.contract_by", "{contract} by {name} · trumps {suit}", {
          contract: contractText(v.contract),
          name: nm[v.declarer],
          suit: SUIT_SYMBOL[CONTRACT_TRUMP[v.contract]],
        }),
      );
    } else if (v.phase === "bidding") {
      c = escapeHTML(
        v.bid
          ? tr("status.highest_bid", "Highest bid: {contract} ({name})", { contract: contractText(v.bid), name: nm[v.bidder] })
          : tr("status.no_bid", "Bidding: nobody has bid yet"),
      );
    } else if (v.declarer !== null && v.declarer !== undefined) {
      c = escapeHTML(
        v.all_pass
          ? tr("status.all_pass_declares", "{name} declares after an all-pass", { name: nm[v.declarer] })
          : tr("status.won_auction", "{name} won the auction with {contract}", { name: nm[v.declarer], contract: contractText(v.bid) }),
      );
    }
  }
  cline.innerHTML = c;
}

function renderCenter() {
  const el = $("#trick-area");
  const v = state().view;
  const nm = ctx.names;
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
    renderTrick(el, last.cards, bottom, nm, { winner: last.winner });
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
    cap.textContent =
      v.phase === "bidding" ? tr("term.prikup_lower", "prikup") : tr("status.takes_prikup", "{name} takes the prikup", { name: nm[v.declarer] });
    wrap.append(cap);
    el.append(wrap);
  }
}

function choiceButton(action, key, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  if (primary) b.classList.add("primary");
  b.innerHTML = `<kbd>${key}</kbd> ${escapeHTML(actionLabel(action))}`;
  // What the choice costs or brings, from the rules and the contract (consequences.js).
  const why = consequence(action, state().view, state().table?.rules ?? {});
  if (why) {
    b.title = why;
    b.insertAdjacentHTML("beforeend", `<span class="why">${escapeHTML(why)}</span>`);
  }
  b.setAttribute("aria-keyshortcuts", key);
  b.addEventListener("click", () => ctx.sendAction(action));
  ctx.bindKey(key, b);
  return b;
}

function renderPanel() {
  const el = $("#action-panel");
  el.replaceChildren();
  const t = state().table;
  const v = state().view;
  const nm = ctx.names;
  const over = state().deal_over;
  if (t.status === "waiting") {
    el.append(ctx.waitingBanner());
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
    // The prikup and the discards as cards: what was hidden during the deal.
    const extra = document.createElement("div");
    extra.className = "deal-cards";
    for (const [what, cards] of [
      [tr("term.prikup", "Prikup"), over.prikup],
      [tr("result.discards", "Discards"), over.discards],
    ]) {
      if (!cards?.length) continue;
      const group = document.createElement("span");
      group.className = "deal-cards-group";
      group.innerHTML = `<span class="deal-cards-label">${escapeHTML(what)}:</span>`;
      for (const c of cards) group.append(cardElement(c, { small: true }));
      extra.append(group);
    }
    if (extra.childElementCount) box.append(extra);
    if (ctx.dealEndControls) box.append(ctx.dealEndControls());
    el.append(box);
    return;
  }
  if (!v) return;
  if (!myTurn()) {
    if (mySeat() === null && !ctx.replay)
      el.innerHTML = `<span class="hint-text" style="color:#e8e2cc">${escapeHTML(tr("table.you_watch", "You are watching."))}</span>`;
    return;
  }
  const prompt = document.createElement("div");
  prompt.className = "prompt";
  const choices = document.createElement("div");
  choices.className = "choices";
  if (v.phase === "exchange") {
    prompt.textContent = tr("prompt.exchange", "You won the auction: choose two cards to discard, then confirm (Enter).");
    const pk = document.createElement("div");
    pk.className = "prikup-show";
    pk.innerHTML = `<span>${escapeHTML(tr("term.prikup", "Prikup"))}:</span>`;
    for (const c of v.prikup ?? []) pk.append(cardElement(c, { small: true }));
    const sel = document.createElement("span");
    sel.textContent = `${tr("prompt.discard_label", "Discard:")} ${selected.length ? selected.map(cardLabel).join(" ") : "—"}`;
    sel.style.marginLeft = "1rem";
    pk.append(sel);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "primary";
    b.id = "confirm-discard";
    b.disabled = selected.length !== 2 || ctx.pending;
    b.innerHTML = `${escapeHTML(tr("prompt.discard_two", "Discard these two"))} <kbd>Enter</kbd>`;
    b.addEventListener("click", confirmDiscard);
    // One row (prikup, selection, confirm): a taller panel would run into the hand below.
    b.style.marginLeft = "1rem";
    pk.append(b);
    el.append(prompt, pk);
    return;
  }
  if (v.phase === "play") {
    prompt.textContent = v.trick.length
      ? tr("prompt.play", "Play a card (highlighted cards are legal).")
      : tr("prompt.lead", "Your lead: play any card.");
    if (v.hand_to_play !== mySeat())
      prompt.textContent = tr("prompt.play_open", "Play a card from {name}'s open hand.", { name: nm[v.hand_to_play] });
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
    {
      bidding: tr("prompt.bid", "Your bid:"),
      declare: tr("prompt.declare", "Declare your contract, or surrender:"),
      defence: tr("prompt.defence", "Whist (play against the declarer) or pass?"),
    }[v.phase] ?? tr("prompt.choice", "Your choice:");
  legal.forEach((a, i) => {
    choices.append(choiceButton(a, ctx.KEYS[i], i === 0 && a !== "pass"));
  });
  if (ctx.pending) for (const b of choices.querySelectorAll("button")) b.disabled = true;
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

function renderDealPanel() {
  const t = state().table;
  const v = state().view;
  const nm = ctx.names;
  const info = $("#deal-info");
  const rows = [];
  const dealer = v?.dealer ?? t.dealer;
  if (!v) {
    rows.push([tr("common.deal", "Deal"), t.status === "waiting" ? "—" : String(t.deal_number)]);
    if (dealer !== null && dealer !== undefined) rows.push([tr("info.dealer", "Dealer"), nm[dealer]]);
  }
  if (v) {
    if (v.phase === "bidding") rows.push([tr("info.first_bidder", "First bidder"), nm[v.first_bidder] ?? "—"]);
    if (v.bid)
      rows.push([v.phase === "bidding" ? tr("info.highest_bid", "Highest bid") : tr("info.final_bid", "Final bid"), contractText(v.bid)]);
    if (v.declarer !== null && v.declarer !== undefined) rows.push([tr("info.declarer", "Declarer"), nm[v.declarer]]);
    if (v.contract) rows.push([tr("info.contract", "Contract"), contractText(v.contract)]);
    if (v.contract && CONTRACT_TRUMP[v.contract]) rows.push([tr("info.trumps", "Trumps"), SUIT_SYMBOL[CONTRACT_TRUMP[v.contract]]]);
    if (v.defence?.length)
      rows.push([
        tr("info.defence", "Defence"),
        v.defence.map(([s, a]) => `${nm[s]}: ${a === "whist" ? tr("tag.whist", "whist") : tr("tag.pass", "pass")}`).join(", "),
      ]);
    if (v.phase === "play" || v.tricks.length)
      rows.push([tr("info.tricks", "Tricks"), v.tricks_won.map((n, s) => `${nm[s]} ${n}`).join(" · ")]);
    // A seat sees its own discards; a replay shows the declarer's to everyone.
    if (v.discards)
      rows.push([
        ctx.replay ? tr("result.discards", "Discards") : tr("info.your_discards", "Your discards"),
        v.discards.map(cardLabel).join(" "),
      ]);
  }
  info.innerHTML = rows.map(([k, val]) => `<dt>${escapeHTML(k)}</dt><dd>${escapeHTML(val)}</dd>`).join("");
  renderAuction($("#auction"), v?.history ?? [], nm);
  renderLastTrick($("#last-trick"), v && v.tricks.length ? v.tricks[v.tricks.length - 1] : null, nm);
}
