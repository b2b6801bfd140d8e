// Paston's words: the contracts (their trumps, multipliers and names in the page's language),
// the labels of its actions, the auction list and the sentence on how a deal ended. Used by
// Paston's renderer; the generic cards.js and render.js know cards and score sheets only.

import { escapeHTML } from "../../api.js";
import { t } from "../../i18n.js";
import { cardText, isCard } from "../../cards.js";
import { scoreClass, signed } from "../../render.js";

// Contract name -> trump suit (spec §1); grkha plays with spades as trumps.
export const CONTRACT_TRUMP = { paston: "S", glitch: "C", dineri: "D", gupa: "H", grkha: "S" };
// Getters: the names are read in the page's language when used (the catalogue's term.* keys).
export const CONTRACT_LABEL = {
  get paston() {
    return `${t("term.paston", "Paston")} ♠`;
  },
  get glitch() {
    return `${t("term.glitch", "Glitch")} ♣`;
  },
  get dineri() {
    return `${t("term.dineri", "Dineri")} ♦`;
  },
  get gupa() {
    return `${t("term.gupa", "Gupa")} ♥`;
  },
  get grkha() {
    return `${t("term.grkha", "Paston Grkha")} ♠`;
  },
  get surrender() {
    return t("term.surrender", "Surrender");
  },
};
export const CONTRACT_MULT = { paston: 1, glitch: 2, dineri: 3, gupa: 4, grkha: 4 };
export const BID_LADDER = ["paston", "glitch", "dineri", "gupa", "grkha"];

// A contract's short form for the score sheet's rows.
export function contractShort(c) {
  return { paston: "P♠", glitch: "G♣", dineri: "D♦", gupa: "U♥", grkha: "PG♠", surrender: "surr." }[c] ?? c;
}

// Human label of an action string from the notation.
export function actionLabel(action) {
  if (isCard(action)) return cardText(action);
  const [head, ...rest] = action.split(" ");
  switch (head) {
    case "pass":
      return t("term.pass", "Pass");
    case "whist":
      return t("term.whist", "Whist");
    case "surrender":
      return t("term.surrender", "Surrender");
    case "declare":
      return t("action.declare", "Declare {contract}", { contract: CONTRACT_LABEL[rest[0]] ?? rest[0] });
    case "discard":
      return rest.length
        ? t("action.discard", "Discard {cards}", { cards: rest.map(cardText).join(" ") })
        : t("action.discard_hidden", "Discard (hidden)");
    default:
      return CONTRACT_LABEL[head] ?? action;
  }
}

// The auction is the history up to the first discard (exchange); later "pass" means no whist.
export function auctionOf(history) {
  const out = [];
  for (const [seat, action] of history) {
    if (action.startsWith("discard")) break;
    out.push([seat, action]);
  }
  return out;
}

export function renderAuction(el, history, names) {
  el.replaceChildren();
  for (const [seat, action] of auctionOf(history)) {
    const li = document.createElement("li");
    li.innerHTML = `${escapeHTML(names[seat])}: <b>${escapeHTML(actionLabel(action))}</b>`;
    el.append(li);
  }
}

export function contractText(contract) {
  if (!contract) return "—";
  return CONTRACT_LABEL[contract] ?? contract;
}

// A short sentence on how a deal ended.
export function dealResultHTML(d, names) {
  if (d.redeal) {
    const why = {
      "spade-run": t("result.spade_run", "a spade run was shown"),
      "no-first-bidder": t("result.no_first_bidder", "J♠ and 7♠ were both in the prikup"),
      "all-pass": t("result.all_pass", "everybody passed and J♠ and 7♠ were both in the prikup"),
    }[d.redeal] ?? d.redeal;
    return `<div class="result-line">${escapeHTML(t("result.thrown_in", "Thrown in: {why}. The same dealer deals again.", { why }))}</div>`;
  }
  let line = "";
  if (d.contract === "surrender") line = escapeHTML(t("result.surrendered", "{name} surrendered.", { name: names[d.declarer] }));
  else if (d.contract) {
    const whist = d.whisters?.length
      ? t("result.whist_by", "whist: {names}", { names: d.whisters.map((s) => names[s]).join(", ") })
      : t("result.nobody_whisted", "nobody whisted");
    const tricks = d.tricks ? ` · ${t("result.tricks", "tricks {tricks}", { tricks: d.tricks.join(" / ") })}` : "";
    line = escapeHTML(
      t("result.played", "{name} played {contract} ({whist})", { name: names[d.declarer], contract: contractText(d.contract), whist }) +
        tricks +
        ".",
    );
  }
  const scores = d.scores
    ? `<table aria-label="${escapeHTML(t("result.deal_scores", "Deal scores"))}"><tr>${names.map((n) => `<th scope="col">${escapeHTML(n)}</th>`).join("")}</tr>
       <tr>${d.scores.map((v) => `<td class="${scoreClass(v)}">${signed(v)}</td>`).join("")}</tr></table>`
    : "";
  return `<div class="result-line">${line}</div>${scores}`;
}
