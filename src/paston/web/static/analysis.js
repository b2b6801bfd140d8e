// The analysis panel of the replay viewer (GET /api/tables/{id}/analysis, docs/analysis.md).
//
// Each decision is graded by what its player knew: the expected points it lost against the
// best action over the deals that player could not tell apart, beside its hindsight loss
// (every card known). The panel shows, for the replay's current step, the decision's grade
// (colour and word), the best alternative with its value ± standard error; for the current
// deal a chart of each player's expected score through the deal and the double-dummy table;
// and the game report per player (expected points lost, luck, counts by grade).
//
// The analysis is computed on the server while the page polls (202 + progress). The page names
// no game: what one hand is called ("deal", "game") comes from the game's /api/games entry, and
// the values are in the unit the analysis publishes (its settings).

import { escapeHTML } from "./api.js";
import { gameEntry, nounOf } from "./game_registry.js";
import { t } from "./i18n.js";
// The score chart's colours: a seat has the same colour in both charts.
import { SEAT_COLOURS } from "./render.js";

const SVG = "http://www.w3.org/2000/svg";
// The grade marks of the report, as a chess site writes them.
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const COUNTED = ["inaccuracy", "mistake", "blunder"];

let analysis = null;
let names = ["Seat 0", "Seat 1", "Seat 2"];
let current = { deal: 0, step: 0 };
let panel = null;
// What one hand of the table's game is called, singular and plural (from /api/games).
let hand = ["deal", "deals"];

const GRADE_WORDS = {
  best: t("analysis.grade.best", "best"),
  good: t("analysis.grade.good", "good"),
  inaccuracy: t("analysis.grade.inaccuracy", "inaccuracy"),
  mistake: t("analysis.grade.mistake", "mistake"),
  blunder: t("analysis.grade.blunder", "blunder"),
};
const gradeWord = (g) => GRADE_WORDS[g] ?? g;
// One decimal, never "-0.0".
function num(x, signed = false) {
  const v = Math.round(x * 10) / 10 + 0;
  const s = (Object.is(v, -0) ? 0 : v).toFixed(1);
  return signed && v > 0 ? `+${s}` : s;
}

function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

function ensurePanel() {
  if (panel) return panel;
  if (!document.querySelector('link[href="/static/analysis.css"]')) {
    document.head.append(el("link", { rel: "stylesheet", href: "/static/analysis.css" }));
  }
  panel = el("section", { class: "panel analysis-panel", id: "analysis-panel", "aria-labelledby": "analysis-title" });
  panel.innerHTML = `
    <h2 id="analysis-title">${escapeHTML(t("analysis.title", "Analysis"))}</h2>
    <p class="hint-text" id="analysis-status" aria-live="polite"></p>
    <div id="analysis-decision" class="analysis-decision" aria-live="polite"></div>
    <svg class="analysis-chart" id="analysis-chart" role="img" aria-label="${escapeHTML(t("analysis.chart.waiting", "Expected score chart (once the analysis is ready)"))}"></svg>
    <div class="chart-legend" id="analysis-legend"></div>
    <div id="analysis-dd"></div>
    <div id="analysis-report"></div>`;
  // High in the sidebar, under the replay's controls and this hand's panel, so that it opens
  // in view rather than below the score sheet.
  const aside = document.querySelector(".sidebar") ?? document.body;
  const after = aside.querySelector("#game-panel");
  if (after) after.after(panel);
  else aside.prepend(panel);
  return panel;
}

// Bring the panel into the sidebar's (and the window's) view, as little scrolling as will do.
function reveal() {
  panel?.scrollIntoView?.({ block: "nearest", behavior: "auto" });
}

function status(text) {
  ensurePanel().querySelector("#analysis-status").textContent = text;
}

/** Show the analysis of a finished table's deals if the server has it; else offer to start
 * it (it costs the server some seconds per deal), then poll while it is computed. `game`: the
 * table's game name, whose /api/games entry gives the word for one hand. */
