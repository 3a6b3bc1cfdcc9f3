"""Information-set Monte Carlo tree search, generic over the game contract.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2), 2012), extended with decoupled
selection for simultaneous decisions. One tree is grown from the acting
seat's information set; each iteration:

1. **determinizes**: ``obs.determinize(rng)`` deals a full state consistent
   with what the seat knows (hands, decks, unrevealed votes resampled; the
   state's own chance RNG reseeded), so chance and hidden information are
   sampled afresh every iteration and the search never peeks;
2. **selects** down the tree among the actions legal *in that
   determinization*, by UCB1 with availability counts (an action's
   exploration term uses how often it was available, not the parent's
   visits); every node keeps statistics per acting seat, from that seat's
   own point of view, so opponents are modelled as maximising their own
   reward. When several seats are to act at once (votes, sealed bids), each
   of them selects from the same node's statistics, which do not depend on
   the others' unrevealed choices (decoupled UCT);
3. **expands** one new child, then **rolls out** with the rollout policy
   (uniformly random, or the game's heuristic) to the end, or, when the game
   ships a score estimate (``bot.estimate``), only until the seat that moved
   last has finished its turn (its consecutive actions, played by the
   game's heuristic: a half-played turn is not a position to judge) and
   ``horizon`` actions more (default 0), lets every seat to act cast a
   pending simultaneous decision by the heuristic (``settle``), and scores
   the position reached with the estimate, each seat's number read from its
   own view of the determinization (``own_views``);
4. **backpropagates** the reward of every seat.

Open windows (a negotiation: seats that may act without being waited for,
``state.may_act``) are simulated by :class:`courtly.core.Referee`'s rule:
the seats that must act come first; else the window's seat that has acted
least there acts (``Done``, leaving the window, is one of its choices like
any other); the referee's ``TimeUp`` is applied once every seat of the
window has taken ``window`` actions in it (counted from the simulation's
start), so that no simulation stays in a window for ever. A searching seat
asked to act in a window acts alone at the root.

The reward of a seat is ``(1 - rank_weight) * win + rank_weight * rank``.
At the end of a game ``win`` is ``1 / len(winners)`` for a winner (a shared
victory is shared) and 0 otherwise, and ``rank`` is the share of the other
seats it beat on score (ties count half). At a position scored by estimate,
the estimate gives each seat's expected score ``E``; ``win`` is the softmax of
``E / temperature`` over the seats and ``rank`` the mean of
``logistic((E - E_other) / temperature)``: the same quantities in
expectation. Every reward lies in [0, 1].

The answer is the root action of the seat most often selected (ties: best
mean reward, then the first legal), unless the game ships a heuristic and
the search's evidence against the heuristic's own choice is weak: that
choice is kept unless the best action's mean reward beats it by ``guide``
standard errors. Budgets: ``iterations`` (exact and
reproducible: same seed, same observation, same decision) and/or
``seconds`` (wall clock; whichever comes first).

Options change the search where a game gains by them (its ``bot.SEARCH``
recommends them; docs/bots.md has the measurements). ``opponents=heuristic``
models the other seats as playing the game's heuristic: they are not
searched, the tree holds the searching seat's decisions alone, and a leaf is
scored when that seat is next to act, so each of its actions is judged by
the rivals' answers. ``root=halving`` chooses the root action by sequential
halving over common random numbers: every surviving action is tried on the
same deals with the same random numbers, the better half goes on each
round, and the heuristic's choice stands unless beaten on those same
samples by ``guide`` standard errors of the paired differences. ``top=k``
restricts the root to the first ``k`` actions of the game's ranking (its
heuristic's candidates, best first), so that a small budget judges between
a few sensible actions rather than a whole menu; ``depth=1`` evaluates every
root action at once (no tree below it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence

from courtly.bots.base import Observation
from courtly.bots.heuristic import (
    Estimate,
    estimate_for,
    game_remark,
    policy_for,
    ranking_for,
    search_settings_for,
)
from courtly.core import (
    REFEREE,
    WINDOW_ACTIONS,
    Action,
    Game,
    Heuristic,
    Referee,
    Remark,
    Result,
    State,
    TimeUp,
)

#: A rollout policy: (state, seat, legal actions, rng) -> one of the actions.
RolloutPolicy = Callable[[State, int, Sequence[Action], random.Random], Action]

#: Per-seat statistics of one action at one node: [visits, availability, total reward].
Stat = list[float]

ROLLOUTS = ("random", "heuristic")
OPPONENTS = ("auto", "search", "heuristic")
ROOTS = ("auto", "ucb", "halving")
#: The value of each setting that leaves it to the game (its ``bot.SEARCH``).
AUTO: Mapping[str, object] = {
    "iterations": -1,
    "opponents": "auto",
    "root": "auto",
    "temperature": 0.0,
    "top": -1,
    "depth": -1,
}
#: What those settings are where the game recommends none.
FALLBACK: Mapping[str, object] = {
    "iterations": 1000,
    "opponents": "search",
    "root": "ucb",
    "temperature": 2.0,
    "top": 0,
    "depth": 0,
}


class _Node:
    """A node of the search tree: per acting seat, per action, its statistics,
    and the children reached by the (seat, action) choices made there."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, Stat]] = {}
        self.children: dict[tuple[tuple[int, Action], ...], _Node] = {}


