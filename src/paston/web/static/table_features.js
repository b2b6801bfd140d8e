// The table page's server-backed features beside the game (issue 19 §2): leaving the table,
// claims and conceding, quick reactions, and the move timer's time bank. table.js mounts them
// once with `api` (the page's state and senders) and hands them the messages it does not
// handle itself; each feature lives in its own module.
import { claimResultText, mountClaims, renderClaims } from "./claims.js";
import { mountLeave, onLeft, renderLeave } from "./leave.js";
import { mountReactions, showReaction } from "./reactions.js";

// api: { state(), mySeat(), names(), send(msg), uuid(), sysChat(text), cardLabel(card),
//        leftForGood() }
export function mountFeatures(api) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/table_features.css";
  document.head.append(link);
  const panel = document.createElement("section");
  panel.className = "panel table-features";
  panel.id = "table-features";
  panel.innerHTML = `<div id="leave-box" class="features-row"></div>
    <div id="claims-box"></div>
    <div id="react-box" hidden></div>`;
  const anchor = document.getElementById("game-panel");
  if (anchor) anchor.after(panel);
  else document.querySelector(".sidebar")?.prepend(panel);
  const leaveBox = panel.querySelector("#leave-box");
  const claimsBox = panel.querySelector("#claims-box");
  const reactBox = panel.querySelector("#react-box");
  mountLeave(leaveBox, api);
  mountClaims(claimsBox, api);
  mountReactions(reactBox, (code) => api.send({ type: "reaction", code }));
  return {
    render() {
      renderLeave(leaveBox, api);
      renderClaims(claimsBox, api);
      reactBox.hidden = api.mySeat() === null;
    },
    // A message of these features: true when handled.
    message(msg) {
      const st = api.state();
      switch (msg.type) {
        case "claim":
          if (st) st.table.claim = msg;
          renderClaims(claimsBox, api);
          return true;
        case "claim_result":
          if (st) st.table.claim = null;
          api.sysChat(claimResultText(msg, api.names()));
          renderClaims(claimsBox, api);
          return true;
        case "left":
          onLeft(msg, api);
          return true;
        case "reaction":
          showReaction(msg, api.mySeat(), api.names()[msg.seat] ?? "?");
          return true;
        default:
          return false;
      }
    },
  };
}
