// Fief's news at the table: what happened, in words and beside the map.
//
//   describeEvent(e, ctx)  every Fief event as a line of the log, in the page's
//                          language, with the game data's names and the players'
//   panels                 beside the map: the battle of this turn (both forces,
//                          castle or open ground, each exchange's dice and losses,
//                          the sealed bids and their reveal, the result), the
//                          election (votes as announced, the result, the
//                          consecration asked and answered), and the negotiation
//                          (the table's countdown, who is done, a payment form,
//                          the public chat and a private chat with one player)
//   banner(ctx)            what the negotiation, a sealed bid or a vote asks
//   mergeViews(views)      one view of every seat's, for the replay's "all revealed"
//   chatChanged(ctx)       the table's chat changed: redraw the chat lists only
//
// Everything comes from the view and the events this seat may see: a sealed bid
// is shown only to its bidder until the hands open (the server redacts the
// others'). Rulebook: "Phase 5: The Combat", "Special cases", "Phase 6".

import { h, s } from "../js/dom.js";
import { grouped } from "../js/i18n.js";
import { REGION, agreeing, bishopricName, cardName, lordName, regionName, seatInk, villageName } from "./fief_data.js";

const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
/** Events that belong to a battle at a village (its panel and the map's mark). */
const BATTLE_KINDS = new Set(["converge", "destroyed", "combat", "coalition", "bidding", "bid", "bids", "bought",
  "capture", "intrude", "disband", "lord_dies"]);

