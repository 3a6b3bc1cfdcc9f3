"""Courtisans de Versailles' actions: small frozen values (STYLE.md 3).

Seats name courtiers (each player plays one courtier at a time, §1); the King
and the Queen are named by ``sovereign`` ("king", "queen"; during a regency
"queen" is the Regent, §10.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from courtly.core import Action, InvalidAction
from courtly.games.versailles.cards import COUNTRIES, COUNTRY_NAMES, DECK, PARTY_NAMES
from courtly.games.versailles.etiquette import BreachCode, family_name_problem

SEX_CHOICES = ("man", "woman")
SOVEREIGNS = ("king", "queen")
PLACES = ("versailles", "hunt")
#: Each office power's uses (§9.5).
POWER_USES: dict[str, tuple[str, ...]] = {
    "chancelier": ("tribunal", "imprison"),
    "controleur": ("pension",),
    "secretaire": ("peace", *COUNTRIES),
    "maitre_chasse": PLACES,
    "gouvernante": ("king_up", "king_down", "queen_up", "queen_down"),
}
#: The office that grants each power (§9.5), by the deck's name.
POWER_NAMES = {t.power: t.name_fr for t in DECK.types.values() if t.power is not None}
#: What each use of a power does (§9.5).
POWER_WORDS = {"tribunal": "bring {whom} before a court", "imprison": "send {whom} to the Bastille",
               "pension": "an exceptional pension for {whom}",
               "peace": "sign the peace", "versailles": "bring the court back to Versailles",
               "hunt": "take the court to the hunt",
               "king_up": "speak well of {whom} to the King",
               "king_down": "speak ill of {whom} to the King",
               "queen_up": "speak well of {whom} to the Queen",
               "queen_down": "speak ill of {whom} to the Queen"}
#: The unit of payments between players, in livres (our decision: incomes
#: are multiples of 1,000 and a couple's halves of 500).
PAY_UNIT = 500
#: The longest words a breach may quote (a chat line's vocative, not a speech).
BREACH_WORDS = 200


def _card(kind: str, card: str) -> None:
    if card not in DECK.types:
        raise InvalidAction(f"{kind}: no card {card!r} in Courtisans de Versailles")


def _among(kind: str, name: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed:
        raise InvalidAction(f"{kind}: {name} must be one of {', '.join(map(str, allowed))}, "
                            f"not {value!r}")


def _label(card: str) -> str:
    return DECK[card].name_fr


def _whom(seat: int | None, sovereign: str | None) -> str:
    if sovereign is not None:
        return f"the {sovereign.capitalize()}"
    return "nobody" if seat is None else f"Seat {seat}"


@dataclass(frozen=True, slots=True)
class ChooseSex(Action):
    """Set-up (§6): the sex of one's first courtier, chosen after seeing the
    deal, and the family's NAME: ``family`` as the player gives it, or None
    for the name the game drew for the family (the menu offers that one)."""

    kind: ClassVar[str] = "choose_sex"
    sex: str
    family: str | None = None

    def validate(self) -> None:
        """'man' or 'woman'; a family name as :func:`family_name_problem` allows."""
        _among(self.kind, "sex", self.sex, SEX_CHOICES)
        if self.family is not None:
            problem = family_name_problem(self.family)
            if problem is not None:
                raise InvalidAction(f"choose_sex: {problem}")

    def describe(self) -> str:
        """'Play a woman' or 'Play a woman of the family de Maintenon'."""
        family = "" if self.family is None else f" of the family {self.family}"
        return f"Play a {self.sex}{family}"


@dataclass(frozen=True, slots=True)
class ChooseParty(Action):
    """An heir "freely chooses his party" (§5, §10.4)."""

    kind: ClassVar[str] = "choose_party"
    party: str

    def validate(self) -> None:
        """A country."""
        _among(self.kind, "party", self.party, COUNTRIES)

    def describe(self) -> str:
        """'Join the Spanish party' (§5)."""
        return f"Join the {PARTY_NAMES[self.party]} party"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Negotiation (§7.2): pay livres to another player."""

    kind: ClassVar[str] = "pay"
    to: int
    amount: int

    def validate(self) -> None:
        """A positive multiple of 500 livres."""
        if self.amount < PAY_UNIT or self.amount % PAY_UNIT:
            raise InvalidAction(f"pay: amount must be a positive multiple of {PAY_UNIT}, "
                                f"not {self.amount}")

    def describe(self) -> str:
        """'Pay 1000 livres to Seat 2'."""
        return f"Pay {self.amount:,} livres to Seat {self.to}"


