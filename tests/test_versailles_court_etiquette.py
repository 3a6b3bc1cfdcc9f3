"""Courtisans de Versailles' etiquette wired to the engine (issue 15): each
courtier's form of address read from the Register (§3, §6, §8.4, §10.4), the
referee's rulings of breaches found in the chat and the Grand Chamberlain's
fines at any moment of the turn (§3, §4), and the family names players give.

Rulebook: shared/seeds/000_90b411339aefc22f.txt, cited by section.
"""

from __future__ import annotations

import json
import random
import time

import pytest

import courtly
from courtly.bots import decide, make_bot
from courtly.core import REFEREE, Done, IllegalAction, InvalidAction, Referee, TimeUp
from courtly.games import package_data
from courtly.games.versailles import GAME
from courtly.games.versailles.actions import (
    Breach,
    ChooseParty,
    ChooseSex,
    EndTurn,
    Fine,
    Marry,
    Pay,
    SetLocation,
)
from courtly.games.versailles.addresses import (
    court_addressees,
    judge_chat,
    sovereign_addressees,
)
from courtly.games.versailles.etiquette import family_keys, family_name_problem
from courtly.games.versailles.rules import VersaillesState

TREMIERE, TOUR = "de la Trémière", "de la Tour qui Penche"


class Dice:
    """A scripted die: tests force the dice (STYLE.md 4)."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        value = self.values.pop(0)
        assert low <= value <= high
        return value


@pytest.fixture(autouse=True)
def _no_menu_cache(monkeypatch):
    """Scenario tests force positions between actions: menus are not cached."""
    monkeypatch.setattr(VersaillesState, "_legal_set", lambda self, seat: (
        self._legal_actions(seat) if self._may_act_now(seat) else []))


def new(n: int = 4, seed: int = 1) -> VersaillesState:
    state = GAME.new_game(n, seed=seed)
    assert isinstance(state, VersaillesState)
    return state


def named(n: int = 4, seed: int = 1, families: dict[int, str] | None = None,
          place: str = "versailles") -> VersaillesState:
    """A game in its first round of play: men at even seats, women at odd,
    with the family names given (the others drawn)."""
    state = new(n, seed)
    families = families or {}
    while state.stage == "choose_sex":
        seat = state.to_act[0]
        state.apply(seat, ChooseSex("man" if seat % 2 == 0 else "woman", families.get(seat)))
    state.apply(REFEREE, TimeUp())
    state.apply(state.gc, SetLocation(place))
    return state


def address(state: VersaillesState, seat: int, viewer: int | None = None) -> str | None:
    found = state.view(viewer)["courtiers"][seat]["address"]
    return None if found is None else found["full"]


def court(state: VersaillesState, seat: int, king: int, queen: int) -> None:
    c = state.courtiers[seat]
    c.place, c.king, c.queen = "court", king, queen


def turn_of(state: VersaillesState, seat: int) -> None:
    state.order, state.pos, state.actions_left = [seat, seat], 0, 2
    state.stage = "play"


def not_gc(state: VersaillesState, k: int = 1) -> int:
    """The k-th seat to the Grand Chamberlain's left."""
    return (state.gc + k) % state.num_players


# ----- 1. the engine knows each courtier's address -----------------------------------------
def test_every_courtier_is_monsieur_or_mademoiselle_at_first():
    """§3: QUALITY then FAMILY NAME; §6: "a NAME for his courtier"."""
    state = named(4, families={0: "de Bourgengelle", 1: TOUR})
    assert address(state, 0) == "Monsieur de Bourgengelle"
    assert address(state, 1) == "Mademoiselle de la Tour qui Penche"
    for seat in range(4):
        short = state.view(None)["courtiers"][seat]["address"]["short"]
        assert short.startswith(("Monsieur ", "Mademoiselle "))


def test_nobody_to_address_before_the_sex_is_chosen():
    state = new(3)
    assert all(c["address"] is None for c in state.view(None)["courtiers"])


def test_the_highest_title_the_dignity_and_the_office_in_order():
    """§3: "QUALITY; DIGNITY (Maréchal); NOBILITY TITLE ...; FAMILY NAME; and
    finally the OFFICE held"; "addressed by his highest title"; the §7.41
    example's Marquis, Maréchal and pension."""
    state = named(4, families={0: "d'Argenson"})
    state.courtiers[0].cards += ["baron", "marquis", "marechal", "pension_2000",
                                 "controleur_general"]
    assert address(state, 0) == ("Monsieur le Maréchal Marquis d'Argenson, "
                                 "Contrôleur général des finances")
    assert state.view(0)["courtiers"][0]["address"]["short"] == "Monsieur le Maréchal"


