"""Courtisans de Versailles' heuristic (issue 16, bot.py): it fines breaches
as Grand Chamberlain and says so without a breach of its own (§3), requests
what the d10 will likely grant (§8.2), marries for income (§8.4), aims its
blows at the leader, and the balance measures (stats.py) of a short game.

Rulebook: shared/seeds/000_90b411339aefc22f.txt, cited by section.
"""

from __future__ import annotations

import random

import pytest

from courtly.bots import make_bot
from courtly.core import REFEREE, Done, TimeUp
from courtly.games.versailles import GAME, bot, stats
from courtly.games.versailles.actions import (
    Breach,
    ChooseSex,
    Fine,
    Marry,
    PlayCard,
    Request,
    SetLocation,
    UsePower,
)
from courtly.games.versailles.addresses import judge_chat
from courtly.games.versailles.etiquette import BreachCode
from courtly.games.versailles.rules import VersaillesState
from courtly.sim.report import curve_point
from courtly.sim.simulate import play_out


@pytest.fixture(autouse=True)
def _no_menu_cache(monkeypatch):
    """Scenario tests force positions between actions: menus are not cached."""
    monkeypatch.setattr(
        VersaillesState,
        "_legal_set",
        lambda self, seat: self._legal_actions(seat) if self._may_act_now(seat) else [],
    )


def in_play(seed: int = 3) -> VersaillesState:
    """A 4-player game in its first round of play: men at even seats, women at odd."""
    state = GAME.new_game(4, seed=seed)
    assert isinstance(state, VersaillesState)
    while state.stage == "choose_sex":
        seat = state.to_act[0]
        state.apply(seat, ChooseSex("man" if seat % 2 == 0 else "woman"))
    state.apply(REFEREE, TimeUp())
    state.apply(state.gc, SetLocation("versailles"))
    return state


def my_turn(state: VersaillesState, seat: int, hand: list[str], king: int = 5) -> None:
    """``seat`` begins its turn at court with ``hand``, ``king`` with the King
    and 1 with the Queen (no request goes through her, §8.3)."""
    for c in state.courtiers:
        c.place = "court"
    state.courtiers[seat].king, state.courtiers[seat].queen = king, 1
    state.hands[seat] = list(hand)
    state.order, state.pos, state.actions_left, state.stage = [seat, seat], 0, 2, "play"


def choice(state: VersaillesState, seat: int) -> object:
    return bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0))


# The offender's courtier as the register may show him: a title, the
# Maréchal, an office, a wife bearing her husband's title (§3, §8.4).
DRESSES = [[], ["marquis"], ["duc", "marechal"], ["baron", "chancelier"]]


@pytest.mark.parametrize("cards", DRESSES)
def test_the_chamberlain_fines_a_breach_and_says_so_in_the_proper_form(cards):
    """§3: "Breaches of etiquette are immediately sanctioned by the GRAND
    CHAMBERLAIN"; what the bot says with its fine addresses the offender by
    his form of address, and the referee's checker finds no breach in it
    (the server judges a bot's public remark like anyone's)."""
    state = in_play()
    gc = state.gc
    offender = (gc + 2) % 4  # a man, as gc is even or odd alike: same sex as gc
    state.courtiers[offender].cards += cards
    state.apply(REFEREE, Breach(offender, "familiar_pronoun", "tu"))
    legal = state.legal_actions(gc)
    assert Fine(0) in legal
    action = bot.choose(state.view(gc), legal, random.Random(0))
    assert action == Fine(0)
    said = bot.remark(state.view(gc), action)
    assert said is not None and said.to is None
    address = state.view(gc)["courtiers"][offender]["address"]["short"]
    assert said.text["fr"].startswith(address) and said.text["en"].startswith(address)
    # the sum in each language's digit groups, as the pages write it
    assert "1\u202f000 livres" in said.text["fr"] and "1,000 livres" in said.text["en"]
    assert judge_chat(state.view(gc), gc, said.line(), None) == []
    assert judge_chat(state.view(gc), gc, said.text["fr"], offender) == []


