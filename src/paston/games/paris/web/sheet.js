// Paris's column of the score sheet (static/score_sheet.js): each game's finishing places,
// first out first; the last one named is the game's loser (−1 on the sheet).

import { t } from "../../i18n.js";

export const sheetColumns = [
  {
    head: () => t("sheet.paris.places", "Finishing places"),
    cell: (r, names) => (r.ranking ?? []).map((s, i) => `${i + 1}. ${names[s] ?? s}`).join("  "),
  },
];
