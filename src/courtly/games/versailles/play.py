"""A player's actions in the round of play (§7.41): requests (§8.1-§8.3),
cards (§9), audiences (§8.4) and office powers (§9.5), each as a legality
check and an effect. Part of the state (mixed in)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from courtly.core import Action, Event
from courtly.games.versailles.actions import (
    POWER_USES,
    SOVEREIGNS,
    FreePrisoner,
    Intervene,
    Marry,
    PlayCard,
    RecallExile,
    RemarryKing,
    Request,
    TakeOffice,
    UsePower,
    made,
)
from courtly.games.versailles.cards import (
    COUNTRIES,
    COUNTRY_NAMES,
    DECK,
    REQUEST_CARDS,
    TYPE_OF,
    CardType,
)
from courtly.games.versailles.court import CourtRules, d10_reroll_ten
from courtly.games.versailles.courtier import BASTILLE, COURT, EXILE

#: The Favourite's and the Lover's bonus on the die (§9.4; the Lover's is ours, A27).
STATUS_BONUS = 2
#: The Gouvernante's shift (§9.5) and the Contrôleur's pension per pip (§9.5).
GOUVERNANTE_SHIFT, PENSION_PER_PIP = 3, 500


#: Parts of menus for one court (PlayRules.court_memos): by seat, its
#: audiences (in the memo of every standing: its office takings); by (user, card),
#: a card's uses (PlayRules.hand_moves says who the user is); by card, whom
#: it reaches (plays) or who may receive it (requests), whoever plays or asks.
Memo = dict[Any, Any]
#: The standings' memo's entry for every office held, with its takings.
_OFFICES_HELD = "offices held"
#: The cards whose reach (plays) or beneficiaries (requests) read a standing:
#: a minimum standing (§9.1), or a lettre de cachet's victim (standing 0 or
#: less, §8.1). The others' survive an intervention or a refused request.
READS_STANDINGS = frozenset(t.id for t in DECK.types.values()
                            if t.min_standing is not None or t.kind == "lettre")
#: The cards whose reach or beneficiaries read the cards laid (and no
#: standing): a titled card (§9.1, a spouse's title too), a dignity or a
#: title asked (§9.2, not held twice), the Scandal (a Favourite or Lover
#: laid), the secret marriage (the Favourite). The others' survive a card
#: laid or an office moved.
READS_CARDS = frozenset(t.id for t in DECK.types.values() if t.id not in READS_STANDINGS and (
    t.titled or (t.is_request and t.kind in ("dignity", "title"))
    or t.kind in ("scandal", "secret_marriage")))
#: Which memo (PlayRules.court_memos) keeps a card's uses: 0 the court's,
#: 1 the cards laid's, 2 every standing's (the lettre de cachet: its asker's
#: route through the Queen is not in its key), 3 and 4 the standings on the
#: one scale a minimum standing is read on, the King's (the Regent's in a
#: regency) or the Queen's: an intervention moves one standing on one scale;
#: 5 the court's with its location (a card with a location symbol, §9.1).
MEMO_OF = {card: 2 if t.kind == "lettre"
           else (3 if t.min_standing.sovereign == "king" else 4) if t.min_standing is not None
           else 1 if card in READS_CARDS else 0 if t.location == "any" else 5
           for card, t in TYPE_OF.items()}
Memos = tuple[Memo, Memo, Memo, Memo, Memo, Memo]
#: The least and greatest minimum standing asked on each scale (§9.1): two
#: standings both below the least, or both at or above the greatest, meet
#: the same cards (the scales' memos are kept by these levels).
_NEEDS = {s: (min(v), max(v)) for s in ("king", "queen") for v in [[
    t.min_standing.value for t in TYPE_OF.values()
    if t.min_standing is not None and t.min_standing.sovereign == s]]}
#: The cards whose uses are kept by seat (:meth:`PlayRules.hand_moves`): a
#: card played on oneself only, and the lettre de cachet (its asker spared).
_BY_SEAT = frozenset(card for card, t in TYPE_OF.items() if t.self_only or t.kind == "lettre")
#: What :meth:`PlayRules.hand_moves` reads of each card, in one look-up:
#: its memo (:data:`MEMO_OF`), and how its uses are kept and listed: 0 a
#: play kept by its user's place and sex, 1 a request kept by whether the
#: asker may go through the Queen, 2 a play and 3 a request kept by seat
#: (:data:`_BY_SEAT`).
_HAND_KEYS = {card: (MEMO_OF[card], 2 * (card in _BY_SEAT) + (card in REQUEST_CARDS))
              for card in TYPE_OF}


#: The courts whose memos :meth:`PlayRules.court_memos` keeps (those met
#: lately) before all are let go.
_MEMOS_KEPT = 64


def reflexive(text: str, seat: int, sex: str | None) -> str:
    """``text`` with ``seat`` named in it as "himself" or "herself", for a
    line whose subject is that seat's courtier ("Seat 2 plays Bon mot on
    herself", not "... on Seat 2": a play-test read its own name twice);
    as it is while the courtier's sex is not known."""
    if sex not in ("man", "woman"):
        return text
    return re.sub(rf"\bSeat {seat}\b", "himself" if sex == "man" else "herself", text)


