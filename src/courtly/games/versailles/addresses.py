"""The forms of address of the court, read from a view (§3, §6, §8.4, §10.4),
and the referee's reading of the chat (the ``judge_chat`` companion).

The Great Register (a view's ``courtiers``) says everything etiquette needs:
the quality (sex; "Madame" once married), the titles held or borne by
marriage ("The wife takes the family name and the noble title of her
husband", §8.4; a widow keeps her husband's title cards and name, §10.4),
the Maréchal dignity, the offices, the family name, and who is Grand
Chamberlain (§4). The rules (etiquette.py) are pure functions of an
:class:`~courtly.games.versailles.etiquette.Addressee`; this module builds
them from public data only, so the view may show them to everyone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from courtly.games.versailles.actions import BREACH_WORDS, Breach
from courtly.games.versailles.cards import KIND_OF
from courtly.games.versailles.etiquette import (
    Addressee,
    Sex,
    check_message,
    familiar_pronouns,
    form_of_address,
    forms_of_address,
    married_to,
    short_form,
)
from courtly.games.versailles.etiquette import Breach as Fault

Courtier = Mapping[str, Any]


def _of_kind(cards: tuple[str, ...], kind: str) -> tuple[str, ...]:
    return tuple(card for card in cards if KIND_OF[card] == kind)


def courtier_addressee(courtiers: Sequence[Courtier], seat: int,
                       chamberlain: int | None = None) -> Addressee | None:
    """The courtier of ``seat`` as etiquette sees him, or None while the
    family has no courtier to address (the sex not chosen yet; dead, the
    heir not yet named, §10.4). A wife bears her husband's family name and
    title (§8.4, :func:`married_to`); a widow keeps his name, and his title
    cards are hers (§10.4)."""
    c = courtiers[seat]
    if c["sex"] is None or c["place"] == "dead":
        return None
    woman = c["sex"] == "woman"
    married = c["married_name"] is not None if woman else c["spouse"] is not None
    own = _addressee(c["sex"], c["married_name"] or c["family"], tuple(c["cards"]), married,
                     seat == chamberlain)
    spouse = c["spouse"]
    if woman and spouse is not None:
        husband = courtier_addressee(courtiers, spouse)
        if husband is not None:
            return _married_to(own, husband)
    return own


@lru_cache(maxsize=4096)
def _addressee(sex: Sex, family_name: str, cards: tuple[str, ...], married: bool,
               chamberlain: bool) -> Addressee:
    # Every view names every courtier: each Addressee (a frozen value) is
    # made once for what the Register shows of him.
    return Addressee(sex, family_name=family_name, titles=_of_kind(cards, "title"),
                     marechal=bool(_of_kind(cards, "dignity")),
                     offices=_of_kind(cards, "office"), married=married,
                     grand_chamberlain=chamberlain)


_married_to = lru_cache(maxsize=4096)(married_to)


def court_addressees(view: Mapping[str, Any]) -> list[Addressee | None]:
    """Every seat's courtier (None where there is none to address)."""
    courtiers = view["courtiers"]
    return [courtier_addressee(courtiers, s, view["grand_chamberlain"])
            for s in range(len(courtiers))]


#: The sovereigns as etiquette sees them (frozen values, made once).
_KING = Addressee("man", sovereign="king")
_QUEEN = Addressee("woman", sovereign="queen")
_REGENT = Addressee("woman", sovereign="regent")


def sovereign_addressees(view: Mapping[str, Any]) -> dict[str, Addressee]:
    """The living sovereigns: "king" and "queen", or in a regency "regent"
    (§10.1). A secret wife is no Queen (§10.2): she is a courtier."""
    king, queen = view["king"], view["queen"]
    if king["regency"]:
        return {"regent": _REGENT} if queen["alive"] else {}
    out: dict[str, Addressee] = {}
    if king["alive"]:
        out["king"] = _KING
    if queen["alive"]:
        out["queen"] = _QUEEN
    return out


@lru_cache(maxsize=4096)
def _forms(addressee: Addressee) -> tuple[str, str]:
    # Every view shows every courtier's forms, and a courtier's forms change
    # only with his Addressee (a frozen value): each is worked out once.
    return form_of_address(addressee), short_form(addressee)


def address_json(addressee: Addressee | None) -> dict[str, Any] | None:
    """What a view shows of a form of address: the full form (every element,
    §3's order) and the everyday short one."""
    if addressee is None:
        return None
    full, short = _forms(addressee)
    return {"full": full, "short": short}


_sovereign_forms = lru_cache(maxsize=16)(forms_of_address)


def sovereigns_json(view: Mapping[str, Any]) -> dict[str, list[str]]:
    """How each living sovereign is addressed (our decision: "Sire",
    "Madame", "Votre Majesté")."""
    return {who: list(_sovereign_forms(a)) for who, a in sovereign_addressees(view).items()}


# --- the referee's reading of the chat -------------------------------------


def judge_chat(view: Mapping[str, Any], sender: int, text: str, to: int | None,
               names: Sequence[str | None] | None = None) -> list[dict[str, Any]]:
    """The breaches of etiquette (§3) in ``sender``'s chat message: to the
    seat ``to``, judged against that courtier alone; to the table (None),
    judged against whichever other courtier (or sovereign) it fits best,
    so that "Monsieur, ..." is a breach only if no gentleman could be meant.
    A message to a seat with no courtier to address is judged for "tu"
    only. ``names`` are the players' own names, one per seat (None for a
    seat without one, such as a bot's), public at the table: a player called
    by his own name is a familiarity (§3; decision E20); without them, only
    the courtiers' names are known. Each fault is the checker's explanation
    (``code``, ``found``, ``expected``, ``address``, ``fr``, ``en``) with the
    offender's ``seat`` and the referee's ``action`` (a :class:`Breach`) to
    apply. Nothing at a table whose ``etiquette`` option is off."""
    if not view["options"].get("etiquette", True):
        return []  # the table plays without the checker (issue 16: an option)
    court = court_addressees(view)
    if names is not None and len(names) != len(court):
        raise ValueError(f"{len(names)} names for {len(court)} seats")
    people = {s: _played_by(a, names[s] if names is not None else None)
              for s, a in enumerate(court) if a is not None and s != sender}
    if to is not None:
        target = people.get(to)
        faults = check_message(text, target) if target else familiar_pronouns(text)
    else:
        everyone = [*people.values(), *sovereign_addressees(view).values()]
        # the others by position: equal courtiers are one shared (cached) value
        readings = [check_message(text, a, everyone[:i] + everyone[i + 1:])
                    for i, a in enumerate(everyone)] or [familiar_pronouns(text)]
        faults = min(readings, key=len)
    return [_fault_json(sender, fault, text) for fault in faults]


def _played_by(addressee: Addressee, name: str | None) -> Addressee:
    return replace(addressee, player_name=name) if name else addressee


def _fault_json(sender: int, fault: Fault, text: str) -> dict[str, Any]:
    words = (fault.found or fault.address or text).strip()[:BREACH_WORDS] or "?"
    ruling = Breach(sender, fault.code.value, words)
    return fault.to_json() | {"seat": sender, "action": ruling.to_json()}
