"""Market: a small test game of negotiation (not registered, not shipped).

It exercises every part of the negotiation contract (docs/architecture.md)
in a few rules, so that conformance, bots, the server, the browser client
and the CLI can be tested on it before Fief and Versailles use them:

- each round opens with a **negotiation window** ("negotiate"): every seat
  may give coins to another (``Give``), propose a deal, or say ``Done``;
  the window closes when every seat is done, at the referee's ``TimeUp``
  (after ``window_seconds``, if set), or after ``window_actions`` actions;
- a proposal is a **request that one named seat must answer** at once
  (``Propose``: a **composite action**, coins for some of the other's
  goods, as a nested ``Deal``); until it answers (``Answer``) that seat
  is the one the game waits for;
- then a **sealed bid**: every seat bids at once (``Bid``); nothing is
  revealed until the last bid is in; the highest bid wins the round's
  crown (a tie: nobody) and pays its bid to the bank.

Score: 10 a crown, 1 a coin, 3 a good, 5 more for a set of the three goods.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from courtly.core import (
    Action,
    Done,
    Event,
    Game,
    Option,
    Result,
    State,
    TimeUp,
    Value,
    game_over_event,
    winners_by_score,
)
from courtly.core.schema import choice, int_range, list_of

GOODS = ("wheat", "wine", "salt")
START_COINS = 6
NEGOTIATE, BID = "negotiate", "bid"


@dataclass(frozen=True, slots=True)
class Deal(Value):
    """Coins paid for goods."""

    coins: int
    goods: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give coins to another seat (a gift: nothing is owed in return)."""

    kind: ClassVar[str] = "give"
    to: int
    amount: int

    def describe(self) -> str:
        """'Give 3 coins to seat 1'."""
        return f"Give {self.amount} coin(s) to seat {self.to}"


@dataclass(frozen=True, slots=True)
class Propose(Action):
    """Offer ``deal.coins`` to seat ``to`` for these goods of theirs; they must answer."""

    kind: ClassVar[str] = "propose"
    to: int
    deal: Deal

    def validate(self) -> None:
        """Goods are named ones, each once."""
        from courtly.core import InvalidAction

        if any(g not in GOODS for g in self.deal.goods) or len(set(self.deal.goods)) != len(
                self.deal.goods):
            raise InvalidAction(f"propose: goods must be distinct names among {GOODS}")

    def describe(self) -> str:
        """'Offer seat 1 2 coins for wine, salt'."""
        return f"Offer seat {self.to} {self.deal.coins} coin(s) for {', '.join(self.deal.goods)}"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Accept or refuse the proposal made to you."""

    kind: ClassVar[str] = "answer"
    accept: bool

    def describe(self) -> str:
        """'Accept' or 'Refuse'."""
        return "Accept the deal" if self.accept else "Refuse the deal"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A sealed bid for the round's crown."""

    kind: ClassVar[str] = "bid"
    amount: int

    def describe(self) -> str:
        """'Bid 2'."""
        return f"Bid {self.amount}"


