"""Action schemas: the kinds of action open to a seat, their fields, and each
field's allowed values or range, from which a client builds a form (a number
input for an amount, a list for a target) and a bot samples.

``state.action_schema(seat)`` is a list of ``{"type": kind, "fields": {name:
field}}``, one entry per kind, where a field is one of

- ``{"values": [v, ...]}``: one of these JSON values;
- ``{"min": a, "max": b, "step": s}``: an integer from a to b in steps of s;
- ``{"items": field, "min_items": a, "max_items": b}``: a list of such values;
- ``{"fields": {name: field}}``: an object (a nested Value) of such fields.

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


def fits(schema: Schema, action: Action) -> bool:
    """Whether ``action`` is of a kind in ``schema`` with every field within its spec."""
    data = action.to_json()
    entry = next((e for e in schema if e["type"] == data["type"]), None)
    if entry is None or set(entry["fields"]) != set(data) - {"type"}:
        return False
    return all(_fits(spec, data[name]) for name, spec in entry["fields"].items())


def _fits(spec: dict[str, Any], value: Any) -> bool:
    if "values" in spec:
        return value in spec["values"]
    if "min" in spec:
        return (isinstance(value, int) and not isinstance(value, bool)
                and spec["min"] <= value <= spec["max"]
                and (value - spec["min"]) % spec.get("step", 1) == 0)
    if "items" in spec:
        top = spec.get("max_items")
        return (isinstance(value, list) and len(value) >= spec.get("min_items", 0)
                and (top is None or len(value) <= top)
                and all(_fits(spec["items"], v) for v in value))
    if "fields" in spec:
        return (isinstance(value, dict) and set(value) == set(spec["fields"])
                and all(_fits(s, value[k]) for k, s in spec["fields"].items()))
    return False