def seat_rewards(result: Result, rank_weight: float) -> list[float]:
    """Every seat's reward in [0, 1]: the win share blended with the rank share."""
    scores = result.scores
    n = len(scores)
    share = 1.0 / len(result.winners) if result.winners else 0.0  # a game nobody won
    out = []
    for seat, mine in enumerate(scores):
        win = share if seat in result.winners else 0.0
        if n > 1:
            beaten = sum((mine > s) + 0.5 * (mine == s) for s in scores) - 0.5
            rank = beaten / (n - 1)
        else:
            rank = 1.0
        out.append((1.0 - rank_weight) * win + rank_weight * rank)
    return out


def estimated_rewards(
    estimates: Sequence[float], temperature: float, rank_weight: float
) -> list[float]:
    """Every seat's expected reward from estimated final scores (see the module docstring)."""
    n = len(estimates)
    top = max(estimates)
    weights = [math.exp((e - top) / temperature) for e in estimates]
    total = sum(weights)
    out = []
    for seat, mine in enumerate(estimates):
        rank = (
            sum(
                _logistic((mine - other) / temperature)
                for j, other in enumerate(estimates)
                if j != seat
            )
            / (n - 1)
            if n > 1
            else 1.0
        )
        out.append((1.0 - rank_weight) * weights[seat] / total + rank_weight * rank)
    return out


def _mean(st: Stat) -> float:
    """An action's mean reward (-inf before its first visit)."""
    return st[2] / st[0] if st[0] else -math.inf


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def random_rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """The uniformly random rollout policy."""
    return legal[rng.randrange(len(legal))]


class _Order:
    """Who acts next in one simulated game, by :class:`courtly.core.Referee`'s
    rule, and the referee's ``TimeUp`` applied where that rule calls time.

    The seats that must act come first, all of them (a simultaneous decision
    is selected decoupled, as ever); else, in an open window, the window's
    seat that has acted least there; else the referee, once every seat of the
    window has taken ``window`` actions in it. The counts start at the
    simulation's start, so a simulated window lasts at most ``window``
    actions a seat from there, in the tree and in rollouts alike. Where no
    window is open this is ``state.to_act``, read as it always was.
    """

    __slots__ = ("counted", "referee", "window")

    def __init__(self, window: int) -> None:
        self.window = window
        self.referee = Referee(window)
        #: The name of the phase whose window actions were counted, if any.
        self.counted: str | None = None

    def actors(self, state: State) -> tuple[int, ...]:
        """The seats to act next (the referee's TimeUp applied first while
        it is due); () once the game is over."""
        while not state.is_over:
            to_act = state.to_act
            if to_act:
                # Who must act comes first. The phase is read only once a
                # window was counted: a game without windows pays nothing.
                if self.counted is not None and state.phase.name != self.counted:
                    self.referee, self.counted = Referee(self.window), None
                return to_act
            seat = self.referee.next_seat(state)
            if seat != REFEREE:
                return (seat,)
            self.apply(state, REFEREE, TimeUp())
        return ()

    def apply(self, state: State, seat: int, action: Action) -> None:
        """Apply ``seat``'s action, counting it if it was taken in a window."""
        if seat == REFEREE or state.may_act:
            phase = state.phase
            state.apply(seat, action)
            self.referee.acted(phase, seat)
            self.counted = phase.name
        else:
            state.apply(seat, action)


