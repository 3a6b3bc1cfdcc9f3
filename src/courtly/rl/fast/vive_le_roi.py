"""Vive le Roi !'s fast engine (courtly.rl.fast): the rules of
:mod:`courtly.games.vive_le_roi.rules` on numbers, for the research
environments.

A character is its place in ``CHARACTERS`` (the thirteen pretenders, then
the Jester, 13); a location its place in the encoding's ``LOCATIONS`` (floors
0-5, the WCs of floors 3 and 4, the dungeons of floors 3, 2 and 1, the box,
the throne, the consort's seat, off the board); a vote card its place in
``VOTE_CARDS``; an Ambition card its place in ``AMBITION_IDS``; the menu is
the action numbers of the game's numbering.

What the engine does not play it asks of the game's own: the first deal
(its ``new_game`` from the seed, whose random generator this engine then
draws from for the later rounds' deals, call for call as the rules'
``_start_round`` does), a crowning's score (the rules' own ``score_round``
on the castle as scored) and the result (the game's ``result`` on the final
totals). Between them it plays rule for rule as the game's engine does
("Placement", "Jeu", "WC", "Vote", "Fin de partie" and the variants), the
Emissaries' turns and votes by their fixed policy (``emissary.py``), and
writes each seat's observation as the game's encoding does
(``ViveLeRoiEncoding.observe_state``), number for number.

Vive le Roi has no open window (``may_act`` is always empty): the referee
never calls time, and the seat to act is the first that must
(:class:`~courtly.core.Referee`); simultaneous choices (Ambitions, votes)
are taken one seat after another. ``tests/test_rl_fast.py`` checks all of it
against the game's engine in every configuration.
"""

from __future__ import annotations

import functools
from array import array
from typing import NamedTuple

import numpy as np

from courtly.core import Numbering, Result, State
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi import encoding as E
from courtly.games.vive_le_roi.actions import ChooseAmbition, Climb, EnterWC, LeaveWC, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITION_IDS, AMBITIONS, Table
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    FAVORIS,
    FLOOR_LIMIT,
    JESTER_FLOOR,
    PLACEMENT_FLOORS,
    PRETENDERS,
    ROUNDS,
    START_SCORE,
    TOP_FLOOR,
    VOTE_CARDS,
)
from courtly.games.vive_le_roi.emissary import CONTENT_SCORE
from courtly.games.vive_le_roi.rules import ViveLeRoiState
from courtly.games.vive_le_roi.scoring import score_round
from courtly.rl.fast.table import FastTable as BaseTable
from courtly.rl.fast.table import zeros as _zeros

#: The stages, numbered as the encoding's PHASES; OVER after them.
AMBITION, PLACEMENT, PLAY, VOTE, OVER = 0, 1, 2, 3, 4
STAGE_NAMES = ("ambition", "placement", "play", "vote", "over")
assert STAGE_NAMES[:4] == tuple(E.PHASES.values)
#: The locations (the encoding's LOCATIONS).
LOC = E.LOCATIONS.pos
F0, F5, W3, W4 = LOC["F0"], LOC["F5"], LOC["W3"], LOC["W4"]
D3, D2, D1, BOX = LOC["D3"], LOC["D2"], LOC["D1"], LOC["BOX"]
THRONE, CONSORT, OFF = LOC["THRONE"], LOC["CONSORT"], LOC["OFF"]
NLOC = E.LOCATIONS.size
LOC_NAMES: tuple[str, ...] = tuple(E.LOCATIONS.values)
#: Points a favourite scores at each location (``castle.value``).
VALUE = [castle.value(name) for name in LOC_NAMES]
#: Each floor's, WC's or dungeon's floor number (``castle.level``), else 0.
LEVEL = [castle.level(name) or 0 for name in LOC_NAMES]
#: The characters; the Jester's number; the pretenders' count.
NCHAR = len(CHARACTERS)
JESTER = NCHAR - 1
NPRET = len(PRETENDERS)
#: The moves' kinds; a move is coded kind * NCHAR + character.
CLIMB, ENTER, LEAVE = 0, 1, 2
#: The vote cards.
YES, STOMACH, NO = (VOTE_CARDS.index(c) for c in ("yes", "stomach_ache", "no"))
#: The dungeons in the order refused characters fill them (``cards.DUNGEON_ORDER``).
DUNGEONS = (D3, D2, D1)
#: Each Favoris card's characters and grey seal as numbers.
FAV_CHARS = [tuple(CHARACTERS.index(c) for c in card.characters) for card in FAVORIS]
FAV_SEAL = [CHARACTERS.index(card.sealed) for card in FAVORIS]
# The floors are locations 0-5, each its own number: a climb is + 1.
assert LOC_NAMES[:6] == castle.FLOORS and F5 == TOP_FLOOR


