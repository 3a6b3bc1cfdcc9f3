"""Each game's declaration for research tools (courtly.core.encoding,
games/<game>/encoding.py; docs/research.md): the numbering is stable and
covers every legal action, and the observation comes from the view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

import courtly
from courtly.core import Numbering, Referee, State
from courtly.core.encoding import Block, Declared, block, hashed_view, joint
from courtly.games.courtisans.actions import Play
from courtly.games.vive_le_roi.actions import Vote
from fresh_imports import imported_after

GAMES = [g for g in courtly.GAMES.values() if g.companions.encoding is not None]
CONFIGS = [pytest.param(g, n, opts, id=f"{g.name}-{n}-{i}")
           for g in GAMES for i, (n, opts) in enumerate(g.configurations())]


def test_every_registered_game_declares_an_encoding() -> None:
    """Each registered game ships its declaration (a companion)."""
    assert {g.name for g in GAMES} == set(courtly.GAMES)


def test_numbering_in_mixed_radix_round_trips() -> None:
    """A block numbers the product of its fields, the first varying slowest;
    a joint field numbers only the listed combinations."""
    num = Numbering([block(Vote, card=("yes", "no")),
                     Block(Play, (joint(("family", "role", "area", "side", "owner"),
                                        [("hares", "noble", "queen", "above", None)]),))])
    assert len(num) == 3
    assert [num.action(i) for i in range(3)] == [
        Vote("yes"), Vote("no"), Play("hares", "noble", "queen", "above", None)]
    assert num.index(Vote("no")) == 1
    with pytest.raises(KeyError):
        num.index(Vote("stomach_ache"))
    with pytest.raises(IndexError):
        num.action(3)


def test_indices_are_the_numbers_whatever_the_objects() -> None:
    """Numbering.indices, which keeps numbers by object identity, gives
    index() of each action: for the same objects again, for equal new ones,
    after its memo is emptied, from any iterable, and raises KeyError for an action without one."""
    num = Numbering([block(Vote, card=("yes", "no", "abstain"))])
    first = [Vote("no"), Vote("yes")]
    assert num.indices(first) == [1, 0] == num.indices(first)
    assert num.indices([Vote("yes"), Vote("abstain"), first[0]]) == [0, 2, 1]
    assert num.indices(a for a in first) == [1, 0] == num.indices(tuple(first))
    num.memo_limit = 1
    assert num.indices([Vote("abstain"), *first]) == [2, 1, 0]
    with pytest.raises(KeyError):
        num.indices([Vote("stomach_ache")])


def test_a_numbering_keeps_one_object_per_number_by_identity() -> None:
    """A numbering longer than the memo's floor (Fief's: 91,968 numbers at
    three seats) keeps every shared object it has met: one per number never
    empties its memo, however long the run."""
    from courtly.core import encoding

    num = Numbering([block(Vote, card=tuple(range(encoding._MEMO_LIMIT + 10)))])
    actions = [Vote(k) for k in range(num.size)]
    assert num.memo_limit == num.size
    assert num.indices(actions) == list(range(num.size))
    assert len(num._by_id) == num.size


def _play(state: State, rng: random.Random, check: object, limit: int = 400) -> None:
    """Random play by the referee's rule, calling ``check(state)`` before each step."""
    referee = Referee()
    for _ in range(limit):
        if state.is_over:
            return
        check(state)  # type: ignore[operator]
        referee.step(state, lambda s: rng.choice(state.legal_actions(s)))


@pytest.mark.parametrize(("game", "n", "opts"), CONFIGS)
def test_numbering_covers_every_legal_action_and_observations_have_one_size(
        game: courtly.Game, n: int, opts: dict[str, object]) -> None:
    """Every legal action met in a random game has a number that gives it
    back; the mask (the numbers of the legal actions) has exactly as many
    entries as the menu; every observation has the configuration's length and
    is unchanged by resampling what the seat cannot see (it reads the view only)."""
    enc = game.companions.encoding
    assert enc is not None
    num = enc.numbering(n, opts)
    assert num.size == enc.numbering(n, opts).size  # stable: declared, not discovered
    size = enc.observe(game.new_game(n, seed=1, options=opts).view(0)).size
    rng = random.Random(n)
    steps = [0]

    def check(state: State) -> None:
        steps[0] += 1
        for seat in {*state.to_act, *state.may_act}:
            legal = state.legal_actions(seat)
            numbers = {num.index(a) for a in legal}
            assert len(numbers) == len(legal)
            assert all(num.action(num.index(a)) == a for a in legal)
            if steps[0] % 8:
                continue  # the views' part is the slow one: every 8th step
            obs = enc.observe(state.view(seat))
            assert obs.size == size == len(obs.dense())
            guess = state.determinize(seat, random.Random(7))
            assert enc.observe(guess.view(seat)) == obs

    _play(game.new_game(n, seed=n * 7 + 1, options=opts), rng, check)


def _cases(method: str, first: int) -> list[Any]:
    """Every configuration of the games whose encoding offers ``method``,
    2 seeded games each, and ``first`` at the smallest one."""
    out = []
    for g in GAMES:
        if not hasattr(g.companions.encoding, method):
            continue
        for i, (n, opts) in enumerate(g.configurations()):
            seeds = range(first) if i == 0 else range(2)
            out.append(pytest.param(g, n, opts, seeds, id=f"{g.name}-{n}-{i}"))
    return out


