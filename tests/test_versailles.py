"""Courtisans de Versailles (issue 15): the deck's data, set-up, the turn, the
rulebook's worked examples (each quoted), cards, audiences, powers, the
sovereigns, hidden information, determinism and random play.

Rulebook: shared/seeds/000_90b411339aefc22f.txt, cited by section.
"""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

from courtly.core import REFEREE, Done, Referee, TimeUp
from courtly.games import package_data
from courtly.games.versailles import GAME
from courtly.games.versailles.actions import (
    ChooseParty,
    ChooseSex,
    Discard,
    Draw,
    EndTurn,
    FreePrisoner,
    GiveCards,
    Intervene,
    Marry,
    Pay,
    PlayCard,
    RecallExile,
    RemarryKing,
    Request,
    SetLocation,
    ShowCard,
    TakeFromHouse,
    TakeOffice,
    UsePower,
)
from courtly.games.versailles.cards import DECK, DeckError, load_deck
from courtly.games.versailles.court import country_of
from courtly.games.versailles.rules import VersaillesState, round_order


class Dice:
    """A scripted die: tests force the dice (STYLE.md 4)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        value = self.values.pop(0)
        assert low <= value <= high
        return value

    def shuffle(self, items: list) -> None:
        return None


@pytest.fixture(autouse=True)
def _no_menu_cache(monkeypatch):
    """Scenario tests force positions between actions: menus are not cached."""
    monkeypatch.setattr(VersaillesState, "_legal_set", lambda self, seat: (
        self._legal_actions(seat) if self._may_act_now(seat) else []))


def new(n: int = 4, seed: int = 1, **options) -> VersaillesState:
    state = GAME.new_game(n, seed=seed, options=options)
    assert isinstance(state, VersaillesState)
    return state


def in_play(n: int = 4, seed: int = 1, place: str = "versailles", **options) -> VersaillesState:
    """A game in the round of play of turn 1: men at even seats, women at odd."""
    state = new(n, seed, **options)
    while state.stage == "choose_sex":
        seat = state.to_act[0]
        state.apply(seat, ChooseSex("man" if seat % 2 == 0 else "woman"))
    state.apply(REFEREE, TimeUp())
    state.apply(state.gc, SetLocation(place))
    return state


def court(state: VersaillesState, seat: int, king: int, queen: int) -> None:
    """Set a courtier's standings (a forced position)."""
    c = state.courtiers[seat]
    c.place, c.king, c.queen = "court", king, queen


def give(state: VersaillesState, seat: int, *cards: str) -> None:
    """Put cards in a hand (a forced deal)."""
    state.hands[seat] += list(cards)


def turn_of(state: VersaillesState, seat: int) -> None:
    """Make it ``seat``'s player-turn with two actions (a forced position)."""
    state.order, state.pos, state.actions_left = [seat, seat], 0, 2
    state.stage = "play"


# ----- the deck (data/deck.json) -----------------------------------------------------------
def test_the_deck_is_our_110_cards_of_51_types():
    assert len(DECK.types) == 51 and len(DECK.cards()) == 110
    assert sum(1 for t in DECK.types.values() if t.kind == "office") == 10  # A45
    assert sum(t.count for t in DECK.types.values() if t.kind == "dignity") == 2  # §9.2
    data = GAME.data()["deck"]
    assert json.loads(json.dumps(data)) == data and len(data) == 51


def test_the_deck_data_tells_clients_every_condition_of_a_card():
    """A hand in the browser shows each card's conditions (§9.1) and whether
    it is a request (§8.1): the client data carries them, as the rules read
    them."""
    for card in GAME.data()["deck"]:
        rules = DECK[card["id"]]
        assert card["titled"] is rules.titled and card["request"] is rules.is_request
        assert card["user_sex"] == rules.user_sex and card["sex"] == rules.sex
    by_id = {c["id"]: c for c in GAME.data()["deck"]}
    assert by_id["marquis"]["request"] and not by_id["scandale"]["request"]
    assert any(c["titled"] for c in by_id.values())
    assert {c["user_sex"] for c in by_id.values()} >= {"any", "woman"}


def test_each_cards_help_stands_on_its_own():
    """A play-test held War against the Netherlands, whose help read "as War
    against England, for the Dutch party": a card's help is read alone (on
    hover, in the terminal under one's hand), so none sends the reader to
    another card ("as War against", "as above"), in either language."""
    for card in DECK.types.values():
        for text in (card.effect, card.effect_fr):
            assert not re.search(r"\bas War against|as above|comme la Guerre|ci-dessus", text), \
                (card.id, text)
    assert "Dutch party at court: −3 King" in DECK["guerre_hollande"].effect
    assert "court to Versailles" in DECK["guerre_perdue"].effect


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["cards"][0].update(kind="jester"), "field 'kind' must be one of"),
    (lambda d: d["cards"][0].update(income=2500), "multiple of 1,000"),
    (lambda d: d["cards"][1].update(id="duc"), "appears twice"),
    (lambda d: d["cards"][0].update(count=3), "add up to 111"),
    (lambda d: d["cards"][0].update(location="moon"), "field 'location'"),
    (lambda d: d["cards"][0].update(request=False), "'request' disagrees"),
    (lambda d: d["cards"][0].pop("name_fr"), "no field 'name_fr'"),
    (lambda d: d.pop("cards"), "a 'cards' list"),
])
def test_a_bad_deck_file_is_refused_with_a_clear_error(change, message):
    data = copy.deepcopy(package_data("courtly.games.versailles", "deck.json"))
    change(data)
    with pytest.raises(DeckError, match=message):
        load_deck(data)


# ----- set-up (§5, §6) ---------------------------------------------------------------------
def test_options_and_player_counts():
    assert GAME.name == "versailles" and GAME.title == "Courtisans de Versailles"
    assert GAME.options["goal"].values == (30000, 50000)
    for n in range(2, 7):
        new(n)
    with pytest.raises(ValueError, match="2 to 6"):
        new(7)
    new(8, large_table=True)
    with pytest.raises(ValueError, match="goal"):
        new(4, goal=40000)


def test_set_up_deals_six_cards_draws_parties_and_asks_the_sex_first():
    """§6: "deal 6 cards to each player"; the sex "according to the cards that
    were dealt to you"; the party and the Queen's origin by a die."""
    state = new(5, seed=3)
    assert [len(h) for h in state.hands] == [6] * 5 and len(state.pile) == 110 - 30
    assert state.stage == "choose_sex" and state.to_act == (state.gc,)
    assert len({c.family for c in state.courtiers}) == 5
    family = state.courtiers[state.gc].family
    assert state.legal_actions(state.gc) == [ChooseSex("man", family), ChooseSex("woman", family)]
    while state.stage == "choose_sex":
        state.apply(state.to_act[0], ChooseSex("man"))
    assert all(c.party in ("england", "spain", "netherlands") for c in state.courtiers)
    assert state.queen_origin in ("england", "spain", "netherlands")


def test_the_sex_is_chosen_before_the_party_and_the_queens_origin_are_rolled():
    """§6 (Setup): each player chooses "the sex of his character (choose it
    according to the cards that were dealt to you)"; then "At the Grand
    Chamberlain's invitation [...] each player rolls the die to determine
    the PARTY"; then the goal, then "the origin of the first Queen". While a
    sex is still to choose, nobody sees a party or the Queen's origin."""
    state = new(4, seed=5)
    while state.stage == "choose_sex":
        for seat in range(4):
            view = state.view(seat)
            assert view["queen"]["origin"] is None
            assert all(c["party"] is None for c in view["courtiers"])
        state.apply(state.to_act[0], ChooseSex("woman"))
    view = state.view(0)
    assert view["queen"]["origin"] in ("england", "spain", "netherlands")
    assert all(c["party"] in ("england", "spain", "netherlands") for c in view["courtiers"])


def test_party_rolls():
    """§6: "1, 2 or 3 ... English party; 4, 5 or 6 ... Spanish; 7, 8 or 9 ... Dutch"."""
    assert [country_of(r) for r in range(1, 10)] == (
        ["england"] * 3 + ["spain"] * 3 + ["netherlands"] * 3)


def test_the_first_chamberlain_is_drawn_by_lot():
    assert {new(4, seed=s).gc for s in range(30)} == {0, 1, 2, 3}


def test_presentation_rerolls_ten_and_gives_the_queens_party_two():
    """§7.1: "If a die shows 0 (10), roll it again. Players who are 'of the
    Queen's party' add 2 points ... The maximum standing is 9"."""
    state = new(2, seed=0)
    state.setup_rolls = (("spain", "england"), "spain")  # the party dice, forced (§6)
    state.rng = Dice(10, 3, 10, 8, 4, 5)  # type: ignore[assignment]
    state.apply(state.to_act[0], ChooseSex("man"))
    state.apply(state.to_act[0], ChooseSex("woman"))
    first, second = (state.courtiers[s] for s in state.seats_from_gc())
    assert (first.king, first.queen) == (3, 9 if first.party == "spain" else 8)
    assert (second.king, second.queen) == (4, 7 if second.party == "spain" else 5)
    assert state.stage == "negotiation"


# ----- the turn (§7) -------------------------------------------------------------------
def test_round_order_the_chamberlain_plays_first_and_last():
    """§7.4: "The Grand Chamberlain always plays first ... At the end of the
    round, the Grand Chamberlain plays a second time"."""
    assert round_order(2, 4) == [2, 3, 0, 1, 2]


