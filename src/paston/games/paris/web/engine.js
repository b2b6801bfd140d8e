// A replayer of finished Paris games for the replay viewer: follows a `paris-game/1` record
// (spec/paris-notation.md) through the rules of spec/paris.md §4–§9 and yields one snapshot
// per step, in the shape of a Paris view (ParisView.to_json) plus every hand and face-down
// card, since a finished game has nothing left to hide. The records come from the server, so
// every action is legal: the replayer carries actions out, it does not judge them. The server
// stays the authority; a test checks this replayer against the engine's replay.

const RANKS = "3456789TJQKA2";
const SUITS = "CDHS";
const DEFAULT_RULES = {
  start_rule: "seat_order",
  starter_plays_all_lowest: false,
  ten_grants_extra_turn: true,
  voluntary_pickup: false,
  play_faceup_with_last_hand: false,
  max_turns: 10000,
};

const value = (rank) => RANKS.indexOf(rank);
const sortCards = (cards) =>
  [...cards].sort((a, b) => value(a[0]) - value(b[0]) || SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]));

function take(list, card) {
  const i = list.indexOf(card);
  if (i < 0) throw new Error(`replay: ${card} is not there`);
  list.splice(i, 1);
}

// Snapshots of one game: [after the deal, after action 1, …].
export function replayParis(record) {
  const n = record.players;
  const d = record.dealer;
  const rules = { ...DEFAULT_RULES, ...(record.rules ?? {}) };
  const H = n === 2 ? 10 : 5;
  const order = Array.from({ length: n }, (_, j) => (d + 1 + j) % n); // from the dealer's left
  const st = {
    hands: record.layout.map((l) => [...l.hand]),
    up: record.layout.map((l) => [...l.face_up]),
    down: record.layout.map((l) => [...l.face_down]),
    deck: [...record.deck],
    pile: [],
    burned: [],
    finished: [],
    turns: 0,
    phase: "swap",
    toAct: order[0],
    swaps: Array(n).fill(0),
    ready: Array(n).fill(false),
    starter: null,
    loser: null,
    ranking: null,
    end: null,
    events: [],
  };

  const held = (s) => st.hands[s].length + st.up[s].length + st.down[s].filter((c) => c !== null).length;
  const nextActive = (s) => {
    for (let k = 1; k <= n; k++) {
      const t = (s + k) % n;
      if (!st.finished.includes(t)) return t;
    }
    return null;
  };
  const playable = (rank) => {
    if (!st.pile.length || rank === "T") return true;
    const top = st.pile[st.pile.length - 1][0];
    if (top === "7") return value(rank) <= value("7");
    return value(rank) >= value(top);
  };
  const over = (reason, ranking) => {
    st.phase = "over";
    st.end = reason;
    st.ranking = ranking;
    st.loser = ranking[ranking.length - 1];
    st.toAct = null;
  };
  // §9: at the turn limit the players left are ranked by the cards they hold, fewest first.
  const checkLimit = () => {
    if (st.phase === "over" || st.turns < rules.max_turns) return;
    const left = order.filter((s) => !st.finished.includes(s));
    left.sort((a, b) => held(a) - held(b) || order.indexOf(a) - order.indexOf(b));
    over("turn_limit", [...st.finished, ...left]);
  };
  // §5: the lowest rank in any hand; its first holder from the dealer's left, or its most.
  const startPlay = () => {
    let low = null;
    for (const h of st.hands) for (const c of h) if (low === null || value(c[0]) < value(low)) low = c[0];
    const count = (s) => st.hands[s].filter((c) => c[0] === low).length;
    let starter = order.find((s) => count(s) > 0);
    if (rules.start_rule === "most_lowest")
      for (const s of order) if (count(s) > count(starter)) starter = s;
    st.phase = "play";
    st.starter = starter;
    st.toAct = starter;
  };
  // §7.1 from step 2: burn, refill, count, going out, who is next, the turn limit.
  const resolvePlay = (p, rank, ev) => {
    let run = 0;
    for (let i = st.pile.length - 1; i >= 0 && st.pile[i][0] === rank; i--) run++;
    const burn = rank === "T" || run >= 4;
    ev.burn = burn ? (run >= 4 ? "four" : "ten") : null;
    if (burn) {
      st.burned.push(...st.pile);
      st.pile = [];
    }
    let drew = 0;
    while (st.hands[p].length < H && st.deck.length) {
      st.hands[p].push(st.deck.shift());
      drew++;
    }
    ev.drew = drew;
    st.turns++;
    if (held(p) === 0) {
      st.finished.push(p);
      const left = order.filter((s) => !st.finished.includes(s));
      if (left.length === 1) {
        over("last_player", [...st.finished, left[0]]);
        return;
      }
      st.toAct = nextActive(p);
    } else if (burn && (run >= 4 || (rank === "T" && rules.ten_grants_extra_turn))) st.toAct = p;
    else st.toAct = nextActive(p);
    checkLimit();
  };
  const pickUp = (p, ev) => {
    ev.picked_up = st.pile.length;
    st.hands[p].push(...st.pile);
    st.pile = [];
    st.turns++;
    st.toAct = nextActive(p);
    checkLimit();
  };

  const apply = (action) => {
    const p = st.toAct;
    const [head, ...rest] = action.split(" ");
    const ev = { seat: p, action, burn: null };
    st.events.push(ev);
    if (head === "swap") {
      const [x, y] = rest;
      take(st.hands[p], x);
      st.up[p][st.up[p].indexOf(y)] = x;
      st.hands[p].push(y);
      st.swaps[p]++;
    } else if (head === "ready") {
      st.ready[p] = true;
      if (p === d) startPlay();
      else st.toAct = (p + 1) % n;
    } else if (head === "play") {
      const cards = sortCards(rest);
      // From the hand while it holds cards (the rest of a combined play from the face-up ones).
      for (const c of cards) {
        if (st.hands[p].includes(c)) take(st.hands[p], c);
        else take(st.up[p], c);
      }
      st.pile.push(...cards);
      resolvePlay(p, cards[0][0], ev);
    } else if (head === "pickup") {
      pickUp(p, ev);
    } else if (head === "blind") {
      const slot = Number(rest[0]);
      const card = st.down[p][slot];
      st.down[p][slot] = null;
      ev.blind_card = card;
      ev.fit = playable(card[0]);
      st.pile.push(card);
      if (ev.fit) resolvePlay(p, card[0], ev);
      else pickUp(p, ev);
    } else throw new Error(`replay: unknown action ${action}`);
  };

  const snapshot = () => {
    const top = st.pile.length ? st.pile[st.pile.length - 1] : null;
    return {
      game: "paris",
      seat: null,
      players: n,
      dealer: d,
      rules: record.rules ?? {},
      phase: st.phase,
      to_act: st.toAct,
      legal: [],
      hand: [],
      seats: Array.from({ length: n }, (_, s) => ({
        hand: st.hands[s].length,
        face_up: [...st.up[s]],
        face_down_slots: st.down[s].flatMap((c, i) => (c === null ? [] : [i])),
        finished: st.finished.includes(s),
      })),
      pile: [...st.pile],
      top,
      effective_top: top,
      seven: !!top && top[0] === "7",
      deck: st.deck.length,
      burned: st.burned.length,
      burned_cards: [...st.burned],
      finished: [...st.finished],
      loser: st.loser,
      ranking: st.ranking ? [...st.ranking] : null,
      end: st.end,
      turns: st.turns,
      starter: st.starter,
      swaps_left: st.swaps.map((k) => 3 - k),
      ready: [...st.ready],
      // Events are complete once their action is applied, so the steps may share them.
      events: st.events.slice(),
      // Everything, for the replay only: a finished game shows every card.
      hands: st.hands.map((h) => sortCards(h)),
      face_down: st.down.map((row) => [...row]),
    };
  };

  const steps = [snapshot()];
  for (const a of record.actions ?? []) {
    apply(a);
    steps.push(snapshot());
  }
  return { players: n, dealer: d, rules, steps };
}
