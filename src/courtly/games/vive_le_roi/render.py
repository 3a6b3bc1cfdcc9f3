"""Plain-text pictures of a Vive le Roi ! view, for the terminal: the castle
floor by floor, the vote, the cards a seat may see, the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import Action, counted, listed
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi.actions import ChooseAmbition, Climb, EnterWC, LeaveWC, Place, Vote
from courtly.games.vive_le_roi.ambitions import AMBITIONS
from courtly.games.vive_le_roi.cards import (
    FLOOR_NAMES,
    JESTER,
    THRONE_VALUE,
    VOTE_CARDS,
    VOTE_EFFECTS,
    VOTE_NAMES,
    name,
)

OUTCOMES = {"crowned": "crowned", "refused": "refused", "stomach_ache": "election cancelled"}


def render(view: Mapping[str, Any]) -> str:
    """The whole table as text."""
    mine = _my_favourites(view)
    lines = [_header(view), "", *_castle(view, mine)]
    lines += _vote(view)
    lines += ["", "Vote cards: " + " | ".join(
        f"{who} {_hand(h)}" for who, h in zip(view["players"], view["hands"], strict=True))]
    lines += _cards(view)
    lines += ["", "Scores: " + ", ".join(
        f"{who} {s}" for who, s in zip(view["players"], view["scores"], strict=True))]
    lines += _history(view)
    if "final" in view:
        lines += _breakdown(view)
        lines.append("Final: " + _final(view))
    return "\n".join(lines)


def _header(view: Mapping[str, Any]) -> str:
    on = [k for k, v in view["options"].items() if v is True]
    variants = f" [{', '.join(on)}]" if on else ""
    players = view["players"]
    if view["phase"] == "over":
        state = "game over"
    elif view["phase"] in ("vote", "ambition"):
        waiting = ", ".join(players[s] for s in view["to_act"])
        state = f"{view['phase']}: waiting for {waiting}"
    else:
        verb = "place" if view["phase"] == "placement" else "move"
        state = f"{players[view['current']]} to {verb}"
    you = f" You are {players[view['seat']]}." if view["seat"] is not None else ""
    return (f"Vive le Roi !{variants} {counted(view['num_players'], 'player')}, "
            f"round {view['round']}/"
            f"{view['rounds']}: {state}.{you}")


def _people(characters: Sequence[str | None], mine: set[str]) -> str:
    shown = [name(c) + ("*" if c in mine else "") for c in characters if c]
    return ", ".join(shown) or "-"


def signed(n: int) -> str:
    """'+5', '-3', '0'."""
    return f"{n:+d}" if n else "0"


def jester_inverts(view: Mapping[str, Any]) -> bool:
    """Whether the castle shown is the one of a crowned Jester's scoring (the
    game's end after he was crowned): then every value is inverted."""
    history = view["history"]
    return view["phase"] == "over" and bool(history) and history[-1]["king"] == JESTER


def _castle(view: Mapping[str, Any], mine: set[str]) -> list[str]:
    """The castle floor by floor with each place's value ("selon la valeur des
    étages"): inverted when the crowned Jester inverts them, and beside them
    while the Jester is up for the vote, what they would become."""
    c = view["castle"]
    inverted = jester_inverts(view)
    vote = view["vote"]
    maybe = bool(vote) and vote["candidate"] == JESTER

    def worth(v: int) -> str:
        text = signed(-v if inverted else v)
        return f"{text} (if crowned: {signed(-v)})" if maybe else text

    width = 22 if maybe else 6
    lines = []
    if inverted:
        lines.append("  The Jester is crowned: every value is inverted (\"les points sont "
                     "inversés\"), shown inverted below.")
    elif maybe:
        lines.append("  The Jester is up for the vote: if he is crowned, every value is inverted.")
    lines.append(f"  {'place':<16}value")
    throne = _people([c["throne"]], mine)
    lines.append(f"  {'Throne room':<16}{worth(THRONE_VALUE):<{width}}{throne}")
    if c["consort"]:
        lines[-1] += f"   (consort, scores 0: {_people([c['consort']], mine)})"
    for f in range(5, -1, -1):
        row = (f"  {f} {FLOOR_NAMES[f][0]:<14}{worth(f):<{width}}"
               f"{_people(c['floors'][f], mine):<44}")
        wc = f"WC (0): {_people([c['wc'][str(f)]], mine)}" if str(f) in c["wc"] else ""
        row += f"{wc:<18}"
        if str(f) in c["dungeons"]:
            row += f"dungeon {worth(-f)}: {_people([c['dungeons'][str(f)]], mine)}"
        lines.append(row.rstrip())
    lines.append(f"  Box (0): {_people(c['box'], mine)}")
    if c["unplaced"]:
        lines.append(f"  Not yet placed: {_people(c['unplaced'], mine)}")
    if mine:
        lines.append("  (* your favourites)")
    return lines


