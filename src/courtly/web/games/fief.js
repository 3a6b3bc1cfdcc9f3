// Fief (1984) in the browser: the board as an SVG map drawn from the game's
// data (GET /api/games/fief: villages on a 1000×1000 board, roads, regions
// with their colours, bishoprics), and the view's pieces on it: who holds each
// village (a ring in the player's colour), soldiers (a count), lords (an
// initial; B/C for a bishop or cardinal, a crown for the king), castles,
// mills, presses, the forces waiting at a village's gate, the fiefs. Beside
// it, every player's means and the question waiting, in words. The player
// acts on the map: a bar above it says what a click does now (choose a region,
// lay a lord, strike a region or a lord, move a lord with some soldiers, buy at
// a village) or asks this seat's question with its answers as buttons. The
// map zooms (buttons, a pinch) and pans in its own box, for a phone. The
// generic forms stay below as a fallback; a click on a village fills their
// village fields. Nothing here recomputes a rule: what is clickable comes
// from the legal actions, and the server checks every one again.

import { button, h, s, seatBadge, textOn } from "../js/dom.js";
import { actionText, actions, lastMovePanel, phaseLine } from "./generic.js";
import { BOARD, CARDS, PRICES, REGION, VILLAGE, agreeing, bishopricName, cardHelp, cardName, lordName, regionName,
  seatColour as seatColourOf, seatInk, seatLetters, villageName } from "./fief_data.js";
import { withHelp } from "../js/cardhelp.js";
import { grouped, has, pointing } from "../js/i18n.js";
import news from "./fief_news.js";

const VILLAGE_FIELDS = ["village", "to"];
/** A village's tap target, in board units: half the closest two villages' distance (176) or less. */
const HIT = 62;

