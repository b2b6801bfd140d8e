// The replay page for every game (/t/{id}/replay): steps through a finished table's hands.
//
// The server replays the table's record with the game's own engine and sends every step
// (`steps` of GET /api/tables/{id}/replay, from the game's replay_steps hook): per hand
// `{steps, actions, shared, over, score_row}`, each step a view of the table as a spectator
// sees it with what the finished game no longer hides added. This page holds no rules: it
// draws each step with the game's table renderer (loaded like the table page does, through
// game_registry.js) as the renderer's `deal_over`: what the step shows of every seat (`open`,
// in the shape of the game's reveal), else the hand's reveal (`over`) at its last step; and it
// moves the controls, the score sheet and the analysis panel. A step may name lists it
// shares with the other steps of its hand (`shared`: the hand's list, the step's length).
//
// A renderer may add, besides what table.js uses:
//   describeStep(action, before, after, names)  one line on what was just done
//   handSummary(hand, names)                    a few words on how a hand went (its option)
//   replayDecorate(view, ctx, { hand, step, over })  after render: what only a replay shows

import { mountLanguage, t } from "./i18n.js";
import { downloadJSON, getJSON, playback, seatName, setBotLabels } from "./api.js";
import { showAnalysisStep, startAnalysis } from "./analysis.js";
import { seatBotLabels } from "./levels.js";
import { bindScoreSheetButton } from "./score_sheet.js";
import { gameEntry, loadGame } from "./game_registry.js";
import { renderScoreSheet, tagHTML } from "./render.js";

const $ = (sel) => document.querySelector(sel);
const params = new URLSearchParams(location.search);
const tableId = params.get("t") ?? (location.pathname.match(/^\/t\/([^/]+)\/replay/)?.[1] ?? "");

let summary = null; // GET /api/tables/{id}
let info = null; // the game's GET /api/games entry
let renderer = null;
let hands = []; // the replay's steps, one entry per hand
let names = [];
let pos = { hand: 0, step: 0 };
let shown = null; // the position drawn last: a single step forward may animate

function showError(text) {
  const el = $("#error");
  el.textContent = text;
  el.hidden = false;
}

// What a hand of this game is called, in the page's language where the catalogue has the
// word (table.hand_deal, table.hand_game), else in the game's own.
function noun() {
  const word = (info?.hand_noun ?? ["hand", "hands"])[0];
  return t(`table.hand_${word}`, word);
}
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function nothingToReplay() {
  showError(t("replay.nothing_hand", "No {hand} of this table has finished yet: there is nothing to replay.", { hand: noun() }));
  $("#controls").hidden = true;
}

// ------------------------------------------------------------------ moving

const steps = (h) => hands[h].steps.length;
const atEnd = () => pos.hand === hands.length - 1 && pos.step === steps(pos.hand) - 1;

function go(h, step) {
  h = Math.max(0, Math.min(hands.length - 1, h));
  step = Math.max(0, Math.min(steps(h) - 1, step));
  pos = { hand: h, step };
  draw();
  showAnalysisStep(h, step); // the analysis panel follows the replay (analysis.js)
}
function forward() {
  if (pos.step < steps(pos.hand) - 1) go(pos.hand, pos.step + 1);
  else if (pos.hand < hands.length - 1) go(pos.hand + 1, 0);
  else stop();
}
function back() {
  if (pos.step > 0) go(pos.hand, pos.step - 1);
  else if (pos.hand > 0) go(pos.hand - 1, steps(pos.hand - 1) - 1);
}
const toEnd = () => go(hands.length - 1, steps(hands.length - 1) - 1);

// Looked up when first used: the page's elements exist by then.
let player = null;
function playing() {
  player ??= playback($("#play"), { forward, atEnd, restart: () => go(0, 0), ms: 800 });
  return player;
}
const play = () => playing().toggle();
const stop = () => playing().stop();

// ------------------------------------------------------------------ drawing

// A step's view with its shared lists filled in (the first n items of the hand's list).
function viewAt(hand, k) {
  const step = hand.steps[k];
  const view = { ...step };
  delete view.shared;
  delete view.open;
  for (const [key, n] of Object.entries(step.shared ?? {})) view[key] = (hand.shared?.[key] ?? []).slice(0, n);
  return view;
}

