// Vive le Roi ! in the browser: the castle floor by floor (WCs on the right,
// dungeons on the left, the Throne room on top, the box below), your
// Favoris, every player's vote cards and score, the secret vote and its
// reveal, the rounds' scores. The legal actions decide what is clickable: a
// character, then the highlighted place it may go; a vote card; an Ambition.

//
// The cards and their texts (characters, vote cards, Ambitions, in English and
// French) and the castle's geometry (floors, values, room, WCs, dungeons)
// come from the game's data, fetched once (GET /api/games/vive_le_roi); the
// facts of the rules (where each open move leads, what a Favoris card is
// worth now) come from the view. Nothing here recomputes a rule.

import { api } from "../js/api.js";
import { button, clickable, h, seatBadge } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { score } from "../js/i18n.js";

const DATA = (await api.game("vive_le_roi")).data;
const CHARACTER = Object.fromEntries(DATA.characters.map((c) => [c.id, c]));
const ORDER = DATA.characters.map((c) => c.id);
const FLOORS = DATA.castle.floors;
const PLACEMENT = FLOORS.filter((f) => f.placement).map((f) => f.floor);
const DUNGEON = Object.fromEntries(DATA.castle.dungeons.map((d) => [d.floor, d]));
const VOTES = DATA.votes.map((v) => v.id);
const VOTE = Object.fromEntries(DATA.votes.map((v) => [v.id, v]));
const AMBITIONS = Object.fromEntries(DATA.ambitions.map((a) => [a.id, a]));

