"""Fief as text, for the terminal: region by region, each village with its
holder, forces, castle, mills and presses and its roads; forces at the gates;
the players' money, lords, titles and votes; one's own hand; the King."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.core import counted
from courtly.games.fief.board import default_board
from courtly.games.fief.cards import card_set
from courtly.games.fief.war import TRIPS


def render(view: Mapping[str, Any]) -> str:
    """The whole table as the view's seat sees it."""
    lines = [_header(view), ""]
    lines += _regions(view)
    lines += _bishoprics(view)
    lines += _gates(view)
    lines += ["", *_players(view)]
    lines += _pending(view) + _questions(view) + _election(view) + _standing(view)
    if view.get("hand") is not None:
        hand = ", ".join(card_set().label(c) for c in view["hand"]) or "-"
        lines.append(f"Your hand: {hand}")
        lines += _card_help(view["hand"])
    return "\n".join(lines)


def _card_help(hand: list[str]) -> list[str]:
    """What each card in the hand does, once per kind of card (the browser's
    card help, for the terminal): '  Sun: Parry: cancels Bad weather ...'."""
    cards, out, seen = card_set(), [], set()
    for card in hand:
        head = card.partition(":")[0]
        key = head if head in ("lord", "bishop") else card  # "lord:henry": the lord card
        text = cards.help.get(key, {}).get("en")
        if text and key not in seen:
            seen.add(key)
            out.append(f"  {cards.names[key]['en']}: {text}")
    return out


