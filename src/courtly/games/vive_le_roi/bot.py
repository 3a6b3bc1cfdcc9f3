"""Vive le Roi !'s heuristic policy: the rulebook's strategy advice as arithmetic.

``choose(view, legal, rng)`` reads only the seat's view and its legal actions
(courtly.bots finds it through ``game.companions``). From the view it
builds a small numeric picture of the round (:class:`Court`) and scores every
legal action by the position it leads to:

- a seat's expected points this round: each favourite's floor value, plus,
  for each character still on the way up, its chance to be crowned (more
  likely the higher it stands and the fewer players are expected to refuse
  it) times what that crowning would change: 10 for a favourite on the
  throne, every sign inverted for the Jester ("Vote": Oui; "Le Bouffon").
  Favourites are one's own counting ones (five with "Le Banni"); a rival's
  hidden card is guessed from the Favoris cards one does not see, so each
  pretender is that rival's favourite with the share of the unseen cards
  that carry it;
- the value of a position is the seat's own expectation minus the rivals'
  average: one wins by beating them, not by scoring alone. So a character
  counts by how much more likely it is the seat's favourite than a rival's,
  and lifting the Jester pays when the seat's favourites stand lower than
  the rivals' ("Faire le Bouffon ?": "si vos Favoris sont placés bas");
  in team royalty the seat counts its own card, the only one it sees;
- a move is worth the position it leads to; a move onto the throne is worth
  the vote it calls;
- the vote is simultaneous, so every card is weighed against a guess of the
  others' cards: an Emissary's by its public fixed policy, a hidden player's
  by how likely the candidate is one of its favourites ("Discuter ?": one may
  ask what vote cards are left, and the view shows them). A No refuses a
  character that would give the rivals more than the seat; a No or a
  Stomach-ache spent costs a little, as it can no longer be used this round
  ("Economiser ?" warns against hoarding them); a Stomach-ache sends back to
  floor 5 a favourite the others are likely to refuse ("En hauteur ?":
  "utiliser votre MaV pour forcer une double tentative de couronnement d'un
  de vos Favoris"; "Faire le Bouffon ?": "gardez bien votre MaV pour
  pouvoir contrer un premier Refus");
- placement puts one's favourites on the highest floor with room when other
  players probably share them and on the lowest otherwise ("En hauteur ?",
  "Tout en bas ?"), and the others' likely favourites low;
- an Ambition card is chosen by its expected gain, measured over self-play.

Ties are broken with ``rng``, so the choice is deterministic for a given
``rng`` state, and it depends on nothing the seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import Action
from courtly.games.vive_le_roi import castle, emissary
from courtly.games.vive_le_roi.actions import ChooseAmbition, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITIONS, Ambition, Table
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    FAVORIS,
    JESTER,
    JESTER_FLOOR,
    NO,
    STOMACH,
    THRONE_VALUE,
    YES,
    no_cards,
)
from courtly.games.vive_le_roi.scoring import score_round

#: A character's odds of being the next king grow by this factor a floor.
CLIMB_ODDS = 2.2
#: A character in a WC is stuck until its floor has room: its odds are cut so.
WC_ODDS = 0.5
#: The floor a character not yet placed is expected to reach ("Placement").
UNPLACED_LEVEL = 1.5
#: The chance a hidden player refuses a candidate that is not its favourite
#: while it still holds a No or a Stomach-ache ("Economiser ?": most do not
#: save their refusals for long).
REFUSAL_RATE = 0.75
#: Among a hidden player's refusals, the share cast as a Stomach-ache while it
#: still holds a No ("gardez bien votre MaV pour pouvoir contrer un premier Refus").
STOMACH_SHARE = 0.1
#: The points a vote card left in hand is worth for the rest of the round.
CARD_VALUE: Mapping[str, float] = {NO: 0.4, STOMACH: 1.0, YES: 0.0}
#: How much the rivals' average expectation weighs against the seat's own.
RIVAL_WEIGHT = 1.0
#: Placement ("En hauteur ?"): a favourite goes high when another player
#: probably shares it, with at least this chance, and low otherwise.
SHARED = 0.5
#: Placement: the points a floor of that rule is worth beside the position's value.
PLACEMENT_STEER = 2.0
#: Expected gain of each Ambition card (points, protections included) at the
#: end of a round, measured over 200 self-play games of this heuristic with
#: "L'Ambition" at 2-6 players, 40 each (about 300 deals of each card); used to
#: choose between the two cards dealt.
AMBITION_GAIN: Mapping[str, float] = {
    "A01": 2.0, "A02": 0.4, "A03": 1.6, "A04": 1.3, "A05": 0.8, "A06": 0.2,
    "A07": 0.2, "A08": 1.2, "A09": 2.4, "A10": 0.2, "A11": 0.5, "A12": 0.4,
    "A13": 2.3, "A14": 1.0, "A15": 2.4, "A16": 2.9,
}

#: How ISMCTS searches this game where its spec leaves it to the game
#: (courtly.bots.ismcts, docs/bots.md): the rivals modelled as playing this
#: heuristic, sequential halving at the root, and 150 iterations (about a
#: second a decision here, each iteration playing a round of turns). Against
#: three heuristic bots this search won 60.0% of 40 games where the plain
#: search won 28.7%; against three random bots, 90.0% (75.0%)
#: (benchmarks/README.md).
SEARCH: Mapping[str, object] = {"opponents": "heuristic", "root": "halving", "iterations": 150,
                                "temperature": 2.0}

Where = dict[str, str]
Weights = Mapping[str, float]


class Court:
    """What one seat knows of the round, as numbers it can score positions with."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: int = view["seat"]
        self.n: int = view["num_players"]
        self.positions: int = len(view["players"])
        self.options: Mapping[str, Any] = view["options"]
        self.where: Where = _locations(view["castle"])
        self.hands: list[dict[str, int]] = [dict(h) for h in view["hands"]]
        teams = view.get("teams")
        self.mates: list[int] = next((list(t) for t in teams if self.me in t), [self.me]) \
            if teams else [self.me]
        holders = len(teams) if teams else self.positions
        self.start: dict[str, int] = {YES: 1, STOMACH: 1, NO: no_cards(holders)}
        self.rivals: list[int] = [p for p in range(self.positions) if p not in self.mates]
        self.emissaries: list[int] = list(range(self.n, self.positions))
        banished = bool(self.options.get("banished"))
        cards = view["favoris"]
        self.cards: list[tuple[str, ...] | None] = [
            None if c is None else _counting(c, banished) for c in cards]
        self.mine: tuple[str, ...] = self.cards[self.me] or ()
        self.weights: list[dict[str, float]] = _guess_weights(cards, banished)
        self.ambition: Ambition | None = _my_ambition(view, self.me)
        wedding = bool(self.options.get("royal_wedding"))
        self.crownings_left: int = max(1, (2 if wedding else 1) - len(view["crowned"]))
        vote = view.get("vote")
        #: The seats voting now (empty outside a vote: then one a rival team).
        self.vote_seats: list[int] = list(vote["voters"]) if vote else []
        #: The value of each vote card in the vote now, once worked out.
        self.votes: dict[str, float] | None = None
        self.acceptance: dict[str, float] = {
            c: self._acceptance(c) for c in CHARACTERS}

    # ----- the others' votes -----------------------------------------------
    def _acceptance(self, character: str) -> float:
        """The chance that every other voter lets ``character`` be crowned."""
        chance = 1.0
        for p in self._other_voters():
            chance *= 1.0 - self.refusal(p, character)
        return chance

    def _other_voters(self) -> list[int]:
        """Who else votes: one player a rival team, and every Emissary."""
        seats = [p for p in self.rivals if p < self.n]
        if self.options.get("teams"):
            seats = [p for p in seats if p < self.n // 2]  # one voter a team
        return seats + self.emissaries

    def refusal(self, pos: int, character: str) -> float:
        """The chance ``pos`` refuses ``character`` (a No or a Stomach-ache)
        while it holds one: REFUSAL_RATE times the chance that ``character``
        is not among its favourites."""
        hand = self.hands[pos]
        if not hand[NO] and not hand[STOMACH]:
            return 0.0
        return (1.0 - self.weights[pos].get(character, 0.0)) * REFUSAL_RATE

    def other_votes(self, candidate: str) -> tuple[float, float]:
        """(P every other voter says Yes, P some other voter plays a Stomach-ache)
        for ``candidate`` on the throne now (votes are simultaneous: a guess)."""
        all_yes, no_stomach = 1.0, 1.0
        where = dict(self.where)
        where[candidate] = castle.THRONE
        for p in self._voters_now():
            if p in self.emissaries:
                card = emissary.vote(where, candidate, self.cards[p] or (), self.hands[p])
                yes, stomach = float(card == YES), float(card == STOMACH)
            else:
                refuse = self.refusal(p, candidate)
                yes = 1.0 - refuse
                hand = self.hands[p]
                stomach = refuse * (STOMACH_SHARE if hand[NO] else 1.0) if hand[STOMACH] else 0.0
            all_yes *= yes
            no_stomach *= 1.0 - stomach
        return all_yes, 1.0 - no_stomach

    def _voters_now(self) -> list[int]:
        voting = self.vote_seats or [p for p in self._other_voters() if p < self.n]
        return [p for p in voting if p not in self.mates] + self.emissaries

    # ----- expectations -------------------------------------------------------
    def king_odds(self, where: Mapping[str, str]) -> dict[str, float]:
        """Each character's chance to be the next king: growing with its floor,
        weighed by the others' acceptance; a character in a dungeon, in the
        box or beside the throne has none."""
        raw: dict[str, float] = {}
        for c in CHARACTERS:
            lvl = _level(where[c])
            if lvl is None:
                continue
            odds = CLIMB_ODDS ** lvl * (0.1 + self.acceptance[c])
            raw[c] = odds * WC_ODDS if where[c][0] == "W" else odds
        total = sum(raw.values()) or 1.0
        return {c: v / total for c, v in raw.items()}

    def expected(self, where: Mapping[str, str], weights: Weights,
                 odds: Mapping[str, float]) -> float:
        """Expected points of a player whose favourites have ``weights``
        (1 for a known favourite, a chance for a guessed one) at the next
        crowning: floor values, 10 for a crowned favourite, all inverted when
        the Jester is crowned ("Vote": Oui, "Le Bouffon")."""
        base = sum(w * _value(where[c]) for c, w in weights.items())
        crown = sum(p * weights.get(c, 0.0) * (THRONE_VALUE - _value(where[c]))
                    for c, p in odds.items() if c != JESTER)
        return (1.0 - 2.0 * odds.get(JESTER, 0.0)) * base + crown

    def my_expected(self, where: Mapping[str, str], hand: Mapping[str, int],
                    odds: Mapping[str, float]) -> float:
        """The seat's own expectation, with its Ambition card's reward or
        protection where it would apply ("L'Ambition")."""
        plain = self.expected(where, dict.fromkeys(self.mine, 1.0), odds)
        if self.ambition is None:
            return plain
        return plain + sum(p * self._ambition_gain(where, king, hand)
                           for king, p in odds.items() if p > 0.02)

    def _ambition_gain(self, where: Mapping[str, str], king: str | None,
                       hand: Mapping[str, int]) -> float:
        """What the seat's Ambition adds to its score if ``king`` is crowned now."""
        table = Table(where, king, hand, self.start)
        return float(score_round(self.mine, table, self.ambition)["total"]
                     - score_round(self.mine, table)["total"])

    def value(self, where: Mapping[str, str], hand: Mapping[str, int]) -> float:
        """The seat's expectation minus the rivals' average, plus what its
        vote cards are still worth; with further crownings to come this round
        ("Le mariage royal") each counts."""
        odds = self.king_odds(where)
        mine = self.my_expected(where, hand, odds)
        rivals = [self.expected(where, self.weights[p], odds) for p in self.rivals]
        rival = sum(rivals) / len(rivals) if rivals else 0.0
        return self.crownings_left * (mine - RIVAL_WEIGHT * rival) + _cards(hand)

    def crown_value(self, where: Mapping[str, str], king: str, hand: Mapping[str, int]) -> float:
        """The value of crowning ``king`` now: the scores it gives (exact for
        the seat), then, with a second crowning to come, the rest of the round."""
        crowned = dict(where)
        crowned[king] = castle.THRONE
        final = self.crownings_left == 1
        table = Table(crowned, king, hand, self.start)
        mine = float(score_round(self.mine, table, self.ambition if final else None)["total"])
        rivals = [self.scored(crowned, king, self.weights[p]) for p in self.rivals]
        rival = sum(rivals) / len(rivals) if rivals else 0.0
        now = mine - RIVAL_WEIGHT * rival
        if final:
            return now + _cards(hand)
        crowned[king] = castle.CONSORT
        return now + self.next_crowning().value(crowned, hand)

    def next_crowning(self) -> Court:
        """This picture with one crowning fewer left ("Le mariage royal")."""
        rest = Court.__new__(Court)
        rest.__dict__.update(self.__dict__)
        rest.crownings_left = self.crownings_left - 1
        return rest

    def scored(self, where: Mapping[str, str], king: str, weights: Weights) -> float:
        """A guessed player's points if ``king`` is crowned in ``where``."""
        sign = -1.0 if king == JESTER else 1.0
        return sum(w * sign * _value(where[c]) for c, w in weights.items())

    # ----- the vote ---------------------------------------------------------------
    def vote_values(self, candidate: str) -> dict[str, float]:
        """The expected value of each vote card the seat holds, against the
        guessed cards of the others: a Stomach-ache sends the candidate back to
        floor 5, else a No sends it to the next dungeon (the Jester back to
        floor 3), else it is crowned ("Vote")."""
        hand = self.hands[self.me]
        all_yes, stomach = self.other_votes(candidate)
        outcomes = {card: self._outcome(candidate, card, hand)
                    for card in (YES, NO, STOMACH) if hand[card]}
        values: dict[str, float] = {}
        if hand[YES]:
            crowned, refused, back = outcomes[YES]
            values[YES] = all_yes * crowned + stomach * back \
                + (1.0 - all_yes - stomach) * refused
        if hand[NO]:
            _, refused, back = outcomes[NO]
            values[NO] = stomach * back + (1.0 - stomach) * refused
        if hand[STOMACH]:
            values[STOMACH] = outcomes[STOMACH][2]
        return values

    def _outcome(self, candidate: str, card: str,
                 hand: Mapping[str, int]) -> tuple[float, float, float]:
        """(crowned, refused, sent back to floor 5) values after casting ``card``."""
        after = dict(hand)
        if card != YES:
            after[card] -= 1
        refused, back = dict(self.where), dict(self.where)
        refused[candidate] = _refused_to(self.where, candidate)
        back[candidate] = castle.floor(5)
        return (self.crown_value(self.where, candidate, after),
                self.value(refused, after), self.value(back, after))

    def throne_value(self, candidate: str, where: Where) -> float:
        """The value of sending ``candidate`` to the throne: the vote that
        follows, with the seat's own best card."""
        saved = self.where
        self.where = where
        try:
            return max(self.vote_values(candidate).values())
        finally:
            self.where = saved

    def shared(self, character: str) -> float:
        """The chance some rival also counts ``character`` among its favourites."""
        alone = 1.0
        for p in self.rivals:
            alone *= 1.0 - self.weights[p].get(character, 0.0)
        return 1.0 - alone


# ----- reading the view ---------------------------------------------------------------
def _locations(castle_json: Mapping[str, Any]) -> Where:
    """Every character's location (castle.py's short strings) from the view."""
    where: Where = {}
    for f, people in enumerate(castle_json["floors"]):
        for c in people:
            where[c] = castle.floor(f)
    for key, prefix in (("wc", "W"), ("dungeons", "D")):
        for f, c in castle_json[key].items():
            if c is not None:
                where[c] = f"{prefix}{f}"
    for c in castle_json["box"]:
        where[c] = castle.BOX
    for key, loc in (("throne", castle.THRONE), ("consort", castle.CONSORT)):
        if castle_json[key] is not None:
            where[castle_json[key]] = loc
    for c in castle_json["unplaced"]:
        where[c] = castle.OFF
    return where


def _counting(card: Mapping[str, Any], banished: bool) -> tuple[str, ...]:
    """The favourites of a Favoris card that count ("Le Banni": not the sealed one)."""
    return tuple(c for c in card["characters"] if not (banished and c == card["sealed"]))


def _guess_weights(cards: Sequence[Mapping[str, Any] | None],
                   banished: bool) -> list[dict[str, float]]:
    """Each position's favourites: 1 for a card it sees, otherwise the share of
    the Favoris cards it does not see that count each pretender."""
    seen = {c["id"] for c in cards if c is not None}
    unseen = [f for f in FAVORIS if f.id not in seen]
    guess: dict[str, float] = {}
    for f in unseen:
        for c in f.counting(banished):
            guess[c] = guess.get(c, 0.0) + 1.0 / len(unseen)
    return [dict(guess) if c is None else dict.fromkeys(_counting(c, banished), 1.0)
            for c in cards]


def _my_ambition(view: Mapping[str, Any], me: int) -> Ambition | None:
    ambitions = view.get("ambitions")
    chosen = ambitions[me]["chosen"] if ambitions else None
    return AMBITIONS[chosen] if chosen else None


def _level(loc: str) -> float | None:
    """How high a character still in the race stands (None: out of the race)."""
    if loc == castle.OFF:
        return UNPLACED_LEVEL
    if loc[0] in "FW" and len(loc) == 2:
        return float(loc[1])
    return None


def _value(loc: str) -> float:
    """A favourite's points at ``loc``; one not yet placed counts its expected floor."""
    return UNPLACED_LEVEL if loc == castle.OFF else float(castle.value(loc))


def _cards(hand: Mapping[str, int]) -> float:
    """What the vote cards in hand are still worth: spending one costs its value
    ("Economiser ?": a modest price, so that refusals are not hoarded)."""
    return sum(CARD_VALUE[c] * k for c, k in hand.items())


def _refused_to(where: Mapping[str, str], candidate: str) -> str:
    """Where a refused candidate goes: the next dungeon, the Jester back to floor 3."""
    rest = {c: loc for c, loc in where.items() if c != candidate}
    rest[candidate] = castle.OFF
    if candidate == JESTER:
        return castle.nearest_free_floor(rest, JESTER_FLOOR)
    return castle.next_dungeon(rest)


# ----- estimating -----------------------------------------------------------------------
#: What an Ambition card not seen adds on average (the mean of AMBITION_GAIN).
AMBITION_PRIOR = sum(AMBITION_GAIN.values()) / len(AMBITION_GAIN)


def estimate(view: Mapping[str, Any]) -> list[float]:
    """Every seat's expected final score as the view's seat sees it (ISMCTS
    scores the leaves of its tree with it): the totals so far plus each
    position's expectation for the rest of this round (:func:`_round_gains`,
    or :func:`_vote_gains` while a vote is pending; later rounds are alike
    for everyone, so they add nothing to tell the seats apart), combined as
    the result combines totals (a team keeps its lower total; with Emissaries
    a seat's score is its margin over the best of them)."""
    if "final" in view:
        return [float(s) for s in view["final"]["scores"]]
    court = Court(view)
    vote = view.get("vote")
    gains = _vote_gains(court, vote) if vote else _round_gains(court, court.where)
    totals = [t + g for t, g in zip(view["scores"], gains, strict=True)]
    return _as_result(totals, court.n, view.get("teams"))


def _round_gains(court: Court, where: Mapping[str, str]) -> list[float]:
    """Each position's expected points from the crownings left this round,
    the castle as ``where`` (:meth:`Court.expected`; a rival's favourites
    guessed from the Favoris cards the seat does not see, its Ambition worth
    the mean gain), plus what its vote cards are still worth this round
    (CARD_VALUE: "Economiser ?")."""
    odds = court.king_odds(where)
    gains = []
    for pos in range(court.positions):
        hand = court.hands[pos]
        if pos == court.me:
            gain = court.crownings_left * court.my_expected(where, hand, odds)
        else:
            gain = court.crownings_left * court.expected(where, court.weights[pos], odds)
            gain += _ambition_prior(court, pos)
        gains.append(gain + _cards(hand))
    return gains


def _crowned_gains(court: Court, king: str) -> list[float]:
    """Each position's points if ``king`` is crowned now ("Vote": Oui), and
    with a second crowning to come ("Le mariage royal") its expectation too."""
    crowned = dict(court.where)
    crowned[king] = castle.THRONE
    final = court.crownings_left == 1
    table = Table(crowned, king, court.hands[court.me], court.start)
    gains = []
    for pos in range(court.positions):
        if pos == court.me:
            ambition = court.ambition if final else None
            gains.append(float(score_round(court.mine, table, ambition)["total"]))
        else:
            gain = court.scored(crowned, king, court.weights[pos])
            gains.append(gain + (_ambition_prior(court, pos) if final else 0.0))
    if final:
        return gains
    crowned[king] = castle.CONSORT
    rest = court.next_crowning()
    return [g + r for g, r in zip(gains, _round_gains(rest, crowned), strict=True)]


def _vote_gains(court: Court, vote: Mapping[str, Any]) -> list[float]:
    """("Vote") The pending vote's three outcomes weighed by the guessed cards:
    crowned when everyone says Yes, back to floor 5 on a Stomach-ache, to the
    next dungeon (the Jester to floor 3) on a No. The seat's own vote is
    guessed like a rival's, its favourites known."""
    candidate = vote["candidate"]
    all_yes, stomach = court.other_votes(candidate)
    if court.me in vote["voters"]:
        all_yes *= 1.0 - court.refusal(court.me, candidate)
    refused = max(0.0, 1.0 - all_yes - stomach)
    back, to_dungeon = dict(court.where), dict(court.where)
    back[candidate] = castle.floor(castle.TOP_FLOOR)
    to_dungeon[candidate] = _refused_to(court.where, candidate)
    outcomes = ((all_yes, _crowned_gains(court, candidate)),
                (stomach, _round_gains(court, back)),
                (refused, _round_gains(court, to_dungeon)))
    return [sum(p * gains[pos] for p, gains in outcomes) for pos in range(court.positions)]


def _ambition_prior(court: Court, pos: int) -> float:
    """What a player's unseen Ambition card is expected to add ("L'Ambition")."""
    return AMBITION_PRIOR if court.options.get("ambition") and pos < court.n else 0.0


def _as_result(totals: Sequence[float], n: int,
               teams: Sequence[Sequence[int]] | None) -> list[float]:
    """Per-position totals as the seats' scores ("Fin de partie"; the
    decisions on teams and Emissaries in docs/rules/vive_le_roi.md)."""
    scores = list(totals[:n])
    for team in teams or ():
        low = min(scores[s] for s in team)
        for s in team:
            scores[s] = low
    if len(totals) > n:
        best = max(totals[n:])
        scores = [s - best for s in scores]
    return scores


# ----- choosing ------------------------------------------------------------------------
def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's choice among ``legal``, from ``view`` alone."""
    if len(legal) == 1:
        return legal[0]
    court = Court(view)
    scored = [(_action_value(court, view, a), a) for a in legal]
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return top[rng.randrange(len(top))]


def _action_value(court: Court, view: Mapping[str, Any], action: Action) -> float:
    """What ``action`` is worth to the seat (higher is better)."""
    if isinstance(action, Vote):
        return _vote_values(court, view).get(action.card, float("-inf"))
    if isinstance(action, ChooseAmbition):
        return AMBITION_GAIN.get(action.card, 0.0)
    if isinstance(action, Place):
        return _place_value(court, action)
    return _move_value(court, action)


def _vote_values(court: Court, view: Mapping[str, Any]) -> dict[str, float]:
    """("Vote") Each card's expected value against the others' guessed cards,
    worked out once a decision."""
    if court.votes is None:
        court.votes = court.vote_values(view["vote"]["candidate"])
    return court.votes


def _move_value(court: Court, action: Action) -> float:
    """("Jeu", "WC") The value of the position the move leads to; a move onto
    the throne is worth the vote it calls."""
    character: str = action.character  # type: ignore[attr-defined]
    dest = castle.destination(court.where, action.kind, character)
    where = dict(court.where)
    where[character] = dest
    if dest == castle.THRONE:
        return court.throne_value(character, where)
    return court.value(where, court.hands[court.me])


def _place_value(court: Court, action: Place) -> float:
    """("Placement") The position's value, steered by the advice: a favourite
    that a rival probably shares goes high ("En hauteur ?": "si vous pensez que
    d'autres joueurs ont certains de vos Favoris"), one it probably does not,
    low ("Tout en bas ?": let the refusals fall on others while it climbs)."""
    where = dict(court.where)
    where[action.character] = castle.floor(action.floor)
    value = court.value(where, court.hands[court.me])
    if action.character in court.mine:
        high = court.shared(action.character) >= SHARED
        value += PLACEMENT_STEER * (action.floor if high else -action.floor)
    return value
