"""What every bot is: a chooser among legal actions, given only its seat's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from courtly.core import Action


class Bot(Protocol):
    """A player program. It receives what its seat may see, nothing more."""

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) given the seat's ``view``."""
        ...
