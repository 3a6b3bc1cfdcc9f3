// Fief's static data (board and cards, fetched once: api.game) and the names
// drawn from it, shared by the map (fief.js) and its news (fief_news.js).

import { api } from "../js/api.js";
import { fillIn } from "../js/i18n.js";

export const DATA = (await api.game("fief")).data;
export const BOARD = DATA.board;
export const CARDS = DATA.cards;
/** What each purchase costs, in crowns: the rules' own table, served with the data. */
export const PRICES = DATA.prices;
export const VILLAGE = Object.fromEntries(BOARD.villages.map((v) => [v.id, v]));
export const REGION = Object.fromEntries(BOARD.regions.map((r) => [r.id, r]));

/** A strong shade of each region's colour: the pieces and the badge of the
 *  player who chose it (the map, the news panels, the seats list). */
export const INK = { red: "#c0392b", yellow: "#b7950b", green: "#2a8251", blue: "#2c6fb5", purple: "#7d3c98", orange: "#c44e00" };
/** The ink of a seat that has no region yet. */
const NO_INK = "#333333";

/** A seat's colour: its region's ink, or null before it has chosen one. */
export function seatColour(view, seat) {
  const region = REGION[((view && view.regions) || [])[seat]];
  return region ? INK[region.colour] || NO_INK : null;
}

/** A seat's colour on the map and in the panels (grey before its region). */
export function seatInk(view, seat) {
  return seatColour(view, seat) || NO_INK;
}

/** Inks too light for letters on the map's pale ground, and the darker shade
 *  letters take there: the yellow seat's lords ("Ch Gu") read pale on the
 *  yellow Louhannais in a play-test (2.6:1 against white; this shade 5:1). */
const LETTER_INK = { [INK.yellow]: "#866d00" };

/** A seat's colour for letters on the map (its lords, its fiefs' titles). */
export function seatLetters(view, seat) {
  const ink = seatInk(view, seat);
  return LETTER_INK[ink] || ink;
}

const named = (id) => String(id ?? "?");

export function villageName(id) {
  return VILLAGE[id] ? VILLAGE[id].name : named(id);
}

export function regionName(id) {
  return REGION[id] ? REGION[id].name : named(id);
}

export function lordName(id) {
  return (CARDS.lord_names && CARDS.lord_names[id]) || named(id);
}

export function bishopricName(id) {
  const b = BOARD.bishoprics.find((x) => x.id === id);
  return b ? b.name : named(id);
}

/** A card of the hand or the discard by its name in the player's language
 *  (marked, in the log's pass that finds the cards a line names: ctx.markCard). */
export function cardName(ctx, card) {
  const name = plainCardName(ctx, card);
  return ctx.markCard ? ctx.markCard(card, name) : name;
}

function plainCardName(ctx, card) {
  const [kind, arg] = String(card).split(":");
  if (kind === "lord") return lordName(arg);
  if (kind === "bishop") return ctx.t("fief.bishop_of", { name: bishopricName(arg) });
  const names = CARDS.names && CARDS.names[card];
  return names ? names[ctx.lang] || names.en : String(card).replace(/_/g, " ");
}

/**
 * A string whose words agree with its count {n}: in `template`, "[one|many]"
 * is `one` for a single thing (French: also for none), else `many`; {name}
 * are the parameters, as in i18n's t(). For a strings table:
 * `"fn.log.deal": agreeing("{who} is dealt {n} card[|s].")`.
 */
export function agreeing(template, french = false) {
  return (p = {}) => {
    const n = Math.abs(Number(p.n));
    const single = n === 1 || (french && n === 0);
    return fillIn(template.replace(/\[([^|\]]*)\|([^\]]*)\]/g, (m, one, many) => (single ? one : many)),
      p, french ? "fr" : "en");
  };
}

/** A card's help (js/cardhelp.js) in the page's language: {title, text, source}
 *  from cards.json's "help" (kept beside the names, served with the game's data),
 *  by the card's kind ("lord:henry" -> "lord", "bishop:blaye" -> "bishop"). */
export function cardHelp(ctx, card) {
  const kind = String(card).split(":")[0];
  const help = CARDS.help && CARDS.help[kind];
  if (!help) return null;
  return { title: plainCardName(ctx, card), text: help[ctx.lang] || help.en, source: help.source };
}
