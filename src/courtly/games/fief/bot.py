"""Fief's heuristic policy: plain rules of thumb from the seat's view alone.

``choose(view, legal, rng)`` reads only the seat's view and its legal
actions (courtly.bots finds it through the game's companions; docs/bots.md).
It plays the rulebook's advice: keep the lords ("It is always in the
interest of the players ... to retain the Lord cards"), make a bishop only
when one has several lords ("it is not recommended to turn the only lord
available into a bishop, because then soldiers could not move"), parry what
can be parried, take every tithe, build mills and presses where they pay,
spread over the free villages of one's region first and hold them ("A fief
corresponds to the occupation of all the villages of a region"), attack a
village only when the combat tables give it the fight, strike the leader's
region with an attack card when that costs him more than it costs us, vote
for one's own lord when he can win, answer coalitions, rights of way and
consecrations by interest, and in the negotiation pay only for a reason it
can say (:func:`remark`).

``estimate(view)`` scores a position for ISMCTS in the result's own unit,
fiefs (rules.py ``_result``): the fiefs held, plus what is on the way to
one, plus small credits for what wins fights and ties.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from courtly.core import Action, Done, Remark, grouped
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
from courtly.games.fief.combat import dice_for, losses

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
#: The attack cards ("Phase 1": the attacks).
ATTACK_CARDS = ("revolt", "bad_weather", "plague", "famine", "assassination")
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


#: A castle (2,000 crowns) is bought in one's region only with this much more in hand.
CASTLE_MARGIN = 2000
#: The least chance of winning a fight for an attack ("it is forbidden to break
#: the fight": a lost one costs the lord too).
ATTACK_CHANCE = 0.8
#: What a village is worth to its holder, in villages: one anywhere; more in
#: one's own region; more again for the one that completes a region (a fief).
VILLAGE, HOME_VILLAGE, COMPLETES = 1.0, 3.0, 4.0
#: What a step nearer a village worth taking is worth (it wins nothing yet).
APPROACH = 0.2
#: What a lost lord costs, in villages (he moves the soldiers and votes).
LORD_LOSS = 3.0
#: The harm an attack card must do to rivals, net of its harm to us, in
#: villages' worth, before it is played rather than kept.
CARD_HARM = 1.0
#: The thanks for a right of way granted this turn ("to offer a sum of money to
#: one of your opponents to convince him to behave in this or that way").
PASSAGE_THANKS = 100


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


def remark(view: Mapping[str, Any], action: Action) -> Remark | None:
    """What this seat says with ``action``: the reason of a payment it makes
    (the negotiation, "to offer a sum of money to one of your opponents"),
    public like the payment; nothing for other actions."""
    if not isinstance(action, Pay):
        return None
    due = _passage_debt(view)
    if due is None or due[0] != action:
        return None
    village = default_board().villages[due[1]].name
    en, fr = grouped(action.amount), grouped(action.amount, "fr")
    return Remark({"en": f"{en} crowns for the right of way through {village}.",
                   "fr": f"{fr} écus pour le droit de passage à {village}."})


def _quiet(legal: Sequence[Action]) -> Action:
    """End one's part, be done, abstain, or else the first action."""
    for action in legal:
        if isinstance(action, EndTurn | Done) or action == Vote(None, 0):
            return action
    return legal[0]


Rule = Any  # (view, by_kind, rng) -> Action | None


def _first(by_kind: Mapping[str, list[Action]], kind: str) -> Action | None:
    return by_kind.get(kind, [None])[0]


# ----- the combat tables, read as chances --------------------------------------------------
@cache
def _dice_sums(dice: int) -> tuple[tuple[int, float], ...]:
    """The sum of ``dice`` dice and its probability."""
    dist = {0: 1.0}
    for _ in range(dice):
        after: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                after[total + face] = after.get(total + face, 0.0) + p / 6
        dist = after
    return tuple(sorted(dist.items()))


