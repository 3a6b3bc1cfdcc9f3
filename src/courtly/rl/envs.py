"""PettingZoo environments of every registered game (docs/research.md).

The agents are ``player_0`` ... ``player_{n-1}``, one per seat. An
observation is a dict: ``observation``, the game's encoding of that seat's
view (float32), and ``action_mask`` (int8), 1 exactly at the numbers of the
seat's legal actions when it is to act. The action space is the game's
numbering for the configuration (``Discrete``).

Who acts: the AEC environment selects seats by :class:`courtly.core.Referee`'s
rule, the one simulations and bots use: a seat that must act (the first of
``to_act``: simultaneous votes are taken one seat after another, each
hidden from the others until all are in), else the seat of an open window
that has acted least in it (ties to the first in ``may_act``); once every
seat of the window has taken ``window_actions`` actions there, the
environment applies the referee's time-up itself. The parallel environment
lets every seat that must or may act do so in one step, in that same order.

Rewards come at the end, from ``result()``: ``"win_share"`` (1/k to each of
the k winners, 0 to the others; nothing when nobody wins) or ``"margin"``
(the seat's score minus the best other score). An action outside the mask
changes nothing: the same seat is asked again, its info says
``illegal_action``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from courtly.core import (
    REFEREE,
    WINDOW_ACTIONS,
    Action,
    Game,
    IllegalAction,
    Numbering,
    Phase,
    Referee,
    Result,
    State,
    TimeUp,
)
from courtly.core.encoding import Encoding, Features
from courtly.rl.arrays import dense

REWARDS = ("win_share", "margin")
#: The keys of the acting seat's info (with the infos on).
INFO_KEYS = ("view", "legal_actions")

_PENDING = object()


class LazyInfo(dict[str, Any]):
    """An info dict whose values are made when first read: its keys are
    there from the start, their values made together by one function at the
    first read of any (most training loops never read the infos, and
    building them was most of a step). Every way of reading a value goes
    through :meth:`__getitem__`, so it compares, copies, prints and pickles
    as the plain dict would."""

    __slots__ = ("_make",)

    def __init__(self, keys: Iterable[str] = (),
                 make: Callable[[], Mapping[str, Any]] | None = None) -> None:
        super().__init__(dict.fromkeys(keys, _PENDING))
        self._make = make

    @classmethod
    def of_keys(cls, template: Mapping[str, Any], make: Callable[[], Mapping[str, Any]]
                ) -> LazyInfo:
        """``LazyInfo(keys, make)`` from ``template``, a dict of those keys each
        mapped to the pending mark (:data:`_INFO_TEMPLATE`): the environments
        make one at every step, and copying the keys costs less than
        ``__init__``'s way."""
        out = cls.__new__(cls)
        dict.update(out, template)
        out._make = make
        return out

    def plus(self, **more: Any) -> LazyInfo:
        """A copy with ``more`` items after these, nothing made yet that was not."""
        out = LazyInfo()
        dict.update(out, dict.items(self))
        out._make = self._make
        for key, value in more.items():
            out[key] = value
        return out

    def _filled(self) -> LazyInfo:
        if self._make is not None:
            made = self._make()
            self._make = None
            for key, value in made.items():
                if dict.get(self, key) is _PENDING:
                    dict.__setitem__(self, key, value)
        return self

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if value is _PENDING:
            value = dict.__getitem__(self._filled(), key)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        """The value at ``key`` (made now if not yet), else ``default``."""
        if key not in self:
            return default
        return self[key]

    def __iter__(self) -> Iterator[str]:
        # overridden so that dict(info) and {**info} read through __getitem__
        return super().__iter__()

    def values(self) -> Any:
        """Every value (all made now)."""
        return dict(self._filled()).values()

    def items(self) -> Any:
        """Every item (all made now)."""
        return dict(self._filled()).items()

    def copy(self) -> dict[str, Any]:
        """A plain dict of every item."""
        return dict(self._filled())

    def pop(self, key: str, *default: Any) -> Any:
        """Remove ``key`` and return its value (made now)."""
        if key in self:
            value = self[key]
            super().pop(key)
            return value
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, Any]:
        """Remove and return the last item (its value made now)."""
        key = next(reversed(self))
        return key, self.pop(key)

    def setdefault(self, key: str, default: Any = None) -> Any:
        """The value at ``key`` (made now), setting ``default`` if absent."""
        if key not in self:
            self[key] = default
        return self[key]

    def __eq__(self, other: object) -> bool:
        return dict(self._filled()) == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __or__(self, other: Any) -> Any:
        return dict(self._filled()) | other

    def __ror__(self, other: Any) -> Any:
        return other | dict(self._filled())

    def __repr__(self) -> str:
        return repr(dict(self._filled()))

    def __reduce__(self) -> Any:
        return dict, (dict(self._filled()),)


