"""A chat message's text in each language it was said in (``texts``: a bot's
remark, ``core.Remark``), so that each page shows its own language's; null
for a person's message, said in one.

A database from before the revisions gets the column from storage.migrate
(every column its models lack) before it is stamped 0001, so the column is
added here only where it is missing.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("courtly_chat")}
    if "texts" not in columns:
        op.add_column("courtly_chat", sa.Column("texts", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("courtly_chat", "texts")