const strings = {
  en: {
    "fief.map": "The map",
    "fief.players": "Players",
    "fief.hand": "Your hand",
    "fief.played": "Cards played (discard pile: {n})",
    "fief.final.why": "What decided it",
    "fief.final.by_turns": "The game ended after turn {turn} of {limit}.",
    "fief.final.by_goal": "The game ended as soon as a player held {goal} fiefs.",
    "fief.final.won_fiefs": "most fiefs",
    "fief.final.won_soldiers": "as many fiefs; most soldiers",
    "fief.final.won_money": "as many fiefs and soldiers; most crowns",
    "fief.final.why_level": "level on fiefs, soldiers and crowns: a shared victory",
    "fief.final.lost_fiefs": "fewer fiefs ({n} against {best})",
    "fief.final.lost_soldiers": "as many fiefs; fewer soldiers ({n} against {best})",
    "fief.final.lost_money": "as many fiefs and soldiers; fewer crowns ({n} against {best})",
    "fief.final.rule": "Most fiefs (a fief counts once one of your lords holds its title) wins; a tie goes to the most soldiers on the board, then to the most crowns (rulebook: The Beginning of the Game, 5).",
    "fief.no_cards": "no card",
    "fief.money": "Crowns",
    "fief.soldiers": "Soldiers",
    "fief.cards": "Cards",
    "fief.votes": "Votes",
    "fief.region": "Region",
    "fief.lords": "Lords",
    "fief.fiefs": "Fiefs",
    "fief.none": "none",
    "fief.king": "King",
    "fief.no_king": "no king",
    "fief.turn": "Turn {turn} of {limit}",
    "fief.turn_setup": "Before turn 1 (of {limit}): setting up",
    "fief.choice_order": "Order of choice, by two dice each (ties roll again)",
    "fief.roll_again": " then ",
    "fief.waiting": "Pending questions",
    "fief.bishop_of": "Bishop of {name}",
    "fief.cardinal": "cardinal",
    "fief.outside": "outside the board",
    "fief.at": "at {place}",
    "fief.castle": "castle",
    "fief.mill": "mill",
    "fief.press": "press",
    "fief.gate": agreeing("{who}: {n} soldier[|s] at the gate of {place} ({stance})"),
    "fief.stance.siege": "besieging",
    "fief.stance.passage": "asking right of way",
    "fief.stance.attack": "attacking",
    "fief.stance.enter": "entering",
    "fief.stance.sortie": "sortie",
    "fief.stance.intrude": "intruding",
    "fief.q.respond": "{attacker} plays {card} on {target}; {answerer} may parry it.",
    "fief.q.destroy": "{attacker} chooses the mill or press the villagers destroy in {target}.",
    "fief.q.execute": "Justice: {answerer} executes one of {attacker}'s lords.",
    "fief.q.passage": "Right of way through {place}, asked of {holder}: granted, the force goes on next turn; refused, there is a fight.",
    "fief.q.ask": "At {place}, {first}, who arrived first, may ask {second} for a coalition against the holder.",
    "fief.q.answer": "{second} answers {first}'s request for a coalition at {place}.",
    "fief.q.bids": "Sealed bids for {place} between {first} and {second}; the highest takes the village and pays the other.",
    "fief.q.my_bid": "Your bid: {bid} crowns.",
    "fief.q.election": "Election of the king: {votes}.",
    "fief.q.no_vote": "no vote yet",
    "fief.q.abstains": "{who} abstains",
    "fief.q.elected": "{lord} is elected and awaits consecration.",
    "fief.q.none": "None now (parries, rights of way, coalitions, bids, the election appear here).",
    "fief.click_help": "Click a village to put it in the forms below.",
    "fief.click_help_touch": "Tap a village to put it in the forms below.",
    "fief.at_gate": "at the gate of {place}",
    "fief.zoom_in": "Zoom in",
    "fief.zoom_out": "Zoom out",
    "fief.zoom_fit": "Whole map",
    "fief.offscreen": (p) => `${p.n} of the ${p.all} places to choose from ${p.n === 1 ? "is" : "are"} off this part of the map: ⤢ shows the whole board.`,
    "fief.act.title": "On the map",
    "fief.act.cancel": "Cancel",
    "fief.act.end_turn": "End this phase",
    "fief.act.pick_lord": "Click one of your lords on the map (outlined) to move him.",
    "fief.act.pick_lord_touch": "Tap one of your lords on the map (outlined) to move him.",
    "fief.act.which_lord": "Which lord at {place}?",
    "fief.act.lord_chosen": "{lord} at {place}: click a village outlined on the map (Esc or a second click on him cancels).",
    "fief.act.lord_chosen_touch": "{lord} at {place}: tap a village outlined on the map (tapping him again cancels).",
    "fief.act.besieged": "{lord} is besieged in {place} by {who}: he may only break out. Choose his soldiers, then click the besiegers' force at the gate, {force}, to make a sortie: they attack it in open ground in the combat phase (Esc or Cancel to give it up).",
    "fief.act.besieged_touch": "{lord} is besieged in {place} by {who}: he may only break out. Choose his soldiers, then tap the besiegers' force at the gate, {force}, to make a sortie: they attack it in open ground in the combat phase (Cancel to give it up).",
    "fief.act.soldiers": "Soldiers to take",
    "fief.act.bishop_alone": "A bishop travels alone, never with soldiers.",
    "fief.replay.move": agreeing("{lord} {stance} {place} with {n} soldier[|s]"),
    "fief.replay.move_alone": "{lord} {stance} {place}",
    "fief.replay.buy": "buys {item} at {place}",
    "fief.replay.pay": "pays {amount} crowns to {to}",
    "fief.act.of": "of {n}",
    "fief.act.no_dest": "No village can be reached with that many soldiers.",
    "fief.act.stance": agreeing("{lord} with {n} soldier[|s] to {place}, held by {holder}: what does the force do?"),
    "fief.act.stance_alone": "{lord} alone to {place}, held by {holder}: what does he do?",
    "fief.act.buy_help": "Click one of your villages (outlined) to buy there.",
    "fief.act.buy_help_touch": "Tap one of your villages (outlined) to buy there.",
    "fief.act.buy_at": "Buy at {place}",
    "fief.act.buy": "{n} {item} · {price} crowns",
    "fief.form.item": "{item} ({price} crowns each)",
    "fief.form.parry.none": "Do not parry",
    "fief.bishopric.villages": "{name}, its villages: {villages}",
    "fief.village.bishopric": "bishopric of {name}",
    "fief.form.parry.ransom": "Pay the ransom",
    "fief.form.cost": "{n} {item}: {price} crowns.",
    "fief.form.purse": "You have {money} crowns: enough for {most} {items}.",
    "fief.form.purse_short": "You have {money} crowns: not enough for one.",
    "fief.form.none_here": "None can go at {place} now.",
    "fief.form.most_here": "At {place}: {most} at most now.",
    "fief.act.choose_region": "Choose your region: click it on the map.",
    "fief.act.choose_region_touch": "Choose your region: tap it on the map.",
    "fief.act.attack_help": "Play an attack, then click its target on the map:",
    "fief.act.attack_help_touch": "Play an attack, then tap its target on the map:",
    "fief.act.attack_region": "{card}: click the region to strike on the map.",
    "fief.act.attack_region_touch": "{card}: tap the region to strike on the map.",
    "fief.act.attack_lord": "Assassination: click the lord to strike on the map.",
    "fief.act.attack_lord_touch": "Assassination: tap the lord to strike on the map.",
    "fief.act.which_target": "Which lord at {place}?",
    "fief.act.lay_help": "Lay a lord of your hand, then click his village on the map:",
    "fief.act.lay_help_touch": "Lay a lord of your hand, then tap his village on the map:",
    "fief.act.lay_where": "{lord}: click the village outlined on the map where he arrives.",
    "fief.act.lay_where_touch": "{lord}: tap the village outlined on the map where he arrives.",
    "fief.act.nothing.cards": "Nothing in your hand to play on the map now.",
    "fief.act.nothing.revenues": "Revenues: they are counted once everyone has ended this phase.",
    "fief.act.nothing.purchases": "Nothing you can buy now.",
    "fief.act.nothing.movement": "Your lords have no trip left this turn.",
    "fief.act.nothing.no_lord": "You have no lord on the map: nothing to move.",
    "fief.act.nothing.other": "Nothing to do on the map now.",
    "fief.act.nothing.no_vote": "You have no vote in this election.",
    "fief.act.nothing.no_candidate": "No lord can be elected (a bishop cannot be elected King): you abstain.",
    "fief.act.forced": "Your only move is made for you: {move}.",
    "fief.act.tithe_help": "Take a tithe with a card of your hand:",
    "fief.act.tithe_not_now": "Not offered now: {why}.",
    "fief.act.tithe_exchanged": "No tithe this turn: you exchanged a card, and so play no card this turn.",
    "fief.act.exchanged": "You exchanged a card: you play no card this turn, not even a lord you drew.",
    "fief.act.revolt_kept": "Revolt is played together with a Famine, which you do not hold.",
    "fief.act.tithe_needs.royal_tithe": "{card} needs one of your lords to be King",
    "fief.act.tithe_needs.bishopric_tithe": "{card} needs one of your lords to be a bishop (a cardinal takes no tithe)",
    "fief.act.tithe_needs.lords_tithe": "{card} needs a fief of yours",
    "fief.act.more_below": "Other actions are in the forms below the map.",
    "fief.act.more_below_named": "Also, in the forms below the map: {list}.",
    "fief.act.negotiate": "Negotiation: {what}; then say Done.",
    "fief.act.to_negotiation": "Pay or say Done ↓",
    "fief.act.to_done": "Say Done ↓",
    "fief.act.wait": "{phase}: waiting for {who}.",
    "fief.act.wait_phase": "{phase}.",
    "fief.item.soldier": agreeing("soldier[|s]"),
    "fief.item.castle": agreeing("castle[|s]"),
    "fief.item.mill": agreeing("mill[|s]"),
    "fief.item.press": agreeing("press[|es]"),
    "fief.do.enter": "Enter",
    "fief.do.attack": "Attack",
    "fief.do.siege": "Besiege",
    "fief.do.passage": "Ask right of way",
    "fief.do.sortie": "Break out",
    "fief.do.intrude": "Intrude",
    "fief.ask.title": "A question for you",
    "fief.ask.respond": "{attacker} plays {card} on {target}. Will you parry?",
    "fief.ask.die": "The die shows {die}.",
    "fief.ask.execute": "You parried {attacker}'s assassin with Justice: execute one of {attacker}'s lords.",
    "fief.ask.destroy": "Your revolt in {target} destroys a mill or a press: which one?",
    "fief.ask.passage": agreeing("{asker} asks right of way through your village {place} for {lords} with {n} soldier[|s]. Granted, the force goes on next turn; refused, there is a fight."),
    "fief.ask.passage_alone": "{asker} asks right of way through your village {place} for {lords}, without soldiers. Granted, the force goes on next turn; refused, there is a fight.",
    "fief.ask.ask": "At {place} you arrived first, with {mine}; {other} arrived too, with {theirs}. Ask {other} for a coalition against {holder}?",
    "fief.ask.answer": "At {place}, {first}, who came with {theirs}, asks you for a coalition against {holder}. You came with {mine}.",
    "fief.ask.force": agreeing("{n} soldier[|s]"),
    "fief.ask.no_force": "no soldier",
    "fief.ask.nobody": "nobody",
    "fief.ask.held": "{holder}, who has {force} there",
    "fief.ask.held_empty": "{holder}, who has no soldier there",
    "fief.ask.bid": "Sealed bid for {place} against {other}: the highest takes the village and pays the other.",
    "fief.ask.consecrate": "{asker} asks you to consecrate {lord} as king.",
    "fief.ask.ask_consecration": "{lord} is elected: ask a player with a bishop or a cardinal to consecrate him.",
    "fief.ask.nobody_blesses": "Nobody left to ask has a bishop or a cardinal: {lord} cannot be consecrated.",
    "fief.ask.vote": "Election of the king: give your votes.",
    "fief.ask.votes_so_far": "Announced so far: {votes}.",
    "fief.ans.none": "No parry",
    "fief.ans.ransom": "Pay the ransom",
    "fief.ans.parry": "Parry with {card}",
    "fief.ans.execute": "Execute {lord}",
    "fief.ans.destroy": "The {counter} at {place}",
    "fief.ans.grant": "Grant right of way",
    "fief.ans.refuse_passage": "Refuse (fight)",
    "fief.ans.ask": "Ask for a coalition",
    "fief.ans.alone": "Fight alone",
    "fief.ans.accept": "Accept the coalition",
    "fief.ans.decline": "Refuse the coalition",
    "fief.ans.bid": "Bid {amount} crowns",
    "fief.ans.empty": "Open an empty hand",
    "fief.ans.consecrate": "Consecrate the king",
    "fief.ans.refuse": "Refuse",
    "fief.ans.ask_seat": "Ask {name}",
    "fief.ans.give_up": "Leave the throne vacant",
    "fief.ans.vote": agreeing("{n} vote[|s] for {lord}"),
    "fief.ans.abstain": "Abstain",
  },
  fr: {
    "fief.map": "La carte",
    "fief.players": "Joueurs",
    "fief.hand": "Votre main",
    "fief.played": "Cartes jouées (défausse : {n})",
    "fief.final.why": "Ce qui a décidé",
    "fief.final.by_turns": "La partie s'est terminée après le tour {turn} sur {limit}.",
    "fief.final.by_goal": "La partie s'est terminée dès qu'un joueur a tenu {goal} fiefs.",
    "fief.final.won_fiefs": "le plus de fiefs",
    "fief.final.won_soldiers": "autant de fiefs ; le plus de soldats",
    "fief.final.won_money": "autant de fiefs et de soldats ; le plus d'écus",
    "fief.final.why_level": "à égalité de fiefs, de soldats et d'écus : victoire partagée",
    "fief.final.lost_fiefs": "moins de fiefs ({n} contre {best})",
    "fief.final.lost_soldiers": "autant de fiefs ; moins de soldats ({n} contre {best})",
    "fief.final.lost_money": "autant de fiefs et de soldats ; moins d'écus ({n} contre {best})",
    "fief.final.rule": "Le plus de fiefs l'emporte (un fief compte dès qu'un de vos seigneurs en tient le titre) ; à égalité, le plus de soldats sur le plateau, puis le plus d'écus (règle : Le début de la partie, 5).",
    "fief.no_cards": "aucune carte",
    "fief.money": "Écus",
    "fief.soldiers": "Soldats",
    "fief.cards": "Cartes",
    "fief.votes": "Voix",
    "fief.region": "Région",
    "fief.lords": "Seigneurs",
    "fief.fiefs": "Fiefs",
    "fief.none": "aucun",
    "fief.king": "Roi",
    "fief.no_king": "pas de roi",
    "fief.turn": "Tour {turn} sur {limit}",
    "fief.turn_setup": "Avant le tour 1 (sur {limit}) : mise en place",
    "fief.choice_order": "Ordre de choix, à deux dés chacun (relancés en cas d’égalité)",
    "fief.roll_again": " puis ",
    "fief.waiting": "Questions en suspens",
    "fief.bishop_of": "Évêque de {name}",
    "fief.cardinal": "cardinal",
    "fief.outside": "hors du plateau",
    "fief.at": "à {place}",
    "fief.castle": "château",
    "fief.mill": "moulin",
    "fief.press": "pressoir",
    "fief.gate": agreeing("{who} : {n} soldat[|s] aux portes de {place} ({stance})", true),
    "fief.stance.siege": "siège",
    "fief.stance.passage": "demande le droit de passage",
    "fief.stance.attack": "attaque",
    "fief.stance.enter": "entre",
    "fief.stance.sortie": "sortie",
    "fief.stance.intrude": "intrusion",
    "fief.q.respond": "{attacker} joue {card} contre {target} ; {answerer} peut parer.",
    "fief.q.destroy": "{attacker} choisit le moulin ou le pressoir que les villageois détruisent en {target}.",
    "fief.q.execute": "Justice : {answerer} exécute un des seigneurs de {attacker}.",
    "fief.q.passage": "Droit de passage par {place}, demandé à {holder} : accordé, la troupe passe au tour suivant ; refusé, on se bat.",
    "fief.q.ask": "À {place}, {first}, arrivé le premier, peut proposer une coalition à {second} contre le tenant.",
    "fief.q.answer": "{second} répond à la proposition de coalition de {first} à {place}.",
    "fief.q.bids": "Enchères secrètes pour {place} entre {first} et {second} ; le plus offrant prend le village et paie l'autre.",
    "fief.q.my_bid": "Votre mise : {bid} écus.",
    "fief.q.election": "Élection du roi : {votes}.",
    "fief.q.no_vote": "aucun vote encore",
    "fief.q.abstains": "{who} s'abstient",
    "fief.q.elected": "{lord} est élu et attend le sacre.",
    "fief.q.none": "Aucune pour l'instant (parades, droits de passage, coalitions, enchères, l'élection s'affichent ici).",
    "fief.click_help": "Cliquez un village pour le choisir dans les formulaires ci-dessous.",
    "fief.click_help_touch": "Touchez un village pour le choisir dans les formulaires ci-dessous.",
    "fief.at_gate": "aux portes de {place}",
    "fief.zoom_in": "Agrandir",
    "fief.zoom_out": "Réduire",
    "fief.zoom_fit": "Carte entière",
    "fief.offscreen": (p) => `${p.n === 1 ? "Un" : p.n} des ${p.all} lieux à choisir ${p.n === 1 ? "est" : "sont"} hors de cette partie de la carte\u202f: ⤢ montre la carte entière.`,
    "fief.act.title": "Sur la carte",
    "fief.act.cancel": "Annuler",
    "fief.act.end_turn": "Finir cette phase",
    "fief.act.pick_lord": "Cliquez un de vos seigneurs sur la carte (entouré) pour le déplacer.",
    "fief.act.pick_lord_touch": "Touchez un de vos seigneurs sur la carte (entouré) pour le déplacer.",
    "fief.act.which_lord": "Quel seigneur à {place} ?",
    "fief.act.lord_chosen": "{lord} à {place} : cliquez un village entouré sur la carte (Échap ou un second clic sur lui annule).",
    "fief.act.lord_chosen_touch": "{lord} à {place} : touchez un village entouré sur la carte (le toucher à nouveau annule).",
    "fief.act.besieged": "{lord} est assiégé dans {place} par {who} : il ne peut que faire une sortie. Choisissez ses soldats, puis cliquez la troupe des assiégeants à la porte, {force}, pour sortir : ils l'attaquent en rase campagne à la phase des combats (Échap ou Annuler pour y renoncer).",
    "fief.act.besieged_touch": "{lord} est assiégé dans {place} par {who} : il ne peut que faire une sortie. Choisissez ses soldats, puis touchez la troupe des assiégeants à la porte, {force}, pour sortir : ils l'attaquent en rase campagne à la phase des combats (Annuler pour y renoncer).",
    "fief.act.soldiers": "Soldats emmenés",
    "fief.act.bishop_alone": "Un évêque voyage seul, jamais avec des soldats.",
    "fief.replay.move": agreeing("{lord} {stance} {place} avec {n} soldat[|s]", true),
    "fief.replay.move_alone": "{lord} {stance} {place}",
    "fief.replay.buy": "achète {item} à {place}",
    "fief.replay.pay": "paie {amount} écus à {to}",
    "fief.act.of": "sur {n}",
    "fief.act.no_dest": "Aucun village n'est accessible avec autant de soldats.",
    "fief.act.stance": agreeing("{lord} avec {n} soldat[|s] vers {place}, tenu par {holder} : que fait la troupe ?", true),
    "fief.act.stance_alone": "{lord} seul vers {place}, tenu par {holder} : que fait-il ?",
    "fief.act.buy_help": "Cliquez un de vos villages (entouré) pour y acheter.",
    "fief.act.buy_help_touch": "Touchez un de vos villages (entouré) pour y acheter.",
    "fief.act.buy_at": "Acheter à {place}",
    "fief.act.buy": "{n} {item} · {price} écus",
    "fief.form.item": "{item} ({price} écus pièce)",
    "fief.form.parry.none": "Ne pas parer",
    "fief.bishopric.villages": "{name}, ses villages : {villages}",
    "fief.village.bishopric": "évêché de {name}",
    "fief.form.parry.ransom": "Payer la rançon",
    "fief.form.cost": "{n} {item} : {price} écus.",
    "fief.form.purse": "Vous avez {money} écus : de quoi en payer {most}.",
    "fief.form.purse_short": "Vous avez {money} écus : pas de quoi en payer un seul.",
    "fief.form.none_here": "Aucun ne peut aller à {place} maintenant.",
    "fief.form.most_here": "À {place} : {most} au plus maintenant.",
    "fief.act.choose_region": "Choisissez votre région : cliquez-la sur la carte.",
    "fief.act.choose_region_touch": "Choisissez votre région : touchez-la sur la carte.",
    "fief.act.attack_help": "Jouez une attaque, puis cliquez sa cible sur la carte :",
    "fief.act.attack_help_touch": "Jouez une attaque, puis touchez sa cible sur la carte :",
    "fief.act.attack_region": "{card} : cliquez sur la carte la région à frapper.",
    "fief.act.attack_region_touch": "{card} : touchez sur la carte la région à frapper.",
    "fief.act.attack_lord": "Assassinat : cliquez sur la carte le seigneur à frapper.",
    "fief.act.attack_lord_touch": "Assassinat : touchez sur la carte le seigneur à frapper.",
    "fief.act.which_target": "Quel seigneur à {place} ?",
    "fief.act.lay_help": "Posez un seigneur de votre main, puis cliquez son village sur la carte :",
    "fief.act.lay_help_touch": "Posez un seigneur de votre main, puis touchez son village sur la carte :",
    "fief.act.lay_where": "{lord} : cliquez sur la carte le village entouré où il arrive.",
    "fief.act.lay_where_touch": "{lord} : touchez sur la carte le village entouré où il arrive.",
    "fief.act.nothing.cards": "Rien de votre main à jouer sur la carte maintenant.",
    "fief.act.nothing.revenues": "Revenus : ils sont comptés quand chacun a fini cette phase.",
    "fief.act.nothing.purchases": "Rien que vous puissiez acheter maintenant.",
    "fief.act.nothing.movement": "Vos seigneurs n'ont plus de trajet ce tour-ci.",
    "fief.act.nothing.no_lord": "Vous n'avez aucun seigneur sur la carte : rien à déplacer.",
    "fief.act.nothing.other": "Rien à faire sur la carte maintenant.",
    "fief.act.nothing.no_vote": "Vous n'avez aucune voix dans cette élection.",
    "fief.act.nothing.no_candidate": "Aucun seigneur ne peut être élu (un évêque ne peut être élu roi) : vous vous abstenez.",
    "fief.act.forced": "Votre seul coup possible est joué pour vous : {move}.",
    "fief.act.tithe_help": "Prélevez une dîme avec une carte de votre main :",
    "fief.act.tithe_not_now": agreeing("Pas proposée[|s] maintenant : {why}.", true),
    "fief.act.tithe_exchanged": "Pas de dîme ce tour-ci : vous avez échangé une carte, et n’en jouez donc aucune ce tour-ci.",
    "fief.act.exchanged": "Vous avez échangé une carte : vous n’en jouez aucune ce tour-ci, pas même un seigneur tiré.",
    "fief.act.revolt_kept": "La Révolte se joue avec une Famine, que vous n’avez pas.",
    "fief.act.tithe_needs.royal_tithe": "{card} demande qu'un de vos seigneurs soit roi",
    "fief.act.tithe_needs.bishopric_tithe": "{card} demande qu'un de vos seigneurs soit évêque (un cardinal ne lève pas de dîme)",
    "fief.act.tithe_needs.lords_tithe": "{card} demande un fief à vous",
    "fief.act.more_below": "Les autres actions sont dans les formulaires sous la carte.",
    "fief.act.more_below_named": "Aussi, dans les formulaires sous la carte : {list}.",
    "fief.act.negotiate": "Négociation : {what} ; puis dites Terminé.",
    "fief.act.to_negotiation": "Payer ou dire Terminé ↓",
    "fief.act.to_done": "Dire Terminé ↓",
    "fief.act.wait": "{phase} : on attend {who}.",
    "fief.act.wait_phase": "{phase}.",
    "fief.item.soldier": agreeing("soldat[|s]", true),
    "fief.item.castle": agreeing("château[|x]", true),
    "fief.item.mill": agreeing("moulin[|s]", true),
    "fief.item.press": agreeing("pressoir[|s]", true),
    "fief.do.enter": "Entrer",
    "fief.do.attack": "Attaquer",
    "fief.do.siege": "Assiéger",
    "fief.do.passage": "Demander le passage",
    "fief.do.sortie": "Faire une sortie",
    "fief.do.intrude": "S'introduire",
    "fief.ask.title": "Une question pour vous",
    "fief.ask.respond": "{attacker} joue {card} contre {target}. Parez-vous ?",
    "fief.ask.die": "Le dé donne {die}.",
    "fief.ask.execute": "Vous avez paré l'assassin de {attacker} par la Justice : exécutez un des seigneurs de {attacker}.",
    "fief.ask.destroy": "Votre révolte en {target} détruit un moulin ou un pressoir : lequel ?",
    "fief.ask.passage": agreeing("{asker} demande le droit de passage par votre village {place} pour {lords} avec {n} soldat[|s]. Accordé, la troupe passe au tour suivant ; refusé, on se bat.", true),
    "fief.ask.passage_alone": "{asker} demande le droit de passage par votre village {place} pour {lords}, sans soldat. Accordé, la troupe passe au tour suivant ; refusé, on se bat.",
    "fief.ask.ask": "À {place}, vous êtes arrivé le premier, avec {mine} ; {other} est arrivé aussi, avec {theirs}. Proposer à {other} une coalition contre {holder} ?",
    "fief.ask.answer": "À {place}, {first}, venu avec {theirs}, vous propose une coalition contre {holder}. Vous êtes venu avec {mine}.",
    "fief.ask.force": agreeing("{n} soldat[|s]", true),
    "fief.ask.no_force": "aucun soldat",
    "fief.ask.nobody": "personne",
    "fief.ask.held": "{holder}, qui y a {force}",
    "fief.ask.held_empty": "{holder}, qui n'y a aucun soldat",
    "fief.ask.bid": "Enchère secrète pour {place} contre {other} : le plus offrant prend le village et paie l'autre.",
    "fief.ask.consecrate": "{asker} vous demande de sacrer {lord} roi.",
    "fief.ask.ask_consecration": "{lord} est élu : demandez à un joueur qui a un évêque ou un cardinal de le sacrer.",
    "fief.ask.nobody_blesses": "Plus personne à qui demander n'a d'évêque ni de cardinal : {lord} ne peut pas être sacré.",
    "fief.ask.vote": "Élection du roi : donnez vos voix.",
    "fief.ask.votes_so_far": "Annoncées jusqu'ici : {votes}.",
    "fief.ans.none": "Ne pas parer",
    "fief.ans.ransom": "Payer la rançon",
    "fief.ans.parry": "Parer avec {card}",
    "fief.ans.execute": "Exécuter {lord}",
    "fief.ans.destroy": "Le {counter} de {place}",
    "fief.ans.grant": "Accorder le passage",
    "fief.ans.refuse_passage": "Refuser (combat)",
    "fief.ans.ask": "Proposer une coalition",
    "fief.ans.alone": "Combattre sans allié",
    "fief.ans.accept": "Accepter la coalition",
    "fief.ans.decline": "Refuser la coalition",
    "fief.ans.bid": "Miser {amount} écus",
    "fief.ans.empty": "Main vide",
    "fief.ans.consecrate": "Sacrer le roi",
    "fief.ans.refuse": "Refuser",
    "fief.ans.ask_seat": "Demander à {name}",
    "fief.ans.give_up": "Laisser le trône vacant",
    "fief.ans.vote": "{n} voix pour {lord}",
    "fief.ans.abstain": "S'abstenir",
  },
};

// ----- names -----------------------------------------------------------------------------






/** Each lord's letters on the map: the shortest start of his name that no other
 * lord's shares (Ga for Gauvain, Gu for Guillaume), so that no two look alike. */
const LORD_LETTERS = (() => {
  const names = Object.entries(CARDS.lord_names || {}).map(([id, name]) => [id, name.toLowerCase()]);
  const out = {};
  for (const [id, name] of names) {
    let n = 1;
    while (n < name.length && names.some(([other, o]) => other !== id && o.startsWith(name.slice(0, n)))) n++;
    out[id] = lordName(id).slice(0, n);
  }
  return out;
})();

