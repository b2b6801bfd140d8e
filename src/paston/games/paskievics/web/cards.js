// Paskievics cards and actions as people read them (spec/paskievics-notation.md §2, §3): the
// 42 card names in canonical order, their pictures, and a plain-language label for every
// action string of the notation. Drawing the table is paskievics.js's job.

import { t } from "../../i18n.js";

// Canonical order: Skíz, XXI … I, then the plain cards of hearts, diamonds, clubs, spades.
const PLAIN_RANKS = { H: "KQCJA", D: "KQCJA", C: "KQCJT", S: "KQCJT" };
export const CARD_ORDER = [
  "SK",
  ...Array.from({ length: 21 }, (_, i) => `T${21 - i}`),
  ...Object.entries(PLAIN_RANKS).flatMap(([suit, ranks]) => [...ranks].map((r) => r + suit)),
];
const ORDER_INDEX = new Map(CARD_ORDER.map((c, i) => [c, i]));

const SUIT_SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
const SUIT_NAME = { H: "hearts", D: "diamonds", C: "clubs", S: "spades" };
const RANK_SHORT = { K: "K", Q: "Q", C: "C", J: "J", A: "A", T: "10" };
const RANK_NAME = { K: "king", Q: "queen", C: "cavalier", J: "jack", A: "ace", T: "10" };
const ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"];

// Getters: read in the page's language when used (the catalogue's term.* keys).
export const ITEM_NAME = {
  get game() {
    return t("term.the_game", "the game");
  },
  get trull() {
    return t("term.trull", "trull");
  },
  get kings() {
    return t("term.kings", "four kings");
  },
  get double() {
    return t("term.double", "double game");
  },
  get volat() {
    return t("term.volat", "volát");
  },
  get ultimo() {
    return t("term.ultimo", "ultimó");
  },
  get catch() {
    return t("term.catch", "XXI catch");
  },
};
// What each bonus asks of its side, for the announcement buttons.
const ITEM_MEANING = {
  get trull() {
    return t("meaning.trull", "Skíz, XXI and Pagát");
  },
  get kings() {
    return t("meaning.kings", "all four kings");
  },
  get double() {
    return t("meaning.double", "71+ card points");
  },
  get volat() {
    return t("meaning.volat", "every trick");
  },
  get ultimo() {
    return t("meaning.ultimo", "Pagát wins the last trick");
  },
  get catch() {
    return t("meaning.catch", "catch the XXI with the Skíz");
  },
};
export const KONTRA_WORDS = ["kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra"];
export const LEVEL_WORD = {
  get three() {
    return t("pk.three", "Three");
  },
  get two() {
    return t("pk.two", "Two");
  },
  get one() {
    return t("pk.one", "One");
  },
  get solo() {
    return t("pk.solo", "Solo");
  },
};

export function isCard(text) {
  return ORDER_INDEX.has(text);
}

export function isTarokk(card) {
  return card === "SK" || /^T\d+$/.test(card);
}

export function sortCards(cards) {
  return [...cards].sort((a, b) => ORDER_INDEX.get(a) - ORDER_INDEX.get(b));
}

// A card's "suit" for grouping a hand: T for the tarokks, else H D C S.
export function groupOf(card) {
  return isTarokk(card) ? "T" : card[1];
}

export function cardShort(card) {
  if (card === "SK") return "Skíz";
  if (isTarokk(card)) return ROMAN[Number(card.slice(1))];
  return RANK_SHORT[card[0]] + SUIT_SYMBOL[card[1]];
}

export function cardLong(card) {
  if (card === "SK") return "Skíz";
  if (card === "T21") return "XXI (Mond)";
  if (card === "T1") return "I (Pagát)";
  if (isTarokk(card)) return `tarokk ${ROMAN[Number(card.slice(1))]}`;
  return `${RANK_NAME[card[0]]} of ${SUIT_NAME[card[1]]}`;
}

export function cardsShort(cards) {
  return sortCards(cards).map(cardShort).join(" ");
}