#: Every info key, its value not made yet (:meth:`LazyInfo.of_keys`).
_INFO_TEMPLATE = dict.fromkeys(INFO_KEYS, _PENDING)


def action_number(value: Any) -> int | None:
    """``value`` as an action number (``int(value)``), or None where it is
    none: None, a string that is no integer, an infinity, a NaN."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        return None


def _place(numbers: list[int] | None, number: int) -> int | None:
    """Where ``number`` is in ``numbers`` (None if not, or no list)."""
    if numbers is None:
        return None
    try:
        return numbers.index(number)
    except ValueError:
        return None


class Table:
    """What both environments share: the game, its configuration, the
    numbering and encoding, the spaces, and the state with its referee."""

    def __init__(self, game: str | Game, num_players: int | None,
                 options: Mapping[str, Any] | None, reward: str = "win_share",
                 window_actions: int = WINDOW_ACTIONS, infos: bool = True) -> None:
        from courtly.registry import game as lookup

        self.game = lookup(game) if isinstance(game, str) else game
        if num_players is None:
            num_players = self.game.player_range(
                self.game.default_options() | dict(options or {}))[0]
        self.num_players = num_players
        self.options = self.game.check_options(num_players, options)
        encoding = self.game.companions.encoding
        if encoding is None:
            raise ValueError(f"{self.game.name} declares no encoding (its numbering and "
                             "observation: docs/research.md)")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.encoding: Encoding = encoding
        self.observe_state: Callable[[State, int], Features] | None = getattr(
            encoding, "observe_state", None)
        #: Its observation as an array straight from the state, where it
        #: has one (``observe_array``, equal to ``dense`` of ``observe``).
        self.observe_array: Callable[[State, int], np.ndarray] | None = getattr(
            encoding, "observe_array", None)
        self.numbering: Numbering = encoding.numbering(num_players, self.options)
        self.reward, self.window_actions, self.with_infos = reward, window_actions, infos
        self.agents_all = [f"player_{i}" for i in range(num_players)]
        size = encoding.observe(self.game.new_game(num_players, 0, self.options).view(0)).size
        self.obs_space = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.numbering.size,), np.int8)})
            for a in self.agents_all}
        self.act_space = {a: spaces.Discrete(self.numbering.size) for a in self.agents_all}
        self.state: State = self.game.new_game(num_players, 0, self.options)
        self.referee = Referee(window_actions)
        #: Views and legal actions of the current position by seat (the
        #: observation, the mask and the info of one step share them),
        #: emptied at every action.
        self.views: dict[int, dict[str, Any]] = {}
        self.legal: dict[int, list[Action]] = {}
        self.numbers: dict[int, list[int]] = {}
        #: The phase of the current position, once ``due`` has read it.
        self.phase_now: Phase | None = None
        #: Whether ``due`` found the referee counting nothing at the current
        #: position (no window open or followed): an action then needs no
        #: phase read for :meth:`Referee.acted`, which would count nothing.
        self.uncounted = False
        #: Actions applied to ``state`` since ``new``: a position's name, for
        #: infos read after play moved on (:class:`LazyInfo`).
        self.moves = 0

    def new(self, seed: int | None) -> None:
        """A new game: the seed makes it, and the environment, reproducible."""
        self.state = self.game.new_game(self.num_players, seed, self.options)
        self.referee = Referee(self.window_actions)
        self.moved()
        self.moves = 0

    def moved(self) -> None:
        """The position changed: forget what was computed of the last one."""
        self.views = {}
        self.legal = {}
        self.numbers = {}
        self.phase_now = None
        self.uncounted = False
        self.moves += 1

    def due(self) -> int | None:
        """The seat to act by the referee's rule, applying time-ups; None once over."""
        state, referee = self.state, self.referee
        while not state.is_over:
            if not referee.counting:
                to_act = state.to_act
                if to_act and not state.may_act:
                    # what referee.next_seat would say, without building the phase
                    self.uncounted = True
                    return to_act[0]
            phase = state.phase
            seat = self.referee.next_seat_in(phase)
            if seat != REFEREE:
                self.phase_now = phase
                return seat
            if not phase.referee_may_act:
                raise RuntimeError(f"{self.game.name}: nobody may act in phase {phase.name}")
            state.apply(REFEREE, TimeUp())
            self.moved()
            self.referee.acted(phase, REFEREE)
        return None

    def is_seat(self, seat: Any) -> bool:
        """Whether ``seat`` is a seat of this game: a plain int in range, as
        the game's own ``State`` checks it (no bool, no numpy integer)."""
        return type(seat) is int and 0 <= seat < self.num_players

    def play(self, seat: int, number: Any) -> bool:
        """Apply ``seat``'s action numbered ``number`` if legal; whether it was
        (what is no seat or no number is refused: :meth:`is_seat`,
        :func:`action_number`).

        A number of the seat's mask is its menu's action at the same place,
        applied as the menu's choice (``apply_choice``: no check again of
        what the menu says is legal); any other number goes through
        ``apply``'s check."""
        number = action_number(number)
        if number is None or not self.is_seat(seat):
            return False
        state = self.state
        phase = None if self.uncounted else self.phase_now or state.phase
        k = _place(self.numbers.get(seat), number)
        if k is not None:
            state.apply_choice(seat, k)
        else:
            try:
                state.apply(seat, self.numbering.action(number))
            except (IndexError, IllegalAction):
                return False
        self.moved()
        if phase is not None:
            self.referee.acted(phase, seat)
        return True

    def numbered(self, seat: int) -> list[int]:
        """The numbers of the seat's legal actions now, in the menu's order."""
        numbers = self.numbers.get(seat)
        if numbers is None:
            numbers = self.numbers[seat] = self.numbering.indices(self.legal_actions(seat))
        return numbers

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view of the current position (not to be changed)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.state.view(seat)
        return view

    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's legal actions now (not to be changed); [] once over."""
        legal = self.legal.get(seat)
        if legal is None:
            legal = self.legal[seat] = [] if self.state.is_over else \
                self.state.legal_actions(seat)
        return legal

    def mask(self, seat: int, acting: bool) -> np.ndarray:
        """The seat's action mask: 1 at its legal actions' numbers if ``acting``,
        else empty."""
        mask = np.zeros(self.numbering.size, np.int8)
        if acting:
            mask.put(self.numbered(seat), 1)
        return mask

    def observation(self, seat: int, acting: bool) -> dict[str, np.ndarray]:
        """The seat's observation; its mask is empty unless ``acting``."""
        mask = self.mask(seat, acting)
        if self.observe_array is not None:
            return {"observation": self.observe_array(self.state, seat), "action_mask": mask}
        return {"observation": dense(self.features(seat)), "action_mask": mask}

    def features(self, seat: int) -> Features:
        """The encoding of the seat's view: read from the state directly where
        the game's encoding can (``observe_state``, equal to ``observe`` of
        the view by test), else from the view."""
        if self.observe_state is not None:
            return self.observe_state(self.state, seat)
        return self.encoding.observe(self.view(seat))

    def info(self, seat: int, acting: bool) -> dict[str, Any]:
        """For debugging: the seat's view, and its legal actions' text when
        acting (a :class:`LazyInfo`: each made when first read)."""
        if not self.with_infos:
            return {}
        state = self.state
        if state.seed is None:  # no replay to rebuild it later: made now
            return self._info(state, seat, acting, state.view(seat))
        return LazyInfo.of_keys(_INFO_TEMPLATE, functools.partial(
            self._made_info, state, self.moves, seat, acting))

    def _made_info(self, state: State, moves: int, seat: int, acting: bool
                   ) -> dict[str, Any]:
        """The info of ``seat`` at the position after ``moves`` actions of
        ``state``'s game, replayed from the seed if play has moved on."""
        if self.state is not state or self.moves != moves:
            past = self.game.new_game(self.num_players, state.seed, self.options)
            for who, action in state.record.actions[:moves]:
                past.apply(who, action)
            state = past
        return self._info(state, seat, acting, state.view(seat))

    def _info(self, state: State, seat: int, acting: bool, view: dict[str, Any]
              ) -> dict[str, Any]:
        legal = (self.legal_actions(seat) if state is self.state else state.legal_actions(seat)
                 ) if acting and not state.is_over else []
        return {"view": view, "legal_actions": [self.game.describe_action(view, a)
                                                for a in legal]}

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.is_over

    def acting(self) -> list[int]:
        """The seats that must act, then those that may; [] once over."""
        state = self.state
        return [] if state.is_over else [*state.to_act, *state.may_act]

    def result(self) -> Result:
        """The game's result (once over)."""
        return self.state.result()

    def final_rewards(self) -> list[float]:
        """Each seat's reward at the end (see the module docstring)."""
        result = self.result()
        if self.reward == "margin":
            scores = result.scores
            return [float(s - max(o for i, o in enumerate(scores) if i != seat))
                    if len(scores) > 1 else float(s) for seat, s in enumerate(scores)]
        share = 1.0 / len(result.winners) if result.winners else 0.0
        return [share if seat in result.winners else 0.0 for seat in range(self.num_players)]

    def render(self, mode: str | None) -> str | None:
        """The game's text picture of the table as a spectator sees it."""
        if mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = self.game.render(self.state.view(None))
        if mode == "human":
            print(text)
            return None
        return text


