"""Fief's heuristic policy: plain rules of thumb from the seat's view alone.

``choose(view, legal, rng)`` reads only the seat's view and its legal
actions (courtly.bots finds it through the game's companions; docs/bots.md).
It plays the rulebook's advice: keep the lords ("It is always in the
interest of the players ... to retain the Lord cards"), make a bishop only
when one has several lords ("it is not recommended to turn the only lord
available into a bishop, because then soldiers could not move"), parry what
can be parried, take every tithe, build mills and presses where they pay,
spread over the free villages of one's region first ("A fief corresponds to
the occupation of all the villages of a region"), attack a weaker neighbour,
vote for one's own lord, ask for and give consecration within reason, make
one's own regions fiefs, and let negotiation to people.

``estimate(view)`` scores a position for ISMCTS in the result's own unit,
fiefs (rules.py ``_result``): the fiefs held, plus what is on the way to
one, plus small credits for what wins fights and ties.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import Action, Done
from courtly.games.fief.actions import (
    AnswerCoalition,
    AnswerPassage,
    AskCoalition,
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
    FoundFief,
    GrantTitle,
    Move,
    Pay,
    PlayBishop,
    Respond,
    Tithe,
    Vote,
)
from courtly.games.fief.board import default_board

#: ISMCTS settings for Fief: the rivals play the heuristic, the root is
#: sequential halving, leaves are scored by :func:`estimate` at once; a
#: position is worth a fiefs' difference of about a third between seats
#: (temperature). Fief has many small decisions (every trip of every lord),
#: so the budget is small.
SEARCH: Mapping[str, object] = {"opponents": "heuristic", "root": "halving", "iterations": 40,
                                "temperature": 0.3}
#: What a region held at share p counts towards its fief, p ** 2 times this
#: (a region one village short of a fief is worth most of one).
REGION_WORTH = 0.6
#: The credits, in fiefs: the crown (royal tithe, fiefs made by its hand), a
#: living lord (the only pieces that move and vote), a soldier on the board
#: (combat, and the first tie-break), a crown of money (the last one).
KING_WORTH, LORD_WORTH, SOLDIER_WORTH, CROWN_WORTH = 0.3, 0.05, 0.01, 1 / 20000

#: Crowns kept back after purchases (a revolt's ransom, next turn's soldiers).
RESERVE = 300
#: A mill (300 crowns, 200 a turn) is bought only with this many turns left.
MILL_PAYBACK_TURNS = 3
#: Parries preferred, in order; "none" last.
PARRY_ORDER = ("sun", "good_harvest", "justice", "ransom", "none")


def estimate(view: Mapping[str, Any]) -> list[float]:
    """Every seat's expected final score, in fiefs, as the view shows the
    board (all of it is public but the hands)."""
    n = len(view["money"])
    worth = [len([r for r, f in view["fiefs"].items() if f["owner"] == s]) + CROWN_WORTH
             * view["money"][s] for s in range(n)]
    holders = view["holders"]
    for region in default_board().regions.values():
        if region.id in view["fiefs"]:
            continue
        held = [holders[v] for v in region.villages]
        for seat in {h for h in held if h is not None}:
            worth[seat] += REGION_WORTH * (held.count(seat) / len(held)) ** 2
    for owner, count in view["soldiers"].values():
        worth[owner] += SOLDIER_WORTH * count
    for gate in view["gates"]:
        worth[gate["owner"]] += SOLDIER_WORTH * gate["soldiers"]
    for info in view["lords"].values():
        worth[info["owner"]] += LORD_WORTH
    king = view["king"]
    if king is not None and king in view["lords"]:
        worth[view["lords"][king]["owner"]] += KING_WORTH
    return worth


def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """One of ``legal`` by the rules of thumb above."""
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    for rule in _RULES:
        action = rule(view, by_kind, rng)
        if action is not None:
            return action
    return _quiet(legal)


def _quiet(legal: Sequence[Action]) -> Action:
    """End one's part, be done, abstain, or else the first action."""
    for action in legal:
        if isinstance(action, EndTurn | Done) or action == Vote(None, 0):
            return action
    return legal[0]


Rule = Any  # (view, by_kind, rng) -> Action | None


def _first(by_kind: Mapping[str, list[Action]], kind: str) -> Action | None:
    return by_kind.get(kind, [None])[0]


# ----- set-up and answers ---------------------------------------------------------------
def _region(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
            rng: random.Random) -> Action | None:
    """The smallest region free: a barony's three villages make the quickest
    fief (our reasoning; the rulebook gives no advice on the choice)."""
    options = [a for a in by_kind.get("choose_region", []) if isinstance(a, ChooseRegion)]
    if not options:
        return None
    board = default_board()
    return min(options, key=lambda a: len(board.regions[a.region].villages))