def _vote(view: Mapping[str, Any]) -> list[str]:
    players, lines = view["players"], []
    vote = view["vote"]
    if vote:
        voted = ", ".join(players[s] for s in vote["voted"]) or "nobody yet"
        lines.append(f"Vote on {name(vote['candidate'])}: face down from {voted}")
    last = view["last_vote"]
    if last:
        cast = ", ".join(f"{who} {VOTE_NAMES[card][0]}"
                         for who, card in zip(players, last["votes"], strict=True) if card)
        lines.append(f"Last vote on {name(last['candidate'])}: {cast} -> "
                     f"{OUTCOMES[last['outcome']]}")
    return ["", *lines] if lines else []


def _hand(hand: Mapping[str, int]) -> str:
    return " ".join(f"{VOTE_NAMES[c][0]} {hand[c]}" for c in VOTE_CARDS)


def _my_favourites(view: Mapping[str, Any]) -> set[str]:
    seat = view["seat"]
    card = view["favoris"][seat] if seat is not None else None
    return set(card["characters"]) if card else set()


def _cards(view: Mapping[str, Any]) -> list[str]:
    lines = [""]
    for who, card in zip(view["players"], view["favoris"], strict=True):
        if card:
            seal = f" (grey seal: {name(card['sealed'])})" if view["options"]["banished"] else ""
            chars = ", ".join(name(c) for c in card["characters"])
            lines.append(f"Favoris of {who} ({card['id']}): {chars}{seal}")
    for who, amb in zip(view["players"], view["ambitions"] or [], strict=False):
        if amb["offered"]:
            offered = " / ".join(
                AMBITIONS[a].name + (" [chosen]" if a == amb["chosen"] else "")
                for a in amb["offered"])
            lines.append(f"Ambition of {who}: {offered}")
            lines += [f"    {AMBITIONS[a].name}: {AMBITIONS[a].text}" for a in amb["offered"]]
    return lines if len(lines) > 1 else []


def _history(view: Mapping[str, Any]) -> list[str]:
    lines = []
    for h in view["history"]:
        king = name(h["king"]) + " crowned" if h["king"] else "no crowning"
        pts = ", ".join(f"{who} {p:+d}" for who, p in zip(view["players"], h["points"],
                                                          strict=True))
        lines.append(f"  Round {h['round']} ({king}): {pts}")
    return lines


def _final(view: Mapping[str, Any]) -> str:
    final, players = view["final"], view["players"]
    won = [players[w] for w in final["winners"]]
    text = f"scores {final['scores']}, {listed('winner', won)}"
    if "beat_emissaries" in final:
        if final["winners"]:
            text += " (margins over the best Emissary: the winners beat it)"
        else:
            best = final.get("emissary_winners") or []
            who = " and ".join(players[p] for p in best) or "the Emissary"
            verb = "wins" if len(best) <= 1 else "win"
            text += f" (margins over the best Emissary: no seat beat it, {who} {verb})"
    return text


