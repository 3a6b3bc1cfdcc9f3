"""The heuristic bot: each game's rules of thumb, found through the game's hook.

A game may ship ``games/<game>/bot.py`` with a function
``choose(view, legal, rng) -> Action``: fast rules of thumb that read only
the seat's view and its legal actions (so it cannot peek). The registry's
``heuristic`` bot uses it, and ISMCTS may use it as its rollout policy. It may
also ship ``estimate(view) -> list[float]``, every seat's expected final score
as the view's seat sees it, with which ISMCTS scores the leaves of its tree
instead of playing them out.

A game without one still works unchanged: the bot then plays the generic
one-ply fallback (:func:`generic_choice`): an action that ends the game at
once with this seat among the winners, in a guess of the hidden
information, if there is one; otherwise a uniformly random legal action.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache

from courtly.bots.base import Observation
from courtly.core import Action, Companions, Estimate, Heuristic

#: A game's heuristic policy: (view, legal actions, rng) -> one of the actions.
Choose = Heuristic


def _companions(game_name: str) -> Companions:
    from courtly.registry import game  # games sit beside bots; look them up lazily

    return game(game_name).companions


@cache
def policy_for(game_name: str) -> Heuristic | None:
    """The heuristic policy ``game_name`` ships, or None."""
    return _companions(game_name).heuristic


@cache
def estimate_for(game_name: str) -> Estimate | None:
    """The score estimate ``game_name`` ships, or None."""
    return _companions(game_name).estimate


@cache
def search_settings_for(game_name: str) -> Mapping[str, object]:
    """The ISMCTS settings ``game_name`` recommends (parameter name -> value,
    for the parameters a spec leaves to the game), or {}."""
    return dict(_companions(game_name).search)


def generic_choice(obs: Observation, rng: random.Random) -> Action:
    """One ply for any game: an action that wins on the spot in a guess of the
    hidden information, else a random one."""
    legal = obs.legal
    guess = obs.determinize(rng)
    for action in legal:
        after = guess.clone()
        after.apply(obs.seat, action)
        if after.is_over and obs.seat in after.result().winners:
            return action
    return legal[rng.randrange(len(legal))]


class HeuristicBot:
    """Plays the game's heuristic (``games/<game>/bot.py``), or the generic
    one-ply fallback for a game without one; same seed, same choices."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """The game's rule-of-thumb choice among ``obs.legal``."""
        if not obs.legal:
            raise ValueError("no legal action to choose from")
        if len(obs.legal) == 1:
            return obs.legal[0]
        choose = policy_for(obs.game_name)
        if choose is None:
            return generic_choice(obs, self.rng)
        return choose(obs.view, obs.legal, self.rng)