def test_the_marriage_example_madame_la_marquise_de_la_tremiere():
    """§8.4: "Mademoiselle de la Tour qui Penche marries Monsieur le Marquis de
    la Trémière. He has her obtain the post of Gouvernante des Enfants Royaux.
    At the end of her turn, Madame la Marquise de la Trémière receives ...";
    "The wife takes the family name and the noble title of her husband, but
    not the card"."""
    state = named(4, families={0: TREMIERE, 1: TOUR})
    state.courtiers[0].cards.append("marquis")
    assert address(state, 0) == "Monsieur le Marquis de la Trémière"
    assert address(state, 1) == "Mademoiselle de la Tour qui Penche"
    court(state, 0, 9, 9)
    court(state, 1, 5, 5)
    turn_of(state, 0)
    state.rng = Dice(1)  # the King agrees
    state.apply(0, Marry(1))
    assert address(state, 1) == "Madame la Marquise de la Trémière"
    assert state.courtiers[1].cards == []  # the title, not the card
    state.courtiers[1].cards.append("gouvernante_enfants")
    assert address(state, 1) == ("Madame la Marquise de la Trémière, "
                                 "Gouvernante des Enfants de France")
    assert state.courtiers[1].family == TOUR  # her family's name, for her heir


def test_a_widow_keeps_the_title_and_the_name_a_widower_nothing():
    """§8.4: "A widow keeps the noble title(s) of her deceased husband"; §10.4:
    "This is not the case for a widower"."""
    state = named(4, families={0: TREMIERE, 1: TOUR})
    state.courtiers[0].cards.append("marquis")
    state._wed(0, 1)
    state.kill(0)
    assert address(state, 1) == "Madame la Marquise de la Trémière"
    assert address(state, 0) is None  # dead: nobody to address until the heir
    other = named(4, families={2: "de Bourgengelle", 3: TOUR})
    other.courtiers[3].cards.append("comte")
    other._wed(2, 3)
    assert address(other, 2) == "Monsieur de Bourgengelle"  # a husband takes nothing
    other.kill(3)
    assert address(other, 2) == "Monsieur de Bourgengelle"


def test_a_wife_is_addressed_by_the_highest_of_her_titles_and_his():
    state = named(4, families={0: TREMIERE, 1: TOUR})
    state.courtiers[0].cards.append("baron")
    state.courtiers[1].cards.append("duc")
    state._wed(0, 1)
    assert address(state, 1) == "Madame la Duchesse de la Trémière"
    assert address(state, 0) == "Monsieur le Baron de la Trémière"


def test_the_heir_bears_the_family_name_and_no_title():
    """§10.4: "replaced by a member of his family (same FAMILY NAME), but of the
    opposite sex. 'The niece inherits from her uncle'"."""
    state = named(4, families={0: TREMIERE})
    state.courtiers[0].cards.append("marquis")
    state.kill(0)
    state.stage = "choose_party"
    state.apply(0, ChooseParty("spain"))
    assert address(state, 0) == "Mademoiselle de la Trémière"


def test_a_widows_heir_takes_back_the_familys_own_name():
    state = named(4, families={0: TREMIERE, 1: TOUR})
    state._wed(0, 1)
    state.kill(0)
    state.kill(1)
    state.stage = "choose_party"
    state.apply(0, ChooseParty("spain"))
    state.apply(1, ChooseParty("spain"))
    assert address(state, 1) == "Monsieur de la Tour qui Penche"


def test_the_grand_chamberlain_may_be_called_so():
    """§4: the Grand Chamberlain's role may stand for an office (etiquette
    decision 7); it passes left each turn."""
    state = named(4, families={0: TREMIERE})
    view = state.view(None)
    gc = state.gc
    addressees = court_addressees(view)
    assert [a.grand_chamberlain for a in addressees] == [s == gc for s in range(4)]
    sender, other = not_gc(state), not_gc(state, 2)
    quality = view["courtiers"][gc]["address"]["short"].split()[0]
    assert view["courtiers"][other]["sex"] == view["courtiers"][gc]["sex"]
    text = f"{quality} le Grand Chambellan, je vous salue."
    assert judge_chat(view, sender, text, gc) == []
    assert [f["code"] for f in judge_chat(view, sender, text, other)] == ["wrong_office"]


