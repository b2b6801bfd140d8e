// The login page (/login): log in, or register a new account. Each mistake is shown beside its
// field (what is wrong and what is allowed), checked here first with the server's own limits and
// then by the server; a rate-limited attempt says how long to wait and keeps the button off
// until then. On success the page goes back to where the player came from (?next=).

import { errorOf, me, playerURL, request, t } from "./account_box.js";
import { mountLanguage } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);
const NAME_MAX = 24;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

// Only a path of this site (never another origin) is a place to go back to.
function nextURL(name) {
  const next = new URLSearchParams(location.search).get("next");
  if (next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/login")) return next;
  return name ? playerURL(name) : "/";
}

function fieldError(id, message) {
  const input = document.getElementById(id);
  const el = document.getElementById(`${id}-error`);
  el.textContent = message ?? "";
  el.hidden = !message;
  if (message) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

function formError(id, message) {
  const el = document.getElementById(id);
  el.textContent = message ?? "";
  el.hidden = !message;
}

function checkName(value) {
  if (!value) return t("account.name_missing", "Enter a name.");
  if (value.length > NAME_MAX)
    return t("account.name_too_long", "A name has at most {max} characters; this one has {n}.", {
      max: NAME_MAX,
      n: value.length,
    });
  return null;
}

function checkPassword(value) {
  if (!value) return t("account.password_missing", "Enter a password.");
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX)
    return t("account.password_length", "A password has {min} to {max} characters; this one has {n}.", {
      min: PASSWORD_MIN,
      max: PASSWORD_MAX,
      n: value.length,
    });
  return null;
}

// A rate-limited form: the wait counts down in its message and the button stays off until then.
const waits = {};
function rateLimited(prefix, seconds) {
  const button = $(`#${prefix}-button`);
  let left = Math.max(1, Math.ceil(seconds ?? 60));
  clearInterval(waits[prefix]);
  const show = () => {
    formError(
      `${prefix}-error`,
      t("account.rate_limited", "Too many attempts. Try again in {seconds} s.", { seconds: left }),
    );
  };
  button.disabled = true;
  show();
  waits[prefix] = setInterval(() => {
    left -= 1;
    if (left > 0) return show();
    clearInterval(waits[prefix]);
    button.disabled = false;
    formError(`${prefix}-error`, t("account.try_again", "You can try again now."));
  }, 1000);
}

function clearErrors(prefix, fields) {
  for (const f of fields) fieldError(`${prefix}-${f}`, null);
  formError(`${prefix}-error`, null);
}

async function logIn(ev) {
  ev.preventDefault();
  clearErrors("login", ["name", "password"]);
  const name = $("#login-name").value.trim();
  const password = $("#login-password").value;
  const nameErr = name ? null : t("account.name_missing", "Enter a name.");
  const passErr = password ? null : t("account.password_missing", "Enter a password.");
  fieldError("login-name", nameErr);
  fieldError("login-password", passErr);
  if (nameErr || passErr) return (nameErr ? $("#login-name") : $("#login-password")).focus();
  const button = $("#login-button");
  button.disabled = true;
  let res;
  try {
    res = await request("POST", "/api/account/login", { name, password });
  } catch {
    button.disabled = false;
    return formError("login-error", t("account.offline", "The server could not be reached. Try again."));
  }
  if (res.ok) {
    location.href = nextURL(res.body?.name ?? name);
    return;
  }
  button.disabled = false;
  const err = errorOf(res);
  if (res.status === 429) return rateLimited("login", res.retryAfter);
  if (err.code === "bad_login") {
    formError("login-error", err.message);
    $("#login-password").select();
    return;
  }
  formError("login-error", err.message);
}

async function register(ev) {
  ev.preventDefault();
  clearErrors("register", ["name", "password", "confirm"]);
  const name = $("#register-name").value.trim();
  const password = $("#register-password").value;
  const confirm = $("#register-confirm").value;
  const nameErr = checkName(name);
  const passErr = checkPassword(password);
  const confirmErr =
    !passErr && password !== confirm
      ? t("account.password_mismatch", "The two passwords differ: type the same password twice.")
      : null;
  fieldError("register-name", nameErr);
  fieldError("register-password", passErr);
  fieldError("register-confirm", confirmErr);
  const first = [
    [nameErr, "#register-name"],
    [passErr, "#register-password"],
    [confirmErr, "#register-confirm"],
  ].find(([e]) => e);
  if (first) return $(first[1]).focus();
  const button = $("#register-button");
  button.disabled = true;
  let res;
  try {
    res = await request("POST", "/api/account/register", { name, password });
  } catch {
    button.disabled = false;
    return formError("register-error", t("account.offline", "The server could not be reached. Try again."));
  }
  if (res.ok) {
    location.href = nextURL(res.body?.name ?? name);
    return;
  }
  button.disabled = false;
  if (res.status === 429) return rateLimited("register", res.retryAfter);
  const err = errorOf(res);
  // The server's message names the field; it is shown beside that field.
  if (err.code === "name_taken" || /name/i.test(err.code)) {
    fieldError("register-name", err.message);
    $("#register-name").focus();
  } else if (err.code === "weak_password" || /password/i.test(err.code)) {
    fieldError("register-password", err.message);
    $("#register-password").focus();
  } else formError("register-error", err.message);
}

async function init() {
  mountLanguage();
  $("#login-form").addEventListener("submit", logIn);
  $("#register-form").addEventListener("submit", register);
  // The buttons start disabled so that no form is sent before this script handles it (a plain
  // form submission would put the password into a URL).
  $("#login-button").disabled = false;
  $("#register-button").disabled = false;
  if (location.hash === "#register") $("#register-name").focus();
  else $("#login-name").focus();
  const who = await me();
  if (who.name) {
    const el = $("#logged-in");
    el.textContent = t("account.already_in", "You are logged in as {name}.", { name: who.name });
    el.hidden = false;
  }
}

init();