def test_negotiation_window_payments_and_shown_cards():
    """§7.2: "A player may show his cards to another player ... Monetary
    transactions are possible"; a window of five minutes (contract v2)."""
    state = new(3, seed=2)
    while state.stage == "choose_sex":
        state.apply(state.to_act[0], ChooseSex("man"))
    assert state.phase.time_limit == 300 and set(state.may_act) == {0, 1, 2}
    assert state.to_act == ()
    state.courtiers[0].fortune = 2000
    assert state.is_legal(0, Pay(1, 1500)) and not state.is_legal(0, Pay(1, 2500))
    assert not state.is_legal(0, Pay(0, 500))
    state.apply(0, Pay(1, 1500))
    assert (state.courtiers[0].fortune, state.courtiers[1].fortune) == (500, 1500)
    card = state.hands[0][0]
    events = state.apply(0, ShowCard(2, card))
    assert events[0].for_seat(2).data["card"] == card
    assert "card" not in events[0].for_seat(1).data
    assert "card" not in events[0].for_seat(None).data
    for seat in (0, 1, 2):
        state.apply(seat, Done())
    assert state.stage == "location" and state.to_act == (state.gc,)


def test_the_referee_ends_the_window_and_the_chamberlain_chooses_the_place():
    """§7.3: "The Grand Chamberlain decides whether the court stays at
    Versailles or goes 'to the hunt'"."""
    state = in_play(4, seed=5, place="hunt")
    assert state.location == "hunt" and state.stage == "play"
    assert state.to_act == (state.gc,)


def test_at_war_the_court_stays_at_war():
    """§7.3: "if France is at war, the court stays at war"."""
    state = new(3, seed=2)
    while state.stage == "choose_sex":
        state.apply(state.to_act[0], ChooseSex("man"))
    state.declare_war("spain", None)
    state.apply(REFEREE, TimeUp())
    assert state.stage == "play" and state.location == "war"


def test_two_actions_then_the_next_player():
    """§7.41: "Each player has two actions per turn"."""
    state = in_play(3, seed=4)
    gc = state.gc
    state.apply(gc, Draw())
    assert state.to_act == (gc,) and state.actions_left == 1
    state.apply(gc, Draw())
    assert state.to_act == ((gc + 1) % 3,)


def test_the_two_actions_examples():
    """§7.41: "Example: I take the first card of the draw pile, then I play a
    card from my hand. Another example: I speak well of another courtier to
    the King, and then I ask the King for the title of Marquis (a request
    card)"; "In addition to his two actions, a player may also use a POWER
    granted by an OFFICE card"."""
    state = in_play(3, seed=4)
    gc, other, third = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    for seat in (gc, other, third):
        court(state, seat, 6, 6)
    state.pile.append("bon_mot")
    state.apply(gc, Draw())
    state.apply(gc, PlayCard("bon_mot", gc))
    assert state.courtiers[gc].king == 8 and state.to_act == (other,)
    state.courtiers[other].cards.append("controleur_general")
    give(state, other, "marquis")
    state.rng = Dice(3, 4, 2, 5)  # type: ignore[assignment]
    state.apply(other, Intervene(third, "king", True))  # heard on a 3, then +1 on a 4
    assert state.courtiers[third].king == 7 and state.actions_left == 1
    state.apply(other, UsePower("controleur", "pension", other))  # free: 2 x 500
    assert state.courtiers[other].fortune == 1000 and state.actions_left == 1
    state.apply(other, Request("marquis", other))  # granted on a 5
    assert "marquis" in state.courtiers[other].cards
    assert state.to_act == (third,)


def test_plays_requests_and_audiences_read_as_sentences_naming_oneself_so():
    """The story's lines of §7.41's actions are sentences, the courtier's
    own seat "himself" or "herself": a terminal play-test read "Madame la
    Baronne (Seat 2): Play Gain au jeu du Roi on Madame la Baronne (Seat 2)"."""
    state = in_play(3, seed=4)
    gc, other, third = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    for seat in (gc, other, third):
        court(state, seat, 6, 6)
    me = {"man": "himself", "woman": "herself"}
    give(state, gc, "bon_mot")
    [played, *_] = state.apply(gc, PlayCard("bon_mot", gc))
    assert played.text == f"Seat {gc} plays Bon mot on {me[state.courtiers[gc].sex]}"
    state.apply(gc, EndTurn())  # its second action left unused
    assert state.to_act == (other,)
    give(state, other, "marquis")
    state.rng = Dice(3, 4, 5)  # type: ignore[assignment]
    [audience, *_] = state.apply(other, Intervene(third, "king", True))
    assert audience.text == (
        f"Seat {other} seeks an audience: speak well of Seat {third} to the King")
    [request, *_] = state.apply(other, Request("marquis", other))
    assert request.text == f"Seat {other} requests Marquis for {me[state.courtiers[other].sex]}"


def test_income_example_nine_thousand_livres():
    """§7.41: "a player who has in front of him a Marquis card (5,000) + a
    Maréchal de France card (2,000) + a Pension card (2,000) receives 9,000
    livres at the end of his turn"."""
    state = in_play(3, seed=4)
    seat = (state.gc + 1) % 3
    state.courtiers[seat].cards += ["marquis", "marechal", "pension_2000"]
    state.apply(state.gc, EndTurn())
    before = state.courtiers[seat].fortune
    state.apply(seat, EndTurn())
    assert state.courtiers[seat].fortune - before == 9000


def test_the_chamberlain_is_paid_only_after_his_second_turn():
    """§7.41: "he receives his income only at the end of his second turn"."""
    state = in_play(2, seed=4)
    gc = state.gc
    state.courtiers[gc].cards.append("pension_2000")
    state.apply(gc, EndTurn())
    assert state.courtiers[gc].fortune == 0
    state.apply(1 - gc, EndTurn())
    state.apply(gc, EndTurn())
    assert state.courtiers[gc].fortune == 2000
    assert state.gc == 1 - gc and state.turn == 2


def test_hand_limit_ten():
    """§7.41: "You may not have more than 10 cards in hand at the end of your turn"."""
    state = in_play(2, seed=4)
    gc = state.gc
    give(state, gc, *["bon_mot"] * 5)
    assert EndTurn() not in state.legal_actions(gc)
    state.apply(gc, Discard("bon_mot"))
    assert EndTurn() in state.legal_actions(gc)
    assert "bon_mot" in state.discard


def test_take_from_the_kings_house_and_give_cards():
    """§7.41: take "a card of his choice from the face-up pile on the 'King's
    House' space"; "Give one or two cards to another player ... a single game
    action"."""
    state = in_play(3, seed=4)
    gc = state.gc
    state.house.append("comte")
    # into the hand, not laid: a terminal play-test took a Pension so for its income
    assert TakeFromHouse("comte").describe() == "Take Comte from the King's House into your hand"
    state.apply(gc, TakeFromHouse("comte"))
    assert "comte" in state.hands[gc] and not state.house
    other = (gc + 1) % 3
    pair = tuple(sorted(state.hands[gc])[:2])
    events = state.apply(gc, GiveCards(other, pair))
    for card in pair:
        assert card in state.hands[other]
    third = (gc + 2) % 3
    assert "cards" not in events[0].for_seat(third).data
    assert events[0].for_seat(other).data["cards"] == list(pair)


def test_the_game_ends_when_a_fortune_reaches_the_goal():
    """§1: "The first player to amass 50,000 livres wins"."""
    state = in_play(3, seed=4, goal=30000)
    seat = (state.gc + 1) % 3
    state.courtiers[seat].fortune = 27000
    state.courtiers[seat].cards.append("pension_4000")
    state.apply(state.gc, EndTurn())
    events = state.apply(seat, EndTurn())
    assert state.is_over and state.result().winners == (seat,)
    assert events[-1].kind == "game_over"
    # the fortunes in livres, not bare numbers (a terminal play-test)
    fortune = f"Seat {seat}: {state.courtiers[seat].fortune:,} livres"
    assert events[-1].text.startswith("Game over: Seat 0: ") and fortune in events[-1].text


# ----- requests (§8) ---------------------------------------------------------------------
def test_a_request_granted_lays_the_card():
    """§8.2: "If the result of the die is less than or equal to his standing
    with the King ... the request is granted and he places the card in front
    of him"."""
    state = in_play(3, seed=4)
    gc = state.gc
    court(state, gc, 5, 2)
    give(state, gc, "baron")
    state.rng = Dice(5)  # type: ignore[assignment]
    state.apply(gc, Request("baron", gc))
    assert "baron" in state.courtiers[gc].cards


def test_a_request_refused_costs_a_point_and_goes_to_the_kings_house():
    """§8.2: "He immediately loses 1 point of standing with the King ... and
    the card is placed face up on the 'King's House' space"."""
    state = in_play(3, seed=4)
    gc = state.gc
    court(state, gc, 5, 2)
    give(state, gc, "baron")
    state.rng = Dice(6)  # type: ignore[assignment]
    state.apply(gc, Request("baron", gc))
    assert state.courtiers[gc].king == 4 and "baron" in state.house


