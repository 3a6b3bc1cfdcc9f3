"""Courtisans' rules (rulebook 002_a23471743eef09ef.txt; docs/rules/courtisans.md).

Areas: the Queen's table (a column per family, cards above or below; face-down
Spies in the Queen's column, on a side) and one domain per seat. A turn plays
the three cards of the hand, one to the Queen's table, one to the player's own
domain and one to an opponent's domain, in any order ("Your turn").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, ClassVar, NamedTuple

from courtly.core import (
    Action,
    Event,
    Result,
    State,
    game_over_event,
    opposite_teams,
    team_scores,
    winners_by_score,
)
from courtly.games.courtisans import missions as M
from courtly.games.courtisans.actions import (
    ABOVE,
    BELOW,
    DOMAIN,
    QUEEN,
    SIDES,
    Decline,
    Eliminate,
    Play,
    Take,
)
from courtly.games.courtisans.cards import (
    ASSASSIN,
    CONFIDANT,
    DECK_SIZE,
    DECK_SIZE_EXPANSION,
    DIPLOMAT,
    FAMILIES,
    GUARD,
    HAND_SIZE,
    MISSION_POINTS,
    SPY,
    Card,
    full_deck,
)

# The three areas of a turn ("one card per area"): keys of State.used.
A_QUEEN, A_OWN, A_OTHER = "queen", "own", "other"
#: The power each role's card brings ("The roles").
_POWERS = {ASSASSIN: "eliminate", DIPLOMAT: "take"}


class Spy(NamedTuple):
    """A face-down Spy: its family, and the seat that placed it (who alone knows it)."""

    family: str
    placer: int


class Pending(NamedTuple):
    """A power waiting for its player's choice: 'eliminate' or 'take'."""

    power: str
    area: str
    owner: int | None
    card: Card
    side: str | None