def test_two_breaches_of_one_message_are_fined_in_two_different_lines():
    """A play-test: the Chamberlain fining two breaches of one message said the
    same line twice, which read as a glitch. Each fine now says what it is for
    (``FINED_FOR``, one phrase a kind of breach, none quoting the breach), and
    the checker finds no breach in any of them, to the table or to the offender."""
    state = in_play()
    gc = state.gc
    offender = (gc + 2) % 4
    state.courtiers[offender].cards.append("marquis")
    state.apply(REFEREE, Breach(offender, "familiar_pronoun", "tu"))
    state.apply(REFEREE, Breach(offender, "wrong_title", "Monsieur le Duc"))
    lines = []
    for number in (0, 1):
        assert choice(state, gc) == Fine(number)
        said = bot.remark(state.view(gc), Fine(number))
        assert said is not None
        lines.append(said.text)
        state.apply(gc, Fine(number))
    assert lines[0] != lines[1]
    assert lines[0]["en"].endswith("livres for speaking familiarly."), lines
    assert lines[1]["fr"].endswith("livres pour un titre erroné."), lines


@pytest.mark.parametrize("code", list(BreachCode))
def test_what_each_fine_is_for_is_said_without_a_breach(code):
    """Every kind of breach the checker reports has its words in both
    languages, and the bot's line naming it is no breach itself (the server
    judges a bot's remark like anyone's)."""
    assert set(bot.FINED_FOR) == {c.value for c in BreachCode}
    state = in_play()
    gc = state.gc
    offender = (gc + 2) % 4
    state.apply(REFEREE, Breach(offender, code.value, "..."))
    said = bot.remark(state.view(gc), Fine(0))
    assert said is not None
    for lang, phrase in bot.FINED_FOR[code.value].items():
        assert said.text[lang].endswith(f" {phrase}."), said.text
    assert judge_chat(state.view(gc), gc, said.line(), None) == []
    assert judge_chat(state.view(gc), gc, said.text["fr"], offender) == []
    assert judge_chat(state.view(gc), gc, said.text["en"], offender) == []


def test_a_wife_is_fined_as_madame_la_marquise():
    """§8.4: "The wife takes the family name and the noble title of her
    husband": the remark says so, and the checker agrees."""
    state = in_play()
    gc = state.gc
    husband, wife = (gc + 2) % 4, (gc + 1) % 4
    if state.courtiers[wife].sex != "woman":
        husband, wife = wife, husband
    state.courtiers[husband].cards.append("marquis")
    state._wed(husband, wife)
    state.apply(REFEREE, Breach(wife, "familiar_pronoun", "tu"))
    action = choice(state, gc)
    said = bot.remark(state.view(gc), action)
    assert said is not None and said.text["fr"].startswith("Madame la Marquise")
    assert judge_chat(state.view(gc), gc, said.line(), None) == []


def test_the_chamberlain_spares_his_spouse():
    """§3 makes fining his choice: a spouse shares his income (§8.4)."""
    state = in_play()
    gc = state.gc
    spouse = (gc + 1) % 4
    state._wed(gc, spouse)
    state.apply(REFEREE, Breach(spouse, "familiar_pronoun", "tu"))
    assert Fine(0) in state.legal_actions(gc)
    assert choice(state, gc) != Fine(0)
    assert bot.remark(state.view(gc), Fine(0)) is not None  # it would say so, if it fined


def test_it_requests_what_its_standing_will_likely_get():
    """§8.2: the d10 against one's standing with the King, a refusal costing
    a point: a Marquis is requested at 7, not at 0."""
    state = in_play()
    seat = (state.gc + 1) % 4
    my_turn(state, seat, ["marquis"], king=7)
    assert choice(state, seat) == Request("marquis", seat)
    my_turn(state, seat, ["marquis"], king=0)
    assert not isinstance(choice(state, seat), Request)


def test_it_marries_for_income_not_against_it():
    """§8.4: spouses share their income equally: marry a richer income."""
    state = in_play()
    seat = next(s for s in (1, 3) if s != state.gc)  # a woman
    rich, poor = (seat + 1) % 4, (seat + 3) % 4
    state.courtiers[rich].cards += ["duc", "chancelier"]
    my_turn(state, seat, [], king=8)
    assert choice(state, seat) == Marry(rich)
    state.courtiers[rich].cards.clear()
    state.courtiers[seat].cards += ["duc"]
    assert choice(state, seat) not in (Marry(rich), Marry(poor))


def test_its_blows_fall_on_the_leader():
    """A death (§9.4) on the rival whose fortune and income lead."""
    state = in_play()
    seat = (state.gc + 1) % 4
    lead = (seat + 2) % 4
    state.courtiers[lead].cards += ["marquis"]
    state.courtiers[lead].fortune = 20000
    my_turn(state, seat, ["petite_verole"], king=5)
    assert bot.leader(state.view(seat)) == lead
    assert choice(state, seat) == PlayCard("petite_verole", lead)