function lordLetters(id) {
  return LORD_LETTERS[id] || lordName(id)[0];
}

function lordMark(view, id, lord) {
  const crown = view.king === id ? "♔" : "";
  const rank = lord.cardinal ? "C" : lord.bishop ? "B" : "";
  return `${crown}${lordLetters(id)}${rank}`;
}

// ----- the map -----------------------------------------------------------------------------

/** The convex hull of points (for a region's area). */
function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

function centroid(ids) {
  const vs = ids.map((id) => VILLAGE[id]).filter(Boolean);
  return [vs.reduce((a, v) => a + v.x, 0) / vs.length, vs.reduce((a, v) => a + v.y, 0) / vs.length];
}

/** Where gates stand on the roads, as their centres: at each end of each
 *  road, the first spot along it clear of the village (roadOut), and 8 px
 *  either way (a gate with more lords' letters, gateSpot's steps). */
const GATE_POINTS = BOARD.roads.flatMap(([a, b]) => [[a, b], [b, a]].flatMap(([at, from]) => {
  const [v, to] = [VILLAGE[at], VILLAGE[from]];
  const len = Math.hypot(to.x - v.x, to.y - v.y);
  const out = roadOut(v, to, 14);
  return [-8, 0, 8].map((dd) => [v.x + (to.x - v.x) * (out + dd) / len, v.y + (to.y - v.y) * (out + dd) / len]);
}));

const labelSpots = new Map();

/** Where a region's name goes, [x, y, upright, title]: near its villages' centre,
 * clear of every village and its name (points along the label are kept away)
 * and, if it can, of the roads where gates stand (gateSpot). A region whose
 * villages lie in a narrow strip along one road (the Mâconnais, the
 * Revermont) has its name upright, along the strip beside the road: across
 * it, no spot between two gates was as tall as the name, and a gate lay over
 * it; a fief's title goes beside it at ``title`` [x, y] (titleSpot). Made
 * once a region. */
function labelSpot(region) {
  if (!labelSpots.has(region.id)) labelSpots.set(region.id, findLabelSpot(region));
  return labelSpots.get(region.id);
}

/** A strip of villages a name written across would overflow: less wide than
 *  half the name, and taller than the name is long. */
function upright(region) {
  const own = region.villages.map((id) => VILLAGE[id]);
  const wide = Math.max(...own.map((v) => v.x)) - Math.min(...own.map((v) => v.x));
  const tall = Math.max(...own.map((v) => v.y)) - Math.min(...own.map((v) => v.y));
  const long = region.name.length * 17;
  return wide < long / 2 && tall > long;
}

/** How far (x, y) lies outside the hull ``pts`` (0 inside): the region's
 *  colour reaches 55 past it (regionLayer's stroke). */
function outside(pts, x, y) {
  let inside = pts.length > 2;
  let far = Infinity;
  pts.forEach(([ax, ay], i) => {
    const [bx, by] = pts[(i + 1) % pts.length];
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
    const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len2));
    far = Math.min(far, Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)));
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) inside = false; // the hull turns counter-clockwise
  });
  return inside ? 0 : far;
}

function findLabelSpot(region) {
  const [cx, cy] = centroid(region.villages);
  const up = upright(region);
  const half = region.name.length * 7;
  const own = region.villages.map((id) => VILLAGE[id]);
  const xs = own.map((v) => v.x);
  const ys = own.map((v) => v.y);
  const reach = up ? 80 : 30; // an upright name stands beside the road, clear of its gates
  const area = hull(own.map((v) => [v.x, v.y]));
  let best = [cx, cy, up];
  let bestScore = -Infinity;
  for (let x = Math.min(...xs) - reach; x <= Math.max(...xs) + reach; x += 10) {
    for (let y = Math.min(...ys) - 30; y <= Math.max(...ys) + 30; y += 10) {
      let clear = Infinity;
      for (const v of BOARD.villages) {
        for (let d = -half; d <= half; d += half / 4) {
          const [px, py] = up ? [x, y + d] : [x + d, y];
          const ex = Math.abs(px - v.x);
          const ey = Math.min(Math.abs(py - v.y), Math.abs(py - (v.y + 44)) * 1.6);
          clear = Math.min(clear, Math.hypot(ex, ey));
        }
      }
      const near = Math.min(...own.map((v) => Math.hypot(x - v.x, y - v.y)));
      const box = labelBox(region, x, y, false, up);
      const gated = GATE_POINTS.some(([gx, gy]) => overlaps(gateBox(gx, gy, 14), box));
      // an upright name's four corners on the region's colour
      const off = up && corners(box).some(([px, py]) => outside(area, px, py) > 50);
      const score = Math.min(clear, 60) - 0.15 * Math.hypot(x - cx, y - cy) - (near > 120 ? 100 : 0)
        - (clear < 36 ? 100 : 0) - (gated ? (up ? 200 : 30) : 0) - (off ? 100 : 0);
      if (score > bestScore) {
        bestScore = score;
        best = [x, y, up];
      }
    }
  }
  return [...best, up ? titleSpot(region, best[0], best[1], area, cx) : [best[0], best[1] + 24]];
}

/** Where a fief's title stands beside an upright name at (x, y): on the side
 *  away from the road, else the other, level with the name or moved along
 *  it, the first place on the region's colour that covers no village, its
 *  name or its holder (beside the name, Revermont's stood past its narrow
 *  strip's edge). */
function titleSpot(region, x, y, area, cx) {
  const away = Math.sign(x - cx) || 1;
  const beside = (side) => x + (side < 0 ? -26 : 24);
  const fits = ([tx, ty]) => {
    const box = titleBox(region, tx, ty);
    const covers = (v) => gateBlockers(v).some(([l, t, r, b]) => overlaps(box, [l + v.x, t + v.y, r + v.x, b + v.y]));
    return corners(box).every(([px, py]) => outside(area, px, py) <= 50) && !BOARD.villages.some(covers);
  };
  for (const side of [away, -away]) {
    for (const dy of [0, -10, 10, -20, 20, -30, 30, -40, 40, -50, 50, -60, 60]) {
      const spot = [beside(side), y + dy];
      if (fits(spot)) return spot;
    }
  }
  return [beside(away), y];
}

/** A box's four corners, [x, y] each. */
function corners([left, top, right, bottom]) {
  return [[left, top], [right, top], [left, bottom], [right, bottom]];
}

/** An upright fief title's box about its place (17 px italics, its letters'
 *  tops to the left). */
function titleBox(region, tx, ty) {
  const half = region.title.length * 5 + 4;
  return [tx - 16, ty - half, tx + 6, ty + half];
}

/** Make an SVG group act as a button (click, Enter, Space). */
function activate(g, onActivate) {
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.addEventListener("click", (ev) => {
    ev.stopPropagation();
    onActivate();
  });
  g.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      onActivate();
    }
  });
  return g;
}

function regionLayer(ctx, plan) {
  const view = ctx.view;
  const owned = view.fiefs || {};
  return BOARD.regions.map((r) => {
    const pts = hull(r.villages.map((id) => [VILLAGE[id].x, VILLAGE[id].y]));
    const [cx, cy, up, [tx, ty]] = labelSpot(r);
    const fief = owned[r.id];
    const target = plan.regions.has(r.id);
    // upright, read from the bottom up; a fief's title beside it, as it is under a name across
    const turn = (x, y) => (up ? { transform: `rotate(-90 ${x} ${y})` } : {});
    const g = s("g", { class: ["fief-region", target ? "target" : null, plan.focus.has(r.id) ? "focus" : null], dataset: { region: r.id } },
      s("polygon", {
        points: pts.map((p) => p.join(",")).join(" "), fill: r.fill, stroke: r.fill,
        "stroke-width": 110, "stroke-linejoin": "round", class: "fief-area",
      }),
      s("text", { x: cx, y: cy, class: "fief-region-name", "text-anchor": "middle", ...turn(cx, cy) },
        r.name.toUpperCase(), fief ? ` ★` : ""),
      fief ? s("text", { x: tx, y: ty, class: "fief-title", "text-anchor": "middle", fill: seatLetters(view, fief.owner), ...turn(tx, ty) },
        `${r.title}`) : null);
    if (target) activate(g, () => plan.onRegion(r.id)).setAttribute("aria-label", r.name);
    return g;
  });
}

/** The four bishoprics' names in the corners; each names its villages when
 * pointed at or focused, and outlines them on the map ("The names of the
 * villages that depend on each of them are listed next to the name of the
 * bishopric": Regions and Bishoprics). The bishopric outlined is kept in
 * ``ctx.ui.fiefBishopric``, so that a redraw (another's move coming in)
 * outlines it again: the name's new drawing was never pointed at. */
function bishopricLayer(ctx) {
  return BOARD.bishoprics.map((b) => {
    const [cx, cy] = centroid(b.villages);
    const east = cx > 500;
    const south = cy > 500;
    const villages = b.villages.map(villageName).join(", ");
    const g = s("g", { class: "fief-bishopric-label", tabindex: "0", dataset: { bishopric: b.id } },
      s("title", {}, ctx.t("fief.bishopric.villages", { name: b.label || b.name, villages })),
      s("text", {
        x: east ? 1030 : -30, y: south ? 1045 : -22, class: "fief-bishopric",
        "text-anchor": east ? "end" : "start", dataset: { bishopric: b.id },
      }, `✝ ${b.label || b.name}`));
    // let go, the name still focused keeps its outline (a tap focuses it), pointed at or not
    const show = (on, blur) => () => {
      const svg = g.ownerSVGElement;
      if (!svg) return; // a drawing the page has replaced since
      outlineBishopric(ctx, svg, on ? b.id : focusedBishopric(svg, blur ? g : null));
    };
    for (const [type, on] of [["mouseenter", true], ["focus", true], ["mouseleave", false], ["blur", false]]) {
      g.addEventListener(type, show(on, type === "blur"));
    }
    return g;
  });
}

/** Outline the villages of bishopric ``id`` (none: null) and keep it for the next redraw. */
function outlineBishopric(ctx, svg, id) {
  ctx.ui.fiefBishopric = id;
  for (const g of svg.querySelectorAll(".fief-village")) {
    g.classList.toggle("in-bishopric", !!id && (VILLAGE[g.dataset.village] || {}).bishopric === id);
  }
}

/** The bishopric whose name has the focus, other than ``blurred``'s. */
function focusedBishopric(svg, blurred) {
  const active = document.activeElement;
  const label = active && active !== blurred && svg.contains(active) ? active.closest(".fief-bishopric-label") : null;
  return label ? label.dataset.bishopric : null;
}

/** Where the pointer last was in the window (its move or press), for
 *  outlineWherePointed; null before the first. */
const pointer = { x: null, y: null };
for (const type of ["pointermove", "pointerdown"]) {
  document.addEventListener(type, (ev) => Object.assign(pointer, { x: ev.clientX, y: ev.clientY }),
    { passive: true, capture: true });
}

/** Once the page is drawn again (and scrolled back where it was), the outline
 *  kept through the redraw goes unless the pointer, resting, is still on that
 *  bishopric's name (or the name has the focus): a redraw that moved the map
 *  had left a play-test's outline on through whole phases, the name no longer
 *  under the resting pointer, and no event to say so. */
function outlineWherePointed(ctx, root) {
  queueMicrotask(() => {
    const id = ctx.ui.fiefBishopric;
    const svg = root.querySelector("svg.fief-map");
    if (!id || pointer.x === null || !svg || !svg.isConnected) return;
    const at = document.elementFromPoint(pointer.x, pointer.y);
    const label = at && at.closest ? at.closest(".fief-bishopric-label") : null;
    const focused = focusedBishopric(svg, null);
    if ((!label || label.dataset.bishopric !== id) && focused !== id) outlineBishopric(ctx, svg, focused);
  });
}

/** A name pointed at when the map was drawn again gets no "mouseenter" of its
 *  own in every browser, so none of "mouseleave" either: the pointer seen
 *  elsewhere on the map lets the outline go (unless a name has the focus). */
function dropStaleOutline(ctx, svg) {
  const drop = (ev) => {
    if (!ctx.ui.fiefBishopric || (ev.target.closest && ev.target.closest(".fief-bishopric-label"))) return;
    const focused = focusedBishopric(svg, null);
    if (focused !== ctx.ui.fiefBishopric) outlineBishopric(ctx, svg, focused);
  };
  svg.addEventListener("mouseover", drop);
  svg.addEventListener("mouseleave", drop);
}

function villageGlyph(ctx, v, plan) {
  const view = ctx.view;
  const holder = (view.holders || {})[v.id];
  const soldiers = (view.soldiers || {})[v.id];
  const castle = (view.castles || []).includes(v.id);
  const mills = (view.mills || {})[v.id] || 0;
  const presses = (view.presses || {})[v.id] || 0;
  const lords = Object.entries(view.lords || {}).filter(([, l]) => l.village === v.id && !l.outside);
  const region = REGION[v.region];
  const target = plan.villages.has(v.id);
  const sub = [castle ? ctx.t("fief.castle") : null, mills ? `${ctx.t("fief.mill")} ×${mills}` : null,
    presses ? `${ctx.t("fief.press")} ×${presses}` : null].filter(Boolean);
  const title = [villageName(v.id), v.bishopric ? ctx.t("fief.village.bishopric", { name: bishopricName(v.bishopric) }) : null,
    holder !== null && holder !== undefined ? ctx.name(holder) : null,
    soldiers ? `${ctx.t("fief.soldiers")}${ctx.t("colon")}${soldiers[1]}` : null, ...sub,
    ...lords.map(([id, l]) => news.lordOf(ctx, id, l.owner))].filter(Boolean).join(" — ");
  const g = s("g", {
    class: ["fief-village", target ? "target" : null, plan.selected === v.id ? "selected" : null,
      ctx.ui.fiefBishopric && v.bishopric === ctx.ui.fiefBishopric ? "in-bishopric" : null,
      plan.focus.has(v.id) ? "focus" : null, target && plan.viaRegion ? "via-region" : null],
    dataset: { village: v.id, holder: holder ?? "" }, transform: `translate(${v.x},${v.y})`,
  },
  s("title", {}, title),
  s("circle", { r: HIT, class: "fief-hit" }),
  holder !== null && holder !== undefined
    ? s("circle", { r: 29, class: "fief-holder", stroke: seatInk(view, holder), dataset: { seat: holder } }) : null,
  s("circle", { r: 21, class: "fief-dot", fill: region ? region.fill : "#ddd" }),
  castle ? s("path", { class: "fief-castle", d: "M-11 8 V-6 H-7 V-2 H-3 V-6 H3 V-2 H7 V-6 H11 V8 Z" }) : null,
  soldiers && soldiers[1]
    ? s("g", { class: "fief-soldiers", transform: "translate(22,-20)", dataset: { seat: soldiers[0], count: soldiers[1] } },
      s("circle", { r: 13, fill: seatInk(view, soldiers[0]) }),
      s("text", { "text-anchor": "middle", y: 5, fill: textOn(seatInk(view, soldiers[0])) }, String(soldiers[1]))) : null,
  mills || presses
    // left of the holder's ring, level with the village: above it, the lords' letters lay over
    // it ("Gu" over Tournus' "M", a play-test)
    ? s("text", { class: "fief-works", x: -32, y: 6, "text-anchor": "end" },
      mills ? `M${mills > 1 ? mills : ""}` : "", mills && presses ? " " : "", presses ? `P${presses > 1 ? presses : ""}` : "") : null,
  lords.length
    ? s("text", { class: "fief-lords", y: 5, "text-anchor": "middle" },
      castle ? null : lords.map(([id, l], i) => s("tspan", { fill: seatLetters(view, l.owner), dx: i ? 7 : 0 }, lordMark(view, id, l))))
    : null,
  castle && lords.length
    ? s("text", { class: "fief-lords", x: -4, y: -28, "text-anchor": "end" },
      lords.map(([id, l], i) => s("tspan", { fill: seatLetters(view, l.owner), dx: i ? 7 : 0 }, lordMark(view, id, l)))) : null,
  s("text", { class: "fief-name", y: 44, "text-anchor": "middle" }, v.name));
  if (target) activate(g, () => plan.onVillage(v.id)).setAttribute("aria-label", title);
  return g;
}

