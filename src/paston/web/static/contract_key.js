// The key to a game's abbreviations (its contracts on the score sheet, its cards' short
// names), opened from the table's "?" button. The words are the game's own: the sections of its
// rules (GET /api/games `rules`, from the game's rules.json) whose key ends in ".abbreviations",
// translated through the catalogues' KEY.h and KEY.p like the rules page. Each section's text
// lists its entries separated by "; ", each "SHORT — meaning". A game without such a section
// has no button.

import { escapeHTML } from "./api.js";
import { t } from "./i18n.js";

const SUFFIX = ".abbreviations";

/** The game's key sections: [{heading, entries: [[short, meaning], …]}]. */
export function keySections(info) {
  return (info?.rules ?? [])
    .filter((r) => r.key.endsWith(SUFFIX))
    .map((r) => ({
      key: r.key,
      heading: t(`${r.key}.h`, r.heading),
      entries: t(`${r.key}.p`, r.text)
        .split(/;\s*/)
        .map((part) => part.trim().replace(/\.$/, ""))
        .filter(Boolean)
        .map((part) => {
          const i = part.indexOf(" — ");
          return i < 0 ? [part, ""] : [part.slice(0, i), part.slice(i + 3)];
        }),
    }));
}

let dialog = null;

function keyDialog() {
  if (dialog) return dialog;
  dialog = document.createElement("dialog");
  dialog.id = "key-dialog";
  dialog.setAttribute("aria-labelledby", "key-dialog-title");
  dialog.innerHTML = `<h2 id="key-dialog-title"></h2><div id="key-dialog-body"></div>
    <div class="dialog-actions"><a class="button" id="key-rules" target="_blank" rel="noopener"></a>
    <button type="button" class="primary" id="key-dialog-close"></button></div>`;
  dialog.querySelector("#key-dialog-close").textContent = t("common.close", "Close");
  dialog.querySelector("#key-dialog-close").addEventListener("click", () => dialog.close());
  document.body.append(dialog);
  return dialog;
}

/** Open the key of the game `info` (its GET /api/games entry). */
export function openContractKey(info) {
  const d = keyDialog();
  d.querySelector("#key-dialog-title").textContent = t("key.title", "Abbreviations");
  d.querySelector("#key-dialog-body").innerHTML = keySections(info)
    .map(
      (s) =>
        `<h3>${escapeHTML(s.heading)}</h3><dl class="abbrev-list">${s.entries
          .map(([short, meaning]) => `<dt>${escapeHTML(short)}</dt><dd>${escapeHTML(meaning)}</dd>`)
          .join("")}</dl>`,
    )
    .join("");
  const rules = d.querySelector("#key-rules");
  rules.href = `/rules/${encodeURIComponent(info.name)}`;
  rules.textContent = t("key.rules", "The rules");
  if (!d.open) d.showModal();
}

/** Bind the "?" button of a table to the key of `info`; hidden when the game has none. */
export function mountContractKey(button, info) {
  button.hidden = keySections(info).length === 0;
  button.addEventListener("click", () => openContractKey(info));
}