def test_it_spares_its_own_spouse_a_blow():
    """A play-test's bot played Calumny (−2 King) on its own wife: a rival's
    fall counted as a gain, though half her incomes are its own (§8.4). Her
    standing and her future gains count as shared: the blow goes elsewhere,
    and a smile (+ standing) for her is no loss."""
    state = in_play()
    seat = next(s for s in (0, 2) if s != state.gc)  # a man
    wife = (seat + 1) % 4
    state._wed(seat, wife)
    my_turn(state, seat, ["calomnie"], king=5)
    for c in state.courtiers:
        c.king = 5
    lead = next(s for s in range(4) if s not in (seat, wife))
    state.courtiers[lead].fortune = 20000
    view = state.view(seat)
    assert bot.leader(view) == lead
    turns = bot.turns_left(view)
    assert bot._value(view, PlayCard("calomnie", wife), lead, turns) < 0
    assert choice(state, seat) != PlayCard("calomnie", wife)
    assert bot._value(view, PlayCard("calomnie", lead), lead, turns) > 0


def test_its_office_power_spares_its_own_spouse():
    """A play-test's bot, Gouvernante des Enfants de France and married, twice
    took 3 points with the King from its own husband (§9.5): his standing was
    counted a rival's, though half his incomes are its own (§8.4). A power
    lowers a rival's standing, raises its spouse's."""
    state = in_play()
    seat = next(s for s in (0, 2) if s != state.gc)
    wife = (seat + 1) % 4
    state._wed(seat, wife)
    for c in state.courtiers:
        c.king = c.queen = 5
    lead = next(s for s in range(4) if s not in (seat, wife))
    state.courtiers[lead].fortune = 20000
    view = state.view(seat)
    turns = bot.turns_left(view)

    def value(use: str, whom: int) -> float:
        return bot._value(view, UsePower("gouvernante", use, whom), lead, turns)

    assert value("king_down", wife) < 0 < value("king_up", wife)
    assert value("king_down", lead) > 0 > value("king_up", lead)


def test_the_estimate_favours_the_courtier_with_a_title():
    """ISMCTS' leaves: the learned value (value.py) ranks a courtier given a
    Duc's income above rivals who are otherwise his equals."""
    state = in_play()
    state.courtiers[0].cards.append("duc")
    values = bot.estimate(state.view(0))
    assert values[0] > max(values[1:])


def test_the_measures_of_a_short_game():
    """stats.py: what ``courtly simulate versailles`` aggregates, from the
    final view and a replay of the record."""
    state = GAME.new_game(4, seed=2, options={"goal": 30000})
    play_out(state, [make_bot("heuristic", s) for s in range(4)], 2)
    out = stats.measures(state.view(None), state.record)
    assert out["ended_by_goal"] and out["turns"] >= out["turns_to.30000"]
    assert {
        "deaths",
        "regencies",
        "wars",
        "stays.bastille",
        "stays.exile",
        "winner.after_first_chamberlain",
    } <= out.keys()
    assert out["fortune.seat0@1"] == 0
    granted = [k for k in out if k.startswith("granted.")]
    assert granted and all(0 <= out[k] <= 1 for k in granted)
    assert curve_point("granted.king@5") == ("granted.king", 5)
    assert curve_point("turns_to.30000") is None


def test_it_makes_peace_when_its_titles_wait_for_versailles():
    """§9.3: a war-ending card "ends every war" and the court returns to
    Versailles, where a title is requested (§9.1): with a Marquis in hand at
    the front, peace first; without one, nothing to end a war for."""
    state = in_play()
    seat = (state.gc + 1) % 4
    my_turn(state, seat, ["guerre_gagnee", "marquis"], king=7)
    state.wars, state.location = ["spain"], "war"
    assert choice(state, seat) == PlayCard("guerre_gagnee")
    my_turn(state, seat, ["guerre_gagnee"], king=7)
    assert choice(state, seat) != PlayCard("guerre_gagnee")


