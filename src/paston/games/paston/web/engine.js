// A small replayer of finished Paston deals for the replay viewer: follows a deal record's
// actions (spec/notation.md) through the rules of spec/rules.md and yields one snapshot per
// step. The server stays the authority for live play; this only re-reads finished records,
// where every hand may be shown.

import { BID_LADDER, CONTRACT_MULT, CONTRACT_TRUMP, RANKS, SUITS, isCard, sortCards } from "../../cards.js";

const DEFAULT_RULES = {
  lone_whist_mode: "two_handed",
  multiply_defender_scores: true,
  no_whist_multiplied: true,
  surrender_multiplied: false,
  neg121_reset: "exact",
  target: 121,
  target_tie: "draw",
};

const left = (s) => (s + 1) % 3;
const right = (s) => (s + 2) % 3;

function beats(card, best, trump) {
  if (card[1] === best[1]) return RANKS.indexOf(card[0]) > RANKS.indexOf(best[0]);
  return card[1] === trump;
}

function defenderBase(t, lone) {
  if (t === 0) return -10;
  if (t === 1) return -9;
  if (lone) return t < 4 ? -10 + t : 10 * (t - 4);
  return 10 * (t - 2);
}

export function dealScores(rules, declarer, contract, whisters, tricks) {
  const mult = CONTRACT_MULT[contract];
  const win = contract === "grkha" ? 10 : 10 * mult;
  const out = [0, 0, 0];
  if (!whisters.length) {
    out[declarer] = rules.no_whist_multiplied || contract === "grkha" ? win : 10;
    return out;
  }
  out[declarer] = tricks[declarer] >= 6 ? win : -10 * mult;
  const lone = whisters.length === 1;
  const dm = rules.multiply_defender_scores ? mult : 1;
  for (const s of whisters) out[s] = defenderBase(tricks[s], lone) * dm;
  return out;
}

export function applyTotals(rules, totals, scores) {
  return totals.map((t, i) => {
    const n = t + scores[i];
    if (rules.neg121_reset === "exact" && n === -121) return 0;
    if (rules.neg121_reset === "at_or_below" && n <= -121) return 0;
    return n;
  });
}

function clone(state) {
  return structuredClone(state);
}

function holder(hands, card) {
  for (let s = 0; s < 3; s++) if (hands[s].includes(card)) return s;
  return -1;
}