export const strings = {
  en: {
    "phase.choose_region": "choosing regions",
    "phase.cards": "cards",
    "phase.revenues": "revenues",
    "phase.purchases": "purchases",
    "phase.movement": "movement",
    "phase.combat": "combat",
    "phase.election": "election",
    "phase.consecration": "consecration",
    "phase.fiefs": "fiefs",
    "phase.negotiation": "negotiation",
    "kind.pay": "Pay",
    "kind.give_village": "Give a village",
    // the forms under the map (generic.js): kinds, fields and plain values
    "kind.choose_region": "Choose a region",
    "kind.end_turn": "End this phase",
    "kind.play_lord": "Lay a lord",
    "kind.play_bishop": "Lay a bishop",
    "kind.take_cardinal": "Make a cardinal",
    "kind.attack_region": "Strike a region",
    "kind.assassinate": "Assassinate",
    "kind.respond": "Answer the attack",
    "kind.execute": "Execute",
    "kind.destroy_counter": "Destroy a mill or press",
    "kind.exchange_card": "Exchange a card",
    "kind.discard_card": "Discard a card",
    "kind.tithe": "Take a tithe",
    "kind.buy": "Buy",
    "kind.move": "Move a lord",
    "kind.done": "Done",
    "kind.answer_passage": "Answer the right of way",
    "kind.ask_coalition": "Ask for a coalition",
    "kind.answer_coalition": "Answer the coalition",
    "kind.bid": "Bid",
    "kind.vote": "Vote",
    "kind.ask_consecration": "Ask for the consecration",
    "kind.consecrate": "Consecrate",
    "kind.create_fief": "Create a fief",
    "kind.found_fief": "Found a fief",
    "kind.claim_custody": "Claim custody",
    "kind.grant_title": "Grant a title",
    "field.lord": "Lord",
    "field.village": "Village",
    "field.card": "Card",
    "field.region": "Region",
    "field.bishopric": "Bishopric",
    "field.item": "What",
    "field.count": "How many",
    "field.to": "To",
    "field.stance": "How",
    "field.soldiers": "Soldiers",
    "field.counter": "Which",
    "field.parry": "Answer",
    "field.amount": "Crowns",
    "field.votes": "Votes",
    "field.seat": "Player",
    "field.capital": "Capital",
    "field.gather": "Gather",
    "field.grant": "Grant",
    "field.accept": "Accept",
    "field.ask": "Ask",
    "field.claim": "Claim",
    "field.yes": "Yes",
    "value.soldier": "soldiers",
    "value.mill": "mill",
    "value.press": "press",
    "value.enter": "enter",
    "value.attack": "attack",
    "value.siege": "besiege",
    "value.passage": "ask right of way",
    "value.sortie": "sortie",
    "value.intrude": "intrude",
    "fn.item.soldier": agreeing("{n} soldier[|s]"),
    "fn.item.mill": agreeing("[a mill|{n} mills]"),
    "fn.item.press": agreeing("[a press|{n} presses]"),
    "fn.item.castle": agreeing("[a castle|{n} castles]"),
    "fn.stance.enter": "enters",
    "fn.stance.attack": "attacks",
    "fn.stance.siege": "besieges",
    "fn.stance.passage": "asks right of way through",
    "fn.stance.sortie": "breaks out of",
    "fn.stance.intrude": "goes into",
    "fn.log.choose_region": "{who} chooses {region}.",
    "fn.log.start": "{who} is the banker and plays first; order of play: {order}.",
    "fn.log.turn": "Turn {turn}: {who} plays first in every phase.",
    "fn.log.reshuffle": "The discard becomes the new deck.",
    "fn.log.deal": agreeing("{who} is dealt {n} card[|s]."),
    "fn.log.deal_mine": "You are dealt {cards}.",
    "fn.log.bishop": "{who} makes {lord} Bishop of {bishopric}.",
    "fn.log.cardinal": "{who} makes {lord} a cardinal.",
    "fn.log.attack": "{who} plays {card} on {target}.",
    "fn.log.attack_answered": "{who} plays {card} on {target}; {answerer} answers for it.",
    "fn.log.attack_unanswered": "{who} plays {card} on {target}; nobody answers for it.",
    "fn.log.no_parry": "{who} does not parry.",
    "fn.log.no_parry_exchanged": "{who} does not parry: no card after an exchange this turn.",
    "fn.log.no_parry_empty": "{who} does not parry: no card in hand.",
    "fn.log.no_parry_exchanged_ransom": "{who} does not parry: no card after an exchange this turn, and the ransom, {ransom} crowns, is beyond their purse.",
    "fn.log.no_parry_empty_ransom": "{who} does not parry: no card in hand, and the ransom, {ransom} crowns, is beyond their purse.",
    "fn.log.no_parry_ransom": "{who} does not parry; the ransom, {ransom} crowns, is beyond their purse.",
    "fn.log.die_revolt": "The revolt's intensity: {die}.",
    "fn.log.die_lord": "{lord} rolls {die} against the plague.",
    "fn.log.parry": "{who} parries with {card}.",
    "fn.log.ransom": "{who} pays {paid} crowns: the revolt ends.",
    "fn.log.bad_weather": "Bad weather on {region}: no movement and no combat there this turn.",
    "fn.log.famine": "Famine in {region}: mills and presses yield nothing this turn.",
    "fn.log.plague": "Plague in {region}.",
    "fn.log.casualties": agreeing("{n} soldier[|s] of {who} die[s|] at {place}."),
    "fn.log.revolt.subsides": "The revolt in {region} subsides by itself.",
    "fn.log.revolt.destroyed": "The revolt destroys every mill and press of {region}.",
    "fn.log.revolt.no_castle": "The rebels of {region} find no castle to attack.",
    "fn.log.revolt.castle": agreeing("The villagers attack the castle of {place}: {n} soldier[|s] to kill."),
    "fn.log.revolt.counter": "The villagers destroy the {counter} at {place}.",
    "fn.log.lord_dies.battle": "{lord} falls in battle at {place}.",
    "fn.log.lord_dies.plague": "{lord} dies of the plague.",
    "fn.log.lord_dies.assassination": "{lord} is assassinated.",
    "fn.log.lord_dies.justice": "{lord} is executed by Justice.",
    "fn.log.lord_dies": "{lord} dies.",
    "fn.log.vacant": "The throne is vacant.",
    "fn.log.tithe": "{who} takes a tithe ({card}) with {lord}.",
    "fn.log.revenues": "Revenues: {list}.",
    "fn.log.buy": "{who} buys {item} at {place}.",
    "fn.log.discard": "{who} discards {card}.",
    "fn.log.exchange": "{who} exchanges {card} for a new card.",
    "fn.log.exchange_mine": "You exchange {card} for {new}.",
    "fn.log.lord": "{who} lays Lord {lord} at {place}.",
    "fn.log.move": agreeing("{who}: {lord} {stance} {place} with {n} soldier[|s]."),
    "fn.log.move_alone": "{who}: {lord} {stance} {place}.",
    "fn.log.evicted": "{who}'s pieces at {place} are now intruders there.",
    "fn.log.evicted_leave": "{who}'s pieces leave {place} with a right of way.",
    "fn.log.passage_yes": "{who} grants right of way through {place}.",
    "fn.log.passage_no": "{who} refuses right of way through {place}: there will be a fight.",
    "fn.log.resistance": "The villagers of {place} resist {who}: they roll {die}.",
    "fn.log.converge": "{who} converge on {place}.",
    "fn.log.destroyed": "The mills and presses of {place} are destroyed.",
    "fn.log.combat": "At {place}: {att}, with a force of {a}, rolls {aroll}, {def} loses {dl}; {def}, with a force of {d}, rolls {droll}, {att} loses {al}.",
    "fn.log.disband": agreeing("{n} soldier[|s] of {who} at {place}, left without a lord, disband[s|]."),
    "fn.log.intrude": "{who} stays in {place} as an intruder: a fief's village is never taken.",
    "fn.log.capture": "{who} takes {place}.",
    "fn.log.coalition_ask": "{who} asks {to} for a coalition.",
    "fn.log.coalition_alone": "{who} fights alone.",
    "fn.log.coalition_yes": "{who} accepts the coalition.",
    "fn.log.coalition_no": "{who} refuses the coalition.",
    "fn.log.bidding": "The allies bid for {place}, hands closed.",
    "fn.log.bid": "{who} closes a hand (a sealed bid).",
    "fn.log.bid_mine": "You bid {amount} crowns (sealed).",
    "fn.log.bids": "Hands open: {list}.",
    "fn.log.bought": "{who} pays {paid} crowns to {to} for {place}.",
    "fn.log.vote": agreeing("{who}: {n} vote[|s] for {lord}."),
    "fn.log.abstain": "{who} abstains.",
    "fn.log.election_none": "Nobody votes.",
    "fn.log.election_tie": "No lord has the most votes: the throne stays vacant until the next election.",
    "fn.log.election_tie_deposed": "No lord has the most votes: {lord} loses the crown; the throne is vacant until the next election.",
    "fn.log.election_again": "{lord} is re-elected and stays King.",
    "fn.log.election": (p) => `${p.lord} is elected King (${p.n} vote${p.n === 1 ? "" : "s"}).`,
    "fn.log.crowned": "{lord} is consecrated and crowned King.",
    "fn.log.crowned_capital": "{lord} takes a capital on a vacant throne and becomes King.",
    "fn.log.ask_consecration": "{who} asks {to} to consecrate the King.",
    "fn.log.consecrate_yes": "{who} agrees to consecrate the King.",
    "fn.log.consecrate_no": "{who} refuses to consecrate the King.",
    "fn.log.not_consecrated": "The King is not consecrated: the throne stays vacant.",
    "fn.log.not_consecrated_deposed": "The King elected is not consecrated: {lord} loses the crown; the throne is vacant.",
    "fn.log.king_dead": "The King is dead: the throne is vacant.",
    "fn.log.fief": "The King makes {region} a fief ({title}) for {who}.",
    "fn.log.fief_founded": "{who} founds the fief of {region}: {lord} takes the title, capital {place}.",
    "fn.log.fief_taken": "{who} takes the capital of {region}: the fief is theirs.",
    "fn.log.custody_yes": "The King keeps the title of {region} in custody.",
    "fn.log.custody_no": "The King lets the new owner of {region} have its title.",
    "fn.log.custody_lost": "The title of {region} goes to the King.",
    "fn.log.title": "{lord} takes the title of {region}.",
    "fn.log.give_village": "{who} gives {place} to {to}.",
    "fn.log.pay": "{who} pays {amount} crowns to {to}.",
    "fn.log.done": "{who} is done negotiating.",
    "fn.log.time_up": "Time is up: the negotiation is over.",
    "fn.log.game_over": agreeing("Game over: {who} win[s|]."),
    "fn.log.game_over_none": "Game over: nobody wins.",
    "fn.title.duchy": "duchy",
    "fn.title.county": "county",
    "fn.title.barony": "barony",
    "fn.counter.mill": "mill",
    "fn.counter.press": "press",
    // the battle panel
    "fn.battle": "Battle at {place}",
    "fn.castle": "in a castle",
    "fn.open": "in open ground",
    "fn.side": "Side",
    "fn.lords": "Lords",
    "fn.soldiers": "Soldiers at the start",
    "fn.left": "Soldiers left",
    "fn.attacker": "attacks",
    "fn.defender": "defends",
    "fn.round": "Exchange {n}",
    "fn.rolls": "{who} rolls",
    "fn.loses": "{who} loses {n}",
    "fn.loses_all": "{who} loses {n}, the whole force",
    "fn.loses_all_why": "A side loses at most what it has: the Combat Results Table may give more.",
    "fn.no_lord": "no lord",
    "fn.sealed": "sealed",
    "fn.thinking": "choosing…",
    "fn.bids": "Sealed bids",
    "fn.my_bid": "your bid: {amount} (sealed)",
    "fn.result.capture": "{who} takes {place}.",
    "fn.result.intrude": "{who} stays in {place} as an intruder.",
    "fn.result.holds": "{who} holds {place}.",
    "fn.result.bought": "{who} buys {place} for {paid} crowns.",
    "fn.result.falls": "{who} is beaten at {place}.",
    "fn.fallen": "Fallen: {list}.",
    "fn.lord_of": "{lord}, played by {who}",
    "fn.lord_of_aside": "{lord}, played by {who},",
    "fn.battle_waiting": "The battle waits: {what}",
    "fn.step.ask": "{who} may ask {to} for a coalition.",
    "fn.step.answer": "{who} answers {to}'s request for a coalition.",
    "fn.step.bid": "both allies bid, hands closed.",
    "fn.holder": "holder",
    // the election panel
    "fn.election": "Election of the King",
    "fn.votes_cast": "Votes as announced",
    "fn.no_votes_yet": "No vote yet.",
    "fn.still_to_vote": "Still to vote: {who}.",
    "fn.tally": "Count",
    "fn.elected": "Elected: {lord}.",
    "fn.consecration": "Consecration: two bishops or a cardinal",
    "fn.waiting_answer": "Waiting for {who}'s answer.",
    "fn.asks": "{who} may ask a player with a bishop or a cardinal.",
    // the negotiation panel
    "fn.negotiation": "Negotiation",
    "fn.negotiation_help": "{what}; then say Done.",
    "fn.negotiation_done_help": "You are done: you may still talk, nothing more (no payment, no gift). The negotiation ends when the others are done too (still negotiating: {who}).",
    "fn.help.pay": "pay anyone in hundreds of crowns",
    "fn.help.give": "give a village of your fief",
    "fn.help.talk": "talk",
    "fn.offer.pay": "pay",
    "fn.offer.give": "give a village",
    "fn.offer.talk": "talk",
    "fn.time_left": "Negotiation time left",
    "fn.who_done": "Who is done",
    "fn.done": "done",
    "fn.negotiating": "negotiating",
    "fn.transfer": "Send money",
    "fn.to": "To",
    "fn.amount": "Crowns",
    "fn.send": "Send",
    "fn.say_done": "Done",
    "fn.bad_amount": "Choose {min} to {max} crowns, in hundreds.",
    "fn.transfers": "Payments",
    "fn.no_transfers": "No payment yet.",
    "fn.public_chat": "Everyone",
    "fn.private_chat": "Privately with",
    "fn.chat_empty": "No message.",
    "fn.chat_send": "Say",
    "fn.chat_placeholder": "A message…",
    "fn.spectator_chat": "Spectators read the public talk only.",
    "fn.hands": "Every hand",
    "fn.banner.negotiate": "Negotiation: {what} — then Done.",
    "fn.banner.also_negotiating": "Also negotiating: {who}.",
    "fn.banner.others_done": "Everyone else is done.",
    "fn.banner.negotiate_done": "Negotiation: you are done.",
    "fn.banner.negotiate_watch": "Negotiation.",
    "fn.banner.still_negotiating": "Still negotiating: {who}.",
    "fn.banner.bid": "A sealed bid for {place}: choose your sum, hidden from {other} until both hands open.",
    "fn.banner.vote": "Election of the King: announce your votes ({n}).",
  },
  fr: {
    "phase.choose_region": "choix des régions",
    "phase.cards": "cartes",
    "phase.revenues": "revenus",
    "phase.purchases": "achats",
    "phase.movement": "mouvements",
    "phase.combat": "combats",
    "phase.election": "élection",
    "phase.consecration": "sacre",
    "phase.fiefs": "fiefs",
    "phase.negotiation": "négociation",
    "kind.pay": "Payer",
    "kind.give_village": "Donner un village",
    "kind.choose_region": "Choisir une région",
    "kind.end_turn": "Finir cette phase",
    "kind.play_lord": "Poser un seigneur",
    "kind.play_bishop": "Poser un évêque",
    "kind.take_cardinal": "Nommer un cardinal",
    "kind.attack_region": "Frapper une région",
    "kind.assassinate": "Assassiner",
    "kind.respond": "Répondre à l'attaque",
    "kind.execute": "Exécuter",
    "kind.destroy_counter": "Détruire un moulin ou un pressoir",
    "kind.exchange_card": "Échanger une carte",
    "kind.discard_card": "Défausser une carte",
    "kind.tithe": "Prendre une dîme",
    "kind.buy": "Acheter",
    "kind.move": "Déplacer un seigneur",
    "kind.done": "Terminé",
    "kind.answer_passage": "Répondre au droit de passage",
    "kind.ask_coalition": "Demander une coalition",
    "kind.answer_coalition": "Répondre à la coalition",
    "kind.bid": "Enchérir",
    "kind.vote": "Voter",
    "kind.ask_consecration": "Demander le sacre",
    "kind.consecrate": "Sacrer",
    "kind.create_fief": "Créer un fief",
    "kind.found_fief": "Fonder un fief",
    "kind.claim_custody": "Réclamer la garde",
    "kind.grant_title": "Accorder un titre",
    "field.lord": "Seigneur",
    "field.village": "Village",
    "field.card": "Carte",
    "field.region": "Région",
    "field.bishopric": "Évêché",
    "field.item": "Quoi",
    "field.count": "Combien",
    "field.to": "À",
    "field.stance": "Comment",
    "field.soldiers": "Soldats",
    "field.counter": "Lequel",
    "field.parry": "Réponse",
    "field.amount": "Écus",
    "field.votes": "Voix",
    "field.seat": "Joueur",
    "field.capital": "Capitale",
    "field.gather": "Rassembler",
    "field.grant": "Accorder",
    "field.accept": "Accepter",
    "field.ask": "Demander",
    "field.claim": "Réclamer",
    "field.yes": "Oui",
    "value.soldier": "soldats",
    "value.mill": "moulin",
    "value.press": "pressoir",
    "value.enter": "entrer",
    "value.attack": "attaquer",
    "value.siege": "assiéger",
    "value.passage": "demander le passage",
    "value.sortie": "sortie",
    "value.intrude": "s'introduire",
    "fn.item.soldier": agreeing("{n} soldat[|s]", true),
    "fn.item.mill": agreeing("[un moulin|{n} moulins]", true),
    "fn.item.press": agreeing("[un pressoir|{n} pressoirs]", true),
    "fn.item.castle": agreeing("[un château|{n} châteaux]", true),
    "fn.stance.enter": "entre à",
    "fn.stance.attack": "attaque",
    "fn.stance.siege": "assiège",
    "fn.stance.passage": "demande le passage par",
    "fn.stance.sortie": "fait une sortie de",
    "fn.stance.intrude": "pénètre à",
    "fn.log.choose_region": "{who} choisit {region}.",
    "fn.log.start": "{who} est le banquier et joue en premier ; ordre de jeu : {order}.",
    "fn.log.turn": "Tour {turn} : {who} joue en premier à chaque phase.",
    "fn.log.reshuffle": "La défausse devient la nouvelle pioche.",
    "fn.log.deal": agreeing("{who} reçoit {n} carte[|s].", true),
    "fn.log.deal_mine": "Vous recevez {cards}.",
    "fn.log.bishop": "{who} fait de {lord} l'évêque de {bishopric}.",
    "fn.log.cardinal": "{who} fait de {lord} un cardinal.",
    "fn.log.attack": "{who} joue {card} contre {target}.",
    "fn.log.attack_answered": "{who} joue {card} contre {target} ; {answerer} en répond.",
    "fn.log.attack_unanswered": "{who} joue {card} contre {target} ; personne n'en répond.",
    "fn.log.no_parry": "{who} ne pare pas.",
    "fn.log.no_parry_exchanged": "{who} ne pare pas : aucune carte après un échange ce tour-ci.",
    "fn.log.no_parry_empty": "{who} ne pare pas : aucune carte en main.",
    "fn.log.no_parry_exchanged_ransom": "{who} ne pare pas : aucune carte après un échange ce tour-ci, et la rançon, {ransom} écus, dépasse sa bourse.",
    "fn.log.no_parry_empty_ransom": "{who} ne pare pas : aucune carte en main, et la rançon, {ransom} écus, dépasse sa bourse.",
    "fn.log.no_parry_ransom": "{who} ne pare pas ; la rançon, {ransom} écus, dépasse sa bourse.",
    "fn.log.die_revolt": "Intensité de la révolte : {die}.",
    "fn.log.die_lord": "{lord} fait {die} contre la peste.",
    "fn.log.parry": "{who} pare avec {card}.",
    "fn.log.ransom": "{who} paie {paid} écus : la révolte prend fin.",
    "fn.log.bad_weather": "Intempéries sur {region} : ni mouvement ni combat ce tour-ci.",
    "fn.log.famine": "Famine en {region} : moulins et pressoirs ne rapportent rien ce tour-ci.",
    "fn.log.plague": "Peste en {region}.",
    "fn.log.casualties": agreeing("{n} soldat[|s] de {who} meur[t|ent] à {place}.", true),
    "fn.log.revolt.subsides": "La révolte en {region} s'apaise d'elle-même.",
    "fn.log.revolt.destroyed": "La révolte détruit tous les moulins et pressoirs de {region}.",
    "fn.log.revolt.no_castle": "Les révoltés de {region} ne trouvent aucun château à attaquer.",
    "fn.log.revolt.castle": agreeing("Les villageois attaquent le château de {place} : {n} soldat[|s] à tuer.", true),
    "fn.log.revolt.counter": "Les villageois détruisent le {counter} de {place}.",
    "fn.log.lord_dies.battle": "{lord} tombe au combat à {place}.",
    "fn.log.lord_dies.plague": "{lord} meurt de la peste.",
    "fn.log.lord_dies.assassination": "{lord} est assassiné.",
    "fn.log.lord_dies.justice": "{lord} est exécuté par la Justice.",
    "fn.log.lord_dies": "{lord} meurt.",
    "fn.log.vacant": "Le trône est vacant.",
    "fn.log.tithe": "{who} lève une dîme ({card}) avec {lord}.",
    "fn.log.revenues": "Revenus : {list}.",
    "fn.log.buy": "{who} achète {item} à {place}.",
    "fn.log.discard": "{who} défausse {card}.",
    "fn.log.exchange": "{who} échange {card} contre une nouvelle carte.",
    "fn.log.exchange_mine": "Vous échangez {card} contre {new}.",
    "fn.log.lord": "{who} pose le seigneur {lord} à {place}.",
    "fn.log.move": agreeing("{who} : {lord} {stance} {place} avec {n} soldat[|s].", true),
    "fn.log.move_alone": "{who} : {lord} {stance} {place}.",
    "fn.log.evicted": "Les pièces de {who} à {place} y sont désormais des intrus.",
    "fn.log.evicted_leave": "Les pièces de {who} quittent {place} avec un droit de passage.",
    "fn.log.passage_yes": "{who} accorde le droit de passage par {place}.",
    "fn.log.passage_no": "{who} refuse le passage par {place} : on se battra.",
    "fn.log.resistance": "Les villageois de {place} résistent à {who} : ils font {die}.",
    "fn.log.converge": "{who} convergent sur {place}.",
    "fn.log.destroyed": "Les moulins et pressoirs de {place} sont détruits.",
    "fn.log.combat": "À {place} : {att}, avec une troupe de {a}, fait {aroll}, {def} perd {dl} ; {def}, avec une troupe de {d}, fait {droll}, {att} perd {al}.",
    "fn.log.disband": agreeing("{n} soldat[|s] de {who} à {place}, sans seigneur, se disperse[|nt].", true),
    "fn.log.intrude": "{who} reste à {place} en intrus : le village d'un fief ne se prend pas.",
    "fn.log.capture": "{who} prend {place}.",
    "fn.log.coalition_ask": "{who} propose une coalition à {to}.",
    "fn.log.coalition_alone": "{who} se bat sans allié.",
    "fn.log.coalition_yes": "{who} accepte la coalition.",
    "fn.log.coalition_no": "{who} refuse la coalition.",
    "fn.log.bidding": "Les alliés enchérissent pour {place}, mains fermées.",
    "fn.log.bid": "{who} ferme la main (une mise secrète).",
    "fn.log.bid_mine": "Vous misez {amount} écus (secret).",
    "fn.log.bids": "Les mains s'ouvrent : {list}.",
    "fn.log.bought": "{who} paie {paid} écus à {to} pour {place}.",
    "fn.log.vote": "{who} : {n} voix pour {lord}.",
    "fn.log.abstain": "{who} s'abstient.",
    "fn.log.election_none": "Personne ne vote.",
    "fn.log.election_tie": "Aucun seigneur n'a le plus de voix : le trône reste vacant jusqu'à la prochaine élection.",
    "fn.log.election_tie_deposed": "Aucun seigneur n'a le plus de voix : {lord} perd la couronne ; le trône est vacant jusqu'à la prochaine élection.",
    "fn.log.election_again": "{lord} est réélu et reste roi.",
    "fn.log.election": "{lord} est élu roi ({n} voix).",
    "fn.log.crowned": "{lord} est sacré et couronné roi.",
    "fn.log.crowned_capital": "{lord} prend une capitale, le trône vacant : il devient roi.",
    "fn.log.ask_consecration": "{who} demande à {to} de sacrer le roi.",
    "fn.log.consecrate_yes": "{who} accepte de sacrer le roi.",
    "fn.log.consecrate_no": "{who} refuse de sacrer le roi.",
    "fn.log.not_consecrated": "Le roi n'est pas sacré : le trône reste vacant.",
    "fn.log.not_consecrated_deposed": "Le roi élu n'est pas sacré : {lord} perd la couronne ; le trône est vacant.",
    "fn.log.king_dead": "Le roi est mort : le trône est vacant.",
    "fn.log.fief": "Le roi érige {region} en fief ({title}) pour {who}.",
    "fn.log.fief_founded": "{who} fonde le fief de {region} : {lord} prend le titre, capitale {place}.",
    "fn.log.fief_taken": "{who} prend la capitale de {region} : le fief est à lui.",
    "fn.log.custody_yes": "Le roi garde le titre de {region} en dépôt.",
    "fn.log.custody_no": "Le roi laisse au nouveau maître de {region} son titre.",
    "fn.log.custody_lost": "Le titre de {region} revient au roi.",
    "fn.log.title": "{lord} prend le titre de {region}.",
    "fn.log.give_village": "{who} donne {place} à {to}.",
    "fn.log.pay": "{who} paie {amount} écus à {to}.",
    "fn.log.done": "{who} a fini de négocier.",
    "fn.log.time_up": "Le temps est écoulé : la négociation est close.",
    "fn.log.game_over": agreeing("Partie terminée : {who} l'emporte[|nt].", true),
    "fn.log.game_over_none": "Partie terminée : personne ne l'emporte.",
    "fn.title.duchy": "duché",
    "fn.title.county": "comté",
    "fn.title.barony": "baronnie",
    "fn.counter.mill": "moulin",
    "fn.counter.press": "pressoir",
    "fn.battle": "Bataille à {place}",
    "fn.castle": "dans un château",
    "fn.open": "en rase campagne",
    "fn.side": "Camp",
    "fn.lords": "Seigneurs",
    "fn.soldiers": "Soldats au départ",
    "fn.left": "Soldats restants",
    "fn.attacker": "attaque",
    "fn.defender": "défend",
    "fn.round": "Échange {n}",
    "fn.rolls": "{who} lance",
    "fn.loses": "{who} perd {n}",
    "fn.loses_all": "{who} perd {n}, toute sa troupe",
    "fn.loses_all_why": "Un camp perd au plus ce qu'il a : la table des résultats peut en donner davantage.",
    "fn.no_lord": "aucun seigneur",
    "fn.sealed": "secrète",
    "fn.thinking": "réfléchit…",
    "fn.bids": "Enchères secrètes",
    "fn.my_bid": "votre mise : {amount} (secrète)",
    "fn.result.capture": "{who} prend {place}.",
    "fn.result.intrude": "{who} reste à {place} en intrus.",
    "fn.result.holds": "{who} tient {place}.",
    "fn.result.bought": "{who} achète {place} pour {paid} écus.",
    "fn.result.falls": "{who} est battu à {place}.",
    "fn.fallen": "Tombés : {list}.",
    "fn.lord_of": "{lord}, joué par {who}",
    "fn.lord_of_aside": "{lord}, joué par {who},",
    "fn.battle_waiting": "La bataille attend : {what}",
    "fn.step.ask": "{who} peut proposer une coalition à {to}.",
    "fn.step.answer": "{who} répond à la proposition de coalition de {to}.",
    "fn.step.bid": "les deux alliés enchérissent, mains fermées.",
    "fn.holder": "tenant",
    "fn.election": "Élection du roi",
    "fn.votes_cast": "Les voix, dans l'ordre annoncé",
    "fn.no_votes_yet": "Aucune voix encore.",
    "fn.still_to_vote": "Doivent encore voter : {who}.",
    "fn.tally": "Décompte",
    "fn.elected": "Élu : {lord}.",
    "fn.consecration": "Sacre : deux évêques ou un cardinal",
    "fn.waiting_answer": "On attend la réponse de {who}.",
    "fn.asks": "{who} peut solliciter un joueur qui a un évêque ou un cardinal.",
    "fn.negotiation": "Négociation",
    "fn.negotiation_help": "{what} ; puis dites Terminé.",
    "fn.negotiation_done_help": "Vous avez fini : vous pouvez encore parler, rien de plus (ni paiement, ni don). La négociation s'achève quand les autres ont fini aussi (négocient encore : {who}).",
    "fn.help.pay": "payez qui vous voulez par centaines d'écus",
    "fn.help.give": "donnez un village de votre fief",
    "fn.help.talk": "parlez",
    "fn.offer.pay": "payez",
    "fn.offer.give": "donnez un village",
    "fn.offer.talk": "parlez",
    "fn.time_left": "Temps de négociation restant",
    "fn.who_done": "Qui a fini",
    "fn.done": "fini",
    "fn.negotiating": "négocie",
    "fn.transfer": "Envoyer de l'argent",
    "fn.to": "À",
    "fn.amount": "Écus",
    "fn.send": "Envoyer",
    "fn.say_done": "Terminé",
    "fn.bad_amount": "Choisissez de {min} à {max} écus, par centaines.",
    "fn.transfers": "Paiements",
    "fn.no_transfers": "Aucun paiement encore.",
    "fn.public_chat": "Tout le monde",
    "fn.private_chat": "En privé avec",
    "fn.chat_empty": "Aucun message.",
    "fn.chat_send": "Dire",
    "fn.chat_placeholder": "Un message…",
    "fn.spectator_chat": "Les spectateurs ne lisent que les échanges publics.",
    "fn.hands": "Toutes les mains",
    "fn.banner.negotiate": "Négociation : {what} — puis Terminé.",
    "fn.banner.also_negotiating": "Négocient aussi : {who}.",
    "fn.banner.others_done": "Les autres ont fini.",
    "fn.banner.negotiate_done": "Négociation : vous avez fini.",
    "fn.banner.negotiate_watch": "Négociation.",
    "fn.banner.still_negotiating": "Négocient encore : {who}.",
    "fn.banner.bid": "Enchère secrète pour {place} : choisissez votre somme, cachée à {other} jusqu'à ce que les mains s'ouvrent.",
    "fn.banner.vote": "Élection du roi : annoncez vos voix ({n}).",
  },
};