def test_request_through_the_queen_example():
    """§8.3: "a player has 1 standing with the King but 8 with the Queen. He
    has the Chancelier card in his hand ... On the first roll he gets 7 ... so
    she agrees to intervene ... He gets 5 ... so the King grants him the post
    of Chancelier"."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 1, 8)
    state.courtiers[gc].sex = "man"
    state.courtiers[gc].cards.append("baron")  # the Chancelier must be titled (our deck)
    give(state, gc, "chancelier")
    assert state.is_legal(gc, Request("chancelier", gc, via_queen=True))
    state.rng = Dice(7, 5)  # type: ignore[assignment]
    events = state.apply(gc, Request("chancelier", gc, via_queen=True))
    assert "chancelier" in state.courtiers[gc].cards
    # two rolls on her standing: the second one is hers to the King (the page words it so)
    rolls = [e.data for e in events if e.kind == "roll"]
    assert [(r["die"], r["granted"], r.get("to_king", False)) for r in rolls] == [
        (7, True, False), (5, True, True)]


def test_through_the_queen_failures():
    """§8.3: "If the first roll fails ... the player loses one point of
    standing with her and may not make a second die roll. If the second roll
    fails ... the player loses 1 point of standing with the King"."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 1, 8)
    give(state, gc, "baron", "baron")
    state.rng = Dice(9)  # type: ignore[assignment]
    state.apply(gc, Request("baron", gc, via_queen=True))
    assert (state.courtiers[gc].king, state.courtiers[gc].queen) == (1, 7)
    state.rng = Dice(3, 8)  # type: ignore[assignment]
    state.apply(gc, Request("baron", gc, via_queen=True))
    assert (state.courtiers[gc].king, state.courtiers[gc].queen) == (0, 7)
    assert state.house == ["baron", "baron"]


def test_no_queen_route_without_a_better_queen_standing():
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 5, 5)
    give(state, gc, "baron")
    assert not state.is_legal(gc, Request("baron", gc, via_queen=True))


def test_lettre_de_cachet_returns_to_the_hand():
    """§8.2: "If it is a 'Lettre de Cachet', he returns it to his hand"; §9.2:
    against a courtier "who does not have standing (0, -1 or -2)"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 6, 2)
    court(state, other, 1, 5)
    give(state, gc, "lettre_de_cachet")
    assert not state.is_legal(gc, Request("lettre_de_cachet", other))
    state.courtiers[other].king = 0
    state.rng = Dice(2)  # type: ignore[assignment]
    state.apply(gc, Request("lettre_de_cachet", other))
    assert state.courtiers[other].place == "bastille"
    assert "lettre_de_cachet" in state.hands[gc]


def test_request_conditions_location_sex_standing_titled():
    """§9.1: conditions of location, sex, minimum standing and "Titled"."""
    state = in_play(2, seed=4, place="hunt")
    gc = state.gc
    court(state, gc, 9, 9)
    state.courtiers[gc].sex = "man"
    give(state, gc, "duc", "marquis", "maitre_chasse", "gouvernante_enfants")
    assert not state.is_legal(gc, Request("marquis", gc))  # a château card at the hunt
    assert state.is_legal(gc, Request("maitre_chasse", gc))
    assert not state.is_legal(gc, Request("gouvernante_enfants", gc))  # a woman's office
    state.location = "versailles"
    state.courtiers[gc].king = 4
    assert not state.is_legal(gc, Request("marquis", gc))  # blue 5
    state.courtiers[gc].king = 9
    assert not state.is_legal(gc, Request("duc", gc))  # titled
    state.courtiers[gc].cards.append("baron")
    assert state.is_legal(gc, Request("duc", gc))


def test_titled_binds_the_receiver_not_the_presenter_our_decision():
    """§9.1: "Titled: the character must have at least one NOBILITY TITLE (Baron, Comte,
    Marquis or Duc) to present this request or receive this office." Our reading
    (docs/rules/versailles.md, decision 27; DECK.md A22): the character is the one the
    card is for, as with §9.1's symbols; an untitled courtier may ask the Duc for a
    titled ally (§8.1: "for another player"), a titled one may not ask it for an
    untitled courtier."""
    state = in_play(2, seed=4)
    gc = state.gc
    other = 1 - gc
    court(state, gc, 9, 9)
    court(state, other, 9, 9)
    give(state, gc, "duc")
    assert not state.is_titled(gc) and not state.is_titled(other)
    assert not state.is_legal(gc, Request("duc", other))
    state.courtiers[other].cards.append("baron")
    assert state.is_legal(gc, Request("duc", other))  # an untitled presenter
    state.courtiers[other].cards.remove("baron")
    state.courtiers[gc].cards.append("baron")
    assert not state.is_legal(gc, Request("duc", other))  # a titled presenter, untitled receiver
    assert state.is_legal(gc, Request("duc", gc))


def test_one_office_at_a_time_but_governorships_together():
    """§9.2: "A courtier may hold only one office at a time (except provincial
    governorships ...). If he obtains a second office, he gives up the first
    one by placing its card in the 'King's House'"."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 9, 9)
    state.courtiers[gc].sex = "man"
    state.courtiers[gc].cards += ["controleur_general", "gouverneur_gascogne"]
    give(state, gc, "secretaire_guerre", "gouverneur_bourbonnais")
    state.rng = Dice(1, 1)  # type: ignore[assignment]
    state.apply(gc, Request("secretaire_guerre", gc))
    state.apply(gc, Request("gouverneur_bourbonnais", gc))
    assert sorted(state.courtiers[gc].cards) == [
        "gouverneur_bourbonnais", "gouverneur_gascogne", "secretaire_guerre"]
    assert state.house == ["controleur_general"]


def test_two_marechal_cards_are_not_combined():
    """§9.2: "There are 2 cards that grant the dignity of Maréchal ... these 2
    cards may not be combined"."""
    state = in_play(2, seed=4)
    gc = state.gc
    state.declare_war("england", None)
    court(state, gc, 9, 9)
    state.courtiers[gc].sex = "man"
    state.courtiers[gc].cards.append("marechal")
    give(state, gc, "marechal")
    assert not state.is_legal(gc, Request("marechal", gc))


# ----- audiences (§8.4) ------------------------------------------------------------------
def test_take_an_office_example_paul_and_jean():
    """§8.4: "Paul obtains from the King the office held by Jean. No one can
    take this office away from Paul again during this turn. But Jean played
    before Paul and has therefore already received the income from the
    office. Paul will therefore receive nothing this turn for this office!"."""
    state = in_play(3, seed=4)
    third, jean, paul = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    for seat in (jean, paul, third):
        court(state, seat, 7, 7)
        state.courtiers[seat].sex = "man"
    state.courtiers[jean].cards.append("secretaire_guerre")
    state.apply(third, EndTurn())
    state.apply(jean, EndTurn())
    assert state.courtiers[jean].fortune == DECK["secretaire_guerre"].income
    state.rng = Dice(3)  # type: ignore[assignment]
    state.apply(paul, TakeOffice("secretaire_guerre", paul))
    assert "secretaire_guerre" in state.courtiers[paul].cards
    assert not state.is_legal(paul, TakeOffice("secretaire_guerre", None))
    state.apply(paul, EndTurn())
    assert state.courtiers[paul].fortune == 0
    assert state.to_act == (third,)
    assert not any(isinstance(a, TakeOffice) for a in state.legal_actions(third))


def test_marriage_example_shared_income():
    """§8.4: "Mademoiselle de la Tour qui Penche marries Monsieur le Marquis
    de la Trémière. He has her obtain the post of Gouvernante des Enfants
    Royaux. At the end of her turn, Madame la Marquise de la Trémière
    receives half of her Gouvernante des Enfants de France pension; the other
    half is paid, at the same time, to her husband. At the end of the Marquis
    de la Trémière's turn, the Marquise receives half of the Marquis's
    pension"."""
    state = in_play(2, seed=4)
    marquis, mademoiselle = state.gc, 1 - state.gc
    court(state, marquis, 6, 6)
    court(state, mademoiselle, 4, 6)
    state.courtiers[marquis].sex, state.courtiers[mademoiselle].sex = "man", "woman"
    state.courtiers[marquis].cards.append("marquis")
    give(state, marquis, "gouvernante_enfants")
    assert not state.is_legal(marquis, Request("gouvernante_enfants", mademoiselle))
    state.rng = Dice(2, 3)  # type: ignore[assignment]
    state.apply(marquis, Marry(mademoiselle))  # "It is enough for the King to authorise it"
    assert state.is_titled(mademoiselle)  # she takes his title, not the card (A21)
    state.apply(marquis, Request("gouvernante_enfants", mademoiselle))
    assert "gouvernante_enfants" in state.courtiers[mademoiselle].cards
    half = DECK["gouvernante_enfants"].income // 2
    state.apply(mademoiselle, EndTurn())
    assert state.courtiers[mademoiselle].fortune == half
    assert state.courtiers[marquis].fortune == half
    state.apply(marquis, EndTurn())  # the Marquis: 5,000 (§7.41), halved
    assert state.courtiers[mademoiselle].fortune == half + 2500
    assert state.courtiers[marquis].fortune == half + 2500


def test_intervention_example():
    """§8.4: "Serizet Van Broutmou has a standing of 8 with the King. The first
    roll gives a 4, so the King listens. A second roll gives a 6: Jean de la
    Trémière drops by 2 + 1, that is, 3 points of standing with the King"."""
    state = in_play(2, seed=4)
    serizet, jean = state.gc, 1 - state.gc
    court(state, serizet, 8, 3)
    court(state, jean, 7, 3)
    state.rng = Dice(4, 6)  # type: ignore[assignment]
    state.apply(serizet, Intervene(jean, "king", False))
    assert state.courtiers[jean].king == 4


