"""Courtisans' actions: place one card, then answer an Assassin or a Diplomat.

A turn is three (or, after a Confidant, more) atomic ``Play`` steps; an
Assassin or a Diplomat that has something to act on is followed by one
``Eliminate``/``Take`` or a ``Decline`` by the same seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from courtly.core import Action, InvalidAction
from courtly.games.courtisans.cards import FAMILIES, FAMILY_NAMES, ROLE_NAMES, ROLES, SPY

QUEEN, DOMAIN = "queen", "domain"
ABOVE, BELOW = "above", "below"
SIDES = (ABOVE, BELOW)


def _check_card(kind: str, family: str, role: str) -> None:
    if family not in FAMILIES:
        raise InvalidAction(f"{kind}: unknown family {family!r}; families: {', '.join(FAMILIES)}")
    if role not in ROLES:
        raise InvalidAction(f"{kind}: unknown role {role!r}; roles: {', '.join(ROLES)}")


def _check_target(kind: str, side: str | None, family: str | None, role: str | None,
                  spy: int | None) -> None:
    """A target is a face-up card (family and role) or a face-down Spy (its position)."""
    if side is not None and side not in SIDES:
        raise InvalidAction(f"{kind}: side must be 'above', 'below' or null, not {side!r}")
    if spy is None:
        if family is None or role is None:
            raise InvalidAction(f"{kind}: name a card (family and role) or a face-down spy")
        _check_card(kind, family, role)
    elif family is not None or role is not None or spy < 0:
        raise InvalidAction(f"{kind}: a face-down spy is named by its position alone (>= 0)")


def _card_name(family: str, role: str) -> str:
    return f"{ROLE_NAMES[role][0]} of {FAMILY_NAMES[family][0]}"


def _target_text(side: str | None, family: str | None, role: str | None,
                 spy: int | None) -> str:
    where = f" {side} the Queen" if side else ""
    if spy is not None:
        return f"face-down Spy #{spy + 1}{where}"
    assert family is not None and role is not None
    return f"{_card_name(family, role)}{where}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Place one card from the hand: around the Queen's table (``side`` above or
    below) or in a domain (``owner`` is whose)."""

    kind = "play"
    family: str
    role: str
    area: str
    side: str | None = None
    owner: int | None = None

    def validate(self) -> None:
        """Known family and role; a side at the Queen's table, an owner for a domain."""
        _check_card(self.kind, self.family, self.role)
        if self.area == QUEEN:
            if self.side not in SIDES or self.owner is not None:
                raise InvalidAction("play: at the Queen's table give side 'above' or 'below' "
                                    "and owner null")
        elif self.area == DOMAIN:
            if self.side is not None or self.owner is None or self.owner < 0:
                raise InvalidAction("play: in a domain give the owner's seat and side null")
        else:
            raise InvalidAction(f"play: area must be 'queen' or 'domain', not {self.area!r}")

    def placement(self) -> str:
        """E.g. 'Noble of Toads above the Queen'."""
        card = _card_name(self.family, self.role)
        face = " face down" if self.role == SPY else ""
        if self.area == QUEEN:
            return f"{card}{face} {self.side} the Queen"
        return f"{card}{face} in Seat {self.owner}'s domain"

    def describe(self) -> str:
        """E.g. 'Play Noble of Toads above the Queen'."""
        return f"Play {self.placement()}"


@dataclass(frozen=True, slots=True)
class _Targeted(Action):
    """A power aimed at one card of the area where its card was just placed.
    A face-up card is named by family and role (and side at the Queen's
    table); a face-down Spy by its position ``spy`` in that spot."""

    side: str | None = None
    family: str | None = None
    role: str | None = None
    spy: int | None = None

    def validate(self) -> None:
        """A well-formed target."""
        _check_target(self.kind, self.side, self.family, self.role, self.spy)

    def target(self) -> str:
        """E.g. 'Guard of Stags below the Queen' or 'face-down Spy #1'."""
        return _target_text(self.side, self.family, self.role, self.spy)


@dataclass(frozen=True, slots=True)
class Eliminate(_Targeted):
    """The Assassin just placed eliminates another card of its area (rulebook
    "The roles")."""

    kind = "eliminate"

    def describe(self) -> str:
        """E.g. 'Eliminate Guard of Stags below the Queen'."""
        return f"Eliminate {self.target()}"


@dataclass(frozen=True, slots=True)
class Take(_Targeted):
    """The Diplomat just placed takes another card of its area into the
    player's own domain (rulebook "Diplomats and Confidants")."""

    kind = "take"

    def describe(self) -> str:
        """E.g. 'Take Noble of Hares above the Queen into your domain'."""
        return f"Take {self.target()} into your domain"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Do not use the Assassin's or the Diplomat's power ("if you want")."""

    kind = "decline"

    def describe(self) -> str:
        """'Decline'."""
        return "Decline the card's power"


ACTION_TYPES: tuple[type[Action], ...] = (Play, Eliminate, Take, Decline)