export async function startAnalysis(tableId, seatNames, { worlds = null, game = null } = {}) {
  names = seatNames;
  if (game) {
    const info = await gameEntry(game).catch(() => null);
    if (info) hand = [nounOf(info, "hand"), nounOf(info, "hand", true)];
  }
  ensurePanel();
  const base = `/api/tables/${encodeURIComponent(tableId)}/analysis`;
  const query = worlds ? `worlds=${worlds}` : "";
  const first = await ask(`${base}?peek=1${query ? "&" + query : ""}`);
  if (first?.status === "idle") {
    status(t("analysis.offer", "Grade every decision by what its player knew: about a second per {hand}.", { hand: hand[0] }));
    const button = el("button", { type: "button", id: "analysis-start", class: "small" }, t("analysis.start", "Analyse this game"));
    panel.querySelector("#analysis-decision").replaceChildren(button);
    button.addEventListener("click", () => {
      button.remove();
      reveal();
      poll(`${base}${query ? "?" + query : ""}`);
    });
    return;
  }
  if (first) poll(`${base}${query ? "?" + query : ""}`);
}

// One request: the body for 200/202, null (with the reason shown) otherwise.
async function ask(url) {
  let r;
  try {
    r = await fetch(url);
  } catch (e) {
    status(t("analysis.failed", "The analysis could not be loaded: {error}", { error: e.message }));
    return null;
  }
  const body = await r.json().catch(() => ({}));
  if (r.status === 200 || r.status === 202) return body;
  status(body?.error?.message ?? t("analysis.unavailable", "No analysis for this game."));
  return null;
}

async function poll(url) {
  status(t("analysis.loading", "Analysing the {hands}…", { hands: hand[1] }));
  for (;;) {
    const body = await ask(url);
    if (!body) return;
    if (body.status === "computing") {
      // The server's estimate of the time left (its pace so far), once a hand is done.
      const left = body.left_s == null ? "" : " " + t("analysis.left", "About {left} s left.", { left: body.left_s });
      status(t("analysis.progress", "Analysing: {done} of {total} {hands} done…", { done: body.done, total: body.total, hands: hand[1] }) + left);
      await new Promise((res) => setTimeout(res, 1000));
      continue;
    }
    analysis = body;
    status(t("analysis.ready", "Each decision is graded by what it lost on average over the deals its player could not tell apart ({worlds} sampled); hindsight knows every card.", { worlds: body.settings?.worlds ?? "?" }));
    renderReport();
    showAnalysisStep(current.deal, current.step);
    reveal();
    return;
  }
}

/** Show the analysis of the replay's position (deal index from 0, step = actions shown). */
export function showAnalysisStep(deal, step) {
  current = { deal, step };
  if (!analysis || !panel) return;
  const d = analysis.deals[deal];
  const box = panel.querySelector("#analysis-decision");
  box.replaceChildren();
  if (!d) return;
  if (d.status !== "finished" && d.status !== "unfinished") {
    box.textContent = d.status === "redealt"
      ? t("analysis.redealt", "Thrown in: nothing to grade.")
      : d.note || t("analysis.skipped", "This {hand} was not analysed.", { hand: hand[0] });
  } else {
    const x = d.decisions.find((y) => y.index === step);
    if (!x) {
      box.textContent = step === 0
        ? t("analysis.pick", "Step through the {hand} to see each decision's grade.", { hand: hand[0] })
        : t("analysis.forced", "No choice to grade at this step.");
    } else {
      box.dataset.grade = x.grade;
      const head = el("p", { class: "analysis-head" });
      head.append(el("span", { class: `grade grade-${x.grade}`, "data-grade": x.grade }, gradeWord(x.grade)), " ");
      head.append(`${names[x.seat]}: ${x.text}`);
      box.append(head);
      const lines = [
        t("analysis.expected", "Expected {value} ± {se}; lost {loss} ± {lse}", { value: num(x.value, true), se: num(x.value_se), loss: num(x.loss), lse: num(x.loss_se) }),
      ];
      if (x.best !== x.action)
        lines.push(t("analysis.best", "Best: {best} ({value} ± {se})", { best: x.best_text, value: num(x.best_value, true), se: num(x.best_se) }));
      else if (x.alternatives.length)
        lines.push(t("analysis.next", "Next best: {best} ({value} ± {se})", { best: x.alternatives[0].text, value: num(x.alternatives[0].value, true), se: num(x.alternatives[0].se) }));
      lines.push(t("analysis.hindsight", "Hindsight loss {loss} (best with every card known: {best}); bad luck {luck}", { loss: num(x.hindsight_loss), best: x.hindsight_best_text, luck: num(x.luck, true) }));
      for (const line of lines) box.append(el("p", { class: "analysis-line" }, line));
    }
  }
  renderChart(d);
  renderDD(d);
}

