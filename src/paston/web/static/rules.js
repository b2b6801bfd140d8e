// The rules page, /rules/GAME: each game's rules in plain language (from the catalogues, so in
// the reader's language) and every table option with its one-line explanation (the variant
// flags of GET /api/games, named through the catalogue's flag.GAME.NAME keys).

import { escapeHTML, getJSON } from "./api.js";
import { mountLanguage, t } from "./i18n.js";

// Each game's rules as sections of a heading and a few short paragraphs. The English is here;
// translations are under the same keys in the catalogues.
function sections(game) {
  if (game === "paris") {
    return [
      [t("rules.paris.goal.h", "The aim"), t("rules.paris.goal.p", "Get rid of all your cards. The last player still holding cards loses; there are no points.")],
      [t("rules.paris.cards.h", "Cards"), t("rules.paris.cards.p", "Two packs of 52 cards shuffled together, for 2 to 9 players. Ranks from low to high: 3 4 5 6 7 8 9 10 J Q K A 2. Suits never matter.")],
      [t("rules.paris.deal.h", "The deal"), t("rules.paris.deal.p", "Each player gets three cards face down, three face up on top of them, and a hand of five (ten with two players). The rest is the deck.")],
      [t("rules.paris.swap.h", "Swapping"), t("rules.paris.swap.p", "Before play, you may swap hand cards with your face-up cards, then say ready.")],
      [t("rules.paris.play.h", "Playing"), t("rules.paris.play.p", "On your turn, play one or more cards of one rank, equal to or higher than the top of the pile. While the deck lasts, draw back up to five cards. If you cannot play, you pick up the whole pile.")],
      [t("rules.paris.special.h", "Special cards"), t("rules.paris.special.p", "A 7 makes the next player play a 7 or lower (or a 10). A 10 goes on anything and burns the pile, as do four cards of one rank on top; after a burn you play again.")],
      [t("rules.paris.table.h", "Face-up and face-down cards"), t("rules.paris.table.p", "When your hand is empty and the deck is gone, play your face-up cards, then turn your face-down cards over one at a time: if the card does not fit, you pick up the pile with it.")],
    ];
  }
  if (game === "paskievics") {
    return [
      [t("rules.paskievics.goal.h", "The aim"), t("rules.paskievics.goal.p", "Hungarian tarokk for four (or five, the dealer sitting out). The declarer and a secret partner play against the other two; card points in tricks decide the game, and bonuses can be announced on top.")],
      [t("rules.paskievics.cards.h", "Cards"), t("rules.paskievics.cards.p", "42 cards: 22 tarokks (trumps) from the Skíz and the XXI down to the I, the Pagát; and 20 suit cards. The Skíz, the XXI and the Pagát are the honours. The card points in a deal add up to 94.")],
      [t("rules.paskievics.bid.h", "Bidding"), t("rules.paskievics.bid.p", "Only a player holding an honour may bid (after three passes the last player may bid Three without one). Three, Two, One and Solo take 3, 2, 1 or 0 talon cards and are worth 1, 2, 3 or 4 per player: a lower number is worth more. The highest bidder is the declarer; everyone else may hold or pass.")],
      [t("rules.paskievics.talon.h", "Talon and discards"), t("rules.paskievics.talon.p", "The declarer takes his talon cards, the others share the rest, and everyone discards back to nine cards. Kings and honours may never be discarded.")],
      [t("rules.paskievics.call.h", "The call"), t("rules.paskievics.call.p", "The declarer calls a tarokk, normally the XX: whoever holds it is his partner, and nobody says who until the card is played. If the called card is his own or in the talon, he plays alone.")],
      [t("rules.paskievics.announce.h", "Announcements and kontra"), t("rules.paskievics.announce.p", "Each side may announce bonuses: trull (all three honours), four kings, double game (71 card points), volát (every trick), ultimó (the Pagát wins the last trick), XXI catch. The other side may kontra an item, doubling it; the owners may rekontra, doubling again, and so on.")],
      [t("rules.paskievics.play.h", "Play"), t("rules.paskievics.play.p", "Nine tricks. Follow suit; without the suit you must play a tarokk; without a tarokk play anything. The highest tarokk wins, else the highest card of the suit led.")],
      [t("rules.paskievics.score.h", "Scoring"), t("rules.paskievics.score.p", "The declarer's side wins the game with 48 card points or more. Each player of a side is paid the game and every bonus by each player of the other side; bonuses made without being announced count half.")],
    ];
  }
  return [
    [t("rules.paston.goal.h", "The aim"), t("rules.paston.goal.p", "Paston is the Armenian three-player Preference. Be the first to reach 121 points over several deals.")],
    [t("rules.paston.cards.h", "Cards"), t("rules.paston.cards.p", "32 cards, A K Q J 10 9 8 7 in each suit. Each player gets ten cards; two cards lie face down in the middle: the prikup.")],
    [t("rules.paston.bid.h", "The auction"), t("rules.paston.bid.p", "Bids go up the ladder Paston (spades ×1), Glitch (clubs ×2), Dineri (diamonds ×3), Gupa (hearts ×4) and Paston Grkha (spades, scored ×4 but a made contract gives +10). You bid one step higher or pass; a player who passed is out. In the first deal the holder of the J♠ (or the 7♠) speaks first, later the player on the dealer's left. If all pass, the J♠/7♠ holder must declare.")],
    [t("rules.paston.prikup.h", "Prikup and contract"), t("rules.paston.prikup.p", "The winner takes the prikup, discards two cards, and declares a contract at least as high as his bid, which sets trumps and the multiplier. Instead he may surrender: −10 for him, +2 for each opponent, and no play.")],
    [t("rules.paston.whist.h", "Whist or pass"), t("rules.paston.whist.p", "Each defender says whist (play against the declarer) or pass (sit out with 0). If both pass, the declarer scores his contract at once. With one whister, the play is two-handed.")],
    [t("rules.paston.play.h", "Play"), t("rules.paston.play.p", "Ten tricks; the declarer leads. Follow suit if you can; otherwise you must trump if you can. The highest trump wins, else the highest card of the suit led. The declarer needs six tricks.")],
    [t("rules.paston.score.h", "Scoring"), t("rules.paston.score.p", "Declarer: +10 with six tricks or more, −10 with fewer. Each whister scores his own tricks: with two whisters 0 for 2 tricks and +10 for each more; alone 0 for 4 tricks. 0 tricks cost −10, 1 trick −9. All of it is multiplied by the contract's multiplier.")],
    [t("rules.paston.end.h", "The end"), t("rules.paston.end.p", "The game ends after the deal in which a total reaches 121. A total of exactly −121 goes back to 0.")],
  ];
}

