// Courtisans de Versailles in the browser (issue 16): the court seen from a
// seat. The King's and the Queen's apartments as the two standing scales
// (−2…9, §2) with every courtier's marker; where the court is (Versailles,
// the hunt, war, §7.3, §9.3); the War Ministry, the King's House (its cards
// taken by a click, §7.41), the draw pile; the Queen's origin and the wars on
// a small map of Europe (§5); the Bastille and the colonies (§11, §12); the
// Great Register of Courtiers (a table: each family's courtier, his form of
// address, titles, dignity, office, spouse, party, fortune, income, fines);
// the Grand Chamberlain marked (§4).
//
// The hand: each card with its conditions (§9.1, from the game's deck data,
// GET /api/games/versailles, fetched once) and whether it may be played now
// (the legal actions say so); a card is chosen, then its target on the
// Register or a sovereign's scale. Requests and audiences show their d10 in
// the log (describeEvent); audiences have a form of their six purposes
// (§8.4); gifts of one or two cards a form. The negotiation (§7.2) has its
// countdown, a payment form (in 500s), a card shown to one player; the chat
// is the table's (public or private), where a breach of etiquette (§3) is
// marked on its message with its reason, and the Grand Chamberlain fines it
// with one click. Every courtier is named by his form of address (§3).
// Nothing here recomputes a rule: what is clickable comes from the legal
// actions, and the generic forms stay below as the fallback for everything.

import { api } from "../js/api.js";
import { button, clickable, h, s } from "../js/dom.js";
import { actions, lastMoveSection } from "./generic.js";
import { hide as hideHelp, withHelp } from "../js/cardhelp.js";
import { grouped, holdDigits, pointing } from "../js/i18n.js";
import { NAME_OK, familyKeys, familyNameProblem } from "./versailles_names.js";

