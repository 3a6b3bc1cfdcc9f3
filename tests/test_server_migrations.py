"""The database's schema under Alembic (issue 14): the revisions build
exactly the models' tables, on SQLite and PostgreSQL, and a database written
before the revisions began (without Alembic's version table) is stamped and
upgraded when the server opens it, every table on it resuming."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from courtly.server.storage import BASELINE, Base, Store
from test_server import make_client, person_table, state


def _config() -> Config:
    """Alembic's configuration as the store makes it (storage.upgrade)."""
    config = Config()
    config.set_main_option("script_location", "courtly.server:migrations")
    return config


@pytest.mark.parametrize("database", ["sqlite", pytest.param("postgresql",
                                                             marks=pytest.mark.slow)])
def test_the_revisions_build_the_models_tables(database: str, tmp_path: Path,
                                               request: pytest.FixtureRequest) -> None:
    if database == "sqlite":
        url = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    else:
        from postgres import new_database

        url = new_database(request.getfixturevalue("postgres_base"))
    Store(url).close()
    engine = create_engine(url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
        assert "alembic_version" in inspect(connection).get_table_names()
    engine.dispose()


def test_a_database_from_before_the_revisions_is_stamped_and_its_tables_resume(tmp_path):
    db = tmp_path / "db.sqlite"
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client)
        seat = str(state(client, tid)["to_act"][0])
        action = state(client, tid, tokens[seat])["legal"][0]["action"]
        assert client.post(f"/api/tables/{tid}/actions",
                           json={"token": tokens[seat], "action": action}).status_code == 200
        before = state(client, tid, tokens["0"])
    with closing(sqlite3.connect(db)) as con, con:
        con.execute("DROP TABLE alembic_version")  # as every server wrote it until 0001
        con.execute("ALTER TABLE courtly_chat DROP COLUMN texts")  # nor had it this (0002)
    with make_client(tmp_path) as client:
        assert state(client, tid, tokens["0"])["view"] == before["view"]
        seat = str(state(client, tid)["to_act"][0])
        action = state(client, tid, tokens[seat])["legal"][0]["action"]
        assert client.post(f"/api/tables/{tid}/actions",
                           json={"token": tokens[seat], "action": action}).status_code == 200
        assert state(client, tid)["table"]["moves"] == 2
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]


#: The newest revision.
HEAD = ScriptDirectory.from_config(_config()).get_current_head()


def test_a_database_at_the_baseline_gets_the_chat_texts_and_keeps_its_messages(tmp_path):
    """Revision 0002 adds ``courtly_chat.texts`` (a bot's remark in each
    language) to a database at 0001: its messages stay, with no texts, and
    new ones are stored with theirs."""
    db = tmp_path / "db.sqlite"
    with make_client(tmp_path) as client:
        tid, tokens = person_table(client)
        said = client.post(f"/api/tables/{tid}/chat",
                           json={"token": tokens["0"], "text": "Bonjour"})
        assert said.status_code == 200 and said.json()["texts"] is None
    with closing(sqlite3.connect(db)) as con, con:
        con.execute("ALTER TABLE courtly_chat DROP COLUMN texts")
        con.execute("UPDATE alembic_version SET version_num = ?", (BASELINE,))
    with make_client(tmp_path) as client:
        messages = client.get(f"/api/tables/{tid}/chat", params={"token": tokens["1"]}).json()
        assert [(m["text"], m["texts"]) for m in messages] == [("Bonjour", None)]
    with closing(sqlite3.connect(db)) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
        assert "texts" in [row[1] for row in con.execute("PRAGMA table_info(courtly_chat)")]