@dataclass(frozen=True, slots=True)
class ShowCard(Action):
    """Negotiation (§7.2): "A player may show his cards to another player"."""

    kind: ClassVar[str] = "show_card"
    to: int
    card: str

    def validate(self) -> None:
        """A card of the deck."""
        _card(self.kind, self.card)

    def describe(self) -> str:
        """'Show Duc to Seat 1'."""
        return f"Show {_label(self.card)} to Seat {self.to}"


@dataclass(frozen=True, slots=True)
class SetLocation(Action):
    """Phase 3 (§7.3): the Grand Chamberlain keeps the court at Versailles or
    takes it to the hunt."""

    kind: ClassVar[str] = "set_location"
    place: str

    def validate(self) -> None:
        """'versailles' or 'hunt'."""
        _among(self.kind, "place", self.place, PLACES)

    def describe(self) -> str:
        """'The court goes to the hunt'."""
        return "The court stays at Versailles" if self.place == "versailles" else (
            "The court goes to the hunt")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the first card of the draw pile (§7.41)."""

    kind: ClassVar[str] = "draw"

    def describe(self) -> str:
        """'Draw a card'."""
        return "Draw a card"


@dataclass(frozen=True, slots=True)
class TakeFromHouse(Action):
    """Take a card of one's choice from the King's House (§7.41)."""

    kind: ClassVar[str] = "take_from_house"
    card: str

    def validate(self) -> None:
        """A card of the deck."""
        _card(self.kind, self.card)

    def describe(self) -> str:
        """"Take Baron from the King's House into your hand": it is not laid
        (a terminal play-test took a Pension so for its income)."""
        return f"Take {_label(self.card)} from the King's House into your hand"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a card that needs no request (§9.3, §9.4) on a courtier (``seat``),
    on a sovereign, or on nobody (war cards)."""

    kind: ClassVar[str] = "play_card"
    card: str
    seat: int | None = None
    sovereign: str | None = None

    def validate(self) -> None:
        """A card needing no request; at most one target."""
        _card(self.kind, self.card)
        if DECK[self.card].is_request:
            raise InvalidAction(f"play_card: {self.card} is a request card (use 'request')")
        if self.sovereign is not None:
            _among(self.kind, "sovereign", self.sovereign, ("king", "queen"))
            if self.seat is not None:
                raise InvalidAction("play_card: a seat or a sovereign, not both")

    def describe(self) -> str:
        """'Play Bon mot on Seat 2'."""
        if self.seat is None and self.sovereign is None:
            return f"Play {_label(self.card)}"
        return f"Play {_label(self.card)} on {_whom(self.seat, self.sovereign)}"


@dataclass(frozen=True, slots=True)
class Request(Action):
    """Present a request (§8): the card for ``seat`` (a lettre de cachet:
    against ``seat``), to the King, or through the Queen (§8.3)."""

    kind: ClassVar[str] = "request"
    card: str
    seat: int
    via_queen: bool = False

    def validate(self) -> None:
        """A request card."""
        _card(self.kind, self.card)
        if not DECK[self.card].is_request:
            raise InvalidAction(f"request: {self.card} needs no request (use 'play_card')")

    def describe(self) -> str:
        """'Request Marquis for Seat 0 through the Queen'."""
        return f"Request {self.what()}"

    def what(self) -> str:
        """'Marquis for Seat 0 through the Queen' (a lettre de cachet: 'against')."""
        word = "against" if DECK[self.card].kind == "lettre" else "for"
        via = " through the Queen" if self.via_queen else ""
        return f"{_label(self.card)} {word} Seat {self.seat}{via}"


