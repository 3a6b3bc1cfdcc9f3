"""A heuristic for Courtisans de Versailles: rules of thumb read from the
seat's view alone (docs/bots.md). It requests income cards for itself when
the odds are fair, plays good cards on itself and bad ones on the richest
rival, uses its powers, draws otherwise, and never pays, shows or gives
cards away. Good enough to measure the pace of a game (DECK.md §4), not to
play well."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import Action, Done
from courtly.games.versailles.actions import (
    ChooseParty,
    ChooseSex,
    Discard,
    Draw,
    EndTurn,
    Fine,
    Intervene,
    Pay,
    PlayCard,
    Request,
    SetLocation,
    TakeFromHouse,
    TakeOffice,
    UsePower,
)
from courtly.games.versailles.cards import DECK

#: What a card is worth in hand, roughly: its income, or a flat value.
HAND_VALUE = 800
DRAW_VALUE = 600


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view["courtiers"][view["seat"]]


def _rival(view: Mapping[str, Any]) -> int | None:
    """The richest other courtier."""
    others = [c for c in view["courtiers"] if c["seat"] != view["seat"]]
    return max(others, key=lambda c: c["fortune"])["seat"] if others else None


def _odds(view: Mapping[str, Any], via_queen: bool) -> float:
    """The chance a request is granted (§8.2, §8.3), bonuses left out."""
    me = _me(view)
    if via_queen:
        return max(0.0, min(1.0, (me["queen"] or 0) / 10)) ** 2
    ear = me["queen"] if view["king"]["regency"] else me["king"]
    return max(0.0, min(1.0, (ear or 0) / 10))


def _value(view: Mapping[str, Any], action: Action) -> float:
    seat, rival = view["seat"], _rival(view)
    if isinstance(action, Request):
        card = DECK[action.card]
        odds = _odds(view, action.via_queen)
        if card.kind == "lettre":
            return 2500 * odds if action.seat == rival else -1
        return card.income * odds * 3 if action.seat == seat else -1
    if isinstance(action, PlayCard):
        return _play_value(view, action, rival)
    if isinstance(action, UsePower):
        return _power_value(action, seat, rival)
    if isinstance(action, TakeOffice):
        return DECK[action.office].income * _odds(view, False) if action.to == seat else -1
    if isinstance(action, Intervene):
        return 300 * _odds(view, False) if not action.good and action.seat == rival else -1
    if isinstance(action, Draw):
        return DRAW_VALUE
    if isinstance(action, TakeFromHouse):
        return DRAW_VALUE + DECK[action.card].income / 4
    if isinstance(action, EndTurn):
        return 0
    return -1


def _play_value(view: Mapping[str, Any], action: PlayCard, rival: int | None) -> float:
    card, seat = DECK[action.card], view["seat"]
    if action.sovereign is not None:
        return -1
    mine = action.seat == seat
    if card.kind == "standing":
        gain = 400 * (card.dk + card.dq)
        return gain if mine else (-gain if action.seat == rival else -1)
    if card.kind == "fortune":
        return card.amount if mine else (-card.amount if action.seat == rival else -1)
    if card.kind in ("death", "exile", "bastille", "scandal"):
        return 2000 if action.seat == rival else -1
    if card.kind in ("favourite", "lover", "justice", "glory"):
        return 2500 if mine else -1
    if card.kind == "war_end":
        return 300
    return -1


def _power_value(action: UsePower, seat: int, rival: int | None) -> float:
    if action.use == "pension":
        return 2750 if action.seat == seat else -1
    if action.use in ("imprison", "tribunal"):
        return 1500 if action.seat == rival else -1
    if action.use.endswith("_down"):
        return 900 if action.seat == rival else -1
    return -1


def _sex(view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
    """The sex most of one's cards ask for (§6: "according to the cards"),
    with the family name the menu offers."""
    hand = view["hand"] or []
    men = sum(DECK[c].sex == "man" for c in hand)
    women = sum(DECK[c].sex == "woman" or DECK[c].user_sex == "woman" for c in hand)
    sex = "woman" if women > men else "man"
    return next(a for a in legal if isinstance(a, ChooseSex) and a.sex == sex)


def _fine(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """As Grand Chamberlain, fine every breach but one's spouse's (§3)."""
    spouse = _me(view)["spouse"]
    offenders = {b["breach"]: b["seat"] for b in view["breaches"]}
    return next((a for a in legal if isinstance(a, Fine)
                 and offenders.get(a.breach) != spouse), None)


def _place(view: Mapping[str, Any]) -> Action:
    """Where more of one's cards can be played."""
    hand = view["hand"] or []
    hunt = sum(DECK[c].location == "hunt" for c in hand)
    versailles = sum(DECK[c].location == "versailles" for c in hand)
    return SetLocation("hunt" if hunt > versailles else "versailles")


def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """The action the rules of thumb rank first (ties broken by ``rng``)."""
    fine = _fine(view, legal) if view["breaches"] else None
    if fine is not None:
        return fine
    first = legal[0]
    if isinstance(first, ChooseSex):
        return _sex(view, legal)
    if isinstance(first, ChooseParty):
        origin = view["queen"]["origin"]
        return ChooseParty(origin) if origin else rng.choice(list(legal))
    if isinstance(first, SetLocation):
        return _place(view)
    if Done() in legal and not any(isinstance(a, EndTurn) for a in legal):
        return Done()
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: DECK[a.card].income if isinstance(a, Discard) else 0)
    scored = [(v, rng.random(), a) for a in legal
              if not isinstance(a, Pay) and (v := _value(view, a)) >= 0]
    if not scored:
        return next((a for a in legal if isinstance(a, EndTurn)), rng.choice(list(legal)))
    return max(scored, key=lambda t: (t[0], t[1]))[2]


def estimate(view: Mapping[str, Any]) -> list[float]:
    """Each seat's share of the fortunes (a rough value for search)."""
    fortunes = [max(0, c["fortune"]) + 1 for c in view["courtiers"]]
    total = sum(fortunes)
    return [f / total for f in fortunes]
