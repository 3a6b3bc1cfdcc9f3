// "How to play" for Courtisans: our own summary of the quick rules
// (shared/seeds/002_a23471743eef09ef.txt) and of docs/rules/courtisans.md,
// in English and French. Drawn by js/howto.js.

export default {
  en: [
    { h: "The goal", p: [
      "Six families want the Queen's favour: Butterflies, Toads, Stags, Carps, Nightingales, "
      + "Hares. You gather their cards in your domain (the row in front of you), hoping they end "
      + "esteemed rather than disgraced. The game ends once the deck is empty and every hand is "
      + "played out.",
    ] },
    { h: "Your turn", p: [
      "Play all three cards of your hand, in any order, one per place: one at the Queen's table "
      + "(above a family's column to lift it, below to sink it), one in your domain, one in an "
      + "opponent's domain. Then draw three.",
    ] },
    { h: "The roles", p: [
      "Noble: counts as two cards everywhere. Spy: played face down; at the Queen's table it "
      + "waits in the Queen's column until the end. Assassin: as you place it you may remove "
      + "another card of that place. Guard: can never be removed. Expansion: a Diplomat at the "
      + "Queen's table or in an opponent's domain may take a card there (not a Guard) into your "
      + "domain; a Confidant sends your next card to the same place.",
    ] },
    { h: "Scoring", p: [
      "At the end the Spies are revealed and join their family's column, same side. More weight "
      + "above than below: esteemed; more below: disgraced; equal: neutral. In your domain each "
      + "esteemed card scores +1, each disgraced one −1 (a Noble ±2). Each secret Mission met "
      + "adds 3; a missed one costs nothing. Best total wins; ties share (\"How to score\").",
    ] },
    { h: "Our readings", p: [
      "The standing shown during play counts face-up cards only: hidden Spies may still tip it. "
      + "You keep seeing the family of your own Spies. A Mission's \"left-hand neighbour\" is the "
      + "player after you. You may take back a card until you draw.",
    ] },
  ],
  fr: [
    { h: "Le but", p: [
      "Six familles briguent la faveur de la Reine : Papillons, Crapauds, Cerfs, Carpes, "
      + "Rossignols, Lièvres. Vous réunissez leurs cartes dans votre domaine (la rangée devant "
      + "vous), en espérant qu'elles finissent estimées plutôt qu'en disgrâce. La partie s'arrête "
      + "quand la pioche est vide et que toutes les mains sont jouées.",
    ] },
    { h: "Votre tour", p: [
      "Posez les trois cartes de votre main, dans l'ordre voulu, une par endroit : une à la table "
      + "de la Reine (au-dessus de la colonne d'une famille pour l'élever, en dessous pour "
      + "l'abaisser), une dans votre domaine, une chez un adversaire. Puis piochez-en trois.",
    ] },
    { h: "Les rôles", p: [
      "Noble : compte pour deux cartes partout. Espion : posé face cachée ; à la table de la "
      + "Reine, il attend dans la colonne de la Reine jusqu'à la fin. Assassin : en le posant, "
      + "vous pouvez éliminer une autre carte du même endroit. Garde : jamais éliminé. Extension "
      + ": un Diplomate posé à la table de la Reine ou chez un adversaire peut ramener dans votre "
      + "domaine une carte de cet endroit (pas un Garde) ; un Confident envoie votre carte "
      + "suivante au même endroit.",
    ] },
    { h: "Le décompte", p: [
      "À la fin, les Espions sont révélés et rejoignent la colonne de leur famille, du même côté. "
      + "Plus lourde au-dessus : estimée ; en dessous : en disgrâce ; à égalité : neutre. Dans "
      + "votre domaine, chaque carte estimée vaut +1, chaque carte en disgrâce −1 (un Noble ±2). "
      + "Chaque Mission secrète réussie rapporte 3 ; ratée, rien. Le meilleur total gagne ; une "
      + "égalité partage la victoire.",
    ] },
    { h: "Nos lectures", p: [
      "Le rang affiché en cours de partie ne compte que les cartes visibles : les Espions cachés "
      + "peuvent encore le renverser. Vous voyez toujours la famille de vos propres Espions. Le « "
      + "voisin de gauche » d'une Mission est le joueur qui vous suit. On peut reprendre une "
      + "carte tant qu'on n'a pas pioché.",
    ] },
  ],
};
