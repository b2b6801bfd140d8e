// What each Paskievics decision costs or brings, in one line, for the choice buttons.
//
// A pure function of the seat's view, the table's rules and the action string: nothing here
// sees more than the seat does. The figures come from the rules spec (spec/paskievics.md §8.3–8.4) and the
// table's variant flags. The texts go through the translation layer.

import { t } from "../../i18n.js";

const PK_LEVELS = ["three", "two", "one", "solo"];
const PK_VALUES = {
  standard: { trull: 2, kings: 2, ultimo: 10, catch: 42 },
  kovacs: { trull: 2, kings: 4, ultimo: 12, catch: 60 },
};
const KONTRA = ["kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra"];

function pkGameValue(view, rules) {
  if (view.alone && rules.lone_game_value === "solo") return 4;
  return PK_LEVELS.indexOf(view.bid) + 1 || 1;
}

// The announced value of an item before kontras (§8.3).
function pkItemValue(item, view, rules) {
  const g = pkGameValue(view, rules);
  if (item === "game") return g;
  if (item === "double") return 4 * g;
  if (item === "volat") return 6 * g;
  return PK_VALUES[rules.bonus_values ?? "standard"]?.[item] ?? null;
}

/** One line on a Paskievics action: a bid's talon and value, a bonus's stake, a kontra's doubling. */
export function consequence(action, view, rules = {}) {
  const v = view ?? {};
  const [head, item] = action.split(" ");
  const level = PK_LEVELS.indexOf(head);
  if (level >= 0 && (v.phase === "bidding" || v.phase === "raise")) {
    return t("why.paskievics.bid", "Take {talon} talon cards; the game is worth {value} per player.", {
      talon: 3 - level,
      value: level + 1,
    });
  }
  if (head === "hold") return t("why.paskievics.hold", "You take the last bid at the same level.");
  if (head === "pass" && v.phase === "bidding") return t("why.paskievics.pass", "You leave the bidding.");
  if (head === "annul") return t("why.paskievics.annul", "The deal is thrown in and dealt again.");
  if (head === "call") return t("why.paskievics.call", "Whoever holds this tarokk is your secret partner (you alone if it is yours or in the talon).");
  if (KONTRA.includes(head)) {
    const base = pkItemValue(item, v, rules);
    const lv = KONTRA.indexOf(head) + 1;
    if (base === null) return t("why.paskievics.kontra_plain", "Doubles the stake of this item.");
    return t("why.paskievics.kontra", "Doubles the stake: {before} → {after} per player.", {
      before: base * 2 ** (lv - 1),
      after: base * 2 ** lv,
    });
  }
  const value = pkItemValue(head, v, rules);
  if (value !== null && ["trull", "kings", "double", "volat", "ultimo", "catch"].includes(head)) {
    return t("why.paskievics.announce", "Made: {value} per player to your side; failed: {value} to the other.", { value });
  }
  return null;
}