/** The game's strings with these added (the news' keys win on a clash). */
export function withStrings(base) {
  return { en: { ...base.en, ...strings.en }, fr: { ...base.fr, ...strings.fr } };
}

// ----- names ----------------------------------------------------------------------------

const place = villageName;



function titleName(ctx, title) {
  const name = title ? ctx.t(`fn.title.${title}`) : "";
  return title && ctx.markCard ? ctx.markCard(title, name) : name; // a red card: its help in the log
}

function dice(roll) {
  return (roll || []).map((d) => DIE[d] || String(d)).join(" ");
}

function diceText(roll) {
  const r = roll || [];
  return r.length ? `${r.join("+")}${r.length > 1 ? ` = ${r.reduce((a, b) => a + b, 0)}` : ""}` : "—";
}

// ----- the log ---------------------------------------------------------------------------

/** The start's order of play read from the banker, who plays first (the data
 * keeps the seats' round from the first region's seat). */
function fromBanker(d) {
  const order = d.order || [];
  const at = Math.max(order.indexOf(d.banker), 0);
  return [...order.slice(at), ...order.slice(0, at)];
}

/** A lord and the player who has him, "Robert, played by Seat 3 (bot)": a
 *  seat's name may hold parentheses of its own, so none are put around it.
 *  One's own lord is named alone on one's own page ("Henry", not "Henry,
 *  played by Bruno" on Bruno's: a play-test's log read so), as the buttons
 *  that pick a lord name him; another's, and every lord to a spectator or in
 *  a replay, with his player. ``aside``: the form a sentence goes on after
 *  ("Robert, played by Ann, falls …"; one's own "Henry falls …"). */
