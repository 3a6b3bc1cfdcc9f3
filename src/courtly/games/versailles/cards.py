"""Courtisans de Versailles' deck, read from package data (data/deck.json).

The rulebook (shared/seeds/000_90b411339aefc22f.txt) names the kinds of card
(§8.1, §9) but gives no card list: the 51 card types and 110 cards shipped
here are OUR design (shared/rules/versailles/DECK.md, docs/rules/versailles.md).
The file is validated when this module is imported; a bad file raises
:class:`DeckError` naming the card and the field at fault. No card is written
in the code: the rules read each card's kind, symbols and numbers from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly.games import package_data

LOCATIONS = ("versailles", "hunt", "war", "any")
SEXES = ("man", "woman", "any")
SOVEREIGNS = ("king", "queen")
COUNTRIES = ("england", "spain", "netherlands")
#: How §5 names each country and its party: "the English party, the Spanish
#: party or the Dutch party".
COUNTRY_NAMES = {"england": "England", "spain": "Spain", "netherlands": "the Netherlands"}
PARTY_NAMES = {"england": "English", "spain": "Spanish", "netherlands": "Dutch"}
POWERS = ("chancelier", "controleur", "secretaire", "maitre_chasse", "gouvernante")
#: Each kind of card and the category it must have (§8.1, §9.2-§9.4).
KINDS: dict[str, str] = {
    "title": "title", "office": "office", "dignity": "dignity", "pension": "pension",
    "lettre": "lettre_de_cachet", "war_decl": "war_declaration", "war_end": "war_end",
    "favourite": "status", "lover": "status", "scandal": "event", "secret_marriage": "event",
    "death": "event", "standing": "event", "bastille": "event", "justice": "event",
    "glory": "event", "exile": "event", "fortune": "event"}
#: Kinds that are request cards (§8.1: pension, title, office, Maréchal, lettre).
REQUEST_KINDS = frozenset({"title", "office", "dignity", "pension", "lettre"})
#: Kinds whose cards are laid before their holder and pay income (§7.41, §9.2).
INCOME_KINDS = frozenset({"title", "office", "dignity", "pension"})


class DeckError(ValueError):
    """The shipped deck data is malformed."""


@dataclass(frozen=True)
class MinStanding:
    """The coloured number (§9.1): the receiver's least standing with a sovereign."""

    sovereign: str
    value: int


@dataclass(frozen=True)
class CardType:
    """One card type of our deck: its symbols (§9.1), income and effect data."""

    id: str
    name_fr: str
    name_en: str
    kind: str
    count: int
    income: int
    location: str
    sex: str
    min_standing: MinStanding | None
    titled: bool = False
    power: str | None = None
    governorship: bool = False
    country: str | None = None
    won: bool | None = None
    dk: int = 0
    dq: int = 0
    amount: int = 0
    user_sex: str = "any"
    self_only: bool = False
    effect: str = ""
    effect_fr: str = ""  # the same effect in French (the browser's card help)
    #: A request card (§8.1): read from the kind, kept as a field because
    #: every menu asks it of every card.
    is_request: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_request", self.kind in REQUEST_KINDS)


@dataclass(frozen=True)
class Deck:
    """The whole deck: the card types by id, and how many of each."""

    types: Mapping[str, CardType]

    def cards(self) -> list[str]:
        """The 110 cards as ids, in the data's order (the game shuffles them)."""
        return [t.id for t in self.types.values() for _ in range(t.count)]

    def __getitem__(self, card: str) -> CardType:
        return self.types[card]

    def to_json(self) -> list[dict[str, Any]]:
        """The card types as clients read them: the symbols of §9.1 (location,
        sex, minimum standing, titled; ``user_sex``: who may play it) and
        whether it is a request card (§8.1); a declaration of war's country,
        so that a hand can show its conditions; a standing card's shifts on
        each scale (``shift``, §9.4), so that a play that would move nothing
        (a standing already at the scale's end) can be told."""
        return [{"id": t.id, "name": {"fr": t.name_fr, "en": t.name_en}, "kind": t.kind,
                 "count": t.count, "income": t.income, "location": t.location, "sex": t.sex,
                 "min_standing": None if t.min_standing is None else
                 {"sovereign": t.min_standing.sovereign, "value": t.min_standing.value},
                 "titled": t.titled, "user_sex": t.user_sex, "request": t.is_request,
                 "country": t.country, "effect": t.effect, "effect_fr": t.effect_fr,
                 "shift": {"king": t.dk, "queen": t.dq} if t.kind == "standing" else None}
                for t in self.types.values()]