class _Search:
    """What one decision's iterations share: the observation, the tree's
    root, the rollout policy, the game's estimate (None: play to the end),
    and the settings resolved for the game: the iteration budget, the
    temperature, whether the rivals follow the heuristic (``model``) and
    whether a seat's turn is finished by it (``macro``)."""

    __slots__ = (
        "arms",
        "depth",
        "estimate",
        "iterations",
        "macro",
        "model",
        "obs",
        "policy",
        "root",
        "temperature",
    )

    def __init__(
        self,
        obs: Observation,
        root: _Node,
        policy: RolloutPolicy,
        estimate: Estimate | None,
        settings: Mapping[str, object],
        model: bool,
        macro: bool,
    ) -> None:
        self.obs = obs
        self.root = root
        self.policy = policy
        self.estimate = estimate
        self.iterations = int(settings["iterations"])  # type: ignore[call-overload]
        self.depth = int(settings["depth"])  # type: ignore[call-overload]
        self.temperature = float(settings["temperature"])  # type: ignore[arg-type]
        self.model = model
        self.macro = macro
        #: The searching seat's root actions considered (None: every legal one).
        self.arms: frozenset[Action] | None = None


class ISMCTSBot:
    """Single-observer ISMCTS over the game contract (see the module docstring).

    ``iterations``: iterations per decision (0: no limit; -1: the game's
    recommendation, else 1000); ``seconds``: wall clock per decision (0: no
    limit); at least one must be positive.
    ``c``: UCB exploration constant. ``rollout``: ``random`` or ``heuristic``
    (the game's heuristic policy where it has one, else random).
    ``epsilon``: in heuristic rollouts, the chance of a random action
    instead. ``horizon``: rollout actions before a leaf is scored by the
    game's estimate (-1: always play to the end; games without an estimate
    always do). ``turns``: in the tree, a seat's further actions in its turn
    follow the heuristic (only its first is searched). ``guide``: the game's
    heuristic choice is kept unless the search's beats it by ``guide``
    standard errors (0: the search alone decides; games without a heuristic
    always do). ``temperature``: points per unit of the estimate's softmax
    (0: the game's recommendation, else 2).
    ``rank_weight``: the weight of the rank share in the reward.
    ``settle``: a simultaneous decision pending at a leaf is cast by the
    heuristic before the leaf is scored. ``own_views``: each seat's estimate
    is read from its own view of the determinization (else all from the
    searching seat's). ``opponents``: ``search`` (every seat's decisions are
    searched) or ``heuristic`` (the other seats play the game's heuristic;
    the tree holds the searching seat's decisions alone). ``root``: ``ucb``
    or ``halving`` (sequential halving with common random numbers). Left at
    ``auto``, both are the game's recommendation (:meth:`settings`).
    ``depth``: the most tree nodes an iteration passes (0: no limit; -1:
    the game's recommendation, else no limit); past them the leaf is
    evaluated as any new one. ``top``: the root considers only the first
    ``top`` actions of the game's ranking (its heuristic's candidates, best
    first; 0: every legal action; -1: the game's recommendation, else 0); a
    game without a ranking is searched over every action. ``window``: in the
    simulations, the actions each seat takes in an open window (a
    negotiation) before the referee calls time, by
    :class:`courtly.core.Referee`'s rule (see :class:`_Order`). ``rounds``
    (with ``opponents=heuristic``): a leaf is scored when the searching seat
    is alone to act for the ``rounds``-th time, its turns between played by
    the heuristic (default 1: its next decision).
    """

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = -1,
        seconds: float = 0.0,
        c: float = 0.1,
        rollout: str = "random",
        epsilon: float = 0.1,
        horizon: int = 0,
        turns: bool = False,
        guide: float = 1.0,
        temperature: float = 0.0,
        rank_weight: float = 0.25,
        own_views: bool = True,
        settle: bool = True,
        opponents: str = "auto",
        root: str = "auto",
        depth: int = -1,
        window: int = WINDOW_ACTIONS,
        top: int = -1,
        rounds: int = 1,
    ) -> None:
        if iterations < -1 or seconds < 0 or (iterations == 0 and seconds == 0):
            raise ValueError(
                "ismcts needs a budget: iterations > 0 (-1: the game's default) and/or seconds > 0"
            )
        if rollout not in ROLLOUTS:
            raise ValueError(
                f"ismcts: rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}"
            )
        if not 0 <= rank_weight <= 1 or not 0 <= epsilon <= 1:
            raise ValueError("ismcts: rank_weight and epsilon must lie between 0 and 1")
        if opponents not in OPPONENTS:
            raise ValueError(
                f"ismcts: opponents must be one of {', '.join(OPPONENTS)}, not {opponents!r}"
            )
        if root not in ROOTS:
            raise ValueError(f"ismcts: root must be one of {', '.join(ROOTS)}, not {root!r}")
        if depth < -1:
            raise ValueError(
                "ismcts: depth must be 0 (no limit), -1 (the game's recommendation) or more"
            )
        if top < -1:
            raise ValueError(
                "ismcts: top must be 0 (every action), -1 (the game's recommendation) or more"
            )
        if window < 1:
            raise ValueError("ismcts: window must be at least 1 (actions a seat in a window)")
        if rounds < 1:
            raise ValueError("ismcts: rounds must be at least 1 (turns of lookahead)")
        if temperature < 0 or horizon < -1:
            raise ValueError(
                "ismcts: temperature must be positive (0: the game's) and horizon at least -1"
            )
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.epsilon = epsilon
        self.horizon = horizon
        self.turns = turns
        self.guide = guide
        self.temperature = temperature
        self.rank_weight = rank_weight
        self.own_views = own_views
        self.settle = settle
        self.opponents = opponents
        self.root = root
        self.depth = depth
        self.window = window
        self.top = top
        self.rounds = rounds
        self.last_iterations = 0
        self._policies: dict[Game, RolloutPolicy] = {}

    # ----- the decision -------------------------------------------------------
    def remark(self, obs: Observation, action: Action) -> Remark | None:
        """What this seat says with ``action``: the game's reason, if the
        search chose an action the game's rules of thumb can state one for."""
        return game_remark(obs, action)

    def act(self, obs: Observation) -> Action:
        """Search from ``obs`` within the budget; return the chosen root action."""
        if not obs.legal:
            raise ValueError("no legal action to choose from")
        if len(obs.legal) == 1:
            self.last_iterations = 0
            return obs.legal[0]
        root = _Node()
        game = obs.game
        settings = self.settings(game)
        choose = policy_for(game)
        has_heuristic = choose is not None
        search = _Search(
            obs,
            root,
            self._policy(game),
            estimate_for(game) if self.horizon >= 0 else None,
            settings,
            model=settings["opponents"] == "heuristic" and has_heuristic,
            macro=self.turns and has_heuristic,
        )
        top = int(settings["top"])  # type: ignore[call-overload]
        shortlist = self._shortlist(obs, top) if top and has_heuristic else None
        if shortlist is not None:
            if len(shortlist) == 1:
                self.last_iterations = 0
                return shortlist[0]
            search.arms = frozenset(shortlist)
        if self.guide <= 0:
            choose = None
        if settings["root"] == "halving":
            hint = self._hint(obs, choose, shortlist)
            return self._halving(search, hint, shortlist or obs.legal)
        self.last_iterations = self._ucb_root(search)
        stats = root.stats.get(obs.seat, {})
        best = self._best(stats, shortlist or obs.legal)
        hint = self._hint(obs, choose, shortlist)
        return best if hint is None else self._guided(stats, best, hint)

    def _shortlist(self, obs: Observation, k: int) -> list[Action] | None:
        """(``top``) The game's ``k`` best candidates by its heuristic's
        ranking (its choice first), None for a game without a ranking."""
        rank = ranking_for(obs.game)
        if rank is None:
            return None
        picks = [a for a in rank(obs.view, obs.legal, self.rng) if a in obs.legal][:k]
        return picks or None

    def _hint(
        self, obs: Observation, choose: Heuristic | None, shortlist: list[Action] | None
    ) -> Action | None:
        """The heuristic's choice the search must beat (None: no guide)."""
        if choose is None:
            return None
        return shortlist[0] if shortlist else choose(obs.view, obs.legal, self.rng)

    def settings(self, game: Game | str) -> dict[str, object]:
        """``iterations``, ``opponents``, ``root`` and ``temperature`` as this
        bot plays ``game`` (a Game, or a registered game's name): as given,
        or where left to the game (:data:`AUTO`) as the game recommends (its
        ``bot.SEARCH``), else as :data:`FALLBACK`."""
        recommended = {**FALLBACK, **search_settings_for(game)}
        given = {key: getattr(self, key) for key in AUTO}
        return {
            key: recommended[key] if value == AUTO[key] else value for key, value in given.items()
        }

    def _ucb_root(self, search: _Search) -> int:
        """Iterate within the budget, the root action selected by UCB like any
        other; the number of iterations done."""
        deadline = time.perf_counter() + self.seconds if self.seconds else math.inf
        done = 0
        while (not search.iterations or done < search.iterations) and (
            not done or time.perf_counter() < deadline
        ):
            self._iterate(search, search.obs.determinize(self.rng), self.rng)
            done += 1
        return done

    def _halving(
        self, search: _Search, hint: Action | None, candidates: Sequence[Action]
    ) -> Action:
        """Sequential halving at the root (Karnin, Koren & Somekh, ICML 2013;
        at the root of a tree search: Pepels, Cazenave, Winands & Lanctot,
        "Minimizing Simple and Cumulative Regret in Monte-Carlo Tree Search",
        CGW 2014): ``ceil(log2(k))`` rounds share the budget; in each, every
        surviving root action is tried in the same determinizations with the
        same random numbers (common random numbers: actions are compared on
        the same deals), then the better half by mean reward goes on. The
        heuristic's choice ``hint`` always goes on, and is the answer unless
        the last best beats it on the same samples (:meth:`_beats`)."""
        obs, seat = search.obs, search.obs.seat
        arms = list(candidates)
        paired: dict[Action, list[float]] = {a: [] for a in arms}
        rounds = max(1, math.ceil(math.log2(len(arms))))
        start = time.perf_counter()
        # ``seconds`` is a bound, not a share: past it the search stops, even
        # within a round (every arm sampled once a round had let a server's
        # "2 s a decision" run to 7 s, an attack found, at 8 players)
        end = start + self.seconds if self.seconds else math.inf
        done = 0
        stats = search.root.stats.setdefault(seat, {})
        for r in range(1, rounds + 1):
            quota = search.iterations * r / rounds if search.iterations else math.inf
            deadline = start + self.seconds * r / rounds if self.seconds else math.inf
            sampled = False
            while not sampled or (done + len(arms) <= quota and time.perf_counter() < deadline):
                sampled = True
                deal_seed, play_seed = self.rng.getrandbits(64), self.rng.getrandbits(64)
                deal = obs.determinize(random.Random(deal_seed))
                for arm in arms:
                    if done and time.perf_counter() >= end:
                        break
                    paired[arm].append(
                        self._iterate(search, deal.clone(), random.Random(play_seed), arm)
                    )
                    done += 1
            if done and time.perf_counter() >= end:  # the arms tried, the best first
                arms = sorted((a for a in arms if paired[a]), key=lambda a: -_mean(stats[a]))
                break
            ranked = sorted(arms, key=lambda a: -_mean(stats[a]))
            arms = ranked[: math.ceil(len(arms) / 2)]
            if hint is not None and hint not in arms:
                arms.append(hint)
        self.last_iterations = done
        best = arms[0]
        if hint is None or best == hint or hint not in arms:
            return best
        n = min(len(paired[best]), len(paired[hint]))  # the same deals, where time cut a pass
        return best if self._beats(paired[best][:n], paired[hint][:n]) else hint

    def _beats(self, best: Sequence[float], hint: Sequence[float]) -> bool:
        """Whether rewards ``best`` beat ``hint``, earned on the same samples,
        by ``guide`` standard errors of their paired differences (the
        differences' sample variance: common random numbers make it small
        where the two actions lead alike)."""
        diffs = [b - h for b, h in zip(best, hint, strict=True)]
        n = len(diffs)
        if n < 2:
            return False
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > self.guide * math.sqrt(variance / n)

    def _guided(self, stats: dict[Action, Stat], best: Action, hint: Action) -> Action:
        """The heuristic's ``hint`` unless the search's ``best`` beats it by
        ``guide`` standard errors of the mean rewards (a weak search, on a
        small budget or a long game, then plays no worse than the heuristic)."""
        b, h = stats.get(best), stats.get(hint)
        if best == hint or b is None or h is None or not h[0] or not b[0]:
            return best
        mb, mh = b[2] / b[0], h[2] / h[0]
        # Rewards lie in [0, 1]: m (1 - m) bounds a reward's variance.
        se = math.sqrt(mb * (1 - mb) / b[0] + mh * (1 - mh) / h[0])
        return best if mb - mh > self.guide * se else hint

    def _best(self, stats: dict[Action, Stat], legal: Sequence[Action]) -> Action:
        """The most visited of the legal root actions; ties by mean reward, then order."""

        def key(item: tuple[int, Action]) -> tuple[float, float, int]:
            index, action = item
            st = stats.get(action)
            if st is None or not st[0]:
                return (0.0, 0.0, -index)
            return (st[0], st[2] / st[0], -index)

        return max(enumerate(legal), key=key)[1]

    # ----- one iteration ------------------------------------------------------
    def _iterate(
        self, search: _Search, state: State, rng: random.Random, first: Action | None = None
    ) -> float:
        """One iteration in the determinization ``state``, every random choice
        from ``rng``; ``first``: the searching seat's root action, if forced.
        Returns the searching seat's reward."""
        me = search.obs.seat
        order = _Order(self.window)
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        node = search.root
        while not state.is_over:
            forced = first if node is search.root else None
            choices = self._select_and_apply(search, node, state, rng, forced, order)
            if not choices:  # the referee's TimeUp or the modelled rivals ended the game
                break
            if search.macro and len(choices) == 1:
                self._finish_turn(state, choices[0][0], rng, order)
            path.append((node, choices))
            if search.depth and len(path) >= search.depth:
                break
            key = tuple(choices)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node()
                break
            node = child
            if search.model:
                self._advance(state, me, rng, order)
        self._evaluate_leaf(search, state, path, rng, order)
        rewards = self._rewards(search, state)
        for visited, choices in path:
            for seat, action in choices:
                st = visited.stats[seat][action]
                st[0] += 1
                st[2] += rewards[seat]
        return rewards[me]

    def _evaluate_leaf(
        self,
        search: _Search,
        state: State,
        path: list[tuple[_Node, list[tuple[int, Action]]]],
        rng: random.Random,
        order: _Order,
    ) -> None:
        """Play on from a new leaf: to the end without an estimate; with one,
        until the last mover's turn is over (with ``opponents=heuristic``,
        until the searching seat is to act again), ``horizon`` rollout
        actions, and any pending simultaneous decision (``settle``)."""
        if search.estimate is None:
            self._roll_out(state, search.policy, math.inf, rng, order)
            return
        if path:
            self._finish_turn(state, path[-1][1][-1][0], rng, order)
        if search.model:
            self._advance(state, search.obs.seat, rng, order)
            for _ in range(self.rounds - 1):
                self._own_turn(state, search.obs.seat, rng, order)
                self._advance(state, search.obs.seat, rng, order)
        self._roll_out(state, search.policy, self.horizon, rng, order)
        if self.settle:
            self._settle(state, rng, order)

    def _rewards(self, search: _Search, state: State) -> list[float]:
        """Every seat's reward: by the result at the end, else by the estimate."""
        if state.is_over:
            return seat_rewards(state.result(), self.rank_weight)
        assert search.estimate is not None
        return estimated_rewards(
            self._guesses(state, search.obs.seat, search.estimate),
            search.temperature,
            self.rank_weight,
        )

    def _guesses(self, state: State, seat: int, estimate: Estimate) -> list[float]:
        """Every seat's expected score at a leaf: each from its own view of the
        determinization (so a rival's guessed cards steer its expectation as
        they steer its choices in the tree), or all from ``seat``'s view."""
        if not self.own_views:
            return list(estimate(state.view(seat)))
        return [estimate(state.view(s))[s] for s in range(state.num_players)]

    def _select_and_apply(
        self,
        search: _Search,
        node: _Node,
        state: State,
        rng: random.Random,
        forced: Action | None,
        order: _Order,
    ) -> list[tuple[int, Action]]:
        """Every seat to act chooses from this node's statistics (decoupled when
        simultaneous) and its choice is applied at once; with
        ``opponents=heuristic`` the other seats to act play the heuristic and
        only the searching seat's choice is recorded. ``forced``: the
        searching seat's choice, made by sequential halving.

        Who acts is ``order``'s answer (the referee's rule in a window); at
        the root a searching seat that acts in a window (not waited for)
        acts alone, as it was asked to."""
        me = search.obs.seat
        if node is search.root and me not in state.to_act:
            actors: tuple[int, ...] = (me,)
        else:
            actors = order.actors(state)
        choices = []
        for i, seat in enumerate(actors):
            if i and seat not in state.to_act:
                continue  # an earlier choice ended this seat's turn
            if search.model and seat != me:
                self._heuristic_move(state, seat, rng, order)
                continue
            legal = state.legal_actions(seat)
            if node is search.root and seat == me and search.arms is not None:
                legal = [a for a in legal if a in search.arms] or legal
            if seat == me and forced is None and search.model:
                forced = self._heuristic_first(node, state, seat, legal, rng)
            action = self._select(node, seat, legal, rng, forced if seat == me else None)
            order.apply(state, seat, action)
            choices.append((seat, action))
        return choices

    def _heuristic_first(
        self, node: _Node, state: State, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        """(``opponents=heuristic``) At a node's first visit the heuristic's
        choice is tried before any other action, so that an action above it
        is first judged with the searching seat's next move played sensibly,
        not at random; None once the node has statistics."""
        stats = node.stats.get(seat)
        if stats:
            return None
        choose = policy_for(state.game)
        assert choose is not None  # opponents=heuristic needs one
        return choose(state.view(seat), legal, rng)

    def _select(
        self,
        node: _Node,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        forced: Action | None = None,
    ) -> Action:
        """UCB1 with availability counts; an untried action first (chosen at
        random); ``forced`` (if given) is counted as available and chosen."""
        stats = node.stats.setdefault(seat, {})
        untried = []
        for action in legal:
            st = stats.get(action)
            if st is None:
                stats[action] = [0.0, 1.0, 0.0]
                untried.append(action)
            else:
                st[1] += 1
                if not st[0]:
                    untried.append(action)
        if forced is not None:
            return forced
        if untried:
            return untried[rng.randrange(len(untried))]
        c, best, best_value = self.c, legal[0], -math.inf
        for action in legal:
            visits, avail, total = stats[action]
            value = total / visits + c * math.sqrt(math.log(avail) / visits)
            if value > best_value:
                best, best_value = action, value
        return best

    def _roll_out(
        self, state: State, policy: RolloutPolicy, limit: float, rng: random.Random, order: _Order
    ) -> None:
        """Play ``limit`` actions (or to the end) with the rollout policy, the
        seat to act named by ``order`` (the referee's TimeUp, when it calls
        time, is not one of them)."""
        steps = 0
        while steps < limit and not state.is_over:
            actors = order.actors(state)
            if not actors:
                break
            steps += 1
            seat = actors[0]
            legal = state.legal_actions(seat)
            order.apply(state, seat, policy(state, seat, legal, rng))

    def _finish_turn(self, state: State, mover: int, rng: random.Random, order: _Order) -> None:
        """Let ``mover`` play on while it alone is to act, by the game's heuristic
        (never in a window, where nobody is waited for)."""
        while state.to_act == (mover,):
            self._heuristic_move(state, mover, rng, order)

    def _own_turn(self, state: State, me: int, rng: random.Random, order: _Order) -> None:
        """(``opponents=heuristic``, ``rounds`` > 1) The searching seat plays
        the game's heuristic while it alone is to act."""
        while not state.is_over and order.actors(state) == (me,):
            self._heuristic_move(state, me, rng, order)

    def _advance(self, state: State, me: int, rng: random.Random, order: _Order) -> None:
        """(``opponents=heuristic``) Every seat plays the game's heuristic,
        the searching seat too in decisions it shares (a vote), until the
        searching seat alone is to act (in a window: is the one the referee's
        rule names) or the game is over."""
        while True:
            actors = order.actors(state)
            if not actors or actors == (me,):
                return
            if state.to_act:
                self._all_to_act_move(state, rng, order)
            else:
                self._heuristic_move(state, actors[0], rng, order)

    def _settle(self, state: State, rng: random.Random, order: _Order) -> None:
        """Resolve a simultaneous decision pending at a leaf (a vote, sealed
        bids): every seat to act plays it by the game's heuristic, since a
        half-cast vote is no position to judge."""
        if len(state.to_act) >= 2:
            self._all_to_act_move(state, rng, order)

    def _all_to_act_move(self, state: State, rng: random.Random, order: _Order) -> None:
        """Every seat to act now plays the game's heuristic, one after another."""
        for seat in state.to_act:
            if seat in state.to_act and not state.is_over:
                self._heuristic_move(state, seat, rng, order)

    def _heuristic_move(self, state: State, seat: int, rng: random.Random, order: _Order) -> None:
        """``seat`` plays the game's heuristic choice (random without one)."""
        choose = policy_for(state.game)
        legal = state.legal_actions(seat)
        if len(legal) == 1 or choose is None:
            action = legal[rng.randrange(len(legal))]
        else:
            action = choose(state.view(seat), legal, rng)
        order.apply(state, seat, action)

    # ----- rollout policies ---------------------------------------------------
    def _policy(self, game: Game) -> RolloutPolicy:
        if self.rollout == "random":
            return random_rollout
        policy = self._policies.get(game)
        if policy is None:
            policy = self._policies[game] = _heuristic_rollout(game, self.epsilon)
        return policy


def _heuristic_rollout(game: Game | str, epsilon: float) -> RolloutPolicy:
    """The game's heuristic as a rollout policy (random with chance ``epsilon``);
    plain random for a game without a heuristic."""
    choose = policy_for(game)
    if choose is None:
        return random_rollout

    def policy(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        # The rollout runs in the searcher's own guessed state; the heuristic
        # still reads only the acting seat's view of it.
        return choose(state.view(seat), legal, rng)

    return policy