/** What a gate must not cover round its village's centre, as boxes
 *  [left, top, right, bottom]: the holder's ring, the soldiers' count, the
 *  name (about 12 px a letter at its 20 px) and the mills and presses left of
 *  the ring. */
function gateBlockers(v) {
  const half = v.name.length * 6.5 + 4;
  return [[-30, -30, 30, 30], [8, -34, 36, -6], [-half, 26, half, 50], [-60, -8, -30, 10]];
}

/** Boxes on the map are [left, top, right, bottom]. */
function overlaps([l1, t1, r1, b1], [l2, t2, r2, b2]) {
  return l1 < r2 && l2 < r1 && t1 < b2 && t2 < b1;
}

/** A gate's box about its centre: its badge, and its lords' letters above it. */
function gateBox(x, y, half) {
  return [x - half, y - 30, x + half, y + 13];
}

/** A region's name's box at (x, y), its 22 px capitals about 17 px a letter,
 *  and for a fief its " ★" and below it its title; ``up``, the same turned
 *  upright (its letters' tops to the left), without its title (titleBox). */
function labelBox(region, x, y, fief, up = false) {
  const half = (region.name.length + (fief ? 2 : 0)) * 8.5 + 4;
  if (!up) return [x - half, y - 21, x + half, fief ? y + 30 : y + 6];
  return [x - 21, y - half, x + 6, y + half];
}

/** How far out along the road from village ``v`` towards ``to`` a gate
 *  ``half`` wide first covers neither the village nor its name (by 4 px
 *  from 40, at most half the road). */
function roadOut(v, to, half) {
  const len = Math.hypot(to.x - v.x, to.y - v.y);
  const [ux, uy] = [(to.x - v.x) / len, (to.y - v.y) / len];
  const blockers = gateBlockers(v);
  let d = 40;
  while (d < len / 2 && blockers.some((b) => overlaps(gateBox(ux * d, uy * d, half), b))) d += 4;
  return d;
}

/** Where a gate stands: on the road its lords came by (a besieger's
 *  `came_from`, the road he may leave by), out along it till it covers
 *  neither the village nor its name, nor if it can a region's name (a step
 *  or two further out, or aside by 16 or 32 px; where a name lies right on
 *  the road, over it); the k-th on that road further out. A gate with no
 *  such road stands left of the village, the k-th further left. */
function gateSpot(v, came, lords, k, fiefs) {
  const to = VILLAGE[came];
  const len = to ? Math.hypot(to.x - v.x, to.y - v.y) : 0;
  if (!len) return [v.x - 40 - k * 30, v.y + 10];
  const [ux, uy] = [(to.x - v.x) / len, (to.y - v.y) / len];
  const half = Math.max(14, lords.length * 5);
  // the names' boxes about the village, as its own blockers are
  const labels = BOARD.regions.flatMap((r) => {
    const [x, y, up, [tx, ty]] = labelSpot(r);
    const title = up && fiefs[r.id] ? [titleBox(r, tx - v.x, ty - v.y)] : [];
    return [labelBox(r, x - v.x, y - v.y, !!fiefs[r.id], up), ...title];
  });
  const at = (d, side) => [ux * d - uy * side, uy * d + ux * side];
  const clear = (boxes) => ([x, y]) => !boxes.some((box) => overlaps(gateBox(x, y, half), box));
  const own = clear(gateBlockers(v));
  const free = clear(labels);
  const out = roadOut(v, to, half);
  const spots = [];
  for (const side of [0, 16, -16, 32, -32]) {
    for (let d = out - (side ? 8 : 0); d <= out + 8; d += 4) spots.push([d, side]);
  }
  const [d, side] = spots.find(([dd, sd]) => own(at(dd, sd)) && free(at(dd, sd))) || [out, 0];
  const [x, y] = at(d + k * 34, side);
  return [v.x + x, v.y + y];
}

function gateLayer(ctx, plan) {
  const view = ctx.view;
  const count = {};
  return (view.gates || []).map((gate) => {
    const v = VILLAGE[gate.village];
    if (!v) return null;
    const lords = (gate.lords || []).map(lordLetters).join(" ");
    // the road its lords came by (any force that came by a trip: `road`; a besieger's `came_from`)
    const came = (gate.lords || []).map((l) => { const i = (view.lords || {})[l] || {}; return i.road || i.came_from; }).find(Boolean) || "";
    const key = `${gate.village}|${came}`;
    const k = (count[key] = (count[key] || 0) + 1) - 1;
    const [x, y] = gateSpot(v, came, lords, k, view.fiefs || {});
    const stance = ctx.t(`fief.stance.${gate.stance}`);
    const target = plan.villages.has(gate.village);
    const g = s("g", { class: ["fief-gate", `stance-${gate.stance}`, target ? "target" : null], transform: `translate(${x},${y})`, dataset: { village: gate.village, seat: gate.owner } },
      s("title", {}, ctx.t("fief.gate", { who: ctx.name(gate.owner), n: gate.soldiers, place: v.name, stance })),
      s("rect", { x: -13, y: -12, width: 26, height: 24, rx: 4, fill: seatInk(view, gate.owner) }),
      s("text", { "text-anchor": "middle", y: 5, fill: textOn(seatInk(view, gate.owner)) }, gate.stance === "passage" ? `⇢${gate.soldiers}` : `⚔${gate.soldiers}`),
      // above the gate: below it they lay over the village's name
      lords ? s("text", { class: "fief-gate-lords", "text-anchor": "middle", y: -16, fill: seatLetters(view, gate.owner) }, lords) : null);
    if (target) g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      plan.onVillage(gate.village);
    });
    return g;
  });
}

function mapPanel(ctx) {
  const plan = mapPlan(ctx);
  const zoom = zoomOf(ctx);
  const svg = s("svg", {
    class: "fief-map", viewBox: "-40 -50 1080 1110", role: "group", "aria-label": ctx.t("fief.map"),
    preserveAspectRatio: "xMidYMid meet", style: { width: `${zoom * 100}%` },
  },
  s("rect", { x: -40, y: -50, width: 1080, height: 1110, class: "fief-sea" }),
  s("g", { class: "fief-regions" }, regionLayer(ctx, plan)),
  s("g", { class: "fief-roads" }, BOARD.roads.map(([a, b]) => s("line", {
    x1: VILLAGE[a].x, y1: VILLAGE[a].y, x2: VILLAGE[b].x, y2: VILLAGE[b].y, class: "fief-road", dataset: { road: `${a}|${b}` },
  }))),
  s("g", { class: "fief-bishoprics" }, bishopricLayer(ctx)),
  s("g", { class: "fief-villages" }, BOARD.villages.map((v) => villageGlyph(ctx, v, plan))),
  s("g", { class: "fief-gates" }, gateLayer(ctx, plan)));
  dropStaleOutline(ctx, svg);
  const box = h("div", { class: ["fief-viewport", zoom > 1 ? "zoomed" : null] }, svg);
  box.addEventListener("scroll", () => {
    // a map redrawn since reads 0 here: its position is not the map's any more
    if (box.isConnected) ctx.ui.fiefScroll = [box.scrollLeft, box.scrollTop];
  }, { passive: true });
  pinch(ctx, box);
  const onlyForms = plan.villages.size && !actBarShown(ctx);
  // zoomed, the line that counts the targets out of sight keeps its place when
  // empty: coming and going between redraws, it moved the map under the finger
  const offscreen = zoom > 1 ? h("p", { class: "fief-offscreen muted" }) : null;
  return h("section", { class: "panel fief-map-panel" },
    h("div", { class: "fief-map-head" }, h("h2", {}, ctx.t("fief.map")), zoomBar(ctx)),
    actBar(ctx),
    offscreen,
    box,
    onlyForms ? h("p", { class: "muted fief-help" }, pointing(ctx, "fief.click_help")) : null);
}

function actBarShown(ctx) {
  return ["choose_region", "move", "buy", "attack_region", "assassinate", "play_lord", "end_turn", ...QUESTION_KINDS]
    .some((k) => legalOf(ctx, k).length);
}

// ----- acting on the map -------------------------------------------------------------------
// What the map offers comes from the seat's legal actions (the server's list,
// every combination spelled out), never from a rule recomputed here: a lord is
// outlined when some move names him, a village when some move of the chosen
// lord with the chosen soldiers goes there, and so on. The server checks again.

/** The questions a player answers by a button by the map (004_4acaab6420c0f155.txt:
 * the parries of Phase 1, the right of way of Phase 4, the converging forces and
 * the sealed bid of Phase 5, the election and consecration of Phase 6). */
const QUESTION_KINDS = ["respond", "execute", "destroy_counter", "answer_passage", "ask_coalition",
  "answer_coalition", "bid", "consecrate", "ask_consecration", "vote"];
const PURCHASE_ORDER = ["soldier", "castle", "mill", "press"];
const ZOOMS = [1, 1.5, 2, 3, 4];

function legalOf(ctx, kind) {
  return ctx.canAct ? ctx.legal.map((l) => l.action).filter((a) => a.type === kind) : [];
}

function uniq(values) {
  return [...new Set(values)];
}

/** The renderer's own state of the map (the chosen lord...), kept across updates. */
function mapUi(ctx) {
  if (!ctx.ui.fiefMap) ctx.ui.fiefMap = {};
  return ctx.ui.fiefMap;
}

function resetMap(ctx) {
  ctx.ui.fiefMap = {};
  ctx.ui.fiefVillage = null;
}

let current = null; // the latest ctx, for Esc

document.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape" || !current) return;
  const m = current.ui.fiefMap;
  if (m && Object.keys(m).length) {
    resetMap(current);
    current.rerender();
  }
});

function send(ctx, action) {
  resetMap(ctx);
  ctx.act(action);
}

/** Put a value in the forms' field of that name (the generic forms stay a fallback). */
function fillForms(ctx, fields, value) {
  for (const entry of ctx.schema || []) {
    for (const f of fields) {
      const spec = entry.fields && entry.fields[f];
      if (!spec || !Array.isArray(spec.values)) continue;
      const at = spec.values.indexOf(value);
      const select = document.querySelector(`select[data-field="${entry.type}.${f}"]`);
      if (at < 0 || !select) continue;
      select.value = String(at);
      select.dispatchEvent(new Event("change", { bubbles: true }));
      select.closest("form")?.classList.add("fief-filled");
    }
  }
}

/** The villages some legal action names (the forms' fallback: a lord's arrival...). */
function formVillages(ctx) {
  const out = new Set();
  for (const entry of ctx.schema || []) {
    for (const f of VILLAGE_FIELDS) {
      const spec = entry.fields && entry.fields[f];
      if (spec && Array.isArray(spec.values)) for (const v of spec.values) if (VILLAGE[v]) out.add(v);
    }
  }
  return ctx.canAct ? out : new Set();
}

/** Where a lord stands on the map (inside a village or at its gate). */
function lordVillage(ctx, lord) {
  const l = (ctx.view.lords || {})[lord];
  return l ? l.village : null;
}

/** Fix the map's state against the new legal actions: a choice no longer open is dropped. */
function settle(ctx) {
  const m = mapUi(ctx);
  const moves = legalOf(ctx, "move");
  if (m.lord && !moves.some((a) => a.lord === m.lord)) delete m.lord;
  if (m.lord) {
    const counts = uniq(moves.filter((a) => a.lord === m.lord).map((a) => a.soldiers)).sort((a, b) => a - b);
    if (!counts.includes(m.soldiers)) m.soldiers = counts[counts.length - 1];
    m.counts = counts;
  }
  if (m.to && !moves.some((a) => a.lord === m.lord && a.to === m.to && a.soldiers === m.soldiers)) delete m.to;
  if (m.buyAt && !legalOf(ctx, "buy").some((a) => a.village === m.buyAt)) delete m.buyAt;
  if (m.attack && !(m.attack === "assassination" ? legalOf(ctx, "assassinate").length
    : legalOf(ctx, "attack_region").some((a) => a.card === m.attack))) delete m.attack;
  if (m.lay && !legalOf(ctx, "play_lord").some((a) => a.lord === m.lay)) delete m.lay;
  if (m.pick && !m.pick.length) delete m.pick;
  return m;
}

/**
 * What a click on the map does now: ``villages`` outlined (clickable),
 * ``regions`` outlined, ``onVillage(id)`` and ``onRegion(id)``; one plan per
 * render, from the legal actions and the map's state.
 */
function mapPlan(ctx) {
  const m = settle(ctx);
  const plan = { villages: new Set(), regions: new Set(), selected: null, onVillage: null, onRegion: null,
    focus: questionFocus(ctx) };
  if (!ctx.canAct) return plan;
  const redraw = () => ctx.rerender();
  const moves = legalOf(ctx, "move");
  const buys = legalOf(ctx, "buy");
  const regionAttacks = legalOf(ctx, "attack_region").filter((a) => a.card === m.attack);
  const killings = m.attack === "assassination" ? legalOf(ctx, "assassinate") : [];
  const choices = legalOf(ctx, "choose_region");
  if (choices.length) {
    for (const a of choices) plan.regions.add(a.region);
    plan.onRegion = (r) => send(ctx, choices.find((a) => a.region === r));
    for (const r of plan.regions) for (const v of REGION[r] ? REGION[r].villages : []) plan.villages.add(v);
    plan.onVillage = (v) => plan.onRegion(VILLAGE[v].region);
    plan.viaRegion = true;
  } else if (regionAttacks.length) {
    for (const a of regionAttacks) plan.regions.add(a.region);
    for (const r of plan.regions) for (const v of REGION[r] ? REGION[r].villages : []) plan.villages.add(v);
    plan.onRegion = (r) => send(ctx, regionAttacks.find((a) => a.region === r));
    plan.onVillage = (v) => plan.onRegion(VILLAGE[v].region);
    plan.viaRegion = true;
  } else if (m.lay) {
    const lays = legalOf(ctx, "play_lord").filter((a) => a.lord === m.lay);
    for (const a of lays) plan.villages.add(a.village);
    plan.onVillage = (v) => send(ctx, lays.find((a) => a.village === v));
  } else if (killings.length) {
    for (const a of killings) plan.villages.add(lordVillage(ctx, a.lord));
    plan.onVillage = (v) => {
      const here = killings.filter((a) => lordVillage(ctx, a.lord) === v);
      if (here.length === 1) send(ctx, here[0]);
      else {
        m.pick = here.map((a) => a.lord);
        m.pickAt = v;
        redraw();
      }
    };
  } else if (moves.length) {
    movePlan(ctx, m, moves, plan, redraw);
  } else if (buys.length) {
    for (const a of buys) plan.villages.add(a.village);
    plan.selected = m.buyAt || null;
    plan.onVillage = (v) => {
      m.buyAt = m.buyAt === v ? undefined : v;
      ctx.ui.fiefVillage = v;
      redraw();
      fillForms(ctx, VILLAGE_FIELDS, v);
    };
  } else {
    plan.villages = formVillages(ctx);
    plan.selected = ctx.ui.fiefVillage || null;
    plan.onVillage = (v) => {
      ctx.ui.fiefVillage = v;
      for (const g of document.querySelectorAll(".fief-village.selected")) g.classList.remove("selected");
      document.querySelector(`.fief-village[data-village="${v}"]`)?.classList.add("selected");
      fillForms(ctx, VILLAGE_FIELDS, v);
    };
  }
  return plan;
}

