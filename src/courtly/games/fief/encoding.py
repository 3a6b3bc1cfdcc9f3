"""Fief for research tools (docs/research.md): every action numbered once per
configuration, and a view as numbers.

Every field of Fief's actions has a finite range but one: money. Payments
and sealed bids go up to what a seat holds, so the numbering covers every
amount up to :func:`money_bound`, the most a seat can ever hold in a game of
this configuration (our bound, from the rules' only sources of money: the
starting purse and each turn's revenues and tithes); so the numbering holds
every action the game can offer, and the mask is exactly the legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import Action, Block, Done, Features, Index, Numbering, block, joint, seats
from courtly.core.encoding import relative
from courtly.games.fief.actions import (
    ATTACKS_ON_REGIONS,
    PURCHASES,
    RESPONSES,
    STANCES,
    AnswerCoalition,
    AnswerPassage,
    AskCoalition,
    AskConsecration,
    Assassinate,
    AttackRegion,
    Bid,
    Buy,
    ChooseRegion,
    ClaimCustody,
    Consecrate,
    CreateFief,
    DestroyCounter,
    DiscardCard,
    EndTurn,
    ExchangeCard,
    Execute,
    FoundFief,
    GiveVillage,
    GrantTitle,
    Move,
    Pay,
    PlayBishop,
    PlayLord,
    Respond,
    TakeCardinal,
    Tithe,
    Vote,
)
from courtly.games.fief.board import default_board
from courtly.games.fief.cards import card_set
from courtly.games.fief.rules import HAND, MAX_COUNTERS_PER_VILLAGE, PHASES, RANSOM_PER_PIP

STAGES = Index(("choose_region", *PHASES[:6], "consecration", *PHASES[6:]))
VILLAGES = Index(default_board().villages)
REGIONS = Index(default_board().regions)
BISHOPRICS = Index(default_board().bishoprics)
LORDS = Index(card_set().lords)
DECK = Index(sorted(set(card_set().blue_deck())))
STANCE = Index(STANCES)
TITHES = Index(("bishopric_tithe", "lords_tithe", "royal_tithe"))
PENDING = Index(("respond", "destroy", "execute"))
ATTACKS = Index((*ATTACKS_ON_REGIONS, "assassination", "justice"))
STEPS = Index(("ask", "answer", "bid"))
BOOL = (False, True)
ROYAL_TITHE = 1500
LORDS_TITHE = 200


def money_bound(num_players: int, options: Mapping[str, Any]) -> int:
    """The most crowns one seat can hold: every seat's starting purse, plus,
    each turn, the most the whole board yields (every village with its most
    mills and presses, counted twice for a bishopric tithe), the royal tithe
    and the lords' tithe on every village."""
    setup = default_board().setup
    villages = len(default_board().villages)
    income = setup.income
    board = (income["village"] * villages + income["mill"] * setup.mills_total
             + income["press"] * setup.presses_total)
    per_turn = 2 * board + ROYAL_TITHE + LORDS_TITHE * villages
    return setup.money * num_players + per_turn * options["turn_limit"]


class FiefEncoding:
    """The numbering and the observation (see the module docstring)."""

    def numbering(self, num_players: int, options: Mapping[str, Any]) -> Numbering:
        """Every kind of action with every value its fields can take."""
        board, cards = default_board(), card_set()
        regions, villages, lords = tuple(board.regions), tuple(board.villages), cards.lords
        players = range(num_players)
        hundreds = money_bound(num_players, options) // 100
        deck = tuple(sorted(set(cards.blue_deck())))
        setup = board.setup
        counts = [("soldier", k) for k in range(1, setup.soldiers_per_player + 1)]
        counts += [(item, k) for item in ("press", "mill") for k in
                   range(1, MAX_COUNTERS_PER_VILLAGE + 1)]
        counts.append(("castle", 1))
        assert {item for item, _ in counts} == set(PURCHASES)
        votes = [(None, 0)] + [(lord, k) for lord in lords
                               for k in range(1, _most_votes(len(regions)) + 1)]
        tithes: list[tuple[str, str | None]] = [("bishopric_tithe", lord) for lord in lords]
        tithes += [("lords_tithe", None), ("royal_tithe", None)]
        return Numbering([
            block(ChooseRegion, region=regions), block(EndTurn), block(Done),
            block(PlayLord, lord=lords, village=villages),
            block(PlayBishop, bishopric=tuple(board.bishoprics), lord=lords),
            block(TakeCardinal, lord=lords),
            block(AttackRegion, card=ATTACKS_ON_REGIONS, region=regions),
            block(Assassinate, lord=lords), block(Respond, parry=RESPONSES),
            block(Execute, lord=lords),
            block(DestroyCounter, village=villages, counter=("mill", "press")),
            block(ExchangeCard, card=deck), block(DiscardCard, card=deck),
            _joint_block(Tithe, ("card", "lord"), tithes),
            _buy_block(villages, counts),
            block(Move, lord=lords, to=villages, stance=STANCES,
                  soldiers=range(setup.soldiers_per_player + 1)),
            block(AnswerPassage, grant=BOOL), block(AskCoalition, ask=BOOL),
            block(AnswerCoalition, accept=BOOL),
            block(Bid, amount=range(0, 100 * hundreds + 1, 100)),
            _joint_block(Vote, ("lord", "votes"), votes),
            block(AskConsecration, seat=players), block(Consecrate, yes=BOOL),
            block(CreateFief, region=regions),
            block(FoundFief, lord=lords, capital=villages, gather=BOOL),
            block(ClaimCustody, claim=BOOL),
            block(GrantTitle, region=regions, lord=lords),
            block(Pay, to=players, amount=range(100, 100 * hundreds + 1, 100)),
            block(GiveVillage, village=villages, to=players),
        ])

    def observe(self, view: Mapping[str, Any]) -> Features:
        """The board (holders, soldiers, counters, lords, gates, fiefs), every
        seat's money, regions and votes (from the seat's chair round), one's
        hand, the cards seen, and the phase with what it waits for."""
        f = Features()
        seat, n = view["seat"], view["num_players"]
        _board(f, view, seat, n)
        _lords(f, view, seat, n)
        _seats(f, view, seat, n)
        _phase(f, view, seat, n)
        return f