// Each player's expected score of the hand after each of its decisions, by action number.
function renderChart(d) {
  const svg = panel.querySelector("#analysis-chart");
  const legend = panel.querySelector("#analysis-legend");
  svg.replaceChildren();
  legend.replaceChildren();
  const pts = d.decisions ?? [];
  if (!pts.length) {
    svg.setAttribute("aria-label", t("analysis.chart.none", "No graded decision in this {hand}", { hand: hand[0] }));
    return;
  }
  const W = 300, H = 140, L = 30, R = 8, T = 8, B = 18;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("aria-label", t("analysis.chart.label", "Expected score of each player through {hand} {n}", { hand: hand[0], n: d.deal }));
  const xs = pts.map((p) => p.index);
  const ys = pts.flatMap((p) => [p.value, p.best_value]).concat([0]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs, x0 + 1);
  const y0 = Math.min(...ys), y1 = Math.max(...ys, y0 + 1);
  const X = (v) => L + ((v - x0) / (x1 - x0)) * (W - L - R);
  const Y = (v) => T + ((y1 - v) / (y1 - y0)) * (H - T - B);
  const line = (a, b, c, e, cls) => {
    const l = document.createElementNS(SVG, "line");
    Object.entries({ x1: a, y1: b, x2: c, y2: e, class: cls }).forEach(([k, v]) => l.setAttribute(k, v));
    svg.append(l);
  };
  line(L, Y(0), W - R, Y(0), "axis");
  // The replay's current step, when it falls inside the graded part of the deal.
  if (current.step >= x0 && current.step <= x1) line(X(current.step), T, X(current.step), H - B, "now");
  for (const v of [y0, y1]) {
    const label = document.createElementNS(SVG, "text");
    label.setAttribute("x", 2);
    label.setAttribute("y", Y(v) + 4);
    label.setAttribute("class", "tick");
    label.textContent = num(v, true);
    svg.append(label);
  }
  for (let seat = 0; seat < names.length; seat++) {
    const mine = pts.filter((p) => p.seat === seat);
    if (!mine.length) continue;
    const path = document.createElementNS(SVG, "polyline");
    path.setAttribute("points", mine.map((p) => `${X(p.index)},${Y(p.value)}`).join(" "));
    path.setAttribute("class", "series");
    path.setAttribute("stroke", SEAT_COLOURS[seat % SEAT_COLOURS.length]);
    svg.append(path);
    for (const p of mine) {
      const c = document.createElementNS(SVG, "circle");
      c.setAttribute("cx", X(p.index));
      c.setAttribute("cy", Y(p.value));
      c.setAttribute("r", p.grade === "best" || p.grade === "good" ? 2.5 : 4);
      c.setAttribute("class", `dot grade-${p.grade}`);
      c.setAttribute("stroke", SEAT_COLOURS[seat % SEAT_COLOURS.length]);
      const title = document.createElementNS(SVG, "title");
      title.textContent = `${names[seat]}: ${p.text} ${gradeWord(p.grade)} (${num(p.value, true)})`;
      c.append(title);
      svg.append(c);
    }
    const key = el("span", { style: `--c:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}` }, names[seat]);
    legend.append(key);
  }
}

function renderDD(d) {
  const box = panel.querySelector("#analysis-dd");
  box.replaceChildren();
  const dd = d.dd_table;
  if (!dd) return;
  const table = el("table", { class: "scores dd-table", id: "dd-table" });
  table.append(el("caption", {}, t("analysis.dd.title", "Double-dummy tricks as declarer (prikup out / in)")));
  const head = el("tr");
  head.append(el("th", { scope: "col" }, ""));
  for (const s of dd.symbols) head.append(el("th", { scope: "col" }, s));
  table.append(head);
  names.forEach((name, seat) => {
    const row = el("tr");
    row.append(el("th", { scope: "row" }, name));
    for (let k = 0; k < dd.symbols.length; k++) row.append(el("td", {}, `${dd.prikup_out[seat][k]} / ${dd.prikup_in[seat][k]}`));
    table.append(row);
  });
  box.append(table);
}

