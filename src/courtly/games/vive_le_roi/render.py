"""Plain-text pictures of a Vive le Roi ! view, for the terminal: the castle
floor by floor, the vote, the cards a seat may see, the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.games.vive_le_roi.ambitions import AMBITIONS
from courtly.games.vive_le_roi.cards import FLOOR_NAMES, VOTE_CARDS, VOTE_NAMES, name

OUTCOMES = {"crowned": "crowned", "refused": "refused", "stomach_ache": "election cancelled"}


def render(view: Mapping[str, Any]) -> str:
    """The whole table as text."""
    mine = _my_favourites(view)
    lines = [_header(view), "", *_castle(view["castle"], mine)]
    lines += _vote(view)
    lines += ["", "Vote cards: " + " | ".join(
        f"{who} {_hand(h)}" for who, h in zip(view["players"], view["hands"], strict=True))]
    lines += _cards(view)
    lines += ["", "Scores: " + ", ".join(
        f"{who} {s}" for who, s in zip(view["players"], view["scores"], strict=True))]
    lines += _history(view)
    if "final" in view:
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
    return (f"Vive le Roi !{variants} {view['num_players']} player(s), round {view['round']}/"
            f"{view['rounds']}: {state}.{you}")


def _people(characters: Sequence[str | None], mine: set[str]) -> str:
    shown = [name(c) + ("*" if c in mine else "") for c in characters if c]
    return ", ".join(shown) or "-"


def _castle(c: Mapping[str, Any], mine: set[str]) -> list[str]:
    lines = [f"  {'Throne room':<16}{_people([c['throne']], mine)}"]
    if c["consort"]:
        lines[0] += f"   (consort: {_people([c['consort']], mine)})"
    for f in range(5, -1, -1):
        row = f"  {f} {FLOOR_NAMES[f][0]:<14}{_people(c['floors'][f], mine):<44}"
        wc = f"WC: {_people([c['wc'][str(f)]], mine)}" if str(f) in c["wc"] else ""
        row += f"{wc:<18}"
        if str(f) in c["dungeons"]:
            row += f"dungeon: {_people([c['dungeons'][str(f)]], mine)}"
        lines.append(row.rstrip())
    lines.append(f"  Box: {_people(c['box'], mine)}")
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
    won = ", ".join(players[w] for w in final["winners"]) or "nobody"
    text = f"scores {final['scores']}, winner(s) {won}"
    if "beat_emissaries" in final:
        if final["winners"]:
            text += " (margins over the best Emissary: the winners beat it)"
        else:
            best = final.get("emissary_winners") or []
            who = " and ".join(players[p] for p in best) or "the Emissary"
            verb = "wins" if len(best) <= 1 else "win"
            text += f" (margins over the best Emissary: no seat beat it, {who} {verb})"
    return text