const DATA = (await api.game("versailles")).data;
const CARD = Object.fromEntries(DATA.deck.map((c) => [c.id, c]));
const STANDINGS = [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const COUNTRIES = ["england", "spain", "netherlands"];
/** A seat's colour: the table's own (css --seat-n, as its badge .avatar-n), so a marker is its seat's. */
function ink(seat) {
  return `var(--seat-${seat % 8})`;
}
const AUDIENCES = ["take_office", "marry", "remarry_king", "intervene", "free_prisoner", "recall_exile"];
/** The most cards a hand keeps at the end of a turn (§7.41; rules.py HAND_LIMIT). */
const HAND_LIMIT = DATA.hand_limit;
/** The unit of payments (actions.py PAY_UNIT). */
const PAY_UNIT = 500;

const strings = {
  fr: {
    "phase.choose_sex": "choix des courtisans",
    "phase.choose_party": "parti d'un héritier",
    "phase.negotiation": "négociation",
    "phase.location": "lieu de la Cour",
    "phase.play": "tour de jeu",
    "vs.king_apartments": "Appartements du Roi",
    "vs.queen_apartments": "Appartements de la Reine",
    "vs.regent_apartments": "Appartements de la Régente",
    "vs.king_dead": "Le Roi est mort",
    "vs.queen_dead": "La Reine est morte",
    "vs.standing": "Faveur",
    "vs.turn": "Tour {turn}",
    "vs.goal": "But : {goal} livres",
    "vs.gc": "Grand Chambellan",
    "vs.gc_short": "GC",
    "vs.court_at": "La Cour est",
    "vs.loc.versailles": "à Versailles",
    "vs.loc.hunt": "à la chasse",
    "vs.loc.war": "à la guerre",
    "vs.loc_card.versailles": "Versailles",
    "vs.loc_card.hunt": "Chasse",
    "vs.loc_card.war": "Guerre",
    "vs.loc_card.any": "Partout",
    "vs.europe": "L'Europe",
    "vs.country.england": "Angleterre",
    "vs.country.spain": "Espagne",
    "vs.country.netherlands": "Pays-Bas",
    "vs.country.france": "France",
    "vs.map.netherlands": "Pays-Bas",
    "vs.party.england": "parti anglais",
    "vs.party.spain": "parti espagnol",
    "vs.party.netherlands": "parti hollandais",
    "vs.queen_from": "La Reine vient {from}",
    "vs.against.england": "contre l'Angleterre",
    "vs.against.spain": "contre l'Espagne",
    "vs.against.netherlands": "contre les Pays-Bas",
    "vs.on.england": "à l'Angleterre",
    "vs.on.spain": "à l'Espagne",
    "vs.on.netherlands": "aux Pays-Bas",
    "vs.from.england": "d'Angleterre",
    "vs.from.spain": "d'Espagne",
    "vs.from.netherlands": "des Pays-Bas",
    "vs.from.france": "de France",
    "vs.no_queen": "Pas de Reine",
    "vs.queen_not_drawn": "L'origine de la Reine sera tirée une fois les sexes choisis",
    "vs.at_war": "En guerre contre : {list}",
    "vs.peace": "La France est en paix",
    "vs.house": "Maison du Roi",
    "vs.house_help": "Cliquez une carte pour la prendre.",
    "vs.house_help_touch": "Touchez une carte pour la prendre.",
    "vs.ministry": "Ministère de la Guerre",
    "vs.pile": "Pioche",
    "vs.pile_n": "{n} cartes",
    "vs.discard_n": "défausse : {n}",
    "vs.draw": "Piocher",
    "vs.bastille": "La Bastille",
    "vs.colonies": "Les colonies (exil)",
    "vs.waiting": "À présenter",
    "vs.dead": "Morts",
    "vs.empty": "personne",
    "vs.none": "aucune",
    "vs.register": "Grand Registre des Courtisans",
    "vs.col.player": "Joueur",
    "vs.col.courtier": "Courtisan",
    "vs.col.party": "Parti",
    "vs.col.place": "Lieu",
    "vs.col.king": "Roi",
    "vs.col.queen": "Reine",
    "vs.col.standings": "Roi · Reine",
    "vs.col.titles": "Titres",
    "vs.col.dignity": "Dignité",
    "vs.col.office": "Charge",
    "vs.col.pensions": "Pensions",
    "vs.col.spouse": "Conjoint",
    "vs.col.fortune": "Fortune",
    "vs.col.income": "Revenu",
    "vs.scroll_hint": "Faites glisser le tableau de côté pour ses autres colonnes →",
    "vs.income_unpaid": "{amount} non versés (Bastille, §12)",
    "vs.col.fines": "Amendes",
    "vs.col.hand": "Main",
    "vs.where.court": "Cour",
    "vs.where.waiting": "à présenter",
    "vs.where.exile": "exil",
    "vs.where.bastille": "Bastille",
    "vs.where.dead": "mort",
    "vs.where.dead_woman": "morte",
    "vs.favourite": "la Favorite",
    "vs.lover": "l'Amant de la Reine",
    "vs.secret_wife": "épouse secrète du Roi",
    "vs.no_courtier": "(sexe à choisir)",
    "vs.family_bad.length": "Un nom de famille a de {least} à {most} caractères (celui-ci en a {n}).",
    "vs.family_bad.letters": "Un nom de famille s'écrit en lettres, une espace, une apostrophe ou un trait d'union entre les mots (comme « de la Tour qui Penche » ou « d'Argenson »).",
    "vs.family_bad.barred": "« {phrase} » ne peut pas figurer dans un nom de famille : on le lirait comme une partie d'une adresse (§3).",
    "vs.family_bad.pronoun": "« {phrase} » ne peut pas figurer dans un nom de famille : on le lirait comme un tutoiement (§3).",
    "vs.no_courtier_dead.man": "(décédé : son héritière vient au prochain tour)",
    "vs.no_courtier_dead.woman": "(décédée : son héritier vient au prochain tour)",
    "vs.dead_note.man": "Votre courtisan est mort (§10.4). Vous gardez votre main et votre fortune, mais ne jouez plus de ce tour ; au début du prochain, vous choisissez le parti de son héritière, une dame de votre famille.",
    "vs.dead_note.woman": "Votre courtisane est morte (§10.4). Vous gardez votre main et votre fortune, mais ne jouez plus de ce tour ; au début du prochain, vous choisissez le parti de son héritier, un gentilhomme de votre famille.",
    "vs.livres": "{n} {unit}",
    "vs.hand": "Votre main",
    "vs.hands": "Les mains",
    "vs.hand_empty": "Aucune carte.",
    "vs.card.playable": "jouable maintenant",
    "vs.card.request": "requête",
    "vs.card.income": "revenu {n}",
    "vs.card.man": "homme",
    "vs.card.woman": "femme",
    "vs.card.min": "{who} ≥ {n}",
    "vs.card.min_gone": "{who} ≥ {n}, mais pas de {who}",
    "vs.card.titled": "titré",
    "vs.card.user_woman": "jouée par une dame",
    "vs.card.user_man": "jouée par un gentilhomme",
    "vs.sov.king": "le Roi",
    "vs.sov.queen": "la Reine",
    "vs.sov.king_short": "Roi",
    "vs.sov.queen_short": "Reine",
    "vs.sov.king_with": "du Roi",
    "vs.sov.queen_with": "de la Reine",
    "vs.kind.title": "Titre",
    "vs.kind.office": "Charge",
    "vs.kind.dignity": "Dignité",
    "vs.kind.pension": "Pension",
    "vs.kind.lettre": "Lettre de cachet",
    "vs.kind.war_decl": "Déclaration de guerre",
    "vs.kind.war_end": "Fin de guerre",
    "vs.kind.favourite": "Favorite",
    "vs.kind.lover": "Amant",
    "vs.kind.scandal": "Scandale",
    "vs.kind.secret_marriage": "Mariage secret",
    "vs.kind.death": "Mort",
    "vs.kind.standing": "Faveur",
    "vs.kind.bastille": "Bastille",
    "vs.kind.justice": "Justice",
    "vs.kind.glory": "Gloire",
    "vs.kind.exile": "Exil",
    "vs.kind.fortune": "Fortune",
    "vs.chosen": "{card} : choisissez sa cible (encadrée) sur le Registre ou une échelle, ou ci-dessous.",
    "vs.chosen_below": "{card} : choisissez ci-dessous ce que vous en faites.",
    "vs.why": "Injouable pour l'instant : {why}.",
    "vs.why.location": "la Cour doit être {where}",
    "vs.why.user_woman": "seule une dame la joue",
    "vs.why.user_man": "seul un gentilhomme la joue",
    "vs.why.nobody": "personne à la Cour n'est {who}{min}",
    "vs.why.nobody_min": "personne à la Cour n'a {sov} ≥ {n}",
    "vs.why.min": " avec {sov} ≥ {n}",
    "vs.anyway": "{what} — aucune chance. Vraiment ?",
    "vs.anyway_idle": "{what} — sans effet. Vraiment ?",
    "vs.idle": "sans effet",
    "vs.why.justice": "personne n'est à la Bastille",
    "vs.why.glory": "personne n'est en exil",
    "vs.why.war_on": "la France est déjà en guerre {against}",
    "vs.why.king_dead": "le Roi est mort",
    "vs.why.queen_dead": "la Reine est morte",
    "vs.why.queen_alive": "la Reine est en vie",
    "vs.why.secret_wife": "le Roi a une épouse secrète",
    "vs.why.scandal": "personne à la Cour n'est la Favorite du Roi ni l'Amant de la Reine",
    "vs.why.scandal_wife": "la Favorite est l'épouse secrète du Roi, que le scandale n'atteint pas",
    "vs.why.no_favourite": "le Roi n'a pas de Favorite à la Cour",
    "vs.why.favourite_married": "la Favorite est mariée",
    "vs.why.bastille": "aucune dame à la Cour n'a joué Poison ni Philtre d'amour",
    "vs.why.who.man": "un homme",
    "vs.why.who.woman": "une femme",
    "vs.why.who.titled": "titré",
    "vs.why.who.titled_man": "un homme titré",
    "vs.why.who.titled_woman": "une femme titrée",
    "vs.cancel": "Annuler",
    "vs.play_on": "Jouer sur {who}",
    "vs.play": "Jouer",
    "vs.request_for": "Requête pour {who}",
    "vs.request_against": "Requête contre {who}",
    "vs.via_queen": "{what} (par la Reine)",
    "vs.discard": "Défausser",
    "vs.give_to": "Donner à {who}",
    "vs.show_to": "Montrer à {who}",
    "vs.turn_panel": "Votre tour",
    "vs.dead_panel": "Votre famille",
    "vs.actions_left": (p) => (p.n === 0 ? "Plus d'action ce tour-ci." : p.n === 1 ? "Il vous reste 1 action." : `Il vous reste ${p.n} actions.`),
    "vs.end_turn": "Finir le tour",
    "vs.end_turn_unused": (p) => (p.n === 1 ? "Finir le tour (1 action perdue)" : `Finir le tour (${p.n} actions perdues)`),
    "vs.act.choose_sex": "Entrer à la Cour : {sex}, famille {family}",
    "vs.act.take": "Prendre « {card} » dans la Maison du Roi",
    "vs.discard_help": "Plus de {limit} cartes : choisissez dans votre main celles à défausser (§7.41).",
    "vs.audience": "Demander une audience",
    "vs.audience_help": "Résolue comme une requête : un d10 contre votre faveur auprès du souverain (§8.4).",
    "vs.audience_send": "Demander l'audience",
    "vs.pct": "{n}\u202f%",
    "vs.sov.regent": "la Régente",
    "vs.sov.regent_short": "Régente",
    "vs.sov.king_to": "au Roi",
    "vs.sov.queen_to": "à la Reine",
    "vs.sov.regent_to": "à la Régente",
    "vs.odds.audience": "Chances que {sov} l'accorde :\u00a0{pct}",
    "vs.odds.request": "Chances que {sov} accorde la requête :\u00a0{pct}",
    "vs.odds.through_queen": "Par la Reine (deux jets sur votre faveur auprès d'elle, §8.3) :\u00a0{pct}",
    "vs.odds.unheard": "{sov} ne vous entend pas en ce moment.",
    "vs.purpose.take_office": "Prendre une charge",
    "vs.purpose.marry": "Se marier",
    "vs.purpose.remarry_king": "Remarier le Roi",
    "vs.purpose.intervene": "Intervenir",
    "vs.purpose.free_prisoner": "Libérer un prisonnier",
    "vs.purpose.recall_exile": "Rappeler un exilé",
    "vs.field.office": "Charge",
    "vs.field.card": "Carte",
    "vs.field.to": "Pour",
    "vs.field.partner": "Avec",
    "vs.field.country": "Princesse de",
    "vs.field.seat": "Courtisan",
    "vs.field.sovereign": "Souverain",
    "vs.field.good": "Dire",
    "vs.field.power": "Charge",
    "vs.field.use": "Usage",
    "vs.field.card1": "Carte",
    "vs.field.card2": "Seconde carte",
    "vs.good.true": "du bien",
    "vs.good.false": "du mal",
    "vs.to_house": "la Maison du Roi",
    "vs.nobody": "personne",
    "vs.give": "Donner une ou deux cartes",
    "vs.give_send": "Donner",
    "vs.power": "Pouvoir d'une charge",
    "vs.power_send": "User du pouvoir",
    "vs.power.chancelier": "Chancelier",
    "vs.power.controleur": "Contrôleur général",
    "vs.power.secretaire": "Secrétaire d'État à la Guerre",
    "vs.power.maitre_chasse": "Maître de la chasse",
    "vs.power.gouvernante": "Gouvernante",
    "vs.use.tribunal": "tribunal",
    "vs.use.imprison": "embastiller",
    "vs.use.pension": "pension exceptionnelle",
    "vs.use.peace": "la paix",
    "vs.use.england": "guerre à l'Angleterre",
    "vs.use.spain": "guerre à l'Espagne",
    "vs.use.netherlands": "guerre aux Pays-Bas",
    "vs.use.versailles": "la Cour à Versailles",
    "vs.use.hunt": "la Cour à la chasse",
    "vs.use.king_up": "+3 auprès du Roi",
    "vs.use.king_down": "−3 auprès du Roi",
    "vs.use.queen_up": "+3 auprès de la Reine",
    "vs.use.queen_down": "−3 auprès de la Reine",
    "vs.location_q": "Où va la Cour ?",
    "vs.stay_versailles": "Rester à Versailles",
    "vs.go_hunt": "Aller à la chasse",
    "vs.choose_sex": "Votre courtisan",
    "vs.choose_sex_help": "Choisissez le sexe de votre courtisan et le NOM de sa famille (§6) : le nom tiré au sort est proposé, ou écrivez-en un autre (un nom de la Cour : « de la Tour qui Penche »).",
    "vs.family_drawn": "Prendre le nom tiré : {drawn}",
    "vs.sex.man": "Un gentilhomme",
    "vs.sex.woman": "Une dame",
    "vs.family": "Nom de famille",
    "vs.family_taken": "La famille de {who} porte déjà le nom {family} : choisissez-en un autre.",
    "vs.choose_sex_send": "Entrer à la Cour",
    "vs.choose_party": "Le parti de votre héritier",
    "vs.negotiation": "Négociation",
    "vs.negotiation_help": "Payez (par 500 livres), montrez une carte à un joueur, parlez dans la discussion (publique ou privée), puis dites « Terminé ».",
    "vs.time_left": "Temps de négociation",
    "vs.negotiating": "négocie",
    "vs.is_done": "terminé",
    "vs.pay": "Payer",
    "vs.pay_none": "Rien à payer : il faut 500 livres, votre fortune est de {amount} {unit}.",
    "vs.pay_bad": "Payez par tranches de {unit} livres, jusqu'à {max}.",
    "vs.pay_to": "À",
    "vs.amount": "Livres",
    "vs.pay_send": "Payer",
    "vs.show": "Montrer une carte",
    "vs.show_send": "Montrer",
    "vs.done": "Terminé",
    "vs.chat_hint": "Parlez dans la discussion de la table : « À » tout le monde ou à un seul joueur. L'étiquette y est jugée en public (§3) : appelez chaque courtisan comme le Registre le nomme, jamais par le nom de la personne qui le joue, et jamais « tu ».",
    "vs.breaches": "Manquements à l'étiquette",
    "vs.fine": "Amende de 1 000 livres",
    "vs.let_pass": "Laisser passer sans amende",
    "vs.done_pass_note": "Un manquement attend votre décision : l'amende, ou ce bouton qui le laisse passer sans amende ; vous négociez encore, « Terminé » vient ensuite.",
    "vs.breach_line": "{who} : {reason} — « {words} »",
    "vs.breach_mark": "Manquement à l'étiquette : {reason} — « {words} »",
    "vs.breach_expected": "dites « {expected} »",
    "vs.breach.pending": "en attente du Grand Chambellan",
    "vs.breach.fined": "amende de 1 000 livres",
    "vs.breach.passed": "sans amende",
    "vs.code.familiar_pronoun": "tutoiement (le « vous » est de rigueur)",
    "vs.code.familiar_name": "surnom ou familiarité",
    "vs.code.wrong_sex": "erreur sur le sexe",
    "vs.code.wrong_quality": "mauvaise qualité (Monsieur, Madame, Mademoiselle)",
    "vs.code.wrong_name": "mauvais nom de famille",
    "vs.code.wrong_title": "titre que le courtisan n'a pas",
    "vs.code.lower_title": "titre inférieur cité",
    "vs.code.wrong_dignity": "dignité que le courtisan n'a pas",
    "vs.code.wrong_office": "charge que le courtisan n'a pas",
    "vs.code.wrong_order": "éléments dans le désordre",
    "vs.more": "Toutes les actions (formulaires)",
    "vs.banner.sex": "Choisissez votre courtisan : son sexe et le nom de sa famille.",
    "vs.banner.negotiate": "Négociation : payez, montrez une carte, discutez ; puis « Terminé ».",
    "vs.banner.negotiate_wait": "Négociation : {who} négocie encore.",
    "vs.banner.play": (p) => `À vous de jouer : ${p.n} action${p.n === 1 ? "" : "s"}.`,
    "vs.banner.discard": (p) => `Défaussez-vous jusqu'à ${p.limit} cartes : encore ${p.n} à défausser (choisissez-${p.n === 1 ? "la" : "les"} dans votre main).`,
    "vs.banner.no_action": "À vous : plus d'action ; le pouvoir d'une charge, ou « Finir le tour ».",
    "vs.banner.no_action_end": "À vous : plus d'action ; « Finir le tour ».",
    "vs.banner.fine": "Grand Chambellan : un manquement à l'étiquette attend votre décision.",
    "vs.banner.location": "Grand Chambellan : où va la Cour, à Versailles ou à la chasse ? Choisissez sous « Votre tour ».",
    "vs.banner.party": "Choisissez le parti de votre héritier sous « Votre tour ».",
    "vs.banner.exile": "En exil (§11) : ni requête, ni audience, ni mariage ; vous pouvez piocher, donner et jouer une carte.",
    "vs.banner.bastille": "À la Bastille (§12) : ni requête, ni carte jouée (sauf Justice pour vous), ni audience, ni mariage ; vous pouvez piocher et donner des cartes.",
    "vs.log.sex": "{who} entre à la Cour : {sex} de la famille {family}",
    "vs.log.turn": "Tour {turn} : {who} est Grand Chambellan",
    "vs.log.presented": "{who} est présenté{e} : Roi {king}, Reine {queen}",
    "vs.log.presented_queen": "{who} est présenté{e} à la Reine : {queen}",
    "vs.log.show_hidden": "{who} montre une carte à {to}",
    "vs.log.show": "{who} montre « {card} » à {to}",
    "vs.log.done": "{who} a fini de négocier",
    "vs.log.pay": "{who} paie {amount} livres à {to}",
    "vs.log.location": "La Cour est {where}",
    "vs.log.request": "{who} présente une requête : « {card} » pour {target}",
    "vs.log.request_queen": "{who} présente une requête par la Reine : « {card} » pour {target}",
    "vs.log.request_against": "{who} présente une requête : « {card} » contre {target}",
    "vs.log.request_queen_against": "{who} présente une requête par la Reine : « {card} » contre {target}",
    "vs.log.roll": "{who} : d10 = {die} contre {standing} ({sov}) : {ok}",
    "vs.log.roll_to_king": "{who} : d10 = {die} contre {standing} (la Reine parle au Roi) : {ok}",
    "vs.log.roll_ok": "accordée",
    "vs.log.roll_no": "refusée",
    "vs.log.roll_iv": "{who} : d10 = {die} pour l'intervention (1 à 5 : 1 point, 6 à 10 : 2 ; +1 si sa faveur est de 8 ou plus, §8.4)",
    "vs.log.standing": "{who} : faveur auprès {sov_with} {before} → {after}",
    "vs.log.granted": "{who} reçoit « {card} »",
    "vs.log.give_n": (p) => `${p.who} donne ${p.n} carte${p.n === 1 ? "" : "s"} à ${p.to}`,
    "vs.log.give": "{who} donne {cards} à {to}",
    "vs.quoted": "« {card} »",
    "vs.log.audience": "{who} demande une audience pour {purpose}",
    "vs.aud.take_office": "prendre la charge « {office} » au profit de {to}",
    "vs.aud.take_office_house": "rendre la charge « {office} » à la Maison du Roi",
    "vs.aud.marry": "épouser {partner}",
    "vs.aud.remarry_king": "présenter une princesse {from} au Roi",
    "vs.aud.intervene_true": "dire du bien de {who} {to}",
    "vs.aud.intervene_false": "dire du mal de {who} {to}",
    "vs.aud.free_prisoner": "libérer {who} de la Bastille",
    "vs.aud.recall_exile": "rappeler {who} d'exil (demandé {to})",
    "vs.log.take": "{who} prend « {card} » dans la Maison du Roi",
    "vs.log.draw": "{who} pioche une carte",
    "vs.log.draw_card": "{who} pioche « {card} »",
    "vs.log.discard": "{who} défausse « {card} »",
    "vs.log.play": "{who} joue « {card} »",
    "vs.log.play_on": "{who} joue « {card} » sur {target}",
    "vs.self.man": "lui-même",
    "vs.self.woman": "elle-même",
    "vs.log.income": "{who} touche {total} {unit}",
    "vs.log.income_shared": "Revenu de {total} livres partagé : {who} touche {mine}, {spouse} {theirs}",
    "vs.log.fortune": "{who} : {amount} {unit}",
    "vs.log.breach": "⚠ {who} manque à l'étiquette : {reason} — « {words} »",
    "vs.log.fine": "Le Grand Chambellan inflige 1 000 livres d'amende à {who}",
    "vs.log.fine_self.man": "Le Grand Chambellan, {who}, s'inflige 1 000 livres d'amende (§3)",
    "vs.log.fine_self.woman": "Le Grand Chambellan, {who}, s'inflige 1 000 livres d'amende (§3)",
    "vs.log.pass_done": "Le Grand Chambellan laisse passer le manquement sans amende",
    "vs.log.pass_done_n": "Le Grand Chambellan laisse passer les manquements sans amende",
    "vs.log.pass_time_up": "Le temps est écoulé : le manquement passe sans amende",
    "vs.log.pass_time_up_n": "Le temps est écoulé : les manquements passent sans amende",
    "vs.log.pass_turn_over": "Le tour s'est achevé avant que le Grand Chambellan ne statue : le manquement tombe, sans amende",
    "vs.log.pass_turn_over_n": "Le tour s'est achevé avant que le Grand Chambellan ne statue : les manquements tombent, sans amende",
    "vs.log.exile": "{who} part en exil",
    "vs.log.bastille": "{who} est embastillé{e}",
    "vs.log.death": "Le courtisan de {who} meurt",
    "vs.log.death_named": "{who} meurt",
    "vs.log.marriage": "{who} épouse {partner}",
    "vs.married_you.man": "{who} vous a épousé : le Roi y a consenti, et l'autre partie n'a pas à accepter (§8.4). Vos revenus sont désormais partagés.",
    "vs.married_you.woman": "{who} vous a épousée : le Roi y a consenti, et l'autre partie n'a pas à accepter (§8.4). Vos revenus sont désormais partagés ; vous portez son nom et son titre.",
    "vs.log.war": "La France déclare la guerre {on}",
    "vs.log.peace": "La paix : la Cour revient à Versailles",
    "vs.log.heir": "L'héritier de {who} ({sex}) rejoint le {party}",
    "vs.log.time_up": "Cinq minutes : la négociation est close",
    "vs.log.office_left": "{who} quitte la charge « {card} »",
    "vs.log.status": "{who} devient « {card} »",
    "vs.log.office_taken": "« {card} » retourne à la Maison du Roi",
    "vs.log.remarriage": "Le Roi épouse une princesse {from}",
    "vs.log.power": "{who} use du pouvoir de sa charge : {use}",
    "vs.log.power_on": "{who} use du pouvoir de sa charge : {use}, sur {target}",
    "vs.log.released": "{who} revient à la Cour",
    "vs.log.trial": "{who} est jugé{e} : d10 = {die}",
    "vs.log.king_dies": "Le Roi est mort : la Reine est Régente",
    "vs.log.queen_dies": "La Reine est morte",
    "vs.log.both_die": "Le Roi et la Reine sont morts : le tour s'achève",
    "vs.log.accession": "Deux nouveaux souverains : la Reine vient {from}",
    "vs.log.secret_marriage": "Le Roi épouse secrètement {who}",
    "vs.log.reshuffle": "La défausse est mélangée : une nouvelle pioche",
    "vs.log.over": "Fin de la partie : {who} l'emporte",
    "vs.final.rank": "Rang",
    "vs.final.by_goal": "La partie s'est terminée dès qu'un courtisan a amassé {goal} livres.",
    "vs.final.reached": "Dernière étape : {line}.",
    "vs.final.by_turns": "La partie s'est terminée après le tour {turn} sur {limit}.",
    "vs.final.rule": "Le courtisan le plus riche l'emporte (§1) : le premier à amasser le but finit la partie aussitôt, sinon la limite de tours. À égalité, la victoire est partagée (notre décision : la règle n'en dit rien).",
  },
  en: {
    "phase.choose_sex": "choosing courtiers",
    "phase.choose_party": "an heir’s party",
    "phase.negotiation": "negotiation",
    "phase.location": "where the court goes",
    "phase.play": "round of play",
    "vs.king_apartments": "The King’s apartments",
    "vs.queen_apartments": "The Queen’s apartments",
    "vs.regent_apartments": "The Regent’s apartments",
    "vs.king_dead": "The King is dead",
    "vs.queen_dead": "The Queen is dead",
    "vs.standing": "Standing",
    "vs.turn": "Turn {turn}",
    "vs.goal": "Goal: {goal} livres",
    "vs.gc": "Grand Chamberlain",
    "vs.gc_short": "GC",
    "vs.court_at": "The court is",
    "vs.loc.versailles": "at Versailles",
    "vs.loc.hunt": "at the hunt",
    "vs.loc.war": "at war",
    "vs.loc_card.versailles": "Versailles",
    "vs.loc_card.hunt": "Hunt",
    "vs.loc_card.war": "War",
    "vs.loc_card.any": "Anywhere",
    "vs.europe": "Europe",
    "vs.country.england": "England",
    "vs.country.spain": "Spain",
    "vs.country.netherlands": "The Netherlands",
    "vs.country.france": "France",
    // the map's own label where the country's name is too long for its shape
    "vs.map.netherlands": "Netherlands",
    "vs.party.england": "English party",
    "vs.party.spain": "Spanish party",
    "vs.party.netherlands": "Dutch party",
    "vs.queen_from": "The Queen comes {from}",
    "vs.against.england": "with England",
    "vs.against.spain": "with Spain",
    "vs.against.netherlands": "with the Netherlands",
    "vs.on.england": "on England",
    "vs.on.spain": "on Spain",
    "vs.on.netherlands": "on the Netherlands",
    "vs.from.england": "from England",
    "vs.from.spain": "from Spain",
    "vs.from.netherlands": "from the Netherlands",
    "vs.from.france": "from France",
    "vs.no_queen": "No Queen",
    "vs.queen_not_drawn": "The Queen’s origin is drawn once every sex is chosen",
    "vs.at_war": "At war with: {list}",
    "vs.peace": "France is at peace",
    "vs.house": "The King’s House",
    "vs.house_help": "Click a card to take it.",
    "vs.house_help_touch": "Tap a card to take it.",
    "vs.ministry": "The War Ministry",
    "vs.pile": "Draw pile",
    "vs.pile_n": "{n} cards",
    "vs.discard_n": "discards: {n}",
    "vs.draw": "Draw",
    "vs.bastille": "The Bastille",
    "vs.colonies": "The colonies (exile)",
    "vs.waiting": "To be presented",
    "vs.dead": "Dead",
    "vs.empty": "nobody",
    "vs.none": "none",
    "vs.register": "The Great Register of Courtiers",
    "vs.col.player": "Player",
    "vs.col.courtier": "Courtier",
    "vs.col.party": "Party",
    "vs.col.place": "Where",
    "vs.col.king": "King",
    "vs.col.queen": "Queen",
    "vs.col.standings": "King · Queen",
    "vs.col.titles": "Titles",
    "vs.col.dignity": "Dignity",
    "vs.col.office": "Office",
    "vs.col.pensions": "Pensions",
    "vs.col.spouse": "Spouse",
    "vs.col.fortune": "Fortune",
    "vs.col.income": "Income",
    "vs.scroll_hint": "Swipe the table sideways for its other columns →",
    "vs.income_unpaid": "{amount} not paid (Bastille, §12)",
    "vs.col.fines": "Fines",
    "vs.col.hand": "Hand",
    "vs.where.court": "court",
    "vs.where.waiting": "to present",
    "vs.where.exile": "exile",
    "vs.where.bastille": "Bastille",
    "vs.where.dead": "dead",
    "vs.favourite": "the Favourite",
    "vs.lover": "the Queen’s Lover",
    "vs.secret_wife": "the King’s secret wife",
    "vs.no_courtier": "(sex to choose)",
    "vs.family_bad.length": "A family name has {least} to {most} characters (this one has {n}).",
    "vs.family_bad.letters": "A family name is letters, with one space, apostrophe or hyphen between words (like “de la Tour qui Penche” or “d’Argenson”).",
    "vs.family_bad.barred": "“{phrase}” cannot be part of a family name: it would be read as part of an address (§3).",
    "vs.family_bad.pronoun": "“{phrase}” cannot be part of a family name: it would be read as a familiar “tu” (§3).",
    "vs.no_courtier_dead.man": "(deceased: his heir, a lady, comes next turn)",
    "vs.no_courtier_dead.woman": "(deceased: her heir, a gentleman, comes next turn)",
    "vs.dead_note.man": "Your courtier is dead (§10.4). You keep your hand and fortune but play no more this turn; at the start of the next, you choose the party of his heir, a lady of your family.",
    "vs.dead_note.woman": "Your courtier is dead (§10.4). You keep your hand and fortune but play no more this turn; at the start of the next, you choose the party of her heir, a gentleman of your family.",
    "vs.livres": "{n} {unit}",
    "vs.hand": "Your hand",
    "vs.hands": "The hands",
    "vs.hand_empty": "No card.",
    "vs.card.playable": "playable now",
    "vs.card.request": "request",
    "vs.card.income": "income {n}",
    "vs.card.man": "man",
    "vs.card.woman": "woman",
    "vs.card.min": "{who} ≥ {n}",
    "vs.card.min_gone": "{who} ≥ {n}, but no {who}",
    "vs.card.titled": "titled",
    "vs.card.user_woman": "played by a lady",
    "vs.card.user_man": "played by a gentleman",
    "vs.sov.king": "the King",
    "vs.sov.queen": "the Queen",
    "vs.sov.king_short": "King",
    "vs.sov.queen_short": "Queen",
    "vs.sov.king_with": "the King",
    "vs.sov.queen_with": "the Queen",
    "vs.kind.title": "Title",
    "vs.kind.office": "Office",
    "vs.kind.dignity": "Dignity",
    "vs.kind.pension": "Pension",
    "vs.kind.lettre": "Lettre de cachet",
    "vs.kind.war_decl": "Declaration of war",
    "vs.kind.war_end": "End of war",
    "vs.kind.favourite": "Favourite",
    "vs.kind.lover": "Lover",
    "vs.kind.scandal": "Scandal",
    "vs.kind.secret_marriage": "Secret marriage",
    "vs.kind.death": "Death",
    "vs.kind.standing": "Standing",
    "vs.kind.bastille": "Bastille",
    "vs.kind.justice": "Justice",
    "vs.kind.glory": "Glory",
    "vs.kind.exile": "Exile",
    "vs.kind.fortune": "Fortune",
    "vs.chosen": "{card}: choose its target (outlined) on the Register or a scale, or below.",
    "vs.chosen_below": "{card}: choose below what to do with it.",
    "vs.why": "Not playable now: {why}.",
    "vs.why.location": "the court must be {where}",
    "vs.why.user_woman": "only a lady plays it",
    "vs.why.user_man": "only a gentleman plays it",
    "vs.why.nobody": "nobody at court is {who}{min}",
    "vs.why.nobody_min": "nobody at court has {sov} ≥ {n}",
    "vs.why.min": " with {sov} ≥ {n}",
    "vs.anyway": "{what} — no chance. Sure?",
    "vs.anyway_idle": "{what} — changes nothing. Sure?",
    "vs.idle": "changes nothing",
    "vs.why.justice": "nobody is in the Bastille",
    "vs.why.glory": "nobody is in exile",
    "vs.why.war_on": "France is already at war {against}",
    "vs.why.king_dead": "the King is dead",
    "vs.why.queen_dead": "the Queen is dead",
    "vs.why.queen_alive": "the Queen is alive",
    "vs.why.secret_wife": "the King has a secret wife",
    "vs.why.scandal": "nobody at court is the King’s Favourite or the Queen’s Lover",
    "vs.why.scandal_wife": "the Favourite is the King’s secret wife, whom scandal does not reach",
    "vs.why.no_favourite": "the King has no Favourite at court",
    "vs.why.favourite_married": "the Favourite is married",
    "vs.why.bastille": "no lady at court has played Poison or Love Philtre",
    "vs.why.who.man": "a man",
    "vs.why.who.woman": "a woman",
    "vs.why.who.titled": "titled",
    "vs.why.who.titled_man": "a titled man",
    "vs.why.who.titled_woman": "a titled woman",
    "vs.cancel": "Cancel",
    "vs.play_on": "Play on {who}",
    "vs.play": "Play",
    "vs.request_for": "Request for {who}",
    "vs.request_against": "Request against {who}",
    "vs.via_queen": "{what} (through the Queen)",
    "vs.discard": "Discard",
    "vs.give_to": "Give to {who}",
    "vs.show_to": "Show to {who}",
    "vs.turn_panel": "Your turn",
    "vs.dead_panel": "Your family",
    "vs.actions_left": (p) => (p.n === 0 ? "No action left this turn." : p.n === 1 ? "You have 1 action left." : `You have ${p.n} actions left.`),
    "vs.end_turn": "End the turn",
    "vs.end_turn_unused": (p) => (p.n === 1 ? "End the turn (1 action lost)" : `End the turn (${p.n} actions lost)`),
    "vs.act.choose_sex": "Enter the court: a {sex}, family {family}",
    "vs.act.take": "Take “{card}” from the King’s House",
    "vs.discard_help": "More than {limit} cards: choose in your hand those to discard (§7.41).",
    "vs.audience": "Request an audience",
    "vs.audience_help": "Resolved like a request: a d10 against your standing with the sovereign (§8.4).",
    "vs.audience_send": "Request the audience",
    "vs.pct": "{n}%",
    "vs.sov.regent": "the Regent",
    "vs.sov.regent_short": "Regent",
    "vs.sov.king_to": "to the King",
    "vs.sov.queen_to": "to the Queen",
    "vs.sov.regent_to": "to the Regent",
    "vs.odds.audience": "Chance that {sov} grants it:\u00a0{pct}",
    "vs.odds.request": "Chance that {sov} grants the request:\u00a0{pct}",
    "vs.odds.through_queen": "Through the Queen (two rolls on your standing with her, §8.3):\u00a0{pct}",
    "vs.odds.unheard": "{sov} cannot hear you now.",
    "vs.purpose.take_office": "Take an office",
    "vs.purpose.marry": "Marry",
    "vs.purpose.remarry_king": "Remarry the King",
    "vs.purpose.intervene": "Intervene",
    "vs.purpose.free_prisoner": "Free a prisoner",
    "vs.purpose.recall_exile": "Recall an exile",
    "vs.field.office": "Office",
    "vs.field.card": "Card",
    "vs.field.to": "For",
    "vs.field.partner": "With",
    "vs.field.country": "Princess of",
    "vs.field.seat": "Courtier",
    "vs.field.sovereign": "Sovereign",
    "vs.field.good": "Speak",
    "vs.field.power": "Office",
    "vs.field.use": "Use",
    "vs.field.card1": "Card",
    "vs.field.card2": "Second card",
    "vs.good.true": "well",
    "vs.good.false": "ill",
    "vs.to_house": "the King’s House",
    "vs.nobody": "nobody",
    "vs.give": "Give one or two cards",
    "vs.give_send": "Give",
    "vs.power": "An office’s power",
    "vs.power_send": "Use the power",
    "vs.power.chancelier": "Chancelier",
    "vs.power.controleur": "Contrôleur général",
    "vs.power.secretaire": "Secretary of State for War",
    "vs.power.maitre_chasse": "Master of the Hunt",
    "vs.power.gouvernante": "Governess",
    "vs.use.tribunal": "a trial",
    "vs.use.imprison": "imprison",
    "vs.use.pension": "an exceptional pension",
    "vs.use.peace": "peace",
    "vs.use.england": "war on England",
    "vs.use.spain": "war on Spain",
    "vs.use.netherlands": "war on the Netherlands",
    "vs.use.versailles": "the court to Versailles",
    "vs.use.hunt": "the court to the hunt",
    "vs.use.king_up": "+3 with the King",
    "vs.use.king_down": "−3 with the King",
    "vs.use.queen_up": "+3 with the Queen",
    "vs.use.queen_down": "−3 with the Queen",
    "vs.location_q": "Where does the court go?",
    "vs.stay_versailles": "Stay at Versailles",
    "vs.go_hunt": "Go to the hunt",
    "vs.choose_sex": "Your courtier",
    "vs.choose_sex_help": "Choose your courtier’s sex and the family’s NAME (§6): the name drawn is proposed, or write another (a name of the court: “de la Tour qui Penche”).",
    "vs.family_drawn": "Take the name drawn: {drawn}",
    "vs.sex.man": "A gentleman",
    "vs.sex.woman": "A lady",
    "vs.family": "Family name",
    "vs.family_taken": "{who}’s family is already named {family}: choose another name.",
    "vs.choose_sex_send": "Enter the court",
    "vs.choose_party": "Your heir’s party",
    "vs.negotiation": "Negotiation",
    "vs.negotiation_help": "Pay (in 500s), show a card to one player, talk in the chat (public or private), then say Done.",
    "vs.time_left": "Negotiation time",
    "vs.negotiating": "negotiating",
    "vs.is_done": "done",
    "vs.pay": "Pay",
    "vs.pay_none": "Nothing to pay with: a payment is 500 livres, your fortune {amount} {unit}.",
    "vs.pay_bad": "Pay in steps of {unit} livres, up to {max}.",
    "vs.pay_to": "To",
    "vs.amount": "Livres",
    "vs.pay_send": "Pay",
    "vs.show": "Show a card",
    "vs.show_send": "Show",
    "vs.done": "Done",
    "vs.chat_hint": "Talk in the table’s chat: “To” everyone or one player. Etiquette is judged in public (§3), in the court’s French: address each courtier as the Register names them (“Monsieur le Marquis”, “Madame”), never by the name of the person playing them, and never “tu”; write the rest in any language.",
    "vs.breaches": "Breaches of etiquette",
    "vs.fine": "Fine 1,000 livres",
    "vs.let_pass": "Let them pass unfined",
    "vs.done_pass_note": "A breach awaits your ruling: the fine, or this button, which lets it pass unfined; you are still negotiating, Done comes after.",
    "vs.breach_line": "{who}: {reason} — “{words}”",
    "vs.breach_mark": "Breach of etiquette: {reason} — “{words}”",
    "vs.breach_expected": "say “{expected}”",
    "vs.breach.pending": "awaiting the Grand Chamberlain",
    "vs.breach.fined": "fined 1,000 livres",
    "vs.breach.passed": "no fine",
    "vs.code.familiar_pronoun": "said “tu” (“vous” is required)",
    "vs.code.familiar_name": "a nickname or familiarity",
    "vs.code.wrong_sex": "the wrong sex",
    "vs.code.wrong_quality": "the wrong quality (Monsieur, Madame, Mademoiselle)",
    "vs.code.wrong_name": "the wrong family name",
    "vs.code.wrong_title": "a title the courtier does not hold",
    "vs.code.lower_title": "a lower title cited",
    "vs.code.wrong_dignity": "a dignity the courtier does not hold",
    "vs.code.wrong_office": "an office the courtier does not hold",
    "vs.code.wrong_order": "elements out of order",
    "vs.more": "Every action (forms)",
    "vs.banner.sex": "Choose your courtier: the sex and the family’s name.",
    "vs.banner.negotiate": "Negotiation: pay, show a card, talk; then Done.",
    "vs.banner.negotiate_wait": "Negotiation: {who} still negotiating.",
    "vs.banner.play": (p) => `Your turn: ${p.n} action${p.n === 1 ? "" : "s"}.`,
    "vs.banner.discard": (p) => `Discard down to ${p.limit} cards: ${p.n} more to discard (choose ${p.n === 1 ? "it" : "them"} in your hand).`,
    "vs.banner.no_action": "Your turn: no action left; an office’s power, or End the turn.",
    "vs.banner.no_action_end": "Your turn: no action left; End the turn.",
    "vs.banner.fine": "Grand Chamberlain: a breach of etiquette awaits your decision.",
    "vs.banner.location": "Grand Chamberlain: does the court stay at Versailles or go hunting? Choose under “Your turn”.",
    "vs.banner.party": "Choose your heir’s party under “Your turn”.",
    "vs.banner.exile": "In exile (§11): no request, audience or marriage; you may draw, give and play cards.",
    "vs.banner.bastille": "In the Bastille (§12): no request, no card played (but Justice for yourself), no audience or marriage; you may draw and give cards.",
    "vs.log.sex": "{who} enters the court: a {sex} of the family {family}",
    "vs.log.turn": "Turn {turn}: {who} is Grand Chamberlain",
    "vs.log.presented": "{who} is presented: King {king}, Queen {queen}",
    "vs.log.presented_queen": "{who} is presented to the Queen: {queen}",
    "vs.log.show_hidden": "{who} shows a card to {to}",
    "vs.log.show": "{who} shows “{card}” to {to}",
    "vs.log.done": "{who} is done negotiating",
    "vs.log.pay": "{who} pays {amount} livres to {to}",
    "vs.log.location": "The court is {where}",
    "vs.log.request": "{who} presents a request: “{card}” for {target}",
    "vs.log.request_queen": "{who} presents a request through the Queen: “{card}” for {target}",
    "vs.log.request_against": "{who} presents a request: “{card}” against {target}",
    "vs.log.request_queen_against": "{who} presents a request through the Queen: “{card}” against {target}",
    "vs.log.roll": "{who}: d10 = {die} against {standing} ({sov}): {ok}",
    "vs.log.roll_to_king": "{who}: d10 = {die} against {standing} (the Queen speaks to the King): {ok}",
    "vs.log.roll_ok": "granted",
    "vs.log.roll_no": "refused",
    "vs.log.roll_iv": "{who}: d10 = {die} for the intervention (1–5: 1 point, 6–10: 2; +1 if the speaker’s standing is 8 or more, §8.4)",
    "vs.log.standing": "{who}: standing with {sov_with} {before} → {after}",
    "vs.log.granted": "{who} receives “{card}”",
    "vs.log.give_n": (p) => `${p.who} gives ${p.n} card${p.n === 1 ? "" : "s"} to ${p.to}`,
    "vs.log.give": "{who} gives {cards} to {to}",
    "vs.quoted": "“{card}”",
    "vs.log.audience": "{who} requests an audience to {purpose}",
    "vs.aud.take_office": "take the office “{office}” for {to}",
    "vs.aud.take_office_house": "send the office “{office}” back to the King’s House",
    "vs.aud.marry": "marry {partner}",
    "vs.aud.remarry_king": "present a princess {from} to the King",
    "vs.aud.intervene_true": "speak well of {who} {to}",
    "vs.aud.intervene_false": "speak ill of {who} {to}",
    "vs.aud.free_prisoner": "free {who} from the Bastille",
    "vs.aud.recall_exile": "recall {who} from exile (asked of {sov})",
    "vs.log.take": "{who} takes “{card}” from the King’s House",
    "vs.log.draw": "{who} draws a card",
    "vs.log.draw_card": "{who} draws “{card}”",
    "vs.log.discard": "{who} discards “{card}”",
    "vs.log.play": "{who} plays “{card}”",
    "vs.log.play_on": "{who} plays “{card}” on {target}",
    "vs.self.man": "himself",
    "vs.self.woman": "herself",
    "vs.log.income": "{who} earns {total} {unit}",
    "vs.log.income_shared": "An income of {total} livres shared: {who} receives {mine}, {spouse} {theirs}",
    "vs.log.fortune": "{who}: {amount} {unit}",
    "vs.log.breach": "⚠ {who} breaches etiquette: {reason} — “{words}”",
    "vs.log.fine": "The Grand Chamberlain fines {who} 1,000 livres",
    "vs.log.fine_self.man": "The Grand Chamberlain, {who}, fines himself 1,000 livres (§3)",
    "vs.log.fine_self.woman": "The Grand Chamberlain, {who}, fines herself 1,000 livres (§3)",
    "vs.log.pass_done": "The Grand Chamberlain lets the breach pass unfined",
    "vs.log.pass_done_n": "The Grand Chamberlain lets the breaches pass unfined",
    "vs.log.pass_time_up": "Time is up: the breach passes unfined",
    "vs.log.pass_time_up_n": "Time is up: the breaches pass unfined",
    "vs.log.pass_turn_over": "The turn ended before the Grand Chamberlain ruled: the breach lapses, unfined",
    "vs.log.pass_turn_over_n": "The turn ended before the Grand Chamberlain ruled: the breaches lapse, unfined",
    "vs.log.exile": "{who} goes into exile",
    "vs.log.bastille": "{who} is sent to the Bastille",
    "vs.log.death": "{who}'s courtier dies",
    "vs.log.death_named": "{who} dies",
    "vs.log.marriage": "{who} marries {partner}",
    "vs.married_you.man": "{who} married you: the King consented, and the other partner need not agree (§8.4). Your incomes are shared from now on.",
    "vs.married_you.woman": "{who} married you: the King consented, and the other partner need not agree (§8.4). Your incomes are shared from now on; you bear his name and title.",
    "vs.log.war": "France declares war {on}",
    "vs.log.peace": "Peace: the court returns to Versailles",
    "vs.log.heir": "{who}'s heir ({sex}) joins the {party}",
    "vs.log.time_up": "Five minutes: the negotiation is over",
    "vs.log.office_left": "{who} gives up the office “{card}”",
    "vs.log.status": "{who} becomes “{card}”",
    "vs.log.office_taken": "“{card}” goes back to the King’s House",
    "vs.log.remarriage": "The King marries a princess {from}",
    "vs.log.power": "{who} uses an office’s power: {use}",
    "vs.log.power_on": "{who} uses an office’s power: {use}, on {target}",
    "vs.log.released": "{who} returns to the court",
    "vs.log.trial": "{who} is tried: d10 = {die}",
    "vs.log.king_dies": "The King is dead: the Queen is Regent",
    "vs.log.queen_dies": "The Queen is dead",
    "vs.log.both_die": "The King and the Queen are dead: the turn ends",
    "vs.log.accession": "Two new sovereigns: the Queen comes {from}",
    "vs.log.secret_marriage": "The King secretly marries {who}",
    "vs.log.reshuffle": "The discards are shuffled into a new draw pile",
    "vs.log.over": "Game over: {who} wins",
    "vs.final.rank": "Rank",
    "vs.final.by_goal": "The game ended as soon as a courtier amassed {goal} livres.",
    "vs.final.reached": "The last step: {line}.",
    "vs.final.by_turns": "The game ended after turn {turn} of {limit}.",
    "vs.final.rule": "The richest courtier wins (§1): the first to amass the goal ends the game at once, else the turn limit does. A tie is a shared victory (our decision: the rulebook is silent).",
  },
};

// ----- words ---------------------------------------------------------------------------

function tr(ctx, texts) {
  return typeset((texts && (texts[ctx.lang] ?? texts.fr)) || "");
}

/** The deck's words as the page prints them (the data keeps ASCII for terminals):
 *  digit groups held, the typographic apostrophe ("The Queen’s smile", "Dame
 *  d’atours") and a true minus before a number ("−2 King"), as everywhere else
 *  on the page (a play-test saw "The Queen's smile" and "-2 Queen"). */
function typeset(text) {
  return holdDigits(text).replace(/'/g, "’").replace(/(^|[\s(])-(?=\d)/g, "$1−");
}

/** A card's name in the page's language (marked, in the log's pass that
 *  finds the cards a line names: ctx.markCard). */
function cardName(ctx, id) {
  const name = CARD[id] ? tr(ctx, CARD[id].name) : String(id);
  return ctx.markCard && CARD[id] ? ctx.markCard(id, name) : name;
}

/** A sum as the Register writes it: "4 000" in French, "4,000" in English
 *  (i18n's digit groups, as every filled text has them); a debt with a true
 *  minus sign (U+2212), "−2 000", never a hyphen. */
function sumText(ctx, n) {
  const value = Number(n);
  return value < 0 ? `\u2212${grouped(-value, ctx.lang)}` : grouped(value, ctx.lang);
}

/** A standing or any count as shown: a negative one with a true minus sign
 *  (U+2212), "−2", as the debts have it, never a hyphen; "—" for none. */
function signed(n) {
  if (n === null || n === undefined) return "—";
  const value = Number(n);
  return value < 0 ? `\u2212${-value}` : String(n);
}

function livres(ctx, n) {
  return ctx.t("vs.livres", { n: sumText(ctx, n), unit: livreWord(ctx, n) });
}

/** "livre" or "livres" after the sum ``n``: French puts 0 and 1 in the
 *  singular ("0 livre"), English 1 alone. */
function livreWord(ctx, n) {
  const size = Math.abs(Number(n));
  return (ctx.lang === "fr" ? size < 2 : size === 1) ? "livre" : "livres";
}

function courtier(ctx, seat) {
  return (ctx.view.courtiers || [])[seat] || null;
}

/** A courtier named as etiquette asks (§3): the player, then the short form. */
function who(ctx, seat) {
  if (typeof seat !== "number") return "?";
  const c = courtier(ctx, seat);
  const form = c && c.address ? c.address.short : null;
  const name = ctx.name(seat);
  if (!form) return name;
  // "Seat 1 (bot, Madame la Marquise)", not "Seat 1 (bot) (Madame la Marquise)"
  return name.endsWith(")") ? `${name.slice(0, -1)}, ${form})` : `${name} (${form})`;
}

/** A log line's target (`d.target`) as `w` names seats, or "herself", "lui-même"
 *  where it is the one who acts (`d.seat`): a play-test read "Seat 3 (bot, Madame
 *  la Duchesse) plays Bon mot on Seat 3 (bot, Madame la Duchesse)". */
function aimed(ctx, d, w) {
  const sex = (courtier(ctx, d.seat) || {}).sex;
  if (d.target !== d.seat || (sex !== "man" && sex !== "woman")) return w(d.target);
  return ctx.t(`vs.self.${sex}`);
}

/** "woman" for a lady, else "man": the key of words that agree with the courtier. */
function sexKey(ctx, seat) {
  return (courtier(ctx, seat) || {}).sex === "woman" ? "woman" : "man";
}

/** A country's name on the map of Europe: the map's own where the country's
 * name would run past its shape ("vs.map.*"), else the country's. */
function mapName(ctx, id) {
  const key = `vs.map.${id}`;
  return ctx.t(key) !== key ? ctx.t(key) : ctx.t(`vs.country.${id}`);
}

/** Where a courtier is, as the Register's tag: "mort" agrees with a lady ("morte"). */
function placeTag(ctx, c) {
  const key = `vs.where.${c.place}`;
  const hers = `${key}_woman`;
  return c.sex === "woman" && ctx.t(hers) !== hers ? ctx.t(hers) : ctx.t(key);
}

/** The full form of address, for a hover. */
function fullAddress(ctx, seat) {
  const c = courtier(ctx, seat);
  return c && c.address ? c.address.full : ctx.name(seat);
}

function sovName(ctx, sov) {
  return ctx.t(`vs.sov.${sov === "regent" ? "queen" : sov}`);
}

function valueLabel(ctx, key, v) {
  if (v === null || v === undefined) return key === "to" ? ctx.t("vs.to_house") : "—";
  if (["seat", "to", "partner"].includes(key)) return who(ctx, v);
  if (key === "sovereign") return hearer(ctx, v); // the Regent in a regency, as the odds line says
  if (key === "good") return ctx.t(`vs.good.${v}`);
  if (key === "country") return ctx.t(`vs.country.${v}`);
  if (key === "power") return ctx.t(`vs.power.${v}`);
  if (key === "use") return ctx.t(`vs.use.${v}`);
  if (["office", "card", "card1", "card2"].includes(key)) return cardName(ctx, v);
  return typeof v === "number" ? signed(v) : String(v);
}

function legalOf(ctx, type) {
  return ctx.legal.map((l) => l.action).filter((a) => a.type === type);
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function send(ctx, action) {
  ctx.ui.vsCard = null;
  ctx.ui.vsSure = null; // a 0% action's "Sure?" is for one click (sureFirst)
  if (ctx.canAct) ctx.act(action);
}

// ----- the court: scales, places, Europe -----------------------------------------------

function marker(ctx, seat, extra = {}) {
  return h("span", {
    class: ["vs-marker", extra.cls], title: `${fullAddress(ctx, seat)} — ${ctx.name(seat)}`,
    style: { background: ink(seat) }, dataset: { seat, ...(extra.data || {}) },
  }, String(seat + 1)); // the seat's number, as in the seats list
}

/** The targets of the chosen card: seat -> [actions], sovereign -> [actions]. */
function cardTargets(ctx) {
  const card = ctx.ui.vsCard;
  const out = { seats: new Map(), sovereigns: new Map(), none: [] };
  if (!card) return out;
  for (const a of ctx.legal.map((l) => l.action)) {
    if (a.card !== card || !["play_card", "request"].includes(a.type)) continue;
    if (typeof a.seat === "number") {
      if (!out.seats.has(a.seat)) out.seats.set(a.seat, []);
      out.seats.get(a.seat).push(a);
    } else if (a.sovereign) {
      if (!out.sovereigns.has(a.sovereign)) out.sovereigns.set(a.sovereign, []);
      out.sovereigns.get(a.sovereign).push(a);
    } else out.none.push(a);
  }
  return out;
}

/** What a click on a target sends, of its actions: of a request both ways
 *  (§8.3) the one with the better chance, the direct one at equal odds (a
 *  play-test's click went to the King at 60% beside the Queen's 81%). */
function bestOf(ctx, list) {
  const plain = list.find((a) => !a.via_queen);
  const queen = list.find((a) => a.via_queen);
  if (!plain || !queen) return plain || list[0];
  const [king, through] = [requestChance(ctx, false), requestChance(ctx, true)];
  return king !== null && through !== null && through > king ? queen : plain;
}

/** Make `el` a target: a click sends the best of `list`, its label says which. */
function aimAt(ctx, el, list) {
  const chosen = bestOf(ctx, list);
  const guard = sureFirst(ctx, chosen, null); // a play that moves nothing: a second click sends it
  const label = guard.asking ? guard.question(useLabel(ctx, chosen, false))
    : guard.idle ? `${useLabel(ctx, chosen)} (${ctx.t("vs.idle")})` : useLabel(ctx, chosen);
  clickable(el, guard.go, label);
  el.title = label;
}

function scale(ctx, sov, targets) {
  const v = ctx.view;
  const king = v.king || {};
  const queen = v.queen || {};
  const alive = sov === "king" ? king.alive && !king.regency : queen.alive;
  let title = ctx.t(sov === "king" ? "vs.king_apartments" : "vs.queen_apartments");
  if (sov === "queen" && king.regency) title = ctx.t("vs.regent_apartments");
  const aims = targets.sovereigns.get(sov);
  const head = h("h3", { class: ["vs-scale-title", aims && "vs-target"] }, sov === "king" ? "♚ " : "♛ ", title,
    alive ? null : h("span", { class: "vs-dead-note" }, ` — ${ctx.t(sov === "king" ? "vs.king_dead" : "vs.queen_dead")}`));
  if (aims) aimAt(ctx, head, aims);
  const cells = STANDINGS.map((n) => {
    const here = (v.courtiers || []).filter((c) => c[sov] === n);
    return h("li", { class: ["vs-cell", n < 0 && "vs-neg", n >= 8 && "vs-high"], dataset: { value: n } },
      h("span", { class: "vs-cell-n" }, signed(n)),
      h("span", { class: "vs-cell-markers" }, here.map((c) => {
        const m = marker(ctx, c.seat, { cls: targets.seats.has(c.seat) && "vs-target", data: { sovereign: sov } });
        if (targets.seats.has(c.seat)) aimAt(ctx, m, targets.seats.get(c.seat));
        return m;
      })));
  });
  return h("div", { class: ["vs-scale", `vs-scale-${sov}`, !alive && "vs-scale-dead"], dataset: { sovereign: sov } },
    head, h("ol", { class: "vs-cells", "aria-label": `${title} — ${ctx.t("vs.standing")}` }, cells));
}

/** A small map of Europe (simple shapes): France, and the Queen's possible origins (§5). */
function europe(ctx) {
  const v = ctx.view;
  const origin = v.queen && v.queen.alive ? v.queen.origin : null;
  const wars = new Set(v.wars || []);
  const SHAPES = {
    england: { d: "M36 10 L72 6 L84 32 L74 58 L52 66 L32 52 L34 30 Z", x: 58, y: 38 },
    netherlands: { d: "M112 34 L164 26 L172 50 L148 62 L116 56 Z", x: 142, y: 46 },
    spain: { d: "M24 118 L92 112 L104 128 L92 156 L40 158 L18 140 Z", x: 60, y: 138 },
    france: { d: "M74 66 L116 58 L134 70 L128 104 L102 114 L70 108 L62 86 Z", x: 98, y: 88 },
  };
  const land = Object.entries(SHAPES).map(([id, sh]) => {
    const party = (v.courtiers || []).filter((c) => c.party === id && c.place !== "dead");
    return s("g", { class: ["vs-country", `vs-c-${id}`, origin === id && "vs-origin", wars.has(id) && "vs-at-war"], dataset: { country: id } },
      s("title", {}, id === "france" ? ctx.t("vs.country.france")
        : `${ctx.t(`vs.country.${id}`)} — ${ctx.t(`vs.party.${id}`)}: ${party.map((c) => who(ctx, c.seat)).join(", ") || ctx.t("vs.empty")}`),
      s("path", { d: sh.d }),
      s("text", { x: sh.x, y: sh.y, "text-anchor": "middle", class: "vs-country-name" }, mapName(ctx, id)),
      origin === id ? s("text", { x: sh.x, y: sh.y - 12, "text-anchor": "middle", class: "vs-crown" }, "♛") : null,
      wars.has(id) ? s("text", { x: sh.x, y: sh.y + 14, "text-anchor": "middle", class: "vs-swords" }, "⚔") : null,
      party.map((c, i) => s("circle", { cx: sh.x - 12 + i * 9, cy: sh.y + (wars.has(id) ? 24 : 10), r: 4, style: { fill: ink(c.seat) }, class: "vs-party-dot", dataset: { seat: c.seat } })));
  });
  return h("div", { class: "vs-europe", id: "vs-europe" },
    h("h3", {}, ctx.t("vs.europe")),
    s("svg", { viewBox: "0 0 180 165", class: "vs-map", role: "img", "aria-label": ctx.t("vs.europe") }, land),
    h("p", { class: "vs-origin-line" }, origin ? ctx.t("vs.queen_from", { from: ctx.t(`vs.from.${origin}`) })
      : ctx.t(v.queen && v.queen.alive ? "vs.queen_not_drawn" : "vs.no_queen")),
    h("p", { class: ["vs-war-line", wars.size && "vs-warring"] },
      wars.size ? ctx.t("vs.at_war", { list: [...wars].map((w) => ctx.t(`vs.country.${w}`)).join(", ") }) : ctx.t("vs.peace")));
}

function statusBar(ctx) {
  const v = ctx.view;
  const where = v.wars && v.wars.length ? "war" : v.location;
  const icon = { versailles: "⚜", hunt: "➶", war: "⚔" }[where] || "";
  return h("div", { class: "vs-status" },
    h("span", { class: "vs-chip" }, ctx.t("vs.turn", { turn: v.turn })),
    h("span", { class: ["vs-chip", "vs-where", `vs-where-${where}`], id: "vs-location", dataset: { location: where } },
      `${icon} ${ctx.t("vs.court_at")} ${ctx.t(`vs.loc.${where}`)}`),
    typeof v.grand_chamberlain === "number" ? h("span", { class: "vs-chip vs-gc-chip", title: fullAddress(ctx, v.grand_chamberlain) },
      `⚜ ${ctx.t("vs.gc")}${ctx.t("colon")}${who(ctx, v.grand_chamberlain)}`) : null,
    h("span", { class: "vs-chip" }, ctx.t("vs.goal", { goal: sumText(ctx, v.goal) })));
}

/** A card's effect as card help (js/cardhelp.js), in the page's language. */
function cardHelp(ctx, id) {
  const c = CARD[id];
  if (!c) return null;
  return { title: tr(ctx, c.name), text: regencyEffect(ctx, typeset((ctx.lang === "fr" && c.effect_fr) || c.effect)) };
}

/** A card's standing effect in a regency: "−2 King" and "+2 Queen" move the
 *  Regent's scale, the only one then (court.py track, decision A38), and say
 *  so; "+1 King and +1 Queen" are two points with her. Else the text as is
 *  (a play-test read "Calomnie: −2 Roi" with no King alive). */
function regencyEffect(ctx, text) {
  const v = ctx.view;
  if (!(v.king && v.king.regency && v.queen && v.queen.alive)) return text;
  const regent = ctx.t("vs.sov.regent_short");
  const sovereigns = ["king", "queen"].map((s) => ctx.t(`vs.sov.${s}_short`)).join("|");
  const moved = text.replace(new RegExp(`([+−]\\d+) (?:${sovereigns})(?![\\p{L}])`, "gu"), `$1 ${regent}`);
  const both = moved.match(new RegExp(`^([+−]\\d+) ${regent} \\S+ ([+−]\\d+) ${regent}$`, "u"));
  if (!both) return moved;
  const sum = [both[1], both[2]].reduce((n, x) => n + Number(x.replace("−", "-")), 0);
  return `${sum < 0 ? "−" : "+"}${Math.abs(sum)} ${regent}`;
}

let tileCount = 0; // tiles drawn in this render: the help's keys

function cardTile(ctx, id, opts = {}) {
  const c = CARD[id];
  const tile = h("span", {
    class: ["vs-card", `vs-kind-${c ? c.kind : "x"}`, opts.cls], dataset: { card: id },
  }, h("span", { class: "vs-card-name" }, cardName(ctx, id)), opts.extra || null);
  if (opts.onClick) clickable(tile, opts.onClick, opts.label || cardName(ctx, id));
  return withHelp(tile, cardHelp(ctx, id), `tile:${tileCount++}:${id}`);
}

function placesRow(ctx) {
  const v = ctx.view;
  const takes = legalOf(ctx, "take_from_house");
  const house = (v.kings_house || []).map((id) => {
    const take = takes.find((a) => a.card === id);
    return cardTile(ctx, id, take ? { cls: "vs-takeable", onClick: () => send(ctx, take) } : {});
  });
  const draw = legalOf(ctx, "draw")[0];
  const pile = h("div", { class: ["vs-pile", draw && "vs-takeable"], id: "vs-pile" },
    h("span", { class: "vs-pile-n" }, ctx.t("vs.pile_n", { n: v.pile })),
    h("span", { class: "muted small" }, ctx.t("vs.discard_n", { n: (v.discard || []).length })));
  if (draw) clickable(pile, () => send(ctx, draw), ctx.t("vs.draw"));
  const placeBox = (place, title, cls) => {
    const here = (v.courtiers || []).filter((c) => c.place === place);
    return h("div", { class: ["vs-place", cls], id: `vs-${place}` }, h("h3", {}, title),
      here.length ? h("ul", {}, here.map((c) => h("li", { title: fullAddress(ctx, c.seat) }, marker(ctx, c.seat), " ", who(ctx, c.seat))))
        : h("p", { class: "muted" }, ctx.t("vs.empty")));
  };
  return h("div", { class: "vs-places" },
    h("div", { class: "vs-house", id: "vs-house" }, h("h3", {}, ctx.t("vs.house")),
      house.length ? h("div", { class: "vs-cards" }, house) : h("p", { class: "muted" }, ctx.t("vs.none")),
      takes.length ? h("p", { class: "muted small" }, pointing(ctx, "vs.house_help")) : null),
    h("div", { class: "vs-ministry", id: "vs-ministry" }, h("h3", {}, ctx.t("vs.ministry")),
      (v.war_ministry || []).length ? h("div", { class: "vs-cards" }, v.war_ministry.map((id) => cardTile(ctx, id)))
        : h("p", { class: "muted" }, ctx.t("vs.none"))),
    h("div", { class: "vs-pile-box" }, h("h3", {}, ctx.t("vs.pile")), pile),
    placeBox("bastille", `▦ ${ctx.t("vs.bastille")}`, "vs-bastille"),
    placeBox("exile", `⚓ ${ctx.t("vs.colonies")}`, "vs-exile"),
    (v.courtiers || []).some((c) => c.place === "waiting") ? placeBox("waiting", ctx.t("vs.waiting"), "vs-waiting") : null);
}

// ----- the Great Register ---------------------------------------------------------------

function fines(ctx) {
  const out = {};
  for (const e of ctx.events || []) {
    if (e.kind === "fine" && e.data) out[e.data.seat] = (out[e.data.seat] || 0) + (e.data.amount || 1000);
  }
  return out;
}

function cardsOf(c, kinds) {
  return (c.cards || []).filter((id) => CARD[id] && kinds.includes(CARD[id].kind));
}

function income(c) {
  return (c.cards || []).reduce((sum, id) => sum + ((CARD[id] && CARD[id].income) || 0), 0);
}

/** The Register's income: the cards' sum, none paid to a prisoner, who keeps
 *  his titles "but the income related to them is no longer distributed to
 *  him" (§12; a play-test read 7,000 beside "Bastille"). */
function incomeCell(ctx, c) {
  const sum = income(c);
  if (c.place !== "bastille" || !sum) return h("td", { class: "vs-num" }, sumText(ctx, sum));
  return h("td", { class: "vs-num vs-unpaid" }, sumText(ctx, 0),
    h("div", { class: "muted small" }, ctx.t("vs.income_unpaid", { amount: sumText(ctx, sum) })));
}

/** A family with no courtier to address: his sex not chosen yet, or dead with
 *  his heir to come, whose sex is already the other (§10.4; a play-test's
 *  Register said "sex to choose" for an heir). */
function noCourtier(ctx, c) {
  if (c.place !== "dead" || !c.sex) return ctx.t("vs.no_courtier");
  return ctx.t(`vs.no_courtier_dead.${c.sex}`);
}

/** On one's own page while one's courtier is dead and the heir not yet
 *  chosen: what that means (§10.4; a play-test's player was told nothing). */
function deadNote(ctx) {
  const me = courtier(ctx, ctx.seat);
  if (!me || me.place !== "dead" || !me.sex || legalOf(ctx, "choose_party").length) return null;
  return h("p", { class: "vs-heir-note", id: "vs-heir-note", role: "status" }, ctx.t(`vs.dead_note.${me.sex}`));
}

function register(ctx, targets) {
  const v = ctx.view;
  const fined = fines(ctx);
  const list = (ids) => (ids.length ? ids.map((id) => cardName(ctx, id)).join(", ") : "—");
  // the fortune (the goal) and the standings first: on a phone the table scrolls sideways,
  // and a play-test found the fortune column out of sight at its far end
  const cols = ["courtier", "fortune", "standings", "party", "titles", "dignity", "office", "pensions", "income", "spouse", "fines", "hand"];
  const rows = (v.courtiers || []).map((c) => {
    const seat = c.seat;
    const aims = targets.seats.get(seat);
    const status = [v.favourite === seat && ctx.t("vs.favourite"), v.lover === seat && ctx.t("vs.lover"),
      v.secret_wife === seat && ctx.t("vs.secret_wife")].filter(Boolean);
    const row = h("tr", {
      class: ["vs-row", seat === ctx.seat && "vs-mine", aims && "vs-target", v.grand_chamberlain === seat && "vs-gc-row"],
      dataset: { seat },
    },
    h("td", { class: "vs-address", title: fullAddress(ctx, seat) },
      h("div", { class: "vs-who" }, marker(ctx, seat), " ", ctx.name(seat), " ",
        h("span", { class: ["vs-where-tag", `vs-at-${c.place}`], title: ctx.t("vs.col.place") }, placeTag(ctx, c))),
      c.address ? h("div", { class: "vs-form-of-address" }, c.address.full)
        : h("div", { class: "muted" }, `${c.family} ${noCourtier(ctx, c)}`),
      v.grand_chamberlain === seat ? h("div", { class: "vs-gc" }, `⚜ ${ctx.t("vs.gc")}`) : null,
      status.length ? h("div", { class: "vs-status-note" }, status.join(", ")) : null),
    h("td", { class: ["vs-num", c.fortune < 0 && "vs-debt"], dataset: { fortune: c.fortune } }, sumText(ctx, c.fortune)),
    h("td", { class: "vs-num vs-standings", title: `${ctx.t("vs.col.king")} ${signed(c.king)} · ${ctx.t("vs.col.queen")} ${signed(c.queen)}` },
      h("span", { class: "vs-k" }, signed(c.king)), " · ", h("span", { class: "vs-q" }, signed(c.queen))),
    h("td", {}, c.party ? ctx.t(`vs.country.${c.party}`) : "—"),
    h("td", {}, list(cardsOf(c, ["title"]))),
    h("td", {}, list(cardsOf(c, ["dignity"]))),
    h("td", {}, list(cardsOf(c, ["office"]))),
    h("td", {}, list(cardsOf(c, ["pension"]))),
    incomeCell(ctx, c),
    h("td", {}, typeof c.spouse === "number" ? who(ctx, c.spouse) : "—"),
    h("td", { class: ["vs-num", "vs-fines", fined[seat] && "vs-fined"], dataset: { fines: fined[seat] || 0 } },
      fined[seat] ? `−${sumText(ctx, fined[seat])}` : "—"),
    h("td", { class: "vs-num" }, c.hand));
    if (aims) aimAt(ctx, row, aims);
    return row;
  });
  return h("section", { class: "panel vs-register", id: "vs-register" },
    h("h2", {}, ctx.t("vs.register")),
    h("p", { class: "muted small vs-scroll-hint", id: "vs-scroll-hint" }, ctx.t("vs.scroll_hint")),
    h("div", { class: "vs-table-wrap" }, h("table", { class: "vs-table" },
      h("thead", {}, h("tr", {}, cols.map((k) => h("th", {}, ctx.t(`vs.col.${k}`))))),
      h("tbody", {}, rows))));
}

// ----- the hand -------------------------------------------------------------------------

function conditions(ctx, c) {
  const out = [];
  out.push(h("span", { class: "vs-cond vs-kind" }, ctx.t(`vs.kind.${c.kind}`)));
  if (c.location && c.location !== "any") out.push(h("span", { class: ["vs-cond", `vs-loc-${c.location}`] }, ctx.t(`vs.loc_card.${c.location}`)));
  if (c.sex && c.sex !== "any") out.push(h("span", { class: "vs-cond" }, c.sex === "man" ? `♂ ${ctx.t("vs.card.man")}` : `♀ ${ctx.t("vs.card.woman")}`));
  if (c.min_standing) {
    // in a regency the Regent hears for both sovereigns, on her red scale (§10.1, A38; court.py track)
    const regency = !!(ctx.view.king && ctx.view.king.regency);
    const sov = regency ? "regent" : c.min_standing.sovereign;
    // that sovereign dead and no regency: a standing nobody can meet, said as the terminal does
    const hearer = sov === "regent" ? null : ctx.view[sov];
    const gone = !!hearer && hearer.alive === false;
    out.push(h("span", { class: ["vs-cond", `vs-min-${regency ? "queen" : sov}`] },
      ctx.t(gone ? "vs.card.min_gone" : "vs.card.min", { who: ctx.t(`vs.sov.${sov}_short`), n: signed(c.min_standing.value) })));
  }
  if (c.titled) out.push(h("span", { class: "vs-cond" }, ctx.t("vs.card.titled")));
  if (c.income) out.push(h("span", { class: "vs-cond vs-income" }, ctx.t("vs.card.income", { n: sumText(ctx, c.income) })));
  if (c.user_sex && c.user_sex !== "any") out.push(h("span", { class: "vs-cond" }, ctx.t(`vs.card.user_${c.user_sex}`)));
  if (c.request) out.push(h("span", { class: "vs-cond vs-req" }, ctx.t("vs.card.request")));
  return out;
}

const CARD_TYPES = ["play_card", "request", "discard", "show_card"];

function usesOf(ctx, card) {
  return ctx.legal.map((l) => l.action).filter((a) => (CARD_TYPES.includes(a.type) && a.card === card)
    || (a.type === "give_cards" && a.cards.length === 1 && a.cards[0] === card));
}

function useLabel(ctx, a, odds = true) {
  switch (a.type) {
    case "play_card":
      if (typeof a.seat === "number") return ctx.t("vs.play_on", { who: who(ctx, a.seat) });
      if (a.sovereign) return ctx.t("vs.play_on", { who: sovName(ctx, a.sovereign) });
      return ctx.t("vs.play");
    case "request": {
      const what = ctx.t(CARD[a.card] && CARD[a.card].kind === "lettre" ? "vs.request_against" : "vs.request_for", { who: who(ctx, a.seat) });
      const pct = odds ? requestChance(ctx, a.via_queen) : null;
      const label = a.via_queen ? ctx.t("vs.via_queen", { what }) : what;
      return pct === null ? label : `${label} · ${pctText(ctx, pct)}`;
    }
    case "discard": return ctx.t("vs.discard");
    case "show_card": return ctx.t("vs.show_to", { who: who(ctx, a.to) });
    case "give_cards": return ctx.t("vs.give_to", { who: who(ctx, a.to) });
    default: return a.type;
  }
}

// ----- why a card is not playable now (§9.1) ---------------------------------------------------
// Only what the view shows: the court's place, the player's sex, the card
// kind's own condition (KIND_WHY), and whether any courtier at court meets the
// receiver's symbols (sex, least standing, titled). When none of them explains
// it, the page says nothing more.

/** The kinds whose target is a courtier at court meeting the card (play.py
 *  _courtier_target_ok: not Justice, Glory, the wars, or death on a sovereign). */
const RECEIVED = (c) => c.request || !["justice", "glory", "war_decl", "war_end", "death"].includes(c.kind);

/** A courtier's standing with a sovereign as the rules read it (court.py
 *  standing): the Regent's scale in a regency, none for a dead sovereign. */
function standingWith(ctx, c, sov) {
  const v = ctx.view;
  const alive = (s) => !!(v[s] && v[s].alive);
  const track = v.king && v.king.regency ? (alive("queen") ? "queen" : null) : (alive(sov) ? sov : null);
  if (track === null || c.place !== "court") return null;
  return c[track];
}

/** A title card, or a wife's by her husband's (play.py is_titled, §8.4). */
function titled(ctx, c) {
  const holds = (x) => !!x && (x.cards || []).some((id) => CARD[id] && CARD[id].kind === "title");
  if (holds(c)) return true;
  return c.sex === "woman" && typeof c.spouse === "number" && holds(courtier(ctx, c.spouse));
}

/** Whether a courtier meets a card's receiver's symbols (play.py receives, the place aside). */
function meets(ctx, c, card) {
  if (card.sex && card.sex !== "any" && c.sex !== card.sex) return false;
  const need = card.min_standing;
  if (need) {
    const have = standingWith(ctx, c, need.sovereign);
    if (have === null || have === undefined || have < need.value) return false;
  }
  return !card.titled || titled(ctx, c);
}

/** "nobody at court is a titled man with King ≥ 7": the receiver's symbols nobody meets. */
function nobodyText(ctx, card) {
  const need = card.min_standing;
  const regency = ctx.view.king && ctx.view.king.regency;
  const min = need ? { sov: ctx.t(`vs.sov.${regency ? "regent" : need.sovereign}_short`), n: signed(need.value) } : null;
  const sex = card.sex && card.sex !== "any" ? card.sex : "";
  const quality = card.titled ? `titled${sex ? `_${sex}` : ""}` : sex;
  if (!quality) return ctx.t("vs.why.nobody_min", min);
  return ctx.t("vs.why.nobody", { who: ctx.t(`vs.why.who.${quality}`), min: min ? ctx.t("vs.why.min", min) : "" });
}

/** Why the card `id` of the hand has no play or request on the seat's own
 *  turn, or null: the court's place, who may play it, who may receive it. */
function whyNot(ctx, id) {
  const v = ctx.view;
  const card = CARD[id];
  const me = courtier(ctx, ctx.seat);
  if (!card || !me || v.stage !== "play" || v.current !== ctx.seat || !(v.actions_left > 0)) return null;
  // a prisoner plays only Justice, an exile presents no request (§11, §12): other reasons
  if (me.place !== "court" && (me.place !== "exile" || card.request)) return null;
  if (card.location && card.location !== "any" && card.location !== v.location) {
    return ctx.t("vs.why.location", { where: ctx.t(`vs.loc.${card.location}`) });
  }
  if (card.user_sex && card.user_sex !== "any" && me.sex !== card.user_sex) return ctx.t(`vs.why.user_${card.user_sex}`);
  const symbols = (card.sex && card.sex !== "any") || card.min_standing || card.titled;
  const court = (v.courtiers || []).filter((c) => c.place === "court");
  const meeting = court.filter((c) => meets(ctx, c, card));
  // the kind's own condition first: "the Queen is dead" rather than nobody with Queen ≥ 6
  const kindWhy = KIND_WHY[card.kind] && KIND_WHY[card.kind](ctx, card, meeting);
  if (kindWhy) return kindWhy;
  return symbols && RECEIVED(card) && !meeting.length ? nobodyText(ctx, card) : null;
}

/** The card kinds' own conditions (play.py _courtier_target_ok, _war_card_ok; a
 *  war's end needs a war, which the court's place at war already says), as
 *  the reason a card has no target, or null: ``meeting`` are the courtiers at
 *  court who meet its symbols (a play-test found Scandale, a war already
 *  declared or Justice with the Bastille empty greyed out with no reason). */
const KIND_WHY = {
  justice: (ctx) => (ctx.view.courtiers || []).some((c) => c.place === "bastille") ? null : ctx.t("vs.why.justice"),
  glory: (ctx) => (ctx.view.courtiers || []).some((c) => c.place === "exile") ? null : ctx.t("vs.why.glory"),
  war_decl: (ctx, card) => (ctx.view.wars || []).includes(card.country)
    ? ctx.t("vs.why.war_on", { against: ctx.t(`vs.against.${card.country}`) }) : null,
  favourite: (ctx) => kingWhy(ctx) || (ctx.view.secret_wife !== null && ctx.view.secret_wife !== undefined
    ? ctx.t("vs.why.secret_wife") : null),
  lover: (ctx) => ctx.view.queen && ctx.view.queen.alive ? null : ctx.t("vs.why.queen_dead"),
  scandal: (ctx, card, meeting) => {
    const marked = meeting.filter((c) => (c.cards || []).some((id) => CARD[id] && ["favourite", "lover"].includes(CARD[id].kind)));
    if (!marked.length) return ctx.t("vs.why.scandal");
    return marked.every((c) => c.seat === ctx.view.secret_wife) ? ctx.t("vs.why.scandal_wife") : null;
  },
  secret_marriage: (ctx, card, meeting) => {
    const v = ctx.view;
    const why = kingWhy(ctx) || (v.queen && v.queen.alive ? ctx.t("vs.why.queen_alive") : null)
      || (v.secret_wife !== null && v.secret_wife !== undefined ? ctx.t("vs.why.secret_wife") : null);
    if (why) return why;
    const favourite = meeting.find((c) => c.seat === v.favourite);
    if (!favourite) return ctx.t("vs.why.no_favourite");
    return typeof favourite.spouse === "number" ? ctx.t("vs.why.favourite_married") : null;
  },
  bastille: (ctx, card, meeting) => meeting.some((c) => c.used_poison || c.used_philtre) ? null : ctx.t("vs.why.bastille"),
};

/** The King's side of the Favourite's cards: alive (a regency follows his death, §10.1). */
function kingWhy(ctx) {
  return ctx.view.king && ctx.view.king.alive ? null : ctx.t("vs.why.king_dead");
}

/** Under a chosen card with no play or request now: why, when the view tells. */
function whyNotLine(ctx, id, uses) {
  if (uses.some((a) => a.type === "play_card" || a.type === "request")) return null;
  const why = whyNot(ctx, id);
  return why ? h("p", { class: "vs-why-not" }, ctx.t("vs.why", { why })) : null;
}

// ----- the chances of a roll (§8.2-§8.4) ------------------------------------------------------
// The view's "odds" are the seat's own, made by the rules' own test of a roll
// (play.py PlayRules.chance): percent, or null when that sovereign cannot hear.

function pctText(ctx, pct) {
  return ctx.t("vs.pct", { n: pct });
}

/** Who hears a roll on `sov`'s scale: in a regency the Regent hears everything (§10.1). */
function hearer(ctx, sov) {
  return ctx.view.king && ctx.view.king.regency ? ctx.t("vs.sov.regent") : sovName(ctx, sov);
}

/** A request's chance: the King's (the Regent's) roll, or both of the Queen's (§8.3). */
function requestChance(ctx, viaQueen) {
  const odds = ctx.view.odds;
  if (!odds) return null;
  return viaQueen ? odds.through_queen : odds.king;
}

/** The line saying a roll's chance: `key` names what is asked of `sov`. */
function oddsLine(ctx, key, sov, pct, route = null) {
  const text = pct === null || pct === undefined
    ? ctx.t("vs.odds.unheard", { sov: capitalised(hearer(ctx, sov)) })
    : ctx.t(key, { sov: hearer(ctx, sov), pct: pctText(ctx, pct) });
  return h("p", { class: "vs-odds", dataset: { sovereign: sov, pct: pct ?? "", route: route || "" } }, text);
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Under a chosen card that is requested: the chance of each way to ask. */
function requestOdds(ctx, uses) {
  const odds = ctx.view.odds;
  const asks = uses.filter((a) => a.type === "request");
  if (!odds || !asks.length) return null;
  return h("div", { class: "vs-odds-box" },
    asks.some((a) => !a.via_queen) ? oddsLine(ctx, "vs.odds.request", "king", odds.king) : null,
    asks.some((a) => a.via_queen) ? oddsLine(ctx, "vs.odds.through_queen", "queen", odds.through_queen, "through_queen") : null);
}

/** Under the audience form: the chance the sovereign it goes to grants it
 *  (§8.4: "resolved like requests"; an office, a marriage, the King's
 *  remarriage and a prisoner are asked of the King or the Regent). */
function audienceOdds(ctx, action) {
  if (!ctx.view.odds || !action) return null;
  return oddsLine(ctx, "vs.odds.audience", audienceHearer(action), audienceChance(ctx, action));
}

/** Who hears an audience: the sovereign it is asked of, else the King (or the Regent). */
function audienceHearer(action) {
  return action.sovereign || "king";
}

/** An audience's chance, as the view's odds give it, or null (no odds, or not heard). */
function audienceChance(ctx, action) {
  const odds = ctx.view.odds;
  return odds ? odds[audienceHearer(action)] ?? null : null;
}

/** The replay's "all revealed": every seat's hand. */
function handsPanel(ctx) {
  const hands = ctx.view.hands;
  if (!hands) return null;
  return h("section", { class: "panel vs-hands", id: "vs-hands" }, h("h2", {}, ctx.t("vs.hands")),
    h("ul", {}, Object.entries(hands).map(([seat, hand]) => h("li", {}, h("strong", {}, who(ctx, Number(seat))), ctx.t("colon"),
      h("span", { class: "vs-cards" }, (hand || []).map((id) => cardTile(ctx, id)))))));
}

function handPanel(ctx) {
  const hand = ctx.view.hand;
  if (!hand) return handsPanel(ctx);
  const chosen = ctx.ui.vsCard;
  // the copy chosen, of two alike (a play-test's two copies lit up together, and a tap on
  // the second closed the bar)
  const at = chosen && hand[ctx.ui.vsCardAt] === chosen ? ctx.ui.vsCardAt : hand.indexOf(chosen);
  const tiles = hand.map((id, i) => {
    const c = CARD[id] || { kind: "x", name: { fr: id, en: id } };
    const uses = usesOf(ctx, id);
    const playable = uses.some((a) => ["play_card", "request"].includes(a.type));
    const tile = h("li", {
      class: ["vs-hand-card", `vs-kind-${c.kind}`, playable && "vs-playable", chosen === id && i === at && "vs-chosen", uses.length && "vs-usable"],
      dataset: { card: id, i },
    },
    h("span", { class: "vs-card-name" }, tr(ctx, c.name)),
    h("span", { class: "vs-conds" }, conditions(ctx, c)),
    playable ? h("span", { class: "vs-play-mark" }, `▶ ${ctx.t("vs.card.playable")}`) : null);
    if (uses.length) {
      clickable(tile, () => {
        const again = chosen === id && at === i;
        ctx.ui.vsCard = again ? null : id;
        ctx.ui.vsCardAt = again ? null : i;
        ctx.ui.vsSure = null;
        // a tap's hover help would cover the bar's first line: the bar says what the card does
        hideHelp();
        ctx.ui.vsBarInSight = Boolean(ctx.ui.vsCard);
        ctx.rerender();
      }, tr(ctx, c.name));
    }
    // the help keeps off the chosen card's bar below the hand: its first lines say what the card
    // does and why it cannot be played now
    return withHelp(tile, cardHelp(ctx, id), `hand:${i}:${id}`, { place: "above" });
  });
  let bar = null;
  if (chosen && hand.includes(chosen)) {
    const uses = usesOf(ctx, chosen);
    const help = cardHelp(ctx, chosen);
    // targets outlined on the Register or a scale only for a card played or requested
    const outlined = uses.some((a) => ["play_card", "request"].includes(a.type)
      && (typeof a.seat === "number" || a.sovereign));
    bar = h("div", { class: "vs-card-bar", id: "vs-card-bar" },
      h("p", { class: "vs-chosen-line" }, ctx.t(outlined ? "vs.chosen" : "vs.chosen_below", { card: cardName(ctx, chosen) })),
      whyNotLine(ctx, chosen, uses),
      help && help.text ? h("p", { class: "vs-chosen-help muted small" }, help.text) : null,
      requestOdds(ctx, uses),
      h("div", { class: "vs-uses" }, uses.map((a) => {
        const pct = a.type === "request" ? requestChance(ctx, a.via_queen) : null;
        const guard = sureFirst(ctx, a, pct);
        return button(guard.asking ? guard.question(useLabel(ctx, a, false)) : useLabel(ctx, a), guard.go, {
          class: ["vs-use", `vs-use-${a.type}`, guard.asking && "vs-anyway"], disabled: !ctx.canAct, dataset: { kind: a.type },
        });
      }), button(ctx.t("vs.cancel"), () => {
        ctx.ui.vsCard = null;
        ctx.rerender();
      }, { class: "vs-cancel" })));
  }
  return h("section", { class: "panel vs-hand", id: "vs-hand" },
    h("h2", {}, ctx.t("vs.hand")),
    hand.length ? h("ul", { class: "vs-hand-cards" }, tiles) : h("p", { class: "muted" }, ctx.t("vs.hand_empty")),
    bar);
}

// ----- forms built from the legal actions ---------------------------------------------------

/**
 * A form whose menus are the values the legal actions of `type` take, each
 * menu narrowed by the choices before it (so every submission is one legal
 * action). fields: [{key, get(action)}]. Sends the legal action chosen;
 * note(action), if given, is a node shown above the button for it.
 */
/** A request or an audience no roll can grant (0%, §8.2): its first click
 *  only asks to be sure, saying so on the button; the second sends it (a
 *  play-test wasted an action on one). ``pct``: its chance, or null. */
function sureFirst(ctx, action, pct) {
  const key = JSON.stringify(action);
  const idle = movesNothing(ctx, action);
  const doubtful = pct === 0 || idle;
  return {
    asking: doubtful && ctx.ui.vsSure === key,
    idle,
    question: (what) => ctx.t(idle ? "vs.anyway_idle" : "vs.anyway", { what }),
    go: () => { // read at the click: a send disarms it before any redraw
      if (!doubtful || ctx.ui.vsSure === key) return send(ctx, action);
      ctx.ui.vsSure = key;
      ctx.rerender();
    },
  };
}

/** Whether playing `a` would move nothing (§9.4): a standing card on a courtier
 *  whose standings already stand at the scales' ends it pushes towards, each
 *  shift made as the rules make it (court.py `shift`: on the scale of the
 *  sovereign who hears it, the Regent's in a regency; clamped to the scale,
 *  STANDINGS, A4).
 *  A play-test's Queen's Smile on a courtier at 9 with the Queen read "9 → 9". */
function movesNothing(ctx, a) {
  const card = a && a.type === "play_card" ? CARD[a.card] : null;
  const c = card && card.shift && typeof a.seat === "number" ? courtier(ctx, a.seat) : null;
  if (!c || c.place !== "court") return false;
  const v = ctx.view;
  const alive = { king: Boolean(v.king && v.king.alive), queen: Boolean(v.queen && v.queen.alive) };
  const regency = Boolean(v.king && v.king.regency);
  const at = { king: c.king, queen: c.queen };
  for (const sov of ["king", "queen"]) {
    const track = regency ? (alive.queen ? "queen" : null) : (alive[sov] ? sov : null);
    if (track && card.shift[sov] && typeof at[track] === "number") {
      at[track] = Math.max(STANDINGS[0], Math.min(STANDINGS[STANDINGS.length - 1], at[track] + card.shift[sov]));
    }
  }
  return at.king === c.king && at.queen === c.queen;
}

function cascade(ctx, { id, type, fields, submit, title, help, list = null, note = null, chance = null }) {
  const legal = list || legalOf(ctx, type);
  if (!legal.length) return null;
  const memo = (ctx.ui[`vs_${id}`] = ctx.ui[`vs_${id}`] || {});
  let pool = legal;
  const rows = fields.map((f) => {
    const values = [];
    for (const a of pool) {
      const v = f.get ? f.get(a) : a[f.key];
      if (!values.some((x) => same(x, v))) values.push(v);
    }
    let at = values.findIndex((x) => same(x, memo[f.key]));
    if (at < 0) at = 0;
    const chosen = values[at];
    pool = pool.filter((a) => same(f.get ? f.get(a) : a[f.key], chosen));
    // nothing to choose (the power's use names no courtier): no menu of a lone "—"
    if (values.length === 1 && (chosen === null || chosen === undefined)) return null;
    const select = h("select", { dataset: { field: f.key }, name: f.key, id: `vs-${id}-${f.key}` },
      values.map((v, i) => h("option", { value: String(i) }, valueLabel(ctx, f.key, v))));
    select.value = String(at);
    select.addEventListener("change", () => {
      memo[f.key] = values[Number(select.value)];
      ctx.ui.vsSure = null;
      ctx.rerender();
    });
    return h("label", { class: "vs-field" }, h("span", {}, ctx.t(`vs.field.${f.key}`)), select);
  });
  const action = pool[0] && (pool[0].sends || pool[0]); // an entry may stand for another (giveForm)
  const guard = sureFirst(ctx, action, chance && action ? chance(action) : null);
  const form = h("form", { class: ["vs-form", `vs-form-${id}`], id: `vs-form-${id}`, autocomplete: "off" },
    title ? h("h3", {}, title) : null, help ? h("p", { class: "muted small" }, help) : null,
    h("div", { class: "vs-fields" }, rows),
    note ? note(action) : null,
    h("button", { type: "submit", class: ["primary", guard.asking && "vs-anyway"], disabled: !ctx.canAct, id: `vs-${id}-send` },
      guard.asking ? guard.question(submit) : submit));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (action) guard.go();
  });
  return form;
}

const AUDIENCE_FIELDS = {
  take_office: [{ key: "office" }, { key: "to" }],
  marry: [{ key: "partner" }],
  remarry_king: [{ key: "country" }],
  intervene: [{ key: "seat" }, { key: "sovereign" }, { key: "good" }],
  free_prisoner: [{ key: "seat" }],
  recall_exile: [{ key: "seat" }, { key: "sovereign" }],
};

function audienceForm(ctx) {
  const open = AUDIENCES.filter((type) => legalOf(ctx, type).length);
  if (!open.length) return null;
  let purpose = ctx.ui.vsPurpose;
  if (!open.includes(purpose)) purpose = open[0];
  const radios = AUDIENCES.map((type) => {
    const input = h("input", { type: "radio", name: "vs-purpose", value: type, disabled: !open.includes(type) });
    input.checked = type === purpose;
    input.addEventListener("change", () => {
      ctx.ui.vsPurpose = type;
      ctx.ui.vsSure = null;
      ctx.rerender();
    });
    return h("label", { class: ["vs-purpose", !open.includes(type) && "muted"], dataset: { purpose: type } }, input, " ", ctx.t(`vs.purpose.${type}`));
  });
  return h("div", { class: "vs-audience", id: "vs-audience" },
    h("h3", {}, `♔ ${ctx.t("vs.audience")}`),
    h("p", { class: "muted small" }, ctx.t("vs.audience_help")),
    h("fieldset", { class: "vs-purposes" }, h("legend", { class: "visually-hidden" }, ctx.t("vs.audience")), radios),
    cascade(ctx, {
      id: `aud-${purpose}`, type: purpose, fields: AUDIENCE_FIELDS[purpose], submit: ctx.t("vs.audience_send"),
      note: (action) => audienceOdds(ctx, action),
      chance: (action) => audienceChance(ctx, action),
    }));
}

function giveForm(ctx) {
  // a pair is one action whichever card is named first (the rules list it once, in the deck's
  // order): each is offered the other way round too, sending the rules' own (a play-test could
  // not give Justice second after choosing Philtre first)
  const gifts = legalOf(ctx, "give_cards");
  const turned = gifts.filter((a) => a.cards.length === 2 && a.cards[0] !== a.cards[1])
    .map((a) => ({ ...a, cards: [a.cards[1], a.cards[0]], sends: a }));
  return cascade(ctx, {
    id: "give", type: "give_cards", title: ctx.t("vs.give"), submit: ctx.t("vs.give_send"), list: [...gifts, ...turned],
    fields: [{ key: "to" }, { key: "card1", get: (a) => a.cards[0] }, { key: "card2", get: (a) => a.cards[1] ?? null }],
  });
}

function powerForm(ctx) {
  return cascade(ctx, {
    id: "power", type: "use_power", title: `⚖ ${ctx.t("vs.power")}`, submit: ctx.t("vs.power_send"),
    fields: [{ key: "power" }, { key: "use" }, { key: "seat" }],
  });
}

function turnPanel(ctx) {
  const v = ctx.view;
  if (ctx.seat === null || ctx.replay) return null;
  const location = legalOf(ctx, "set_location");
  const party = legalOf(ctx, "choose_party");
  const mine = v.stage === "play" && v.current === ctx.seat;
  const dead = deadNote(ctx);
  if (!mine && !location.length && !party.length && !dead) return null;
  const draw = legalOf(ctx, "draw")[0];
  const end = legalOf(ctx, "end_turn")[0];
  return h("section", { class: "panel vs-turn", id: "vs-turn" },
    h("h2", {}, ctx.t(mine || location.length || party.length ? "vs.turn_panel" : "vs.dead_panel")),
    dead,
    location.length ? h("div", { class: "vs-location-q" }, h("p", {}, ctx.t("vs.location_q")),
      location.map((a) => button(ctx.t(a.place === "hunt" ? "vs.go_hunt" : "vs.stay_versailles"), () => send(ctx, a),
        { class: "action", disabled: !ctx.canAct, dataset: { place: a.place } }))) : null,
    party.length ? h("div", {}, h("p", {}, ctx.t("vs.choose_party")),
      party.map((a) => button(ctx.t(`vs.party.${a.party}`), () => send(ctx, a), { class: "action", disabled: !ctx.canAct }))) : null,
    mine ? h("p", { class: "vs-left" }, ctx.t("vs.actions_left", { n: v.actions_left })) : null,
    mine && !end && legalOf(ctx, "discard").length ? h("p", { class: "vs-discard-help" }, ctx.t("vs.discard_help", { limit: HAND_LIMIT })) : null,
    mine ? h("div", { class: "vs-turn-buttons" },
      draw ? button(ctx.t("vs.draw"), () => send(ctx, draw), { class: "action", id: "vs-draw", disabled: !ctx.canAct }) : null,
      // a turn ended with actions left says so on its button: they are lost (§7.41)
      end ? button(v.actions_left > 0 ? ctx.t("vs.end_turn_unused", { n: v.actions_left }) : ctx.t("vs.end_turn"),
        () => send(ctx, end), { class: "action", id: "vs-end-turn", disabled: !ctx.canAct }) : null) : null,
    mine ? h("div", { class: "vs-turn-forms" }, audienceForm(ctx), giveForm(ctx), powerForm(ctx)) : null);
}

// ----- the choice of one's courtier (§6) --------------------------------------------------

/** The seat whose courtier already bears this family name (his sex chosen), or null: the
 *  same name, or one differing only by its particle "de"/"d'" (E21, rules.py family_problem). */
function familyHolder(ctx, family) {
  if (!family) return null;
  const keys = familyKeys(family);
  const other = (ctx.view.courtiers || []).find((c) => c.seat !== ctx.seat && c.sex && c.family
    && familyKeys(c.family).some((k) => keys.includes(k)));
  return other ? other.seat : null;
}

/** A typed family name as it is sent: trimmed, single spaces. */
function typedFamily(value) {
  return value.trim().replace(/\s+/g, " ");
}

/** What the family check shows for a typed name: why it is no family name (§6, after a
 *  refused send), that another family bears it (naming its player), or nothing, in the
 *  page's words. Recomputed from the name and the view as
 *  either changes, never kept: an edit or an undo leaves no stale "taken". */
function familyCheck(ctx, value) {
  const family = typedFamily(value);
  // what makes a name none is said once a send was refused, then as the name is mended: not
  // at each keystroke of a name being typed ("D" is too short only until "Dupont")
  const problem = family && ctx.ui.vsFamilyTried ? familyNameProblem(family, DATA.family_name) : null;
  if (problem) {
    return [h("p", { class: "action-error vs-family-bad", role: "alert", dataset: { kind: problem.kind } },
      ctx.t(`vs.family_bad.${problem.kind}`, problem))];
  }
  const holder = familyHolder(ctx, family);
  return holder === null ? [] : [h("p", { class: "action-error vs-family-taken", role: "alert" },
    ctx.t("vs.family_taken", { who: ctx.name(holder), family: courtier(ctx, holder).family }))];
}

/** Whether the page refuses a typed family name before sending it: not a name
 *  (§6, etiquette.py family_name_problem), or another family's. */
function familyRefused(ctx, family) {
  return (!!family && familyNameProblem(family, DATA.family_name) !== null) || familyHolder(ctx, family) !== null;
}

function sexPanel(ctx) {
  const legal = legalOf(ctx, "choose_sex");
  if (!legal.length || ctx.seat === null) return null;
  const drawn = (courtier(ctx, ctx.seat) || {}).family || "";
  // the name drawn proposed as the family's (§6: "Each player chooses: a NAME", "de la Tour
  // qui Penche"), editable. Not the player's own: a family named after its player makes
  // that name the courtier's, and calling a player by it a breach no more (decision E20)
  const player = String(ctx.name(ctx.seat) || "").trim();
  const proposal = ctx.ui.vsFamily ?? (drawn || (NAME_OK.test(player) && player.length >= 2 ? player : ""));
  const input = h("input", { type: "text", id: "vs-family", maxlength: "40", required: true, name: "family", autocomplete: "off" });
  input.value = proposal;
  const check = h("div", { class: "vs-family-check" }, familyCheck(ctx, proposal));
  // the name drawn was only named in the help, to be typed in again; a button puts it back,
  // idle while the field holds it (a play-test was offered the name its field already said)
  const takeDrawn = drawn ? button(ctx.t("vs.family_drawn", { drawn }), () => {
    input.value = drawn;
    typed(drawn);
    input.focus();
  }, { class: "small", id: "vs-family-drawn" }) : null;
  const typed = (value) => {
    ctx.ui.vsFamily = value;
    check.replaceChildren(...familyCheck(ctx, value));
    if (takeDrawn) takeDrawn.disabled = value.trim() === drawn;
  };
  if (takeDrawn) takeDrawn.disabled = proposal.trim() === drawn;
  input.addEventListener("input", () => typed(input.value));
  const sexes = ["man", "woman"].filter((x) => legal.some((a) => a.sex === x));
  const pick = ctx.ui.vsSex && sexes.includes(ctx.ui.vsSex) ? ctx.ui.vsSex : sexes[0];
  const radios = sexes.map((x) => {
    const r = h("input", { type: "radio", name: "vs-sex", value: x, id: `vs-sex-${x}` });
    r.checked = x === pick;
    r.addEventListener("change", () => {
      ctx.ui.vsSex = x;
    });
    return h("label", { class: "vs-sex" }, r, " ", ctx.t(`vs.sex.${x}`));
  });
  const form = h("form", { class: "vs-form vs-sex-form", id: "vs-sex-form", autocomplete: "off" },
    h("div", { class: "vs-fields" }, radios),
    h("label", { class: "vs-field" }, h("span", {}, ctx.t("vs.family")), input),
    takeDrawn,
    check,
    h("button", { type: "submit", class: "primary", id: "vs-sex-send", disabled: !ctx.canAct }, ctx.t("vs.choose_sex_send")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const sex = form.querySelector("input[name=vs-sex]:checked");
    const family = typedFamily(input.value);
    // a name that is none, or another family's (§6: the names tell the families apart), is
    // refused here, in the page's words (familyCheck says why), rather than by the server's English
    if (familyRefused(ctx, family)) {
      ctx.ui.vsFamilyTried = true;
      typed(input.value);
      input.focus();
    } else send(ctx, { type: "choose_sex", sex: sex ? sex.value : pick, family: family || null });
  });
  return h("section", { class: "panel vs-choose", id: "vs-choose" },
    h("h2", {}, ctx.t("vs.choose_sex")),
    h("p", { class: "muted" }, ctx.t("vs.choose_sex_help")), form);
}

// ----- the negotiation (§7.2) ----------------------------------------------------------------

function payForm(ctx) {
  const pays = legalOf(ctx, "pay");
  if (!pays.length) {
    // negotiating with no 500 livres to pay: say so where the form would be (a play-test
    // saw it vanish, the help still saying "Pay (in 500s)")
    const mine = courtier(ctx, ctx.seat);
    const poor = mine && (Number(mine.fortune) || 0) < PAY_UNIT; // not the window's limit reached
    return legalOf(ctx, "done").length && poor ? h("p", { class: "muted small", id: "vs-pay-none" },
      ctx.t("vs.pay_none", { amount: sumText(ctx, mine.fortune || 0), unit: livreWord(ctx, mine.fortune || 0) })) : null;
  }
  const targets = [...new Set(pays.map((a) => a.to))];
  const max = Math.max(...pays.map((a) => a.amount));
  const memo = (ctx.ui.vsPay = ctx.ui.vsPay || {});
  const to = h("select", { id: "vs-pay-to", name: "to" }, targets.map((s) => h("option", { value: String(s) }, who(ctx, s))));
  if (targets.includes(memo.to)) to.value = String(memo.to);
  const amount = h("input", { type: "number", id: "vs-pay-amount", min: String(PAY_UNIT), max: String(max), step: String(PAY_UNIT), value: String(memo.amount || PAY_UNIT), required: true });
  to.addEventListener("change", () => {
    memo.to = Number(to.value);
  });
  amount.addEventListener("input", () => {
    amount.setCustomValidity("");
    memo.amount = amount.value;
  });
  // the browser's own words are in its language, not the page's (a French page said "Please
  // enter a valid value"): the page says what it takes
  amount.addEventListener("invalid", () => amount.setCustomValidity(
    ctx.t("vs.pay_bad", { unit: sumText(ctx, PAY_UNIT), max: sumText(ctx, max) })));
  const form = h("form", { class: "vs-form vs-pay", id: "vs-pay-form", autocomplete: "off" },
    h("h3", {}, ctx.t("vs.pay")),
    h("div", { class: "vs-fields" },
      h("label", { class: "vs-field" }, h("span", {}, ctx.t("vs.pay_to")), to),
      h("label", { class: "vs-field" }, h("span", {}, ctx.t("vs.amount")), amount)),
    h("button", { type: "submit", class: "primary", id: "vs-pay-send", disabled: !ctx.canAct }, ctx.t("vs.pay_send")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    memo.amount = null;
    send(ctx, { type: "pay", to: Number(to.value), amount: amount.valueAsNumber });
  });
  return form;
}

function showForm(ctx) {
  return cascade(ctx, {
    id: "show", type: "show_card", title: ctx.t("vs.show"), submit: ctx.t("vs.show_send"),
    fields: [{ key: "card" }, { key: "to" }],
  });
}

function negotiationPanel(ctx) {
  const v = ctx.view;
  if (v.stage !== "negotiation" || ctx.replay) return null;
  const phase = ctx.phase;
  const timed = phase && ((phase.deadline !== null && phase.deadline !== undefined) || typeof phase.seconds_left === "number");
  const clock = timed && ctx.countdown // standing still while the table is paused (no deadline)
    ? ctx.countdown(phase.deadline, ctx.t("vs.time_left"), { id: "vs-countdown", total: phase.time_limit, left: phase.seconds_left }) : null;
  const open = new Set(v.negotiating || []);
  const mayDone = ctx.seat !== null && legalOf(ctx, "done").length > 0 && open.has(ctx.seat);
  // the Chamberlain's Done first lets the waiting breaches pass, and he negotiates on (E15)
  const passes = mayDone && ctx.seat === v.grand_chamberlain && (v.breaches || []).length > 0;
  return h("section", { class: "panel vs-negotiation", id: "vs-negotiation" },
    h("h2", {}, `⚖ ${ctx.t("vs.negotiation")}`, clock ? h("span", { class: "vs-clock" }, clock) : null),
    h("p", { class: "muted small" }, ctx.t("vs.negotiation_help")),
    h("ul", { class: "vs-done-list" }, (v.courtiers || []).map((c) => h("li", {
      class: open.has(c.seat) ? "vs-open" : "vs-is-done", dataset: { seat: c.seat, done: open.has(c.seat) ? "0" : "1" },
    }, marker(ctx, c.seat), " ", who(ctx, c.seat), " — ",
    h("span", { class: "muted" }, open.has(c.seat) ? ctx.t("vs.negotiating") : `✓ ${ctx.t("vs.is_done")}`)))),
    // Done before the forms: a phone's play-test found it half under the bottom bar at
    // first sight, below the payment and the showing it may not want
    passes ? h("p", { class: "vs-done-pass-note" }, ctx.t("vs.done_pass_note")) : null,
    mayDone ? button(passes ? ctx.t("vs.let_pass") : `✓ ${ctx.t("vs.done")}`, () => send(ctx, { type: "done" }), {
      class: "primary", id: "vs-done", disabled: !ctx.canAct, dataset: { passes: passes ? "1" : "0" },
    }) : null,
    ctx.seat !== null ? h("div", { class: "vs-neg-forms" }, payForm(ctx), showForm(ctx)) : null,
    h("p", { class: "muted small vs-chat-hint" }, ctx.t("vs.chat_hint")));
}

// ----- etiquette: breaches, fines, the chat's marks (§3, §4) ------------------------------------

/** Why waiting breaches went unfined (rules.py _lapse, decision E15): the Chamberlain let them
 *  pass, time was called on him, or the turn ended before any ruling and they lapsed (events are
 *  made again from the stored moves, so every page gets ``why``). */
function passLine(ctx, e) {
  const d = e.data || {};
  const why = d.why || "done";
  return ctx.t(`vs.log.pass_${why}${(d.breaches || []).length > 1 ? "_n" : ""}`);
}

function reason(ctx, code) {
  const key = `vs.code.${code}`;
  const text = ctx.t(key);
  return text === key ? code : text;
}

/** Every breach the page has seen, with its fate: pending, fined or passed. */
function breachList(ctx) {
  // made once a context: the log describes each breach line with it (a redraw read the
  // whole log again for every breach)
  const events = ctx.events || [];
  const kept = BREACHES.get(events);
  if (kept && kept.view === ctx.view) return kept.list;
  const list = readBreaches(ctx, events);
  BREACHES.set(events, { view: ctx.view, list });
  return list;
}

/** breachList's answers, by the events they were read from (a context's own array). */
const BREACHES = new WeakMap();

function readBreaches(ctx, events) {
  const out = new Map();
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === "breach") out.set(d.breach, { ...d, state: "pending", index: e.index });
    else if (e.kind === "etiquette") { // the advice after its ruling: what to say instead, and where
      const ruled = [...out.values()].filter((b) => b.seat === d.seat && b.code === d.code).pop();
      if (ruled && d.expected) ruled.expected = d.expected;
      if (ruled && typeof d.message === "number") ruled.message = d.message;
    }
    else if (e.kind === "fine" && out.has(d.breach)) out.get(d.breach).state = "fined";
    else if (e.kind === "breaches_pass") for (const n of d.breaches || []) if (out.has(n)) out.get(n).state = "passed";
  }
  const waiting = new Set((ctx.view.breaches || []).map((b) => b.breach));
  for (const b of out.values()) if (b.state === "pending" && !waiting.has(b.breach)) b.state = "passed";
  return [...out.values()];
}

