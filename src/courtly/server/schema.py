"""What clients send, as one strict schema for REST and the WebSocket (issue
14, defect 7): no coercion (``"2"`` is not a number, ``true`` is not a seat),
no unknown fields, no text that cannot be stored (a lone surrogate), and an
error that names the field (``bad_field``, 422, docs/api.md "Errors")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from courtly.server.errors import BadField

MAX_SEATS = 16


def _storable(text: str) -> str:
    """Text the database can store: no lone surrogate (half a UTF-16 pair)."""
    if any("\ud800" <= c <= "\udfff" for c in text):
        raise ValueError("holds a lone surrogate character (not valid Unicode text)")
    return text


Text = Annotated[str, AfterValidator(_storable)]


class Strict(BaseModel):
    """A request body: types as JSON gives them, no field it does not know."""

    model_config = ConfigDict(strict=True, extra="forbid")


class SeatSpec(Strict):
    """A seat of a new table: a person, or a bot by name."""

    kind: Literal["person", "bot"]
    bot: Text | None = Field(default=None, max_length=200)


class NewTable(Strict):
    """What a table is created with."""

    game: Text = Field(max_length=64)
    num_players: int = Field(ge=1, le=MAX_SEATS)
    options: dict[Text, bool | int | Text] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(max_length=MAX_SEATS)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    bot_delay: float | None = Field(default=None, ge=0, le=30)
    move_clock: float | None = Field(default=None, gt=0, le=3600)
    listed: bool = True


class Join(Strict):
    """A person taking their seat."""

    token: Text = Field(max_length=200)
    name: Text = Field(max_length=200)


class Token(Strict):
    """A body holding a seat's token only: undo, rematch."""

    token: Text = Field(max_length=200)


class Act(Strict):
    """An action for the token's seat, in the game's JSON form."""

    token: Text = Field(max_length=200)
    action: dict[Text, Any]


class Host(Strict):
    """A host action: the host token."""

    host: Text = Field(max_length=200)


class HostBot(Host):
    """Put a bot in a seat (``bot``: its name, default heuristic)."""

    bot: Text | None = Field(default=None, max_length=200)


class HostListed(Host):
    """List the table in the lobby, or make it private."""

    listed: bool


class Say(Strict):
    """A chat message, public or to one seat."""

    token: Text = Field(max_length=200)
    text: Text = Field(max_length=2000)
    to: int | None = None


# ----- the WebSocket's messages ----------------------------------------------------------
class ActMessage(Strict):
    """``{type: "act", action}``: an action for the socket's seat."""

    type: Literal["act"]
    action: dict[Text, Any]


class UndoMessage(Strict):
    """``{type: "undo"}``: the seat takes back its last action."""

    type: Literal["undo"]


class ChatMessage(Strict):
    """``{type: "chat", text, to?}``: as ``POST /chat``, the token the socket's."""

    type: Literal["chat"]
    text: Text = Field(max_length=2000)
    to: int | None = None


class PingMessage(Strict):
    """``{type: "ping"}``: the heartbeat."""

    type: Literal["ping"]


Message = Annotated[ActMessage | UndoMessage | ChatMessage | PingMessage,
                    Field(discriminator="type")]
MESSAGE: TypeAdapter[Message] = TypeAdapter(Message)


def bad_field(errors: Sequence[Any], skip: int = 0) -> BadField:
    """The :class:`BadField` for pydantic's errors (``skip``: leading parts of
    each location to drop, such as FastAPI's ``body``/``query``)."""
    parts = []
    for error in errors:
        where = ".".join(str(p) for p in tuple(error.get("loc", ()))[skip:])
        if not where and str(error.get("type", "")).startswith("union_tag"):
            where = "type"  # the WebSocket message's discriminator, missing or unknown
        where = where or "the message"
        parts.append((where, str(error.get("msg", "is wrong"))))
    field, problem = parts[0] if parts else ("the message", "is wrong")
    detail = "; ".join(f"{where}: {msg}" for where, msg in parts)
    return BadField(detail, field=field, problem=problem)


def parse_message(value: Any) -> Message:
    """A WebSocket message, or :class:`BadField` naming what is wrong."""
    try:
        return MESSAGE.validate_python(value)
    except ValidationError as exc:
        raise bad_field(exc.errors(), skip=1) from None  # skip the tag: ("chat", "to")