function describe(hand, k) {
  if (k === 0)
    return t("replay.dealt_hand", "{Hand} {n}: the cards are dealt.", { Hand: capital(noun()), n: pos.hand + 1 });
  const action = hand.actions[k - 1];
  const line = renderer.describeStep?.(action, viewAt(hand, k - 1), viewAt(hand, k), names);
  return line || `${names[action.seat] ?? "?"}: ${action.action}`;
}

function draw() {
  const hand = hands[pos.hand];
  const k = pos.step;
  const last = k === steps(pos.hand) - 1;
  const view = viewAt(hand, k);
  const over = last && hand.over ? hand.over : null;
  const gameOver = atEnd() && summary.status === "over";
  const stepForward = shown && shown.hand === pos.hand && shown.step === k - 1;
  shown = { ...pos };
  const felt = $("#felt");
  felt.dataset.game = summary.game;
  felt.dataset.deal = String(pos.hand + 1);
  felt.dataset.step = String(k);
  felt.dataset.phase = over ? "over" : (view.phase ?? "");
  const state = {
    you: { seat: null },
    table: { ...summary, status: gameOver ? "over" : "playing", deal_number: pos.hand + 1 },
    view,
    // Every card is shown: what the game opens at each step, else the hand's reveal at its end.
    deal_over: hand.steps[k].open ?? over,
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
    commonTags: (s) => {
      const tags = view.dealer === s ? [tagHTML("dealer", t("tag.dealer", "dealer"))] : [];
      if (summary.seats[s]?.kind === "bot") tags.push(tagHTML("bot", t("tag.bot", "bot")));
      return tags;
    },
    waitingBanner: () => document.createElement("div"),
    speed: stepForward ? 1 : 0,
    tableId,
  };
  renderer.render(view, ctx);
  renderer.replayDecorate?.(view, ctx, { hand, step: k, over });
  $("#replay-said").textContent = describe(hand, k);

  const total = hands.reduce((n, x) => n + x.steps.length, 0);
  const before = hands.slice(0, pos.hand).reduce((n, x) => n + x.steps.length, 0);
  $("#position").textContent = t("replay.position_hand", "{Hand} {n} of {count} · step {step} of {steps} ({at}/{total})", {
    Hand: capital(noun()),
    n: pos.hand + 1,
    count: hands.length,
    step: k + 1,
    steps: steps(pos.hand),
    at: before + k + 1,
    total,
  });
  $("#deal-select").value = String(pos.hand);
  $("#back").disabled = pos.hand === 0 && k === 0;
  $("#first").disabled = $("#back").disabled;
  $("#prev-deal").disabled = pos.hand === 0;
  $("#forward").disabled = atEnd();
  $("#last").disabled = atEnd();
  $("#next-deal").disabled = pos.hand === hands.length - 1;
}

function onKey(ev) {
  if (ev.target?.tagName === "SELECT" || ev.target?.tagName === "INPUT") return;
  const map = {
    ArrowRight: forward,
    ArrowLeft: back,
    PageDown: () => go(pos.hand + 1, 0),
    PageUp: () => go(pos.hand - 1, 0),
    Home: () => go(0, 0),
    End: toEnd,
    " ": play,
  };
  if (map[ev.key] && !(ev.key === " " && ev.target?.tagName === "BUTTON")) {
    ev.preventDefault();
    map[ev.key]();
  }
}

// ------------------------------------------------------------------ start

// The controls leave the felt (the renderer owns it) for the top of the sidebar, with the
// line that says what was just done.
function mountControls() {
  const bar = document.createElement("section");
  bar.className = "panel replay-bar";
  bar.append($("#controls"));
  const said = document.createElement("p");
  said.className = "replay-said";
  said.id = "replay-said";
  said.setAttribute("aria-live", "polite");
  bar.append(said);
  document.querySelector(".sidebar").prepend(bar);
}

