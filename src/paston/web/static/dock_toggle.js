// The dock's fold button on a phone held upright (issue 19). There the dock (the choices and
// the hand) sticks to the bottom of the screen, and while the felt is taller than the screen
// it covers the felt's lower part: the pile in Paris's swap, the seats of a big table. A round
// button on the dock's top edge folds the dock away, so what it covers can be seen, and
// unfolds it again; a new turn unfolds it too, so no decision waits behind a folded dock.
// Every game's renderer draws a #dock (style.css shows the button only on such phones).

import { t } from "./i18n.js";

const felt = document.querySelector("#felt");

function label(folded) {
  return folded
    ? t("table.unfold_dock", "Show your cards and choices")
    : t("table.fold_dock", "Hide your cards and choices");
}

function setFolded(dock, button, folded) {
  dock.classList.toggle("folded", folded);
  button.setAttribute("aria-expanded", String(!folded));
  button.setAttribute("aria-label", label(folded));
  button.title = label(folded);
  button.firstElementChild.textContent = folded ? "▴" : "▾";
}

function attach() {
  const dock = felt?.querySelector("#dock");
  if (!dock || dock.querySelector(":scope > .dock-toggle")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "dock-toggle";
  button.innerHTML = '<span aria-hidden="true"></span>';
  if (dock.querySelector("#action-panel")) button.setAttribute("aria-controls", "action-panel");
  button.addEventListener("click", () => setFolded(dock, button, !dock.classList.contains("folded")));
  setFolded(dock, button, false);
  dock.prepend(button);
}

if (felt) {
  let turn = felt.dataset.turn;
  new MutationObserver(() => {
    attach();
    // A new turn: the dock opens (the person must see the choices).
    if (felt.dataset.turn !== turn) {
      turn = felt.dataset.turn;
      const dock = felt.querySelector("#dock");
      const button = dock?.querySelector(":scope > .dock-toggle");
      if (dock && button && dock.classList.contains("folded")) setFolded(dock, button, false);
    }
  }).observe(felt, { childList: true, attributes: true, attributeFilter: ["data-turn"] });
  attach();
}
