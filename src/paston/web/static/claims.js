// Claims and conceding (docs/server-protocol.md §2.3). The seat to act in the card play of a
// trick-taking game may claim some or all of the tricks left (`state.offers.claim_max`); the
// claim shows the claimer's hand to everybody and each other player accepts or rejects it.
// Conceding is the game's resignation where its rules have one (`state.offers.concede`, from
// the game's table hooks); elsewhere giving up means leaving the table.
import { escapeHTML } from "./api.js";
import { t } from "./i18n.js";

/** The claim controls in `box`; `api` is the page's (see table_features.js). */
export function mountClaims(box, api) {
  box.innerHTML = `<div class="claim-make" id="claim-make" hidden>
      <label for="claim-tricks"></label>
      <select id="claim-tricks"></select>
      <button type="button" class="small" id="claim-button"></button>
    </div>
    <div class="claim-box" id="claim-box" role="region" aria-live="polite" hidden></div>
    <div class="concede" id="concede" hidden>
      <button type="button" class="small" id="concede-button"></button>
      <span class="confirm" id="concede-confirm" hidden>
        <span id="concede-what"></span>
        <button type="button" class="small danger" id="concede-yes"></button>
        <button type="button" class="small" id="concede-no"></button>
      </span>
    </div>`;
  box.querySelector('label[for="claim-tricks"]').textContent = t("claim.tricks", "Claim tricks");
  box.querySelector("#claim-button").textContent = t("claim.claim", "Claim");
  box.querySelector("#concede-button").textContent = t("claim.concede", "Concede");
  box.querySelector("#concede-yes").textContent = t("claim.concede_yes", "Yes, concede");
  box.querySelector("#concede-no").textContent = t("claim.cancel", "Cancel");
  box.querySelector("#claim-button").addEventListener("click", () => {
    const tricks = Number(box.querySelector("#claim-tricks").value);
    api.send({ type: "claim", tricks });
  });
  const confirm = box.querySelector("#concede-confirm");
  box.querySelector("#concede-button").addEventListener("click", () => {
    const st = api.state();
    box.querySelector("#concede-what").textContent = st?.offers?.concede
      ? t("claim.concede_sure", "Give up this hand? The rules score it as a resignation.")
      : t("claim.concede_leave", "The rules allow no resignation now: conceding means leaving the table (a bot plays your seat).");
    confirm.hidden = false;
  });
  box.querySelector("#concede-no").addEventListener("click", () => {
    confirm.hidden = true;
  });
  box.querySelector("#concede-yes").addEventListener("click", () => {
    confirm.hidden = true;
    if (api.state()?.offers?.concede) api.send({ type: "concede", command_id: api.uuid() });
    else api.send({ type: "leave" });
  });
  box.addEventListener("click", (ev) => {
    const b = ev.target.closest?.("[data-claim-answer]");
    if (b) api.send({ type: "claim_answer", accept: b.dataset.claimAnswer === "yes" });
  });
}

/** Redraw the claim controls and the claim waiting for answers, from the state on screen. */
export function renderClaims(box, api) {
  const st = api.state();
  const me = api.mySeat();
  const max = st?.offers?.claim_max ?? null;
  const make = box.querySelector("#claim-make");
  const sel = box.querySelector("#claim-tricks");
  make.hidden = max === null || me === null;
  if (!make.hidden && sel.options.length !== max) {
    sel.replaceChildren();
    for (let n = max; n >= 1; n--) {
      const o = document.createElement("option");
      o.value = String(n);
      o.textContent = n === max ? t("claim.all_n", "all {n}", { n }) : String(n);
      sel.append(o);
    }
  }
  const playing = !!(st?.view && !st.deal_over && st.table.status === "playing");
  box.querySelector("#concede").hidden = me === null || !playing;
  if (box.querySelector("#concede").hidden) box.querySelector("#concede-confirm").hidden = true;
  const claim = st?.table?.claim ?? null;
  const shown = box.querySelector("#claim-box");
  shown.hidden = !claim;
  if (!claim) {
    shown.replaceChildren();
    return;
  }
  const who = api.names()[claim.seat] ?? claim.nickname ?? "?";
  const head = claim.seat === me
    ? t("claim.yours", "You claim {n} of the {of} tricks left.", { n: claim.tricks, of: claim.of })
    : t("claim.theirs", "{name} claims {n} of the {of} tricks left.", { name: who, n: claim.tricks, of: claim.of });
  let html = `<p class="claim-head">${escapeHTML(head)}</p>
    <p class="claim-hand"><span>${escapeHTML(claim.seat === me ? t("claim.hand_yours", "Your cards, shown to all:") : t("claim.hand", "Their cards:"))}</span> ${claim.hand
      .map((c) => `<span class="claim-card">${escapeHTML(api.cardLabel(c))}</span>`)
      .join(" ")}</p>`;
  if (me !== null && claim.waiting.includes(me)) {
    html += `<p class="claim-answer">
      <button type="button" class="small primary" id="claim-accept" data-claim-answer="yes">${escapeHTML(t("claim.accept", "Accept"))}</button>
      <button type="button" class="small" id="claim-reject" data-claim-answer="no">${escapeHTML(t("claim.reject", "Reject"))}</button></p>`;
  } else {
    const waiting = claim.waiting.map((s) => api.names()[s]).join(", ");
    html += `<p class="hint-text">${escapeHTML(t("claim.waiting", "Waiting for: {names}", { names: waiting }))}</p>`;
  }
  // Redrawn on every state: keep the keyboard's place on an answer button.
  const focused = shown.contains(document.activeElement) ? document.activeElement.id : "";
  shown.innerHTML = html;
  shown.dataset.seat = String(claim.seat);
  if (focused) shown.querySelector(`#${focused}`)?.focus({ preventScroll: true });
  // A claim waiting for this page's answer is brought into view once (on a phone the panel
  // lies below the table, and an unanswered claim lapses): the buttons, not a scroll hunt.
  const key = `${claim.seat}:${claim.expires}`;
  if (me !== null && claim.waiting.includes(me) && box.dataset.shownClaim !== key) {
    box.dataset.shownClaim = key;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)")?.matches;
    shown.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    shown.querySelector("#claim-accept")?.focus({ preventScroll: true });
  }
}

/** The chat line for a `claim_result` message. */
export function claimResultText(msg, names) {
  const who = names[msg.seat] ?? "?";
  if (msg.accepted) return t("claim.accepted", "The claim was accepted: {name} takes {n} tricks.", { name: who, n: msg.tricks });
  if (msg.reason === "expired") return t("claim.expired", "Nobody answered {name}'s claim in time; play goes on.", { name: who });
  if (msg.reason === "rejected") return t("claim.rejected", "{by} rejected {name}'s claim; play goes on.", { by: names[msg.by] ?? "?", name: who });
  return t("claim.dropped", "{name}'s claim was dropped; play goes on.", { name: who });
}
