"""Courtisans de Versailles' research declaration (versailles/encoding.py,
docs/research.md): the bounds of its numbering (payments, family names,
breaches) and an observation read from the view alone. The generic tests
(tests/test_rl_encoding.py) play random games of every configuration."""

from __future__ import annotations

import random

import pytest

from courtly.core import REFEREE, Done, Numbering
from courtly.games.versailles import GAME
from courtly.games.versailles.actions import Breach, ChooseSex, Fine, GiveCards, Pay
from courtly.games.versailles.encoding import ENCODING, MAX_BREACH_IDS, pay_bound
from courtly.games.versailles.rules import FAMILY_NAMES, VersaillesState


def new(n: int, **options: object) -> VersaillesState:
    state = GAME.new_game(n, seed=3, options=options)
    assert isinstance(state, VersaillesState)
    return state


def numbering(state: VersaillesState) -> Numbering:
    return ENCODING.numbering(state.num_players, state.options)


def negotiating(n: int, **options: object) -> VersaillesState:
    state = new(n, **options)
    while state.stage == "choose_sex":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.stage == "negotiation"
    return state


@pytest.mark.parametrize("goal", [30000, 50000])
def test_the_largest_payment_a_fortune_allows_is_numbered(goal: int) -> None:
    """A fortune is below the goal while the game goes on, so the numbering
    stops at the goal less 500 livres."""
    state = negotiating(3, goal=goal)
    num = numbering(state)
    state.courtiers[0].fortune = goal - 500
    legal = state.legal_actions(0)
    assert Pay(1, goal - 500) in legal and pay_bound(state.options) == goal - 500
    assert [num.action(num.index(a)) for a in legal] == legal
    with pytest.raises(KeyError):
        num.index(Pay(1, goal))
    state.apply(0, Pay(1, goal - 500))
    assert state.is_over or state.courtiers[1].fortune < goal


def test_each_drawn_name_is_numbered_and_a_typed_one_is_not() -> None:
    """§6: the menu offers the name drawn (one of ours, even after another
    player took it and the family was renamed); a name a person types is
    free text, legal, and has no number."""
    state = new(4)
    num = numbering(state)
    first, second = state.to_act[0], state.seats_from_gc()[1]
    taken = state.courtiers[second].family
    state.apply(first, ChooseSex("woman", taken))
    assert state.courtiers[second].family != taken
    assert state.courtiers[second].family in FAMILY_NAMES
    while state.stage == "choose_sex":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert {a.family for a in legal} <= set(FAMILY_NAMES)
        assert [num.action(num.index(a)) for a in legal] == legal
        state.apply(seat, legal[1])
    typed = ChooseSex("man", "de Montespan")
    with pytest.raises(KeyError):
        num.index(typed)


def test_fines_are_numbered_for_the_first_breaches() -> None:
    """§3: the Grand Chamberlain fines a breach by its number, or lets it
    pass (Done); both have numbers, up to MAX_BREACH_IDS breaches a game."""
    state = negotiating(3)
    num = numbering(state)
    other = next(s for s in range(3) if s != state.gc)
    state.apply(REFEREE, Breach(other, "familiar_pronoun", "toi"))
    legal = state.legal_actions(state.gc)
    assert Fine(0) in legal and Done() in legal
    assert [num.action(num.index(a)) for a in legal] == legal
    assert num.index(Fine(MAX_BREACH_IDS - 1)) >= 0
    with pytest.raises(KeyError):
        num.index(Fine(MAX_BREACH_IDS))
    with pytest.raises(KeyError):
        num.index(Breach(other, "familiar_pronoun", "toi"))


def test_gifts_are_every_card_and_every_pair_the_deck_allows() -> None:
    """§7.41: one card or two; the same card twice only if the deck has two."""
    num = ENCODING.numbering(2, GAME.default_options())
    assert num.index(GiveCards(1, ("justice", "justice"))) >= 0
    assert num.index(GiveCards(0, ("baron", "duc"))) >= 0
    with pytest.raises(KeyError):
        num.index(GiveCards(1, ("chancelier", "chancelier")))  # one Chancelier
    with pytest.raises(KeyError):
        num.index(GiveCards(1, ("duc", "baron")))  # not in the menu's order


def test_the_observation_reads_the_view_and_nothing_hidden() -> None:
    """A fixed size; one's own hand counts, the others' do not (only their
    sizes); family names change nothing (they decide only etiquette)."""
    state = negotiating(4)
    obs = ENCODING.observe(state.view(0))
    assert obs.size == ENCODING.observe(new(4).view(0)).size
    guess = state.determinize(0, random.Random(5))
    assert ENCODING.observe(guess.view(0)) == obs
    renamed = state.clone()
    for c in renamed.courtiers:
        c.family = "de Nulle Part"
    assert ENCODING.observe(renamed.view(0)) == obs
    swapped = state.clone()
    swapped.hands[0], swapped.hands[1] = swapped.hands[1], swapped.hands[0]
    if sorted(state.hands[0]) != sorted(state.hands[1]):
        assert ENCODING.observe(swapped.view(0)) != obs


def test_seats_are_read_from_the_viewers_chair() -> None:
    """Each seat sees itself first: the same position, seen from two chairs
    of a table whose courtiers are alike, reads alike."""
    state = negotiating(2)
    a, b = state.courtiers
    b.sex, b.party, b.king, b.queen, b.fortune = a.sex, a.party, a.king, a.queen, a.fortune
    state.hands[1] = list(state.hands[0])
    state.gc = 0
    first = ENCODING.observe(state.view(0))
    state.gc = 1
    assert ENCODING.observe(state.view(1)) == first
