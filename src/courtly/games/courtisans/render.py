"""Plain-text pictures of a Courtisans view, for the terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.games.courtisans.cards import FAMILIES, FAMILY_NAMES, ROLE_NAMES, ROLES

ABBREV = {"noble": "N", "guard": "G", "assassin": "A", "spy": "S", "courtier": "c",
          "diplomat": "D", "confidant": "C"}
LEGEND = "N Noble (counts 2), G Guard, A Assassin, S Spy, c courtier, D Diplomat, C Confidant"


def _cards(cards: Mapping[str, int]) -> str:
    """'N2 G1' for {noble: 2, guard: 1}, in the rulebook's role order."""
    return " ".join(f"{ABBREV[r]}{cards[r]}" for r in ROLES if cards.get(r)) or "-"


def _weight(cards: Mapping[str, int]) -> int:
    return sum(n * (2 if r == "noble" else 1) for r, n in cards.items())


def _spies(spies: list[str | None]) -> str:
    if not spies:
        return "none"
    known = [FAMILY_NAMES[f][0] for f in spies if f]
    mine = f" (yours: {', '.join(known)})" if known else ""
    return f"{len(spies)}{mine}"


def _seat_label(view: Mapping[str, Any], seat: int) -> str:
    label = f"Seat {seat}"
    if seat == view["seat"]:
        label += " (you)"
    teams = view.get("teams")
    if teams:
        label += f" [team {next(i for i, t in enumerate(teams) if seat in t) + 1}]"
    return label


def render(view: Mapping[str, Any]) -> str:
    """The whole table as text: the Queen's table, every domain, your hand and Missions."""
    lines = [_header(view), "", "The Queen's table   (" + LEGEND + ")"]
    lines.append(f"  {'family':<14}{'above':<18}{'below':<18}weight")
    for fam in FAMILIES:
        up = view["queen"]["above"].get(fam, {})
        down = view["queen"]["below"].get(fam, {})
        lines.append(f"  {FAMILY_NAMES[fam][0]:<14}{_cards(up):<18}{_cards(down):<18}"
                     f"{_weight(up)} vs {_weight(down)}")
    spies = view["queen_spies"]
    lines.append(f"  Queen's column, face-down Spies: above {_spies(spies['above'])}, "
                 f"below {_spies(spies['below'])}")
    lines += ["", "Domains"]
    for seat, dom in enumerate(view["domains"]):
        parts = [f"{FAMILY_NAMES[f][0]} {_cards(dom['cards'][f])}"
                 for f in FAMILIES if f in dom["cards"]]
        lines.append(f"  {_seat_label(view, seat):<22}{'; '.join(parts) or 'empty'}"
                     f"   face-down Spies: {_spies(dom['spies'])}")
    if view.get("hand") is not None:
        hand = ", ".join(f"{ROLE_NAMES[c['role']][0]} of {FAMILY_NAMES[c['family']][0]}"
                         for c in view["hand"])
        lines += ["", f"Your hand: {hand or 'empty'}"]
        lines += [f"Mission ({m['color']}): {m['text']}" for m in view["missions"]]
    if "final" in view:
        lines += ["", *_final(view["final"])]
    return "\n".join(lines)


def _header(view: Mapping[str, Any]) -> str:
    if view["phase"] == "over":
        state = "game over"
    else:
        state = f"Seat {view['current']} to play ({view['phase']})"
    return (f"Courtisans, {view['num_players']} players: {state}. "
            f"Deck {view['deck_size']}, removed unseen {view['removed']}.")


def _final(final: Mapping[str, Any]) -> list[str]:
    lines = ["Final standing: " + ", ".join(
        f"{FAMILY_NAMES[f][0]} {s}" for f, s in final["statuses"].items())]
    for seat, s in enumerate(final["seats"]):
        done = sum(m["fulfilled"] for m in s["missions"])
        lines.append(f"  Seat {seat}: +{s['esteemed']} -{s['disgraced']} "
                     f"+{3 * done} (missions {done}/2) = {s['total']}")
    lines.append(f"Scores: {final['scores']}; winner(s): "
                 + ", ".join(f"Seat {w}" for w in final["winners"]))
    return lines