class CourtisansState(State):
    """A position of Courtisans."""

    #: What a player may take back (State.undo): a card placed, a power used on
    #: a face-up card or declined, until the turn's draw (or the end's reveal)
    #: shows something new. Our decision: the rulebook has no undo.
    UNDOABLE: ClassVar[dict[str, frozenset[str]]] = {
        kind: frozenset({kind}) for kind in ("play", "decline", "eliminate", "take")}
    #: What the rules do after a turn's last card or power: the hand drawn
    #: back up to three cards, the Missions revealed at the end ("How to play").
    FOLLOWING: ClassVar[frozenset[str]] = frozenset({"draw", "reveal", "game_over"})

    # ----- set-up -------------------------------------------------------
    def setup(self) -> None:
        """Shuffle, remove cards unseen, deal 3 cards and two Missions each
        (rulebook "How to set up"; removal table in SOURCES.md)."""
        n = self.num_players
        expansion = self.options["expansion"]
        deck = full_deck(expansion)
        self.rng.shuffle(deck)
        size = (DECK_SIZE_EXPANSION if expansion else DECK_SIZE)[n]
        self.removed: list[Card] = deck[size:]
        self.deck: list[Card] = deck[:size]
        self.hands: list[list[Card]] = [[self.deck.pop() for _ in range(HAND_SIZE)]
                                        for _ in range(n)]
        whites, blues = list(M.WHITE), list(M.BLUE)
        self.rng.shuffle(whites)
        self.rng.shuffle(blues)
        self.missions: list[tuple[str, str]] = [(whites.pop(), blues.pop()) for _ in range(n)]
        self.spare_missions: list[str] = whites + blues
        self.queen: dict[str, Counter[Card]] = {ABOVE: Counter(), BELOW: Counter()}
        self.queen_spies: dict[str, list[Spy]] = {ABOVE: [], BELOW: []}
        self.domains: list[Counter[Card]] = [Counter() for _ in range(n)]
        self.domain_spies: list[list[Spy]] = [[] for _ in range(n)]
        # Team mode (expansion): partners sit opposite, so play alternates teams
        # (our decision, docs/rules/courtisans.md: 0+2 and 1+3; 0+3, 1+4 and 2+5).
        self.teams = opposite_teams(n) if self.options["teams"] else None
        self.current = 0
        self.used: set[str] = set()
        self.follow_up: tuple[str, int | None] | None = None
        self.pending: Pending | None = None
        self.over = False

    # ----- whose turn, what is legal -------------------------------------
    def _phase_name(self) -> str:
        """"play", or the power of the card being resolved."""
        return self.pending.power if self.pending else "play"

    def _to_act(self) -> tuple[int, ...]:
        return (self.current,)

    def _is_over(self) -> bool:
        return self.over

    def opponents(self, seat: int) -> list[int]:
        """Seats whose domain may receive ``seat``'s third card: everyone else,
        or in team mode everyone outside the team."""
        if self.teams is None:
            return [s for s in range(self.num_players) if s != seat]
        mates = next(t for t in self.teams if seat in t)
        return [s for s in range(self.num_players) if s not in mates]

    def _area_class(self, seat: int, area: str, owner: int | None) -> str:
        if area == QUEEN:
            return A_QUEEN
        return A_OWN if owner == seat else A_OTHER

    def _open_areas(self, seat: int) -> Iterator[tuple[str, str | None, int | None]]:
        """(area, side, owner) where the next card may go: areas not used this
        turn, plus the Confidant's area right after a Confidant."""
        follow = self.follow_up
        if A_QUEEN not in self.used or (follow is not None and follow[0] == QUEEN):
            for side in SIDES:
                yield QUEEN, side, None
        if A_OWN not in self.used or follow == (DOMAIN, seat):
            yield DOMAIN, None, seat
        for other in self.opponents(seat):
            if A_OTHER not in self.used or follow == (DOMAIN, other):
                yield DOMAIN, None, other

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.pending is not None:
            return [DECLINE, *self._targets(self.pending)]
        cards = sorted(set(self.hands[seat]))
        areas = list(self._open_areas(seat))
        return [_play(c.family, c.role, area, side, owner)
                for c in cards for area, side, owner in areas]

    def _targets(self, p: Pending) -> list[Action]:
        """Every other card of the area that the power may reach: any card but
        a Guard, face-down Spies included ("The roles"; expansion paragraph)."""
        make = Eliminate if p.power == "eliminate" else Take
        out: list[Action] = []
        for side, cards, spies in self._spots(p.area, p.owner):
            for card in sorted(cards):
                left = cards[card] - (card == p.card and side == p.side)
                if card.role != GUARD and left > 0:
                    out.append(_aimed(make, side, card.family, card.role, None))
            out.extend(_aimed(make, side, None, None, k) for k in range(len(spies)))
        return out

    def _spots(self, area: str, owner: int | None
               ) -> list[tuple[str | None, Counter[Card], list[Spy]]]:
        if area == QUEEN:
            return [(s, self.queen[s], self.queen_spies[s]) for s in SIDES]
        assert owner is not None
        return [(None, self.domains[owner], self.domain_spies[owner])]

    def _spot(self, area: str, side: str | None, owner: int | None
              ) -> tuple[Counter[Card], list[Spy]]:
        """The face-up cards and the face-down Spies of one spot: a side of the
        Queen's table or a domain. An action's validate() guarantees the shape
        (a side at the Queen's table, an owner in a domain)."""
        if area == QUEEN:
            assert side is not None
            return self.queen[side], self.queen_spies[side]
        assert owner is not None
        return self.domains[owner], self.domain_spies[owner]

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if self.pending is not None:
            verb = "eliminate" if self.pending.power == "eliminate" else "take"
            return f"choose a card to {verb} (or decline) first: {action.describe()} is not allowed"
        if isinstance(action, Play):
            if (action.family, action.role) not in self.hands[seat]:
                return f"you have no {action.role} of {action.family} in hand"
            return (f"{action.describe()}: that area is not open (one card per area "
                    "each turn: the Queen's table, your domain, an opponent's domain)")
        return f"{action.describe()}: there is no power to use now"

    def _undoable(self, seat: int, action: Action, events: list[Event]) -> bool:
        # A face-down Spy eliminated or taken: the taker may now read it, and
        # it is gone from where the others knew it.
        if isinstance(action, Eliminate | Take) and action.spy is not None:
            return False
        return super()._undoable(seat, action, events)

    # ----- applying actions -------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            events = self._play(seat, action)
        elif isinstance(action, Decline):
            self.pending = None
            events = [Event("decline", f"Seat {seat} declines the card's power", {"seat": seat})]
        else:
            assert isinstance(action, (Eliminate, Take)) and self.pending is not None
            events = [self._use_power(seat, self.pending, action)]
            self.pending = None
        if self.pending is None and not self.hands[seat]:
            events += self._end_turn(seat)
        return events

    def _play(self, seat: int, a: Play) -> list[Event]:
        card = Card(a.family, a.role)
        self.hands[seat].remove(card)
        self.used.add(self._area_class(seat, a.area, a.owner))
        self.follow_up = (a.area, a.owner) if a.role == CONFIDANT else None
        cards, spies = self._spot(a.area, a.side, a.owner)
        if a.role == SPY:
            spies.append(Spy(a.family, seat))
        else:
            cards[card] = cards.get(card, 0) + 1  # a Counter's += calls __missing__
        power = _POWERS.get(a.role)
        if power == "take" and (a.area, a.owner) == (DOMAIN, seat):
            power = None  # a Diplomat acts at the Queen's table or in an opponent's domain
        if power is not None:
            pending = Pending(power, a.area, a.owner, card, a.side)
            if self._targets(pending):
                self.pending = pending
        return [self._play_event(seat, a)]

    def _play_event(self, seat: int, a: Play) -> Event:
        if a.role != SPY:
            return Event("play", f"Seat {seat}: {a.placement()}",
                         {"seat": seat, "area": a.area, "side": a.side, "owner": a.owner,
                          "role": a.role, "family": a.family})
        data = {"seat": seat, "area": a.area, "side": a.side, "owner": a.owner, "role": a.role}
        where = f"{a.side} the Queen" if a.area == QUEEN else f"in Seat {a.owner}'s domain"
        public = Event("play", f"Seat {seat}: a Spy face down {where}", data | {"family": None})
        return Event("play", f"Seat {seat}: {a.placement()}", data | {"family": a.family},
                     audience=frozenset({seat}), redacted=public)

    def _use_power(self, seat: int, p: Pending, a: Eliminate | Take) -> Event:
        cards, spies = self._spot(p.area, a.side, p.owner)
        if a.spy is not None:
            taken = spies.pop(a.spy)
            if isinstance(a, Take):
                self.domain_spies[seat].append(taken)
        else:
            assert a.family is not None and a.role is not None  # _Targeted.validate: a card
            card = Card(a.family, a.role)
            cards[card] -= 1
            if not cards[card]:
                del cards[card]
            if isinstance(a, Take):
                self.domains[seat][card] += 1
        data = {"seat": seat, "area": p.area, "owner": p.owner, "side": a.side,
                "family": a.family, "role": a.role, "spy": a.spy}
        where = "" if p.area == QUEEN else f" from Seat {p.owner}'s domain"
        return Event(a.kind, f"Seat {seat}: {a.describe()}{where}", data)

    def _end_turn(self, seat: int) -> list[Event]:
        """Draw three cards, unless the deck is empty; then the next seat plays
        ("Your turn", "The end of the game")."""
        self.used.clear()
        self.follow_up = None
        events = []
        if self.deck:
            drawn = [self.deck.pop() for _ in range(HAND_SIZE)]
            self.hands[seat].extend(drawn)
            names = ", ".join(c.name() for c in drawn)
            public = Event("draw", f"Seat {seat} draws {HAND_SIZE} cards", {"seat": seat})
            events.append(Event("draw", f"Seat {seat} draws {names}",
                                {"seat": seat, "cards": [c.to_json() for c in drawn]},
                                audience=frozenset({seat}), redacted=public))
        self.current = (seat + 1) % self.num_players
        if not any(self.hands):
            events += self._finish()
        return events

    def _finish(self) -> list[Event]:
        """Reveal the Spies; those at the Queen's table move to their family's
        column on the same side ("The end of the game"). Then score."""
        revealed = {side: [s.family for s in self.queen_spies[side]] for side in SIDES}
        for side in SIDES:
            for spy in self.queen_spies[side]:
                self.queen[side][Card(spy.family, SPY)] += 1
            self.queen_spies[side] = []
        in_domains = [[s.family for s in spies] for spies in self.domain_spies]
        for seat, spies in enumerate(self.domain_spies):
            for spy in spies:
                self.domains[seat][Card(spy.family, SPY)] += 1
            self.domain_spies[seat] = []
        self.over = True
        result = self._result()
        return [
            Event("reveal", "The Spies are revealed",
                  {"queen": revealed, "domains": in_domains}),
            game_over_event(result),
        ]

    # ----- scoring ----------------------------------------------------------
    def queen_weights(self) -> dict[str, dict[str, int]]:
        """Each family's face-up cards above and below the Queen's table, a
        Noble counting as two ("The Queen's table"); face-down Spies do not
        count until revealed."""
        out = {family: dict.fromkeys(SIDES, 0) for family in FAMILIES}
        for side in SIDES:
            for card, n in self.queen[side].items():
                out[card.family][side] += n * card.weight
        return out

    def statuses(self, weights: Mapping[str, Mapping[str, int]] | None = None
                 ) -> dict[str, str]:
        """Each family's standing: esteemed with more weight above the Queen's
        table than below, disgraced with more below, else neutral ("The
        Queen's table"). ``weights``: :meth:`queen_weights` if already at hand."""
        return {family: (M.ESTEEMED if w[ABOVE] > w[BELOW]
                         else M.DISGRACED if w[BELOW] > w[ABOVE] else M.NEUTRAL)
                for family, w in (weights or self.queen_weights()).items()}

    def seat_scores(self) -> list[dict[str, Any]]:
        """Each seat's breakdown: points from esteemed and disgraced families,
        and each Mission fulfilled or not ("Scoring")."""
        statuses = self.statuses()
        out = []
        for seat, domain in enumerate(self.domains):
            plus = sum(n * c.weight for c, n in domain.items()
                       if statuses[c.family] == M.ESTEEMED)
            minus = sum(n * c.weight for c, n in domain.items()
                        if statuses[c.family] == M.DISGRACED)
            done = {mid: M.fulfilled(M.MISSIONS[mid], seat, self.domains, statuses)
                    for mid in self.missions[seat]}
            total = plus - minus + MISSION_POINTS * sum(done.values())
            out.append({"esteemed": plus, "disgraced": minus, "missions": done, "total": total})
        return out

    def _result(self) -> Result:
        # "each team keeps the lower score of its two players"
        totals = team_scores([float(s["total"]) for s in self.seat_scores()], self.teams)
        return Result(tuple(totals), winners_by_score(totals))

    # ----- views ------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        def spies_json(spies: list[Spy]) -> list[str | None]:
            return [s.family if s.placer == seat else None for s in spies]

        weights = self.queen_weights()
        view: dict[str, Any] = {
            "current": self.current,
            "turn": {"used": sorted(self.used),
                     "follow_up": list(self.follow_up) if self.follow_up else None},
            "pending": None if self.pending is None else {
                "power": self.pending.power, "area": self.pending.area,
                "owner": self.pending.owner, "side": self.pending.side,
                "card": self.pending.card.to_json()},
            "deck_size": len(self.deck),
            "removed": len(self.removed),
            "hand_sizes": [len(h) for h in self.hands],
            "queen": {side: _cards_json(self.queen[side]) for side in SIDES},
            "queen_spies": {side: spies_json(self.queen_spies[side]) for side in SIDES},
            # who placed each face-down Spy: public, every play event names its player
            "queen_spy_placers": {side: [s.placer for s in self.queen_spies[side]]
                                  for side in SIDES},
            "domains": [{"cards": _cards_json(d), "spies": spies_json(s),
                         "spy_placers": [spy.placer for spy in s]}
                        for d, s in zip(self.domains, self.domain_spies, strict=True)],
            "hand": None,
            "missions": None,
            # derived from the Queen's table as everyone sees it, so that no
            # client recomputes the rules
            "queen_weights": weights,
            "statuses": self.statuses(weights),
        }
        if seat is not None:
            view["hand"] = [c.to_json() for c in sorted(self.hands[seat])]
            view["missions"] = [M.MISSIONS[m].to_json() for m in self.missions[seat]]
        if self.over:
            view["final"] = self._final_json()
        return view

    def _final_json(self) -> dict[str, Any]:
        result = self._result()
        return {
            "statuses": self.statuses(),
            "seats": [
                {**s, "missions": [dict(M.MISSIONS[m].to_json(), fulfilled=ok)
                                   for m, ok in s["missions"].items()]}
                for s in self.seat_scores()
            ],
            "scores": list(result.scores),
            "winners": list(result.winners),
        }

    # ----- hidden information ----------------------------------------------
    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Redeal every card and Mission ``seat`` cannot see: other hands, the
        deck, the removed cards, the families of Spies it did not place, and
        other seats' Missions (by colour) until the end reveals them."""
        others = [s for s in range(self.num_players) if s != seat]
        unknown_spies = [(spies, i) for spies in self._all_spy_lists()
                         for i, s in enumerate(spies) if s.placer != seat]
        pool = [c for s in others for c in self.hands[s]] + self.deck + self.removed
        pool += [Card(spies[i].family, SPY) for spies, i in unknown_spies]
        # Sorted first, so the guess depends only on what ``seat`` knows.
        pool.sort()
        rng.shuffle(pool)
        spy_cards = [c for c in pool if c.role == SPY][: len(unknown_spies)]
        for card, (spies, i) in zip(spy_cards, unknown_spies, strict=True):
            spies[i] = Spy(card.family, spies[i].placer)
            pool.remove(card)
        for s in others:
            self.hands[s] = [pool.pop() for _ in self.hands[s]]
        self.deck = [pool.pop() for _ in self.deck]
        self.removed = pool
        if not self.over:
            self._resample_missions(others, rng)

    def _resample_missions(self, others: list[int], rng: random.Random) -> None:
        whites = sorted([self.missions[s][0] for s in others] + [
            m for m in self.spare_missions if m in M.WHITE])
        blues = sorted([self.missions[s][1] for s in others] + [
            m for m in self.spare_missions if m in M.BLUE])
        rng.shuffle(whites)
        rng.shuffle(blues)
        for s in others:
            self.missions[s] = (whites.pop(), blues.pop())
        self.spare_missions = whites + blues

    def _all_spy_lists(self) -> list[list[Spy]]:
        return [self.queen_spies[ABOVE], self.queen_spies[BELOW], *self.domain_spies]

    # ----- copies and comparison ---------------------------------------------
    def clone(self) -> CourtisansState:
        """A fast independent copy (the generic deepcopy is several times slower)."""
        other = self._shallow_copy()
        other.removed = list(self.removed)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.missions = list(self.missions)
        other.spare_missions = list(self.spare_missions)
        other.queen = {s: Counter(c) for s, c in self.queen.items()}
        other.queen_spies = {s: list(v) for s, v in self.queen_spies.items()}
        other.domains = [Counter(d) for d in self.domains]
        other.domain_spies = [list(s) for s in self.domain_spies]
        other.used = set(self.used)
        return other

    def _snapshot(self) -> Any:
        return (
            self.hands, self.deck, self.removed, self.missions, self.spare_missions,
            {s: sorted(c.items()) for s, c in self.queen.items()}, self.queen_spies,
            [sorted(d.items()) for d in self.domains], self.domain_spies,
            self.current, sorted(self.used), self.follow_up, self.pending, self.over,
        )


@cache
def _play(family: str, role: str, area: str, side: str | None, owner: int | None) -> Play:
    """Actions are immutable values: one instance each keeps the hot path free
    of dataclass construction."""
    return Play(family, role, area, side, owner)


@cache
def _aimed(make: type[Eliminate | Take], side: str | None, family: str | None,
           role: str | None, spy: int | None) -> Eliminate | Take:
    """Likewise for the powers' targets."""
    return make(side, family, role, spy)


#: Declining a power: one instance, like the rest of the menu.
DECLINE = Decline()


def _cards_json(cards: Mapping[Card, int]) -> dict[str, dict[str, int]]:
    """{family: {role: count}} for the face-up cards of one spot."""
    out: dict[str, dict[str, int]] = {}
    for card, n in sorted(cards.items()):
        if n:
            out.setdefault(card.family, {})[card.role] = n
    return out