def test_intervention_refused_costs_a_point():
    state = in_play(2, seed=4)
    a, b = state.gc, 1 - state.gc
    court(state, a, 3, 3)
    court(state, b, 5, 5)
    state.rng = Dice(9)  # type: ignore[assignment]
    state.apply(a, Intervene(b, "queen", True))
    assert state.courtiers[a].queen == 2 and state.courtiers[b].queen == 5


def test_free_from_the_bastille_and_recall_from_exile():
    """§8.4: "If the King (or the Regent) agrees, the freed courtier
    immediately presents himself at Court"; exile: "the King, the Queen or the
    Regent"."""
    state = in_play(3, seed=4)
    gc, b, c = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    court(state, gc, 9, 9)
    state.imprison(b)
    state.exile(c)
    state.rng = Dice(1, 4, 4, 1, 5, 5)  # type: ignore[assignment]
    state.apply(gc, FreePrisoner(b))
    assert state.courtiers[b].place == "court" and state.courtiers[b].king == 4
    state.apply(gc, RecallExile(c, "queen"))
    assert state.courtiers[c].place == "court" and state.courtiers[c].queen in (5, 7)


def test_remarry_the_widowed_king():
    """§8.4: "If the King accepts, the Queen's figure is placed on her new
    country of origin. At once, all the courtiers are presented to the new
    sovereign, and those of her party add 2 points"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 9, 9)
    court(state, other, 5, 5)
    state.courtiers[gc].party, state.courtiers[other].party = "spain", "england"
    assert not state.is_legal(gc, RemarryKing("spain"))
    state.kill_queen()
    assert state.courtiers[gc].queen is None
    state.rng = Dice(1, 3, 3)  # type: ignore[assignment]
    state.apply(gc, RemarryKing("spain"))
    assert state.queen_alive and state.queen_origin == "spain"
    assert state.courtiers[gc].queen == 5 and state.courtiers[other].queen == 3


# ----- cards (§9) ------------------------------------------------------------------------
def test_war_declaration_and_the_end_of_the_war():
    """§9.3: the card "is immediately placed face up on the 'War Ministry'
    space ... and the King's figure is moved to the 'war' space"; "A single
    'THE WAR IS WON' ... card immediately ends the conflict"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 5)
    court(state, other, 5, 5)
    state.courtiers[other].party = "spain"
    state.queen_origin = "spain"
    give(state, gc, "guerre_espagne", "guerre_gagnee")
    assert not state.is_legal(gc, PlayCard("guerre_gagnee"))
    state.apply(gc, PlayCard("guerre_espagne"))
    assert state.location == "war" and state.ministry == ["guerre_espagne"]
    assert (state.courtiers[other].king, state.courtiers[other].queen) == (2, 5)
    state.apply(gc, PlayCard("guerre_gagnee"))
    assert state.location == "versailles" and not state.ministry
    assert "guerre_espagne" in state.discard


def test_standing_and_fortune_events():
    """§9.4: variations of standing and of fortune, applied at once."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 5)
    court(state, other, 8, 8)
    give(state, gc, "bon_mot", "calomnie", "heritage")
    state.apply(gc, PlayCard("bon_mot", gc))
    assert state.courtiers[gc].king == 7
    state.apply(gc, PlayCard("calomnie", other))
    assert state.courtiers[other].king == 6
    turn_of(state, gc)
    state.apply(gc, PlayCard("heritage", gc))
    assert state.courtiers[gc].fortune == 4000


def test_card_minimum_standing_and_location_refused_when_unmet():
    """§9.1: "a blue 5 indicates that the character receiving this card must
    have at least 5 points of standing with the King"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 5)
    court(state, other, 6, 6)
    give(state, gc, "cabale", "hallali")
    assert not state.is_legal(gc, PlayCard("cabale", other))  # king 7
    assert not state.is_legal(gc, PlayCard("hallali", gc))  # the horn, at Versailles
    state.courtiers[other].king = 7
    assert state.is_legal(gc, PlayCard("cabale", other))


def test_the_favourite_keeps_her_card_and_her_bonus():
    """§9.4: "the Favourite has a bonus of -2 for requests to the King" and
    keeps her card in front of her."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 6, 2)
    state.courtiers[gc].sex = "woman"
    give(state, gc, "favorite", "baron")
    state.apply(gc, PlayCard("favorite", gc))
    assert state.favourite() == gc and "favorite" in state.courtiers[gc].cards
    state.rng = Dice(8)  # 8 - 2 <= 6
    state.apply(gc, Request("baron", gc))
    assert "baron" in state.courtiers[gc].cards


def _granted_faces(state: VersaillesState, seat: int, sovereign: str) -> int:
    """How many faces of the d10 :meth:`heard` grants, each rolled on a copy."""
    granted = 0
    for face in range(1, 11):
        trial = copy.deepcopy(state)
        trial.rng = Dice(face)  # type: ignore[assignment]
        granted += trial.heard(seat, sovereign)[0]
    return granted


@pytest.mark.parametrize("standing", [-2, 0, 1, 5, 8, 9])
@pytest.mark.parametrize("status", [None, "favorite", "amant_reine"])
def test_the_odds_are_the_faces_the_roll_grants(standing, status):
    """§8.2: granted when "the result of the die is less than or equal to his
    standing"; §9.4: the Favourite's 2 with the King (the Lover's with the
    Queen, A27). The chance a page shows is the share of the d10's faces
    that the roll itself grants, for either sovereign."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, standing, standing)
    if status:
        state.courtiers[gc].cards.append(status)
    for sovereign in ("king", "queen"):
        assert state.chance(gc, sovereign) == 10 * _granted_faces(state, gc, sovereign)
    bonus = {"favorite": ("king", 2), "amant_reine": ("queen", 2)}.get(status, (None, 0))
    assert state.chance(gc, bonus[0] or "king") == 10 * max(0, min(10, standing + bonus[1]))


def test_the_odds_through_the_queen_are_both_her_rolls():
    """§8.3: "there are 2 die rolls ... Both die rolls are made against the
    player's standing with the Queen": the example's 1 with the King and 8
    with her is 64 in 100, every pair of faces rolled; no route, no odds."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 1, 8)
    granted = 0
    for first in range(1, 11):
        for second in range(1, 11):
            trial = copy.deepcopy(state)
            trial.rng = Dice(first, second)  # type: ignore[assignment]
            granted += trial.through_queen(gc)[0]
    assert state.chance_through_queen(gc) == granted == 64
    court(state, gc, 5, 5)
    assert state.chance_through_queen(gc) is None


def test_the_odds_in_a_view_are_the_seats_own():
    """A seat's view carries its own chances (the King's, the Queen's, through
    the Queen); the spectator's none; in a regency the Regent hears the
    requests on her scale (§10.1, A38); a courtier off the scales has none."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 3, 7)
    court(state, other, 6, 2)
    assert state.view(gc)["odds"] == {"king": 30, "queen": 70, "through_queen": 49}
    assert state.view(other)["odds"] == {"king": 60, "queen": 20, "through_queen": None}
    assert state.view(None)["odds"] is None
    state.kill_king()
    court(state, gc, 3, 7)
    assert state.view(gc)["odds"] == {"king": 70, "queen": 70, "through_queen": None}
    state.courtiers[other].place = "bastille"
    assert state.view(other)["odds"] == {"king": None, "queen": None, "through_queen": None}


def test_poison_only_by_a_woman_and_the_chambre_ardente():
    """§9.1: cards "only against courtesans who have actually used one or more
    POISON or PHILTRE cards"."""
    state = in_play(3, seed=4)
    gc, b, c = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    for seat in (gc, b, c):
        court(state, seat, 5, 5)
    state.courtiers[gc].sex, state.courtiers[c].sex = "man", "woman"
    give(state, gc, "poison")
    assert not state.is_legal(gc, PlayCard("poison", b))
    state.courtiers[gc].sex = "woman"
    state.apply(gc, PlayCard("poison", b))
    assert state.courtiers[b].place == "dead" and state.courtiers[gc].used_poison
    give(state, gc, "chambre_ardente")
    assert not state.is_legal(gc, PlayCard("chambre_ardente", c))
    assert state.is_legal(gc, PlayCard("chambre_ardente", gc))


def test_justice_frees_a_prisoner():
    """§12: the prisoner "may ... play a JUSTICE card for himself"; "He may
    leave the Bastille ... after being brought before a court on an order of
    the Chancelier (see 9.5), or by means of a JUSTICE card. Once freed, he
    immediately presents himself" (our reading, A29: no trial, no verdict)."""
    state = in_play(2, seed=4)
    gc = state.gc
    state.courtiers[gc].fortune = 5001
    state.imprison(gc)
    give(state, gc, "justice", "bon_mot")
    assert not state.is_legal(gc, PlayCard("bon_mot", gc))
    state.rng = Dice(1, 4, 4)  # type: ignore[assignment]  # a trial's 1 would kill him
    events = state.apply(gc, PlayCard("justice", gc))
    kinds = [e.kind for e in events]
    assert "released" in kinds and "trial" not in kinds
    assert state.courtiers[gc].place == "court" and state.courtiers[gc].fortune == 5001


def test_scandal_exiles_the_favourite_and_glory_brings_her_back():
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 5)
    court(state, other, 7, 5)
    state.courtiers[other].sex = "woman"
    state.courtiers[other].cards += ["favorite", "pension_2000", "baron"]
    give(state, gc, "scandale", "gloire_colonies")
    state.apply(gc, PlayCard("scandale", other))
    assert state.courtiers[other].place == "exile"
    assert state.courtiers[other].cards == ["baron"]  # §11: titles kept
    assert "pension_2000" in state.house and "favorite" in state.discard
    state.rng = Dice(3, 3)  # type: ignore[assignment]
    state.apply(gc, PlayCard("gloire_colonies", other))
    assert state.courtiers[other].place == "court"