def test_the_sovereigns_forms_of_address():
    """The King, the Queen, the Regent (§10.1) and a widowed King (§10.2)."""
    state = named(3)
    assert state.view(None)["sovereigns_address"] == {
        "king": ["Sire", "Votre Majesté"], "queen": ["Madame", "Votre Majesté"]}
    state.kill_queen()
    assert list(sovereign_addressees(state.view(None))) == ["king"]
    regency = named(3)
    regency.kill_king()
    assert regency.view(None)["sovereigns_address"] == {"regent": ["Madame", "Votre Majesté"]}


# ----- 2. breaches ruled by the referee, fined by the Grand Chamberlain ---------------------
def jojo(state: VersaillesState) -> tuple[int, int, list[dict]]:
    """§3: "saying 'A toi Jojo' instead of 'A vous mon cher Marquis de La
    Trémière'", by the seat left of the Chamberlain's left to the Marquis."""
    marquis, speaker = not_gc(state, 1), not_gc(state, 2)
    state.courtiers[marquis].family = TREMIERE
    state.courtiers[marquis].sex = "man"
    state.courtiers[marquis].cards.append("marquis")
    view = state.view(speaker)
    assert judge_chat(view, speaker, "A vous mon cher Marquis de La Trémière", marquis) == []
    return marquis, speaker, judge_chat(view, speaker, "A toi Jojo", marquis)


def test_a_table_without_the_checker_judges_nothing():
    """Issue 16: "the checker can be switched off per table (an option)"."""
    state = named(4, seed=3)
    marquis, speaker = not_gc(state, 1), not_gc(state, 2)
    view = dict(state.view(speaker))
    assert judge_chat(view, speaker, "A toi Jojo", marquis)
    view["options"] = {**view["options"], "etiquette": False}
    assert judge_chat(view, speaker, "A toi Jojo", marquis) == []


def test_a_table_without_the_checker_takes_no_ruling_and_fines_nobody():
    """§3: "The Grand Chamberlain has the power to impose penalties of 1,000
    livres for each error observed"; at a table without the checker (option
    etiquette off, decision E13a) "the referee reads nothing and nobody is
    fined": a Breach ruling is refused with its reason and changes nothing
    (it was taken, and then fined, before)."""
    state = GAME.new_game(3, seed=3, options={"etiquette": False})
    assert isinstance(state, VersaillesState)
    while state.stage == "choose_sex":
        state.apply(state.to_act[0], ChooseSex("man"))
    other = not_gc(state)
    before = state.clone()
    assert not state.is_legal(REFEREE, Breach(other, "familiar_pronoun", "tu"))
    with pytest.raises(IllegalAction, match="etiquette is not judged"):
        state.apply(REFEREE, Breach(other, "familiar_pronoun", "tu"))
    assert state == before and not state.view(None)["breaches"]


def test_a_toi_jojo_is_two_breaches_each_with_the_referees_ruling():
    state = named(4, seed=3)
    _, speaker, faults = jojo(state)
    assert [f["code"] for f in faults] == ["familiar_pronoun", "familiar_name"]
    for fault in faults:
        assert fault["seat"] == speaker and fault["en"] and fault["fr"]
        json.dumps(fault)
        ruling = GAME.parse_action(fault["action"])
        assert isinstance(ruling, Breach) and ruling.seat == speaker
    assert [GAME.parse_action(f["action"]).words for f in faults] == ["toi", "Jojo"]


def test_a_public_message_is_judged_against_whoever_it_fits():
    """To the table, "Madame, ..." is correct if some lady is there; "Sire"
    is for the King."""
    state = named(4, families={1: TOUR})
    view = state.view(0)
    assert judge_chat(view, 0, "Mademoiselle, je vous propose un marché.", None) == []
    assert judge_chat(view, 0, "Sire, je vous supplie.", None) == []
    faults = judge_chat(view, 0, "Salut toi, tu m'écoutes ?", None)
    assert [f["code"] for f in faults] == ["familiar_pronoun"]


