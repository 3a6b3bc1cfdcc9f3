"""Fief's actions: one decision each (rulebook phases 1 to 6).

Names are checked against the board and the cards when parsed, so an unknown
village, region, lord or card is refused as malformed; whether the action is
allowed now is the rules' business (rules.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from courtly.core import Action, Done, InvalidAction, counted
from courtly.games.fief.board import default_board
from courtly.games.fief.cards import card_set

ATTACKS_ON_REGIONS = ("bad_weather", "famine", "plague", "revolt")
TITHES = ("bishopric_tithe", "lords_tithe", "royal_tithe")
PURCHASES = ("soldier", "press", "mill", "castle")
#: What a defender may answer an attack with: a parry card, the ransom
#: (against a revolt), or nothing.
RESPONSES = ("sun", "good_harvest", "justice", "ransom", "none")


def _region(kind: str, region: str) -> None:
    if region not in default_board().regions:
        raise InvalidAction(f"{kind}: unknown region {region!r}; regions: "
                            f"{', '.join(default_board().regions)}")


def _village(kind: str, village: str) -> None:
    if village not in default_board().villages:
        raise InvalidAction(f"{kind}: unknown village {village!r}")


def _lord(kind: str, lord: str) -> None:
    if lord not in card_set().lords:
        raise InvalidAction(f"{kind}: unknown lord {lord!r}; lords: {', '.join(card_set().lords)}")


def _card(kind: str, card: str) -> None:
    try:
        card_set().kind(card)
    except ValueError:
        raise InvalidAction(f"{kind}: unknown card {card!r}") from None
    head, _, rest = card.partition(":")
    if (head == "lord" and rest not in card_set().lords) or (
            head == "bishop" and rest not in card_set().bishops):
        raise InvalidAction(f"{kind}: unknown card {card!r}")


def _one_of(kind: str, field: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise InvalidAction(f"{kind}: {field} must be one of {', '.join(allowed)}, not {value!r}")


def village_name(village: str) -> str:
    """'St. Médard'."""
    return default_board().villages[village].name


def lord_name(lord: str) -> str:
    """'Henry'."""
    return card_set().lord_names[lord]


@dataclass(frozen=True, slots=True)
class ChooseRegion(Action):
    """Choose the region to sit in front of ("The Beginning of the Game", 2)."""

    kind: ClassVar[str] = "choose_region"
    region: str

    def validate(self) -> None:
        """A region of the board."""
        _region(self.kind, self.region)

    def describe(self) -> str:
        """'Choose Bresse'."""
        return f"Choose {default_board().regions[self.region].name}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End one's part in the current phase."""

    kind: ClassVar[str] = "end_turn"

    def describe(self) -> str:
        """'End of my turn'."""
        return "End my turn in this phase"


@dataclass(frozen=True, slots=True)
class PlayLord(Action):
    """Lay a lord card: its counter goes at once to a village ("The Lord card")."""

    kind: ClassVar[str] = "play_lord"
    lord: str
    village: str

    def validate(self) -> None:
        """A known lord and village."""
        _lord(self.kind, self.lord)
        _village(self.kind, self.village)

    def describe(self) -> str:
        """'Lay Lord Henry at Tournus'."""
        return f"Lay Lord {lord_name(self.lord)} at {village_name(self.village)}"


@dataclass(frozen=True, slots=True)
class PlayBishop(Action):
    """Make one of one's lords the bishop named on the card ("The Bishop card")."""

    kind: ClassVar[str] = "play_bishop"
    bishopric: str
    lord: str

    def validate(self) -> None:
        """A known bishopric and lord."""
        if self.bishopric not in default_board().bishoprics:
            raise InvalidAction(f"play_bishop: unknown bishopric {self.bishopric!r}")
        _lord(self.kind, self.lord)

    def describe(self) -> str:
        """'Make Henry Bishop of Blaye'."""
        name = default_board().bishoprics[self.bishopric].name
        return f"Make {lord_name(self.lord)} Bishop of {name}"


@dataclass(frozen=True, slots=True)
class TakeCardinal(Action):
    """Ask the bank for a cardinal card for one of one's bishops ("The Cardinal card")."""

    kind: ClassVar[str] = "take_cardinal"
    lord: str

    def validate(self) -> None:
        """A known lord."""
        _lord(self.kind, self.lord)

    def describe(self) -> str:
        """'Make Bishop Henry a cardinal'."""
        return f"Make Bishop {lord_name(self.lord)} a cardinal"


@dataclass(frozen=True, slots=True)
class AttackRegion(Action):
    """Play an attack on a region: bad weather, famine, plague, or a revolt
    (the revolt card played with a famine card, "REVOLT")."""

    kind: ClassVar[str] = "attack_region"
    card: str
    region: str

    def validate(self) -> None:
        """A region attack card and a region."""
        _one_of(self.kind, "card", self.card, ATTACKS_ON_REGIONS)
        _region(self.kind, self.region)

    def describe(self) -> str:
        """'Bad weather on Bresse'."""
        what = "Revolt (with famine)" if self.card == "revolt" else card_set().label(self.card)
        return f"{what} on {default_board().regions[self.region].name}"


