"""Courtisans' heuristic policy: the rulebook's strategy advice as arithmetic.

``choose(view, legal, rng)`` reads only the seat's view and its legal actions
(courtly.bots finds it through ``game.companions``; docs/bots.md).
From the view it builds a small numeric picture of the court (:class:`Court`)
and an estimate of how far ahead the seat will end (:meth:`Court.value`):

- each family's chance to end esteemed or disgraced from the balance of
  weight above and below the Queen's table, softened by how many cards are
  still to come and by the face-down Spies it cannot read ("forgetting the
  spies, which can tip a family at the end"; "everything is decided at the
  Queen's table");
- the seat's domain scores the expected status of each family, a Noble
  weighing two ("overlooking the nobles, who count double everywhere");
  opponents' domains the same, the leader counting most;
- its two Missions add three points times a rough chance of success
  ("Reread your Missions during the game: 3 points is a lot").

A card is played where the whole turn's estimate ends highest: the other
cards of the hand must still fill the other areas, one of them an opponent's
domain ("keeping your best cards for yourself (one card always goes to an
opponent)" is the trap the look-ahead avoids). An Assassin or a Diplomat uses
its power on the card whose removal (or taking) helps most, or declines.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from courtly.core import Action
from courtly.games.courtisans.actions import DOMAIN, QUEEN, Decline, Play
from courtly.games.courtisans.cards import ASSASSIN, DIPLOMAT, FAMILIES, GUARD, NOBLE, SPY
from courtly.games.courtisans.missions import MISSIONS

#: How ISMCTS searches this game where its spec leaves it to the game
#: (courtly.bots.ismcts, docs/bots.md): the rivals modelled as playing this
#: heuristic, sequential halving at the root, 150 iterations (about a second
#: a decision here) and rewards nearly linear in the estimated scores
#: (temperature 10 points). Against three heuristic bots, 40 games: 47.5%
#: at temperature 10, 31.2% at 5, 20.0% at 2, where the plain search won
#: 30.4% (benchmarks/README.md).
SEARCH: Mapping[str, object] = {"opponents": "heuristic", "root": "halving", "iterations": 150,
                                "temperature": 10.0}

#: Where a card goes: ("queen", +1 above / -1 below) or ("domain", owner seat).
Dest = tuple[str, int]
CLASSES = ("queen", "own", "other")
#: Expected points of a Mission nobody else can read: 3 points at a chance of
#: about 0.6, the mean success rate in heuristic play (courtly simulate).
MISSION_PRIOR = 1.8


_WEIGHTS = {NOBLE: 2}


def _weight(role: str) -> int:
    """A Noble counts as two cards ("The roles")."""
    return _WEIGHTS.get(role, 1)


@functools.lru_cache(maxsize=1 << 16)
def _logistic(x: float) -> float:
    # kept: the estimate asks the same few values (small balances over one
    # spread) millions of times in a search's playouts
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class Court:
    """What one seat knows of the court, as numbers it can change and score."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: int = view["seat"]
        self.n: int = view["num_players"]
        teams = view.get("teams")
        self.teams: list[list[int]] = [list(t) for t in teams] if teams else []
        mates = next((t for t in self.teams if self.me in t), [self.me])
        self.mates: list[int] = list(mates)
        self.rivals: list[int] = [s for s in range(self.n) if s not in self.mates]
        self.balance: dict[str, float] = dict.fromkeys(FAMILIES, 0.0)
        self.held: list[dict[str, float]] = [dict.fromkeys(FAMILIES, 0.0) for _ in range(self.n)]
        self.my_roles: dict[str, int] = {}
        self._read_queen(view)
        self._read_domains(view)
        to_come = view["deck_size"] + sum(view["hand_sizes"])
        hidden = sum(f is None for side in view["queen_spies"].values() for f in side)
        #: How soft the statuses still are: cards to come and unreadable Spies.
        self.spread: float = 0.7 + to_come / 16 + 0.4 * hidden
        self.missions: list[str] = [m["id"] for m in view.get("missions") or []]

    def _read_queen(self, view: Mapping[str, Any]) -> None:
        for side, sign in (("above", 1), ("below", -1)):
            for family, roles in view["queen"][side].items():
                self.balance[family] += sign * sum(n * _weight(r) for r, n in roles.items())
            for family in view["queen_spies"][side]:
                if family is not None:
                    self.balance[family] += sign

    def _read_domains(self, view: Mapping[str, Any]) -> None:
        for seat, domain in enumerate(view["domains"]):
            for family, roles in domain["cards"].items():
                self.held[seat][family] += sum(n * _weight(r) for r, n in roles.items())
                if seat == self.me:
                    for role, n in roles.items():
                        self.my_roles[role] = self.my_roles.get(role, 0) + n
            for family in domain["spies"]:
                if family is not None:
                    self.held[seat][family] += 1
            if seat == self.me:
                self.my_roles[SPY] = self.my_roles.get(SPY, 0) + len(domain["spies"])

    # ----- changing the picture ---------------------------------------------
    def place(self, family: str, role: str, dest: Dest, sign: int = 1) -> None:
        """Add (``sign`` -1: remove) a card at ``dest``."""
        area, where = dest
        w = sign * _weight(role)
        if area == QUEEN:
            self.balance[family] += where * w
            return
        self.held[where][family] += w
        if where == self.me:
            self.my_roles[role] = self.my_roles.get(role, 0) + sign

    # ----- the estimate -----------------------------------------------------
    def chances(self) -> dict[str, tuple[float, float]]:
        """(P esteemed, P disgraced) of every family, from its balance."""
        s = self.spread
        return {f: (_logistic((b - 0.5) / s), _logistic((-b - 0.5) / s))
                for f, b in self.balance.items()}

    def _domains(self, chances: Mapping[str, tuple[float, float]]) -> list[float]:
        """Every seat's expected points from the cards in its domain."""
        status = [(f, up - down) for f, (up, down) in chances.items()]
        return [sum(held[f] * v for f, v in status) for held in self.held]

    def value(self) -> float:
        """Expected lead of the seat's side over its rivals (the leader weighs most)."""
        chances = self.chances()
        domains = self._domains(chances)
        mine = sum(domains[s] for s in self.mates) / len(self.mates) + self._missions(chances)
        rivals = [domains[s] for s in self.rivals]
        return mine - 0.5 * max(rivals) - 0.5 * sum(rivals) / len(rivals)

    def expected_scores(self) -> list[float]:
        """Every seat's expected final score as this seat sees it: domain points,
        its own Missions by their chances, another's unseen Missions at
        :data:`MISSION_PRIOR` each; in team mode the lower score of the team
        ("each team keeps the lower score")."""
        chances = self.chances()
        domains = self._domains(chances)
        prior = MISSION_PRIOR * len(self.missions)
        scores = [d + prior for d in domains]
        scores[self.me] = domains[self.me] + self._missions(chances)
        for team in self.teams:
            low = min(scores[s] for s in team)
            for s in team:
                scores[s] = low
        return scores

    def _missions(self, chances: Mapping[str, tuple[float, float]]) -> float:
        return sum(3.0 * self._mission_chance(m, chances) for m in self.missions)

    def _mission_chance(self, mission_id: str,
                        chances: Mapping[str, tuple[float, float]]) -> float:
        """A rough chance that a Mission ends fulfilled (missions.py for the conditions)."""
        m = MISSIONS[mission_id]
        mine = self.held[self.me]
        if m.kind == "fewer_than_left":
            left = self.held[(self.me + 1) % self.n]
            return _logistic(1.5 * (left[m.family] - mine[m.family] - 0.5))
        if m.kind == "at_least_role":
            return min(1.0, self.my_roles.get(m.role, 0) / m.count) ** 2
        if m.kind == "disgraced":
            return chances[m.family][1]
        if m.kind == "at_most_esteemed":
            expected = sum(up for up, _ in chances.values())
            return _logistic(1.5 * (m.count + 0.5 - expected))
        if m.kind == "at_least_disgraced":
            expected = sum(down for _, down in chances.values())
            return _logistic(1.5 * (expected - m.count + 0.5))
        if m.kind == "every_family":
            return (sum(mine[f] > 0 for f in FAMILIES) / len(FAMILIES)) ** 2
        return min(1.0, max(mine.values()) / m.count) ** 2  # family_at_least