def test_the_players_names_are_known_to_the_referee():
    """§3: "Players must address one another giving, in this order: QUALITY
    [...]; FAMILY NAME [...]; and finally the OFFICE held": the players'
    own names (public at the table) go with the message, and calling a
    player by his is a familiarity judged against his courtier (E20)."""
    state = named(4, families={1: TOUR})
    view = state.view(0)
    names = ["Alex", "Zoé", None, "Rose"]  # seat 2: a bot, no name
    text = "Zoé, vous me donnez votre carte ?"
    assert judge_chat(view, 0, text, None) == []  # without the names, as before
    faults = judge_chat(view, 0, text, None, names=names)
    assert [(f["code"], f["found"], f["seat"]) for f in faults] == [
        ("familiar_name", "Zoé", 0)]
    assert faults[0]["expected"] == view["courtiers"][1]["address"]["short"]
    assert GAME.parse_action(faults[0]["action"]).words == "Zoé"
    assert judge_chat(view, 0, text, 1, names=names)[0]["code"] == "familiar_name"
    assert judge_chat(view, 0, "Mademoiselle, vous me donnez votre carte ?", None,
                      names=names) == []


def test_the_players_names_one_per_seat():
    view = named(4).view(0)
    with pytest.raises(ValueError, match="3 names for 4 seats"):
        judge_chat(view, 0, "Bonjour.", None, names=["Alex", "Zoé", "Rose"])


def test_a_pending_breach_opens_the_chamberlains_window_at_any_moment():
    """§3: "Breaches of etiquette are immediately sanctioned by the GRAND
    CHAMBERLAIN"; the fine is "1,000 livres for each error"; "If the player
    has no money, the debts are noted instead"."""
    state = named(4, seed=3)
    gc = state.gc
    _, speaker, faults = jojo(state)
    state.apply(gc, EndTurn())  # another player's turn
    current = state.to_act[0]
    assert current != gc and state.may_act == ()
    for fault in faults:
        state.apply(REFEREE, GAME.parse_action(fault["action"]))
    assert state.to_act == (current,) and state.may_act == (gc,)
    assert state.legal_actions(gc) == [Fine(0), Fine(1), Done()]
    assert state.legal_actions(REFEREE) == [TimeUp()]
    assert [b["breach"] for b in state.view(None)["breaches"]] == [0, 1]
    fortune = state.courtiers[speaker].fortune
    events = state.apply(gc, Fine(1))
    assert events[0].kind == "fine" and events[0].data["seat"] == speaker
    assert events[0].data["chamberlain"] == gc != speaker
    assert state.courtiers[speaker].fortune == fortune - 1000
    state.courtiers[speaker].fortune = 0
    state.apply(gc, Fine(0))
    assert state.courtiers[speaker].fortune == -1000  # debts allowed
    assert state.may_act == () and state.legal_actions(gc) == []


def test_the_chamberlain_fines_himself_at_once():
    """§3: "If the Grand Chamberlain himself commits a breach of etiquette, he
    must withdraw the usual penalties from himself"."""
    state = named(3)
    gc = state.gc
    events = state.apply(REFEREE, Breach(gc, "familiar_pronoun", "tu"))
    assert [e.kind for e in events] == ["breach", "fine"]
    assert events[1].data["seat"] == events[1].data["chamberlain"] == gc
    assert events[1].text.startswith("The Grand Chamberlain fines himself 1,000 livres")
    assert state.courtiers[gc].fortune == -1000
    assert state.view(None)["breaches"] == [] and state.may_act == ()


def test_done_lets_breaches_pass_and_the_turns_end_lapses_them():
    state = named(3)
    gc, other = state.gc, not_gc(state)
    state.apply(REFEREE, Breach(other, "wrong_sex", "Madame"))
    events = state.apply(gc, Done())  # his own turn: Done lets it pass, nothing else
    assert events[0].kind == "breaches_pass" and state.to_act == (gc,)
    assert state.courtiers[other].fortune == 0
    state.apply(REFEREE, Breach(other, "wrong_sex", "Madame"))
    while state.turn == 1:
        seat = state.to_act[0]
        state.apply(seat, EndTurn())
    assert state.view(None)["breaches"] == [] and state.courtiers[other].fortune == 0


