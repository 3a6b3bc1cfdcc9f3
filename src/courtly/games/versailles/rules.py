"""Courtisans de Versailles' state: set-up (§5, §6), the turn's four phases
(§7), the player's turn (§7.41), income, the hand limit and the end.

The court's life is in court.py, the player's actions in play.py.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any, ClassVar

from courtly.core import (
    REFEREE,
    Action,
    Done,
    Event,
    Result,
    State,
    TimeUp,
    counted,
    game_over_event,
)
from courtly.core.game import winners_by_score
from courtly.games import package_data
from courtly.games.versailles import etiquette
from courtly.games.versailles.actions import (
    AUDIENCES,
    PAY_UNIT,
    Breach,
    ChooseParty,
    ChooseSex,
    Discard,
    Draw,
    EndTurn,
    Fine,
    GiveCards,
    Pay,
    PlayCard,
    Request,
    SetLocation,
    ShowCard,
    TakeFromHouse,
    UsePower,
    made,
)
from courtly.games.versailles.addresses import address_json, court_addressees, sovereigns_json
from courtly.games.versailles.cards import COUNTRIES, DECK, PARTY_NAMES, TYPE_OF
from courtly.games.versailles.court import country_of, d10_reroll_ten
from courtly.games.versailles.courtier import BASTILLE, COURT, DEAD, EXILE, WAITING, Courtier
from courtly.games.versailles.play import PlayRules

SEX, PARTY, NEGOTIATION, LOCATION, PLAY = "choose_sex", "choose_party", "negotiation", \
    "location", "play"
HAND_SIZE, HAND_LIMIT, ACTIONS_PER_TURN = 6, 10, 2
FINE = 1000
#: "Negotiations (5 minutes maximum)" (§7.2).
NEGOTIATION_SECONDS = 300.0
#: The window also closes after this many payments and showings per player,
#: so that every game ends (our decision; the referee's rule stops sooner).
WINDOW_MOVES_PER_PLAYER = 10
DONE, END_TURN, DRAW = Done(), EndTurn(), Draw()
#: The etiquette checker's reading of a family name, kept: every game's
#: set-up compares the drawn names, and a name reads the same each time.
family_name_problem = lru_cache(maxsize=1024)(etiquette.family_name_problem)
family_keys = lru_cache(maxsize=1024)(etiquette.family_keys)
#: Our family names (data/names.json), drawn at set-up (§6).
FAMILY_NAMES: tuple[str, ...] = tuple(
    package_data("courtly.games.versailles", "names.json")["families"])
_NAMES: list[str] = list(FAMILY_NAMES)
#: The negotiation's actions (and the referee's time-up that ends it).
_NEGOTIATING = (Pay, ShowCard, Done, TimeUp)
_PAY_OR_SHOW = (Pay, ShowCard)
#: The actions checked directly that spend one of the turn's two actions.
_SPENDING = (Request, PlayCard, GiveCards, *AUDIENCES)
#: Taking each card from the King's House, discarding each: made once.
_TAKINGS = {card: TakeFromHouse(card) for card in DECK.types}
_DISCARDS = {card: Discard(card) for card in DECK.types}


@lru_cache(maxsize=256)
def house_takings(house: tuple[str, ...]) -> tuple[TakeFromHouse, ...]:
    """Taking each kind of card in the King's House (§7.41), in order: kept,
    as the House changes seldom."""
    return tuple(_TAKINGS[card] for card in sorted(set(house)))


#: Payments to each seat, 500, 1,000, ...: made once, shared by every menu.
_PAYMENTS: dict[int, list[Pay]] = {}


def payments(to: int, units: int) -> list[Pay]:
    """Paying seat ``to`` 500, 1,000, ... up to ``units`` times 500 livres."""
    row = _PAYMENTS.setdefault(to, [])
    while len(row) < units:
        row.append(Pay(to, PAY_UNIT * (len(row) + 1)))
    return row[:units]


#: Each card shown to each seat: made once, shared by every menu.
_SHOWN: dict[int, dict[str, ShowCard]] = {}


def showings(seat: int, players: int, kinds: Sequence[str]) -> list[ShowCard]:
    """Each card kind of a hand shown to each other player."""
    if not kinds:
        return []
    pick = itemgetter(*kinds) if len(kinds) > 1 else lambda row: (row[kinds[0]],)
    out: list[ShowCard] = []
    for to in range(players):
        if to != seat:
            row = _SHOWN.get(to)
            if row is None:
                row = _SHOWN[to] = {card: ShowCard(to, card) for card in DECK.types}
            out += pick(row)  # at C speed
    return out


@lru_cache(maxsize=1024)
def _window_payments(seat: int, players: int, units: int) -> tuple[Pay, ...]:
    out: list[Pay] = []
    for to in range(players):
        if to != seat:
            out += payments(to, units)
    return tuple(out)


@lru_cache(maxsize=64)
def _window_showings(seat: int, players: int, kinds: tuple[str, ...]) -> tuple[ShowCard, ...]:
    return tuple(showings(seat, players, kinds))


def window_menu(seat: int, players: int, units: int, showings: tuple[ShowCard, ...]
                ) -> list[Action]:
    """§7.2: Done; paying each other player 500, 1,000, ... up to ``units``
    times 500 livres; showing each kind of card held to each (``showings``:
    :func:`_window_showings` of the hand, kept while it is the same: in a
    window only payments change a menu, and only its payments)."""
    return [DONE, *_window_payments(seat, players, units), *showings]


#: Each card kind's number, so that a bundle of gifts is a small int: the
#: kind ``k`` alone is ``k``, the pair ``(k, m)`` (k <= m) is ``KINDS * (k + 1) + m``.
_CARD_IDS: tuple[str, ...] = tuple(sorted(DECK.types))
_INDEX: dict[str, int] = {card: i for i, card in enumerate(_CARD_IDS)}
_KINDS = len(_INDEX)
_PAIR_BASE = [_KINDS * (first + 1) for first in range(_KINDS)]
#: The number of each pair (first, second), first < second.
_PAIR_CODE = {(first, second): _PAIR_BASE[first] + second
              for first in range(_KINDS) for second in range(first + 1, _KINDS)}
#: Gifts to each seat, by bundle number: made once (every bundle, on the
#: first gift menu for that seat), shared by every menu.
_GIFTS: dict[int, list[GiveCards]] = {}


def _bundle(code: int) -> tuple[str, ...]:
    if code < _KINDS:
        return (_CARD_IDS[code],)
    first, second = divmod(code - _KINDS, _KINDS)
    return _CARD_IDS[first], _CARD_IDS[second]


def _gifts_to(to: int) -> list[GiveCards]:
    row = _GIFTS.get(to)
    if row is None:
        row = _GIFTS[to] = [GiveCards(to, _bundle(code))
                            for code in range(_KINDS * (_KINDS + 1))]
    return row


def bundles(kinds: list[str], doubles: Collection[str]) -> list[int]:
    """One card, or two (a pair only if held twice), of a hand with these
    (sorted) kinds of card, ``doubles`` held at least twice: each kind alone,
    then each pair in order ((a, a) if held twice, (a, b), (a, c) ... (b, b) ...)."""
    index = list(map(_INDEX.__getitem__, kinds))
    # the pairs of two kinds at C speed, in combinations' order
    codes = index + list(map(_PAIR_CODE.__getitem__, combinations(index, 2)))
    if doubles:
        # (a, a) first among a's pairs, as combinations_with_replacement
        # gives them: a's pairs start after those of the r kinds before it
        m, added, rank = len(index), len(index), {k: r for r, k in enumerate(kinds)}
        for kind in sorted(doubles, key=rank.__getitem__):
            r = rank[kind]
            first = index[r]
            codes.insert(added + r * (m - 1) - r * (r - 1) // 2, _PAIR_BASE[first] + first)
            added += 1
    return codes


def gifts(seat: int, players: int, hand: list[str], kinds: list[str] | None = None
          ) -> list[GiveCards]:
    """Each bundle of :func:`bundles` to each other player (``kinds``: the
    hand's sorted kinds, if known)."""
    if kinds is None:
        kinds = sorted(set(hand))
    doubles = [c for c in kinds if hand.count(c) > 1] if len(kinds) < len(hand) else ()
    codes = bundles(kinds, doubles)
    if not codes:
        return []
    if len(codes) == 1:
        return [_gifts_to(to)[codes[0]] for to in range(players) if to != seat]
    pick = itemgetter(*codes)  # one gather per receiver, at C speed
    out: list[GiveCards] = []
    for row in _receivers(seat, players):
        out += pick(row)
    return out


@lru_cache(maxsize=128)
def _receivers(seat: int, players: int) -> tuple[list[GiveCards], ...]:
    """The gift rows (:func:`_gifts_to`) of every other seat, in seat order."""
    return tuple(_gifts_to(to) for to in range(players) if to != seat)


#: The events of the commonest actions, made once for each seat and
#: action (events are immutable), by their arguments: at most this many of
#: each are kept.
_kept = lru_cache(maxsize=20_000)


@_kept
def _given(seat: int, to: int, cards: tuple[str, ...]) -> Event:
    """Cards given: the giver and the receiver read which (§7.41)."""
    public = Event("give", f"Seat {seat} gives {counted(len(cards), 'card')} to Seat {to}",
                   {"seat": seat, "to": to, "count": len(cards)})
    names = ", ".join([TYPE_OF[c].name_fr for c in cards])
    return Event("give", f"Seat {seat} gives {names} to Seat {to}",
                 {"seat": seat, "to": to, "cards": list(cards)},
                 audience=frozenset({seat, to}), redacted=public)


@_kept
def _shown(seat: int, to: int, card: str) -> Event:
    """A card shown to one player: only that player and the shower read it."""
    public = Event("show", f"Seat {seat} shows a card to Seat {to}", {"seat": seat, "to": to})
    return Event("show", f"Seat {seat} shows {TYPE_OF[card].name_fr} to Seat {to}",
                 {"seat": seat, "to": to, "card": card},
                 audience=frozenset({seat, to}), redacted=public)


@_kept
def _paid(seat: int, to: int, amount: int) -> Event:
    """A payment in the window (§7.2)."""
    return Event("pay", Pay(to, amount).describe(), {"seat": seat, "to": to, "amount": amount})


@_kept
def _drawn(seat: int, card: str) -> Event:
    """A card drawn: only the drawer reads which (§7.41)."""
    public = Event("draw", f"Seat {seat} draws a card", {"seat": seat})
    return Event("draw", f"Seat {seat} draws {TYPE_OF[card].name_fr}",
                 {"seat": seat, "card": card}, audience=frozenset({seat}), redacted=public)


@_kept
def _located(place: str) -> Event:
    """The Grand Chamberlain's choice of the court's place (§7.3)."""
    return Event("location", SetLocation(place).describe(), {"location": place})


def _agreeing(items: Sequence[object], one: str, more: str) -> str:
    """The verb agreeing with its subject's count: 'breach 1 lapses', 'breaches 1, 2 lapse'."""
    return one if len(items) == 1 else more


@_kept
def _timed_out() -> Event:
    """The referee's time-up closing the window (§7.2)."""
    return Event("time_up", "Five minutes: the negotiation is over")


@_kept
def _done(seat: int) -> Event:
    """A negotiator's Done (§7.2)."""
    return Event("done", f"Seat {seat} is done negotiating", {"seat": seat})


def setup_rolls(rng: random.Random, players: int) -> tuple[tuple[str, ...], str]:
    """§6: "each player rolls the die to determine the PARTY", then the origin
    of the first Queen (each a d10, a 10 rolled again)."""
    parties = tuple(country_of(d10_reroll_ten(rng)) for _ in range(players))
    return parties, country_of(d10_reroll_ten(rng))


def round_order(chamberlain: int, players: int) -> list[int]:
    """§7.4: the Grand Chamberlain first, then to his left, and he plays a
    second time to complete the round."""
    return [(chamberlain + i) % players for i in range(players)] + [chamberlain]


class VersaillesState(PlayRules, State):
    """The whole table: the Register, the hands, the piles, the sovereigns."""

    #: What a player may take back (State.undo; the rulebook has no undo, our
    #: decision): the choice of sex before the presentation's dice, a payment,
    #: a Done before the window closes, the court's location before anything
    #: else happens. Cards, dice and audiences are final.
    UNDOABLE: ClassVar[dict[str, frozenset[str]]] = {
        "choose_sex": frozenset({"sex"}), "pay": frozenset({"pay"}),
        "done": frozenset({"done"}), "set_location": frozenset({"location"})}
    #: The referee's ruling of a breach of etiquette (§3), judged from the chat.
    REFEREE_RULINGS: ClassVar[tuple[type[Action], ...]] = (Breach,)
    #: What the rules do after the action that ends a player-turn or a turn
    #: (State.own_events): the income (§7.41), the regency's end (§10.1), a new
    #: turn and its presentation (§7.1), the end of the game.
    FOLLOWING: ClassVar[frozenset[str]] = frozenset({
        "income", "accession", "turn", "game_over"})
    #: The parties and the Queen's origin until every sex is chosen (§6), then
    #: None (the default also for a state pickled before the field existed).
    setup_rolls: tuple[tuple[str, ...], str] | None = None

    # ----- set-up (§5, §6) -------------------------------------------------------------
    def setup(self) -> None:
        """Deal six cards each, name the families, draw the parties, the
        Queen's origin and the first Grand Chamberlain; then each player
        chooses his courtier's sex, having seen his cards."""
        n = self.num_players
        self.pile = DECK.cards()
        self.rng.shuffle(self.pile)
        self.hands = [[self.pile.pop() for _ in range(HAND_SIZE)] for _ in range(n)]
        self.discard, self.house, self.ministry, self.wars = [], [], [], []
        names = list(_NAMES)
        self.rng.shuffle(names)
        self.courtiers = [Courtier(names[i % len(names)]) for i in range(n)]
        # §6 rolls the parties and the Queen's origin after the sexes are
        # chosen "according to the cards": drawn here (the dice's order kept),
        # revealed when the last sex is chosen (:meth:`_reveal_setup_rolls`)
        self.setup_rolls = setup_rolls(self.rng, n)
        self.location = "versailles"
        self.king_alive = self.queen_alive = True
        self.queen_origin = None
        self.regency, self.regency_turn, self.secret_wife = False, None, None
        self.gc = self.rng.randrange(n)
        self.turn, self.stage, self.over, self.turn_cut = 1, SEX, False, False
        self.open_seats: list[int] = []
        self.window_moves = 0
        self.order: list[int] = []
        self.pos, self.actions_left = 0, 0
        self.offices_moved, self.powers_used = set(), set()
        self.offices_paid: set[str] = set()
        #: This game turn's title incomes paid: (seat, title), one pair a card;
        #: a dead husband's pass to his widow with the cards (decision 28).
        self.titles_paid: list[tuple[int, str]] = []
        #: This game turn's payments (§7.2), public: (payer, payee, livres).
        self.payments: list[tuple[int, int, int]] = []
        #: Breaches of etiquette awaiting the Grand Chamberlain: (number,
        #: seat, code, words); ``breach_count`` numbers them.
        self.breaches: list[tuple[int, int, str, str]] = []
        self.breach_count = 0
        #: The menus' memos (PlayRules.court_memos), by memo and key (a cache).
        self._memo_store = {}
        #: Each seat's last gift menu, with the hand it was made for (a cache).
        self._gift_memo: dict[int, tuple[tuple[str, ...], list[GiveCards]]] = {}
        #: Each seat's last window menu, with the fortune (in 500s) and the
        #: hand it was made for, and the hand's showings (a cache: a seat
        #: acts up to three times in a window under the referee's rule, its
        #: hand unchanged, its fortune changed by any payment to or from it).
        self._window_memo: dict[int, tuple[int, tuple[str, ...], list[Action],
                                           tuple[ShowCard, ...]]] = {}

    def seats_from_gc(self) -> list[int]:
        """Every seat, the Grand Chamberlain first, then to his left."""
        return [(self.gc + i) % self.num_players for i in range(self.num_players)]

    # ----- the turn (§7) ---------------------------------------------------------------
    def _begin_turn(self) -> list[Event]:
        """Phase 1 (§7.1): heirs choose their party, then every courtier not
        yet presented is presented."""
        self.offices_moved, self.powers_used, self.offices_paid = set(), set(), set()
        self.titles_paid = []
        self.payments = []
        self.turn_cut = False
        if self._heirs_to_choose():
            self.stage = PARTY
            return []
        return self._presentation()

    def _heirs_to_choose(self) -> list[int]:
        return [s for s in self.seats_from_gc() if self.courtiers[s].place == DEAD]

    def _presentation(self) -> list[Event]:
        events = [Event("turn", f"Turn {self.turn}: Seat {self.gc} is Grand Chamberlain",
                        {"turn": self.turn, "chamberlain": self.gc})]
        for seat in self.seats_from_gc():
            if self.courtiers[seat].place == WAITING:
                events += self.present(seat)
        self.stage = NEGOTIATION
        self.open_seats, self.window_moves = self.seats_from_gc(), 0
        return events

    def _heir(self, seat: int, party: str) -> list[Event]:
        """§10.4: a member of the same family, of the opposite sex, with the
        whole fortune (or debts), of the party he chooses."""
        c = self.courtiers[seat]
        c.sex = "woman" if c.sex == "man" else "man"
        c.party, c.place, c.generation = party, WAITING, c.generation + 1
        joins = f"joins the {PARTY_NAMES[party]} party"
        # named as the heir is named (a terminal play-test read "Mademoiselle X
        # (Seat 0)'s heir": the heir as her own heir)
        who = "a lady" if c.sex == "woman" else "a gentleman"
        events = [Event("heir", f"Seat {seat}, the family's heir ({who}), {joins}",
                        {"seat": seat, "sex": c.sex, "party": party})]
        if not self._heirs_to_choose():
            events += self._presentation()
        return events

    def _close_window(self) -> list[Event]:
        """Phase 3 (§7.3): at war the court stays at war; otherwise the Grand
        Chamberlain chooses."""
        self.open_seats = []
        if self.wars:
            return self._start_round()
        self.stage = LOCATION
        return []

    def _start_round(self) -> list[Event]:
        """Phase 4 (§7.4)."""
        self.stage = PLAY
        self.order, self.pos = round_order(self.gc, self.num_players), -1
        return self._next_player()

    def current(self) -> int:
        """The seat whose player-turn it is."""
        return self.order[self.pos]

    def _next_player(self) -> list[Event]:
        """The next player-turn; a dead courtier's player sits it out (A40)."""
        while True:
            self.pos += 1
            if self.pos >= len(self.order):
                return self._end_turn()
            if self.courtiers[self.current()].place != DEAD:
                self.actions_left = ACTIONS_PER_TURN
                return []

    def _end_player_turn(self) -> list[Event]:
        """Income at the end of each player-turn; the Grand Chamberlain is paid
        only at the end of his second (§7.41)."""
        seat = self.current()
        events: list[Event] = []
        if self.pos > 0:
            events += self.pay_income(seat)
        if self._reached_goal():
            return events
        return events + self._next_player()

    def _end_turn(self) -> list[Event]:
        """The role passes left; a regency ends at the end of the turn after
        the King's death (§10.1)."""
        events = self._lapse("turn_over")
        if self.regency and self.regency_turn is not None and self.turn > self.regency_turn:
            events += self.accession()
        if self.turn >= self.options["turn_limit"]:
            self.over = True
            return events
        self.turn += 1
        self.gc = (self.gc + 1) % self.num_players
        return events + self._begin_turn()

    def _cut_turn(self) -> list[Event]:
        """§10.3: the turn ends at once; a new one begins with a new Chamberlain."""
        self.order, self.pos = [], 0
        return self._end_turn()

    # ----- income (§7.41, §8.4, §12) ----------------------------------------------------
    def earned(self, seat: int) -> int:
        """What a courtier's own cards pay now: nothing in the Bastille or
        dead; an office once per game turn (§8.4, A17); a title card too, so
        that a widow is not paid again this turn for a title her husband was
        paid for before he died (decision 28)."""
        c = self.courtiers[seat]
        if c.place in (BASTILLE, DEAD):
            return 0
        total = 0
        paid = self.titles_paid
        # a seat is paid once a turn: its pairs before now are titles inherited paid
        inherited = Counter(card for who, card in paid if who == seat) if paid else None
        for card in c.cards:
            kind = TYPE_OF[card].kind
            if kind == "office":
                if card in self.offices_paid:
                    continue
                self.offices_paid.add(card)
            elif kind == "title":
                if inherited and inherited[card]:
                    inherited[card] -= 1
                    continue
                paid.append((seat, card))
            total += TYPE_OF[card].income
        return total

    def pay_income(self, seat: int) -> list[Event]:
        """Paid at the end of the earner's turn, shared equally with a spouse
        unless either is in the Bastille (§8.4, §12; A19)."""
        total = self.earned(seat)
        if not total:
            return []
        c = self.courtiers[seat]
        spouse = c.spouse
        shares = {seat: total}
        if spouse is not None and self.courtiers[spouse].place != BASTILLE:
            shares = {seat: total // 2, spouse: total - total // 2}
        for who, amount in shares.items():
            self.courtiers[who].fortune += amount
        return [Event("income", f"Income of Seat {seat}: {total:,} livres",
                      {"seat": seat, "total": total, "shares": {str(k): v for k, v in
                                                                shares.items()}})]

    def _reached_goal(self) -> bool:
        """"The first player to amass" the goal wins, at once (§1, §6; A41)."""
        goal = self.options["goal"]
        for c in self.courtiers:
            if c.fortune >= goal:
                self.over = True
        return self.over

    # ----- the contract -----------------------------------------------------------------
    def _phase_name(self) -> str:
        return self.stage

    def _to_act(self) -> tuple[int, ...]:
        # asked several times a step: the round of play and the window first
        stage = self.stage
        if stage == PLAY:
            return (self.order[self.pos],)
        if stage == NEGOTIATION:
            return ()
        if stage == SEX:
            return (next(s for s in self.seats_from_gc() if self.courtiers[s].sex is None),)
        if stage == PARTY:
            return (self._heirs_to_choose()[0],)
        if stage == LOCATION:
            return (self.gc,)
        return ()

    def _may_act(self) -> tuple[int, ...]:
        """The negotiation window's seats (§7.2), and the Grand Chamberlain
        whenever a breach awaits his decision (§3: "at any moment"), unless
        he must act anyway."""
        seats = tuple(self.open_seats) if self.stage == NEGOTIATION else ()
        if self.breaches and self.gc not in seats and self.gc not in self._to_act():
            seats = (self.gc, *seats)
        return seats

    def _time_limit(self) -> float | None:
        return NEGOTIATION_SECONDS if self.stage == NEGOTIATION else None

    def _is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat < 0:
            return [TimeUp()]
        stage = self.stage
        if stage == PLAY:  # the commonest first, as _in_stage and _stage_moves
            out = self._turn_moves(seat) if seat == self.order[self.pos] else []
        elif stage == NEGOTIATION:
            out = self._window_moves(seat) if seat in self.open_seats else []
        else:
            out = self._stage_moves(seat) if self._in_stage(seat) else []
        if seat == self.gc and self.breaches:
            out = [*out, *(made(Fine, b[0]) for b in self.breaches)]
            if DONE not in out:
                out.append(DONE)
        return out

    def _in_stage(self, seat: int) -> bool:
        """Whether the phase itself waits for or admits ``seat`` (breaches aside)."""
        if self.stage == NEGOTIATION:
            return seat in self.open_seats
        return seat in self._to_act()

    def _stage_moves(self, seat: int) -> list[Action]:
        if self.stage == PLAY:
            return self._turn_moves(seat)
        if self.stage == NEGOTIATION:
            return self._window_moves(seat)
        if self.stage == SEX:
            family = self.courtiers[seat].family
            return [made(ChooseSex, "man", family), made(ChooseSex, "woman", family)]
        if self.stage == PARTY:
            return [made(ChooseParty, p) for p in COUNTRIES]
        # LOCATION, the one stage left
        return [made(SetLocation, "versailles"), made(SetLocation, "hunt")]

    def _window_moves(self, seat: int) -> list[Action]:
        """§7.2: pay another player (in 500s, up to one's positive fortune;
        A42), show a card to one player, or be done."""
        units = max(0, self.courtiers[seat].fortune) // PAY_UNIT
        held = tuple(self.hands[seat])
        kept = self._window_memo.get(seat)
        if kept is None or kept[1] != held:
            shows = _window_showings(seat, self.num_players, tuple(sorted(set(held))))
        elif kept[0] != units:  # a payment made or received: the same showings
            shows = kept[3]
        else:
            return kept[2]
        menu = window_menu(seat, self.num_players, units, shows)
        self._window_memo[seat] = (units, held, menu, shows)
        return menu

    def _turn_moves(self, seat: int) -> list[Action]:
        """§7.41: two actions among take, play, request, audience, give; a power
        besides; the hand limit before ending."""
        hand = self.hands[seat]
        kinds = sorted(set(hand))
        out: list[Action] = []
        if len(hand) > HAND_LIMIT:
            out += [_DISCARDS[card] for card in kinds]
        else:
            out.append(END_TURN)
        c = self.courtiers[seat]
        if c.cards and c.place == COURT:  # an office laid (power_moves' own test, first)
            out += self.power_moves(seat)
        if self.actions_left <= 0:
            return out
        if self.pile or self.discard:
            out.append(DRAW)
        if c.place == COURT:
            out += house_takings(tuple(self.house))
        memos = self.court_memos()
        out += self.hand_moves(seat, kinds, memos)
        out += self.audience_moves(seat, memos)
        out += self._gifts(seat, kinds)
        return out

    def _gifts(self, seat: int, kinds: list[str]) -> list[GiveCards]:
        """One or two cards to another player: one action (§7.41); kept
        while the hand is the same (after an audience, a power)."""
        hand = self.hands[seat]
        held = tuple(hand)
        kept = self._gift_memo.get(seat)
        if kept is None or kept[0] != held:
            kept = self._gift_memo[seat] = (held, gifts(seat, self.num_players, hand, kinds))
        return kept[1]

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Long menus are checked directly: payments, requests, fines."""
        # the commonest first: the window's, then gifts
        if isinstance(action, Pay):
            return (self.stage == NEGOTIATION and seat in self.open_seats
                    and 0 <= action.to < self.num_players and action.to != seat
                    and action.amount <= self.courtiers[seat].fortune)
        if isinstance(action, ShowCard):
            return (self.stage == NEGOTIATION and seat in self.open_seats
                    and 0 <= action.to < self.num_players and action.to != seat
                    and action.card in self.hands[seat])
        if isinstance(action, GiveCards):
            return self._playing(seat, 1) and self._gift_is_legal(seat, action)
        if isinstance(action, Breach):  # none at a table without the checker (E13a)
            return (seat == REFEREE and 0 <= action.seat < self.num_players
                    and self.options["etiquette"])
        if isinstance(action, Fine):
            return seat == self.gc and any(b[0] == action.breach for b in self.breaches)
        if isinstance(action, ChooseSex):
            return self.stage == SEX and seat in self._to_act() and self._family_ok(
                seat, action.family)
        if isinstance(action, UsePower):
            return self._playing(seat, 0) and self.power_is_legal(seat, action)
        if not isinstance(action, _SPENDING):
            return super()._is_legal(seat, action)
        if not self._playing(seat, 1):
            return False
        if isinstance(action, Request):
            return self.request_is_legal(seat, action)
        if isinstance(action, PlayCard):
            return self.card_is_legal(seat, action)
        return self.audience_is_legal(seat, action)

    def family_problem(self, seat: int, family: str | None) -> str | None:
        """Why ``seat`` may not take this family name (§6), or None: the
        characters (:func:`family_name_problem`), and not a name another
        player has already taken (case and accents aside, and with or without
        its particle: :func:`family_keys`, decision E21)."""
        if family is None:
            return None
        problem = family_name_problem(family)
        if problem is not None:
            return problem
        keys = family_keys(family)
        other = next((s for s, c in enumerate(self.courtiers) if s != seat
                      and c.sex is not None and keys & family_keys(c.family)), None)
        if other is None:
            return None
        return f"Seat {other}'s family is already named {self.courtiers[other].family!r}"

    def _name_family(self, seat: int, family: str) -> None:
        """``seat`` takes ``family``; a family still to choose that was drawn
        the same name is given the first of our names nobody bears (no die:
        the other menus change only by this)."""
        self.courtiers[seat].family = family
        keys = family_keys(family)
        for other, c in enumerate(self.courtiers):
            if other != seat and c.sex is None and keys & family_keys(c.family):
                taken = frozenset().union(*(family_keys(x.family) for x in self.courtiers))
                c.family = next(n for n in _NAMES if not family_keys(n) & taken)

    def _family_ok(self, seat: int, family: str | None) -> bool:
        return self.family_problem(seat, family) is None

    def _playing(self, seat: int, actions: int) -> bool:
        """In the round of play, ``seat``'s player-turn, with that many actions left."""
        return self.stage == PLAY and seat == self.current() and self.actions_left >= actions

    def _gift_is_legal(self, seat: int, action: GiveCards) -> bool:
        """Cards of one's hand (a pair only if held twice), in the menu's order."""
        hand, cards = self.hands[seat], action.cards
        if not (0 <= action.to < self.num_players and action.to != seat):
            return False
        if len(cards) == 1:
            return cards[0] in hand
        if len(cards) == 2:  # as below, without a generator
            first, second = cards
            if first == second:
                return hand.count(first) >= 2
            return first < second and first in hand and second in hand
        return (list(cards) == sorted(cards)
                and all(hand.count(c) >= cards.count(c) for c in cards))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self._apply_rules(seat, action)
        if self.over:
            # the fortunes in livres (a terminal play-test read "scores 0, 4000, 35000")
            standing = "; ".join(f"Seat {s}: {c.fortune:,} livres"
                                 for s, c in enumerate(self.courtiers))
            events.append(game_over_event(self._result(), standing=standing))
        return events

    def _apply_rules(self, seat: int, action: Action) -> list[Event]:
        # the commonest first: a pending breach stops only Done and TimeUp
        if isinstance(action, _PAY_OR_SHOW):
            return self._negotiate(seat, action)
        if isinstance(action, GiveCards):  # as _turn_action's, directly
            self.actions_left -= 1
            return self._give(seat, action) + self._after(seat, fortunes=False)
        if isinstance(action, Breach):
            return self._breach(action)
        if isinstance(action, Fine):
            return self._fine(action.breach)
        if self.breaches and (
                (isinstance(action, Done) and seat == self.gc)
                or (isinstance(action, TimeUp) and self.stage != NEGOTIATION)):
            return self._lapse("done" if seat == self.gc else "time_up")
        if isinstance(action, _NEGOTIATING):
            return self._negotiate(seat, action)
        if isinstance(action, ChooseSex):
            c = self.courtiers[seat]
            c.sex = action.sex
            if action.family is not None:
                self._name_family(seat, action.family)
            events = [Event("sex", f"Seat {seat} plays a {action.sex} of the family "
                                   f"{c.family}", {"seat": seat, "sex": action.sex,
                                                   "family": c.family})]
            if all(c.sex for c in self.courtiers):
                self._reveal_setup_rolls()
                events += self._begin_turn()
            return events
        if isinstance(action, ChooseParty):
            return self._heir(seat, action.party)
        if isinstance(action, SetLocation):
            self.location = action.place
            return [_located(action.place), *self._start_round()]
        return self._turn_action(seat, action)

    def _reveal_setup_rolls(self) -> None:
        """§6: "each player rolls the die to determine the PARTY", then the
        Queen's origin is drawn, once every sex is chosen."""
        if self.setup_rolls is None:
            return
        parties, self.queen_origin = self.setup_rolls
        for c, party in zip(self.courtiers, parties, strict=True):
            c.party = party
        self.setup_rolls = None

    def _turn_action(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, EndTurn):
            return self._end_player_turn()
        if isinstance(action, Discard):
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            return [Event("discard", f"Seat {seat} discards {TYPE_OF[action.card].name_fr}",
                          {"seat": seat, "card": action.card})]
        if isinstance(action, UsePower):
            events = self.use_power(seat, action)
        else:
            self.actions_left -= 1
            events = self._spend_action(seat, action)
        return events + self._after(seat)

    def _spend_action(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, GiveCards):
            return self._give(seat, action)
        if isinstance(action, Draw):
            return self._draw(seat)
        if isinstance(action, TakeFromHouse):
            self.house.remove(action.card)
            self.hands[seat].append(action.card)
            return [Event("take", f"Seat {seat} takes {TYPE_OF[action.card].name_fr} from the "
                                  "King's House", {"seat": seat, "card": action.card})]
        if isinstance(action, PlayCard):
            return self.play_card(seat, action)
        if isinstance(action, Request):
            return self.present_request(seat, action)
        return self.audience(seat, action)

    def _after(self, seat: int, fortunes: bool = True) -> list[Event]:
        """What follows an action: the end of the game, a turn cut short
        (§10.3), a courtier gone (A40), or a turn whose actions are spent.
        ``fortunes`` False: the action moved no fortune (a gift), so the goal,
        checked after every move of one, cannot have been reached."""
        if fortunes and self._reached_goal():
            return []
        if self.turn_cut:
            return self._cut_turn()
        c = self.courtiers[seat]
        if c.place == DEAD:
            return self._next_player()
        if self.actions_left <= 0 and len(self.hands[seat]) <= HAND_LIMIT and not (
                # an office laid at court (power_moves' own test, first)
                c.cards and c.place == COURT and any(True for _ in self.power_moves(seat))):
            return self._end_player_turn()
        return []

    def _draw(self, seat: int) -> list[Event]:
        """The draw pile's first card; an empty pile is refilled from the
        discards, shuffled (§7.41)."""
        events: list[Event] = []
        if not self.pile:
            self.pile, self.discard = self.discard, []
            self.rng.shuffle(self.pile)
            events.append(Event("reshuffle", "The discards are shuffled into a new draw pile"))
        card = self.pile.pop()
        self.hands[seat].append(card)
        events.append(_drawn(seat, card))
        return events

    def _give(self, seat: int, action: GiveCards) -> list[Event]:
        hand, other = self.hands[seat], self.hands[action.to]
        for card in action.cards:
            hand.remove(card)
            other.append(card)
        return [_given(seat, action.to, action.cards)]

    def _negotiate(self, seat: int, action: Action) -> list[Event]:
        """The window closes when all are done, at the referee's time-up, or
        after its bound of moves (our decision)."""
        if isinstance(action, TimeUp):
            return [_timed_out(), *self._close_window()]
        if isinstance(action, Done):
            self.open_seats.remove(seat)
            events = [_done(seat)]
        elif isinstance(action, Pay):
            self.window_moves += 1
            self.courtiers[seat].fortune -= action.amount
            self.courtiers[action.to].fortune += action.amount
            self.payments.append((seat, action.to, action.amount))
            events = [_paid(seat, action.to, action.amount)]
            if self._reached_goal():  # of the window's moves, only a payment moves fortunes
                return events
        else:
            assert isinstance(action, ShowCard)
            self.window_moves += 1
            events = [_shown(seat, action.to, action.card)]
        if not self.open_seats or self.window_moves >= WINDOW_MOVES_PER_PLAYER * self.num_players:
            events += self._close_window()
        return events

    # ----- etiquette (§3, §4) ----------------------------------------------------------
    def _breach(self, action: Breach) -> list[Event]:
        """The referee's ruling: numbered, and awaiting the Grand Chamberlain,
        who "must withdraw the usual penalties from himself" (§3): his own
        breach is fined at once."""
        number = self.breach_count
        self.breach_count += 1
        data = {"breach": number, "seat": action.seat, "code": action.code,
                "words": action.words}
        event = Event("breach", f"Seat {action.seat} breaches etiquette ({action.code}): "
                                f"{action.words!r}", data)
        if action.seat == self.gc:
            return [event, self._fined(number, action.seat)]
        self.breaches.append((number, action.seat, action.code, action.words))
        return [event]

    def _fine(self, number: int) -> list[Event]:
        """§3: "penalties of 1,000 livres for each error observed"."""
        breach = next(b for b in self.breaches if b[0] == number)
        self.breaches.remove(breach)
        return [self._fined(number, breach[1])]

    def _fined(self, number: int, seat: int) -> Event:
        """1,000 livres, debts allowed (§3); the fine goes to nobody (A42).
        The data name the Grand Chamberlain too (``chamberlain``): he may
        fine himself ("he must withdraw the usual penalties from himself")."""
        self.courtiers[seat].fortune -= FINE
        whom = "himself" if seat == self.gc else f"Seat {seat}"
        return Event("fine", f"The Grand Chamberlain fines {whom} {FINE:,} livres "
                             f"(breach {number})", {"seat": seat, "amount": FINE,
                                                    "breach": number, "chamberlain": self.gc})

    def _lapse(self, why: str) -> list[Event]:
        """Pending breaches pass unfined (decision E15; §3 and §4 say nothing
        of a breach nobody rules on): ``why`` is "done", the Chamberlain's
        Done letting them pass; "time_up", the referee's time-up outside the
        negotiation; "turn_over", the end of the turn before any ruling (§4:
        "At the start of the next turn he is replaced"), where they lapse."""
        if not self.breaches:
            return []
        numbers = [b[0] for b in self.breaches]
        self.breaches = []
        which = f"breach {numbers[0]}" if len(numbers) == 1 else (
            "breaches " + ", ".join(map(str, numbers)))
        text = {"done": f"The Grand Chamberlain lets {which} pass unfined",
                "time_up": f"Time is up: {which} {_agreeing(numbers, 'passes', 'pass')} unfined",
                "turn_over": f"The turn ended before any ruling: {which} "
                             f"{_agreeing(numbers, 'lapses', 'lapse')} unfined"}[why]
        return [Event("breaches_pass", text, {"breaches": numbers, "why": why})]

    def _explain_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Fine):
            if seat != self.gc:
                return f"only the Grand Chamberlain (Seat {self.gc}) fines (§3)"
            return f"no breach {action.breach} awaits a fine"
        if isinstance(action, Breach) and seat == REFEREE:
            if not self.options["etiquette"]:
                return "breach: etiquette is not judged at this table (option etiquette off)"
            return f"breach: no seat {action.seat} in a {self.num_players}-player game"
        if isinstance(action, ChooseSex) and self.stage == SEX:
            problem = self.family_problem(seat, action.family)
            if problem is not None:
                return f"choose_sex: {problem}"
        return super()._explain_illegal(seat, action)

    def _result(self) -> Result:
        """Scores are fortunes; the richest wins (A41: ties share)."""
        scores = tuple(float(c.fortune) for c in self.courtiers)
        return Result(scores, winners_by_score(scores))

    # ----- views --------------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "turn": self.turn, "stage": self.stage, "goal": self.options["goal"],
            "grand_chamberlain": self.gc,
            "current": self.current() if self.stage == PLAY and not self.over else None,
            "actions_left": self.actions_left if self.stage == PLAY else 0,
            "location": self.location, "wars": list(self.wars),
            "war_ministry": list(self.ministry), "kings_house": list(self.house),
            "discard": list(self.discard), "pile": len(self.pile),
            "king": {"alive": self.king_alive, "regency": self.regency},
            "queen": {"alive": self.queen_alive, "origin": self.queen_origin},
            "secret_wife": self.secret_wife, "favourite": self.favourite(),
            "lover": self.lover(), "negotiating": list(self.open_seats),
            "powers_used": sorted(self.powers_used), "offices_moved": sorted(self.offices_moved),
            "courtiers": [c.to_json() | {"seat": s, "hand": len(self.hands[s])}
                          for s, c in enumerate(self.courtiers)],
            "breaches": [{"breach": n, "seat": s, "code": code, "words": words}
                         for n, s, code, words in self.breaches],
            "paid": [{"seat": s, "to": to, "amount": amount}
                     for s, to, amount in self.payments],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "odds": self.odds_json(seat)}
        for c, addressee in zip(view["courtiers"], court_addressees(view), strict=True):
            c["address"] = address_json(addressee)
        view["sovereigns_address"] = sovereigns_json(view)
        if self.over:
            view["final"] = self._result().to_json()
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """The others' hands and the pile's order are hidden: redealt from the
        unseen cards, each hand keeping its size."""
        unseen = sorted(self.pile + [c for s, h in enumerate(self.hands) if s != seat
                                     for c in h])
        rng.shuffle(unseen)
        for s in range(self.num_players):
            if s != seat:
                size = len(self.hands[s])
                self.hands[s], unseen = unseen[:size], unseen[size:]
        self.pile = unseen
        if self.setup_rolls is not None:  # the parties and origin, not rolled yet (§6)
            self.setup_rolls = setup_rolls(rng, self.num_players)

    def __getstate__(self) -> dict[str, Any]:
        """Pickles and generic deep copies leave the menu memo behind: it is a
        cache, not part of the game (:meth:`clone`, which determinize uses,
        keeps it: what it holds is true of the court it was made for)."""
        state = self.__dict__.copy()
        state["_gift_memo"], state["_window_memo"], state["_memo_store"] = {}, {}, {}
        state["_whole_key"] = None
        state.pop("_memos", None)
        return state

    def clone(self) -> VersaillesState:
        """A fast independent copy: each field the rules change in place is
        copied (the generic deep copy took 3.5 ms, most of what a move costs
        the server, which plays each move on a clone). The menus' memos are
        copied shallow: what they keep is never changed once kept."""
        other: VersaillesState = self._shallow_copy()
        for name in ("pile", "discard", "house", "ministry", "wars", "open_seats", "order",
                     "breaches", "payments", "titles_paid"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("offices_moved", "powers_used", "offices_paid"):
            setattr(other, name, set(getattr(self, name)))
        other.hands = [list(hand) for hand in self.hands]
        other.courtiers = [c.copy() for c in self.courtiers]
        for name in ("_gift_memo", "_window_memo", "_memo_store"):
            setattr(other, name, dict(self.__dict__.get(name, {})))
        other._whole_key = None  # its memos looked up again in its store
        return other

    def _snapshot(self) -> Any:
        return (self.pile, self.hands, self.discard, self.house, self.ministry, self.wars,
                [c.snapshot() for c in self.courtiers], self.location, self.king_alive,
                self.queen_alive, self.queen_origin, self.regency, self.regency_turn,
                self.secret_wife, self.setup_rolls, self.gc, self.turn, self.stage, self.over,
                self.turn_cut, self.open_seats, self.window_moves, self.order, self.pos,
                self.actions_left,
                sorted(self.offices_moved), sorted(self.powers_used), sorted(self.offices_paid),
                sorted(self.titles_paid), self.breaches, self.breach_count, self.payments)


__all__ = ["COURT", "EXILE", "FAMILY_NAMES", "VersaillesState", "round_order"]
