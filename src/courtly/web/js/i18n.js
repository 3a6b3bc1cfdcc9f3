// French and English. A string table per language; a game renderer adds its
// own with addStrings(). Entries are strings with {placeholders} or functions
// of the parameters (for plurals and grammar). The choice is kept in
// localStorage; changing it fires "langchange" on window.

import { button } from "./dom.js";

const KEY = "courtly.lang";
export const LANGS = ["en", "fr"];

const STRINGS = {
  en: {
    "app.tagline": "Court-intrigue board games",
    colon: ": ",
    semicolon: "; ",
    "lang.switch": "Français",
    "lang.switch.title": "Passer en français",
    "nav.lobby": "Lobby",
    "lobby.create": "Create a table",
    "lobby.game": "Game",
    "lobby.players": "Players",
    "lobby.options": "Options",
    "lobby.no_options": "No options for this game.",
    "lobby.seats": "Seats",
    "lobby.seat": "Seat {n}",
    "lobby.person": "A person",
    "lobby.bot": "A bot",
    "lobby.advanced": "More settings",
    "lobby.seed": "Seed (bots only: same seed, same deal)",
    "lobby.bot_delay": "Bot thinking time (seconds)",
    "lobby.move_clock": "Move clock (seconds, empty: none)",
    "lobby.create_button": "Create the table",
    "lobby.created": "Table created",
    "lobby.created_help": "Each person seat has its own private link: open yours, send the others theirs. This browser remembers them, and the host link below gives every link again, from the table's page.",
    "lobby.play_seat": "Play seat {n}",
    "lobby.copy": "Copy",
    "lobby.copied": "Link copied",
    "lobby.spectator_link": "Spectator link",
    "lobby.tables": "Tables",
    "lobby.no_tables": "No table yet: create the first one.",
    "lobby.no_other_tables": "No other table is listed (yours are above).",
    "lobby.no_match": "No table matches these filters.",
    "lobby.refresh": "Refresh",
    "lobby.spectate": "Watch",
    "lobby.replay": "Replay",
    "lobby.play": "Play (seat {n})",
    "lobby.join_link": "Have a seat link?",
    "lobby.join_link_placeholder": "Paste your link here",
    "lobby.go": "Go",
    "lobby.moves": (p) => (p.n === 1 ? "1 move" : `${p.n} moves`),
    "lobby.open_seat": "open seat",
    "lobby.awaited_seat": "{name} (not here yet)",
    "lobby.your_links": "Links you created",
    "status.waiting": "Waiting for players",
    "status.playing": "Playing",
    "status.paused": "Paused",
    "status.over": "Finished",
    "seat.label": "Seat {n}",
    "seat.bot": "{label} (bot)",
    "seat.bot_badge": "bot · {bot}",
    "botname.random": "random",
    "botname.heuristic": "heuristic",
    "botname.ismcts": "ISMCTS",
    "status.abandoned": "Abandoned",
    "lobby.paused": "paused",
    "lobby.paused_help": "Nobody has been connected for a while: the bots wait until a player comes back",
    "banner.abandoned": "The host abandoned this table: the game stops here",
    "seat.you": "you",
    "seat.open": "open seat",
    "seat.awaited": "not here yet",
    "seat.awaited_help": "A rematch: this seat is kept for the player who had it",
    "seat.away": "away: a bot stands in",
    "seat.connected": "connected",
    "seat.offline": "not connected",
    "table.spectating": "Watching as a spectator",
    "table.you_are": "You are {name}",
    "table.connecting": "Connecting…",
    "table.joining": "Choose your name to take your seat.",
    "table.reconnecting": "Connection lost, reconnecting…",
    "table.undo": "Undo",
    "table.undo_help": "Take back your last action (allowed until anything is revealed or another player acts)",
    "log.undo": "{who} takes a move back",
    "table.not_found": "This table does not exist.",
    "table.bad_token": "This link no longer holds a seat at this table: the host may have replaced it or given the seat to a bot. Ask the host for a new link; meanwhile you are watching.",
    "table.bad_link_mine": "This link no longer holds a seat at this table (the host may have replaced it): you are at your own seat, which this browser keeps.",
    "join.title": "Take your seat",
    "join.help": "Choose the name the other players will see.",
    "join.name": "Your name",
    "join.button": "Sit down",
    "join.midgame": (p) => `The game is under way (${p.n === 1 ? "1 move" : `${p.n} moves`}): you take this seat over where it stands.`,
    "join.midgame_bot": (p) => `The game is under way (${p.n === 1 ? "1 move" : `${p.n} moves`}): a bot has been playing this seat; you take it over where it stands.`,
    "banner.your_turn": "Your turn",
    "banner.waiting_for": "Waiting for {who}",
    "banner.waiting_players": "Waiting for every seat to be taken: {who}",
    "banner.over": "The game is over",
    "banner.sending": "Sending…",
    "banner.window": "Open phase: act as you wish, then press Done",
    "banner.window_open": (p) => `Open phase: ${p.who} may act`,
    "phase.label": "Phase",
    "phase.over": "game over", // every game's last phase (core/game.py), in any renderer's phase line
    "phase.open_to": "open to {who}",
    "phase.time_left": "Time left",
    "phase.time_up": "time is up",
    "seat.referee": "The referee",
    "seat.may_act": "may act (open phase)",
    "log.title": "The story so far",
    "howto.title": "How to play",
    "log.empty": "Nothing has happened yet.",
    "log.join": "{who} takes seat {n}",
    "log.start": "Every seat is taken: the game begins!",
    "log.away": "{who} is away: a bot plays for them",
    "log.away_open": "Seat {n} is still open: a bot plays it until someone sits down",
    "log.back": "{who} is back",
    "log.clock": "{who} ran out of time: a bot plays this move",
    "chat.title": "Chat",
    "chat.to": "To",
    "chat.everyone": "Everyone",
    "chat.private_to": "private to {who}",
    "chat.private_from": "private",
    "chat.placeholder": "Say something…",
    "chat.send": "Send",
    "chat.spectators": "Spectators read the public chat; only seated players write.",
    "chat.empty": "No message yet.",
    "actions.title": "What you may do",
    "actions.none": "Nothing to do right now.",
    "actions.done": "Done",
    "actions.window_help": "You may act as often as the rules allow; press Done when you have finished.",
    "actions.refused": "Refused: {detail}",
    "actions.add": "Add",
    "actions.remove": "Remove",
    "actions.items": (p) => (p.min === p.max ? `choose ${p.min}` : `choose ${p.min} to ${p.max}`),
    "value.true": "yes",
    "value.false": "no",
    "final.title": "Final scores",
    "final.winner": (p) => (p.n > 1 ? `Shared victory: ${p.who}` : p.n === 0 ? "Nobody wins" : `${p.who} wins!`),
    "final.seat": "Player",
    "final.score": "Score",
    "replay.title": "Replay",
    "replay.open": "Replay this game",
    "help.about": "What does {card} do?",
    "help.source": "Rulebook: {source}",
    "replay.close": "Back to the table",
    "replay.step": "Move {step} of {steps}",
    "replay.start": "Start",
    "replay.prev": "Previous move",
    "replay.next": "Next move",
    "replay.end": "End",
    "replay.pov": "Seen by",
    "replay.spectator": "a spectator",
    "replay.all": "everyone (all revealed)",
    "replay.setup": "The deal, before the first move",
    "generic.view": "The table (raw view)",
    "generic.note": "This game has no picture in the browser yet: here is everything your seat sees.",
    "error.generic": "Something went wrong: {detail}",
    // time and presence
    "clock.move": "to play",
    "clock.away": "a bot plays in",
    "clock.away_chip": "{who} is away: a bot plays in",
    "clock.open_chip": "{who} is still open: a bot plays it in",
    "clock.open_title": "Nobody has taken {who} yet: when this runs out, a bot plays it until someone sits down",
    "clock.move_title": "{who} must play before this runs out, or a bot plays this move for them",
    "clock.away_title": "{who} has left: when this runs out, a bot plays for them",
    "clock.mine": "A bot plays for you in",
    "clock.forced": "only move in",
    "clock.forced_mine": "Made for you in",
    "clock.forced_title": "{who} has a single move, which the server makes when this runs out (until then the move before may still be taken back)",
    "clock.paused": "Stopped while the table is paused",
    "table.paused": "Paused: nobody is at the table. Play resumes when a player comes back.",
    "standin.badge": "stand-in played",
    "standin.title": "Played by the stand-in bot, not by the person",
    "standin.mark": "stand-in",
    "standin.note": "The stand-in bot played the last move for {who}.",
    "standin.you": "you",
    "standin.while_away": (p) => `While you were away, a bot played ${p.n === 1 ? "1 move" : `${p.n} moves`} for you: the log marks ${p.n === 1 ? "it" : "them"}.`,
    "forced.mark": "only move",
    "forced.title": "Made by the server: the only move this seat had, as everyone could see",
    "banner.forced": "Nothing to choose: your only move is being made for you",
    "conn.lost": "Connection to the server lost.",
    "conn.lost_help": "Reconnecting… You cannot act until it is back; your selection is kept.",
    "conn.back": "Connected again.",
    "conn.refused": "Not connected to the server: nothing was sent. Try again once the connection is back.",
    "notify.turn": "Your turn at {game}",
    "notify.private": "A private message from {who}",
    "notify.turn_on": "Notify me (a sound and a browser notification) when it is my turn or a private message arrives",
    "notify.turn_off": "Stop notifying me",
    "notify.on": "Notifications on: a sound and a browser notification when it is your turn or a private message arrives.",
    "notify.on_sound_only": "Sound on. This browser does not allow notifications for this page.",
    "notify.off": "Notifications off.",
    "chat.unread": (p) => (p.n === 1 ? "1 unread message" : `${p.n} unread messages`),
    // refusals by the server's code (docs/api.md, "Errors"); {detail}: its English text
    "error.not_your_turn": "It is not your turn: waiting for {who}",
    "error.illegal_action": "This move is not allowed: {detail}",
    "error.invalid_action": "This move is malformed: {detail}",
    "error.game_over": "The game is over",
    "error.not_started": "The game has not started: some seats are not taken yet",
    "error.time_up": "Time is up for this phase",
    "error.abandoned": "The host abandoned this table",
    "error.duplicate_name": "The name {name} is already taken at this table: choose another",
    "error.seat_taken": "This seat is already taken by {name}",
    "error.spectator": "A spectator cannot act: use your seat's link",
    "error.bad_token": "This link's token holds no seat at this table",
    "error.token_replaced": "This seat's link no longer works",
    "error.host_only": "Only the table's host link may do this",
    "error.no_table": "This table does not exist",
    "error.no_seat": "There is no such seat at this table",
    "error.empty_text": (p) => (p.what === "name" ? "Your name is empty" : "The message is empty"),
    "error.text_too_long": (p) => `${p.what === "name" ? "A name" : "A message"} has ${p.limit} characters at most`,
    "error.not_over": "A rematch is for a finished game",
    "error.not_seated": "Only a seated player may ask for a rematch",
    "error.rematch_seat_replaced": "The host gave your seat in the rematch another link",
    "error.rematch_bot_seat": "A bot plays this seat in the rematch",
    "error.network": "The server cannot be reached; try again in a moment",
    "error.bad_frame": "The server could not read this message: {detail}",
    "error.bad_field": "The server refused a field of this request ({detail})",
    "error.rate_limited": "Too many tables created from here: try again in {retry_after} s",
    "error.storage_unavailable": "The server could not store this move; nothing changed; try again",
    "error.stale": "Someone moved first: the table is up to date again; look and play again",
    "error.bot_limit": "This bot would think too long for this server ({parameter} at most {limit})",
    "error.body_too_large": "This request is too large ({limit} bytes at most)",
    "rematch.start": "Rematch",
    "rematch.help": "The same seats and options, a new deal",
    "rematch.follow": "Join the rematch",
    "rematch.started": "{who} started a rematch: your seat is kept for you",
    "rematch.watch": "Watch the rematch",
    "rematch.banner": "{who} started a rematch: your seat is kept for you (Join the rematch, under the scores)",
    "rematch.banner_watch": "A rematch has begun (Watch the rematch, under the scores)",
    "log.rematch": "{who} starts a rematch",
    "log.rematch_of": "A rematch: the seats are kept for {who}",
    "jump.label": "Go to",
    "jump.board": "Board",
    "jump.log": "Story",
    "jump.chat": "Chat",
    "jump.howto": "Rules",
    "jump.unread": (p) => (p.n === 1 ? "1 new entry" : `${p.n} new entries`),
    "last.move": "Last move",
    "last.by": "Last move: {who}",
    "last.after": "After {who}'s move",
    "last.followed": "Then, by the rules:",
  },
  fr: {
    "app.tagline": "Jeux de société d'intrigues de cour",
    colon: "\u202f: ",
    semicolon: "\u202f; ",
    "lang.switch": "English",
    "lang.switch.title": "Switch to English",
    "nav.lobby": "Salon",
    "lobby.create": "Créer une table",
    "lobby.game": "Jeu",
    "lobby.players": "Joueurs",
    "lobby.options": "Options",
    "lobby.no_options": "Pas d'option pour ce jeu.",
    "lobby.seats": "Places",
    "lobby.seat": "Place {n}",
    "lobby.person": "Un joueur",
    "lobby.bot": "Un robot",
    "lobby.advanced": "Plus de réglages",
    "lobby.seed": "Graine (robots seuls : même graine, même donne)",
    "lobby.bot_delay": "Temps de réflexion des robots (secondes)",
    "lobby.move_clock": "Pendule (secondes par coup, vide : aucune)",
    "lobby.create_button": "Créer la table",
    "lobby.created": "Table créée",
    "lobby.created_help": "Chaque place de joueur a son lien privé : ouvrez le vôtre, envoyez aux autres le leur. Ce navigateur les garde, et le lien d'hôte ci-dessous les redonne tous, depuis la page de la table.",
    "lobby.play_seat": "Jouer la place {n}",
    "lobby.copy": "Copier",
    "lobby.copied": "Lien copié",
    "lobby.spectator_link": "Lien spectateur",
    "lobby.tables": "Tables",
    "lobby.no_tables": "Aucune table : créez la première.",
    "lobby.no_other_tables": "Aucune autre table n'est listée (les vôtres sont au-dessus).",
    "lobby.no_match": "Aucune table ne correspond à ces filtres.",
    "lobby.refresh": "Actualiser",
    "lobby.spectate": "Regarder",
    "lobby.replay": "Revoir",
    "lobby.play": "Jouer (place {n})",
    "lobby.join_link": "Vous avez un lien de place ?",
    "lobby.join_link_placeholder": "Collez votre lien ici",
    "lobby.go": "Aller",
    "lobby.moves": (p) => (p.n <= 1 ? `${p.n} coup` : `${p.n} coups`),
    "lobby.open_seat": "place libre",
    "lobby.awaited_seat": "{name} (pas encore là)",
    "lobby.your_links": "Liens que vous avez créés",
    "status.waiting": "En attente de joueurs",
    "status.playing": "En cours",
    "status.paused": "En pause",
    "status.over": "Terminée",
    "seat.label": "Place {n}",
    "seat.bot": "{label} (robot)",
    "seat.bot_badge": "robot · {bot}",
    "botname.random": "hasard",
    "botname.heuristic": "heuristique",
    "botname.ismcts": "ISMCTS",
    "status.abandoned": "Abandonnée",
    "lobby.paused": "en pause",
    "lobby.paused_help": "Personne n'est connecté depuis un moment : les robots attendent le retour d'un joueur",
    "banner.abandoned": "L'hôte a abandonné cette table : la partie s'arrête là",
    "seat.you": "vous",
    "seat.open": "place libre",
    "seat.awaited": "pas encore là",
    "seat.awaited_help": "Une revanche : cette place est gardée pour qui l'avait",
    "seat.away": "pas là : un robot joue à sa place",
    "seat.connected": "en ligne",
    "seat.offline": "hors ligne",
    "table.spectating": "Vous regardez en spectateur",
    "table.you_are": "Vous êtes {name}",
    "table.connecting": "Connexion…",
    "table.joining": "Choisissez votre nom pour prendre place.",
    "table.reconnecting": "Connexion perdue, reconnexion…",
    "table.undo": "Reprendre",
    "table.undo_help": "Reprendre votre dernière action (possible tant que rien n'est révélé et qu'aucun autre joueur n'a joué)",
    "log.undo": "{who} reprend sa dernière action",
    "table.not_found": "Cette table n'existe pas.",
    "table.bad_token": "Ce lien ne donne plus de place à cette table : l'hôte l'a peut-être remplacé, ou a donné la place à un robot. Demandez-lui un nouveau lien ; en attendant, vous regardez.",
    "table.bad_link_mine": "Ce lien ne donne plus de place à cette table (l'hôte l'a peut-être remplacé) : vous êtes à votre place, que ce navigateur garde.",
    "join.title": "Prenez place",
    "join.help": "Choisissez le nom que verront les autres joueurs.",
    "join.name": "Votre nom",
    "join.button": "S'asseoir",
    "join.midgame": (p) => `La partie est en cours (${p.n === 1 ? "1 coup" : `${p.n} coups`}) : vous reprenez cette place où elle en est.`,
    "join.midgame_bot": (p) => `La partie est en cours (${p.n === 1 ? "1 coup" : `${p.n} coups`}) : un robot jouait cette place ; vous la reprenez où elle en est.`,
    "banner.your_turn": "À vous",
    "banner.waiting_for": "On attend {who}",
    "banner.waiting_players": "On attend que chaque place soit prise : {who}",
    "banner.over": "La partie est terminée",
    "banner.sending": "Envoi…",
    "banner.window": "Phase ouverte : agissez à votre guise, puis appuyez sur Terminé",
    "banner.window_open": (p) => `Phase ouverte : ${p.who} ${p.n > 1 ? "peuvent" : "peut"} agir`,
    "phase.label": "Phase",
    "phase.over": "partie terminée",
    "phase.open_to": "ouverte à {who}",
    "phase.time_left": "Temps restant",
    "phase.time_up": "temps écoulé",
    "seat.referee": "L'arbitre",
    "seat.may_act": "peut agir (phase ouverte)",
    "log.title": "Le récit de la partie",
    "howto.title": "Comment jouer",
    "log.empty": "Rien ne s'est encore passé.",
    "log.join": "{who} prend la place {n}",
    "log.start": "Toutes les places sont prises : la partie commence !",
    "log.away": "{who} n'est plus là : un robot joue à sa place",
    "log.away_open": "La place {n} est toujours libre : un robot la joue jusqu'à ce que quelqu'un s'y assoie",
    "log.back": "{who} est de retour",
    "log.clock": "{who} a dépassé son temps : un robot joue ce coup",
    "chat.title": "Discussion",
    "chat.to": "À",
    "chat.everyone": "Tout le monde",
    "chat.private_to": "en privé à {who}",
    "chat.private_from": "en privé",
    "chat.placeholder": "Dites quelque chose…",
    "chat.send": "Envoyer",
    "chat.spectators": "Les spectateurs lisent la discussion publique ; seuls les joueurs assis écrivent.",
    "chat.empty": "Aucun message.",
    "actions.title": "Ce que vous pouvez faire",
    "actions.none": "Rien à faire pour l'instant.",
    "actions.done": "Terminé",
    "actions.window_help": "Agissez autant que les règles le permettent ; appuyez sur Terminé quand vous avez fini.",
    "actions.refused": "Refusé : {detail}",
    "actions.add": "Ajouter",
    "actions.remove": "Retirer",
    "actions.items": (p) => (p.min === p.max ? `choisissez-en ${p.min}` : `choisissez-en de ${p.min} à ${p.max}`),
    "value.true": "oui",
    "value.false": "non",
    "final.title": "Scores finaux",
    "final.winner": (p) => (p.n > 1 ? `Victoire partagée : ${p.who}` : p.n === 0 ? "Personne ne l'emporte" : `${p.who} l'emporte !`),
    "final.seat": "Joueur",
    "final.score": "Score",
    "replay.title": "Revoir la partie",
    "replay.open": "Revoir cette partie",
    "help.about": "Que fait la carte {card} ?",
    "help.source": "Règle : {source}",
    "replay.close": "Retour à la table",
    "replay.step": "Coup {step} sur {steps}",
    "replay.start": "Début",
    "replay.prev": "Coup précédent",
    "replay.next": "Coup suivant",
    "replay.end": "Fin",
    "replay.pov": "Vue de",
    "replay.spectator": "un spectateur",
    "replay.all": "tout le monde (tout révélé)",
    "replay.setup": "La donne, avant le premier coup",
    "generic.view": "La table (vue brute)",
    "generic.note": "Ce jeu n'a pas encore d'image dans le navigateur : voici tout ce que voit votre place.",
    "error.generic": "Quelque chose s'est mal passé : {detail}",
    // le temps et la présence
    "clock.move": "pour jouer",
    "clock.away": "un robot joue dans",
    "clock.away_chip": "{who} n'est plus là : un robot joue dans",
    "clock.open_chip": "{who} est toujours libre : un robot la joue dans",
    "clock.open_title": "Personne n'a encore pris {who} : à la fin du décompte, un robot la joue jusqu'à ce que quelqu'un s'y assoie",
    "clock.move_title": "{who} doit jouer avant la fin du décompte, sinon un robot joue ce coup à sa place",
    "clock.away_title": "{who} n'est plus là : à la fin du décompte, un robot joue à sa place",
    "clock.mine": "Un robot joue pour vous dans",
    "clock.forced": "seul coup dans",
    "clock.forced_mine": "Joué pour vous dans",
    "clock.forced_title": "{who} n'a qu'un coup, que le serveur joue à la fin du décompte (d'ici là, le coup d'avant peut encore être repris)",
    "clock.paused": "Arrêté pendant la pause de la table",
    "table.paused": "En pause : personne n'est à la table. La partie reprend quand un joueur revient.",
    "standin.badge": "remplaçant a joué",
    "standin.title": "Joué par le robot remplaçant, pas par la personne",
    "standin.mark": "remplaçant",
    "standin.note": "Le robot remplaçant a joué le dernier coup pour {who}.",
    "standin.you": "vous",
    "standin.while_away": (p) => `Pendant votre absence, un robot a joué ${p.n === 1 ? "1 coup" : `${p.n} coups`} pour vous : le journal ${p.n === 1 ? "le marque" : "les marque"}.`,
    "forced.mark": "seul coup",
    "forced.title": "Joué par le serveur : le seul coup possible de cette place, au vu de tous",
    "banner.forced": "Rien à choisir : votre seul coup possible est joué pour vous",
    "conn.lost": "Connexion au serveur perdue.",
    "conn.lost_help": "Reconnexion… Vous ne pouvez pas agir avant son retour ; votre sélection est gardée.",
    "conn.back": "Connexion rétablie.",
    "conn.refused": "Pas de connexion au serveur : rien n'a été envoyé. Réessayez quand la connexion sera rétablie.",
    "notify.turn": "À vous de jouer à {game}",
    "notify.private": "Un message privé de {who}",
    "notify.turn_on": "Me prévenir (un son et une notification du navigateur) quand c'est mon tour ou qu'un message privé arrive",
    "notify.turn_off": "Ne plus me prévenir",
    "notify.on": "Notifications activées : un son et une notification quand c'est votre tour ou qu'un message privé arrive.",
    "notify.on_sound_only": "Son activé. Ce navigateur n'autorise pas les notifications pour cette page.",
    "notify.off": "Notifications désactivées.",
    "chat.unread": (p) => (p.n === 1 ? "1 message non lu" : `${p.n} messages non lus`),
    "error.not_your_turn": "Ce n'est pas votre tour : on attend {who}",
    "error.illegal_action": "Ce coup n'est pas permis ({detail})",
    "error.invalid_action": "Ce coup est mal formé ({detail})",
    "error.game_over": "La partie est terminée",
    "error.not_started": "La partie n'a pas commencé : des places ne sont pas encore prises",
    "error.time_up": "Le temps de cette phase est écoulé",
    "error.abandoned": "L'hôte a abandonné cette table",
    "error.duplicate_name": "Le nom {name} est déjà pris à cette table : choisissez-en un autre",
    "error.seat_taken": "Cette place est déjà prise par {name}",
    "error.spectator": "Un spectateur ne peut pas jouer : utilisez le lien de votre place",
    "error.bad_token": "Le jeton de ce lien ne tient aucune place à cette table",
    "error.token_replaced": "Le lien de cette place ne fonctionne plus",
    "error.host_only": "Seul le lien d'hôte de la table peut faire cela",
    "error.no_table": "Cette table n'existe pas",
    "error.no_seat": "Il n'y a pas de telle place à cette table",
    "error.empty_text": (p) => (p.what === "name" ? "Votre nom est vide" : "Le message est vide"),
    "error.text_too_long": (p) => `${p.what === "name" ? "Un nom" : "Un message"} a au plus ${p.limit} caractères`,
    "error.not_over": "Une revanche se joue après la fin de la partie",
    "error.not_seated": "Seul un joueur assis peut demander une revanche",
    "error.rematch_seat_replaced": "L'hôte a donné un autre lien à votre place dans la revanche",
    "error.rematch_bot_seat": "Un robot joue cette place dans la revanche",
    "error.network": "Le serveur est injoignable ; réessayez dans un instant",
    "error.bad_frame": "Le serveur n'a pas pu lire ce message ({detail})",
    "error.bad_field": "Le serveur a refusé un champ de cette requête ({detail})",
    "error.rate_limited": "Trop de tables créées d'ici : réessayez dans {retry_after} s",
    "error.storage_unavailable": "Le serveur n'a pas pu enregistrer ce coup ; rien n'a changé ; réessayez",
    "error.stale": "Quelqu'un a joué avant vous : la table est à jour ; regardez et rejouez",
    "error.bot_limit": "Ce robot réfléchirait trop longtemps pour ce serveur ({parameter} au plus {limit})",
    "error.body_too_large": "Cette requête est trop grande ({limit} octets au plus)",
    "rematch.start": "Revanche",
    "rematch.help": "Les mêmes places et options, une nouvelle donne",
    "rematch.follow": "Rejoindre la revanche",
    "rematch.started": "{who} a lancé une revanche : votre place vous attend",
    "rematch.watch": "Regarder la revanche",
    "rematch.banner": "{who} a lancé une revanche : votre place vous attend (Rejoindre la revanche, sous les scores)",
    "rematch.banner_watch": "Une revanche a commencé (Regarder la revanche, sous les scores)",
    "log.rematch": "{who} lance une revanche",
    "log.rematch_of": "Une revanche : les places sont gardées pour {who}",
    "jump.label": "Aller à",
    "jump.board": "Plateau",
    "jump.log": "Récit",
    "jump.chat": "Discussion",
    "jump.howto": "Règles",
    "jump.unread": (p) => (p.n <= 1 ? `${p.n} nouvelle entrée` : `${p.n} nouvelles entrées`),
    "last.move": "Dernier coup",
    "last.by": "Dernier coup : {who}",
    "last.after": "Après le coup de {who}",
    "last.followed": "Puis, selon les règles :",
  },
};

