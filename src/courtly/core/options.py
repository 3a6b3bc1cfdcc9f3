"""Option specs: a game's variant switches, typed, with their labels.

``game.options`` maps each option's name to an :class:`Option`: its default
(whose type is the option's type), the values or the range allowed, and a
label and help text in English and French, from which the CLI lists options
and the lobby builds its form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One option: its default, what it allows, and how to name it."""

    default: OptionValue
    label: Mapping[str, str]
    help: Mapping[str, str] = field(default_factory=dict)
    values: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if "en" not in self.label or "fr" not in self.label:
            raise TypeError("an option's label needs 'en' and 'fr'")
        self.check("default", self.default)

    @property
    def type(self) -> type:
        """The option's type: that of its default."""
        return type(self.default)

    def check(self, name: str, value: object) -> OptionValue:
        """``value`` if this option allows it, else ValueError saying why."""
        kind = self.type
        if type(value) is not kind:
            raise ValueError(f"option {name!r} must be {kind.__name__}, got {value!r}")
        assert isinstance(value, bool | int | str)
        if self.values is not None and value not in self.values:
            allowed = ", ".join(map(repr, self.values))
            raise ValueError(f"option {name!r} must be one of {allowed}, got {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {name!r} must be at least {self.minimum}, got {value}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {name!r} must be at most {self.maximum}, got {value}")
        return value

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form (``type`` is "bool", "int" or "str")."""
        return {"type": self.type.__name__, "default": self.default,
                "values": list(self.values) if self.values is not None else None,
                "minimum": self.minimum, "maximum": self.maximum,
                "label": dict(self.label), "help": dict(self.help)}


def flag(en: str, fr: str, help_en: str = "", help_fr: str = "") -> Option:
    """A switch, off by default."""
    help_text = {"en": help_en, "fr": help_fr} if help_en or help_fr else {}
    return Option(False, {"en": en, "fr": fr}, help_text)