def _place(loc: str) -> str:
    """A short place: 'floor 4', 'the throne', 'WC 3', 'dungeon 2', 'the box'."""
    lvl = castle.level(loc)
    if lvl is not None:
        return {"F": f"floor {lvl}", "W": f"WC {lvl}", "D": f"dungeon {lvl}"}[loc[0]]
    return {castle.THRONE: "the throne", castle.CONSORT: "the consort's seat",
            castle.BOX: "the box", castle.OFF: "unplaced"}[loc]


def _breakdown(view: Mapping[str, Any]) -> list[str]:
    """Where every point came from, per scoring and per position: the Favoris
    card revealed, each favourite's place and points, the floors' and the
    dungeons' points, the Jester, the Ambition, Le Filet and the total; then
    each position's sum from its starting score."""
    history = [h for h in view["history"] if "breakdown" in h]
    if not history:
        return []
    players, seat = view["players"], view["seat"]
    lines = ["", "Where the points came from (each Favoris card is revealed at its "
             "round's scoring):"]
    for h in history:
        king = f"{name(h['king'])} crowned" if h["king"] else "no crowning"
        lines.append(f"  Round {h['round']} ({king}):")
        for p, row in enumerate(h["breakdown"]):
            you = " (you)" if p == seat else ""
            favs = ", ".join(
                f"{name(f['character'])} {_place(f['at'])} "
                + (signed(f["points"]) if f["counts"] else "(grey seal, not counted)")
                for f in row["favourites"])
            lines.append(f"    {players[p]}{you}, Favoris {row['card']}: {favs}")
            parts = [f"floors and throne {signed(row['floors'])}",
                     f"dungeons {signed(row['dungeons'])}"]
            if row["inverted"]:
                parts.append("Jester crowned: signs inverted")
            elif h["king"] == JESTER:
                parts.append("Jester crowned, but Le Masque: not inverted")
            amb = row["ambition"]
            if amb:
                card = AMBITIONS[amb["id"]]
                how = signed(amb["points"]) if amb["met"] else "not met, 0"
                if amb["met"] and card.protection:
                    how = "met (a protection, no points)"
                parts.append(f"Ambition {card.name} {how}")
            if row["safety_net"]:
                parts.append(f"Le Filet {signed(row['safety_net'])}")
            lines.append(f"        {'; '.join(parts)} = {signed(row['total'])}")
    lines.append("  Totals:")
    for p, who in enumerate(players):
        points = [h["points"][p] for h in history]
        start = view["scores"][p] - sum(points)
        steps = " ".join(f"{'+' if n >= 0 else '-'} {abs(n)}" for n in points)
        lines.append(f"    {who}: start {start} {steps} = {view['scores'][p]}")
    return lines


def menu_label(view: Mapping[str, Any], action: Action) -> str:
    """A menu line: what a vote card does (the game's data) and how many you
    hold; where a move leads and what the place is worth; an Ambition's text;
    your favourites marked. Only what the view shows."""
    text = action.describe()
    mine = _my_favourites(view)
    if isinstance(action, Vote):
        effect = VOTE_EFFECTS.get(action.card, ("", ""))[0]
        held = view["hands"][view["seat"]].get(action.card, 0) if view["seat"] is not None else 0
        return f"{text} — {effect} (you hold {held})"
    if isinstance(action, ChooseAmbition):
        card = AMBITIONS.get(action.card)
        return f"{text}: {card.text}" if card else text
    fav = " (your favourite)" if getattr(action, "character", None) in mine else ""
    if isinstance(action, Place):
        return f"{text}, value {signed(action.floor)}{fav}"
    if isinstance(action, (Climb, EnterWC, LeaveWC)):
        to = next((m["to"] for m in view["moves"]
                   if m["type"] == action.kind and m["character"] == action.character), None)
        if to == castle.THRONE:
            return f"{text}: to the Throne room, a vote at once{fav}"
        if to is not None:
            return f"{text}: to {_place(to)}, value {signed(castle.value(to))}{fav}"
    return text + fav