function renderReport() {
  const box = panel.querySelector("#analysis-report");
  box.replaceChildren();
  box.append(el("h3", {}, t("analysis.report", "Game report")));
  const table = el("table", { class: "scores analysis-report", id: "analysis-report-table" });
  const head = el("tr");
  const cols = [t("analysis.col.player", "Player"), t("analysis.col.expected", "Expected lost"), t("analysis.col.hindsight", "Hindsight lost"), t("analysis.col.luck", "Bad luck")];
  for (const c of cols) head.append(el("th", { scope: "col" }, c));
  // The counts by grade, marked like a chess site's report: ?! inaccuracy, ? mistake, ?? blunder.
  const marks = [[MARKS.inaccuracy, t("analysis.col.inaccuracies", "Inaccuracies")], [MARKS.mistake, t("analysis.col.mistakes", "Mistakes")], [MARKS.blunder, t("analysis.col.blunders", "Blunders")]];
  for (const [mark, word] of marks) head.append(el("th", { scope: "col", title: word, "aria-label": word }, mark));
  table.append(head);
  for (const p of analysis.players) {
    const row = el("tr", { "data-seat": String(p.seat) });
    row.append(el("th", { scope: "row" }, names[p.seat] ?? p.name));
    for (const v of [`${num(p.expected_loss)} ± ${num(p.expected_loss_se ?? 0)}`, num(p.hindsight_loss), num(p.luck, true)]) row.append(el("td", {}, v));
    for (const g of COUNTED) row.append(el("td", { class: `grade-${g}` }, String(p.counts[g] ?? 0)));
    table.append(row);
  }
  const wrap = el("div", { class: "score-wrap", tabindex: "0", role: "region", "aria-label": t("analysis.report", "Game report") });
  wrap.append(table);
  box.append(wrap);
  box.append(el("p", { class: "hint-text" }, t("analysis.report.help", "Expected lost: what the player's own choices gave away, judged by what they knew. Bad luck: what hindsight charges beyond that (negative: the cards were kind).")));
  box.append(gradeLegend(analysis.settings ?? {}));
}

// The thresholds of one scale, {grade: bound}, whichever form the settings publish them in
// ({grade: bound} or [[grade, bound], …]).
function boundsOf(raw) {
  if (Array.isArray(raw)) return Object.fromEntries(raw);
  return raw && typeof raw === "object" ? raw : {};
}

// What ?!, ? and ?? mean: each grade from the loss it starts at, in the analysis's unit (one
// scale, or one per kind of decision when the game grades them apart).
export function gradeLegend(settings) {
  const box = el("div", { class: "grade-legend", id: "grade-legend" });
  box.append(el("h3", {}, t("analysis.legend.title", "What the marks mean")));
  const units = settings.unit;
  const scales =
    units && typeof units === "object"
      ? Object.entries(units).map(([kind, unit]) => [kind, unit, boundsOf(settings.thresholds?.[kind])])
      : [[null, units, boundsOf(settings.thresholds)]];
  for (const [kind, unit, bounds] of scales) {
    if (kind !== null) box.append(el("p", { class: "grade-legend-kind" }, t("analysis.legend.kind", "{kind} decisions, in {unit}:", { kind, unit: unit ?? "?" })));
    else if (unit) box.append(el("p", { class: "grade-legend-kind" }, t("analysis.legend.unit", "Losses in {unit}:", { unit })));
    const dl = el("dl", { class: "grade-legend-list" });
    for (const g of ["inaccuracy", "mistake", "blunder"]) {
      const bound = bounds[g];
      dl.append(el("dt", { class: `grade grade-${g}` }, MARKS[g]));
      dl.append(
        el(
          "dd",
          {},
          bound === undefined
            ? gradeWord(g)
            : t("analysis.legend.entry", "{grade}: lost {bound} or more", { grade: gradeWord(g), bound: String(Number(bound)) }),
        ),
      );
    }
    box.append(dl);
  }
  return box;
}
