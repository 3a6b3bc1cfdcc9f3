"""Courtisans de Versailles' fast engine (courtly.rl.fast): the game's own
rules, stepped for the research environments without what an environment's
step never reads.

Unlike Courtisans' engine, this one does not write the rules a second time.
Versailles' rules are long (requests, audiences, office powers, the cards
played on the court, deaths, wars, the Bastille, the regency: ``play.py``
and ``court.py``); its menus of a player-turn already keep what they made
for a court (``PlayRules.court_memos``) and its observation is already made
of kept parts (``VersaillesEncoding.observe_array``). So the engine keeps
the game's own :class:`VersaillesState`, dealt by the game's ``new_game``,
and does itself only what a step of the environment spends its time on
around the rules:

- the referee (``Table.due``): a :class:`~courtly.core.Referee` followed
  as ``Table`` follows its own, the state's phase read only where it counts
  (a player-turn's seat read directly, a window's phase made as the state
  makes it);
- the negotiation window (§7.2; ``VersaillesState._window_moves`` and
  ``_negotiate``): its menu as action numbers (Done, paying each other
  player 500, 1,000, ... livres up to one's fortune, showing each kind of
  card held to each), its mask kept by the seat's hand, a payment to or
  from the seat moving only its run of payments; whether a number is
  legal, read from the number; and its moves applied directly (a payment,
  a showing, Done; the window's close is the rules' own ``_close_window``);
- the gifts (§7.41) applied directly (the cards moved, an action spent),
  then the rules' own ``_after``;
- the player-turn's menu (§7.41; ``VersaillesState._turn_moves``) as
  numbers: discarding or ending the turn, drawing, the gifts (read from the
  hand's kinds in a table of each seat's gifts, kept by the hand and
  extended as cards join its end; a gift is legal when among them) made
  here; the takings from the King's House numbered by the House; what
  reads the court alone (each card's plays or requests, the audiences, the
  office powers) asked of the rules once and numbered, kept by the court
  (``court_memos``'s key and the powers used) while only moves that leave
  it as it was are played (:data:`COURT_KEPT`), a card's uses also beside
  the rules' own memo of them (and made, when that memo lacks them too,
  by the rules' ``_uses_of`` under ``hand_moves``' own key, the user read
  once for a menu's new cards); its mask (the gifts set as their run's
  bytes, kept by seat and hand: ``Numbers.gift_rows``) kept for the
  position (whether a number is legal read there), and brought to the next
  by a gift after
  which the player-turn goes on with an action left (the given kinds'
  uses, gifts and discards cleared: :meth:`FastVersailles._given_away`);
- every other move, and every other stage's menu (the sexes, the heirs'
  parties, the court's location, the Grand Chamberlain's fines): the
  rules' own (``_apply``, ``legal_actions``), so the dice and the draws are
  the state's own RNG's, called in the same order.

The observation is the game's own (``observe_array`` of the same state),
kept for each seat within a game turn while only the window's moves, the
gifts and the moves of :data:`CHANGES` are played: a payment and a gift
write their few numbers into the kept observations at once; the others
mark the parts they changed (the fortunes, the hands, the piles, the
court, the turn's part or only its negotiators or player-turn), which
alone are written again when next observed, by the encoding's own parts
(``court_bytes``, ...). The result is the game's own too. The menus'
numbers are the menu's, not in its order (a mask has none). What it
skips is the record of actions and events, the views and the phases;
``tests/test_rl_fast.py`` checks seat, mask, observation and rewards step
for step against the game's environment, on every configuration and on
whole games (deaths, wars, regencies, exiles).
"""

from __future__ import annotations

import functools
from itertools import chain
from typing import Any, NamedTuple

import numpy as np

from courtly.core import REFEREE, Action, Done, Numbering, Phase, Referee, Result, State, TimeUp
from courtly.games.versailles.actions import (
    PAY_UNIT,
    Discard,
    Draw,
    EndTurn,
    GiveCards,
    Pay,
    SetLocation,
    ShowCard,
    TakeFromHouse,
)
from courtly.games.versailles.courtier import BASTILLE, COURT
from courtly.games.versailles.encoding import _FORTUNE as FORTUNE
from courtly.games.versailles.encoding import (
    BUNDLES,
    CARD_IDS,
    CARDS,
    ENCODING,
    MAX_COPIES,
    OFFICE,
    STAGES,
    _blocks,
    _layout,
    court_bytes,
    hand_bytes,
    pay_bound,
    piles_bytes,
    turn_bytes,
)
from courtly.games.versailles.play import _HAND_KEYS as HAND_KEYS
from courtly.games.versailles.rules import (
    ACTIONS_PER_TURN,
    HAND_LIMIT,
    NEGOTIATION,
    NEGOTIATION_SECONDS,
    PLAY,
    WINDOW_MOVES_PER_PLAYER,
    VersaillesState,
    house_takings,
)
from courtly.rl.fast.table import TIME_UP
from courtly.rl.fast.table import FastTable as BaseTable

