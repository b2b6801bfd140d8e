// What each Paston decision costs or brings, in one line, for the choice buttons.
//
// A pure function of the seat's view, the table's rules and the action string: nothing here
// sees more than the seat does. The figures come from the rules spec (spec/rules.md §9) and the
// table's variant flags, so "Surrender: −10 for you, +2 for each opponent"
// changes when surrender_multiplied is on. The texts go through the translation layer.

import { t } from "../../i18n.js";

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
export function consequence(action, view, rulesIn = {}) {
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