def test_exile_keeps_title_income_and_the_bastille_pays_nothing():
    """§11: in exile he may "receive the income due to him"; §12: titles kept
    "but the income related to them is no longer distributed to him"; "An
    imprisoned spouse no longer receives the income of his or her partner,
    who keeps everything"."""
    state = in_play(2, seed=4)
    a, b = state.gc, 1 - state.gc
    state.courtiers[a].cards += ["comte"]
    state.courtiers[b].cards += ["baron"]
    state.courtiers[a].spouse, state.courtiers[b].spouse = b, a
    state.exile(a)
    state.imprison(b)
    state.pay_income(a)
    state.pay_income(b)
    assert (state.courtiers[a].fortune, state.courtiers[b].fortune) == (
        DECK["comte"].income, 0)


# ----- office powers (§9.5) ---------------------------------------------------------------
def test_powers_once_per_turn():
    """§9.5: "These powers may be used only once per turn ... This action is
    'free'"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 5)
    court(state, other, 0, 5)
    state.courtiers[gc].cards.append("controleur_general")
    state.rng = Dice(4)  # type: ignore[assignment]
    state.apply(gc, UsePower("controleur", "pension", gc))
    assert state.courtiers[gc].fortune == 2000 and state.actions_left == 2
    assert not state.is_legal(gc, UsePower("controleur", "pension", gc))


def test_chancelier_imprisons_and_tries():
    """§9.5: "May have imprisoned in the Bastille the courtier of his choice
    who does not have standing"; a trial: "1 to 3, death penalty"."""
    state = in_play(3, seed=4)
    gc, b, c = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    court(state, gc, 5, 5)
    court(state, b, 0, 5)
    court(state, c, 1, 5)
    state.courtiers[gc].cards.append("chancelier")
    assert not state.is_legal(gc, UsePower("chancelier", "imprison", c))
    state.apply(gc, UsePower("chancelier", "imprison", b))
    assert state.courtiers[b].place == "bastille"
    state.powers_used.clear()
    state.rng = Dice(2)  # type: ignore[assignment]
    state.apply(gc, UsePower("chancelier", "tribunal", b))
    assert state.courtiers[b].place == "dead"


def test_secretaire_declares_war_and_peace_and_the_maitre_de_chasse():
    """§9.5: "The courtiers who support that country immediately lose 3 points
    of standing with the King and 2 with the Queen (unless she is originally
    from that country)"; the Maître de la chasse: "impossible while France is
    at war"."""
    state = in_play(3, seed=4)
    gc, b, c = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    for seat in (gc, b, c):
        court(state, seat, 6, 6)
    state.courtiers[b].party, state.queen_origin = "england", "spain"
    state.courtiers[c].party = "spain"
    state.courtiers[gc].cards.append("secretaire_guerre")
    state.courtiers[c].cards.append("maitre_chasse")
    state.apply(gc, UsePower("secretaire", "england"))
    assert state.location == "war" and state.wars == ["england"]
    assert (state.courtiers[b].king, state.courtiers[b].queen) == (3, 4)
    turn_of(state, c)
    assert not any(isinstance(a, UsePower) for a in state.legal_actions(c))
    state.powers_used.clear()
    turn_of(state, gc)
    state.apply(gc, UsePower("secretaire", "peace"))
    assert state.location == "versailles"
    turn_of(state, c)
    state.apply(c, UsePower("maitre_chasse", "hunt"))
    assert state.location == "hunt"


def test_gouvernante_shifts_three():
    """§9.5: "who gains or loses 3 points of standing with the chosen sovereign"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 5)
    court(state, other, 5, 5)
    state.courtiers[gc].cards.append("gouvernante_enfants")
    state.apply(gc, UsePower("gouvernante", "queen_down", other))
    assert state.courtiers[other].queen == 2


# ----- the sovereigns and the courtiers (§10) -----------------------------------------------
def test_the_kings_death_makes_the_queen_regent():
    """§10.1: "the courtiers' silhouettes present in the King's apartments are
    removed ... There is no longer a Favourite ... The court returns to
    Versailles. The Queen becomes Regent with all the powers of the King";
    "The death of the King ... also immediately ends the war"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 5, 6)
    court(state, other, 7, 2)
    state.courtiers[other].sex = "woman"
    state.courtiers[other].cards.append("favorite")
    state.declare_war("spain", "guerre_espagne")
    give(state, gc, "petite_verole", "baron")
    state.apply(gc, PlayCard("petite_verole", None, "king"))
    assert state.regency and not state.king_alive and state.location == "versailles"
    assert state.courtiers[gc].king is None and state.favourite() is None
    assert state.standing(gc, "king") == 6  # the Regent hears on the red scale
    state.rng = Dice(6)  # type: ignore[assignment]
    state.apply(gc, Request("baron", gc))
    assert "baron" in state.courtiers[gc].cards


def test_the_queens_death():
    """§10.2: "All the courtiers' silhouettes present in the Queen's
    apartments are removed, along with her figure. There is no longer a
    Lover of the Queen. There is no longer a Queen's party"; the King still
    reigns, so the turn goes on (§10.3 needs both)."""
    state = in_play(3, seed=4)
    gc, lover, prisoner = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    for seat in (gc, lover):
        court(state, seat, 5, 7)
    state.courtiers[gc].sex, state.courtiers[lover].sex = "woman", "man"
    state.courtiers[lover].cards.append("amant_reine")
    state.courtiers[prisoner].party = state.queen_origin
    state.imprison(prisoner)
    give(state, gc, "poison", "justice")
    state.apply(gc, PlayCard("poison", None, "queen"))
    assert not state.queen_alive and state.queen_origin is None and state.king_alive
    assert [c.queen for c in state.courtiers] == [None] * 3
    assert state.lover() is None and "amant_reine" in state.discard
    assert state.to_act == (gc,) and not state.regency
    state.rng = Dice(4)  # type: ignore[assignment]
    state.apply(gc, PlayCard("justice", prisoner))  # presented to the King alone
    freed = state.courtiers[prisoner]
    assert (freed.king, freed.queen) == (4, None)
    assert not state.of_queens_party(prisoner)


def test_several_wars_and_one_card_ends_them_all():
    """§9.3: "France may be at war with several countries at once if several
    'WAR AGAINST...' cards are played in succession. A single 'THE WAR IS
    WON' or 'THE WAR IS LOST' card immediately ends the conflict. All the
    cards stacked on the War Ministry are then discarded, and the court
    returns to Versailles"."""
    state = in_play(2, seed=4, place="hunt")
    gc, other = state.gc, 1 - state.gc
    give(state, gc, "guerre_angleterre", "guerre_hollande")
    give(state, other, "guerre_perdue")
    state.apply(gc, PlayCard("guerre_angleterre"))
    state.apply(gc, PlayCard("guerre_hollande"))
    assert state.wars == ["england", "netherlands"] and state.location == "war"
    assert state.ministry == ["guerre_angleterre", "guerre_hollande"]
    state.apply(other, PlayCard("guerre_perdue"))
    assert not state.wars and not state.ministry and state.location == "versailles"
    assert {"guerre_angleterre", "guerre_hollande", "guerre_perdue"} <= set(state.discard)


def test_the_regency_ends_after_the_next_turn():
    """§10.1: "The Regency ends at the end of the turn following the turn of
    the King's death, when two new sovereigns then take the throne"."""
    state = in_play(2, seed=4)
    state.kill_king()
    for _ in range(3):
        state.apply(state.to_act[0], EndTurn())
    assert state.turn == 2 and state.regency
    state.apply(REFEREE, TimeUp())
    state.apply(state.gc, SetLocation("versailles"))
    for _ in range(3):
        state.apply(state.to_act[0], EndTurn())
    assert state.turn == 3 and not state.regency and state.king_alive and state.queen_alive
    assert all(c.king is not None for c in state.courtiers)


def test_both_sovereigns_dead_ends_the_turn_at_once():
    """§10.3: "The turn of play ends immediately and unpaid income is not paid
    out ... A new turn of play begins with a new Grand Chamberlain"."""
    state = in_play(3, seed=4)
    gc = state.gc
    state.kill_queen()
    court(state, gc, 5, 5)
    state.courtiers[(gc + 1) % 3].cards.append("duc")
    state.courtiers[gc].sex = "woman"
    give(state, gc, "poison")
    state.apply(gc, PlayCard("poison", None, "king"))
    assert state.turn == 2 and state.gc == (gc + 1) % 3
    assert state.courtiers[(gc + 1) % 3].fortune == 0
    assert state.king_alive and state.queen_alive and state.stage == "negotiation"