def _seat(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None:
        return "-"
    return "you" if seat == view.get("seat") else f"Seat {seat}"


def _whose(view: Mapping[str, Any], seat: int) -> str:
    """'your' or 'Seat 2's'."""
    return "your" if seat == view.get("seat") else f"Seat {seat}'s"


def _header(view: Mapping[str, Any]) -> str:
    king = view.get("king")
    throne = f"King: {card_set().lord_names[king]}" if king else "The throne is vacant"
    text = f"Fief, turn {view['turn']}/{view['turn_limit']}, phase {view['phase']}. {throne}."
    if view.get("bad_weather"):
        text += " Bad weather: " + ", ".join(_region_name(r) for r in view["bad_weather"]) + "."
    if view.get("famine"):
        text += " Famine: " + ", ".join(_region_name(r) for r in view["famine"]) + "."
    if view["phase"] == "choose_region":
        rolls = "; ".join(f"{_seat(view, s)} " + " then ".join(
            f"{a}+{b}" for a, b in view["choice_rolls"][s]) for s in view["choice_order"])
        text += f"\nDice for the choice of regions, in the order of choice: {rolls}."
    return text


def _region_name(region: str) -> str:
    return default_board().regions[region].name


def _regions(view: Mapping[str, Any]) -> list[str]:
    board = default_board()
    seated = {r: s for s, r in enumerate(view["regions"]) if r}
    lines = []
    for rid, region in board.regions.items():
        fief = view["fiefs"].get(rid)
        head = f"{region.name} ({region.colour}, {region.title} of {len(region.villages)})"
        if rid in seated:
            owner = seated[rid]
            head += ", your region" if owner == view.get("seat") else f", Seat {owner}'s region"
        if fief:
            head += f" - FIEF of {_seat(view, fief['owner'])}, capital {_village(fief['capital'])}"
        lines.append(head)
        lines += [_village_line(view, v) for v in region.villages]
    return lines


def _bishoprics(view: Mapping[str, Any]) -> list[str]:
    """Each bishopric's villages and its bishop ("Revenues", the bishopric's
    tithe): a terminal play-test could not tell which villages a bishop taxes,
    the card's help pointing at the browser's map."""
    lines = []
    for bid, bishopric in default_board().bishoprics.items():
        bishops = [f"{card_set().lord_names[lord]} ({_seat(view, info['owner'])})"
                   for lord, info in view["lords"].items() if info.get("bishop") == bid]
        villages = ", ".join(_village(v) for v in bishopric.villages)
        lines.append(f"Bishopric of {bishopric.name}: {villages}; bishop: "
                     f"{', '.join(bishops) or 'none'}")
    return lines


def _village(village: str) -> str:
    return default_board().villages[village].name


def _village_line(view: Mapping[str, Any], village: str) -> str:
    holder = view["holders"][village]
    parts = [f"  {_village(village):<13} {_seat(view, holder):<8}"]
    soldiers = view["soldiers"].get(village)
    lords = [card_set().lord_names[lord] + _status(info)
             for lord, info in view["lords"].items()
             if info["village"] == village and not info.get("outside")]
    force = []
    if soldiers:
        force.append(counted(soldiers[1], "soldier"))
    if lords:
        force.append(", ".join(lords))
    parts.append("; ".join(force) or "-")
    marks = []
    if village in view["castles"]:
        marks.append("castle")
    if view["mills"].get(village):
        marks.append(counted(view["mills"][village], "mill"))
    if view["presses"].get(village):
        marks.append(counted(view["presses"][village], "press", "presses"))
    if marks:
        parts.append("[" + ", ".join(marks) + "]")
    roads = ", ".join(_village(n) for n in default_board().neighbours[village])
    parts.append(f"-> {roads}")
    return " ".join(parts)


def _status(info: Mapping[str, Any]) -> str:
    if info.get("cardinal"):
        return " (cardinal)"
    if info.get("bishop"):
        return f" (bishop of {default_board().bishoprics[info['bishop']].name})"
    return ""


def _gates(view: Mapping[str, Any]) -> list[str]:
    if not view["gates"]:
        return []
    lines = ["", "At the gates:"]
    for gate in view["gates"]:
        lords = ", ".join(card_set().lord_names[lord] for lord in gate["lords"]) or "no lord"
        lines.append(f"  {_seat(view, gate['owner'])} at {_village(gate['village'])}: "
                     f"{gate['stance']}, {counted(gate['soldiers'], 'soldier')}, {lords}")
    return lines


def _players(view: Mapping[str, Any]) -> list[str]:
    lines = []
    for seat in view["order"] or range(view["num_players"]):
        region = view["regions"][seat]
        lords = [card_set().lord_names[lord] + _status(info)
                 + (_trips_left(view, lord) if seat == view.get("seat") else "")
                 for lord, info in view["lords"].items() if info["owner"] == seat]
        titles = [_region_name(r) for r, f in view["fiefs"].items() if f["owner"] == seat]
        lines.append(f"{_seat(view, seat)}: {view['money'][seat]:,} crowns, "
                     f"{counted(_soldiers_of(view, seat), 'soldier')}, "
                     f"{counted(view['hand_sizes'][seat], 'card')}, "
                     f"{counted(view['votes'][seat], 'vote')}; "
                     f"region {_region_name(region) if region else '-'}; "
                     f"lords {', '.join(lords) or '-'}; fiefs {', '.join(titles) or '-'}")
    return lines


def _standing(view: Mapping[str, Any]) -> list[str]:
    """At the end, the order of victory: "the first to have ... fiefs", ties by
    "the number of soldiers on the ground and ... by the quantity of money"
    (a fief counts while one of its owner's lords holds its title)."""
    if view["phase"] != "over":
        return []
    keys = standing_keys(view)
    best = max(keys.values())
    lines = ["", "Final standing (fiefs, then soldiers on the board, then crowns):"]
    for rank, seat in enumerate(sorted(keys, key=lambda s: keys[s], reverse=True), start=1):
        fiefs, soldiers, crowns = keys[seat]
        lines.append(f"  {rank}. {_seat(view, seat)}: {counted(fiefs, 'fief')}, "
                     f"{counted(soldiers, 'soldier')}, "
                     f"{crowns:,} crowns" + (" - wins" if keys[seat] == best else ""))
    return lines


def standing_keys(view: Mapping[str, Any]) -> dict[int, tuple[int, int, int]]:
    """Every seat's (fiefs, soldiers on the board, crowns), read from a view:
    the rulebook's order of victory, as the result orders it."""
    return {seat: (sum(1 for f in view["fiefs"].values()
                       if f["owner"] == seat and f["title"] is not None),
                   _soldiers_of(view, seat), view["money"][seat])
            for seat in range(view["num_players"])}


def _soldiers_of(view: Mapping[str, Any], seat: int) -> int:
    """Soldiers on the board, in villages and at gates: the first tie-break."""
    return sum(count for owner, count in view["soldiers"].values() if owner == seat) + sum(
        gate["soldiers"] for gate in view["gates"] if gate["owner"] == seat)


def _trips_left(view: Mapping[str, Any], lord: str) -> str:
    """' (1 trip left)' in the movement phase: a lord makes two trips a turn
    (shown for one's own lords only: the line stays short)."""
    if view["phase"] != "movement":
        return ""
    left = max(0, TRIPS - view["trips"].get(lord, 0))
    return f" ({left} trip{'' if left == 1 else 's'} left)"


def _pending(view: Mapping[str, Any]) -> list[str]:
    """The attack waiting for its parry, the revolt's counter to choose, the
    execution Justice calls for: who waits for whom."""
    pending = view.get("pending")
    if not pending:
        return []
    attacker, answerer = _seat(view, pending["attacker"]), _seat(view, pending["answerer"])
    if pending["what"] == "respond":
        card = card_set().label(pending["card"]).lower()
        if pending["card"] == "revolt":
            card = f"a revolt (with famine, intensity {pending['die']})"
        target = (_region_name(pending["region"]) if pending["region"]
                  else card_set().lord_names[pending["lord"]])
        return [f"Waiting: {attacker} plays {card} on {target}; {answerer} may parry it."]
    if pending["what"] == "destroy":
        return [f"Waiting: {attacker} chooses the mill or press the villagers destroy "
                f"in {_region_name(pending['region'])}."]
    return [f"Waiting: Justice: {answerer} executes one of {attacker}'s lords."]


def _questions(view: Mapping[str, Any]) -> list[str]:
    """A question one player asks another and waits for: a right of way, a
    coalition, the sealed bids (Phases 4 and 5)."""
    lines = []
    if view.get("passage"):
        holder, village = view["passage"]
        askers = [_seat(view, g["owner"]) for g in view["gates"]
                  if g["village"] == village and g["stance"] == "passage"]
        lines.append(f"Waiting: a right of way through {_village(village)}, asked of "
                     f"{_seat(view, holder)} by {' and '.join(askers) or 'a force'}: granted, "
                     "the force goes on next turn; refused, there is a fight.")
    battle = view.get("battle")
    if battle:
        first, second = _seat(view, battle["first"]), _seat(view, battle["second"])
        where = _village(battle["village"])
        if battle["step"] == "ask":
            lines.append(f"Waiting: at {where}, {first} (arrived first) may ask {second} for a "
                         "coalition against the holder.")
        elif battle["step"] == "answer":
            lines.append(f"Waiting for {_whose(view, battle['second'])} answer to "
                         f"{_whose(view, battle['first'])} request for a coalition at {where}.")
        else:
            bid = battle.get("my_bid")
            lines.append(f"Sealed bids for {where} between {first} and {second}, revealed "
                         "together; the highest takes the village and pays the other"
                         + (f"; your bid: {bid:,} crowns" if bid is not None else "") + ".")
    return lines


def _election(view: Mapping[str, Any]) -> list[str]:
    """The votes announced so far and the lord elected, awaiting consecration."""
    election = view.get("election")
    if not election:
        return []
    names = card_set().lord_names
    # who voted first, then for whom: "Charles 1 (Seat 1)" read as Seat 1's lord Charles
    cast = [f"{_seat(view, int(seat))}: {counted(votes, 'vote')} for {names[lord]}" if lord
            else f"{_seat(view, int(seat))} abstains"
            for seat, (lord, votes) in election["votes"].items()]
    lines = [f"Votes announced: {'; '.join(cast) or 'none yet'}."]
    if not election["elected"]:
        lines.append("The lord elected reigns only once consecrated by two bishops or a "
                     "cardinal.")
    else:
        lines.append(f"Elected: {names[election['elected']]}; to reign he must be consecrated "
                     "by two bishops or a cardinal.")
        if election["waiting"] is not None:
            lines.append(f"Waiting for {_whose(view, election['waiting'])} answer: asked to "
                         f"consecrate {names[election['elected']]}.")
    return lines