def _answers(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
             rng: random.Random) -> Action | None:
    """Parry when one can; execute, destroy a mill, keep custody, take a coalition."""
    responses = [a for a in by_kind.get("respond", []) if isinstance(a, Respond)]
    if responses:
        return min(responses, key=lambda a: PARRY_ORDER.index(a.parry))
    for kind in ("execute", "claim_custody"):
        if kind in by_kind:
            return _first(by_kind, kind) if kind == "execute" else ClaimCustody(True)
    destroy = [a for a in by_kind.get("destroy_counter", []) if isinstance(a, DestroyCounter)]
    if destroy:
        return max(destroy, key=lambda a: a.counter == "mill")
    if "ask_coalition" in by_kind:
        return AskCoalition(True)
    if "answer_coalition" in by_kind:
        return AnswerCoalition(True)
    if "answer_passage" in by_kind:
        return AnswerPassage(_weaker_than_me_at_my_gate(view))
    if "bid" in by_kind:
        bids = [a for a in by_kind["bid"] if isinstance(a, Bid)]
        target = min(view["money"][view["seat"]] // 3, 500)
        return min(bids, key=lambda a: abs(a.amount - target))
    return None


def _weaker_than_me_at_my_gate(view: Mapping[str, Any]) -> bool:
    """Grant a right of way to a force stronger than the garrison, refuse a weaker one."""
    passage = view.get("passage")
    if not passage:
        return True
    _holder, village = passage
    mine = view["soldiers"].get(village, [view["seat"], 0])[1]
    theirs = sum(g["soldiers"] + len(g["lords"]) for g in view["gates"]
                 if g["village"] == village and g["stance"] == "passage")
    return theirs > mine


# ----- cards ----------------------------------------------------------------------------
def _cards(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
           rng: random.Random) -> Action | None:
    """Lay lords; a bishop once one has two lords; cardinals; attack the leader."""
    if "play_lord" in by_kind:
        return by_kind["play_lord"][0]
    me = view["seat"]
    mine = [lord for lord, info in view["lords"].items() if info["owner"] == me]
    fighters = [lord for lord in mine if not view["lords"][lord]["bishop"]]
    bishops = [a for a in by_kind.get("play_bishop", []) if isinstance(a, PlayBishop)]
    if bishops and len(fighters) >= 2:
        return bishops[-1]
    if "take_cardinal" in by_kind:
        return by_kind["take_cardinal"][0]
    leader = _leader(view)
    if leader is not None:
        region = view["regions"][leader]
        for action in by_kind.get("attack_region", []):
            if isinstance(action, AttackRegion) and action.region == region:
                return action
        for action in by_kind.get("assassinate", []):
            if isinstance(action, Assassinate) and view["lords"][action.lord]["owner"] == leader:
                return action
    return _useless_card(view, by_kind)


def _leader(view: Mapping[str, Any]) -> int | None:
    """The other player who holds the most villages (fiefs counting most)."""
    me = view["seat"]
    held: dict[int, int] = {}
    for holder in view["holders"].values():
        if holder is not None and holder != me:
            held[holder] = held.get(holder, 0) + 1
    for fief in view["fiefs"].values():
        if fief["owner"] is not None and fief["owner"] != me:
            held[fief["owner"]] = held.get(fief["owner"], 0) + 5
    return max(held, key=lambda s: (held[s], -s)) if held else None


def _useless_card(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]]
                  ) -> Action | None:
    """Give back a tithe card one cannot use (no fief, no King, no bishop)."""
    me = view["seat"]
    usable = {"bishopric_tithe": any(i["owner"] == me and i["bishop"] and not i["cardinal"]
                                     for i in view["lords"].values()),
              "royal_tithe": view["king"] is not None
              and view["lords"].get(view["king"], {}).get("owner") == me,
              "lords_tithe": any(f["owner"] == me for f in view["fiefs"].values())}
    for action in by_kind.get("discard_card", []):
        if isinstance(action, DiscardCard) and usable.get(action.card) is False:
            swap = ExchangeCard(action.card)
            return swap if swap in by_kind.get("exchange_card", []) else action
    return None


# ----- revenues and purchases ---------------------------------------------------------------
def _tithes(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
            rng: random.Random) -> Action | None:
    """Every tithe one may take."""
    tithes = [a for a in by_kind.get("tithe", []) if isinstance(a, Tithe)]
    return tithes[0] if tithes else None


