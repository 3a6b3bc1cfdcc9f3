"""Generic bots: they see only a seat's view and its legal actions."""

from courtly.bots.base import Bot
from courtly.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