/** Where the question asked of this seat is: the region or lord struck, the
 * village asked for right of way, fought over or bid for. */
function questionFocus(ctx) {
  const view = ctx.view;
  const out = new Set();
  if (!QUESTION_KINDS.some((k) => legalOf(ctx, k).length)) return out;
  const p = view.pending;
  if (p && p.region) out.add(p.region);
  if (p && p.lord && lordVillage(ctx, p.lord)) out.add(lordVillage(ctx, p.lord));
  if (view.passage) out.add(view.passage[1]);
  if (view.battle) out.add(view.battle.village);
  return out;
}

/** Phase 4, "The Movement of Counters": a lord, then his soldiers, then where
 * (and what he does at an opponent's village: attack, siege, right of way);
 * a click on his own village again, or Esc, lets him go. */
function movePlan(ctx, m, moves, plan, redraw) {
  const lordsAt = (v) => uniq(moves.map((a) => a.lord)).filter((l) => lordVillage(ctx, l) === v);
  const choose = (lord) => {
    m.lord = lord;
    delete m.pick;
    delete m.to;
    settle(ctx);
    redraw();
    fillForms(ctx, ["lord"], lord);
  };
  const pickAt = (v) => {
    const here = lordsAt(v);
    if (here.length === 1) choose(here[0]);
    else {
      m.pick = here;
      m.pickAt = v;
      delete m.lord;
      redraw();
    }
  };
  if (!m.lord) {
    for (const a of moves) plan.villages.add(lordVillage(ctx, a.lord));
    plan.selected = m.pick ? m.pickAt : null;
    plan.onVillage = pickAt;
    return;
  }
  const home = lordVillage(ctx, m.lord);
  const mine = moves.filter((a) => a.lord === m.lord && a.soldiers === m.soldiers);
  for (const a of mine) plan.villages.add(a.to);
  plan.villages.add(home);
  plan.selected = home;
  plan.onVillage = (v) => {
    const here = mine.filter((a) => a.to === v);
    if (here.length === 1) send(ctx, here[0]);
    else if (here.length > 1) {
      m.to = v;
      redraw();
    } else if (v === home) {
      resetMap(ctx);
      redraw();
    } else if (lordsAt(v).length) pickAt(v);
  };
}

// ----- the bar by the map: what the click does, and the questions asked ----------------------

function stepper(ctx, values, value, onChange) {
  const at = values.indexOf(value);
  const go = (d) => onChange(values[Math.min(Math.max(at + d, 0), values.length - 1)]);
  return h("span", { class: "fief-stepper" },
    button("−", () => go(-1), { class: "small", disabled: at <= 0, "aria-label": "−", dataset: { step: "-1" } }),
    h("output", { class: "fief-count" }, String(value)),
    button("+", () => go(1), { class: "small", disabled: at >= values.length - 1, "aria-label": "+", dataset: { step: "1" } }),
    h("span", { class: "muted" }, ctx.t("fief.act.of", { n: values[values.length - 1] })));
}

function cancelButton(ctx) {
  return button(ctx.t("fief.act.cancel"), () => {
    resetMap(ctx);
    ctx.rerender();
  }, { class: "small fief-cancel" });
}

function endTurnButton(ctx) {
  return legalOf(ctx, "end_turn").length
    ? button(ctx.t("fief.act.end_turn"), () => send(ctx, { type: "end_turn" }), { class: "small fief-end", dataset: { kind: "end_turn" } })
    : null;
}

function lordChoice(ctx, lords, onPick) {
  return h("div", { class: "fief-choices" }, lords.map((l) => button(lordLabel(ctx, l), () => onPick(l),
    { class: "fief-choice", dataset: { lord: l } })));
}

/** A lord on a button: his player named but for one's own (a play-test's own
 *  three read "Henry, played by Bruno / Jean, played by Bruno / ..."; `lordOf`). */
function lordLabel(ctx, lord) {
  const l = (ctx.view.lords || {})[lord];
  return l ? news.lordOf(ctx, lord, l.owner) : lordName(lord);
}

function moveBar(ctx, m, moves) {
  if (m.pick) {
    return [h("p", {}, ctx.t("fief.act.which_lord", { place: villageName(m.pickAt) })),
      lordChoice(ctx, m.pick, (l) => {
        m.lord = l;
        delete m.pick;
        settle(ctx);
        ctx.rerender();
        fillForms(ctx, ["lord"], l);
      }), h("div", { class: "fief-row" }, cancelButton(ctx))];
  }
  if (!m.lord) return [h("p", {}, pointing(ctx, "fief.act.pick_lord")), h("div", { class: "fief-row" }, endTurnButton(ctx))];
  const place = villageName(lordVillage(ctx, m.lord));
  const soldiers = h("label", { class: "fief-row fief-soldiers-pick" }, h("span", {}, ctx.t("fief.act.soldiers")),
    stepper(ctx, m.counts, m.soldiers, (n) => {
      m.soldiers = n;
      delete m.to;
      ctx.rerender();
    }));
  const mine = moves.filter((a) => a.lord === m.lord && a.soldiers === m.soldiers);
  if (m.to) {
    const options = mine.filter((a) => a.to === m.to);
    const holder = holderText(ctx, m.to);
    return [h("p", {}, ctx.t(m.soldiers ? "fief.act.stance" : "fief.act.stance_alone", { lord: lordName(m.lord), n: m.soldiers, place: villageName(m.to), holder })),
      h("div", { class: "fief-choices" }, options.map((a) => button(ctx.t(`fief.do.${a.stance}`), () => send(ctx, a),
        { class: ["fief-choice", "primary"], dataset: { stance: a.stance } }))),
      h("div", { class: "fief-row" }, cancelButton(ctx))];
  }
  // a phone has no Esc key (its words say so)
  return [h("p", { class: "fief-lord-chosen" }, lordChosenText(ctx, m, moves, place)),
    m.counts.length > 1 ? soldiers : h("p", { class: "fief-soldiers-pick" }, alone(ctx, m)),
    mine.length ? null : h("p", { class: "muted" }, ctx.t("fief.act.no_dest")),
    h("div", { class: "fief-row" }, cancelButton(ctx), endTurnButton(ctx))];
}

/** What to click once a lord is chosen: a village outlined; for a besieged
 * lord, whose only moves are sorties (decision 11: "A besieged lord may only
 * break out"), the besiegers' force at the gate, as it is drawn ("⚔6"). */
function lordChosenText(ctx, m, moves, place) {
  const his = moves.filter((a) => a.lord === m.lord);
  if (!his.length || !his.every((a) => a.stance === "sortie")) {
    return pointing(ctx, "fief.act.lord_chosen", { lord: lordName(m.lord), place });
  }
  const owner = (ctx.view.lords[m.lord] || {}).owner;
  const village = lordVillage(ctx, m.lord);
  const sieges = (ctx.view.gates || []).filter((g) => g.village === village && g.owner !== owner && g.stance === "siege");
  // the force as the map draws it ("⚔6"), its player named apart: a bot's name has its own parentheses
  return pointing(ctx, "fief.act.besieged", { lord: lordName(m.lord), place,
    who: ctx.joinNames(sieges.map((g) => ctx.name(g.owner))) || "?", force: sieges.map((g) => `⚔${g.soldiers}`).join(", ") || "⚔" });
}

/** The soldiers a lord with no choice of them takes; a bishop's none is said as
 * the rule says it, not as "0" (the Bishop card, 004_4acaab6420c0f155.txt: "A
 * Bishop may move but is never accompanied by soldiers"). */
function alone(ctx, m) {
  const lord = ctx.view.lords[m.lord];
  if (lord && lord.bishop && m.counts.length === 1 && m.counts[0] === 0) return ctx.t("fief.act.bishop_alone");
  return `${ctx.t("fief.act.soldiers")}${ctx.t("colon")}${m.soldiers}`;
}

/** The price of a purchase: the rules' table (the game's data) times the count. */
function price(action) {
  return PRICES[action.item] * action.count;
}

/** Phase 3, "Purchases": a village clicked, what may be bought there, one more click buys. */
function buyBar(ctx, m, buys) {
  if (!m.buyAt) return [h("p", {}, pointing(ctx, "fief.act.buy_help")), h("div", { class: "fief-row" }, endTurnButton(ctx))];
  const here = buys.filter((a) => a.village === m.buyAt);
  const items = PURCHASE_ORDER.filter((i) => here.some((a) => a.item === i));
  m.counts = m.counts || {};
  return [h("p", {}, h("strong", {}, ctx.t("fief.act.buy_at", { place: villageName(m.buyAt) }))),
    h("div", { class: "fief-buys" }, items.map((item) => {
      const counts = uniq(here.filter((a) => a.item === item).map((a) => a.count)).sort((a, b) => a - b);
      const n = counts.includes(m.counts[item]) ? m.counts[item] : counts[0];
      const action = here.find((a) => a.item === item && a.count === n);
      return h("div", { class: "fief-buy", dataset: { item } },
        counts.length > 1 ? stepper(ctx, counts, n, (k) => {
          m.counts[item] = k;
          ctx.rerender();
        }) : null,
        button(ctx.t("fief.act.buy", { n, item: ctx.t(`fief.item.${item}`, { n }), price: price(action) }),
          () => {
            const at = m.buyAt;
            send(ctx, action);
            mapUi(ctx).buyAt = at; // several purchases in a row at one village
          }, { class: "primary fief-buy-button", dataset: { item, count: n, price: price(action) } }));
    })),
    h("div", { class: "fief-row" }, cancelButton(ctx), endTurnButton(ctx))];
}

/** Phase 1, "The Playing of the Cards" (004_4acaab6420c0f155.txt): an attack
 * played on its target, a lord laid on a village ("THE LORD CARD"). */
function cardsBar(ctx, m) {
  const cards = uniq(legalOf(ctx, "attack_region").map((a) => a.card));
  if (legalOf(ctx, "assassinate").length) cards.push("assassination");
  const lays = uniq(legalOf(ctx, "play_lord").map((a) => a.lord));
  if (!cards.length && !lays.length) return null;
  if (m.pick) {
    const kill = (l) => send(ctx, { type: "assassinate", lord: l });
    return [h("p", {}, ctx.t("fief.act.which_target", { place: villageName(m.pickAt) })),
      lordChoice(ctx, m.pick, kill), h("div", { class: "fief-row" }, cancelButton(ctx))];
  }
  if (m.attack || m.lay) {
    const text = m.lay ? pointing(ctx, "fief.act.lay_where", { lord: lordName(m.lay) })
      : m.attack === "assassination" ? pointing(ctx, "fief.act.attack_lord")
        : pointing(ctx, "fief.act.attack_region", { card: cardName(ctx, m.attack) });
    return [h("p", {}, text), h("div", { class: "fief-row" }, cancelButton(ctx))];
  }
  const choose = (key, value) => () => {
    m[key] = value;
    ctx.rerender();
  };
  return [
    cards.length ? [h("p", {}, pointing(ctx, "fief.act.attack_help")),
      h("div", { class: "fief-choices" }, cards.map((c, i) => cardChoice(ctx, c, `attack:${i}:${c}`,
        button(cardName(ctx, c), choose("attack", c), { class: "fief-choice fief-attack", dataset: { card: c } }))))]
      : null,
    lays.length ? [h("p", {}, pointing(ctx, "fief.act.lay_help")),
      h("div", { class: "fief-choices" }, lays.map((l, i) => cardChoice(ctx, `lord:${l}`, `lay:${i}:${l}`,
        button(lordName(l), choose("lay", l), { class: "fief-choice fief-lay", dataset: { lord: l } }))))] : null,
    revoltKept(ctx),
    h("div", { class: "fief-row" }, endTurnButton(ctx))];
}

/** At the cards, a Revolt of the hand with no Famine to play it with: why it is
 *  not offered ("Phase 1: The Playing of the Cards, a) Attacks"; a play-test held
 *  one three turns, told nothing). */
function revoltKept(ctx) {
  const hand = ctx.view.hand || [];
  if (ctx.view.phase !== "cards" || (ctx.view.exchanged || []).includes(ctx.seat)) return null;
  if (!hand.includes("revolt") || hand.includes("famine")) return null;
  return h("p", { class: "muted fief-revolt-kept" }, ctx.t("fief.act.revolt_kept"));
}

// ----- the questions ------------------------------------------------------------------------

function forceText(ctx, owner, village) {
  const gate = (ctx.view.gates || []).find((g) => g.owner === owner && g.village === village);
  const inside = (ctx.view.soldiers || {})[village];
  const n = gate ? gate.soldiers : inside && inside[0] === owner ? inside[1] : 0;
  const lords = gate ? gate.lords : Object.entries(ctx.view.lords || {})
    .filter(([, l]) => l.owner === owner && l.village === village && !l.outside).map(([id]) => id);
  const parts = [...lords.map(lordName), n ? ctx.t("fief.ask.force", { n }) : null].filter(Boolean);
  return parts.length ? ctx.joinNames(parts) : ctx.t("fief.ask.no_force");
}

/** "Seat 2 (bot), who has Robert and 4 soldiers there": a seat's name may end in
 *  parentheses of its own, so the force it has is never put in parentheses. */
function holderText(ctx, village) {
  const holder = (ctx.view.holders || {})[village];
  if (holder === null || holder === undefined) return ctx.t("fief.ask.nobody");
  const force = forceText(ctx, holder, village);
  // French negates "aucun" with its verb ("qui n'y a aucun soldat")
  return ctx.t(force === ctx.t("fief.ask.no_force") ? "fief.ask.held_empty" : "fief.ask.held", { holder: ctx.name(holder), force });
}

