// The turn alert: one switch (off by default, kept in localStorage) that plays a short chime
// and vibrates the phone when it becomes this person's turn. The chime is made by WebAudio on
// the spot (two short sine tones), so nothing is downloaded. Nothing here may break a page: a
// browser without audio or vibration, a blocked AudioContext or a storage error all leave the
// switch working and the alert silent.
//
// A browser lets a page sound and vibrate only after the person has touched it: the audio
// context is made (or resumed) on the first click or key press, and vibration is asked for
// only once the page has had such a gesture (navigator.userActivation), so no browser
// intervention is ever logged.
//
// For tests and styling, <html data-turn-alerts="N"> counts the alerts given and
// data-turn-alert-last says what the last one did ("sound+vibrate", "sound", "vibrate", "none").

import { t } from "./i18n.js";

const STORAGE_KEY = "paston-turn-alert";

let audio = null; // the AudioContext, once a gesture allowed it
let wasMyTurn = false;

/** Whether the person switched the alert on (false where storage is unavailable). */
export function turnAlertOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

function store(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "1" : "0");
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

// Made or resumed inside a gesture's handler, where the browser allows it.
function wakeAudio() {
  try {
    const Ctx = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  } catch {
    audio = null;
  }
}

function chime() {
  if (!audio || audio.state !== "running") return false;
  const now = audio.currentTime;
  // Two short rising tones, soft at the start and end so they do not click.
  [
    [660, 0],
    [880, 0.14],
  ].forEach(([freq, at]) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + at);
    osc.stop(now + at + 0.13);
  });
  return true;
}

function vibrate() {
  if (typeof navigator.vibrate !== "function") return false;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return false;
  return navigator.vibrate([120, 60, 120]) === true;
}

/** Sound and vibrate now (whatever the switch says); returns what it could do. */
export function alertTurn() {
  let sound = false;
  let buzz = false;
  try {
    sound = chime();
  } catch {
    sound = false;
  }
  try {
    buzz = vibrate();
  } catch {
    buzz = false;
  }
  const what = [sound && "sound", buzz && "vibrate"].filter(Boolean).join("+") || "none";
  const root = document.documentElement;
  root.dataset.turnAlerts = String(Number(root.dataset.turnAlerts ?? 0) + 1);
  root.dataset.turnAlertLast = what;
  return what;
}

/** Tell the alert whether it is this person's turn now: it sounds when a turn begins. */
export function noticeTurn(mine) {
  if (mine && !wasMyTurn && turnAlertOn()) alertTurn();
  wasMyTurn = !!mine;
}

/** The switch, put into `container` (before `before` when given, else at its end). */
export function mountTurnAlert(container, before = null) {
  const field = document.createElement("div");
  field.className = "field inline switch-field turn-alert-field";
  field.innerHTML = `<input type="checkbox" role="switch" id="turn-alert" />
    <label for="turn-alert"></label>`;
  field.querySelector("label").textContent = t("alert.switch", "Sound and vibration when it is my turn");
  const box = field.querySelector("input");
  box.checked = turnAlertOn();
  box.addEventListener("change", () => {
    store(box.checked);
    if (box.checked) {
      wakeAudio();
      chime(); // a sample, so the person hears what the alert sounds like
    }
  });
  if (before) container.insertBefore(field, before);
  else container.append(field);
  // The first gesture anywhere on the page lets the chime play later.
  const wake = () => {
    if (turnAlertOn()) wakeAudio();
  };
  document.addEventListener("pointerdown", wake, { capture: true });
  document.addEventListener("keydown", wake, { capture: true });
  return field;
}
