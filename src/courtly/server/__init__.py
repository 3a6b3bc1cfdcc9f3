"""The server: FastAPI + WebSocket, SQLAlchemy storage, the lobby and live tables.

Needs the optional extra ``web`` (``pip install -e '.[web]'``).
"""

from courtly.server.app import create_app

__all__ = ["create_app"]