export function lordOf(ctx, lord, seat, aside = false) {
  if (isOwn(ctx, seat)) return lordName(lord);
  return ctx.t(aside ? "fn.lord_of_aside" : "fn.lord_of", { lord: lordName(lord), who: ctx.name(seat) });
}

/** Whether ``seat`` is this page's person's: ``ctx.isYou`` (the log's lines give it
 *  as the seat was held when each was written; never in a replay), else this seat. */
function isOwn(ctx, seat) {
  if (typeof seat !== "number") return false;
  if (ctx.isYou) return !!ctx.isYou(seat);
  return ctx.seat !== null && ctx.seat !== undefined && seat === ctx.seat;
}

/** A King deposed by an election, with his player: ``deposed_seat`` (events are
 *  made again from the stored moves, so every page gets the field by this name). */
function deposed(ctx, d) {
  return lordOf(ctx, d.deposed, d.deposed_seat, true);
}

/** Every Fief event in words; null leaves the engine's text (unknown kinds). */
export function describeEvent(e, ctx) {
  const d = e.data || {};
  const t = (key, args = {}) => ctx.t(`fn.log.${key}`, args);
  const who = typeof d.seat === "number" ? ctx.name(d.seat) : "";
  const to = typeof d.to === "number" ? ctx.name(d.to) : "";
  switch (e.kind) {
    case "choose_region": return t("choose_region", { who, region: regionName(d.region) });
    case "start": return t("start", { who: ctx.name(d.banker), order: fromBanker(d).map(ctx.name).join(", ") });
    case "turn": return t("turn", { turn: d.turn, who: ctx.name(d.first) });
    case "reshuffle": return t("reshuffle");
    case "deal": return d.cards ? t("deal_mine", { cards: d.cards.map((c) => cardName(ctx, c)).join(", ") }) : t("deal", { who, n: d.count });
    case "bishop": return t("bishop", { who, lord: lordName(d.lord), bishopric: bishopricName(d.bishopric) });
    case "cardinal": return t("cardinal", { who, lord: lordName(d.lord) });
    case "attack": {
      const args = { who, card: cardName(ctx, d.card), target: d.lord ? lordName(d.lord) : regionName(d.region) };
      if (!("answerer" in d)) return t("attack", args); // no parry to it (plague), or a lord's
      if (typeof d.answerer !== "number") return t("attack_unanswered", args);
      return t("attack_answered", { ...args, answerer: ctx.name(d.answerer) });
    }
    case "no_parry": { // why, where the engine says it: no card to play, a ransom beyond the purse
      const short = typeof d.ransom === "number";
      const ransom = short ? grouped(d.ransom) : "";
      if (d.no_card === "exchanged" || d.no_card === "empty") return t(`no_parry_${d.no_card}${short ? "_ransom" : ""}`, { who, ransom });
      return t(short ? "no_parry_ransom" : "no_parry", { who, ransom });
    }
    case "die": return d.lord ? t("die_lord", { lord: lordName(d.lord), die: d.die }) : t("die_revolt", { die: d.die });
    case "parry": return d.parry === "ransom" ? t("ransom", { who, paid: d.paid }) : t("parry", { who, card: cardName(ctx, d.parry) });
    case "bad_weather": return t("bad_weather", { region: regionName(d.region) });
    case "famine": return t("famine", { region: regionName(d.region) });
    case "plague": return t("plague", { region: regionName(d.region) });
    case "casualties": return t("casualties", { n: d.dead, who, place: place(d.village) });
    case "revolt":
      if (d.counter) return t("revolt.counter", { counter: ctx.t(`fn.counter.${d.counter}`), place: place(d.village) });
      if (d.village) return t("revolt.castle", { place: place(d.village), n: d.killed });
      return t(`revolt.${d.outcome || "subsides"}`, { region: regionName(d.region) });
    case "lord_dies": {
      const key = ["battle", "plague", "assassination", "justice"].includes(d.cause) ? `lord_dies.${d.cause}` : "lord_dies";
      return t(key, { lord: lordOf(ctx, d.lord, d.seat, true), place: place(d.village) });
    }
    case "vacant":
      if (d.why === "not_consecrated" && d.deposed) return t("not_consecrated_deposed", { lord: deposed(ctx, d) });
      return t(d.why === "dead" ? "king_dead" : d.why === "not_consecrated" ? "not_consecrated" : "vacant");
    case "tithe": return t("tithe", { who, card: cardName(ctx, d.card), lord: lordName(d.lord) });
    case "revenues": {
      const earned = Array.isArray(d.earned) ? d.earned.map((n, i) => [i, n]) : Object.entries(d.earned || {});
      return t("revenues", { list: earned.map(([s, n]) => `${ctx.name(Number(s))} ${grouped(n)}`).join(", ") });
    }
    case "buy": {
      const item = ctx.t(`fn.item.${d.item}`, { n: d.count ?? 1 });
      return t("buy", { who, item, place: place(d.village) });
    }
    case "discard": return t("discard", { who, card: cardName(ctx, d.card) });
    case "exchange": return d.card ? t("exchange_mine", { card: cardName(ctx, d.returned), new: cardName(ctx, d.card) }) : t("exchange", { who, card: cardName(ctx, d.returned) });
    case "lord": return t("lord", { who, lord: lordName(d.lord), place: place(d.village) });
    case "move": {
      const stance = ctx.t(`fn.stance.${d.stance}`);
      const args = { who, lord: lordName(d.lord), stance, place: place(d.to), n: d.soldiers };
      return d.soldiers ? t("move", args) : t("move_alone", args);
    }
    case "evicted": return t(d.leaves ? "evicted_leave" : "evicted", { who, place: place(d.village) });
    case "passage": return t(d.grant ? "passage_yes" : "passage_no", { who, place: place(d.village) });
    case "resistance": return t("resistance", { who, place: place(d.village), die: d.die });
    case "converge": return t("converge", { who: ctx.joinNames((d.seats || []).map(ctx.name)), place: place(d.village) });
    case "destroyed": return t("destroyed", { place: place(d.village) });
    case "combat": return t("combat", {
      place: place(d.village), att: ctx.name(d.attacker), def: ctx.name(d.defender),
      a: (d.attacker_lords || []).length + (d.attacker_soldiers ?? 0), d: (d.defender_lords || []).length + (d.defender_soldiers ?? 0),
      aroll: diceText(d.attacker_roll), droll: diceText(d.defender_roll), dl: d.defender_loses, al: d.attacker_loses,
    });
    case "disband": return t("disband", { n: d.soldiers, who, place: place(d.village) });
    case "intrude": return t("intrude", { who, place: place(d.village) });
    case "capture": return t("capture", { who, place: place(d.village) });
    case "coalition":
      if (typeof d.to === "number") return t("coalition_ask", { who, to });
      if (d.accept === undefined) return t("coalition_alone", { who });
      return t(d.accept ? "coalition_yes" : "coalition_no", { who });
    case "bidding": return t("bidding", { place: place(d.village) });
    case "bid": return typeof d.amount === "number" ? t("bid_mine", { amount: d.amount }) : t("bid", { who });
    case "bids": {
      const seats = d.seats || [];
      return t("bids", { list: (d.bids || []).map((n, i) => `${seats[i] !== undefined ? ctx.name(seats[i]) : "?"} ${grouped(n)}`).join(", ") });
    }
    case "bought": return t("bought", { who, paid: d.paid, to, place: place(d.village) });
    case "vote": return d.lord ? t("vote", { who, n: d.votes, lord: lordName(d.lord) }) : t("abstain", { who });
    case "election": {
      if (d.deposed) return t("election_tie_deposed", { lord: deposed(ctx, d) });
      if (!d.lord) return t(Object.keys(d.tally || {}).length ? "election_tie" : "election_none");
      return t(d.again ? "election_again" : "election", { lord: lordName(d.lord), n: (d.tally || {})[d.lord] ?? "" });
    }
    case "crowned": return t(d.capital ? "crowned_capital" : "crowned", { lord: lordOf(ctx, d.lord, d.seat, true) });
    case "ask_consecration": return t("ask_consecration", { who, to });
    case "consecrate": return t(d.yes ? "consecrate_yes" : "consecrate_no", { who });
    case "fief": {
      const region = REGION[d.region];
      return t("fief", { region: regionName(d.region), title: titleName(ctx, region && region.title), who });
    }
    case "fief_founded": return t("fief_founded", { who, region: regionName(d.region), lord: lordName(d.lord), place: place(d.capital) });
    case "fief_taken": return t("fief_taken", { who, region: regionName(d.region) });
    case "custody":
      if (d.claim === undefined) return t("custody_lost", { region: regionName(d.region) });
      return t(d.claim ? "custody_yes" : "custody_no", { region: regionName(d.region) });
    case "title": return t("title", { lord: lordName(d.lord), region: regionName(d.region) });
    case "give_village": return t("give_village", { who, place: place(d.village), to });
    case "pay": return t("pay", { who, amount: d.amount, to });
    case "done": return t("done", { who });
    case "time_up": return t("time_up");
    case "game_over": {
      const winners = d.winners || [];
      return winners.length ? t("game_over", { who: ctx.joinNames(winners.map(ctx.name)), n: winners.length }) : t("game_over_none");
    }
    default: return null;
  }
}