def test_a_courtiers_death_and_the_heir():
    """§10.4: "His exposed cards are lost ... unless the courtier is married:
    ... a widow keeps the noble titles of her husband"; the heir has "same
    FAMILY NAME, but of the opposite sex" and "receives the whole fortune";
    "The player chooses the party of his new character"."""
    state = in_play(3, seed=4)
    gc, husband, wife = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    court(state, husband, 5, 5)
    court(state, wife, 5, 5)
    state.courtiers[husband].sex, state.courtiers[wife].sex = "man", "woman"
    state.courtiers[husband].cards += ["marquis", "pension_4000"]
    state.courtiers[husband].fortune = 7000
    state.courtiers[husband].spouse, state.courtiers[wife].spouse = wife, husband
    family = state.courtiers[husband].family
    state.courtiers[gc].sex = "woman"
    give(state, gc, "poison")
    state.apply(gc, PlayCard("poison", husband))
    assert state.courtiers[wife].cards == ["marquis"] and "pension_4000" in state.house
    assert state.courtiers[wife].spouse is None
    state.apply(gc, EndTurn())
    assert state.to_act == (wife,)  # the dead courtier's player sits out (A40)
    for _ in range(2):
        state.apply(state.to_act[0], EndTurn())
    assert state.stage == "choose_party" and state.to_act == (husband,)
    state.apply(husband, ChooseParty("netherlands"))
    heir = state.courtiers[husband]
    assert (heir.sex, heir.family, heir.party, heir.fortune, heir.place) == (
        "woman", family, "netherlands", 7000, "court")


def test_a_widow_is_paid_her_husbands_title_once_a_turn_our_decision():
    """§10.4: a widow "keeps the noble titles of her husband and continues to receive
    their income"; §8.4: "the Royal Treasury pays the pensions attached to an office
    only once per turn of play". Our reading (docs/rules/versailles.md, decision 28):
    a title passed to a widow is paid once a turn too. Paid to her husband this turn
    (half of it to her), it pays her again from the next turn, not at the end of hers."""
    state = in_play(3, seed=4)
    gc, husband, wife = state.gc, (state.gc + 1) % 3, (state.gc + 2) % 3
    court(state, husband, 5, 5)
    court(state, wife, 5, 5)
    state.courtiers[husband].sex, state.courtiers[wife].sex = "man", "woman"
    state.courtiers[husband].cards += ["marquis"]
    state.courtiers[husband].spouse, state.courtiers[wife].spouse = wife, husband
    marquis = DECK["marquis"].income
    state.apply(gc, EndTurn())
    state.apply(husband, EndTurn())
    assert state.courtiers[wife].fortune == marquis // 2  # her half of his income
    give(state, wife, "poison")
    state.apply(wife, PlayCard("poison", husband))
    assert state.courtiers[wife].cards == ["marquis"]
    state.apply(wife, EndTurn())
    assert state.courtiers[wife].fortune == marquis // 2  # not paid a second time
    state.apply(gc, EndTurn())
    while state.stage != "play" or state.current() != wife:
        state.apply((state.to_act or state.may_act)[0],
                    next(a for a in state.legal_actions((state.to_act or state.may_act)[0])
                         if isinstance(a, EndTurn | Done | ChooseParty | SetLocation)))
    state.apply(wife, EndTurn())
    assert state.courtiers[wife].fortune == marquis // 2 + marquis  # the next turn: all hers


# ----- hidden information, determinism, random play ------------------------------------------
def test_views_hide_hands_and_the_pile():
    state = in_play(4, seed=9)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == sorted(state.hands[seat])
        text = json.dumps(view["courtiers"])
        assert "hand\": [" not in text
        assert view["pile"] == len(state.pile)
    assert state.view(None)["hand"] is None
    before = state.view(0)
    state.hands[1], state.pile[0] = state.hands[1][::-1], state.pile[0]
    state.hands[1][0], state.pile[-1] = state.pile[-1], state.hands[1][0]
    assert state.view(0) == before


def test_a_draw_is_seen_by_the_drawer_only():
    state = in_play(3, seed=9)
    gc = state.gc
    events = state.apply(gc, Draw())
    card = events[-1].for_seat(gc).data["card"]
    assert card in state.hands[gc]
    for seat in ((gc + 1) % 3, None):
        assert "card" not in events[-1].for_seat(seat).data


def test_determinize_keeps_what_the_seat_knows():
    state = in_play(4, seed=9)
    guess = state.determinize(2, random.Random(1))
    assert guess.view(2) == state.view(2)
    assert sorted(guess.pile + [c for s, h in enumerate(guess.hands) if s != 2 for c in h]) \
        == sorted(state.pile + [c for s, h in enumerate(state.hands) if s != 2 for c in h])


def play_out(seed: int, n: int, goal: int = 30000) -> VersaillesState:
    state = new(n, seed, goal=goal)
    rng, referee = random.Random(seed), Referee()
    while not state.is_over:
        referee.step(state, lambda seat: rng.choice(state.legal_actions(seat)))
    return state


def test_same_seed_same_game_and_replay():
    import courtly

    a, b = play_out(11, 4), play_out(11, 4)
    assert a == b and a.result() == b.result()
    again = courtly.replay(a.record, GAME)
    assert again == a


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_play_always_ends(n):
    for seed in range(4):
        state = play_out(seed, n, goal=50000)
        assert state.is_over and state.turn <= 100


@pytest.mark.parametrize("n", [2, 4, 6])
def test_kept_menus_are_the_menus_made_afresh(n):
    """The menus' memos (each seat's gifts and window menu, the court's
    parts kept by court, cards laid, standings and each scale's levels)
    change no menu: at every step of random games each menu is the
    one a copy without any memo makes, action for action, in order."""
    rng = random.Random(n)
    for seed in range(2):
        state = new(n, seed)
        referee = Referee()
        while not state.is_over:
            referee.step(state, lambda seat, state=state: _checked_choice(state, seat, rng))


@pytest.mark.parametrize("regency", [False, True])
def test_kept_menus_follow_the_standings_levels(regency):
    """The court's memos kept by each scale's levels of standing (a minimum
    standing, §9.1; in a regency the Regent's scale stands for the King's,
    §10.1) change no menu: standings moved at random, within a level or
    across one, and cards laid, give at every step the menu a copy
    without memos makes."""
    rng = random.Random(15)
    state = in_play(4, seed=2)
    if regency:
        state.kill_king()
    seat = state.to_act[0]
    give(state, seat, "marquis", "comte", "duc", "favorite", "cabale", "jalousie_reine",
         "controleur_general", "pension_4000", "premiere_dame", "amant_reine",
         "gouvernante_enfants", "lettre_de_cachet", "baron", "scandale", "chancelier",
         "mariage_secret")
    for other in range(4):
        court(state, other, None if regency else 5, 5)
    for step in range(200):  # one standing moved at a time, as an intervention does
        c = state.courtiers[rng.randrange(4)]
        scale = "queen" if regency or rng.random() < 0.5 else "king"
        setattr(c, scale, rng.randint(-1, 9))
        if step % 50 == 49:
            state.courtiers[rng.choice([s for s in range(4) if s != seat])].cards.append(
                rng.choice(["baron", "favorite", "marechal"]))
        state._legal_cache.clear()
        _checked_choice(state, seat, rng)


def test_gift_bundles_are_every_single_and_pair_in_order():
    """``rules.bundles`` (looked up at C speed) numbers what its docstring
    says, in that order: each kind alone, then each pair of kinds in sorted
    order, the same kind twice only if held twice, on random hands."""
    from itertools import combinations_with_replacement

    from courtly.games.versailles import rules

    deck, rng = DECK.cards(), random.Random(7)
    for _ in range(3000):
        hand = rng.sample(deck, rng.randint(0, 12))
        kinds = sorted(set(hand))
        doubles = [c for c in kinds if hand.count(c) > 1]
        expected = [(c,) for c in kinds] + [
            (a, b) for a, b in combinations_with_replacement(kinds, 2)
            if a != b or hand.count(a) > 1]
        assert [rules._bundle(code) for code in rules.bundles(kinds, doubles)] == expected


def _checked_choice(state: VersaillesState, seat: int, rng: random.Random) -> object:
    """A random action of ``seat``'s menu, once that menu is checked against
    the menu of a copy without memos."""
    legal = state.legal_actions(seat)
    bare = state.clone()
    bare._gift_memo, bare._window_memo, bare._memo_store = {}, {}, {}
    assert bare.legal_actions(seat) == legal
    return rng.choice(legal)


# ----- one test per card type: refused when its condition is unmet, its effect when met -----
def _meeting(state: VersaillesState, seat: int, card_id: str) -> None:
    """Make ``seat``'s courtier (at court) meet every symbol of the card, and
    the court's location fit it (§9.1)."""
    card = DECK[card_id]
    court(state, seat, 8, 8)
    c = state.courtiers[seat]
    c.sex = "woman" if "woman" in (card.sex, card.user_sex) else "man"
    if card.titled:
        c.cards.append("baron")
    if card.location == "war":
        state.declare_war("england", None)
        court(state, seat, 8, 8)
    elif card.location != "any":
        state.location = card.location


def _breaking(state: VersaillesState, seat: int, card_id: str) -> str:
    """Break one condition of the card for ``seat``; say which."""
    card = DECK[card_id]
    c = state.courtiers[seat]
    if card.min_standing is not None:
        setattr(c, card.min_standing.sovereign, card.min_standing.value - 1)
        return "standing"
    if card.sex != "any":
        c.sex = "man" if card.sex == "woman" else "woman"
        return "sex"
    if card.location != "any":
        state.end_wars()
        state.location = "hunt" if card.location == "versailles" else "versailles"
        return "location"
    if card.titled:
        c.cards.remove("baron")
        return "titled"
    state.exile(seat)
    return "away"


REQUEST_TYPES = sorted(t.id for t in DECK.types.values()
                       if t.is_request and t.kind != "lettre")


