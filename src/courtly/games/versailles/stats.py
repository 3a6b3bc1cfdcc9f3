"""Courtisans de Versailles' balance measures of one finished game, for
``courtly simulate`` (docs/bots.md, docs/rules/versailles.md "Pace").

From the final view: how many turns the game took, whether a fortune reached
the goal (or the turn limit ended it), the winner's fortune, the winner's
place in the order of play, and where the courtiers ended. From a replay of
the record (:func:`_along_the_way`): the turn the first fortune passed
30,000 and 50,000 (DECK.md §4 estimated 8 and 12-13 turns at 4 players),
each seat's fortune at the start of every turn (the fortune curves), deaths,
the sovereigns' deaths and regencies (§10), wars (§9.3), stays in the
Bastille (§12) and in exile (§11), and the share of requests granted by the
requester's standing (§8.2, §8.3).

Names ``<group>.<series>@<x>`` are points of a curve (x a turn or a
standing): the report draws each group of them as lines (courtly.sim.report).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import Event, GameRecord

Measure = bool | int | float | str
#: The fortunes whose first crossing is timed (the two goals of §6).
MILESTONES = (30000, 50000)
#: The turns the fortune curves follow (a game at the turn limit would add
#: a hundred points a seat).
CURVE_TURNS = 25
#: Where the courtier may be kept away from court.
AWAY = ("bastille", "exile")


def measures(view: Mapping[str, Any], record: GameRecord) -> dict[str, Measure]:
    """Turns played, ended by the goal, the best fortune, heirs presented,
    the winner's place after the first Grand Chamberlain, courtiers dead,
    exiled or imprisoned at the end, and what the replay shows."""
    courtiers = view["courtiers"]
    out: dict[str, Measure] = {
        "turns": view["turn"],
        "ended_by_goal": max(c["fortune"] for c in courtiers) >= view["goal"],
        "best_fortune": max(c["fortune"] for c in courtiers),
        "heirs": sum(c["generation"] - 1 for c in courtiers),
        "regency_or_widowed": view["king"]["regency"] or not view["queen"]["alive"],
    }
    for place in ("exile", "bastille", "dead"):
        out[f"at_end.{place}"] = sum(c["place"] == place for c in courtiers)
    out.update(_along_the_way(record))
    return out


#: The events counted, and the measure each adds one to.
COUNTED = {
    "death": "deaths",
    "king_dies": "kings_dead",
    "queen_dies": "queens_dead",
    "war": "wars",
    "bastille": "stays.bastille",
    "exile": "stays.exile",
}


class _Tally:
    """What the replay counts, event by event."""

    def __init__(self) -> None:
        self.out: dict[str, Measure] = {
            "deaths": 0,
            "kings_dead": 0,
            "queens_dead": 0,
            "regencies": 0,
            "wars": 0,
            "turns_at_war": 0,
            "stays.bastille": 0,
            "stays.exile": 0,
        }
        self.away_turns = {place: 0 for place in AWAY}
        self.requests: dict[str, list[int]] = {}  # "king@5" -> [granted, made]

    def turn(self, turn: int, view: Mapping[str, Any]) -> None:
        """A turn begins: the fortunes, who is away, whether France is at war."""
        fortunes = [c["fortune"] for c in view["courtiers"]]
        if turn <= CURVE_TURNS:
            for seat, fortune in enumerate(fortunes):
                self.out[f"fortune.seat{seat}@{turn}"] = fortune
        for goal in MILESTONES:
            if max(fortunes) >= goal:
                self.out.setdefault(f"turns_to.{goal}", turn - 1)
        for c in view["courtiers"]:
            if c["place"] in AWAY:
                self.away_turns[c["place"]] += 1
        self.out["turns_at_war"] = int(self.out["turns_at_war"]) + bool(view["wars"])

    def event(self, event: Event) -> None:
        """Count one event of the replay."""
        key = COUNTED.get(event.kind)
        if key is not None:
            self.out[key] = int(self.out[key]) + 1
        if event.kind == "king_dies":
            self.out["regencies"] = int(self.out["regencies"]) + 1
        if event.kind == "both_die":
            self.out["kings_dead"] = int(self.out["kings_dead"]) + 1
            self.out["queens_dead"] = int(self.out["queens_dead"]) + 1

    def request(self, events: list[Event]) -> None:
        """A request's rolls (§8.2, §8.3): granted if every roll was, counted
        at the requester's standing on the first (with the King, the Regent,
        or the Queen when it went through her)."""
        rolls = [e.data for e in events if e.kind == "roll"]
        if not rolls:
            return
        via = (
            "queen" if next(e for e in events if e.kind == "request").data["via_queen"] else "king"
        )
        key = f"{via}@{rolls[0]['standing']}"
        tally = self.requests.setdefault(key, [0, 0])
        tally[0] += all(r["granted"] for r in rolls)
        tally[1] += 1

    def finish(self, last_turn: int, view: Mapping[str, Any]) -> dict[str, Measure]:
        """The measures, with the mean stay in the Bastille and in exile (in
        turns begun there) and each standing's share of requests granted."""
        self.turn(last_turn + 1, view)  # the fortunes at the end
        for place in AWAY:
            stays = int(self.out[f"stays.{place}"])
            if stays:
                self.out[f"stay_turns.{place}"] = self.away_turns[place] / stays
        for key, (granted, made) in self.requests.items():
            self.out[f"granted.{key}"] = granted / made
        return self.out


def _along_the_way(record: GameRecord) -> dict[str, Measure]:
    """The replay's measures (see the module docstring); none for a record
    without a seed (a bot's guess cannot be replayed)."""
    if record.seed is None:
        return {}
    from courtly.registry import game  # the registry sits above the games

    state = game(record.game).new_game(record.num_players, record.seed, record.options)
    tally = _Tally()
    turn, first_chamberlain = 0, None
    for seat, action in record.actions:
        events = state.apply(seat, action)
        for event in events:
            tally.event(event)
            if event.kind == "turn":
                turn = event.data["turn"]
                first_chamberlain = (
                    event.data["chamberlain"] if first_chamberlain is None else first_chamberlain
                )
                tally.turn(turn, state.view(None))
        if action.kind == "request":
            tally.request(events)
    out = tally.finish(turn, state.view(None))
    if state.is_over and first_chamberlain is not None:
        # §7.4: the Grand Chamberlain plays first; 0 is the first one's seat
        winner = min(state.result().winners)
        out["winner.after_first_chamberlain"] = str(
            (winner - first_chamberlain) % record.num_players
        )
    return out