// Snapshots of one deal: [initial, after action 1, ...]. Each snapshot carries the fields
// the table renders (hands of all seats, trick, tricks, bids, contract, ...).
export function replayDeal(deal, gameRules = {}) {
  const rules = { ...DEFAULT_RULES, ...gameRules };
  const st = {
    dealer: deal.dealer,
    hands: deal.hands.map((h) => sortCards(h)),
    prikup: [...deal.prikup],
    discards: null,
    phase: "bidding",
    toAct: null,
    history: [],
    bid: null,
    bidder: null,
    passed: [false, false, false],
    declarer: null,
    allPass: false,
    contract: null,
    defence: [],
    whisters: [],
    active: [0, 1, 2],
    trick: [],
    leader: null,
    tricks: [],
    tricksWon: [0, 0, 0],
    handTricks: [0, 0, 0],
    scores: null,
    redeal: null,
    last: null,
  };
  const markerHolder = () => {
    const a = holder(deal.hands, "JS");
    return a >= 0 ? a : holder(deal.hands, "7S");
  };
  if (deal.first_deal) {
    const fb = markerHolder();
    if (fb < 0) {
      st.phase = "redeal";
      st.redeal = "no-first-bidder";
    } else st.toAct = fb;
  } else st.toAct = left(deal.dealer);
  // A spade run (six low spades, no K/A) is thrown in before bidding.
  for (const h of deal.hands) {
    const sp = h.filter((c) => c[1] === "S").map((c) => c[0]);
    const run = ["7", "8", "9", "T", "J", "Q"].every((r) => sp.includes(r));
    const mode = rules.spade_run_redeal ?? "neither_k_nor_a";
    const hasK = sp.includes("K");
    const hasA = sp.includes("A");
    const hit =
      run && ((mode === "neither_k_nor_a" && !hasK && !hasA) || (mode === "missing_k_or_a" && !(hasK && hasA)));
    if (hit && st.phase !== "redeal" && deal.actions.length === 0) {
      st.phase = "redeal";
      st.redeal = "spade-run";
      st.toAct = null;
    }
  }
  const steps = [clone(st)];
  const startExchange = (decl) => {
    st.declarer = decl;
    st.hands[decl] = sortCards([...st.hands[decl], ...st.prikup]);
    st.phase = "exchange";
    st.toAct = decl;
  };
  const end = (phase) => {
    st.phase = phase;
    st.toAct = null;
  };
  for (const action of deal.actions) {
    const seat = st.toAct;
    st.last = { seat, action };
    if (st.phase === "bidding") {
      if (action === "pass") {
        st.passed[seat] = true;
        const n = st.passed.filter(Boolean).length;
        if (n === 3) {
          const h = markerHolder();
          if (h < 0) {
            end("redeal");
            st.redeal = "all-pass";
          } else {
            st.allPass = true;
            st.history.push([seat, action]);
            startExchange(h);
            steps.push(clone(st));
            continue;
          }
        } else if (n === 2 && st.bid) {
          st.history.push([seat, action]);
          startExchange(st.bidder);
          steps.push(clone(st));
          continue;
        }
      } else {
        st.bid = action;
        st.bidder = seat;
        if (action === "grkha" || st.passed.filter(Boolean).length === 2) {
          st.history.push([seat, action]);
          startExchange(seat);
          steps.push(clone(st));
          continue;
        }
      }
      st.history.push([seat, action]);
      if (st.phase === "bidding") {
        let n = left(seat);
        while (st.passed[n]) n = left(n);
        st.toAct = n;
      }
    } else if (st.phase === "exchange") {
      const cards = action.split(" ").slice(1);
      st.discards = cards;
      st.hands[seat] = st.hands[seat].filter((c) => !cards.includes(c));
      st.history.push([seat, action]);
      st.phase = "declare";
    } else if (st.phase === "declare") {
      st.history.push([seat, action]);
      if (action === "surrender") {
        st.contract = "surrender";
        const bidMult = st.bid ? CONTRACT_MULT[st.bid] : 1;
        const m = rules.surrender_multiplied && st.bid ? bidMult : 1;
        st.scores = [2 * m, 2 * m, 2 * m];
        st.scores[seat] = -10 * m;
        end("scored");
      } else {
        st.contract = action.split(" ")[1];
        st.phase = "defence";
        st.toAct = left(st.declarer);
      }
    } else if (st.phase === "defence") {
      st.history.push([seat, action]);
      st.defence.push([seat, action]);
      if (st.defence.length === 1) st.toAct = right(st.declarer);
      else {
        st.whisters = st.defence.filter(([, a]) => a === "whist").map(([s]) => s).sort();
        if (!st.whisters.length) {
          st.scores = dealScores(rules, st.declarer, st.contract, [], [0, 0, 0]);
          st.active = [];
          end("scored");
        } else {
          if (st.whisters.length === 1 && rules.lone_whist_mode === "two_handed")
            st.active = [st.declarer, st.whisters[0]].sort();
          st.phase = "play";
          st.leader = st.declarer;
          st.toAct = st.declarer;
        }
      }
    } else if (st.phase === "play") {
      // The card's holder plays it (in the open lone-whist variant the whister moves the
      // passer's cards, but the cards are still that hand's).
      const owner = holder(st.hands, action);
      st.last = { seat: owner, action };
      st.history.push([owner, action]);
      st.hands[owner] = st.hands[owner].filter((c) => c !== action);
      st.trick.push([owner, action]);
      if (st.trick.length < st.active.length) {
        let n = left(owner);
        while (!st.active.includes(n)) n = left(n);
        st.toAct = n;
      } else {
        const trump = CONTRACT_TRUMP[st.contract];
        let best = st.trick[0];
        for (const t of st.trick.slice(1)) if (beats(t[1], best[1], trump)) best = t;
        const winner = best[0];
        st.tricks.push({ leader: st.leader, cards: st.trick, winner });
        st.handTricks[winner] += 1;
        // Tricks count for players: in the open lone-whist variant the passer's hand plays
        // for the whister, so its tricks are the whister's (as Deal.credited_tricks).
        st.tricksWon = [...st.handTricks];
        if (st.whisters.length === 1 && st.active.length === 3) {
          const w = st.whisters[0];
          for (let s = 0; s < 3; s++)
            if (s !== st.declarer && s !== w) {
              st.tricksWon[w] += st.tricksWon[s];
              st.tricksWon[s] = 0;
            }
        }
        st.trick = [];
        if (st.tricks.length === 10) {
          st.scores = dealScores(rules, st.declarer, st.contract, st.whisters, st.tricksWon);
          end("scored");
        } else {
          st.leader = winner;
          st.toAct = winner;
        }
      }
    }
    steps.push(clone(st));
  }
  return steps;
}

// Every step of a game record: [{deal: index, step, state, totals}], totals being the
// running totals before the deal (and after it once scored).
export function replayGame(record) {
  const rules = { ...DEFAULT_RULES, ...(record.rules ?? {}) };
  let totals = [0, 0, 0];
  const deals = [];
  for (const [i, deal] of record.deals.entries()) {
    const steps = replayDeal(deal, rules);
    const before = totals;
    const last = steps[steps.length - 1];
    if (last.scores) totals = applyTotals(rules, totals, last.scores);
    deals.push({ index: i, deal, steps, before, after: totals });
  }
  return { rules, deals, totals };
}

export { isCard, SUITS, BID_LADDER };
