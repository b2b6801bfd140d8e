// The account widget of the page headers (lobby, table, account pages): "Log in · Register" for
// a guest, "name · My page · Log out" for a logged-in player; in the lobby also the list of
// pending invitations to private tables (Join / Decline). The session is an HttpOnly cookie, so
// the page learns who is logged in only from GET /api/account/me.

import { escapeHTML, getJSON } from "./api.js";
import { t } from "./i18n.js";

export { t };

const GUEST = { name: null, hidden: false, ratings: {} };
let mePromise = null;

/** Who is logged in: `{name, hidden, ratings}` (`name` null for a guest). A server without
 * accounts (no such route) counts as a guest. */
export function me(refresh = false) {
  if (!mePromise || refresh) {
    mePromise = getJSON("/api/account/me").catch(() => {
      mePromise = null; // no accounts on this server, or a network error: a guest, ask again later
      return GUEST;
    });
  }
  return mePromise;
}

/** Sends a JSON request and returns `{status, body, retryAfter}` without throwing on an HTTP
 * error (the account pages show each error beside its field). */
export async function request(method, url, data) {
  const init = { method, headers: { Accept: "application/json" } };
  if (data !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(data);
  }
  const resp = await fetch(url, init);
  let body = null;
  if (resp.status !== 204) {
    try {
      body = await resp.json();
    } catch {
      body = null;
    }
  }
  const retry = Number(resp.headers.get("Retry-After"));
  return { status: resp.status, ok: resp.ok, body, retryAfter: Number.isFinite(retry) ? retry : null };
}

/** The server's error message of a failed `request`, or a sentence saying what failed. */
export function errorOf(res) {
  const e = res.body && res.body.error;
  return {
    code: e?.code ?? "http_error",
    message: e?.message ?? t("account.http_error", "The server answered {status}.", { status: res.status }),
  };
}

export function playerURL(name) {
  return `/players/${encodeURIComponent(name)}`;
}

/** Where the login page sends the player back to: this page (path and query only). */
function loginURL(hash = "") {
  const back = location.pathname + location.search;
  const next = back === "/login" ? "" : `?next=${encodeURIComponent(back)}`;
  return `/login${next}${hash}`;
}

async function logOut(box) {
  box.querySelector("button")?.setAttribute("disabled", "");
  try {
    await request("POST", "/api/account/logout");
  } finally {
    location.reload();
  }
}

/** Draws the widget into `box` (the header's `#account-box`). */
export async function renderAccountBox(box) {
  const who = await me();
  box.replaceChildren();
  box.dataset.state = who.name ? "in" : "guest";
  if (!who.name) {
    box.innerHTML = `<a class="button small" href="${escapeHTML(loginURL())}">${escapeHTML(
      t("account.log_in", "Log in"),
    )}</a><span class="sep" aria-hidden="true">·</span><a class="button small" href="${escapeHTML(
      loginURL("#register"),
    )}">${escapeHTML(t("account.register", "Register"))}</a>`;
    return who;
  }
  box.innerHTML = `<span class="account-name" id="account-name">${escapeHTML(who.name)}</span>
    <span class="sep" aria-hidden="true">·</span>
    <a class="button small" href="${escapeHTML(playerURL(who.name))}">${escapeHTML(t("account.my_page", "My page"))}</a>
    <span class="sep" aria-hidden="true">·</span>
    <button type="button" class="small" id="logout-button">${escapeHTML(t("account.log_out", "Log out"))}</button>`;
  box.querySelector("#logout-button").addEventListener("click", () => logOut(box));
  return who;
}

// ------------------------------------------------------------------ invitations (lobby)

async function decline(id, li, status) {
  const res = await request("DELETE", `/api/invitations/${encodeURIComponent(id)}`);
  if (res.ok || res.status === 404) {
    li.remove();
    status.textContent = t("account.invite_declined", "Invitation declined.");
  } else status.textContent = errorOf(res).message;
}

/** Redraws the pending invitations into `panel` (a section holding a `ul` and a status line);
 * the panel is hidden while there are none. Called with each lobby refresh. */
export async function refreshInvitations(panel) {
  if (!panel) return;
  const who = await me();
  if (!who.name) {
    panel.hidden = true;
    return;
  }
  const res = await request("GET", "/api/invitations");
  const list = panel.querySelector("ul");
  const status = panel.querySelector(".invite-status");
  if (!res.ok || !Array.isArray(res.body)) {
    if (res.status === 401 || res.status === 404) panel.hidden = true;
    else status.textContent = errorOf(res).message;
    return;
  }
  const had = list.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = had ? `${had.closest("li")?.dataset.invitation}:${had.dataset.role}` : null;
  list.replaceChildren();
  for (const inv of res.body) {
    const li = document.createElement("li");
    li.dataset.invitation = inv.id;
    li.dataset.table = inv.table_id;
    const text = t("account.invited_by", "{from} invites you to {table} ({game})", {
      from: inv.from,
      table: inv.table_name || inv.table_id,
      game: inv.game ? inv.game.charAt(0).toUpperCase() + inv.game.slice(1) : "",
    });
    li.innerHTML = `<span class="invite-text">${escapeHTML(text)}</span>
      <a class="button primary small" data-role="join" href="/t/${encodeURIComponent(inv.table_id)}">${escapeHTML(
        t("account.join", "Join"),
      )}</a>
      <button type="button" class="small" data-role="decline">${escapeHTML(t("account.decline", "Decline"))}</button>`;
    li.querySelector('[data-role="decline"]').addEventListener("click", () => decline(inv.id, li, status));
    list.append(li);
    if (focusKey === `${inv.id}:join`) li.querySelector('[data-role="join"]').focus();
    if (focusKey === `${inv.id}:decline`) li.querySelector('[data-role="decline"]').focus();
  }
  panel.hidden = res.body.length === 0;
}

// ------------------------------------------------------------------ the table page's join dialog

// A logged-in player sits down under the account name (the server ignores a typed nickname):
// the join dialog shows that name, read-only, each time it opens.
function lockJoinNickname(name) {
  const dialog = document.getElementById("join-dialog");
  const input = document.getElementById("join-nick");
  if (!dialog || !input) return;
  const lock = () => {
    input.value = name;
    input.readOnly = true;
    input.title = t("account.name_locked", "You play under your account name.");
  };
  lock();
  new MutationObserver(lock).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}

// A logged-in player's game-over dialog links to their page, where the rating change shows.
function linkGameOver(name) {
  const dialog = document.getElementById("gameover-dialog");
  const actions = dialog?.querySelector(".dialog-actions");
  if (!actions || actions.querySelector("#gameover-my-page")) return;
  const a = document.createElement("a");
  a.className = "button";
  a.id = "gameover-my-page";
  a.href = playerURL(name);
  a.textContent = t("account.my_rating", "My page and rating");
  actions.prepend(a);
}

const box = document.getElementById("account-box");
if (box) {
  renderAccountBox(box).then((who) => {
    if (!who.name) return;
    lockJoinNickname(who.name);
    linkGameOver(who.name);
  });
}