def test_an_exile_kills_the_king_to_come_back():
    """§10.1: the Queen becomes Regent and the regency ends with two new
    sovereigns, at whose accession exiles come back (§11: "or automatically
    at the accession of two new sovereigns"); death cards reach the
    sovereigns (A11). An exile may still play a card (§11)."""
    state = in_play()
    seat = (state.gc + 1) % 4
    my_turn(state, seat, ["petite_verole"], king=5)
    state.courtiers[seat].place = "exile"
    assert choice(state, seat) == PlayCard("petite_verole", sovereign="king")
    state.courtiers[seat].place = "court"
    assert choice(state, seat) != PlayCard("petite_verole", sovereign="king")


def test_its_choice_does_not_depend_on_what_it_cannot_see():
    """The others' hands and the pile are hidden: two positions that differ
    only there get the same choice, and the same remark."""
    state = in_play()
    seat = (state.gc + 1) % 4
    my_turn(state, seat, ["marquis", "calomnie"], king=6)
    other = state.clone()
    for s in range(4):
        if s != seat:
            other.hands[s] = ["lettre_de_cachet", "poison", "duc"]
    other.pile.reverse()
    first = bot.choose(state.view(seat), state.legal_actions(seat), random.Random(1))
    again = bot.choose(other.view(seat), other.legal_actions(seat), random.Random(1))
    assert first == again


def test_it_fines_in_silence_a_family_with_no_courtier_yet():
    """§6: the sex is chosen after the deal; before, no form of address
    (Monsieur, Mademoiselle) can be right, so the fine comes without words."""
    state = GAME.new_game(3, seed=11)
    assert isinstance(state, VersaillesState)
    gc = state.gc
    offender = (gc + 1) % 3  # nobody has chosen yet
    state.apply(REFEREE, Breach(offender, "familiar_pronoun", "toi"))
    action = choice(state, gc)
    assert action == Fine(0)
    assert bot.remark(state.view(gc), action) is None


def test_money_paid_in_the_negotiation_buys_a_rival_peace_but_not_the_leader():
    """§7.2: players "may pay each other" in the negotiation, and what the
    money buys is said in the chat, which the bot does not read; it answers by
    interest: a rival who paid it 1,000 livres or more this turn is spared its
    blows for the turn, unless that rival is the leader. Payments are public
    (the view's ``paid``), and they are forgotten at the next turn."""
    state = in_play()
    me = state.gc
    lead, other = (me + 1) % 4, (me + 2) % 4
    my_turn(state, me, [])
    state.courtiers[lead].fortune = 20000
    for seat in (lead, other):
        state.courtiers[seat].cards.append("chancelier")
    turns = bot.turns_left(state.view(me))

    def blow(seat: int) -> float:
        view = state.view(me)
        return bot._blow_value(view, "exile", seat, bot.leader(view), turns)

    assert bot.leader(state.view(me)) == lead
    before = blow(other), blow(lead)
    assert before[0] > 0 and before[1] > 0
    state.payments += [(other, me, 500), (lead, me, 2000)]
    assert blow(other) == before[0]  # 500 livres is not yet an offer taken
    state.payments.append((other, me, 500))
    assert state.view(me)["paid"][-1] == {"seat": other, "to": me, "amount": 500}
    assert state.view((me + 3) % 4)["paid"] == state.view(me)["paid"]  # public
    assert blow(other) == 0 and blow(lead) == before[1]
    state._begin_turn()
    assert state.view(me)["paid"] == []


def test_its_ranking_puts_its_choice_first_then_the_actions_worth_playing():
    """The ranking ISMCTS' ``top`` reads: the heuristic's choice first, then
    the other legal actions worth playing (a value of 0 or more), best
    first; where the rules make one choice (the negotiation), that alone."""
    state = in_play()
    seat = (state.gc + 1) % 4
    my_turn(state, seat, ["marquis", "petite_verole", "butin"], king=7)
    view, legal = state.view(seat), state.legal_actions(seat)
    ranked = bot.ranking(view, legal, random.Random(0))
    assert ranked[0] == choice(state, seat)
    assert len(ranked) > 3 and set(ranked) <= set(legal)
    turns, lead = bot.turns_left(view), bot.leader(view)
    values = [bot._value(view, a, lead, turns) for a in ranked]
    assert values == sorted(values, reverse=True) and min(values) >= 0
    negotiation = GAME.new_game(4, seed=3)
    while negotiation.stage == "choose_sex":
        negotiation.apply(negotiation.to_act[0], ChooseSex("man"))
    seat = negotiation.phase.may_act[0]
    assert bot.ranking(
        negotiation.view(seat), negotiation.legal_actions(seat), random.Random(0)
    ) == [Done()]
