"""Phase 6 of Fief: the election of the king, his consecration, the fiefs, and
the negotiation (rulebook "Phase 6: Negotiations"), as a part of the state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass
from typing import Any

from courtly.core import Action, Event, counted
from courtly.games.fief.actions import (
    DONE,
    END_TURN,
    AskConsecration,
    ClaimCustody,
    Consecrate,
    CreateFief,
    FoundFief,
    GiveVillage,
    GrantTitle,
    Pay,
    Vote,
    ballot,
    lord_name,
)
from courtly.games.fief.board import Board

ELECTION, CONSECRATION, FIEFS, NEGOTIATION = "election", "consecration", "fiefs", "negotiation"
#: "This phase, whose duration must in no case exceed three minutes".
NEGOTIATION_SECONDS = 180.0
#: Title cards in the box by the fief they name ("2 Duke, 2 Count, 2 Baron").
TITLES_IN_BOX = 2
#: "It is immediately possible to remove 1 soldier from each village of the fief
#: and to put them in the capital": one choice, from every village or from none
#: (our reading, docs/rules/fief.md, decision 20; not village by village).
GATHER_CHOICES: tuple[bool, ...] = (False, True)


@dataclass
class Fief:
    """A fief: its owner (None once its titles went to the King with no owner
    left), its capital, and the lord who holds its title card (None: with the
    King in custody, or waiting for its lordless owner's next lord)."""

    owner: int | None
    capital: str
    title: str | None


@dataclass
class Election:
    """The votes cast so far, in the order announced; then the consecration."""

    votes: dict[int, tuple[str | None, int]]
    elected: str | None = None
    asked: tuple[int, ...] = ()
    support: tuple[int, ...] = ()
    waiting: int | None = None


#: Payments to each seat, 100, 200, ... crowns: made once, shared by every menu.
_PAYMENTS: dict[int, list[Pay]] = {}


def _payments(to: int, hundreds: int) -> list[Pay]:
    """Paying seat ``to`` 100, 200, ... up to ``hundreds`` hundred crowns."""
    row = _PAYMENTS.setdefault(to, [])
    while len(row) < hundreds:
        row.append(Pay(to, 100 * (len(row) + 1)))
    return row[:hundreds]


class CourtRules(ABC):
    """The election, the fiefs and the negotiation; mixed into FiefState."""

    board: Board
    rng: random.Random
    num_players: int
    money: list[int]
    lords: dict[str, Any]
    soldiers: dict[str, tuple[int, int]]
    fiefs: dict[str, Fief]
    king: str | None
    custody: set[str]
    election: Election | None
    founding: tuple[int, str] | None
    custody_claim: tuple[str, int] | None
    given: dict[str, int]
    open_seats: list[int]
    window_moves: int
    stage: str
    options: dict[str, Any]

    @abstractmethod
    def controller(self, village: str) -> int | None:
        """The seat whose pieces are in ``village`` (rules.py)."""

    @abstractmethod
    def phase_order(self) -> list[int]:
        """The seats in the order they act in this phase (rules.py)."""

    @abstractmethod
    def _kill_lord(self, lord: str, how: str) -> list[Event]:
        """A lord leaves the game (rules.py)."""

    @abstractmethod
    def _pieces_inside(self, village: str) -> int | None:
        """The seat with pieces inside ``village``, if any (war.py)."""

    @abstractmethod
    def merge_gate(self, seat: int, village: str) -> None:
        """``seat``'s force at ``village``'s gate goes in (war.py)."""

    @abstractmethod
    def intruders_go_in(self, region: str, owner: int) -> None:
        """``owner``'s intruders in his new fief go in (war.py)."""

    @abstractmethod
    def add_soldiers(self, village: str, seat: int, count: int) -> None:
        """``count`` more of ``seat``'s soldiers inside ``village`` (war.py)."""

    @abstractmethod
    def drop_soldiers(self, village: str, count: int) -> None:
        """``count`` fewer soldiers inside ``village`` (war.py)."""

    @abstractmethod
    def soldiers_of(self, seat: int) -> int:
        """Soldiers ``seat`` has on the board (rules.py)."""

    @abstractmethod
    def evict(self, village: str, seat: int, leave: bool = False) -> list[Event]:
        """``seat``'s pieces inside ``village`` go out to its gate (war.py)."""

    # ----- votes ("The election of the king") -----------------------------------------
    def votes_of(self, seat: int) -> int:
        """"Each card "lord", "bishop", "cardinal" or title of nobility is worth 1 point"."""
        return self.votes()[seat]

    def votes(self) -> list[int]:
        """Every seat's votes (:meth:`votes_of`), in one pass over the lords:
        a lord, his bishop and cardinal cards; a fief's title to its lord's
        owner; the regions in custody to the King's."""
        votes = [0] * self.num_players
        lords = self.lords
        for i in lords.values():
            votes[i.owner] += 1 + bool(i.bishop) + bool(i.cardinal)
        for fief in self.fiefs.values():
            if fief.title and fief.title in lords:
                votes[lords[fief.title].owner] += 1
        if self.custody:
            king = self.king_seat()
            if king is not None:
                votes[king] += len(self.custody)
        return votes

    def king_seat(self) -> int | None:
        """The seat whose lord is King, if any."""
        return self.lords[self.king].owner if self.king in self.lords else None

    def candidates(self) -> list[str]:
        """Lords that may be elected: any on the board but a bishop ("A Bishop cannot
        be elected King")."""
        return sorted(lord for lord, i in self.lords.items() if not i.bishop)

    def vote_moves(self, seat: int) -> list[Action]:
        """Abstain, or some of one's votes to one lord."""
        most = self.votes_of(seat)
        out: list[Action] = [ballot(None, 0)]
        return out + [ballot(lord, n) for lord in self.candidates() for n in range(1, most + 1)]

    def vote(self, seat: int, action: Vote) -> list[Event]:
        """Announced in turn and never changed; the banker counts as they come."""
        assert self.election is not None
        self.election.votes[seat] = (action.lord, action.votes)
        events = [Event("vote", f"Seat {seat}: {action.describe()}",
                        {"seat": seat, "lord": action.lord, "votes": action.votes})]
        if len(self.election.votes) == self.num_players:
            events += self._count_votes()
        return events

    def _count_votes(self) -> list[Event]:
        """"The Lord who receives the greatest number of votes is elected King. If two
        lords share the same number of votes, the throne remains vacant"."""
        assert self.election is not None
        tally: Counter[str] = Counter()
        for lord, n in self.election.votes.values():
            if lord is not None and lord in self.lords:
                tally[lord] += n
        ranked = tally.most_common()
        if not ranked:
            self.election = None  # nobody voted: nothing changes (our decision)
            return [Event("election", "Nobody votes", {"tally": {}})]
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            lost, deposed = self._depose()
            self.election = None
            return [Event("election", f"No lord has the most votes: {lost}the throne is "
                          "vacant until the next election", {"tally": dict(tally), **deposed})]
        lord = ranked[0][0]
        self.election.elected = lord
        if lord == self.king:
            self.election = None  # a King re-elected stays crowned
            return [Event("election", f"{lord_name(lord)} is re-elected and stays King",
                          {"lord": lord, "tally": dict(tally), "again": True})]
        events = [Event("election", f"{lord_name(lord)} is elected King "
                        f"({counted(ranked[0][1], 'vote')})", {"lord": lord, "tally": dict(tally)})]
        return events + self._consecrate_if_enough()

    # ----- consecration --------------------------------------------------------------------
    def _blessing(self, seats: tuple[int, ...]) -> tuple[int, int]:
        bishops = cardinals = 0
        for info in self.lords.values():
            if info.owner in seats and info.bishop:
                if info.cardinal:
                    cardinals += 1
                else:
                    bishops += 1
        return bishops, cardinals

    def _consecrate_if_enough(self) -> list[Event]:
        """"The king must be sanctified, that is to say, receive the agreement of two
        bishops or a cardinal"."""
        election = self.election
        assert election is not None and election.elected is not None
        seat = self.lords[election.elected].owner
        bishops, cardinals = self._blessing((seat, *election.support))
        if bishops >= 2 or cardinals >= 1:
            self.king = election.elected
            self.election = None
            return [Event("crowned", f"{lord_name(self.king)} is consecrated and crowned King",
                          {"lord": self.king, "seat": seat})]
        return []

    def consecration_moves(self, seat: int) -> list[Action]:
        """The elected king's player asks players with a bishop or a cardinal, or
        gives up (the throne stays vacant)."""
        election = self.election
        assert election is not None
        if election.waiting is not None:
            return [Consecrate(True), Consecrate(False)]
        return [END_TURN] + [AskConsecration(s) for s in self.can_bless(seat)]

    def can_bless(self, seat: int) -> list[int]:
        """Players not yet asked who hold a bishop or a cardinal."""
        election = self.election
        assert election is not None
        return [s for s in range(self.num_players) if s != seat and s not in election.asked
                and any(self._blessing((s,)))]

    def ask(self, seat: int, other: int) -> list[Event]:
        """"The solicited player(s) must answer immediately (yes or no)"."""
        election = self.election
        assert election is not None
        election.asked += (other,)
        election.waiting = other
        return [Event("ask_consecration", f"Seat {seat} asks Seat {other} to consecrate the "
                      "King", {"seat": seat, "to": other})]

    def answer(self, seat: int, yes: bool) -> list[Event]:
        """A yes adds the player's bishops and cardinals to the consecration."""
        election = self.election
        assert election is not None
        election.waiting = None
        if yes:
            election.support += (seat,)
        events = [Event("consecrate", f"Seat {seat} {'agrees' if yes else 'refuses'}",
                        {"seat": seat, "yes": yes})]
        return events + self._consecrate_if_enough()

    def give_up(self) -> list[Event]:
        """Not consecrated: "he cannot reign: the throne remains vacant until the new
        elections of the next turn" (Phase 6, 1 d); a King who reigned loses the crown
        (decision 14), and the event names him."""
        lost, deposed = self._depose()
        self.election = None
        if deposed:
            return [Event("vacant", f"The King elected is not consecrated: {lost}the throne is "
                          "vacant", {"why": "not_consecrated", **deposed})]
        return [Event("vacant", "The King is not consecrated: the throne stays vacant",
                      {"why": "not_consecrated"})]

    def _depose(self) -> tuple[str, dict[str, Any]]:
        """The throne left vacant by an election (Phase 6, 1 c and d; decision 14):
        the reigning King, if any, loses the crown. Returns the words and the
        event's data that name him, empty when the throne was vacant already. His
        seat is ``deposed_seat``, not ``seat``: a log reads ``seat`` as the player
        who acted, and the deposed King's player did not."""
        king, self.king = self.king, None
        if king is None or king not in self.lords:
            return "", {}
        seat = self.lords[king].owner
        return (f"{lord_name(king)} (Seat {seat}) loses the crown; ",
                {"deposed": king, "deposed_seat": seat})

    # ----- fiefs ("The creation of fiefs") -----------------------------------------------
    def fief_candidates(self) -> list[str]:
        """Regions whose every village one player holds, not yet fiefs, with a title
        card left for their size and a lord to bear it."""
        out = []
        for rid, region in self.board.regions.items():
            holders = {self.controller(v) for v in region.villages}
            holder = holders.pop() if len(holders) == 1 else None
            if rid in self.fiefs or holder is None:
                continue
            size = sum(1 for f in self.fiefs if self.board.regions[f].title == region.title)
            if size < TITLES_IN_BOX and self.lords_of(holder):
                out.append(rid)
        return out

    def lords_of(self, seat: int) -> list[str]:
        """``seat``'s lords on the board."""
        return sorted(lord for lord, i in self.lords.items() if i.owner == seat)

    def fief_moves(self, seat: int) -> list[Action]:
        """The King's player: elevate regions, grant titles held in custody, or end."""
        if self.founding is not None:
            holder, region = self.founding
            return [FoundFief(lord, capital, gather) for lord in self.lords_of(holder)
                    for capital in self.board.regions[region].villages
                    for gather in GATHER_CHOICES]
        if self.custody_claim is not None:
            return [ClaimCustody(True), ClaimCustody(False)]
        out: list[Action] = [END_TURN]
        out += [CreateFief(r) for r in self.fief_candidates()]
        out += [GrantTitle(r, lord) for r in sorted(self.custody) for lord in sorted(self.lords)]
        return out

    def create_fief(self, region: str) -> list[Event]:
        """"the king ... agrees to elevate that region to fiefdom"; its holder then
        names the lord who takes the title and the capital."""
        holder = self.controller(self.board.regions[region].villages[0])
        assert holder is not None
        self.founding = (holder, region)
        title = self.board.regions[region].title
        return [Event("fief", f"The King elevates {self.board.regions[region].name} to a "
                      f"{title}", {"region": region, "seat": holder})]

    def found_fief(self, action: FoundFief) -> list[Event]:
        """"One of the villages of the fief is chosen as capital; It is immediately
        possible to remove 1 soldier from each village of the fief and to put them in
        the capital"."""
        assert self.founding is not None
        holder, region = self.founding
        self.founding = None
        self.fiefs[region] = Fief(holder, action.capital, action.lord)
        moved = 0
        if action.gather:
            for village in self.board.regions[region].villages:
                owner, count = self.soldiers.get(village, (holder, 0))
                if village != action.capital and owner == holder and count:
                    moved += 1
                    self._shift_soldier(village, action.capital, holder)
        return [Event("fief_founded", f"Seat {holder}: {action.describe()}",
                      {"seat": holder, "region": region, "lord": action.lord,
                       "capital": action.capital, "gathered": moved})]

    def _shift_soldier(self, source: str, capital: str, holder: int) -> None:
        self.drop_soldiers(source, 1)
        self.add_soldiers(capital, holder, 1)

    def fief_of(self, village: str) -> str | None:
        """The fief (region) ``village`` belongs to, if its region is one."""
        region = self.board.villages[village].region
        return region if region in self.fiefs else None

    def fiefs_of(self, seat: int) -> list[str]:
        """The fiefs that count for ``seat``: those whose title one of its lords
        holds ("a lord who has attained the status of nobility", Goal of the Game)."""
        return sorted(r for r, f in self.fiefs.items()
                      if f.title in self.lords and self.lords[f.title].owner == seat)

    def owned_fiefs(self, seat: int) -> list[str]:
        """The fiefs ``seat`` owns, their titles held or not."""
        return sorted(r for r, f in self.fiefs.items() if f.owner == seat)

    def fief_villages(self, seat: int) -> list[str]:
        """The villages of the fiefs whose title ``seat``'s lords hold (lord's tithe)."""
        return [v for r, f in sorted(self.fiefs.items()) if f.title in self.lords
                and self.lords[f.title].owner == seat for v in self.board.regions[r].villages]

    def capital_taken(self, village: str, by: int, lords: list[str]) -> list[Event]:
        """"The capture of the capital: the player who manages to occupy the capital of
        a fief becomes the rightful owner of all the fief"; the title goes to one of
        his lords (our decision: the first of those who took it) unless the King claims
        custody. With no King, the taker's lord "becomes king without asking the other
        players and without election"."""
        region = self.fief_of(village)
        events: list[Event] = []
        if region is None or self.fiefs[region].capital != village:
            return events
        fief = self.fiefs[region]
        if fief.owner == by:
            return events
        fief.owner = by
        self.end_gifts(region)
        events.append(Event("fief_taken", f"Seat {by} takes the capital of "
                            f"{self.board.regions[region].name}: the fief is theirs",
                            {"seat": by, "region": region}))
        events += self.others_out(region, by)
        self.intruders_go_in(region, by)
        if self.king is None and lords:
            self.king = lords[0]
            events.append(Event("crowned", f"{lord_name(lords[0])} takes a capital on a vacant "
                                "throne and becomes King",
                                {"lord": lords[0], "seat": by, "capital": village}))
            # "keeps all his titles of nobility until the advent of a new sovereign"
            for seat in range(self.num_players):
                events += self.last_lord_lost(seat)
        king = self.king_seat()
        if king is not None and king != by:
            fief.title = lords[0] if lords else None
            self.custody_claim = (region, by)
            return events
        fief.title = lords[0] if lords else next(iter(self.lords_of(by)), None)
        self.custody.discard(region)  # the title is his lord's: the King keeps it no more
        return events

    def claim_custody(self, claim: bool) -> list[Event]:
        """"unless the King opposes; if it is the case, it is the King who keeps the
        card ... He exercises a right of custody". Not opposing, he gives up the
        custody of a fief he held: its revenues and its title's vote are no longer
        his but the new owner's."""
        assert self.custody_claim is not None
        region, _taker = self.custody_claim
        self.custody_claim = None
        if claim:
            self.fiefs[region].title = None
            self.custody.add(region)
        else:  # a fief he held in custody: its title is the new owner's lord's now
            self.custody.discard(region)
        verb = "keeps the title in custody" if claim else "lets the new owner have the title"
        return [Event("custody", f"The King {verb} ({self.board.regions[region].name})",
                      {"region": region, "claim": claim})]

    def grant_title(self, region: str, lord: str) -> list[Event]:
        """"The King, if he will, will grant the title of nobility of the fief to the
        lord of his choice"; the lord's player becomes the fief's owner, its capital
        his (:meth:`hand_over`), and "each receive[s] a soldier counter" (in the
        capital, our decision)."""
        self.custody.discard(region)
        fief = self.fiefs[region]
        fief.title = lord
        owner = self.lords[lord].owner
        events = [Event("title", f"The King grants the title of "
                        f"{self.board.regions[region].name} to {lord_name(lord)}",
                        {"region": region, "lord": lord})]
        if fief.owner != owner:
            self.end_gifts(region)
            events += self.hand_over(region, owner)
        fief.owner = owner
        held = self.soldiers.get(fief.capital)
        # the box has "30 counters - soldier per player": none left, none given
        if (held is None or held[0] == owner) and (
                self.soldiers_of(owner) < self.board.setup.soldiers_per_player):
            self.add_soldiers(fief.capital, owner, 1)
        return events

    def hand_over(self, region: str, owner: int) -> list[Event]:
        """A fief granted to ``owner``'s lord comes with its capital ("the player who
        manages to occupy the capital of a fief becomes the rightful owner of all the
        fief"): another player inside it leaves with a right of way, as the loser of
        a sealed bid "automatically obtains a right of way", and ``owner``'s force at
        its gate goes in; the former owner's pieces in its other villages become
        intruders, as when a capital is taken (our decision 15)."""
        capital = self.fiefs[region].capital
        events: list[Event] = []
        inside = self._pieces_inside(capital)
        if inside is not None and inside != owner:
            events += self.evict(capital, inside, leave=True)
        self.merge_gate(owner, capital)
        events += self.others_out(region, owner)
        self.intruders_go_in(region, owner)
        return events

    def others_out(self, region: str, owner: int) -> list[Event]:
        """The fief is ``owner``'s ("all the fief"): whoever else is inside its
        other villages, the former owner or a player he had given one to (the
        gift ends with the fief), is an intruder there now (our decision 15)."""
        events: list[Event] = []
        capital = self.fiefs[region].capital
        for village in self.board.regions[region].villages:
            inside = self._pieces_inside(village)
            if village != capital and inside is not None and inside != owner:
                events += self.evict(village, inside)
        return events

    def last_lord_lost(self, seat: int) -> list[Event]:
        """"When a player loses his last lord and possesses one or more fiefs, all the
        titles of Nobility for the fiefs are given to the King, who gives them to the
        lord(s) of his choice"; the fiefs are lost ("A player loses a fief ... if
        all his lords are eliminated"). With no King, "the player keeps all his
        titles of nobility until the advent of a new sovereign"."""
        if self.lords_of(seat) or self.king_seat() is None:
            return []
        events = []
        for region in self.owned_fiefs(seat):
            fief = self.fiefs[region]
            fief.title, fief.owner = None, None
            self.custody.add(region)
            self.end_gifts(region)
            events.append(Event("custody", f"Seat {seat} has no lord left: the title of "
                                f"{self.board.regions[region].name} goes to the King",
                                {"region": region}))
        return events

    def titles_back(self, seat: int, lord: str) -> list[Event]:
        """"If he gains in the meantime a new lord card, he keeps all his titles of
        nobility and fiefs": the new lord takes the titles waiting for one."""
        events = []
        for region in self.owned_fiefs(seat):
            fief = self.fiefs[region]
            if fief.title is None and region not in self.custody:
                fief.title = lord
                events.append(Event("title", f"{lord_name(lord)} takes the title of "
                                    f"{self.board.regions[region].name}",
                                    {"region": region, "lord": lord}))
        return events

    # ----- the negotiation --------------------------------------------------------------
    def negotiation_moves(self, seat: int) -> list[Action]:
        """Pay any player in hundreds of crowns, give a village of one's fief, or be
        done; cards are never exchanged."""
        out: list[Action] = [DONE, *self.gifts(seat)]
        for to in range(self.num_players):
            if to != seat:
                out += _payments(to, self.money[seat] // 100)
        return out

    def gifts(self, seat: int) -> list[GiveVillage]:
        """"The owner of the fief can give one or more villages, except the capital,
        to one of the other players so that his troops may stay there": a village
        he has left (none of his pieces inside), to any other player."""
        return [GiveVillage(village, to)
                for region, fief in sorted(self.fiefs.items()) if fief.owner == seat
                for village in self.board.regions[region].villages
                if village != fief.capital and village not in self.given
                and self._pieces_inside(village) is None
                for to in range(self.num_players) if to != seat]

    def give_village(self, seat: int, action: GiveVillage) -> list[Event]:
        """The village is the receiver's to hold: his troops stay there unresisted
        (an intruding force of his goes in), its revenue is his; it stays part of
        the fief otherwise, and the gift ends when the fief changes hands (our
        decision)."""
        self.given[action.village] = action.to
        self.merge_gate(action.to, action.village)
        return [Event("give_village", f"Seat {seat}: {action.describe()}",
                      {"seat": seat, "village": action.village, "to": action.to})]

    def end_gifts(self, region: str) -> None:
        """The fief changed hands: the old owner's gifts end."""
        for village in self.board.regions[region].villages:
            self.given.pop(village, None)

    def pay_is_legal(self, seat: int, action: Pay) -> bool:
        """Checked directly: any other player, up to one's money."""
        return (self.stage == NEGOTIATION and seat in self.open_seats
                and action.to != seat and 0 <= action.to < self.num_players
                and action.amount <= self.money[seat])

    def pay(self, seat: int, action: Pay) -> list[Event]:
        """"It is also possible to offer a sum of money to one of your opponents"."""
        self.money[seat] -= action.amount
        self.money[action.to] += action.amount
        return [Event("pay", f"Seat {seat} pays {action.amount:,} crowns to Seat {action.to}",
                      {"seat": seat, "to": action.to, "amount": action.amount})]
