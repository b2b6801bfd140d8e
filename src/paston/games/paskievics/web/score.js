// The scoring breakdown of a finished Paskievics deal, line by line (spec/paskievics.md §10),
// worked out from what every seat may see once the deal is over: the tricks, the discards, the
// sides, the announcements and the table's flags. The engine's value `V` stays the authority:
// the page shows these lines only when they add up to the view's `value` (see `breakdown`).

import { ITEM_NAME, levelWord } from "./cards.js";

const HONOURS = ["SK", "T21", "T1"];
const KINGS = ["KH", "KD", "KC", "KS"];
const D = "declarer";
const O = "defenders";
const other = (side) => (side === D ? O : D);

export function cardPoints(card) {
  if (HONOURS.includes(card)) return 5;
  if (card === "SK" || /^T\d+$/.test(card)) return 1;
  return { K: 5, Q: 4, C: 3, J: 2, A: 1, T: 1 }[card[0]];
}

export function pointsOf(cards) {
  return cards.reduce((n, c) => n + cardPoints(c), 0);
}

// The four seats that play, from forehand (the dealer sits out at a table of five).
export function activeSeats(v) {
  return Array.from({ length: 4 }, (_, i) => (v.forehand + i) % v.players);
}

// Who played each card of a trick: the leader, then the next active seats.
export function trickSeats(v, leader) {
  const act = activeSeats(v);
  const i = act.indexOf(leader);
  return Array.from({ length: 4 }, (_, k) => act[(i + k) % 4]);
}

// What the play decided (§10.1), from the finished deal's public view.
export function dealFacts(v, rules) {
  const side = (s) => v.sides[String(s)];
  const discards = (s) => (Array.isArray(v.discards[s]) ? v.discards[s] : []);
  // §6.4: the declarer's discards count for his side; all of them for a lone declarer whose
  // called card lay in another's discards (lone_gets_all_discards).
  const office = v.called ? activeSeats(v).find((s) => s !== v.declarer && discards(s).includes(v.called)) : undefined;
  let credit = pointsOf(discards(v.declarer));
  if (v.alone && office !== undefined && (rules.lone_gets_all_discards ?? true))
    credit = activeSeats(v).reduce((n, s) => n + pointsOf(discards(s)), 0);
  const taken = { [D]: new Set(), [O]: new Set() };
  let pointsD = credit;
  let tricksD = 0;
  let pagatSide = null;
  let pagatLast = false;
  let pagatWon = false;
  let catchBy = null;
  v.tricks.forEach((t, number) => {
    const s = side(t.winner);
    for (const c of t.cards) taken[s].add(c);
    if (s === D) {
      tricksD += 1;
      pointsD += pointsOf(t.cards);
    }
    const seats = trickSeats(v, t.leader);
    const by = new Map(t.cards.map((c, i) => [c, seats[i]]));
    if (by.has("T1")) {
      pagatSide = side(by.get("T1"));
      pagatLast = number === 8;
      pagatWon = pagatLast && t.winner === by.get("T1");
    }
    if (by.has("SK") && by.has("T21") && side(by.get("SK")) !== side(by.get("T21"))) catchBy = side(by.get("SK"));
  });
  const holds = (s, set) => set.every((c) => taken[s].has(c));
  const trullBy = [D, O].find((s) => holds(s, HONOURS)) ?? null;
  const kingsBy = [D, O].find((s) => holds(s, KINGS)) ?? null;
  return { pointsD, tricksD, trullBy, kingsBy, pagatSide, pagatLast, pagatWon, catchBy, credit };
}

const VALUES = {
  standard: [
    { trull: 2, kings: 2, ultimo: 10, catch: 42 },
    { trull: 1, kings: 1, ultimo: 5, catch: 21 },
  ],
  kovacs: [
    { trull: 2, kings: 4, ultimo: 12, catch: 60 },
    { trull: 1, kings: 2, ultimo: 6, catch: 30 },
  ],
};

function sideWord(side) {
  return side === D ? "the declarer's side" : "the defenders";
}