@cache
def _losses_from(counters: int, in_castle: bool) -> tuple[tuple[int, float], ...]:
    """The counters lost to a side of ``counters`` firing (Dice Throws Table,
    Combat Results Table), with their probability."""
    out: dict[int, float] = {}
    for total, p in _dice_sums(dice_for(counters)):
        lost = losses(total, in_castle)
        out[lost] = out.get(lost, 0.0) + p
    return tuple(sorted(out.items()))


@cache
def win_chance(attackers: int, defenders: int, castle: bool = False) -> float:
    """The chance that ``attackers`` counters beat ``defenders`` in a fight to
    the last piece ("Phase 5: The Combat"): each exchange both fire, the
    defender with the count he had before his losses and from a castle if he
    has one; when both fall together the village stays the defender's
    (war.py ``_fight``)."""
    if attackers <= 0:
        return 0.0
    if defenders <= 0:
        return 1.0
    total = 0.0
    for hit, p_hit in _losses_from(attackers, castle):
        for back, p_back in _losses_from(defenders, False):
            total += p_hit * p_back * win_chance(attackers - back, defenders - hit, castle)
    return total


# ----- who matters ---------------------------------------------------------------------------
def standing(view: Mapping[str, Any], seat: int) -> int:
    """How far ahead ``seat`` is: villages held, a fief counting five more."""
    held = sum(1 for holder in view["holders"].values() if holder == seat)
    return held + 5 * sum(1 for f in view["fiefs"].values() if f["owner"] == seat)


def _leader(view: Mapping[str, Any]) -> int | None:
    """The rival furthest ahead (:func:`standing`), if any holds anything."""
    me = view["seat"]
    rivals = {s: standing(view, s) for s in range(len(view["money"])) if s != me}
    best = max(rivals, key=lambda s: (rivals[s], -s), default=None)
    return best if best is not None and rivals[best] > 0 else None


