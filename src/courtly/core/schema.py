"""Action schemas: the kinds of action open to a seat, their fields, and each
field's allowed values or range, from which a client builds a form (a number
input for an amount, a list for a target) and a bot samples.

``state.action_schema(seat)`` is a list of ``{"type": kind, "fields": {name:
field}}``, one entry per kind, where a field is one of

- ``{"values": [v, ...]}``: one of these JSON values;
- ``{"min": a, "max": b, "step": s}``: an integer from a to b in steps of s;
- ``{"items": field, "min_items": a, "max_items": b}``: a list of such values.

Any action built from it is still checked by ``is_legal``: a schema says
what each field may hold, not which combinations are legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from courtly.core.action import Action, to_json_value

Schema = list[dict[str, Any]]


def choice(values: Iterable[Any]) -> dict[str, Any]:
    """A field holding one of ``values`` (JSON forms, in the given order)."""
    return {"values": [to_json_value(v) for v in values]}


def int_range(minimum: int, maximum: int, step: int = 1) -> dict[str, Any]:
    """A field holding an integer from ``minimum`` to ``maximum`` in ``step``s."""
    return {"min": minimum, "max": maximum, "step": step}


def list_of(item: dict[str, Any], min_items: int = 0, max_items: int | None = None
            ) -> dict[str, Any]:
    """A field holding a list of ``item``s."""
    return {"items": item, "min_items": min_items, "max_items": max_items}


def schema_from_actions(actions: Sequence[Action]) -> Schema:
    """The schema that lists, for each kind among ``actions``, every value
    each field takes there (the default when a game gives no ranges)."""
    kinds: dict[str, dict[str, list[Any]]] = {}
    for action in actions:
        data = action.to_json()
        fields = kinds.setdefault(action.kind, {k: [] for k in data if k != "type"})
        for name, values in fields.items():
            if data[name] not in values:
                values.append(data[name])
    return [{"type": kind, "fields": {name: {"values": values} for name, values in fields.items()}}
            for kind, fields in kinds.items()]
