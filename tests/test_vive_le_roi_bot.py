"""Vive le Roi !'s heuristic bot (games/vive_le_roi/bot.py) and balance
measures (games/vive_le_roi/stats.py): legal everywhere, blind to what the
seat cannot see, stronger than random, and the rulebook's advice
(shared/seeds/003_488867ee21850542.txt, "En hauteur ?" to "Economiser ?")
in a few positions."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

import courtly
from conformance_cases import quick_configurations
from courtly.bots import Observation, policy_for
from courtly.bots.heuristic import estimate_for
from courtly.core import Action, State
from courtly.games.vive_le_roi import GAME
from courtly.games.vive_le_roi.actions import Climb, Place, Vote
from courtly.games.vive_le_roi.bot import choose, estimate
from courtly.games.vive_le_roi.cards import CHARACTERS, JESTER, NO, STOMACH, YES
from courtly.games.vive_le_roi.rules import ViveLeRoiState
from courtly.games.vive_le_roi.stats import measures

Policy = Callable[[Mapping[str, Any], Sequence[Action], random.Random], Action]
F01, F02, F03 = 0, 1, 2  # FAVORIS indices
#: F01's favourites: Béatrice (grey seal), Dagobert, Eloi, Merlin, Noël, Pierre.
F01_FAVOURITES = ("beatrice", "dagobert", "eloi", "merlin", "noel", "pierre")
QUICK = quick_configurations(GAME)


def random_policy(view: Mapping[str, Any], legal: Sequence[Action],
                  rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


def play(n: int, seed: int, policies: Sequence[Policy],
         options: Mapping[str, Any] | None = None) -> State:
    """A whole game, each seat choosing from its own observation alone."""
    state = GAME.new_game(n, seed=seed, options=dict(options or {}))
    rngs = [random.Random(seed * 100 + s) for s in range(n)]
    while not state.is_over:
        for seat in state.to_act:
            if state.is_over:
                break
            obs = Observation(state, seat)
            action = policies[seat](obs.view, obs.legal, rngs[seat])
            assert action in obs.legal, (seat, action)
            state.apply(seat, action)
    return state


def position(n: int, layout: dict[str, str], *, current: int = 0,
             favoris: dict[int, int] | None = None,
             options: dict[str, Any] | None = None) -> ViveLeRoiState:
    """A literal position in round 1's play phase ("Jeu"): ``layout`` maps
    characters to locations, other pretenders stand on floor 0, the Jester on
    floor 3; ``favoris`` forces Favoris cards (position -> index)."""
    state = GAME.new_game(n, seed=0, options=options or {})
    assert isinstance(state, ViveLeRoiState)
    state.where = {c: layout.get(c, "F3" if c == JESTER else "F0") for c in CHARACTERS}
    state.stage, state.current, state.placed = "play", current, state.to_place
    for pos, index in (favoris or {}).items():
        state.favoris[pos] = index
    state._legal_cache.clear()
    return state


def decision(state: State, seat: int, seed: int = 0) -> Action:
    obs = Observation(state, seat)
    return choose(obs.view, obs.legal, random.Random(seed))


# ----- contract ----------------------------------------------------------------------------
def test_found_through_the_games_companion():
    assert policy_for("vive_le_roi") is choose
    assert GAME.companions.measures is measures


@pytest.mark.parametrize(("n", "options"), [
    pytest.param(n, o, marks=() if (n, o) in QUICK else pytest.mark.slow)
    for n, o in GAME.configurations()], ids=lambda x: str(x) if isinstance(x, int)
                         else "+".join(k for k, v in x.items() if v) or "base")
def test_plays_legal_whole_games_in_every_configuration(n: int, options: dict[str, Any]):
    """Every seat heuristic, one whole game per configuration (Emissaries,
    teams, royal wedding, Ambition, Le Banni, 1 to 8 players)."""
    state = play(n, 11, [choose] * n, options)
    assert state.is_over and len(state.result().scores) == n


@pytest.mark.slow
def test_same_rng_same_choice_and_the_view_is_left_alone():
    state = GAME.new_game(4, seed=5, options={"ambition": True, "banished": True})
    rng = random.Random(0)
    while not state.is_over:
        for seat in state.to_act:
            obs = Observation(state, seat)
            before = copy.deepcopy(obs.view)
            a = choose(obs.view, obs.legal, random.Random(7))
            assert a == choose(obs.view, obs.legal, random.Random(7))
            assert obs.view == before
            state.apply(seat, obs.legal[rng.randrange(len(obs.legal))])


@pytest.mark.parametrize(("n", "options"), [
    (3, {}), (4, {"teams": True}),
    pytest.param(2, {"emissary": True, "ambition": True}, marks=pytest.mark.slow),
    pytest.param(5, {"royal_wedding": True, "ambition": True, "banished": True},
                 marks=pytest.mark.slow),
])
def test_blind_to_hidden_information(n: int, options: dict[str, Any]):
    """The choice is the same in the real position and in guesses of it that
    redeal the others' Favoris and Ambition cards and face-down votes."""
    state = GAME.new_game(n, seed=3, options=options)
    rng = random.Random(1)
    checked = 0
    while not state.is_over:
        seat = state.to_act[-1]  # in a vote, the last voter sees others' face-down cards
        obs = Observation(state, seat)
        if len(obs.legal) > 1 and rng.random() < 0.3:
            real = choose(obs.view, obs.legal, random.Random(9))
            for k in range(2):
                guess = Observation(state.determinize(seat, random.Random(k)), seat)
                assert choose(guess.view, guess.legal, random.Random(9)) == real
            checked += 1
        state.apply(seat, obs.legal[rng.randrange(len(obs.legal))])
    assert checked > 20


