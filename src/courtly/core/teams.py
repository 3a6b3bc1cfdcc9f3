"""What games with teams share: partners opposite, a team's score, the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from courtly.core.event import Event
from courtly.core.game import Result
from courtly.core.words import listed


def opposite_teams(num_players: int) -> list[tuple[int, int]]:
    """Teams of two with partners sitting opposite, so turns alternate teams:
    with 4 players 0+2 and 1+3, with 6 0+3, 1+4 and 2+5."""
    half = num_players // 2
    return [(s, s + half) for s in range(half)]


def team_scores(scores: Sequence[float], teams: Sequence[Sequence[int]] | None) -> list[float]:
    """Each seat's score where each team keeps the lower score of its members
    (Courtisans' and Vive le Roi's team rules alike)."""
    out = list(scores)
    for team in teams or ():
        low = min(out[s] for s in team)
        for s in team:
            out[s] = low
    return out


def game_over_event(result: Result, label: Callable[[int], str] = lambda s: f"Seat {s}",
                    standing: str | None = None) -> Event:
    """The event every game ends with: scores and winners ("nobody" when no
    seat won, which a game may allow), the result as data. ``standing``
    words the scores where they are a code for programs (Fief's)."""
    won = [label(s) for s in result.winners]
    scores = ", ".join(f"{x:g}" if x != int(x) else str(int(x)) for x in result.scores)
    return Event("game_over", f"Game over: {standing or f'scores {scores}'}; "
                              f"{listed('winner', won)}", result.to_json())
