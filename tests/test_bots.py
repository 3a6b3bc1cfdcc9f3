"""The bot registry and the random bot."""

from __future__ import annotations

import pytest

import courtly
from courtly.bots import BOTS, Observation, RandomBot, decide, make_bot, parse_spec


def test_parse_spec():
    assert parse_spec("random") == ("random", {})
    assert parse_spec(" ismcts:iterations=400, c=0.7 ") == ("ismcts", {"iterations": "400",
                                                                      "c": "0.7"})
    with pytest.raises(ValueError, match="key=value"):
        parse_spec("ismcts:400")


def test_make_bot_by_name_and_refusals():
    assert "random" in BOTS
    assert isinstance(make_bot("random", seed=1), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        make_bot("genius")
    with pytest.raises(ValueError, match="no parameter 'depth'"):
        make_bot("random:depth=3")


def test_random_bot_is_reproducible_and_sees_only_an_observation():
    state = courtly.game("courtisans").new_game(3, seed=1)
    obs = Observation(state, 0)
    assert obs.view == state.view(0) and list(obs.legal) == state.legal_actions(0)
    assert obs.determinize(__import__("random").Random(0)).view(0) == state.view(0)
    picks = [decide(state, 0, RandomBot(5)) for _ in range(3)]
    assert len(set(picks)) == 1
    with pytest.raises(ValueError, match="no legal action"):
        decide(state, 1, RandomBot(5))
