// Paston's columns of the score sheet (static/score_sheet.js): the contract and its declarer,
// and the result: the declarer's tricks (six make the contract), who whisted, or a surrender.

import { t } from "../../i18n.js";
import { contractShort } from "./terms.js";

export const sheetColumns = [
  {
    head: () => t("sheet.paston.contract", "Contract"),
    cell: (r, names) =>
      r.contract ? `${contractShort(r.contract)}${r.declarer !== null && r.declarer !== undefined ? ` ${names[r.declarer]}` : ""}` : "—",
  },
  {
    head: () => t("sheet.paston.result", "Result"),
    cell: (r, names) => {
      if (r.contract === "surrender") return t("term.surrender", "Surrender");
      if (r.declarer === null || r.declarer === undefined) return "";
      const whist = r.whisters?.length
        ? t("sheet.paston.whist", "whist: {names}", { names: r.whisters.map((s) => names[s]).join(", ") })
        : t("result.nobody_whisted", "nobody whisted");
      if (!r.tricks) return whist;
      const n = r.tricks[r.declarer];
      const made = n >= 6 ? t("sheet.paston.made", "made") : t("sheet.paston.down", "down {n}", { n: 6 - n });
      return `${t("sheet.paston.tricks", { one: "{n} trick", other: "{n} tricks" }, { n, count: n })}, ${made}; ${whist}`;
    },
  },
];
