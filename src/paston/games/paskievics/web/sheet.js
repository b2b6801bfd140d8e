// Paskievics's columns of the score sheet (static/score_sheet.js): the game bid with its
// declarer and partner, the card points of the declarer's side (of 94) with its tricks, and the
// deal's value in game points before the multiplier; a thrown-in deal says why.

import { t } from "../../i18n.js";
import { LEVEL_WORD } from "./cards.js";

const THROWN_IN = {
  get "pass-out"() {
    return t("sheet.paskievics.pass_out", "thrown in: everybody passed");
  },
  get "trial-failed"() {
    return t("sheet.paskievics.trial_failed", "thrown in: the trial bid failed");
  },
  get annulled() {
    return t("sheet.paskievics.annulled", "thrown in: annulled");
  },
};

export const sheetColumns = [
  {
    head: () => t("sheet.paskievics.game", "Game"),
    cell: (r, names) => {
      if (r.thrown_in) return THROWN_IN[r.thrown_in] ?? r.thrown_in;
      if (!r.contract) return "—";
      const who = names[r.declarer] ?? "";
      const with_ = r.alone ? t("sheet.paskievics.alone", "alone") : r.partner !== null && r.partner !== undefined ? `+ ${names[r.partner]}` : "";
      return `${LEVEL_WORD[r.contract] ?? r.contract}: ${who} ${with_}`.trim();
    },
  },
  {
    head: () => t("sheet.paskievics.card_points", "Card points"),
    cell: (r) =>
      r.card_points === null || r.card_points === undefined
        ? ""
        : t("sheet.paskievics.points_of", "{points}/94 ({tricks} tricks)", { points: r.card_points, tricks: r.tricks }),
  },
  {
    head: () => t("sheet.paskievics.value", "Value"),
    cell: (r) => (r.value === null || r.value === undefined ? "" : String(r.value)),
  },
];
