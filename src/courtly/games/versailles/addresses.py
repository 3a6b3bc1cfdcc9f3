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
from typing import Any

from courtly.games.versailles.actions import BREACH_WORDS, Breach
from courtly.games.versailles.cards import DECK
from courtly.games.versailles.etiquette import (
    Addressee,
    check_message,
    familiar_pronouns,
    form_of_address,
    forms_of_address,
    married_to,
    short_form,
)
from courtly.games.versailles.etiquette import Breach as Fault

Courtier = Mapping[str, Any]


def _cards(c: Courtier, kind: str) -> tuple[str, ...]:
    return tuple(card for card in c["cards"] if DECK[card].kind == kind)


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
    own = Addressee(c["sex"], family_name=c["married_name"] or c["family"],
                    titles=_cards(c, "title"), marechal=bool(_cards(c, "dignity")),
                    offices=_cards(c, "office"), married=married,
                    grand_chamberlain=seat == chamberlain)
    spouse = c["spouse"]
    if woman and spouse is not None:
        husband = courtier_addressee(courtiers, spouse)
        if husband is not None:
            return married_to(own, husband)
    return own


def court_addressees(view: Mapping[str, Any]) -> list[Addressee | None]:
    """Every seat's courtier (None where there is none to address)."""
    courtiers = view["courtiers"]
    return [courtier_addressee(courtiers, s, view["grand_chamberlain"])
            for s in range(len(courtiers))]


def sovereign_addressees(view: Mapping[str, Any]) -> dict[str, Addressee]:
    """The living sovereigns: "king" and "queen", or in a regency "regent"
    (§10.1). A secret wife is no Queen (§10.2): she is a courtier."""
    king, queen = view["king"], view["queen"]
    if king["regency"]:
        return {"regent": Addressee("woman", sovereign="regent")} if queen["alive"] else {}
    out: dict[str, Addressee] = {}
    if king["alive"]:
        out["king"] = Addressee("man", sovereign="king")
    if queen["alive"]:
        out["queen"] = Addressee("woman", sovereign="queen")
    return out


def address_json(addressee: Addressee | None) -> dict[str, Any] | None:
    """What a view shows of a form of address: the full form (every element,
    §3's order) and the everyday short one."""
    if addressee is None:
        return None
    return {"full": form_of_address(addressee), "short": short_form(addressee)}


def sovereigns_json(view: Mapping[str, Any]) -> dict[str, list[str]]:
    """How each living sovereign is addressed (our decision: "Sire",
    "Madame", "Votre Majesté")."""
    return {who: list(forms_of_address(a)) for who, a in sovereign_addressees(view).items()}


# --- the referee's reading of the chat -------------------------------------


def judge_chat(view: Mapping[str, Any], sender: int, text: str,
               to: int | None) -> list[dict[str, Any]]:
    """The breaches of etiquette (§3) in ``sender``'s chat message: to the
    seat ``to``, judged against that courtier alone; to the table (None),
    judged against whichever other courtier (or sovereign) it fits best,
    so that "Monsieur, ..." is a breach only if no gentleman could be meant.
    A message to a seat with no courtier to address is judged for "tu"
    only. Each fault is the checker's explanation (``code``, ``found``,
    ``expected``, ``address``, ``fr``, ``en``) with the offender's ``seat``
    and the referee's ``action`` (a :class:`Breach`) to apply. Nothing at a
    table whose ``etiquette`` option is off."""
    if not view["options"].get("etiquette", True):
        return []  # the table plays without the checker (issue 16: an option)
    people = {s: a for s, a in enumerate(court_addressees(view))
              if a is not None and s != sender}
    if to is not None:
        target = people.get(to)
        faults = check_message(text, target) if target else familiar_pronouns(text)
    else:
        everyone = [*people.values(), *sovereign_addressees(view).values()]
        readings = [check_message(text, a, [b for b in everyone if b is not a])
                    for a in everyone] or [familiar_pronouns(text)]
        faults = min(readings, key=len)
    return [_fault_json(sender, fault, text) for fault in faults]


def _fault_json(sender: int, fault: Fault, text: str) -> dict[str, Any]:
    words = (fault.found or fault.address or text).strip()[:BREACH_WORDS] or "?"
    ruling = Breach(sender, fault.code.value, words)
    return fault.to_json() | {"seat": sender, "action": ruling.to_json()}