def _most_votes(regions: int) -> int:
    """A seat's most votes: every lord, bishop and cardinal card and every
    title (a fief's, or the King's in custody)."""
    cards = card_set()
    return len(cards.lords) + len(default_board().bishoprics) + cards.cardinals + 2 * regions


def _joint_block(cls: type[Action], names: tuple[str, ...], values: list[tuple[Any, ...]]
                 ) -> Block:
    return Block(cls, (joint(names, values),))


def _buy_block(villages: tuple[str, ...], counts: list[tuple[str, int]]) -> Block:
    return Block(Buy, (joint(("village",), ((v,) for v in villages)),
                       joint(("item", "count"), counts)))


def _rel(seat: int, other: Any, n: int) -> int | None:
    """``relative`` for an int seat (anything else, e.g. the King's House, is None)."""
    return relative(seat, other if isinstance(other, int) else None, n)


def _grid(f: Features, rows: Index, width: int, cells: Any) -> None:
    """``rows.size * width`` slots; ``cells`` yields (row, column, value)."""
    start = f.zeros(rows.size * width)
    pos, values = rows.pos, f.values
    for row, column, value in cells:
        if column is not None and value:  # Features.add, inlined: a hot path
            k = start + pos[row] * width + column
            values[k] = values.get(k, 0.0) + value


def _seat_grid(f: Features, rows: Index, seat: int, n: int, cells: Any) -> None:
    """``_grid`` of width ``n`` with 1 at each (row, seat) of ``cells``, the
    seat from ``seat``'s chair (:func:`_rel`): the hot case, written out."""
    start = f.zeros(rows.size * n)
    pos, values = rows.pos, f.values
    for row, other in cells:
        if isinstance(other, int) and other >= 0:
            k = start + pos[row] * n + (other - seat) % n
            values[k] = values.get(k, 0.0) + 1.0


