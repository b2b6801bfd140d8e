// REST helpers and per-table seat tokens (docs/server-protocol.md §1).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function parse(resp) {
  let body = null;
  try {
    body = await resp.json();
  } catch {
    body = null;
  }
  if (!resp.ok) {
    const err = body && body.error ? body.error : {};
    throw new ApiError(
      resp.status,
      err.code ?? "http_error",
      err.message ?? `The server answered ${resp.status} ${resp.statusText}.`,
    );
  }
  return body;
}

export async function getJSON(url) {
  return parse(await fetch(url, { headers: { Accept: "application/json" } }));
}

export async function postJSON(url, data) {
  return parse(
    await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(data),
    }),
  );
}

// The token is the seat: kept per table so a reload resumes the seat.
export const tokenKey = (tableId) => `paston-token-${tableId}`;
export function getToken(tableId) {
  try {
    return localStorage.getItem(tokenKey(tableId));
  } catch {
    return null;
  }
}
export function setToken(tableId, token) {
  localStorage.setItem(tokenKey(tableId), token);
}
export function clearToken(tableId) {
  localStorage.removeItem(tokenKey(tableId));
}
export function getNickname() {
  try {
    return localStorage.getItem("paston-nickname") ?? "";
  } catch {
    return "";
  }
}
export function setNickname(name) {
  try {
    localStorage.setItem("paston-nickname", name);
  } catch {
    /* private mode: the nickname is simply not remembered */
  }
}

export async function joinTable(tableId, nickname, seat = null) {
  const body = { nickname };
  if (seat !== null && seat !== undefined) body.seat = seat;
  const res = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/join`, body);
  setToken(tableId, res.token);
  setNickname(nickname);
  return res;
}

// A table id from a pasted link ("http://host/t/abc", "/t/abc") or a bare id.
export function tableIdFrom(text) {
  const t = text.trim();
  const m = t.match(/\/t\/([A-Za-z0-9_-]+)/);
  if (m) return m[1];
  if (/^[A-Za-z0-9_-]+$/.test(t)) return t;
  return null;
}

export function seatName(seat) {
  if (!seat) return "?";
  // Bots are told apart by their seat: two "Random" bots at one table are common.
  if (seat.kind === "bot") return `${botLabel(seat.bot)} ${seat.seat ?? ""}`.trim();
  if (seat.nickname) return seat.nickname;
  return "Free seat";
}

let botLabels = {};
export function setBotLabels(bots) {
  botLabels = Object.fromEntries(bots.map((b) => [b.name, b.label]));
}
export function botLabel(name) {
  if (botLabels[name]) return botLabels[name];
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : "Bot";
}

export function downloadJSON(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function escapeHTML(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
}

/** The replay viewers' Play/Pause button: steps with `forward` every `ms` until `stop`; at the
 * end, Play starts again from the beginning (`restart`). */
export function playback(button, { forward, atEnd, restart, ms }) {
  let timer = null;
  const stop = () => {
    clearInterval(timer);
    timer = null;
    button.textContent = "▶ Play";
    button.setAttribute("aria-label", "Play");
  };
  const toggle = () => {
    if (timer) return stop();
    if (atEnd()) restart();
    timer = setInterval(forward, ms);
    button.textContent = "Pause";
    button.setAttribute("aria-label", "Pause");
  };
  return { toggle, stop };
}
