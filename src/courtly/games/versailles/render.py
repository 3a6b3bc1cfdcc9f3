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

from courtly.core import counted, listed
from courtly.games.versailles.cards import COUNTRY_NAMES, DECK, PARTY_NAMES, CardType

PLACES = {"versailles": "at Versailles", "hunt": "at the hunt", "war": "at war"}
SEAT = re.compile(r"\bSeat (\d+)\b")


def _country(name: str | None) -> str:
    return COUNTRY_NAMES.get(name, name) if name else "?"


def named_seats(view: Mapping[str, Any], text: str, form: str = "full",
                fallback: Mapping[str, Any] | None = None) -> str:
    """``text`` with each "Seat n" preceded by that courtier's form of
    address (§3; ``form``: "full" or "short"), when the view gives one, else
    when the ``fallback`` view does (the seat's view before a move that killed
    the courtier); a courtier whose sex is not chosen yet, or a dead one's
    awaited heir, stays "Seat n"."""
    return _named(text, _names(view, form, fallback))


def _names(view: Mapping[str, Any], form: str,
           fallback: Mapping[str, Any] | None) -> tuple[str | None, ...]:
    """Each seat's form of address in ``view``, else in ``fallback``, or None."""
    courtiers = view.get("courtiers") or []
    others = (fallback or {}).get("courtiers") or []
    names: list[str | None] = []
    for seat, courtier in enumerate(courtiers):
        address = courtier.get("address")
        if not address and seat < len(others):
            address = others[seat].get("address")
        names.append(address[form] if address else None)
    return tuple(names)


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
        return f"The King is dead: the Queen ({_country(queen['origin'])}) is Regent"
    parts = ["the King reigns" if king["alive"] else "no King"]
    parts.append(f"the Queen comes from {_country(queen['origin'])}" if queen["alive"]
                 else "no Queen")
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
    party = PARTY_NAMES.get(c["party"], "?")
    head = f"Seat {seat} {c['family']} ({c['sex'] or '?'}, {party} party)"
    standing = f"King {c['king']}, Queen {c['queen']}" if c["place"] == "court" else c["place"]
    address = c["address"]
    if address:  # the short form only where it differs (a title or a dignity, §3)
        short = address["short"]
        address = address["full"] + (f" (short: {short})" if short != address["full"] else "")
    return (f"  {head}: {c['fortune']:,} livres; {standing}; hand {c['hand']}"
            + (f"; {', '.join(marks)}" if marks else "")
            + (f"\n      address: {address}" if address else "")
            + f"\n      cards: {_cards(c['cards'])}")


def _breaches(view: Mapping[str, Any]) -> list[str]:
    """Breaches of etiquette awaiting the Grand Chamberlain (§3)."""
    return [f"Breach {b['breach']}: Seat {b['seat']} ({b['code']}): {b['words']!r}"
            for b in view["breaches"]]


def _card_line(card: CardType, view: Mapping[str, Any]) -> str:
    """A card of one's hand under the hand: its name, its conditions (§9.1,
    the browser's card help) in brackets, its effect ("Butin de guerre
    [at war; for a man]: fortune +3,000")."""
    return f"  {card.name_fr}{_conditions(card, view)}: {card.effect}"


def _standing_needed(sovereign: str, value: int, view: Mapping[str, Any]) -> str:
    """A card's least standing as the rules read it now (court.py ``track``):
    in a regency on the Regent's scale, whichever sovereign the card names
    (§10.1: "The Queen becomes Regent with all the powers of the King"; our
    decision A38: she hears everything); with that sovereign dead and no
    regency, one nobody can meet."""
    if view["king"]["regency"]:
        return f"Regent \u2265 {value}"
    alive = view["king"]["alive"] if sovereign == "king" else view["queen"]["alive"]
    need = f"{sovereign.capitalize()} \u2265 {value}"
    return need if alive else f"{need}, but no {sovereign.capitalize()}"


def _conditions(card: CardType, view: Mapping[str, Any]) -> str:
    """What a card asks (§9.1), of the court's place and of who receives it
    (its sex, a standing, a title) or plays it, in brackets; "" if nothing."""
    asks = ["request"] if card.is_request else []
    if card.location != "any":
        asks.append(PLACES[card.location])
    who = [f"for a {card.sex}"] if card.sex != "any" else []
    if card.self_only:
        who.append("for oneself")
    if card.min_standing is not None:
        need = card.min_standing
        who.append(_standing_needed(need.sovereign, need.value, view))
    if card.titled:
        who.append("titled")
    if who:
        asks.append(", ".join(who))
    if card.user_sex != "any":
        asks.append("played by a lady" if card.user_sex == "woman" else "played by a gentleman")
    return f" [{'; '.join(asks)}]" if asks else ""


def _at_war(view: Mapping[str, Any]) -> str:
    """France's wars, whoever declared them (a card or the Secrétaire d'État's
    power, §9.3, §9.5): a terminal play-test read "the court is at war" with
    no country anywhere once the log had scrolled away."""
    wars = [COUNTRY_NAMES[c] for c in view.get("wars", ())]
    return f"; France at war with {' and '.join(wars)}" if wars else "; France at peace"


def render(view: Mapping[str, Any]) -> str:
    """The table as the view's seat sees it."""
    lines = [f"Turn {view['turn']} ({view['stage']}); goal {view['goal']:,} livres; "
             f"the court is {PLACES[view['location']]}",
             _sovereigns(view),
             f"War Ministry: {_cards(view['war_ministry'])}{_at_war(view)}",
             f"King's House: {_cards(view['kings_house'])}",
             f"Draw pile: {counted(view['pile'], 'card')}; discards: {len(view['discard'])}",
             "Great Register of Courtiers:"]
    lines += [_line(c, view) for c in view["courtiers"]]
    royal = view["sovereigns_address"]
    if royal:
        lines.append("Address the sovereigns: " + "; ".join(
            f"the {who.capitalize()}: {' or '.join(forms)}" for who, forms in royal.items()))
    lines += _breaches(view)
    if view["current"] is not None:
        left = counted(view["actions_left"], "action")
        lines.append(named_seats(view, f"Seat {view['current']} plays ({left} left)", "short"))
    if view["hand"] is not None:
        lines.append(f"Your hand: {_cards(view['hand'])}")
        lines += [_card_line(DECK[c], view) for c in dict.fromkeys(view["hand"]) if DECK[c].effect]
    if "final" in view:
        winners = [named_seats(view, f"Seat {w}", "short") for w in view["final"]["winners"]]
        lines.append(listed("Winner", winners))
    return "\n".join(lines)