/** What the checker expected instead of a breach's words, where the server's
 *  note after the ruling says (" · dites « vous »"). */
function expectedText(ctx, b) {
  return b && b.expected ? ` · ${ctx.t("vs.breach_expected", { expected: b.expected })}` : "";
}

function breachPanel(ctx) {
  const pending = ctx.view.breaches || [];
  if (!pending.length || ctx.replay) return null;
  const ruled = new Map(breachList(ctx).map((b) => [b.breach, b]));
  const fines = new Map(legalOf(ctx, "fine").map((a) => [a.breach, a]));
  // the Chamberlain's Done lets the breaches pass (E15), beside the fines (in the negotiation
  // the panel's Done says so too, and he negotiates on)
  const pass = legalOf(ctx, "done")[0];
  return h("section", { class: "panel vs-breaches", id: "vs-breaches" },
    h("h2", {}, `⚠ ${ctx.t("vs.breaches")}`),
    h("ul", {}, pending.map((b) => h("li", { dataset: { breach: b.breach, seat: b.seat } },
      ctx.t("vs.breach_line", { who: who(ctx, b.seat), reason: reason(ctx, b.code), words: b.words }),
      expectedText(ctx, ruled.get(b.breach)), " ",
      fines.has(b.breach) ? button(`⚖ ${ctx.t("vs.fine")}`, () => send(ctx, fines.get(b.breach)), {
        class: "vs-fine-button", disabled: !ctx.canAct, dataset: { breach: b.breach },
      }) : h("span", { class: "muted" }, `(${ctx.t("vs.breach.pending")})`)))),
    pass && fines.size ? button(ctx.t("vs.let_pass"), () => send(ctx, pass), { class: "vs-pass-button", disabled: !ctx.canAct }) : null);
}