@dataclass(frozen=True, slots=True)
class Assassinate(Action):
    """Play the assassination card on an opposing lord ("ASSASSINATION")."""

    kind: ClassVar[str] = "assassinate"
    lord: str

    def validate(self) -> None:
        """A known lord."""
        _lord(self.kind, self.lord)

    def describe(self) -> str:
        """'Assassinate Roland'."""
        return f"Assassinate {lord_name(self.lord)}"


@dataclass(frozen=True, slots=True)
class Respond(Action):
    """The attacked player's answer: a parry card, the ransom against a revolt,
    or none ("The parries")."""

    kind: ClassVar[str] = "respond"
    parry: str

    def validate(self) -> None:
        """One of the answers."""
        _one_of(self.kind, "parry", self.parry, RESPONSES)

    def describe(self) -> str:
        """'Parry with Sun', 'Pay the ransom', 'No parry'."""
        if self.parry == "none":
            return "No parry: suffer the attack"
        if self.parry == "ransom":
            return "Pay the ransom (300 × the die)"
        return f"Parry with {card_set().label(self.parry)}"


@dataclass(frozen=True, slots=True)
class Execute(Action):
    """Justice: the parrying player removes one of the assassin's lords."""

    kind: ClassVar[str] = "execute"
    lord: str

    def validate(self) -> None:
        """A known lord."""
        _lord(self.kind, self.lord)

    def describe(self) -> str:
        """'Execute Roland'."""
        return f"Execute {lord_name(self.lord)}"


@dataclass(frozen=True, slots=True)
class DestroyCounter(Action):
    """A revolt's 3: the attacker chooses the mill or press the villagers destroy."""

    kind: ClassVar[str] = "destroy_counter"
    village: str
    counter: str

    def validate(self) -> None:
        """A village and mill or press."""
        _village(self.kind, self.village)
        _one_of(self.kind, "counter", self.counter, ("mill", "press"))

    def describe(self) -> str:
        """'Destroy the mill at Bâgé'."""
        return f"Have the villagers destroy the {self.counter} at {village_name(self.village)}"


@dataclass(frozen=True, slots=True)
class ExchangeCard(Action):
    """Return one card to the bank for another, in a turn without playing any."""

    kind: ClassVar[str] = "exchange_card"
    card: str

    def validate(self) -> None:
        """A blue card."""
        _card(self.kind, self.card)

    def describe(self) -> str:
        """'Exchange Sun for another card (then no card is played this turn)':
        the ban said where the choice is made (decision 5; a terminal play-test
        drew a lord by it and could not lay him, nothing saying why)."""
        return (f"Exchange {card_set().label(self.card)} for another card "
                "(then no card is played this turn)")


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Give a card back to the bank's discard pile."""

    kind: ClassVar[str] = "discard_card"
    card: str

    def validate(self) -> None:
        """A blue card."""
        _card(self.kind, self.card)

    def describe(self) -> str:
        """'Discard Sun'."""
        return f"Discard {card_set().label(self.card)}"


