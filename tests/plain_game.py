"""A game that ships no companions (no heuristic, no estimate, no measures):
Courtisans under another name, for the tests of the generic fallbacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from courtly.games.courtisans import Courtisans


class PlainCourtisans(Courtisans):
    """Courtisans under another name that names no companion modules."""

    name = "courtisans_plain"
    companions: ClassVar[Mapping[str, str]] = {}