function fold(text) {
  return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[’']/g, "'");
}

/** Whether a message holds a breach's words: the quote itself, or each of
 *  the words it lists ("tu, ta": the familiar pronouns, wherever they stand). */
function holdsWords(text, words) {
  const folded = fold(text);
  const quoted = fold(words);
  return folded.includes(quoted) || quoted.split(",").map((w) => w.trim()).filter(Boolean)
    .every((w) => folded.includes(w));
}

/** The chat message each breach was found in: the one the server's note
 *  after the ruling names (`message`), else (a game recorded before notes
 *  named it) a public message of its author that holds the words. The
 *  referee rules right after each message, so one
 *  seat's breaches come in the order of its messages: read from its last
 *  breach back, each is in the latest such message not after the one the next
 *  breach is in (before it, when the next is the same fault in the same
 *  words: one address is one breach, E10). A later message holding the same
 *  words ("@zoé on échange ?" after "Zoé, vous me donnez votre carte ?") does
 *  not take the earlier one's marks. */
function breachesByMessage(ctx) {
  const byMessage = new Map();
  const messages = (ctx.chat || []).filter((m) => m.to === null || m.to === undefined)
    .sort((a, b) => a.id - b.id);
  const bySeat = new Map();
  for (const b of [...breachList(ctx)].sort((x, y) => x.breach - y.breach)) bySeat.set(b.seat, [...(bySeat.get(b.seat) || []), b]);
  for (const [seat, breaches] of bySeat) {
    let bound = Infinity;
    let next = null;
    for (const b of [...breaches].reverse()) {
      const same = next && next.code === b.code && fold(next.words) === fold(b.words);
      // a breach whose note names its message goes there, or nowhere while the page
      // has not that message (never to another holding the same words)
      const found = typeof b.message === "number" ? messages.find((m) => m.id === b.message)
        : messages.filter((m) => m.seat === seat && (same ? m.id < bound : m.id <= bound)
          && holdsWords(m.text, b.words)).pop();
      if (!found) continue;
      bound = found.id;
      next = b;
      if (!byMessage.has(found.id)) byMessage.set(found.id, []);
      byMessage.get(found.id).unshift(b);
    }
  }
  return byMessage;
}

/** The table's chat lines that breached etiquette, each with its marks (the chatNotes hook). */
function chatNotes(ctx) {
  const notes = new Map();
  for (const [id, found] of breachesByMessage(ctx)) {
    notes.set(id, {
      class: "vs-breach",
      node: h("span", { class: "vs-breach-note", dataset: { breaches: found.map((b) => b.breach).join(" ") } },
        found.map((b) => h("span", { class: ["vs-breach-item", `vs-breach-${b.state}`], dataset: { breach: b.breach, code: b.code, state: b.state } },
          `⚠ ${ctx.t("vs.breach_mark", { reason: reason(ctx, b.code), words: b.words })}${expectedText(ctx, b)} (${ctx.t(`vs.breach.${b.state}`)})`))),
    });
  }
  return notes;
}

// ----- the hooks -----------------------------------------------------------------------------------

/** The last run of one seat's actions, in the log's words; its seat named as the log names
 *  him in its first line, as he was before the move (a Count granted by it is not yet one). */
function lastMovePanel(ctx) {
  const last = ctx.lastMove;
  if (!last || ctx.replay) return null;
  const first = last.events[0] || (last.followed || [])[0];
  const by = last.seat === null || last.seat === undefined ? ctx.t("seat.referee")
    : who(first ? asThen(first, ctx) : ctx, last.seat);
  return lastMoveSection(ctx, last, by, (e) => describeEvent(e, ctx) || ctx.withNames(e.text), "vs-last");
}

// ----- the end of the game ---------------------------------------------------------------------

/** The final standing, as Fief's and Courtisans' end show theirs: the courtiers by
 *  fortune (rules.py _result: the scores are the fortunes, the richest wins, A41),
 *  ranked (a tie shares a rank), the winners crowned. */
function finalSection(ctx) {
  const v = ctx.view;
  const winners = (ctx.result && ctx.result.winners) || [];
  const rows = (v.courtiers || []).map((c) => ({ seat: c.seat, c, fortune: Number(c.fortune) }))
    .sort((a, b) => b.fortune - a.fortune || a.seat - b.seat);
  const rankOf = (r) => 1 + rows.filter((o) => o.fortune > r.fortune).length;
  const goal = Number(v.goal) || 0;
  const limit = Number(((ctx.table && ctx.table.options) || {}).turn_limit) || 0;
  const how = goal && rows.some((r) => r.fortune >= goal) ? ctx.t("vs.final.by_goal", { goal: sumText(ctx, goal) })
    : limit ? ctx.t("vs.final.by_turns", { turn: v.turn, limit }) : null;
  const reached = how && goal && rows[0].fortune >= goal ? goalReached(ctx) : null;
  return h("section", { class: "final vs-final", id: "final", "aria-labelledby": "final-title" },
    h("h2", { id: "final-title" }, "♔ ", ctx.t("final.title")),
    h("p", { class: "final-winners" }, ctx.t("final.winner", { who: ctx.joinNames(winners.map(ctx.name)), n: winners.length })),
    how ? h("p", { class: "vs-final-how" }, how) : null,
    reached ? h("p", { class: "vs-final-reached", id: "vs-final-reached" }, ctx.t("vs.final.reached", { line: reached })) : null,
    h("div", { class: "table-scroll" }, h("table", { class: "scores vs-scores" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", class: "num" }, ctx.t("vs.final.rank")),
        h("th", { scope: "col" }, ctx.t("vs.col.courtier")),
        h("th", { scope: "col", class: "num" }, ctx.t("vs.col.fortune")))),
      h("tbody", {}, rows.map((r) => h("tr", {
        class: winners.includes(r.seat) ? "winner" : null, dataset: { seat: r.seat, rank: rankOf(r) },
      },
      h("td", { class: "num vs-rank" }, String(rankOf(r))),
      h("th", { scope: "row" }, winners.includes(r.seat) ? "♔ " : "", marker(ctx, r.seat), " ", ctx.name(r.seat),
        r.c.address ? h("div", { class: "muted small vs-final-address" }, r.c.address.full) : null),
      h("td", { class: ["num", "total", r.fortune < 0 && "vs-debt"], dataset: { fortune: r.fortune } },
        livres(ctx, r.fortune))))))),
    h("p", { class: "muted" }, ctx.t("vs.final.rule")));
}