@pytest.mark.parametrize(("game", "n", "opts", "seeds"), _cases("observe_state", 14))
def test_state_encoders_give_exactly_the_view_encoders_numbers(
        game: courtly.Game, n: int, opts: dict[str, object], seeds: range) -> None:
    """``observe_state(state, seat)`` (the encoding read from the state, for
    speed) equals ``observe(state.view(seat))`` for every seat on every
    position of seeded random games, to the end: it holds nothing the view
    does not, so nothing hidden from the seat; and it is unchanged by
    resampling what the seat cannot see."""
    for seed in seeds:
        _compare_encoders(game, game.new_game(n, seed=seed, options=opts), random.Random(seed))


def _compare_encoders(game: courtly.Game, state: State, rng: random.Random) -> None:
    enc: Any = game.companions.encoding
    steps = [0]

    def check(state: State) -> None:
        steps[0] += 1
        for seat in range(state.num_players):
            direct = enc.observe_state(state, seat)
            assert direct == enc.observe(state.view(seat)), (state.seed, steps[0], seat)
            if steps[0] % 50 == seat:
                guess = state.determinize(seat, random.Random(steps[0]))
                assert enc.observe_state(guess, seat) == direct

    _play(state, rng, check, limit=100_000)
    assert state.is_over
    check(state)


@pytest.mark.parametrize(("game", "n", "opts", "seeds"), _cases("observe_array", 6))
def test_state_arrays_give_exactly_the_view_encoders_numbers(
        game: courtly.Game, n: int, opts: dict[str, object], seeds: range) -> None:
    """``observe_array(state, seat)`` (the observation as an array made at
    the cost of what changed, for speed) equals ``dense`` of the view's
    encoding for every seat on every position of seeded random games (of
    ``observe_state``'s, itself the view's by the test above; of the view's
    own every 8th step and at the end), in a guess, and whatever the caller
    does with an array it was given: each is the caller's own."""
    pytest.importorskip("numpy")
    for seed in seeds:
        _compare_arrays(game, game.new_game(n, seed=seed, options=opts), seed)


def _compare_arrays(game: courtly.Game, state: State, seed: int) -> None:
    import numpy as np

    from courtly.rl.arrays import dense

    enc: Any = game.companions.encoding
    steps = [0]
    given: list[tuple[Any, Any]] = []

    def check(state: State) -> None:
        steps[0] += 1
        for kept, copy in given:  # later play changes no array given out
            assert np.array_equal(kept, copy)
        given.clear()
        for seat in range(state.num_players):
            array = enc.observe_array(state, seat)
            assert array.dtype == np.float32
            expected = dense(enc.observe_state(state, seat))
            assert np.array_equal(array, expected), (seed, steps[0], seat)
            if steps[0] % 8 == 0 or state.is_over:
                assert np.array_equal(array, dense(enc.observe(state.view(seat))))
            if steps[0] % 50 == seat:
                guess = state.determinize(seat, random.Random(steps[0]))
                assert np.array_equal(enc.observe_array(guess, seat), array)
            given.append((array, array.copy()))
        if steps[0] % 7 == 0:  # an array changed by its caller changes nothing kept
            given[0][0][:] = 9.0
            given[0] = (given[0][0], given[0][0].copy())
            assert np.array_equal(enc.observe_array(state, 0), dense(enc.observe_state(state, 0)))

    _play(state, random.Random(seed), check, limit=100_000)
    assert state.is_over
    check(state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_number_decodes_to_an_action_that_encodes_back(game: courtly.Game) -> None:
    """The numbering is a bijection: each number's action has that number,
    and each is a well-formed action (its JSON parses back)."""
    enc = game.companions.encoding
    assert enc is not None
    n, opts = game.configurations()[-1]
    num = enc.numbering(n, opts)
    step = max(1, num.size // 3000)
    for i in range(0, num.size, step):
        action = num.action(i)
        assert num.index(action) == i
        assert game.parse_action(action.to_json()) == action


def test_the_core_stays_light() -> None:
    """Importing courtly and playing a game (with its companions loaded)
    imports neither numpy, nor PettingZoo, Gymnasium or OpenSpiel, nor the
    training example's libraries (Stable-Baselines3, sb3-contrib, torch)."""
    code = ("import random, courtly\n"
            "for g in courtly.GAMES.values():\n"
            "    g.companions\n"
            "    s = g.new_game(g.min_players if g.name != 'vive_le_roi' else 2, seed=1)\n"
            "    rng = random.Random(1)\n"
            "    for _ in range(30):\n"
            "        seat = (s.to_act or s.may_act)[0]\n"
            "        s.apply(seat, rng.choice(s.legal_actions(seat)))\n"
            "        g.companions.encoding.observe(s.view(seat))\n")
    heavy = {"numpy", "pettingzoo", "gymnasium", "pyspiel", "torch", "stable_baselines3",
             "sb3_contrib"}
    assert imported_after(code, heavy) == []


def test_the_generic_observation_reads_the_view_alone() -> None:
    """hashed_view: a fixed size, the same numbers for equal views, other
    numbers for a view that differs; Declared pairs it with a numbering."""
    game = courtly.game("courtisans")
    state = game.new_game(3, seed=1)
    view = state.view(0)
    first = hashed_view(view, 256)
    assert first.size == 256 == len(first.dense())
    assert hashed_view(state.determinize(0, random.Random(2)).view(0), 256) == first
    seat = state.to_act[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert hashed_view(state.view(0), 256) != first
    enc = game.companions.encoding
    assert enc is not None
    declared = Declared(enc.numbering)
    assert declared.numbering(3, game.default_options()).size == enc.numbering(
        3, game.default_options()).size
    assert declared.observe(view) == hashed_view(view)