class Numbers(NamedTuple):
    """One configuration's action numbers: each pretender placed on each
    floor 1-4 (``place[c][f]``, floor 0 unused), each move by its code, each
    vote card, each Ambition card kept (none without the variant); and what
    each number does."""

    place: list[list[int]]
    move: list[int]
    vote: list[int]
    choose: list[int]
    does: list[tuple[int, int, int]]


def numbers(numbering: Numbering, ambition: bool) -> Numbers:
    """The configuration's :class:`Numbers`, read from its numbering (so the
    same numbers as the game's environments). ``does[k]`` is (what, a, b):
    (0, character, floor) a placement, (1, kind, character) a move, (2,
    card, 0) a vote, (3, Ambition, 0) an Ambition kept."""
    does = [(-1, 0, 0)] * numbering.size
    place = [[-1] * 5 for _ in range(NPRET)]
    for c, who in enumerate(PRETENDERS):
        for f in PLACEMENT_FLOORS:
            k = place[c][f] = numbering.index(Place(who, f))
            does[k] = (0, c, f)
    move = []
    for kind, cls in enumerate((Climb, EnterWC, LeaveWC)):
        for c, who in enumerate(CHARACTERS):
            k = numbering.index(cls(who))
            move.append(k)
            does[k] = (1, kind, c)
    vote = []
    for v, card in enumerate(VOTE_CARDS):
        k = numbering.index(Vote(card))
        vote.append(k)
        does[k] = (2, v, 0)
    choose = []
    if ambition:
        for a, card in enumerate(AMBITION_IDS):
            k = numbering.index(ChooseAmbition(card))
            choose.append(k)
            does[k] = (3, a, 0)
    return Numbers(place, move, vote, choose, does)


