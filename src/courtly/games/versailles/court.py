"""The court's life as part of the state: standings, presentations, the
sovereigns' deaths and the accession (§7.1, §10), exile (§11), the Bastille
(§12), trials (§9.5) and wars (§9.3).
"""

from __future__ import annotations

import random

from courtly.core import Event
from courtly.games.versailles.cards import COUNTRIES, COUNTRY_NAMES, TYPE_OF
from courtly.games.versailles.courtier import (
    BASTILLE,
    COURT,
    DEAD,
    EXILE,
    WAITING,
    Courtier,
    clamp,
)

#: Cards a courtier loses to the King's House in exile or the Bastille
#: (§11, §12: offices and pensions; titles and the Maréchal dignity are kept).
LOST_AWAY = frozenset({"office", "pension"})
#: Cards discarded whenever their holder leaves the court (§11, §12, §10.4).
STATUS_KINDS = frozenset({"favourite", "lover"})


def d10_reroll_ten(rng: random.Random) -> int:
    """A d10 for the party, the Queen's origin and the presentation: 0 reads
    10 and is re-rolled (§6, §7.1; our decision A2), so 1-9."""
    while True:
        roll = rng.randint(1, 10)
        if roll != 10:
            return roll


def country_of(roll: int) -> str:
    """1-3 England, 4-6 Spain, 7-9 the Netherlands (§6)."""
    return COUNTRIES[(roll - 1) // 3]


class CourtRules:
    """Mixed into the state: its fields are set up by the state."""

    rng: random.Random
    num_players: int
    turn: int
    courtiers: list[Courtier]
    hands: list[list[str]]
    discard: list[str]
    house: list[str]
    ministry: list[str]
    wars: list[str]
    location: str
    king_alive: bool
    queen_alive: bool
    queen_origin: str | None
    regency: bool
    regency_turn: int | None
    secret_wife: int | None
    turn_cut: bool
    titles_paid: list[tuple[int, str]]

    # ----- standings ------------------------------------------------------------------
    def track(self, sovereign: str) -> str | None:
        """The scale a sovereign's standing is read on: in a regency the Regent
        (the Queen) hears everything (§10.1, our decision A38); None when that
        sovereign is dead."""
        if self.regency:
            return "queen" if self.queen_alive else None
        alive = self.king_alive if sovereign == "king" else self.queen_alive
        return sovereign if alive else None

    def standing(self, seat: int, sovereign: str) -> int | None:
        """A courtier's standing with a sovereign (the Regent for the King in a
        regency), or None off the scales."""
        which = self.track(sovereign)
        c = self.courtiers[seat]
        if which is None or c.place != COURT:
            return None
        return c.king if which == "king" else c.queen

    def shift(self, seat: int, sovereign: str, delta: int) -> list[Event]:
        """Move a silhouette by ``delta`` on a sovereign's scale, clamped (A4)."""
        which = self.track(sovereign)
        c = self.courtiers[seat]
        if which is None or not c.at_court or delta == 0:
            return []
        before = c.king if which == "king" else c.queen
        assert before is not None
        after = clamp(before + delta)
        if which == "king":
            c.king = after
        else:
            c.queen = after
        return [Event("standing", f"Seat {seat}: standing with the {which.capitalize()} "
                                  f"{before} -> {after}",
                      {"seat": seat, "sovereign": which, "before": before, "after": after})]

    def of_queens_party(self, seat: int) -> bool:
        """"Being of the Queen's party" (§5): there must be a Queen."""
        return self.queen_alive and self.courtiers[seat].party == self.queen_origin

    def favourite(self) -> int | None:
        """The seat whose courtier holds a Favourite card (§9.4)."""
        return next((s for s, c in enumerate(self.courtiers) if c.holds("favourite")), None)

    def lover(self) -> int | None:
        """The seat whose courtier holds a Lover of the Queen card (§9.4)."""
        return next((s for s, c in enumerate(self.courtiers) if c.holds("lover")), None)

    # ----- presentation (§7.1) ----------------------------------------------------------
    def present(self, seat: int) -> list[Event]:
        """Roll the dice of each living sovereign (the Regent's only, in a
        regency; A3); +2 with the Queen for her party; at most 9."""
        c = self.courtiers[seat]
        c.place = COURT
        c.king = c.queen = None
        if self.king_alive and not self.regency:
            c.king = d10_reroll_ten(self.rng)
        if self.queen_alive:
            c.queen = min(9, d10_reroll_ten(self.rng) + 2 * self.of_queens_party(seat))
        return [Event("presented", f"Seat {seat} is presented: King {c.king}, Queen {c.queen}",
                      {"seat": seat, "king": c.king, "queen": c.queen})]

    # ----- leaving the court -------------------------------------------------------------
    def _drop_status(self, c: Courtier) -> None:
        for card in [x for x in c.cards if TYPE_OF[x].kind in STATUS_KINDS]:
            c.cards.remove(card)
            self.discard.append(card)

    def _to_house(self, c: Courtier, kinds: frozenset[str]) -> None:
        for card in [x for x in c.cards if TYPE_OF[x].kind in kinds]:
            c.cards.remove(card)
            self.house.append(card)

    def exile(self, seat: int) -> list[Event]:
        """§11: to the Exile space; offices and pensions to the King's House,
        titles and the Maréchal kept; Favourite and Lover discarded."""
        c = self.courtiers[seat]
        self._drop_status(c)
        self._to_house(c, LOST_AWAY)
        c.place = EXILE
        c.leave_the_scales()
        return [Event("exile", f"Seat {seat} is sent into exile", {"seat": seat})]

    def imprison(self, seat: int) -> list[Event]:
        """§12: to the Bastille, losing pensions and offices (to the King's
        House); Favourite and Lover discarded."""
        c = self.courtiers[seat]
        self._drop_status(c)
        self._to_house(c, LOST_AWAY)
        c.place = BASTILLE
        c.leave_the_scales()
        return [Event("bastille", f"Seat {seat} is sent to the Bastille", {"seat": seat})]

    def release(self, seat: int) -> list[Event]:
        """Freed or recalled: "immediately presents himself" (§8.4, §11, §12)."""
        exiled = self.courtiers[seat].place == EXILE
        word = "returns from exile" if exiled else "leaves the Bastille"
        return [Event("released", f"Seat {seat} {word}", {"seat": seat}), *self.present(seat)]

    def kill(self, seat: int) -> list[Event]:
        """§10.4: silhouettes off; office, dignity, pension and title cards to
        the King's House, except that a widow keeps her husband's titles (and
        their income, A20); the player keeps his hand and waits for his heir."""
        c = self.courtiers[seat]
        self._drop_status(c)
        spouse = c.spouse
        if spouse is not None:
            other = self.courtiers[spouse]
            if c.sex == "man":
                for title in c.holds("title"):
                    c.cards.remove(title)
                    other.cards.append(title)
                    self._title_paid_to(seat, spouse, title)
            other.spouse = c.spouse = None
        self._to_house(c, frozenset({"title", "office", "dignity", "pension"}))
        c.place, c.married_name = DEAD, None
        c.leave_the_scales()
        c.used_poison = c.used_philtre = False
        if self.secret_wife == seat:
            self.secret_wife = None
        return [Event("death", f"The courtier of Seat {seat} dies", {"seat": seat})]

    def _title_paid_to(self, husband: int, widow: int, title: str) -> None:
        """A title card her husband was paid for this turn is paid for when the
        widow's turn ends: once a turn, as an office is (§8.4; decision 28)."""
        if (husband, title) in self.titles_paid:
            self.titles_paid.remove((husband, title))
            self.titles_paid.append((widow, title))

    # ----- trials (§9.5 Chancelier) -----------------------------------------------------
    def trial(self, seat: int) -> list[Event]:
        """1-3 death; 4-6 exile; 7-9 a fine of half his fortune (A31: of a
        positive fortune, rounded down), then presented; 10 acquitted, presented."""
        roll = self.rng.randint(1, 10)
        events = [Event("trial", f"Seat {seat} is tried: the die shows {roll}",
                        {"seat": seat, "die": roll})]
        c = self.courtiers[seat]
        if roll <= 3:
            return events + self.kill(seat)
        if roll <= 6:
            return events + self.exile(seat)
        if roll <= 9 and c.fortune > 0:
            fine = c.fortune // 2
            c.fortune -= fine
            events.append(Event("fortune", f"Seat {seat} is fined {fine:,} livres",
                                {"seat": seat, "amount": -fine}))
        return events + self.release(seat)

    # ----- wars (§9.3, §9.5) ---------------------------------------------------------------
    def declare_war(self, country: str, card: str | None) -> list[Event]:
        """The court goes to the front; that country's party loses 3 with the
        King and 2 with the Queen (unless she comes from it)."""
        self.wars.append(country)
        if card is not None:
            self.ministry.append(card)
        self.location = "war"
        events = [Event("war", f"France declares war on {COUNTRY_NAMES[country]}",
                        {"country": country})]
        for seat, c in enumerate(self.courtiers):
            if c.at_court and c.party == country:
                events += self.shift(seat, "king", -3)
                # in a regency "king" already reads the Regent's scale (A38)
                if not self.regency and self.queen_origin != country:
                    events += self.shift(seat, "queen", -2)
        return events

    def end_wars(self) -> list[Event]:
        """Every war ends: the War Ministry's cards are discarded, the court
        returns to Versailles (§9.3)."""
        if not self.wars:
            return []
        self.discard += self.ministry
        self.ministry, self.wars = [], []
        self.location = "versailles"
        return [Event("peace", "The wars are over: the court returns to Versailles")]

    # ----- the sovereigns (§10) ------------------------------------------------------------
    def kill_king(self) -> list[Event]:
        """§10.1: the Queen becomes Regent; a widower's death is §10.3."""
        if not self.queen_alive:
            return self.both_gone()
        self.king_alive = False
        self.regency, self.regency_turn = True, self.turn
        for c in self.courtiers:
            c.king = None
        for c in self.courtiers:
            self._drop_status_kind(c, "favourite")
        events = [Event("king_dies", "The King is dead: the Queen is Regent")]
        events += self.end_wars()
        self.location = "versailles"
        return events

    def kill_queen(self) -> list[Event]:
        """§10.2: no Queen, no Lover, no Queen's party; the Regent's death is §10.3."""
        if self.regency:
            return self.both_gone()
        self.queen_alive, self.queen_origin = False, None
        for c in self.courtiers:
            c.queen = None
            self._drop_status_kind(c, "lover")
        return [Event("queen_dies", "The Queen is dead")]

    def _drop_status_kind(self, c: Courtier, kind: str) -> None:
        for card in c.holds(kind):
            c.cards.remove(card)
            self.discard.append(card)

    def both_gone(self) -> list[Event]:
        """§10.3: the turn ends at once, unpaid income is lost; two new
        sovereigns accede, and everyone is presented at the next Phase 1."""
        self.king_alive = self.queen_alive = False
        self.turn_cut = True
        return [Event("both_die", "The King and the Queen are dead: the turn ends"),
                *self.accession()]

    def accession(self) -> list[Event]:
        """Two new sovereigns (§10.1, §10.3; A39): the new Queen's origin is
        drawn, prisoners and exiles come back, Favourite and Lover are
        discarded, wars end, and every living courtier waits to be presented."""
        events = self.end_wars()
        self.location = "versailles"
        self.king_alive = self.queen_alive = True
        self.regency, self.regency_turn, self.secret_wife = False, None, None
        self.queen_origin = country_of(d10_reroll_ten(self.rng))
        for c in self.courtiers:
            self._drop_status(c)
            c.leave_the_scales()
            if c.place != DEAD:
                c.place = WAITING
        origin = self.queen_origin
        events.append(Event("accession", f"Two new sovereigns: the Queen comes from "
                                         f"{COUNTRY_NAMES[origin]}", {"origin": origin}))
        return events