@dataclass(frozen=True, slots=True)
class Tithe(Action):
    """Hand a tithe card to the bank for its revenue (Phase 2, "Income from taxes").

    ``lord`` names the bishop for a bishopric tithe; otherwise it is empty."""

    kind: ClassVar[str] = "tithe"
    card: str
    lord: str | None

    def validate(self) -> None:
        """A tithe card; a lord exactly for the bishopric tithe."""
        _one_of(self.kind, "card", self.card, TITHES)
        if (self.card == "bishopric_tithe") != (self.lord is not None):
            raise InvalidAction("tithe: the bishopric tithe names its bishop (lord); "
                                "the other tithes name none")
        if self.lord is not None:
            _lord(self.kind, self.lord)

    def describe(self) -> str:
        """'Take the royal tithe', 'Take the bishopric tithe (Bishop Henry)'."""
        label = card_set().label(self.card)
        return f"Take the {label}" + (f" (Bishop {lord_name(self.lord)})" if self.lord else "")


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy counters from the bank, placed on a village one controls (Phase 3)."""

    kind: ClassVar[str] = "buy"
    item: str
    village: str
    count: int

    def validate(self) -> None:
        """A counter, a village and at least one."""
        _one_of(self.kind, "item", self.item, PURCHASES)
        _village(self.kind, self.village)
        if self.count < 1:
            raise InvalidAction(f"buy: count must be at least 1, not {self.count}")

    def describe(self) -> str:
        """'Buy 3 soldiers at Tournus (300 crowns)', 'Buy 2 presses at Bourg (400 crowns)'."""
        plural = "es" if self.item == "press" else "s"
        what = f"{self.count} {self.item}{plural if self.count > 1 else ''}"
        price = default_board().setup.prices[self.item] * self.count
        return f"Buy {what} at {village_name(self.village)} ({price:,} crowns)"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseRegion, EndTurn, PlayLord, PlayBishop, TakeCardinal, AttackRegion, Assassinate,
    Respond, Execute, DestroyCounter, ExchangeCard, DiscardCard, Tithe, Buy)


STANCES = ("enter", "attack", "siege", "passage", "sortie", "intrude")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One trip of a lord along a road, with some of his soldiers (Phase 4).

    ``stance`` says what the force does at a village another player holds:
    ``attack`` it (combat in phase 5), ``siege`` it, or ask for ``passage``
    (right of way); ``enter`` for a free village or one's own; ``sortie`` for
    a besieged lord breaking out (the besiegers fight him in phase 5);
    ``intrude`` into a village of another's fief, which the villagers resist
    but which the intruder never takes (Phase 6, 2)."""

    kind: ClassVar[str] = "move"
    lord: str
    to: str
    # before the count: a menu narrowed field by field asks what to do, then with how many
    stance: str
    soldiers: int

    def validate(self) -> None:
        """A lord, a village, a count and a stance."""
        _lord(self.kind, self.lord)
        _village(self.kind, self.to)
        if self.soldiers < 0:
            raise InvalidAction(f"move: soldiers must be 0 or more, not {self.soldiers}")
        _one_of(self.kind, "stance", self.stance, STANCES)

    def describe(self) -> str:
        """'Henry and 6 soldiers to St. Andromy', 'Henry attacks Bourg', 'Henry and
        1 soldier attack Bourg': the verb agrees with the force."""
        who = lord_name(self.lord) + (f" and {counted(self.soldiers, 'soldier')}"
                                      if self.soldiers else "")
        s = "" if self.soldiers else "s"
        where = village_name(self.to)
        return {"enter": f"{who} to {where}", "attack": f"{who} attack{s} {where}",
                "siege": f"{who} besiege{s} {where}",
                "passage": f"{who} ask{s} right of way through {where}",
                "sortie": f"{who} break{s} out of {where}",
                "intrude": f"{who} intrude{s} into {where} (a fief's village)"}[self.stance]


@dataclass(frozen=True, slots=True)
class AnswerPassage(Action):
    """The holder's answer to a request for right of way: refused means combat."""

    kind: ClassVar[str] = "answer_passage"
    grant: bool

    def describe(self) -> str:
        """'Grant right of way' or 'Refuse right of way'."""
        return "Grant right of way" if self.grant else "Refuse right of way (combat)"


@dataclass(frozen=True, slots=True)
class AskCoalition(Action):
    """The first of two converging forces may ask the other for a coalition."""

    kind: ClassVar[str] = "ask_coalition"
    ask: bool

    def describe(self) -> str:
        """'Ask for a coalition' or 'Fight alone'."""
        return "Ask the other attacker for a coalition" if self.ask else "No coalition"


@dataclass(frozen=True, slots=True)
class AnswerCoalition(Action):
    """The second converging force's answer to a coalition request."""

    kind: ClassVar[str] = "answer_coalition"
    accept: bool

    def describe(self) -> str:
        """'Accept the coalition' or 'Refuse the coalition'."""
        return "Accept the coalition" if self.accept else "Refuse the coalition"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A sealed bid for the conquered village: shown together; the highest takes
    the village and pays the other."""

    kind: ClassVar[str] = "bid"
    amount: int

    def validate(self) -> None:
        """A multiple of 100 crowns, 0 (an empty hand) or more."""
        if self.amount < 0 or self.amount % 100:
            raise InvalidAction(f"bid: amount must be 0 or more in hundreds, not {self.amount}")

    def describe(self) -> str:
        """'Bid 300 crowns' or 'Open an empty hand'."""
        return f"Bid {self.amount:,} crowns" if self.amount else "Open an empty hand"


ACTION_TYPES += (Move, AnswerPassage, AskCoalition, AnswerCoalition, Bid)


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """Give some of one's votes to a lord (Phase 6, "The election of the king");
    no lord and no votes to abstain."""

    kind: ClassVar[str] = "vote"
    lord: str | None
    votes: int

    def validate(self) -> None:
        """A lord with at least one vote, or no lord and none."""
        if self.lord is None:
            if self.votes:
                raise InvalidAction("vote: votes without a lord; abstain with lord null, votes 0")
            return
        _lord(self.kind, self.lord)
        if self.votes < 1:
            raise InvalidAction(f"vote: at least one vote for a lord, not {self.votes}")

    def describe(self) -> str:
        """'3 votes for Henry' or 'Abstain'."""
        if self.lord is None:
            return "Abstain"
        return f"{self.votes} vote{'s' if self.votes > 1 else ''} for {lord_name(self.lord)}"


@dataclass(frozen=True, slots=True)
class AskConsecration(Action):
    """The elected king's player asks a player with bishops or a cardinal to consecrate him."""

    kind: ClassVar[str] = "ask_consecration"
    seat: int

    def describe(self) -> str:
        """'Ask seat 2 to consecrate the king'."""
        return f"Ask Seat {self.seat} to consecrate the king"