/** Two events of the log told as one line (table.js joins consecutive lines of one
 *  seat's move so), or null: a seat's purchases of one item at one village, one after
 *  the other, as one purchase of them all ("Alice buys 2 mills at Bourg.", where a
 *  play-test read "Alice buys a mill at Bourg." twice: the map buys one at a time). */
export function joinEvents(a, b) {
  if (a.kind !== "buy" || b.kind !== "buy") return null;
  const x = a.data || {};
  const y = b.data || {};
  if (x.seat !== y.seat || x.item !== y.item || x.village !== y.village) return null;
  return { ...a, data: { ...x, count: (x.count ?? 1) + (y.count ?? 1) } };
}

export const logKinds = {
  combat: "highlight", bids: "highlight", capture: "highlight", election: "highlight", crowned: "highlight",
  fief: "highlight", fief_founded: "highlight", fief_taken: "highlight", game_over: "highlight",
  deal: "minor", done: "minor", bid: "minor",
};

// ----- what this turn has seen -------------------------------------------------------------

/** The events since the turn began (all of them before the first turn). */
function thisTurn(ctx) {
  const events = [...(ctx.events || [])].sort((a, b) => a.index - b.index);
  let start = -1;
  for (const e of events) if (e.kind === "turn") start = e.index;
  const undone = undoneIndexes(events);
  return events.filter((e) => e.index > start && !undone.has(e.index));
}

/** The renderer's ``news``: of events just arrived, the battles fought at this
 *  seat's villages by another, in the log's words, to be announced (a play-test
 *  was attacked and saw only a small "⚔6" on the map). */
export function news(ctx, events) {
  const battles = new Map(); // one line a village: its last exchange, where the battle stands
  for (const e of events) {
    const d = e.data || {};
    if (e.kind === "combat" && d.defender === ctx.seat && d.attacker !== ctx.seat) battles.set(d.village, e);
  }
  return [...battles.values()].map((e) => `⚔ ${describeEvent(e, ctx)}`);
}

/** The log entries a take-back undid (State.undo: the game's last move, the
 *  seat's own): from each "undo" back to the first entry of the move before
 *  it, the one not made after it by the rules (``move.follows``); an undo
 *  before it has already taken its own. A play-test's payment, taken back,
 *  stayed among the turn's payments. */
export function undoneIndexes(events) {
  const undone = new Set();
  events.forEach((e, at) => {
    if (e.kind !== "undo") return;
    for (let i = at - 1; i >= 0; i -= 1) {
      const made = events[i];
      if (made.kind === "undo" || undone.has(made.index) || !made.move) continue;
      undone.add(made.index);
      if (!made.move.follows) break;
    }
  });
  return undone;
}

/** The last battle of this turn, or the one waiting for a decision:
 *  {village, events} (its events in order). */
export function lastBattle(ctx) {
  const events = thisTurn(ctx);
  const battle = ctx.view && ctx.view.battle;
  let village = null;
  const groups = new Map(); // village -> its events, in the order the villages were fought over
  for (const e of events) {
    if (!BATTLE_KINDS.has(e.kind)) continue;
    const d = e.data || {};
    if (e.kind === "coalition" || e.kind === "bid") {
      if (village) groups.get(village).push(e);
      continue;
    }
    if (!d.village || (e.kind === "lord_dies" && d.cause !== "battle")) continue;
    if (["converge", "combat", "destroyed", "bidding", "bids", "bought"].includes(e.kind) && d.village !== village) {
      village = d.village;
      const earlier = groups.get(village) || [];
      groups.delete(village); // fought over again: it becomes the last
      groups.set(village, e.kind === "converge" ? [] : earlier);
    }
    if (groups.has(d.village)) groups.get(d.village).push(e);
  }
  if (battle && battle.village) return { village: battle.village, events: groups.get(battle.village) || [] };
  const fought = [...groups.entries()].filter(([, evs]) => evs.some((e) => ["combat", "converge", "bids"].includes(e.kind)));
  if (!fought.length) return null;
  const [last, mine] = fought[fought.length - 1];
  return { village: last, events: mine };
}

