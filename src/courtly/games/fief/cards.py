"""Fief's cards, from data (data/cards.json; rulebook "Phase 1: The Playing of
the Cards").

A blue card is named by a string: ``lord:<name>`` (15, one per lord),
``bishop:<bishopric>`` (4), or the kind of an attack, parry or tithe card
(``revolt``, ``sun``, ``royal_tithe``...). Red cards (titles, cardinals, the
King) are never dealt: the bank gives them when the rules say.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class CardSet:
    """The deck's make-up and the cards' names."""

    lords: tuple[str, ...]
    lord_names: dict[str, str]
    attacks: dict[str, int]
    parries: dict[str, int]
    taxes: dict[str, int]
    bishops: tuple[str, ...]
    titles: dict[str, int]
    cardinals: int
    names: dict[str, dict[str, str]]
    #: a short help text per card kind (the keys of ``names``): ``en``, ``fr``
    #: and ``source``, the rulebook section it comes from (for the browser)
    help: dict[str, dict[str, str]] = field(default_factory=dict)

    def blue_deck(self) -> list[str]:
        """The 58 blue cards, in a fixed order (the game shuffles them)."""
        deck = [f"lord:{lord}" for lord in self.lords]
        deck += [f"bishop:{b}" for b in self.bishops]
        for table in (self.attacks, self.parries, self.taxes):
            for kind, count in table.items():
                deck += [kind] * count
        return deck

    def kind(self, card: str) -> str:
        """'lord', 'bishop', 'attack', 'parry' or 'tax'."""
        head = card.partition(":")[0]
        if head in ("lord", "bishop"):
            return head
        if card in self.attacks:
            return "attack"
        if card in self.parries:
            return "parry"
        if card in self.taxes:
            return "tax"
        raise ValueError(f"no Fief card {card!r}")

    def label(self, card: str, lang: str = "en") -> str:
        """'Lord Henry', 'Bishop of Blaye', 'Bad weather'."""
        head, _, rest = card.partition(":")
        if head == "lord":
            return f"{self.names['lord'][lang]} {self.lord_names[rest]}"
        if head == "bishop":
            return f"{self.names['bishop'][lang]} ({rest.capitalize()})"
        return self.names[card][lang]

    def to_json(self) -> dict[str, Any]:
        """The card data as clients read it."""
        return {"lords": list(self.lords), "lord_names": self.lord_names,
                "blue": self.blue_deck(), "names": self.names,
                "titles": self.titles, "cardinals": self.cardinals, "help": self.help}


@cache
def card_set() -> CardSet:
    """The cards courtly ships (data/cards.json)."""
    text = resources.files("courtly.games.fief").joinpath("data/cards.json").read_text("utf-8")
    data = json.loads(text)
    blue, red = data["blue"], data["red"]
    return CardSet(tuple(data["lords"]), dict(data["lord_names"]), dict(blue["attack"]),
                   dict(blue["parry"]), dict(blue["tax"]), tuple(blue["bishop"]),
                   dict(red["title"]), int(red["cardinal"]), data["names"],
                   dict(data.get("help", {})))