def test_breaches_unfined_say_why():
    """A play-test's log read "the Chamberlain lets it pass" for a breach that
    nobody had ruled on when the turn ended. The event says which of E15's
    three ways it went unfined (``why``), its words too."""
    state = named(3)
    gc, other = state.gc, not_gc(state)
    state.apply(REFEREE, Breach(other, "wrong_sex", "Madame"))
    [passed] = [e for e in state.apply(gc, Done()) if e.kind == "breaches_pass"]
    assert passed.data == {"breaches": [0], "why": "done"}
    assert passed.text == "The Grand Chamberlain lets breach 0 pass unfined"
    state.apply(REFEREE, Breach(other, "wrong_sex", "Madame"))
    state.apply(REFEREE, Breach(other, "familiar_pronoun", "tu"))
    lapsed = []
    while state.turn == 1:
        lapsed += [e for e in state.apply(state.to_act[0], EndTurn()) if e.kind == "breaches_pass"]
    assert [(e.data, e.text) for e in lapsed] == [(
        {"breaches": [1, 2], "why": "turn_over"},
        "The turn ended before any ruling: breaches 1, 2 lapse unfined")]
    state = named(3)
    state.apply(state.gc, EndTurn())
    state.apply(REFEREE, Breach(state.to_act[0], "familiar_name", "Jojo"))
    [timed] = [e for e in state.apply(REFEREE, TimeUp()) if e.kind == "breaches_pass"]
    assert timed.data == {"breaches": [0], "why": "time_up"}
    assert timed.text == "Time is up: breach 0 passes unfined"


def test_the_referees_time_up_lapses_breaches_outside_the_negotiation():
    state = named(3)
    gc = state.gc
    state.apply(gc, EndTurn())
    offender = state.to_act[0]
    state.apply(REFEREE, Breach(offender, "familiar_name", "Jojo"))
    events = state.apply(REFEREE, TimeUp())
    assert events[0].kind == "breaches_pass" and state.to_act == (offender,)


def test_in_the_negotiation_the_chamberlain_fines_or_lets_pass_before_being_done():
    state = new(3)
    while state.stage == "choose_sex":
        state.apply(state.to_act[0], ChooseSex("man"))
    gc, other = state.gc, not_gc(state)
    state.apply(REFEREE, Breach(other, "familiar_pronoun", "toi"))
    assert Fine(0) in state.legal_actions(gc) and state.may_act[0] == gc
    state.apply(gc, Done())  # lets it pass; still negotiating
    assert gc in state.may_act and state.view(None)["breaches"] == []
    state.apply(gc, Done())
    assert gc not in state.may_act
    state.apply(REFEREE, Breach(other, "familiar_pronoun", "toi"))
    assert state.may_act[0] == gc and state.legal_actions(gc) == [Fine(1), Done()]
    state.apply(other, Pay(gc, 500)) if state.courtiers[other].fortune >= 500 else None
    state.apply(REFEREE, TimeUp())  # the five minutes end the negotiation, not the breach
    assert state.stage == "location" and state.to_act == (gc,)
    assert Fine(1) in state.legal_actions(gc)
    state.apply(gc, Fine(1))
    assert state.courtiers[other].fortune == -1000


def test_only_the_referee_rules_and_only_the_chamberlain_fines():
    state = named(3)
    gc, other = state.gc, not_gc(state)
    with pytest.raises(IllegalAction):
        state.apply(gc, Breach(other, "familiar_pronoun", "tu"))
    with pytest.raises(IllegalAction, match="no seat 7"):
        state.apply(REFEREE, Breach(7, "familiar_pronoun", "tu"))
    with pytest.raises(InvalidAction):
        GAME.parse_action({"type": "breach", "seat": 1, "code": "rudeness", "words": "x"})
    with pytest.raises(InvalidAction):
        GAME.parse_action({"type": "breach", "seat": 1, "code": "wrong_sex", "words": " "})
    state.apply(REFEREE, Breach(other, "familiar_pronoun", "tu"))
    with pytest.raises(IllegalAction, match="no breach 5"):
        state.apply(gc, Fine(5))
    state.apply(gc, EndTurn())
    seat = state.to_act[0]
    with pytest.raises(IllegalAction):
        state.apply(seat, Fine(0))
    before = state.clone()
    with pytest.raises(IllegalAction):
        state.apply(REFEREE, Breach(-1, "familiar_pronoun", "tu"))
    assert state == before


