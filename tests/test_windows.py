"""Bots and simulation on a game with open windows (the test game Market,
tests/market_game.py): a seat in ``may_act`` is asked like one in ``to_act``
and may say Done; simulations, tournaments and ISMCTS's own simulations run
the window by the Referee's rule, so every game ends and the same seeds give
the same game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from courtly.bots import HeuristicBot, ISMCTSBot, Observation, RandomBot, decide, make_bot
from courtly.bots.ismcts import _Order
from courtly.core import REFEREE, WINDOW_ACTIONS, Done, GameRecord, Referee, State, TimeUp
from courtly.sim import play_job, run_jobs, tournament
from courtly.sim.runner import GameJob
from courtly.sim.simulate import bot_seeds, play_out
from market_game import GAME as MARKET
from market_game import Answer, Bid, Deal, Propose

#: Modes of the search (as in test_ismcts); Market ships no heuristic, so
#: ``opponents=heuristic`` falls back to searching every seat.
MODES = [{"opponents": "search", "root": "ucb"}, {"opponents": "heuristic", "root": "halving"}]
#: A window only the referee's rule closes (the game's own cap is far away).
OPEN = {"window_actions": 1000}


def window_shares(record: GameRecord) -> list[Counter[int]]:
    """For every window of a recorded Market game, the actions each seat took in it."""
    state = MARKET.new_game(record.num_players, record.seed, record.options)
    shares: list[Counter[int]] = []
    name = None
    for seat, action in record.actions:
        phase = state.phase
        if phase.name == "negotiate" and name != "negotiate":
            shares.append(Counter())
        name = phase.name
        if seat in phase.may_act and seat not in phase.to_act:
            shares[-1][seat] += 1
        state.apply(seat, action)
    return shares


def test_a_request_does_not_renew_the_referees_window():
    """While a proposal waits for its answer nobody else may be in the window
    (two players); the referee's counts go on through it, so proposals
    cannot keep a window open for ever. (``Referee.step`` plays each action:
    the chosen one, or the referee's TimeUp, never asking ``choose``.)"""
    state = in_window(seed=3, n=2, **OPEN)
    referee = Referee(window_actions=2)

    def choose(seat: int):
        assert seat != REFEREE
        if seat in state.to_act:
            return Answer(False)
        return Propose(1 - seat, Deal(0, tuple(state.view(None)["goods"][1 - seat][:1])))

    steps = []
    while state.phase.name == "negotiate":
        steps.append(referee.step(state, choose))
    assert [s for s, _ in steps] == [0, 1, 1, 0, 0, 1, 1, 0, REFEREE]
    assert steps[-1][1] == TimeUp()
    assert steps == list(state.record.actions)


def in_window(seed: int = 1, n: int = 3, **options: object) -> State:
    return MARKET.new_game(n, seed=seed, options=options)


# ----- what a bot sees ------------------------------------------------------------
def test_a_window_seat_is_observed_and_asked_like_any():
    state = in_window()
    assert state.to_act == () and state.may_act == (0, 1, 2)
    obs = Observation(state, 1)
    assert obs.in_window and obs.phase == state.phase and obs.game is MARKET
    assert Done() in obs.legal
    assert decide(state, 1, RandomBot(0)) in obs.legal
    state.apply(1, Done())
    with pytest.raises(ValueError, match="no legal action"):
        decide(state, 1, RandomBot(0))


def test_random_bot_is_uniform_over_the_window_menu_done_included():
    obs = Observation(in_window(n=2), 0)
    bot = RandomBot(3)
    draws = Counter(bot.act(obs) for _ in range(20 * len(obs.legal)))
    assert set(draws) <= set(obs.legal)
    assert draws[Done()] > 0
    assert len(draws) > len(obs.legal) // 2


def test_heuristic_bot_without_a_game_heuristic_leaves_the_window():
    state = in_window()
    assert HeuristicBot(0).act(Observation(state, 0)) == Done()
    # A seat that must act (an answer, a bid) plays the generic choice as before.
    goods = tuple(state.view(None)["goods"][2][:1])
    state.apply(0, Propose(2, Deal(1, goods)))
    obs = Observation(state, 2)
    assert not obs.in_window and HeuristicBot(0).act(obs) in obs.legal
    state.apply(1, Done())
    state.apply(2, obs.legal[0])
    for seat in (0, 2):
        assert HeuristicBot(0).act(Observation(state, seat)) == Done()
        state.apply(seat, Done())
    assert state.phase.name == "bid"
    assert isinstance(HeuristicBot(0).act(Observation(state, 0)), Bid)


# ----- ISMCTS -------------------------------------------------------------------------
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("n", [2, pytest.param(3, marks=pytest.mark.slow),
                               pytest.param(4, marks=pytest.mark.slow)])
def test_ismcts_plays_whole_market_games(n, mode):
    state = MARKET.new_game(n, seed=n, options=OPEN)
    bots = [ISMCTSBot(seed=s, iterations=6, **mode) for s in range(n)]
    play_out(state, bots, n)
    assert state.is_over and state.result().winners
    assert all(max(share.values(), default=0) <= WINDOW_ACTIONS
               for share in window_shares(state.record))


@pytest.mark.slow
def test_ismcts_same_seed_same_decisions_in_a_window():
    state = in_window(seed=4)
    obs = Observation(state, 2)
    first = [ISMCTSBot(seed=7, iterations=20).act(obs) for _ in range(2)]
    assert first[0] == first[1] and first[0] in obs.legal
    bot, again = ISMCTSBot(seed=7, iterations=20), ISMCTSBot(seed=7, iterations=20)
    assert [bot.act(obs) for _ in range(3)] == [again.act(obs) for _ in range(3)]
    one, two = (MARKET.new_game(3, seed=9, options=OPEN) for _ in range(2))
    play_out(one, [ISMCTSBot(seed=s, iterations=5) for s in range(3)], 9)
    play_out(two, [ISMCTSBot(seed=s, iterations=5) for s in range(3)], 9)
    assert one.record == two.record


@pytest.mark.parametrize("window", [1, 2])
def test_ismcts_simulations_keep_the_referees_bound(monkeypatch, window):
    """Inside the search, a window lasts at most ``window`` actions a seat
    (counted from the root) before the referee calls time, in the tree and
    in rollouts; the game's own cap is far away, so only that rule ends it."""
    taken: list[tuple[int, str, int, bool]] = []  # (iteration, phase, seat, window action)
    iteration = [0]
    real_apply, real_iterate = _Order.apply, ISMCTSBot._iterate

    def apply(self, state, seat, action):
        phase = state.phase
        taken.append((iteration[0], phase.name, seat, seat in phase.may_act
                      and seat not in phase.to_act))
        real_apply(self, state, seat, action)

    def iterate(self, *args):
        iteration[0] += 1
        return real_iterate(self, *args)

    monkeypatch.setattr(_Order, "apply", apply)
    monkeypatch.setattr(ISMCTSBot, "_iterate", iterate)
    state = in_window(seed=2, n=3, **OPEN)
    state.apply(1, Done())
    obs = Observation(state, 0)
    action = ISMCTSBot(seed=1, iterations=40, window=window).act(obs)
    assert action in obs.legal
    iterations = {it for it, *_ in taken}
    assert len(iterations) == 40
    referee_calls = 0
    for it in iterations:
        steps = [(name, seat, win) for i, name, seat, win in taken if i == it]
        # Only the first window counts here: the simulation starts inside it.
        first = []
        for name, seat, win in steps:
            if name != "negotiate":
                break
            first.append((seat, win))
        counts = Counter(seat for seat, win in first if win)
        assert max(counts.values(), default=0) <= window
        referee_calls += (REFEREE, False) in first
    assert referee_calls > 0  # some simulations ran the window out to the referee


@pytest.mark.slow
def test_the_search_never_hangs_where_nobody_must_act():
    """Every seat of the window, the searching one included, may act, and
    nobody is waited for: the root is the searching seat's, and below it the
    referee's rule names who acts."""
    for n in (2, 4):
        state = in_window(seed=n, n=n, **OPEN)
        assert state.to_act == ()
        for mode in MODES:
            bot = ISMCTSBot(seed=0, iterations=30, **mode)
            assert bot.act(Observation(state, n - 1)) in state.legal_actions(n - 1)
            assert bot.last_iterations >= 30  # halving may pass its share by a sample


def test_the_window_parameter():
    assert make_bot("ismcts:window=5", seed=0).window == 5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="window"):
        make_bot("ismcts:window=0")


