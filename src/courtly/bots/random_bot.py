"""The random bot: uniform over legal actions, from its own seeded RNG."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import Action


class RandomBot:
    """Picks uniformly among the legal actions; same seed, same choices."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]