const strings = {
  en: {
    "vlr.throne": "The Throne room", "vlr.throne_fr": "Salle du Trône",
    "vlr.consort": "consort",
    "vlr.candidate": "candidate",
    "vlr.castle": "The castle", "vlr.castle_fr": "le Château",
    "vlr.floor": "Floor {n}",
    "vlr.floor_long": "floor {n} ({name})",
    "vlr.wc": "WC", "vlr.dungeon": "Dungeon", "vlr.dungeon_fr": "cachot",
    "vlr.box": "The box", "vlr.box_fr": "la boîte",
    "vlr.empty_box": "empty",
    "vlr.unplaced": "Still to be placed (on floors {from} to {to})",
    "vlr.value": "scores {v}",
    "vlr.favoris": "Your Favoris", "vlr.favoris_of": "Favoris of {who}",
    "vlr.favoris_hidden": "hidden",
    "vlr.sealed": "grey seal: does not count (Le Banni)",
    "vlr.worth": "Worth now: {v}",
    "vlr.unplaced_short": "not placed",
    "vlr.players": "The players",
    "vlr.score": "Score", "vlr.cards": "Vote cards",
    "vlr.vote_title": "Vote! Should {who} be crowned?",
    "vlr.voted": "voted, face down",
    "vlr.deciding": "deciding…",
    "vlr.your_vote": "Your vote: {card} (face down until everyone has voted)",
    "vlr.choose_vote": "Choose your vote card",
    "vlr.last_vote": "Last vote: {who}",
    "vlr.outcome.crowned": "{who} is crowned!",
    "vlr.outcome.refused": "{who} is refused: to {where}",
    "vlr.outcome.stomach_ache": "Mal-au-Ventre: the election is cancelled, {who} goes back to {where}",
    "vlr.history": "Round scores",
    "vlr.round": "Round", "vlr.crowned": "Crowned", "vlr.none_crowned": "nobody",
    "vlr.total": "Total",
    "vlr.round_of": "Round {n} of {of}",
    "vlr.breakdown": "Where the points came from",
    "vlr.breakdown_note": "Each Favoris card is revealed when its round is scored; the Ambition counts at the round's last scoring.",
    "vlr.bd.round": "Round {n}: {king}",
    "vlr.bd.favoris": "Favoris (card)",
    "vlr.bd.floors": "Floors & throne",
    "vlr.bd.dungeons": "Dungeons",
    "vlr.bd.jester": "Jester",
    "vlr.bd.ambition": "Ambition",
    "vlr.bd.inverted": "crowned: signs inverted",
    "vlr.bd.masked": "crowned, Le Masque: not inverted",
    "vlr.bd.met": "met",
    "vlr.bd.not_met": "not met",
    "vlr.bd.protection": "met (protection)",
    "vlr.bd.safety_net": "Le Filet {v}",
    "vlr.bd.sealed": "grey seal, not counted",
    "vlr.at.F": "floor {n}", "vlr.at.W": "WC {n}", "vlr.at.D": "dungeon {n}",
    "vlr.at.THRONE": "throne", "vlr.at.CONSORT": "consort", "vlr.at.BOX": "box", "vlr.at.OFF": "—",
    "vlr.ambition": "Choose your Ambition for this round",
    "vlr.ambition_fr": "L'Ambition",
    "vlr.your_ambition": "Your Ambition",
    "vlr.ambition_chosen": "chosen",
    "vlr.ambition_choosing": "choosing…",
    "vlr.to_floor": "Floor {n} ({name})",
    "vlr.to_climb": "Up to {where}",
    "vlr.to_wc": "Into the WC of floor {n}",
    "vlr.to_leave": "Out of the WC to floor {n}",
    "vlr.choose_dest": "Where does {who} go?",
    "vlr.cancel": "Cancel",
    "vlr.team": "team {n}",
    "vlr.emissary": "the Emissary", "vlr.emissary_n": "Emissary {n}",
    "vlr.emissary_wins": (p) => `No player beat the Emissary: ${p.who} ${p.n > 1 ? "win" : "wins"}`,
    "vlr.banner.ambition": "Your turn: choose your Ambition for this round (L'Ambition)",
    "vlr.banner.placement": (p) => `Your turn: place a character on floors ${p.from} to ${p.to} (${p.n} placement${p.n === 1 ? "" : "s"} left)`,
    "vlr.banner.play": "Your turn: move one character up one floor (or into or out of a WC)",
    "vlr.banner.selected": "Now choose where {who} goes (highlighted)",
    "vlr.banner.vote": "Vote! {who} reaches the Throne room: choose a vote card, face down",
    "vlr.banner.voted": "Your vote is cast, face down: waiting for {who}",
    "vlr.banner.wait.ambition": "Waiting for {who} to choose an Ambition",
    "vlr.banner.wait.placement": "Waiting for {who}, who places a character",
    "vlr.banner.wait.play": "Waiting for {who}, who moves a character",
    "vlr.banner.wait.vote": "Vote on {cand}: waiting for {who}",
    "vlr.banner.over": "Game over — {winners}",
    "vlr.where.floor": "floor {n} ({name})",
    "vlr.where.wc": "the WC of floor {n}",
    "vlr.where.dungeon": "the dungeon of floor {n}",
    "vlr.where.box": "the box",
    "vlr.where.throne": "the Throne room",
    "vlr.where.consort": "the consort's seat",
    "vlr.log.round_start": "Round {round} of {of} begins: {who} plays first; the Jester is back on floor {floor}",
    "vlr.log.favoris": "{who} secretly receives Favoris card {id}: {list}",
    "vlr.log.ambition": "{who} has chosen an Ambition",
    "vlr.log.place": "{who} places {char} on {where}",
    "vlr.log.placement_done": "Placement over; to floor 0: {list}",
    "vlr.log.climb": "{who} moves {char} up to {where}",
    "vlr.log.enter_wc": "{who} sends {char} into {where}",
    "vlr.log.leave_wc": "{who} takes {char} out of the WC to {where}",
    "vlr.log.vote_called": "{char} reaches the Throne room: vote! ({who} vote face down)",
    "vlr.log.vote_cast": "{who} has voted, face down",
    "vlr.log.vote_revealed": "The votes are revealed: {votes}. {outcome}",
    "vlr.log.round_scored": "Round {round} scored ({king}): {points}",
    "vlr.log.crowned_k": "{who} crowned",
    "vlr.log.stalemate": "No character can move: the round ends without a crowning",
    "vlr.log.over": "Game over: {winners}",
    "vlr.nobody": "nobody",
    "vlr.act.place": "places {char} on {where}",
    "vlr.act.climb": "moves {char} up one floor",
    "vlr.act.enter_wc": "sends {char} into the WC",
    "vlr.act.leave_wc": "takes {char} out of the WC",
    "vlr.act.vote": "votes {card}",
    "vlr.act.choose_ambition": "chooses the Ambition {name}",
  },
  fr: {
    "vlr.throne": "La Salle du Trône", "vlr.throne_fr": "",
    "vlr.consort": "consort",
    "vlr.candidate": "candidat",
    "vlr.castle": "Le Château", "vlr.castle_fr": "",
    "vlr.floor": "Étage {n}",
    "vlr.floor_long": "étage {n} ({name})",
    "vlr.wc": "WC", "vlr.dungeon": "Cachot", "vlr.dungeon_fr": "",
    "vlr.box": "La boîte", "vlr.box_fr": "",
    "vlr.empty_box": "vide",
    "vlr.unplaced": "À placer (aux étages {from} à {to})",
    "vlr.value": "rapporte {v}",
    "vlr.favoris": "Vos Favoris", "vlr.favoris_of": "Favoris de {who}",
    "vlr.favoris_hidden": "cachés",
    "vlr.sealed": "sceau gris : ne compte pas (Le Banni)",
    "vlr.worth": "Valeur actuelle : {v}",
    "vlr.unplaced_short": "pas placé",
    "vlr.players": "Les joueurs",
    "vlr.score": "Score", "vlr.cards": "Cartes Vote",
    "vlr.vote_title": "Vote ! Faut-il couronner {who} ?",
    "vlr.voted": "a voté, face cachée",
    "vlr.deciding": "réfléchit…",
    "vlr.your_vote": "Votre vote : {card} (face cachée jusqu'à ce que tous aient voté)",
    "vlr.choose_vote": "Choisissez votre carte Vote",
    "vlr.last_vote": "Dernier vote : {who}",
    "vlr.outcome.crowned": "{who} est couronné !",
    "vlr.outcome.refused": "{who} est refusé : vers {where}",
    "vlr.outcome.stomach_ache": "Mal-au-Ventre : l'élection est annulée, {who} redescend à {where}",
    "vlr.history": "Scores des manches",
    "vlr.round": "Manche", "vlr.crowned": "Couronné", "vlr.none_crowned": "personne",
    "vlr.total": "Total",
    "vlr.round_of": "Manche {n} sur {of}",
    "vlr.breakdown": "D'où viennent les points",
    "vlr.breakdown_note": "Chaque carte de Favoris est révélée quand sa manche est comptée ; l'Ambition compte au dernier décompte de la manche.",
    "vlr.bd.round": "Manche {n} : {king}",
    "vlr.bd.favoris": "Favoris (carte)",
    "vlr.bd.floors": "Étages et trône",
    "vlr.bd.dungeons": "Cachots",
    "vlr.bd.jester": "Bouffon",
    "vlr.bd.ambition": "Ambition",
    "vlr.bd.inverted": "couronné : points inversés",
    "vlr.bd.masked": "couronné, Le Masque : pas inversés",
    "vlr.bd.met": "réussie",
    "vlr.bd.not_met": "manquée",
    "vlr.bd.protection": "réussie (protection)",
    "vlr.bd.safety_net": "Le Filet {v}",
    "vlr.bd.sealed": "sceau gris, ne compte pas",
    "vlr.at.F": "étage {n}", "vlr.at.W": "WC {n}", "vlr.at.D": "cachot {n}",
    "vlr.at.THRONE": "trône", "vlr.at.CONSORT": "consort", "vlr.at.BOX": "boîte", "vlr.at.OFF": "—",
    "vlr.ambition": "Choisissez votre Ambition pour cette manche",
    "vlr.ambition_fr": "",
    "vlr.your_ambition": "Votre Ambition",
    "vlr.ambition_chosen": "choisie",
    "vlr.ambition_choosing": "choisit…",
    "vlr.to_floor": "Étage {n} ({name})",
    "vlr.to_climb": "Monter : {where}",
    "vlr.to_wc": "Dans le WC de l'étage {n}",
    "vlr.to_leave": "Sortir du WC vers l'étage {n}",
    "vlr.choose_dest": "Où va {who} ?",
    "vlr.cancel": "Annuler",
    "vlr.team": "équipe {n}",
    "vlr.emissary": "l'Émissaire", "vlr.emissary_n": "Émissaire {n}",
    "vlr.emissary_wins": (p) => `Aucun joueur n'a battu l'Émissaire : ${p.who} ${p.n > 1 ? "l'emportent" : "l'emporte"}`,
    "vlr.banner.ambition": "À vous : choisissez votre Ambition pour cette manche",
    "vlr.banner.placement": (p) => `À vous : placez un Personnage aux étages ${p.from} à ${p.to} (encore ${p.n} placement${p.n > 1 ? "s" : ""})`,
    "vlr.banner.play": "À vous : faites monter un Personnage d'un étage (ou entrer dans un WC, ou en sortir)",
    "vlr.banner.selected": "Choisissez où va {who} (en surbrillance)",
    "vlr.banner.vote": "Vote ! {who} atteint la Salle du Trône : choisissez une carte Vote, face cachée",
    "vlr.banner.voted": "Votre vote est posé, face cachée : on attend {who}",
    "vlr.banner.wait.ambition": "On attend que {who} choisisse une Ambition",
    "vlr.banner.wait.placement": "On attend {who}, qui place un Personnage",
    "vlr.banner.wait.play": "On attend {who}, qui fait monter un Personnage",
    "vlr.banner.wait.vote": "Vote sur {cand} : on attend {who}",
    "vlr.banner.over": "Partie terminée — {winners}",
    "vlr.where.floor": "l'étage {n} ({name})",
    "vlr.where.wc": "le WC de l'étage {n}",
    "vlr.where.dungeon": "le cachot de l'étage {n}",
    "vlr.where.box": "la boîte",
    "vlr.where.throne": "la Salle du Trône",
    "vlr.where.consort": "la place du consort",
    "vlr.log.round_start": "La manche {round} sur {of} commence : {who} joue en premier ; le Bouffon revient à l'étage {floor}",
    "vlr.log.favoris": "{who} reçoit en secret la carte de Favoris {id} : {list}",
    "vlr.log.ambition": "{who} a choisi une Ambition",
    "vlr.log.place": "{who} place {char} à {where}",
    "vlr.log.placement_done": "Placement terminé ; à l'étage 0 : {list}",
    "vlr.log.climb": "{who} fait monter {char} à {where}",
    "vlr.log.enter_wc": "{who} envoie {char} dans {where}",
    "vlr.log.leave_wc": "{who} fait sortir {char} du WC vers {where}",
    "vlr.log.vote_called": "{char} atteint la Salle du Trône : vote ! ({who} votent face cachée)",
    "vlr.log.vote_cast": "{who} a voté, face cachée",
    "vlr.log.vote_revealed": "Les votes sont révélés : {votes}. {outcome}",
    "vlr.log.round_scored": "Manche {round} comptée ({king}) : {points}",
    "vlr.log.crowned_k": "{who} couronné",
    "vlr.log.stalemate": "Plus aucun Personnage ne peut monter : la manche finit sans couronnement",
    "vlr.log.over": "Fin de la partie : {winners}",
    "vlr.nobody": "personne",
    "vlr.act.place": "place {char} à {where}",
    "vlr.act.climb": "fait monter {char} d'un étage",
    "vlr.act.enter_wc": "envoie {char} dans le WC",
    "vlr.act.leave_wc": "fait sortir {char} du WC",
    "vlr.act.vote": "vote {card}",
    "vlr.act.choose_ambition": "choisit l'Ambition {name}",
  },
};

