// Cards in the notation of spec/notation.md: "AS", "TD", "7H". Rendering helpers for the
// client: card elements drawn with CSS (no images), suit symbols, canonical sorting.

import { t } from "./i18n.js";

export const SUITS = ["S", "C", "D", "H"];
export const SUIT_SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
export const SUIT_NAME = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
export const RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"]; // low to high, as the engine
const RANK_LABEL = { T: "10" };

export function suitOf(card) {
  return card[1];
}
export function rankOf(card) {
  return card[0];
}
export function rankLabel(card) {
  return RANK_LABEL[card[0]] ?? card[0];
}
export function isRed(card) {
  return card[1] === "D" || card[1] === "H";
}
// Card number as in paston.cards: suit*8 + rank (7 = 0 ... A = 7).
export function cardId(card) {
  return SUITS.indexOf(card[1]) * 8 + RANKS.indexOf(card[0]);
}
export function isCard(text) {
  return typeof text === "string" && /^[AKQJT987][SCDH]$/.test(text);
}

// Canonical order: suits S C D H, ranks high to low.
export function sortCards(cards) {
  return [...cards].sort((a, b) => {
    const sa = SUITS.indexOf(a[1]);
    const sb = SUITS.indexOf(b[1]);
    if (sa !== sb) return sa - sb;
    return RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]);
  });
}

// Hand order for display: alternate colours so adjacent suits are easy to tell apart
// (♠ ♦ ♣ ♥), ranks high to low. The trump suit goes first when there is one.
export function handOrder(cards, trump = null) {
  let order = ["S", "D", "C", "H"];
  if (trump) {
    const rest = order.filter((s) => s !== trump);
    order = [trump, ...rest];
  }
  return [...cards].sort((a, b) => {
    const sa = order.indexOf(a[1]);
    const sb = order.indexOf(b[1]);
    if (sa !== sb) return sa - sb;
    return RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]);
  });
}

export function cardText(card) {
  return rankLabel(card) + SUIT_SYMBOL[card[1]];
}
export function cardLongName(card) {
  const names = {
    A: t("card.ace", "ace"),
    K: t("card.king", "king"),
    Q: t("card.queen", "queen"),
    J: t("card.jack", "jack"),
    T: "10",
  };
  const suits = {
    S: t("card.spades", "spades"),
    C: t("card.clubs", "clubs"),
    D: t("card.diamonds", "diamonds"),
    H: t("card.hearts", "hearts"),
  };
  return t("card.long", "{rank} of {suit}", { rank: names[card[0]] ?? card[0], suit: suits[card[1]] });
}

// A face-up card as a DOM element. `opts.button` makes it a <button>.
export function cardElement(card, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = `card ${isRed(card) ? "red" : "black"} suit-${card[1]}`;
  if (opts.small) el.classList.add("small");
  el.dataset.card = card;
  if (opts.button) el.type = "button";
  // A button is named by its text (its name then holds what it shows, and a key label added
  // later); a picture of a card by its label.
  if (!opts.button) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardLongName(card));
  }
  const sym = SUIT_SYMBOL[card[1]];
  const r = rankLabel(card);
  el.innerHTML =
    `<span class="corner tl" aria-hidden="true"><span class="r">${r}</span><span class="s">${sym}</span></span>` +
    `<span class="pip" aria-hidden="true">${sym}</span>` +
    `<span class="corner br" aria-hidden="true"><span class="r">${r}</span><span class="s">${sym}</span></span>`;
  if (opts.button) el.insertAdjacentHTML("afterbegin", `<span class="sr-only">${cardLongName(card)}</span>`);
  return el;
}

export function cardBack(opts = {}) {
  const el = document.createElement("div");
  el.className = "card back";
  if (opts.small) el.classList.add("small");
  el.setAttribute("aria-hidden", "true");
  return el;
}

// A card's label, else the action string as it is (a game's renderer names its own actions).
export function actionLabel(action) {
  return isCard(action) ? cardText(action) : action;
}
