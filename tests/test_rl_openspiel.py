"""Every registered game as an OpenSpiel game (courtly.rl.openspiel;
docs/research.md): OpenSpiel's own random simulation test, serialization
by the record, resampling by determinize, and OpenSpiel's IS-MCTS bot
playing whole games."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import courtly  # noqa: E402
from courtly.rl import openspiel as cos  # noqa: E402

#: A small configuration of each game, so that a whole game is quick.
SMALL: dict[str, dict[str, Any]] = {
    "courtisans": {"players": 2},
    "vive_le_roi": {"players": 2},
    "fief": {"players": 3, "turn_limit": 1},
    "versailles": {"players": 2, "turn_limit": 2},
}


@pytest.fixture(scope="module", autouse=True)
def registered() -> list[str]:
    """Every game registered once for the module."""
    return cos.register()


def _load(name: str, seed: int = 1) -> Any:
    return pyspiel.load_game(cos.PREFIX + name, {**SMALL[name], "seed": seed})


def test_every_game_is_registered_with_its_type() -> None:
    """courtly_<game>, sequential, imperfect information, sampled chance,
    terminal rewards; the options are game parameters."""
    assert sorted(cos.register()) == sorted(cos.PREFIX + n for n in courtly.GAMES)
    for name in courtly.GAMES:
        game = _load(name)
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        enc = courtly.game(name).companions.encoding
        assert enc is not None
        assert game.num_distinct_actions() == enc.numbering(
            game.num_players(), game.game_options).size
    fief = pyspiel.load_game("courtly_fief", {"players": 4, "turn_limit": 5})
    assert fief.game_options["turn_limit"] == 5 and fief.num_players() == 4


@pytest.mark.parametrize("name", sorted(SMALL))
def test_openspiels_random_simulation_test(name: str) -> None:
    """pyspiel.random_sim_test, without its serialization part: that part
    saves the game's random generator through Game::GetRNGState, which
    pyspiel does not pass on to a Python game. The equivalent is the next
    test."""
    pyspiel.random_sim_test(_load(name), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_serialization_is_the_record(name: str) -> None:
    """At every step of a random game, deserialize(serialize()) gives the
    same state: its record, its picture, its player, its legal actions."""
    game = _load(name, seed=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        back = game.deserialize_state(state.serialize())
        assert back.state.record == state.state.record
        assert str(back) == str(state)
        assert back.current_player() == state.current_player()
        assert back.legal_actions() == state.legal_actions()
        state.apply_action(rng.choice(state.legal_actions()))
    assert game.deserialize_state(state.serialize()).returns() == state.returns()


@pytest.mark.parametrize("name", sorted(SMALL))
def test_resampling_keeps_what_the_player_knows(name: str) -> None:
    """resample_from_infostate (determinize): the player's observation and
    information state are those of the true state; the guess plays on."""
    game = _load(name, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        if step % 5 == 0:
            guess = state.resample_from_infostate(player, sampler)
            assert guess.observation_string(player) == state.observation_string(player)
            assert guess.observation_tensor(player) == state.observation_tensor(player)
            assert guess.information_state_string(player) == \
                state.information_state_string(player)
            assert guess.legal_actions() == state.legal_actions()
            guess.apply_action(rng.choice(guess.legal_actions()))
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", sorted(SMALL))
def test_openspiels_ismcts_bot_plays_whole_games(name: str) -> None:
    """OpenSpiel's IS-MCTS bot (random rollouts) in seat 0, the others at
    random, to the end of a game."""
    game = _load(name, seed=4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=None)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3,
                           use_observation_string=True, allow_inconsistent_action_sets=True,
                           random_state=np.random.RandomState(4))
    state = game.new_initial_state()
    rng = random.Random(4)
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            moves += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert moves > 0
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))
