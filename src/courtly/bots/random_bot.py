"""The random bot: uniform over legal actions, from its own seeded RNG."""

from __future__ import annotations

import random

from courtly.bots.base import Observation
from courtly.core import Action


class RandomBot:
    """Picks uniformly among the legal actions; same seed, same choices."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        """A uniformly random legal action."""
        if not obs.legal:
            raise ValueError("no legal action to choose from")
        return obs.legal[self.rng.randrange(len(obs.legal))]