#: Whose menus a position's are (:attr:`FastVersailles.where`): the
#: negotiation window's, the player-turn's (§7.2, §7.41; no breach awaiting
#: the Grand Chamberlain, the game going on), or the rules' own.
ELSEWHERE, WINDOW, TURN = 0, 1, 2
#: What a number of the window does (:attr:`Numbers.window`): nothing there,
#: Done, a payment, a showing.
OTHER, DONE, PAY, SHOW = 0, 1, 2, 3
#: What a move changes of a kept observation (:meth:`FastVersailles.observe`),
#: by its parts, written again when next observed: the fortunes; the
#: hands' sizes and one's own hand; the discards and the draw pile; the
#: court (to the discards); the turn's part (after the hand) whole, or of
#: it only the seats still negotiating, or whose player-turn it is and its
#: actions left (all that moves of the turn's part in a round of play,
#: while the game turn goes on: the stage, the turn, the Grand Chamberlain,
#: the powers used and the offices moved stay). The Register's lines but
#: their fortunes and hands' sizes change with no move that keeps
#: observations. A payment and a gift, the commonest moves, are written
#: into the kept observations at once, number by number
#: (:meth:`FastVersailles._paid`, :meth:`FastVersailles._given`).
FORTUNES, HANDS, PILES, COURT_PART, TURN_PART, OPEN, CURRENT = 1, 2, 4, 8, 16, 32, 64
#: The moves applied by the rules' ``_apply`` after which the kept
#: observations are kept, and what each changes (§7.41, §7.3, §7.2): in the
#: round of play, the player-turn and the fortunes wherever a player-turn
#: may end with the move (its income); as long as the game turn goes on
#: (else all is let go).
CHANGES: dict[type[Action], int] = {
    Draw: PILES | HANDS | CURRENT | FORTUNES,
    TakeFromHouse: COURT_PART | HANDS | CURRENT | FORTUNES,
    Discard: PILES | HANDS,
    EndTurn: CURRENT | FORTUNES,
    SetLocation: COURT_PART | TURN_PART,
    TimeUp: TURN_PART,
}
_TIME_UP = TimeUp()
#: The actions that change nothing the menus' court parts read (places,
#: sexes, spouses, cards laid, standings, the sovereigns, the wars, the
#: location, the offices moved and powers used: ``PlayRules.court_key``
#: and ``court_memos``'s key), unless the game turn ends with them (a new
#: turn presents courtiers, ends a regency, forgets the powers used): the
#: hands, the piles, the King's House, fortunes and whose turn it is.
COURT_KEPT = frozenset({Draw, GiveCards, Discard, TakeFromHouse, EndTurn, Pay, ShowCard,
                        Done, TimeUp, SetLocation})
#: Each card's place in ``CARD_IDS`` (the menus' order; the gifts are
#: looked up by these places, :attr:`Numbers.giving`).
CARD_INDEX = {card: k for k, card in enumerate(CARD_IDS)}
KINDS = len(CARD_IDS)
#: The key of a card's numbered uses beside the rules' own memo of them.
NUMBERED = "numbered"
#: The courts whose numbered menu parts are kept before all are let go.
COURTS_KEPT = 256
#: The hands whose gifts' bytes are kept before all are let go: a row is some
#: 2.7 kB at two players, 11 kB at eight, and a hand comes back in one
#: player-turn in six or five (random play), as often with 256 kept as with 4,096.
GIFT_ROWS_KEPT = 256