/** The question's words: who asks, for what, where, with how many. */
function questionText(ctx, kind) {
  const view = ctx.view;
  const p = view.pending || {};
  const target = p.region ? regionName(p.region) : p.lord ? lordName(p.lord) : "";
  const b = view.battle || {};
  const other = b.first === ctx.seat ? b.second : b.first;
  const holder = b.village ? holderText(ctx, b.village) : "";
  const e = view.election || {};
  switch (kind) {
    case "respond":
      return [ctx.t("fief.ask.respond", { attacker: ctx.name(p.attacker), card: p.card ? cardName(ctx, p.card) : "", target }),
        p.die ? ctx.t("fief.ask.die", { die: p.die }) : null];
    case "execute": return [ctx.t("fief.ask.execute", { attacker: ctx.name(p.attacker) })];
    case "destroy_counter": return [ctx.t("fief.ask.destroy", { target })];
    case "answer_passage": {
      const village = view.passage ? view.passage[1] : null;
      const gate = (view.gates || []).find((g) => g.village === village && g.stance === "passage") || {};
      return [ctx.t(gate.soldiers ? "fief.ask.passage" : "fief.ask.passage_alone", {
        asker: gate.owner !== undefined ? ctx.name(gate.owner) : "?", place: villageName(village),
        lords: (gate.lords || []).map(lordName).join(", ") || "—", n: gate.soldiers ?? 0,
      })];
    }
    case "ask_coalition":
      return [ctx.t("fief.ask.ask", { place: villageName(b.village), mine: forceText(ctx, ctx.seat, b.village),
        other: ctx.name(other), theirs: forceText(ctx, other, b.village), holder })];
    case "answer_coalition":
      return [ctx.t("fief.ask.answer", { place: villageName(b.village), first: ctx.name(b.first),
        theirs: forceText(ctx, b.first, b.village), mine: forceText(ctx, ctx.seat, b.village), holder })];
    case "bid": return [ctx.t("fief.ask.bid", { place: villageName(b.village), other: ctx.name(other) })];
    case "consecrate": {
      const lord = e.elected;
      const asker = lord && view.lords[lord] ? ctx.name(view.lords[lord].owner) : "?";
      return [ctx.t("fief.ask.consecrate", { asker, lord: lord ? lordName(lord) : "?" })];
    }
    case "ask_consecration": {
      const lord = e.elected ? lordName(e.elected) : "?";
      return [ctx.t(legalOf(ctx, kind).length ? "fief.ask.ask_consecration" : "fief.ask.nobody_blesses", { lord })];
    }
    default: return [ctx.t("fief.ask.vote"),
      view.election && Object.keys(view.election.votes || {}).length
        ? ctx.t("fief.ask.votes_so_far", { votes: votesText(ctx, view.election) }) : null];
  }
}

function answerLabel(ctx, a) {
  switch (a.type) {
    case "respond":
      return a.parry === "none" || a.parry === "ransom" ? ctx.t(`fief.ans.${a.parry}`)
        : ctx.t("fief.ans.parry", { card: cardName(ctx, a.parry) });
    case "execute": return ctx.t("fief.ans.execute", { lord: lordName(a.lord) });
    case "destroy_counter": return ctx.t("fief.ans.destroy", { counter: ctx.t(`fief.${a.counter}`), place: villageName(a.village) });
    case "answer_passage": return ctx.t(a.grant ? "fief.ans.grant" : "fief.ans.refuse_passage");
    case "ask_coalition": return ctx.t(a.ask ? "fief.ans.ask" : "fief.ans.alone");
    case "answer_coalition": return ctx.t(a.accept ? "fief.ans.accept" : "fief.ans.decline");
    case "bid": return a.amount ? ctx.t("fief.ans.bid", { amount: a.amount }) : ctx.t("fief.ans.empty");
    case "consecrate": return ctx.t(a.yes ? "fief.ans.consecrate" : "fief.ans.refuse");
    case "ask_consecration": return ctx.t("fief.ans.ask_seat", { name: ctx.name(a.seat) });
    case "end_turn": return ctx.t("fief.ans.give_up"); // only among the consecration's answers
    case "vote": return a.lord ? ctx.t("fief.ans.vote", { n: a.votes, lord: lordName(a.lord) }) : ctx.t("fief.ans.abstain");
    default: return a.type;
  }
}

/** Many ways to give one's votes (a lord each, any number of them): how many as a
 *  stepper, all at first, then abstaining and a button per lord with that many (a
 *  play-test with 3 votes was offered only "3 votes for …", the rest in forms below). */
function votesByCount(ctx, options) {
  const m = mapUi(ctx);
  const counts = uniq(options.filter((a) => a.lord).map((a) => a.votes)).sort((x, y) => x - y);
  const n = counts.includes(m.votes) ? m.votes : counts[counts.length - 1];
  const shown = options.filter((a) => !a.lord || a.votes === n);
  return h("div", { class: "fief-choices" }, stepper(ctx, counts, n, (k) => {
    m.votes = k;
    ctx.rerender();
  }), shown.map((a) => answerButton(ctx, "vote", a)));
}

function answerButton(ctx, kind, a) {
  return button(answerLabel(ctx, a), () => send(ctx, a), {
    class: ["fief-answer", a.grant || a.accept || a.ask || a.yes ? "primary" : null],
    dataset: { kind, value: JSON.stringify(Object.values(a).slice(1)) },
  });
}

/** The answers as buttons; a bid as a stepper over the legal amounts and one button. */
function answers(ctx, kind, options) {
  const m = mapUi(ctx);
  if (kind === "bid" && options.length > 1) {
    const amounts = options.map((a) => a.amount).sort((x, y) => x - y);
    const amount = amounts.includes(m.bid) ? m.bid : amounts[0];
    return h("div", { class: "fief-choices" }, stepper(ctx, amounts, amount, (k) => {
      m.bid = k;
      ctx.rerender();
    }), button(answerLabel(ctx, { type: "bid", amount }), () => send(ctx, { type: "bid", amount }),
      { class: "primary fief-answer", dataset: { kind, amount } }));
  }
  if (kind === "vote" && options.length > 8) return votesByCount(ctx, options);
  return h("div", { class: "fief-choices" }, options.map((a) => answerButton(ctx, kind, a)));
}

/** The question asked of this seat. The elected king's player may give up asking for
 * the consecration (his End turn): a question too, even when nobody is left to ask. */
function questionKind(ctx) {
  const kind = QUESTION_KINDS.find((k) => legalOf(ctx, k).length);
  if (kind) return kind;
  return ctx.view.phase === "consecration" && legalOf(ctx, "end_turn").length ? "ask_consecration" : null;
}

function questionBar(ctx) {
  const kind = questionKind(ctx);
  if (!kind) return null;
  const options = kind === "ask_consecration" ? [...legalOf(ctx, kind), ...legalOf(ctx, "end_turn")] : legalOf(ctx, kind);
  return h("div", { class: "fief-prompt fief-question", role: "alertdialog", dataset: { kind },
    "aria-label": ctx.t("fief.ask.title") },
  h("h3", {}, ctx.t("fief.ask.title")),
  questionText(ctx, kind).filter(Boolean).map((line) => h("p", {}, line)),
  answers(ctx, kind, options));
}

/** The bar above the map: the question asked of this seat, else what a click does. */
function actBar(ctx) {
  if (ctx.forced) return forcedBar(ctx);
  const question = questionBar(ctx);
  if (question) return question;
  const m = mapUi(ctx);
  const moves = legalOf(ctx, "move");
  const buys = legalOf(ctx, "buy");
  const regions = legalOf(ctx, "choose_region").length ? [h("p", {}, pointing(ctx, "fief.act.choose_region"))] : null;
  const body = regions || cardsBar(ctx, m) || (moves.length ? moveBar(ctx, m, moves) : buys.length ? buyBar(ctx, m, buys) : null);
  const rest = body ? null : restBar(ctx);
  if (!body && !rest) return negotiationBar(ctx) || waitBar(ctx);
  const mode = regions ? "region" : rest ? REST_MODE[ctx.view.phase] || "end"
    : !(moves.length || buys.length) ? "cards" : moves.length ? "move" : "buy";
  return h("div", { class: "fief-prompt fief-act", dataset: { mode, lord: m.lord || "", village: m.buyAt || "" } },
    body || rest);
}

/** The negotiation asks nothing of the map, but its form (pay, Done) is in the
 * news panel: under the map on a phone, two screens down. The bar says what the
 * phase asks and leads there. */
function negotiationBar(ctx) {
  if (ctx.view.phase !== "negotiation" || !legalOf(ctx, "done").length) return null;
  const go = () => {
    const panel = document.getElementById("fief-negotiation");
    if (!panel) return;
    panel.scrollIntoView({ block: "start" }); // its scroll-margin keeps it under the sticky banner
    const first = document.getElementById("fief-pay-to") || document.getElementById("fief-done");
    if (first) first.focus({ preventScroll: true });
  };
  return h("div", { class: "fief-prompt fief-act", dataset: { mode: "negotiate" } },
    h("p", {}, ctx.t("fief.act.negotiate", { what: news.offers(ctx, "offer") })),
    h("div", { class: "fief-row" }, button(ctx.t(legalOf(ctx, "pay").length ? "fief.act.to_negotiation" : "fief.act.to_done"), go,
      { class: "primary small", id: "fief-to-negotiation" })));
}

/** While others play (or one's own move is on its way), a seated player's bar stays,
 *  saying whom the game waits for: gone, it took the map up with it, and back down at
 *  one's turn (a play-test). It keeps the room the bar had (keepBarHeight). */
function waitBar(ctx) {
  if (ctx.seat === null || ctx.seat === undefined || ctx.replay || !ctx.table || ctx.table.status !== "playing") return null;
  const name = ctx.t(`phase.${ctx.view.phase}`);
  const phase = name.charAt(0).toUpperCase() + name.slice(1);
  const waited = (ctx.toAct || []).length ? ctx.toAct : ctx.mayAct || [];
  const who = waited.filter((seat) => seat !== ctx.seat);
  return h("div", { class: "fief-prompt fief-act fief-wait", dataset: { mode: "wait" } },
    h("p", { class: "muted" }, who.length ? ctx.t("fief.act.wait", { phase, who: ctx.joinNames(who.map(ctx.name)) })
      : ctx.t("fief.act.wait_phase", { phase })));
}

const TITHES = ["royal_tithe", "bishopric_tithe", "lords_tithe"];

/** At the revenues, the tithe cards of the hand the legal actions do not
 *  offer, and why in one line: each is taken only on its condition, and none
 *  in a turn a card was exchanged (rulebook, "Phase 2: Collection of Revenues,
 *  b) Income from taxes"; the cards' help says the same). The page does not
 *  judge the condition itself: it names the one the card needs. */
function tithesKept(ctx, offered) {
  if (ctx.view.phase !== "revenues") return null;
  const open = new Set(offered.map((a) => a.card));
  const kept = TITHES.filter((card) => (ctx.view.hand || []).includes(card) && !open.has(card));
  if (!kept.length) return null;
  if ((ctx.view.exchanged || []).includes(ctx.seat)) {
    return h("p", { class: "muted fief-tithe-kept" }, ctx.t("fief.act.tithe_exchanged"));
  }
  const why = kept.map((card) => ctx.t(`fief.act.tithe_needs.${card}`, { card: cardName(ctx, card) }))
    .join(ctx.t("semicolon"));
  return h("p", { class: "muted fief-tithe-kept" }, ctx.t("fief.act.tithe_not_now", { why, n: kept.length }));
}

const REST_MODE = { cards: "cards", revenues: "revenues", purchases: "buy", movement: "move" };

function titheLabel(ctx, a) {
  return a.lord ? `${cardName(ctx, a.card)} (${lordName(a.lord)})` : cardName(ctx, a.card);
}

/** The seat's only move, one everyone can see it must make, which the server
 * makes for it (no lord to move, nothing to buy, no vote): why, where a line
 * says it, and the move. */
function forcedBar(ctx) {
  const only = (ctx.legal[0] || {}).action || {};
  const why = forcedReason(ctx, only);
  const move = only.type === "end_turn" ? ctx.t("fief.act.end_turn") : describeAction({ action: only }, ctx);
  return h("div", { class: "fief-prompt fief-act", dataset: { mode: "forced" } },
    why ? h("p", { class: "fief-rest", dataset: { rest: why } }, ctx.t(`fief.act.nothing.${why}`)) : null,
    h("p", { class: "muted fief-forced" }, ctx.t("fief.act.forced", { move })));
}

/** Why a forced move is the only one, where the phase says it ("You have no
 *  lord on the map"); an answer (no parry, the one execution) says itself. */
function forcedReason(ctx, only) {
  if (only.type === "vote") return (ctx.view.votes || [])[ctx.seat] ? "no_candidate" : "no_vote";
  if (only.type !== "end_turn") return null;
  const key = restKey(ctx, ctx.view.phase);
  return key === "other" ? null : key;
}

/** Which "nothing to do" a phase's rest is: "no trip left" would be wrong for a
 * player who has no lord at all. */
function restKey(ctx, phase) {
  const lordless = phase === "movement" && !Object.values(ctx.view.lords || {}).some((l) => l.owner === ctx.seat);
  return lordless ? "no_lord" : REST_MODE[phase] ? phase : "other";
}

/** A phase with nothing to do on the map (no card to lay, no trip left, Phase 2's
 * revenues): what it is, the tithes one may take ("Phase 2: Collection of
 * Revenues"), and the end of one's part, so that nobody has to look for it below. */
function restBar(ctx) {
  const end = endTurnButton(ctx);
  if (!end) return null;
  const phase = ctx.view.phase;
  const tithes = legalOf(ctx, "tithe");
  const others = [...new Set(ctx.legal.map((l) => l.action.type))]
    .filter((type) => !["end_turn", "tithe"].includes(type));
  const key = restKey(ctx, phase);
  // after an exchange no card is played this turn, the lord it drew included (docs/rules/fief.md,
  // decision 5): a play-test drew a lord so and could not lay him, told nothing
  const exchanged = phase === "cards" && (ctx.view.exchanged || []).includes(ctx.seat);
  return [h("p", { class: "fief-rest", dataset: { rest: key } }, ctx.t(`fief.act.nothing.${key}`)),
    exchanged ? h("p", { class: "muted fief-exchanged" }, ctx.t("fief.act.exchanged")) : revoltKept(ctx),
    tithes.length ? [h("p", {}, ctx.t("fief.act.tithe_help")),
      h("div", { class: "fief-choices" }, tithes.map((a, i) => cardChoice(ctx, a.card, `tithe:${i}:${a.card}`,
        button(titheLabel(ctx, a), () => send(ctx, a), { class: "fief-choice fief-tithe", dataset: { card: a.card } }))))]
      : null,
    tithesKept(ctx, tithes),
    others.length ? h("p", { class: "muted fief-more-below" }, moreBelow(ctx, others)) : null,
    h("div", { class: "fief-row" }, end)];
}

/** What else the forms below the map offer, by name ("Exchange a card · Discard a card"):
 *  a play-test's player dealt no lord read "Other actions are in the forms below the map"
 *  turn after turn, never what they were. */
function moreBelow(ctx, types) {
  if (!types.every((type) => has(`kind.${type}`))) return ctx.t("fief.act.more_below");
  return ctx.t("fief.act.more_below_named", { list: types.map((type) => ctx.t(`kind.${type}`)).join(" · ") });
}

// ----- zoom and pan --------------------------------------------------------------------------

function zoomOf(ctx) {
  if (ctx.ui.fiefZoom === undefined) ctx.ui.fiefZoom = window.innerWidth < 700 ? 2 : 1;
  return ctx.ui.fiefZoom;
}