@dataclass(frozen=True, slots=True)
class TakeOffice(Action):
    """Audience (§8.4): take an office from its holder, for oneself, another
    courtier, or nobody (``to`` None: to the King's House)."""

    kind: ClassVar[str] = "take_office"
    office: str
    to: int | None

    def validate(self) -> None:
        """An office card."""
        _card(self.kind, self.office)
        if DECK[self.office].kind != "office":
            raise InvalidAction(f"take_office: {self.office} is not an office")

    def describe(self) -> str:
        """'Audience: take Chancelier for Seat 1' (or 'to the King's House')."""
        whom = "to the King's House" if self.to is None else f"for Seat {self.to}"
        return f"Audience: take {_label(self.office)} {whom}"


@dataclass(frozen=True, slots=True)
class Marry(Action):
    """Audience (§8.4): marry another courtier of the opposite sex."""

    kind: ClassVar[str] = "marry"
    partner: int

    def describe(self) -> str:
        """'Audience: marry Seat 2'."""
        return f"Audience: marry Seat {self.partner}"


@dataclass(frozen=True, slots=True)
class RemarryKing(Action):
    """Audience (§8.4): present a foreign princess to the widowed King."""

    kind: ClassVar[str] = "remarry_king"
    country: str

    def validate(self) -> None:
        """A country."""
        _among(self.kind, "country", self.country, COUNTRIES)

    def describe(self) -> str:
        """'Audience: a princess of Spain for the King'."""
        return f"Audience: a princess of {COUNTRY_NAMES[self.country]} for the King"


@dataclass(frozen=True, slots=True)
class Intervene(Action):
    """Audience (§8.4): say good (``good``) or ill of a courtier to a sovereign."""

    kind: ClassVar[str] = "intervene"
    seat: int
    sovereign: str
    good: bool

    def validate(self) -> None:
        """'king' or 'queen'."""
        _among(self.kind, "sovereign", self.sovereign, ("king", "queen"))

    def describe(self) -> str:
        """'Audience: speak ill of Seat 1 to the King'."""
        word = "well" if self.good else "ill"
        return f"Audience: speak {word} of Seat {self.seat} to the {self.sovereign.capitalize()}"


@dataclass(frozen=True, slots=True)
class FreePrisoner(Action):
    """Audience (§8.4): free a courtier from the Bastille."""

    kind: ClassVar[str] = "free_prisoner"
    seat: int

    def describe(self) -> str:
        """'Audience: free Seat 1 from the Bastille'."""
        return f"Audience: free Seat {self.seat} from the Bastille"


@dataclass(frozen=True, slots=True)
class RecallExile(Action):
    """Audience (§8.4): bring a courtier back from exile."""

    kind: ClassVar[str] = "recall_exile"
    seat: int
    sovereign: str

    def validate(self) -> None:
        """'king' or 'queen'."""
        _among(self.kind, "sovereign", self.sovereign, ("king", "queen"))

    def describe(self) -> str:
        """'Audience: recall Seat 1 from exile (the Queen)'."""
        return f"Audience: recall Seat {self.seat} from exile ({_whom(None, self.sovereign)})"


@dataclass(frozen=True, slots=True)
class GiveCards(Action):
    """Give one or two cards to another player: one action (§7.41)."""

    kind: ClassVar[str] = "give_cards"
    to: int
    cards: tuple[str, ...]

    def validate(self) -> None:
        """One or two cards."""
        if not 1 <= len(self.cards) <= 2:
            raise InvalidAction("give_cards: give one or two cards")
        for card in self.cards:
            _card(self.kind, card)

    def describe(self) -> str:
        """'Give Bon mot and Baron to Seat 1': the giver's own menu line, so
        each gift reads apart (the events tell the others only how many)."""
        return f"Give {' and '.join(_label(c) for c in self.cards)} to Seat {self.to}"


