// What each decision costs or brings, in one line, for the choice buttons of every game.
//
// Pure functions of the seat's view, the table's rules and the action string: nothing here
// sees more than the seat does. The figures come from the rules specs (Paston spec/rules.md §9,
// Paris spec/paris.md, Paskievics spec/paskievics.md §8.3–8.4) and the table's variant flags,
// so "Surrender: −10 for you, +2 for each opponent" changes when surrender_multiplied is on.
// The texts go through the translation layer.

import { t } from "../i18n.js";

// ------------------------------------------------------------------ Paston

const PASTON_MULT = { paston: 1, glitch: 2, dineri: 3, gupa: 4, grkha: 4 };
const PASTON_DEFAULTS = {
  multiply_defender_scores: true,
  no_whist_multiplied: true,
  surrender_multiplied: false,
  lone_whist_mode: "two_handed",
};

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

// A declarer's result in a contract: made (6+ tricks) and failed (§9.1, §9.3; Grkha's flat +10).
function declarerStakes(contract) {
  const m = PASTON_MULT[contract];
  return { made: contract === "grkha" ? 10 : 10 * m, failed: -10 * m };
}

function termOf(contract) {
  return {
    paston: t("term.paston", "Paston"),
    glitch: t("term.glitch", "Glitch"),
    dineri: t("term.dineri", "Dineri"),
    gupa: t("term.gupa", "Gupa"),
    grkha: t("term.grkha", "Paston Grkha"),
  }[contract];
}

/** One line on what a Paston action means for the player taking it (null: nothing to say). */
export function pastonConsequence(action, view, rulesIn = {}) {
  const rules = { ...PASTON_DEFAULTS, ...rulesIn };
  const v = view ?? {};
  const [head, arg] = action.split(" ");
  if (v.phase === "bidding") {
    if (head === "pass") return t("why.paston.bid_pass", "You leave the auction for this deal.");
    if (PASTON_MULT[head]) {
      const s = declarerStakes(head);
      return t("why.paston.bid", "If you win the auction: 6 tricks in {contract} or higher, {made} if made, {failed} if not.", {
        contract: termOf(head),
        made: signed(s.made),
        failed: signed(s.failed),
      });
    }
  }
  if (v.phase === "declare") {
    if (head === "surrender") {
      const step = rules.surrender_multiplied ? (PASTON_MULT[v.bid] ?? 1) : 1;
      return t("why.paston.surrender", "Surrender: {mine} for you, {each} for each opponent; no play.", {
        mine: signed(-10 * step),
        each: signed(2 * step),
      });
    }
    if (head === "declare" && PASTON_MULT[arg]) {
      const s = declarerStakes(arg);
      const noWhist = rules.no_whist_multiplied || arg === "grkha" ? s.made : 10;
      return t("why.paston.declare", "6 of 10 tricks: {made}; fewer: {failed}; if both pass: {nowhist}.", {
        made: signed(s.made),
        failed: signed(s.failed),
        nowhist: signed(noWhist),
      });
    }
  }
  if (v.phase === "defence") {
    const contract = v.contract;
    const m = rules.multiply_defender_scores ? (PASTON_MULT[contract] ?? 1) : 1;
    const others = (v.defence ?? []).filter(([s]) => s !== v.seat);
    const otherSaid = others.length ? others[0][1] : null;
    if (head === "whist") {
      // Alone when the other defender passed (or will: the first speaker does not know yet).
      const alone = (quota) =>
        t("why.paston.whist_quota", "{quota} tricks of your own break even; each more {per}, none {zero}.", {
          quota,
          per: signed(10 * m),
          zero: signed(-10 * m),
        });
      if (otherSaid === "pass") return alone(4);
      if (otherSaid === "whist") return alone(2);
      return t("why.paston.whist_first", "Break even with 2 tricks if the other defender whists too, with 4 alone; each more {per}.", {
        per: signed(10 * m),
      });
    }
    if (head === "pass") {
      if (otherSaid === "pass") {
        const s = declarerStakes(contract);
        const gets = rules.no_whist_multiplied || contract === "grkha" ? s.made : 10;
        return t("why.paston.pass_both", "0 for you; nobody plays and the declarer scores {gets}.", { gets: signed(gets) });
      }
      return t("why.paston.pass", "0 for you; your cards stay out of the play.");
    }
  }
  return null;
}

// ------------------------------------------------------------------ Paris

/** One line on a Paris action: picking up, burning, the 7 (spec/paris.md). */
export function parisConsequence(action, view, rules = {}) {
  const v = view ?? {};
  const [head, ...rest] = action.split(" ");
  if (head === "pickup") {
    const n = v.pile?.length ?? 0;
    return t("why.paris.pickup", { one: "You take the pile ({count} card) into your hand.", other: "You take the pile ({count} cards) into your hand." }, { count: n });
  }
  if (head === "ready") return t("why.paris.ready", "No more swaps: the game starts when everyone is ready.");
  if (head === "play") {
    const rank = rest[0]?.[0];
    if (rank === "T") {
      const again = rules.ten_grants_extra_turn ?? true;
      return again
        ? t("why.paris.ten_again", "A 10 burns the pile, and you play again.")
        : t("why.paris.ten", "A 10 burns the pile.");
    }
    if (rank === "7") return t("why.paris.seven", "A 7: the next player must play 7 or lower (or a 10).");
  }
  return null;
}

// ------------------------------------------------------------------ Paskievics

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
export function paskievicsConsequence(action, view, rules = {}) {
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

/** The consequence of `action` in game `game` (null when there is nothing to add). */
export function consequence(game, action, view, rules = {}) {
  if (game === "paris") return parisConsequence(action, view, rules);
  if (game === "paskievics") return paskievicsConsequence(action, view, rules);
  return pastonConsequence(action, view, rules);
}
