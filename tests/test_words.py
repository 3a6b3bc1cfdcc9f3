"""The engines' English words agree with their counts (core/words.py)."""

from courtly.core import counted, listed


def test_a_count_and_its_noun_agree():
    assert [counted(n, "soldier") for n in (0, 1, 2)] == ["0 soldiers", "1 soldier", "2 soldiers"]
    assert counted(1, "press", "presses") == "1 press"
    assert counted(3, "press", "presses") == "3 presses"


def test_a_list_and_its_label_agree():
    assert listed("Winner", ["Seat 1"]) == "Winner: Seat 1"
    assert listed("Winner", ["Seat 1", "Seat 2"]) == "Winners: Seat 1, Seat 2"
    assert listed("winner", []) == "winners: nobody"
