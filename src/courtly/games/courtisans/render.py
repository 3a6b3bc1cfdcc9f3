"""Plain-text pictures of a Courtisans view, for the terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import Action, listed
from courtly.games.courtisans.actions import Eliminate, Play, Take
from courtly.games.courtisans.cards import FAMILIES, FAMILY_NAMES, ROLE_NAMES, ROLES

ABBREV = {"noble": "N", "guard": "G", "assassin": "A", "spy": "S", "courtier": "c",
          "diplomat": "D", "confidant": "C"}
LEGEND = "N Noble (counts 2), G Guard, A Assassin, S Spy, c courtier, D Diplomat, C Confidant"


def _cards(cards: Mapping[str, int]) -> str:
    """'N2 G1' for {noble: 2, guard: 1}, in the rulebook's role order."""
    return " ".join(f"{ABBREV[r]}{cards[r]}" for r in ROLES if cards.get(r)) or "-"


def _weight(cards: Mapping[str, int]) -> int:
    return sum(n * (2 if r == "noble" else 1) for r, n in cards.items())


def _spies(spies: list[str | None], placers: list[int] | None = None,
           seat: int | None = None) -> str:
    """'2: #1 yours (Toads), #2 placed by Seat 1' — the numbers are those of
    the Assassin's and Diplomat's menus ("face-down Spy #2")."""
    if not spies:
        return "none"
    parts = []
    for k, family in enumerate(spies):
        placer = placers[k] if placers is not None and k < len(placers) else None
        if family:
            who = "yours" if placer in (seat, None) else f"placed by Seat {placer}"
            parts.append(f"#{k + 1} {who} ({FAMILY_NAMES[family][0]})")
        else:
            who = "" if placer is None else f" placed by Seat {placer}"
            parts.append(f"#{k + 1}{who}")
    return f"{len(spies)}: " + ", ".join(parts)


_LEAN = {"esteemed": "leans esteemed", "disgraced": "leans disgraced", "neutral": "even"}


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
    now = "final" if view["phase"] == "over" else "now (face-up cards only)"
    lines.append(f"  {'family':<14}{'above':<18}{'below':<18}{'weight':<10}{now}")
    statuses = view.get("statuses", {})
    for fam in FAMILIES:
        up = view["queen"]["above"].get(fam, {})
        down = view["queen"]["below"].get(fam, {})
        lean = _LEAN.get(statuses.get(fam, ""), "")
        lines.append(f"  {FAMILY_NAMES[fam][0]:<14}{_cards(up):<18}{_cards(down):<18}"
                     f"{f'{_weight(up)} vs {_weight(down)}':<10}{lean}")
    spies, placers = view["queen_spies"], view.get("queen_spy_placers", {})
    me = view["seat"]
    lines.append("  Queen's column, face-down Spies: above "
                 f"{_spies(spies['above'], placers.get('above'), me)}; below "
                 f"{_spies(spies['below'], placers.get('below'), me)}")
    lines += ["", "Domains"]
    for seat, dom in enumerate(view["domains"]):
        parts = [f"{FAMILY_NAMES[f][0]} {_cards(dom['cards'][f])}"
                 for f in FAMILIES if f in dom["cards"]]
        lines.append(f"  {_seat_label(view, seat):<22}{'; '.join(parts) or 'empty'}"
                     f"   face-down Spies: {_spies(dom['spies'], dom.get('spy_placers'), me)}")
    pending = view.get("pending")
    if pending and view["phase"] != "over":
        verb = "eliminate" if pending["power"] == "eliminate" else "take into your domain"
        where = ("at the Queen's table (either side)" if pending["area"] == "queen"
                 else f"in Seat {pending['owner']}'s domain")
        lines += ["", f"Seat {view['current']}'s {pending['card']['role'].capitalize()} "
                      f"{where}: choose a card there to {verb}, or decline."]
    if view.get("hand") is not None:
        hand = ", ".join(f"{ROLE_NAMES[c['role']][0]} of {FAMILY_NAMES[c['family']][0]}"
                         for c in view["hand"])
        lines += ["", f"Your hand: {hand or 'empty'}"]
        lines += [f"Mission ({m['color']}): {m['text']}" for m in view["missions"]]
    if "final" in view:
        lines += ["", *_final(view["final"], view.get("teams"))]
    return "\n".join(lines)