@dataclass(frozen=True, slots=True)
class Consecrate(Action):
    """The asked player's answer, at once: yes or no."""

    kind: ClassVar[str] = "consecrate"
    yes: bool

    def describe(self) -> str:
        """'Consecrate the king' or 'Refuse'."""
        return "Consecrate the king" if self.yes else "Refuse to consecrate the king"


@dataclass(frozen=True, slots=True)
class CreateFief(Action):
    """The King elevates a region one player wholly holds to a fief (Phase 6, 2)."""

    kind: ClassVar[str] = "create_fief"
    region: str

    def validate(self) -> None:
        """A region."""
        _region(self.kind, self.region)

    def describe(self) -> str:
        """'Elevate Bresse to a fief'."""
        return f"Elevate {default_board().regions[self.region].name} to a fief"


@dataclass(frozen=True, slots=True)
class FoundFief(Action):
    """The new fief's holder names the lord who takes the title, the capital, and
    whether one soldier of each other village of the fief moves to the capital."""

    kind: ClassVar[str] = "found_fief"
    lord: str
    capital: str
    gather: bool

    def validate(self) -> None:
        """A lord and a village."""
        _lord(self.kind, self.lord)
        _village(self.kind, self.capital)

    def describe(self) -> str:
        """'Title to Henry, capital Bourg, soldiers gathered'."""
        text = f"Title to {lord_name(self.lord)}, capital {village_name(self.capital)}"
        return text + (", one soldier from each village to the capital" if self.gather else "")


@dataclass(frozen=True, slots=True)
class ClaimCustody(Action):
    """The King keeps the title of a fief whose capital was taken ("right of custody")."""

    kind: ClassVar[str] = "claim_custody"
    claim: bool

    def describe(self) -> str:
        """'Keep the title (custody)' or 'Let the new owner have the title'."""
        return "Keep the title in custody" if self.claim else "Let the new owner have the title"


@dataclass(frozen=True, slots=True)
class GrantTitle(Action):
    """The King grants a title he holds in custody to a lord of his choice."""

    kind: ClassVar[str] = "grant_title"
    region: str
    lord: str

    def validate(self) -> None:
        """A region and a lord."""
        _region(self.kind, self.region)
        _lord(self.kind, self.lord)

    def describe(self) -> str:
        """'Grant the title of Bresse to Henry'."""
        return (f"Grant the title of {default_board().regions[self.region].name} to "
                f"{lord_name(self.lord)}")


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Give crowns to another player in the negotiation (promises bind nobody)."""

    kind: ClassVar[str] = "pay"
    to: int
    amount: int

    def validate(self) -> None:
        """Hundreds of crowns (the notes are of 100 and 500), at least 100."""
        if self.amount < 100 or self.amount % 100:
            raise InvalidAction(f"pay: amount must be 100 or more in hundreds, not {self.amount}")

    def describe(self) -> str:
        """'Pay 300 crowns to Seat 2'."""
        return f"Pay {self.amount:,} crowns to Seat {self.to}"


@dataclass(frozen=True, slots=True)
class GiveVillage(Action):
    """The owner of a fief gives one of its villages (not the capital) to another
    player "so that his troops may stay there" (Phase 6, 2)."""

    kind: ClassVar[str] = "give_village"
    village: str
    to: int

    def validate(self) -> None:
        """A village."""
        _village(self.kind, self.village)

    def describe(self) -> str:
        """'Give Berzé to Seat 2'."""
        return f"Give {village_name(self.village)} to Seat {self.to}"


ACTION_TYPES += (Vote, AskConsecration, Consecrate, CreateFief, FoundFief, ClaimCustody,
                 GrantTitle, Pay, GiveVillage)


# Menus list every amount and every count: their actions are made once and
# shared (they are frozen values), which keeps building a menu cheap; so are
# the actions every menu repeats (ending a turn, a card, a vote), so that the
# research numbering knows them by identity (Numbering.indices).
pay = cache(Pay)
buy = cache(Buy)
move = cache(Move)
discard_card = cache(DiscardCard)
exchange_card = cache(ExchangeCard)
play_lord = cache(PlayLord)
attack_region = cache(AttackRegion)
ballot = cache(Vote)
END_TURN = EndTurn()
DONE = Done()
