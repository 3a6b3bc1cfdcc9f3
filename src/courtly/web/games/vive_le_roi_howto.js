// "How to play" for Vive le Roi !: our own summary of the rulebook
// (shared/seeds/003_488867ee21850542.txt) and of docs/rules/vive_le_roi.md,
// in English and French. Drawn by js/howto.js.

export default {
  en: [
    { h: "The goal", p: [
      "Thirteen pretenders and the Jester climb a castle, floors 0 to 5, toward the Throne room. "
      + "Your secret Favoris card names six pretenders you back: never show it. Three rounds, "
      + "each ended by a coronation; from 20 points, the best total after the third wins.",
    ] },
    { h: "A round", p: [
      "Placement: the Jester starts on floor 3; in turn, everyone puts pretenders on floors 1–4, "
      + "four characters a floor at most; the rest start on floor 0. Then, on your turn, move any "
      + "one character up one floor, onto a floor with room. When floor 3 or 4 is full, a "
      + "character below may slip into its empty WC and step out once there is room (\"WC\").",
    ] },
    { h: "The vote", p: [
      "A character entering the Throne room is voted on at once, everyone choosing a card in "
      + "secret. Any Stomach-ache: the election is off, back to floor 5. Else any No: refused, to "
      + "a dungeon (floor 3's, then 2's, 1's, then the box). All Yes: crowned, the round ends. A "
      + "No or Stomach-ache played is spent; a Yes returns to your hand.",
    ] },
    { h: "Scoring", p: [
      "Each favourite scores its floor's number, the crowned one 10; in a dungeon it loses 3, 2 "
      + "or 1 (the dungeon's floor); in a WC or the box, 0. A crowned Jester flips every sign; a "
      + "refused one goes back to floor 3.",
    ] },
    { h: "Our readings", p: [
      "The throne is worth 10 (the 2003 value). Stomach-ache beats No. Each round deals fresh "
      + "vote cards, and the next seat starts it. Each player places 13 ÷ players pretenders "
      + "(rounded down). Played vote cards are public. Ties share the win. The table's options "
      + "are the rulebook's variants.",
    ] },
  ],
  fr: [
    { h: "Le but", p: [
      "Treize prétendants et le Bouffon gravissent un château, étages 0 à 5, vers la Salle du "
      + "Trône. Votre carte de Favoris, secrète, désigne six prétendants que vous soutenez : ne "
      + "la montrez jamais. Trois manches, closes chacune par un couronnement ; chacun part de 20 "
      + "points et le meilleur total après le troisième gagne.",
    ] },
    { h: "Une manche", p: [
      "Placement : le Bouffon part de l'étage 3 ; à tour de rôle, chacun installe des prétendants "
      + "aux étages 1 à 4, quatre personnages par étage au plus ; les autres partent de l'étage "
      + "0. Puis, à votre tour, faites monter un personnage d'un étage, vers un étage où il reste "
      + "de la place. Quand l'étage 3 ou 4 est plein, un personnage du dessous peut se glisser "
      + "dans ses WC libres, puis en sortir.",
    ] },
    { h: "Le vote", p: [
      "Un personnage qui entre dans la Salle du Trône est aussitôt soumis au vote, chacun "
      + "choisissant une carte en secret. Un Mal-au-Ventre : l'élection tombe, retour à l'étage "
      + "5. Sinon un Non : refusé, au cachot (celui de l'étage 3, puis 2, puis 1, puis la boîte). "
      + "Que des Oui : couronné, la manche s'achève. Un Non ou un Mal-au-Ventre joué est perdu ; "
      + "le Oui revient en main.",
    ] },
    { h: "Le décompte", p: [
      "Chaque favori rapporte le numéro de son étage, le couronné 10 ; au cachot il coûte 3, 2 ou "
      + "1 (l'étage du cachot) ; aux WC ou dans la boîte, 0. Un Bouffon couronné inverse tous les "
      + "signes ; refusé, il retourne à l'étage 3.",
    ] },
    { h: "Nos lectures", p: [
      "Le trône vaut 10 (la valeur de 2003). Le Mal-au-Ventre l'emporte sur le Non. Chaque manche "
      + "redonne les cartes Vote, et c'est au joueur suivant de l'ouvrir. Chacun place 13 ÷ "
      + "joueurs prétendants (arrondi en dessous). Les cartes Vote jouées sont publiques. Une "
      + "égalité partage la victoire. Les options sont les variantes de la règle.",
    ] },
  ],
};
