// The translation layer of the web client.
//
//   t("area.key", "English text {name}", { name: "Ann" })
//
// looks the key up in the chosen language's catalogue (served by the app under /i18n/CODE.json,
// the same JSON files the terminal reads through paston.i18n; English has one too, for texts
// built from server names such as variant flags) and falls back to the English text given in the
// code, so a missing key or a missing catalogue never breaks a page. Placeholders are
// written {name}. A text that depends on a number may be a plural object keyed by the
// Intl.PluralRules categories ({"one": "{count} card", "other": "{count} cards"}); the form is
// chosen from params.count.
//
// The language comes from localStorage (the person's last choice), else from navigator.languages
// (the first one we have a catalogue for), else English. The catalogue is loaded by a top-level
// await, so every module that imports this one runs after it is ready: no page renders in English
// first and then flips.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "hy", name: "Հայերեն" },
  { code: "ru", name: "Русский" },
  // Hungarian covers the Paskievics terms so far; everything else falls back to English.
  { code: "hu", name: "Magyar" },
];
const CODES = LANGUAGES.map((l) => l.code);
const STORAGE_KEY = "paston-language";

let current = "en";
let catalogue = {};

/** The first supported language among `preferred` (BCP 47 tags such as "hy-AM"), else "en". */
export function pickLanguage(preferred) {
  for (const tag of preferred ?? []) {
    const code = String(tag).toLowerCase().split(/[-_]/)[0];
    if (CODES.includes(code)) return code;
  }
  return "en";
}

function storedLanguage() {
  try {
    const code = localStorage.getItem(STORAGE_KEY);
    return CODES.includes(code) ? code : null;
  } catch {
    return null; // storage can be disabled; the browser's languages still apply
  }
}

function initialLanguage() {
  const nav = typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language];
  return storedLanguage() ?? pickLanguage(nav);
}

async function fetchCatalogue(code) {
  try {
    const resp = await fetch(`/i18n/${code}.json`, { headers: { Accept: "application/json" } });
    if (!resp.ok) return {};
    const data = await resp.json();
    return data && typeof data === "object" ? data : {};
  } catch {
    return {}; // offline or blocked: English stays readable
  }
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

function pluralForm(entry, params, lang) {
  const count = Number(params?.count ?? 0);
  let category = "other";
  try {
    category = new Intl.PluralRules(lang).select(count);
  } catch {
    category = count === 1 ? "one" : "other";
  }
  return entry[category] ?? entry.other ?? Object.values(entry)[0] ?? "";
}

/** The text of `key` in the current language, else `english`; {name} placeholders filled. */
export function t(key, english, params) {
  let entry = catalogue[key];
  let lang = current;
  if (entry === undefined || entry === null || entry === "") {
    entry = english;
    lang = "en"; // the fallback is English, so are its plural rules
  }
  if (entry && typeof entry === "object") entry = pluralForm(entry, params, lang);
  return fill(String(entry ?? ""), params);
}

/** The current language code ("en", "hy", "ru", "hu"). */
export function language() {
  return current;
}

/** Switch to `code`: remembered for the next visit, catalogue loaded, <html lang> updated.
 * Pages render their texts once, so callers usually reload afterwards (the switch does). */
export async function setLanguage(code) {
  if (!CODES.includes(code)) throw new Error(`unknown language ${code}; known: ${CODES.join(", ")}`);
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    /* not remembered, still applied */
  }
  catalogue = await fetchCatalogue(code);
  current = code;
  if (typeof document !== "undefined") document.documentElement.lang = code;
}

/** Translate the static markup: elements marked data-i18n="key" get their text, and
 * data-i18n-attr="title:key;aria-label:key2" their attributes; the English already in the
 * HTML is the fallback. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n, el.textContent.trim().replace(/\s+/g, " "));
  }
  for (const el of root.querySelectorAll("[data-i18n-html]")) {
    // Only for markup written by us (kbd tags in help lines); catalogue texts are ours too.
    el.innerHTML = t(el.dataset.i18nHtml, el.innerHTML.trim().replace(/\s+/g, " "));
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key && el.hasAttribute(attr)) el.setAttribute(attr, t(key, el.getAttribute(attr)));
    }
  }
}

/** A labelled <select> of the languages; choosing one switches and reloads the page. */
export function languageSwitch() {
  const wrap = document.createElement("span");
  wrap.className = "language-switch";
  const id = `language-select-${Math.random().toString(36).slice(2, 8)}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.className = "sr-only";
  label.textContent = t("common.language", "Language");
  const select = document.createElement("select");
  select.id = id;
  select.className = "language-select";
  select.title = t("common.language", "Language");
  for (const l of LANGUAGES) {
    const opt = document.createElement("option");
    opt.value = l.code;
    opt.lang = l.code;
    opt.textContent = l.name;
    opt.selected = l.code === current;
    select.append(opt);
  }
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    location.reload();
  });
  wrap.append(label, select);
  return wrap;
}

/** Put the language switch into the page's header (once) and translate the static markup. */
export function mountLanguage(header = document.querySelector(".site-header")) {
  translatePage();
  if (header && !header.querySelector(".language-switch")) header.append(languageSwitch());
}

// Load before any importer renders (top-level await).
{
  const code = initialLanguage();
  catalogue = await fetchCatalogue(code);
  current = code;
  if (typeof document !== "undefined") document.documentElement.lang = code;
}