// ----- words ----------------------------------------------------------------------

/** A text of the game's data ({en, fr}) in the page's language. */
function tr(ctx, texts) {
  return (texts && (texts[ctx.lang] ?? texts.en)) || "";
}

function charName(ctx, c) {
  return CHARACTER[c] ? tr(ctx, CHARACTER[c].name) : String(c);
}

function shortName(ctx, c) {
  return CHARACTER[c] ? CHARACTER[c].short : String(c);
}

function floorName(ctx, f) {
  return FLOORS[f] ? tr(ctx, FLOORS[f].name) : String(f);
}

function placementRange() {
  return { from: Math.min(...PLACEMENT), to: Math.max(...PLACEMENT) };
}

function who(ctx, pos) {
  const v = ctx.view;
  if (pos < v.num_players) return ctx.name(pos);
  const extra = (v.players || []).length - v.num_players;
  return extra <= 1 ? ctx.t("vlr.emissary") : ctx.t("vlr.emissary_n", { n: pos - v.num_players + 1 });
}

function whoList(ctx, positions) {
  return ctx.joinNames(positions.map((p) => who(ctx, p)));
}

function voteName(ctx, card) {
  return VOTE[card] ? tr(ctx, VOTE[card].name) : String(card);
}

function describeLoc(ctx, loc) {
  if (!loc) return "?";
  if (loc === "THRONE") return ctx.t("vlr.where.throne");
  if (loc === "CONSORT") return ctx.t("vlr.where.consort");
  if (loc === "BOX") return ctx.t("vlr.where.box");
  const n = Number(loc.slice(1));
  if (loc[0] === "F") return ctx.t("vlr.where.floor", { n, name: floorName(ctx, n) });
  if (loc[0] === "W") return ctx.t("vlr.where.wc", { n });
  if (loc[0] === "D") return ctx.t("vlr.where.dungeon", { n });
  return loc;
}

function colon(ctx) {
  return ctx.t("colon");
}

/** Who won; with the Emissary variant, nobody may: then the best Emissaries win. */
function winnersText(ctx, winners, emissaries) {
  if (!winners.length && emissaries && emissaries.length) {
    return ctx.t("vlr.emissary_wins", { who: whoList(ctx, emissaries), n: emissaries.length });
  }
  return ctx.t("final.winner", { who: ctx.joinNames(winners.map((p) => who(ctx, p))), n: winners.length });
}

/** An Ambition's French name (kept in English too), its English name and its text. */
function ambitionInfo(ctx, id) {
  const a = AMBITIONS[id];
  if (!a) return { name: id, other: "", text: "" };
  return { name: a.name.fr, other: ctx.lang === "fr" ? "" : a.name.en, text: tr(ctx, a.text) };
}

// ----- what the view says about Favoris ------------------------------------------------

/** What a position's Favoris card is worth now, from the view: {favourites, worth} or null. */
function worthOf(ctx, pos) {
  return (ctx.view.favoris_worth || [])[pos] || null;
}

function myFavoris(ctx) {
  const v = ctx.view;
  if (ctx.seat === null || ctx.seat === undefined) return null;
  return (v.favoris || [])[ctx.seat] || null;
}

function favSet(ctx) {
  const card = myFavoris(ctx);
  return new Set(card ? card.characters : []);
}

// ----- the legal actions, by character -------------------------------------------------

function moveActions(ctx) {
  if (!ctx.canAct) return [];
  return ctx.legal.filter((l) => ["place", "climb", "enter_wc", "leave_wc"].includes(l.action.type));
}

function actionsFor(ctx, character) {
  return moveActions(ctx).filter((l) => l.action.character === character);
}

/** Where an action takes its character: a placement names its floor; the
 * view lists every other open move with where it leads. */
function destination(ctx, action) {
  if (action.type === "place") return `F${action.floor}`;
  const move = (ctx.view.moves || []).find((m) => m.type === action.type && m.character === action.character);
  return move ? move.to : null;
}

