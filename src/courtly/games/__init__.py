"""The games courtly plays, one package each."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def package_data(package: str, name: str) -> Any:
    """A game's data file ``<package>/data/<name>`` (JSON shipped as package
    data: cards, texts, boards), parsed."""
    text = resources.files(package).joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)
