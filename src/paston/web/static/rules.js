// The rules page, /rules/GAME: each game's rules in plain language (the game's own sections,
// translated by the catalogues where they can) and every table option with its one-line explanation (the variant
// flags of GET /api/games, named through the catalogue's flag.GAME.NAME keys).

import { escapeHTML, getJSON } from "./api.js";
import { mountLanguage, t } from "./i18n.js";

// A game's rules as sections of a heading and a short paragraph: the English comes with the
// game (`rules` of GET /api/games, from its package); translations are in the catalogues under
// each section's key (KEY.h, KEY.p).
function sections(info) {
  return (info?.rules ?? []).map((r) => [t(`${r.key}.h`, r.heading), t(`${r.key}.p`, r.text)]);
}

function flagLabel(game, f) {
  const s = f.name.replace(/_/g, " ");
  return t(`flag.${game}.${f.name}`, s.charAt(0).toUpperCase() + s.slice(1));
}

function flagDefault(game, f) {
  if (f.kind === "bool") return f.default ? t("rules.on", "on") : t("rules.off", "off");
  if (f.kind === "choice") return t(`flag.${game}.${f.name}.${f.default}`, String(f.default).replace(/_/g, " "));
  return String(f.default);
}

async function init() {
  mountLanguage();
  let game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "");
  let games = [];
  try {
    games = await getJSON("/api/games");
  } catch {
    games = [];
  }
  // /rules alone shows the server's first game (the flagship comes first).
  if (!game && games.length) game = games[0].name;
  const nav = document.getElementById("rules-nav");
  for (const g of games) {
    const a = document.createElement("a");
    a.className = "button small";
    a.href = `/rules/${encodeURIComponent(g.name)}`;
    a.textContent = t(`game.${g.name}.title`, g.title ?? g.name);
    if (g.name === game) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const info = games.find((g) => g.name === game);
  const title = t(`game.${game}.title`, info?.title ?? game);
  document.title = t("rules.title", "{game} — rules", { game: title });
  const article = document.getElementById("rules");
  const body = sections(info);
  article.innerHTML =
    `<h2>${escapeHTML(title)}</h2>` +
    (info ? `<p class="hint-text">${escapeHTML(t(`game.${game}.summary`, info.summary ?? ""))}</p>` : "") +
    (body.length
      ? body.map(([h, p]) => `<h3>${escapeHTML(h)}</h3><p>${escapeHTML(p)}</p>`).join("")
      : `<p class="message error" id="no-rules">${escapeHTML(t("rules.none", "There is no rules page for {game}.", { game: title }))}</p>`);
  const list = document.getElementById("options");
  for (const f of info?.flags ?? []) {
    const dt = document.createElement("dt");
    dt.textContent = flagLabel(game, f);
    const dd = document.createElement("dd");
    const help = f.help ? t(`flag.${game}.${f.name}.help`, f.help) : "";
    dd.textContent = `${help} ${t("rules.default", "Default: {value}.", { value: flagDefault(game, f) })}`.trim();
    list.append(dt, dd);
  }
}

init();