def _table(game: str | Game, num_players: int | None, options: Mapping[str, Any] | None,
           reward: str, window_actions: int, infos: bool, fast: bool) -> Table:
    """The game's fast table if ``fast`` and it has one (courtly.rl.fast), else
    a :class:`Table` on the game's engine."""
    if fast:
        from courtly.registry import GAMES
        from courtly.rl.fast import fast_table

        name = game if isinstance(game, str) else game.name
        # a Game object other than the registered one (a variant, a test's
        # double) plays on its own engine: the fast engine follows the registered rules
        if isinstance(game, str) or GAMES.get(name) is game:
            table = fast_table(name, num_players, options, reward, window_actions, infos)
            if table is not None:
                return table
    return Table(game, num_players, options, reward, window_actions, infos)


class CourtlyEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """A game as a PettingZoo AEC environment (see the module docstring).

    ``max_cycles``: truncate after that many cycles, a cycle being one step
    per seat (``max_cycles * num_players`` steps); None for no limit.
    ``fast``: step on the game's fast engine where it has one
    (courtly.rl.fast; the same game, step for step), else on its own.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"],
                                          "name": "courtly_v0", "is_parallelizable": True}

    def __init__(self, game: str | Game, num_players: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 *, reward: str = "win_share", max_cycles: int | None = None,
                 window_actions: int = WINDOW_ACTIONS, infos: bool = True,
                 fast: bool = True) -> None:
        super().__init__()
        self.table = _table(game, num_players, options, reward, window_actions, infos, fast)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(self.table.agents_all)
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._steps = 0

    @functools.cache  # noqa: B019 - the same object each time, as the API asks
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object at every call)."""
        return self.table.obs_space[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's numbering for this configuration, as ``Discrete``."""
        return self.table.act_space[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``seed`` makes it reproducible); ``options`` is unused:
        the game's options are the environment's."""
        self.table.new(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._select()

    def _select(self) -> None:
        seat = self.table.due()
        if seat is None:
            for agent, reward in zip(self.possible_agents, self.table.final_rewards(),
                                     strict=True):
                if agent in self.agents:
                    self.rewards[agent] = reward
                    self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = agent = self.possible_agents[seat]
        # only the seat to act has something to read: the others' earlier
        # infos would describe a position gone by
        infos = self.infos = {a: {} for a in self.agents}
        if self.table.with_infos:
            infos[agent] = self.table.info(seat, True)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation (its mask is empty unless it is selected)."""
        seat = self._seats.get(agent)
        if seat is None:  # not an agent: the error list.index gives
            seat = self.possible_agents.index(agent)
        acting = agent == self.agent_selection and not self.terminations.get(agent, True)
        return self.table.observation(seat, acting)

    def step(self, action: int | None) -> None:
        """The selected seat's action; None for a seat that is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        seat = self._seats[agent]
        legal = action is not None and self.table.play(seat, action)
        self._steps += 1
        self._select()
        if not legal:
            info = self.infos.get(agent, {})
            self.infos[agent] = info.plus(illegal_action=True) if isinstance(info, LazyInfo) \
                else dict(info, illegal_action=True)
        if (self.max_cycles is not None and not self.table.over
                and self._steps >= self.max_cycles * len(self.possible_agents)):
            self.truncations = dict.fromkeys(self.agents, True)
        if self.table.over:  # before the end every reward is 0.0: nothing to add
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game's text picture (``ansi``: returned; ``human``: printed)."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class CourtlyParallelEnv(ParallelEnv[str, dict[str, np.ndarray], int]):
    """A game as a PettingZoo parallel environment: in each step every seat
    that must or may act acts, in the referee's order (the seats that must
    act, then the window's, each by ``may_act``'s order); an action that is
    not legal when its turn in the step comes, the state having moved on, is
    dropped and the seat is asked again. Seats with nothing to do send any
    action (ignored; their mask is empty). ``max_cycles`` truncates after that
    many steps."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"],
                                          "name": "courtly_v0"}

    def __init__(self, game: str | Game, num_players: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 *, reward: str = "win_share", max_cycles: int | None = None,
                 window_actions: int = WINDOW_ACTIONS, infos: bool = True,
                 fast: bool = True) -> None:
        self.table = _table(game, num_players, options, reward, window_actions, infos, fast)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = list(self.table.agents_all)
        self.agents = list(self.possible_agents)
        self._steps = 0

    @functools.cache  # noqa: B019
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object at every call)."""
        return self.table.obs_space[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The game's numbering for this configuration, as ``Discrete``."""
        return self.table.act_space[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """A new game; every agent's observation and info."""
        self.table.new(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        self.table.due()
        return self._observe_all(), self._infos()

    def _acting(self) -> list[int]:
        return self.table.acting()

    def _observe_all(self) -> dict[str, dict[str, np.ndarray]]:
        acting = set(self._acting())
        return {a: self.table.observation(i, i in acting)
                for i, a in enumerate(self.possible_agents) if a in self.agents}

    def _infos(self, illegal: frozenset[int] = frozenset()) -> dict[str, dict[str, Any]]:
        acting = set(self._acting())
        out = {a: self.table.info(i, i in acting) for i, a in enumerate(self.possible_agents)
               if a in self.agents}
        for seat in illegal:
            out[self.possible_agents[seat]]["illegal_action"] = True
        return out

    def step(self, actions: Mapping[str, int]) -> tuple[
            dict[str, dict[str, np.ndarray]], dict[str, float], dict[str, bool],
            dict[str, bool], dict[str, dict[str, Any]]]:
        """Every acting seat's action, in the referee's order; then the
        referee's time-up if due."""
        illegal = set()
        for seat in self._acting():
            if self.table.over:
                break
            number = actions.get(self.possible_agents[seat])
            if number is None or not self.table.play(seat, number):
                illegal.add(seat)
        self.table.due()
        self._steps += 1
        over = self.table.over
        rewards = dict(zip(self.possible_agents, self.table.final_rewards(), strict=True)
                       ) if over else dict.fromkeys(self.agents, 0.0)
        truncated = (not over and self.max_cycles is not None
                     and self._steps >= self.max_cycles)
        obs, infos = self._observe_all(), self._infos(frozenset(illegal))
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        rewards = {a: rewards[a] for a in self.agents}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The game's text picture (``ansi``: returned; ``human``: printed)."""
        return self.table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""