// ----- the battle panel ----------------------------------------------------------------------

function sideRows(ctx, rounds) {
  const sides = new Map(); // seat -> {role, lords, soldiers, left}
  for (const r of rounds) {
    for (const [who, prefix, role] of [[r.attacker, "attacker", "attacker"], [r.defender, "defender", "defender"]]) {
      if (!sides.has(who)) {
        sides.set(who, { role, lords: r[`${prefix}_lords`] || [], soldiers: r[`${prefix}_soldiers`] ?? 0 });
      }
      if (typeof r[`${prefix}_left`] === "number") sides.get(who).left = r[`${prefix}_left`];
    }
  }
  return sides;
}

function forcesTable(ctx, sides) {
  const view = ctx.view;
  return h("table", { class: "fn-forces" },
    h("thead", {}, h("tr", {},
      h("th", {}, ctx.t("fn.side")), h("th", {}, ctx.t("fn.lords")), h("th", {}, ctx.t("fn.soldiers")), h("th", {}, ctx.t("fn.left")))),
    h("tbody", {}, [...sides.entries()].map(([seat, side]) => h("tr", { dataset: { seat, role: side.role } },
      h("td", {}, h("span", { class: "fief-swatch", style: { background: seatInk(view, seat) } }), " ",
        h("strong", {}, ctx.name(seat)), h("span", { class: "muted" }, ` ${ctx.t(`fn.${side.role}`)}`)),
      h("td", { class: "fn-lords" }, side.lords.length ? side.lords.map(lordName).join(", ") : ctx.t("fn.no_lord")),
      h("td", { class: "fn-num" }, String(side.soldiers)),
      h("td", { class: "fn-num" }, side.left === undefined ? "—" : String(soldiersLeft(side)))))));
}

/** A side's soldiers left: the exchanges' counts ("attacker_left") hold its lords
 * too, as the dice count a force, and losses take soldiers first, lords after
 * (decision 12), so its soldiers are what is left beyond its lords. */
function soldiersLeft(side) {
  return Math.max(0, side.left - side.lords.length);
}

/** What one side of an exchange lost. A loss that took the whole force says so:
 * a side loses at most what it has ("the defender ... counts the number of his
 * forces which are present"), and a play-test read "loses 3" under a roll the
 * Combat Results Table gives 6 for as a mistake. */
function lossText(ctx, seat, lost, r) {
  const role = seat === r.attacker ? "attacker" : "defender";
  const had = (r[`${role}_lords`] || []).length + (r[`${role}_soldiers`] ?? 0);
  const whole = lost > 0 && lost === had;
  return h("span", { class: ["fn-loss", lost ? "fn-hit" : null], title: whole ? ctx.t("fn.loses_all_why") : null },
    `→ ${ctx.t(whole ? "fn.loses_all" : "fn.loses", { who: ctx.name(seat), n: lost })}`);
}

function roundItem(ctx, r, n, fresh) {
  const view = ctx.view;
  const line = (seat, roll, other, lost) => h("div", { class: "fn-roll" },
    h("span", { class: "fn-roller" }, h("span", { class: "fief-swatch", style: { background: seatInk(view, seat) } }), " ",
      ctx.t("fn.rolls", { who: ctx.name(seat) })),
    h("span", { class: "fn-dice", "aria-label": (roll || []).join(", ") }, dice(roll)),
    h("span", { class: "fn-sum" }, `(${diceText(roll)})`),
    lossText(ctx, other, lost, r));
  return h("li", {
    class: ["fn-round", fresh >= 0 ? "fn-new" : null], dataset: { attacker: r.attacker, defender: r.defender },
    style: fresh >= 0 ? { "--i": fresh } : null,
  },
    h("span", { class: "fn-round-n" }, ctx.t("fn.round", { n })),
    line(r.attacker, r.attacker_roll, r.defender, r.defender_loses),
    line(r.defender, r.defender_roll, r.attacker, r.attacker_loses));
}

function bidsBlock(ctx, battle, events) {
  const view = ctx.view;
  const live = view.battle && view.battle.village === battle.village && view.battle.step === "bid" ? view.battle : null;
  const opened = [...events].reverse().find((e) => e.kind === "bids");
  const bidding = events.some((e) => e.kind === "bidding");
  if (!live && !opened && !bidding) return null;
  const rows = [];
  if (live) {
    for (const seat of [live.first, live.second]) {
      const sealed = (live.has_bid || []).includes(seat);
      const mine = ctx.seat === seat && live.my_bid !== null && live.my_bid !== undefined;
      rows.push(h("li", { dataset: { seat, sealed: sealed ? "1" : "0" } },
        h("strong", {}, ctx.name(seat)), " ",
        sealed ? h("span", { class: "fn-sealed" }, `✉ ${ctx.t("fn.sealed")}`) : h("span", { class: "muted" }, ctx.t("fn.thinking")),
        mine ? h("span", { class: "muted" }, ` — ${ctx.t("fn.my_bid", { amount: live.my_bid })}`) : null));
    }
  }
  const revealed = events.filter((e) => e.kind === "bids").map((e) => {
    const d = e.data || {};
    return h("li", { class: "fn-revealed" }, (d.bids || []).map((n, i) => [
      i ? " · " : null, h("strong", {}, d.seats ? ctx.name(d.seats[i]) : "?"), ` ${grouped(n)}`]));
  });
  return h("div", { class: "fn-bids" }, h("h4", {}, ctx.t("fn.bids")),
    revealed.length ? h("ul", { class: "fn-bid-list" }, revealed) : null,
    rows.length ? h("ul", { class: "fn-bid-list fn-bid-live" }, rows) : null);
}

function battleResult(ctx, battle, rounds) {
  const events = battle.events;
  const out = [];
  const bought = events.find((e) => e.kind === "bought");
  if (bought) out.push(ctx.t("fn.result.bought", { who: ctx.name(bought.data.seat), place: place(battle.village), paid: bought.data.paid }));
  const capture = [...events].reverse().find((e) => e.kind === "capture" || e.kind === "intrude");
  if (capture) {
    out.push(ctx.t(`fn.result.${capture.kind}`, { who: ctx.name(capture.data.seat), place: place(battle.village) }));
  } else if (rounds.length && !(ctx.view.battle && ctx.view.battle.village === battle.village)) {
    const last = rounds[rounds.length - 1];
    if (last.attacker_left === 0) out.push(ctx.t("fn.result.holds", { who: ctx.name(last.defender), place: place(battle.village) }));
    else if (last.defender_left === 0) out.push(ctx.t("fn.result.falls", { who: ctx.name(last.defender), place: place(battle.village) }));
  }
  const fallen = events.filter((e) => e.kind === "lord_dies").map((e) => lordOf(ctx, e.data.lord, e.data.seat));
  // "played by" holds commas of its own: the fallen are told apart by semicolons
  if (fallen.length) out.push(ctx.t("fn.fallen", { list: fallen.join(ctx.t("semicolon")) }));
  return out.length ? h("div", { class: "fn-result", role: "status" }, out.map((x) => h("p", {}, x))) : null;
}

function waitingLine(ctx, battle) {
  const b = ctx.view.battle;
  if (!b || b.village !== battle.village) return null;
  const what = b.step === "ask" ? ctx.t("fn.step.ask", { who: ctx.name(b.first), to: ctx.name(b.second) })
    : b.step === "answer" ? ctx.t("fn.step.answer", { who: ctx.name(b.second), to: ctx.name(b.first) })
      : ctx.t("fn.step.bid");
  return h("p", { class: "fn-waiting" }, ctx.t("fn.battle_waiting", { what }));
}

function battlePanel(ctx) {
  const battle = lastBattle(ctx);
  if (!battle) return null;
  const fought = battle.events.filter((e) => e.kind === "combat");
  const rounds = fought.map((e) => e.data || {});
  // exchanges this page has not drawn yet come one after the other, as the dice fall
  const seen = (ctx.ui.fiefRoundsSeen = ctx.ui.fiefRoundsSeen || new Set());
  let fresh = 0;
  const order = fought.map((e) => (seen.has(e.index) ? -1 : fresh++));
  for (const e of fought) seen.add(e.index);
  const ground = rounds.length ? ctx.t(rounds[0].in_castle ? "fn.castle" : "fn.open") : null;
  const story = battle.events.filter((e) => ["converge", "coalition", "destroyed"].includes(e.kind))
    .map((e) => h("li", {}, describeEvent(e, ctx)));
  return h("section", { class: "panel fn-battle", id: "fief-battle", dataset: { village: battle.village }, "aria-live": "polite" },
    h("h2", {}, `⚔ ${ctx.t("fn.battle", { place: place(battle.village) })}`),
    ground ? h("p", { class: ["fn-ground", rounds[0].in_castle ? "fn-in-castle" : "fn-in-open"] }, ground) : null,
    story.length ? h("ul", { class: "fn-story" }, story) : null,
    rounds.length ? forcesTable(ctx, sideRows(ctx, rounds)) : null,
    rounds.length ? h("ol", { class: "fn-rounds" }, rounds.map((r, i) => roundItem(ctx, r, i + 1, order[i]))) : null,
    bidsBlock(ctx, battle, battle.events),
    waitingLine(ctx, battle),
    after(battleResult(ctx, battle, rounds), fresh));
}