/** The move that took a fortune past the goal, as the log says it: the last
 *  income, payment or sum before the end (a play-test's winner passed it with
 *  his share of his wife's income, in another's turn, and the end said only
 *  that a courtier had amassed the goal). */
function goalReached(ctx) {
  const events = [...(ctx.events || [])].sort((a, b) => b.index - a.index);
  const last = events.find((e) => ["income", "pay", "fortune"].includes(e.kind));
  return last ? describeEvent(last, ctx) : null;
}

function render(root, ctx) {
  tileCount = 0;
  // the end of the game: at the table, and at a replay's last step (the same final view)
  const atEnd = !ctx.replay || ctx.replay.step >= ctx.replay.steps;
  const over = ctx.table && ctx.table.status === "over" && ctx.result && atEnd;
  const targets = cardTargets(ctx);
  const chosen = ctx.ui.vsCard;
  if (chosen && !(ctx.view.hand || []).includes(chosen)) ctx.ui.vsCard = null;
  root.append(h("div", { class: "vs-board" },
    over ? finalSection(ctx) : null,
    statusBar(ctx),
    marriedNote(ctx),
    sexPanel(ctx),
    // the breaches first: the Chamberlain's Fine buttons and "let pass" together, at the top
    // (a phone's play-test found Fine far below the negotiation's "let pass")
    breachPanel(ctx),
    negotiationPanel(ctx),
    h("section", { class: "panel vs-court", id: "vs-court" },
      h("div", { class: "vs-scales" }, scale(ctx, "king", targets), scale(ctx, "queen", targets)),
      europe(ctx)),
    handPanel(ctx),
    turnPanel(ctx),
    placesRow(ctx),
    register(ctx, targets),
    lastMovePanel(ctx),
    ctx.seat !== null && !ctx.replay ? h("details", { class: "vs-more", id: "vs-more", open: Boolean(ctx.ui.vsMore) ? true : null },
      h("summary", {}, ctx.t("vs.more")), actions(ctx)) : null));
  const more = root.querySelector("#vs-more");
  if (more) more.addEventListener("toggle", () => { ctx.ui.vsMore = more.open; });
  const bar = root.querySelector("#vs-card-bar");
  if (bar && ctx.ui.vsBarInSight) {
    ctx.ui.vsBarInSight = false; // once, when the card is chosen: the player scrolls as they like after
    requestAnimationFrame(() => bringIntoSight(bar));
  }
}