def _threat(view: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat`` menaces our region: it holds a village of it, or has a
    lord in or next to it."""
    me, board = view["seat"], default_board()
    home = view["regions"][me]
    if home is None or seat == me:
        return False
    villages = set(board.regions[home].villages)
    near = villages | {n for v in villages for n in board.neighbours[v]}
    return (any(view["holders"][v] == seat for v in villages)
            or any(i["owner"] == seat and i["village"] in near for i in view["lords"].values()))


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
    """Parry when one can; execute, destroy a mill, keep custody; the battle's
    and the right of way's questions by interest."""
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
        return AskCoalition(ask_coalition(view))
    if "answer_coalition" in by_kind:
        return AnswerCoalition(grant_coalition(view))
    if "answer_passage" in by_kind:
        return AnswerPassage(grant_passage(view))
    if "bid" in by_kind:
        return bid(view, [a for a in by_kind["bid"] if isinstance(a, Bid)])
    return None


def _force(view: Mapping[str, Any], seat: int, village: str) -> int:
    """``seat``'s counters (soldiers and lords) at ``village``'s gate."""
    return sum(g["soldiers"] + len(g["lords"]) for g in view["gates"]
               if g["owner"] == seat and g["village"] == village)


def _garrison(view: Mapping[str, Any], village: str) -> int:
    """The counters inside ``village``: its soldiers and the lords standing in it."""
    held = view["soldiers"].get(village)
    return (held[1] if held else 0) + sum(1 for i in view["lords"].values()
                                          if i["village"] == village and not i["outside"])


def ask_coalition(view: Mapping[str, Any]) -> bool:
    """Ask the other attacker for a coalition when his counters turn a lost
    fight into a won one ("Special cases": alone, the first arrived fights the
    second in open ground, then the survivor fights the holder; allied, both
    fire in turn at the holder)."""
    battle = view["battle"]
    village, me, other = battle["village"], battle["first"], battle["second"]
    mine, theirs = _force(view, me, village), _force(view, other, village)
    castle = village in view["castles"]
    defenders = _garrison(view, village)
    alone = win_chance(mine, theirs) * win_chance(mine, defenders, castle)
    together = win_chance(mine + theirs, defenders, castle)
    return alone < 0.5 <= together


def grant_coalition(view: Mapping[str, Any]) -> bool:
    """Accept the coalition when it costs nothing (the holder is not ourselves)
    and the asker is neither the leader nor a threat to our region; else refuse."""
    battle = view["battle"]
    asker = battle["first"]
    return (view["holders"].get(battle["village"]) != view["seat"]
            and asker != _leader(view) and not _threat(view, asker))


def grant_passage(view: Mapping[str, Any]) -> bool:
    """Grant a right of way to a force that would win the fight anyway (refusing
    costs the garrison), or to an asker who is neither the leader nor a threat
    to our region (it costs nothing: "simple crossing of the village without a
    fight"); refuse the leader or a threat that the garrison can beat."""
    passage = view.get("passage")
    if not passage:
        return True
    _holder, village = passage
    askers = {g["owner"] for g in view["gates"]
              if g["village"] == village and g["stance"] == "passage"}
    force = sum(_force(view, s, village) for s in askers)
    hold = 1 - win_chance(force, _garrison(view, village), village in view["castles"])
    hostile = any(s == _leader(view) or _threat(view, s) for s in askers)
    return not hostile or hold < 0.5


def village_worth(view: Mapping[str, Any], village: str) -> float:
    """What ``village`` is worth to this seat, in villages: one, more in its own
    region, more again if it completes a region (the way to a fief)."""
    me, board = view["seat"], default_board()
    region = board.villages[village].region
    worth = HOME_VILLAGE if region == view["regions"][me] else VILLAGE
    others = [v for v in board.regions[region].villages if v != village]
    if region not in view["fiefs"] and all(view["holders"][v] == me for v in others):
        worth += COMPLETES
    return worth


def bid(view: Mapping[str, Any], bids: Sequence[Bid]) -> Bid:
    """A sealed bid by the village's worth to us: its income for the turns left
    (100 crowns a turn, "each village owned earns 100 crowns per turn") and 500
    a village of its worth beyond one, at most half our money (the rest is
    next turn's soldiers); never below the floor the rules set."""
    me = view["seat"]
    village = view["battle"]["village"]
    turns_left = max(1, view["turn_limit"] - view["turn"] + 1)
    worth = 100 * turns_left + 500 * (village_worth(view, village) - VILLAGE)
    target = min(worth, view["money"][me] // 2)
    return min(bids, key=lambda a: abs(a.amount - target))


# ----- cards ----------------------------------------------------------------------------
def _cards(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
           rng: random.Random) -> Action | None:
    """Lay lords; a bishop once one has two lords; cardinals; an attack card on
    the region where it hurts rivals most, if it pays; assassinate the leader's lord."""
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
    attack = best_region_attack(view, [a for a in by_kind.get("attack_region", [])
                                       if isinstance(a, AttackRegion)])
    if attack is not None:
        return attack
    leader = _leader(view)
    for action in by_kind.get("assassinate", []):
        if isinstance(action, Assassinate) and view["lords"][action.lord]["owner"] == leader:
            return action
    return _useless_card(view, by_kind)


def _exposure(view: Mapping[str, Any], seat: int, region: str, card: str) -> float:
    """What ``card`` on ``region`` costs ``seat``, in villages' worth (a
    village yields 100 crowns a turn): plague a third of its soldiers there and
    each lord with a chance of a third ("PLAGUE"); famine its mills' and
    presses' yield this turn; revolt that and, with the die, the counters and
    the castle's soldiers ("REVOLT"); bad weather its lords' trips there."""
    board = default_board()
    villages = board.regions[region].villages
    soldiers = sum(n for v, (owner, n) in view["soldiers"].items()
                   if owner == seat and v in villages)
    soldiers += sum(g["soldiers"] for g in view["gates"]
                    if g["owner"] == seat and g["village"] in villages)
    lords = sum(1 for i in view["lords"].values()
                if i["owner"] == seat and i["village"] in villages)
    held = [v for v in villages if view["holders"][v] == seat]
    income = sum(2 * view["mills"].get(v, 0) + view["presses"].get(v, 0) for v in held)
    counters = sum(3 * view["mills"].get(v, 0) + 2 * view["presses"].get(v, 0) for v in held)
    if card == "plague":
        return soldiers // 3 * 0.5 + lords * LORD_LOSS / 3
    if card == "famine":
        return float(income)
    if card == "revolt":
        return income + counters / 2 + (soldiers > 0) * 1.0
    return 0.5 * lords  # bad weather: the lords there lose their turn's trips


def best_region_attack(view: Mapping[str, Any], attacks: Sequence[AttackRegion]
                       ) -> AttackRegion | None:
    """The attack card that costs rivals most net of its cost to us (the leader
    counting double), if that is at least :data:`CARD_HARM`; a revolt comes
    before its famine (it carries the famine)."""
    me, leader = view["seat"], _leader(view)
    best: tuple[float, AttackRegion] | None = None
    for action in attacks:
        harm = sum((2 if s == leader else 1) * _exposure(view, s, action.region, action.card)
                   for s in range(len(view["money"])) if s != me)
        net = harm - 2 * _exposure(view, me, action.region, action.card)
        net += 0.01 * (action.card == "revolt")
        if net >= CARD_HARM and (best is None or net > best[0]):
            best = (net, action)
    return best[1] if best else None


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
    return _spare_card(view, by_kind)


def _spare_card(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]]
                ) -> Action | None:
    """Discard what only fills the hand: an attack card not worth playing now
    (:func:`best_region_attack` said so) and a second parry of a kind. The
    hand is filled "up to three cards" each turn, so a card kept is a lord or
    a bishop not dealt ("he may discard them at the end of each turn")."""
    hand = list(view["hand"] or [])
    for action in by_kind.get("discard_card", []):
        if not isinstance(action, DiscardCard):
            continue
        if action.card in ATTACK_CARDS or (action.card in PARRY_ORDER
                                            and hand.count(action.card) > 1):
            return action
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
    a reserve but in the last turn; with the box's soldiers all bought, a
    castle in one's region (defenders lose less "in a castle")."""
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
    castles = [a for a in buys if a.item == "castle" and board.villages[a.village].region == home]
    if castles and turns_left > 0 and money >= 2000 + CASTLE_MARGIN:
        return max(castles, key=lambda a: _garrison(view, a.village))
    return None


