// What each Paris decision costs or brings, in one line, for the choice buttons.
//
// A pure function of the seat's view, the table's rules and the action string: nothing here
// sees more than the seat does. The figures come from the rules spec (spec/paris.md) and the
// table's variant flags. The texts go through the translation layer.

import { t } from "../../i18n.js";


/** One line on a Paris action: picking up, burning, the 7 (spec/paris.md). */
export function consequence(action, view, rules = {}) {
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