function destLabel(ctx, action) {
  const dest = destination(ctx, action);
  const n = dest && dest !== "THRONE" ? Number(dest.slice(1)) : null;
  switch (action.type) {
    case "place": return ctx.t("vlr.to_floor", { n: action.floor, name: floorName(ctx, action.floor) });
    case "climb": return ctx.t("vlr.to_climb", { where: describeLoc(ctx, dest) });
    case "enter_wc": return ctx.t("vlr.to_wc", { n });
    case "leave_wc": return ctx.t("vlr.to_leave", { n });
    default: return action.type;
  }
}

function choose(ctx, action) {
  ctx.ui.selected = null;
  ctx.act(action);
}

// ----- pieces ---------------------------------------------------------------------------

function hue(c) {
  const i = ORDER.indexOf(c);
  return i < 0 ? 40 : (i * 360) / ORDER.length;
}

function person(ctx, c, opts = {}) {
  const favs = opts.favs || new Set();
  const mine = worthOf(ctx, ctx.seat);
  const banished = !!mine && mine.favourites.some((f) => f.character === c && !f.counts);
  const jester = !!CHARACTER[c] && !CHARACTER[c].pretender;
  const fav = favs.has(c);
  const moves = opts.movable ? actionsFor(ctx, c) : [];
  const selected = ctx.ui.selected === c;
  const label = [charName(ctx, c), fav ? "★" : "", opts.role ? `(${opts.role})` : ""].filter(Boolean).join(" ");
  const children = [
    h("span", { class: "initial", style: { "--hue": String(hue(c)) }, "aria-hidden": "true" },
      jester ? icon("jester", "icon-sm") : shortName(ctx, c)[0]),
    h("span", { class: "pname" }, shortName(ctx, c)),
    fav ? icon("star", "fav-star") : null,
  ];
  const cls = ["person", jester && "person-jester", fav && "person-fav", banished && "person-banished",
    opts.king && "person-king", moves.length && "movable", selected && "selected"];
  if (moves.length) {
    return button(children, () => {
      ctx.ui.selected = selected ? null : c;
      ctx.rerender();
    }, { class: cls, "aria-pressed": String(selected), "aria-label": label, title: label, dataset: { character: c } });
  }
  return h("span", { class: cls, title: label, "aria-label": label, dataset: { character: c } }, children);
}

function makeTarget(el, label, onActivate) {
  el.classList.add("target");
  clickable(el, onActivate, label);
  el.append(h("span", { class: "dest-label" }, label));
  return el;
}

function voteCard(ctx, card, extra = {}) {
  const second = ctx.lang !== "fr" && VOTE[card] ? VOTE[card].name.fr : "";
  return [
    extra.count !== undefined ? h("span", { class: "count" }, `×${extra.count}`) : null,
    icon(card, "icon"),
    h("span", {}, voteName(ctx, card)),
    second ? h("small", {}, second) : null,
    extra.hint && VOTE[card] ? h("small", {}, tr(ctx, VOTE[card].effect)) : null,
  ];
}

function voteMini(ctx, card, n) {
  return h("span", { class: ["vote-mini", `vote-${card}`], title: `${voteName(ctx, card)} ×${n}` },
    icon(card, "icon-sm"), String(n));
}

// ----- the castle --------------------------------------------------------------------------

function castleSection(ctx) {
  const v = ctx.view;
  const c = v.castle;
  const favs = favSet(ctx);
  const sel = ctx.ui.selected;
  const selActions = sel ? actionsFor(ctx, sel) : [];
  const targetFor = (dest) => selActions.find((l) => destination(ctx, l.action) === dest);
  const wire = (el, dest) => {
    const l = targetFor(dest);
    if (l) makeTarget(el, destLabel(ctx, l.action), () => choose(ctx, l.action));
    return el;
  };
  const grid = h("div", { class: "castle" });

  // the Throne room
  const throne = h("div", { class: "castle-throne", dataset: { loc: "THRONE" } },
    h("span", { class: "castle-throne-label" }, icon("crown", "icon"), ctx.t("vlr.throne"),
      ctx.t("vlr.throne_fr") ? h("small", { class: "fr" }, ctx.t("vlr.throne_fr")) : null,
      h("small", { class: "fr" }, signed(DATA.castle.throne_value))),
    c.throne ? person(ctx, c.throne, { favs, king: true, role: v.vote ? ctx.t("vlr.candidate") : null }) : null,
    c.consort ? h("span", { class: "castle-consort" }, h("small", {}, `${ctx.t("vlr.consort")}${colon(ctx)}`), person(ctx, c.consort, { favs })) : null);
  grid.append(wire(throne, "THRONE"));

  for (let f = FLOORS.length - 1; f >= 0; f--) {
    const dungeon = c.dungeons && String(f) in c.dungeons;
    const left = h("div", { class: ["cell", dungeon ? "cell-dungeon" : "cell-empty"], dataset: dungeon ? { loc: `D${f}` } : {} });
    if (dungeon) {
      const worth = DUNGEON[f] ? signed(DUNGEON[f].value) : "";
      left.append(h("span", { class: "cell-label", title: `${ctx.t("vlr.dungeon")} ${worth}` }, icon("bars", "icon-xs"),
        h("span", { class: "cell-word" }, ctx.t("vlr.dungeon")), h("span", { class: "cell-worth" }, worth)));
      const who_ = c.dungeons[String(f)];
      if (who_) left.append(person(ctx, who_, { favs }));
    }
    const people = c.floors[f] || [];
    const room = FLOORS[f].capacity; // null: no limit
    const floor = h("div", {
      class: ["floor", room !== null && people.length >= room && "floor-full"],
      dataset: { loc: `F${f}`, floor: f },
    },
      h("span", { class: "floor-num", title: ctx.t("vlr.value", { v: FLOORS[f].value }) }, h("strong", {}, String(f)), h("span", {}, floorName(ctx, f))),
      h("span", { class: "floor-people" }, people.map((p) => person(ctx, p, { favs, movable: true }))),
      room !== null ? h("span", { class: "pips", title: `${people.length}/${room}`, "aria-label": `${people.length}/${room}` },
        Array.from({ length: room }, (_, i) => h("span", { class: ["pip", i < people.length && "pip-on"] }))) : null);
    wire(floor, `F${f}`);
    const hasWc = c.wc && String(f) in c.wc;
    const right = h("div", { class: ["cell", hasWc ? "cell-wc" : "cell-empty"], dataset: hasWc ? { loc: `W${f}` } : {} });
    if (hasWc) {
      right.append(h("span", { class: "cell-label" }, icon("wc", "icon-xs"), `${ctx.t("vlr.wc")} ${f}`));
      const who_ = c.wc[String(f)];
      if (who_) right.append(person(ctx, who_, { favs, movable: true }));
      wire(right, `W${f}`);
    }
    grid.append(left, floor, right);
  }
  grid.append(h("div", { class: "castle-box", dataset: { loc: "BOX" } },
    icon("box", "icon"), h("strong", {}, ctx.t("vlr.box")),
    (c.box || []).length ? c.box.map((p) => person(ctx, p, { favs })) : h("span", { class: "muted" }, ctx.t("vlr.empty_box"))));
  if ((c.unplaced || []).length) {
    grid.append(h("div", { class: "castle-unplaced", dataset: { loc: "OFF" } },
      h("span", { class: "label" }, ctx.t("vlr.unplaced", placementRange())),
      c.unplaced.map((p) => person(ctx, p, { favs, movable: true }))));
  }

  let choices = null;
  if (selActions.length) {
    choices = h("div", { class: "vlr-choices", role: "group" },
      h("strong", {}, ctx.t("vlr.choose_dest", { who: charName(ctx, sel) })),
      selActions.map((l) => button(destLabel(ctx, l.action), () => choose(ctx, l.action), { class: "choice", dataset: { type: l.action.type } })),
      button(ctx.t("vlr.cancel"), () => { ctx.ui.selected = null; ctx.rerender(); }, { class: "small" }));
  }
  return h("section", { class: "vlr-castle", "aria-labelledby": "vlr-castle-title" },
    h("div", { class: "section-head" },
      h("h2", { id: "vlr-castle-title" }, ctx.t("vlr.castle"), ctx.t("vlr.castle_fr") ? h("small", { class: "fr" }, ctx.t("vlr.castle_fr")) : null),
      h("span", { class: "muted" }, ctx.t("vlr.round_of", { n: v.round, of: v.rounds }))),
    grid, choices);
}

