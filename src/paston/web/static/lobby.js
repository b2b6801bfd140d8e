// The lobby: public tables (refreshing), create a table, join by link.

import {
  ApiError,
  escapeHTML,
  getJSON,
  getNickname,
  joinTable,
  postJSON,
  seatName,
  setBotLabels,
  setNickname,
  tableIdFrom,
} from "./api.js";
import { cardElement } from "./cards.js";

const $ = (sel) => document.querySelector(sel);
let bots = [{ name: "random", label: "Random" }];
let rulesMeta = [];

function showError(el, err) {
  el.textContent = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  el.hidden = false;
}

function ruleLabel(name) {
  const s = name.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function choiceLabel(value) {
  return String(value).replace(/_/g, " ");
}

function renderRules() {
  const grid = $("#rules-grid");
  grid.replaceChildren();
  for (const r of rulesMeta) {
    const id = `rule-${r.name}`;
    const wrap = document.createElement("div");
    wrap.className = r.kind === "bool" ? "field inline" : "field";
    if (r.kind === "bool") {
      wrap.innerHTML = `<input type="checkbox" id="${id}" data-rule="${r.name}" ${r.default ? "checked" : ""}/>
        <label for="${id}">${escapeHTML(ruleLabel(r.name))}</label>`;
    } else if (r.kind === "int") {
      wrap.innerHTML = `<label for="${id}">${escapeHTML(ruleLabel(r.name))}</label>
        <input type="number" id="${id}" data-rule="${r.name}" value="${Number(r.default)}" min="1" />`;
    } else {
      const opts = (r.choices ?? [])
        .map((c) => `<option value="${escapeHTML(c)}" ${c === r.default ? "selected" : ""}>${escapeHTML(choiceLabel(c))}</option>`)
        .join("");
      wrap.innerHTML = `<label for="${id}">${escapeHTML(ruleLabel(r.name))}</label>
        <select id="${id}" data-rule="${r.name}">${opts}</select>`;
    }
    grid.append(wrap);
  }
}

// Only the flags that differ from the defaults go to the server (the rules object of a record).
function chosenRules() {
  const out = {};
  for (const r of rulesMeta) {
    const el = document.querySelector(`[data-rule="${r.name}"]`);
    if (!el) continue;
    let v;
    if (r.kind === "bool") v = el.checked;
    else if (r.kind === "int") v = parseInt(el.value, 10);
    else v = el.value;
    if (v !== r.default) out[r.name] = v;
  }
  return out;
}

function renderSeatRows() {
  const rows = $("#seat-rows");
  rows.replaceChildren();
  for (let s = 0; s < 3; s++) {
    const label = document.createElement("label");
    label.htmlFor = `seat-${s}`;
    label.textContent = `Seat ${s}`;
    const sel = document.createElement("select");
    sel.id = `seat-${s}`;
    sel.name = `seat-${s}`;
    sel.innerHTML =
      `<option value="me">You</option><option value="human">A person (invite by link)</option>` +
      bots
        .map((b) => {
          const about = b.description ? ` — ${b.description}` : "";
          return `<option value="bot:${escapeHTML(b.name)}">Bot: ${escapeHTML(b.label + about)}</option>`;
        })
        .join("");
    sel.value = s === 0 ? "me" : `bot:${preferredBot(bots)}`;
    rows.append(label, sel);
  }
  const hb = $("#t-hintbot");
  hb.innerHTML = bots.map((b) => `<option value="${escapeHTML(b.name)}">${escapeHTML(b.label)}</option>`).join("");
  hb.value = preferredBot(bots);
}

// The default opponent: the strongest bot that still answers at once.
function preferredBot(bots) {
  const names = bots.map((b) => b.name);
  return ["pimc", "heuristic"].find((n) => names.includes(n)) ?? names[0] ?? "random";
}

function statusBadge(t) {
  const label = { waiting: "waiting for players", playing: `deal ${t.deal_number}`, over: "finished" }[t.status] ?? t.status;
  return `<span class="badge ${escapeHTML(t.status)}">${escapeHTML(label)}</span>`;
}

async function refreshTables() {
  const status = $("#tables-status");
  try {
    const order = { waiting: 0, playing: 1, over: 2 };
    // Tables to join first, then games to watch, then finished games to replay.
    const tables = (await getJSON("/api/tables")).sort(
      (a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3),
    );
    const list = $("#tables");
    list.replaceChildren();
    status.textContent = tables.length ? "" : "No public tables yet — create one.";
    for (const t of tables) {
      const li = document.createElement("li");
      li.dataset.table = t.id;
      const free = t.seats.some((s) => s.kind === "human" && !s.nickname);
      const seats = t.seats.map((s) => escapeHTML(seatName(s))).join(" · ");
      const link = `/t/${encodeURIComponent(t.id)}`;
      let actions = "";
      if (free && t.status !== "over") actions += `<a class="button primary" href="${link}">Join</a>`;
      if (t.status !== "over") actions += `<a class="button" href="${link}?watch=1">Watch</a>`;
      if (t.status === "over" || t.deal_number > 1)
        actions += `<a class="button" href="/static/replay.html?t=${encodeURIComponent(t.id)}">Replay</a>`;
      li.innerHTML = `<span class="name">${escapeHTML(t.name)}</span> ${statusBadge(t)}
        <span class="seats">${seats}</span>
        <span class="totals hint-text">${t.totals ? t.totals.join(" / ") : ""}</span>${actions}`;
      list.append(li);
    }
  } catch (err) {
    status.textContent = `Could not load the tables: ${err.message}`;
  }
}

async function createTable(ev) {
  ev.preventDefault();
  const errEl = $("#create-error");
  errEl.hidden = true;
  const nickname = $("#t-nick").value.trim();
  const seats = [];
  let mySeat = null;
  for (let s = 0; s < 3; s++) {
    const v = $(`#seat-${s}`).value;
    if (v === "me") {
      if (mySeat !== null) return showError(errEl, "Choose “You” for one seat only.");
      mySeat = s;
      seats.push({ kind: "human" });
    } else if (v === "human") seats.push({ kind: "human" });
    else seats.push({ kind: "bot", bot: v.slice(4) });
  }
  if (!seats.some((s) => s.kind === "human"))
    return showError(errEl, "At least one seat must be a person (you or someone invited).");
  if (mySeat !== null && !nickname) return showError(errEl, "Enter your nickname to take a seat.");
  const timer = parseInt($("#t-timer").value, 10) || 0;
  if (timer && (timer < 5 || timer > 3600))
    return showError(errEl, "The move timer must be between 5 and 3600 seconds, or 0 for none.");
  const body = {
    name: $("#t-name").value.trim() || "Table",
    public: $("#vis-public").checked,
    rules: chosenRules(),
    seats,
    hints: $("#t-hints").checked,
    move_timer: timer || null,
    grace: parseInt($("#t-grace").value, 10) || 0,
    deal_pause: parseFloat($("#t-pause").value) || 0,
  };
  if ($("#t-hintbot").value) body.hint_bot = $("#t-hintbot").value;
  const button = $("#create-button");
  button.disabled = true;
  try {
    const res = await postJSON("/api/tables", body);
    if (mySeat !== null) await joinTable(res.id, nickname, mySeat);
    location.href = `/t/${encodeURIComponent(res.id)}`;
  } catch (err) {
    showError(errEl, err);
    button.disabled = false;
  }
}

async function joinByLink(ev) {
  ev.preventDefault();
  const errEl = $("#join-error");
  errEl.hidden = true;
  const id = tableIdFrom($("#join-link").value);
  const nickname = $("#join-nick").value.trim();
  if (!id) return showError(errEl, "That is not a table link: it should look like …/t/abc123.");
  try {
    await joinTable(id, nickname);
    location.href = `/t/${encodeURIComponent(id)}`;
  } catch (err) {
    showError(errEl, err);
  }
}

async function init() {
  const nick = getNickname();
  $("#t-nick").value = nick;
  $("#join-nick").value = nick;
  for (const id of ["#t-nick", "#join-nick"])
    $(id).addEventListener("change", (e) => setNickname(e.target.value.trim()));
  const fan = $("#hero-fan");
  for (const c of ["JS", "AH", "KC", "QD", "7S"]) fan.append(cardElement(c));
  [...fan.children].forEach((el, i) => (el.style.transform = `rotate(${(i - 2) * 8}deg)`));
  $("#create-form").addEventListener("submit", createTable);
  $("#join-form").addEventListener("submit", joinByLink);
  $("#refresh-tables").addEventListener("click", refreshTables);
  try {
    const [b, r] = await Promise.all([getJSON("/api/bots"), getJSON("/api/rules")]);
    if (b.length) bots = b;
    rulesMeta = r;
  } catch (err) {
    showError($("#create-error"), `Could not load the bots and rules: ${err.message}`);
  }
  setBotLabels(bots);
  renderSeatRows();
  renderRules();
  refreshTables();
  setInterval(() => {
    if (!document.hidden) refreshTables();
  }, 4000);
}

init();
