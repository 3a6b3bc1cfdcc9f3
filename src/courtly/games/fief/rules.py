"""Fief's rules (shared/seeds/004_4acaab6420c0f155.txt), section by section.

Built so far: the beginning of the game (region choice by dice), the turn
order, phase 1 (cards: lords, bishops, cardinals, attacks and their parries,
exchange and discard), phase 2 (revenues and tithes), phase 3 (purchases),
phase 4 (movement) and phase 5 (combat) in war.py, and phase 6 (the
election, the fiefs, the negotiation) in court.py.
Every decision where the rulebook is silent is in docs/rules/fief.md and in
one small function or table here.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar

from courtly.core import Action, Done, Event, Result, State, TimeUp, counted, game_over_event
from courtly.games.fief.actions import (
    END_TURN,
    AnswerCoalition,
    AnswerPassage,
    AskCoalition,
    AskConsecration,
    Assassinate,
    AttackRegion,
    Bid,
    Buy,
    ChooseRegion,
    ClaimCustody,
    Consecrate,
    CreateFief,
    DestroyCounter,
    DiscardCard,
    EndTurn,
    ExchangeCard,
    Execute,
    FoundFief,
    GiveVillage,
    GrantTitle,
    Move,
    Pay,
    PlayBishop,
    PlayLord,
    Respond,
    TakeCardinal,
    Tithe,
    Vote,
    attack_region,
    buy,
    discard_card,
    exchange_card,
    lord_name,
    play_lord,
    village_name,
)
from courtly.games.fief.board import Board, default_board
from courtly.games.fief.cards import CardSet, card_set
from courtly.games.fief.court import (
    CONSECRATION,
    ELECTION,
    FIEFS,
    NEGOTIATION,
    NEGOTIATION_SECONDS,
    CourtRules,
    Election,
    Fief,
)
from courtly.games.fief.war import Battle, Gate, WarRules

CHOOSE = "choose_region"
CARDS, REVENUES, PURCHASES = "cards", "revenues", "purchases"
MOVEMENT, COMBAT = "movement", "combat"
#: The phases in the rulebook's order ("The Game Turn"); phase 6 is the
#: election (with the consecration), the fiefs and the negotiation.
PHASES = (CARDS, REVENUES, PURCHASES, MOVEMENT, COMBAT, ELECTION, FIEFS, NEGOTIATION)
HAND = 3
RANSOM_PER_PIP = 300
MAX_COUNTERS_PER_VILLAGE = 3
#: A village's soldiers' owner (``soldiers`` holds (owner, count) pairs).
_OWNER = itemgetter(0)
#: How a lord dies, as a code in the event's data (for the clients' own words).
DEATHS = {"falls in battle": "battle", "dies of the plague": "plague",
          "is assassinated": "assassination", "is executed by Justice": "justice"}
#: Each attack's parry ("The parries"); plague has none.
PARRIES = {"bad_weather": ("sun",), "famine": ("good_harvest",),
           "revolt": ("good_harvest", "ransom"), "plague": (), "assassination": ("justice",)}


@dataclass
class Lord:
    """A lord counter on the board, and the cards laid under it."""

    owner: int
    village: str
    bishop: str | None = None
    cardinal: bool = False
    outside: bool = False  # at the village's gate rather than inside
    #: the village whose road he came by to the gate he stands at (a besieger
    #: leaves by it: "The pieces stay on the road by which they came")
    came_from: str | None = None


@dataclass
class Pending:
    """An attack waiting for its defender's answer, or a revolt's 3 waiting
    for the attacker's choice of counter, or Justice's execution."""

    what: str  # "respond", "destroy" or "execute"
    attacker: int
    answerer: int
    card: str
    region: str | None = None
    lord: str | None = None
    die: int = 0


class FiefState(WarRules, CourtRules, State):
    """The whole position: board, pieces, money, cards, the turn and phase."""

    #: What a player may take back (State.undo): a purchase, a trip without
    #: combat or dice, a tithe, a payment, a turn ended before the next
    #: phase begins, a Done in the negotiation before it closes. Cards, votes,
    #: answers and bids are final. Our decision: the rulebook has no undo.
    UNDOABLE: ClassVar[dict[str, frozenset[str]]] = {
        "buy": frozenset({"buy"}), "move": frozenset({"move", "disband"}),
        "tithe": frozenset({"tithe"}), "pay": frozenset({"pay"}),
        "end_turn": frozenset(), "done": frozenset({"done"})}
    #: What the rules do after the action that closes a step (State.own_events):
    #: a new turn and its deal (§3), revenues (§7), an election counted
    #: (§8), a disaster (§5), the combats of the movement phase (§10), the
    #: allies' bids opened, the end of the game.
    FOLLOWING: ClassVar[frozenset[str]] = frozenset({
        "start", "turn", "deal", "reshuffle", "revenues", "election", "vacant", "famine",
        "plague", "bad_weather", "revolt", "combat", "destroyed", "resistance", "converge",
        "bidding", "bids", "game_over"})

    board: Board
    cards: CardSet
    #: Kept by the research encoding (encoding.py: the pieces' part of the
    #: last observation, checked against the state before use): no part of
    #: the position, shared harmlessly by a clone.
    observed: Any = None
    #: The same for the observation as an array (arrays.py): kept for this
    #: state object alone (a clone sharing it makes its own at first use).
    observed_array: Any = None

    # ----- set-up ("The Beginning of the Game") ---------------------------------------
    def setup(self) -> list[Event]:
        """Roll for the order of choice, and wait for the first choice."""
        self.board, self.cards = default_board(), card_set()
        n = self.num_players
        self.rolls, self.choice_order = roll_for_choice(n, self.rng)
        self.region: list[str | None] = [None] * n
        self.stage = CHOOSE
        self.money = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck = self.cards.blue_deck()
        self.rng.shuffle(self.deck)
        self.discard: list[str] = []
        self.lords: dict[str, Lord] = {}
        self.soldiers: dict[str, tuple[int, int]] = {}
        self.castles = {r.starting_castle for r in self.board.regions.values()}
        self.mills: Counter[str] = Counter()
        self.presses: Counter[str] = Counter()
        self.cardinals_left = self.cards.cardinals
        self.turn = 0
        self.order: list[int] = []
        self.first = 0
        self.phase_step = 0
        self.acted = 0
        self.pending: Pending | None = None
        self.played_card = [False] * n
        self.exchanged = [False] * n
        self.tithes: list[list[tuple[str, str | None]]] = [[] for _ in range(n)]
        self.weather: set[str] = set()
        self.famine: set[str] = set()
        self.gates: list[Gate] = []
        self.trips: Counter[str] = Counter()
        self.gate_order = 0
        self.passage: tuple[int, str] | None = None
        self.battle: Battle | None = None
        self.fiefs: dict[str, Fief] = {}
        self.king: str | None = None
        self.custody: set[str] = set()
        self.election: Election | None = None
        self.founding: tuple[int, str] | None = None
        self.custody_claim: tuple[str, int] | None = None
        self.given: dict[str, int] = {}
        self.open_seats: list[int] = []
        self.window_moves = 0
        #: This negotiation's payments (payer, payee, crowns), public like the events.
        self.paid: list[tuple[int, int, int]] = []
        self.over = False
        return []

    def _choose(self, seat: int, region: str) -> list[Event]:
        self.region[seat] = region
        name = self.board.regions[region].name
        events = [Event("choose_region", f"Seat {seat} chooses {name}",
                        {"seat": seat, "region": region})]
        if all(r is not None for r in self.region):
            events += self._start_game()
        return events

    def _start_game(self) -> list[Event]:
        """Seats sit in front of their regions; the first chooser is the banker
        and plays first; each player's castle, soldiers and money (board data)."""
        seat_order = self.board.setup.seat_order
        self.order = sorted(range(self.num_players),
                            key=lambda s: seat_order.index(self.region[s] or ""))
        self.banker = self.choice_order[0]
        self.first = self.order.index(self.banker)
        setup = self.board.setup
        for seat, region in enumerate(self.region):
            assert region is not None
            castle = self.board.regions[region].starting_castle
            self.soldiers[castle] = (seat, setup.soldiers)
            self.money[seat] = setup.money
        # the order read from the banker, who plays first (the data keeps the seats' round)
        turn_one = self.order[self.first:] + self.order[:self.first]
        return [Event("start", f"Seat {self.banker} is the banker and plays first; the order "
                      f"of play is {', '.join(f'Seat {s}' for s in turn_one)}",
                      {"order": self.order, "banker": self.banker}),
                *self._start_turn()]

    # ----- the turn ("The Game Turn") --------------------------------------------------
    def _start_turn(self) -> list[Event]:
        self.turn += 1
        if self.turn > 1:
            self.first = first_player_next_turn(self.first, len(self.order))
        self.weather, self.famine = set(), set()
        self.played_card = [False] * self.num_players
        self.exchanged = [False] * self.num_players
        self.tithes = [[] for _ in range(self.num_players)]
        self.trips = Counter()
        self.phase_step, self.acted = 0, 0
        self.stage = PHASES[0]
        first = self.order[self.first]
        return [Event("turn", f"Turn {self.turn}: Seat {first} plays first in every phase",
                      {"turn": self.turn, "first": first}), *self._deal()]

    def current(self) -> int:
        """The seat whose part of the current phase it is."""
        return self.order[(self.first + self.acted) % len(self.order)]

    def _end_part(self) -> list[Event]:
        """The current seat's part of the phase is over: the next seat, or the next phase."""
        self.acted += 1
        if self.acted < len(self.order):
            return []
        return self._next_phase()

    def _next_phase(self) -> list[Event]:
        events = self._collect_revenues() if self.stage == REVENUES else []
        if self._someone_won():
            self.over = True
            return [*events, self._game_over()]
        self.phase_step += 1
        self.acted = 0
        if self.phase_step >= len(PHASES):
            return events + self._end_turn()
        self.stage = PHASES[self.phase_step]
        return events + self._begin_phase()

    def _someone_won(self) -> bool:
        """"the winner is the player who is the first to have 2, 3 or 4 fiefs"."""
        goal = self.options["fiefs_to_win"]
        return bool(goal) and any(len(self.fiefs_of(s)) >= goal for s in range(self.num_players))

    def _begin_phase(self) -> list[Event]:
        """Combat needs no turns: the villagers resist, then every battle is fought,
        stopping for decisions. The election is held every turn ("Phase 6 of the
        turn is devoted to the election of the king"; with the option
        ``king_for_life``, only while the throne is vacant); the fiefs phase is the
        King's; the negotiation opens a window for everyone."""
        if self.stage == COMBAT:
            return self.resist() + self._go_on_fighting()
        if self.stage == ELECTION:
            if self.king is not None and self.options["king_for_life"]:
                return self._next_phase()
            self.election = Election({})
            return []
        if self.stage == FIEFS:
            return self._next_phase() if self.king is None else []
        if self.stage == NEGOTIATION:
            self.open_seats, self.window_moves = list(self.phase_order()), 0
            self.paid = []
        return []

    def phase_order(self) -> list[int]:
        """The seats in the order they act in a phase, from its first player."""
        return self.order[self.first:] + self.order[:self.first]

    def paused(self) -> bool:
        """A battle or the King's custody waits for a decision, or someone has
        just won (no further battle is fought)."""
        return self.battle is not None or self.custody_claim is not None or self._won_now()

    def _won_now(self) -> bool:
        """"the winner is the player who is the first to have 2, 3 or 4 fiefs": a
        player has the fiefs to win now (not while the King may still claim
        custody of a fief just taken)."""
        return bool(self.fiefs) and self.custody_claim is None and self._someone_won()

    def _go_on_fighting(self) -> list[Event]:
        events = self.fight_battles()
        if not self.paused() and self.stage == COMBAT:
            events += self._next_phase()
        return events

    def _end_turn(self) -> list[Event]:
        if self.turn >= self.options["turn_limit"]:
            self.over = True
            return [self._game_over()]
        return self._start_turn()

    # ----- phase 1: cards ------------------------------------------------------------
    def _deal(self) -> list[Event]:
        """Each hand is filled up to three cards ("Distribution of cards"); the
        discard is shuffled into a new deck when the deck runs out."""
        events: list[Event] = []
        for seat in self.order:
            dealt = []
            while len(self.hands[seat]) < HAND and (self.deck or self.discard):
                if not self.deck:
                    self.deck, self.discard = self.discard, []
                    self.rng.shuffle(self.deck)
                    events.append(Event("reshuffle", "The discard becomes the new deck"))
                card = self.deck.pop()
                self.hands[seat].append(card)
                dealt.append(card)
            if dealt:
                hidden = Event("deal", f"Seat {seat} is dealt {counted(len(dealt), 'card')}",
                               {"seat": seat, "count": len(dealt)})
                names = ", ".join(map(self.cards.label, dealt))
                events.append(Event("deal", f"You are dealt {names}",
                                    {"seat": seat, "cards": dealt},
                                    audience=frozenset({seat}), redacted=hidden))
        return events

    def _card_moves(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = [END_TURN]
        if self.exchanged[seat]:
            return out + [discard_card(c) for c in sorted(set(hand))]
        for card in sorted(set(hand)):
            out += self._plays_of(seat, card)
            out.append(discard_card(card))
            if not self.played_card[seat] and (self.deck or self.discard):
                out.append(exchange_card(card))
        return out

    def _plays_of(self, seat: int, card: str) -> list[Action]:
        kind = self.cards.kind(card)
        if kind == "lord":
            lord = card.partition(":")[2]
            return [play_lord(lord, v) for v in self.lord_destinations(seat)]
        if kind == "bishop":
            mine = sorted(lord for lord, info in self.lords.items() if info.owner == seat)
            bishopric = card.partition(":")[2]
            return [PlayBishop(bishopric, lord) for lord in mine if self.may_be_made_bishop(lord)]
        if card == "assassination":
            return [Assassinate(lord) for lord, info in sorted(self.lords.items())
                    if info.owner != seat]
        if card in ("bad_weather", "famine", "plague"):
            return [attack_region(card, r) for r in self.board.regions]
        if card == "revolt" and "famine" in self.hands[seat]:
            return [attack_region(card, r) for r in self.board.regions]
        return []

    def lord_destinations(self, seat: int) -> list[str]:
        """Where a new lord's counter goes ("The Lord card"): "in his castle or,
        if he does not have any more, in a free village in his region or in any
        free village"; with none of these, a village he holds (our decision)."""
        holders = self.holders()
        held = [v for v, holder in holders.items() if holder == seat]
        castles = [v for v in held if v in self.castles]
        if castles:
            return castles
        free = [v for v, holder in holders.items() if holder is None
                and not self._others_capital(v, seat)]
        home = self.region[seat]
        in_region = [v for v in free if self.board.villages[v].region == home]
        return in_region or free or held

    def _others_capital(self, village: str, seat: int) -> bool:
        region = self.fief_of(village)
        return region is not None and self.fiefs[region].capital == village and (
            self.fiefs[region].owner != seat)

    def _play_card(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, PlayLord):
            return self._lay_lord(seat, action.lord, action.village)
        if isinstance(action, PlayBishop):
            # "The bishop card is placed under the lord": out of the deck until he dies
            self.hands[seat].remove(f"bishop:{action.bishopric}")
            self.played_card[seat] = True
            self.lords[action.lord].bishop = action.bishopric
            return [Event("bishop", f"Seat {seat}: {action.describe()}",
                          {"seat": seat, "lord": action.lord, "bishopric": action.bishopric})]
        if isinstance(action, TakeCardinal):
            self.cardinals_left -= 1
            self.lords[action.lord].cardinal = True
            return [Event("cardinal", f"Seat {seat}: {action.describe()}",
                          {"seat": seat, "lord": action.lord})]
        if isinstance(action, AttackRegion):
            return self._attack_region(seat, action.card, action.region)
        assert isinstance(action, Assassinate)
        self._spend(seat, "assassination")
        victim = self.lords[action.lord].owner
        self.pending = Pending("respond", seat, victim, "assassination", lord=action.lord)
        return [Event("attack", f"Seat {seat} sends an assassin after {lord_name(action.lord)}",
                      {"seat": seat, "card": "assassination", "lord": action.lord})]

    def _spend(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.played_card[seat] = True

    def _lay_lord(self, seat: int, lord: str, village: str) -> list[Event]:
        self.hands[seat].remove(f"lord:{lord}")
        self.played_card[seat] = True
        self.lords[lord] = Lord(seat, village)
        events = [Event("lord", f"Seat {seat} lays Lord {lord_name(lord)} at "
                        f"{village_name(village)}", {"seat": seat, "lord": lord,
                                                     "village": village})]
        return events + self.titles_back(seat, lord)

    # ----- attacks and parries ("Attacks", "The parries") -----------------------------------
    def defender_of(self, region: str, attacker: int) -> int | None:
        """Who answers an attack on a region: "the player with the most lords in
        this area"; ties and regions without lords: see :func:`defender_rank`."""
        ranks = {}
        for seat in range(self.num_players):
            if seat == attacker:
                continue
            rank = defender_rank(self._lords_in(region, seat), self._villages_in(region, seat),
                                 self.region[seat] == region)
            if rank is not None:
                ranks[seat] = rank
        if not ranks:
            return None
        after = self.order[self.order.index(attacker):] + self.order[:self.order.index(attacker)]
        return max(ranks, key=lambda s: (ranks[s], -after.index(s)))

    def _lords_in(self, region: str, seat: int) -> int:
        return sum(1 for info in self.lords.values()
                   if info.owner == seat and self.board.villages[info.village].region == region)

    def _villages_in(self, region: str, seat: int) -> int:
        return sum(1 for v in self.board.regions[region].villages if self.controller(v) == seat)

    def _attack_region(self, seat: int, card: str, region: str) -> list[Event]:
        self._spend(seat, card)
        if card == "revolt":
            self._spend(seat, "famine")
        name = self.board.regions[region].name
        what = "a revolt (with famine)" if card == "revolt" else self.cards.label(card).lower()
        defender = self.defender_of(region, seat)
        text, data = f"Seat {seat} plays {what} on {name}", {"seat": seat, "card": card,
                                                             "region": region}
        if PARRIES[card]:  # who may parry it, by the rank of his holdings there
            data["answerer"] = defender
            text += ("; nobody answers for it" if defender is None
                     else f"; Seat {defender} answers for it")
        events = [Event("attack", text, data)]
        die = self.rng.randint(1, 6) if card == "revolt" else 0
        if die:
            events.append(Event("die", f"The revolt's intensity: {die}", {"die": die}))
        if defender is None or not PARRIES[card]:
            return events + self._suffer(Pending("respond", seat, seat, card, region, die=die))
        self.pending = Pending("respond", seat, defender, card, region, die=die)
        return events

    def responses(self, pending: Pending) -> list[Respond]:
        """What the defender may answer: each parry it holds (or can pay for), or none."""
        out = []
        who = pending.answerer
        for parry in PARRIES[pending.card]:
            if parry == "ransom":
                if self.money[who] >= RANSOM_PER_PIP * pending.die:
                    out.append(Respond("ransom"))
            elif parry in self.hands[who] and not self.exchanged[who]:
                out.append(Respond(parry))
        return [*out, Respond("none")]

    def _respond(self, parry: str) -> list[Event]:
        pending = self.pending
        assert pending is not None
        self.pending = None
        if parry == "none":
            return [self._no_parry(pending), *self._suffer(pending)]
        who = pending.answerer
        if parry == "ransom":
            paid = RANSOM_PER_PIP * pending.die
            self.money[who] -= paid
            return [Event("parry", f"Seat {who} pays {paid:,} crowns: the revolt ends",
                          {"seat": who, "parry": "ransom", "paid": paid})]
        self._spend(who, parry)
        events = [Event("parry", f"Seat {who} parries with {self.cards.label(parry)}",
                        {"seat": who, "parry": parry})]
        if parry == "justice":
            culprits = sorted(lord for lord, i in self.lords.items() if i.owner == pending.attacker)
            if culprits:
                self.pending = Pending("execute", pending.attacker, who, "justice")
        return events

    def _no_parry(self, pending: Pending) -> Event:
        """The answerer lets the attack through. Said with why only where
        the reason is public and whole: no card to play (an exchange this
        turn, shown to all: "neither attack, nor defence, nor tithe"; or an
        empty hand, its size in view) and, against a revolt, a ransom beyond
        his crowns (counted in view); a ransom beyond them is told as a fact
        where a card might have parried. Whether he held a parry card stays
        his secret."""
        who = pending.answerer
        data: dict[str, Any] = {"seat": who}
        text = f"Seat {who} does not parry"
        ransom = RANSOM_PER_PIP * pending.die
        short = "ransom" in PARRIES[pending.card] and self.money[who] < ransom
        no_card = "exchanged" if self.exchanged[who] else "empty" if not self.hands[who] else None
        purse = f"the ransom, {ransom:,} crowns, is beyond their purse"
        if short:
            data["ransom"] = ransom
        if no_card is not None and (short or "ransom" not in PARRIES[pending.card]):
            data["no_card"] = no_card
            text += (": no card after an exchange this turn" if no_card == "exchanged"
                     else ": no card in hand") + (f", and {purse}" if short else "")
        elif short:
            text += f"; {purse}"
        return Event("no_parry", text, data)

    def _suffer(self, pending: Pending) -> list[Event]:
        """An attack not parried takes effect."""
        card, region = pending.card, pending.region
        if card == "assassination":
            assert pending.lord is not None
            return self._kill_lord(pending.lord, "is assassinated")
        assert region is not None
        name = self.board.regions[region].name
        if card == "bad_weather":
            self.weather.add(region)
            return [Event("bad_weather", f"Bad weather on {name}: no movement and no combat "
                          "there this turn", {"region": region})]
        if card == "famine":
            self.famine.add(region)
            return [Event("famine", f"Famine in {name}: mills and presses yield nothing this "
                          "turn", {"region": region})]
        if card == "plague":
            return self._plague(region)
        return self._revolt(pending)

    def _plague(self, region: str) -> list[Event]:
        """"in the entire region under attack, one third of the soldiers die. Count
        the soldiers and each time you count "three" remove one": each player's
        soldiers in the region are counted together, and each third dies from the
        largest of his stacks there (our decision); each lord there dies on a die
        under three."""
        events = [Event("plague", f"Plague in {self.board.regions[region].name}",
                        {"region": region})]
        for seat in range(self.num_players):
            stacks = self._stacks(region, seat)
            left = [n for _, n, _ in stacks]
            dead = [0] * len(stacks)
            for _ in range(sum(left) // 3):
                largest = max(range(len(stacks)), key=left.__getitem__)
                left[largest] -= 1
                dead[largest] += 1
            for (village, _n, outside), count in zip(stacks, dead, strict=True):
                if count and outside:  # one line per stack, not per soldier
                    verb = "dies" if count == 1 else "die"
                    events.append(Event("casualties", f"{counted(count, 'soldier')} of Seat "
                                        f"{seat} at the gate of {village_name(village)} {verb} "
                                        "of the plague",
                                        {"seat": seat, "village": village, "dead": count}))
                    events += self._remove(seat, village, True, count)
                elif count:
                    events += self._kill_soldiers(village, count, "the plague")
        for lord in sorted(self.lords):
            if self.board.villages[self.lords[lord].village].region == region:
                die = self.rng.randint(1, 6)
                fate = "dies" if die < 3 else "survives"
                events.append(Event("die", f"{lord_name(lord)} rolls {die} and {fate}",
                                    {"lord": lord, "die": die}))
                if die < 3:
                    events += self._kill_lord(lord, "dies of the plague")
        return events

    def _stacks(self, region: str, seat: int) -> list[tuple[str, int, bool]]:
        """``seat``'s soldiers in ``region``: (village, count, at its gate), board order."""
        out = []
        for village in self.board.regions[region].villages:
            owner, count = self.soldiers.get(village, (seat, 0))
            if owner == seat and count:
                out.append((village, count, False))
            force = self.gate(seat, village)
            if force is not None and force.soldiers:
                out.append((village, force.soldiers, True))
        return out

    def _revolt(self, pending: Pending) -> list[Event]:
        """The revolt's die table ("REVOLT"): 1 nothing; 2 the castle attacked (a
        die of soldiers killed); 3 one mill or press (the attacker's choice); 4
        every mill and press; 5 both, then the castle; 6 as 5 with two dice."""
        region, die = pending.region, pending.die
        assert region is not None
        # the revolt comes with its famine card: unparried, the famine strikes too
        self.famine.add(region)
        events = [Event("famine", f"Famine in {self.board.regions[region].name}: mills and "
                        "presses yield nothing this turn", {"region": region})]
        if die == 1:
            return [*events, Event("revolt", "The revolt subsides by itself",
                                   {"region": region, "outcome": "subsides"})]
        if die == 3:
            if self._counters_in(region):
                self.pending = Pending("destroy", pending.attacker, pending.attacker, "revolt",
                                       region, die=die)
            return events
        if die >= 4:
            events += self._destroy_all(region)
        if die in (2, 5, 6):
            events += self._castle_attack(region, 2 if die == 6 else 1)
        return events

    def _counters_in(self, region: str) -> list[tuple[str, str]]:
        out = []
        for village in self.board.regions[region].villages:
            out += [(village, "mill")] * bool(self.mills[village])
            out += [(village, "press")] * bool(self.presses[village])
        return out

    def _destroy_all(self, region: str) -> list[Event]:
        for village in self.board.regions[region].villages:
            self.mills[village] = self.presses[village] = 0
        self.mills, self.presses = +self.mills, +self.presses
        return [Event("revolt", f"Every mill and press of {self.board.regions[region].name} is "
                      "destroyed", {"region": region, "outcome": "destroyed"})]

    def _castle_attack(self, region: str, dice: int) -> list[Event]:
        """The villagers attack the castle: the castle village of the region with the
        most soldiers (our decision) loses a die's (or two dice') worth of them."""
        castles = [v for v in self.board.regions[region].villages if v in self.castles]
        if not castles:
            return [Event("revolt", "The villagers find no castle to attack",
                          {"region": region, "outcome": "no_castle"})]
        target = max(castles, key=lambda v: (self.soldiers.get(v, (0, 0))[1], -castles.index(v)))
        killed = sum(self.rng.randint(1, 6) for _ in range(dice))
        events = [Event("revolt", f"The villagers attack the castle of {village_name(target)}: "
                        f"{counted(killed, 'soldier')} to kill",
                        {"village": target, "killed": killed})]
        return events + self._kill_soldiers(target, killed, "the revolt")

    def _destroy(self, village: str, counter: str) -> list[Event]:
        table = self.mills if counter == "mill" else self.presses
        table[village] -= 1
        self.pending = None
        return [Event("revolt", f"The villagers destroy the {counter} at {village_name(village)}",
                      {"village": village, "counter": counter})]

    def _kill_soldiers(self, village: str, count: int, cause: str) -> list[Event]:
        owner, there = self.soldiers.get(village, (0, 0))
        dead = min(count, there)
        if not dead:
            return []
        self.drop_soldiers(village, dead)
        verb = "dies" if dead == 1 else "die"
        return [Event("casualties", f"{counted(dead, 'soldier')} of Seat {owner} at "
                      f"{village_name(village)} {verb} of {cause}",
                      {"seat": owner, "village": village, "dead": dead})]

    def _kill_lord(self, lord: str, how: str) -> list[Event]:
        """A lord leaves the game; his bishop card goes to the discard, his
        cardinal card back to the bank."""
        info = self.lords.pop(lord)
        self.discard.append(f"lord:{lord}")  # the card goes round again
        if info.bishop:
            self.discard.append(f"bishop:{info.bishop}")
        if info.cardinal:
            self.cardinals_left += 1
        events = [Event("lord_dies", f"{lord_name(lord)} (Seat {info.owner}) {how}",
                        {"lord": lord, "seat": info.owner, "village": info.village,
                         "cause": DEATHS.get(how, how)})]
        if info.outside:
            events += self.disband_if_leaderless(info.owner, info.village)
        if lord == self.king:
            self.king = None
            events.append(Event("vacant", "The King is dead: the throne is vacant",
                                {"why": "dead"}))
        for fief in self.fiefs.values():
            if fief.title == lord:  # the title passes to another of his player's lords
                fief.title = next(iter(self.lords_of(info.owner)), None)
        return events + self.last_lord_lost(info.owner)

    # ----- phase 2: revenues ("Phase 2: Collection of Revenues") --------------------------
    def _tithe_moves(self, seat: int) -> list[Action]:
        if self.exchanged[seat]:
            return [END_TURN]
        out: list[Action] = [END_TURN]
        taken = {card for card, _ in self.tithes[seat]}
        claimed = {lord for tithes in self.tithes for _, lord in tithes if lord}
        hand = self.hands[seat]
        if "bishopric_tithe" in hand and "bishopric_tithe" not in taken:
            out += [Tithe("bishopric_tithe", lord) for lord, info in sorted(self.lords.items())
                    if info.owner == seat and info.bishop and not info.cardinal
                    and lord not in claimed]
        if "royal_tithe" in hand and "royal_tithe" not in taken and self.king_of(seat):
            out.append(Tithe("royal_tithe", None))
        if "lords_tithe" in hand and "lords_tithe" not in taken and self.fief_villages(seat):
            out.append(Tithe("lords_tithe", None))
        return out

    def _tithe(self, seat: int, action: Tithe) -> list[Event]:
        self._spend(seat, action.card)
        self.tithes[seat].append((action.card, action.lord))
        return [Event("tithe", f"Seat {seat}: {action.describe()}",
                      {"seat": seat, "card": action.card, "lord": action.lord})]

    def village_revenue(self, village: str) -> int:
        """A held village's 100, its presses' 100 and mills' 200 each (not under famine)."""
        return self._revenue(village, self.controller(village))

    def _revenue(self, village: str, holder: int | None) -> int:
        """:meth:`village_revenue` of ``village`` held by ``holder`` (its controller)."""
        if holder is None:
            return 0
        income = self.board.setup.income
        total = income["village"]
        if self.board.villages[village].region not in self.famine:
            total += income["press"] * self.presses[village] + income["mill"] * self.mills[village]
        return total

    def _collect_revenues(self) -> list[Event]:
        """Production and tithes. A bishopric tithe takes "all the revenues of the
        villages belonging to the bishopric": their holders get nothing from them."""
        earned = [0] * self.num_players
        taken: set[str] = set()
        holders = self.holders()  # each village's controller, in one pass
        for seat in range(self.num_players):
            for card, lord in self.tithes[seat]:
                if card == "bishopric_tithe" and lord in self.lords:
                    bishopric = self.board.bishoprics[self.lords[lord].bishop or ""]
                    taken |= set(bishopric.villages)
                    earned[seat] += sum(self._revenue(v, holders[v]) for v in bishopric.villages)
                elif card == "lords_tithe":
                    earned[seat] += 200 * len(self.fief_villages(seat))
                elif card == "royal_tithe":
                    earned[seat] += 1500
        king = self.king_seat()
        for village in self.board.villages:
            holder = controller = holders[village]
            if self.board.villages[village].region in self.custody and king is not None:
                holder = king  # "It is then the King who receives all the revenues of the fief"
            if holder is not None and village not in taken:
                earned[holder] += self._revenue(village, controller)
        for seat, amount in enumerate(earned):
            self.money[seat] += amount
        text = ", ".join(f"Seat {s} {amount:,} crowns" for s, amount in enumerate(earned))
        return [Event("revenues", f"Revenues: {text}", {"earned": earned})]

    # ----- phase 3: purchases ("Phase 3: Purchases") ------------------------------------------
    def _purchase_moves(self, seat: int) -> list[Action]:
        out: list[Action] = [END_TURN]
        limits = self._purchase_limits(seat)
        if max(limits.values()) <= 0:  # nothing to buy anywhere (the usual case)
            return out
        for village in self.held(seat):
            for item, most in self._most_at(village, limits).items():
                if most > 0:
                    out += _purchases(item, village, most)
        return out

    def most_to_buy(self, seat: int, item: str, village: str) -> int:
        """How many of ``item`` ``seat`` may buy at ``village`` now: money, the
        box's counters (30 soldiers a player, 12 of each counter) and at most
        three mills and presses together in a village."""
        if self.controller(village) != seat:
            return 0
        return self._most_at(village, self._purchase_limits(seat))[item]

    def _purchase_limits(self, seat: int) -> dict[str, int]:
        """What the seat's money and the box leave of each item, wherever it goes."""
        setup = self.board.setup
        left = {"soldier": setup.soldiers_per_player - self.soldiers_of(seat),
                "press": setup.presses_total - sum(self.presses.values()),
                "mill": setup.mills_total - sum(self.mills.values()),
                "castle": setup.castles_total - len(self.castles)}
        return {item: min(self.money[seat] // setup.prices[item], n) for item, n in left.items()}

    def _most_at(self, village: str, limits: dict[str, int]) -> dict[str, int]:
        """How many of each item may go at ``village``, within ``limits``: a
        castle where there is none, three mills and presses at most."""
        room = MAX_COUNTERS_PER_VILLAGE - self.mills[village] - self.presses[village]
        return {"soldier": limits["soldier"],
                "press": max(0, min(limits["press"], room)),
                "mill": max(0, min(limits["mill"], room)),
                "castle": min(limits["castle"], int(village not in self.castles))}

    def _buy(self, seat: int, action: Buy) -> list[Event]:
        self.money[seat] -= self.board.setup.prices[action.item] * action.count
        village, count = action.village, action.count
        if action.item == "soldier":
            self.add_soldiers(village, seat, count)
        elif action.item == "castle":
            self.castles.add(village)
        else:
            (self.mills if action.item == "mill" else self.presses)[village] += count
        return [Event("buy", f"Seat {seat}: {action.describe()}",
                      {"seat": seat, "item": action.item, "village": village, "count": count})]

    def _village_taken(self, village: str, by: int, before: int | None) -> list[Event]:
        """A fief's capital taken passes the fief (court.py)."""
        return self.capital_taken(village, by, self.lords_at(by, village, False))

    def fief_owner(self, village: str) -> int | None:
        """The owner of the fief ``village`` lies in, unless it is the capital (a
        capital is held like any village: "if it falls into the hands of an opponent
        all the fief is lost")."""
        region = self.fief_of(village)
        if region is None or self.fiefs[region].capital == village:
            return None
        return self.given.get(village, self.fiefs[region].owner)

    # ----- facts ---------------------------------------------------------------------
    def controller(self, village: str) -> int | None:
        """The seat whose pieces are in ``village``; for a village of a fief with
        nobody inside, the fief's owner ("It is no longer necessary to leave one
        soldier per village to ensure control"); else None: a free village."""
        inside = self._pieces_inside(village)
        return inside if inside is not None else self.fief_owner(village)

    def held(self, seat: int) -> list[str]:
        """The villages ``seat`` holds, in board order."""
        return [v for v, holder in self.holders().items() if holder == seat]

    def holders(self) -> dict[str, int | None]:
        """Every village's holder (:meth:`controller`), in board order, in one pass."""
        soldiers = self.soldiers
        inside: dict[str, int | None] = dict(zip(soldiers, map(_OWNER, soldiers.values()),
                                                 strict=True))
        for info in self.lords.values():
            if not info.outside:
                inside.setdefault(info.village, info.owner)
        villages = self.board.villages
        out: dict[str, int | None] = dict.fromkeys(villages)
        if not self.fiefs:  # the usual case: no village is held by a fief alone
            # every piece stands in a village of the board: its keys, in its order
            out.update(inside)
            return out
        for v in villages:
            out[v] = inside[v] if v in inside else self.fief_owner(v)
        return out

    def soldiers_of(self, seat: int) -> int:
        """Soldiers ``seat`` has on the board (in villages and at their gates)."""
        return sum(c for owner, c in self.soldiers.values() if owner == seat) + sum(
            g.soldiers for g in self.gates if g.owner == seat)

    def is_king(self, lord: str) -> bool:
        """Whether ``lord`` is the crowned King."""
        return lord == self.king

    def may_be_made_bishop(self, lord: str) -> bool:
        """A lord without a bishop card ("the lord cannot be made a bishop twice",
        The "Bishop" card) who is not the sitting King. The second half is ours
        (docs/rules/fief.md, decision 20): the rulebook says only "A Bishop cannot
        be elected King"; we keep the crown and the mitre apart both ways."""
        return not self.lords[lord].bishop and not self.is_king(lord)

    def king_of(self, seat: int) -> bool:
        """Whether one of ``seat``'s lords is the crowned king."""
        return any(self.is_king(lord) for lord, i in self.lords.items() if i.owner == seat)

    # ----- the contract ---------------------------------------------------------------
    def _phase_name(self) -> str:
        return self.stage

    def _to_act(self) -> tuple[int, ...]:
        if self.stage == CHOOSE:
            return (self.choice_order[sum(r is not None for r in self.region)],)
        if self.pending is not None:
            return (self.pending.answerer,)
        if self.passage is not None:
            return (self.passage[0],)
        if self.battle is not None:
            return self.battle_to_act()
        if self.custody_claim is not None or self.stage == FIEFS:
            king = self.king_seat()
            assert king is not None
            return (self.founding[0],) if self.founding else (king,)
        if self.stage == CONSECRATION:
            election = self.election
            assert election is not None and election.elected is not None
            if election.waiting is not None:
                return (election.waiting,)
            return (self.lords[election.elected].owner,)
        if self.stage == NEGOTIATION:
            return ()
        return (self.current(),)

    def _may_act(self) -> tuple[int, ...]:
        if self.stage != NEGOTIATION or self.custody_claim is not None:
            return ()
        return tuple(self.open_seats)

    def _time_limit(self) -> float | None:
        return NEGOTIATION_SECONDS if self.stage == NEGOTIATION else None

    def _is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.stage == CHOOSE:
            taken = set(self.region)
            return [ChooseRegion(r) for r in self.board.regions if r not in taken]
        pending = self.pending
        if pending is not None:
            return self._pending_moves(pending)
        if self.passage is not None:
            return [AnswerPassage(True), AnswerPassage(False)]
        if self.battle is not None:
            return self.battle_moves(seat)
        if self.custody_claim is not None:
            return [ClaimCustody(True), ClaimCustody(False)]
        if seat < 0:
            return [TimeUp()]
        if self.stage == ELECTION:
            return self.vote_moves(seat)
        if self.stage == CONSECRATION:
            return self.consecration_moves(seat)
        if self.stage == FIEFS:
            return self.fief_moves(seat)
        if self.stage == NEGOTIATION:
            return self.negotiation_moves(seat)
        if self.stage == MOVEMENT:
            return [END_TURN, *self.moves_for(seat)]
        if self.stage == CARDS:
            moves = self._card_moves(seat)
            if not self.cardinals_left:
                return moves
            # asking the bank for a cardinal plays no card of one's hand
            return moves + [TakeCardinal(lord) for lord, i in sorted(self.lords.items())
                            if i.owner == seat and i.bishop and not i.cardinal]
        if self.stage == REVENUES:
            return self._tithe_moves(seat)
        return self._purchase_moves(seat)

    def _menu_is_public(self, seat: int) -> bool:
        """Whether ``seat``'s menu reads nothing the others cannot see
        (:meth:`State.forced_publicly`). Of what is hidden, only one's own
        hand is ever read for a menu: the cards to play or discard ("Phase
        1"), the tithes (the revenues, "Phase 2") and the parries to an
        attack; the bids read the money and the last bid, both shown. A seat
        that has exchanged a card this turn (shown to all) may play none,
        parries and tithes included."""
        pending = self.pending
        if pending is not None and pending.what == "respond":
            who = pending.answerer
            return not self.hands[who] or self.exchanged[who]
        if (pending is not None or self.passage is not None or self.battle is not None
                or self.custody_claim is not None):
            return True
        if self.stage == REVENUES:
            return not self.hands[seat] or self.exchanged[seat]
        if self.stage == CARDS:
            return not self.hands[seat]
        return True

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Moves and bids are checked directly (their menus list every count)."""
        if isinstance(action, Move):
            return (self.stage == MOVEMENT and self.pending is None and self.passage is None
                    and self.move_is_legal(seat, action))
        if isinstance(action, Bid):
            return self.battle_is_legal(seat, action)
        if isinstance(action, Pay):
            return self.custody_claim is None and self.pay_is_legal(seat, action)
        return super()._is_legal(seat, action)

    def _pending_moves(self, pending: Pending) -> list[Action]:
        if pending.what == "respond":
            return list(self.responses(pending))
        if pending.what == "execute":
            return [Execute(lord) for lord, i in sorted(self.lords.items())
                    if i.owner == pending.attacker]
        assert pending.region is not None
        return [DestroyCounter(v, c) for v, c in self._counters_in(pending.region)]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """The action, then the end of the game as soon as a player has the fiefs
        to win ("the first to have"), whatever the phase: a second player
        reaching them later in the same phase does not share the win."""
        events = self._dispatch(seat, action)
        if not self.over and self._won_now():
            self.over = True
            events.append(self._game_over())
        return events

    def _dispatch(self, seat: int, action: Action) -> list[Event]:
        # the kinds of action are disjoint: the most frequent are tried first
        if isinstance(action, Pay | Done | TimeUp | GiveVillage):
            return self._negotiate(seat, action)
        if isinstance(action, Buy):
            return self._buy(seat, action)
        if isinstance(action, Move):
            return self._move(seat, action)
        if isinstance(action, ChooseRegion):
            return self._choose(seat, action.region)
        if isinstance(action, Respond):
            return self._respond(action.parry)
        if isinstance(action, Execute):
            self.pending = None
            return self._kill_lord(action.lord, "is executed by Justice")
        if isinstance(action, DestroyCounter):
            return self._destroy(action.village, action.counter)
        if isinstance(action, EndTurn):
            if self.stage == CONSECRATION:
                return self.give_up() + self._next_phase()
            if self.stage == FIEFS:
                return self._next_phase()
            return self._end_part()
        if isinstance(action, DiscardCard):
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            return [Event("discard", f"Seat {seat} discards {self.cards.label(action.card)}",
                          {"seat": seat, "card": action.card})]
        if isinstance(action, ExchangeCard):
            return self._exchange(seat, action.card)
        if isinstance(action, Tithe):
            return self._tithe(seat, action)
        if isinstance(action, AnswerPassage):
            return self.answer_passage(action.grant)
        if isinstance(action, AskCoalition | AnswerCoalition | Bid):
            return self._battle_decision(seat, action)
        if isinstance(action, ClaimCustody):
            events = self.claim_custody(action.claim)
            return events + (self._go_on_fighting() if self.stage == COMBAT else [])
        if isinstance(action, Vote | AskConsecration | Consecrate):
            return self._court_decision(seat, action)
        if isinstance(action, CreateFief | FoundFief | GrantTitle):
            return self._fief_decision(action)
        return self._play_card(seat, action)

    def _court_decision(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Vote):
            events = self.vote(seat, action)
            self.acted += 1
            if self.election is not None and self.election.elected is not None:
                self.stage = CONSECRATION
                return events
        elif isinstance(action, AskConsecration):
            return self.ask(seat, action.seat)
        else:
            assert isinstance(action, Consecrate)
            events = self.answer(seat, action.yes)
        if self.election is None:
            events += self._crowned_or_not()
        return events

    def _crowned_or_not(self) -> list[Event]:
        """The election is over: at a coronation, players left without a lord give
        their titles to the new King ("until the advent of a new sovereign")."""
        events: list[Event] = []
        if self.king is not None:
            for seat in range(self.num_players):
                events += self.last_lord_lost(seat)
        return events + self._next_phase()

    def _fief_decision(self, action: Action) -> list[Event]:
        if isinstance(action, CreateFief):
            return self.create_fief(action.region)
        if isinstance(action, FoundFief):
            return self.found_fief(action)
        assert isinstance(action, GrantTitle)
        return self.grant_title(action.region, action.lord)

    def _negotiate(self, seat: int, action: Action) -> list[Event]:
        """The negotiation window closes when every player is done, at the referee's
        time-up, or after ``negotiation_actions`` payments (so that it ends)."""
        if isinstance(action, TimeUp):
            events = [Event("time_up", "Three minutes: the negotiation is over")]
            return events + self._next_phase()
        if isinstance(action, Done):
            self.open_seats.remove(seat)
            events = [Event("done", f"Seat {seat} is done negotiating", {"seat": seat})]
        elif isinstance(action, GiveVillage):
            self.window_moves += 1
            events = self.give_village(seat, action)
        else:
            assert isinstance(action, Pay)
            self.window_moves += 1
            self.paid.append((seat, action.to, action.amount))
            events = self.pay(seat, action)
        if not self.open_seats or self.window_moves >= self.options["negotiation_actions"]:
            events += self._next_phase()
        return events

    def _battle_decision(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, AskCoalition):
            events = self.ask_coalition(action.ask)
        elif isinstance(action, AnswerCoalition):
            events = self.answer_coalition(action.accept)
        else:
            assert isinstance(action, Bid)
            events = self.bid(seat, action.amount)
        if self.battle is None:
            events += self._go_on_fighting()
        return events

    def _exchange(self, seat: int, card: str) -> list[Event]:
        """"return one card to the banker for the purpose of receiving another, but
        only in a turn when no card is played": no card may then be played this turn.
        The card comes before the one returned goes to the discard, so that it is
        "another" even when the discard must become the new stack."""
        self.hands[seat].remove(card)
        self.exchanged[seat] = True
        events: list[Event] = []
        if not self.deck:
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            events.append(Event("reshuffle", "The discard becomes the new deck"))
        new = self.deck.pop()
        self.discard.append(card)
        self.hands[seat].append(new)
        hidden = Event("exchange", f"Seat {seat} exchanges {self.cards.label(card)} for a card",
                       {"seat": seat, "returned": card})
        return [*events, Event("exchange", f"You exchange {self.cards.label(card)} for "
                      f"{self.cards.label(new)}", {"seat": seat, "returned": card, "card": new},
                      audience=frozenset({seat}), redacted=hidden)]

    def _game_over(self) -> Event:
        """The last event, its scores worded (their code is for programs: a
        terminal play-test read "scores 0.012, 0.0290001, 0.026")."""
        standing = "; ".join(
            f"Seat {s}: {counted(len(self.fiefs_of(s)), 'fief')}, "
            f"{counted(self.soldiers_of(s), 'soldier')}, {self.money[s]:,} crowns"
            for s in range(self.num_players))
        return game_over_event(self._result(), standing=standing)

    def _result(self) -> Result:
        """Most fiefs; "Any draws are decided by the number of possessed fiefs; then
        by the number of soldiers on the ground and ... by the quantity of money".
        A score reads fiefs.sssmmmmmmm: fiefs, then soldiers (thousandths), then
        crowns (ten-billionths), so that the order of scores is the order of the
        rules."""
        keys = [(len(self.fiefs_of(s)), self.soldiers_of(s), self.money[s])
                for s in range(self.num_players)]
        best = max(keys)
        scores = tuple(round(k[0] + k[1] / 1000 + k[2] / 10**10, 10) for k in keys)
        return Result(scores, tuple(s for s, k in enumerate(keys) if k == best))

    def _view(self, seat: int | None) -> dict[str, Any]:
        pending = self.pending
        return {
            "turn": self.turn,
            "turn_limit": self.options["turn_limit"],
            "choice_rolls": [list(map(list, r)) for r in self.rolls],
            "choice_order": list(self.choice_order),
            "regions": list(self.region),
            "order": list(self.order),
            "current": self.current() if self.order and not self.over else None,
            "money": list(self.money),
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "discard": list(self.discard),
            "lords": {lord: {"owner": i.owner, "village": i.village, "bishop": i.bishop,
                             "cardinal": i.cardinal, "outside": i.outside,
                             "came_from": self.siege_road(i), "road": self.gate_road(i)}
                      for lord, i in sorted(self.lords.items())},
            "soldiers": {v: list(s) for v, s in sorted(self.soldiers.items())},
            "holders": self.holders(),
            "castles": sorted(self.castles),
            "mills": dict(sorted(self.mills.items())),
            "presses": dict(sorted(self.presses.items())),
            "bad_weather": sorted(self.weather),
            "famine": sorted(self.famine),
            "pending": ({"what": pending.what, "attacker": pending.attacker,
                         "answerer": pending.answerer, "card": pending.card,
                         "region": pending.region, "lord": pending.lord, "die": pending.die}
                        if pending else None),
            "tithes": [[list(t) for t in ts] for ts in self.tithes],
            # who exchanged a card this turn, and so plays none (shown to all: "exchange")
            "exchanged": [s for s, did in enumerate(self.exchanged) if did],
            "gates": [{"owner": g.owner, "village": g.village, "stance": g.stance,
                       "soldiers": g.soldiers,
                       "lords": self.lords_at(g.owner, g.village, True)}
                      for g in sorted(self.gates, key=lambda g: g.order)],
            "trips": dict(sorted(self.trips.items())),
            "passage": list(self.passage) if self.passage else None,
            "battle": self._battle_json(seat),
            "king": self.king,
            "fiefs": {r: {"owner": f.owner, "capital": f.capital, "title": f.title}
                      for r, f in sorted(self.fiefs.items())},
            "custody": sorted(self.custody),
            "votes": self.votes(),
            "election": ({"votes": {str(s): list(v) for s, v in self.election.votes.items()},
                          "elected": self.election.elected,
                          "asked": list(self.election.asked),
                          "support": list(self.election.support),
                          "waiting": self.election.waiting} if self.election else None),
            "founding": list(self.founding) if self.founding else None,
            "custody_claim": list(self.custody_claim) if self.custody_claim else None,
            "given": dict(sorted(self.given.items())),
            "negotiating": list(self.open_seats) if self.stage == NEGOTIATION else [],
            "paid": [list(p) for p in self.paid] if self.stage == NEGOTIATION else [],
        }

    def _battle_json(self, seat: int | None) -> dict[str, Any] | None:
        """The battle waiting for a decision; a sealed bid shows only to its bidder."""
        battle = self.battle
        if battle is None:
            return None
        return {"village": battle.village, "first": battle.first, "second": battle.second,
                "step": battle.step, "has_bid": sorted(battle.bids),
                "my_bid": battle.bids.get(seat) if seat is not None else None,
                "floor": {str(k): v for k, v in sorted(battle.floor.items())}}

    def clone(self) -> FiefState:
        """A fast independent copy (the generic deepcopy is several times
        slower): every container copied, every piece record (lords, gates,
        fiefs, the pending attack, the battle, the election) copied as well."""
        other = self._shallow_copy()
        other.region = list(self.region)
        other.money = list(self.money)
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.lords = {k: copy.copy(v) for k, v in self.lords.items()}
        other.soldiers = dict(self.soldiers)
        other.castles = set(self.castles)
        other.mills = Counter(self.mills)
        other.presses = Counter(self.presses)
        other.order = list(self.order)
        other.pending = copy.copy(self.pending)
        other.played_card = list(self.played_card)
        other.exchanged = list(self.exchanged)
        other.tithes = [list(t) for t in self.tithes]
        other.weather = set(self.weather)
        other.famine = set(self.famine)
        other.gates = [copy.copy(g) for g in self.gates]
        other.trips = Counter(self.trips)
        other.battle = copy.deepcopy(self.battle)
        other.fiefs = {k: copy.copy(v) for k, v in self.fiefs.items()}
        other.custody = set(self.custody)
        other.election = copy.deepcopy(self.election)
        other.given = dict(self.given)
        other.open_seats = list(self.open_seats)
        other.paid = list(self.paid)
        return other

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Others' hands and the deck's order are hidden: they are redealt from the
        unseen cards, each hand keeping its size."""
        unseen = sorted(self.deck + [c for s, h in enumerate(self.hands) if s != seat for c in h])
        rng.shuffle(unseen)
        for s in range(self.num_players):
            if s != seat:
                size = len(self.hands[s])
                self.hands[s], unseen = unseen[:size], unseen[size:]
        self.deck = unseen
        if self.battle is not None:
            for s in sorted(self.battle.bids):
                if s != seat:
                    low = self.battle.floor.get(s, 0) // 100
                    self.battle.bids[s] = 100 * rng.randint(low, max(low, self.money[s] // 100))

    def _snapshot(self) -> Any:
        return (self.region, self.stage, self.money, self.hands, self.deck, self.discard,
                sorted((k, vars(v)) for k, v in self.lords.items()), sorted(self.soldiers.items()),
                sorted(self.castles), sorted(self.mills.items()), sorted(self.presses.items()),
                self.turn, self.order, self.first, self.phase_step, self.acted,
                vars(self.pending) if self.pending else None, self.played_card, self.exchanged,
                self.tithes, sorted(self.weather), sorted(self.famine), self.over,
                self.cardinals_left, [vars(g) for g in self.gates], sorted(self.trips.items()),
                self.gate_order, self.passage, vars(self.battle) if self.battle else None,
                sorted((r, vars(f)) for r, f in self.fiefs.items()), self.king,
                sorted(self.custody), vars(self.election) if self.election else None,
                self.founding, self.custody_claim, self.open_seats, self.window_moves,
                sorted(self.given.items()), self.paid)


@functools.cache
def _purchases(item: str, village: str, most: int) -> tuple[Action, ...]:
    """Buying 1 to ``most`` of ``item`` at ``village`` (the shared actions:
    a menu's purchases, made once)."""
    return tuple(buy(item, village, count) for count in range(1, most + 1))


# ----- decisions, each one small function -------------------------------------------------
def roll_for_choice(num_players: int, rng: random.Random
                    ) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """"each player throws two dice. The player who scored the highest score first
    chooses a region ... Re-roll any ties": tied players re-roll among themselves
    to settle their order. Returns every seat's rolls and the order of choice."""
    rolls: list[list[tuple[int, int]]] = [[] for _ in range(num_players)]

    def settle(seats: list[int]) -> list[int]:
        for s in seats:
            rolls[s].append((rng.randint(1, 6), rng.randint(1, 6)))
        totals = {s: sum(rolls[s][-1]) for s in seats}
        out = []
        for total in sorted(set(totals.values()), reverse=True):
            group = [s for s in seats if totals[s] == total]
            out += group if len(group) == 1 else settle(group)
        return out

    return rolls, settle(list(range(num_players)))


def first_player_next_turn(first: int, players: int) -> int:
    """"In the next round, the banker's right-hand neighbour plays the first":
    play goes clockwise, so the right-hand neighbour is the one who plays just
    before (our reading): the first player moves one place counter-clockwise."""
    return (first - 1) % players


def defender_rank(lords: int, villages: int, home: bool) -> tuple[int, int, int] | None:
    """How strongly a player answers for a region under attack: "the player with
    the most lords in this area"; our decisions for ties: then the most villages
    held there, then the region's own player, then the first in play order after
    the attacker. A player with neither lords nor villages there does not answer."""
    if not lords and not villages:
        return None
    return lords, villages, int(home)
