"""Alembic's environment: migrations run on the connection the store hands
over (``config.attributes["connection"]``), never on a URL of their own."""

from __future__ import annotations

from alembic import context

from courtly.server.storage import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