# ----- choosing -------------------------------------------------------------
def estimate(view: Mapping[str, Any]) -> list[float]:
    """Every seat's expected final score as the view's seat sees it (ISMCTS
    scores the leaves of its tree with it)."""
    return Court(view).expected_scores()


def choose(view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's choice among ``legal``, from ``view`` alone."""
    if len(legal) == 1:
        return legal[0]
    court = Court(view)
    # In the "play" phase every legal action is a Play; after an Assassin or
    # a Diplomat, an Eliminate/Take or a Decline.
    scored = [(_play_value(court, view, a) if isinstance(a, Play)
               else _power_value(court, view, a), a) for a in legal]
    best = max(v for v, _ in scored)
    top = [a for v, a in scored if v >= best - 1e-9]
    return top[rng.randrange(len(top))]


def _dest(play: Play) -> Dest:
    if play.area == QUEEN:
        return QUEEN, 1 if play.side == "above" else -1
    assert play.owner is not None
    return DOMAIN, play.owner


def _area_class(court: Court, dest: Dest) -> str:
    if dest[0] == QUEEN:
        return "queen"
    return "own" if dest[1] == court.me else "other"


def _options(court: Court, area_class: str) -> list[Dest]:
    """Every destination of an area class."""
    if area_class == "queen":
        return [(QUEEN, 1), (QUEEN, -1)]
    if area_class == "own":
        return [(DOMAIN, court.me)]
    return [(DOMAIN, s) for s in court.rivals]


def _play_value(court: Court, view: Mapping[str, Any], play: Play) -> float:
    """The turn's best estimate with ``play`` first and the rest of the hand after."""
    dest = _dest(play)
    court.place(play.family, play.role, dest)
    gain = _power_bonus(court, view, play, dest)
    used = set(view["turn"]["used"]) | {_area_class(court, dest)}
    rest = list(view["hand"])
    rest.remove({"family": play.family, "role": play.role})
    value = _best_completion(court, [c for c in CLASSES if c not in used],
                             [(c["family"], c["role"]) for c in rest])
    court.place(play.family, play.role, dest, -1)
    return value + gain


def _best_completion(court: Court, classes: list[str], cards: list[tuple[str, str]]) -> float:
    """The best estimate once the remaining cards fill the remaining areas."""
    k = min(len(classes), len(cards))
    if k == 0:
        return court.value()
    best = -math.inf
    for chosen in itertools.permutations(cards, k):
        for dests in itertools.product(*(_options(court, c) for c in classes[:k])):
            for (family, role), dest in zip(chosen, dests, strict=True):
                court.place(family, role, dest)
            best = max(best, court.value())
            for (family, role), dest in zip(chosen, dests, strict=True):
                court.place(family, role, dest, -1)
    return best


def _power_bonus(court: Court, view: Mapping[str, Any], play: Play, dest: Dest) -> float:
    """What the Assassin's or the Diplomat's power would add where it is placed."""
    if play.role not in (ASSASSIN, DIPLOMAT):
        return 0.0
    if play.role == DIPLOMAT and dest == (DOMAIN, court.me):
        return 0.0
    base = court.value()
    best = 0.0
    for family, role, where in _visible_targets(view, dest):
        removed = (QUEEN, where) if dest[0] == QUEEN else dest
        court.place(family, role, removed, -1)
        if play.role == DIPLOMAT:
            court.place(family, role, (DOMAIN, court.me))
        best = max(best, court.value() - base)
        if play.role == DIPLOMAT:
            court.place(family, role, (DOMAIN, court.me), -1)
        court.place(family, role, removed)
    return best


def _visible_targets(view: Mapping[str, Any], dest: Dest) -> Iterable[tuple[str, str, int]]:
    """Face-up cards other than Guards in the area of ``dest``: (family, role, side)."""
    if dest[0] == QUEEN:
        spots = [(view["queen"]["above"], 1), (view["queen"]["below"], -1)]
    else:
        spots = [(view["domains"][dest[1]]["cards"], 0)]
    for cards, side in spots:
        for family, roles in cards.items():
            for role in roles:
                if role != GUARD:
                    yield family, role, side


def _power_value(court: Court, view: Mapping[str, Any], action: Action) -> float:
    """The estimate after an Eliminate/Take (or a Decline) resolves."""
    if isinstance(action, Decline):
        return court.value()
    side = getattr(action, "side", None)
    family, role = getattr(action, "family", None), getattr(action, "role", None)
    if family is None or role is None:
        return court.value() - 0.05  # a face-down Spy: its family is a guess, so no gain
    if side is not None:
        where: Dest = (QUEEN, 1 if side == "above" else -1)
    else:
        where = (DOMAIN, _power_owner(court, view, action))
    court.place(family, role, where, -1)
    if view["phase"] == "take":
        court.place(family, role, (DOMAIN, court.me))
    value = court.value()
    if view["phase"] == "take":
        court.place(family, role, (DOMAIN, court.me), -1)
    court.place(family, role, where)
    return value


def _power_owner(court: Court, view: Mapping[str, Any], action: Action) -> int:
    """Whose domain a domain target lies in. The view does not say where the
    power was played, so the domain is found that holds the target and a card
    of the power's role; a rival's is assumed when several do."""
    role = ASSASSIN if view["phase"] == "eliminate" else DIPLOMAT
    family, target_role = getattr(action, "family", None), getattr(action, "role", None)
    fits = []
    for seat, domain in enumerate(view["domains"]):
        cards = domain["cards"]
        has_power = any(role in roles for roles in cards.values())
        if has_power and target_role in cards.get(family, {}):
            fits.append(seat)
    rivals = [s for s in fits if s != court.me]
    return (rivals or fits or [court.me])[0]
