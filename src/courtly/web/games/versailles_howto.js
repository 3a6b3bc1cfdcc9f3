// "How to play" for Courtisans de Versailles: our own summary of the
// rulebook (shared/seeds/000_90b411339aefc22f.txt, cited §n) and of
// docs/rules/versailles.md, in English and French. Drawn by js/howto.js.

export default {
  en: [
    { h: "The goal", p: [
      "You play a family at the Sun King's court, one courtier at a time (at his death an heir of "
      + "the other sex follows). The first fortune to reach the goal (50,000 livres, or 30,000 "
      + "for a quick game) wins at once (§1). You choose your courtier's sex and name; your party "
      + "and the Queen's country are drawn (§5, §6).",
    ] },
    { h: "A turn", p: [
      "Four phases (§7):",
    ], ol: [
      "Presentation: a new courtier rolls his standing with the King (blue) and the Queen (red), "
      + "+2 with her if he is of her party.",
      "Negotiation (5 minutes): talk, pay, show a card; cards never change hands.",
      "Location: the Grand Chamberlain keeps the court at Versailles or goes hunting.",
      "The round: he plays first and last; the role then passes left (§4).",
    ] },
    { h: "Your player-turn", p: [
      "Two actions (§7.41): draw (the pile or the King's House), play a card, present a request, "
      + "ask an audience, or give one or two cards; plus your office's power, once a turn (§9.5). "
      + "Then collect your cards' income (shared with a spouse) and keep at most 10 cards.",
      "Titles, offices, pensions, Maréchal and lettres de cachet need a request: a d10 at or "
      + "under your King standing grants it; above, you lose 1 with him and the card goes to the "
      + "King's House. The Queen may carry it if she likes you better (§8.3). Audiences roll "
      + "likewise, without a card: take an office, marry, remarry the King, intervene, free a "
      + "prisoner, recall an exile (§8.4).",
    ] },
    { h: "Etiquette", p: [
      "In the chat, address others in order: Madame, Mademoiselle or Monsieur, dignity, title, "
      + "family name, office, and always \"vous\" (§3); the Register shows each courtier's "
      + "address. The Grand Chamberlain may fine each slip 1,000 livres.",
    ] },
    { h: "Our readings", p: [
      "The 110 cards are our design: the rulebook lists none. Both actions are optional. Players "
      + "pay one another only in the negotiation, by 500 livres. After the turn limit (100 by default) the "
      + "richest wins.",
    ] },
  ],
  fr: [
    { h: "Le but", p: [
      "Vous jouez une famille à la cour du Roi-Soleil, un courtisan à la fois (à sa mort, un "
      + "héritier de l'autre sexe suit). La première fortune à atteindre l'objectif (50 000 "
      + "livres, ou 30 000 en partie rapide) gagne aussitôt (§1). Vous choisissez le sexe et le "
      + "nom de votre courtisan ; votre parti et le pays de la Reine sont tirés au dé (§5, §6).",
    ] },
    { h: "Un tour", p: [
      "Quatre phases (§7) :",
    ], ol: [
      "Présentation : un nouveau courtisan tire sa cote auprès du Roi (en bleu) et de la Reine "
      + "(en rouge), +2 auprès d'elle s'il est de son parti.",
      "Négociation (5 minutes) : parler, payer, montrer une carte, jamais l'échanger.",
      "Lieu : le Grand Chambellan garde la cour à Versailles ou part chasser.",
      "Le tour de jeu : il joue le premier et le dernier ; puis le rôle passe à gauche (§4).",
    ] },
    { h: "Votre tour de joueur", p: [
      "Deux actions (§7.41) : piocher (la pioche ou la Maison du Roi), jouer une carte, présenter "
      + "une requête, demander audience, ou donner une ou deux cartes ; plus le pouvoir de votre "
      + "charge, une fois par tour (§9.5). Puis touchez vos revenus (partagés avec le conjoint) ; "
      + "gardez 10 cartes au plus.",
      "Titres, charges, pensions, Maréchal et lettres de cachet demandent une requête : un d10 "
      + "jusqu'à votre cote auprès du Roi l'obtient ; au-delà, vous perdez 1 auprès de lui et la "
      + "carte va à la Maison du Roi. La Reine peut la porter si elle vous estime plus (§8.3). "
      + "Les audiences, sans carte, se jouent de même : prendre une charge, se marier, remarier "
      + "le Roi, intervenir, libérer un prisonnier, rappeler un exilé (§8.4).",
    ] },
    { h: "L'étiquette", p: [
      "Dans le chat, on s'adresse aux autres dans l'ordre : Madame, Mademoiselle ou Monsieur, "
      + "dignité, titre, nom de famille, charge, et toujours en vouvoyant (§3) ; le Registre "
      + "donne la forme de chacun. Le Grand Chambellan peut punir chaque faute de 1 000 livres.",
    ] },
    { h: "Nos lectures", p: [
      "Les 110 cartes sont de notre invention (la règle n'en donne pas la liste). Les deux "
      + "actions sont facultatives. Les joueurs ne se paient qu'en négociation, par 500 livres. Après "
      + "la limite de tours (100 par défaut), le plus riche gagne.",
    ] },
  ],
};
