// The score sheet (a Preferans player's "pulka"): every hand of the match as a row, each
// player's score of the hand beside his running total, and the game's own columns before them
// (what the hand was: a contract and its declarer, a game bid and its card points, the
// finishing places). For every game alike: the rows are the table's `score_sheet` (the server's
// `score_row` hook, one per finished hand, redeals left out by the caller) and the game's own
// columns come from its renderer's `sheetColumns`, a list of
//   { head: () => string, cell: (row, names) => string (plain text) }.
//
// The sheet opens in a dialog from a button of the table and the replay, is shown in the
// game-over dialog, and prints alone: "Print" copies it into a container that a print style
// sheet shows while everything else is hidden (score_sheet.css).

import { escapeHTML } from "./api.js";
import { t } from "./i18n.js";

const CSS = "/static/score_sheet.css";

function ensureStyles() {
  if (document.querySelector(`link[href="${CSS}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = CSS;
  document.head.append(link);
}

function signedText(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

function tone(n) {
  return n > 0 ? "pos" : n < 0 ? "neg" : "zero";
}

/** The sheet as a <table> element: `rows` as the table's score sheet gives them, `names` one
 * per seat, `columns` the game's own (see above), `handWord` the heading of the first column. */
export function sheetTable(rows, names, { columns = [], handWord = null, caption = null } = {}) {
  ensureStyles();
  const table = document.createElement("table");
  table.className = "score-sheet-table";
  const label = handWord ?? t("common.deal", "Deal");
  const cap = caption ? `<caption>${escapeHTML(caption)}</caption>` : "";
  // Two header rows: the player over his two columns (this hand, running total).
  const top =
    `<tr><th scope="col" rowspan="2">${escapeHTML(label)}</th>` +
    columns.map((c) => `<th scope="col" rowspan="2" class="sheet-game-col">${escapeHTML(c.head())}</th>`).join("") +
    names.map((n, s) => `<th scope="colgroup" colspan="2" class="sheet-player" data-seat="${s}">${escapeHTML(n)}</th>`).join("") +
    `</tr>`;
  const sub =
    `<tr>` +
    names
      .map(
        () =>
          `<th scope="col" class="sheet-sub">${escapeHTML(t("sheet.this_hand", "±"))}</th><th scope="col" class="sheet-sub">${escapeHTML(t("sheet.running", "Σ"))}</th>`,
      )
      .join("") +
    `</tr>`;
  const body = rows
    .map((r) => {
      const game = columns.map((c) => `<td class="sheet-game-col">${escapeHTML(String(c.cell(r, names) ?? ""))}</td>`).join("");
      const seats = names
        .map((_, s) => {
          const v = r.scores?.[s] ?? 0;
          const total = r.totals?.[s] ?? 0;
          return `<td class="sheet-delta ${tone(v)}">${escapeHTML(signedText(v))}</td><td class="sheet-total">${escapeHTML(String(total))}</td>`;
        })
        .join("");
      return `<tr data-hand="${escapeHTML(String(r.deal))}"><th scope="row">${escapeHTML(String(r.deal))}</th>${game}${seats}</tr>`;
    })
    .join("");
  const last = rows.length ? rows[rows.length - 1].totals : names.map(() => 0);
  const foot =
    `<tr><th scope="row" colspan="${1 + columns.length}">${escapeHTML(t("table.total", "Total"))}</th>` +
    names.map((_, s) => `<td></td><td class="sheet-total">${escapeHTML(String(last[s] ?? 0))}</td>`).join("") +
    `</tr>`;
  const empty = rows.length
    ? ""
    : `<tr><td colspan="${1 + columns.length + 2 * names.length}" class="sheet-empty">${escapeHTML(t("sheet.empty", "No hand has been scored yet."))}</td></tr>`;
  table.innerHTML = `${cap}<thead>${top}${sub}</thead><tbody>${body}${empty}</tbody><tfoot>${foot}</tfoot>`;
  return table;
}

/** The sheet with its "Print" button, in a wrapper that scrolls when it is wide. */
export function sheetBlock(data) {
  const box = document.createElement("div");
  box.className = "score-sheet-block";
  const wrap = document.createElement("div");
  wrap.className = "score-sheet-wrap";
  wrap.tabIndex = 0;
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", t("common.score_sheet", "Score sheet"));
  wrap.append(sheetTable(data.rows, data.names, data));
  const print = document.createElement("button");
  print.type = "button";
  print.className = "small sheet-print";
  print.textContent = t("sheet.print", "Print the score sheet");
  print.addEventListener("click", () => printSheet(data));
  box.append(wrap, print);
  return box;
}

/** Print the sheet alone: a copy of it in #print-sheet, which the print style sheet shows
 * while it hides everything else; removed once the browser has printed. */
export function printSheet(data) {
  ensureStyles();
  document.querySelector("#print-sheet")?.remove();
  const out = document.createElement("section");
  out.id = "print-sheet";
  const h = document.createElement("h1");
  h.textContent = data.title ?? t("common.score_sheet", "Score sheet");
  out.append(h, sheetTable(data.rows, data.names, data));
  document.body.append(out);
  document.documentElement.classList.add("printing-sheet");
  const done = () => {
    document.documentElement.classList.remove("printing-sheet");
    out.remove();
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  try {
    window.print();
  } catch {
    done(); // no printing here (an embedded view): nothing is left behind
  }
}

let dialog = null;

function ensureDialog() {
  if (dialog) return dialog;
  ensureStyles();
  dialog = document.createElement("dialog");
  dialog.id = "sheet-dialog";
  dialog.className = "sheet-dialog";
  dialog.setAttribute("aria-labelledby", "sheet-dialog-title");
  dialog.innerHTML = `<h2 id="sheet-dialog-title"></h2><div id="sheet-dialog-body"></div>
    <div class="dialog-actions"><button type="button" class="primary" id="sheet-dialog-close">${escapeHTML(t("common.close", "Close"))}</button></div>`;
  document.body.append(dialog);
  dialog.querySelector("#sheet-dialog-close").addEventListener("click", () => dialog.close());
  return dialog;
}

/** Open the sheet in its dialog; `data`: { rows, names, columns, handWord, title }. */
export function openScoreSheet(data) {
  const d = ensureDialog();
  d.querySelector("#sheet-dialog-title").textContent = data.title ?? t("common.score_sheet", "Score sheet");
  d.querySelector("#sheet-dialog-body").replaceChildren(sheetBlock(data));
  if (!d.open) d.showModal();
}

/** A button that opens the sheet of `getData()` (read when clicked: always the latest). */
export function bindScoreSheetButton(button, getData) {
  button.addEventListener("click", () => {
    const data = getData();
    if (data) openScoreSheet(data);
  });
}
