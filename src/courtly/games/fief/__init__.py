"""Fief (1984, Philippe Mouchebeuf): under construction (issue 11).

Rulebook: shared/seeds/004_4acaab6420c0f155.txt. The board is ours, shipped
as data (data/map.json, read by board.py); the cards are in data/cards.json.
Not registered yet: the game joins courtly.GAMES once every phase is built.
"""