def _memo_in(store: dict[Any, Memo], key: Any) -> Memo:
    """The memo kept in ``store`` for ``key``, a new one if none."""
    memo = store.get(key)
    if memo is None:
        memo = store[key] = {}
    return memo


def _levels(standings: tuple[int | None, ...], least: int, most: int
            ) -> tuple[int | None, ...]:
    """Standings as a minimum standing reads them: any below ``least`` as
    one, any at or above ``most`` as one (None: off the scale)."""
    return tuple([s if s is None or least <= s <= most else least - 1 if s < least else most
                  for s in standings])


@lru_cache(maxsize=1024)
def card_targets(card: str, players: int) -> tuple[PlayCard, ...]:
    """Every way a card without request might be played: on nobody (war
    cards), on each seat, on a sovereign (death cards)."""
    kind = TYPE_OF[card].kind
    if kind in ("war_decl", "war_end"):
        return (PlayCard(card),)
    out = [PlayCard(card, target) for target in range(players)]
    if kind == "death":
        out += [PlayCard(card, None, "king"), PlayCard(card, None, "queen")]
    return tuple(out)


@lru_cache(maxsize=4096)
def request_menu(card: str, targets: tuple[int, ...], two_routes: bool) -> tuple[Request, ...]:
    """A request card for each of ``targets``, to the King, then through the
    Queen when that route is open (§8.2, §8.3)."""
    routes = (False, True) if two_routes else (False,)
    return tuple(made(Request, card, target, via) for target in targets for via in routes)


@lru_cache(maxsize=1024)
def _courtier_audiences(other: int, ears: tuple[str, ...], marry: bool) -> tuple[Action, ...]:
    """The audiences about a courtier at court: marry him (or her), speak well
    or ill of him to each sovereign who listens (§8.4)."""
    out: list[Action] = [Marry(other)] if marry else []
    for s in ears:
        out += [Intervene(other, s, True), Intervene(other, s, False)]
    return tuple(out)


