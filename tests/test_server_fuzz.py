"""Fuzzing the server (issue 14, "Proof"): schemathesis over the OpenAPI
schema, then random JSON sent to a real table over REST and the WebSocket.
Whatever comes, the server answers with a 4xx in the documented shape (never
a 5xx), keeps the WebSocket open, and the table is exactly as before. The
counts are printed after the run (conftest.py)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from courtly.server import create_app
from test_server import make_client, person_table, state

pytestmark = pytest.mark.slow

COUNTS: Counter[str] = Counter()


def _fresh_app(tmp: Path) -> Any:
    return create_app(f"sqlite:///{tmp / 'fuzz.sqlite'}", tables_per_minute=0, bot_delay=0)


_SCHEMA_DIR = Path(__import__("tempfile").mkdtemp())
schema = schemathesis.openapi.from_asgi("/openapi.json", _fresh_app(_SCHEMA_DIR))


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_the_schema_allows_or_bends_gets_a_5xx(case: Any) -> None:
    """Every operation of the OpenAPI schema with generated (and schemathesis's
    malformed) inputs: never a server error."""
    response = case.call_and_validate(checks=[not_a_server_error])
    COUNTS["openapi requests"] += 1
    COUNTS[f"openapi {response.status_code // 100}xx"] += 1


#: Any JSON value, nested a little, with texts that include the odd characters.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=4),
    max_leaves=12)
#: A message shaped like the WebSocket's, with anything in its fields.
MESSAGES = st.one_of(
    JSON,
    st.fixed_dictionaries({"type": st.sampled_from(["act", "undo", "chat", "ping", "dance"])},
                          optional={"action": JSON, "text": JSON, "to": JSON, "extra": JSON}),
)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str, dict[str, str]]]:
    with make_client(tmp_path_factory.mktemp("fuzz")) as client:
        tid, tokens = person_table(client, 3, game="vive_le_roi")
        yield client, tid, tokens


def _as_seen(client: Any, tid: str, tokens: dict[str, str]) -> list[Any]:
    return [state(client, tid, token)["events"] for token in tokens.values()] + [
        client.get(f"/api/tables/{tid}/chat", params={"token": tokens["0"]}).json()]


@given(message=MESSAGES)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
def test_random_websocket_messages_are_refused_and_change_nothing(table, message) -> None:
    client, tid, tokens = table
    if isinstance(message, dict) and message.get("type") == "chat" \
            and isinstance(message.get("text"), str) and set(message) <= {"type", "text", "to"}:
        return  # a well-formed chat message is accepted: it changes the chat, rightly
    before = _as_seen(client, tid, tokens)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens['1']}") as ws:
        ws.receive_json()
        ws.receive_json()
        ws.send_text(json.dumps(message))
        if isinstance(message, dict) and message.get("type") == "ping" and len(message) == 1:
            assert ws.receive_json()["type"] == "pong"
        else:
            answer = ws.receive_json()
            assert answer["type"] == "error" and 400 <= answer["status"] < 500, answer
            assert answer["detail"] and answer["code"], answer
            COUNTS[f"websocket {answer['status']}"] += 1
        ws.send_json({"type": "ping"})  # the connection is still open
        assert ws.receive_json()["type"] == "pong"
    COUNTS["websocket messages"] += 1
    assert _as_seen(client, tid, tokens) == before


@given(path=st.sampled_from(["actions", "join", "undo", "chat", "rematch", "host/links"]),
       body=JSON)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
def test_random_bodies_to_a_tables_endpoints_are_refused_and_change_nothing(table, path,
                                                                           body) -> None:
    client, tid, tokens = table
    before = _as_seen(client, tid, tokens)
    answer = client.post(f"/api/tables/{tid}/{path}", content=json.dumps(body),
                         headers={"content-type": "application/json"})
    assert 400 <= answer.status_code < 500, answer.text
    assert set(answer.json()) == {"detail", "code", "params"}
    COUNTS[f"rest {answer.status_code}"] += 1
    COUNTS["rest bodies"] += 1
    assert _as_seen(client, tid, tokens) == before