// ----- the vote -----------------------------------------------------------------------------

function votePanel(ctx) {
  const v = ctx.view;
  const vote = v.vote;
  if (!vote) return null;
  const mine = ctx.canAct ? ctx.legal.filter((l) => l.action.type === "vote") : [];
  const hand = ctx.seat !== null && ctx.seat !== undefined ? v.hands[ctx.seat] : null;
  const key = `${v.round}|${vote.candidate}|${(v.crowned || []).length}|${JSON.stringify(v.last_vote || null)}`;
  // the card this seat cast, face down: its view carries it (after a reload too)
  const remembered = vote.mine || (ctx.ui.myVote && ctx.ui.myVote.key === key ? ctx.ui.myVote.card : null);
  let cards = null;
  if (mine.length && hand) {
    cards = h("div", { class: "vote-cards", role: "group", "aria-label": ctx.t("vlr.choose_vote") },
      VOTES.map((card) => {
        const l = mine.find((x) => x.action.card === card);
        return button(voteCard(ctx, card, { count: hand[card] || 0, hint: true }), () => {
          ctx.ui.myVote = { key, card };
          ctx.act(l.action);
        }, { class: ["vote-card", `vote-${card}`], disabled: !l, dataset: { vote: card } });
      }));
  } else if (ctx.seat !== null && ctx.seat !== undefined && vote.voted.includes(ctx.seat)) {
    cards = h("p", { class: "vlr-myvote" }, remembered
      ? ctx.t("vlr.your_vote", { card: voteName(ctx, remembered) }) : ctx.t("vlr.voted"));
  }
  return h("section", { class: "vlr-vote", "aria-labelledby": "vlr-vote-title", id: "vlr-vote" },
    h("div", { class: "vlr-vote-head" },
      person(ctx, vote.candidate, { favs: favSet(ctx), king: true }),
      h("h2", { id: "vlr-vote-title" }, cap(ctx.t("vlr.vote_title", { who: charName(ctx, vote.candidate) })))),
    h("p", { class: "muted" }, tr(ctx, DATA.vote_rule)),
    cards,
    h("ul", { class: "voters" }, vote.voters.map((p) => {
      const done = vote.voted.includes(p);
      return h("li", { class: ["voter", done ? "voter-done" : "voter-wait"], dataset: { seat: p } },
        done ? h("span", { class: "vote-back", "aria-hidden": "true" }) : null,
        h("strong", {}, who(ctx, p)), " ",
        h("span", {}, done ? ctx.t("vlr.voted") : ctx.t("vlr.deciding")));
    })));
}

function lastVotePanel(ctx) {
  const v = ctx.view;
  const last = v.last_vote;
  if (!last) return null;
  const cast = normaliseVotes(last.votes, (v.players || []).length);
  const key = JSON.stringify(last);
  const fresh = ctx.ui.lastVoteKey !== undefined && ctx.ui.lastVoteKey !== key;
  ctx.ui.lastVoteKey = key;
  return h("section", { class: "vlr-lastvote", "aria-labelledby": "vlr-lastvote-title", id: "vlr-lastvote" },
    h("h2", { id: "vlr-lastvote-title" }, cap(ctx.t("vlr.last_vote", { who: charName(ctx, last.candidate) }))),
    h("div", { class: "reveal" }, cast.map(([p, card]) => h("div", { class: "reveal-one", dataset: { seat: p, vote: card } },
      h("div", { class: ["vote-card", `vote-${card}`, fresh && "fresh"] }, voteCard(ctx, card)),
      h("span", {}, who(ctx, p))))),
    h("p", { class: ["outcome", `outcome-${last.outcome}`] }, outcomeText(ctx, last)));
}

function normaliseVotes(votes, positions) {
  // [card | null per position] or [{position, card}]
  if (!Array.isArray(votes)) return [];
  if (votes.length && typeof votes[0] === "object" && votes[0] !== null) return votes.map((x) => [x.position, x.card]);
  const out = [];
  for (let p = 0; p < Math.max(positions, votes.length); p++) if (votes[p]) out.push([p, votes[p]]);
  return out;
}

function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function outcomeText(ctx, last) {
  return cap(ctx.t(`vlr.outcome.${last.outcome}`, { who: charName(ctx, last.candidate), where: describeLoc(ctx, last.to) }));
}

// ----- Ambitions ----------------------------------------------------------------------------

