// "How to play" for Fief (1984): our own summary of the rulebook
// (shared/seeds/004_4acaab6420c0f155.txt) and of docs/rules/fief.md, in
// English and French. Drawn by js/howto.js.

export default {
  en: [
    { h: "The goal", p: [
      "Win fiefs: a whole region (3, 4 or 5 villages: barony, county, duchy) held by you and "
      + "raised to a fief by the King, one of your lords bearing its title. The first to hold the "
      + "fiefs set in the options (2 by default) wins; else, after the turn limit (30), the most "
      + "fiefs, then soldiers on the board, then crowns (\"Goal of the Game\").",
    ] },
    { h: "A turn", p: [
      "Six phases, each played by everyone in turn (\"The Game Turn\"):",
    ], ol: [
      "Cards: lords go on the board at once, bishops join a lord; attacks (bad weather, famine, "
      + "revolt, plague, assassination) strike a region unless parried.",
      "Revenues: 100 crowns a village and a press, 200 a mill, and tithes.",
      "Purchases: soldier 100, press 200, mill 300, castle 2,000.",
      "Movement.",
      "Combat.",
      "Election, fiefs, negotiation.",
    ] },
    { h: "Moving and fighting", p: [
      "A lord makes two trips a turn, taking any of his soldiers; soldiers never move alone. "
      + "Entering an empty village takes it. At another's village you stop at the gate to attack, "
      + "besiege or ask a right of way (refused, you fight). Combats use the rulebook's two "
      + "tables; a castle shields its defenders.",
    ] },
    { h: "The King and the fiefs", p: [
      "Each lord, bishop, cardinal and title is a vote. The elected lord reigns only once two "
      + "bishops or a cardinal consecrate him. The King may raise any region wholly held by one "
      + "player. Guard the capital: who takes it takes the fief. In the negotiation (3 minutes) "
      + "anyone may pay anyone; cards never change hands and promises bind nobody.",
    ] },
    { h: "Our readings", p: [
      "The map is ours (the 1984 board is not public); you start with 6 soldiers in your region's "
      + "castle and 1,000 crowns. The bank never runs dry. The player with the most lords in a "
      + "region may parry an attack on it. An election is held every turn.",
    ] },
  ],
  fr: [
    { h: "Le but", p: [
      "Gagner des fiefs : une région entière (3, 4 ou 5 villages : baronnie, comté, duché) que "
      + "vous tenez et que le Roi érige en fief, l'un de vos seigneurs en portant le titre. Le "
      + "premier à tenir les fiefs fixés dans les options (2 par défaut) gagne ; sinon, après la "
      + "limite de tours (30), le plus de fiefs, puis de soldats sur le plateau, puis d'écus.",
    ] },
    { h: "Un tour", p: [
      "Six phases, jouées par chacun à son tour :",
    ], ol: [
      "Cartes : seigneurs posés aussitôt, évêques auprès d'un seigneur ; les attaques "
      + "(intempéries, famine, révolte, peste, assassinat) frappent une région, sauf parade.",
      "Revenus : 100 écus par village et par pressoir, 200 par moulin, et les dîmes.",
      "Achats : soldat 100, pressoir 200, moulin 300, château 2 000.",
      "Déplacements.",
      "Combats.",
      "Élection, fiefs, négociation.",
    ] },
    { h: "Se déplacer et combattre", p: [
      "Un seigneur fait deux trajets par tour avec ses soldats, qui ne bougent jamais seuls. "
      + "Entrer dans un village vide le prend. Devant le village d'un autre, on reste aux portes "
      + "pour attaquer, assiéger ou demander le passage (refusé, on se bat). Les combats suivent "
      + "les deux tables de la règle ; un château abrite ses défenseurs.",
    ] },
    { h: "Le Roi et les fiefs", p: [
      "Chaque seigneur, évêque, cardinal et titre vaut une voix. Le seigneur élu ne règne que "
      + "sacré par deux évêques ou un cardinal. Le Roi peut ériger en fief toute région tenue "
      + "entière par un joueur. Gardez la capitale : qui la prend prend le fief. Pendant la "
      + "négociation (3 minutes), chacun paie qui il veut ; les cartes ne s'échangent pas, les "
      + "promesses n'engagent personne.",
    ] },
    { h: "Nos lectures", p: [
      "La carte est la nôtre (celle de 1984 n'est pas publique) ; vous commencez avec 6 soldats "
      + "au château de votre région et 1 000 écus. La banque ne s'épuise jamais. Qui a le plus de "
      + "seigneurs dans une région peut y parer une attaque. L'élection a lieu à chaque tour.",
    ] },
  ],
};
