"""Vive le Roi !'s rules (rulebook 003_488867ee21850542.txt; docs/rules/vive_le_roi.md).

A game is three rounds ("Fin de partie"). Each round: a secret Favoris card
each, the Jester on floor 3, fresh vote cards ("Installation"; optionally two
Ambition cards to choose from, "L'Ambition"); the characters placed on floors
1-4 in turn ("Placement"); then each turn moves one character up one floor
("Jeu", "WC") until one reaching the Throne room is crowned by a unanimous
simultaneous vote ("Vote"), and the round is scored.

Positions 0..num_players-1 are the seats; with "L'émissaire de l'Empire" the
fictitious players follow them in the turn order and act inside ``_apply``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from courtly.core import (
    Action,
    Event,
    Result,
    State,
    game_over_event,
    opposite_teams,
    team_scores,
    winners_by_score,
)
from courtly.games.vive_le_roi import castle
from courtly.games.vive_le_roi import emissary as policy
from courtly.games.vive_le_roi.actions import (
    ChooseAmbition,
    Climb,
    EnterWC,
    LeaveWC,
    Place,
    Vote,
)
from courtly.games.vive_le_roi.ambitions import AMBITION_IDS, AMBITIONS, Table
from courtly.games.vive_le_roi.cards import (
    CHARACTERS,
    DUNGEON_ORDER,
    FAVORIS,
    JESTER,
    JESTER_FLOOR,
    NO,
    PLACEMENT_FLOORS,
    PRETENDERS,
    ROUNDS,
    START_SCORE,
    STOMACH,
    TOP_FLOOR,
    VOTE_CARDS,
    VOTE_NAMES,
    WC_FLOORS,
    YES,
    Favoris,
    name,
    no_cards,
)
from courtly.games.vive_le_roi.scoring import score_round

AMBITION, PLACEMENT, PLAY, VOTE, OVER = "ambition", "placement", "play", "vote", "over"
_MOVE_TYPES: dict[str, type[Climb | EnterWC | LeaveWC]] = {
    castle.CLIMB: Climb, castle.ENTER_WC: EnterWC, castle.LEAVE_WC: LeaveWC}
# Actions are immutable values: one instance each, made once, keeps the
# hot path free of dataclass construction.
MOVE_ACTIONS: dict[tuple[str, str], Action] = {
    (kind, c): cls(c) for kind, cls in _MOVE_TYPES.items() for c in CHARACTERS}
PLACE_ACTIONS: dict[tuple[str, int], Action] = {
    (c, f): Place(c, f) for c in PRETENDERS for f in PLACEMENT_FLOORS}


def emissary_count(num_players: int, options: dict[str, Any]) -> int:
    """Fictitious players: one beside 2 players; 2 (or 3) for a solo game."""
    if not options["emissary"]:
        return 0
    if num_players == 2:
        return 1
    return 3 if options["three_emissaries"] else 2


class ViveLeRoiState(State):
    """A position of Vive le Roi !."""

    #: What a player may take back (State.undo): a character placed or moved,
    #: while nothing else happened (a vote called is still undoable before
    #: anyone votes; a round scored, another position's move, is not). Votes
    #: and Ambitions are secret choices, never taken back. Our decision: the
    #: rulebook has no undo.
    UNDOABLE: ClassVar[dict[str, frozenset[str]]] = {
        kind: frozenset({"place", "move", "placement_done", "vote_called"})
        for kind in ("place", "climb", "enter_wc", "leave_wc")}
    #: What the rules do after the move that closes a step (State.own_events):
    #: the placement over, a vote called, the votes revealed, a round scored
    #: or stalled and the next dealt, the end of the game.
    FOLLOWING: ClassVar[frozenset[str]] = frozenset({
        "placement_done", "vote_called", "vote_revealed", "stalemate", "round_scored",
        "round_start", "game_over"})

    # ----- set-up -------------------------------------------------------
    def setup(self) -> None:
        """The game's fixed facts, then the first round ("Installation")."""
        n = self.num_players
        self.positions = n + emissary_count(n, self.options)
        # "Royauté en équipe": partners sit opposite (our decision), so turns alternate
        self.teams = opposite_teams(n) if self.options["teams"] else None
        self.holder_of = ([next(i for i, t in enumerate(self.teams) if p in t) for p in range(n)]
                          if self.teams else list(range(self.positions)))
        holders = len(self.teams) if self.teams else self.positions
        self.start_hand = {YES: 1, STOMACH: 1, NO: no_cards(holders)}
        self.totals = [START_SCORE if p < n else policy.EMISSARY_START_SCORE
                       for p in range(self.positions)]
        self.round = 0
        self.elections = 0
        self.history: list[dict[str, Any]] = []
        self._history_kept: tuple[tuple[dict[str, Any], ...], str] | None = None
        self.last_vote: dict[str, Any] | None = None
        self.over = False
        self._start_round()
        self._run_emissaries()

    def _start_round(self) -> list[Event]:
        """Deal and reset as at the start of the first round ("Fin de partie":
        "on recommence exactement comme au début du 1er"): Favoris, the Jester
        on floor 3, fresh vote cards (decision), Ambitions; the first player
        moves one seat on each round (decision)."""
        p_count = self.positions
        deck = list(range(len(FAVORIS)))
        self.rng.shuffle(deck)
        self.favoris: list[int] = deck[:p_count]
        self.where: dict[str, str] = dict.fromkeys(PRETENDERS, castle.OFF)
        self.where[JESTER] = castle.floor(JESTER_FLOOR)
        self.hands: list[dict[str, int]] = [dict(self.start_hand)
                                            for _ in range(max(self.holder_of) + 1)]
        self.votes: dict[int, str] = {}
        self.voters: tuple[int, ...] = ()
        self.candidate: str | None = None
        self.mover = 0
        self.crowned: list[str] = []
        self.public = False
        self.first = self.current = self.round % p_count
        self.placed = 0
        self.to_place = len(PRETENDERS) // p_count * p_count
        self.offers: list[tuple[str, ...]] = [()] * p_count
        self.chosen: list[str | None] = [None] * p_count
        self.stage = PLACEMENT
        if self.options["ambition"]:
            self._deal_ambitions()
        return self._round_events()

    def _deal_ambitions(self) -> None:
        """Two Ambition cards each; the Emissary keeps its first at once ("L'Ambition")."""
        ids = list(AMBITION_IDS)
        self.rng.shuffle(ids)
        self.offers = [tuple(ids[2 * p: 2 * p + 2]) for p in range(self.positions)]
        for p in range(self.num_players, self.positions):
            self.chosen[p] = policy.choose_ambition(self.offers[p])
        self.stage = AMBITION

    def _round_events(self) -> list[Event]:
        events = [Event("round_start", f"Round {self.round + 1} of {ROUNDS}: "
                        f"{self.label(self.first)} is the first player; the Jester is on floor 3",
                        {"round": self.round + 1, "first": self.first})]
        for p in range(self.positions):
            card = self.card(p)
            text = f"{self.label(p)}'s Favoris: {_names(card.characters)}"
            audience = None if p >= self.num_players else frozenset({p})
            events.append(Event("favoris", text, {"position": p, "card": card.to_json()},
                                audience=audience))
        return events

    # ----- small facts ----------------------------------------------------
    def label(self, pos: int) -> str:
        """'Seat 2', 'the Emissary' or 'Emissary 2'."""
        if pos < self.num_players:
            return f"Seat {pos}"
        if self.positions - self.num_players == 1:
            return "the Emissary"
        return f"Emissary {pos - self.num_players + 1}"

    def card(self, pos: int) -> Favoris:
        """The Favoris card of a position this round."""
        return FAVORIS[self.favoris[pos]]

    def favourites(self, pos: int) -> tuple[str, ...]:
        """The favourites that count ("Le Banni": all but the grey seal's)."""
        return self.card(pos).counting(self.options["banished"])

    def hand(self, pos: int) -> dict[str, int]:
        """The vote cards a position votes with (its team's with "Royauté en équipe")."""
        return self.hands[self.holder_of[pos]]

    # ----- whose turn, what is legal -------------------------------------
    def _phase_name(self) -> str:
        """ambition, placement, play or vote."""
        return self.stage

    def _to_act(self) -> tuple[int, ...]:
        if self.stage == AMBITION:
            return tuple(s for s in range(self.num_players) if self.chosen[s] is None)
        if self.stage == VOTE:
            return tuple(s for s in self.voters if s not in self.votes)
        return (self.current,)

    def _is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.stage == AMBITION:
            return [ChooseAmbition(c) for c in self.offers[seat]]
        if self.stage == PLACEMENT:
            return self._placements()
        if self.stage == PLAY:
            return [MOVE_ACTIONS[move] for move in castle.moves(self.where)]
        return [Vote(c) for c in VOTE_CARDS if self.hand(seat)[c] > 0]

    def _placements(self) -> list[Action]:
        """Any character not yet placed, on floors 1-4, at most 4 a floor ("Placement")."""
        floors = [f for f in PLACEMENT_FLOORS if castle.has_room(self.where, f)]
        return [PLACE_ACTIONS[c, f] for c in PRETENDERS if self.where[c] == castle.OFF
                for f in floors]

    def _menu_is_public(self, seat: int) -> bool:
        """Whether ``seat``'s menu reads nothing the others cannot see
        (:meth:`State.forced_publicly`): the castle is open to all, and so is
        each seat's hand of vote cards (spent only when the votes are revealed
        together); only the two Ambition cards one chooses from are one's own
        secret ("L'Ambition"). So a seat left with only its Yes card votes Yes,
        made by the server, as everyone can count."""
        return self.stage != AMBITION

    def _explain_illegal(self, seat: int, action: Action) -> str:
        why = {
            AMBITION: "choose one of your two Ambition cards first",
            PLACEMENT: "place a character not yet placed on a floor 1-4 with room",
            PLAY: "move one character up one floor (at most 4 a floor; WC rules)",
            VOTE: "cast one of your remaining vote cards",
        }[self.stage]
        return f"{action.describe()} is not allowed now: {why}"

    # ----- applying actions -------------------------------------------------
    def _undoable(self, seat: int, action: Action, events: list[Event]) -> bool:
        # One character placed or moved, the seat's own: the Emissary's move
        # after it is another position's action.
        moves = sum(e.kind in ("place", "move") for e in events)
        return moves == 1 and super()._undoable(seat, action, events)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self._act(seat, action)
        return events + self._run_emissaries()

    def own_events(self, events: Sequence[Event]) -> int:
        """State.own_events, and the Emissary's turns (emissary.py: the engine
        plays them) are what followed the move too, not the seat's own."""
        own = super().own_events(events)
        for number, event in enumerate(events[:own]):
            position = event.data.get("position")
            if isinstance(position, int) and position >= self.num_players:
                return number
        return own

    def _act(self, pos: int, action: Action) -> list[Event]:
        if isinstance(action, ChooseAmbition):
            return self._choose(pos, action.card)
        if isinstance(action, Place):
            return self._place(pos, action.character, action.floor)
        if isinstance(action, Vote):
            return self._vote(pos, action.card)
        assert isinstance(action, (Climb, EnterWC, LeaveWC))
        return self._move(pos, action.kind, action.character)

    def _run_emissaries(self) -> list[Event]:
        """The fictitious players take their turns by their fixed policy."""
        events: list[Event] = []
        while self.stage in (PLACEMENT, PLAY) and self.current >= self.num_players:
            pos, favs = self.current, self.favourites(self.current)
            if self.stage == PLACEMENT:
                events += self._place(pos, *policy.place(self.where, favs))
            else:
                events += self._move(pos, *policy.move(self.where, favs))
        return events

    def _choose(self, seat: int, card: str) -> list[Event]:
        """"L'Ambition": choices are simultaneous and secret; placement starts
        once every seat has chosen."""
        self.chosen[seat] = card
        events = [Event("ambition", f"Seat {seat} has chosen an Ambition", {"seat": seat})]
        if all(c is not None for c in self.chosen):
            self.stage = PLACEMENT
        return events

    def _place(self, pos: int, character: str, floor: int) -> list[Event]:
        """"Placement": in turn; when everybody has placed as many characters
        (13 // players each, decision), the rest go to floor 0."""
        self.where[character] = castle.floor(floor)
        self.placed += 1
        events = [Event("place", f"{self.label(pos)} places {name(character)} on floor {floor}",
                        {"position": pos, "character": character, "floor": floor})]
        self.current = (pos + 1) % self.positions
        if self.placed == self.to_place:
            rest = [c for c in PRETENDERS if self.where[c] == castle.OFF]
            for c in rest:
                self.where[c] = castle.floor(0)
            self.stage, self.current = PLAY, self.first
            events.append(Event("placement_done",
                                f"Placement over; to floor 0: {_names(rest) or 'nobody'}",
                                {"floor0": rest}))
        return events

    def _move(self, pos: int, kind: str, character: str) -> list[Event]:
        """"Jeu": one character up one floor (or into/out of a WC); reaching
        the Throne room calls the vote at once ("Vote")."""
        dest = castle.destination(self.where, kind, character)
        self.where[character] = dest
        verb = {castle.CLIMB: "moves", castle.ENTER_WC: "sends", castle.LEAVE_WC: "takes"}[kind]
        prep = "out of the WC to" if kind == castle.LEAVE_WC else "up to"
        events = [Event("move", f"{self.label(pos)} {verb} {name(character)} {prep} "
                        f"{castle.describe(dest)}",
                        {"position": pos, "kind": kind, "character": character, "to": dest})]
        if dest == castle.THRONE:
            return events + self._call_vote(pos, character)
        return events + self._next_turn(pos)

    def _next_turn(self, pos: int) -> list[Event]:
        """The next position plays; if no character can move at all (possible
        only once the Jester has left the castle, "Le mariage royal"), the
        round ends without a further crowning (decision)."""
        self.stage, self.current = PLAY, (pos + 1) % self.positions
        if castle.moves(self.where):
            return []
        events = [Event("stalemate", "No character can move: the round ends without a crowning",
                        {})]
        return events + self._score(None) + self._next_round()

    # ----- the vote -------------------------------------------------------------
    def voting_seats(self) -> tuple[int, ...]:
        """Every seat votes; with "Royauté en équipe" one partner votes for the
        team with its common cards, the partners taking turns from one vote to
        the next (decision)."""
        if self.teams is None:
            return tuple(range(self.num_players))
        return tuple(t[self.elections % 2] for t in self.teams)

    def _call_vote(self, pos: int, character: str) -> list[Event]:
        self.stage, self.candidate, self.mover = VOTE, character, pos
        self.voters = self.voting_seats()
        who = ", ".join(self.label(s) for s in self.voters)
        return [Event("vote_called", f"{name(character)} reaches the Throne room: "
                      f"vote! ({who} to vote, face down)",
                      {"candidate": character, "voters": list(self.voters)})]

    def _vote(self, seat: int, card: str) -> list[Event]:
        """A vote stays face down (nothing in any view or event says which card)
        until the last one is in; then all are revealed together."""
        self.votes[seat] = card
        events = [Event("vote_cast", f"{self.label(seat)} has voted", {"seat": seat})]
        if len(self.votes) == len(self.voters):
            events += self._reveal()
        return events

    def _all_votes(self) -> list[tuple[int, str]]:
        """(position, card) for every voter, the Emissaries' by their policy."""
        assert self.candidate is not None
        cast = [(s, self.votes[s]) for s in self.voters]
        for p in range(self.num_players, self.positions):
            cast.append((p, policy.vote(self.where, self.candidate, self.favourites(p),
                                        self.hand(p))))
        return cast

    def _reveal(self) -> list[Event]:
        """"Vote": any Stomach-ache cancels the election (the character goes
        back to floor 5), else any No refuses it (to the next dungeon; the
        Jester back to floor 3), else it is crowned. No and Stomach-ache cards
        are spent, Yes cards kept."""
        candidate, cast = self.candidate, self._all_votes()
        assert candidate is not None
        for pos, card in cast:
            if card != YES:
                self.hand(pos)[card] -= 1
        cards = {card for _, card in cast}
        outcome = "stomach_ache" if STOMACH in cards else "refused" if NO in cards else "crowned"
        dest = self._vote_destination(candidate, outcome)
        self.where[candidate] = dest
        self.votes, self.voters, self.candidate = {}, (), None
        self.elections += 1
        self.last_vote = {"candidate": candidate, "outcome": outcome, "to": dest,
                          "votes": [dict(cast).get(p) for p in range(self.positions)]}
        events = [self._reveal_event(candidate, outcome, dest, cast)]
        if outcome == "crowned":
            return events + self._crown(candidate)
        return events + self._next_turn(self.mover)

    def _vote_destination(self, candidate: str, outcome: str) -> str:
        if outcome == "crowned":
            return castle.THRONE
        if outcome == "stomach_ache":
            # the candidate came from floor 5, so there is room for it there
            return castle.floor(TOP_FLOOR)
        if candidate == JESTER:
            return castle.nearest_free_floor(self.where, JESTER_FLOOR)
        return castle.next_dungeon(self.where)

    def _reveal_event(self, candidate: str, outcome: str, dest: str,
                      cast: list[tuple[int, str]]) -> Event:
        shown = ", ".join(f"{self.label(p)} {VOTE_NAMES[c][0]}" for p, c in cast)
        result = {"crowned": f"{name(candidate)} is crowned!",
                  "refused": f"{name(candidate)} is refused, to {castle.describe(dest)}",
                  "stomach_ache": f"Stomach-ache: the election is cancelled, "
                                  f"{name(candidate)} goes back to floor 5"}[outcome]
        return Event("vote_revealed", f"Votes: {shown}. {result}", dict(self.last_vote or {}))

    # ----- crownings and scoring --------------------------------------------
    def _crown(self, king: str) -> list[Event]:
        """A crowning ends the round; with "Le mariage royal" the first of the
        round is scored, leaves the throne for the consort's seat, every
        Favoris card stays face up, and play goes on to a second crowning."""
        self.crowned.append(king)
        if self.options["royal_wedding"] and len(self.crowned) == 1:
            events = self._score(king, final=False)
            self.where[king] = castle.CONSORT
            self.public = True
            return events + self._next_turn(self.mover)
        return self._score(king) + self._next_round()

    def _score(self, king: str | None, final: bool = True) -> list[Event]:
        """Everyone reveals and scores ("Vote": Oui; "Le Bouffon"); the Ambition
        counts at the round's last scoring. The event carries the breakdown;
        the history in the views keeps each scoring's cards and points."""
        rows, breakdown = [], []
        for p in range(self.positions):
            table = Table(self.where, king, self.hand(p), self.start_hand)
            chosen = self.chosen[p] if final else None
            # "Le Filet" weighs the round's whole score: the first crowning's too
            earlier = sum(h["points"][p] for h in self.history if h["round"] == self.round + 1)
            row = score_round(self.favourites(p), table, AMBITIONS[chosen] if chosen else None,
                              earlier)
            self.totals[p] += row["total"]
            rows.append({"position": p, "card": self.card(p).id, **row})
            breakdown.append(self._breakdown(p, row))
        record = {"round": self.round + 1, "king": king, "scores": rows,
                  "totals": list(self.totals)}
        # Everything here is revealed by this scoring ("Chaque joueur révèle sa
        # carte de Favoris"; the Ambition "objectif de fin de round"), so every
        # view may carry it from now on, never before.
        self.history.append({"round": self.round + 1, "king": king,
                             "cards": [r["card"] for r in rows],
                             "points": [r["total"] for r in rows],
                             "ambitions": [r["ambition"]["id"] if "ambition" in r else None
                                           for r in rows],
                             "breakdown": breakdown})
        text = "; ".join(f"{self.label(r['position'])} {r['total']:+d}" for r in rows)
        crowned = f"{name(king)} crowned" if king else "no crowning"
        return [Event("round_scored", f"Round {self.round + 1} scored ({crowned}): {text}. "
                      f"Totals: {self.totals}", record)]

    def _breakdown(self, pos: int, row: dict[str, Any]) -> dict[str, Any]:
        """Where a position's points at this scoring came from, JSON-safe: its
        Favoris card; each favourite, where it stood and what it scored (0 and
        ``counts`` false for the grey seal's with "Le Banni"); the points of
        the favourites on the floors, the throne and the consort's seat (WC
        and box score 0) and of those in the dungeons, both as scored (after
        the Jester's inversion, ``inverted``); the Ambition (id, met, points);
        ``safety_net``, the points "Le Filet" added; and the total, which is
        the sum of ``floors``, ``dungeons``, the Ambition's points and
        ``safety_net``."""
        card = self.card(pos)
        favs = [{"character": c, "at": self.where[c], "counts": c in row["points"],
                 "points": row["points"].get(c, 0)} for c in card.characters]
        dungeons = sum(f["points"] for f in favs if castle.is_dungeon(f["at"]))
        floors = sum(f["points"] for f in favs) - dungeons
        ambition = dict(row["ambition"]) if "ambition" in row else None
        bonus = ambition["points"] if ambition else 0
        return {"card": card.id, "favourites": favs, "floors": floors, "dungeons": dungeons,
                "inverted": row["inverted"], "ambition": ambition,
                "safety_net": row["total"] - floors - dungeons - bonus, "total": row["total"]}

    def _next_round(self) -> list[Event]:
        self.round += 1
        if self.round < ROUNDS:
            return self._start_round()
        self.over, self.stage = True, OVER
        event = game_over_event(self._result(), self.label)
        emissaries = self.emissary_winners()
        if not emissaries:
            return [event]
        who = " and ".join(self.label(p) for p in emissaries)
        verb = "wins" if len(emissaries) == 1 else "win"
        return [Event(event.kind, f"{event.text}: no seat beat the Emissary, {who} {verb}",
                      event.data | {"emissary_winners": emissaries})]

    def _result(self) -> Result:
        """Highest total wins, ties shared ("Fin de partie"). Teams keep the
        lower of their two totals. With Emissaries a seat's score is its margin
        over the best Emissary (decision), and "pour gagner, il faut aussi
        battre ce joueur fictif": only a positive margin can win, so when no
        seat beats every Emissary nobody wins (``winners`` is empty) and the
        best Emissary does (``emissary_winners``)."""
        scores = team_scores(self.totals[: self.num_players], self.teams)
        if self.positions > self.num_players:
            best = max(self.totals[self.num_players:])
            scores = [s - best for s in scores]
            winners = winners_by_score(scores) if max(scores) > 0 else ()
            return Result(tuple(float(s) for s in scores), winners)
        return Result(tuple(float(s) for s in scores), winners_by_score(scores))

    def emissary_winners(self) -> list[int]:
        """The positions of the best Emissaries when no seat beat them all
        (they win instead); [] otherwise or without Emissaries."""
        if self.positions == self.num_players or self._result().winners:
            return []
        best = max(self.totals[self.num_players:])
        return [p for p in range(self.num_players, self.positions) if self.totals[p] == best]

    # ----- views ------------------------------------------------------------
    def favoris_visible(self, pos: int, seat: int | None) -> bool:
        """Your own card; the Emissaries' ("dont vous savez tout"); everyone's
        for the second crowning of "Le mariage royal"; all once the game is over."""
        return pos == seat or pos >= self.num_players or self.public or self.over

    def ambition_visible(self, pos: int, seat: int | None) -> bool:
        """Your own Ambition cards and the Emissaries'; all once the game is over."""
        return pos == seat or pos >= self.num_players or self.over

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": [self.label(p) for p in range(self.positions)],
            "round": min(self.round + 1, ROUNDS),
            "rounds": ROUNDS,
            "first": self.first,
            "current": self.current if self.stage in (PLACEMENT, PLAY) else None,
            "castle": self._castle_json(),
            "placements_left": self.to_place - self.placed,
            "vote": self._vote_json(seat),
            "hands": [dict(self.hand(p)) for p in range(self.positions)],
            "favoris": [self.card(p).to_json() if self.favoris_visible(p, seat) else None
                        for p in range(self.positions)],
            "ambitions": self._ambitions_json(seat),
            "crowned": list(self.crowned),
            "scores": list(self.totals),
            # copies: a view is the caller's to keep or change
            "last_vote": None if self.last_vote is None else {
                **self.last_vote, "votes": list(self.last_vote["votes"])},
            "history": self._history_copy(),
            # derived from what the seat sees, so that no client recomputes the rules
            "moves": self._moves_json(),
            "favoris_worth": [self._worth_json(p) if self.favoris_visible(p, seat) else None
                              for p in range(self.positions)],
        }
        if self.over:
            view["final"] = self._final_json()
        return view

    def _history_copy(self) -> list[dict[str, Any]]:
        """The scorings for a view, the caller's own copy. A scoring never
        changes once written, so its JSON text is kept while the history holds
        the same entries: a copy is then one parse, not a deep copy (which
        was most of what a view cost late in a game)."""
        kept = self._history_kept
        if kept is None or len(kept[0]) != len(self.history) or any(
                a is not b for a, b in zip(kept[0], self.history, strict=True)):
            kept = self._history_kept = (tuple(self.history), json.dumps(self.history))
        copied: list[dict[str, Any]] = json.loads(kept[1])
        return copied

    def _final_json(self) -> dict[str, Any]:
        """The result; with Emissaries, which seats beat them all (the
        rulebook's condition for winning) and, when none did, the best
        Emissaries, who win instead."""
        result = self._result()
        final = result.to_json()
        if self.positions > self.num_players:
            final["beat_emissaries"] = [s > 0 for s in result.scores]
            final["emissary_winners"] = self.emissary_winners()
        return final

    def _castle_json(self) -> dict[str, Any]:
        at: dict[str, list[str]] = {}
        for c in CHARACTERS:
            at.setdefault(self.where[c], []).append(c)

        def one(loc: str) -> str | None:
            return at[loc][0] if loc in at else None

        return {
            "floors": [at.get(castle.floor(f), []) for f in range(TOP_FLOOR + 1)],
            "wc": {str(f): one(castle.wc(f)) for f in WC_FLOORS},
            "dungeons": {str(f): one(castle.dungeon(f)) for f in DUNGEON_ORDER},
            "box": at.get(castle.BOX, []),
            "throne": one(castle.THRONE),
            "consort": one(castle.CONSORT),
            "unplaced": at.get(castle.OFF, []),
        }

    def _moves_json(self) -> list[dict[str, str]]:
        """Every move open on the castle ("Jeu", "WC") with where it leads:
        one character up one floor, into or out of a WC; none outside play."""
        if self.stage != PLAY:
            return []
        return [{"type": kind, "character": c, "to": castle.destination(self.where, kind, c)}
                for kind, c in castle.moves(self.where)]

    def _worth_json(self, pos: int) -> dict[str, Any]:
        """What a Favoris card is worth on the castle as it stands: each
        favourite's place and value (None while not placed) and whether it
        counts ("Le Banni"), and the sum of those that count."""
        counting = self.favourites(pos)
        rows = [{"character": c, "at": self.where[c], "counts": c in counting,
                 "value": None if self.where[c] == castle.OFF else castle.value(self.where[c])}
                for c in self.card(pos).characters]
        return {"favourites": rows, "worth": sum(r["value"] or 0 for r in rows if r["counts"])}

    def _vote_json(self, seat: int | None) -> dict[str, Any] | None:
        """The vote being held: who votes, who has; ``mine`` is the card the
        viewing seat has cast, face down (to that seat only; None otherwise)."""
        if self.stage != VOTE:
            return None
        return {"candidate": self.candidate, "voters": list(self.voters),
                "voted": [s for s in self.voters if s in self.votes],
                "mine": self.votes.get(seat) if seat is not None else None}

    def _ambitions_json(self, seat: int | None) -> list[dict[str, Any]] | None:
        if not self.options["ambition"]:
            return None
        out = []
        for p in range(self.positions):
            shown = self.ambition_visible(p, seat)
            out.append({"offered": list(self.offers[p]) if shown else None,
                        "chosen": self.chosen[p] if shown else None,
                        "has_chosen": self.chosen[p] is not None})
        return out

    # ----- hidden information ----------------------------------------------
    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Redeal what ``seat`` cannot see: the other seats' Favoris cards (from
        the cards it does not see), their Ambition cards and choices, and the
        face-down votes it did not cast (from the voter's remaining cards)."""
        hidden = [p for p in range(self.num_players) if not self.favoris_visible(p, seat)]
        seen = {self.favoris[p] for p in range(self.positions) if p not in hidden}
        pool = [i for i in range(len(FAVORIS)) if i not in seen]
        rng.shuffle(pool)
        for p in hidden:
            self.favoris[p] = pool.pop()
        if self.options["ambition"]:
            self._resample_ambitions(seat, rng)
        for voter in sorted(self.votes):
            if voter != seat:
                hand = self.hand(voter)
                self.votes[voter] = rng.choice([c for c in VOTE_CARDS if hand[c] > 0])

    def _resample_ambitions(self, seat: int | None, rng: random.Random) -> None:
        hidden = [p for p in range(self.num_players) if not self.ambition_visible(p, seat)]
        seen = {c for p in range(self.positions) if p not in hidden for c in self.offers[p]}
        pool = [c for c in AMBITION_IDS if c not in seen]
        rng.shuffle(pool)
        for p in hidden:
            self.offers[p] = (pool.pop(), pool.pop())
            if self.chosen[p] is not None:
                self.chosen[p] = rng.choice(self.offers[p])

    # ----- copies and comparison ---------------------------------------------
    def clone(self) -> ViveLeRoiState:
        """A fast independent copy (the generic deepcopy is several times slower)."""
        other = self._shallow_copy()
        other.totals = list(self.totals)
        other.history = list(self.history)
        other.favoris = list(self.favoris)
        other.where = dict(self.where)
        other.hands = [dict(h) for h in self.hands]
        other.votes = dict(self.votes)
        other.crowned = list(self.crowned)
        other.offers = list(self.offers)
        other.chosen = list(self.chosen)
        return other

    def _snapshot(self) -> Any:
        return (
            self.totals, self.round, self.elections, self.history, self.last_vote, self.over,
            self.favoris, sorted(self.where.items()), self.hands, sorted(self.votes.items()),
            self.voters, self.candidate, self.mover, self.crowned, self.public, self.first,
            self.current, self.placed, self.to_place, self.offers, self.chosen, self.stage,
        )


def _names(characters: list[str] | tuple[str, ...]) -> str:
    return ", ".join(name(c) for c in characters)
