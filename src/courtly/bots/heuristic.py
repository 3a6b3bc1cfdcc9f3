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
In an open window (the seat may act but is not waited for: a negotiation)
it has nothing to negotiate by and says ``Done``.

The companions are found through the game object (``obs.game``), so a game
outside the registry (a test game) is served as well as a registered one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache

from courtly.bots.base import Observation
from courtly.core import Action, Companions, Done, Estimate, Game, Heuristic, Ranking, Remark


def _companions(game: Game | str) -> Companions:
    if isinstance(game, Game):  # a game object, registered or not (a test game)
        return game.companions
    from courtly.registry import game as lookup  # games sit beside bots; look them up lazily

    return lookup(game).companions


@cache
def policy_for(game: Game | str) -> Heuristic | None:
    """The heuristic policy ``game`` (a Game, or a registered game's name) ships, or None."""
    return _companions(game).heuristic


@cache
def ranking_for(game: Game | str) -> Ranking | None:
    """The heuristic's ranking of candidates ``game`` ships, or None."""
    return _companions(game).ranking


@cache
def estimate_for(game: Game | str) -> Estimate | None:
    """The score estimate ``game`` (a Game, or a registered name) ships, or None."""
    return _companions(game).estimate


@cache
def search_settings_for(game: Game | str) -> Mapping[str, object]:
    """The ISMCTS settings ``game`` (a Game, or a registered name) recommends
    (parameter name -> value, for the parameters a spec leaves to the game), or {}."""
    return dict(_companions(game).search)


def game_remark(obs: Observation, action: Action) -> Remark | None:
    """What the game's ``remark`` companion says with ``action`` from ``obs``'s
    view (a game without one says nothing)."""
    say = _companions(obs.game).remark
    return None if say is None else say(obs.view, action)


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
    """Plays the game's heuristic (``games/<game>/bot.py``), or, for a game
    without one, says Done in an open window and plays the generic one-ply
    fallback elsewhere; same seed, same choices."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """The game's rule-of-thumb choice among ``obs.legal``."""
        if not obs.legal:
            raise ValueError("no legal action to choose from")
        if len(obs.legal) == 1:
            return obs.legal[0]
        choose = policy_for(obs.game)
        if choose is None:
            if obs.in_window and Done() in obs.legal:
                return Done()  # no rules of thumb to negotiate by: leave the window
            return generic_choice(obs, self.rng)
        return choose(obs.view, obs.legal, self.rng)

    def remark(self, obs: Observation, action: Action) -> Remark | None:
        """What this seat says with ``action``: the game's reason, if it has one."""
        return game_remark(obs, action)
