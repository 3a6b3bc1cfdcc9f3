"""Courtisans de Versailles as plain text for the terminal: where the court
is, the sovereigns and the Queen's origin, the War Ministry, the King's
House, the Great Register (fortunes, standings, places, cards, marriages)
and the seat's hand, every courtier's form of address (§3) and the breaches of
etiquette awaiting the Grand Chamberlain. Reads only the view."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from courtly.games.versailles.cards import DECK

PLACES = {"versailles": "at Versailles", "hunt": "at the hunt", "war": "at war"}
SEAT = re.compile(r"\bSeat (\d+)\b")


def named_seats(view: Mapping[str, Any], text: str) -> str:
    """``text`` with each "Seat n" preceded by that courtier's form of
    address (§3), when the view gives one (a courtier whose sex is not
    chosen yet, or a dead one's awaited heir, stays "Seat n")."""
    courtiers = view.get("courtiers") or []
    return _named(text, tuple(_full_form(c) for c in courtiers))


def _full_form(courtier: Mapping[str, Any]) -> str | None:
    address = courtier.get("address")
    return address["full"] if address else None


@lru_cache(maxsize=4096)
def _named(text: str, names: tuple[str | None, ...]) -> str:
    # A menu names the same seats in the same words step after step (the
    # research environment's infos write every legal action): kept.
    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        full = names[seat] if 0 <= seat < len(names) else None
        return f"{full} ({match.group(0)})" if full is not None else match.group(0)

    return SEAT.sub(name, text)


def _cards(ids: list[str]) -> str:
    return ", ".join(DECK[c].name_fr for c in ids) or "-"


def _sovereigns(view: Mapping[str, Any]) -> str:
    king, queen = view["king"], view["queen"]
    if king["regency"]:
        return f"The King is dead: the Queen ({queen['origin']}) is Regent"
    parts = ["the King reigns" if king["alive"] else "no King"]
    parts.append(f"the Queen comes from {queen['origin']}" if queen["alive"] else "no Queen")
    if view["secret_wife"] is not None:
        parts.append(f"Seat {view['secret_wife']} is his secret wife")
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def _line(c: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    seat = c["seat"]
    marks = []
    if seat == view["grand_chamberlain"]:
        marks.append("Grand Chamberlain")
    if c["spouse"] is not None:
        marks.append(f"married to Seat {c['spouse']}")
    head = f"Seat {seat} {c['family']} ({c['sex'] or '?'}, {c['party']})"
    standing = f"King {c['king']}, Queen {c['queen']}" if c["place"] == "court" else c["place"]
    address = c["address"]
    return (f"  {head}: {c['fortune']} livres; {standing}; hand {c['hand']}"
            + (f"; {', '.join(marks)}" if marks else "")
            + (f"\n      address: {address['full']} (short: {address['short']})"
               if address else "")
            + f"\n      cards: {_cards(c['cards'])}")


def _breaches(view: Mapping[str, Any]) -> list[str]:
    """Breaches of etiquette awaiting the Grand Chamberlain (§3)."""
    return [f"Breach {b['breach']}: Seat {b['seat']} ({b['code']}): {b['words']!r}"
            for b in view["breaches"]]


def render(view: Mapping[str, Any]) -> str:
    """The table as the view's seat sees it."""
    lines = [f"Turn {view['turn']} ({view['stage']}); goal {view['goal']} livres; "
             f"the court is {PLACES[view['location']]}",
             _sovereigns(view),
             f"War Ministry: {_cards(view['war_ministry'])}",
             f"King's House: {_cards(view['kings_house'])}",
             f"Draw pile: {view['pile']} cards; discards: {len(view['discard'])}",
             "Great Register of Courtiers:"]
    lines += [_line(c, view) for c in view["courtiers"]]
    royal = view["sovereigns_address"]
    if royal:
        lines.append("Address the sovereigns: " + "; ".join(
            f"the {who.capitalize()}: {' or '.join(forms)}" for who, forms in royal.items()))
    lines += _breaches(view)
    if view["current"] is not None:
        lines.append(f"Seat {view['current']} plays ({view['actions_left']} action(s) left)")
    if view["hand"] is not None:
        lines.append(f"Your hand: {_cards(view['hand'])}")
    if "final" in view:
        lines.append(f"Winner(s): {view['final']['winners']}")
    return "\n".join(lines)