// The lines of V (each `{text, amount}`, amount to the declarer's side) of a played deal, the
// facts they came from, and whether they add up to the engine's value.
export function breakdown(v, rules) {
  if (v.value === null || v.value === undefined || !v.sides || v.declarer === null) return null;
  const lines = [];
  const pay = (text, amount, to) => lines.push({ text, amount: to === D ? amount : -amount });
  if (!v.tricks.length) {
    // A Three with only the declarer's trull announced is scored without play (§10, note U).
    lines.push({ text: "Scored without play: game 1 + announced trull 2", amount: v.value });
    return { lines, facts: null, ok: v.value === 3 };
  }
  const f = dealFacts(v, rules);
  const g = v.alone && rules.lone_game_value === "solo" ? 4 : ["three", "two", "one", "solo"].indexOf(v.bid) + 1;
  const level = v.game_kontra ?? 0;
  const announced = new Map(v.announcements.map((a) => [`${a.side} ${a.item}`, a.level]));
  const said = (side, item) => announced.has(`${side} ${item}`);
  const lvl = (side, item) => announced.get(`${side} ${item}`);
  const how = (side, item) => (lvl(side, item) ? ` (${levelWord(lvl(side, item))})` : "");
  const [announcedValue, silentValue] = VALUES[rules.bonus_values ?? "standard"];
  const pointsO = 94 - f.pointsD;
  const need = rules.kontra_threshold === "defenders_48_after_kontra" && level > 0 ? 47 : 48;
  const winner = f.pointsD >= need ? D : O;
  const dbl = f.pointsD >= 71 ? D : pointsO >= 71 ? O : null;
  const vol = f.tricksD === 9 ? D : f.tricksD === 0 ? O : null;
  for (const side of [D, O]) {
    if (said(side, "double")) {
      const made = dbl === side;
      pay(`Double game announced by ${sideWord(side)}${how(side, "double")}: ${made ? "made" : "failed"}`, 4 * g * 2 ** lvl(side, "double"), made ? side : other(side));
    }
    if (said(side, "volat")) {
      const made = vol === side;
      pay(`Volát announced by ${sideWord(side)}${how(side, "volat")}: ${made ? "made" : "failed"}`, 6 * g * 2 ** lvl(side, "volat"), made ? side : other(side));
    }
  }
  let silent = null;
  if (vol !== null && !said(vol, "volat")) silent = { side: vol, amount: 3 * g, what: "Silent volát" };
  else if (dbl !== null && !said(dbl, "double") && !said(dbl, "volat")) silent = { side: dbl, amount: 2 * g, what: "Silent double game" };
  const scoreGame =
    level > 0 || (!(silent && silent.side === winner) && !(said(winner, "double") || said(winner, "volat")));
  if (scoreGame)
    pay(`Game (value ${g}${level ? `, ${levelWord(level)}` : ""}): won by ${sideWord(winner)}`, g * 2 ** level, winner);
  if (silent) {
    const factor = rules.game_kontra_multiplies_silent ? 2 ** level : 1;
    pay(`${silent.what} by ${sideWord(silent.side)}`, silent.amount * factor, silent.side);
  }
  const silentVolat = vol !== null && !said(vol, "volat");
  for (const [item, by] of [
    ["trull", f.trullBy],
    ["kings", f.kingsBy],
  ]) {
    for (const side of [D, O]) {
      if (!said(side, item)) continue;
      const made = by === side;
      pay(`${cap(ITEM_NAME[item])} announced by ${sideWord(side)}${how(side, item)}: ${made ? "made" : "failed"}`, announcedValue[item] * 2 ** lvl(side, item), made ? side : other(side));
    }
    let cancelled = vol === by && ((rules.volat_cancels_silent ?? "any_volat") === "any_volat" || silentVolat);
    if (item === "kings" && rules.silent_kings_with_silent_double === false && silent && silent.side === by && silent.what === "Silent double game")
      cancelled = true;
    if (by !== null && !said(by, item) && !cancelled) pay(`Silent ${ITEM_NAME[item]} by ${sideWord(by)}`, silentValue[item], by);
  }
  for (const side of [D, O]) {
    if (!said(side, "ultimo")) continue;
    const made = f.pagatSide === side && f.pagatLast && f.pagatWon;
    pay(`Ultimó announced by ${sideWord(side)}${how(side, "ultimo")}: ${made ? "made" : "failed"}`, announcedValue.ultimo * 2 ** lvl(side, "ultimo"), made ? side : other(side));
  }
  if (f.pagatLast && f.pagatSide !== null && !said(f.pagatSide, "ultimo")) {
    const won = f.pagatWon;
    pay(`Silent ultimó by ${sideWord(f.pagatSide)}: ${won ? "won" : "lost"}`, silentValue.ultimo, won ? f.pagatSide : other(f.pagatSide));
  }
  for (const side of [D, O]) {
    if (!said(side, "catch")) continue;
    const made = f.catchBy === side;
    pay(`XXI catch announced by ${sideWord(side)}${how(side, "catch")}: ${made ? "made" : "failed"}`, announcedValue.catch * 2 ** lvl(side, "catch"), made ? side : other(side));
  }
  if (f.catchBy !== null && !said(f.catchBy, "catch")) pay(`Silent XXI catch by ${sideWord(f.catchBy)}`, silentValue.catch, f.catchBy);
  const total = lines.reduce((n, l) => n + l.amount, 0);
  return { lines, facts: f, g, ok: total === v.value };
}

function cap(text) {
  return text[0].toUpperCase() + text.slice(1);
}
