"""Fief's balance measures of one finished game, for ``courtly simulate``.

``measures(view, record)`` takes the final spectator view and the record and
returns named values the balance report aggregates over many games
(courtly.sim.report; docs/bots.md): a text value is counted by category, a
boolean as a success rate, a number by its mean. They answer what the
issue asks of a simulation: how long games last, how many fiefs are made,
whether a King is crowned, and whether the game ended by fiefs ("the first
to have 2, 3 or 4 fiefs") or at the turn limit ("The game in limited time").
What happened along the way (the first fief's turn, the Kings crowned, the
plague's dead) is read from the events of a replay of the record, as Vive le
Roi's votes are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import GameRecord


def measures(view: Mapping[str, Any], record: GameRecord) -> dict[str, bool | int | str]:
    """Turns played, fiefs made (and by title, which is the region's size:
    duchy 5 villages, county 4, barony 3), a King on the throne at the end, the
    game ended by fiefs, the winner's region (the first winner's; "none" when
    nobody won), whether each chosen region's player won (``region_won.<id>``,
    present in the games where it was chosen: the seat advantage of a region),
    the attacks played on regions by card (plague, revolt, famine, bad
    weather), and what the replay's events show (:func:`_along_the_way`)."""
    from courtly.games.fief.board import default_board

    board = default_board()
    fiefs = view["fiefs"]
    out: dict[str, bool | int | str] = {
        "turns": view["turn"],
        "fiefs": len(fiefs),
        "king": view["king"] is not None,
        "ended_by_fiefs": view["turn"] < view["turn_limit"]
        or (view["options"]["fiefs_to_win"] > 0 and any(
            sum(1 for f in fiefs.values() if f["owner"] == s and f["title"] is not None)
            >= view["options"]["fiefs_to_win"] for s in range(view["num_players"]))),
    }
    for title in ("duchy", "county", "barony"):
        out[f"fiefs.{title}"] = sum(1 for r in fiefs if board.regions[r].title == title)
    out["winner_region"] = _winner_region(view)
    out.update(_region_won(view))
    cards = [getattr(action, "card", None) for _seat, action in record.actions
             if action.kind == "attack_region"]
    for card in ATTACK_CARDS:
        out[f"attacks.{card}"] = cards.count(card)
    out.update(_along_the_way(record))
    return out


#: The attack cards played on a region, counted per game.
ATTACK_CARDS = ("plague", "revolt", "famine", "bad_weather")


def _winner_region(view: Mapping[str, Any]) -> str:
    """The region the (first) winner chose: a region that wins more than its
    share would be a flaw of the board (our board, MAP.md)."""
    return view["regions"][min(_winners(view))] or "none"


def _region_won(view: Mapping[str, Any]) -> dict[str, bool | int | str]:
    """``region_won.<region>``: whether the player who chose the region won (a
    shared win counts), for each region chosen in this game."""
    winners = _winners(view)
    return {f"region_won.{region}": seat in winners
            for seat, region in enumerate(view["regions"]) if region}


def _winners(view: Mapping[str, Any]) -> set[int]:
    """The seats first in the rulebook's order of victory, as the view shows it."""
    from courtly.games.fief.render import standing_keys

    keys = standing_keys(view)
    best = max(keys.values())
    return {seat for seat, key in keys.items() if key == best}


def _along_the_way(record: GameRecord) -> dict[str, bool | int | str]:
    """From a replay of ``record``: ``first_fief_turn`` (the turn the first
    fief was made, by the King's hand or founded; absent when none was),
    ``kings_crowned`` (coronations, a King's death making room for another),
    ``plague.soldiers_dead`` and ``plague.lords_dead``. A record without a
    seed (a bot's guess) cannot be replayed and gets none of them."""
    if record.seed is None:
        return {}
    from courtly.registry import game  # the registry sits above the games

    state = game(record.game).new_game(record.num_players, record.seed, record.options)
    out: dict[str, bool | int | str] = {"kings_crowned": 0, "plague.soldiers_dead": 0,
                                        "plague.lords_dead": 0}
    turn = state.view(None)["turn"]
    for seat, action in record.actions:
        events = state.apply(seat, action)
        plague = any(e.kind == "plague" for e in events)
        for event in events:
            if event.kind == "turn":
                turn = event.data["turn"]
            elif event.kind in ("fief", "fief_founded"):
                out.setdefault("first_fief_turn", turn)
            elif event.kind == "crowned":
                out["kings_crowned"] = int(out["kings_crowned"]) + 1
            elif plague and event.kind == "casualties":
                out["plague.soldiers_dead"] = int(out["plague.soldiers_dead"]) + event.data["dead"]
            elif plague and event.kind == "lord_dies":
                out["plague.lords_dead"] = int(out["plague.lords_dead"]) + 1
    return out