def _header(view: Mapping[str, Any]) -> str:
    if view["phase"] == "over":
        state = "game over"
    else:
        state = f"Seat {view['current']} to play ({view['phase']})"
    text = (f"Courtisans, {view['num_players']} players: {state}. "
            f"Deck {view['deck_size']}, removed unseen {view['removed']}.")
    if view["phase"] != "over" and view["deck_size"] == 0:
        text += " LAST TURN: the deck is empty, nobody draws; each player plays the hand left."
    return text


def _final(final: Mapping[str, Any], teams: list[list[int]] | None = None) -> list[str]:
    lines = ["Final standing: " + ", ".join(
        f"{FAMILY_NAMES[f][0]} {s}" for f, s in final["statuses"].items())]
    for seat, s in enumerate(final["seats"]):
        done = sum(m["fulfilled"] for m in s["missions"])
        lines.append(f"  Seat {seat}: +{s['esteemed']} -{s['disgraced']} "
                     f"+{3 * done} (missions {done}/2) = {s['total']}")
        for m in s["missions"]:
            mark = "succeeded, +3" if m["fulfilled"] else "failed, 0"
            lines.append(f"      Mission ({m['color']}): {m['text']} -> {mark}")
    for team in teams or []:
        totals = [final["seats"][s]["total"] for s in team]
        low = team[totals.index(min(totals))]
        lines.append(f"  Team {' + '.join(f'Seat {s}' for s in team)}: the lower score, "
                     f"Seat {low}'s {min(totals)}, is the team's")
    lines.append(f"Scores: {final['scores']}; "
                 + listed("winner", [f"Seat {w}" for w in final["winners"]]))
    return lines


def menu_label(view: Mapping[str, Any], action: Action) -> str:
    """A menu line for ``action`` in ``view``'s seat's menu that names whose
    card each target is: a face-down Spy's placer ("placed by Seat 2", or
    "placed by you" with its family, which you know), a domain's owner ("in
    Seat 1's domain"); a card for your own domain says so. Only what the view
    shows (who placed a Spy is public: the play event names the player)."""
    me = view["seat"]
    if isinstance(action, Play):
        text = action.describe()
        if action.area == "domain" and action.owner == me:
            text = text.replace(f"in Seat {me}'s domain", f"in your own domain (Seat {me})")
        return text
    pending = view.get("pending")
    if not isinstance(action, (Eliminate, Take)) or not pending:
        return action.describe()
    verb = "Eliminate" if isinstance(action, Eliminate) else "Take"
    target = action.target()
    if pending["area"] == "domain":
        owner = pending["owner"]
        target += " in your own domain" if owner == me else f" in Seat {owner}'s domain"
    if action.spy is not None:
        target += _spy_owner(view, pending, action.side, action.spy)
    return f"{verb} {target}" + (" into your domain" if verb == "Take" else "")


def _spy_owner(view: Mapping[str, Any], pending: Mapping[str, Any], side: str | None,
               k: int) -> str:
    """' (placed by Seat 2)', or ' (placed by you, Toads)' for one's own Spy."""
    if pending["area"] == "queen":
        families = view["queen_spies"][side or "above"]
        placers = view.get("queen_spy_placers", {}).get(side or "above", [])
    else:
        dom = view["domains"][pending["owner"]]
        families, placers = dom["spies"], dom.get("spy_placers", [])
    placer = placers[k] if k < len(placers) else None
    family = families[k] if k < len(families) else None
    if placer is None:
        return ""
    who = "you" if placer == view["seat"] else f"Seat {placer}"
    return f" (placed by {who}, {FAMILY_NAMES[family][0]})" if family else f" (placed by {who})"