function flagLabel(game, f) {
  const s = f.name.replace(/_/g, " ");
  return t(`flag.${game}.${f.name}`, s.charAt(0).toUpperCase() + s.slice(1));
}

function flagDefault(game, f) {
  if (f.kind === "bool") return f.default ? t("rules.on", "on") : t("rules.off", "off");
  if (f.kind === "choice") return t(`flag.${game}.${f.name}.${f.default}`, String(f.default).replace(/_/g, " "));
  return String(f.default);
}

async function init() {
  mountLanguage();
  const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] ?? "paston");
  let games = [];
  try {
    games = await getJSON("/api/games");
  } catch {
    games = [];
  }
  const nav = document.getElementById("rules-nav");
  for (const name of ["paston", "paris", "paskievics"]) {
    const a = document.createElement("a");
    a.className = "button small";
    a.href = `/rules/${name}`;
    a.textContent = t(`game.${name}.title`, name.charAt(0).toUpperCase() + name.slice(1));
    if (name === game) a.setAttribute("aria-current", "page");
    nav.append(a);
  }
  const info = games.find((g) => g.name === game);
  const title = t(`game.${game}.title`, info?.title ?? game);
  document.title = t("rules.title", "{game} — rules", { game: title });
  const article = document.getElementById("rules");
  article.innerHTML =
    `<h2>${escapeHTML(title)}</h2>` +
    (info ? `<p class="hint-text">${escapeHTML(t(`game.${game}.summary`, info.summary ?? ""))}</p>` : "") +
    sections(game)
      .map(([h, p]) => `<h3>${escapeHTML(h)}</h3><p>${escapeHTML(p)}</p>`)
      .join("");
  const list = document.getElementById("options");
  for (const f of info?.flags ?? []) {
    const dt = document.createElement("dt");
    dt.textContent = flagLabel(game, f);
    const dd = document.createElement("dd");
    const help = f.help ? t(`flag.${game}.${f.name}.help`, f.help) : "";
    dd.textContent = `${help} ${t("rules.default", "Default: {value}.", { value: flagDefault(game, f) })}`.trim();
    list.append(dt, dd);
  }
}

init();
