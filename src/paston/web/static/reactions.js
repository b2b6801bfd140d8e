// Quick reactions: a few fixed phrases a seated player sends with one click, shown briefly
// beside the sender's seat for everybody (docs/server-protocol.md §2.3). Only a code travels;
// each page words it in its own language. "Mute" (kept in localStorage) hides other players'
// reactions on this browser.
import { t } from "./i18n.js";

const MUTE_KEY = "paston-mute-reactions";
const SHOW_MS = 3500;

// The codes the server accepts, in the order the buttons show them.
const REACTIONS = {
  thumbs_up: { emoji: "👍", words: () => t("react.thumbs_up", "Nice") },
  well_played: { emoji: "👏", words: () => t("react.well_played", "Well played") },
  thanks: { emoji: "🙏", words: () => t("react.thanks", "Thanks") },
  oops: { emoji: "😬", words: () => t("react.oops", "Oops") },
  sorry: { emoji: "😅", words: () => t("react.sorry", "Sorry") },
  good_luck: { emoji: "🍀", words: () => t("react.good_luck", "Good luck") },
};

function muted() {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

function setMuted(on) {
  try {
    localStorage.setItem(MUTE_KEY, on ? "1" : "0");
  } catch {
    /* private mode: the choice lasts for this page */
  }
}

/** The reaction buttons and the mute switch, in `box`; `send(code)` sends one. */
export function mountReactions(box, send) {
  box.innerHTML = `<h3 class="features-title" id="react-title"></h3>
    <div class="react-buttons" role="group" aria-labelledby="react-title"></div>
    <label class="react-mute"><input type="checkbox" id="react-mute" /> <span></span></label>`;
  box.querySelector("#react-title").textContent = t("react.title", "Quick reactions");
  const row = box.querySelector(".react-buttons");
  for (const [code, r] of Object.entries(REACTIONS)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "small react-button";
    b.dataset.reaction = code;
    b.textContent = `${r.emoji} ${r.words()}`;
    b.addEventListener("click", () => send(code));
    row.append(b);
  }
  const mute = box.querySelector("#react-mute");
  mute.checked = muted();
  box.querySelector(".react-mute span").textContent = t("react.mute", "Mute other players' reactions");
  mute.addEventListener("change", () => setMuted(mute.checked));
}

function layer() {
  let el = document.getElementById("reaction-layer");
  if (!el) {
    el = document.createElement("div");
    el.id = "reaction-layer";
    el.setAttribute("aria-live", "polite");
    document.body.append(el);
  }
  return el;
}

// The seat's box on the felt (each game draws its own; they all carry data-seat).
function seatElement(seat) {
  for (const el of document.querySelectorAll(`#felt [data-seat="${seat}"]`)) {
    if (!el.classList.contains("trick-slot") && el.offsetParent !== null) return el;
  }
  return document.getElementById("felt");
}

/** Show `msg` (a `reaction` message) beside its seat, unless muted. */
export function showReaction(msg, mySeat, name) {
  const r = REACTIONS[msg.code];
  if (!r) return;
  if (msg.seat !== mySeat && muted()) return;
  const bubble = document.createElement("div");
  bubble.className = "reaction-bubble";
  bubble.dataset.seat = String(msg.seat);
  bubble.dataset.code = msg.code;
  bubble.textContent = `${r.emoji} ${name}: ${r.words()}`;
  const at = seatElement(msg.seat)?.getBoundingClientRect();
  if (at) {
    bubble.style.left = `${Math.max(4, Math.min(window.innerWidth - 180, at.left + 8))}px`;
    bubble.style.top = `${Math.max(4, at.top + 4)}px`;
  }
  // One bubble per seat: a new reaction replaces the one still showing.
  layer().querySelector(`.reaction-bubble[data-seat="${msg.seat}"]`)?.remove();
  layer().append(bubble);
  setTimeout(() => bubble.remove(), SHOW_MS);
}
