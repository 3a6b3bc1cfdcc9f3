"""Fief's balance measures of one finished game, for ``courtly simulate``.

``measures(view, record)`` takes the final spectator view and the record and
returns named values the balance report aggregates over many games
(courtly.sim.report; docs/bots.md): a text value is counted by category, a
boolean as a success rate, a number by its mean. They answer what the
issue asks of a simulation: how long games last, how many fiefs are made,
whether a King is crowned, and whether the game ended by fiefs ("the first
to have 2, 3 or 4 fiefs") or at the turn limit ("The game in limited time").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import GameRecord


def measures(view: Mapping[str, Any], record: GameRecord) -> dict[str, bool | int | str]:
    """Turns played, fiefs made (and by title: duchy, county, barony), a King on
    the throne at the end, the game ended by fiefs, the winner's region (the
    first winner's; "none" when nobody won), and the attacks played on
    regions by card (plague, revolt, famine, bad weather)."""
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
    cards = [getattr(action, "card", None) for _seat, action in record.actions
             if action.kind == "attack_region"]
    for card in ATTACK_CARDS:
        out[f"attacks.{card}"] = cards.count(card)
    return out


#: The attack cards played on a region, counted per game.
ATTACK_CARDS = ("plague", "revolt", "famine", "bad_weather")


def _winner_region(view: Mapping[str, Any]) -> str:
    """The region the (first) winner chose: a region that wins more than its
    share would be a flaw of the board (our board, MAP.md)."""
    from courtly.games.fief.render import standing_keys

    keys = standing_keys(view)
    best = max(keys.values())
    winner = min(seat for seat, key in keys.items() if key == best)
    return view["regions"][winner] or "none"