def _purchases(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
               rng: random.Random) -> Action | None:
    """A mill where one holds a village of one's region while it still has
    turns to pay back, then soldiers with the rest (they fight, and they are
    the first tie-break: "by the number of soldiers on the ground"), keeping
    a reserve but in the last turn."""
    buys = [a for a in by_kind.get("buy", []) if isinstance(a, Buy)]
    if not buys:
        return None
    me = view["seat"]
    turns_left = view["turn_limit"] - view["turn"]
    money = view["money"][me] - (RESERVE if turns_left > 0 else 0)
    home = view["regions"][me]
    board = default_board()
    mills = [a for a in buys if a.item == "mill" and a.count == 1
             and board.villages[a.village].region == home]
    if (mills and money >= 300 and turns_left >= MILL_PAYBACK_TURNS
            and view["mills"].get(mills[0].village, 0) < 2):
        return mills[0]
    spots = [a for a in buys if a.item == "soldier"]
    if money >= 100 and spots:
        count = money // 100
        best = [a for a in spots if a.count == count] or spots
        lord_places = {i["village"] for i in view["lords"].values() if i["owner"] == me}
        return max(best, key=lambda a: (a.village in lord_places, a.count))
    return None


# ----- movement --------------------------------------------------------------------------------
def _movement(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
              rng: random.Random) -> Action | None:
    """Take a free village (one's region first) leaving one soldier behind; else
    attack a weaker neighbour with all but one."""
    moves = [a for a in by_kind.get("move", []) if isinstance(a, Move)]
    if not moves:
        return None
    me = view["seat"]
    home = view["regions"][me]
    board = default_board()

    def here(lord: str) -> tuple[int, bool]:
        info = view["lords"][lord]
        held = view["soldiers"].get(info["village"])
        return (held[1] if held and held[0] == me and not info["outside"] else 0,
                bool(info["outside"]))

    best: tuple[float, Move] | None = None
    for move in moves:
        soldiers, outside = here(move.lord)
        keep = 0 if outside else max(0, soldiers - move.soldiers)
        if not outside and soldiers and keep != 1 and move.soldiers:
            continue  # leave exactly one soldier to hold the village left
        score = _move_score(view, move, home, board)
        if score is not None and (best is None or score > best[0]):
            best = (score, move)
    return best[1] if best else None


def _move_score(view: Mapping[str, Any], move: Move, home: str | None,
                board: Any) -> float | None:
    region = board.villages[move.to].region
    if move.stance == "enter" and view["holders"][move.to] is None:
        return 10 + 5 * (region == home) + move.soldiers / 100
    if move.stance == "attack":
        held = view["soldiers"].get(move.to)
        defenders = (held[1] if held else 0) + sum(
            1 for i in view["lords"].values() if i["village"] == move.to and not i["outside"])
        castle = move.to in view["castles"]
        if move.soldiers + 1 >= 2 * defenders + (3 if castle else 0) + 2:
            return 5 + (region == home)
    return None


# ----- phase 6 ------------------------------------------------------------------------------
def _court(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
           rng: random.Random) -> Action | None:
    """Vote for one's own lord with every vote; ask for consecration; give it to
    half the askers; make one's own regions fiefs; pay nobody."""
    me = view["seat"]
    votes = [a for a in by_kind.get("vote", []) if isinstance(a, Vote) and a.lord]
    mine = [a for a in votes if view["lords"][a.lord]["owner"] == me]
    if mine:
        return max(mine, key=lambda a: a.votes)
    if "ask_consecration" in by_kind:
        return by_kind["ask_consecration"][0]
    if "consecrate" in by_kind:
        return Consecrate(rng.random() < 0.5)
    fiefs = [a for a in by_kind.get("found_fief", []) if isinstance(a, FoundFief)]
    if fiefs:
        castles = [a for a in fiefs if a.capital in view["castles"] and a.gather]
        return (castles or [a for a in fiefs if a.gather] or fiefs)[0]
    for action in by_kind.get("create_fief", []):
        if isinstance(action, CreateFief):
            villages = default_board().regions[action.region].villages
            if view["holders"][villages[0]] == me:
                return action
    for action in by_kind.get("grant_title", []):
        if isinstance(action, GrantTitle) and view["lords"][action.lord]["owner"] == me:
            return action
    if any(isinstance(a, Pay) for a in by_kind.get("pay", [])):
        return Done()
    return None


_RULES: tuple[Rule, ...] = (_region, _answers, _cards, _tithes, _purchases, _movement, _court)

__all__ = ["choose"]