class PlayRules(CourtRules):
    """Requests, cards, audiences and powers."""

    offices_moved: set[str]
    powers_used: set[str]
    #: The memos kept (:meth:`court_memos`), by court key and bare court key.
    _memo_store: dict[tuple[Any, ...], tuple[Memo, ...]]
    #: Everything the six memos' keys read, and the memos made for it.
    _whole_key: tuple[Any, ...] | None = None
    _memos: Memos

    # ----- conditions (§9.1) ----------------------------------------------------------
    def is_titled(self, seat: int) -> bool:
        """A title card, or a wife's title by marriage (§8.4; A21)."""
        c = self.courtiers[seat]
        if c.holds("title"):
            return True
        spouse = c.spouse
        return c.sex == "woman" and spouse is not None and bool(
            self.courtiers[spouse].holds("title"))

    def receives(self, seat: int, card: CardType) -> bool:
        """Whether a courtier at court meets a card's symbols and conditions:
        location, sex, minimum standing, titled (§9.1). Each binds the one who
        receives the card, never its presenter: "Titled" too (our reading of
        "to present this request or receive this office": decision 27)."""
        c = self.courtiers[seat]
        if c.place != COURT or (card.location != "any" and card.location != self.location):
            return False
        if card.sex != "any" and c.sex != card.sex:
            return False
        need = card.min_standing
        if need is not None:
            which = self.track(need.sovereign)
            have = None if which is None else c.king if which == "king" else c.queen
            if have is None or have < need.value:
                return False
        return not card.titled or self.is_titled(seat)

    def _can_hold(self, seat: int, card: CardType) -> bool:
        """Request conditions beyond the symbols: the two Maréchal cards are
        not combined (§9.2); several titles, but not the same one twice (a
        decision: docs/rules/versailles.md)."""
        held = self.courtiers[seat]
        if card.kind == "dignity" and held.holds("dignity"):
            return False
        return not (card.kind == "title" and card.id in held.cards)

    # ----- rolls (§8.2, §8.3) ---------------------------------------------------------
    def _bonus(self, seat: int, which: str) -> int:
        if which == "king" and self.favourite() == seat:
            return STATUS_BONUS
        if which == "queen" and self.lover() == seat:
            return STATUS_BONUS
        return 0

    def _grants(self, seat: int, which: str, standing: int, roll: int) -> bool:
        """Whether a d10's ``roll`` is granted: "less than or equal to his
        standing" (§8.2), the Favourite's or the Lover's bonus taken off the
        die (§9.4). Every roll of a request or an audience, and its odds."""
        return roll - self._bonus(seat, which) <= standing

    def chance(self, seat: int, sovereign: str) -> int | None:
        """The chance, in percent, that :meth:`heard` grants ``seat``'s roll
        now (the faces of the d10 :meth:`_grants` passes); None when that
        sovereign cannot hear the seat (dead, or the seat off the scales)."""
        which = self.track(sovereign)
        standing = self.standing(seat, sovereign)
        if which is None or standing is None:
            return None
        return 10 * sum(self._grants(seat, which, standing, roll) for roll in range(1, 11))

    def chance_through_queen(self, seat: int) -> int | None:
        """The chance, in percent, that a request through the Queen is granted
        (:meth:`through_queen`: two rolls, both on her standing, §8.3); None
        when that route is closed."""
        if not self.queen_route_open(seat):
            return None
        once = self.chance(seat, "queen")
        assert once is not None
        return once * once // 100

    def odds_json(self, seat: int | None) -> dict[str, int | None] | None:
        """The seat's chances of a roll, for its own view: with the King (the
        Regent in a regency), with the Queen, and a request through the Queen;
        None for a spectator."""
        if seat is None:
            return None
        return {"king": self.chance(seat, "king"), "queen": self.chance(seat, "queen"),
                "through_queen": self.chance_through_queen(seat)}

    def heard(self, seat: int, sovereign: str) -> tuple[bool, list[Event]]:
        """One roll against the seat's standing with a sovereign (the Regent in
        a regency): granted if die - bonus <= standing. A refusal costs 1
        point with that sovereign (§8.2; audiences too, A16)."""
        which = self.track(sovereign)
        standing = self.standing(seat, sovereign)
        assert which is not None and standing is not None
        roll = self.rng.randint(1, 10)
        ok = self._grants(seat, which, standing, roll)
        word = "agrees" if ok else "refuses"
        events = [Event("roll", f"Seat {seat} rolls {roll} against {standing} with the "
                                f"{which.capitalize()}: {word}",
                        {"seat": seat, "sovereign": which, "die": roll, "standing": standing,
                         "granted": ok})]
        if not ok:
            events += self.shift(seat, which, -1)
        return ok, events

    def queen_route_open(self, seat: int) -> bool:
        """§8.3: a Queen and a King, and a strictly better standing with her (A14)."""
        if self.regency or not (self.king_alive and self.queen_alive):
            return False
        king, queen = self.standing(seat, "king"), self.standing(seat, "queen")
        return king is not None and queen is not None and queen > king

    def through_queen(self, seat: int) -> tuple[bool, list[Event]]:
        """§8.3: she agrees to intervene (a failure costs 1 with her), then the
        King listens; both rolls on the Queen's standing, a second failure
        costs 1 with the King."""
        ok, events = self.heard(seat, "queen")
        if not ok:
            return False, events
        standing = self.standing(seat, "queen")
        assert standing is not None
        roll = self.rng.randint(1, 10)
        ok = self._grants(seat, "queen", standing, roll)
        events.append(Event("roll", f"Seat {seat} rolls {roll} against {standing} (the Queen "
                                    f"speaks to the King): {'granted' if ok else 'refused'}",
                            {"seat": seat, "sovereign": "queen", "die": roll,
                             "standing": standing, "granted": ok, "to_king": True}))
        if not ok:
            events += self.shift(seat, "king", -1)
        return ok, events

    # ----- requests (§8) --------------------------------------------------------------
    def _beneficiaries(self, card: str, kind: CardType) -> tuple[int, ...]:
        """The courtiers at court a request card may be granted to, whoever
        asks (a lettre de cachet: those it may strike, the asker aside)."""
        if kind.kind == "lettre":
            return tuple(t for t, c in enumerate(self.courtiers)
                         if c.place == COURT and self._struck(t))
        if kind.location != "any" and kind.location != self.location:
            return ()  # nobody receives it here (:meth:`receives`), asked once
        return tuple(t for t, c in enumerate(self.courtiers)
                     if c.place == COURT and self.receives(t, kind) and self._can_hold(t, kind))

    # ----- the menu's parts that depend only on the court ------------------------------
    def court_key(self) -> tuple[Any, ...]:
        """Everything public the requests, plays and audiences of a menu read
        (§8, §9.1), the standings aside: where the court is, the sovereigns,
        the wars, the offices moved this turn, and each courtier's place,
        sex, spouse, cards and marks. Payments, fortunes and hands are not in it."""
        # one tuple per courtier, his cards after his five fields (read
        # directly: fewer instructions than attrgetters on slots)
        return (self.location, self.king_alive, self.queen_alive, self.regency,
                self.secret_wife, tuple(self.wars), frozenset(self.offices_moved),
                tuple([(c.place, c.sex, c.spouse, c.used_poison, c.used_philtre, *c.cards)
                       for c in self.courtiers]))

    def _bare_court_key(self) -> tuple[Any, ...]:
        """:meth:`court_key` without the cards laid, the offices moved and
        the location."""
        return (self.king_alive, self.queen_alive, self.regency,
                self.secret_wife, tuple(self.wars),
                tuple([(c.place, c.sex, c.spouse, c.used_poison, c.used_philtre)
                       for c in self.courtiers]))

    def court_memos(self) -> Memos:
        """Parts of menus already made for this very court: random play
        mostly draws, gives and pays, which leave the court as it was, so the
        next menus reuse them. Six memos, each kept while what its cards
        read is the same (:data:`MEMO_OF`): the court without the cards laid
        and the location (:meth:`_bare_court_key`), and with the location;
        the court (:meth:`court_key`:
        :data:`READS_CARDS`); that and every standing (the office takings,
        the lettre de cachet), the standings on the King's scale (the
        Regent's in a regency), or those on the Queen's (a minimum standing,
        §9.1). A card laid or an office moved keeps most cards' reach and
        the audiences about courtiers; an intervention or a refused request
        (which moves a standing about one menu in five) keeps the other
        scale's. The memos of the courts met lately are kept too, each
        by its key: the court goes back to where it was, a standing
        back to its level."""
        courtiers = self.courtiers
        whole = (self.location, self.king_alive, self.queen_alive, self.regency,
                 self.secret_wife, tuple(self.wars), frozenset(self.offices_moved),
                 tuple([(c.place, c.sex, c.spouse, c.used_poison, c.used_philtre, c.king,
                         c.queen, *c.cards) for c in courtiers]))
        if whole == self._whole_key:  # the court and the standings as they were, most often
            return self._memos
        store = self.__dict__.setdefault("_memo_store", {})  # a state pickled before it
        if len(store) >= _MEMOS_KEPT:
            store.clear()
        key, bare = self.court_key(), self._bare_court_key()
        court = store.get(key)  # its memo, and its memos by standings, by each scale's levels
        if court is None:
            court = store[key] = ({}, {}, {}, {})
        placed = store.get(bare)  # its memo, and its memos by location
        if placed is None:
            placed = store[bare] = ({}, {})
        queens = tuple([c.queen for c in courtiers])
        # the Regent hears all (§10.1, A38)
        kings = queens if self.regency else tuple([c.king for c in courtiers])
        memos: Any = (placed[0], court[0],
                      _memo_in(court[1], tuple([(c.king, c.queen) for c in courtiers])),
                      _memo_in(court[2], _levels(kings, *_NEEDS["king"])),
                      _memo_in(court[3], _levels(queens, *_NEEDS["queen"])),
                      _memo_in(placed[1], self.location))
        self._whole_key, self._memos = whole, memos
        return memos

    def hand_moves(self, seat: int, kinds: list[str], memos: Memos
                   ) -> list[Action]:
        """Each card of the hand (``kinds``: its sorted kinds) on each target it
        may reach (§9.3, §9.4), then each request card for each courtier who
        may receive it (§8; a lettre de cachet: against each courtier it may
        strike), made once for this court (``memos``, from :meth:`court_memos`)."""
        me = self.courtiers[seat]
        # A card's uses read of their user only his place and sex (a play,
        # :meth:`_may_play`) or whether the route through the Queen is open
        # to him (a request), unless the card is played on oneself, the user
        # is a prisoner or the asker of a lettre de cachet (spared): kept by
        # that, and then by seat, so that one seat's uses serve the next's.
        asks = me.place == COURT and self.track("king") is not None
        owners = (seat if me.place == BASTILLE else (me.place, me.sex),
                  asks and self.queen_route_open(seat), seat, seat)
        plays: list[Action] = []
        requests: list[Action] = []
        outs = (plays, requests, plays, requests)
        if not asks:
            kinds = [card for card in kinds if card not in REQUEST_CARDS]  # asks nothing
        for card in kinds:
            which, mode = _HAND_KEYS[card]
            memo = memos[which]
            key = (owners[mode], card)
            found = memo.get(key)
            if found is None:
                found = memo[key] = self._uses_of(seat, card, memos)
            outs[mode].extend(found)
        return plays + requests

    def _uses_of(self, seat: int, card: str, memos: Memos
                 ) -> Sequence[Action]:
        """Every way ``seat`` may use ``card`` now: the user's side read here,
        whom the card reaches (or who may receive it) from ``memo`` (made
        once for the court, whoever plays or asks)."""
        kind = TYPE_OF[card]
        memo = memos[MEMO_OF[card]]
        if kind.is_request:
            if self.courtiers[seat].place != COURT or self.track("king") is None:
                return ()
            targets = memo.get(card)
            if targets is None:
                targets = memo[card] = self._beneficiaries(card, kind)
            if seat in targets and kind.kind == "lettre":
                targets = tuple(t for t in targets if t != seat)
            return request_menu(card, targets, self.queen_route_open(seat))
        if not self._may_play(seat, kind):
            return ()
        return self._plays_of(seat, card, kind, memo)

    def _plays_of(self, seat: int, card: str, kind: CardType, memo: Memo
                  ) -> Sequence[PlayCard]:
        """The plays of a card its user may play (:meth:`_may_play`): the
        targets it reaches on this court (:meth:`_reaches`)."""
        if self.courtiers[seat].place == BASTILLE:
            return [a for a in card_targets(card, self.num_players) if a.seat == seat]
        reached = memo.get(card)
        if reached is None:
            reached = memo[card] = tuple(a for a in card_targets(card, self.num_players)
                                         if self._target_ok(kind, a))
        if kind.self_only:
            return [a for a in reached if a.seat == seat]
        return reached

    def request_target_ok(self, seat: int, card: str, target: int) -> bool:
        """The beneficiary meets the card (A12); a lettre's victim is another
        courtier at court with standing 0, -1 or -2 with the King (Regent)."""
        kind = TYPE_OF[card]
        if kind.kind == "lettre":
            return self._strikes(seat, target)
        return self.receives(target, kind) and self._can_hold(target, kind)

    def _strikes(self, seat: int, target: int) -> bool:
        """A lettre de cachet's victim: another courtier at court with standing
        0, -1 or -2 with the King (the Regent)."""
        return target != seat and self._struck(target)

    def _struck(self, target: int) -> bool:
        have = self.standing(target, "king")
        return have is not None and have <= 0

    def request_is_legal(self, seat: int, action: Request) -> bool:
        """Checked directly (the same conditions as the menu)."""
        return (action.card in self.hands[seat] and self.courtiers[seat].at_court
                and self.track("king") is not None and 0 <= action.seat < self.num_players
                and (not action.via_queen or self.queen_route_open(seat))
                and self.request_target_ok(seat, action.card, action.seat))

    def present_request(self, seat: int, action: Request) -> list[Event]:
        """Roll (§8.2 or §8.3); granted: the card before the beneficiary, a
        lettre sends its victim to the Bastille and returns to the hand;
        refused: the card face up to the King's House."""
        self.hands[seat].remove(action.card)
        what = reflexive(action.what(), seat, self.courtiers[seat].sex)
        events = [Event("request", f"Seat {seat} requests {what}",
                        {"seat": seat, "card": action.card, "target": action.seat,
                         "via_queen": action.via_queen})]
        ok, rolls = (self.through_queen(seat) if action.via_queen
                     else self.heard(seat, "king"))
        events += rolls
        if not ok:
            self.house.append(action.card)
            return events
        if TYPE_OF[action.card].kind == "lettre":
            self.hands[seat].append(action.card)
            return events + self.imprison(action.seat)
        return events + self.lay(action.seat, action.card)

    def lay(self, seat: int, card: str) -> list[Event]:
        """A granted card before its holder; a second office (not a
        governorship) sends the first to the King's House (§9.2)."""
        c = self.courtiers[seat]
        events = []
        if TYPE_OF[card].kind == "office":
            self.offices_moved.add(card)  # it changed holder this turn (§8.4, A17)
        if TYPE_OF[card].kind == "office" and not TYPE_OF[card].governorship:
            old = c.office()
            if old is not None:
                c.cards.remove(old)
                self.house.append(old)
                events.append(Event("office_left", f"Seat {seat} gives up {TYPE_OF[old].name_fr}",
                                    {"seat": seat, "card": old}))
        c.cards.append(card)
        events.append(Event("granted", f"Seat {seat} receives {TYPE_OF[card].name_fr}",
                            {"seat": seat, "card": card}))
        return events

    # ----- cards without request (§9.3, §9.4) ----------------------------------------
    def card_is_legal(self, seat: int, action: PlayCard) -> bool:
        """Whether ``seat`` may play this card so: its holder's place (§11,
        §12), the location, the user's sex (A28) and the target (§9.1)."""
        card = TYPE_OF[action.card]
        return (action.card in self.hands[seat] and not card.is_request
                and self._may_play(seat, card) and self._reaches(seat, card, action))

    def _may_play(self, seat: int, card: CardType) -> bool:
        """The user's side: at court or in exile (a prisoner plays only
        Justice), the location, the user's sex (A28)."""
        me = self.courtiers[seat]
        if me.place == BASTILLE:
            return card.kind == "justice"
        if not (me.place == COURT or me.place == EXILE):
            return False
        if card.location != "any" and card.location != self.location:
            return False
        return card.user_sex == "any" or me.sex == card.user_sex

    def _reaches(self, seat: int, card: CardType, action: PlayCard) -> bool:
        """The target's side (§9.1): oneself only for some cards; a prisoner
        on himself only; the sovereigns, the wars, or a courtier."""
        if card.self_only and action.seat != seat:
            return False
        if self.courtiers[seat].place == BASTILLE:
            return action.seat == seat
        return self._target_ok(card, action)

    def _target_ok(self, card: CardType, action: PlayCard) -> bool:
        """The target's side for a user at court or in exile: the sovereigns,
        the wars, or a courtier (whoever plays)."""
        if action.sovereign is not None:
            return self._sovereign_target_ok(card, action.sovereign)
        if card.kind in ("war_decl", "war_end"):
            return action.seat is None and self._war_card_ok(card)
        if action.seat is None or not 0 <= action.seat < self.num_players:
            return False
        return self._courtier_target_ok(card, action.seat)

    def _sovereign_target_ok(self, card: CardType, sovereign: str) -> bool:
        """Only death cards reach the sovereigns (A11); the King is a man, the
        Queen a woman (DECK.md)."""
        if card.kind != "death":
            return False
        alive = self.king_alive if sovereign == "king" else self.queen_alive
        sex = "man" if sovereign == "king" else "woman"
        return alive and card.sex in ("any", sex)

    def _war_card_ok(self, card: CardType) -> bool:
        if card.kind == "war_decl":
            return card.country not in self.wars
        return bool(self.wars)

    def _courtier_target_ok(self, card: CardType, target: int) -> bool:
        c = self.courtiers[target]
        kind = card.kind
        if kind == "justice":
            return c.place == BASTILLE
        if kind == "glory":
            return c.place == EXILE
        if not self.receives(target, card):
            return False
        if kind == "favourite":
            return self.king_alive and not self.regency and self.secret_wife is None
        if kind == "lover":
            return self.queen_alive
        if kind == "scandal":
            return (bool(c.holds("favourite") or c.holds("lover"))
                    and self.secret_wife != target)
        if kind == "secret_marriage":
            return (self.king_alive and not self.queen_alive and not self.regency
                    and self.secret_wife is None and self.favourite() == target
                    and c.spouse is None)
        if kind == "bastille":
            return c.used_poison or c.used_philtre
        return True

    def play_card(self, seat: int, action: PlayCard) -> list[Event]:
        """Face up before the target, its consequences at once (§7.41, §9.4);
        then discarded, but for status cards (kept) and declarations of war
        (to the War Ministry)."""
        card = TYPE_OF[action.card]
        self.hands[seat].remove(action.card)
        me = self.courtiers[seat]
        if card.kind == "death" and card.user_sex == "woman":
            me.used_poison = True
        if card.self_only and card.user_sex == "woman":
            me.used_philtre = True
        played = reflexive(action.describe().removeprefix("Play "), seat, me.sex)
        events = [Event("play", f"Seat {seat} plays {played}",
                        {"seat": seat, "card": action.card, "target": action.seat,
                         "sovereign": action.sovereign})]
        if card.kind not in ("favourite", "lover", "war_decl"):
            self.discard.append(action.card)
        return events + self._effect(card, action)

    def _effect(self, card: CardType, action: PlayCard) -> list[Event]:
        kind, target = card.kind, action.seat
        if kind == "war_decl":
            assert card.country is not None
            return self.declare_war(card.country, card.id)
        if kind == "war_end":
            return self.war_ends(bool(card.won))
        if action.sovereign == "king":
            return self.kill_king()
        if action.sovereign == "queen":
            return self.kill_queen()
        assert target is not None
        return self._on_courtier(card, target)

    def _on_courtier(self, card: CardType, target: int) -> list[Event]:
        kind = card.kind
        if kind == "standing":
            return self.shift(target, "king", card.dk) + self.shift(target, "queen", card.dq)
        if kind == "fortune":
            self.courtiers[target].fortune += card.amount
            return [Event("fortune", f"Seat {target}: {card.amount:+,} livres",
                          {"seat": target, "amount": card.amount})]
        if kind == "death":
            return self.kill(target)
        if kind in ("exile", "scandal"):
            return self.exile(target)
        if kind == "bastille":
            return self.imprison(target)
        if kind in ("justice", "glory"):  # §12: "or by means of a JUSTICE card" (A29)
            return self.release(target)
        if kind == "secret_marriage":
            self.secret_wife = target
            return [Event("secret_marriage", f"The King secretly marries Seat {target}",
                          {"seat": target})]
        return self._status(card, target)

    def _status(self, card: CardType, target: int) -> list[Event]:
        """The Favourite or the Lover: kept before the target; the current one's
        card is discarded (A26)."""
        for c in self.courtiers:
            for old in c.holds(card.kind):
                c.cards.remove(old)
                self.discard.append(old)
        self.courtiers[target].cards.append(card.id)
        return [Event("status", f"Seat {target} becomes {card.name_fr}",
                      {"seat": target, "card": card.id})]

    def war_ends(self, won: bool) -> list[Event]:
        """Every war ends (§9.3); then Maréchaux and the Secrétaire d'État à la
        Guerre at court gain 1 with the King for a victory, lose 2 for a
        defeat (our deck's design)."""
        events = self.end_wars()
        delta = 1 if won else -2
        for seat, c in enumerate(self.courtiers):
            if c.holds("dignity") or any(TYPE_OF[x].power == "secretaire" for x in c.cards):
                events += self.shift(seat, "king", delta)
        return events

    # ----- audiences (§8.4) -----------------------------------------------------------
    def audience_moves(self, seat: int, memos: Memos | None = None
                       ) -> list[Action]:
        """The six purposes, to every courtier each may concern: the
        conditions of :meth:`audience_is_legal`, generated directly (once
        for this court, :meth:`court_memos`; the office takings, which read
        the cards laid and the standings, once for these)."""
        court, _, standing, _, _, _ = self.court_memos() if memos is None else memos
        found = court.get(seat)
        if found is None:
            found = court[seat] = self._audiences(seat)
        takings = standing.get(seat)
        if takings is None:
            takings = standing[seat] = self._takings(seat, standing)
        return found + takings if takings else found

    def _audiences(self, seat: int) -> list[Action]:
        """The audiences about courtiers and the King's remarriage."""
        me = self.courtiers[seat]
        if me.place != COURT:
            return []
        ears = tuple(s for s in SOVEREIGNS if self._ear(s))
        king = self.track("king") is not None
        single = king and me.spouse is None and me.sex is not None
        out: list[Action] = []
        for other, c in enumerate(self.courtiers):
            if other == seat:
                continue
            if c.place == COURT:
                marry = single and self._may_marry(seat, other)
                out += _courtier_audiences(other, ears, marry)
            elif c.place == BASTILLE and king:
                out.append(made(FreePrisoner, other))
            elif c.place == EXILE:
                out += [made(RecallExile, other, s) for s in ears]
        if self.king_alive and not self.queen_alive:
            out += [made(RemarryKing, c) for c in COUNTRIES
                    if self.audience_is_legal(seat, made(RemarryKing, c))]
        return out

    def _takings(self, seat: int, memo: Memo) -> list[Action]:
        """The audiences to take another's office (their new holder must
        meet the card, which may read a standing: §8.4, A17); each office's
        made once for these standings (``memo``), whoever asks."""
        if self.courtiers[seat].place != COURT or self.track("king") is None:
            return []
        held = memo.get(_OFFICES_HELD)
        if held is None:
            held = memo[_OFFICES_HELD] = [
                (holder, self._office_takings(holder, office))
                for holder, c in enumerate(self.courtiers) if c.cards
                for office in c.holds("office")]
        out: list[Action] = []
        for holder, takings in held:
            if holder != seat:
                out += takings
        return out

    def _office_takings(self, holder: int, office: str) -> list[Action]:
        """:meth:`_take_office_ok` for an office whose holder is known."""
        if office in self.offices_moved:
            return []
        card = TYPE_OF[office]
        out: list[Action] = [made(TakeOffice, office, to) for to in range(self.num_players)
                             if to != holder and self.receives(to, card)]
        out.append(made(TakeOffice, office, None))
        return out

    def audience_is_legal(self, seat: int, action: Action) -> bool:
        """Who may ask what of whom (§8.4, A16-A25)."""
        n = self.num_players
        if not self.courtiers[seat].at_court:
            return False
        if isinstance(action, TakeOffice):
            return self._take_office_ok(seat, action)
        if isinstance(action, RemarryKing):
            return (self.king_alive and not self.queen_alive and not self.regency
                    and self.secret_wife is None and self.standing(seat, "king") is not None)
        target = getattr(action, "seat", getattr(action, "partner", -1))
        if not 0 <= target < n or target == seat:
            return False
        other = self.courtiers[target]
        if isinstance(action, Marry):
            return (other.at_court and self._may_marry(seat, target)
                    and self.track("king") is not None)
        if isinstance(action, Intervene):
            return (other.at_court and self._ear(action.sovereign)
                    and self.standing(seat, action.sovereign) is not None)
        if isinstance(action, FreePrisoner):
            return other.place == BASTILLE and self.track("king") is not None
        if isinstance(action, RecallExile):
            return other.place == EXILE and self._ear(action.sovereign)
        return False

    def _may_marry(self, one: int, other: int) -> bool:
        """Two unmarried courtiers of opposite sexes, neither the King's secret
        wife (no divorce, no bigamy: §8.4, §10.2)."""
        a, b = self.courtiers[one], self.courtiers[other]
        return (a.spouse is None and b.spouse is None and {a.sex, b.sex} == {"man", "woman"}
                and self.secret_wife not in (one, other))

    def _ear(self, sovereign: str) -> bool:
        """A sovereign who may be addressed: in a regency only the Regent,
        named "queen" (A38)."""
        if self.regency:
            return sovereign == "queen" and self.queen_alive
        return self.track(sovereign) is not None

    def _take_office_ok(self, seat: int, action: TakeOffice) -> bool:
        """An office held by another player, not moved yet this turn; the new
        holder meets the card (A17)."""
        holder = next((s for s, c in enumerate(self.courtiers) if action.office in c.cards), None)
        if holder is None or holder == seat or action.office in self.offices_moved:
            return False
        if self.track("king") is None:
            return False
        if action.to is None:
            return True
        return (0 <= action.to < self.num_players and action.to != holder
                and self.receives(action.to, TYPE_OF[action.office]))

    def audience(self, seat: int, action: Action) -> list[Event]:
        """Roll like a request (§8.4); on success apply the purpose."""
        sovereign = getattr(action, "sovereign", "king")
        purpose = reflexive(action.describe().removeprefix("Audience: "), seat,
                            self.courtiers[seat].sex)
        events = [Event("audience", f"Seat {seat} seeks an audience: {purpose}",
                        {"seat": seat, "action": action.to_json()})]
        ok, rolls = self.heard(seat, sovereign)
        events += rolls
        if not ok:
            return events
        return events + self._granted_audience(seat, action)

    def _granted_audience(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, TakeOffice):
            return self._move_office(action)
        if isinstance(action, Marry):
            self._wed(seat, action.partner)
            return [Event("marriage", f"Seat {seat} marries Seat {action.partner}",
                          {"seat": seat, "partner": action.partner})]
        if isinstance(action, RemarryKing):
            return self.remarry(action.country)
        if isinstance(action, Intervene):
            return self.intervene(seat, action)
        assert isinstance(action, FreePrisoner | RecallExile)
        return self.release(action.seat)

    def _wed(self, one: int, other: int) -> None:
        """"There is no divorce"; "the wife takes the family name [...] of her
        husband" (§8.4), and keeps it as a widow (our decision)."""
        a, b = self.courtiers[one], self.courtiers[other]
        a.spouse, b.spouse = other, one
        wife, husband = (a, b) if a.sex == "woman" else (b, a)
        wife.married_name = husband.family

    def _move_office(self, action: TakeOffice) -> list[Event]:
        """"An office may change holder only once per turn" (§8.4)."""
        for c in self.courtiers:
            if action.office in c.cards:
                c.cards.remove(action.office)
        self.offices_moved.add(action.office)
        if action.to is None:
            self.house.append(action.office)
            return [Event("office_taken",
                          f"{TYPE_OF[action.office].name_fr} goes to the King's House",
                          {"card": action.office, "to": None})]
        return self.lay(action.to, action.office)

    def remarry(self, country: str) -> list[Event]:
        """A new Queen: "all the courtiers are presented to the new sovereign,
        and those of her party add 2" (§8.4; only the Queen's die, A23)."""
        self.queen_alive, self.queen_origin = True, country
        events = [Event("remarriage", f"The King marries a princess of {COUNTRY_NAMES[country]}",
                        {"origin": country})]
        for seat, c in enumerate(self.courtiers):
            if c.at_court:
                c.queen = min(9, d10_reroll_ten(self.rng) + 2 * self.of_queens_party(seat))
                events.append(Event("presented", f"Seat {seat} is presented to the Queen: "
                                                 f"{c.queen}", {"seat": seat, "queen": c.queen}))
        return events

    def intervene(self, seat: int, action: Intervene) -> list[Event]:
        """Second roll: 1-5 one point, 6-10 two; one more if the speaker's
        standing with that sovereign is 8 or more (§8.4)."""
        roll = self.rng.randint(1, 10)
        points = (1 if roll <= 5 else 2) + (self._speaker(seat, action.sovereign) >= 8)
        events = [Event("roll", f"Seat {seat} rolls {roll} for the intervention",
                        {"seat": seat, "die": roll})]
        sign = 1 if action.good else -1
        return events + self.shift(action.seat, action.sovereign, sign * points)

    def _speaker(self, seat: int, sovereign: str) -> int:
        standing = self.standing(seat, sovereign)
        return -99 if standing is None else standing

    # ----- office powers (§9.5) -------------------------------------------------------
    def power_moves(self, seat: int) -> Iterator[UsePower]:
        """Each power of an office the seat holds, not used yet this game turn."""
        c = self.courtiers[seat]
        if not c.cards or c.place != COURT:  # no card laid, no office
            return
        for office in c.holds("office"):
            power = TYPE_OF[office].power
            if power is None or office in self.powers_used:
                continue
            for action in self._power_candidates(power):
                if self.power_is_legal(seat, action):
                    yield action

    def _power_candidates(self, power: str) -> Iterator[UsePower]:
        if power in ("secretaire", "maitre_chasse"):
            yield from (made(UsePower, power, use, None) for use in POWER_USES[power])
            return
        for use in POWER_USES[power]:
            yield from (made(UsePower, power, use, s) for s in range(self.num_players))

    def power_is_legal(self, seat: int, action: UsePower) -> bool:
        """The holder at court, once per game turn (A7), and each power's
        condition (§9.5)."""
        c = self.courtiers[seat]
        office = next((x for x in c.holds("office") if TYPE_OF[x].power == action.power), None)
        if office is None or office in self.powers_used or not c.at_court:
            return False
        target = action.seat
        if action.power in ("secretaire", "maitre_chasse"):
            return target is None and self._court_power_ok(action)
        if target is None or not 0 <= target < self.num_players:
            return False
        other = self.courtiers[target]
        if action.use == "tribunal":
            return other.place == BASTILLE
        if action.use == "imprison":
            have = self.standing(target, "king")
            return target != seat and have is not None and have <= 0
        if action.use == "pension":
            return other.at_court
        sovereign = action.use.split("_")[0]
        return target != seat and other.at_court and self._ear(sovereign)

    def _court_power_ok(self, action: UsePower) -> bool:
        if action.power == "secretaire":
            return bool(self.wars) if action.use == "peace" else action.use not in self.wars
        # the Maître de la chasse: never while France is at war
        return not self.wars and action.use != self.location

    def use_power(self, seat: int, action: UsePower) -> list[Event]:
        """Apply a power; it is spent for this game turn."""
        c = self.courtiers[seat]
        office = next(x for x in c.holds("office") if TYPE_OF[x].power == action.power)
        self.powers_used.add(office)
        events = [Event("power", f"Seat {seat}: {action.describe()}",
                        {"seat": seat, "power": action.power, "use": action.use,
                         "target": action.seat})]
        return events + self._power_effect(action)

    def _power_effect(self, action: UsePower) -> list[Event]:
        target, use = action.seat, action.use
        if action.power == "secretaire":
            return self.end_wars() if use == "peace" else self.declare_war(use, None)
        if action.power == "maitre_chasse":
            self.location = use
            return [Event("location", f"The court goes to {use}", {"location": use})]
        assert target is not None
        if use == "tribunal":
            return self.trial(target)
        if use == "imprison":
            return self.imprison(target)
        if use == "pension":
            amount = self.rng.randint(1, 10) * PENSION_PER_PIP
            self.courtiers[target].fortune += amount
            return [Event("fortune", f"Seat {target} receives an exceptional pension of "
                                     f"{amount:,} livres", {"seat": target, "amount": amount})]
        sovereign, direction = use.split("_")
        delta = GOUVERNANTE_SHIFT if direction == "up" else -GOUVERNANTE_SHIFT
        return self.shift(target, sovereign, delta)