# ----- simulation and tournaments -------------------------------------------------------
def test_play_out_runs_windows_by_the_referees_rule_reproducibly():
    records = []
    for _ in range(2):
        state = MARKET.new_game(3, seed=5, options=OPEN)
        bots = [RandomBot(s) for s in bot_seeds(5, 3)]
        actions = play_out(state, bots, 5)
        assert state.is_over and actions == len(state.record.actions)
        records.append(state.record)
    assert records[0] == records[1]
    # Random bots rarely say Done: the referee closes every window, after
    # each seat had its share.
    shares = window_shares(records[0])
    assert len(shares) == MARKET.default_options()["rounds"]
    assert all(share == Counter({0: 3, 1: 3, 2: 3}) for share in shares)
    assert sum(seat == REFEREE for seat, _ in records[0].actions) == len(shares)


def test_play_out_takes_another_referee():
    state = MARKET.new_game(2, seed=1, options=OPEN)
    play_out(state, [RandomBot(s) for s in range(2)], 1, referee=Referee(window_actions=1))
    assert all(max(s.values()) <= 1 for s in window_shares(state.record))


def test_play_out_with_heuristic_bots_ends_windows_by_done():
    state = MARKET.new_game(4, seed=3)
    play_out(state, [make_bot("heuristic", s) for s in range(4)], 3)
    assert state.is_over
    assert all(seat != REFEREE for seat, _ in state.record.actions)
    window = [a for _, a in state.record.actions if not isinstance(a, Bid)]
    assert window and all(a == Done() for a in window)


