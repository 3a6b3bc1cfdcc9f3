"""The heuristic bot: rules of thumb from the rulebook, read from the view
alone; the generic fallback for a game without its own heuristic."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import courtly
from courtly.bots import HeuristicBot, Observation, policy_for
from courtly.games.courtisans.actions import Decline, Eliminate, Play
from courtly.games.courtisans.bot import choose, estimate
from courtly.sim import GameJob, run_jobs
from plain_game import PlainCourtisans

COURTISANS = courtly.game("courtisans")


def _view(**changes: Any) -> dict[str, Any]:
    """Seat 0's view of a 3-player game at its first action, with ``changes``:
    an empty court, no Missions unless given."""
    view = copy.deepcopy(COURTISANS.new_game(3, seed=1).view(0))
    view.update(missions=[], deck_size=30)
    view.update(changes)
    return view


def _domains(*cards: dict[str, dict[str, int]]) -> list[dict[str, Any]]:
    return [{"cards": c, "spies": []} for c in cards]


def _hand(*cards: tuple[str, str]) -> list[dict[str, str]]:
    return [{"family": f, "role": r} for f, r in cards]


def test_pushes_up_a_family_it_holds():
    """"Everything is decided at the Queen's table" ("Beginner traps")."""
    view = _view(hand=_hand(("toads", "courtier")), turn={"used": ["own", "other"],
                 "follow_up": None}, domains=_domains({"toads": {"courtier": 3}}, {}, {}))
    legal = [Play("toads", "courtier", "queen", side) for side in ("above", "below")]
    assert choose(view, legal, random.Random(0)) == legal[0]


def test_pushes_down_a_family_a_rival_holds():
    view = _view(hand=_hand(("stags", "noble")), turn={"used": ["own", "other"],
                 "follow_up": None},
                 domains=_domains({}, {"stags": {"noble": 2}}, {"stags": {"courtier": 1}}))
    legal = [Play("stags", "noble", "queen", side) for side in ("above", "below")]
    assert choose(view, legal, random.Random(0)) == legal[1]


def test_keeps_good_cards_and_gives_the_bad_one_away():
    """"Keeping your best cards for yourself (one card always goes to an
    opponent)": the card of the falling family goes to an opponent."""
    queen = {"above": {"hares": {"noble": 2}}, "below": {"carps": {"noble": 2}}}
    view = _view(hand=_hand(("hares", "courtier"), ("carps", "courtier")),
                 turn={"used": ["queen"], "follow_up": None}, queen=queen, deck_size=0)
    legal = [Play(f, "courtier", "domain", owner=o) for f in ("carps", "hares")
             for o in (0, 1, 2)]
    assert choose(view, legal, random.Random(0)) in (
        Play("hares", "courtier", "domain", owner=0),
        Play("carps", "courtier", "domain", owner=1),
        Play("carps", "courtier", "domain", owner=2))


def test_gives_the_bad_card_to_the_leader():
    queen = {"above": {"hares": {"noble": 3}}, "below": {"carps": {"noble": 3}}}
    domains = _domains({}, {"hares": {"noble": 2}}, {})
    view = _view(hand=_hand(("carps", "noble")), turn={"used": ["queen", "own"],
                 "follow_up": None}, queen=queen, domains=domains, deck_size=0)
    legal = [Play("carps", "noble", "domain", owner=o) for o in (1, 2)]
    assert choose(view, legal, random.Random(0)) == legal[0]


def test_assassin_removes_the_card_that_hurts_most():
    """The Assassin "eliminates another card in the area where you place it"."""
    queen = {"above": {"toads": {"assassin": 1}}, "below": {"toads": {"noble": 1},
                                                              "hares": {"courtier": 1}}}
    view = _view(phase="eliminate", queen=queen, hand=[],
                 domains=_domains({"toads": {"courtier": 3}}, {}, {}))
    legal = [Decline(), Eliminate("below", "hares", "courtier"), Eliminate("below", "toads",
                                                                           "noble")]
    assert choose(view, legal, random.Random(0)) == legal[2]


def test_reads_its_missions():
    """"Reread your Missions during the game: 3 points is a lot"."""
    missions = [{"id": "blue.disgraced.butterflies", "color": "blue", "text": ""}]
    view = _view(hand=_hand(("butterflies", "courtier")), missions=missions,
                 turn={"used": ["own", "other"], "follow_up": None})
    legal = [Play("butterflies", "courtier", "queen", side) for side in ("above", "below")]
    assert choose(view, legal, random.Random(0)) == legal[1]
    view["missions"] = []
    assert estimate(_view(missions=missions))[0] > estimate(view)[0]


def _hidden_variants(seat_steps: int):
    state = COURTISANS.new_game(4, seed=seat_steps)
    rng = random.Random(seat_steps)
    for _ in range(seat_steps):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    return state, seat, [state.determinize(seat, random.Random(k)) for k in range(3)]


@pytest.mark.parametrize("steps", [0, 25, 50, 70])
def test_decision_ignores_what_the_seat_cannot_see(steps):
    state, seat, others = _hidden_variants(steps)
    expected = HeuristicBot(seed=3).act(Observation(state, seat))
    for other in others:
        assert HeuristicBot(seed=3).act(Observation(other, seat)) == expected


@pytest.mark.slow
def test_beats_random_bots():
    jobs = [GameJob("courtisans", 3, COURTISANS.default_options(), seed, _rotated(seed), seed)
            for seed in range(30)]
    outcomes = run_jobs(jobs, backend="serial")
    wins = sum(o.win_share(o.lineup.index("heuristic")) for o in outcomes)
    assert wins / len(outcomes) > 0.6  # chance is 1/3


def _rotated(i: int) -> tuple[str, ...]:
    lineup = ("heuristic", "random", "random")
    return tuple(lineup[(s + i) % 3] for s in range(3))


def test_fallback_for_a_game_without_a_heuristic(monkeypatch):
    plain = PlainCourtisans()
    monkeypatch.setitem(courtly.GAMES, plain.name, plain)
    policy_for.cache_clear()
    try:
        assert policy_for(plain.name) is None
        assert policy_for("courtisans") is choose
        state = plain.new_game(2, seed=0)
        bot = HeuristicBot(seed=1)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, bot.act(Observation(state, seat)))
        assert state.result().winners
    finally:
        policy_for.cache_clear()


def test_estimate_is_every_seats_expected_score():
    state = COURTISANS.new_game(4, seed=2, options={"expansion": True, "teams": True})
    rng = random.Random(2)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    scores = estimate(state.view(1))
    assert len(scores) == 4
    assert scores[0] == scores[2] and scores[1] == scores[3]  # a team keeps its lower score
