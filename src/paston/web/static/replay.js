// The replay viewer: steps through the finished deals of a table's game record
// (GET /api/tables/{id}/replay). The game is finished, so every hand is shown.

// `tr` is `t` where a function's `t` is the table.
import { mountLanguage, t, t as tr } from "./i18n.js";
import { downloadJSON, escapeHTML, getJSON, playback, seatName, setBotLabels } from "./api.js";
import { CONTRACT_LABEL, CONTRACT_TRUMP, SUIT_SYMBOL, actionLabel, cardElement, handOrder } from "./cards.js";
import { showAnalysisStep, startAnalysis } from "./analysis.js";
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
const params = new URLSearchParams(location.search);
const tableId = params.get("t") ?? (location.pathname.match(/^\/t\/([^/]+)\/replay/)?.[1] ?? "");

let data = null; // {record, summary, seats}
let game = null; // replayGame(record)
let names = ["Seat 0", "Seat 1", "Seat 2"];
let pos = { deal: 0, step: 0 };

function showError(text) {
  const el = $("#error");
  el.textContent = text;
  el.hidden = false;
}

function dealSteps(i) {
  return game.deals[i].steps.length;
}

function go(deal, step) {
  const n = game.deals.length;
  deal = Math.max(0, Math.min(n - 1, deal));
  step = Math.max(0, Math.min(dealSteps(deal) - 1, step));
  pos = { deal, step };
  render();
}

function forward() {
  if (pos.step < dealSteps(pos.deal) - 1) go(pos.deal, pos.step + 1);
  else if (pos.deal < game.deals.length - 1) go(pos.deal + 1, 0);
  else stop();
}
function back() {
  if (pos.step > 0) go(pos.deal, pos.step - 1);
  else if (pos.deal > 0) go(pos.deal - 1, dealSteps(pos.deal - 1) - 1);
}
function atEnd() {
  return pos.deal === game.deals.length - 1 && pos.step === dealSteps(pos.deal) - 1;
}
// Looked up when first used: the page's elements exist by then.
let player = null;
function playing() {
  player ??= playback($("#play"), { forward, atEnd, restart: () => go(0, 0), ms: 700 });
  return player;
}
function play() {
  playing().toggle();
}
function stop() {
  playing().stop();
}

function describe(st) {
  if (!st.last)
    return st.redeal ? t("replay.thrown_in", "Thrown in before the bidding") : t("replay.dealt", "The cards are dealt");
  const { seat, action } = st.last;
  const name = names[seat];
  if (action.length === 2) return t("event.plays", "{name} plays {card}", { name, card: actionLabel(action) });
  if (action.startsWith("discard"))
    return t("replay.discards", "{name} discards {cards}", { name, cards: action.split(" ").slice(1).join(" ") });
  if (["paston", "glitch", "dineri", "gupa", "grkha"].includes(action))
    return t("event.bids", "{name} bids {contract}", { name, contract: CONTRACT_LABEL[action] });
  if (action === "pass") return t("event.passes", "{name} passes", { name });
  return `${names[seat]}: ${actionLabel(action)}`;
}