/** On one's own page, through the game turn another's audience married one: by
 *  whom, and that one's consent was not needed (§8.4: "The other partner does not
 *  need to agree"; a play-test's player was married by a bot unawares). */
function marriedNote(ctx) {
  if (ctx.seat === null || ctx.replay) return null;
  let found = null;
  for (const e of [...(ctx.events || [])].sort((a, b) => a.index - b.index)) {
    if (e.kind === "turn") found = null; // a new game turn: the news is old
    else if (e.kind === "marriage" && e.data && e.data.partner === ctx.seat) found = e;
  }
  if (!found) return null;
  const me = courtier(ctx, ctx.seat);
  return h("p", { class: "vs-married-note", id: "vs-married-note", role: "status" },
    ctx.t(`vs.married_you.${me && me.sex === "woman" ? "woman" : "man"}`, { who: who(ctx, found.data.seat) }));
}

/** Scroll the least that shows `el` between the sticky banner and the phone's bottom
 *  bar (its top first, when it is taller than that room): a phone's card bar is
 *  below the whole hand, off screen when a card of the first rows is tapped. */
function bringIntoSight(el) {
  if (!el.isConnected) return;
  const banner = document.getElementById("banner");
  const jumpbar = document.getElementById("jumpbar");
  const top = Math.max(0, banner ? banner.getBoundingClientRect().bottom : 0) + 8;
  const navTop = jumpbar && getComputedStyle(jumpbar).display !== "none" ? jumpbar.getBoundingClientRect().top : window.innerHeight;
  const bottom = navTop - 8;
  const r = el.getBoundingClientRect();
  if (r.top >= top && r.bottom <= bottom) return;
  const dy = r.height > bottom - top || r.top < top ? r.top - top : r.bottom - bottom;
  window.scrollBy({ top: dy, left: 0, behavior: "instant" });
}

