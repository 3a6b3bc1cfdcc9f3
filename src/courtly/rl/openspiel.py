"""Every registered game as an OpenSpiel game (docs/research.md):
``courtly.rl.openspiel.register()`` then ``pyspiel.load_game("courtly_fief",
{"players": 4, "turn_limit": 5})``.

The game type, and why:

- **Sequential.** Seats act one at a time by :class:`courtly.core.Referee`'s
  rule (the PettingZoo AEC order), the referee's time-ups applied between
  them. Simultaneous choices (Vive le Roi's votes and Ambitions, Fief's
  sealed bids) are taken one seat after another, each hidden from the
  others until all are in: the imperfect information keeps them
  simultaneous, and OpenSpiel's IS-MCTS takes only sequential games.
- **Imperfect information**, every game hiding hands, cards or votes.
- **Sampled stochastic chance.** The rules draw inside a move (a card dealt
  after a turn, a die in a combat) from the state's own seeded RNG, and the
  games expose no chance nodes; making each draw an explicit chance node
  would mean rewriting every game's rules, so chance is sampled: the seed
  is the game parameter ``seed`` (-1: a fresh one per game), and the
  record (seed and actions) is the serialized state.
- **Terminal rewards**: the win share (1/k to each of k winners), general
  sum (nobody wins when Vive le Roi's Emissary does).

Tensors: the observation and the information-state tensors are both the
game's encoding of the seat's view (views keep what the rules let a player
remember, not every past event). Strings: the observation string is the
seat's view as JSON; the information-state string is the seat's whole past
(its view at the start and every event as it saw it): perfect recall.
``resample_from_infostate`` is ``determinize``; in the guessed world the
other seats' information-state strings are their current views (their past
there is not known), so IS-MCTS keys on observation strings.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from courtly.core import REFEREE, Game, GameRecord, Referee, State, TimeUp
from courtly.core.encoding import Encoding, Numbering, observe_seat
from courtly.rl.arrays import dense

PREFIX = "courtly_"
#: OpenSpiel asks for a bound on a game's length. No game declares one, and
#: Fief's grows with its turn limit (about 700 random actions a turn, up
#: to 200 turns): a loose bound, well above any.
MAX_GAME_LENGTH = 10_000_000


def register(names: list[str] | None = None) -> list[str]:
    """Register every registered game with an encoding (or those named) as
    ``courtly_<game>``; returns the OpenSpiel names. Registering again is
    harmless."""
    from courtly.registry import GAMES

    out = []
    for name, game in GAMES.items():
        if (names is None or name in names) and game.companions.encoding is not None:
            short = PREFIX + name
            if short not in pyspiel.registered_names():
                pyspiel.register_game(_game_type(game), _creator(game))
            out.append(short)
    return out


def _game_type(game: Game) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": game.player_range(game.default_options())[0],
                              "seed": -1}
    params.update(game.default_options())
    return pyspiel.GameType(
        short_name=PREFIX + game.name, long_name=f"courtly {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players, min_num_players=game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


def _creator(game: Game) -> type[CourtlyGame]:
    """A class per game, as OpenSpiel's Python games register theirs (a
    closure held only by OpenSpiel's registry would be freed after the
    interpreter, which aborts at exit)."""
    return type(f"Courtly{game.name.title().replace('_', '')}Game", (CourtlyGame,),
                {"courtly_game": game, "__module__": __name__})


class CourtlyGame(pyspiel.Game):
    """One courtly game and configuration, for OpenSpiel."""

    courtly_game: Game

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.courtly_game
        values = {k: (v.value() if hasattr(v, "value") else v) for k, v in (params or {}).items()}
        self.courtly = game
        n = int(values.get("players", game.player_range(game.default_options())[0]))
        chosen = {k: values[k] for k in game.options if k in values}
        self.game_options = game.check_options(n, chosen)
        encoding = game.companions.encoding
        assert encoding is not None
        self.encoding: Encoding = encoding
        self.numbering: Numbering = encoding.numbering(n, self.game_options)
        seed = int(values.get("seed", -1))
        self._seeds = random.Random(seed) if seed >= 0 else random.SystemRandom()
        sample = game.new_game(n, 0, self.game_options)
        self.obs_size = encoding.observe(sample.view(0)).size
        info = pyspiel.GameInfo(num_distinct_actions=self.numbering.size, max_chance_outcomes=0,
                                num_players=n, min_utility=0.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(game), info, {"players": n, **{
            k: v for k, v in values.items() if k != "players"}})

    def new_initial_state(self) -> CourtlyState:
        """A new game, its seed drawn from the game's own seeds."""
        return CourtlyState(self, self.courtly.new_game(
            self.num_players(), self._seeds.randrange(2**63), self.game_options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer: perfect recall gives the information state."""
        recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return Observer(self, recall)

    def deserialize_state(self, text: str) -> CourtlyState:
        """The state a serialized record describes, replayed: its seats'
        actions, the referee's time-ups coming back by the referee's rule
        (a record played here has them exactly there)."""
        record = GameRecord.from_json(json.loads(text), self.courtly)
        fresh = self.courtly.new_game(record.num_players, record.seed, record.options)
        state = CourtlyState(self, fresh)
        for seat, action in record.actions:
            if seat != REFEREE:
                state.apply_action(self.numbering.index(action))
        return state


class Play:
    """What a state holds: the courtly state, the referee that picks who
    acts, each seat's past as it saw it, the seat due. OpenSpiel copies a
    Python state by deep-copying its attributes: this copies itself fast."""

    __slots__ = ("logs", "referee", "seat", "state")

    def __init__(self, state: State, referee: Referee, logs: list[list[str]], seat: int) -> None:
        self.state, self.referee, self.logs, self.seat = state, referee, logs, seat

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return Play(self.state.clone(), _copy_referee(self.referee),
                    [list(log) for log in self.logs], self.seat)

    def advance(self) -> None:
        """The seat due, the referee's time-ups applied; TERMINAL once over."""
        state = self.state
        while not state.is_over:
            seat = self.referee.next_seat(state)
            if seat != REFEREE:
                self.seat = seat
                return
            phase = state.phase
            self.log(state.apply(REFEREE, TimeUp()))
            self.referee.acted(phase, REFEREE)
        self.seat = int(pyspiel.PlayerId.TERMINAL)

    def log(self, events: list[Any]) -> None:
        """Each seat's past: the events as it saw them."""
        for seat, log in enumerate(self.logs):
            seen = (e.for_seat(seat) for e in events)
            log.extend(e.text for e in seen if e is not None)


class CourtlyState(pyspiel.State):
    """A courtly state for OpenSpiel (see :class:`Play`)."""

    def __init__(self, game: CourtlyGame, state: State, referee: Referee | None = None,
                 logs: list[list[str]] | None = None) -> None:
        super().__init__(game)
        if logs is None:
            logs = [[json.dumps(state.view(s), sort_keys=True)]
                    for s in range(state.num_players)]
        self.play = Play(state, referee or Referee(), logs, 0)
        self.play.advance()

    @property
    def state(self) -> State:
        """The courtly state."""
        return self.play.state

    @property
    def _game(self) -> CourtlyGame:
        game: CourtlyGame = self.get_game()
        return game

    def current_player(self) -> int:
        """The seat due, or TERMINAL."""
        return self.play.seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.play.seat:
            return []
        index = self._game.numbering.index
        return sorted(index(a) for a in self.state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        play = self.play
        seat, state = play.seat, play.state
        phase = state.phase
        play.log(state.apply(seat, self._game.numbering.action(action)))
        play.referee.acted(phase, seat)
        play.advance()

    def _action_to_string(self, player: int, action: int) -> str:
        return self._game.numbering.action(action).describe()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.state.is_over)

    def returns(self) -> list[float]:
        """The win shares at the end; zeros before."""
        n = self.state.num_players
        if not self.state.is_over:
            return [0.0] * n
        winners = self.state.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CourtlyState:
        """A world consistent with what ``player_id`` knows (``determinize``)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        guess = self.state.determinize(player_id, rng)
        logs = [list(log) if s == player_id else [json.dumps(guess.view(s), sort_keys=True)]
                for s, log in enumerate(self.play.logs)]
        return CourtlyState(self._game, guess, _copy_referee(self.play.referee), logs)

    def serialize(self) -> str:
        """The record as JSON: the seed and every action."""
        return json.dumps(self.state.record.to_json(), sort_keys=True)

    def __str__(self) -> str:
        return str(self._game.courtly.render(self.state.view(None)))


def _copy_referee(referee: Referee) -> Referee:
    out = Referee(referee.window_actions)
    out._counts, out._window = dict(referee._counts), referee._window
    return out


class Observer:
    """OpenSpiel's Python observer: the encoding of the seat's view as the
    tensor; the view as JSON, or with perfect recall the seat's past, as
    the string."""

    def __init__(self, game: CourtlyGame, recall: bool) -> None:
        self.game, self.recall = game, recall
        self.tensor = np.zeros(game.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CourtlyState, player: int) -> None:
        """The tensor of ``player``'s view."""
        self.tensor[:] = dense(observe_seat(self.game.encoding, state.state, player))

    def string_from(self, state: CourtlyState, player: int) -> str:
        """The view as JSON, or the seat's past."""
        if self.recall:
            return "\n".join(state.play.logs[player])
        return json.dumps(state.state.view(player), sort_keys=True)
