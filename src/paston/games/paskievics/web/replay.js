// The replay viewer for a finished Paskievics table. The server replays the record with the
// engine and sends one view per step (`steps` of GET /api/tables/{id}/replay, built by
// paston.games.paskievics.replay_steps): the auction, the talon hand-out, the discards, the
// call, the announcements with their kontra levels, each card of each trick, and at a deal's
// end the card points and the full scoring breakdown. Each step is drawn by the Paskievics
// table renderer; every hand is shown face up (the game is over).

import { downloadJSON, playback, seatName } from "../../api.js";
import { showAnalysisStep, startAnalysis } from "../../analysis.js";
import { t } from "../../i18n.js";
import { renderChart, renderScoreSheet, tagHTML } from "../../render.js";
import { LEVEL_WORD, cardElement, describeAction, groupOf, sortCards } from "./cards.js";
import * as table from "./renderer.js";

const $ = (sel) => document.querySelector(sel);

export async function start({ data, summary, tableId, showError }) {
  const record = data.record;
  const deals = data.steps ?? [];
  if (!deals.length || !deals.some((d) => d.steps.length > 1)) {
    showError(t("pkreplay.nothing", "No deal of this table has been played yet: there is nothing to replay."));
    $("#controls").hidden = true;
    return;
  }
  const names = summary.seats.map(seatName);
  let pos = { deal: 0, step: 0 };

  document.title = t("pkreplay.title", "Paskievics — replay of {name}", { name: summary.name });
  $("#table-name").textContent = summary.name;
  $("#site-title").textContent = "Paskievics";
  // The controls leave the felt (the renderer owns it) for the top of the sidebar.
  const controls = $("#controls");
  const bar = document.createElement("section");
  bar.className = "panel replay-bar";
  bar.append(controls);
  const said = document.createElement("p");
  said.className = "pk-replay-last";
  said.id = "replay-said";
  said.setAttribute("aria-live", "polite");
  bar.append(said);
  document.querySelector(".sidebar").prepend(bar);
  $("#replay-result")?.remove();
  table.mount($("#felt"), $("#game-panel"));
  $("#felt").classList.add("replay");
  startAnalysis(tableId, names); // offers the analysis of the finished hands (docs/analysis.md)
  // A long auction or announcement round scrolls in its box: reachable by the keyboard too.
  for (const id of ["#pk-auction", "#pk-announce"]) $(id)?.setAttribute("tabindex", "0");

  const steps = (d) => deals[d].steps.length;
  const atEnd = () => pos.deal === deals.length - 1 && pos.step === steps(pos.deal) - 1;

  function go(d, step) {
    d = Math.max(0, Math.min(deals.length - 1, d));
    step = Math.max(0, Math.min(steps(d) - 1, step));
    pos = { deal: d, step };
    draw();
    showAnalysisStep(d, step); // the analysis panel follows the replay (analysis.js)
  }
  function forward() {
    if (pos.step < steps(pos.deal) - 1) go(pos.deal, pos.step + 1);
    else if (pos.deal < deals.length - 1) go(pos.deal + 1, 0);
    else stop();
  }
  function back() {
    if (pos.step > 0) go(pos.deal, pos.step - 1);
    else if (pos.deal > 0) go(pos.deal - 1, steps(pos.deal - 1) - 1);
  }
  // Looked up when first used: the page's elements exist by then.
  let player = null;
  function playing() {
    player ??= playback($("#play"), { forward, atEnd, restart: () => go(0, 0), ms: 800 });
    return player;
  }
  function play() {
    playing().toggle();
  }
  function stop() {
    playing().stop();
  }

  // Every hand face up: the renderer shows the other seats' backs during a deal.
  function openHands(view, bottom, over) {
    for (const box of document.querySelectorAll("#pk-seats .pk-seat[data-seat]")) {
      const s = Number(box.dataset.seat);
      const hand = box.querySelector(".pk-opp-hand");
      if (!hand || hand.classList.contains("open")) continue;
      hand.replaceChildren();
      hand.classList.add("open");
      hand.setAttribute("aria-label", t("pkreplay.holds", "{name} holds", { name: names[s] }));
      for (const c of sortCards(view.hands_now[s] ?? [])) hand.append(cardElement(c, { small: true }));
    }
    const mine = $("#my-hand");
    if (mine.childElementCount) return;
    mine.setAttribute("aria-label", t("pkreplay.holds", "{name} holds", { name: names[bottom] }));
    let prev = null;
    // At the deal's end the bottom seat shows its dealt cards, like the others.
    const cards = over ? over.hands?.[bottom] ?? [] : view.hands_now[bottom] ?? [];
    for (const c of sortCards(cards)) {
      if (prev && prev !== groupOf(c)) {
        const gap = document.createElement("span");
        gap.className = "suit-gap";
        mine.append(gap);
      }
      prev = groupOf(c);
      mine.append(cardElement(c));
    }
  }

  function draw() {
    const deal = deals[pos.deal];
    const k = pos.step;
    const last = k === steps(pos.deal) - 1;
    // Nobody is "you" in a replay: the bottom seat's talon cards are not "You got" (every hand
    // is open anyway).
    const view = { ...deal.steps[k], actions: deal.actions.slice(0, k), talon_received: null };
    const over = last && deal.over ? deal.over : null;
    const gameOver = atEnd() && summary.status === "over";
    const felt = $("#felt");
    felt.dataset.game = "paskievics";
    felt.dataset.deal = String(pos.deal + 1);
    felt.dataset.step = String(k);
    felt.dataset.phase = over ? "over" : view.phase;
    const state = {
      you: { seat: null },
      table: { ...summary, status: gameOver ? "over" : "playing", deal_number: pos.deal + 1 },
      view,
      deal_over: over,
    };
    const ctx = {
      state,
      view,
      table: state.table,
      me: null,
      myTurn: false,
      pending: false,
      replay: true,
      names,
      labels: names,
      KEYS: [],
      bindKey() {},
      sendAction() {},
      rerender: draw,
      commonTags: (s) => (view.dealer === s ? [tagHTML("dealer", t("pkreplay.dealer", "dealer"))] : []),
      waitingBanner: () => document.createElement("div"),
      speed: 0,
    };
    table.render(view, ctx);
    // The renderer draws seat 0 at the bottom when nobody is "you"; its hand goes in the dock.
    openHands(view, Number($("#pk-me")?.dataset.seat ?? 0), over);
    if (!over) {
      const panel = $("#action-panel");
      panel.replaceChildren();
    }
    // What was just done, in words (the renderer's line says who is to act next).
    const a = deal.actions[k - 1];
    said.textContent = a
      ? describeAction(names[a.seat], a.action, deal.steps[k - 1].phase)
      : t("pkreplay.dealt", "Deal {n}: the cards are dealt.", { n: pos.deal + 1 });
    const total = deals.reduce((n, x) => n + x.steps.length, 0);
    const before = deals.slice(0, pos.deal).reduce((n, x) => n + x.steps.length, 0);
    $("#position").textContent = t("pkreplay.position", "Deal {deal} of {deals} · step {step} of {steps} ({at}/{total})", {
      deal: pos.deal + 1,
      deals: deals.length,
      step: k + 1,
      steps: steps(pos.deal),
      at: before + k + 1,
      total,
    });
    $("#deal-select").value = String(pos.deal);
    $("#back").disabled = pos.deal === 0 && k === 0;
    $("#first").disabled = $("#back").disabled;
    $("#prev-deal").disabled = pos.deal === 0;
    $("#forward").disabled = atEnd();
    $("#last").disabled = atEnd();
    $("#next-deal").disabled = pos.deal === deals.length - 1;
  }

  // The score sheet: one row per finished deal (a thrown-in deal scores nothing).
  function scoreRows() {
    const totals = names.map(() => 0);
    const rows = [];
    deals.forEach((d, i) => {
      const end = d.steps[d.steps.length - 1];
      if (!d.over) return;
      const scores = names.map((_, s) => d.over.scores?.[s] ?? 0);
      scores.forEach((x, s) => (totals[s] += x));
      rows.push({
        deal: i + 1,
        contract: end.thrown_in ? t("pkreplay.thrown_in", "thrown in") : LEVEL_WORD[end.bid] ?? null,
        declarer: end.thrown_in ? null : end.declarer,
        scores,
        totals: [...totals],
      });
    });
    return rows;
  }

  function onKey(ev) {
    if (ev.target?.tagName === "SELECT" || ev.target?.tagName === "INPUT") return;
    const map = {
      ArrowRight: forward,
      ArrowLeft: back,
      PageDown: () => go(pos.deal + 1, 0),
      PageUp: () => go(pos.deal - 1, 0),
      Home: () => go(0, 0),
      End: () => go(deals.length - 1, steps(deals.length - 1) - 1),
      " ": play,
    };
    if (map[ev.key] && !(ev.key === " " && ev.target?.tagName === "BUTTON")) {
      ev.preventDefault();
      map[ev.key]();
    }
  }

  const sel = $("#deal-select");
  deals.forEach((d, i) => {
    const end = d.steps[d.steps.length - 1];
    const o = document.createElement("option");
    o.value = String(i);
    const what = end.thrown_in
      ? t("pkreplay.thrown_in", "thrown in")
      : end.bid && end.declarer !== null
        ? `${LEVEL_WORD[end.bid]} · ${names[end.declarer]}`
        : "";
    o.textContent = t("pkreplay.deal_option", "Deal {n}", { n: i + 1 }) + (what ? ` — ${what}` : "");
    sel.append(o);
  });
  sel.addEventListener("change", () => go(Number(sel.value), 0));
  $("#first").addEventListener("click", () => go(0, 0));
  $("#prev-deal").addEventListener("click", () => go(pos.deal - 1, 0));
  $("#back").addEventListener("click", back);
  $("#forward").addEventListener("click", forward);
  $("#next-deal").addEventListener("click", () => go(pos.deal + 1, 0));
  $("#last").addEventListener("click", () => go(deals.length - 1, steps(deals.length - 1) - 1));
  $("#play").addEventListener("click", play);
  $("#export-button").addEventListener("click", () => downloadJSON(`paskievics-${tableId}.json`, record));
  document.addEventListener("keydown", onKey);
  const rows = scoreRows();
  renderScoreSheet($("#score-sheet"), rows, names);
  renderChart($("#score-chart"), $("#chart-legend"), rows, names, null);
  go(0, 0);
}