def test_without_breaches_nobody_fines():
    """Random play never fines: no breach, no Fine in any menu, no window."""
    state = new(4, seed=5)
    rng, referee = random.Random(5), Referee()
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(4):
            assert not any(isinstance(a, Fine) for a in state.legal_actions(seat))
        if state.stage == "play":
            assert state.may_act == ()
        referee.step(state, lambda seat: rng.choice(state.legal_actions(seat)))


def test_rulings_are_recorded_and_replayed_exactly():
    state = named(4, seed=3)
    gc = state.gc
    state.apply(REFEREE, Breach(not_gc(state), "wrong_name", "de Rien"))
    state.apply(REFEREE, Breach(gc, "familiar_pronoun", "toi"))
    state.apply(gc, Fine(0))
    data = json.loads(json.dumps(state.record.to_json()))
    assert ["referee", {"type": "breach", "seat": not_gc(state), "code": "wrong_name",
                        "words": "de Rien"}] in data["actions"]
    again = courtly.replay(GAME.read_record(data), GAME)
    assert again == state


def test_the_heuristic_chamberlain_fines_rivals_and_spares_his_spouse():
    """What the server's driver does with a bot in may_act (hub.py: it asks the
    bot to decide): the heuristic fines a rival's breach, lets a spouse's pass."""
    state = named(4, seed=3)
    gc = state.gc
    spouse, rival = not_gc(state, 1), not_gc(state, 2)
    state.courtiers[gc].sex, state.courtiers[spouse].sex = "man", "woman"
    state._wed(gc, spouse)
    state.apply(gc, EndTurn())
    state.apply(REFEREE, Breach(spouse, "familiar_pronoun", "tu"))
    state.apply(REFEREE, Breach(rival, "familiar_pronoun", "tu"))
    bot = make_bot("heuristic", seed=1)
    assert decide(state, gc, bot) == Fine(1)
    state.apply(gc, Fine(1))
    assert decide(state, gc, bot) == Done()
    state.apply(gc, Done())
    assert state.may_act == () and state.courtiers[spouse].fortune == 0


# ----- 3. family names from the players -----------------------------------------------------
def test_the_first_decision_may_name_the_family():
    """§6: "Each player chooses: a NAME for his courtier (de Quelque Chose...
    de Maintenon, de la Tour qui Penche, and so on)"."""
    state = new(3)
    seat = state.to_act[0]
    drawn = state.courtiers[seat].family
    assert state.legal_actions(seat) == [ChooseSex("man", drawn), ChooseSex("woman", drawn)]
    assert state.is_legal(seat, ChooseSex("woman"))  # absent: the drawn name
    state.apply(seat, ChooseSex("woman", "de Maintenon"))
    assert state.courtiers[seat].family == "de Maintenon"
    nxt = state.to_act[0]
    state.apply(nxt, ChooseSex("man"))
    assert state.courtiers[nxt].family not in ("", "de Maintenon")


@pytest.mark.parametrize("name", ["x", "de la Tour!", "de  Rien", " de Rien", "de Rien2",
                                  "de Marquis", "Tu", "Mon cher", "a" * 41])
def test_a_bad_family_name_is_refused_with_its_reason(name):
    with pytest.raises(InvalidAction, match="choose_sex: "):
        GAME.parse_action({"type": "choose_sex", "sex": "man", "family": name})
    assert family_name_problem(name)


def test_another_familys_name_is_refused_and_nothing_changes():
    state = new(3)
    first = state.to_act[0]
    state.apply(first, ChooseSex("man", "de Maintenon"))
    seat = state.to_act[0]
    before = state.clone()
    for name in ("de Maintenon", "DE MAINTENON", "de Maintenon".replace("e", "é")):
        with pytest.raises(IllegalAction, match="already named"):
            state.apply(seat, ChooseSex("man", name))
        assert state == before


@pytest.mark.parametrize(("taken", "typed"), [
    ("de Saint-Sournois", "Saint Sournois"), ("Saint Sournois", "de Saint-Sournois"),
    ("d'Escarpolette", "Escarpolette"), ("Escarpolette", "d’Escarpolette"),
    ("de la Tour", "la Tour")])