function ambitionPanel(ctx) {
  const choices = ctx.canAct ? ctx.legal.filter((l) => l.action.type === "choose_ambition") : [];
  if (!choices.length) return null;
  return h("section", { class: "vlr-ambition", "aria-labelledby": "vlr-ambition-title" },
    h("h2", { id: "vlr-ambition-title" }, ctx.t("vlr.ambition"), ctx.t("vlr.ambition_fr") ? h("small", { class: "fr" }, ctx.t("vlr.ambition_fr")) : null),
    h("div", { class: "ambition-cards" }, choices.map((l) => {
      const a = ambitionInfo(ctx, l.action.card);
      return button([h("strong", {}, a.name), a.other ? h("small", { class: "fr" }, a.other) : null, h("span", {}, a.text)],
        () => ctx.act(l.action), { class: "ambition-card", dataset: { ambition: l.action.card } });
    })));
}

// ----- the players, Favoris, scores -------------------------------------------------------------

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** A Favoris card's favourites, each with its value where it stands (the view's). */
function favList(ctx, worth) {
  return h("span", { class: "fav-list" }, worth.favourites.map((f) => {
    const val = f.value;
    const sealed = !f.counts;
    const cls = val === null ? "zero" : val > 0 ? "pos" : val < 0 ? "neg" : "zero";
    return h("span", { class: ["fav-item", sealed && "sealed"], title: sealed ? ctx.t("vlr.sealed") : describeLoc(ctx, f.at) },
      person(ctx, f.character, {}),
      h("span", { class: ["fav-value", cls] }, sealed ? "—" : val === null ? "·" : `${val > 0 ? "+" : ""}${val}`));
  }));
}

function favorisSection(ctx) {
  const card = myFavoris(ctx);
  const worth = worthOf(ctx, ctx.seat);
  if (!card || !worth) return null;
  const v = ctx.view;
  const amb = v.ambitions && v.ambitions[ctx.seat];
  return h("section", { class: "vlr-favoris", "aria-labelledby": "vlr-favoris-title" },
    h("div", { class: "section-head" },
      h("h2", { id: "vlr-favoris-title" }, icon("star", "icon"), ctx.t("vlr.favoris"), h("small", { class: "fr" }, card.id)),
      v.phase !== "over" ? h("span", { class: "muted" }, ctx.t("vlr.worth", { v: worth.worth })) : null),
    favList(ctx, worth),
    amb && amb.chosen ? h("p", {}, h("strong", {}, `${ctx.t("vlr.your_ambition")}${colon(ctx)}`), ambitionInfo(ctx, amb.chosen).name, " — ",
      h("span", { class: "muted" }, ambitionInfo(ctx, amb.chosen).text)) : null);
}

function teamOf(v, pos) {
  if (!v.teams) return null;
  const i = v.teams.findIndex((tm) => tm.includes(pos));
  return i < 0 ? null : i + 1;
}

function playersSection(ctx) {
  const v = ctx.view;
  const positions = (v.players || []).map((_, p) => p);
  return h("section", { class: "vlr-players", "aria-labelledby": "vlr-players-title" },
    h("h2", { id: "vlr-players-title" }, ctx.t("vlr.players")),
    h("div", { class: "table-scroll" }, h("table", { class: "players-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, ctx.t("final.seat")),
        h("th", { scope: "col" }, ctx.t("vlr.cards")),
        h("th", { scope: "col", class: "num" }, ctx.t("vlr.score")))),
      h("tbody", {}, positions.map((p) => {
        const hand = v.hands[p] || {};
        const fav = v.favoris[p];
        const worth = worthOf(ctx, p);
        const amb = v.ambitions ? v.ambitions[p] : null;
        const team = teamOf(v, p);
        const mine = p === ctx.seat;
        const details = !mine && (fav || amb) ? h("tr", { class: ["details", ctx.toAct.includes(p) && "to-act"] },
          h("td", { colspan: "3" },
            worth ? favList(ctx, worth) : null,
            amb ? h("div", { class: "muted small" }, `Ambition${colon(ctx)}${amb.chosen
              ? ambitionInfo(ctx, amb.chosen).name : amb.has_chosen ? ctx.t("vlr.ambition_chosen") : ctx.t("vlr.ambition_choosing")}`) : null)) : null;
        return [h("tr", { class: [ctx.toAct.includes(p) && "to-act", details && "has-details"], dataset: { seat: p } },
          h("td", {},
            h("div", {}, h("strong", {}, who(ctx, p)), team ? [" ", h("span", { class: "badge" }, ctx.t("vlr.team", { n: team }))] : null),
            !mine && !fav ? h("div", { class: "muted small" }, `Favoris${colon(ctx)}${ctx.t("vlr.favoris_hidden")}`) : null),
          h("td", {}, h("span", { class: "hand-minis" }, VOTES.map((c) => voteMini(ctx, c, hand[c] || 0)))),
          h("td", { class: "num" }, score(v.scores[p]))), details];
      })))));
}

function historyRows(v) {
  // [{round, king, points: [per position]}] from either history format
  return (v.history || []).map((h_) => {
    if (Array.isArray(h_.points)) return { round: h_.round, king: h_.king, points: h_.points };
    const pts = [];
    for (const r of h_.scores || []) pts[r.position] = r.total;
    return { round: h_.round, king: h_.king, points: pts };
  });
}

function historySection(ctx) {
  const v = ctx.view;
  const rows = historyRows(v);
  if (!rows.length) return null;
  const positions = (v.players || []).map((_, p) => p);
  return h("section", { class: "vlr-history", "aria-labelledby": "vlr-history-title", id: "vlr-history" },
    h("h2", { id: "vlr-history-title" }, ctx.t("vlr.history")),
    h("div", { class: "table-scroll" }, h("table", { class: "scores history" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, ctx.t("vlr.round")),
        h("th", { scope: "col" }, ctx.t("vlr.crowned")),
        positions.map((p) => h("th", { scope: "col", class: "num", title: who(ctx, p) },
          seatBadge(p, null, { class: "avatar-sm", "aria-hidden": null, "aria-label": who(ctx, p) }))))),
      h("tbody", {},
        rows.map((r) => h("tr", {},
          h("td", {}, String(r.round)),
          h("td", { class: "king" }, r.king ? [icon("crown", "icon-sm crown"), charName(ctx, r.king)] : ctx.t("vlr.none_crowned")),
          positions.map((p) => {
            const n = r.points[p];
            return h("td", { class: ["num", n > 0 ? "pos" : n < 0 ? "neg" : null] }, n === undefined || n === null ? "—" : `${n > 0 ? "+" : ""}${n}`);
          }))),
        h("tr", { class: "totals" },
          h("th", { scope: "row", colspan: "2" }, ctx.t("vlr.total")),
          positions.map((p) => h("td", { class: "num total" }, score(v.scores[p]))))))));
}