function fillHandList() {
  const sel = $("#deal-select");
  sel.replaceChildren();
  hands.forEach((hand, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    const what = renderer.handSummary?.(hand, names) ?? "";
    o.textContent = t("replay.hand_option", "{Hand} {n}", { Hand: capital(noun()), n: i + 1 }) + (what ? ` — ${what}` : "");
    sel.append(o);
  });
  sel.setAttribute("aria-label", capital(noun()));
  sel.addEventListener("change", () => go(Number(sel.value), 0));
}

async function init() {
  mountLanguage();
  $("#table-link").href = `/t/${encodeURIComponent(tableId)}`;
  let data;
  try {
    summary = await getJSON(`/api/tables/${encodeURIComponent(tableId)}`);
    data = await getJSON(`/api/tables/${encodeURIComponent(tableId)}/replay`);
  } catch (e) {
    // 409: no hand of the table has finished yet (nothing_to_replay), said in the game's words.
    if (e.status === 409) {
      info = await gameEntry(summary?.game).catch(() => null);
      nothingToReplay();
    } else showError(t("replay.err_load", "Could not load the game: {error}", { error: e.message }));
    return;
  }
  try {
    ({ info, renderer } = await loadGame(summary.game));
  } catch (e) {
    showError(t("replay.err_replay", "This game cannot be replayed here: {error}", { error: e.message }));
    return;
  }
  setBotLabels(seatBotLabels([info])); // a level's seat is "Casual bot" (levels.js)
  names = summary.seats.map(seatName);
  hands = data.steps ?? [];
  const title = t(`game.${summary.game}.title`, info.title ?? summary.game);
  document.title = t("replay.title_game", "{game} — replay of {name}", { game: title, name: summary.name });
  $("#site-title").textContent = title;
  $("#table-name").textContent = summary.name;
  $("#export-button").addEventListener("click", () => downloadJSON(`${summary.game}-${tableId}.json`, data.record));
  if (data.steps === undefined) {
    // The game gives no replay steps (no replay_steps table hook): its records export only.
    showError(t("replay.err_replay", "This game cannot be replayed here: {error}", { error: info.title ?? summary.game }));
    $("#controls").hidden = true;
    return;
  }
  if (!hands.length || !hands.some((h) => h.steps.length > 1)) {
    nothingToReplay();
    return;
  }
  $("#keys-help").innerHTML = t(
    "replay.keys_help_hand",
    "Keys: <kbd>←</kbd> <kbd>→</kbd> step, <kbd>PgUp</kbd> <kbd>PgDn</kbd> {hand}, <kbd>Home</kbd> <kbd>End</kbd>, <kbd>Space</kbd> play/pause.",
    { hand: noun() },
  );
  mountControls();
  renderer.mount($("#felt"), $("#game-panel"));
  $("#felt").classList.add("replay");
  startAnalysis(tableId, names); // offers the analysis of the finished hands (docs/analysis.md)
  fillHandList();
  $("#first").addEventListener("click", () => go(0, 0));
  $("#prev-deal").addEventListener("click", () => go(pos.hand - 1, 0));
  $("#back").addEventListener("click", back);
  $("#forward").addEventListener("click", forward);
  $("#next-deal").addEventListener("click", () => go(pos.hand + 1, 0));
  $("#last").addEventListener("click", toEnd);
  $("#play").addEventListener("click", play);
  document.addEventListener("keydown", onKey);
  // The score sheet as the table draws it: the game's own rows, with the running totals.
  const rows = hands.map((h) => h.score_row).filter(Boolean);
  if (renderer.renderScores) renderer.renderScores($("#score-sheet"), $("#score-chart"), $("#chart-legend"), rows, names, summary);
  else renderScoreSheet($("#score-sheet"), rows, names);
  // The whole sheet, with the game's own columns and a print button (score_sheet.js).
  bindScoreSheetButton($("#sheet-button"), () => ({
    rows,
    names,
    columns: renderer.sheetColumns ?? [],
    handWord: (info.hand_noun ?? ["deal"])[0] === "game" ? t("sheet.game", "Game") : t("common.deal", "Deal"),
    title: `${t("common.score_sheet", "Score sheet")} — ${title} — ${summary.name}`,
  }));
  go(0, 0);
}

init();