@pytest.mark.slow
def test_beats_random_bots():
    """60 games of 3 players, the heuristic in each seat in turn against two
    random bots: measured win share 0.825 (0.86 over 300 games), an even share
    is 1/3."""
    games, share = 60, 0.0
    for g in range(games):
        seat = g % 3
        policies: list[Policy] = [random_policy] * 3
        policies[seat] = choose
        winners = play(3, g, policies).result().winners
        share += (seat in winners) / len(winners)
    assert share / games > 0.6


# ----- the score estimate ISMCTS scores its leaves with -----------------------------------
def test_estimate_is_found_and_ends_at_the_result():
    assert estimate_for("vive_le_roi") is estimate
    state = play(4, 2, [choose] * 4)
    assert estimate(state.view(1)) == list(state.result().scores)


@pytest.mark.parametrize(("n", "options"), [
    (4, {}), (4, {"teams": True}), (1, {"emissary": True}), (2, {"emissary": True}),
    (5, {"royal_wedding": True, "ambition": True, "banished": True}),
])
def test_estimate_reads_the_view_alone_and_scores_like_the_result(
        n: int, options: dict[str, Any]):
    """One number a seat, combined as the result combines totals (a team keeps
    its lower total, with Emissaries a seat's margin over the best of them),
    the same in every guess of what the seat cannot see, votes pending included."""
    state = GAME.new_game(n, seed=4, options=options)
    rng = random.Random(4)
    checked = 0
    while not state.is_over:
        seat = state.to_act[0]
        if rng.random() < 0.2:
            real = estimate(state.view(seat))
            assert len(real) == n and all(isinstance(x, float) for x in real)
            if options.get("teams"):
                assert real[0] == real[2] and real[1] == real[3]
            guess = state.determinize(seat, random.Random(checked))
            assert estimate(guess.view(seat)) == pytest.approx(real)
            checked += 1
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked > 10


def test_estimate_rises_with_the_seats_favourites():
    """Its favourites on floor 5 rather than floor 1, the same castle
    otherwise: it expects more, and more than its rivals ("Vote": points by floor)."""
    high = position(3, dict.fromkeys(F01_FAVOURITES[1:5], "F5"), favoris={0: F01})
    low = position(3, dict.fromkeys(F01_FAVOURITES[1:5], "F1"), favoris={0: F01})
    up, down = estimate(high.view(0)), estimate(low.view(0))
    assert up[0] > down[0] + 5
    assert up[0] > max(up[1:])


def test_estimate_of_a_vote_weighs_its_outcomes():
    """Merlin, a favourite, on the throne under a vote ("Vote"): where nobody
    else can refuse him the seat counts the crowning's points exactly (Merlin
    10, Dagobert and Eloi 4 each, its other favourites on floor 0: 18 over
    its 20); where both rivals hold their No and Stomach-ache, less."""
    layout = {"merlin": "F5", "dagobert": "F4", "eloi": "F4"}
    sure = position(3, layout, favoris={0: F01})
    for pos in (1, 2):
        sure.hands[pos].update({NO: 0, STOMACH: 0})
    sure.apply(0, Climb("merlin"))
    assert sure.view(0)["vote"]["candidate"] == "merlin"
    assert estimate(sure.view(0))[0] == pytest.approx(20 + 18)
    doubtful = position(3, layout, favoris={0: F01})
    doubtful.apply(0, Climb("merlin"))
    assert 20 < estimate(doubtful.view(0))[0] < 20 + 18


# ----- the rulebook's advice in positions ----------------------------------------------
def test_crowns_its_own_favourite_when_the_others_cannot_refuse():
    """Merlin (a favourite) reaches the throne with the seat's other favourites
    on floors 3-5 and nobody left with a No or a Stomach-ache: a unanimous Yes
    is sure and gives it 30 points now, its best ("Vote": Oui)."""
    state = position(3, {"merlin": "F5", "dagobert": "F5", "eloi": "F4", "noel": "F4",
                         "pierre": "F4", "beatrice": "F3"}, favoris={0: F01, 1: F02, 2: F03})
    for pos in (1, 2):
        state.hands[pos].update({NO: 0, STOMACH: 0})
    state.apply(0, Climb("merlin"))
    assert decision(state, 0) == Vote(YES)


