"""Fief's fast engine (courtly.rl.fast): the game's own position, driven on
numbers for the research environments.

Fief's rules are the largest of courtly's games (rules.py, war.py,
court.py: combat, coalitions, sealed bids, plague and revolt, elections,
fiefs, custody, gifts), and most of a step's time was spent not in them but
around them: the referee reading the phase, menus built as action objects
and numbered, the mask put number by number, the observation's pieces all
compared at every step. So the position stays the game's own
:class:`~courtly.games.fief.rules.FiefState` (the one ``new_game`` dealt:
dice and shuffles are drawn from its own RNG, in its own order, by its own
functions), and what happens around the rules is done here on numbers:

- the referee: :class:`~courtly.core.Referee` followed as ``Table`` follows
  it (the phase read only in and around the negotiation, Fief's only
  window), time-ups recorded as ``(REFEREE, TIME_UP)`` and applied as the
  game applies ``TimeUp``; who acts known without asking the game after
  the actions applied here (the same seat goes on, or the next one's part
  begins), and kept, with the window's phase, through a payment;
- the menus, as a few numbers and runs of numbers (a count's every value,
  one number after the next), made by arithmetic in the frequent phases
  with nothing waiting: the cards ("Phase 1", ``_card_moves``), the
  purchases ("Phase 3", ``_purchase_moves``), the movement ("Phase 4",
  ``moves_for``), the votes ("The election of the king", ``vote_moves``)
  and the negotiation ("Phase 6: Negotiations", ``negotiation_moves``);
  elsewhere (the choice of regions, the tithes, answers to attacks, rights
  of way, battles, the consecration, the fiefs, custody) the game's own
  ``_legal_actions``, numbered. A mask is set a run at a time (a slice of
  its bytes), a number checked against the runs; a payment drops only the
  payer's and the payee's menus;
- the play: a number is applied only if it is in the seat's menu (else
  nothing changes). The frequent actions that end no phase are applied as
  the rules' functions apply them, less their events: an end of turn that
  passes to the next seat (``_end_part``), a payment that leaves the window
  open (``pay``), a purchase (``_buy``), a discard, a vote not the last
  (``vote``), a lord's trip from inside a village to one where his player
  has no force at the gate, unless it takes a fief's capital (``_move``).
  Every other action, and every end of a phase (revenues, combat, the
  election's count, a new turn and its deal), goes to the rules' own
  ``FiefState._apply``, the end of the game included: the rare and
  intricate phases are the game's own;
- the observation: :mod:`courtly.games.fief.arrays`'s blocks kept on the
  position, brought up to date only where the actions since may have
  moved a piece (by kind of action and of phase's end), a trip, a
  purchase or a discard applied here written piece by piece (each piece's
  cells kept by piece; a trip brings the holders it moved up to date),
  then the seats', hand's and phase's numbers written in, as
  ``FiefEncoding.observe_array`` does (the phase's directly where nothing
  waits).

The result at the end is the game's own (``FiefState.result``).
``tests/test_rl_fast.py`` plays this engine against the game's own
environment, step for step, in every configuration: a rule of the game
that a shortcut here does not follow fails there.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from courtly.core import REFEREE, Done, Numbering, Phase, Referee, Result, State, TimeUp
from courtly.games.fief import arrays as A
from courtly.games.fief import encoding as E
from courtly.games.fief.actions import (
    ATTACKS_ON_REGIONS,
    DONE,
    END_TURN,
    PURCHASES,
    STANCES,
    Assassinate,
    AttackRegion,
    Buy,
    DiscardCard,
    EndTurn,
    ExchangeCard,
    Move,
    Pay,
    PlayBishop,
    PlayLord,
    Respond,
    TakeCardinal,
    Tithe,
    Vote,
)
from courtly.games.fief.arrays import Cells
from courtly.games.fief.board import default_board
from courtly.games.fief.cards import card_set
from courtly.games.fief.court import CONSECRATION, ELECTION, FIEFS, NEGOTIATION
from courtly.games.fief.encoding import _layout
from courtly.games.fief.rules import (
    CARDS,
    MAX_COUNTERS_PER_VILLAGE,
    MOVEMENT,
    REVENUES,
    FiefState,
)
from courtly.games.fief.rules import PURCHASES as PURCHASES_PHASE
from courtly.games.fief.war import SIEGE_BECOMES, TRIPS
from courtly.rl.fast.table import TIME_UP
from courtly.rl.fast.table import FastTable as BaseTable


class Numbers:
    """One configuration's action numbers, as the engine's menus read them
    (from the game's numbering: the same numbers as its environments).
    Where a field counts (crowns, soldiers, counters, votes), each next
    count is the next number: a run of them is a ``range``."""

    def __init__(self, numbering: Numbering, n: int) -> None:
        index = numbering.index
        board, cards = default_board(), card_set()
        villages, regions, lords = tuple(board.villages), tuple(board.regions), cards.lords
        self.done, self.end_turn = index(DONE), index(END_TURN)
        #: The payment of 100 crowns to each seat (then 200, 300, ...).
        self.pay = [index(Pay(to, 100)) for to in range(n)]
        #: A lord's trip with no soldier, by lord, village and stance (then 1, 2, ...).
        self.move = {(lord, to, stance): index(Move(lord, to, stance, 0))
                     for lord in lords for to in villages for stance in STANCES}
        #: The purchase of one counter, by item and village (then 2, 3, ...).
        self.buy = {(item, v): index(Buy(item, v, 1)) for item in PURCHASES for v in villages}
        #: The same by village: a soldier's, a press', a mill's and a castle's.
        self.buy_at = {v: tuple(self.buy[item, v] for item in ("soldier", "press", "mill",
                                                               "castle")) for v in villages}
        #: One vote for each lord (then 2, 3, ...), and abstaining.
        self.vote = {lord: index(Vote(lord, 1)) for lord in lords}
        self.abstain = index(Vote(None, 0))
        self.play_lord = {(lord, v): index(PlayLord(lord, v)) for lord in lords for v in villages}
        self.bishop = {(b, lord): index(PlayBishop(b, lord)) for b in board.bishoprics
                       for lord in lords}
        self.cardinal = {lord: index(TakeCardinal(lord)) for lord in lords}
        self.assassinate = {lord: index(Assassinate(lord)) for lord in lords}
        self.attack = {card: [index(AttackRegion(card, r)) for r in regions]
                       for card in ATTACKS_ON_REGIONS}
        deck = sorted(set(cards.blue_deck()))
        self.discard = {card: index(DiscardCard(card)) for card in deck}
        self.exchange = {card: index(ExchangeCard(card)) for card in deck}


class FastFief:
    """A game of Fief driven on numbers (see the module docstring): ``dealt``
    is the game's own new game, played on from there."""

    def __init__(self, dealt: FiefState, numbering: Numbering, table: Numbers,
                 window_actions: int) -> None:
        self.s = dealt
        self.n = dealt.num_players
        self.numbering = numbering
        self.table = table
        self.window_actions = window_actions
        self.record: list[tuple[int, int]] = []
        #: The referee's rule, followed as ``Table`` follows it (the phase
        #: read only where it counts: in and around the negotiation, Fief's
        #: only window); the phase at the seat's turn, where read.
        self.referee = Referee(window_actions)
        self._phase: Phase | None = None
        self._menus: dict[int, _Menu] = {}
        self._acting: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        #: Every village's holder, and each seat's villages, once read: kept
        #: while no lord, soldier inside or fief moves (a purchase goes where
        #: its buyer holds already; a trip applied here writes its two villages').
        self._holding: dict[str, int | None] | None = None
        self._held: list[list[str]] | None = None
        #: Each seat's fixed places in the seats' part of its observation
        #: (:meth:`_seats`), once they sit.
        self._static: list[tuple[list[int], list[tuple[int, int]]] | None] = [None] * self.n
        #: The trips, purchases and discards applied directly since the last
        #: refresh, to be written piece by piece: (lord, from, to), (item,
        #: village) or (card,).
        self._notes: list[tuple[str, ...]] = []
        #: What may have moved among the observation's kept pieces since they
        #: were last brought up to date (bits of :data:`_ALL` ...).
        self._stale = _ALL
        #: Whether the game has ended (the game's own ``over``, read after each action).
        self.over = bool(dealt.over)

    # ----- the referee ----------------------------------------------------------------
    def due(self) -> int | None:
        """The seat to act by :class:`~courtly.core.Referee`'s rule (``Table.due``,
        step for step), applying and recording the referee's time-ups."""
        s, referee = self.s, self.referee
        while not s.over:
            to_act, may = self._who()
            if not referee.counting and to_act and not may:
                return int(to_act[0])
            phase = self._phase
            if phase is None:
                phase = self._phase = Phase(s.stage, to_act, may, s._time_limit())
            seat = referee.next_seat_in(phase)
            if seat != REFEREE:
                return int(seat)
            if not phase.referee_may_act:
                raise RuntimeError(f"fief: nobody may act in phase {phase.name}")
            self._time_up()
            referee.acted(phase, REFEREE)
        return None

    def _who(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Who must act and who may (the game's ``_to_act``, ``_may_act``),
        read once a position (the game not over)."""
        who = self._acting
        if who is None:
            s = self.s
            who = self._acting = (s._to_act(), s._may_act())
        return who

    def _holders(self) -> dict[str, int | None]:
        """Every village's holder (the game's ``holders``), read once while
        they stand (not to be changed)."""
        holding = self._holding
        if holding is None:
            holding = self._holding = self.s.holders()
        return holding

    def _villages(self, seat: int) -> list[str]:
        """The villages ``seat`` holds, in the board's order (the game's ``held``)."""
        held = self._held
        if held is None:
            held = self._held = [[] for _ in range(self.n)]
            for village, holder in self._holders().items():
                if holder is not None:
                    held[holder].append(village)
        return held[seat]

    def _time_up(self) -> None:
        """The referee calls time (``TimeUp``, as the game's engine applies it)."""
        s = self.s
        turn = s.turn
        s._apply(REFEREE, TimeUp())
        self.record.append((REFEREE, TIME_UP))
        self._moved(self._next_phase(NEGOTIATION, turn, bool(s.gates)))

    def acting(self) -> list[int]:
        """The seats that must act, then those that may; [] once over."""
        if self.s.over:
            return []
        to_act, may = self._who()
        return [*to_act, *may]

    # ----- menus ----------------------------------------------------------------------
    def menu(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions now ([] if it may not act)."""
        return self._form(seat).numbers()

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether ``number`` is in ``seat``'s menu now."""
        form = self._menus.get(seat)  # _form's lookup inline: asked once a number
        return number in (self._form(seat) if form is None else form)

    def mark(self, seat: int, mask: np.ndarray) -> None:
        """Set ``mask`` to 1 at ``seat``'s menu's numbers (``Table.mask``)."""
        self._form(seat).mark(mask)

    def _form(self, seat: int) -> _Menu:
        """``seat``'s menu now, made once a position."""
        form = self._menus.get(seat)
        if form is None:
            form = self._menus[seat] = self._menu(seat)
        return form

    def _menu(self, seat: int) -> _Menu:
        """The seat's menu: by arithmetic in the frequent phases with
        nothing waiting (no attack to answer, passage, battle or custody to
        decide), else the game's own ``_legal_actions``, numbered."""
        s = self.s
        if s.over:
            return _NONE
        to_act, may = self._who()
        if seat not in to_act and seat not in may:
            return _NONE
        made = _MENUS.get(s.stage)
        if (made is None or s.pending is not None or s.passage is not None
                or s.battle is not None or s.custody_claim is not None):
            return _Menu(self.numbering.indices(s._legal_actions(seat)))
        return made(self, seat)

    def _negotiation(self, seat: int) -> _Menu:
        """``CourtRules.negotiation_moves`` ("Phase 6: Negotiations"): Done,
        one's gifts of villages, any payment in hundreds to any other seat."""
        s, t = self.s, self.table
        few = [t.done]
        if s.fiefs:
            few += self.numbering.indices(s.gifts(seat))
        k = s.money[seat] // 100
        if not k:
            return _Menu(few)
        return _Menu(few, [range(first, first + k) for to, first in enumerate(t.pay)
                           if to != seat])

    def _purchases(self, seat: int) -> _Menu:
        """``FiefState._purchase_moves`` ("Phase 3: Purchases")."""
        s, t = self.s, self.table
        setup, money = s.board.setup, s.money[seat]
        prices = setup.prices
        soldier = min(money // prices["soldier"], setup.soldiers_per_player - s.soldiers_of(seat))
        press = min(money // prices["press"], setup.presses_total - sum(s.presses.values()))
        mill = min(money // prices["mill"], setup.mills_total - sum(s.mills.values()))
        castle = min(money // prices["castle"], setup.castles_total - len(s.castles))
        if max(soldier, press, mill, castle) <= 0:
            return _Menu([t.end_turn])
        runs: list[range] = []
        buy_at, mills, presses, castles = t.buy_at, s.mills, s.presses, s.castles
        for village in self._villages(seat):
            soldier_at, press_at, mill_at, castle_at = buy_at[village]
            if soldier > 0:
                runs.append(range(soldier_at, soldier_at + soldier))
            room = MAX_COUNTERS_PER_VILLAGE - mills.get(village, 0) - presses.get(village, 0)
            most = press if press < room else room
            if most > 0:
                runs.append(range(press_at, press_at + most))
            most = mill if mill < room else room
            if most > 0:
                runs.append(range(mill_at, mill_at + most))
            if castle > 0 and village not in castles:
                runs.append(range(castle_at, castle_at + 1))
        return _Menu([t.end_turn], runs)

    def _votes(self, seat: int) -> _Menu:
        """``CourtRules.vote_moves`` ("The election of the king"): abstain, or
        1 to all one's votes for a lord who is no bishop."""
        s, t = self.s, self.table
        most = s.votes()[seat]
        if not most:
            return _Menu([t.abstain])
        vote = t.vote
        return _Menu([t.abstain], [range(vote[lord], vote[lord] + most)
                                   for lord in s.candidates()])

    def _cards(self, seat: int) -> _Menu:
        """``FiefState._card_moves`` and the cardinals ("Phase 1: The Playing
        of the Cards"): end, each card of one's hand played, discarded or
        exchanged; a bishop's cardinal asked of the bank."""
        s, t = self.s, self.table
        hand = s.hands[seat]
        out = [t.end_turn]
        if s.exchanged[seat]:
            out += [t.discard[card] for card in sorted(set(hand))]
        else:
            exchange = not s.played_card[seat] and bool(s.deck or s.discard)
            for card in sorted(set(hand)):
                out += self._plays(seat, card, hand)
                out.append(t.discard[card])
                if exchange:
                    out.append(t.exchange[card])
        if s.cardinals_left:
            out += [t.cardinal[lord] for lord, i in sorted(s.lords.items())
                    if i.owner == seat and i.bishop and not i.cardinal]
        return _Menu(out)

    def _plays(self, seat: int, card: str, hand: list[str]) -> list[int]:
        """``FiefState._plays_of``: where a lord goes, whom a bishop's card
        makes bishop, whom an assassin seeks, which region an attack strikes."""
        s, t = self.s, self.table
        kind, _, name = card.partition(":")
        if kind == "lord":
            return [t.play_lord[name, v] for v in self._lord_destinations(seat)]
        if kind == "bishop":
            return [t.bishop[name, lord] for lord, i in sorted(s.lords.items())
                    if i.owner == seat and s.may_be_made_bishop(lord)]
        if card == "assassination":
            return [t.assassinate[lord] for lord, i in sorted(s.lords.items())
                    if i.owner != seat]
        if card in ("bad_weather", "famine", "plague") or (card == "revolt"
                                                            and "famine" in hand):
            return t.attack[card]
        return []

    def _lord_destinations(self, seat: int) -> list[str]:
        """``FiefState.lord_destinations`` ("The Lord card": "in his castle
        or, if he does not have any more, in a free village in his region
        or in any free village"; else a village he holds), from the holders
        kept."""
        s = self.s
        held = self._villages(seat)
        castles = [v for v in held if v in s.castles]
        if castles:
            return castles
        free = [v for v, holder in self._holders().items() if holder is None
                and not s._others_capital(v, seat)]
        home = s.region[seat]
        in_region = [v for v in free if _REGION_OF[v] == home]
        return in_region or free or held

    def _movement(self, seat: int) -> _Menu:
        """End, or ``WarRules.moves_for`` ("Phase 4: The Movement of
        Counters"): each trip of each of one's lords with two trips not
        made, to each village he may reach, in each stance, with each count
        of soldiers he may take."""
        s = self.s
        few = [self.table.end_turn]
        mine = sorted(lord for lord, i in s.lords.items() if i.owner == seat)
        if not mine:
            return _Menu(few)
        trips, info, roads = s.trips, s.lords, s.board.neighbours
        gated = {g.village for g in s.gates}
        board: _Board | None = None
        runs: list[range] = []
        for lord in mine:
            # (``get``: a Counter's own lookup of a lord not counted runs Python code)
            if trips.get(lord, 0) >= TRIPS:
                continue
            i = info[lord]
            if s.weather or i.outside or (gated and (i.village in gated or any(
                    to in gated for to in roads[i.village]))):
                if board is None:
                    board = _Board(s, self.table, self._holders())
                runs += board.trips(lord, seat)
            else:
                self._open_roads(seat, lord, i, runs)
        return _Menu(few, runs)

    def _open_roads(self, seat: int, lord: str, i: Any, runs: list[range]) -> None:
        """:class:`_Board`'s trips of a lord inside a village, in fair weather,
        with nobody at its gate or at any he may reach (most trips): by every
        road, with the soldiers there with him (none for a bishop), entering
        a free or own village, else attacking, besieging or asking passage
        (intruding into an empty village of its holder's fief, or asking
        passage there)."""
        s = self.s
        holders, move, fiefs = self._holders(), self.table.move, s.fiefs
        owner, count = s.soldiers.get(i.village, (i.owner, 0))
        top = 1 + (count if owner == i.owner and not i.bishop else 0)
        for to in s.board.neighbours[i.village]:
            holder = holders[to]
            stances: tuple[str, ...]
            if holder is None or holder == seat:
                stances = _ENTER
            elif fiefs and s.fief_owner(to) == holder and s._pieces_inside(to) is None:
                stances = _INTRUDE
            else:
                stances = _AT_ANOTHERS
            for stance in stances:
                first = move[lord, to, stance]
                runs.append(range(first, first + top))

    # ----- play -----------------------------------------------------------------------
    def apply(self, seat: int, number: int) -> None:
        """Apply (and record) ``seat``'s legal action ``number`` by the
        game's rules (``FiefState._apply``), counted by the referee's rule."""
        s = self.s
        to_act, may = self._who()
        # the phase before the action, where the referee counts (``Table.play``)
        phase = self._phase or (Phase(s.stage, to_act, may, s._time_limit())
                                if self.referee.counting or may else None)
        stage, step, turn, gates = s.stage, s.phase_step, s.turn, bool(s.gates)
        action = self.numbering.action(number)
        kind = type(action)
        if kind is Pay and self._paid(seat, action):
            self.record.append((seat, number))
            if phase is not None:
                self.referee.acted(phase, seat)
            return
        acting: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        if kind is EndTurn and stage in _PARTS and s.acted + 1 < len(s.order):
            s.acted += 1  # FiefState._end_part: the next seat's part of the phase
            touched, acting = 0, self._next_part()
        elif kind in _DIRECT and (direct := self._direct(seat, action)) is not None:
            touched = direct
            # the seat goes on (a purchase, a discard, a trip but one asking
            # passage), or the next one votes
            acting = (self._next_part() if kind is Vote
                      else (to_act, may) if s.passage is None else None)
        else:
            s._apply(seat, action)
            touched = _TOUCHES.get(kind, _ALL)
            if (kind is AttackRegion and s.pending is not None) or (
                    isinstance(action, Respond) and action.parry != "none"):
                # an attack waiting for its answer, or parried: cards spent
                # (``_attack_region``, ``_spend``; a ransom is money)
                touched = _DISCARD
            if kind is Move and s.fiefs:
                touched = _ALL  # a capital taken may pass a fief, crown a King
            if s.phase_step != step or s.turn != turn or s.stage != stage:
                # the action's own pieces (a village given as the window
                # closes), and what the phases it ended moved
                touched |= self._next_phase(stage, turn, gates)
        self.record.append((seat, number))
        if phase is not None:
            self.referee.acted(phase, seat)
        self._moved(touched)
        self._acting = acting

    def _next_part(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """Who must act and who may (``_to_act``, ``_may_act``) in a phase
        each seat plays a part of, or a vote, with nothing waiting (no
        attack, passage, battle or custody): the seat whose part it is
        (``current``); None if something waits (read from the game)."""
        s = self.s
        if (s.pending is None and s.passage is None and s.battle is None
                and s.custody_claim is None):
            return (s.current(),), ()
        return None

    def _direct(self, seat: int, action: Any) -> int | None:
        """The frequent actions that end no phase, applied as the rules'
        functions do (less their events): a
        purchase (``FiefState._buy``), a discard (``FiefState._dispatch``),
        a vote not the last (``CourtRules.vote``), most trips from inside a
        village (:meth:`_trip`).
        None of them touches what ends the game (the fiefs). What it may
        have moved of the kept pieces (:data:`_TOUCHES`), or None if it was
        not applied (the game's own ``_apply`` applies it)."""
        s = self.s
        kind = type(action)
        if kind is Buy:
            item, village, count = action.item, action.village, action.count
            s.money[seat] -= s.board.setup.prices[item] * count
            if item == "soldier":
                s.add_soldiers(village, seat, count)
            elif item == "castle":
                s.castles.add(village)
            else:
                counters = s.mills if item == "mill" else s.presses
                counters[village] = counters.get(village, 0) + count
            self._notes.append((item, village))
            return _NOTED_BUY
        elif kind is DiscardCard:
            s.hands[seat].remove(action.card)
            s.discard.append(action.card)
            self._notes.append((action.card,))
            return _NOTED_DISCARD
        elif kind is Vote:
            election = s.election
            if election is None or len(election.votes) + 1 >= self.n:
                return None  # the last vote is counted by the rules
            election.votes[seat] = (action.lord, action.votes)  # CourtRules.vote
            s.acted += 1  # FiefState._court_decision
        else:
            return self._trip(seat, action)
        return _TOUCHES[kind]

    def _paid(self, seat: int, action: Any) -> bool:
        """A payment that leaves the negotiation open (``CourtRules.pay``,
        ``FiefState._negotiate``), applied here, or False (the rules' own
        ``_apply`` applies it). It moves no piece and changes no seat's
        part in the window (who may act, the phase): only the two seats'
        money, hence their menus (``negotiation_moves``: one's gifts and
        money), and the window's count and payments."""
        s = self.s
        if not s.open_seats or s.window_moves + 1 >= s.options["negotiation_actions"]:
            return False
        s.window_moves += 1
        s.paid.append((seat, action.to, action.amount))
        s.money[seat] -= action.amount
        s.money[action.to] += action.amount
        menus = self._menus
        menus.pop(seat, None)
        menus.pop(action.to, None)
        return True

    def _trip(self, seat: int, action: Move) -> int | None:
        """A lord's trip from inside a village to another where he has no
        force at the gate (``WarRules._move``: the trip counted, the
        soldiers taken along): entering it if it is no fief's capital (none
        to take: ``capital_taken``; no gate to merge), or standing
        at its gate to attack, besiege, intrude or ask passage (a new force
        there, ``_join_gate``: the road he came by kept, the passage asked
        of its holder). Noted for the observation's refresh
        (:meth:`_tripped`); None if not one of these."""
        s = self.s
        lord, k, to, stance = action.lord, action.soldiers, action.to, action.stance
        info = s.lords[lord]
        if (info.outside or s.gate(seat, to) is not None or stance == "sortie"
                or (stance == "enter" and s.fiefs and _capital(s, to))):
            return None
        origin = info.village
        trips = s.trips
        trips[lord] = trips.get(lord, 0) + 1  # as ``+= 1`` on the Counter, its Python code not run
        if k:
            s.drop_soldiers(origin, k)
        if stance == "enter":
            info.village, info.outside = to, False
            s.add_soldiers(to, seat, k)
        else:
            info.came_from, info.village, info.outside = origin, to, True
            s._join_gate(seat, to, stance, k)
            if stance == "passage":
                holder = s.controller(to)
                assert holder is not None
                s.passage = (holder, to)
        holding = self._holding
        if holding is not None:  # only these two villages' insides changed
            holding[origin], holding[to] = s.controller(origin), s.controller(to)
            self._held = None
        self._notes.append((lord, origin, to))
        return _NOTED_TRIP

    def _next_phase(self, stage: str, turn: int, gates: bool) -> int:
        """What an action that ended ``stage`` may have moved of the kept
        pieces (``FiefState._next_phase`` and what it runs): nothing from
        the cards to the movement (revenues are money) or from a movement
        with nobody at a gate (no combat: ``resist``, ``fight_battles``);
        the court's after the election (a King crowned or not, the lordless'
        titles to him: ``_crowned_or_not``, ``give_up``); a new turn's
        trips, weather, famine and deal (``_start_turn``); else anything."""
        s = self.s
        if s.turn != turn:
            return _NEW_TURN if stage == NEGOTIATION else _ALL
        if (stage, s.stage) in _QUIET_STEPS or (stage == MOVEMENT and not gates):
            return 0
        if stage in (ELECTION, CONSECRATION) and s.stage in (CONSECRATION, FIEFS, NEGOTIATION):
            return _COURT
        return _ALL

    def _moved(self, touched: int) -> None:
        """The position changed; of the observation's kept pieces, those of
        ``touched`` (bits of :data:`_ALL`) may have."""
        self._menus = {}
        self._acting = None
        self._phase = None
        if touched & _HOLDING:
            self._holding = self._held = None
        self._stale |= touched
        self.over = bool(self.s.over)

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or a pickle keeps: all but the kept pieces' news. The
        game's kept blocks (``arrays._kept``) are made anew for a copied
        state, so the copy brings every piece up to date at its first
        observation, and no trip, purchase or discard noted here is
        written twice."""
        state = self.__dict__.copy()
        state["_stale"], state["_notes"] = _ALL, []
        return state

    def result(self) -> Result:
        """The game's own result (once over)."""
        result: Result = self.s.result()
        return result

    # ----- observation ----------------------------------------------------------------
    def observe(self, seat: int) -> np.ndarray:
        """``FiefEncoding.observe_array`` of the position (:mod:`courtly.games.fief.arrays`),
        its kept blocks brought up to date only where a piece may have moved."""
        s = self.s
        kept = A._kept(s)
        if self._stale:
            self._refresh(kept)
        out = kept.blocks[seat][0][:]
        n = self.n
        at = _layout(n)
        if s.order:
            self._seats(out, seat, kept.votes)
            if s.stage == NEGOTIATION:
                E._negotiation_state(out, at.seats + _NEGOTIATING[n], _ROW[n], s, seat, n)
        else:
            E._seats_state(out, at.seats, s, kept.votes, seat, n)
        A._hand(out, at.phase - 2 * E.DECK.size - 1, s, seat)
        if (s.pending is None and s.battle is None and s.election is None and not s.passage
                and not s.founding and not s.custody_claim and s.order and not s.over):
            E._phase_head(out, at.phase, s, seat, n)  # the rest: nothing waits
        else:
            E._phase_state(out, at.phase, s, seat, n)
        return np.frombuffer(out, np.float32)

    def _seats(self, out: Any, seat: int, votes: list[int]) -> None:
        """``encoding._seats_state`` once the seats sit (their regions and
        places fixed: written from a list kept by seat), but the
        negotiation's part: each seat's money, hand's size, votes and
        tithes, from ``seat``'s chair round."""
        s = self.s
        static = self._static[seat]
        if static is None:
            static = self._static[seat] = _sitting(s, seat, self.n)
        cells, chairs = static
        for k in cells:
            out[k] = 1.0
        numbers = E._seat_numbers
        for k, other in chairs:
            numbers(out, k, s, votes, other)

    def _refresh(self, kept: Any) -> None:
        """Bring the kept pieces up to date: all of them (``_Kept.update``), or
        only those the actions since may have moved, each as ``update``
        compares and writes it; the holders and the votes counted again
        where the lords, the soldiers or the court moved (a purchase's
        soldiers alone go where their buyer holds the village already)."""
        s, stale = self.s, self._stale
        self._stale = 0
        if stale & _NOTED:
            notes, self._notes = self._notes, []
            if not stale & ~_NOTED:
                for note in notes:
                    if len(note) == 3:
                        self._tripped(kept, *note)
                    elif len(note) == 2:
                        self._bought(kept, *note)
                    else:
                        _discarded(kept, *note)
                return
            # compared whole below
            stale |= _LORDS | _SOLDIERS | _TRIPS | _BOUGHT | _COUNTERS | _DISCARD
        if stale & _ALL == _ALL:
            kept.update(s)
            return
        parts, sync = kept.parts, kept._sync
        recount = False
        if stale & _LORDS:
            lords, siege_road = s.lords, s.siege_road
            rows = [(*A._LORD(i), siege_road(i) if i.outside else None) for i in lords.values()]
            names = list(lords)
            if rows != kept.lords or names != kept.names:
                kept.lords, kept.names = rows, names
                sync("lords", dict(zip(names, rows, strict=True)))
                recount = True
        if stale & (_SOLDIERS | _BOUGHT) and s.soldiers != parts["soldiers"].was:
            moved = sync("soldiers", s.soldiers)
            recount |= bool(stale & _SOLDIERS) and moved
        if stale & _COURT:
            recount |= self._court(kept)
        if recount:
            sync("holders", self._holders())
            kept.votes = s.votes()
        if stale & _TRIPS and not _SAME(s.trips, parts["trips"].was):
            sync("trips", s.trips)
        if stale & _COUNTERS:
            if not (_SAME(s.mills, parts["mills"].was) and _SAME(s.presses, parts["presses"].was)):
                sync("mills", s.mills)
                sync("presses", s.presses)
            if s.castles != parts["castles"].was.keys():
                sync("castles", dict.fromkeys(s.castles, True))
        if stale & _PLACES:
            for name in ("weather", "famine"):
                now = getattr(s, name)
                if now != parts[name].was.keys():
                    sync(name, dict.fromkeys(now, True))
        if stale & _GATES:
            _gates(kept, s)
        if stale & _DISCARD and s.discard != kept.discard:
            kept._pile(s.discard)
        if stale & _DECK and len(s.deck) != parts["deck"].was.get("deck", 0):
            sync("deck", {"deck": len(s.deck)})

    def _tripped(self, kept: Any, lord: str, origin: str, to: str) -> None:
        """What ``update`` writes after :meth:`_trip`, piece by piece: the
        lord, the soldiers and the holders of the two villages, his trips,
        the gates if he stands at one (no vote moves)."""
        s = self.s
        info = s.lords[lord]
        row = (*A._LORD(info), s.siege_road(info) if info.outside else None)
        kept.lords[kept.names.index(lord)] = row
        _write(kept, "lords", lord, row)
        holders = self._holders()
        for village in (origin, to):
            _write(kept, "soldiers", village, s.soldiers.get(village))
            _write(kept, "holders", village, holders[village], keep=True)
        _write(kept, "trips", lord, s.trips[lord])
        if info.outside:
            _gates(kept, s)

    def _bought(self, kept: Any, item: str, village: str) -> None:
        """What ``update`` writes after a purchase (``FiefState._buy``): the
        village's soldiers, mills or presses, or castle (its holder, and
        every vote, stay)."""
        s = self.s
        if item == "soldier":
            _write(kept, "soldiers", village, s.soldiers[village])
        elif item == "castle":
            _write(kept, "castles", village, True)
        else:
            counters = s.mills if item == "mill" else s.presses
            _write(kept, "mills" if item == "mill" else "presses", village, counters[village])

    def _court(self, kept: Any) -> bool:
        """``_Kept.update`` of the fiefs, the villages given, the custody and
        the King; whether any moved."""
        s, parts, sync = self.s, kept.parts, kept._sync
        moved = False
        fiefs = s.fiefs
        rows, names = list(map(A._FIEF, fiefs.values())), list(fiefs)
        if rows != kept.fiefs or names != kept.regions:
            kept.fiefs, kept.regions = rows, names
            moved |= sync("fiefs", dict(zip(names, rows, strict=True)))
        if s.given != parts["given"].was:
            moved |= sync("given", s.given)
        if s.custody != parts["custody"].was.keys():
            moved |= sync("custody", dict.fromkeys(s.custody, True))
        if s.king != parts["king"].was.get("king"):
            moved |= sync("king", {"king": s.king})
        return moved


#: A seat's row in the seats' part of the observation (``encoding._seats_state``:
#: its region, its place, its money, hand, votes, tithes, its negotiation),
#: and where the negotiation's numbers start in the first, by player count.
_ROW = {n: E.REGIONS.size + n + 3 + E.TITHES.size + 3 for n in range(2, 9)}
_NEGOTIATING = {n: E.REGIONS.size + n + 3 + E.TITHES.size for n in range(2, 9)}
#: No piece kept (:func:`_write`).
_MISSING = object()


def _sitting(s: FiefState, seat: int, n: int) -> tuple[list[int], list[tuple[int, int]]]:
    """``encoding._seats_state``'s places for ``seat``: the slots of each
    seat's region and place in the order (fixed once they sit), and where
    each seat's numbers start, from ``seat``'s chair round."""
    r_pos, r_size = E.REGIONS.pos, E.REGIONS.size
    numbers, row = r_size + n, _ROW[n]
    at = _layout(n).seats
    cells, chairs = [], []
    for k in range(n):
        other = (seat + k) % n
        r = r_pos.get(s.region[other])
        if r is not None:
            cells.append(at + r)
        if other in s.order:
            cells.append(at + r_size + s.order.index(other))
        chairs.append((at + numbers, other))
        at += row
    return cells, chairs


def _write(kept: Any, name: str, key: str, value: Any, keep: bool = False) -> None:
    """One piece of the kept part ``name`` written as ``_Part.sync`` writes
    it into every seat's block, if it differs from the piece kept: its old
    slots cleared, its new ones set (a piece gone, ``value`` None, cleared
    and forgotten unless ``keep``)."""
    part = kept.parts[name]
    was = part.was
    if value is None and not keep:
        if key in was:
            A._clear(kept.blocks, part.slots.pop(key, ()))
            del was[key]
        return
    if was.get(key, _MISSING) == value:
        return  # as it was: ``sync`` writes only what differs
    blocks, slots = kept.blocks, part.slots
    old = slots.get(key)
    if old:
        A._clear(blocks, old)
    slots[key], cells = _cells(kept.n, name, key, value)
    A._put(blocks, cells)
    was[key] = value


def _cells(n: int, name: str, key: str, value: Any) -> tuple[tuple[int, ...], Cells]:
    """The slots and numbers the writer of ``name`` (``arrays._writers``)
    gives a piece, kept by piece (pieces come back: a lord to a village, a
    count of soldiers)."""
    made = _CELLS.get((n, name, key, value))
    if made is None:
        if len(_CELLS) > 8192:  # a bound, not a policy (as ``arrays._HANDS``)
            _CELLS.clear()
        cells = A._writers(n)[name](key, value)
        made = _CELLS[n, name, key, value] = (tuple(i for i, _ in cells), cells)
    return made


#: :func:`_cells`' pieces written.
_CELLS: dict[tuple[Any, ...], tuple[tuple[int, ...], Cells]] = {}


def _discarded(kept: Any, card: str) -> None:
    """``_Kept._pile`` of one card discarded (the pile kept was the one
    before it): counted in, its slot written."""
    piled = kept.piled
    piled[card] = count = piled.get(card, 0) + 1
    k = E.DECK.pos.get(card)
    if k is not None:
        A._put(kept.blocks, [(_layout(kept.n).phase - E.DECK.size - 1 + k, count / 3)])
    kept.discard.append(card)


def _capital(s: FiefState, village: str) -> bool:
    """Whether ``village`` is a fief's capital (``CourtRules.capital_taken``)."""
    region = s.fief_of(village)
    return region is not None and s.fiefs[region].capital == village


def _gates(kept: Any, s: FiefState) -> None:
    """``_Kept.update`` of the forces at the gates (one piece, all of them)."""
    gates = list(map(A._GATE, s.gates))
    if gates != kept.gates:
        kept.gates = gates
        kept._sync("gates", {"gates": tuple(sorted(gates, key=A._FIRST))} if gates else {})


class _Menu:
    """A seat's menu: a few numbers and runs of numbers (``range``: a
    count's every value, one number after another), whether a number is in
    it and its mask's ones found without a set or a list of every number."""

    __slots__ = ("few", "listed", "runs")

    def __init__(self, few: list[int], runs: list[range] | None = None) -> None:
        self.few, self.runs = few, runs
        self.listed: list[int] | None = None if runs else few

    def numbers(self) -> list[int]:
        """Every number, the few first (made when first asked)."""
        listed = self.listed
        if listed is None:
            listed = self.listed = [*self.few]
            for run in self.runs or ():
                listed += run
        return listed

    def __contains__(self, number: object) -> bool:
        if number in self.few:
            return True
        # a loop, not any(): no generator made for each number asked (is_legal's cost halved)
        for run in self.runs or ():  # noqa: SIM110
            if number in run:
                return True
        return False

    def mark(self, mask: np.ndarray) -> None:
        """1 in ``mask`` (int8, contiguous) at every number: a run is set as
        one slice of the mask's bytes (numpy's own slice assignment costs
        three times as much a run)."""
        few, runs = self.few, self.runs
        if not runs and len(few) < 8:
            for k in few:
                mask[k] = 1
            return
        view = mask.data.cast("B")
        for k in few:
            view[k] = 1
        ones = _ONES
        for run in runs or ():
            start, stop = run.start, run.stop
            k = stop - start
            view[start:stop] = ones[k] if k < _LONG else b"\x01" * k


#: The menu of a seat that may not act.
_NONE = _Menu([])
#: Runs of ones, by length, shorter than ``_LONG`` (:meth:`_Menu.mark`).
_LONG = 256
_ONES = [b"\x01" * k for k in range(_LONG)]


class _Board:
    """What the trips of one movement menu read of the position, gathered
    once: each village's holder (``controller``), the forces at the gates
    by owner and village and by village, the regions under bad weather
    (:class:`~courtly.games.fief.war.WarRules`, "Phase 4")."""

    def __init__(self, s: FiefState, table: Numbers, holders: dict[str, int | None]) -> None:
        self.s = s
        self.table = table
        self.holders = holders
        self.gates = {(g.owner, g.village): g for g in s.gates}
        #: The forces at each village's gate, in the gates' order.
        self.at: dict[str, list[Any]] = {}
        for g in s.gates:
            self.at.setdefault(g.village, []).append(g)
        self.weather = s.weather
        self.region = _REGION_OF
        self.neighbours = s.board.neighbours

    def trips(self, lord: str, seat: int) -> list[range]:
        """``moves_for``'s trips of one lord (``_soldier_bounds``,
        ``_destinations``, ``_weather_cap``), as runs of numbers."""
        low, high = self._bounds(lord)
        out: list[range] = []
        move = self.table.move
        weather, region = self.weather, self.region
        for to, stances in self._destinations(lord):
            top = 0 if weather and region[to] in weather else high
            if low <= top:
                for stance in stances:
                    first = move[lord, to, stance]
                    out.append(range(first + low, first + top + 1))
        return out

    def _at_gate(self, owner: int, village: str) -> list[str]:
        """``lords_at(owner, village, True)``."""
        return sorted(lord for lord, i in self.s.lords.items() if i.owner == owner
                      and i.village == village and i.outside)

    def _bounds(self, lord: str) -> tuple[int, int]:
        """``_soldier_bounds`` (``movable_soldiers``): those with him, none
        for a bishop or out of bad weather; all of a gate's when he is its last lord."""
        i = self.s.lords[lord]
        if i.bishop or (self.weather and self.region[i.village] in self.weather):
            high = 0
        elif i.outside:
            force = self.gates.get((i.owner, i.village))
            high = force.soldiers if force else 0
        else:
            owner, count = self.s.soldiers.get(i.village, (i.owner, 0))
            high = count if owner == i.owner else 0
        low = high if i.outside and not i.bishop and self._at_gate(
            i.owner, i.village) == [lord] else 0
        return low, high

    def _destinations(self, lord: str) -> list[tuple[str, tuple[str, ...]]]:
        """``WarRules._destinations``: from inside, every road (a besieged
        lord only breaks out); from a gate, by ``_roads_from_gate`` unless
        held there, and a siege turned to an assault."""
        i = self.s.lords[lord]
        here = i.village
        if i.outside:
            force = self.gates.get((i.owner, here))
            if force is None or force.stance in ("attack", "sortie"):
                return []
            out = [] if self._held(lord, i, force) else [
                (to, self._stances(i.owner, to)) for to in self._roads(i, force)]
            if force.stance == "siege":
                out.append((here, SIEGE_BECOMES))
            return [(to, st) for to, st in out if st]
        if self._besieged(here):
            return [(here, ("sortie",))]
        return [(to, st) for to in self.neighbours[here] if (st := self._stances(i.owner, to))]

    def _held(self, lord: str, i: Any, force: Any) -> bool:
        """``WarRules._held_at_gate``."""
        return (bool(force.soldiers)
                and (i.bishop is not None
                     or (bool(self.weather) and self.region[force.village] in self.weather))
                and self._at_gate(i.owner, force.village) == [lord])

    def _roads(self, i: Any, force: Any) -> tuple[str, ...]:
        """``WarRules._roads_from_gate`` (``siege_road``)."""
        if force.stance == "siege" and i.came_from in self.neighbours[i.village]:
            return (i.came_from,)
        return tuple(self.neighbours[force.village])

    def _besieged(self, village: str) -> bool:
        """``WarRules.besieged``."""
        holder = self.holders[village]
        return any(g.stance == "siege" and g.owner != holder for g in self.at.get(village, ()))

    def _stances(self, seat: int, to: str) -> tuple[str, ...]:
        """``WarRules._stances``: enter a free or own village; at another's,
        attack, besiege or ask passage, unless two forces converge there or
        another besieges it; intrude into an empty village of his fief."""
        holder = self.holders[to]
        if holder is None or holder == seat:
            return _ENTER
        s = self.s
        if s.fiefs and s.fief_owner(to) == holder and s._pieces_inside(to) is None:
            return _INTRUDE
        if (seat, to) not in self.gates:
            others = [g for g in self.at.get(to, ()) if g.owner not in (seat, holder)]
            if len(others) >= 2 or any(g.stance == "siege" for g in others):
                return ()
        return _AT_ANOTHERS


#: The phases whose menus the engine makes itself (else the game's own).
_MENUS = {NEGOTIATION: FastFief._negotiation, MOVEMENT: FastFief._movement,
          PURCHASES_PHASE: FastFief._purchases, CARDS: FastFief._cards,
          ELECTION: FastFief._votes}
_ENTER, _INTRUDE = ("enter",), ("intrude", "passage")
_AT_ANOTHERS = ("attack", "siege", "passage")
#: Each village's region.
_REGION_OF = {v: village.region for v, village in default_board().villages.items()}


#: The kept pieces of the observation (``arrays._Kept``) an action may move,
#: as bits: the lords; the soldiers inside villages; a purchase's soldiers
#: (where the buyer holds already); the court (fiefs, villages given,
#: custody, King); the trips; the mills, presses and castles; bad weather
#: and famine; the gates; the discard pile; the deck. All of them: any.
(_LORDS, _SOLDIERS, _BOUGHT, _COURT, _TRIPS, _COUNTERS, _PLACES, _GATES, _DISCARD,
 _DECK) = (1 << k for k in range(10))
_ALL = (1 << 10) - 1
#: The trips (:meth:`FastFief._trip`), purchases and discards noted, written
#: piece by piece.
_NOTED_TRIP, _NOTED_BUY, _NOTED_DISCARD = 1 << 10, 1 << 11, 1 << 12
_NOTED = _NOTED_TRIP | _NOTED_BUY | _NOTED_DISCARD
#: What the holders read (``FiefState.holders``: who is inside, the fiefs;
#: a trip applied here brings them up to date itself, :meth:`FastFief._trip`).
_HOLDING = _LORDS | _SOLDIERS | _COURT
#: A new turn's (``_start_turn``: trips and weather anew, the deal).
_NEW_TURN = _TRIPS | _PLACES | _DECK | _DISCARD
#: What each kind of action may move, the phase going on: a payment, a
#: Done, a vote or an end of turn no piece; a purchase its counters
#: (``FiefState._buy``); a discard, an exchange or a tithe the discard pile
#: (and an exchange the deck: ``_exchange``, ``_spend``); a lord laid, the
#: lords and the titles waiting for him (``_lay_lord``, ``titles_back``); a
#: trip, where no fief is, the lords, soldiers, gates and trips
#: (``WarRules._move``); an assassin sent the discard pile (the answer
#: waits); a bishop made or a cardinal taken a lord (``_play_card``); any
#: other, anything (an attack on a region or its answer: see ``apply``).
_TOUCHES: dict[type, int] = {
    Pay: 0, Done: 0, Vote: 0, EndTurn: 0, Buy: _BOUGHT | _COUNTERS,
    Move: _LORDS | _SOLDIERS | _TRIPS | _GATES, DiscardCard: _DISCARD,
    ExchangeCard: _DISCARD | _DECK, Tithe: _DISCARD, PlayLord: _LORDS | _COURT,
    Assassinate: _DISCARD, PlayBishop: _LORDS, TakeCardinal: _LORDS}
#: The kinds of action :meth:`FastFief._direct` applies itself.
_DIRECT = frozenset({Buy, DiscardCard, Vote, Move})
#: The phases that end at an end of turn moving no piece (``FiefState._next_phase``:
#: the revenues collected are money; the purchases and the movement begin with nothing).
_QUIET_STEPS = frozenset({(CARDS, REVENUES), (REVENUES, PURCHASES_PHASE),
                          (PURCHASES_PHASE, MOVEMENT)})
#: The phases each seat plays a part of, ended by its end of turn (``_end_part``).
_PARTS = frozenset({CARDS, REVENUES, PURCHASES_PHASE, MOVEMENT})
#: Two dicts compared as plain dicts (as ``arrays`` does: in C).
_SAME = dict.__eq__


class FastTable(BaseTable):
    """The environments' table on :class:`FastFief` (see
    :class:`~courtly.rl.fast.table.FastTable`)."""

    def engine(self, dealt: State) -> FastFief:
        """Fief's fast engine of the game ``dealt``."""
        assert isinstance(dealt, FiefState)
        return FastFief(dealt, self.numbering, self.action_numbers, self.window_actions)

    @functools.cached_property
    def action_numbers(self) -> Numbers:
        """This configuration's :class:`Numbers`."""
        return Numbers(self.numbering, self.num_players)


