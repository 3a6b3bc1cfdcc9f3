"""Serve courtly with the test game Market (tests/market_game.py) beside the
registered games, for tests that kill a real server process and restart it:

    PYTHONPATH=src python tests/market_server.py DB_URL PORT [BOT_DELAY]

It listens on 127.0.0.1 only. Market reaches the app through
``create_app(games=...)``; courtly.GAMES is left as it is.
"""

from __future__ import annotations

import sys

import uvicorn

from courtly.server import create_app
from market_game import GAME as MARKET


def main(argv: list[str]) -> None:
    db_url, port = argv[0], int(argv[1])
    bot_delay = float(argv[2]) if len(argv) > 2 else 0.05
    # tests create many tables and connect many clients from one address: no limits
    app = create_app(db_url, bot_delay=bot_delay, games={MARKET.name: MARKET},
                     tables_per_minute=0, sockets_per_address=0)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main(sys.argv[1:])
