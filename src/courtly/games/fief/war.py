"""Phases 4 and 5 of Fief: movement and combat (rulebook "Phase 4: The Movement
of Counters", "Phase 5: The Combat"), as a part of the state.

Pieces are either inside a village (its holder's soldiers and lords) or at a
village's gate: a force that arrived at a village another player holds and
stays "on the road by which they came", to attack it, to besiege it, or
with a right of way. Battles are fought in phase 5 in the order the attacks
were declared.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from courtly.core import Action, Event, counted
from courtly.games.fief.actions import (
    AnswerCoalition,
    AnswerPassage,
    AskCoalition,
    Bid,
    Move,
    move,
    village_name,
)
from courtly.games.fief.board import Board
from courtly.games.fief.combat import exchange

TRIPS = 2
#: What a besieger may turn his siege into with a trip, at its own gate: an
#: assault only. No right of way: the rulebook offers it to "the newcomer" who
#: "decides not to attack", beside the siege (Phase 4, cases 3 and 4); a
#: besieger may withdraw by his road and come again asking (our reading,
#: docs/rules/fief.md, decision 20).
SIEGE_BECOMES: tuple[str, ...] = ("attack",)


@dataclass
class Gate:
    """A force at a village's gate: its owner, what it does there, its soldiers
    (its lords are those of the owner standing at this gate)."""

    owner: int
    village: str
    stance: str  # "attack", "siege", "passage" or "sortie"
    soldiers: int
    order: int


@dataclass
class Battle:
    """A battle in progress that waits for a decision (coalition, bids)."""

    village: str
    first: int
    second: int
    step: str  # "ask", "answer", "bid"
    bids: dict[int, int] = field(default_factory=dict)
    floor: dict[int, int] = field(default_factory=dict)


@cache
def _trip_moves(lord: str, to: str, stances: tuple[str, ...], low: int, high: int
                ) -> tuple[Action, ...]:
    """``lord``'s trips to ``to`` in each of ``stances`` with ``low`` to
    ``high`` soldiers, in that order (the shared actions, made once)."""
    return tuple(move(lord, to, s, k) for s in stances for k in range(low, high + 1))


class WarRules(ABC):
    """Movement and combat; mixed into FiefState (rules.py), which holds the rest."""

    board: Board
    rng: random.Random
    num_players: int
    soldiers: dict[str, tuple[int, int]]
    castles: set[str]
    mills: Counter[str]
    presses: Counter[str]
    money: list[int]
    weather: set[str]
    lords: dict[str, Any]
    gates: list[Gate]
    trips: Counter[str]
    gate_order: int
    passage: tuple[int, str] | None
    battle: Battle | None

    # ----- where things are -------------------------------------------------------------
    @abstractmethod
    def controller(self, village: str) -> int | None:
        """The seat whose pieces are in ``village`` (rules.py)."""

    @abstractmethod
    def _kill_lord(self, lord: str, how: str) -> list[Event]:
        """A lord leaves the game (rules.py)."""

    @abstractmethod
    def _village_taken(self, village: str, by: int, before: int | None) -> list[Event]:
        """What follows when ``by`` takes ``village`` from ``before`` (rules.py)."""

    @abstractmethod
    def paused(self) -> bool:
        """Whether a player's decision holds up the battles (rules.py)."""

    @abstractmethod
    def fief_owner(self, village: str) -> int | None:
        """The owner of the fief ``village`` belongs to, unless it is its capital."""

    def add_soldiers(self, village: str, seat: int, count: int) -> None:
        """``count`` more of ``seat``'s soldiers inside ``village``."""
        if count:
            self.soldiers[village] = (seat, self.soldiers.get(village, (seat, 0))[1] + count)

    def drop_soldiers(self, village: str, count: int) -> None:
        """``count`` fewer soldiers inside ``village`` (it has at least that many)."""
        owner, there = self.soldiers[village]
        if there > count:
            self.soldiers[village] = (owner, there - count)
        else:
            del self.soldiers[village]

    def gate(self, owner: int, village: str) -> Gate | None:
        """``owner``'s force at ``village``'s gate, if any."""
        return next((g for g in self.gates if g.owner == owner and g.village == village), None)

    def lords_at(self, owner: int, village: str, outside: bool) -> list[str]:
        """``owner``'s lords inside ``village`` (or at its gate)."""
        return sorted(lord for lord, i in self.lords.items() if i.owner == owner
                      and i.village == village and i.outside == outside)

    def besieged(self, village: str) -> bool:
        """Whether another player besieges ``village``."""
        holder = self.controller(village)
        return any(g.stance == "siege" and g.owner != holder for g in self.gates
                   if g.village == village)

    # ----- phase 4: movement --------------------------------------------------------------
    def moves_for(self, seat: int) -> list[Action]:
        """Every trip ``seat``'s lords may make now."""
        out: list[Action] = []
        for lord in sorted(lord for lord, i in self.lords.items() if i.owner == seat):
            if self.trips[lord] >= TRIPS:
                continue
            low, high = self._soldier_bounds(lord)
            for to, stances in self._destinations(lord):
                top = self._weather_cap(to, high)
                if low <= top:
                    out += _trip_moves(lord, to, stances, low, top)
        return out

    def soldier_range(self, lord: str, to: str) -> tuple[int, int]:
        """How many soldiers may go with ``lord`` to ``to``: none into a region
        under bad weather ("soldiers can no longer move" there); all of a gate's
        force when its last lord leaves it (soldiers "never move alone" and hold
        nothing outside a village). An empty range: he may not go there."""
        low, high = self._soldier_bounds(lord)
        return low, self._weather_cap(to, high)

    def _weather_cap(self, to: str, high: int) -> int:
        """``high`` soldiers may go to ``to``, none under its region's bad
        weather ("soldiers can no longer move" there)."""
        return 0 if self.board.villages[to].region in self.weather else high

    def _soldier_bounds(self, lord: str) -> tuple[int, int]:
        """:meth:`soldier_range` to a village under fair weather: the same
        wherever he goes."""
        high = self.movable_soldiers(lord)
        info = self.lords[lord]
        low = 0
        if info.outside and not info.bishop and self.lords_at(info.owner, info.village,
                                                              True) == [lord]:
            low = high
        return low, high

    def movable_soldiers(self, lord: str) -> int:
        """Soldiers that may go with ``lord`` on his next trip: those with him,
        none for a bishop ("never accompanied by soldiers") and none out of a
        region under bad weather ("soldiers can no longer move")."""
        info = self.lords[lord]
        if info.bishop or self.board.villages[info.village].region in self.weather:
            return 0
        if info.outside:
            force = self.gate(info.owner, info.village)
            return force.soldiers if force else 0
        owner, count = self.soldiers.get(info.village, (info.owner, 0))
        return count if owner == info.owner else 0

    def _destinations(self, lord: str) -> list[tuple[str, tuple[str, ...]]]:
        info = self.lords[lord]
        here = info.village
        if info.outside:
            force = self.gate(info.owner, here)
            if force is None or force.stance in ("attack", "sortie"):
                return []  # committed to the coming battle (or at an unguarded gate)
            out = [] if self._held_at_gate(lord, force) else [
                (to, self._stances(info.owner, to)) for to in self._roads_from_gate(info, force)]
            if force.stance == "siege":
                out.append((here, SIEGE_BECOMES))  # the siege becomes an assault
            return [(to, s) for to, s in out if s]
        if self.besieged(here):
            return [(here, ("sortie",))]
        return [(to, s) for to in self.board.neighbours[here] if (s := self._stances(
            info.owner, to))]

    def siege_road(self, info: Any) -> str | None:
        """The village a besieging lord came from, the only road he may leave by
        (:meth:`_roads_from_gate`); None for a lord not at a siege. Public: the
        table saw him come, and it decides his moves (the view says it)."""
        if not info.outside:
            return None
        force = self.gate(info.owner, info.village)
        if force is None or force.stance != "siege":
            return None
        return self.gate_road(info)

    def gate_road(self, info: Any) -> str | None:
        """The road a lord at a gate stands on ("on the road by which they came",
        Phase 4, case 2): the village he came from by a trip, to attack, besiege,
        ask right of way or intrude; None inside a village, and for pieces that
        came out by no road (put out of their village, or breaking out of a siege).
        Public: the table saw him come; the browser draws his force there."""
        if not info.outside:
            return None
        return info.came_from if info.came_from in self.board.neighbours[info.village] else None

    def _roads_from_gate(self, info: Any, force: Gate) -> tuple[str, ...]:
        """Where a lord at a gate may go: a besieger only back by the road he came
        ("The pieces stay on the road by which they came"; going on past the village
        is crossing it, which takes a right of way: "simple crossing of the village
        without a fight"); a force granted a right of way, an intruder in a fief ("may
        ... occupy or cross them") or one put out of a village, by any road."""
        road = self.siege_road(info)
        return (road,) if road is not None else self.board.neighbours[force.village]

    def _held_at_gate(self, lord: str, force: Gate) -> bool:
        """The last lord at a gate with soldiers stays if he cannot take them:
        under bad weather they "can no longer move", and "A Bishop may move but
        is never accompanied by soldiers"; left there without a lord (they
        "never move alone") they would be lost, so he may not leave them
        (decisions 9 and 11)."""
        info = self.lords[lord]
        return (bool(force.soldiers)
                and (info.bishop is not None
                     or self.board.villages[force.village].region in self.weather)
                and self.lords_at(info.owner, force.village, True) == [lord])

    def _stances(self, seat: int, to: str) -> tuple[str, ...]:
        """What a force of ``seat`` may do arriving at ``to``: enter a free or own
        village; at another's: attack, besiege or ask for passage, unless two
        opposing forces already converge there ("In no case should there be more
        than two opposing forces converging on the same village") or another
        player besieges it ("An already besieged village cannot be attacked")."""
        holder = self.controller(to)
        if holder is None or holder == seat:
            return ("enter",)
        if self.fief_owner(to) == holder and self._pieces_inside(to) is None:
            return ("intrude", "passage")  # "the adversaries may ... occupy or cross them"
        if self.gate(seat, to) is None:
            others = [g for g in self.gates if g.village == to and g.owner not in (seat, holder)]
            if len(others) >= 2 or any(g.stance == "siege" for g in others):
                return ()
        return ("attack", "siege", "passage")

    def _pieces_inside(self, village: str) -> int | None:
        """The seat with pieces inside ``village``, if any."""
        if village in self.soldiers:
            return self.soldiers[village][0]
        return next((i.owner for i in self.lords.values()
                     if i.village == village and not i.outside), None)

    def move_is_legal(self, seat: int, move: Move) -> bool:
        """Checked without building the menu of every soldier count."""
        info = self.lords.get(move.lord)
        if info is None or info.owner != seat or self.trips[move.lord] >= TRIPS:
            return False
        low, high = self.soldier_range(move.lord, move.to)
        if not low <= move.soldiers <= high:
            return False
        return any(to == move.to and move.stance in stances
                   for to, stances in self._destinations(move.lord))

    def _move(self, seat: int, move: Move) -> list[Event]:
        lord, to, k = move.lord, move.to, move.soldiers
        info = self.lords[lord]
        self.trips[lord] += 1
        left_gate = info.village if info.outside else None
        self._take_from(info, k)
        text = f"Seat {seat}: {move.describe()}"
        data = {"seat": seat, "lord": lord, "to": to, "soldiers": k, "stance": move.stance}
        events = [Event("move", text, data)]
        if move.stance == "enter":
            info.village, info.outside = to, False
            before = self.controller(to)
            self.add_soldiers(to, seat, k)
            self.merge_gate(seat, to)
            events += self._village_taken(to, seat, before)
        elif move.stance == "sortie":
            info.outside, info.came_from = True, None  # out of the gate, by no road
            self._join_gate(seat, to, "sortie", k)
        else:
            if to != info.village:
                info.came_from = info.village  # the road he stands on
            info.village, info.outside = to, True
            self._join_gate(seat, to, move.stance, k)
            if move.stance == "passage":
                holder = self.controller(to)
                assert holder is not None
                self.passage = (holder, to)
        if left_gate is not None and left_gate != info.village:
            events += self.disband_if_leaderless(seat, left_gate)
        return events

    def _take_from(self, info: Any, k: int) -> None:
        if info.outside:
            force = self.gate(info.owner, info.village)
            assert force is not None
            force.soldiers -= k
            return
        if k:
            self.drop_soldiers(info.village, k)

    def _join_gate(self, seat: int, village: str, stance: str, k: int) -> None:
        force = self.gate(seat, village)
        if force is None:
            self.gate_order += 1
            self.gates.append(Gate(seat, village, stance, k, self.gate_order))
            return
        force.soldiers += k
        if stance in ("attack", "sortie"):
            force.stance = stance

    def merge_gate(self, seat: int, village: str) -> None:
        """``seat``'s own force at the gate of a village it now holds goes in."""
        force = self.gate(seat, village)
        if force is None:
            return
        for lord in self.lords_at(seat, village, True):
            self.lords[lord].outside = False
        self.add_soldiers(village, seat, force.soldiers)
        self.gates.remove(force)

    def intruders_go_in(self, region: str, owner: int) -> None:
        """``owner``'s intruders at the gates of his new fief's villages go in
        where nobody else is inside: the villages are his ("all the fief"), and
        its villagers resist only "enemy soldiers" (our decision 15)."""
        for village in self.board.regions[region].villages:
            force = self.gate(owner, village)
            if (force is not None and force.stance == "intrude"
                    and self._pieces_inside(village) is None):
                self.merge_gate(owner, village)

    def evict(self, village: str, seat: int, leave: bool = False) -> list[Event]:
        """``seat``'s pieces inside ``village`` go out to its gate as intruders (a
        fief's village lost with its capital: "all the fief" is the new owner's);
        with ``leave``, with a right of way, to go on next turn (a capital the King
        grants to another: "The person who has to leave the premises automatically
        obtains a right of way")."""
        lords = self.lords_at(seat, village, False)
        held = self.soldiers.get(village)
        soldiers = held[1] if held and held[0] == seat else 0
        if not lords and not soldiers:
            return []
        if soldiers:
            self.drop_soldiers(village, soldiers)
        for lord in lords:
            self.lords[lord].outside, self.lords[lord].came_from = True, None  # by no road
        self._join_gate(seat, village, "passage" if leave else "intrude", soldiers)
        if leave:
            events = [Event("evicted", f"Seat {seat}'s pieces leave {village_name(village)} "
                            "with a right of way", {"seat": seat, "village": village,
                                                    "leaves": True})]
        else:
            events = [Event("evicted", f"Seat {seat}'s pieces at {village_name(village)} are "
                            "now intruders there", {"seat": seat, "village": village})]
        return events + self.disband_if_leaderless(seat, village)

    def answer_passage(self, grant: bool) -> list[Event]:
        """"The newcomer asks the players who own the village for a "right of way"
        (simple crossing of the village without a fight). If this right is granted,
        the player who requested it will continue on his way through the next phase
        of travel" (next turn: his lords' trips are over). "If the right of way is
        refused, there will inevitably be a fight"; at a fief's village with nobody
        inside, the force stays as an intruder."""
        assert self.passage is not None
        holder, village = self.passage
        self.passage = None
        asking = [g for g in self.gates if g.village == village and g.stance == "passage"
                  and g.owner != holder]
        empty_fief = self.fief_owner(village) == holder and self._pieces_inside(village) is None
        for force in asking:
            if not grant:
                force.stance = "intrude" if empty_fief else "attack"
            else:
                for lord in self.lords_at(force.owner, village, True):
                    self.trips[lord] = TRIPS
        verb = "grants" if grant else "refuses"
        return [Event("passage", f"Seat {holder} {verb} right of way through "
                      f"{village_name(village)}", {"seat": holder, "village": village,
                                                    "grant": grant})]

    # ----- phase 5: combat -----------------------------------------------------------------
    def battles_left(self) -> list[str]:
        """Villages with a battle to fight, in the order the attacks were declared;
        none in a region under bad weather ("no combat is possible")."""
        out: list[str] = []
        for force in sorted(self.gates, key=lambda g: g.order):
            if force.stance in ("attack", "sortie") and force.village not in out and (
                    self.board.villages[force.village].region not in self.weather):
                out.append(force.village)
        return out

    def fight_battles(self) -> list[Event]:
        """The villagers' resistance first, then every battle until one needs a
        player's decision."""
        events: list[Event] = []
        while not self.paused():
            left = self.battles_left()
            if not left:
                return events
            events += self._battle(left[0])
        return events

    def resist(self) -> list[Event]:
        """"The owner of the fief rolls a die each time enemy soldiers are in one of his
        villages. The intruder loses a soldier on a roll of 2 or more" (not where he
        was granted a right of passage). A fief with no owner left (his last lord
        dead, its title with the King) has nobody to roll (our reading, decision 20)."""
        events: list[Event] = []
        for force in sorted(self.gates, key=lambda g: g.order):
            owner = self.fief_owner(force.village)
            if force.stance != "intrude" or not force.soldiers or owner in (None, force.owner):
                continue  # not "enemy soldiers" (a village given to him, or his own)
            if self.board.villages[force.village].region in self.weather:
                continue
            die = self.rng.randint(1, 6)
            events.append(Event("resistance", f"The villagers of {village_name(force.village)} "
                                f"resist Seat {force.owner}: {die}",
                                {"village": force.village, "seat": force.owner, "die": die}))
            if die >= 2:
                events += self._remove(force.owner, force.village, True, 1)
        return events

    def _battle(self, village: str) -> list[Event]:
        holder = self.controller(village)
        forces = sorted((g for g in self.gates if g.village == village
                         and g.stance in ("attack", "sortie")), key=lambda g: g.order)
        sortie = next((g for g in forces if g.stance == "sortie"), None)
        if sortie is not None:
            return self._sortie(village, sortie)
        attackers = [g for g in forces if g.owner != holder]
        if not attackers:  # the holder's own force at its gate: it simply goes in
            if holder is not None:
                self.merge_gate(holder, village)
            return []
        if len(attackers) == 1 and self._pieces_inside(village) is None:
            # found empty: no battle, so nothing destroyed (our reading, decision 20); in
            # a fief's village the attacker stays an intruder (:meth:`_occupy`)
            return self._occupy(attackers[0], village)
        events = self._destroy_production(village)
        if holder is None:
            return events + self._no_coalition(Battle(village, attackers[0].owner,
                                                      attackers[1].owner, "ask"))
        if len(attackers) == 1:
            return events + self._assault(attackers[0], village)
        self.battle = Battle(village, attackers[0].owner, attackers[1].owner, "ask")
        text = (f"Seats {attackers[0].owner} and {attackers[1].owner} converge on "
                f"{village_name(village)}")
        return [*events, Event("converge", text, {"village": village, "holder": holder,
                                                   "seats": [attackers[0].owner,
                                                             attackers[1].owner]})]

    def _destroy_production(self, village: str) -> list[Event]:
        """"Whatever the outcome of the battle, the mills and presses will be destroyed":
        where a battle is fought (forces converging on a village found empty fight
        each other), not where a lone attacker finds the village empty."""
        if not self.mills[village] and not self.presses[village]:
            return []
        del self.mills[village], self.presses[village]
        return [Event("destroyed", f"The mills and presses of {village_name(village)} are "
                      "destroyed", {"village": village})]

    def _side(self, owner: int, village: str, outside: bool) -> tuple[list[str], int]:
        lords = self.lords_at(owner, village, outside)
        if outside:
            force = self.gate(owner, village)
            return lords, force.soldiers if force else 0
        held = self.soldiers.get(village)
        return lords, held[1] if held and held[0] == owner else 0

    def _fight(self, village: str, attacker: int, defender: int, defender_inside: bool,
               in_castle: bool, alternate: int | None = None) -> tuple[int, list[Event]]:
        """Exchanges until one side is gone ("it is forbidden to break the fight");
        with ``alternate``, two allies take turns as attacker ("B attack first, then
        C, then B again"). Returns the winner."""
        events: list[Event] = []
        turn = 0
        while True:
            attackers = [attacker] if alternate is None else [attacker, alternate]
            alive = [a for a in attackers if sum(self._count(a, village, True))]
            d_count = sum(self._count(defender, village, not defender_inside))
            if not alive or not d_count:
                return (defender if not alive else alive[0]), events
            side = alive[turn % len(alive)]
            turn += 1
            forces = self._forces(village, side, defender, defender_inside)
            a_count = sum(self._count(side, village, True))
            result = exchange(a_count, d_count, in_castle, self.rng)
            losses = self._remove(defender, village, not defender_inside,
                                  result.defender_loses)
            losses += self._remove(side, village, True, result.attacker_loses)
            events.append(Event("combat", f"At {village_name(village)}: Seat {side} "
                                f"({a_count}) rolls {list(result.attacker_roll)}, Seat "
                                f"{defender} ({d_count}) loses {result.defender_loses}; Seat "
                                f"{defender} rolls {list(result.defender_roll)}, Seat {side} "
                                f"loses {result.attacker_loses}",
                                {"village": village, "attacker": side, "defender": defender,
                                 "attacker_roll": list(result.attacker_roll),
                                 "defender_roll": list(result.defender_roll),
                                 "attacker_loses": result.attacker_loses,
                                 "defender_loses": result.defender_loses,
                                 "in_castle": in_castle, **forces,
                                 "attacker_left": sum(self._count(side, village, True)),
                                 "defender_left": sum(self._count(
                                     defender, village, not defender_inside))}))
            events += losses

    def _forces(self, village: str, attacker: int, defender: int,
                defender_inside: bool) -> dict[str, Any]:
        """Both sides of an exchange before it ("Phase 5: The Combat"): their lords and
        soldiers, public on the board, for the log and the browser's combat panel."""
        a_lords, a_soldiers = self._side(attacker, village, True)
        d_lords, d_soldiers = self._side(defender, village, not defender_inside)
        return {"attacker_lords": list(a_lords), "attacker_soldiers": a_soldiers,
                "defender_lords": list(d_lords), "defender_soldiers": d_soldiers}

    def _count(self, owner: int, village: str, outside: bool) -> tuple[int, int]:
        lords, soldiers = self._side(owner, village, outside)
        return len(lords), soldiers

    def _remove(self, owner: int, village: str, outside: bool, count: int) -> list[Event]:
        """Losses: soldiers first, then lords (our decision: the player "removes the
        pieces", and keeps his lords as long as he can)."""
        lords, soldiers = self._side(owner, village, outside)
        dead = min(count, soldiers)
        if dead:
            if outside:
                force = self.gate(owner, village)
                assert force is not None
                force.soldiers -= dead
            else:
                self.drop_soldiers(village, dead)
        events = []
        for lord in lords[: count - dead]:
            events += self._kill_lord(lord, "falls in battle")
        if outside:
            events += self.disband_if_leaderless(owner, village)
        return events

    def disband_if_leaderless(self, owner: int, village: str) -> list[Event]:
        """A force at a gate with no lord left goes: "soldiers cannot move without
        lord" and hold nothing outside a village, so they disband (our decision)."""
        force = self.gate(owner, village)
        if force is None or self.lords_at(owner, village, True):
            return []
        self.gates.remove(force)
        if not force.soldiers:
            return []
        verb = "disbands" if force.soldiers == 1 else "disband"
        return [Event("disband", f"{counted(force.soldiers, 'soldier')} of Seat {owner} left "
                      f"without a lord at {village_name(village)} {verb}",
                      {"seat": owner, "village": village, "soldiers": force.soldiers})]

    def _assault(self, force: Gate, village: str) -> list[Event]:
        holder = self.controller(village)
        assert holder is not None
        winner, events = self._fight(village, force.owner, holder, True, village in self.castles)
        if winner == force.owner:
            events += self._occupy(force, village)
        return events

    def _occupy(self, force: Gate, village: str) -> list[Event]:
        """The winner's force enters the village and takes it (castle included); in
        a village of another's fief (not its capital) it stays an intruder: "their
        presence does not constitute a title deed"."""
        owner = force.owner
        if self.fief_owner(village) not in (None, owner):
            force.stance = "intrude"
            return [Event("intrude", f"Seat {owner} stays in {village_name(village)} as an "
                          "intruder: a fief's village is never taken",
                          {"seat": owner, "village": village})]
        before = self.controller(village)
        self.merge_gate(owner, village)
        return [Event("capture", f"Seat {owner} takes {village_name(village)}",
                      {"seat": owner, "village": village}),
                *self._village_taken(village, owner, before)]

    def _sortie(self, village: str, sortie: Gate) -> list[Event]:
        """A besieged force breaking out: "the attacker is assaulting him while he is
        trying to escape": the besiegers attack it in open ground. If it wins, it
        stands at the gate and goes on next turn; if nobody besieges it any more, it
        simply leaves."""
        besiegers = [g for g in self.gates if g.village == village and g.owner != sortie.owner
                     and g.stance == "siege"]
        events: list[Event] = []
        for siege in besiegers:
            winner, fought = self._fight(village, siege.owner, sortie.owner, False, False)
            events += fought
            if winner != sortie.owner:
                break
        if self.gate(sortie.owner, village) is sortie:
            sortie.stance = "passage"
        return events

    # ----- converging forces ("Special cases") --------------------------------------------
    def battle_moves(self, seat: int) -> list[Action]:
        """The decision the battle in progress waits for from ``seat``."""
        battle = self.battle
        assert battle is not None
        if battle.step == "ask":
            return [AskCoalition(True), AskCoalition(False)]
        if battle.step == "answer":
            return [AnswerCoalition(True), AnswerCoalition(False)]
        low = battle.floor.get(seat, 0)
        top = self.money[seat] - self.money[seat] % 100
        return [Bid(a) for a in range(low, top + 1, 100)]

    def battle_to_act(self) -> tuple[int, ...]:
        """Who the battle in progress waits for (both bidders at once)."""
        battle = self.battle
        assert battle is not None
        if battle.step == "ask":
            return (battle.first,)
        if battle.step == "answer":
            return (battle.second,)
        return tuple(s for s in (battle.first, battle.second) if s not in battle.bids)

    def ask_coalition(self, ask: bool) -> list[Event]:
        """"It is the player B - the first who has made his way to the village - who
        can - if he wishes - request coalition with player C"."""
        battle = self.battle
        assert battle is not None
        if ask:
            battle.step = "answer"
            return [Event("coalition", f"Seat {battle.first} asks Seat {battle.second} for a "
                          "coalition", {"seat": battle.first, "to": battle.second})]
        events = [Event("coalition", f"Seat {battle.first} fights alone",
                        {"seat": battle.first})]
        return events + self._no_coalition(battle)

    def answer_coalition(self, accept: bool) -> list[Event]:
        """C refuses: "players A and B fight. One of them disappears and C is forced to
        fight the survivor"; C accepts: "B and C are alternately attackers of A"."""
        battle = self.battle
        assert battle is not None
        verb = "accepts" if accept else "refuses"
        events = [Event("coalition", f"Seat {battle.second} {verb} the coalition",
                        {"seat": battle.second, "accept": accept})]
        village = battle.village
        holder = self.controller(village)
        assert holder is not None
        if not accept:
            self.battle = None
            first = self._gate(battle.first, village)
            events += self._assault(first, village)
            second = self.gate(battle.second, village)
            if second is None:
                return events
            if self.gate(battle.first, village) is first and first.stance == "intrude":
                return events + self._fight_intruder(second, first, village)
            survivor = self.controller(village)
            return events + (self._assault(second, village) if survivor is not None
                             else self._occupy(second, village))
        winner, fought = self._fight(village, battle.first, holder, True,
                                     village in self.castles, alternate=battle.second)
        events += fought
        if winner == holder:
            self.battle = None
            return events
        alive = [s for s in (battle.first, battle.second) if self.gate(s, village)]
        if len(alive) == 1:
            self.battle = None
            return events + self._occupy(self._gate(alive[0], village), village)
        self._vacate(village, holder)
        battle.step = "bid"
        return [*events, Event("bidding", "The allies bid for the village, hands closed",
                               {"village": village})]

    def _fight_intruder(self, force: Gate, survivor: Gate, village: str) -> list[Event]:
        """"C is forced to fight the survivor" where B, who beat A in a fief's
        village, stands at its gate as an intruder: C attacks him there in open
        ground, and the winner stays as the intruder (our decision 13)."""
        winner, events = self._fight(village, force.owner, survivor.owner, False, False)
        if winner == force.owner:
            events += self._occupy(force, village)
        return events

    def _no_coalition(self, battle: Battle) -> list[Event]:
        """"If there is no coalition: the players B and C fight, then A fights with the
        survivor": B attacks C in open ground (our reading: the first arrived attacks)."""
        self.battle = None
        village = battle.village
        winner, events = self._fight(village, battle.first, battle.second, False, False)
        force = self.gate(winner, village)
        if force is not None:
            force.stance = "attack"
            events += (self._assault(force, village) if self.controller(village) is not None
                       else self._occupy(force, village))
        return events

    def _vacate(self, village: str, holder: int) -> None:
        if village in self.soldiers and self.soldiers[village][0] == holder:
            del self.soldiers[village]

    def _gate(self, owner: int, village: str) -> Gate:
        force = self.gate(owner, village)
        assert force is not None
        return force

    def bid(self, seat: int, amount: int) -> list[Event]:
        """"each player prepares a sum of money and hides it in his hand. Together, the
        players show what they have in their hands. Whoever has bet the highest sum
        acquires the village and gives the sum of money to the other player ... If both
        players bet the same amount, each of them can bid (increase the sum) ... If the
        players have each opened an empty hand, there is a fight"."""
        battle = self.battle
        assert battle is not None
        battle.bids[seat] = amount
        hidden = Event("bid", f"Seat {seat} closes a hand", {"seat": seat})
        events = [Event("bid", f"You bid {amount:,} crowns", {"seat": seat, "amount": amount},
                        audience=frozenset({seat}), redacted=hidden)]
        if len(battle.bids) < 2:
            return events
        a, b = battle.bids[battle.first], battle.bids[battle.second]
        events.append(Event("bids", f"Hands open: Seat {battle.first} {a:,}, Seat "
                            f"{battle.second} {b:,}",
                            {"bids": [a, b], "seats": [battle.first, battle.second],
                             "village": battle.village}))
        village = battle.village
        raised = a > battle.floor.get(battle.first, 0) or b > battle.floor.get(battle.second, 0)
        if a == b and (a == 0 or (battle.floor and not raised)):
            return events + self._no_coalition(battle)  # empty hands, or nobody raised
        if a == b:
            battle.floor, battle.bids = {battle.first: a, battle.second: b}, {}
            return [*events, Event("bidding", "Equal bids: each may bid again, as much or more "
                                   "(equal again without a raise: a fight)",
                                   {"village": village})]
        self.battle = None
        winner, loser = (battle.first, battle.second) if a > b else (battle.second, battle.first)
        paid = max(a, b)
        self.money[winner] -= paid
        self.money[loser] += paid
        self._gate(loser, village).stance = "passage"
        bought = Event("bought", f"Seat {winner} pays {paid:,} crowns to Seat {loser} for "
                       f"{village_name(village)}", {"seat": winner, "paid": paid, "to": loser,
                                                   "village": village})
        return [*events, bought, *self._occupy(self._gate(winner, village), village)]

    def battle_is_legal(self, seat: int, action: Action) -> bool:
        """Checked directly (a bid may be any sum in hundreds up to one's money)."""
        battle = self.battle
        if battle is None or seat not in self.battle_to_act():
            return False
        if isinstance(action, Bid):
            return (battle.step == "bid" and action.amount >= battle.floor.get(seat, 0)
                    and action.amount <= self.money[seat])
        if battle.step == "ask":
            return isinstance(action, AskCoalition)
        return battle.step == "answer" and isinstance(action, AnswerCoalition)


__all__ = ["TRIPS", "AnswerPassage", "Battle", "Gate", "WarRules"]