function render() {
  const d = game.deals[pos.deal];
  const st = d.steps[pos.step];
  const sum = data.summary.deals[pos.deal] ?? {};
  const p = positions(0);
  const trump = st.contract && CONTRACT_TRUMP[st.contract] ? CONTRACT_TRUMP[st.contract] : null;
  const felt = $("#felt");
  felt.dataset.deal = String(pos.deal + 1);
  felt.dataset.step = String(pos.step);
  felt.dataset.phase = st.phase;

  for (const [where, s] of [
    ["#seat-left", p.left],
    ["#seat-right", p.right],
    ["#seat-me", p.me],
  ]) {
    const tags = [];
    if (d.deal.dealer === s) tags.push(tagHTML("dealer", "dealer"));
    if (st.declarer === s) tags.push(tagHTML("declarer", "declarer"));
    for (const [ss, a] of st.defence) if (ss === s) tags.push(a === "whist" ? tagHTML("whist", "whist") : tagHTML("passed", "no whist"));
    const info = {
      seat: s,
      name: names[s],
      tags,
      turn: st.toAct === s,
      trump,
      stat: st.phase === "play" || st.tricks.length ? `${escapeHTML(t("stat.tricks", "Tricks:"))} <b>${st.tricksWon[s]}</b>` : "",
    };
    if (where !== "#seat-me") info.hand = { open: st.hands[s] };
    renderSeatBox($(where), info);
  }
  const hand = $("#my-hand");
  hand.replaceChildren();
  for (const c of handOrder(st.hands[p.me], trump)) hand.append(cardElement(c));

  // The middle: the trick, else the last trick, else the prikup (face up: the game is over).
  const area = $("#trick-area");
  if (st.trick.length) renderTrick(area, st.trick, 0, names);
  else if (st.tricks.length) {
    const last = st.tricks[st.tricks.length - 1];
    renderTrick(area, last.cards, 0, names, { winner: last.winner });
  } else {
    area.replaceChildren();
    const wrap = document.createElement("div");
    wrap.className = "trick-slot center";
    const pair = document.createElement("div");
    pair.style.display = "flex";
    pair.style.gap = "6px";
    const shown = st.discards ?? (st.declarer === null ? st.prikup : []);
    for (const c of shown) pair.append(cardElement(c));
    const cap = document.createElement("span");
    cap.className = "who-played";
    cap.textContent = st.discards
      ? t("replay.discarded", "discarded")
      : st.declarer === null
        ? t("term.prikup_lower", "prikup")
        : t("replay.took_prikup", "{name} took the prikup", { name: names[st.declarer] });
    wrap.append(pair, cap);
    area.append(wrap);
  }

  $("#turn-line").textContent = describe(st);
  let c = "";
  if (st.contract && st.contract !== "surrender")
    c = `${contractText(st.contract)} by ${escapeHTML(names[st.declarer])} · trumps ${SUIT_SYMBOL[CONTRACT_TRUMP[st.contract]]}`;
  else if (st.bid)
    c = escapeHTML(t("status.highest_bid", "Highest bid: {contract} ({name})", { contract: contractText(st.bid), name: names[st.bidder] }));
  $("#contract-line").innerHTML = c;

  const total = game.deals.reduce((a, x) => a + x.steps.length, 0);
  const before = game.deals.slice(0, pos.deal).reduce((a, x) => a + x.steps.length, 0);
  $("#position").textContent = t("pkreplay.position", "Deal {deal} of {deals} · step {step} of {steps} ({at}/{total})", {
    deal: pos.deal + 1,
    deals: game.deals.length,
    step: pos.step + 1,
    steps: d.steps.length,
    at: before + pos.step + 1,
    total,
  });
  $("#deal-select").value = String(pos.deal);
  $("#back").disabled = pos.deal === 0 && pos.step === 0;
  $("#first").disabled = $("#back").disabled;
  $("#prev-deal").disabled = pos.deal === 0;
  $("#forward").disabled = atEnd();
  $("#last").disabled = atEnd();
  $("#next-deal").disabled = pos.deal === game.deals.length - 1;

  const res = $("#replay-result");
  const final = pos.step === d.steps.length - 1 && (st.scores || st.redeal);
  res.innerHTML = "";
  if (final) {
    const box = document.createElement("div");
    box.className = "deal-result";
    box.id = "deal-result";
    box.innerHTML = dealResultHTML(
      {
        redeal: st.redeal,
        contract: st.contract,
        declarer: st.declarer,
        whisters: st.whisters,
        tricks: st.tricks.length ? st.tricksWon : null,
        scores: sum.scores ?? st.scores,
      },
      names,
    );
    res.append(box);
  }

  const rows = [
    [t("common.deal", "Deal"), `${pos.deal + 1}`],
    [t("info.dealer", "Dealer"), names[d.deal.dealer]],
  ];
  if (st.bid) rows.push([t("info.final_bid", "Final bid"), contractText(st.bid)]);
  if (st.allPass) rows.push([t("common.auction", "Auction"), t("replay.all_passed", "all passed")]);
  if (st.declarer !== null) rows.push([t("info.declarer", "Declarer"), names[st.declarer]]);
  if (st.contract) rows.push([t("info.contract", "Contract"), contractText(st.contract)]);
  rows.push([t("term.prikup", "Prikup"), d.deal.prikup.map((x) => (x[0] === "T" ? "10" : x[0]) + SUIT_SYMBOL[x[1]]).join(" ")]);
  if (st.discards) rows.push([t("result.discards", "Discards"), st.discards.map((x) => (x[0] === "T" ? "10" : x[0]) + SUIT_SYMBOL[x[1]]).join(" ")]);
  $("#deal-info").innerHTML = rows.map(([k, v]) => `<dt>${escapeHTML(k)}</dt><dd>${escapeHTML(v)}</dd>`).join("");
  renderAuction($("#auction"), st.history, names);
  renderLastTrick($("#last-trick"), st.tricks.length ? st.tricks[st.tricks.length - 1] : null, names);
  showAnalysisStep(pos.deal, pos.step);
}