def _board(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    """Per village: holder, soldiers (whose, how many), castle, mills,
    presses, to whom it is given, each seat's force at its gate; per region:
    the fief; the regions in custody, under bad weather, in famine."""
    _seat_grid(f, VILLAGES, seat, n, view["holders"].items())
    soldiers = view["soldiers"]
    _seat_grid(f, VILLAGES, seat, n, ((v, o) for v, (o, _) in soldiers.items()))
    f.counts({v: k for v, (_, k) in soldiers.items()}, VILLAGES, 10)
    f.flags(view["castles"], VILLAGES)
    f.counts(view["mills"], VILLAGES, MAX_COUNTERS_PER_VILLAGE)
    f.counts(view["presses"], VILLAGES, MAX_COUNTERS_PER_VILLAGE)
    _seat_grid(f, VILLAGES, seat, n, view["given"].items())
    gates = view["gates"]
    _grid(f, VILLAGES, n, ((g["village"], _rel(seat, g["owner"], n), g["soldiers"] / 10)
                           for g in gates))
    width = STANCE.size
    _grid(f, VILLAGES, n * width, ((g["village"], (g["owner"] - seat) % n * width
                                    + STANCE.pos[g["stance"]], 1.0) for g in gates))
    everyone = seats(n)
    for r in REGIONS.values:
        fief = view["fiefs"].get(r)
        f.number(fief is not None)
        f.one_hot(_rel(seat, fief["owner"], n) if fief else None, everyone)
        f.one_hot(fief["capital"] if fief else None, VILLAGES)
        f.one_hot(fief["title"] if fief else None, LORDS)
    f.flags(view["custody"], REGIONS)
    f.flags(view["bad_weather"], REGIONS)
    f.flags(view["famine"], REGIONS)


def _lords(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    """Per lord: on the board, whose, where, his bishopric, cardinal, at a
    gate, King, trips made this turn."""
    lords = view["lords"].items()
    f.flags(view["lords"], LORDS)
    _seat_grid(f, LORDS, seat, n, ((lord, i["owner"]) for lord, i in lords))
    _grid(f, LORDS, VILLAGES.size, ((lord, VILLAGES.pos[i["village"]], 1.0) for lord, i in lords))
    _grid(f, LORDS, BISHOPRICS.size, ((lord, BISHOPRICS.pos.get(i["bishop"]), 1.0)
                                      for lord, i in lords))
    _grid(f, LORDS, 2, ((lord, k, 1.0) for lord, i in lords
                        for k, key in enumerate(("cardinal", "outside")) if i[key]))
    f.one_hot(view["king"], LORDS)
    f.counts(view["trips"], LORDS, 2)


def _seats(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    order = view["order"]
    negotiating, paid = set(view["negotiating"]), view["paid"]
    for k in range(n):
        s = (seat + k) % n
        f.one_hot(view["regions"][s], REGIONS)
        f.one_hot(order.index(s) if s in order else None, seats(n))
        f.number(view["money"][s], 10000)
        f.number(view["hand_sizes"][s], HAND)
        f.number(view["votes"][s], 10)
        f.flags((t[0] for t in view["tithes"][s]), TITHES)
        f.number(s in negotiating)
        f.number(sum(p[2] for p in paid if p[0] == s), 10000)
        f.number(sum(p[2] for p in paid if p[1] == s), 10000)
    f.counts(_count(view["hand"] or []), DECK)
    f.counts(_count(view["discard"]), DECK, 3)
    f.number(view["deck_size"], 30)


def _count(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _phase(f: Features, view: Mapping[str, Any], seat: int, n: int) -> None:
    regions, villages, lords, everyone = REGIONS, VILLAGES, LORDS, seats(n)
    f.one_hot(view["phase"], STAGES)
    f.number(view["turn"], view["turn_limit"])
    f.one_hot(_rel(seat, view["current"], n), everyone)
    p = view["pending"] or {}
    f.one_hot(p.get("what"), PENDING)
    f.one_hot(_rel(seat, p.get("attacker"), n), everyone)
    f.one_hot(_rel(seat, p.get("answerer"), n), everyone)
    f.one_hot(p.get("card"), ATTACKS)
    f.one_hot(p.get("region"), regions)
    f.one_hot(p.get("lord"), lords)
    f.number(p.get("die", 0), 6)
    f.number(p.get("die", 0) * RANSOM_PER_PIP, 10000)
    passage = view["passage"] or [None, None]
    f.one_hot(_rel(seat, passage[0], n), everyone)
    f.one_hot(passage[1], villages)
    _battle(f, view["battle"], seat, n)
    e = view["election"] or {}
    cast = {int(s): v for s, v in (e.get("votes") or {}).items()}
    for k in range(n):
        lord, count = cast.get((seat + k) % n, (None, 0))
        f.number((seat + k) % n in cast)
        f.one_hot(lord, lords)
        f.number(count, 10)
    f.one_hot(e.get("elected"), lords)
    f.flags((_rel(seat, s, n) for s in e.get("asked", ())), everyone)
    f.flags((_rel(seat, s, n) for s in e.get("support", ())), everyone)
    f.one_hot(_rel(seat, e.get("waiting"), n), everyone)
    founding = view["founding"] or [None, None]
    f.one_hot(_rel(seat, founding[0], n), everyone)
    f.one_hot(founding[1], regions)
    claim = view["custody_claim"] or [None, None]
    f.one_hot(claim[0], regions)
    f.one_hot(_rel(seat, claim[1], n), everyone)


def _battle(f: Features, battle: Mapping[str, Any] | None, seat: int, n: int) -> None:
    b = battle or {}
    everyone = seats(n)
    f.one_hot(b.get("village"), VILLAGES)
    f.one_hot(_rel(seat, b.get("first"), n), everyone)
    f.one_hot(_rel(seat, b.get("second"), n), everyone)
    f.one_hot(b.get("step"), STEPS)
    f.flags((_rel(seat, s, n) for s in b.get("has_bid", ())), everyone)
    f.number(b.get("my_bid"), 10000)
    floor = b.get("floor") or {}
    f.numbers((floor.get(str((seat + k) % n), 0) for k in range(n)), 10000)


ENCODING = FiefEncoding()
