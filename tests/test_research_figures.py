"""The sizes docs/research.md states for each game's numbering and observation
are the configurations' own (a researcher walking the document found the
Versailles figures stale: 3,411 and 444 where the game had grown to 3,409 and
448). Each sentence is made from the sizes measured and must be in the
document as written (its lines joined)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

rl = pytest.importorskip("courtly.rl")

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def _sizes(game: str, n: int, **options: Any) -> tuple[int, int]:
    """The configuration's count of actions and length of its observation."""
    env = rl.env(game, n, options=options or None, infos=False)
    agent = env.possible_agents[0]
    return env.action_space(agent).n, env.observation_space(agent)["observation"].shape[0]


def _doc() -> str:
    return re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))


def test_the_numberings_sizes_are_the_games():
    """Courtisans, Vive le Roi !, Fief and Versailles, as docs/research.md
    ("What each game numbers", "Speed") gives them."""
    courtisans = _sizes("courtisans", 2)[0], _sizes("courtisans", 6, expansion=True)[0]
    vive = _sizes("vive_le_roi", 2)[0], _sizes("vive_le_roi", 2, ambition=True)[0]
    fief = _sizes("fief", 3)[0]
    short_fief = _sizes("fief", 3, turn_limit=3)[0]
    versailles = _sizes("versailles", 2, goal=30_000), _sizes("versailles", 8, large_table=True)
    doc = _doc()
    for sentence in (
        f"{courtisans[0]} (2 players) to {courtisans[1]} (6, expansion) actions.",
        f"L'Ambition each Ambition card: {vive[0]} or {vive[1]}.",
        f"Fief's masks ({fief:,} numbers at 3 players)",
        f"{versailles[0][0]:,} (2 players, goal 30,000) to {versailles[1][0]:,} (8, "
        "`large_table`) actions",
        f"The observation ({versailles[0][1]:,} numbers at 2 players, {versailles[1][1]:,} at 8)",
    ):
        assert sentence in doc, sentence
    # "about 72,000 actions with `turn_limit` 3": the thousand it rounds to
    assert f"about {round(short_fief, -3):,} actions with `turn_limit` 3" in doc, short_fief