function initial() {
  try {
    const stored = localStorage.getItem(KEY);
    if (LANGS.includes(stored)) return stored;
  } catch (_e) {
    /* storage unavailable */
  }
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

let current = initial();
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(value) {
  if (!LANGS.includes(value) || value === current) return;
  current = value;
  document.documentElement.lang = value;
  try {
    localStorage.setItem(KEY, value);
  } catch (_e) {
    /* ignore */
  }
  applyStatic(document);
  window.dispatchEvent(new CustomEvent("langchange", { detail: value }));
}

/** Merge a game's strings: {en: {...}, fr: {...}}. */
export function addStrings(table) {
  for (const l of LANGS) Object.assign(STRINGS[l], (table && table[l]) || {});
}

/** Whether a key exists (in the current language or English). */
export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

// French elision before a vowel or a name's h (taken as mute: "d'Henry", "d'Hugues")
const OPENS_WITH_VOWEL = /^(?:[aeiouyàâäéèêëîïôöûùüœæ]|[AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÙÜŒÆH])/u;
const ELIDABLE = /(^|[^\p{L}'])(de|le|la|que) \{(\w+)\}/giu;

/** "de", "le", "la", "que" before a word: elided before a vowel or a name's h
 *  ("d'Eric", "l'Alouette", "qu'Alex"), whole otherwise ("de Camille"). */
export function elide(word, next) {
  if (!OPENS_WITH_VOWEL.test(String(next))) return `${word} ${next}`;
  return `${word.slice(0, word.toLowerCase() === "que" ? 2 : 1)}'${next}`;
}

/** A digit group ("2 000") held together by ``space``, a no-break space (the
 *  narrow one of the sums toLocaleString writes): a phone never breaks a sum
 *  between 2 and 000. */
export function holdDigits(text, space = "\u202f") {
  return String(text).replace(/(\d) (?=\d{3}(?!\d))/g, `$1${space}`);
}

/** French spacing in a text's own words: ``space`` (a narrow no-break space) before
 *  ":", ";", "!" and "?", inside « » (a phone left a guillemet alone at a
 *  line's end) and in a digit group ("Amende de 1 000 livres" broke between
 *  1 and 000). fillIn spaces a template so, the values filled in left alone. */
export function frenchSpaces(text, space = "\u202f") {
  return holdDigits(text.replace(/ ([:;!?»])/g, `${space}$1`).replace(/« /g, `«${space}`), space);
}

/** A template's {placeholders} filled; in French, elided before them and spaced. */
export function fillIn(template, params = {}, language = current) {
  let text = template;
  if (language === "fr") {
    text = frenchSpaces(text).replace(ELIDABLE, (m, before, word, name) => (name in params
      ? `${before}${elide(word, String(params[name])).replace(/\{/g, "\u0001")}` : m));
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? grouped(params[name], language) : m))
    .replace(/\u0001/g, "{");
}

/** A value as text: a whole number of four digits or more in the
 *  language's digit groups ("1,100 crowns", "1 100 écus" with a narrow
 *  no-break space, which never breaks a sum in two); anything else as is.
 *  Every {placeholder} is filled so; pages writing a sum themselves call it. */
export function grouped(value, language = current) {
  return typeof value === "number" && Number.isInteger(value) && Math.abs(value) >= 1000
    ? value.toLocaleString(language === "fr" ? "fr-FR" : "en-GB") : String(value);
}

/** A score as a number to read, its sign the true minus sign (U+2212), as the
 *  columns beside it write theirs ("−12"), not a hyphen ("-7"). */
export function score(value) {
  return typeof value === "number" && value < 0 ? `\u2212${-value}` : String(value);
}

/** The text for key in the current language, with {placeholders} filled. */
export function t(key, params = {}) {
  let entry = STRINGS[current][key];
  if (entry === undefined) entry = STRINGS.en[key];
  if (entry === undefined) return key;
  if (typeof entry === "function") {
    const text = entry(params);
    return current === "fr" && entry === STRINGS.fr[key] && typeof text === "string" ? frenchSpaces(text) : text;
  }
  return fillIn(entry, params, key in STRINGS[current] ? current : "en");
}

/** Whether this screen is pointed at by a finger (a phone or tablet: CSS
 *  pointer: coarse), where the page's words say "tap", not "click". */
export function touchScreen() {
  return !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

/** The text for key as t() gives it, in the words for how this screen is
 *  pointed at: the key's `_touch` form ("tap", "touchez") on a touch screen,
 *  the key itself ("click", "cliquez") else. ``ctx`` is a game's context. */
export function pointing(ctx, key, params = {}) {
  return ctx.t(touchScreen() ? `${key}_touch` : key, params);
}

/** A refusal in the page's language: the text for its ``code`` (with
 * ``params``, and ``detail`` the server's English text) when this page knows
 * the code, else the English detail. ``extra`` adds parameters the page
 * computes (names for seat numbers). */
export function errorText(err, extra = {}) {
  const detail = err && err.detail !== undefined ? err.detail : String(err);
  const code = err && err.code;
  if (code && has(`error.${code}`)) return t(`error.${code}`, { ...(err.params || {}), ...extra, detail });
  return detail;
}

/** A bot seat's badge: "bot · heuristic", "robot · heuristique" (parameters after ":" kept). */
export function botBadge(spec) {
  const [name, ...rest] = String(spec || "").split(":");
  const key = `botname.${name}`;
  const label = has(key) ? t(key) : name;
  return t("seat.bot_badge", { bot: rest.length ? `${label}:${rest.join(":")}` : label });
}

/** Fill elements marked data-i18n (textContent) and data-i18n-placeholder. */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    el.setAttribute("title", t(el.dataset.i18nTitle));
  }
}

/** The FR/EN toggle button. */
export function langToggle() {
  const btn = button("", () => setLang(current === "fr" ? "en" : "fr"), {
    class: "lang-toggle",
    id: "lang-toggle",
  });
  const label = () => {
    btn.textContent = current === "fr" ? "EN" : "FR";
    btn.setAttribute("title", t("lang.switch.title"));
    btn.setAttribute("aria-label", t("lang.switch.title"));
  };
  label();
  window.addEventListener("langchange", label);
  return btn;
}