function scoreRows() {
  const rows = [];
  let n = 0;
  game.deals.forEach((d, i) => {
    const last = d.steps[d.steps.length - 1];
    const sum = data.summary.deals[i] ?? {};
    const scores = sum.scores ?? last.scores;
    if (!scores) return;
    n += 1;
    rows.push({ deal: n, declarer: last.declarer, contract: last.contract, scores, totals: d.after });
  });
  return rows;
}

function onKey(ev) {
  if (ev.target?.tagName === "SELECT" || ev.target?.tagName === "INPUT") return;
  const k = ev.key;
  const map = {
    ArrowRight: forward,
    ArrowLeft: back,
    PageDown: () => go(pos.deal + 1, 0),
    PageUp: () => go(pos.deal - 1, 0),
    Home: () => go(0, 0),
    End: () => go(game.deals.length - 1, dealSteps(game.deals.length - 1) - 1),
    " ": play,
  };
  if (map[k] && !(k === " " && ev.target?.tagName === "BUTTON")) {
    ev.preventDefault();
    map[k]();
  }
}

async function init() {
  mountLanguage();
  $("#table-link").href = `/t/${encodeURIComponent(tableId)}`;
  try {
    setBotLabels(await getJSON("/api/bots"));
  } catch {
    /* bot names as labels */
  }
  try {
    data = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  } catch (e) {
    if (e.status === 409) {
      // No hand of the table has finished yet (nothing_to_replay): nothing to step through.
      showError(t("replay.nothing", "No deal of this game has finished yet: there is nothing to replay."));
      $("#controls").hidden = true;
      return;
    }
    showError(t("replay.err_load", "Could not load the game: {error}", { error: e.message }));
    return;
  }
  // Another game than Paston has a replayer of its own (games/NAME_replay.js).
  const other = data.record?.format && !String(data.record.format).startsWith("paston");
  if (other) {
    try {
      const t = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
      const mod = await import(`/static/games/${encodeURIComponent(t.game)}/replay.js`);
      await mod.start({ data, summary: t, tableId, showError });
    } catch (e) {
      showError(t("replay.err_replay", "This game cannot be replayed here: {error}", { error: e.message }));
    }
    return;
  }
  try {
    const t = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    names = t.seats.map(seatName);
    $("#table-name").textContent = t.name;
    document.title = tr("replay.title", "Paston — replay of {name}", { name: t.name });
  } catch {
    if (data.seats) names = data.seats.map((s, i) => s ?? tr("lobby.seat_n", "Seat {n}", { n: i }));
  }
  $("#export-button").addEventListener("click", () => downloadJSON(`paston-${tableId}.json`, data.record));
  if (!data.record.deals.length) {
    showError(t("replay.nothing", "No deal of this game has finished yet: there is nothing to replay."));
    $("#controls").hidden = true;
    return;
  }
  const { replayGame } = await import(`/static/games/${encodeURIComponent(data.record.format.split("-")[0])}/engine.js`);
  game = replayGame(data.record);
  const sel = $("#deal-select");
  game.deals.forEach((d, i) => {
    const last = d.steps[d.steps.length - 1];
    const o = document.createElement("option");
    o.value = String(i);
    const what = last.redeal
      ? "redeal"
      : last.contract === "surrender"
        ? `${names[last.declarer]} surrenders`
        : last.contract
          ? `${CONTRACT_LABEL[last.contract]} · ${names[last.declarer]}`
          : "";
    o.textContent = `${t("pkreplay.deal_option", "Deal {n}", { n: i + 1 })}${what ? " — " + what : ""}`;
    sel.append(o);
  });
  sel.addEventListener("change", () => go(Number(sel.value), 0));
  $("#first").addEventListener("click", () => go(0, 0));
  $("#prev-deal").addEventListener("click", () => go(pos.deal - 1, 0));
  $("#back").addEventListener("click", back);
  $("#forward").addEventListener("click", forward);
  $("#next-deal").addEventListener("click", () => go(pos.deal + 1, 0));
  $("#last").addEventListener("click", () => go(game.deals.length - 1, dealSteps(game.deals.length - 1) - 1));
  $("#play").addEventListener("click", play);
  document.addEventListener("keydown", onKey);
  const rows = scoreRows();
  renderScoreSheet($("#score-sheet"), rows, names);
  renderChart($("#score-chart"), $("#chart-legend"), rows, names, game.rules.target ?? 121);
  go(0, 0);
  startAnalysis(tableId, names);
}

init();