class FastViveLeRoi:
    """A game of Vive le Roi ! as numbers (see the module docstring), dealt
    by the game's own engine: ``dealt`` is its new game, whose random
    generator deals the later rounds and whose ``result`` scores the end."""

    def __init__(self, dealt: ViveLeRoiState, table: Numbers) -> None:
        self.dealt, self.numbers = dealt, table
        opts = dealt.options
        self.rng = dealt.rng
        n = self.num_players = dealt.num_players
        p = self.positions = dealt.positions
        self.teams = dealt.teams
        self.holder_of = list(dealt.holder_of)
        self.start_hand = [dealt.start_hand[c] for c in VOTE_CARDS]
        self.banished, self.wedding = bool(opts["banished"]), bool(opts["royal_wedding"])
        self.ambition = bool(opts["ambition"])
        self.totals = list(dealt.totals)
        self.round, self.elections = dealt.round, dealt.elections
        #: Each position's points at this round's earlier scorings ("Le Filet").
        self.earlier = [0] * p
        self.over = False
        self.record: list[tuple[int, int]] = []
        self.layout = E._layout(p)
        #: The observation's parts kept: the castle (changed in place), each
        #: seat's positions part and its tail (crownings, Ambitions, phase).
        self.castle = bytearray(4 * NCHAR * NLOC)
        self._castle = memoryview(self.castle).cast("f")
        self.pos_bytes: list[bytes | None] = [None] * n
        self.tail_bytes: list[bytes | None] = [None] * n
        self._menu: list[int] | None = None
        self._legal: frozenset[int] | None = None
        self._menu_seat = -1
        self._codes: list[int] | None = None
        self._copy_round(dealt)

    def __getstate__(self) -> dict[str, object]:
        """What a copy or a pickle keeps: all but the castle's float view
        (a memoryview: neither copied nor pickled), made again from the
        castle's bytes (:meth:`__setstate__`)."""
        state = self.__dict__.copy()
        del state["_castle"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._castle = memoryview(self.castle).cast("f")

    def _copy_round(self, dealt: ViveLeRoiState) -> None:
        """The first round as the game's engine dealt it (and as its
        Emissaries may already have placed)."""
        self.favoris = list(dealt.favoris)
        self.favs = [self._favourites(f) for f in self.favoris]
        self._locate([LOC[dealt.where[c]] for c in CHARACTERS])
        self.hands = [[hand[c] for c in VOTE_CARDS] for hand in dealt.hands]
        self.votes: dict[int, int] = {}
        self.voters: tuple[int, ...] = ()
        self.candidate = -1
        self.mover = dealt.mover
        self.crowned: list[int] = [CHARACTERS.index(c) for c in dealt.crowned]
        self.public = dealt.public
        self.first, self.current = dealt.first, dealt.current
        self.placed, self.to_place = dealt.placed, dealt.to_place
        ids = AMBITION_IDS
        self.offers = [tuple(ids.index(c) for c in offer) for offer in dealt.offers]
        self.chosen = [-1 if c is None else ids.index(c) for c in dealt.chosen]
        self.stage = STAGE_NAMES.index(dealt.stage)

    def _favourites(self, card: int) -> frozenset[int]:
        """The favourites that count ("Le Banni": all but the grey seal's;
        the rules' ``favourites``)."""
        seal = FAV_SEAL[card] if self.banished else -1
        return frozenset(c for c in FAV_CHARS[card] if c != seal)

    def _locate(self, locs: list[int]) -> None:
        """Every character at ``locs``: the castle, its head counts and its part."""
        self.loc = locs
        self.people = people = [0] * NLOC
        self.castle[:] = bytes(len(self.castle))
        f = self._castle
        for c, at in enumerate(locs):
            people[at] += 1
            f[c * NLOC + at] = 1.0
        self._codes = None

    def _move_to(self, c: int, at: int) -> None:
        """Character ``c`` to location ``at``."""
        was = self.loc[c]
        self.loc[c] = at
        self.people[was] -= 1
        self.people[at] += 1
        f = self._castle
        f[c * NLOC + was] = 0.0
        f[c * NLOC + at] = 1.0
        self._codes = None

    # ----- what the environments read ---------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act (the rules' ``_to_act``); () once over."""
        stage = self.stage
        if stage in (PLACEMENT, PLAY):
            return (self.current,)
        if stage == VOTE:
            return tuple(s for s in self.voters if s not in self.votes)
        if stage == AMBITION:
            return tuple(s for s in range(self.num_players) if self.chosen[s] < 0)
        return ()

    def due(self) -> int | None:
        """The first seat that must act (no window: no time-up); None once over."""
        stage = self.stage
        if stage in (PLACEMENT, PLAY):
            return self.current
        to_act = self.to_act()
        return to_act[0] if to_act else None

    def acting(self) -> list[int]:
        """The seats that must act; [] once over."""
        return list(self.to_act())

    def menu(self, seat: int) -> list[int]:
        """The seat's legal actions' numbers (the rules' ``_legal_actions``)."""
        menu = self._menu
        if menu is None or seat != self._menu_seat:
            menu = self._menu = self._make_menu(seat)
            self._menu_seat = seat
            self._legal = None
        return menu

    def _make_menu(self, seat: int) -> list[int]:
        """:meth:`menu`, made: [] for a seat that need not act now."""
        stage = self.stage
        if stage == PLAY:
            if seat != self.current:
                return []
            move = self.numbers.move
            return [move[code] for code in self._moves()]
        if stage == PLACEMENT:
            return self._placements() if seat == self.current else []
        if stage == VOTE:
            if seat not in self.voters or seat in self.votes:
                return []
            hand, vote = self.hands[self.holder_of[seat]], self.numbers.vote
            return [vote[v] for v, count in enumerate(hand) if count > 0]
        if stage == AMBITION and 0 <= seat < self.num_players and self.chosen[seat] < 0:
            choose = self.numbers.choose
            return [choose[a] for a in self.offers[seat]]
        return []

    def mark(self, seat: int, mask: np.ndarray) -> None:
        """Set ``mask`` to 1 at the seat's menu's numbers (``Table.mask``)."""
        mask.put(self.menu(seat), 1)

    def is_legal(self, seat: int, number: int) -> bool:
        """Whether ``number`` is in the seat's menu."""
        menu = self.menu(seat)
        legal = self._legal
        if legal is None:
            legal = self._legal = frozenset(menu)
        return number in legal

    def _placements(self) -> list[int]:
        """Any character not yet placed, on floors 1-4 with room (the rules'
        ``_placements``; "Placement")."""
        people = self.people
        floors = [f for f in PLACEMENT_FLOORS if people[f] < FLOOR_LIMIT]
        place, loc = self.numbers.place, self.loc
        return [place[c][f] for c in range(NPRET) if loc[c] == OFF for f in floors]

    def _moves(self) -> list[int]:
        """Every legal move's code, in ``castle.moves``' order ("Jeu", "WC"):
        a climb into a floor with room (from floor 5 into the Throne room);
        into the empty WC of a full floor 3 or 4 from the floor below; out of
        a WC onto its floor once that has room."""
        codes = self._codes
        if codes is None:
            codes = self._codes = []
            people = self.people
            room = [True] + [people[f] < FLOOR_LIMIT for f in range(1, 6)]
            for c, at in enumerate(self.loc):
                if at <= F5:
                    if at == F5 or room[at + 1]:
                        codes.append(c)
                    elif (at == 2 and not people[W3]) or (at == 3 and not people[W4]):
                        codes.append(ENTER * NCHAR + c)
                elif at in (W3, W4) and room[LEVEL[at]]:
                    codes.append(LEAVE * NCHAR + c)
        return codes

    # ----- play -------------------------------------------------------------
    def apply(self, seat: int, number: int) -> None:
        """Apply the seat's legal action ``number``, then the Emissaries'
        turns (the rules' ``_apply``)."""
        what, a, b = self.numbers.does[number]
        self.record.append((seat, number))
        if what == 1:
            self._move(seat, a, b)
        elif what == 0:
            self._place(seat, a, b)
        elif what == 2:
            self._vote(seat, a)
        else:
            self._choose(seat, a)
        self._run_emissaries()
        self._menu = self._legal = None

    def _run_emissaries(self) -> None:
        """The fictitious players take their turns by their fixed policy
        (the rules' ``_run_emissaries``; ``emissary.place``, ``emissary.move``)."""
        n = self.num_players
        while self.stage in (PLACEMENT, PLAY) and self.current >= n:
            pos = self.current
            if self.stage == PLACEMENT:
                self._place(pos, *self._emissary_place(self.favs[pos]))
            else:
                code = self._emissary_move(self.favs[pos])
                self._move(pos, code // NCHAR, code % NCHAR)

    def _emissary_place(self, favs: frozenset[int]) -> tuple[int, int]:
        """``emissary.place``: its first unplaced favourite on the highest
        floor with room; once all are placed, the first other character on
        the lowest one."""
        people, loc = self.people, self.loc
        rooms = [f for f in PLACEMENT_FLOORS if people[f] < FLOOR_LIMIT]
        unplaced = [c for c in range(NPRET) if loc[c] == OFF]
        mine = [c for c in unplaced if c in favs]
        if mine:
            return mine[0], max(rooms)
        return unplaced[0], min(rooms)

    def _emissary_move(self, favs: frozenset[int]) -> int:
        """``emissary.move``: the open move it likes best (its
        ``_preference``), ties by character order."""
        return min(self._moves(), key=lambda code: self._preference(favs, code))

    def _preference(self, favs: frozenset[int], code: int) -> tuple[int, int, int]:
        """``emissary._preference``, then the character's place."""
        kind, c = divmod(code, NCHAR)
        lvl = LEVEL[self.loc[c]]
        throne = kind == CLIMB and lvl == 5
        mine = c in favs
        other = not mine and c != JESTER
        if mine and kind == CLIMB and not throne:
            return 0, -lvl, c
        if mine and kind == LEAVE:
            return 1, -lvl, c
        if other and kind == CLIMB and not throne:
            return 2, lvl, c
        if other and kind == ENTER:
            return 3, lvl, c
        if mine and throne:
            return 4, 0, c
        return 5, lvl, c

    def _choose(self, seat: int, card: int) -> None:
        """"L'Ambition": placement starts once every seat has chosen (the
        rules' ``_choose``)."""
        self.chosen[seat] = card
        self.tail_bytes = [None] * self.num_players
        if all(c >= 0 for c in self.chosen):
            self.stage = PLACEMENT

    def _place(self, pos: int, c: int, f: int) -> None:
        """"Placement": in turn; when everybody has placed as many characters
        as each may, the rest go to floor 0 (the rules' ``_place``)."""
        self._move_to(c, f)
        self.placed += 1
        self.current = (pos + 1) % self.positions
        if self.placed == self.to_place:
            for rest in range(NPRET):
                if self.loc[rest] == OFF:
                    self._move_to(rest, F0)
            self.stage, self.current = PLAY, self.first
            self.tail_bytes = [None] * self.num_players

    def _move(self, pos: int, kind: int, c: int) -> None:
        """"Jeu": one character up one floor, into or out of a WC; reaching
        the Throne room calls the vote (the rules' ``_move``)."""
        at = self.loc[c]
        if kind == CLIMB:
            dest = THRONE if at == F5 else at + 1
        elif kind == ENTER:
            dest = W3 if at == 2 else W4
        else:
            dest = LEVEL[at]
        self._move_to(c, dest)
        if dest == THRONE:
            self._call_vote(pos, c)
        else:
            self._next_turn(pos)

    def _next_turn(self, pos: int) -> None:
        """The next position plays; if no character can move, the round ends
        without a crowning (the rules' ``_next_turn``, our decision)."""
        if self.stage != PLAY:
            self.tail_bytes = [None] * self.num_players
        self.stage, self.current = PLAY, (pos + 1) % self.positions
        if not self._moves():
            self._score(-1)
            self._next_round()

    def _call_vote(self, pos: int, c: int) -> None:
        """"Vote": every seat votes; in teams one partner a team, by turns
        (the rules' ``_call_vote`` and ``voting_seats``)."""
        self.stage, self.candidate, self.mover = VOTE, c, pos
        if self.teams is None:
            self.voters = tuple(range(self.num_players))
        else:
            self.voters = tuple(t[self.elections % 2] for t in self.teams)
        self.tail_bytes = [None] * self.num_players

    def _vote(self, seat: int, card: int) -> None:
        """A vote stays face down until the last one is in (the rules' ``_vote``)."""
        self.votes[seat] = card
        if len(self.votes) == len(self.voters):
            self._reveal()

    def _emissary_vote(self, pos: int) -> int:
        """``emissary.vote``: Yes for a favourite or a king worth at least
        CONTENT_SCORE to it now; else No, then Stomach-ache, then Yes."""
        favs, candidate = self.favs[pos], self.candidate
        if candidate in favs:
            return YES
        loc = self.loc
        now = sum(VALUE[loc[c]] for c in favs)
        if candidate == JESTER:
            now = -now
        if now >= CONTENT_SCORE:
            return YES
        hand = self.hands[self.holder_of[pos]]
        return NO if hand[NO] else STOMACH if hand[STOMACH] else YES

    def _reveal(self) -> None:
        """"Vote": any Stomach-ache cancels the election (back to floor 5),
        else any No refuses it (the next dungeon; the Jester back to floor 3
        or the nearest floor below with room), else the candidate is crowned.
        No and Stomach-ache cards are spent (the rules' ``_reveal``)."""
        candidate = self.candidate
        cast = [self.votes[s] for s in self.voters]
        holders = [self.holder_of[s] for s in self.voters]
        for p in range(self.num_players, self.positions):
            cast.append(self._emissary_vote(p))
            holders.append(self.holder_of[p])
        for holder, card in zip(holders, cast, strict=True):
            if card != YES:
                self.hands[holder][card] -= 1
        self.pos_bytes = [None] * self.num_players
        if STOMACH in cast:
            dest = F5
        elif NO in cast:
            dest = self._refused_to(candidate)
        else:
            dest = THRONE
        self._move_to(candidate, dest)
        self.votes, self.voters, self.candidate = {}, (), -1
        self.elections += 1
        if dest == THRONE:
            self._crown(candidate)
        else:
            self._next_turn(self.mover)

    def _refused_to(self, candidate: int) -> int:
        """Where a refused candidate goes (the rules' ``_vote_destination``)."""
        people = self.people
        if candidate == JESTER:
            f = JESTER_FLOOR
            while f and people[f] >= FLOOR_LIMIT:
                f -= 1
            return f
        for d in DUNGEONS:
            if not people[d]:
                return d
        return BOX

    def _crown(self, king: int) -> None:
        """A crowning ends the round; with "Le mariage royal" the first of the
        round is scored, goes to the consort's seat, every Favoris card is
        shown and play goes on (the rules' ``_crown``)."""
        self.crowned.append(king)
        self.tail_bytes = [None] * self.num_players
        if self.wedding and len(self.crowned) == 1:
            self._score(king, final=False)
            self._move_to(king, CONSORT)
            self.public = True
            self._next_turn(self.mover)
            return
        self._score(king)
        self._next_round()

    def _score(self, king: int, final: bool = True) -> None:
        """Everyone scores by the game's own ``score_round`` on the castle as
        it stands (the rules' ``_score``; "Vote": Oui, "Le Bouffon",
        "L'Ambition", "Le Filet")."""
        where = {c: LOC_NAMES[at] for c, at in zip(CHARACTERS, self.loc, strict=True)}
        start = dict(zip(VOTE_CARDS, self.start_hand, strict=True))
        crowned = CHARACTERS[king] if king >= 0 else None
        for p in range(self.positions):
            hand = dict(zip(VOTE_CARDS, self.hands[self.holder_of[p]], strict=True))
            chosen = self.chosen[p] if final else -1
            favourites = FAVORIS[self.favoris[p]].counting(self.banished)
            row = score_round(favourites, Table(where, crowned, hand, start),
                              AMBITIONS[AMBITION_IDS[chosen]] if chosen >= 0 else None,
                              self.earlier[p])
            self.totals[p] += row["total"]
            self.earlier[p] += row["total"]
        self.pos_bytes = [None] * self.num_players

    def _next_round(self) -> None:
        """The next round, or the end after the third ("Fin de partie")."""
        self.round += 1
        if self.round < ROUNDS:
            self._start_round()
            return
        self.over, self.stage = True, OVER
        self.pos_bytes = [None] * self.num_players
        self.tail_bytes = [None] * self.num_players

    def _start_round(self) -> None:
        """Deal as the rules' ``_start_round`` does, from the same random
        generator in the same order: Favoris, the Jester on floor 3, fresh
        vote cards, Ambitions (``_deal_ambitions``); the first player one
        seat on."""
        p_count = self.positions
        deck = list(range(len(FAVORIS)))
        self.rng.shuffle(deck)
        self.favoris = deck[:p_count]
        self.favs = [self._favourites(f) for f in self.favoris]
        self._locate([OFF] * NPRET + [JESTER_FLOOR])
        self.hands = [list(self.start_hand) for _ in range(max(self.holder_of) + 1)]
        self.votes, self.voters, self.candidate, self.mover = {}, (), -1, 0
        self.crowned = []
        self.public = False
        self.first = self.current = self.round % p_count
        self.placed = 0
        self.to_place = NPRET // p_count * p_count
        self.offers = [()] * p_count
        self.chosen = [-1] * p_count
        self.stage = PLACEMENT
        self.earlier = [0] * p_count
        if self.ambition:
            ids = list(range(len(AMBITION_IDS)))
            self.rng.shuffle(ids)
            self.offers = [tuple(ids[2 * p: 2 * p + 2]) for p in range(p_count)]
            for p in range(self.num_players, p_count):
                self.chosen[p] = self.offers[p][0]  # emissary.choose_ambition
            self.stage = AMBITION
        self.pos_bytes = [None] * self.num_players
        self.tail_bytes = [None] * self.num_players

    def result(self) -> Result:
        """The game's own result on the final totals."""
        state = self.dealt
        state.totals = list(self.totals)
        state.over, state.stage = True, STAGE_NAMES[OVER]
        return state.result()

    # ----- observation ------------------------------------------------------
    def observe(self, seat: int) -> np.ndarray:
        """``dense(ENCODING.observe_state(state, seat))`` of the game's engine
        at the same position, slot for slot (``encoding._layout``): where
        every character stands (kept, changed in place); each position's
        Favoris card as far as the seat sees it, vote cards and score (kept
        by seat until one changes); the round, first player, player to move
        and placements left (kept by their values); the vote; the crownings,
        one's Ambitions and the phase (kept by seat until one changes)."""
        pos = self.pos_bytes[seat]
        if pos is None:
            pos = self.pos_bytes[seat] = self._positions(seat)
        tail = self.tail_bytes[seat]
        if tail is None:
            tail = self.tail_bytes[seat] = self._tail(seat)
        vote = self._vote_bytes(seat) if self.stage == VOTE else _zeros(
            self.layout.crowned - self.layout.vote)
        parts = (self.castle, pos, self._middle(seat), vote, tail)
        return _frombuffer(bytearray().join(parts), _FLOAT32)

    def _order(self, seat: int) -> list[int]:
        """The positions from the seat's chair round, the Emissaries after."""
        n = self.num_players
        return [(seat + k) % n for k in range(n)] + list(range(n, self.positions))

    def _place_of(self, p: int, seat: int) -> int:
        """Position ``p`` from ``seat``'s chair round (``encoding._place``)."""
        n = self.num_players
        return (p - seat) % n if p < n else p

    def _positions(self, seat: int) -> bytes:
        """Each position's part: its Favoris card if the seat sees it (its
        own, the Emissaries', all once shown or over), its vote cards, its
        score."""
        out = array("f", _zeros(self.positions * E.POSITION))
        shown = self.public or self.over
        n = self.num_players
        for k, p in enumerate(self._order(seat)):
            start = k * E.POSITION
            if p == seat or p >= n or shown:
                for slot in E.FAVORIS_SLOTS[self.favoris[p]]:
                    out[start + slot] = 1.0
            for v, count in enumerate(self.hands[self.holder_of[p]]):
                if count:
                    out[start + E._HAND + v] = count / 4
            score = self.totals[p] - START_SCORE
            if score:
                out[start + E._SCORE] = score / 20
        return out.tobytes()

    def _middle(self, seat: int) -> bytes:
        """The round, the first player, the player to move, placements left."""
        at = self.stage == PLACEMENT or self.stage == PLAY
        key = (self.positions, self.num_players, min(self.round, ROUNDS - 1),
               self._place_of(self.first, seat),
               self._place_of(self.current, seat) if at else -1, self.to_place - self.placed)
        part = _MIDDLES.get(key)
        if part is None:
            if len(_MIDDLES) >= 4096:
                _MIDDLES.clear()
            part = _MIDDLES[key] = _middle_bytes(*key)
        return part

    def _vote_bytes(self, seat: int) -> bytes:
        """The vote: the candidate, the voters, who has voted, one's own card."""
        positions = self.positions
        out = array("f", _zeros(self.layout.crowned - self.layout.vote))
        out[self.candidate] = 1.0
        start = NCHAR
        for s in self.voters:
            out[start + self._place_of(s, seat)] = 1.0
            if s in self.votes:
                out[start + positions + self._place_of(s, seat)] = 1.0
        mine = self.votes.get(seat)
        if mine is not None:
            out[start + 2 * positions + mine] = 1.0
        return out.tobytes()

    def _tail(self, seat: int) -> bytes:
        """The crownings, one's Ambition cards and choice, who has chosen,
        the phase."""
        at = self.layout
        out = array("f", _zeros(at.size - at.crowned))
        for c in self.crowned:
            out[c] = 1.0
        if self.ambition:
            start = NCHAR
            for a in self.offers[seat]:
                out[start + a] = 1.0
            start += len(AMBITION_IDS)
            if self.chosen[seat] >= 0:
                out[start + self.chosen[seat]] = 1.0
            start += len(AMBITION_IDS)
            for k, p in enumerate(self._order(seat)):
                if self.chosen[p] >= 0:
                    out[start + k] = 1.0
        if not self.over:
            out[at.phase - at.crowned + self.stage] = 1.0
        return out.tobytes()


def _middle_bytes(positions: int, n: int, round_: int, first: int, current: int,
                  left: int) -> bytes:
    """The round, the first player, the player to move (-1: none), placements left."""
    at = E._layout(positions)
    out = array("f", _zeros(at.vote - at.round))
    out[round_] = 1.0
    out[at.first - at.round + first] = 1.0
    if current >= 0:
        out[at.current - at.round + current] = 1.0
    if left:
        out[at.current - at.round + positions] = left / NPRET
    return out.tobytes()


_frombuffer, _FLOAT32 = np.frombuffer, np.float32
#: The observations' middles, by everything they read (any game's; emptied
#: when it holds 4096: a bound, not a policy).
_MIDDLES: dict[tuple[int, ...], bytes] = {}


class FastTable(BaseTable):
    """The environments' table on :class:`FastViveLeRoi` (see
    :class:`~courtly.rl.fast.table.FastTable`)."""

    @functools.cached_property
    def action_numbers(self) -> Numbers:
        """This configuration's :class:`Numbers`."""
        return numbers(self.numbering, bool(self.options["ambition"]))

    def engine(self, dealt: State) -> FastViveLeRoi:
        """Vive le Roi's fast engine of the game ``dealt``."""
        assert isinstance(dealt, ViveLeRoiState)
        return FastViveLeRoi(dealt, self.action_numbers)

