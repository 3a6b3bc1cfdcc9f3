"""Bots: they see only a seat's observation (view, legal actions, guesses of
the hidden rest). Build one by name with ``make_bot("ismcts:iterations=400", seed=1)``."""

from courtly.bots.base import Bot, Observation, decide, decide_and_say
from courtly.bots.heuristic import HeuristicBot, generic_choice, policy_for
from courtly.bots.ismcts import ISMCTSBot, seat_rewards
from courtly.bots.random_bot import RandomBot
from courtly.bots.registry import BOTS, check_spec, make_bot, parse_spec

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "Observation",
    "RandomBot",
    "check_spec",
    "decide",
    "decide_and_say",
    "generic_choice",
    "make_bot",
    "parse_spec",
    "policy_for",
    "seat_rewards",
]
