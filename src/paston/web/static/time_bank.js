// The move timer's pill with each seat's time bank (docs/server-protocol.md §3). The server's
// clock is the authority: `table.timer` says when the move's own time ends (`deadline`) and
// when the bank is spent too (`bank_deadline`), at which moment the server moves for the seat.
// This module only reads the two and words the pill.
import { t } from "./i18n.js";

// The last seconds before the server moves: the pill turns urgent (and warns the seat to act).
export const TIMER_WARNING_S = 5;

/** What the pill shows at server time `now`: the move's seconds, then the bank's. */
export function timerReading(timer, now) {
  const end = timer.bank_deadline ?? timer.deadline;
  const bank = Math.max(0, timer.bank ?? 0);
  const inBank = bank > 0 && now >= timer.deadline;
  return {
    moveLeft: Math.max(0, Math.ceil(timer.deadline - now)),
    bankLeft: inBank ? Math.max(0, Math.ceil(end - now)) : Math.round(bank),
    inBank,
    // Seconds until the server plays the default move.
    toServer: Math.max(0, Math.ceil(end - now)),
  };
}

/** Fill the pill element `el` for `timer` at server time `now` (`mine`: the viewer's turn). */
export function showTimer(el, timer, now, mine) {
  const r = timerReading(timer, now);
  const urgent = r.toServer <= TIMER_WARNING_S;
  const warn = urgent && mine;
  const left = r.inBank ? r.bankLeft : r.moveLeft;
  el.hidden = false;
  el.setAttribute("role", "timer");
  el.dataset.left = String(warn ? r.toServer : left);
  el.dataset.bank = String(r.bankLeft);
  el.dataset.inBank = r.inBank ? "1" : "0";
  el.dataset.warning = warn ? "1" : "0";
  el.classList.toggle("urgent", urgent);
  el.classList.toggle("in-bank", r.inBank);
  let text;
  let label;
  if (warn) {
    text = t("table.timer_warning", "{left} s — then the server moves for you", { left: r.toServer });
    label = t("table.timer_warning_label", "{left} seconds left, then the server moves for you", { left: r.toServer });
  } else if (r.inBank) {
    text = t("table.bank_running", "time bank: {left} s", { left: r.bankLeft });
    label = t("table.bank_running_label", "the time bank is running: {left} seconds left", { left: r.bankLeft });
  } else if (r.bankLeft > 0) {
    text = t("table.s_left_bank", "{left} s + {bank} s bank", { left: r.moveLeft, bank: r.bankLeft });
    label = t("table.seconds_left_bank", "{left} seconds left, then a time bank of {bank} seconds", {
      left: r.moveLeft,
      bank: r.bankLeft,
    });
  } else {
    text = t("table.s_left", "{left} s left", { left: r.moveLeft });
    label = t("table.seconds_left", "{left} seconds left", { left: r.moveLeft });
  }
  el.textContent = text;
  el.setAttribute("aria-label", label);
}
