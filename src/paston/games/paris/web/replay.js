// The replay viewer for a finished Paris table: the record (one `paris-game/1`, or a
// `paris-session/1` of several games) is replayed by paris_engine.js and every step is drawn
// by the Paris table renderer, with every hand and face-down card face up.

import { downloadJSON, playback, seatName } from "../../api.js";
import { showAnalysisStep, startAnalysis } from "../../analysis.js";
import { t } from "../../i18n.js";
import { renderScoreSheet, tagHTML } from "../../render.js";
import { replayParis } from "./engine.js";
import * as table from "./renderer.js";

const $ = (sel) => document.querySelector(sel);

export async function start({ data, summary, tableId, showError }) {
  const record = data.record;
  const games = record.format === "paris-session/1" ? record.games : [record];
  if (!games.length || !games[0].actions?.length) {
    showError(t("parisreplay.nothing", "No game of this table has finished yet: there is nothing to replay."));
    $("#controls").hidden = true;
    return;
  }
  const replays = games.map((g) => replayParis(g));
  const names = summary.seats.map(seatName);
  let pos = { game: 0, step: 0 };
  let shown = null; // the position drawn last, to animate single steps forward only

  document.title = t("parisreplay.title", "Paris — replay of {name}", { name: summary.name });
  $("#table-name").textContent = summary.name;
  $("#site-title").textContent = "Paris";
  $("#keys-help").innerHTML =
    t("parisreplay.keys", "Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>PgUp</kbd> <kbd>PgDn</kbd> game, <kbd>Home</kbd> <kbd>End</kbd>, <kbd>Space</kbd> play/pause.");
  // The controls leave the felt (the renderer owns it) for the top of the sidebar.
  const controls = $("#controls");
  const result = $("#replay-result");
  const bar = document.createElement("section");
  bar.className = "panel replay-bar";
  bar.append(controls);
  document.querySelector(".sidebar").prepend(bar);
  result?.remove();
  table.mount($("#felt"), $("#game-panel"));
  $("#felt").classList.add("replay");
  startAnalysis(tableId, names); // offers the analysis of the finished hands (docs/analysis.md)

  const steps = (g) => replays[g].steps.length;
  const atEnd = () => pos.game === replays.length - 1 && pos.step === steps(pos.game) - 1;

  function go(g, step) {
    g = Math.max(0, Math.min(replays.length - 1, g));
    step = Math.max(0, Math.min(steps(g) - 1, step));
    pos = { game: g, step };
    draw();
    showAnalysisStep(g, step); // the analysis panel follows the replay (analysis.js)
  }
  function forward() {
    if (pos.step < steps(pos.game) - 1) go(pos.game, pos.step + 1);
    else if (pos.game < replays.length - 1) go(pos.game + 1, 0);
    else stop();
  }
  function back() {
    if (pos.step > 0) go(pos.game, pos.step - 1);
    else if (pos.game > 0) go(pos.game - 1, steps(pos.game - 1) - 1);
  }
  // Looked up when first used: the page's elements exist by then.
  let player = null;
  function playing() {
    player ??= playback($("#play"), { forward, atEnd, restart: () => go(0, 0), ms: 900 });
    return player;
  }
  function play() {
    playing().toggle();
  }
  function stop() {
    playing().stop();
  }

  function draw() {
    const r = replays[pos.game];
    const snap = r.steps[pos.step];
    const last = pos.step === steps(pos.game) - 1;
    const stepForward = shown && shown.game === pos.game && shown.step === pos.step - 1;
    shown = { ...pos };
    const felt = $("#felt");
    felt.dataset.game = "paris";
    felt.dataset.deal = String(pos.game + 1);
    felt.dataset.step = String(pos.step);
    felt.dataset.phase = snap.phase;
    const state = {
      you: { seat: null },
      table: { ...summary, status: last ? "over" : "playing", deal_number: pos.game + 1 },
      view: snap,
      // Nothing is hidden in a replay: every hand and face-down card is shown.
      deal_over: { hands: snap.hands, face_down: snap.face_down },
    };
    const ctx = {
      state,
      view: snap,
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
      commonTags: (s) => {
        const tags = [];
        if (snap.dealer === s) tags.push(tagHTML("dealer", "dealer"));
        if (summary.seats[s]?.kind === "bot") tags.push(tagHTML("bot", "bot"));
        return tags;
      },
      waitingBanner: () => document.createElement("div"),
      speed: stepForward ? 1 : 0,
    };
    table.render(snap, ctx);
    const total = replays.reduce((a, x) => a + x.steps.length, 0);
    const before = replays.slice(0, pos.game).reduce((a, x) => a + x.steps.length, 0);
    $("#position").textContent = t("parisreplay.position", "Game {game} of {games} · step {step} of {steps} ({at}/{total})", {
      game: pos.game + 1,
      games: replays.length,
      step: pos.step + 1,
      steps: steps(pos.game),
      at: before + pos.step + 1,
      total,
    });
    $("#deal-select").value = String(pos.game);
    $("#back").disabled = pos.game === 0 && pos.step === 0;
    $("#first").disabled = $("#back").disabled;
    $("#prev-deal").disabled = pos.game === 0;
    $("#forward").disabled = atEnd();
    $("#last").disabled = atEnd();
    $("#next-deal").disabled = pos.game === replays.length - 1;
  }

  function scoreRows() {
    const totals = names.map(() => 0);
    return replays
      .map((r, i) => {
        const end = r.steps[r.steps.length - 1];
        if (end.loser === null) return null;
        const scores = names.map((_, s) => (s === end.loser ? -1 : 0));
        scores.forEach((x, s) => (totals[s] += x));
        return { deal: i + 1, scores, totals: [...totals] };
      })
      .filter(Boolean);
  }

  function onKey(ev) {
    if (ev.target?.tagName === "SELECT" || ev.target?.tagName === "INPUT") return;
    const map = {
      ArrowRight: forward,
      ArrowLeft: back,
      PageDown: () => go(pos.game + 1, 0),
      PageUp: () => go(pos.game - 1, 0),
      Home: () => go(0, 0),
      End: () => go(replays.length - 1, steps(replays.length - 1) - 1),
      " ": play,
    };
    if (map[ev.key] && !(ev.key === " " && ev.target?.tagName === "BUTTON")) {
      ev.preventDefault();
      map[ev.key]();
    }
  }

  const sel = $("#deal-select");
  replays.forEach((r, i) => {
    const end = r.steps[r.steps.length - 1];
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent =
      t("parisreplay.game_option", "Game {n}", { n: i + 1 }) +
      (end.loser !== null ? ` — ${t("parisreplay.loses", "{name} loses", { name: names[end.loser] })}` : "");
    sel.append(o);
  });
  sel.setAttribute("aria-label", t("lobby.game", "Game"));
  sel.addEventListener("change", () => go(Number(sel.value), 0));
  $("#first").addEventListener("click", () => go(0, 0));
  $("#prev-deal").addEventListener("click", () => go(pos.game - 1, 0));
  $("#back").addEventListener("click", back);
  $("#forward").addEventListener("click", forward);
  $("#next-deal").addEventListener("click", () => go(pos.game + 1, 0));
  $("#last").addEventListener("click", () => go(replays.length - 1, steps(replays.length - 1) - 1));
  $("#play").addEventListener("click", play);
  $("#export-button").addEventListener("click", () => downloadJSON(`paris-${tableId}.json`, record));
  document.addEventListener("keydown", onKey);
  renderScoreSheet($("#score-sheet"), scoreRows(), names, { label: t("lobby.game", "Game") });
  $("#score-chart").hidden = true;
  $("#chart-legend").hidden = true;
  go(0, 0);
}
