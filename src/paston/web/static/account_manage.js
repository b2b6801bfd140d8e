// The owner's account controls on their player page: change the password, the list of their
// sessions (where they are logged in) with "Log out everywhere", and deleting the account.
// Everything goes through the accounts API (docs/server-protocol.md §7); the page learns
// nothing about other sessions beyond what GET /api/account/sessions lists.

import { errorOf, request, t } from "./account_box.js";
import { language } from "./i18n.js";

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key in node && key !== "list") node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function passwordField(id, label, autocomplete) {
  const input = el("input", { type: "password", id, autocomplete, maxLength: 128, required: true });
  return { box: el("div", { className: "field" }, el("label", { htmlFor: id, text: label }), input), input };
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
}

/** A message line (role=status) whose text says how a request went. */
function statusLine(id) {
  return el("p", { className: "hint-text", id, role: "status" });
}

function failure(res) {
  if (res.status === 429 && res.retryAfter) {
    return t("account.try_later", "Too many tries; try again in {seconds} s.", { seconds: res.retryAfter });
  }
  return errorOf(res).message;
}

function passwordForm() {
  const old = passwordField("old-password", t("account.old_password", "Current password"), "current-password");
  const fresh = passwordField("new-password", t("account.new_password", "New password (8 to 128 characters)"), "new-password");
  const status = statusLine("password-status");
  const button = el("button", { type: "submit", id: "change-password", text: t("account.change_password", "Change password") });
  const form = el("form", { id: "password-form", noValidate: true }, old.box, fresh.box, el("div", { className: "dialog-actions" }, button), status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    const res = await request("POST", "/api/account/password", { old: old.input.value, new: fresh.input.value });
    button.disabled = false;
    if (!res.ok) {
      status.textContent = failure(res);
      return;
    }
    old.input.value = fresh.input.value = "";
    status.textContent = t("account.password_changed", "Password changed; your other sessions were logged out ({count}).", {
      count: res.body?.sessions_ended ?? 0,
    });
    refreshSessions();
  });
  return el("section", { "aria-labelledby": "password-title" }, el("h4", { id: "password-title", text: t("account.password_title", "Password") }), form);
}

let sessionList = null;

async function refreshSessions() {
  if (!sessionList) return;
  const res = await request("GET", "/api/account/sessions");
  sessionList.replaceChildren();
  if (!res.ok) {
    sessionList.append(el("li", { text: errorOf(res).message }));
    return;
  }
  for (const s of res.body ?? []) {
    const what = s.agent || t("account.unknown_browser", "Unknown browser");
    const text = t("account.session_line", "{agent}: logged in {created}, last seen {seen}", {
      agent: what,
      created: when(s.created),
      seen: when(s.last_seen),
    });
    const li = el("li", { className: "session", text });
    if (s.current) li.append(" ", el("b", { text: t("account.this_browser", "(this browser)") }));
    sessionList.append(li);
  }
}

function sessionsSection() {
  sessionList = el("ul", { id: "session-list", className: "session-list" });
  const status = statusLine("sessions-status");
  const button = el("button", { type: "button", id: "logout-everywhere", text: t("account.logout_everywhere", "Log out everywhere") });
  button.addEventListener("click", async () => {
    button.disabled = true;
    const res = await request("DELETE", "/api/account/sessions");
    button.disabled = false;
    if (!res.ok) {
      status.textContent = failure(res);
      return;
    }
    location.href = "/login";
  });
  refreshSessions();
  return el(
    "section",
    { "aria-labelledby": "sessions-title" },
    el("h4", { id: "sessions-title", text: t("account.sessions_title", "Where you are logged in") }),
    sessionList,
    button,
    status,
  );
}

function deleteSection(name) {
  const pw = passwordField("delete-password", t("account.confirm_password", "Your password, to confirm"), "current-password");
  const status = statusLine("delete-status");
  const button = el("button", { type: "submit", id: "delete-account", className: "danger", text: t("account.delete_account", "Delete my account") });
  const form = el("form", { id: "delete-form", noValidate: true }, pw.box, el("div", { className: "dialog-actions" }, button), status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const sure = window.confirm(
      t("account.delete_confirm", "Delete the account “{name}” for good? Your ratings and history go; your games stay in the other players' histories under this name, marked deleted.", { name }),
    );
    if (!sure) return;
    button.disabled = true;
    const res = await request("DELETE", "/api/account/me", { password: pw.input.value });
    button.disabled = false;
    if (!res.ok) {
      status.textContent = failure(res);
      return;
    }
    location.href = "/";
  });
  return el(
    "section",
    { "aria-labelledby": "delete-title" },
    el("h4", { id: "delete-title", text: t("account.delete_title", "Delete the account") }),
    el("p", { className: "hint-text", text: t("account.delete_help", "Your name, password, ratings and history are removed. Games you played stay in the other players' histories, marked deleted.") }),
    form,
  );
}

/** Adds the account controls to the owner's tools panel of their page. */
export function mountAccountManager(panel, name) {
  panel.append(passwordForm(), sessionsSection(), deleteSection(name));
}