/** Zoom about the viewport's centre (the map's scroll keeps the same spot in the middle). */
function setZoom(ctx, zoom) {
  const box = document.querySelector(".fief-viewport");
  const old = zoomOf(ctx);
  if (box) {
    const cx = (box.scrollLeft + box.clientWidth / 2) / old;
    const cy = (box.scrollTop + box.clientHeight / 2) / old;
    ctx.ui.fiefScroll = [cx * zoom - box.clientWidth / 2, cy * zoom - box.clientHeight / 2];
  }
  ctx.ui.fiefZoom = zoom;
  ctx.rerender();
}

function zoomBar(ctx) {
  const zoom = zoomOf(ctx);
  const at = ZOOMS.indexOf(zoom);
  return h("div", { class: "fief-zoom" },
    button("−", () => setZoom(ctx, ZOOMS[Math.max(at - 1, 0)]), {
      class: "small", id: "fief-zoom-out", title: ctx.t("fief.zoom_out"), "aria-label": ctx.t("fief.zoom_out"), disabled: at <= 0,
    }),
    h("output", { id: "fief-zoom-level" }, `×${zoom}`),
    button("+", () => setZoom(ctx, ZOOMS[Math.min(at + 1, ZOOMS.length - 1)]), {
      class: "small", id: "fief-zoom-in", title: ctx.t("fief.zoom_in"), "aria-label": ctx.t("fief.zoom_in"), disabled: at >= ZOOMS.length - 1,
    }),
    button("⤢", () => setZoom(ctx, 1), {
      class: "small", id: "fief-zoom-fit", title: ctx.t("fief.zoom_fit"), "aria-label": ctx.t("fief.zoom_fit"), disabled: zoom === 1,
    }));
}

/** Two fingers on the map zoom it (a pinch), one finger pans it (the box scrolls). */
function pinch(ctx, box) {
  let start = null;
  const spread = (ev) => Math.hypot(ev.touches[0].clientX - ev.touches[1].clientX, ev.touches[0].clientY - ev.touches[1].clientY);
  box.addEventListener("touchstart", (ev) => {
    if (ev.touches.length === 2) start = spread(ev);
  }, { passive: true });
  box.addEventListener("touchend", () => {
    start = null;
  }, { passive: true });
  box.addEventListener("touchmove", (ev) => {
    if (start === null || ev.touches.length !== 2) return;
    ev.preventDefault();
    const ratio = spread(ev) / start;
    const zoom = zoomOf(ctx);
    const next = ratio > 1.25 ? ZOOMS.find((z) => z > zoom) : ratio < 0.8 ? [...ZOOMS].reverse().find((z) => z < zoom) : null;
    if (next) {
      start = spread(ev);
      setZoom(ctx, next);
    }
  }, { passive: false });
}

// ----- the side panel ------------------------------------------------------------------------

function soldiersOf(view, seat) {
  return Object.values(view.soldiers || {}).reduce((a, [o, n]) => a + (o === seat ? n : 0), 0)
    + (view.gates || []).reduce((a, g) => a + (g.owner === seat ? g.soldiers : 0), 0);
}

/** A button that plays a card, with the card's help beside it (hover, or a
 *  tap on its "?": a button holds no other button). */
function cardChoice(ctx, card, key, choice) {
  return withHelp(h("span", { class: "fief-choice-card" }, choice), cardHelp(ctx, card), key);
}

/** A card named in a line, with its help (hover, or a tap on its "?"). */
function cardChip(ctx, card, key) {
  return withHelp(h("span", { class: "fief-card fief-chip", dataset: { card } }, cardName(ctx, card)), cardHelp(ctx, card), key);
}

/** The red title card a fief gives, by its region's size (Phase 6, point 2). */
function fiefTitle(region) {
  const size = REGION[region] ? REGION[region].villages.length : 0;
  return { 5: "duchy", 4: "county", 3: "barony" }[size] || null;
}

function lordLine(ctx, id, lord) {
  const where = lord.outside && lord.village ? ctx.t("fief.at_gate", { place: villageName(lord.village) })
    : lord.outside ? ctx.t("fief.outside") : lord.village ? ctx.t("fief.at", { place: villageName(lord.village) }) : "";
  const bishop = lord.bishop ? ctx.t("fief.bishop_of", { name: bishopricName(lord.bishop) }) : null;
  const chips = [lord.cardinal ? cardChip(ctx, "cardinal", `cardinal:${id}`) : null,
    ctx.view.king === id ? cardChip(ctx, "king", "king") : null].filter(Boolean);
  return [lordName(id), bishop ? ` (${bishop})` : "", chips.length ? " " : "", chips, where ? ` ${where}` : ""];
}

function fiefLine(ctx, region, f) {
  const title = fiefTitle(region);
  return [regionName(region), " ", title ? cardChip(ctx, title, `title:${region}`) : null,
    f.title || f.capital ? ` (${[f.title ? lordName(f.title) : null, f.capital ? villageName(f.capital) : null].filter(Boolean).join(", ")})` : ""];
}

const joined = (ctx, lines) => lines.flatMap((line, i) => (i ? [ctx.t("semicolon"), line] : [line]));

function playersPanel(ctx) {
  const view = ctx.view;
  const seats = (view.regions || []).map((_, i) => i);
  const row = (label, value) => [h("dt", {}, label), h("dd", {}, value)];
  return h("section", { class: "panel fief-players" },
    h("h2", {}, ctx.t("fief.players")),
    seats.map((seat) => {
      const lords = Object.entries(view.lords || {}).filter(([, l]) => l.owner === seat);
      const fiefs = Object.entries(view.fiefs || {}).filter(([, f]) => f.owner === seat);
      return h("div", { class: ["fief-player", view.current === seat ? "current" : null], dataset: { seat } },
        // the seat's badge as the seats list draws it, in its map colour
        h("h3", {}, seatBadge(seat, seatInk(view, seat), { class: ["avatar-sm", "fief-badge"] }),
          ctx.name(seat), view.current === seat ? " ◀" : ""),
        h("dl", { class: "fief-facts" },
          row(ctx.t("fief.region"), view.regions[seat] ? regionName(view.regions[seat]) : "—"),
          row(ctx.t("fief.money"), grouped(view.money[seat])),
          row(ctx.t("fief.soldiers"), String(soldiersOf(view, seat))),
          row(ctx.t("fief.cards"), String(view.hand_sizes[seat])),
          row(ctx.t("fief.votes"), String((view.votes || [])[seat] ?? 0)),
          row(ctx.t("fief.lords"), lords.length ? joined(ctx, lords.map(([id, l]) => lordLine(ctx, id, l))) : ctx.t("fief.none")),
          row(ctx.t("fief.fiefs"), fiefs.length ? joined(ctx, fiefs.map(([r, f]) => fiefLine(ctx, r, f))) : ctx.t("fief.none"))));
    }));
}

function questions(ctx) {
  const view = ctx.view;
  const out = [];
  const p = view.pending;
  if (p) {
    const target = p.region ? regionName(p.region) : p.lord ? lordName(p.lord) : "";
    const line = ctx.t(`fief.q.${p.what}`, {
      attacker: ctx.name(p.attacker), answerer: ctx.name(p.answerer), target,
      card: p.card ? cardName(ctx, p.card) : "",
    });
    out.push(p.card ? [line, " ", cardChip(ctx, p.card, `pending:${p.card}`)] : line);
  }
  if (view.passage) {
    const [holder, village] = view.passage;
    out.push(ctx.t("fief.q.passage", { place: villageName(village), holder: ctx.name(holder) }));
  }
  const b = view.battle;
  if (b) {
    const args = { place: villageName(b.village), first: ctx.name(b.first), second: ctx.name(b.second) };
    out.push(ctx.t(b.step === "ask" ? "fief.q.ask" : b.step === "answer" ? "fief.q.answer" : "fief.q.bids", args));
    if (b.my_bid !== null && b.my_bid !== undefined) out.push(ctx.t("fief.q.my_bid", { bid: b.my_bid }));
  }
  const e = view.election;
  if (e) {
    out.push(electionLine(ctx, e));
    if (e.elected) out.push(ctx.t("fief.q.elected", { lord: lordName(e.elected) }));
  }
  return out;
}

/** The votes announced so far (rulebook: "The election of the king"). */
function electionLine(ctx, e) {
  return ctx.t("fief.q.election", { votes: votesText(ctx, e) });
}

/** Each vote as the table heard it: "Ann: 2 votes for Gauvain", "Bob abstains". */
function votesText(ctx, e) {
  const votes = Object.entries(e.votes || {}).map(([seat, [lord, n]]) => {
    const who = ctx.name(Number(seat));
    return lord ? `${who}${ctx.t("colon")}${ctx.t("fief.ans.vote", { n, lord: lordName(lord) })}` : ctx.t("fief.q.abstains", { who });
  });
  return votes.join(ctx.t("semicolon")) || ctx.t("fief.q.no_vote");
}

const PLAYED_SHOWN = 8;

/** While the regions are chosen, who chooses when and why: "each player
 * throws two dice. The player who scored the highest score first chooses a
 * region ... Re-roll any ties" (the rolls and the order are public). */
function choiceOrder(ctx) {
  const view = ctx.view;
  if (view.phase !== "choose_region" || !Array.isArray(view.choice_order)) return null;
  return h("div", { class: "fief-choice-order" },
    h("p", { class: "muted" }, `${ctx.t("fief.choice_order")}${ctx.t("colon")}`),
    h("ol", {}, view.choice_order.map((seat) => h("li", { dataset: { seat } },
      `${ctx.name(seat)} `, h("span", { class: "fief-dice" },
        (view.choice_rolls[seat] || []).map(([a, b]) => `${a}+${b}`).join(ctx.t("fief.roll_again")))))));
}

function sidePanel(ctx) {
  const view = ctx.view;
  const king = view.king;
  const qs = questions(ctx);
  const hand = Array.isArray(view.hand) ? view.hand : null;
  return h("div", { class: "fief-side" },
    h("section", { class: "panel fief-state" },
      h("p", { class: "fief-turn" }, ctx.t(view.turn ? "fief.turn" : "fief.turn_setup", { turn: view.turn, limit: view.turn_limit })),
      phaseLine(ctx),
      choiceOrder(ctx),
      h("p", { class: "fief-king" }, h("span", { class: "muted" }, `${ctx.t("fief.king")}${ctx.t("colon")}`),
        king ? [`♔ ${news.lordOf(ctx, king, view.lords[king].owner)} `, cardChip(ctx, "king", "king-line")] : ctx.t("fief.no_king")),
      h("div", { class: "fief-questions", id: "fief-questions" },
        h("h3", {}, ctx.t("fief.waiting")),
        qs.length ? h("ul", {}, qs.map((q) => h("li", {}, q))) : h("p", { class: "muted" }, ctx.t("fief.q.none")))),
    hand ? h("section", { class: "panel fief-hand" },
      h("h2", {}, ctx.t("fief.hand")),
      hand.length ? h("ul", { class: "fief-cards" }, hand.map((c, i) => withHelp(
        h("li", { class: "fief-card", dataset: { card: c } }, cardName(ctx, c)), cardHelp(ctx, c), `hand:${i}:${c}`)))
        : h("p", { class: "muted" }, ctx.t("fief.no_cards"))) : null,
    playedPanel(ctx),
    playersPanel(ctx));
}

/** The cards played lately (the discard pile, latest first), each with its help. */
function playedPanel(ctx) {
  const pile = Array.isArray(ctx.view.discard) ? ctx.view.discard : [];
  if (!pile.length) return null;
  const latest = pile.slice(-PLAYED_SHOWN).reverse();
  return h("section", { class: "panel fief-played", id: "fief-played" },
    h("h2", {}, ctx.t("fief.played", { n: pile.length })),
    h("ul", { class: "fief-cards" }, latest.map((c, i) => withHelp(
      h("li", { class: "fief-card", dataset: { card: c } }, cardName(ctx, c)), cardHelp(ctx, c), `played:${pile.length - i}:${c}`))));
}

// ----- the end of the game ---------------------------------------------------------------------

/** What the engine's result() ranks by (rules.py _result; rulebook "The Beginning of
 *  the Game", 5: "Any draws are decided by the number of possessed fiefs; then by
 *  the number of soldiers on the ground ... by the quantity of money"): the fiefs
 *  whose title one of the seat's lords holds, its soldiers on the board (in the
 *  villages and at their gates), its crowns. */
function standing(view, seat) {
  const fiefs = Object.entries(view.fiefs || {})
    .filter(([, f]) => f.title && view.lords[f.title] && view.lords[f.title].owner === seat).map(([r]) => r);
  return { fiefs, keys: [fiefs.length, soldiersOf(view, seat), view.money[seat]] };
}

const RANKS = ["fiefs", "soldiers", "money"];

/** Why a seat won or lost: the first of fiefs, soldiers, crowns where it differs
 *  from the best seat's (null: level with it on all three). */
function decider(keys, best) {
  const at = keys.findIndex((k, i) => k !== best[i]);
  return at < 0 ? null : at;
}

function finalSection(ctx) {
  const view = ctx.view;
  const winners = (ctx.result && ctx.result.winners) || [];
  const seats = (view.regions || []).map((_, i) => i);
  const rows = seats.map((seat) => ({ seat, ...standing(view, seat) }));
  const best = rows.map((r) => r.keys).reduce((a, b) => (compareKeys(b, a) > 0 ? b : a));
  const others = rows.filter((r) => !winners.includes(r.seat));
  // what decided the game: the first rank where the winners beat the best of the others
  const runnerUp = others.map((r) => r.keys).reduce((a, b) => (!a || compareKeys(b, a) > 0 ? b : a), null);
  const decisive = runnerUp ? decider(runnerUp, best) : null;
  const goal = Number(((ctx.table && ctx.table.options) || {}).fiefs_to_win) || 0;
  const byGoal = goal > 0 && rows.some((r) => r.fiefs.length >= goal);
  const why = (r) => {
    const at = decider(r.keys, best);
    if (winners.includes(r.seat)) {
      return decisive === null ? ctx.t("fief.final.why_level") : ctx.t(`fief.final.won_${RANKS[decisive]}`);
    }
    return at === null ? ctx.t("fief.final.why_level") : ctx.t(`fief.final.lost_${RANKS[at]}`, { n: r.keys[at], best: best[at] });
  };
  const cell = (r, i, text) => h("td", { class: ["num", decisive === i && winners.includes(r.seat) ? "fief-decisive" : null] }, text);
  return h("section", { class: "final fief-final", id: "final", "aria-labelledby": "final-title" },
    h("h2", { id: "final-title" }, "♔ ", ctx.t("final.title")),
    h("p", { class: "final-winners" }, ctx.t("final.winner", { who: ctx.joinNames(winners.map(ctx.name)), n: winners.length })),
    h("p", { class: "fief-final-how" }, byGoal ? ctx.t("fief.final.by_goal", { goal })
      : ctx.t("fief.final.by_turns", { turn: view.turn, limit: view.turn_limit })),
    h("div", { class: "table-scroll" }, h("table", { class: "scores fief-scores" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, ctx.t("final.seat")),
        h("th", { scope: "col" }, ctx.t("fief.fiefs")),
        h("th", { scope: "col" }, ctx.t("fief.soldiers")),
        h("th", { scope: "col" }, ctx.t("fief.money")),
        h("th", { scope: "col", class: "fief-final-why" }, ctx.t("fief.final.why")))),
      h("tbody", {}, rows.map((r) => h("tr", { class: winners.includes(r.seat) ? "winner" : null, dataset: { seat: r.seat } },
        h("th", { scope: "row" }, winners.includes(r.seat) ? "♔ " : "", ctx.name(r.seat),
          h("small", { class: "fief-final-why-inline" }, why(r))), // a phone: under the name
        cell(r, 0, [String(r.fiefs.length), r.fiefs.length
          ? h("small", { class: "fief-final-regions" }, ` (${r.fiefs.map(regionName).join(", ")})`) : null]),
        cell(r, 1, String(r.keys[1])),
        cell(r, 2, grouped(r.keys[2])),
        h("td", { class: "fief-final-why" }, why(r))))))),
    h("p", { class: "muted" }, ctx.t("fief.final.rule")));
}

