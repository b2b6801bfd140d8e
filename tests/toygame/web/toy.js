// High card's test renderer: the smallest renderer the generic table and replay pages can
// load (GET /api/games lists this file for the game "toy"). It draws the seat's view as
// text and a button per legal card, and nothing it is not told by the view.

import { registerGame } from "../../game_registry.js";

export const KEYS = "1234567890".split("");
export const animated = false;
export const keysHelp = "Keys: <kbd>1</kbd>… play the card of that number.";

let felt = null;
let panel = null;

function text(tag, content, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = content;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

export function mount(feltEl, panelEl) {
  felt = feltEl;
  panel = panelEl;
  felt.replaceChildren(text("p", "", { id: "turn-line", class: "turn-line" }), text("div", "", { id: "toy-trick" }), text("div", "", { id: "toy-hand" }));
  if (panel) panel.replaceChildren(text("h2", "High card"));
}

export function phaseOf(state) {
  return state?.view?.phase ?? state?.table?.status ?? "none";
}

export function render(view, ctx) {
  if (!felt || !view) return 0;
  const names = ctx?.names ?? [];
  const trick = (view.trick ?? []).map(([s, c]) => `${names[s] ?? s}: ${c}`).join(", ");
  felt.querySelector("#toy-trick").textContent = `Trick: ${trick || "empty"} · Tricks: ${(view.tricks_won ?? []).join(" / ")}`;
  felt.querySelector("#turn-line").textContent = ctx?.myTurn ? "Your turn" : "";
  const hand = felt.querySelector("#toy-hand");
  hand.replaceChildren();
  (view.legal ?? []).forEach((card, i) => {
    const button = text("button", card, { type: "button", "data-action": card });
    button.addEventListener("click", () => ctx.sendAction(card));
    if (ctx?.bindKey && KEYS[i]) ctx.bindKey(KEYS[i], button);
    hand.append(button);
  });
  return 0;
}

export function renderScores(sheetEl, chartEl, legendEl, sheet, names) {
  if (!sheetEl) return;
  sheetEl.replaceChildren(...(sheet ?? []).map((row, i) => text("p", `${i + 1}: ${JSON.stringify(row)}`)));
  if (chartEl) chartEl.replaceChildren();
  if (legendEl) legendEl.replaceChildren(text("span", (names ?? []).join(" · ")));
}

export function actionLabel(action) {
  return String(action);
}

export function markHint() {}

export function onAction() {}

export function describeEvent(seat, action) {
  return `${seat} plays ${action}`;
}

export function gameOverHTML() {
  return "<p>The match is over.</p>";
}

export function onKey() {
  return false;
}

export function onChoiceKey() {
  return false;
}

export function describeStep(step) {
  return step?.text ?? "";
}

export function replayDecorate() {}

export function handSummary() {
  return "";
}

registerGame("toy", {
  KEYS, animated, keysHelp, mount, phaseOf, render, renderScores, actionLabel, markHint,
  onAction, describeEvent, gameOverHTML, onKey, onChoiceKey, describeStep, replayDecorate,
  handSummary,
});
