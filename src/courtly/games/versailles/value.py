"""A learned value for Courtisans de Versailles: every seat's chance to win,
read from what the whole table sees (docs/bots.md, "Its estimate").

The search (ISMCTS, ``bot.SEARCH``) scores the position it reaches after a
round of turns. A courtier's projected fortune alone (:func:`bot.projected`)
says who leads, not how likely the lead is to last: a standing of 9 with the
King, a courtier in the Bastille or in exile, or the turns still to play
change that. So each seat's position is described
by a few public numbers (:data:`FEATURES`: nothing from a hand but its size),
and a **conditional logit** weighs them: seat ``s`` wins with probability
``exp(u_s) / sum(exp(u_t))``, ``u_s = w . features(view, s)``. The weights
(``data/value.json``) were fitted by maximum likelihood to the winners of
games between heuristic bots; ``tools/versailles_value.py`` generates the
games and refits them, and says how well each model predicts the winners of
held-out games.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any

from courtly.games.versailles.bot import income, turns_left
from courtly.games.versailles.cards import DECK

View = Mapping[str, Any]

#: What describes a seat's position, in the order of the weights.
FEATURES: tuple[str, ...] = (
    "projected",  # fortune + income for the turns left (bot.projected), / goal
    "fortune",  # / goal
    "income",  # what it receives a turn, / 5,000 livres
    "king",  # standing with the King, / 9 (0 before one is presented)
    "queen",  # standing with the Queen, / 9
    "bastille",
    "exile",
    "dead",
    "married",
    "hand",  # cards in hand, / 10
    "titles",  # titles laid before the courtier
    "offices",  # offices laid before the courtier
    "favourite",  # the King's Favourite or the Queen's Lover (+2 to requests, §9.4)
    "chamberlain",  # the Grand Chamberlain
    "lead",  # how far the projection is ahead of the best rival's, / goal (0 if behind)
    "income_left",  # income times the turns left (at most 8), / goal
)


def features(view: View, seat: int) -> list[float]:
    """``seat``'s position as :data:`FEATURES` says (see :func:`table`)."""
    return table(view)[seat]


def table(view: View) -> list[list[float]]:
    """Every seat's position as :data:`FEATURES` says, from public parts of
    ``view`` only (the size of a hand, never its cards), so that every seat's
    view of a position gives the same numbers."""
    courtiers = view["courtiers"]
    goal, turns = view["goal"], turns_left(view)
    incomes = [income(view, c["seat"]) for c in courtiers]
    projections = [c["fortune"] + i * turns for c, i in zip(courtiers, incomes, strict=True)]
    rows = []
    for seat, c in enumerate(courtiers):
        rivals = max((p for s, p in enumerate(projections) if s != seat), default=0.0)
        laid = [DECK[card].kind for card in c["cards"]]
        hand = c["hand"] if isinstance(c["hand"], int) else len(c["hand"])
        place = c["place"]
        rows.append([
            projections[seat] / goal,
            c["fortune"] / goal,
            incomes[seat] / 5000,
            (c["king"] or 0) / 9,
            (c["queen"] or 0) / 9,
            float(place == "bastille"),
            float(place == "exile"),
            float(place == "dead"),
            float(c["spouse"] is not None),
            hand / 10,
            float(laid.count("title")),
            float(laid.count("office")),
            float(seat in (view["favourite"], view["lover"])),
            float(view["grand_chamberlain"] == seat),
            max(0.0, projections[seat] - rivals) / goal,
            incomes[seat] * min(turns, 8.0) / goal,
        ])
    return rows


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    """The fitted weights (``data/value.json``), in the order of :data:`FEATURES`."""
    data = json.loads(resources.files("courtly.games.versailles").joinpath(
        "data/value.json").read_text(encoding="utf-8"))
    named = data["weights"]
    if set(named) != set(FEATURES):
        raise ValueError(f"data/value.json weighs {sorted(named)}, "
                         f"the value reads {sorted(FEATURES)}")
    return tuple(float(named[name]) for name in FEATURES)


def utilities(view: View, w: Sequence[float] | None = None) -> list[float]:
    """Every seat's ``u``: its chance to win is ``exp(u)`` over the sum of all."""
    w = weights() if w is None else w
    return [sum(a * b for a, b in zip(w, row, strict=True)) for row in table(view)]