function compareKeys(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** A value of the forms under the map by its name (not the engine's id): a
 *  village, lord, card, region or bishopric. Other values (seats, counts,
 *  kinds, null for no lord) are named by the generic forms. */
function formValue(ctx, field, value) {
  if (typeof value !== "string") return null;
  if (field === "item" && PRICES[value] !== undefined) {
    return ctx.t("fief.form.item", { item: ctx.t(`fief.item.${value}`, { n: 1 }), price: PRICES[value] });
  }
  if (["village", "to", "capital"].includes(field) && VILLAGE[value]) return villageName(value);
  if (field === "lord") return lordName(value);
  if (field === "card") return cardName(ctx, value);
  if (field === "region" && REGION[value]) return regionName(value);
  if (field === "bishopric") return bishopricName(value);
  if (field === "parry") return ["none", "ransom"].includes(value) ? ctx.t(`fief.form.parry.${value}`) : cardName(ctx, value);
  return null;
}

/** The kinds of action the questions name as answers ("Abstain", "Grant the right of way"). */
const ANSWERS = new Set(["respond", "execute", "destroy_counter", "answer_passage", "ask_coalition",
  "answer_coalition", "bid", "consecrate", "ask_consecration", "vote"]);

/** A replay step's action in the page's language: an answer as its button
 *  says it, any other in the forms' words. */
/** An action in words (a replay's banner, which names the seat before them): a
 * move, a purchase and a payment as the log tells them ("Gauvain attacks Sagy
 * with 12 soldiers"), not as the form's fields ("lord Gauvain, to Sagy, stance
 * attack, soldiers 12"). */
function describeAction(entry, ctx) {
  const a = entry.action || {};
  if (ANSWERS.has(a.type)) return answerLabel(ctx, a);
  switch (a.type) {
    case "move": {
      const args = { lord: lordName(a.lord), stance: ctx.t(`fn.stance.${a.stance}`), place: villageName(a.to), n: a.soldiers };
      return ctx.t(a.soldiers ? "fief.replay.move" : "fief.replay.move_alone", args);
    }
    case "buy": return ctx.t("fief.replay.buy", { item: ctx.t(`fn.item.${a.item}`, { n: a.count }), place: villageName(a.village) });
    case "pay": return ctx.t("fief.replay.pay", { amount: a.amount, to: ctx.name(a.to) });
    default: return actionText(withNamedValues(ctx), a);
  }
}

function withNamedValues(ctx) {
  return {
    ...ctx,
    valueLabel: (field, value) => formValue(ctx, field, value),
    valueHelp: (field, value, path) => formHelp(ctx, field, value, path),
    formNote: (type, action) => (type === "buy" ? buyNote(ctx, action) : null),
  };
}

/** Under the Buy form ("Phase 3: Purchases"): what the purchase chosen costs,
 *  the seat's crowns and how many of the item they pay for (the rules' prices,
 *  the view's money); and, when the rules offer no such purchase there (the
 *  box, the room in a village: the legal actions say), what they do offer. */
function buyNote(ctx, action) {
  const each = PRICES[action.item];
  if (each === undefined || typeof action.count !== "number") return null;
  const money = ctx.view.money[ctx.seat];
  const most = Math.floor(money / each);
  const item = (n) => ctx.t(`fief.item.${action.item}`, { n });
  const lines = [ctx.t("fief.form.cost", { n: action.count, item: item(action.count), price: price(action) }),
    most ? ctx.t("fief.form.purse", { money, most, items: item(most) }) : ctx.t("fief.form.purse_short", { money })];
  const here = ctx.legal.map((l) => l.action)
    .filter((a) => a.type === "buy" && a.item === action.item && a.village === action.village);
  const top = Math.max(0, ...here.map((a) => a.count));
  const place = villageName(action.village);
  if (!top) lines.push(ctx.t("fief.form.none_here", { place }));
  else if (action.count > top) lines.push(ctx.t("fief.form.most_here", { place, most: top }));
  return { text: lines.join(" "), warn: action.count > top };
}

/** A card's help beside the forms' card menus (exchange, discard...), the
 *  lord card of "Lay a lord" (its lord, whose card the hand holds), as the hand
 *  has it, and the cardinal's beside "Make a cardinal" (asked of the bank for
 *  the bishop chosen: a play-test's form said nothing of what it does or costs);
 *  a lord in any other form (moved, voted for) is no card. */
function formHelp(ctx, field, value, path) {
  if (typeof value !== "string") return null;
  if (field === "card") return cardHelp(ctx, value);
  if (path === "take_cardinal.lord") return cardHelp(ctx, "cardinal");
  return path === "play_lord.lord" ? cardHelp(ctx, `lord:${value}`) : null;
}

function render(root, ctx) {
  current = ctx;
  const forms = withNamedValues(ctx);
  // the end of the game: at the table, and at a replay's last step (the same final view)
  const atEnd = !ctx.replay || ctx.replay.step >= ctx.replay.steps;
  const over = ctx.table && ctx.table.status === "over" && ctx.result && atEnd;
  root.append(h("div", { class: "fief-board" },
    over ? finalSection(ctx) : null,
    h("div", { class: "fief-col-map" }, mapPanel(ctx), lastMovePanel(ctx), actions(forms)),
    sidePanel(ctx)));
  const box = root.querySelector(".fief-viewport");
  const at = ctx.ui.fiefScroll;
  // zoomed (a phone): the seat's own region in the middle, at first sight and
  // again once the region is chosen; otherwise the map stays where it was panned
  const mine = REGION[(ctx.view.regions || [])[ctx.seat]];
  const centreMine = mine && ctx.ui.fiefCentred !== mine.id;
  if (mine) ctx.ui.fiefCentred = mine.id;
  const centre = ([x, y]) => {
    box.scrollLeft = ((x + 40) / 1080) * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = ((y + 50) / 1110) * box.scrollHeight - box.clientHeight / 2;
    ctx.ui.fiefScroll = [box.scrollLeft, box.scrollTop]; // kept for the next redraw
  };
  if (box && zoomOf(ctx) > 1 && centreMine) centre(centroid(mine.villages));
  else if (box && at) {
    box.scrollLeft = at[0];
    box.scrollTop = at[1];
  } else if (box && zoomOf(ctx) > 1) centre([500, 500]);
  if (box && zoomOf(ctx) > 1) showTargets(root, ctx, box, centre);
  keepHeight(root.querySelector(".fief-offscreen"), ctx, "fiefOffscreen", "");
  news.decorate(root, ctx); // the battle, election and negotiation panels, the map's battle mark
  keepBarHeight(root, ctx);
  outlineWherePointed(ctx, root);
}

/** Zoomed (a phone), what the map asks to point at may lie out of sight (a
 *  play-test's assassin had his only target off the map's edge, and nothing
 *  said so): once for each choice, the map is centred on its targets if none
 *  is in sight; if some are out of sight, the line above the map says how many
 *  and that ⤢ shows the whole board (else it stays, empty). Either way the
 *  player may pan after. */
function showTargets(root, ctx, box, centre) {
  // a region's villages are targets too (a tap on one chooses its region): counted as the region
  const regions = [...root.querySelectorAll(".fief-region.target")];
  const targets = regions.length ? regions : [...root.querySelectorAll(".fief-village.target")];
  if (!targets.length) return;
  const key = targets.map((g) => g.dataset.village || g.dataset.region).join(",");
  const inSight = (g) => {
    const r = (g.querySelector(".fief-region-name") || g).getBoundingClientRect();
    const v = box.getBoundingClientRect();
    return r.right > v.left && r.left < v.right && r.bottom > v.top && r.top < v.bottom;
  };
  if (ctx.ui.fiefTargets !== key && !targets.some(inSight)) {
    const points = targets.flatMap((g) => (g.dataset.village ? [g.dataset.village]
      : REGION[g.dataset.region].villages).map((id) => [VILLAGE[id].x, VILLAGE[id].y]));
    centre([points.reduce((a, p) => a + p[0], 0) / points.length,
      points.reduce((a, p) => a + p[1], 0) / points.length]);
  }
  ctx.ui.fiefTargets = key;
  const hidden = targets.filter((g) => !inSight(g)).length;
  const line = root.querySelector(".fief-offscreen");
  if (hidden && line) line.textContent = ctx.t("fief.offscreen", { n: hidden, all: targets.length });
}

/** The bar above the map keeps, through a phase, the tallest height it has had
 * in it (a lord laid shortens it by a line of buttons), and has from the first
 * the height of the bars a click on the map leads to (a lord chosen to move
 * lengthens it by his soldiers' line, a village to buy at by its offers, a
 * village held by another by the question of what his force does there: attack,
 * besiege...): the map stays where it was, and a click aimed at it before the
 * change lands where it was aimed. While others play it stays, saying whom the
 * game waits for (waitBar), with the room it had; and a new phase's bar keeps
 * the room of the last one where that leaves little empty. Each room is kept
 * only while it leaves at most AHEAD_AT_MOST of the window empty. */
function keepBarHeight(root, ctx) {
  const bar = root.querySelector(".fief-map-panel > .fief-prompt");
  if (!bar) return;
  const most = AHEAD_AT_MOST * window.innerHeight;
  const natural = bar.getBoundingClientRect().height;
  // room kept for a bar to come, or left by the last phase's, only when it is a line or two
  // more: a phone's buy menu would have left an empty box over two thirds of the map (a play-test)
  const next = tallestBar(bar, ctx, barsAhead(ctx));
  const ahead = next - natural <= most ? Math.max(next, natural) : natural;
  const last = ctx.ui.fiefBar;
  const carried = last && last.width === bar.offsetWidth && last.height - ahead <= most ? last.height : 0;
  bar.style.minHeight = `${Math.max(ahead, carried)}px`;
  keepHeight(bar, ctx, "fiefBar", `${ctx.view.turn}:${ctx.view.phase}`, most);
}

/** The most room, as a share of the window's height, kept empty above the map
 *  for a bar one click leads to, or left by the last phase's bar (keepBarHeight). */
const AHEAD_AT_MOST = 0.15;

/** The map's states one or two clicks on the map lead to from here (``ctx.ui.fiefMap``
 *  as it would be): each lord chosen to move (or the lords of a village to pick
 *  from), each village chosen to buy at, and, a lord chosen (or to be), each
 *  village where the map asks what his force does (attack, besiege, ask the right
 *  of way: more than one move of his soldiers goes there); none once a choice is made. */
function barsAhead(ctx) {
  const m = mapUi(ctx);
  if (!ctx.canAct || ctx.forced || questionKind(ctx)) return [];
  const moves = legalOf(ctx, "move");
  // the villages where a lord with so many soldiers is asked what his force does there
  const asked = (lord, soldiers) => {
    const tos = moves.filter((a) => a.lord === lord && a.soldiers === soldiers).map((a) => a.to);
    return uniq(tos.filter((to, i) => tos.indexOf(to) !== i)).map((to) => ({ lord, soldiers, to }));
  };
  if (m.lord && !m.to && !m.pick) return asked(m.lord, m.soldiers);
  const chosen = m.lord || m.pick || m.to || m.buyAt || m.attack || m.lay;
  if (chosen) return [];
  if (moves.length) {
    const lords = uniq(moves.map((a) => a.lord));
    const picks = uniq(lords.map((l) => lordVillage(ctx, l)))
      .map((v) => ({ pickAt: v, pick: lords.filter((l) => lordVillage(ctx, l) === v) }))
      .filter((p) => p.pick.length > 1);
    // a lord chosen has his soldiers all at first (settle)
    const most = (lord) => Math.max(...moves.filter((a) => a.lord === lord).map((a) => a.soldiers));
    return [...lords.map((lord) => ({ lord })), ...picks, ...lords.flatMap((lord) => asked(lord, most(lord)))];
  }
  return uniq(legalOf(ctx, "buy").map((a) => a.village)).map((buyAt) => ({ buyAt }));
}

/** The tallest of the bars drawn for the map's ``states``, out of sight at the bar's
 *  width: all put in the page, then all measured (one layout for them all, not one
 *  each: the review counted some thirty a redraw at a purchase), then all removed. */
function tallestBar(bar, ctx, states) {
  const width = `${bar.getBoundingClientRect().width}px`;
  const drawn = states.map((state) => {
    const probe = { ...ctx, ui: { ...ctx.ui, fiefMap: { ...state } } };
    settle(probe);
    return actBar(probe);
  }).filter(Boolean);
  for (const el of drawn) {
    el.removeAttribute("id");
    Object.assign(el.style, { position: "absolute", visibility: "hidden", left: "0", top: "0", width });
    el.setAttribute("aria-hidden", "true");
  }
  bar.parentNode.append(...drawn);
  const heights = drawn.map((el) => el.getBoundingClientRect().height);
  for (const el of drawn) el.remove();
  return Math.max(0, ...heights);
}

/** An element above the map keeps the tallest height it has had (``ctx.ui[slot]``)
 *  while ``key`` and its width stay the same (a new width: measured anew), so
 *  that what it says may change without moving the map; unless that would leave
 *  more than ``most`` pixels of it empty: it is then measured anew (a phone's bar
 *  after a purchase kept the buy offers' height, 200 px of empty box over the
 *  map, in a play-test). */
function keepHeight(el, ctx, slot, key, most = Infinity) {
  if (!el) return;
  const at = `${key}:${el.offsetWidth}`;
  const now = el.getBoundingClientRect().height; // unrounded: not a fraction short
  const was = ctx.ui[slot] && ctx.ui[slot].key === at ? ctx.ui[slot].height : 0;
  const height = Math.max(was - now <= most ? was : 0, now);
  el.style.minHeight = `${height}px`;
  ctx.ui[slot] = { key: at, height, width: el.offsetWidth };
}

/** The seats list's badge colour: the seat's on the map, once it has a region. */
function seatColour(ctx, seat) {
  return seatColourOf(ctx.view, seat);
}

function seatInfo(ctx, seat) {
  const view = ctx.view;
  const region = (view.regions || [])[seat];
  return `${region ? `${regionName(region)} · ` : ""}${grouped(view.money[seat])} ${ctx.t("fief.money").toLowerCase()}`;
}

export default {
  strings: news.withStrings(strings), render, seatInfo, seatColour, describeEvent: news.describeEvent, cardHelp,
  joinEvents: news.joinEvents, banner: news.banner, describeAction,
  mergeViews: news.mergeViews, chatChanged: news.chatChanged, logKinds: news.logKinds, news: news.news,
};
