"""Every registered game as a PettingZoo environment (courtly.rl;
docs/research.md), checked by PettingZoo's own tests on every configuration.

The quick tier runs PettingZoo's checks on short stretches of play for every
configuration; the ``slow`` tier plays whole games with them.
"""

from __future__ import annotations

import copy
import functools
import json
import pickle
import random
import types
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import courtly
import courtly.rl as rl
from conformance_cases import quick_configurations
from courtly.rl import envs
from fresh_imports import imported_after
from rl_arrays import allowed


def _configurations() -> list[Any]:
    """Every configuration of every game: the everyday loop's few
    (conformance_cases.quick_configurations) as they are, the rest slow."""
    out = []
    for g in courtly.GAMES.values():
        quick = quick_configurations(g)
        for i, (n, opts) in enumerate(g.configurations()):
            marks = () if (n, opts) in quick else (pytest.mark.slow,)
            out.append(pytest.param(g.name, n, opts, id=f"{g.name}-{n}-{i}", marks=marks))
    return out


CONFIGS = _configurations()


def _each_option_set() -> list[Any]:
    """Every option set of every game once, at the first player count it allows."""
    out, seen = [], set()
    for g in courtly.GAMES.values():
        for i, (n, opts) in enumerate(g.configurations()):
            key = (g.name, tuple(sorted(opts.items())))
            if key not in seen:
                seen.add(key)
                out.append(pytest.param(g.name, n, opts, id=f"{g.name}-{n}-{i}"))
    return out


ONE_EACH = [pytest.param(g.name, *g.configurations()[-1], id=g.name)
            for g in courtly.GAMES.values()]

#: What PettingZoo's api_test says of every environment outside its own
#: classic list: a Dict observation ("observation" and "action_mask", the
#: form its own classic games use) is not a bare array.
EXPECTED = ("Observation space for each agent probably should be",
            "Observation is not a NumPy array")


@contextmanager
def only_expected_warnings() -> Iterator[None]:
    """Fail on any warning PettingZoo's tests give but the two above."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    others = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)]
    assert not others


def _run_api(game: str, n: int, opts: dict[str, Any], cycles: int) -> None:
    with only_expected_warnings():
        api_test(rl.env(game, n, opts), num_cycles=cycles)
        seed_test(lambda: rl.env(game, n, opts), num_cycles=cycles)
        parallel_api_test(rl.parallel_env(game, n, opts), num_cycles=cycles)
        parallel_seed_test(lambda: rl.parallel_env(game, n, opts), num_cycles=cycles)


@pytest.mark.parametrize(("game", "n", "opts"), CONFIGS)
def test_pettingzoo_api_and_seed_tests_on_every_configuration(
        game: str, n: int, opts: dict[str, Any]) -> None:
    """api_test, seed_test and the parallel API and seed tests, 25 cycles
    (the configurations outside the everyday loop's few are slow: 66 in all
    take some 40 s)."""
    _run_api(game, n, opts, 25)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "n", "opts"), _each_option_set())
def test_pettingzoo_tests_over_whole_games(game: str, n: int, opts: dict[str, Any]) -> None:
    """The same over 1000 cycles, whole games to their rewards, for every
    option set (every player count would take minutes of CI: Vive le Roi
    alone has 43 configurations, its 8-player games 10 s each)."""
    _run_api(game, n, opts, 1000)


def _module(game: str, n: int, opts: dict[str, Any]) -> Any:
    return types.SimpleNamespace(env=functools.partial(rl.env, game, n, opts),
                                 parallel_env=functools.partial(rl.parallel_env, game, n, opts))


@pytest.mark.parametrize(("game", "n", "opts"), ONE_EACH)
def test_max_cycles(game: str, n: int, opts: dict[str, Any]) -> None:
    """PettingZoo's max_cycles_test, its parallel half as it is; its AEC half
    cannot apply: it counts how often each agent is selected and expects
    every agent once a cycle (round robin), while courtly selects the seat
    the rules call (Courtisans' player places three cards in a row) and asks
    a seat again after an action outside its mask (the test samples without
    the mask). The equivalent here: with max_cycles=k the AEC environment
    truncates every agent after exactly k cycles of num_players steps, each
    agent then stepped once with None."""
    mod = _module(game, n, opts)
    max_cycles = 4
    par = mod.parallel_env(max_cycles=max_cycles)
    par.reset(seed=1)
    steps = 0
    while par.agents:
        actions = {a: par.action_space(a).sample() for a in par.agents}
        _, _, terms, truncs, _ = par.step(actions)
        steps += 1
        assert steps <= max_cycles + 10
    assert steps == max_cycles and all(truncs.values()) and not any(terms.values())

    env = mod.env(max_cycles=max_cycles)
    env.reset(seed=1)
    live, dead = 0, {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        if env.terminations[agent] or env.truncations[agent]:
            dead[agent] += 1
            env.step(None)
        else:
            live += 1
            env.step(env.action_space(agent).sample())
    assert live == max_cycles * n
    assert set(dead.values()) == {1}


@pytest.mark.parametrize(("game", "n", "opts"), ONE_EACH)
def test_mask_is_the_legal_actions_and_rewards_are_the_result(
        game: str, n: int, opts: dict[str, Any]) -> None:
    """Playing by the mask to the end: the selected seat's mask is exactly
    the numbers of its legal actions, the others' empty; the info carries
    the view and the actions' text; the rewards are the win shares."""
    env = rl.env(game, n, opts)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    numbering = env.unwrapped.table.numbering
    for agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        state = env.unwrapped.table.state  # the game's engine now (a fast table replays it)
        legal = state.legal_actions(seat)
        assert set(allowed(obs["action_mask"])) == {numbering.index(a) for a in legal}
        assert info["view"] == state.view(seat)
        assert len(info["legal_actions"]) == len(legal)
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(allowed(obs["action_mask"]))))
    state = env.unwrapped.table.state
    result = state.result()
    shares = [1 / len(result.winners) if s in result.winners else 0.0 for s in range(n)]
    assert state.is_over and shares == pytest.approx(_final_rewards(game, n, opts, 5))