function banner(ctx) {
  const v = ctx.view;
  if (!v || ctx.replay || (ctx.table && ctx.table.status !== "playing") || ctx.seat === null) return null;
  // each asks where its panel is, and links there (`jump`)
  if ((v.breaches || []).length && legalOf(ctx, "fine").length) return { text: ctx.t("vs.banner.fine"), kind: "mine", jump: "vs-breaches" };
  if (legalOf(ctx, "choose_sex").length) return { text: ctx.t("vs.banner.sex"), kind: "mine", jump: "vs-choose" };
  // the turn panel's questions are below the hand: the banner says what is asked
  if (legalOf(ctx, "set_location").length) return { text: ctx.t("vs.banner.location"), kind: "mine", jump: "vs-turn" };
  if (legalOf(ctx, "choose_party").length) return { text: ctx.t("vs.banner.party"), kind: "mine", jump: "vs-turn" };
  if (v.stage === "negotiation") {
    const open = v.negotiating || [];
    if (open.includes(ctx.seat)) return { text: ctx.t("vs.banner.negotiate"), kind: "mine", jump: "vs-negotiation" };
    return { text: ctx.t("vs.banner.negotiate_wait", { who: ctx.joinNames(open.map((s) => who(ctx, s))) || "—" }), kind: "wait" };
  }
  if (v.stage === "play" && v.current === ctx.seat) {
    // no action left: what keeps the turn open is the hand limit, else an office's power
    const over = (v.hand || []).length - HAND_LIMIT;
    if (v.actions_left <= 0 && over > 0 && legalOf(ctx, "discard").length) {
      return { text: ctx.t("vs.banner.discard", { limit: HAND_LIMIT, n: over }), kind: "mine", jump: "vs-hand" };
    }
    // an office's power is named only to one who has one to use (a play-test held none)
    if (v.actions_left <= 0) return { text: ctx.t(legalOf(ctx, "use_power").length ? "vs.banner.no_action" : "vs.banner.no_action_end"), kind: "mine", jump: "vs-turn" };
    // away from court, what one may still do (§11, §12): the menus alone would not say why
    const place = (courtier(ctx, ctx.seat) || {}).place;
    const away = place === "exile" || place === "bastille" ? ` ${ctx.t(`vs.banner.${place}`)}` : "";
    return { text: ctx.t("vs.banner.play", { n: v.actions_left }) + away, kind: "mine", jump: "vs-turn" };
  }
  return null;
}

