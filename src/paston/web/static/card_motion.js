// Card movement for the trick-taking tables: a played card flies from where it was (the hand,
// an open hand, or the player's seat) to its place in the trick; a finished trick stays a
// moment, then its cards sweep toward the seat that won it. A game's renderer finds the
// elements and the rects (it knows its own layout); this module only moves them.
//
// The contract with the table shell (table.js) is Paris's: durations are written at the normal
// pace and multiplied here by the table's speed setting (ctx.speed: 1 normal, 0.35 fast, 0
// instant or catching up); the returned milliseconds are at the normal pace too, since the
// shell multiplies them by the speed again before it shows the next state. With
// `prefers-reduced-motion: reduce` or the instant speed nothing moves and nothing waits.
//
// Nothing here may throw or leave an element behind: the sweep's clones are removed when their
// animation finishes or is cancelled, and by a timer in case neither happens.

// How long each part takes at the normal pace (ms).
export const MOTION = { play: 320, hold: 650, sweep: 380 };

// The class of the clones that sweep a finished trick away (tests look for leftovers).
export const GHOST_CLASS = "card-motion-ghost";

export function reducedMotion() {
  try {
    return !!window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}

// Whether the table moves cards now: a speed above 0, no reduced motion, and Element.animate.
export function motionOn(speed) {
  return speed > 0 && !reducedMotion() && typeof Element !== "undefined" && typeof Element.prototype.animate === "function";
}

// Where every face-up card with a data-card was before a render: card -> rect (the first seen).
export function cardRects(root = document) {
  const out = new Map();
  for (const el of root.querySelectorAll(".card[data-card]")) {
    const card = el.dataset.card;
    if (out.has(card)) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height) out.set(card, r);
  }
  return out;
}

// The rect of an element, or null when it is missing or not laid out (hidden, display: none).
export function rectOf(el) {
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The card element `el` (already in its place) flies in from the centre of `from`.
// Returns the time it takes at the normal pace.
export function flyIn(el, from, speed) {
  if (!el || !from || !motionOn(speed)) return 0;
  const to = rectOf(el);
  if (!to) return 0;
  const a = centre(from);
  const b = centre(to);
  const end = getComputedStyle(el).transform;
  const rest = end && end !== "none" ? end : "";
  try {
    el.animate(
      [
        { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.8) ${rest}`.trim(), opacity: 0.6 },
        { transform: rest || "none", opacity: 1 },
      ],
      { duration: Math.max(60, MOTION.play * speed), easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" },
    );
  } catch {
    return 0;
  }
  return MOTION.play;
}

// After `after` ms at the normal pace (the finished trick is seen), the cards that `slots()`
// returns then sweep toward `target()`'s rect and the slots are hidden; `stillShown()` says
// whether the page still shows that trick (a later state may have replaced it). Returns the
// time of the sweep itself at the normal pace.
export function sweepLater(after, speed, { slots, target, stillShown }) {
  if (!motionOn(speed)) return 0;
  setTimeout(() => {
    try {
      if (!stillShown()) return;
      sweepNow(slots(), target(), speed);
    } catch {
      // A page torn down meanwhile: nothing to move.
    }
  }, after * speed);
  return MOTION.sweep;
}

// Clones of the slots' cards fly to `to` and fade; the slots themselves are hidden at once.
export function sweepNow(slotEls, to, speed) {
  const ms = Math.max(60, MOTION.sweep * speed);
  const dst = to ? centre(to) : null;
  slotEls.forEach((slot, i) => {
    const card = slot.querySelector(".card") ?? slot;
    const r = rectOf(card);
    hide(slot);
    if (!r || !dst) return;
    const g = card.cloneNode(true);
    g.removeAttribute("id");
    g.classList.add(GHOST_CLASS);
    g.setAttribute("aria-hidden", "true");
    Object.assign(g.style, {
      position: "fixed",
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
      margin: "0",
      zIndex: "50",
      pointerEvents: "none",
    });
    document.body.append(g);
    const c = centre(r);
    const remove = () => g.remove();
    // Should the animation neither finish nor be cancelled (a discarded page), a timer clears it.
    setTimeout(remove, ms + i * 40 + 1000);
    try {
      g.animate(
        [
          { transform: "none", opacity: 1 },
          { transform: `translate(${dst.x - c.x}px, ${dst.y - c.y}px) scale(0.45)`, opacity: 0 },
        ],
        { duration: ms, delay: i * 40, easing: "cubic-bezier(.4,0,.6,1)", fill: "both" },
      ).finished.then(remove, remove);
    } catch {
      remove();
    }
  });
}

// A swept trick's slots stay hidden (also when the same state is drawn again).
export function hide(slot) {
  slot.style.visibility = "hidden";
}

// One table's trick movement, for a renderer to call after it has drawn a state:
//
//   const motion = trickMotion();
//   const before = cardRects(felt);            // before drawing
//   … draw …
//   return motion.after(change, { speed, before, area, shownDone, slotEls, slotOf, seatRect });
//
// `change` is what the new state did to the trick, or null: { seat, card, done } where `done`
// is { key, winner } when that card finished a trick (key: the trick's identity in the game,
// e.g. "deal:trick number"). `shownDone` is the key of the finished trick the centre shows now
// (null when it shows none); `area` is the centre element, `slotEls()` its slots now,
// `slotOf(seat)` the slot a seat's card lies in, `seatRect(seat)` where that seat sits.
// Returns how long the shell should wait before the next state, at the normal pace.
export function trickMotion() {
  let swept = null; // the finished trick already swept away: it stays hidden when drawn again
  return {
    after(change, { speed, before, area, shownDone, slotEls, slotOf, seatRect }) {
      try {
        if (!area) return 0;
        area.dataset.motionDone = shownDone ?? "";
        if (shownDone && shownDone === swept) for (const slot of slotEls()) hide(slot);
        if (!change || !motionOn(speed)) return 0;
        const el = slotOf(change.seat)?.querySelector(".card") ?? null;
        const from = before?.get(change.card) ?? seatRect(change.seat);
        let ms = flyIn(el, from, speed);
        if (!change.done) return ms;
        const key = change.done.key;
        ms += MOTION.hold;
        ms += sweepLater(ms, speed, {
          slots: () => {
            swept = key;
            return slotEls();
          },
          target: () => seatRect(change.done.winner),
          stillShown: () => area.isConnected && area.dataset.motionDone === key,
        });
        return ms;
      } catch {
        return 0; // movement is decoration: a failure draws the state without it
      }
    },
  };
}