/** The result shows once the fresh exchanges have come in. */
function after(el, fresh) {
  if (el && fresh) {
    el.classList.add("fn-new");
    el.style.setProperty("--i", String(fresh));
  }
  return el;
}

/** The map marks the village fought over (drawn after the map). */
function markBattle(root, ctx) {
  const battle = lastBattle(ctx);
  if (!battle) return;
  const g = root.querySelector(`.fief-village[data-village="${battle.village}"]`);
  if (!g) return;
  g.classList.add("fief-fought");
  g.insertBefore(s("circle", { r: 40, class: "fn-fought-ring" }), g.firstChild);
  g.appendChild(s("text", { class: "fn-fought-mark", x: 26, y: 32, "text-anchor": "middle" }, "⚔"));
}

// ----- the election panel ------------------------------------------------------------------------

function electionPanel(ctx) {
  const view = ctx.view;
  const events = thisTurn(ctx);
  const votes = events.filter((e) => e.kind === "vote");
  const result = events.find((e) => e.kind === "election");
  const court = events.filter((e) => ["ask_consecration", "consecrate", "crowned", "vacant"].includes(e.kind)
    && (e.kind !== "crowned" || !e.data.capital));
  const e = view.election;
  if (!e && !votes.length && !result) return null;
  const voted = new Set(votes.map((v) => v.data.seat));
  const waiting = e && !e.elected ? (view.regions || []).map((_, i) => i).filter((i) => !voted.has(i)) : [];
  const tally = result ? Object.entries(result.data.tally || {}).sort((a, b) => b[1] - a[1]) : [];
  const elected = e && e.elected ? e.elected : result && result.data.lord;
  return h("section", { class: "panel fn-election", id: "fief-election" },
    h("h2", {}, "♔ ", ctx.t("fn.election")),
    h("h4", {}, ctx.t("fn.votes_cast")),
    votes.length ? h("ol", { class: "fn-votes" }, votes.map((v) => h("li", { dataset: { seat: v.data.seat } },
      h("span", { class: "fief-swatch", style: { background: seatInk(view, v.data.seat) } }), " ", describeEvent(v, ctx))))
      : h("p", { class: "muted" }, ctx.t("fn.no_votes_yet")),
    waiting.length ? h("p", { class: "muted fn-still" }, ctx.t("fn.still_to_vote", { who: ctx.joinNames(waiting.map(ctx.name)) })) : null,
    result ? h("div", { class: "fn-tally" },
      tally.length ? h("p", {}, h("span", { class: "muted" }, `${ctx.t("fn.tally")}${ctx.t("colon")}`),
        tally.map(([lord, n]) => `${lordName(lord)} ${n}`).join(" · ")) : null,
      h("p", { class: "fn-result" }, describeEvent(result, ctx))) : null,
    elected && (court.length || (e && e.elected)) ? h("div", { class: "fn-consecration" },
      h("h4", {}, ctx.t("fn.consecration")),
      view.lords && view.lords[elected] ? h("p", {}, ctx.t("fn.elected", { lord: lordOf(ctx, elected, view.lords[elected].owner) })) : null,
      court.length ? h("ul", {}, court.map((c) => h("li", {}, describeEvent(c, ctx)))) : null,
      e && e.elected && e.waiting !== null && e.waiting !== undefined
        ? h("p", { class: "fn-waiting" }, ctx.t("fn.waiting_answer", { who: ctx.name(e.waiting) }))
        : e && e.elected && view.lords[e.elected]
          ? h("p", { class: "fn-waiting" }, ctx.t("fn.asks", { who: ctx.name(view.lords[e.elected].owner) })) : null) : null);
}

// ----- the negotiation panel ------------------------------------------------------------------------

function payEntry(ctx) {
  return (ctx.schema || []).find((entry) => entry.type === "pay");
}

function transferForm(ctx) {
  const entry = payEntry(ctx);
  if (!entry || ctx.seat === null) return null;
  const ui = (ctx.ui.fiefPay = ctx.ui.fiefPay || {});
  const seats = entry.fields.to.values;
  const amounts = entry.fields.amount.values;
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  const to = h("select", { id: "fief-pay-to", "aria-label": ctx.t("fn.to") },
    seats.map((seat) => h("option", { value: String(seat) }, ctx.name(seat))));
  to.value = seats.includes(Number(ui.to)) ? String(ui.to) : String(seats[0]);
  const amount = h("input", {
    id: "fief-pay-amount", type: "number", inputmode: "numeric", min: String(min), max: String(max), step: "100",
    value: String(ui.amount ?? min), "aria-label": ctx.t("fn.amount"),
  });
  const error = h("p", { class: "action-error fn-pay-error", hidden: true, role: "alert" });
  // the page checks the amount itself, in its words: the browser's own check stopped the send
  // with its bubble in its language ("Please enter a valid value" on a French page)
  const form = h("form", { class: "fn-pay", id: "fief-pay", autocomplete: "off", novalidate: true },
    h("label", {}, h("span", {}, ctx.t("fn.to")), to),
    h("label", {}, h("span", {}, ctx.t("fn.amount")), amount),
    h("button", { type: "submit", class: "primary", id: "fief-pay-send", disabled: !ctx.canAct }, ctx.t("fn.send")),
    error);
  const keep = () => {
    ui.to = to.value;
    ui.amount = amount.value;
  };
  form.addEventListener("input", keep);
  form.addEventListener("change", keep);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const n = Number(amount.value);
    if (!amounts.includes(n)) {
      error.hidden = false;
      error.textContent = ctx.t("fn.bad_amount", { min, max });
      return;
    }
    ui.amount = String(min);
    if (ctx.canAct) ctx.act({ type: "pay", to: Number(to.value), amount: n });
  });
  return form;
}

function doneList(ctx) {
  const view = ctx.view;
  const open = new Set(view.negotiating || []);
  return h("ul", { class: "fn-done", id: "fief-done-list" }, (view.regions || []).map((_, seat) => h("li", {
    class: open.has(seat) ? "fn-open" : "fn-is-done", dataset: { seat, done: open.has(seat) ? "0" : "1" },
  }, h("span", { class: "fief-swatch", style: { background: seatInk(view, seat) } }), h("span", { class: "fn-done-name" }, ctx.name(seat)),
  h("span", { class: open.has(seat) ? "fn-done-state muted" : "fn-done-state fn-done-mark" }, open.has(seat) ? ctx.t("fn.negotiating") : `✓ ${ctx.t("fn.done")}`))));
}

function transfersList(ctx) {
  const pays = thisTurn(ctx).filter((e) => e.kind === "pay" || e.kind === "give_village");
  return h("div", { class: "fn-transfers" }, h("h4", {}, ctx.t("fn.transfers")),
    pays.length ? h("ul", {}, pays.map((e) => h("li", {}, describeEvent(e, ctx)))) : h("p", { class: "muted" }, ctx.t("fn.no_transfers")));
}

// ----- the chat, side by side with the map ----------------------------------------------------------

function privatePartner(ctx) {
  const others = (ctx.view.regions || []).map((_, i) => i).filter((i) => i !== ctx.seat);
  const chosen = Number(ctx.ui.fiefTalkTo);
  return others.includes(chosen) ? chosen : others[0];
}

function chatLines(ctx, messages) {
  if (!messages.length) return [h("li", { class: "muted" }, ctx.t("fn.chat_empty"))];
  return messages.map((m) => h("li", { class: ["fn-chat-line", m.seat === ctx.seat ? "fn-mine" : null], dataset: { id: m.id } },
    h("strong", {}, m.seat === null ? "courtly" : (m.name || ctx.name(m.seat))), " ", h("span", {}, m.text)));
}

function publicMessages(ctx) {
  return (ctx.chat || []).filter((m) => m.to === null || m.to === undefined);
}

function privateMessages(ctx, partner) {
  return (ctx.chat || []).filter((m) => m.to !== null && m.to !== undefined
    && ((m.seat === ctx.seat && m.to === partner) || (m.seat === partner && m.to === ctx.seat)));
}

function chatBox(ctx, { id, title, messages, to, extra }) {
  const key = `fiefChat_${id}`;
  const list = h("ul", { class: "fn-chat-list", id: `fief-chat-${id}`, "aria-live": "polite", dataset: { chatList: id } },
    chatLines(ctx, messages));
  let form = null;
  if (ctx.seat !== null) {
    const input = h("input", { type: "text", maxlength: "500", id: `fief-chat-${id}-text`, placeholder: ctx.t("fn.chat_placeholder"), "aria-label": title });
    input.value = ctx.ui[key] || "";
    input.addEventListener("input", () => {
      ctx.ui[key] = input.value;
    });
    form = h("form", { class: "fn-chat-form", autocomplete: "off" }, input,
      h("button", { type: "submit", id: `fief-chat-${id}-send` }, ctx.t("fn.chat_send")));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const target = to();
      ctx.sendChat(text, target).then((sent) => {
        if (sent) {
          input.value = "";
          ctx.ui[key] = "";
        }
      });
    });
  }
  requestAnimationFrame(() => {
    list.scrollTop = list.scrollHeight;
  });
  return h("div", { class: ["fn-chat", `fn-chat-${id}`] }, h("h4", {}, title, extra || null), list, form);
}

