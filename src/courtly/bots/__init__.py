"""Bots: they see only a seat's observation (view, legal actions, guesses of
the hidden rest). Build one by name with ``make_bot("random", seed=1)``."""

from courtly.bots.base import Bot, Observation, decide
from courtly.bots.random_bot import RandomBot
from courtly.bots.registry import BOTS, make_bot, parse_spec

__all__ = ["BOTS", "Bot", "Observation", "RandomBot", "decide", "make_bot", "parse_spec"]