def test_refuses_an_unwanted_character_while_it_has_a_no():
    """Anselme (on none of the seat's cards) reaches the throne while its own
    favourites are still low: it refuses him ("Economiser ?": do not save your
    refusals and let an illegitimate king through)."""
    state = position(3, {"anselme": "F5", "dagobert": "F2", "eloi": "F2", "merlin": "F2",
                         "noel": "F1", "pierre": "F1", "beatrice": "F1", "figaro": "F4",
                         "clement": "F4"}, current=1, favoris={0: F01, 1: F02, 2: F03})
    state.apply(1, Climb("anselme"))
    assert decision(state, 0) == Vote(NO)


def test_accepts_an_unwanted_character_without_refusal_cards():
    state = position(3, {"anselme": "F5"}, current=1, favoris={0: F01, 1: F02, 2: F03})
    state.hands[0].update({NO: 0, STOMACH: 0})
    state.apply(1, Climb("anselme"))
    obs = Observation(state, 0)
    assert obs.legal == [Vote(YES)] and decision(state, 0) == Vote(YES)


def test_stomach_ache_saves_a_favourite_likely_refused():
    """Its favourite Merlin reaches the throne while the others probably do not
    want him and can refuse: it casts its Stomach-ache so that he goes back
    to floor 5 rather than to a dungeon ("En hauteur ?": "Préparez-vous aussi
    à utiliser votre MaV pour forcer une double tentative de couronnement
    d'un de vos Favoris")."""
    state = position(3, {"merlin": "F5", "dagobert": "F4", "eloi": "F4", "noel": "F3",
                         "pierre": "F3", "beatrice": "F3"}, favoris={0: F01, 1: F02, 2: F03})
    state.apply(0, Climb("merlin"))
    assert decision(state, 0) == Vote(STOMACH)


def test_lifts_its_own_favourite():
    """("Tout en bas ?": "vous faites grimper à chaque tour vos Favoris")."""
    state = position(3, {"merlin": "F3", "anselme": "F3", "clement": "F2"},
                     favoris={0: F01, 1: F02, 2: F03})
    action = decision(state, 0)
    assert isinstance(action, Climb) and action.character in F01_FAVOURITES


@pytest.mark.parametrize(("n", "high"), [(2, False), (5, True)])
def test_places_favourites_high_only_when_others_likely_share_them(n: int, high: bool):
    """("En hauteur ?") High "si vous pensez que d'autres joueurs ont certains de
    vos Favoris", as four rivals probably do; with one rival, low ("Tout en
    bas ?"): on the highest (lowest) floor with room."""
    for seed in range(6):
        state = GAME.new_game(n, seed=seed)
        mine = set(state.view(0)["favoris"][0]["characters"])
        while state.view(None)["phase"] == "placement":
            seat = state.to_act[0]
            action = decision(state, seat)
            assert isinstance(action, Place)
            if seat == 0 and action.character in mine:
                floors = [a.floor for a in state.legal_actions(0)]  # type: ignore[attr-defined]
                assert action.floor == (max(floors) if high else min(floors)), (seed, action)
            state.apply(seat, action)


def test_chooses_the_more_rewarding_ambition():
    state = GAME.new_game(3, seed=0, options={"ambition": True})
    state.offers[0] = ("A10", "A16")  # Le Geôlier (rarely met) or Le Loyal
    state._legal_cache.clear()
    assert decision(state, 0).card == "A16"  # type: ignore[attr-defined]


# ----- measures --------------------------------------------------------------------
def test_measures_of_a_finished_game():
    state = play(3, 4, [choose] * 3)
    out = measures(state.view(None), state.record)
    kings = [out[f"king.round{r}"] for r in (1, 2, 3)]
    assert all(k in CHARACTERS or k == "none" for k in kings)
    assert out["crownings.jester"] == kings.count(JESTER)
    assert {"crownings.illegitimate", "crownings.none", "score.best", "score.gap",
            "score.per_scoring", "votes.jester_turned_back"} <= set(out)
    assert out["votes.crowned"] == 3
    assert out["votes.elections"] == sum(out[f"votes.{k}"]
                                         for k in ("crowned", "refused", "stomach_ache"))
    assert out["score.best"] == max(state.view(None)["scores"])
    assert all(isinstance(v, bool | int | float | str) for v in out.values())


@pytest.mark.slow
def test_measures_of_the_variants():
    state = play(2, 2, [choose] * 2, {"emissary": True, "royal_wedding": True,
                                      "ambition": True})
    out = measures(state.view(None), state.record)
    assert {f"king.round{r}.{i}" for r in (1, 2, 3) for i in (1, 2)} <= set(out)
    assert isinstance(out["emissary.beaten"], bool)
    ambitions = [k for k in out if k.startswith("ambition.")]
    assert ambitions and all(0.0 <= out[k] <= 1.0 for k in ambitions)


def test_measures_without_a_replayable_record():
    state = play(3, 4, [random_policy] * 3)
    record = courtly.GameRecord(state.record.game, state.record.version, 3,
                                state.record.options, None, state.record.actions)
    out = measures(state.view(None), record)
    assert "king.round1" in out and not any(k.startswith("votes.") for k in out)
