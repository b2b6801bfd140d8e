// Drawing shared by the table page and the replay viewer: seats, the trick, the auction,
// the score sheet and its chart.

import { escapeHTML } from "./api.js";
import { t } from "./i18n.js";
import { cardBack, cardElement, handOrder, isCard } from "./cards.js";

export const SEAT_COLOURS = ["#d1495b", "#2e86ab", "#e0a100", "#3b8b3b", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#c2185b"];

function seatColour(s) {
  return SEAT_COLOURS[s % SEAT_COLOURS.length];
}

// Where each seat sits for a viewer at `me` (bottom): left(me) on the left, right(me) on the right.
export function positions(me) {
  return { me, left: (me + 1) % 3, right: (me + 2) % 3 };
}

export function tagHTML(cls, text) {
  return `<span class="tag ${cls}">${escapeHTML(text)}</span>`;
}

// A seat box: name, tags, tricks, and the hand (face-up cards or backs).
export function renderSeatBox(el, info) {
  el.classList.toggle("turn", !!info.turn);
  el.dataset.seat = info.seat;
  const tags = (info.tags ?? []).join("");
  let html = `<div class="who"><span class="nick">${escapeHTML(info.name)}</span>
    <span class="hint-text" style="color:inherit;opacity:.75">${escapeHTML(t("table.seat_lower", "seat {n}", { n: info.seat }))}</span></div>`;
  if (tags) html += `<div class="tags">${tags}</div>`;
  if (info.stat) html += `<div class="stat">${info.stat}</div>`;
  el.innerHTML = html;
  if (info.hand) {
    const hand = document.createElement("div");
    hand.className = "opp-hand";
    hand.setAttribute("role", "group");
    hand.setAttribute(
      "aria-label",
      info.hand.open
        ? t("table.cards_of", "{name}'s cards", { name: info.name })
        : t("table.holds_n", "{name} holds {count} cards", { name: info.name, count: info.hand.count }),
    );
    if (info.hand.open) {
      hand.classList.add("open");
      hand.dataset.open = "1";
      for (const c of handOrder(info.hand.open, info.trump)) hand.append(cardElement(c, { small: true }));
    } else {
      for (let i = 0; i < info.hand.count; i++) hand.append(cardBack({ small: true }));
    }
    el.append(hand);
  }
}

// The cards on the table, each in front of the seat that played it.
export function renderTrick(el, trick, me, names, opts = {}) {
  el.replaceChildren();
  const pos = positions(me);
  const slotClass = { [pos.me]: "me", [pos.left]: "lft", [pos.right]: "rgt" };
  if (opts.note) {
    const n = document.createElement("div");
    n.className = "trick-center-note";
    n.textContent = opts.note;
    el.append(n);
  }
  for (const [seat, card] of trick) {
    const slot = document.createElement("div");
    slot.className = `trick-slot ${slotClass[seat]}`;
    slot.dataset.seat = seat;
    if (opts.winner === seat) slot.classList.add("winner");
    slot.append(cardElement(card));
    const who = document.createElement("span");
    who.className = "who-played";
    who.textContent = opts.winner === seat ? t("table.won_trick", "{name} ✓ won", { name: names[seat] }) : names[seat];
    slot.append(who);
    el.append(slot);
  }
}

export function renderLastTrick(el, trick, names) {
  el.replaceChildren();
  if (!trick) {
    el.innerHTML = `<span class="hint-text">${escapeHTML(t("table.no_trick", "No trick yet."))}</span>`;
    return;
  }
  for (const [seat, card] of trick.cards) {
    const fig = document.createElement("figure");
    if (seat === trick.winner) fig.classList.add("won");
    fig.append(cardElement(card, { small: true }));
    const cap = document.createElement("figcaption");
    cap.textContent = seat === trick.winner ? `${names[seat]} ✓` : names[seat];
    fig.append(cap);
    el.append(fig);
  }
}

export function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

export function scoreClass(n) {
  return n > 0 ? "pos" : n < 0 ? "neg" : "";
}

// rows: [{deal, declarer, contract, scores, totals}] (redeals left out by the caller);
// opts.label heads the first column, opts.short(contract) abbreviates a row's contract.
export function renderScoreSheet(table, rows, names, opts = {}) {
  // A long name is cut with an ellipsis (it never pushes the sheet wider); its title has it all.
  const head = `<thead><tr><th scope="col">${escapeHTML(opts.label ?? t("common.deal", "Deal"))}</th>${names
    .map((n) => `<th scope="col" title="${escapeHTML(n)}"><span class="name-cut">${escapeHTML(n)}</span></th>`)
    .join("")}</tr></thead>`;
  const body = rows
    .map((r) => {
      const what = r.contract
        ? `${r.deal}. <span class="delta">${escapeHTML(opts.short?.(r.contract) ?? r.contract)}${r.declarer !== null && r.declarer !== undefined ? " · " + escapeHTML(initial(names[r.declarer])) : ""}</span>`
        : `${r.deal}.`;
      return `<tr><td>${what}</td>${r.totals
        .map((t, i) => `<td>${t}<span class="delta ${scoreClass(r.scores[i])}">${signed(r.scores[i])}</span></td>`)
        .join("")}</tr>`;
    })
    .join("");
  const totals = rows.length ? rows[rows.length - 1].totals : names.map(() => 0);
  const foot = `<tfoot><tr><td>${escapeHTML(t("table.total", "Total"))}</td>${totals.map((n) => `<td>${n}</td>`).join("")}</tr></tfoot>`;
  table.innerHTML = head + `<tbody>${body}</tbody>` + foot;
}

function initial(name) {
  return name.length > 10 ? name.slice(0, 9) + "…" : name;
}

// A small line chart of the running totals, with the zero line and the target.
export function renderChart(svg, legend, rows, names, target = 121, opts = {}) {
  const W = 300;
  const H = 110;
  const pad = { l: 28, r: 6, t: 6, b: 14 };
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const series = names.map((_, s) => [0, ...rows.map((r) => r.totals[s])]);
  const all = series.flat();
  const hi = Math.max(target ?? 1, ...all);
  const lo = Math.min(0, ...all);
  const n = Math.max(1, rows.length);
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / n;
  const y = (v) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo || 1);
  let out = `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(0)}" y2="${y(0)}" stroke="#999" stroke-width="1"/>`;
  if (target !== null) {
    out += `<line x1="${pad.l}" x2="${W - pad.r}" y1="${y(target)}" y2="${y(target)}" stroke="#b8860b" stroke-dasharray="4 3" stroke-width="1"/>`;
    out += `<text x="2" y="${y(target) + 4}" font-size="9" fill="#8a5f00">${target}</text>`;
  }
  out += `<text x="2" y="${y(0) + 3}" font-size="9" fill="#666">0</text>`;
  if (lo < 0 && y(lo) - y(0) > 16) out += `<text x="2" y="${y(lo)}" font-size="9" fill="#666">${lo}</text>`;
  // Seats with the very same totals would draw one line over the other: each later one is
  // shifted down a little and dashed, so every seat's line stays visible.
  const seen = new Map();
  series.forEach((pts, s) => {
    const key = pts.join(",");
    const twin = seen.get(key) ?? 0;
    seen.set(key, twin + 1);
    const dy = twin * 2.5;
    const d = pts.map((v, i) => `${x(i).toFixed(1)},${(y(v) + dy).toFixed(1)}`).join(" ");
    const colour = seatColour(s);
    const dash = twin ? ` stroke-dasharray="${twin === 1 ? "6 3" : "2 3"}"` : "";
    out += `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${d}" data-seat="${s}"${dash}/>`;
    const last = pts.length - 1;
    out += `<circle cx="${x(last)}" cy="${y(pts[last]) + dy}" r="2.5" fill="${colour}"/>`;
  });
  out += `<text x="${W - pad.r}" y="${H - 2}" font-size="9" fill="#666" text-anchor="end">${escapeHTML(opts.word ?? t("table.hand_deal", "deal"))} ${rows.length}</text>`;
  svg.innerHTML = out;
  legend.innerHTML = names
    .map((nm, s) => `<span style="--c:${seatColour(s)}" title="${escapeHTML(nm)}">${escapeHTML(nm)}</span>`)
    .join("");
}

// A hand's legal card as a button: marked legal, its keyboard shortcut (if it has one) bound and
// shown on it, and what a click does. With `selected` (true/false) the card is one of a set being
// chosen (a discard), so the button says whether it is pressed.
export function activateCardButton(b, key, bindKey, { selected = null, onClick }) {
  b.classList.add("legal");
  if (key) {
    bindKey(key, b);
    const kb = document.createElement("kbd");
    kb.className = "key";
    kb.textContent = key;
    b.append(kb);
    b.setAttribute("aria-keyshortcuts", key);
  }
  if (selected !== null) {
    b.setAttribute("aria-pressed", selected ? "true" : "false");
    if (selected) b.classList.add("selected");
  }
  b.addEventListener("click", onClick);
}

export { isCard };
