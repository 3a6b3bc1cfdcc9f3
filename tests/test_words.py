"""The engines' English words agree with their counts, and sums are in
digit groups (core/words.py)."""

from courtly.core import counted, grouped, listed, summary


def test_a_count_and_its_noun_agree():
    assert [counted(n, "soldier") for n in (0, 1, 2)] == ["0 soldiers", "1 soldier", "2 soldiers"]
    assert counted(1, "press", "presses") == "1 press"
    assert counted(3, "press", "presses") == "3 presses"


def test_a_list_and_its_label_agree():
    assert listed("Winner", ["Seat 1"]) == "Winner: Seat 1"
    assert listed("Winner", ["Seat 1", "Seat 2"]) == "Winners: Seat 1, Seat 2"
    assert listed("winner", []) == "winners: nobody"


def test_a_sum_is_in_the_languages_digit_groups():
    assert [grouped(n) for n in (500, 1000, 1100, -3000)] == ["500", "1,000", "1,100", "-3,000"]
    # French: a narrow no-break space, as the pages write sums ("1 100 écus")
    assert grouped(1100, "fr") == "1\u202f100" and grouped(950, "fr") == "950"


def test_a_docstrings_summary_is_its_first_paragraph_on_one_line():
    """What `courtly bots` and the scripts' --help say of a bot or a command: the
    first line alone stopped mid-sentence ("..., or, for a game")."""
    doc = """Plays the game's heuristic, or, for a game
    without one, says Done.

    More below."""
    assert summary(doc) == "Plays the game's heuristic, or, for a game without one, says Done."
    assert summary(None) == summary("") == ""