class _GiftRows(dict[tuple[Any, ...], bytes]):
    """:attr:`Numbers.gift_rows`: a cache, left out of copies and pickles
    (an environment copied carries its numbering, not these megabytes)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_GiftRows, ())


class Numbers(NamedTuple):
    """One configuration's numbers of the window's actions (§7.2): Done,
    each payment to each seat by units of 500 livres (``pay[to][u - 1]``),
    each card shown to each seat (``show[to][card]``, cards in
    ``CARD_IDS``'s order); and for every number what it does in the window
    (``window[k]``: (:data:`OTHER`,), (:data:`DONE`,), (:data:`PAY`, to,
    amount) or (:data:`SHOW`, to, card)); the turn's Draw, EndTurn and
    each card's Discard (§7.41); each seat's gifts to each other seat in
    turn (``to``, the seat's others in order), cards by their places in
    ``CARD_IDS``: of one card k (``giving[seat][to][k][k]``), of two kinds
    k < m (``giving[seat][to][k][m]``), of one kind twice
    (``doubles[seat][to][k]``; -1 where the deck has one copy); and the
    range of the gifts' numbers."""

    done: int
    pay: list[list[int]]
    show: list[list[int]]
    window: list[tuple[Any, ...]]
    draw: int
    end_turn: int
    discard: list[int]
    giving: list[list[list[list[int]]]]
    doubles: list[list[list[int]]]
    gifts: tuple[int, int]
    #: Each seat's gifts by hand (the seat, then the hand's cards sorted) as
    #: the mask's bytes over ``gifts``' run, made when first met
    #: (``FastVersailles._gift_row``).
    gift_rows: dict[tuple[Any, ...], bytes]


def numbers(numbering: Numbering, n: int, goal: int) -> Numbers:
    """The configuration's :class:`Numbers`, read from its numbering."""
    window: list[tuple[Any, ...]] = [(OTHER,)] * numbering.size
    done = numbering.index(Done())
    window[done] = (DONE,)
    pay: list[list[int]] = []
    show: list[list[int]] = []
    for to in range(n):
        row = [numbering.index(Pay(to, amount))
               for amount in range(PAY_UNIT, pay_bound({"goal": goal}) + 1, PAY_UNIT)]
        for k, number in enumerate(row):
            window[number] = (PAY, to, PAY_UNIT * (k + 1))
        if row != list(range(row[0], row[0] + len(row))):
            raise ValueError("versailles: a seat's payments are not a run of numbers")
        pay.append(row)
        shows = [numbering.index(ShowCard(to, card)) for card in CARD_IDS]
        for card, number in zip(CARD_IDS, shows, strict=True):
            window[number] = (SHOW, to, card)
        show.append(shows)
    # a bundle's number to each seat, by its kinds' places (k, k for one card)
    # and by (k, -1) for one kind twice
    gift: dict[tuple[int, int], list[int]] = {}
    for bundle in BUNDLES:
        k, m = CARD_INDEX[bundle[0]], CARD_INDEX[bundle[-1]]
        gift[(k, -1) if len(bundle) == 2 and k == m else (k, m)] = [
            numbering.index(GiveCards(to, bundle)) for to in range(n)]
    none = [-1] * n  # a bundle the deck cannot make (one copy of the kind)
    giving = [[[[gift[min(k, m), max(k, m)][to] for m in range(KINDS)] for k in range(KINDS)]
               for to in range(n) if to != seat] for seat in range(n)]
    doubles = [[[gift.get((k, -1), none)[to] for k in range(KINDS)]
                for to in range(n) if to != seat] for seat in range(n)]
    every = [x for row in gift.values() for x in row]
    return Numbers(done, pay, show, window, numbering.index(Draw()), numbering.index(EndTurn()),
                   [numbering.index(Discard(card)) for card in CARD_IDS], giving, doubles,
                   (min(every), 1 + max(every)), _GiftRows())


class FastVersailles:
    """A game of Courtisans de Versailles stepped for the environments (see
    the module docstring): ``dealt`` is the game's own new game, played on."""

    def __init__(self, dealt: VersaillesState, numbering: Numbering, table: Numbers,
                 window_actions: int) -> None:
        self.state = dealt
        self.numbering, self.numbers = numbering, table
        self.num_players = dealt.num_players
        self.window_actions = window_actions
        self.over = dealt.over
        #: Whose menus these are (:data:`WINDOW`, ...), read after each move.
        self.where = self._where()
        self.record: list[tuple[int, int]] = []
        #: The referee's rule, followed as ``Table`` follows its own.
        self.referee = Referee(window_actions)
        #: The phase ``due`` read at this position, and whether it found
        #: the referee counting nothing (``Table.phase_now``, ``Table.uncounted``).
        self.phase_now: Phase | None = None
        self.uncounted = False
        #: The menus of this position by seat, and their sets.
        self.menus: dict[int, list[int]] = {}
        self.legal: dict[int, frozenset[int]] = {}
        #: The player-turn's mask of this position, by seat (:meth:`mark`),
        #: brought to the next by a gift the player-turn goes on after
        #: (:meth:`_given_away`).
        self.turn_mask: dict[int, np.ndarray] = {}
        #: The turn's menus but their gifts, by seat.
        self.small: dict[int, list[int]] = {}
        #: Each seat's last window mask (:meth:`_window_mask`), with the
        #: units of 500 livres it could pay and the hand it was made for.
        self.window_memo: dict[int, tuple[int, list[str], np.ndarray]] = {}
        #: The menus' parts that read the court alone, numbered, kept while
        #: only actions of :data:`COURT_KEPT` are applied in a game turn.
        self.court: dict[Any, Any] | None = None
        self.courts: dict[tuple[Any, ...], dict[Any, Any]] = {}
        #: Each seat's last observation (an array, its bytes and its
        #: numbers) and what the moves since changed of it (:data:`FORTUNES`, ...):
        #: kept within a game turn while only the window's moves, gifts and
        #: the moves of :data:`CHANGES` are played (:meth:`observe`).
        self.seen: dict[int, list[Any]] = {}
        n = self.num_players
        self.layout, self.blocks = _layout(n), _blocks(n)
        #: Where each seat's Register line starts in each seat's observation
        #: (``lines[observer][seat]``).
        self.lines = [[self.layout.courtiers + (who - seat) % n * self.layout.courtier
                       for who in range(n)] for seat in range(n)]
        #: Where the seat's own hand's counts and the turn's actions left are
        #: (``observe_array``'s parts, ``_turn_block``).
        self.hand_at = self.layout.courtiers + n * self.layout.courtier
        self.actions_at = self.blocks.turn + STAGES.size + 2 + 2 * n
        #: Where the turn's open seats and payments start (``_turn_block``).
        self.open_at = self.blocks.turn + STAGES.size + 2 + 2 * n + 1
        self.paid_at = self.open_at + n + 2 * OFFICE.size + n
        #: Each seat's last gifts, with the hand they were made for.
        self.gift_memo: dict[int, tuple[tuple[str, ...], list[int]]] = {}
        #: The takings from the King's House by its cards.
        self.house_numbers: dict[tuple[str, ...], list[int]] = {}

    # ----- the referee --------------------------------------------------------------
    def due(self) -> int | None:
        """The seat to act by the referee's rule, applying (and recording)
        its time-ups (``Table.due``, step for step); None once over."""
        state, referee = self.state, self.referee
        while not state.over:
            where = self.where
            if not referee.counting:
                if where == TURN:  # _to_act: the player-turn's seat; _may_act: none
                    self.uncounted = True
                    seat: int = state.order[state.pos]
                    return seat
                to_act = state._to_act()
                if to_act and not state._may_act():
                    self.uncounted = True
                    return to_act[0]
            # the window's phase, as the state's ``phase`` makes it (no breach)
            phase = (Phase(NEGOTIATION, (), tuple(state.open_seats), NEGOTIATION_SECONDS)
                     if where == WINDOW else state.phase)
            seat = referee.next_seat_in(phase)
            if seat != REFEREE:
                self.phase_now = phase
                return seat
            if not phase.referee_may_act:
                raise RuntimeError(f"versailles: nobody may act in phase {phase.name}")
            self._applied(REFEREE, _TIME_UP)
            self.record.append((REFEREE, TIME_UP))
            referee.acted(phase, REFEREE)
        return None

    def acting(self) -> list[int]:
        """The seats that must act, then those that may; [] once over."""
        state = self.state
        return [] if state.over else [*state._to_act(), *state._may_act()]

    # ----- menus --------------------------------------------------------------------
    def _where(self) -> int:
        """:attr:`where`, read from the state."""
        state = self.state
        if state.over or state.breaches:
            return ELSEWHERE
        return WINDOW if state.stage == NEGOTIATION else TURN if state.stage == PLAY else ELSEWHERE

    def menu(self, seat: int) -> list[int]:
        """The numbers of the seat's legal actions (``State.legal_actions``);
        [] for what is no seat (kept by seat: a bool or a numpy integer
        equal to a seat must not stand for it)."""
        if type(seat) is not int:
            return []
        menu = self.menus.get(seat)
        if menu is None:
            menu = self.menus[seat] = self._menu(seat)
        return menu

    def _menu(self, seat: int) -> list[int]:
        """:meth:`menu`, made: the window's (§7.2) or the player-turn's
        (§7.41) on numbers where no breach waits, else the rules' own
        ``_legal_set``, numbered; [] for a seat out of range or once over."""
        state = self.state
        if state.over or not 0 <= seat < self.num_players:
            return []
        if self.where == WINDOW:
            return self._window_menu(seat) if seat in state.open_seats else []
        if self.where == TURN:
            return self._turn_menu(seat) if seat == state.order[state.pos] else []
        return self.numbering.indices(state._legal_set(seat))

    def _turn_menu(self, seat: int) -> list[int]:
        """``VersaillesState._turn_moves`` as numbers (§7.41): discards
        above the hand limit, else ending the turn; the office powers; with
        an action left, drawing, taking from the King's House, the hand's
        plays and requests, the audiences, the gifts. What reads the court
        alone (powers, each card's plays or requests, audiences) is numbered
        once for the court (:attr:`court`), whatever the hand. The numbers
        are the menu's, not in its order (a mask has none)."""
        out = self._turn_small(seat)
        state = self.state
        if state.actions_left <= 0:
            return out
        hand = state.hands[seat]
        held = tuple(hand)
        kept = self.gift_memo.get(seat)
        if kept is None or kept[0] != held:  # kept while the hand is the same (an audience)
            if kept is not None and held[:len(kept[0])] == kept[0]:  # cards drawn, taken, given
                gifts = kept[1]
                for k in range(len(kept[0]), len(held)):
                    gifts = gifts + self._gained(seat, held[:k], held[k])
            else:
                gifts = self._gifts(seat, hand, sorted(set(hand)))
            kept = self.gift_memo[seat] = (held, gifts)
        return out + kept[1]

    def _turn_small(self, seat: int) -> list[int]:
        """:meth:`_turn_menu` without its gifts (kept in :attr:`small`)."""
        state = self.state
        table = self.numbers
        hand = state.hands[seat]
        kinds = sorted(set(hand))
        if len(hand) > HAND_LIMIT:
            out = [table.discard[CARD_INDEX[card]] for card in kinds]
        else:
            out = [table.end_turn]
        court = self.court
        if court is None:
            court = self._court()
        c = state.courtiers[seat]
        if c.cards and c.place == COURT:
            out += self._powers(seat, court)
        if state.actions_left > 0:
            if state.pile or state.discard:
                out.append(table.draw)
            if c.place == COURT:
                out += self._takings(tuple(state.house))
            out += self._court_moves(seat, kinds, court)
        self.small[seat] = out
        return out

    def _powers(self, seat: int, court: dict[Any, Any]) -> list[int]:
        """The seat's office powers (``PlayRules.power_moves``), numbered once
        for the court."""
        part: list[int] | None = court.get(("powers", seat))
        if part is None:
            part = court["powers", seat] = self.numbering.indices(
                list(self.state.power_moves(seat)))
        return part

    def _court_moves(self, seat: int, kinds: list[str], court: dict[Any, Any]) -> list[int]:
        """The plays and requests of the hand's kinds of card, then the
        audiences (``PlayRules.hand_moves``, ``audience_moves``), numbered
        once for the court."""
        uses = court.get(seat)
        if uses is None:
            uses = court[seat] = {}
        missing = [card for card in kinds if card not in uses]
        if missing:
            self._number_uses(seat, missing, uses)
        out = list(chain.from_iterable(map(uses.__getitem__, kinds)))
        part = court.get(("audiences", seat))
        if part is None:
            part = court["audiences", seat] = self.numbering.indices(
                self.state.audience_moves(seat, self._memos()))
        return out + part

    def _number_uses(self, seat: int, cards: list[str], uses: dict[str, list[int]]) -> None:
        """The numbers of ``PlayRules.hand_moves`` of each of ``cards`` into
        ``uses``, each kept beside the rules' own memo of its uses, by the
        same key (so kept while the court keeps that memo: a standing moved
        keeps the uses of every card that reads no standing). A card's uses
        missing from the rules' memo too are made as ``hand_moves`` makes
        them (``_uses_of``, kept in its memo by its key), its reading of the
        user done once for all the cards."""
        state = self.state
        me = state.courtiers[seat]
        # hand_moves' own reading of the user: what its memos' keys hold
        asks = me.place == COURT and state.track("king") is not None
        owners: list[Any] = [seat if me.place == BASTILLE else (me.place, me.sex),
                             None, seat, seat]
        memos = self._memos()
        indices = self.numbering.indices
        for card in cards:
            which, mode = HAND_KEYS[card]
            if mode == 1:
                if not asks:
                    uses[card] = []  # the rules' hand_moves asks nothing
                    continue
                if owners[1] is None:  # read once, only for a request
                    owners[1] = state.queen_route_open(seat)
            elif mode == 3 and not asks:
                uses[card] = []
                continue
            memo = memos[which]
            owner = owners[mode]
            key = (NUMBERED, owner, card)
            numbers: list[int] | None = memo.get(key)
            if numbers is None:
                found = memo.get((owner, card))  # hand_moves' own key
                if found is None:
                    found = memo[owner, card] = state._uses_of(seat, card, memos)
                numbers = memo[key] = indices(found)
            uses[card] = numbers

    def _gifts(self, seat: int, hand: list[str], kinds: list[str]) -> list[int]:
        """``rules.gifts`` as numbers: each kind held, each pair of kinds, a
        kind twice if held twice, to each other seat (§7.41)."""
        index = [CARD_INDEX[card] for card in kinds]
        out: list[int] = []
        for rows in self.numbers.giving[seat]:  # one card of k, then k with each later kind
            out += [rows[k][m] for i, k in enumerate(index) for m in index[i:]]
        if len(kinds) < len(hand):
            twice = [k for k, card in zip(index, kinds, strict=True) if hand.count(card) > 1]
            for doubles in self.numbers.doubles[seat]:
                out += [doubles[k] for k in twice]
        return out

    def _gift_row(self, seat: int) -> bytes:
        """The seat's gifts (:meth:`_gifts`) as the mask's bytes over the
        gifts' run of numbers, kept by seat and hand for the configuration
        (:attr:`Numbers.gift_rows`): a mask's put of a list costs by its
        numbers (some 200 gifts against a hand of five), a run's bytes
        written at once do not."""
        hand = self.state.hands[seat]
        key = (seat, *sorted(hand))
        rows = self.numbers.gift_rows
        row = rows.get(key)
        if row is None:
            if len(rows) >= GIFT_ROWS_KEPT:
                rows.clear()
            low, high = self.numbers.gifts
            made = bytearray(high - low)
            for number in self._gifts(seat, hand, sorted(set(hand))):
                made[number - low] = 1
            row = rows[key] = bytes(made)
        return row

    def _gained(self, seat: int, before: tuple[str, ...], card: str) -> list[int]:
        """The gifts a hand ``before`` lacked once ``card`` joins it (§7.41):
        the card alone and with each kind held if it is a new kind, the
        kind twice if it was held once, nothing if held twice already."""
        k = CARD_INDEX[card]
        had = before.count(card)
        if had:
            return [doubles[k] for doubles in self.numbers.doubles[seat]] if had == 1 else []
        index = [k, *[CARD_INDEX[other] for other in set(before)]]
        return [rows[k][m] for rows in self.numbers.giving[seat] for m in index]

    def _court(self) -> dict[Any, Any]:
        """The numbered parts kept for this court: by everything the rules'
        memos read (``PlayRules.court_memos``'s key) and the powers used
        (``power_moves``); those of the courts met lately are kept, as the
        rules keep their memos (the court comes back to where it was)."""
        state = self.state
        key = (state.location, state.king_alive, state.queen_alive, state.regency,
               state.secret_wife, tuple(state.wars), frozenset(state.offices_moved),
               frozenset(state.powers_used),
               tuple([(c.place, c.sex, c.spouse, c.used_poison, c.used_philtre, c.king,
                       c.queen, *c.cards) for c in state.courtiers]))
        store = self.courts
        court = store.get(key)
        if court is None:
            if len(store) >= COURTS_KEPT:
                store.clear()
            court = store[key] = {}
        self.court = court
        return court

    def _memos(self) -> Any:
        """The rules' menus' memos of this court (``PlayRules.court_memos``)."""
        court = self.court
        assert court is not None
        memos = court.get("memos")
        if memos is None:
            memos = court["memos"] = self.state.court_memos()
        return memos

    def _takings(self, house: tuple[str, ...]) -> list[int]:
        """Taking each kind of card in the King's House (``house_takings``)."""
        numbers = self.house_numbers.get(house)
        if numbers is None:
            if len(self.house_numbers) >= 256:
                self.house_numbers.clear()
            numbers = self.house_numbers[house] = self.numbering.indices(house_takings(house))
        return numbers

    def _window_menu(self, seat: int) -> list[int]:
        """``VersaillesState._window_moves`` as numbers: Done, the payments
        to each other seat, each kind of card held shown to each."""
        state = self.state
        units = max(0, state.courtiers[seat].fortune) // PAY_UNIT
        table = self.numbers
        others = [to for to in range(self.num_players) if to != seat]
        menu = [table.done]
        for to in others:
            menu += table.pay[to][:units]
        kinds = [CARD_INDEX[card] for card in sorted(set(state.hands[seat]))]
        for to in others:
            row = table.show[to]
            menu += [row[k] for k in kinds]
        return menu

    def mark(self, seat: int, mask: np.ndarray) -> None:
        """Set ``mask`` to 1 at the seat's menu's numbers (``Table.mask``,
        acting); a window's mask copied from the seat's kept one
        (:meth:`_window_mask`)."""
        where = self.where
        if where == WINDOW:
            if (type(seat) is int and 0 <= seat < self.num_players
                    and seat in self.state.open_seats):
                np.copyto(mask, self._window_mask(seat))
            return
        if where == TURN and type(seat) is int and seat == self.state.order[self.state.pos]:
            mine = self.turn_mask.get(seat)
            if mine is None:
                if self.state.actions_left > 0:  # the gifts first: their run, as bytes
                    low, high = self.numbers.gifts
                    mask.data.cast("B")[low:high] = self._gift_row(seat)
                mask.put(self._turn_small(seat), 1)
                self.turn_mask[seat] = mask.copy()
            else:
                np.copyto(mask, mine)
            return
        mask.put(self.menu(seat), 1)

    def _window_mask(self, seat: int) -> np.ndarray:
        """The seat's window mask (:meth:`_window_menu`'s numbers), kept with
        the units of 500 livres it could pay and the hand it was made for:
        a window's hand stays, and a payment to or from the seat moves only
        its payments, each seat's a run of numbers (:func:`numbers`)."""
        state = self.state
        units = max(0, state.courtiers[seat].fortune) // PAY_UNIT
        held = state.hands[seat]
        kept = self.window_memo.get(seat)
        table = self.numbers
        if kept is None or kept[1] != held:  # _window_menu's numbers, a payee's run at once
            mine = np.zeros(self.numbering.size, np.int8)
            view = mine.data.cast("B")
            view[table.done] = 1
            kinds = [CARD_INDEX[card] for card in set(held)]
            for to in range(self.num_players):
                if to != seat:
                    run = table.pay[to][:units]
                    if run:
                        view[run[0]:run[-1] + 1] = b"\x01" * len(run)
                    row = table.show[to]
                    for k in kinds:
                        view[row[k]] = 1
            self.window_memo[seat] = (units, held[:], mine)
            return mine
        was, mine = kept[0], kept[2]
        if was != units:
            most = len(table.pay[0])
            low, high = min(was, units, most), min(max(was, units), most)
            for to in range(self.num_players):
                if to != seat:
                    first = table.pay[to][0]
                    mine[first + low:first + high] = units > was
            self.window_memo[seat] = (units, kept[1], mine)
        return mine

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether ``number`` is in the seat's menu now: the window's
        actions read from the number, the others looked up (a turn's gifts
        in the gifts made for the hand, the rest of its menu apart; never
        for what is no seat: :meth:`menu`)."""
        if type(seat) is not int:
            return False
        where = self.where
        if where == WINDOW and 0 <= number < self.numbering.size:
            return self._window_legal(seat, self.numbers.window[number])
        table = self.numbers
        state = self.state
        if where == TURN and seat == state.order[state.pos]:
            mine = self.turn_mask.get(seat)
            if mine is not None:
                return 0 <= number < self.numbering.size and bool(mine[number])
            self.menu(seat)
            if table.gifts[0] <= number < table.gifts[1]:  # made by the menu, for this hand
                return state.actions_left > 0 and number in self.gift_memo[seat][1]
            return number in self.small[seat]
        legal = self.legal.get(seat)
        if legal is None:
            legal = self.legal[seat] = frozenset(self.menu(seat))
        return number in legal

    def _window_legal(self, seat: int, does: tuple[Any, ...]) -> bool:
        """``VersaillesState._is_legal`` of a window's action: the seat in
        the window; a payment within its fortune, a card of its hand, to
        another seat."""
        state = self.state
        if does[0] == OTHER or seat not in state.open_seats:
            return False
        if does[0] == DONE:
            return True
        if does[1] == seat:
            return False
        if does[0] == PAY:
            return bool(does[2] <= state.courtiers[seat].fortune)
        return does[2] in state.hands[seat]

    # ----- play ---------------------------------------------------------------------
    def apply(self, seat: int, number: int) -> None:
        """Apply ``seat``'s legal action ``number`` (the rules' ``_apply``)
        and count it as the referee does (``Table.play``)."""
        phase = None if self.uncounted else self.phase_now or self.state.phase
        if self.where == WINDOW:
            self._negotiate(seat, self.numbers.window[number])
        else:
            action = self.numbering.action(number)
            if type(action) is GiveCards:
                self._give(seat, action)
            else:
                self._applied(seat, action)
        self.record.append((seat, number))
        if phase is not None:
            self.referee.acted(phase, seat)

    def _applied(self, seat: int, action: Action) -> None:
        """The rules' own move, and this position's memos forgotten."""
        state = self.state
        turn, location, breaches = state.turn, state.location, state.breaches
        state._apply(seat, action)
        if state._legal_cache:
            state._legal_cache.clear()
        if type(action) not in COURT_KEPT or state.turn != turn or state.location != location:
            self.court = None
        changes = CHANGES.get(type(action))
        if changes is None or state.turn != turn or breaches or state.breaches:
            self._forget()
        else:
            self._moved(changes)

    def _forget(self) -> None:
        """This position's menus and the kept observations let go (after a
        move not followed by :meth:`_moved`)."""
        self._moved(0)
        self.seen = {}

    def _moved(self, changes: int) -> None:
        """This position's menus let go, and ``changes`` marked on the kept
        observations (:meth:`observe`), once over let go."""
        self.over = over = self.state.over
        self.where = self._where()
        self.menus = {}
        self.small = {}
        self.legal = {}
        if self.turn_mask:
            self.turn_mask = {}
        self.phase_now, self.uncounted = None, False
        if over:
            self.seen = {}
        elif changes:
            for kept in self.seen.values():
                kept[3] |= changes

    def _give(self, seat: int, action: GiveCards) -> None:
        """A gift (§7.41), as the rules' ``_apply`` gives it (an action
        spent, the cards moved, then the rules' own ``_after``). While the
        player-turn goes on after it, the court's numbered parts are kept;
        within the game turn, the kept observations (:meth:`_moved`: the
        hands and the actions left, or the turn's part and the fortunes
        where the player-turn ended)."""
        state = self.state
        turn, pos, stage = state.turn, state.pos, state.stage
        hand, other = state.hands[seat], state.hands[action.to]
        before, mine = hand[:], self.turn_mask.get(seat)
        state.actions_left -= 1
        for card in action.cards:
            hand.remove(card)
            other.append(card)
        state._after(seat, fortunes=False)
        if state._legal_cache:
            state._legal_cache.clear()
        if state.turn != turn:
            self.court = None
            self._forget()
        elif state.pos != pos or state.stage != stage:
            if self.seen and not state.over:
                self._given(seat, action.to, action.cards)
            self._moved(CURRENT | FORTUNES)
        else:
            if self.seen:
                self._given(seat, action.to, action.cards)
            self._moved(0)
            if (mine is not None and state.actions_left > 0
                    and (len(before) > HAND_LIMIT) == (len(hand) > HAND_LIMIT)):
                gone = self._given_away(seat, before, action.cards)
                if gone is not None:
                    mine.put(gone, 0)
                    self.turn_mask[seat] = mine

    def _given_away(self, seat: int, before: list[str], cards: tuple[str, ...]
                    ) -> list[int] | None:
        """What the seat's menu (§7.41) loses when ``cards`` leave its hand
        ``before``, its player-turn going on with an action left and its
        hand on the same side of the limit (the court, the House, the piles
        and the powers as they were): of a kind no longer held, its uses,
        its gifts alone and with each kind held before, its discard where
        the hand is over the limit; of a kind no longer held twice, its
        gifts twice. None where its uses are not at hand (the menu is then
        made again)."""
        court = self.court
        uses = None if court is None else court.get(seat)
        if uses is None:
            return None
        table, hand = self.numbers, self.state.hands[seat]
        held = {CARD_INDEX[card] for card in before}
        out: list[int] = []
        for card in set(cards):
            k, left = CARD_INDEX[card], hand.count(card)
            if not left:
                numbers = uses.get(card)
                if numbers is None:
                    return None
                out += numbers
                for rows in table.giving[seat]:
                    row = rows[k]
                    out += [row[m] for m in held]
                if len(before) > HAND_LIMIT:
                    out.append(table.discard[k])
            if left < 2 <= before.count(card):
                out += [doubles[k] for doubles in table.doubles[seat]]
        return out

    def _negotiate(self, seat: int, does: tuple[Any, ...]) -> None:
        """A window's action (``VersaillesState._negotiate``, §7.2), with no
        breach pending: a payment, a showing or Done; the window closes when
        all are done or after its bound of moves (our decision)."""
        state = self.state
        turn, location = state.turn, state.location
        if does[0] == DONE:
            state.open_seats.remove(seat)
        else:
            state.window_moves += 1
            if does[0] == PAY:
                to, amount = does[1], does[2]
                courtiers = state.courtiers
                courtiers[seat].fortune -= amount
                courtiers[to].fortune += amount
                state.payments.append((seat, to, amount))
        changes = OPEN if does[0] == DONE else 0  # a showing changes nothing observed
        if does[0] == PAY and state._reached_goal():
            changes = 0
        else:
            if does[0] == PAY and self.seen:
                self._paid(seat, does[1])
            if (not state.open_seats
                    or state.window_moves >= WINDOW_MOVES_PER_PLAYER * self.num_players):
                state._close_window()
                changes |= TURN_PART
                if state.turn != turn or state.location != location:
                    self.court = None
        if state._legal_cache:
            state._legal_cache.clear()
        if state.turn != turn:
            self._forget()
        else:
            self._moved(changes)

    def _paid(self, payer: int, payee: int) -> None:
        """A payment written into each kept observation (:meth:`observe`):
        the two fortunes, what the payer paid and the payee received this
        game turn (``_payment_slots``: in tens of thousands of livres)."""
        state, n, lines, at = self.state, self.num_players, self.lines, self.paid_at
        goal, courtiers, payments = state.options["goal"], state.courtiers, state.payments
        paid = sum([amount for who, _, amount in payments if who == payer]) / 10000
        received = sum([amount for _, to, amount in payments if to == payee]) / 10000
        fortunes = courtiers[payer].fortune / goal, courtiers[payee].fortune / goal
        for seat, kept in self.seen.items():
            floats, line = kept[2], lines[seat]
            floats[line[payer] + FORTUNE] = fortunes[0]
            floats[line[payee] + FORTUNE] = fortunes[1]
            floats[at + (payer - seat) % n] = paid
            floats[at + n + (payee - seat) % n] = received

    def _given(self, giver: int, to: int, cards: tuple[str, ...]) -> None:
        """A gift written into each kept observation (:meth:`observe`): the
        two hands' sizes, the cards' counts in the giver's or the receiver's
        own hand, the actions left."""
        state, lines, hand_at, pos = self.state, self.lines, self.layout.hand, CARDS.pos
        hands = state.hands
        sizes = len(hands[giver]) / HAND_LIMIT, len(hands[to]) / HAND_LIMIT
        left = state.actions_left / ACTIONS_PER_TURN
        for seat, kept in self.seen.items():
            floats, line = kept[2], lines[seat]
            floats[line[giver] + hand_at] = sizes[0]
            floats[line[to] + hand_at] = sizes[1]
            if seat in (giver, to):
                mine = hands[seat]
                for card in cards:
                    floats[self.hand_at + pos[card]] = mine.count(card) / MAX_COPIES
            floats[self.actions_at] = left

    def observe(self, seat: int) -> np.ndarray:
        """The game's own observation (``VersaillesEncoding.observe_array``),
        kept for each seat within a game turn while only the moves that mark
        what they change are played (:meth:`_moved`): then only those parts
        are written again (:meth:`_refresh`)."""
        kept = self.seen.get(seat)
        if kept is None:
            out = ENCODING.observe_array(self.state, seat)
            mine = out.copy()
            floats = mine.data
            self.seen[seat] = [mine, floats.cast("B"), floats, 0]
            return out
        if kept[3]:
            self._refresh(kept, seat)
        copy: np.ndarray = kept[0].copy()
        return copy

    def _refresh(self, kept: list[Any], seat: int) -> None:
        """``seat``'s kept observation brought up to date: the parts marked
        changed written again, as ``observe_array`` writes them (its parts,
        ``encoding.court_bytes`` and the others; a number as the float32 of
        the same double), at its places (``_layout``, ``_blocks``)."""
        _, raw, floats, changes = kept
        kept[3] = 0
        if changes & (HANDS | PILES | COURT_PART | TURN_PART):
            self._refresh_parts(raw, seat, changes)
        if changes & (FORTUNES | HANDS | OPEN | CURRENT):
            self._refresh_numbers(floats, seat, changes)

    def _refresh_parts(self, buf: memoryview[int], seat: int, changes: int) -> None:
        """:meth:`_refresh`'s parts written whole: one's own hand, the
        discards and the pile, the court, the turn's part."""
        state, at, b = self.state, self.layout, self.blocks
        if changes & HANDS:
            buf[4 * self.hand_at:4 * b.turn] = hand_bytes(b, state.hands[seat])
        if changes & PILES:
            buf[4 * b.discards:4 * at.courtiers] = b"".join(piles_bytes(state))
        if changes & COURT_PART:
            buf[:4 * b.discards] = court_bytes(b, state, seat, state.favourite(), state.lover())
        if changes & TURN_PART:
            buf[4 * b.turn:] = b"".join(turn_bytes(b, state, seat))

    def _refresh_numbers(self, floats: memoryview[float], seat: int, changes: int) -> None:
        """:meth:`_refresh`'s numbers written one by one: the fortunes, the
        hands' sizes; unless the turn's part was written whole, the
        payments, the seats negotiating, whose player-turn it is and its
        actions left."""
        state, n, lines = self.state, self.num_players, self.lines[seat]
        if changes & FORTUNES:
            goal = state.options["goal"]
            for line, courtier in zip(lines, state.courtiers, strict=True):
                floats[line + FORTUNE] = courtier.fortune / goal
        if changes & HANDS:
            hand = self.layout.hand
            for line, held in zip(lines, state.hands, strict=True):
                floats[line + hand] = len(held) / HAND_LIMIT
        if changes & TURN_PART:
            return
        if changes & OPEN:
            start = self.open_at
            for k in range(n):
                floats[start + k] = 0.0
            for other in state.open_seats:
                floats[start + (other - seat) % n] = 1.0
        if changes & CURRENT:  # in the round of play (_turn_key)
            start = self.actions_at - n
            for k in range(n):
                floats[start + k] = 0.0
            floats[start + (state.order[state.pos] - seat) % n] = 1.0
            floats[self.actions_at] = state.actions_left / ACTIONS_PER_TURN

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or a pickle keeps: all but the kept observations
        (views of their arrays), made again when next observed."""
        state = self.__dict__.copy()
        state["seen"] = {}
        return state

    def result(self) -> Result:
        """The game's own result (once over)."""
        return self.state.result()


class FastTable(BaseTable):
    """The environments' table on :class:`FastVersailles` (see
    :class:`~courtly.rl.fast.table.FastTable`)."""

    @functools.cached_property
    def action_numbers(self) -> Numbers:
        """This configuration's :class:`Numbers`."""
        return numbers(self.numbering, self.num_players, int(self.options["goal"]))

    def engine(self, dealt: State) -> FastVersailles:
        """Versailles' fast engine of the game ``dealt``."""
        assert isinstance(dealt, VersaillesState)
        return FastVersailles(dealt, self.numbering, self.action_numbers, self.window_actions)