def test_play_job_takes_a_game_outside_the_registry():
    job = GameJob("market", 3, MARKET.default_options() | OPEN, 6,
                  ("ismcts:iterations=4", "random", "heuristic"))
    first = play_job(job, game=MARKET)
    assert first == play_job(job, game=MARKET)
    assert sum(first.decisions) < first.actions  # the referee's calls are no decisions
    with pytest.raises(ValueError, match="the game given is 'market'"):
        play_job(GameJob("courtisans", 2, {}, 1, ("random", "random")), game=MARKET)
    assert run_jobs([job, job], backend="serial", game=MARKET) == [first, first]
    with pytest.raises(ValueError, match="not a registered game"):
        run_jobs([job, job], workers=2, game=MARKET)


def test_a_tournament_of_a_game_with_windows():
    args = (MARKET, ["random", "heuristic"], 4, 2)
    report = tournament(*args, seed=1, backend="serial", ratings=False,
                        options={"window_actions": 1000})
    assert report == tournament(*args, seed=1, backend="serial", ratings=False,
                                options={"window_actions": 1000})
    assert sum(b.seat_games for b in report.bots) == 8
    assert all(o.winners for o in report.outcomes)


def test_decisions_ignore_what_the_seat_cannot_see():
    """Market hides the sealed bids until the last is in: two states that
    differ only in another seat's bid give the same ISMCTS decision."""
    state = MARKET.new_game(3, seed=8)
    for seat in range(3):
        state.apply(seat, Done())
    state.apply(0, Bid(2))
    other = state.determinize(1, random.Random(4))
    assert other.view(1) == state.view(1)
    a = ISMCTSBot(seed=2, iterations=20).act(Observation(state, 1))
    b = ISMCTSBot(seed=2, iterations=20).act(Observation(other, 1))
    assert a == b


# ----- the shipped games are untouched ----------------------------------------------------
#: Recorded with the code before windows were taught to the bots and the
#: simulation (commit 7fcb15b): games without windows must go on being
#: played identically. Whole games played by ISMCTS on every seat (digest of
#: the record), and single decisions: the answer and the digest of every
#: iteration's reward, which any change in the search would move.
PINNED_GAMES = [("courtisans", 3, "63cbea235dbde197"), ("vive_le_roi", 4, "b05a9108c6cbdf2d")]
HALVING = {"opponents": "heuristic", "root": "halving"}
TURNS = {"opponents": "search", "root": "ucb", "turns": True}
PINNED_DECISIONS = [
    ("courtisans", HALVING, {"family": "butterflies", "side": "below"}, "abdfa66025dd91cd"),
    ("courtisans", TURNS, {"family": "butterflies", "side": "above"}, "78611dad7c927d87"),
    ("vive_le_roi", HALVING, {"character": "figaro", "floor": 4}, "1fa282c110773faa"),
    ("vive_le_roi", TURNS, {"character": "figaro", "floor": 4}, "c9ea4220d32b8f09"),
]


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "n", "digest"), PINNED_GAMES, ids=[p[0] for p in PINNED_GAMES])
def test_games_without_windows_play_exactly_as_before(name, n, digest):
    import json

    import courtly

    state = courtly.game(name).new_game(n, seed=11)
    bots = [ISMCTSBot(seed=s, iterations=12, opponents="search", root="ucb") for s in range(n)]
    play_out(state, bots, 0)
    assert _digest(json.dumps(state.record.to_json(), sort_keys=True)) == digest


@pytest.mark.slow
@pytest.mark.parametrize(("name", "mode", "answer", "digest"), PINNED_DECISIONS)
def test_decisions_without_windows_are_searched_exactly_as_before(monkeypatch, name, mode,
                                                                  answer, digest):
    import courtly

    rewards: list[str] = []
    real = ISMCTSBot._iterate

    def watched(self, *args):
        reward = real(self, *args)
        rewards.append(repr(reward))
        return reward

    monkeypatch.setattr(ISMCTSBot, "_iterate", watched)
    state = courtly.game(name).new_game(4, seed=3)
    rng = random.Random(3)
    for _ in range(5):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    action = ISMCTSBot(seed=5, iterations=40, **mode).act(Observation(state, seat))
    assert {k: v for k, v in action.to_json().items() if k in answer} == answer
    assert _digest("|".join(rewards)) == digest