/** A place in a few words: "floor 4", "dungeon 3", "throne". */
function placeShort(ctx, loc) {
  if (!loc) return "?";
  if (/^[FWD]\d$/.test(loc)) return ctx.t(`vlr.at.${loc[0]}`, { n: Number(loc[1]) });
  return ctx.t(`vlr.at.${loc}`);
}

function signedCell(ctx, n, label = null) {
  return h("td", { class: ["num", n > 0 ? "pos" : n < 0 ? "neg" : null], dataset: label ? { label } : {} }, signed(n));
}

/** Where every point came from, scoring by scoring (the view's history: each
 * entry's breakdown appears once that scoring has revealed the cards): per
 * seat the Favoris card and each favourite's place and points, the floors',
 * the dungeons' points, the Jester, the Ambition apart, the total. */
function breakdownSection(ctx) {
  const v = ctx.view;
  const entries = (v.history || []).filter((e) => Array.isArray(e.breakdown));
  if (!entries.length) return null;
  const over = v.phase === "over";
  return h("details", {
    class: "vlr-breakdown", id: "vlr-breakdown", open: over || !!ctx.ui.breakdownOpen,
    ontoggle: (ev) => { if (!over) ctx.ui.breakdownOpen = ev.target.open; },
  },
    h("summary", {}, h("h2", { id: "vlr-breakdown-title" }, ctx.t("vlr.breakdown"))),
    h("p", { class: "muted small" }, ctx.t("vlr.breakdown_note")),
    entries.map((e, i) => {
      const king = e.king ? ctx.t("vlr.log.crowned_k", { who: charName(ctx, e.king) }) : ctx.t("vlr.none_crowned");
      return h("div", { class: "bd-round", dataset: { round: e.round, scoring: i } },
        h("h3", {}, e.king ? icon("crown", "icon-sm crown") : null, ctx.t("vlr.bd.round", { n: e.round, king })),
        h("div", { class: "table-scroll" }, h("table", { class: "scores breakdown" },
          h("thead", {}, h("tr", {},
            h("th", { scope: "col" }, ctx.t("final.seat")),
            h("th", { scope: "col" }, ctx.t("vlr.bd.favoris")),
            h("th", { scope: "col", class: "num" }, ctx.t("vlr.bd.floors")),
            h("th", { scope: "col", class: "num" }, ctx.t("vlr.bd.dungeons")),
            h("th", { scope: "col" }, ctx.t("vlr.bd.jester")),
            h("th", { scope: "col" }, ctx.t("vlr.bd.ambition")),
            h("th", { scope: "col", class: "num" }, ctx.t("vlr.total")))),
          h("tbody", {}, e.breakdown.map((row, p) => {
            const amb = row.ambition;
            let ambCell = "—";
            if (amb) {
              const a = ambitionInfo(ctx, amb.id);
              const prot = AMBITIONS[amb.id] && typeof AMBITIONS[amb.id].reward === "string";
              const how = !amb.met ? `${ctx.t("vlr.bd.not_met")}, 0` : prot ? ctx.t("vlr.bd.protection") : `${ctx.t("vlr.bd.met")}, ${signed(amb.points)}`;
              ambCell = [h("strong", {}, a.name), " ", h("span", { class: amb.met ? "pos" : "muted" }, how)];
            }
            const jester = row.inverted ? ctx.t("vlr.bd.inverted") : e.king === "jester" ? ctx.t("vlr.bd.masked") : "—";
            return h("tr", { class: p === ctx.seat ? "mine" : null, dataset: { seat: p } },
              h("th", { scope: "row" }, who(ctx, p)),
              h("td", { class: "bd-favs" }, h("span", { class: "muted small" }, row.card), " ",
                row.favourites.map((f) => h("span", { class: ["bd-fav", !f.counts && "sealed"], title: f.counts ? describeLoc(ctx, f.at) : ctx.t("vlr.bd.sealed") },
                  h("span", { class: "bd-name" }, charName(ctx, f.character)), " ",
                  h("span", { class: "muted" }, placeShort(ctx, f.at)), " ",
                  h("span", { class: ["bd-pts", f.points > 0 ? "pos" : f.points < 0 ? "neg" : null] }, f.counts ? signed(f.points) : "—")))),
              // data-label: a phone shows the cells under one another, each named (css)
              signedCell(ctx, row.floors, ctx.t("vlr.bd.floors")),
              signedCell(ctx, row.dungeons, ctx.t("vlr.bd.dungeons")),
              h("td", { class: ["bd-jester", row.inverted && "neg"], dataset: { label: ctx.t("vlr.bd.jester") } }, jester),
              h("td", { class: "bd-ambition", dataset: { label: ctx.t("vlr.bd.ambition") } }, ambCell,
                row.safety_net ? [" ", h("span", { class: "pos" }, ctx.t("vlr.bd.safety_net", { v: signed(row.safety_net) }))] : null),
              h("td", { class: "num total" }, signed(row.total)));
          })))));
    }));
}

function finalSection(ctx) {
  const v = ctx.view;
  if (!v.final) return null;
  const winners = v.final.winners || [];
  const positions = v.final.scores.map((_, p) => p);
  return h("section", { class: "final", id: "final", "aria-labelledby": "final-title" },
    h("h2", { id: "final-title" }, icon("crown", "icon"), ctx.t("final.title")),
    h("p", { class: "final-winners" }, winnersText(ctx, winners, v.final.emissary_winners)),
    h("div", { class: "table-scroll" }, h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("final.seat")), h("th", { scope: "col", class: "num" }, ctx.t("final.score")))),
      h("tbody", {}, positions.map((p) => h("tr", { class: winners.includes(p) ? "winner" : null, dataset: { seat: p } },
        h("th", { scope: "row" }, winners.includes(p) ? icon("crown", "icon-sm crown") : null, who(ctx, p)),
        h("td", { class: "num total" }, score(v.final.scores[p]))))))));
}

// ----- the renderer --------------------------------------------------------------------------

function v_over(ctx) {
  return ctx.view.phase === "over";
}

function render(root, ctx) {
  if (ctx.ui.selected && !actionsFor(ctx, ctx.ui.selected).length) ctx.ui.selected = null;
  root.append(h("div", { class: "vlr-board" },
    finalSection(ctx),
    v_over(ctx) ? breakdownSection(ctx) : null,
    ambitionPanel(ctx),
    votePanel(ctx),
    h("div", { class: "vlr-col vlr-col-castle" }, castleSection(ctx), historySection(ctx), v_over(ctx) ? null : breakdownSection(ctx)),
    h("div", { class: "vlr-col vlr-col-side" }, favorisSection(ctx), lastVotePanel(ctx), playersSection(ctx))));

  markLastMove(root, ctx);
}