@dataclass(frozen=True, slots=True)
class UsePower(Action):
    """Use an office's power (§9.5), free, once per game turn."""

    kind: ClassVar[str] = "use_power"
    power: str
    use: str
    seat: int | None = None

    def validate(self) -> None:
        """A known power and one of its uses."""
        _among(self.kind, "power", self.power, tuple(POWER_USES))
        _among(self.kind, "use", self.use, POWER_USES[self.power])

    def describe(self) -> str:
        """'Power of the Chancelier: bring Seat 2 before a court' (§9.5)."""
        whom = f"Seat {self.seat}"
        if self.use in COUNTRIES:
            what = f"declare war on {COUNTRY_NAMES[self.use]}"
        else:
            what = POWER_WORDS[self.use].format(whom=whom)
        return f"Power of the {POWER_NAMES[self.power]}: {what}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card down to the hand limit of 10 (§7.41)."""

    kind: ClassVar[str] = "discard"
    card: str

    def validate(self) -> None:
        """A card of the deck."""
        _card(self.kind, self.card)

    def describe(self) -> str:
        """'Discard Bon mot'."""
        return f"Discard {_label(self.card)}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End one's player-turn (the two actions are not compulsory)."""

    kind: ClassVar[str] = "end_turn"

    def describe(self) -> str:
        """'End the turn'."""
        return "End the turn"


@dataclass(frozen=True, slots=True)
class Breach(Action):
    """The referee's ruling (``state.apply(REFEREE, Breach(...))``): ``seat``
    breached etiquette (§3) with ``words``, of the kind ``code`` (an
    etiquette :class:`BreachCode`). Made by whoever runs the game from the
    chat checker's verdict (the ``judge_chat`` companion) and recorded, so
    that replays are exact. A Grand Chamberlain's own breach is fined at
    once; another's waits for his decision (:class:`Fine` or Done)."""

    kind: ClassVar[str] = "breach"
    seat: int
    code: str
    words: str

    def validate(self) -> None:
        """A known code; the words said, at most :data:`BREACH_WORDS` characters."""
        _among(self.kind, "code", self.code, tuple(c.value for c in BreachCode))
        if not self.words.strip() or len(self.words) > BREACH_WORDS:
            raise InvalidAction(f"breach: words must be 1 to {BREACH_WORDS} characters")

    def describe(self) -> str:
        """"Seat 1 breaches etiquette (familiar_pronoun): 'toi'"."""
        return f"Seat {self.seat} breaches etiquette ({self.code}): {self.words!r}"


@dataclass(frozen=True, slots=True)
class Fine(Action):
    """The Grand Chamberlain fines the courtier of a pending breach (by its
    number in the view's ``breaches``) 1,000 livres, debts allowed (§3)."""

    kind: ClassVar[str] = "fine"
    breach: int

    def describe(self) -> str:
        """'Fine breach 3: 1,000 livres'."""
        return f"Fine breach {self.breach}: 1,000 livres"


_A = TypeVar("_A", bound=Action)
#: Every action the menus have built, by kind and fields: menus are rebuilt
#: after each action, and a frozen action is cheaper found than made.
_MADE: dict[tuple[Any, ...], Action] = {}


def made(kind: type[_A], *fields: Any) -> _A:
    """The action ``kind(*fields)``, built once (actions are immutable)."""
    key = (kind, *fields)
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = kind(*fields)
    return action  # type: ignore[return-value]


#: The six purposes of an audience (§8.4).
AUDIENCES = (TakeOffice, Marry, RemarryKing, Intervene, FreePrisoner, RecallExile)

ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseSex, ChooseParty, Pay, ShowCard, SetLocation, Draw, TakeFromHouse, PlayCard,
    Request, TakeOffice, Marry, RemarryKing, Intervene, FreePrisoner, RecallExile, GiveCards,
    UsePower, Discard, EndTurn, Fine, Breach)