@pytest.mark.parametrize("card", REQUEST_TYPES)
def test_each_request_card_type(card):
    """§8.2, §9.1-§9.2: granted to a receiver who meets it; refused from the
    menu when he does not."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    _meeting(state, other, card)
    court(state, gc, 9, 1)
    give(state, gc, card)
    assert state.is_legal(gc, Request(card, other))
    state.rng = Dice(1)  # type: ignore[assignment]
    state.apply(gc, Request(card, other))
    assert card in state.courtiers[other].cards
    state.courtiers[other].cards.remove(card)
    give(state, gc, card)
    _breaking(state, other, card)
    assert not state.is_legal(gc, Request(card, other))
    assert Request(card, other) not in state.legal_actions(gc)


def _expect(state: VersaillesState, card_id: str, target: int) -> None:
    """The effect of a card without request on its target (§9.3, §9.4)."""
    card, c = DECK[card_id], state.courtiers[target]
    kind = card.kind
    if kind == "standing":
        assert (c.king, c.queen) == (min(9, 8 + card.dk), min(9, 8 + card.dq))
    elif kind == "fortune":
        assert c.fortune == card.amount
    elif kind == "death":
        assert c.place == "dead"
    elif kind in ("exile", "scandal"):
        assert c.place == "exile"
    elif kind == "bastille":
        assert c.place == "bastille"
    elif kind in ("favourite", "lover"):
        assert c.cards[-1] == card_id
    else:
        raise AssertionError(kind)


TARGETED_TYPES = sorted(t.id for t in DECK.types.values() if t.kind in (
    "standing", "fortune", "death", "exile", "bastille", "favourite", "lover", "scandal"))


@pytest.mark.parametrize("card", TARGETED_TYPES)
def test_each_event_card_type(card):
    """§9.1, §9.4: played on a courtier who meets its symbols, its effect at
    once; refused when a symbol is unmet."""
    kind = DECK[card]
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    target = gc if kind.self_only else other
    _meeting(state, target, card)
    if target != gc:
        court(state, gc, 5, 5)
        state.courtiers[gc].sex = "woman" if kind.user_sex == "woman" else "man"
    if kind.kind == "bastille":
        state.courtiers[target].used_poison = True
    if kind.kind == "scandal":
        state.courtiers[target].cards.append("amant_reine")
    give(state, gc, card, card)
    assert state.is_legal(gc, PlayCard(card, target))
    state.apply(gc, PlayCard(card, target))
    _expect(state, card, target)
    fresh = in_play(2, seed=4)
    _meeting(fresh, target, card)
    if target != gc:
        court(fresh, gc, 5, 5)
        fresh.courtiers[gc].sex = "woman" if kind.user_sex == "woman" else "man"
    give(fresh, gc, card)
    if kind.kind in ("bastille", "scandal"):
        assert not fresh.is_legal(gc, PlayCard(card, target))  # not marked, no status
        return
    broken = _breaking(fresh, target, card)
    assert not fresh.is_legal(gc, PlayCard(card, target)), broken


@pytest.mark.parametrize("card", sorted(t.id for t in DECK.types.values()
                                        if t.kind == "war_decl"))
def test_each_declaration_of_war(card):
    """§9.3: refused against a country France already fights."""
    state = in_play(2, seed=4)
    gc = state.gc
    give(state, gc, card, card)
    state.apply(gc, PlayCard(card))
    assert state.wars == [DECK[card].country] and state.location == "war"
    assert not state.is_legal(gc, PlayCard(card))


@pytest.mark.parametrize("card", sorted(t.id for t in DECK.types.values()
                                        if t.kind == "war_end"))
def test_each_end_of_war(card):
    """§9.3: only at war; Maréchaux gain 1 for a victory, lose 2 for a defeat (our deck)."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    give(state, gc, card)
    assert not state.is_legal(gc, PlayCard(card))
    state.declare_war("spain", None)
    court(state, other, 5, 5)
    state.courtiers[other].cards.append("marechal")
    state.apply(gc, PlayCard(card))
    assert not state.wars and state.location == "versailles"
    assert state.courtiers[other].king == (6 if DECK[card].won else 3)


def test_death_cards_reach_the_sovereigns_by_sex():
    """§7.41: "an 'Accident in the hunt' card against the Queen, or a 'War
    wound' card against the King"."""
    state = in_play(2, seed=4, place="hunt")
    gc = state.gc
    give(state, gc, "accident_chasse")
    assert state.is_legal(gc, PlayCard("accident_chasse", None, "queen"))
    state.declare_war("spain", None)
    give(state, gc, "blessure_guerre")
    assert state.is_legal(gc, PlayCard("blessure_guerre", None, "king"))
    assert not state.is_legal(gc, PlayCard("blessure_guerre", None, "queen"))


def test_secret_marriage():
    """§10.2: "A widowed King may also marry his Favourite ... The King ...
    will marry no other foreign princess as long as his secret wife is alive"."""
    state = in_play(2, seed=4)
    gc, other = state.gc, 1 - state.gc
    court(state, gc, 9, 9)
    court(state, other, 7, 5)
    state.courtiers[other].sex = "woman"
    state.courtiers[other].cards.append("favorite")
    give(state, gc, "mariage_secret", "scandale")
    assert not state.is_legal(gc, PlayCard("mariage_secret", other))
    state.kill_queen()
    state.apply(gc, PlayCard("mariage_secret", other))
    assert state.secret_wife == other
    assert not state.is_legal(gc, RemarryKing("spain"))
    assert not state.is_legal(gc, PlayCard("scandale", other))
    # no divorce, no bigamy (§8.4, §10.2): the secret wife marries nobody else
    state.courtiers[gc].sex = "man"
    assert not state.is_legal(gc, Marry(other))
    assert not any(isinstance(a, Marry) for a in state.legal_actions(gc))


def test_the_love_philtre_marks_the_woman_who_drank_it():
    """§9.1: the Chambre ardente "may only be played against courtesans who
    have actually used one or more POISON or PHILTRE cards" — the Philtre
    too, not only Poison (found by the rules audit)."""
    state = in_play(3, seed=4)
    gc, b = state.gc, (state.gc + 1) % 3
    court(state, gc, 5, 5)
    court(state, b, 5, 5)
    state.courtiers[gc].sex = "woman"
    give(state, gc, "philtre")
    state.apply(gc, PlayCard("philtre", gc))
    assert state.courtiers[gc].used_philtre and state.courtiers[gc].king == 8
    give(state, b, "chambre_ardente")
    turn_of(state, b)
    state.courtiers[b].sex = "man"
    assert state.is_legal(b, PlayCard("chambre_ardente", gc))


def test_an_office_granted_by_request_is_not_taken_again_that_turn():
    """§8.4: "An office may change holder only once per turn" — a grant by
    request is a change of holder too (A17; found by the rules audit)."""
    state = in_play(3, seed=4)
    gc, b = state.gc, (state.gc + 1) % 3
    for seat in (gc, b):
        court(state, seat, 9, 9)
        state.courtiers[seat].sex = "man"
    give(state, gc, "secretaire_guerre")
    state.rng = Dice(1)  # type: ignore[assignment]
    state.apply(gc, Request("secretaire_guerre", gc))
    assert "secretaire_guerre" in state.courtiers[gc].cards
    turn_of(state, b)
    assert not state.is_legal(b, TakeOffice("secretaire_guerre", b))
    state.offices_moved.clear()  # the next turn it may be taken
    assert state.is_legal(b, TakeOffice("secretaire_guerre", b))


def test_several_titles_but_not_the_same_one_twice():
    """§9.2: "A single courtier may hold several noble titles" — different
    ones: a second Marquis card is refused (our decision)."""
    state = in_play(2, seed=4)
    gc = state.gc
    court(state, gc, 9, 9)
    state.courtiers[gc].sex = "man"
    state.courtiers[gc].cards.append("marquis")
    give(state, gc, "marquis", "comte")
    assert not state.is_legal(gc, Request("marquis", gc))
    assert state.is_legal(gc, Request("comte", gc))


def test_render_shows_the_court_and_only_ones_own_hand():
    state = in_play(3, seed=4)
    text = GAME.render(state.view(0))
    assert "Great Register" in text and "The King reigns" in text
    assert "Your hand:" in text and "Your hand:" not in GAME.render(state.view(None))
    # sums in digit groups, as the card lines ("income 4,000/turn") write them
    state.courtiers[1].fortune = 12500
    text = GAME.render(state.view(0))
    assert "goal 50,000 livres" in text and ": 12,500 livres;" in text
    # France's wars, however declared (a terminal play-test saw only "the court is at
    # war" after the Secrétaire d'État's power, its log scrolled away)
    assert "War Ministry: -; France at peace" in text
    state.wars = ["spain"]
    assert "France at war with Spain" in GAME.render(state.view(None))


def test_the_terminal_says_what_each_card_in_hand_does():
    """Under the hand, each kind of card once with its effect (the browser's
    card help, for the terminal); none for a spectator."""
    state = in_play(3, seed=4)
    state.hands[0][:] = ["bon_mot", "bon_mot", "medisance"]
    text = GAME.render(state.view(0))
    after = text[text.index("Your hand:"):].splitlines()
    assert after[1:3] == ["  Bon mot [at Versailles]: +2 King", "  Médisance: -2 Queen"]
    assert "+2 King" not in GAME.render(state.view(None))


def test_the_menus_end_of_turn_says_the_actions_it_loses():
    """A play-test ended a turn with an action left without a word: the
    menu's "End the turn" says how many actions it loses (§7.41: two a
    turn), only while some are left and only to the seat whose turn it is."""
    state = in_play(3, seed=4)
    seat = state.order[state.pos]
    view = state.view(seat)
    assert view["actions_left"] == 2
    assert GAME.describe_action(view, EndTurn()) == "End the turn (2 actions lost)"
    assert GAME.describe_action(state.view(None), EndTurn()) == "End the turn"
    state.actions_left = 0
    assert GAME.describe_action(state.view(seat), EndTurn()) == "End the turn"