function chatPanel(ctx) {
  const boxes = [chatBox(ctx, { id: "public", title: ctx.t("fn.public_chat"), messages: publicMessages(ctx), to: () => null })];
  if (ctx.seat !== null) {
    const partner = privatePartner(ctx);
    const others = (ctx.view.regions || []).map((_, i) => i).filter((i) => i !== ctx.seat);
    const pick = h("select", { id: "fief-chat-private-to", "aria-label": ctx.t("fn.private_chat") },
      others.map((i) => h("option", { value: String(i) }, ctx.name(i))));
    pick.value = String(partner);
    pick.addEventListener("change", () => {
      ctx.ui.fiefTalkTo = Number(pick.value);
      const list = document.getElementById("fief-chat-private");
      if (list) fillList(list, chatLines(ctx, privateMessages(ctx, Number(pick.value))));
    });
    boxes.push(chatBox(ctx, {
      id: "private", title: `${ctx.t("fn.private_chat")} `, messages: privateMessages(ctx, partner),
      to: () => Number(pick.value), extra: pick,
    }));
  }
  return h("div", { class: "fn-chats" }, boxes,
    ctx.seat === null ? h("p", { class: "muted" }, ctx.t("fn.spectator_chat")) : null);
}

function fillList(list, items) {
  while (list.firstChild) list.removeChild(list.firstChild);
  for (const item of items) list.appendChild(item);
  list.scrollTop = list.scrollHeight;
}

/** The table's chat changed: the lists beside the map follow (the rest stays). */
export function chatChanged(ctx) {
  const pub = document.getElementById("fief-chat-public");
  if (pub) fillList(pub, chatLines(ctx, publicMessages(ctx)));
  const priv = document.getElementById("fief-chat-private");
  if (priv && ctx.seat !== null) fillList(priv, chatLines(ctx, privateMessages(ctx, privatePartner(ctx))));
}

/** What the negotiation lets this seat do, in words ("pay, give a village,
 *  talk"), from its legal actions: a seat with no crowns is not told to pay,
 *  one with no fief village it may give (Phase 6, 2: not the capital, none of
 *  its pieces inside) not told to give. A spectator reads what the phase lets
 *  a player do. ``style``: "offer" (short) or "help" (the panel's). */
export function offers(ctx, style) {
  const kinds = new Set([...(ctx.legal || []).map((l) => l.action.type), ...(ctx.schema || []).map((e) => e.type)]);
  const open = (kind) => ctx.seat === null || kinds.has(kind);
  return [open("pay") ? "pay" : null, open("give_village") ? "give" : null, "talk"].filter(Boolean)
    .map((k) => ctx.t(`fn.${style}.${k}`)).join(", ");
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The panel's help: what the seat may do, then Done; to a seat that said
 *  Done, that it may only talk now and waits for the others. A seat done is
 *  out of the window (Phase 6: the server's menu for it is empty until the
 *  next phase; `may_act` is the seats still negotiating), so the help offers
 *  no payment nor gift, as the panel shows no form and no Done. */
function negotiationHelp(ctx) {
  const seats = ctx.view.negotiating || [];
  if (ctx.seat !== null && !seats.includes(ctx.seat) && !(ctx.legal || []).length) {
    const others = seats.length ? ctx.joinNames(seats.map(ctx.name)) : "—";
    return ctx.t("fn.negotiation_done_help", { who: others });
  }
  return ctx.t("fn.negotiation_help", { what: capitalised(offers(ctx, "help")) });
}

function negotiationPanel(ctx) {
  const view = ctx.view;
  if (view.phase !== "negotiation" || ctx.replay || (ctx.table && ctx.table.status !== "playing")) return null;
  const phase = ctx.phase;
  const timed = phase && ((phase.deadline !== null && phase.deadline !== undefined) || typeof phase.seconds_left === "number");
  const clock = timed && ctx.countdown // standing still while the table is paused (no deadline)
    ? ctx.countdown(phase.deadline, ctx.t("fn.time_left"), { id: "fief-countdown", total: phase.time_limit, left: phase.seconds_left }) : null;
  const mayDone = ctx.seat !== null && (ctx.schema || []).some((e) => e.type === "done");
  return h("section", { class: "panel fn-negotiation", id: "fief-negotiation" },
    h("h2", {}, ctx.t("fn.negotiation"), clock ? h("span", { class: "fn-clock" }, clock) : null),
    h("p", { class: "muted fn-help" }, negotiationHelp(ctx)),
    h("div", { class: "fn-neg-grid" },
      h("div", {}, h("h4", {}, ctx.t("fn.who_done")), doneList(ctx)),
      h("div", {}, payEntry(ctx) ? h("h4", {}, ctx.t("fn.transfer")) : null, transferForm(ctx),
        mayDone ? h("button", { type: "button", class: "fn-done-button", id: "fief-done", disabled: !ctx.canAct,
          onclick: () => ctx.canAct && ctx.act({ type: "done" }) }, `✓ ${ctx.t("fn.say_done")}`) : null)),
    transfersList(ctx),
    chatPanel(ctx));
}

// ----- every hand, in a replay with all revealed -----------------------------------------------

function handsPanel(ctx) {
  const hands = ctx.view.hands;
  if (!hands) return null;
  return h("section", { class: "panel fn-hands" }, h("h2", {}, ctx.t("fn.hands")),
    h("ul", {}, Object.entries(hands).map(([seat, hand]) => h("li", {}, h("strong", {}, ctx.name(Number(seat))), `${ctx.t("colon")}`,
      (hand || []).map((c) => cardName(ctx, c)).join(", ") || ctx.t("fief.no_cards")))));
}

// ----- the hooks -------------------------------------------------------------------------------

/** After the board is drawn: the news panels at the head of the side column
 *  (beside the map on a laptop, under it on a phone) and the map's battle mark. */
export function decorate(root, ctx) {
  const negotiation = negotiationPanel(ctx);
  // a replay's view is of its step, the events this page saw are of the whole game: no news from them
  const news = ctx.replay ? [] : [battlePanel(ctx), electionPanel(ctx)];
  const panels = [negotiation, ...news, handsPanel(ctx)].filter(Boolean);
  const side = root.querySelector(".fief-side") || root;
  if (panels.length) side.prepend(h("div", { class: "fn-news", id: "fief-news" }, panels));
  const board = root.querySelector(".fief-board");
  if (board) {
    board.classList.toggle("fn-negotiating", panels.includes(negotiation)); // its form replaces the generic Pay
  }
  if (!ctx.replay) markBattle(root, ctx);
}

/** What the phase asks of this seat, in the turn banner (null: the table's own). */
export function banner(ctx) {
  const view = ctx.view;
  if (!view || (ctx.table && ctx.table.status !== "playing") || ctx.replay) return null;
  if (view.phase === "negotiation" && !view.custody_claim) {
    const seats = view.negotiating || [];
    const names = (list) => (list.length ? ctx.joinNames(list.map(ctx.name)) : "—");
    // who else negotiates: an aside, which a phone leaves out (the negotiation's panel lists them)
    const still = ctx.t("fn.banner.still_negotiating", { who: names(seats) });
    // its words link to the negotiation's panel (who is done, the payments, the talk):
    // on a phone, a spectator's banner is "Negotiation." and the panel is below the map
    const jump = "fief-negotiation";
    if (ctx.seat === null) return { text: ctx.t("fn.banner.negotiate_watch"), kind: "wait", aside: still, jump };
    if (seats.includes(ctx.seat)) { // the others: a reader does not look for their own name
      const others = seats.filter((s) => s !== ctx.seat);
      const what = offers(ctx, "offer");
      return { text: ctx.t("fn.banner.negotiate", { what }), kind: "mine", jump,
        aside: others.length ? ctx.t("fn.banner.also_negotiating", { who: names(others) }) : ctx.t("fn.banner.others_done") };
    }
    return { text: ctx.t("fn.banner.negotiate_done"), kind: "wait", aside: still, jump };
  }
  const b = view.battle;
  if (b && b.step === "bid" && ctx.canAct && ctx.seat !== null && [b.first, b.second].includes(ctx.seat)) {
    const other = ctx.seat === b.first ? b.second : b.first;
    return { text: ctx.t("fn.banner.bid", { place: place(b.village), other: ctx.name(other) }), kind: "mine" };
  }
  if (view.election && !view.election.elected && ctx.canAct && ctx.seat !== null) {
    return { text: ctx.t("fn.banner.vote", { n: (view.votes || [])[ctx.seat] ?? 0 }), kind: "mine" };
  }
  return null;
}

/** One view from every seat's (the replay's "all revealed"): the spectator's
 *  board with every hand and every sealed bid laid open. */
export function mergeViews(views) {
  const seats = Object.keys(views).filter((k) => /^\d+$/.test(k)).sort((a, b) => a - b);
  const base = JSON.parse(JSON.stringify(views.spectator || views[seats[0]]));
  base.hand = null;
  base.seat = null;
  base.hands = Object.fromEntries(seats.map((k) => [k, views[k].hand || []]));
  if (base.battle) {
    base.battle.my_bid = null;
    base.battle.bids = Object.fromEntries(seats.map((k) => [k, views[k].battle ? views[k].battle.my_bid : null])
      .filter(([, v]) => v !== null && v !== undefined));
  }
  return base;
}

export default { strings, withStrings, describeEvent, joinEvents, lordOf, offers, logKinds, decorate, banner, mergeViews, chatChanged, lastBattle, news };
