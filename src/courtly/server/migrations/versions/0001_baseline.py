"""The schema as courtly stored it before migrations were versioned (issues
4 to 12): tables, seats, moves, notes, clocks, chat.

A database written by an older server has these tables without Alembic's
version table: the store brings its columns up to here (storage.migrate,
columns only added) and stamps it with this revision.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "courtly_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("version", sa.String(16), nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("bot_delay", sa.Float, nullable=False),
        sa.Column("move_clock", sa.Float, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=True),
        sa.Column("listed", sa.Boolean, nullable=True),
        sa.Column("ended", sa.Float, nullable=True),
        sa.Column("abandoned", sa.Boolean, nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_table(
        "courtly_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("courtly_tables.id"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(200), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_gen", sa.Integer, nullable=True),
    )
    op.create_table(
        "courtly_moves",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("courtly_tables.id"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_index("ix_courtly_moves_table_id", "courtly_moves", ["table_id"])
    op.create_table(
        "courtly_notes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("courtly_tables.id"),
                  nullable=False),
        sa.Column("before", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
    )
    op.create_index("ix_courtly_notes_table_id", "courtly_notes", ["table_id"])
    op.create_table(
        "courtly_clocks",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("courtly_tables.id"),
                  primary_key=True),
        sa.Column("since", sa.Integer, nullable=False),
        sa.Column("deadline", sa.Float, nullable=False),
    )
    op.create_table(
        "courtly_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("courtly_tables.id"),
                  nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("to", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
    )
    op.create_index("ix_courtly_chat_table_id", "courtly_chat", ["table_id"])


def downgrade() -> None:
    for table in ("courtly_chat", "courtly_clocks", "courtly_notes", "courtly_moves",
                  "courtly_seats", "courtly_tables"):
        op.drop_table(table)
