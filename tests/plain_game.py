"""A game that ships no companions (no heuristic, no estimate, no measures):
Courtisans under another name, for the tests of the generic fallbacks."""

from __future__ import annotations

from courtly.core import Companions
from courtly.games.courtisans import Courtisans


class PlainCourtisans(Courtisans):
    """Courtisans under another name that ships no companions."""

    name = "courtisans_plain"

    def load_companions(self) -> Companions:
        """None at all."""
        return Companions()