/** Mark on the castle the characters the last move placed or moved, until the next move. */
function markLastMove(root, ctx) {
  const last = ctx.lastMove;
  if (!last) return;
  const moved = last.events.filter((e) => e.kind === "place" || e.kind === "move").map((e) => e.data.character);
  for (const c of moved) {
    for (const el of root.querySelectorAll(`.castle .person[data-character="${c}"]`)) {
      el.classList.add("last-move");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""} — ${ctx.t("last.by", { who: ctx.name(last.seat) })}`);
    }
  }
}

function banner(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || (ctx.table && ctx.table.status === "over")) {
    const winners = v.final ? v.final.winners : (ctx.result ? ctx.result.winners : []);
    const emissaries = v.final ? v.final.emissary_winners : null;
    return { text: ctx.t("vlr.banner.over", { winners: winnersText(ctx, winners, emissaries) }), kind: "over" };
  }
  if (ctx.canAct) {
    if (v.phase === "vote") return { text: cap(ctx.t("vlr.banner.vote", { who: charName(ctx, v.vote.candidate) })), kind: "mine" };
    if (ctx.ui.selected && actionsFor(ctx, ctx.ui.selected).length) {
      return { text: cap(ctx.t("vlr.banner.selected", { who: charName(ctx, ctx.ui.selected) })), kind: "mine" };
    }
    if (v.phase === "placement") return { text: ctx.t("vlr.banner.placement", { n: v.placements_left, ...placementRange() }), kind: "mine" };
    if (v.phase === "ambition") return { text: ctx.t("vlr.banner.ambition"), kind: "mine" };
    return { text: ctx.t("vlr.banner.play"), kind: "mine" };
  }
  const waiting = whoList(ctx, ctx.toAct);
  if (v.phase === "vote" && v.vote) {
    if (ctx.seat !== null && v.vote.voted.includes(ctx.seat)) return { text: ctx.t("vlr.banner.voted", { who: waiting }), kind: "wait" };
    return { text: ctx.t("vlr.banner.wait.vote", { cand: charName(ctx, v.vote.candidate), who: waiting }), kind: "wait" };
  }
  if (!waiting) return null;
  const key = `vlr.banner.wait.${v.phase}`;
  return { text: ctx.t(key, { who: waiting }), kind: "wait" };
}

function describeEvent(e, ctx) {
  const d = e.data || {};
  const pos = d.position ?? d.seat;
  const actor = typeof pos === "number" ? who(ctx, pos) : "";
  switch (e.kind) {
    case "round_start":
      return ctx.t("vlr.log.round_start", { round: d.round, of: DATA.rounds, floor: DATA.castle.jester_floor, who: who(ctx, d.first) });
    case "favoris":
      if (!d.card) return null;
      return ctx.t("vlr.log.favoris", { who: actor, id: d.card.id, list: ctx.joinNames(d.card.characters.map((c) => charName(ctx, c))) });
    case "ambition":
      return ctx.t("vlr.log.ambition", { who: actor });
    case "place":
      return ctx.t("vlr.log.place", { who: actor, char: charName(ctx, d.character), where: describeLoc(ctx, `F${d.floor}`) });
    case "placement_done":
      return ctx.t("vlr.log.placement_done", { list: (d.floor0 || []).length ? ctx.joinNames(d.floor0.map((c) => charName(ctx, c))) : ctx.t("vlr.nobody") });
    case "move":
      return ctx.t(`vlr.log.${d.kind}`, { who: actor, char: charName(ctx, d.character), where: describeLoc(ctx, d.to) });
    case "vote_called":
      return cap(ctx.t("vlr.log.vote_called", { char: charName(ctx, d.candidate), who: whoList(ctx, d.voters || []) }));
    case "vote_cast":
      return ctx.t("vlr.log.vote_cast", { who: actor });
    case "vote_revealed": {
      const cast = normaliseVotes(d.votes, (ctx.view.players || []).length);
      const votes = cast.map(([p, card]) => `${who(ctx, p)} ${voteName(ctx, card)}`).join(", ");
      return ctx.t("vlr.log.vote_revealed", { votes, outcome: outcomeText(ctx, d) });
    }
    case "round_scored": {
      const points = (d.scores || []).map((r) => `${who(ctx, r.position)} ${r.total > 0 ? "+" : ""}${r.total}`).join(", ");
      const king = d.king ? ctx.t("vlr.log.crowned_k", { who: charName(ctx, d.king) }) : ctx.t("vlr.none_crowned");
      return ctx.t("vlr.log.round_scored", { round: d.round, king, points });
    }
    case "stalemate":
      return ctx.t("vlr.log.stalemate");
    case "game_over":
      return ctx.t("vlr.log.over", { winners: winnersText(ctx, d.winners || [], d.emissary_winners) });
    default:
      return null;
  }
}

function describeAction(entry, ctx) {
  const a = entry.action;
  switch (a.type) {
    case "place": return ctx.t("vlr.act.place", { char: charName(ctx, a.character), where: describeLoc(ctx, `F${a.floor}`) });
    case "climb":
    case "enter_wc":
    case "leave_wc": return ctx.t(`vlr.act.${a.type}`, { char: charName(ctx, a.character) });
    case "vote": return ctx.t("vlr.act.vote", { card: voteName(ctx, a.card) });
    case "choose_ambition": return ctx.t("vlr.act.choose_ambition", { name: ambitionInfo(ctx, a.card).name });
    default: return null;
  }
}

function seatInfo(ctx, seat) {
  const v = ctx.view;
  const points = (v.final ? v.final.scores : v.scores)[seat];
  return `${ctx.t("vlr.score")}${colon(ctx)}${score(points)}`;
}

/** Every seat's view -> one with every Favoris card and every Ambition shown. */
function mergeViews(views) {
  const seats = Object.keys(views).filter((k) => /^\d+$/.test(k)).sort((a, b) => a - b);
  const base = JSON.parse(JSON.stringify(views[seats[0]]));
  base.favoris = base.favoris.map((card, p) => card || seats.map((s) => views[s].favoris[p]).find(Boolean) || null);
  if (base.ambitions) {
    base.ambitions = base.ambitions.map((a, p) => (a && a.offered ? a
      : seats.map((s) => views[s].ambitions[p]).find((x) => x && x.offered) || a));
  }
  base.seat = null;
  return base;
}

export default {
  strings,
  render,
  banner,
  describeEvent,
  describeAction,
  seatInfo,
  mergeViews,
  logKinds: { vote_revealed: "highlight", round_scored: "highlight", game_over: "highlight", vote_called: "vote", favoris: "minor", vote_cast: "minor" },
};