def _final_rewards(game: str, n: int, opts: dict[str, Any], seed: int) -> list[float]:
    """The rewards an AEC run by the mask hands out, summed per agent."""
    return _reward_totals(rl.env(game, n, opts), seed)


def _reward_totals(env: Any, seed: int) -> list[float]:
    """Play ``env``'s game from ``seed`` by the mask; each agent's rewards summed."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(rng.choice(allowed(obs["action_mask"]))))
    return list(totals.values())


def _eager_info(state: Any, game: str, seat: int, acting: bool) -> dict[str, Any]:
    """The info as it was built before it was made lazy: at every step,
    from the position then."""
    view = state.view(seat)
    legal = state.legal_actions(seat) if acting and not state.is_over else []
    return {"view": view,
            "legal_actions": [courtly.game(game).describe_action(view, a) for a in legal]}


SMALLEST = [pytest.param(g.name, g.configurations()[0][0], g.configurations()[0][1],
                         id=g.name) for g in courtly.GAMES.values()]


@pytest.mark.parametrize(("game", "n", "opts"), SMALLEST)
def test_lazy_infos_hold_what_eager_ones_did(game: str, n: int, opts: dict[str, Any]) -> None:
    """Over seeded games (AEC and parallel), the infos are made only when
    read, and what they hold is what the infos built at every step held:
    the same keys from the start, the same values whether read at once or
    several steps later (the position they describe is rebuilt)."""
    for seed in (1, 2):
        env = rl.env(game, n, opts, max_cycles=60)
        env.reset(seed=seed)
        table = env.unwrapped.table
        rng = np.random.default_rng(seed)
        late: list[tuple[dict[str, Any], dict[str, Any]]] = []
        for step, agent in enumerate(env.agent_iter()):
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            assert list(info) == ["view", "legal_actions"]
            assert all(dict.__getitem__(info, k) is envs._PENDING for k in info)  # nothing made
            expected = _eager_info(table.state, game, seat, True)
            if step % 7 == 0:
                late.append((info, expected))
            else:
                assert info == expected and type(info["view"]) is dict
            env.step(int(rng.choice(allowed(obs["action_mask"]))))
        assert late
        for info, expected in late:  # read after play moved on, even after the end
            assert info == expected
        env.reset(seed=seed + 10)
        assert late[-1][0] == late[-1][1]  # and after a reset
        par = rl.parallel_env(game, n, opts, max_cycles=15)
        obs, infos = par.reset(seed=seed)
        kept = []
        while True:
            state = par.table.state
            acting = set() if state.is_over else {*state.to_act, *state.may_act}
            expected = {a: _eager_info(state, game, i, i in acting)
                        for i, a in enumerate(par.possible_agents) if a in infos}
            kept.append((infos, expected))
            if not par.agents:
                break
            actions = {a: int(rng.choice(allowed(o["action_mask"])))
                       if o["action_mask"].any() else 0 for a, o in obs.items()}
            obs, _, _, _, infos = par.step(actions)
        for k, (infos, expected) in enumerate(kept):
            infos = {a: {key: value for key, value in i.items() if key != "illegal_action"}
                     for a, i in infos.items()}
            assert infos == expected, k


def test_lazy_info_reads_like_a_dict() -> None:
    """Every way of reading a LazyInfo makes its values first (once): it
    compares, copies, merges, prints, serializes and pickles as the plain dict."""
    made = []

    def lazy(**values: int) -> envs.LazyInfo:
        return envs.LazyInfo(values, lambda: made.append(values) or values)

    info = lazy(a=1, b=2)
    assert "a" in info and len(info) == 2 and list(info) == ["a", "b"] and not made
    assert info["a"] == 1 and info["b"] == 2 and len(made) == 1
    plain = {"a": 1, "b": 2}
    assert info == plain and plain == info and len(made) == 1
    fresh = lazy(a=1, b=2)
    assert dict(fresh) == {**fresh} == fresh.copy() == plain
    assert json.loads(json.dumps(lazy(a=1))) == {"a": 1}
    assert pickle.loads(pickle.dumps(lazy(a=1))) == {"a": 1}
    assert copy.deepcopy(lazy(a=1)) == {"a": 1}
    assert repr(lazy(a=1)) == "{'a': 1}"
    assert list(lazy(a=1).items()) == [("a", 1)] and list(lazy(a=1).values()) == [1]
    plus = lazy(a=1).plus(illegal_action=True)
    assert list(plus) == ["a", "illegal_action"] and plus == {"a": 1, "illegal_action": True}
    assert lazy(a=1).get("a") == 1 and lazy(a=1).get("z") is None
    assert lazy(a=1).pop("a") == 1 and lazy(a=1) != {"a": 2}


def observation_digest(game: str, n: int, opts: dict[str, Any], seeds: range) -> str:
    """A digest of every observation (every seat's) and the acting seat's
    mask, reward and done flags at every step of seeded games played by the mask."""
    import hashlib

    digest = hashlib.sha256()
    env = rl.env(game, n, opts, infos=False)
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            digest.update(repr((reward, term, trunc)).encode())
            for other in env.possible_agents:
                if other != agent:
                    digest.update(env.observe(other)["observation"].tobytes())
            env.step(None if term or trunc
                     else int(rng.choice(allowed(obs["action_mask"]))))
    return digest.hexdigest()[:16]


#: observation_digest over seeds 0 and 1 at each game's first configuration,
#: as the code before issue 17's speed round gave them (view-based encoders,
#: eager infos): the faster paths must give the same arrays. A change of
#: rules or encoding changes them: re-pin then, saying why. Re-pinned since:
#: versailles, once §6's parties and the Queen's origin showed only after the sexes; fief,
#: once the observation gave the road a besieger came by (the only one he may leave by: a
#: lord-by-village grid after the lords' places, so every slot after it moved).
PINNED_OBSERVATIONS = {"courtisans": "23a28fb5615e75ed", "fief": "e88d38014b3f202e",
                       "versailles": "ad746e2f27382f9d", "vive_le_roi": "e053d7f4656bc668"}


@pytest.mark.parametrize(("game", "n", "opts"), SMALLEST)
def test_observations_and_masks_are_pinned(game: str, n: int, opts: dict[str, Any]) -> None:
    """The observations and masks of seeded games are the ones pinned."""
    assert observation_digest(game, n, opts, range(2)) == PINNED_OBSERVATIONS[game]


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "own"])
@pytest.mark.parametrize("game", sorted(courtly.GAMES))
def test_what_is_no_number_or_no_seat_is_refused(game: str, fast: bool) -> None:
    """An action that is no number (None, a string, an infinity, a NaN) or
    a seat that is none (a bool, a numpy integer, out of range) is refused
    by the table, on either engine, and nothing changes; through the
    environment the seat is asked again, told so."""
    env = rl.env(game, 3 if game != "courtisans" else 2, fast=fast)
    env.reset(seed=1)
    table = env.unwrapped.table
    seat = table.due()
    legal = table.numbered(seat)[0]
    before = tuple(table.state.record.actions)
    for number in (None, "first", float("inf"), float("-inf"), float("nan")):
        assert not table.play(seat, number), number
    for wrong in (True, False, np.int64(seat), -1, table.num_players, 10**30):
        assert not table.play(wrong, legal), wrong
    assert tuple(table.state.record.actions) == before and table.due() == seat
    agent = env.agent_selection
    env.step(float("inf"))  # type: ignore[arg-type]
    assert env.agent_selection == agent and env.infos[agent]["illegal_action"]
    assert tuple(table.state.record.actions) == before


def test_an_action_outside_the_mask_changes_nothing() -> None:
    """The same seat is asked again, told so in its info."""
    env = rl.env("courtisans", 3)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.unwrapped.table.state.record
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.agent_selection == agent and env.infos[agent]["illegal_action"]
    assert env.unwrapped.table.state.record == before


def test_windows_follow_the_referee_rule() -> None:
    """In Fief's negotiation the AEC order is the referee's: each seat of the
    window by fewest actions there, then the time-up by the environment."""
    env = rl.env("fief", 3, {"turn_limit": 2}, infos=False)
    env.reset(seed=3)
    table = env.unwrapped.table
    rng = random.Random(3)
    seen_window = False
    for agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        state = table.state
        seat = env.possible_agents.index(agent)
        if state.may_act and not state.to_act:
            seen_window = True
            assert seat == courtly.core.Referee(table.window_actions).next_seat(state) or \
                seat == table.referee.next_seat(state)
        legal = state.legal_actions(seat)
        env.step(table.numbering.index(rng.choice(legal)))
    assert seen_window


@pytest.mark.parametrize(("game", "n", "opts"), SMALLEST)
def test_the_referee_counts_as_if_every_phase_were_read(
        game: str, n: int, opts: dict[str, Any]) -> None:
    """The environment reads the phase only where the referee counts (a
    window, or a seat of one): its referee stays equal, step by step, to one
    told every phase, and it selects the seat that one names."""
    env = rl.env(game, n, opts, infos=False)
    table = env.unwrapped.table
    windows = 0
    for seed in range(2):
        env.reset(seed=seed)
        shadow = courtly.core.Referee(table.window_actions)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            phase = table.state.phase
            assert shadow.next_seat_in(phase) == seat and shadow == table.referee
            played = len(table.state.record.actions)
            env.step(int(rng.choice(allowed(obs["action_mask"]))))
            shadow.acted(phase, seat)
            for who, _ in table.state.record.actions[played + 1:]:
                assert who == courtly.REFEREE  # the environment's own time-ups
                shadow.acted(phase, who)
        windows += any(
            who == courtly.REFEREE for who, _ in table.state.record.actions)
    assert windows or game != "fief"


def test_render_is_the_games_text_picture() -> None:
    """``ansi`` returns the spectator's picture; no mode renders nothing."""
    env = rl.env("vive_le_roi", 3, render_mode="ansi")
    env.reset(seed=1)
    state = env.unwrapped.table.state
    assert env.render() == courtly.game("vive_le_roi").render(state.view(None))


def test_bad_settings_are_refused() -> None:
    """A bad player count, option or reward raises ValueError saying why."""
    with pytest.raises(ValueError, match="players"):
        rl.env("courtisans", 9)
    with pytest.raises(ValueError, match="unknown option"):
        rl.env("fief", 3, {"nope": 1})
    with pytest.raises(ValueError, match="reward"):
        rl.env("fief", 3, reward="glory")


def test_margin_rewards_are_score_differences() -> None:
    """reward="margin": each seat's score minus the best other score."""
    env = rl.env("courtisans", 2, reward="margin")
    totals = _reward_totals(env, 4)
    scores = env.unwrapped.table.state.result().scores
    assert totals == [scores[0] - scores[1], scores[1] - scores[0]]


def test_in_parallel_every_seat_of_a_window_acts_in_one_step() -> None:
    """Fief's negotiation in the parallel environment: every seat with a
    mask acts in the same step, in may_act's order, each action recorded."""
    par = rl.parallel_env("fief", 3, {"turn_limit": 2}, infos=False)
    obs, _ = par.reset(seed=3)
    table = par.table
    rng = np.random.default_rng(3)
    while par.agents:
        acting = [a for a in par.agents if obs[a]["action_mask"].any()]
        actions = {a: int(rng.choice(allowed(obs[a]["action_mask"]))) if a in acting
                   else 0 for a in par.agents}
        window = list(table.state.may_act)
        before = len(table.state.record.actions)
        obs, _, _, _, _ = par.step(actions)
        if len(window) >= 2:
            entries = table.state.record.actions[before:]
            seats = [seat for seat, _ in entries if seat >= 0]
            assert seats[:len(window)] == window
            return
    raise AssertionError("no negotiation window met")


def test_the_environments_import_no_training_library() -> None:
    """courtly.rl plays a game without Stable-Baselines3, sb3-contrib or
    torch: the training example's libraries are its own (the ``train``
    extra), never the adapters'."""
    code = ("import courtly.rl as rl\n"
            "for make in (rl.env, rl.parallel_env):\n"
            "    env = make('courtisans', 2)\n"
            "    env.reset(seed=1)\n")
    assert imported_after(code, {"torch", "stable_baselines3", "sb3_contrib"}) == []


def test_observation_arrays_are_fresh_at_every_step() -> None:
    """Changing a returned mask or observation changes no later one (the
    environment keeps no array it hands out)."""
    env = rl.env("versailles", 2, infos=False)
    env.reset(seed=3)
    first = env.observe(env.agent_selection)
    mask, obs = first["action_mask"].copy(), first["observation"].copy()
    first["action_mask"][:] = 1
    first["observation"][:] = 9.0
    again = env.observe(env.agent_selection)
    assert np.array_equal(again["action_mask"], mask)
    assert np.array_equal(again["observation"], obs)
    assert again["action_mask"].flags.writeable and again["observation"].flags.writeable
    other = next(a for a in env.agents if a != env.agent_selection)
    assert not env.observe(other)["action_mask"].any()