class MarketState(State):
    """Coins, goods, crowns; the window's seats; a pending proposal; sealed bids."""

    def setup(self) -> None:
        n = self.num_players
        self.coins = [START_COINS] * n
        self.goods = [sorted(self.rng.sample(GOODS, 2)) for _ in range(n)]
        self.crowns = [0] * n
        self.round = 0
        self.stage = NEGOTIATE
        self.open: list[int] = list(range(n))
        self.window_moves = 0
        self.pending: tuple[int, int, Deal] | None = None
        self.bids: dict[int, int] = {}
        self.over = False

    # ----- phase ------------------------------------------------------------
    def _phase_name(self) -> str:
        return self.stage

    def _to_act(self) -> tuple[int, ...]:
        if self.stage == BID:
            return tuple(s for s in range(self.num_players) if s not in self.bids)
        return (self.pending[1],) if self.pending else ()

    def _may_act(self) -> tuple[int, ...]:
        if self.stage != NEGOTIATE:
            return ()
        busy = {self.pending[0], self.pending[1]} if self.pending else set()
        return tuple(s for s in self.open if s not in busy)

    def _time_limit(self) -> float | None:
        seconds = self.options["window_seconds"]
        return float(seconds) if self.stage == NEGOTIATE and seconds else None

    def _is_over(self) -> bool:
        return self.over

    # ----- legality -----------------------------------------------------------
    def _legal_actions(self, seat: int) -> list[Action]:
        if seat < 0:
            return [TimeUp()]
        if self.stage == BID:
            return [Bid(a) for a in range(self.coins[seat] + 1)]
        if self.pending and self.pending[1] == seat:
            return [Answer(True), Answer(False)]
        out: list[Action] = [Done()]
        for to in range(self.num_players):
            if to == seat:
                continue
            out += [Give(to, a) for a in range(1, self.coins[seat] + 1)]
            if to in self.open and self.pending is None:
                for k in (1, 2):
                    for goods in combinations(sorted(set(self.goods[to])), k):
                        out += [Propose(to, Deal(c, goods)) for c in range(self.coins[seat] + 1)]
        return out

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Checked directly: no menu of every amount is built."""
        if seat < 0:
            return isinstance(action, TimeUp)
        if self.stage == BID:
            return isinstance(action, Bid) and 0 <= action.amount <= self.coins[seat]
        if self.pending and self.pending[1] == seat:
            return isinstance(action, Answer)
        if isinstance(action, Done):
            return True
        if isinstance(action, Give):
            return (action.to != seat and 0 <= action.to < self.num_players
                    and 1 <= action.amount <= self.coins[seat])
        if isinstance(action, Propose):
            deal = action.deal
            return (action.to != seat and action.to in self.open and self.pending is None
                    and 0 <= deal.coins <= self.coins[seat] and 1 <= len(deal.goods) <= 2
                    and all(g in self.goods[action.to] for g in deal.goods))
        return False

    def _action_schema(self, seat: int) -> list[dict[str, Any]]:
        """Amounts as ranges, goods as a list (a form, not a menu)."""
        if self.stage == BID:
            return [{"type": "bid", "fields": {"amount": int_range(0, self.coins[seat])}}]
        if self.pending and self.pending[1] == seat:
            return [{"type": "answer", "fields": {"accept": choice([True, False])}}]
        others = [s for s in range(self.num_players) if s != seat]
        out: list[dict[str, Any]] = [{"type": "done", "fields": {}}]
        if self.coins[seat]:
            out.append({"type": "give", "fields": {
                "to": choice(others), "amount": int_range(1, self.coins[seat])}})
        targets = [s for s in others if s in self.open]
        if targets and self.pending is None:
            out.append({"type": "propose", "fields": {"to": choice(targets), "deal": {
                "fields": {"coins": int_range(0, self.coins[seat]),
                           "goods": list_of(choice(GOODS), 1, 2)}}}})
        return out

    # ----- moves ------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, TimeUp):
            return [Event("time_up", "Time is up: the market closes"), *self._close_window()]
        if isinstance(action, Bid):
            return self._bid(seat, action.amount)
        if isinstance(action, Answer):
            return self._answer(action.accept)
        self.window_moves += 1
        events = self._window_move(seat, action)
        ended = not self._may_act() or self.window_moves >= self.options["window_actions"]
        if ended and not self.pending:
            events += self._close_window()
        return events

    def _window_move(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Done):
            self.open.remove(seat)
            return [Event("done", f"Seat {seat} is done", {"seat": seat})]
        if isinstance(action, Give):
            self.coins[seat] -= action.amount
            self.coins[action.to] += action.amount
            return [Event("give", f"Seat {seat} gives {action.amount} to seat {action.to}",
                          {"seat": seat, "to": action.to, "amount": action.amount})]
        assert isinstance(action, Propose)
        self.pending = (seat, action.to, action.deal)
        return [Event("propose", f"Seat {seat}: {action.describe()}",
                      {"seat": seat, "to": action.to, "coins": action.deal.coins,
                       "goods": list(action.deal.goods)})]

    def _answer(self, accept: bool) -> list[Event]:
        assert self.pending is not None
        buyer, seller, deal = self.pending
        self.pending = None
        if accept:
            self.coins[buyer] -= deal.coins
            self.coins[seller] += deal.coins
            for g in deal.goods:
                self.goods[seller].remove(g)
                self.goods[buyer] = sorted([*self.goods[buyer], g])
        verb = "accepts" if accept else "refuses"
        events = [Event("answer", f"Seat {seller} {verb} seat {buyer}'s offer",
                        {"seat": seller, "accept": accept})]
        if not self._may_act() or self.window_moves >= self.options["window_actions"]:
            events += self._close_window()
        return events

    def _close_window(self) -> list[Event]:
        self.pending = None  # an unanswered proposal lapses
        self.stage, self.bids = BID, {}
        return [Event("bidding", "The market is closed: sealed bids for the crown")]

    def _bid(self, seat: int, amount: int) -> list[Event]:
        self.bids[seat] = amount
        hidden = Event("bid", f"Seat {seat} has bid", {"seat": seat})
        events = [Event("bid", f"You bid {amount}", {"seat": seat, "amount": amount},
                        audience=frozenset({seat}), redacted=hidden)]
        if len(self.bids) == self.num_players:
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        bids = [self.bids[s] for s in range(self.num_players)]
        top = max(bids)
        winners = [s for s, b in enumerate(bids) if b == top]
        events = [Event("reveal", f"Bids revealed: {bids}", {"bids": bids})]
        if len(winners) == 1:
            self.crowns[winners[0]] += 1
            self.coins[winners[0]] -= top
            events.append(Event("crown", f"Seat {winners[0]} wins the crown",
                                {"seat": winners[0]}))
        self.round += 1
        if self.round >= self.options["rounds"]:
            self.over = True
            events.append(game_over_event(self._result()))
        else:
            self.stage, self.open, self.window_moves = NEGOTIATE, list(range(self.num_players)), 0
        return events

    # ----- result, views, hidden information -----------------------------------------
    def scores(self) -> list[int]:
        """10 a crown, 1 a coin, 3 a good, 5 for the three goods."""
        return [10 * self.crowns[s] + self.coins[s] + 3 * len(self.goods[s])
                + (5 if set(self.goods[s]) == set(GOODS) else 0) for s in range(self.num_players)]

    def _result(self) -> Result:
        scores = [float(x) for x in self.scores()]
        return Result(tuple(scores), winners_by_score(scores))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round + 1, "rounds": self.options["rounds"],
                "coins": list(self.coins), "goods": [list(g) for g in self.goods],
                "crowns": list(self.crowns), "open": list(self.open),
                "pending": ({"from": self.pending[0], "to": self.pending[1],
                             "coins": self.pending[2].coins, "goods": list(self.pending[2].goods)}
                            if self.pending else None),
                "has_bid": [s in self.bids for s in range(self.num_players)],
                "my_bid": self.bids.get(seat) if seat is not None else None}

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Others' sealed bids are hidden: each is redrawn within its bidder's coins."""
        for s in sorted(self.bids):
            if s != seat:
                self.bids[s] = rng.randint(0, self.coins[s])

    def _snapshot(self) -> Any:
        return (self.coins, self.goods, self.crowns, self.round, self.stage, self.open,
                self.window_moves, self.pending, sorted(self.bids.items()), self.over)


class Market(Game):
    """2-4 players; a negotiation window, requests, sealed bids each round."""

    name = "market"
    title = "Market (test game)"
    version = "1"
    min_players = 2
    max_players = 4
    options: ClassVar[Mapping[str, Option]] = {
        "rounds": Option(2, {"en": "Rounds", "fr": "Manches"}, minimum=1, maximum=5),
        "window_seconds": Option(
            0, {"en": "Negotiation time limit (seconds, 0: none)",
                "fr": "Durée de la négociation (secondes, 0 : illimitée)"},
            minimum=0, maximum=600),
        "window_actions": Option(
            30, {"en": "Most actions in a negotiation", "fr": "Actions au plus par négociation"},
            minimum=1, maximum=1000),
    }
    action_types: ClassVar[tuple[type[Action], ...]] = (Give, Propose, Answer, Bid, Done, TimeUp)

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        """Each player count, untimed and timed, one and three rounds."""
        return self.valid_configurations(
            [{}, {"window_seconds": 2}, {"rounds": 3, "window_actions": 8}])

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> MarketState:
        state = MarketState(self, num_players, seed, options)
        state.setup()
        return state


GAME = Market()
