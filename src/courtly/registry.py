"""The explicit table of games, lookup by name, and replay."""

from __future__ import annotations

from courtly.core import Game, GameRecord, InvalidRecord, State, UnknownGame
from courtly.games.courtisans import GAME as COURTISANS
from courtly.games.fief import GAME as FIEF
from courtly.games.versailles import GAME as VERSAILLES
from courtly.games.vive_le_roi import GAME as VIVE_LE_ROI

GAMES: dict[str, Game] = {
    COURTISANS.name: COURTISANS,
    FIEF.name: FIEF,
    VIVE_LE_ROI.name: VIVE_LE_ROI,
    VERSAILLES.name: VERSAILLES,
}


def game(name: str) -> Game:
    """The game called ``name``; an unknown name raises UnknownGame listing the known ones."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGame(name, sorted(GAMES)) from None


# The core reads a record whose game it names through the registry's lookup.
GameRecord.lookup = game


def replay(record: GameRecord, of: Game | None = None) -> State:
    """Rebuild the state a record describes: same record, identical state, always.

    ``of`` is the game to replay it with (default: the registered game the
    record names; a game outside the registry, such as a test game, passes itself).
    """
    g = of if of is not None else game(record.game)
    if g.name != record.game:
        raise InvalidRecord(f"record is of {record.game!r}, not of {g.name!r}")
    if record.version != g.version:
        raise InvalidRecord(
            f"record is for {g.name} rules version {record.version}, this is {g.version}"
        )
    if record.seed is None:
        raise InvalidRecord("record has no seed (a determinized guess cannot be replayed)")
    try:
        state = g.new_game(record.num_players, record.seed, record.options)
    except ValueError as exc:
        raise InvalidRecord(str(exc)) from exc
    for i, (seat, action) in enumerate(record.actions):
        try:
            state.apply(seat, action)
        except Exception as exc:
            raise InvalidRecord(f"action #{i} {action.to_json()} by seat {seat}: {exc}") from exc
    return state
