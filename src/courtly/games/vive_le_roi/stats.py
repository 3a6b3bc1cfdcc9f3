"""Vive le Roi !'s balance measures of one finished game, for ``courtly simulate``.

``measures(view, record)`` takes the final spectator view (its ``history``:
each scoring's monarch, Favoris cards and points) and the game record, and
returns named values that the balance report aggregates over many games
(courtly.sim.report): a text value is counted by category, a boolean as a
success rate, a number by its mean. Each group of names (the part before the
first dot) holds one kind of value, so that each plots as one chart.

The votes are not in the final view (only the last one is), so they are
counted by replaying the record and reading its ``vote_revealed`` events; a
record without a seed (a bot's guess) cannot be replayed and gets no vote
measures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import GameRecord
from courtly.games.vive_le_roi.cards import FAVORIS, JESTER

Measure = bool | int | float | str
CARDS = {f.id: f for f in FAVORIS}
OUTCOMES = ("crowned", "refused", "stomach_ache")


def measures(view: Mapping[str, Any], record: GameRecord) -> dict[str, Measure]:
    """Who is crowned at each scoring (``king.round<r>``, ``.1``/``.2`` for the two
    crownings of "Le mariage royal"); the crownings of the Jester and of kings
    that no player favours ("Economiser ?": "beaucoup de Rois illégitimes, dont
    presque personne ne veut"); the votes and their outcomes ("Vote"); the
    scores; each chosen Ambition card's success ("L'Ambition"): the share of
    the times it was kept in this game that it was met."""
    out: dict[str, Measure] = {}
    out.update(_kings(view))
    out.update(_scores(view))
    out.update(_votes(record))
    return out


def _kings(view: Mapping[str, Any]) -> dict[str, Measure]:
    """``king.*`` (categories) and ``crownings.*`` (counts and means)."""
    history: Sequence[Mapping[str, Any]] = view["history"]
    banished = bool(view["options"].get("banished"))
    wedding = bool(view["options"].get("royal_wedding"))
    out: dict[str, Measure] = {}
    seen: dict[int, int] = {}
    holders: list[int] = []
    for entry in history:
        r = entry["round"]
        seen[r] = seen.get(r, 0) + 1
        key = f"king.round{r}.{seen[r]}" if wedding else f"king.round{r}"
        king = entry["king"]
        out[key] = king or "none"
        if king and king != JESTER:
            holders.append(sum(king in CARDS[c].counting(banished) for c in entry["cards"]))
    kings = [e["king"] for e in history]
    out["crownings.jester"] = kings.count(JESTER)
    out["crownings.none"] = kings.count(None)
    out["crownings.illegitimate"] = holders.count(0)
    if holders:
        out["crownings.holders"] = sum(holders) / len(holders)
    return out


def _scores(view: Mapping[str, Any]) -> dict[str, Measure]:
    """``score.*``: the winning total, the gap from the best to the worst
    total, and the mean points a player takes at a scoring (Emissaries
    included); with Emissaries, whether some seat beat them all."""
    totals: Sequence[float] = view["scores"]
    points = [p for entry in view["history"] for p in entry["points"]]
    out: dict[str, Measure] = {
        "score.best": max(totals),
        "score.gap": max(totals) - min(totals),
    }
    if points:
        out["score.per_scoring"] = sum(points) / len(points)
    beaten = view.get("final", {}).get("beat_emissaries")
    if beaten is not None:
        out["emissary.beaten"] = any(beaten)
    return out


def _votes(record: GameRecord) -> dict[str, Measure]:
    """``votes.*`` (counts over the game) and ``ambition.<id>`` (met or not),
    from the events of a replay of ``record``."""
    if record.seed is None:
        return {}
    from courtly.registry import game  # the registry sits above the games

    state = game(record.game).new_game(record.num_players, record.seed, record.options)
    counts = dict.fromkeys(OUTCOMES, 0)
    jester_refused = 0
    ambitions: dict[str, list[bool]] = {}
    out: dict[str, Measure] = {}
    for seat, action in record.actions:
        for event in state.apply(seat, action):
            if event.kind == "vote_revealed":
                counts[event.data["outcome"]] += 1
                jester_refused += (event.data["candidate"] == JESTER
                                   and event.data["outcome"] != "crowned")
            elif event.kind == "round_scored":
                _ambitions(event.data, ambitions)
    out["votes.elections"] = sum(counts.values())
    for outcome, k in counts.items():
        out[f"votes.{outcome}"] = k
    out["votes.jester_turned_back"] = jester_refused
    for card, met in sorted(ambitions.items()):
        out[f"ambition.{card}"] = sum(met) / len(met)
    return out


def _ambitions(scored: Mapping[str, Any], into: dict[str, list[bool]]) -> None:
    """Add whether each chosen Ambition card of a round's last scoring was met."""
    for row in scored["scores"]:
        if "ambition" in row:
            into.setdefault(row["ambition"]["id"], []).append(bool(row["ambition"]["met"]))