function purposeText(ctx, a) {
  if (!a) return "";
  const bits = Object.entries(a).filter(([k]) => k !== "type").map(([k, val]) => valueLabel(ctx, k, val));
  return `${ctx.t(`vs.purpose.${a.type}`)}${bits.length ? ` (${bits.join(", ")})` : ""}`;
}

// ----- the log names courtiers as they were (§3) -----------------------------------------------
// The page draws every line anew from today's view; a line's forms of address
// are those known when its event arrived, kept here by the event's index.

/** What a log line names courtiers by, from a view: each seat's sex and form
 *  of address, and whether the Regent hears (§10.1). */
function namesOf(view) {
  return {
    courtiers: (view.courtiers || []).map((c) => ({ seat: c.seat, sex: c.sex, address: c.address || null })),
    regency: !!(view.king && view.king.regency),
  };
}

/** A move's names: each courtier as he was before it (the victim of a death
 *  card still "Madame la Comtesse"); one who had no form then (a new heir,
 *  a courtier just presented) as he is after it, as the terminal does. */
function namesThen(before, after) {
  const courtiers = after.courtiers.map((now, seat) => {
    const then = before.courtiers[seat];
    return then && then.address ? then : now;
  });
  return { courtiers, regency: before.regency };
}

const past = { table: null, view: null, now: null, before: null, at: new Map(), saving: false };

function namesKey(table) {
  return `courtly.vs.names.${table}`;
}

/** The names kept by this tab for a table's events (a reload keeps them). */
function keptNames(table) {
  const at = new Map();
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(namesKey(table)) || "null");
    if (!saved || !Array.isArray(saved.names)) return at;
    for (const [index, k] of Object.entries(saved.at || {})) if (saved.names[k]) at.set(Number(index), saved.names[k]);
  } catch (err) {
    console.warn(err); // a store refused or spoilt: only this page's lines keep their names
  }
  return at;
}

/** Keep the names once the page's events are drawn: each set of names once,
 *  the events by index (a game's forms change a few dozen times). */
function keepNames() {
  if (past.saving) return;
  past.saving = true;
  queueMicrotask(() => {
    past.saving = false;
    const seen = new Map();
    const names = [];
    const at = {};
    for (const [index, then] of past.at) {
      if (!then) continue;
      const json = JSON.stringify(then);
      if (!seen.has(json)) seen.set(json, names.push(then) - 1);
      at[index] = seen.get(json);
    }
    try {
      window.sessionStorage.setItem(namesKey(past.table), JSON.stringify({ names, at }));
    } catch (err) {
      console.warn(err);
    }
  });
}

/** The names an event's line uses (null: the view's own). An event that
 *  arrives with a new view is named as the view before it had its courtiers
 *  (kept by the tab, so a reload keeps them); the events the page found on
 *  loading it, with none kept, or in a replay (its view is that step's), are
 *  named by the view they came with, the page knowing no other. */
function namesAt(e, ctx) {
  if (ctx.replay || typeof e.index !== "number" || !ctx.table || !ctx.view) return null;
  if (past.table !== ctx.table.id) {
    Object.assign(past, { table: ctx.table.id, view: null, now: null, before: null, at: keptNames(ctx.table.id) });
  }
  if (ctx.view !== past.view) {
    past.before = past.now; // none on the page's first view
    past.view = ctx.view;
    past.now = namesOf(ctx.view);
  }
  if (!past.at.has(e.index)) {
    const then = past.before ? namesThen(past.before, past.now) : null;
    past.at.set(e.index, then);
    if (then) keepNames();
  }
  return past.at.get(e.index);
}

/** An income paid (§7.41): shared with a spouse (§8.4, A19), what each received. */
function incomeLine(ctx, d) {
  const shares = Object.entries(d.shares || {}).map(([seat, amount]) => [Number(seat), amount]);
  const spouse = shares.find(([seat]) => seat !== d.seat);
  if (!spouse) return ctx.t("vs.log.income", { who: who(ctx, d.seat), total: sumText(ctx, d.total), unit: livreWord(ctx, d.total) });
  const mine = shares.find(([seat]) => seat === d.seat);
  return ctx.t("vs.log.income_shared", {
    who: who(ctx, d.seat), total: sumText(ctx, d.total), mine: sumText(ctx, mine ? mine[1] : 0),
    spouse: who(ctx, spouse[0]), theirs: sumText(ctx, spouse[1]),
  });
}

/** An audience's purpose in words, as its menu says it (§8.4): "speak ill of
 *  … to the King"; the Regent named where she hears it (§10.1). */
function audienceWords(ctx, a) {
  const regency = !!(ctx.view.king && ctx.view.king.regency);
  const sov = a.sovereign ? { sov: hearer(ctx, a.sovereign), to: ctx.t(`vs.sov.${regency ? "regent" : a.sovereign}_to`) } : {};
  switch (a.type) {
    case "take_office":
      return typeof a.to === "number" ? ctx.t("vs.aud.take_office", { office: cardName(ctx, a.office), to: who(ctx, a.to) })
        : ctx.t("vs.aud.take_office_house", { office: cardName(ctx, a.office) });
    case "marry": return ctx.t("vs.aud.marry", { partner: who(ctx, a.partner) });
    case "remarry_king": return ctx.t("vs.aud.remarry_king", { from: ctx.t(`vs.from.${a.country}`) });
    case "intervene": return ctx.t(`vs.aud.intervene_${a.good ? "true" : "false"}`, { who: who(ctx, a.seat), ...sov });
    case "free_prisoner": return ctx.t("vs.aud.free_prisoner", { who: who(ctx, a.seat) });
    case "recall_exile": return ctx.t("vs.aud.recall_exile", { who: who(ctx, a.seat), ...sov });
    default: return purposeText(ctx, a);
  }
}

function describeEvent(e, ctx) {
  return eventLine(e, asThen(e, ctx));
}

/** `ctx` naming courtiers as the log's line of `e` does (namesAt): as they were then. */
function asThen(e, ctx) {
  const then = namesAt(e, ctx);
  const view = ctx.view || {};
  return then ? { ...ctx, namedThen: true, view: { ...view, courtiers: then.courtiers, king: { ...(view.king || {}), regency: then.regency } } } : ctx;
}

/** A death (§10.4): the courtier named as he was before it. Only by the names of then: today's
 *  form of the seat is none (the dead awaits his heir) or his heir's. */
function deathLine(ctx, seat) {
  const c = ctx.namedThen ? courtier(ctx, seat) : null;
  return c && c.address ? ctx.t("vs.log.death_named", { who: who(ctx, seat) }) : ctx.t("vs.log.death", { who: ctx.name(seat) });
}

/** An event's line, its courtiers named by `ctx.view` (describeEvent's). */
function eventLine(e, ctx) {
  const d = e.data || {};
  const w = (seat) => who(ctx, seat);
  // French participles agree with the courtier (as the line names him)
  const fem = (seat) => (courtier(ctx, seat)?.sex === "woman" ? "e" : "");
  switch (e.kind) {
    case "sex": return ctx.t("vs.log.sex", { who: ctx.name(d.seat), sex: ctx.t(`vs.card.${d.sex}`), family: d.family });
    case "turn": return ctx.t("vs.log.turn", { turn: d.turn, who: w(d.chamberlain) });
    case "presented":
      return d.king === undefined ? ctx.t("vs.log.presented_queen", { who: w(d.seat), e: fem(d.seat), queen: signed(d.queen) })
        : ctx.t("vs.log.presented", { who: w(d.seat), e: fem(d.seat), king: signed(d.king), queen: signed(d.queen) });
    case "show":
      return d.card ? ctx.t("vs.log.show", { who: w(d.seat), to: w(d.to), card: cardName(ctx, d.card) })
        : ctx.t("vs.log.show_hidden", { who: w(d.seat), to: w(d.to) });
    case "done": return ctx.t("vs.log.done", { who: w(d.seat) });
    case "pay": return ctx.t("vs.log.pay", { who: w(d.seat), to: w(d.to), amount: sumText(ctx, d.amount) });
    case "location": return ctx.t("vs.log.location", { where: ctx.t(`vs.loc.${d.location}`) });
    case "request": {
      // a lettre de cachet is requested against its victim (§9.2), as its button says
      const key = `${d.via_queen ? "vs.log.request_queen" : "vs.log.request"}${CARD[d.card] && CARD[d.card].kind === "lettre" ? "_against" : ""}`;
      return ctx.t(key, { who: w(d.seat), card: cardName(ctx, d.card), target: aimed(ctx, d, w) });
    }
    case "roll":
      if (d.sovereign === undefined) return ctx.t("vs.log.roll_iv", { who: ctx.name(d.seat), die: d.die });
      return ctx.t(d.to_king ? "vs.log.roll_to_king" : "vs.log.roll", { who: ctx.name(d.seat), die: d.die, standing: signed(d.standing), sov: sovName(ctx, d.sovereign), ok: ctx.t(d.granted ? "vs.log.roll_ok" : "vs.log.roll_no") });
    case "standing": return ctx.t("vs.log.standing", {
      who: w(d.seat), sov_with: ctx.t(`vs.sov.${d.sovereign === "regent" ? "queen" : d.sovereign}_with`),
      before: signed(d.before), after: signed(d.after),
    });
    case "granted": return ctx.t("vs.log.granted", { who: w(d.seat), card: cardName(ctx, d.card) });
    case "give":
      return d.cards ? ctx.t("vs.log.give", { who: w(d.seat), to: w(d.to), cards: d.cards.map((c) => ctx.t("vs.quoted", { card: cardName(ctx, c) })).join(", ") })
        : ctx.t("vs.log.give_n", { who: w(d.seat), to: w(d.to), n: d.count ?? 1 });
    case "audience": return d.action ? ctx.t("vs.log.audience", { who: w(d.seat), purpose: audienceWords(ctx, d.action) }) : null;
    case "take": return ctx.t("vs.log.take", { who: w(d.seat), card: cardName(ctx, d.card) });
    case "draw": return d.card ? ctx.t("vs.log.draw_card", { who: w(d.seat), card: cardName(ctx, d.card) }) : ctx.t("vs.log.draw", { who: w(d.seat) });
    case "discard": return ctx.t("vs.log.discard", { who: w(d.seat), card: cardName(ctx, d.card) });
    case "play":
      if (typeof d.target === "number") return ctx.t("vs.log.play_on", { who: w(d.seat), card: cardName(ctx, d.card), target: aimed(ctx, d, w) });
      if (d.sovereign) return ctx.t("vs.log.play_on", { who: w(d.seat), card: cardName(ctx, d.card), target: sovName(ctx, d.sovereign) });
      return ctx.t("vs.log.play", { who: w(d.seat), card: cardName(ctx, d.card) });
    case "income": return incomeLine(ctx, d);
    case "fortune": return ctx.t("vs.log.fortune", { who: w(d.seat), amount: d.amount > 0 ? `+${sumText(ctx, d.amount)}` : sumText(ctx, d.amount), unit: livreWord(ctx, d.amount) });
    // once, worded: what to say instead comes from the server's note after the ruling, folded
    // in here (logKinds), as on the chat's message, where its own line repeated the breach
    case "breach": return ctx.t("vs.log.breach", { who: w(d.seat), reason: reason(ctx, d.code), words: d.words })
      + expectedText(ctx, breachList(ctx).find((b) => b.breach === d.breach));
    // the note, should anything draw it alone: the checker's explanation, in the page's language
    case "etiquette": return (ctx.lang === "fr" ? d.fr : d.en) || null;
    case "fine": return d.chamberlain === d.seat
      ? ctx.t(`vs.log.fine_self.${sexKey(ctx, d.seat)}`, { who: w(d.seat) })
      : ctx.t("vs.log.fine", { who: w(d.seat) });
    case "breaches_pass": return passLine(ctx, e);
    case "exile": return ctx.t("vs.log.exile", { who: w(d.seat) });
    case "bastille": return ctx.t("vs.log.bastille", { who: w(d.seat), e: fem(d.seat) });
    case "death": return deathLine(ctx, d.seat);
    case "marriage": return ctx.t("vs.log.marriage", { who: w(d.seat), partner: w(d.partner) });
    case "war": return ctx.t("vs.log.war", { on: ctx.t(`vs.on.${d.country}`) });
    case "peace": return ctx.t("vs.log.peace");
    case "heir": return ctx.t("vs.log.heir", { who: ctx.name(d.seat), sex: ctx.t(`vs.card.${d.sex}`), party: ctx.t(`vs.party.${d.party}`) });
    case "time_up": return ctx.t("vs.log.time_up");
    case "office_left": return ctx.t("vs.log.office_left", { who: w(d.seat), card: cardName(ctx, d.card) });
    case "status": return ctx.t("vs.log.status", { who: w(d.seat), card: cardName(ctx, d.card) });
    case "office_taken": return ctx.t("vs.log.office_taken", { card: cardName(ctx, d.card) });
    case "remarriage": return ctx.t("vs.log.remarriage", { from: ctx.t(`vs.from.${d.origin}`) });
    case "power":
      return typeof d.target === "number" ? ctx.t("vs.log.power_on", { who: w(d.seat), use: ctx.t(`vs.use.${d.use}`), target: w(d.target) })
        : ctx.t("vs.log.power", { who: w(d.seat), use: ctx.t(`vs.use.${d.use}`) });
    case "released": return ctx.t("vs.log.released", { who: w(d.seat) });
    case "trial": return ctx.t("vs.log.trial", { who: w(d.seat), e: fem(d.seat), die: d.die });
    case "king_dies": return ctx.t("vs.log.king_dies");
    case "queen_dies": return ctx.t("vs.log.queen_dies");
    case "both_die": return ctx.t("vs.log.both_die");
    case "accession": return ctx.t("vs.log.accession", { from: ctx.t(`vs.from.${d.origin}`) });
    case "secret_marriage": return ctx.t("vs.log.secret_marriage", { who: w(d.seat) });
    case "reshuffle": return ctx.t("vs.log.reshuffle");
    case "game_over": return ctx.t("vs.log.over", { who: ctx.joinNames((d.winners || []).map(w)) });
    default: return null;
  }
}

/** A replay step's action in words (the replay's banner). */
function describeAction(entry, ctx) {
  const a = entry.action || {};
  switch (a.type) {
    case "choose_sex": return ctx.t("vs.act.choose_sex", { sex: ctx.t(`vs.card.${a.sex}`), family: a.family || "—" });
    case "pay": return ctx.t("vs.log.pay", { who: "", to: who(ctx, a.to), amount: sumText(ctx, a.amount) }).trim();
    case "set_location": return ctx.t("vs.log.location", { where: ctx.t(`vs.loc.${a.place}`) });
    case "draw": return ctx.t("vs.draw");
    case "take_from_house": return ctx.t("vs.act.take", { card: cardName(ctx, a.card) });
    case "end_turn": return ctx.t("vs.end_turn");
    case "done": return ctx.t("vs.done");
    case "fine": return ctx.t("vs.fine");
    case "use_power": return `${ctx.t(`vs.power.${a.power}`)}${ctx.t("colon")}${ctx.t(`vs.use.${a.use}`)}${typeof a.seat === "number" ? ` (${who(ctx, a.seat)})` : ""}`;
    // no chance of a roll: the view's odds are the reader's own, now, not the actor's then
    case "play_card": case "request": case "discard": case "show_card":
      return `${cardName(ctx, a.card)} — ${useLabel(ctx, a, false)}`;
    case "give_cards": return `${a.cards.map((c) => cardName(ctx, c)).join(", ")} — ${useLabel(ctx, a, false)}`;
    case "breach": return ctx.t("vs.log.breach", { who: who(ctx, a.seat), reason: reason(ctx, a.code), words: a.words });
    case "time_up": return ctx.t("vs.log.time_up");
    default:
      return AUDIENCES.includes(a.type) ? capitalised(audienceWords(ctx, a)) : null;
  }
}

function seatInfo(ctx, seat) {
  const c = courtier(ctx, seat);
  if (!c) return "";
  const form = c.address ? `${c.address.short} · ` : "";
  return `${form}${livres(ctx, c.fortune)}`;
}

/** Every seat's view -> the spectator's with every hand laid open (replay "all"). */
function mergeViews(views) {
  const seats = Object.keys(views).filter((k) => /^\d+$/.test(k)).sort((a, b) => a - b);
  const base = JSON.parse(JSON.stringify(views.spectator || views[seats[0]]));
  base.seat = null;
  base.hand = null;
  base.hands = Object.fromEntries(seats.map((k) => [k, views[k].hand || []]));
  return base;
}

/** What just came of this seat's own request or audience (table.js `announce`, a toast
 *  each): the die's line. A phone's play-test tapped a request and saw the form again,
 *  the roll only in the story, several screens away. */
function news(ctx, events) {
  return events.filter((e) => e.kind === "roll" && (e.data || {}).seat === ctx.seat)
    .map((e) => `🎲 ${describeEvent(e, ctx)}`);
}

export default {
  strings, render, banner, describeEvent, cardHelp, describeAction, seatInfo, mergeViews, chatNotes, news,
  logKinds: { etiquette: "folded", breach: "highlight", fine: "highlight", roll: "highlight", turn: "highlight", game_over: "highlight", draw: "minor", done: "minor", presented: "minor" },
};