def _field(card: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in card:
        raise DeckError(f"deck.json: {where} has no field {key!r}")
    value = card[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DeckError(f"deck.json: {where} field {key!r} must be {kind.__name__}, "
                        f"got {value!r}")
    return value


def _one_of(value: Any, allowed: tuple[str, ...], key: str, where: str) -> str:
    if value not in allowed:
        raise DeckError(f"deck.json: {where} field {key!r} must be one of "
                        f"{', '.join(allowed)}, got {value!r}")
    return str(value)


def _min_standing(raw: Any, where: str) -> MinStanding | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise DeckError(f"deck.json: {where} field 'min_standing' must be an object or null")
    sovereign = _one_of(raw.get("sovereign"), SOVEREIGNS, "min_standing.sovereign", where)
    value = _field(raw, "value", int, where)
    if not -2 <= value <= 9:
        raise DeckError(f"deck.json: {where} min_standing {value} is off the scale -2..9")
    return MinStanding(sovereign, value)


def _card_type(card: Any, index: int) -> CardType:
    if not isinstance(card, dict):
        raise DeckError(f"deck.json: card #{index} must be an object")
    where = f"card #{index} ({card.get('id', '?')!r})"
    kind = _one_of(card.get("kind"), tuple(KINDS), "kind", where)
    if card.get("category") != KINDS[kind]:
        raise DeckError(f"deck.json: {where} of kind {kind!r} must be of category "
                        f"{KINDS[kind]!r}, not {card.get('category')!r}")
    income = card.get("income")
    if kind in INCOME_KINDS:
        income = _field(card, "income", int, where)
        if income <= 0 or income % 1000:
            raise DeckError(f"deck.json: {where} income must be a positive multiple of 1,000")
    elif income is not None:
        raise DeckError(f"deck.json: {where} pays no income; 'income' must be null")
    if _field(card, "request", bool, where) != (kind in REQUEST_KINDS):
        raise DeckError(f"deck.json: {where}: 'request' disagrees with kind {kind!r} (§8.1)")
    count = _field(card, "count", int, where)
    if count < 1:
        raise DeckError(f"deck.json: {where} count must be at least 1")
    power = card.get("power")
    if power is not None:
        _one_of(power, POWERS, "power", where)
    country = card.get("country")
    if kind == "war_decl":
        _one_of(country, COUNTRIES, "country", where)
    if kind == "war_end" and not isinstance(card.get("won"), bool):
        raise DeckError(f"deck.json: {where} needs 'won': true or false")
    return CardType(
        id=_field(card, "id", str, where), name_fr=_field(card, "name_fr", str, where),
        name_en=_field(card, "name_en", str, where), kind=kind, count=count,
        income=income or 0,
        location=_one_of(card.get("location"), LOCATIONS, "location", where),
        sex=_one_of(card.get("sex"), SEXES, "sex", where),
        min_standing=_min_standing(card.get("min_standing"), where),
        titled=card.get("other") == "titled", power=power,
        governorship=bool(card.get("governorship", False)), country=country,
        won=card.get("won"), dk=int(card.get("dk", 0)), dq=int(card.get("dq", 0)),
        amount=int(card.get("amount", 0)),
        user_sex=_one_of(card.get("user_sex", "any"), SEXES, "user_sex", where),
        self_only=bool(card.get("self_only", False)), effect=str(card.get("effect", "")),
        effect_fr=str(card.get("effect_fr", "")))


def load_deck(data: Any) -> Deck:
    """The deck from its JSON data, checked: unique ids, known kinds and
    symbols, every power once, counts adding up to the stated total."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DeckError("deck.json: expected an object with a 'cards' list")
    types: dict[str, CardType] = {}
    for index, raw in enumerate(data["cards"]):
        card = _card_type(raw, index)
        if card.id in types:
            raise DeckError(f"deck.json: card id {card.id!r} appears twice")
        types[card.id] = card
    total = sum(t.count for t in types.values())
    if total != data.get("total"):
        raise DeckError(f"deck.json: the counts add up to {total}, not {data.get('total')!r}")
    powers = sorted(t.power for t in types.values() if t.power)
    if powers != sorted(POWERS):
        raise DeckError(f"deck.json: each office power once ({', '.join(POWERS)}), "
                        f"got {powers}")
    return Deck(types)


#: The deck courtly ships, checked at import.
DECK: Deck = load_deck(package_data(__package__, "deck.json"))
#: Each card's type and each card's kind as plain dicts, read from the deck
#: at load: the menus ask them of every card several times a step, and a
#: dict lookup costs less than ``DECK[card]`` (a method call).
TYPE_OF: dict[str, CardType] = dict(DECK.types)
KIND_OF: dict[str, str] = {card: t.kind for card, t in TYPE_OF.items()}
#: The request cards (§8.1).
REQUEST_CARDS: frozenset[str] = frozenset(card for card, t in TYPE_OF.items() if t.is_request)