def test_the_terminal_says_what_each_card_in_hand_asks():
    """A terminal play-test held Butin de guerre and Lâcheté au feu and
    could not tell why neither was offered: the hand's lines gave their
    effects, not their symbols and conditions (§9.1), which the browser's
    card help shows. Now each line says them in brackets: the request, the
    court's place, who receives it (sex, oneself, a least standing,
    titled), who plays it."""
    state = in_play(3, seed=4)
    state.hands[0][:] = ["butin", "philtre", "duc", "poison", "calomnie"]
    text = GAME.render(state.view(0))
    after = text[text.index("Your hand:"):].splitlines()
    assert set(after[1:6]) == {  # in the view's order of the hand
        "  Butin de guerre [at war; for a man]: fortune +3,000",
        "  Philtre d'amour [for a woman, for oneself; played by a lady]: "
        "+3 standing with the King (clamp 9)",
        "  Duc [request; at Versailles; King \u2265 7, titled]: income 7,000/turn",
        "  Poison [played by a lady]: target dies (courtier §10.4; King §10.1; Queen §10.2; "
        "both dead §10.3)",
        "  Calomnie: -2 King"}


def test_the_terminal_reads_a_cards_least_standing_as_the_rules_do():
    """A terminal play-test in a regency read "Duc [...; King \u2265 7, titled]"
    while the King was dead: the Regent hears for him, on her own scale, and
    for herself as Queen (§10.1: "with all the powers of the King"; A38), so
    the line says "Regent \u2265 7", as court.py's ``track`` reads it. With
    the Queen dead and no regency, her cards' standing is one nobody has."""
    def lines(state: VersaillesState) -> dict[str, str]:
        text = GAME.render(state.view(0))
        hand = text[text.index("Your hand:"):].splitlines()[1:]
        return {line.split(" [")[0].strip(): line for line in hand if " [" in line}

    state = in_play(2, seed=4)
    state.hands[0][:] = ["duc", "dame_atours"]
    before = lines(state)
    assert "King \u2265 7, titled]" in before["Duc"], before
    assert "Queen \u2265 3" in before["Dame d'atours de la Reine"], before
    state.kill_king()
    now = lines(state)
    assert "Regent \u2265 7, titled]" in now["Duc"] and "King" not in now["Duc"], now
    assert "Regent \u2265 3" in now["Dame d'atours de la Reine"], now
    state = in_play(2, seed=4)
    state.hands[0][:] = ["duc", "dame_atours"]
    state.kill_queen()
    now = lines(state)
    assert "King \u2265 7, titled]" in now["Duc"], now
    assert "Queen \u2265 3, but no Queen" in now["Dame d'atours de la Reine"], now


def test_the_heuristic_plays_legal_actions_to_the_goal():
    """The heuristic (bot.py) sees only its view and picks from the menu."""
    heuristic = GAME.companions.heuristic
    assert heuristic is not None
    ended_by_goal = 0
    for seed in range(3):
        state = heuristic_game(seed, heuristic)
        ended_by_goal += max(c.fortune for c in state.courtiers) >= 30000
        measures = GAME.companions.measures
        assert measures is not None
        found = measures(state.view(None), state.record)
        assert found["turns"] == state.turn
        assert found["ended_by_goal"] == (found["best_fortune"] >= 30000)
    assert ended_by_goal >= 2


def heuristic_game(seed: int, heuristic) -> VersaillesState:
    state = new(4, seed, goal=30000)
    rng, referee = random.Random(seed), Referee()

    def choose(seat: int):
        legal = state.legal_actions(seat)
        action = heuristic(state.view(seat), legal, rng)
        assert action in legal
        return action

    while not state.is_over:
        referee.step(state, choose)
    return state


def test_menu_lines_name_courtiers_by_their_form_of_address():
    """Issue 15: "the form of address of every courtier shown where they are
    named" — the terminal's menu lines too (Game.describe_action)."""
    state = in_play(3, seed=4)
    gc, other = state.gc, (state.gc + 1) % 3
    view = state.view(gc)
    line = GAME.describe_action(view, PlayCard("bon_mot", other))
    address = view["courtiers"][other]["address"]["full"]
    assert line == f"Play Bon mot on {address} (Seat {other})"
    assert address.startswith(("Monsieur", "Mademoiselle", "Madame"))


def test_story_lines_name_courtiers_by_their_form_of_address():
    """Issue 15: the form of address shown where a courtier is named — the
    terminal's story lines too (Game.describe_event), from the events the
    seat may see; other games' lines are left as they are."""
    state = in_play(3, seed=4)
    seat = state.gc
    view = state.view(seat)
    other = (seat + 1) % 3
    address = view["courtiers"][other]["address"]["short"]
    assert GAME.describe_event(view, f"Seat {other} takes a card") == \
        f"{address} (Seat {other}) takes a card"
    from courtly.registry import game

    assert game("courtisans").describe_event({}, "Seat 1 plays") == "Seat 1 plays"


def test_story_lines_name_courtiers_as_they_were_when_the_move_was_made():
    """A story line names a courtier by his address before the move (one
    killed by it has none after; one titled by it is named as he asked), and
    one who had none then (a new heir) by his address after it."""
    state = in_play(3, seed=4)
    seat, other = state.gc, (state.gc + 1) % 3
    before = state.view(seat)
    after = {**before, "courtiers": [dict(c, address=None) if c["seat"] == other else c
                                     for c in before["courtiers"]]}
    short = before["courtiers"][other]["address"]["short"]
    text = f"The courtier of Seat {other} dies"
    assert GAME.describe_event(after, text) == text
    assert GAME.describe_event(after, text, before) == \
        f"The courtier of {short} (Seat {other}) dies"
    heir = f"Seat {other}'s heir joins the English party"
    assert GAME.describe_event(before, heir, after) == f"{short} (Seat {other})'s heir " \
        "joins the English party"


def test_an_heirs_line_names_the_heir_once():
    """A terminal play-test read "Mademoiselle du Bois Joli (Seat 0)'s heir
    (woman) joins the English party": the new courtier named as the heir of
    herself. The line names the heir, as the family's heir."""
    state = in_play(3, seed=4)
    seat = (state.gc + 1) % 3
    state.courtiers[seat].place = "dead"
    before = state.view(seat)
    events = state._heir(seat, "england")
    line = GAME.describe_event(state.view(seat), events[0].text, before)
    assert f"(Seat {seat})'s heir" not in line and ", the family's heir (a " in line, line
    assert line.endswith("), joins the English party"), line


def test_a_clone_shares_nothing_the_rules_change():
    """Versailles' own fast clone (the server plays every move on one): every
    list, set and dict of the state, each courtier and each hand is its own
    in the copy, so a field added later and forgotten there fails here; and
    playing on the copy leaves the original as it was."""
    state = in_play(4, seed=6)
    copy = state.clone()
    assert copy == state
    for name, value in state.__dict__.items():
        # core's last events are replaced by each move, never changed in place
        if isinstance(value, (list, set, dict)) and name != "_last_events":
            assert copy.__dict__[name] is not value, f"{name} is shared"
    assert all(a is not b and a.cards is not b.cards
               for a, b in zip(state.courtiers, copy.courtiers, strict=True))
    assert all(a is not b for a, b in zip(state.hands, copy.hands, strict=True))
    before = state.view(None), [list(h) for h in state.hands]
    rng = random.Random(2)
    referee = Referee()
    for _ in range(60):
        if copy.is_over:
            break
        referee.step(copy, lambda seat: rng.choice(copy.legal_actions(seat)))
    assert (state.view(None), state.hands) == before


def test_titles_rank_as_the_nobility_whatever_their_incomes():
    """§9.1: "Baron, Comte, Marquis or Duc"; the rank, not our deck's incomes,
    says which title a courtier is addressed by (§3: his highest)."""
    from courtly.games.versailles.cards import DECK
    from courtly.games.versailles.courtier import TITLE_RANK, Courtier

    assert set(TITLE_RANK) == {t.id for t in DECK.types.values() if t.kind == "title"}
    assert Courtier("x", cards=["baron", "duc", "comte"]).titles() == ["duc", "comte", "baron"]


def test_every_card_has_its_effect_in_french_too():
    """The browser's card help shows a card's effect in the page's language
    (docs/web.md "Card help"): every card of the deck has one in French."""
    from courtly.games.versailles.cards import DECK
    cards = DECK.to_json()
    assert all(c["effect"] and c["effect_fr"] and c["effect_fr"] != c["effect"] for c in cards)


def test_a_standing_cards_shifts_are_told_to_clients():
    """The deck as clients read it gives a standing card's shifts on each
    scale (§9.4; the browser asks to be sure of a play that would move
    nothing), the rules' own ``dk`` and ``dq``; other cards none."""
    from courtly.games.versailles.cards import DECK
    cards = {c["id"]: c for c in DECK.to_json()}
    assert cards["sourire_reine"]["shift"] == {"king": 0, "queen": 2}
    for t in DECK.types.values():
        expected = {"king": t.dk, "queen": t.dq} if t.kind == "standing" else None
        assert cards[t.id]["shift"] == expected, t.id
    assert any(c["shift"] and c["shift"]["king"] < 0 for c in cards.values())