# ----- movement --------------------------------------------------------------------------------
@cache
def _distances() -> dict[str, dict[str, int]]:
    """Roads between every two villages of the board (breadth first)."""
    board = default_board()
    out: dict[str, dict[str, int]] = {}
    for start in board.villages:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in board.neighbours[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        out[start] = seen
    return out


def _movement(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
              rng: random.Random) -> Action | None:
    """The trip worth most (:func:`move_value`), if it is worth anything."""
    moves = [a for a in by_kind.get("move", []) if isinstance(a, Move)]
    if not moves:
        return None
    targets = _targets(view)
    best: tuple[float, Move] | None = None
    for move in moves:
        value = move_value(view, move, targets)
        if value is not None and value > 0 and (best is None or value > best[0]):
            best = (value, move)
    return best[1] if best else None


def _targets(view: Mapping[str, Any]) -> dict[str, float]:
    """Villages worth going to, with their worth: the free ones, and others'
    villages of our region."""
    me, board = view["seat"], default_board()
    home = view["regions"][me]
    out = {}
    for village, holder in view["holders"].items():
        if holder is None or (holder != me and board.villages[village].region == home
                              and board.villages[village].region not in view["fiefs"]):
            out[village] = village_worth(view, village)
    return out


def move_value(view: Mapping[str, Any], move: Move, targets: Mapping[str, float]
               ) -> float | None:
    """What one trip is worth, in villages: the village it takes (free, or won
    by a fight the tables give us with :data:`ATTACK_CHANCE`), less the village
    it leaves empty, plus a little for each road nearer a village worth taking.
    A lord leaves one soldier behind and takes the rest ("it is not possible to
    move soldiers if they are not accompanied by a lord"); None for a trip not
    considered (another count of soldiers, a siege, a request for right of way)."""
    me = view["seat"]
    info = view["lords"][move.lord]
    source = info["village"]
    held = view["soldiers"].get(source)
    here = held[1] if held and held[0] == me and not info["outside"] else 0
    if not info["outside"] and move.soldiers != max(0, here - 1) and not info["bishop"]:
        return None
    cost = 0.0 if info["outside"] else _emptied_cost(view, move, here)
    gain = _arrival_gain(view, move)
    if gain is None:
        return None
    if gain == 0 and targets:
        distances = _distances()
        before = min(distances[source][t] - 0.1 * w for t, w in targets.items())
        after = min(distances[move.to][t] - 0.1 * w for t, w in targets.items())
        gain = APPROACH * (before - after)
    return gain - cost


def _emptied_cost(view: Mapping[str, Any], move: Move, here: int) -> float:
    """The worth of the village the lord leaves, if he leaves it empty (no
    soldier, no other lord of ours): it becomes free (a fief's village does
    not, but its capital does: "if it falls into the hands of an opponent all
    the fief is lost")."""
    me, source = view["seat"], view["lords"][move.lord]["village"]
    if here - move.soldiers > 0 or any(
            lord != move.lord and i["owner"] == me and i["village"] == source
            and not i["outside"] for lord, i in view["lords"].items()):
        return 0.0
    region = default_board().villages[source].region
    fief = view["fiefs"].get(region)
    if fief is not None and fief["owner"] == me and fief["capital"] != source:
        return 0.0
    return village_worth(view, source) + (LORD_LOSS if fief is not None else 0.0)


def _arrival_gain(view: Mapping[str, Any], move: Move) -> float | None:
    """What arriving gives: a free village's worth; nothing at one's own; for an
    attack, the village's worth times the chance to win less the force's and
    the lord's loss otherwise, and only with :data:`ATTACK_CHANCE` and not in
    the last turn (losses count in the tie-break); None for other stances."""
    me, holder = view["seat"], view["holders"][move.to]
    if move.stance == "enter":
        return village_worth(view, move.to) if holder is None else 0.0
    if move.stance != "attack" or view["turn"] >= view["turn_limit"]:
        return None
    force = move.soldiers + 1 + _force(view, me, move.to)
    chance = win_chance(force, _garrison(view, move.to), move.to in view["castles"])
    if chance < ATTACK_CHANCE:
        return None
    return chance * village_worth(view, move.to) - (1 - chance) * (LORD_LOSS + force / 5)


# ----- phase 6 ------------------------------------------------------------------------------
def _court(view: Mapping[str, Any], by_kind: Mapping[str, list[Action]],
           rng: random.Random) -> Action | None:
    """Vote by :func:`vote`; ask for consecration; answer it by
    :func:`consecrate`; make one's own regions fiefs; pay only for a reason
    (:func:`_passage_debt`)."""
    votes = [a for a in by_kind.get("vote", []) if isinstance(a, Vote)]
    if votes:
        return vote(view, votes)
    if "ask_consecration" in by_kind:
        return by_kind["ask_consecration"][0]
    if "consecrate" in by_kind:
        return Consecrate(consecrate(view))
    fiefs = [a for a in by_kind.get("found_fief", []) if isinstance(a, FoundFief)]
    if fiefs:
        castles = [a for a in fiefs if a.capital in view["castles"] and a.gather]
        return (castles or [a for a in fiefs if a.gather] or fiefs)[0]
    me = view["seat"]
    for action in by_kind.get("create_fief", []):
        if isinstance(action, CreateFief):
            villages = default_board().regions[action.region].villages
            if view["holders"][villages[0]] == me:
                return action
    for action in by_kind.get("grant_title", []):
        if isinstance(action, GrantTitle) and view["lords"][action.lord]["owner"] == me:
            return action
    if any(isinstance(a, Pay) for a in by_kind.get("pay", [])):
        due = _passage_debt(view)
        return due[0] if due is not None and due[0] in by_kind["pay"] else Done()
    return None


def _tally(view: Mapping[str, Any]) -> dict[str, int]:
    """The votes announced so far, by lord."""
    election = view["election"] or {"votes": {}}
    out: dict[str, int] = {}
    for lord, count in election["votes"].values():
        if lord is not None:
            out[lord] = out.get(lord, 0) + count
    return out


def vote(view: Mapping[str, Any], votes: Sequence[Vote]) -> Vote:
    """Every vote for our own lord when he can still win (more than any other
    candidate could reach if each player yet to vote gave all his votes to his
    own lord: "The Lord who receives the greatest number of votes is elected
    King"); else every vote for the candidate of the weakest rival, so that
    the leader is not crowned; abstain with no candidate."""
    me = view["seat"]
    lords, tally = view["lords"], _tally(view)
    voted = {int(s) for s in (view["election"] or {"votes": {}})["votes"]}
    mine = [a for a in votes if a.lord and lords[a.lord]["owner"] == me]
    if mine:
        ours = max(mine, key=lambda a: (a.votes, a.lord))
        assert ours.lord is not None
        others = [tally.get(lord, 0) + (view["votes"][i["owner"]] if i["owner"] not in voted
                                        else 0)
                  for lord, i in lords.items() if i["owner"] != me and not i["bishop"]]
        if tally.get(ours.lord, 0) + ours.votes > max(others, default=0):
            return ours
    rivals = [a for a in votes if a.lord and lords[a.lord]["owner"] != me]
    if not rivals:
        return Vote(None, 0) if Vote(None, 0) in votes else votes[0]
    return max(rivals, key=lambda a: (-standing(view, lords[a.lord]["owner"]), a.votes,
                                      str(a.lord)))


def consecrate(view: Mapping[str, Any]) -> bool:
    """Consecrate the elected lord of a player who is not ahead of us (his
    crown then raises our fiefs as well as his; the royal tithe goes to a
    weaker hand); refuse the leader and anyone ahead of us ("If the king is
    not sanctified, he cannot reign")."""
    election = view["election"]
    if not election or election["elected"] not in view["lords"]:
        return False
    owner = view["lords"][election["elected"]]["owner"]
    me = view["seat"]
    return owner != _leader(view) and standing(view, owner) <= standing(view, me)


def _passage_debt(view: Mapping[str, Any]) -> tuple[Pay, str] | None:
    """A payment we owe by our own rule, and the village it is for: thanks to a
    player who granted our force a right of way this turn (it stands at his
    village's gate: "the player who requested it will continue on his way"),
    once a negotiation, if we can afford it."""
    me = view["seat"]
    if view["money"][me] < PASSAGE_THANKS + RESERVE:
        return None
    paid = {(s, to) for s, to, _amount in view.get("paid", [])}
    for gate in view["gates"]:
        holder = view["holders"].get(gate["village"])
        if (gate["owner"] == me and gate["stance"] == "passage" and holder is not None
                and holder != me and (me, holder) not in paid):
            return Pay(holder, PASSAGE_THANKS), gate["village"]
    return None


_RULES: tuple[Rule, ...] = (_region, _answers, _cards, _tithes, _purchases, _movement, _court)

__all__ = ["choose", "estimate", "remark"]