def test_a_name_that_differs_only_by_its_particle_is_taken(taken, typed):
    """A play-test's "Saint Sournois" beside "de Saint-Sournois": the checker
    reads a family name with or without its "de"/"d'", so "Monsieur
    Saint-Sournois" named both, and one player was fined for the other's
    name. Such a name is taken (decision E21), the refusal naming the family
    that has it; the state is unchanged."""
    state = new(3)
    first = state.to_act[0]
    state.apply(first, ChooseSex("man", taken))
    seat = state.to_act[0]
    before = state.clone()
    with pytest.raises(IllegalAction, match=f"already named {taken!r}"):
        state.apply(seat, ChooseSex("woman", typed))
    assert state == before
    assert family_keys(taken) & family_keys(typed)


def test_names_with_particles_of_their_own_stay_apart():
    """Only the particle is set aside: "de Lorme" and "Delorme", "de la Tour"
    and "de Tour", are different families."""
    for one, other in (("de Lorme", "Delorme"), ("de la Tour", "de Tour"),
                       ("du Pré", "de Pré")):
        assert not family_keys(one) & family_keys(other), (one, other)


def test_a_name_drawn_for_a_family_still_to_choose_may_be_taken():
    """That family is then given the first of our names nobody bears."""
    state = new(3)
    first = state.to_act[0]
    later = [s for s in range(3) if s != first]
    drawn = state.courtiers[later[0]].family
    state.apply(first, ChooseSex("woman", drawn))
    families = [c.family for c in state.courtiers]
    assert families[first] == drawn and len(set(families)) == 3
    menu = state.legal_actions(state.to_act[0])
    assert menu[0].family == state.courtiers[state.to_act[0]].family != drawn


def test_every_drawn_name_is_a_valid_family_name():
    names = package_data("courtly.games.versailles", "names.json")["families"]
    assert [n for n in names if family_name_problem(n)] == []


def test_the_servers_driver_asks_a_bot_chamberlain_about_a_pending_breach(tmp_path):
    """hub.py's driver asks a bot in may_act to decide (up to its share of the
    window, then Done): a heuristic Chamberlain fines a player's breach at
    once, while the game waits for that player (issue 16 will let the server
    rule breaches from the chat; here the ruling is submitted as the referee's)."""
    from fastapi.testclient import TestClient

    from courtly.server import create_app

    gc = GAME.new_game(3, seed=11).gc
    seats = [{"kind": "bot", "bot": "heuristic"} if s == gc else {"kind": "person"}
             for s in range(3)]
    offender = (gc + 1) % 3
    app = create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", mix_seeds=False)  # a known deal
    with TestClient(app) as client:
        made = client.post("/api/tables", json={"game": "versailles", "num_players": 3,
                                                "seats": seats, "seed": 11, "bot_delay": 0})
        assert made.status_code == 201, made.text
        tid = made.json()["table"]["id"]
        for seat, token in made.json()["tokens"].items():
            client.post(f"/api/tables/{tid}/join", json={"token": token, "name": f"P{seat}"})
        table = client.app.state.hub.tables[tid]
        wait = time.monotonic() + 20
        while table.state.to_act != (offender,):  # the bot chose; the person is to choose
            assert time.monotonic() < wait
            time.sleep(0.02)
        ruling = Breach(offender, "familiar_pronoun", "toi").to_json()
        assert client.portal is not None
        client.portal.call(table.submit, REFEREE, ruling, "referee")
        while not any(isinstance(a, Fine) for _, a in table.state.record.actions):
            assert time.monotonic() < wait
            time.sleep(0.02)
        assert table.state.courtiers[offender].fortune == -1000
        assert table.state.to_act == (offender,) and table.state.may_act == ()


def test_a_widow_away_from_court_keeps_his_titles_paid_by_her_spaces_rule():
    """Decision 23: §10.4 "keeps the noble titles of her husband and continues to
    receive their income", though an exile "may no longer ... receive an office,
    title" (§11): she keeps them in exile, paid ("receive the income due to him"),
    and in the Bastille, unpaid ("the income related to them is no longer
    distributed", §12)."""
    for place, paid in (("exile", True), ("bastille", False)):
        state = named(4, families={0: TREMIERE, 1: TOUR})
        state.courtiers[0].cards.append("marquis")
        state._wed(0, 1)
        if place == "exile":
            state.exile(1)
        else:
            state.imprison(1)
        state.kill(0)
        assert "marquis" in state.courtiers[1].cards, place
        assert (state.earned(1) > 0) is paid, place
