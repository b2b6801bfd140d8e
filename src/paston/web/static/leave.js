// Leaving the table (docs/server-protocol.md §2.3). A seated player asks first (one more
// click): the server hands the seat to the stand-in bot at once, tells everybody and closes
// the player's page, which goes back to the lobby. A spectator just goes back to the lobby.
import { t } from "./i18n.js";

/** The leave control in `box`; `api.send` sends a message. */
export function mountLeave(box, api) {
  box.innerHTML = `<button type="button" class="small" id="leave-button"></button>
    <span class="confirm" id="leave-confirm" hidden>
      <span>${""}</span>
      <button type="button" class="small danger" id="leave-yes"></button>
      <button type="button" class="small" id="leave-no"></button>
    </span>`;
  const confirm = box.querySelector("#leave-confirm");
  confirm.querySelector("span").textContent = t("leave.sure", "Leave? A bot plays your seat from now on.");
  box.querySelector("#leave-yes").textContent = t("leave.yes", "Yes, leave");
  box.querySelector("#leave-no").textContent = t("leave.cancel", "Cancel");
  box.querySelector("#leave-button").addEventListener("click", () => {
    if (api.mySeat() === null) {
      location.href = "/";
      return;
    }
    confirm.hidden = false;
  });
  box.querySelector("#leave-no").addEventListener("click", () => {
    confirm.hidden = true;
  });
  box.querySelector("#leave-yes").addEventListener("click", () => {
    confirm.hidden = true;
    api.send({ type: "leave" });
  });
}

/** The button's words for the viewer: a player leaves, a spectator goes back. */
export function renderLeave(box, api) {
  const b = box.querySelector("#leave-button");
  const seated = api.mySeat() !== null;
  b.textContent = seated ? t("leave.leave", "Leave table") : t("leave.back", "Back to lobby");
  b.dataset.seated = seated ? "1" : "0";
  if (!seated) box.querySelector("#leave-confirm").hidden = true;
}

/** A `left` message: the viewer's own seat (go to the lobby) or another's (a chat line). */
export function onLeft(msg, api) {
  if (msg.seat === api.mySeat()) {
    api.leftForGood();
    location.href = "/";
    return;
  }
  api.sysChat(t("leave.other_left", "{name} left the table; a bot plays their seat.", { name: api.names()[msg.seat] ?? msg.nickname ?? "?" }));
}