// A face-up card as a DOM element (`opts.button`: a <button>; `opts.small`: the small size).
export function cardElement(card, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "div");
  const tarokk = isTarokk(card);
  const colour = tarokk ? "tarokk" : card[1] === "H" || card[1] === "D" ? "red" : "black";
  el.className = `card pk-card ${colour}`;
  if (opts.small) el.classList.add("small");
  el.dataset.card = card;
  if (opts.button) el.type = "button";
  const corner = tarokk ? (card === "SK" ? "Sk" : ROMAN[Number(card.slice(1))]) : RANK_SHORT[card[0]];
  const mark = tarokk ? "" : SUIT_SYMBOL[card[1]];
  const pip = tarokk ? (card === "SK" ? "✶" : ROMAN[Number(card.slice(1))]) : SUIT_SYMBOL[card[1]];
  el.innerHTML =
    `<span class="corner tl" aria-hidden="true"><span class="r">${corner}</span><span class="s">${mark}</span></span>` +
    `<span class="pip" aria-hidden="true">${pip}</span>` +
    `<span class="corner br" aria-hidden="true"><span class="r">${corner}</span><span class="s">${mark}</span></span>`;
  if (opts.button) el.insertAdjacentHTML("afterbegin", `<span class="sr-only">${cardLong(card)}</span>`);
  else {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", cardLong(card));
  }
  return el;
}

export function cardBack(opts = {}) {
  const el = document.createElement("div");
  el.className = "card back";
  if (opts.small) el.classList.add("small");
  el.setAttribute("aria-hidden", "true");
  return el;
}

// A kontra level as a word: 0 is the plain announcement.
export function levelWord(level) {
  return level === 0 ? "announced" : KONTRA_WORDS[level - 1];
}

// A button or hint label for an action string (`phase` tells a raise from a bid).
export function actionLabel(action, phase = null) {
  if (isCard(action)) return t("pk.play_card", "Play {card}", { card: cardLong(action) });
  const [head, ...rest] = action.split(" ");
  if (head === "pass") return phase === "announce" ? t("pk.pass_announce", "Pass (announce nothing more)") : t("term.pass", "Pass");
  if (head === "hold") return t("pk.hold", "Hold (take the bid yourself)");
  if (LEVEL_WORD[head])
    return phase === "raise"
      ? t("pk.play_level", "Play {level}", { level: LEVEL_WORD[head] })
      : t("pk.bid_level", "Bid {level}", { level: LEVEL_WORD[head] });
  if (head === "annul") return t("pk.annul", "Annul the deal (show your hand)");
  if (head === "call") return t("pk.call", "Call {card} as partner", { card: cardLong(rest[0]) });
  if (head === "tarokks") return t("pk.show_tarokks", "Show {n} tarokks", { n: rest[0] });
  if (ITEM_MEANING[head]) return t("pk.announce", "Announce {item} ({meaning})", { item: ITEM_NAME[head], meaning: ITEM_MEANING[head] });
  if (KONTRA_WORDS.includes(head)) {
    const word = head[0].toUpperCase() + head.slice(1);
    return `${word} ${ITEM_NAME[rest[0]] ?? rest[0]}`;
  }
  if (head === "discard") {
    if (rest.length === 2 && rest[1].startsWith("card")) return `Discard ${rest[0]} ${rest[1]}`;
    return `Discard ${cardsShort(rest)}`;
  }
  return action;
}

// One line of the log about a seat's action ("Ani bids Two").
export function describeAction(who, action, phase = null) {
  if (isCard(action)) return `${who} plays ${cardShort(action)}`;
  const [head, ...rest] = action.split(" ");
  if (head === "pass") return `${who} passes`;
  if (head === "hold") return `${who} holds`;
  if (LEVEL_WORD[head]) return phase === "raise" ? `${who} plays ${LEVEL_WORD[head]}` : `${who} bids ${LEVEL_WORD[head]}`;
  if (head === "annul") return `${who} annuls the deal`;
  if (head === "call") return `${who} calls ${cardLong(rest[0])}`;
  if (head === "tarokks") return `${who} shows ${rest[0]} tarokks`;
  if (ITEM_MEANING[head]) return `${who} announces ${ITEM_NAME[head]}`;
  if (KONTRA_WORDS.includes(head)) return `${who}: ${head} ${ITEM_NAME[rest[0]] ?? rest[0]}`;
  if (head === "discard") {
    if (rest.length === 2 && rest[1].startsWith("card")) return `${who} discards ${rest[0]} ${rest[1]}`;
    return `${who} discards ${cardsShort(rest)}`;
  }
  return `${who}: ${action}`;
}
