"""A heuristic for Courtisans de Versailles: rules of thumb read from the
seat's view alone (docs/bots.md, "Courtisans de Versailles").

Every action is valued in livres of final fortune: an income card by what
it pays until the game ends (:func:`turns_left`), a standing point by the
requests it makes likelier, a blow by what it costs the **leader** (the
rival whose fortune, income included, is nearest the goal). A request or an
audience is worth its gain times the chance the d10 grants it (§8.2, §8.3),
less the point of standing a refusal costs. So the bot requests what it can
likely get, keeps its standing, plays harmful cards on the leader, takes
offices, marries for income, declares war on the leader's party and makes
peace when its titles wait for Versailles (§9.3), kills the King when the
accession would bring it back from exile (§10.1, §11), fines breaches as
Grand Chamberlain (and says so, addressing the offender by his form of
address, §3), and never pays, shows or gives cards away: a promise bought
binds nobody (§7.2). Money paid to it is answered by interest: a rival who
paid :data:`OFFER` this turn is spared its blows, unless it leads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.core import Action, Done, Remark, grouped
from courtly.games.versailles.actions import (
    ChooseParty,
    ChooseSex,
    Discard,
    Draw,
    EndTurn,
    Fine,
    FreePrisoner,
    Intervene,
    Marry,
    PlayCard,
    RecallExile,
    Request,
    SetLocation,
    TakeFromHouse,
    TakeOffice,
    UsePower,
)
from courtly.games.versailles.cards import DECK
from courtly.games.versailles.rules import FINE

View = Mapping[str, Any]

#: ISMCTS settings for Versailles: the rivals play the heuristic, leaves are
#: scored by :func:`estimate` (the learned value, value.py, in units of the
#: temperature: its softmax is the value's chance to win). The root considers
#: only the heuristic's four best actions (:func:`ranking`, ``top``) and
#: chooses between them by sequential halving on common deals; every
#: iteration stops at the root (``depth``), the rest of the turn and the
#: rivals' turns played by the heuristic: a tree below it tried the searching
#: seat's next actions at random (a turn offers 36 to 200 actions), which
#: drowned the root's differences. 300 iterations: about 0.6 s of CPU a
#: searched decision on average (docs/bots.md).
SEARCH: Mapping[str, object] = {
    "opponents": "heuristic",
    "root": "halving",
    "top": 4,
    "depth": 1,
    "iterations": 300,
    "temperature": 5000.0,
}
#: A card drawn blind, and a standing point with the sovereign one requests
#: from (a tenth of a request's chance), in livres.
DRAW_VALUE = 600
KING_POINT, QUEEN_POINT = 600, 250
#: The roll bonus of the Favourite with the King and the Lover with the Queen (§9.4).
STATUS_BONUS = 2
#: The fewest and most game turns left that the valuations assume.
MIN_TURNS, MAX_TURNS = 1.0, 8.0
#: Income of a courtier with nothing yet, for the pace estimate.
BASE_RATE = 2000
#: How much a blow to a rival other than the leader counts (the leader: 1).
OTHER_RIVAL = 0.3
#: A blow's cost beyond income (standing, turns out of play), and the turns
#: a prisoner stays in the Bastille, roughly.
BLOW, PRISON_TURNS = 1500, 3.0
#: The income a courtier at court adds a turn by his requests (heuristic
#: bots go from nothing to about 5,000 livres a turn in 11 turns): what an
#: exile, who may not request (§11), or a prisoner, forgoes each turn away.
GROWTH = 450
#: Where a courtier is away from court until freed or recalled (§11, §12).
AWAY_PLACES = ("bastille", "exile")
#: A card of the hand that is not an income card, where it can be played.
PLACE_CARD = 300
#: What marriage costs a turn: half of every income card one gets later
#: goes to the spouse, a rival.
MARRIAGE_COST = 500
#: What a rival must have paid us this game turn for its offer to be taken
#: (§7.2: money changes hands in the negotiation; what it buys is said in the
#: chat, which the bot does not read): it is then spared our blows this turn,
#: unless it is the leader, whose gains cost us more than any bribe.
OFFER = 1000
#: The Grand Chamberlain's fine (§3), said in the remark in each language's digit
#: groups (French with a narrow no-break space, as the pages write sums).
FINE_LIVRES = {lang: grouped(FINE, lang) for lang in ("fr", "en")}
#: What the fine is for, by the checker's code (``etiquette.BreachCode``), in
#: words that quote nothing of the breach: the referee judges the remark like
#: anyone's chat, and "tu" quoted would be a breach of the bot's own. Two
#: breaches fined from one message then read as two fines, not one said twice.
FINED_FOR = {
    "familiar_pronoun": {"fr": "un tutoiement", "en": "speaking familiarly"},
    "familiar_name": {"fr": "une familiarité", "en": "a familiar name"},
    "wrong_sex": {"fr": "une erreur de sexe", "en": "the wrong sex"},
    "wrong_quality": {"fr": "une qualité erronée", "en": "the wrong quality"},
    "wrong_name": {"fr": "un nom erroné", "en": "the wrong name"},
    "wrong_title": {"fr": "un titre erroné", "en": "a title not held"},
    "lower_title": {"fr": "un titre inférieur", "en": "a lesser title"},
    "wrong_dignity": {"fr": "une dignité erronée", "en": "a dignity not held"},
    "wrong_office": {"fr": "une charge erronée", "en": "an office not held"},
    "wrong_order": {"fr": "un ordre erroné", "en": "words out of order"},
}


def _me(view: View) -> Mapping[str, Any]:
    return view["courtiers"][view["seat"]]


def own_income(view: View, seat: int) -> int:
    """What ``seat``'s own cards pay a turn: nothing for the dead or in the
    Bastille (§12); an exile has kept only titles and the Maréchal (§11)."""
    c = view["courtiers"][seat]
    if c["place"] in ("bastille", "dead", "waiting"):
        return 0
    return sum(DECK[card].income for card in c["cards"])


def shares(view: View, seat: int) -> dict[int, float]:
    """Who receives ``seat``'s income, and what part: shared equally with a
    spouse unless he is in the Bastille (§8.4, §12)."""
    spouse = view["courtiers"][seat]["spouse"]
    if spouse is None or view["courtiers"][spouse]["place"] == "bastille":
        return {seat: 1.0}
    return {seat: 0.5, spouse: 0.5}


def income(view: View, seat: int) -> float:
    """What ``seat`` receives a turn: its own income and its spouse's, shared (§7.41, §8.4)."""
    out = 0.0
    for earner in {seat, view["courtiers"][seat]["spouse"]} - {None}:
        out += own_income(view, earner) * shares(view, earner).get(seat, 0.0)
    return out


def turns_left(view: View) -> float:
    """Game turns until the first fortune reaches the goal, at each courtier's
    present income (at least :data:`BASE_RATE`), between 1 and 8."""
    goal = view["goal"]
    quickest = min(
        (goal - c["fortune"]) / max(BASE_RATE, income(view, c["seat"])) for c in view["courtiers"]
    )
    return max(MIN_TURNS, min(MAX_TURNS, quickest))


def projected(view: View, seat: int, turns: float) -> float:
    """``seat``'s fortune after ``turns`` more turns of its present income."""
    return view["courtiers"][seat]["fortune"] + income(view, seat) * turns


def leader(view: View) -> int | None:
    """The rival whose projected fortune is highest: a spouse too, since
    only one fortune wins (§1). Ties go to the first in the order of play
    from one's left, so that equal rivals (everyone, at the start) are not
    all the lowest seat (every bot aimed at seat 0: it won 17% of the games)."""
    turns = turns_left(view)
    me, n = view["seat"], len(view["courtiers"])
    others = [
        (me + k) % n for k in range(1, n) if view["courtiers"][(me + k) % n]["place"] != "dead"
    ]
    return max(others, key=lambda s: projected(view, s, turns)) if others else None


def _weight(view: View, seat: int | None, lead: int | None) -> float:
    """What a livre of ``seat``'s counts for us: 1 ours, -1 the leader's,
    -0.3 another rival's (a spouse is a rival too), nothing for a rival
    other than the leader who paid us :data:`OFFER` this turn (its offer
    taken: neither helped nor harmed)."""
    if seat is None:
        return 0.0
    if seat == view["seat"]:
        return 1.0
    if seat == lead:
        return -1.0
    return 0.0 if seat in paid_us(view) else -OTHER_RIVAL


def _growth_weight(view: View, seat: int, lead: int | None) -> float:
    """What a livre of ``seat``'s future gains (standing, the cards it will
    get) counts for us: :func:`_weight`, but for one's spouse, whose incomes
    are shared with us (§8.4) as :func:`_income_value` counts them (a bot
    played Calumny on its own wife: -0.3 a rival's made her fall a gain)."""
    if seat != view["seat"] and view["courtiers"][view["seat"]]["spouse"] == seat:
        return sum(_weight(view, r, lead) * part for r, part in shares(view, seat).items())
    return _weight(view, seat, lead)


def paid_us(view: View) -> set[int]:
    """The rivals who paid us at least :data:`OFFER` livres this game turn
    (the view's ``paid``: public, §7.2)."""
    totals: dict[int, int] = {}
    for p in view.get("paid", ()):
        if p["to"] == view["seat"]:
            totals[p["seat"]] = totals.get(p["seat"], 0) + p["amount"]
    return {s for s, amount in totals.items() if amount >= OFFER}


def _income_value(view: View, seat: int, delta: float, lead: int | None, turns: float) -> float:
    """A change of ``delta`` livres a turn in ``seat``'s own income, for the
    turns left, to each who shares it (:func:`shares`), in our livres."""
    return sum(
        _weight(view, r, lead) * part * delta * turns for r, part in shares(view, seat).items()
    )


def odds(view: View, sovereign: str, seat: int | None = None) -> float:
    """The chance one roll against ``seat``'s standing (default: ours) is
    granted: die - bonus <= standing (§8.2), the Regent in a regency (§10.1)."""
    seat = view["seat"] if seat is None else seat
    c = view["courtiers"][seat]
    track = "queen" if view["king"]["regency"] else sovereign
    standing = c[track]
    if standing is None:
        return 0.0
    bonus = (
        STATUS_BONUS
        if (track == "king" and view["favourite"] == seat)
        or (track == "queen" and view["lover"] == seat)
        else 0
    )
    return max(0.0, min(1.0, (standing + bonus) / 10))


def _request_odds(view: View, via_queen: bool) -> tuple[float, float]:
    """A request's chance and the standing a refusal costs on average, in
    livres (§8.2; through the Queen both rolls on her standing, §8.3)."""
    if not via_queen:
        p = odds(view, "king")
        return p, (1 - p) * KING_POINT
    q = odds(view, "queen")
    return q * q, (1 - q) * QUEEN_POINT + q * (1 - q) * KING_POINT


def _card_gain(view: View, seat: int, card_id: str) -> float:
    """What an income card laid before ``seat`` adds to his income a turn: a
    second office (not a governorship) sends the first away (§9.2)."""
    card = DECK[card_id]
    gain = card.income
    if card.kind == "office" and not card.governorship:
        held = [
            c
            for c in view["courtiers"][seat]["cards"]
            if DECK[c].kind == "office" and not DECK[c].governorship
        ]
        gain -= sum(DECK[c].income for c in held)
    return gain


def _standing_value(view: View, seat: int, dk: int, dq: int) -> float:
    """Standing points to ``seat``, clamped to the scale (−2…9, §2), in livres
    to that courtier."""
    c = view["courtiers"][seat]
    out = 0.0
    for track, delta, worth in (("king", dk, KING_POINT), ("queen", dq, QUEEN_POINT)):
        if delta and c[track] is not None:
            out += (max(-2, min(9, c[track] + delta)) - c[track]) * worth
    return out


def _value(view: View, action: Action, lead: int | None, turns: float) -> float:
    """The action's worth in livres of our final fortune (negative: not worth it)."""
    if isinstance(action, Request):
        return _request_value(view, action, lead, turns)
    if isinstance(action, PlayCard):
        return _play_value(view, action, lead, turns)
    if isinstance(action, UsePower):
        return _power_value(view, action, lead, turns)
    if isinstance(action, TakeOffice | Marry | Intervene | FreePrisoner | RecallExile):
        return _audience_value(view, action, lead, turns)
    if isinstance(action, Draw):
        return DRAW_VALUE
    if isinstance(action, TakeFromHouse):
        card = DECK[action.card]
        p, _ = _request_odds(view, False)
        return DRAW_VALUE + (p * card.income * turns / 2 if card.is_request else 0)
    if isinstance(action, EndTurn):
        return 0
    return -1


def _request_value(view: View, action: Request, lead: int | None, turns: float) -> float:
    p, refusal = _request_odds(view, action.via_queen)
    if DECK[action.card].kind == "lettre":
        # the victim's offices and pensions lost, his titles unpaid (§12)
        gain = _prison_value(view, action.seat, lead, turns)
    else:
        gain = _income_value(
            view, action.seat, _card_gain(view, action.seat, action.card), lead, turns
        )
    return p * gain - refusal


def _play_value(view: View, action: PlayCard, lead: int | None, turns: float) -> float:
    card = DECK[action.card]
    if action.sovereign is not None:
        return _regicide_value(view, action.sovereign, lead, turns)
    w = _weight(view, action.seat, lead)
    if card.kind == "standing":
        grows = _growth_weight(view, action.seat, lead)  # type: ignore[arg-type]
        return grows * _standing_value(view, action.seat, card.dk, card.dq)  # type: ignore[arg-type]
    if card.kind == "fortune":
        return w * card.amount
    if card.kind in ("death", "exile", "bastille", "scandal"):
        return _blow_value(view, card.kind, action.seat, lead, turns)  # type: ignore[arg-type]
    if card.kind in ("favourite", "lover"):
        return w * 2 * KING_POINT * 2
    if card.kind in ("justice", "glory"):
        return w * 3000
    if card.kind == "war_decl" and card.country is not None:
        return _war_value(view, card.country, lead, turns)
    if card.kind == "war_end":
        return _peace_value(view, bool(card.won), lead, turns)
    return -1


def _power_value(view: View, action: UsePower, lead: int | None, turns: float) -> float:
    # a spouse's standing and pensions are half ours (§8.4): a play-test's bot, as
    # Gouvernante, twice took 3 points with the King from its own husband
    w = _weight(view, None, lead) if action.seat is None else _growth_weight(
        view, action.seat, lead)
    if action.use == "pension":
        return 2750 * w
    if action.power == "secretaire":
        if action.use == "peace":
            return _peace_value(view, None, lead, turns)
        return _war_value(view, action.use, lead, turns)
    if action.use == "imprison":
        return _prison_value(view, action.seat, lead, turns)  # type: ignore[arg-type]
    if action.use == "tribunal":
        return -_prison_value(view, action.seat, lead, turns) / 2  # type: ignore[arg-type]
    if action.use.endswith("_down") or action.use.endswith("_up"):
        sovereign, direction = action.use.split("_")
        delta = 3 if direction == "up" else -3
        dk, dq = (delta, 0) if sovereign == "king" else (0, delta)
        return w * _standing_value(view, action.seat, dk, dq)  # type: ignore[arg-type]
    return -1


def _audience_value(view: View, action: Action, lead: int | None, turns: float) -> float:
    """An audience: its gain times the chance the sovereign grants it, less
    the point a refusal costs (§8.4, A16)."""
    sovereign = getattr(action, "sovereign", "king")
    p = odds(view, sovereign)
    refusal = (1 - p) * (KING_POINT if sovereign == "king" else QUEEN_POINT)
    return p * _audience_gain(view, action, lead, turns) - refusal


def _audience_gain(view: View, action: Action, lead: int | None, turns: float) -> float:
    me = view["seat"]
    if isinstance(action, TakeOffice):
        holder = next((c["seat"] for c in view["courtiers"] if action.office in c["cards"]), None)
        loss = (
            0.0
            if holder is None
            else _income_value(view, holder, -DECK[action.office].income, lead, turns)
        )
        if action.to is None:
            return loss
        return loss + _income_value(
            view, action.to, _card_gain(view, action.to, action.office), lead, turns
        )
    if isinstance(action, Marry):
        # income is shared between spouses (§8.4): each receives half of both
        mine, theirs = own_income(view, me), own_income(view, action.partner)
        half = (theirs - mine) / 2 * turns
        return half - _weight(view, action.partner, lead) * half - MARRIAGE_COST * turns
    if isinstance(action, Intervene):
        sign = 1 if action.good else -1
        dk, dq = (sign * 1.5, 0) if action.sovereign == "king" else (0, sign * 1.5)
        c = view["courtiers"][action.seat]
        worth = (
            abs(dk) * KING_POINT
            if c["king"] is not None and dk
            else abs(dq) * QUEEN_POINT
            if c["queen"] is not None and dq
            else 0
        )
        return sign * _weight(view, action.seat, lead) * worth
    if isinstance(action, FreePrisoner | RecallExile):
        return _weight(view, action.seat, lead) * 2000
    return -1


def _regicide_value(view: View, sovereign: str, lead: int | None, turns: float) -> float:
    """A death card on a sovereign, worth playing only when it brings two new
    sovereigns: the King's death makes the Queen Regent, and the regency ends
    with an accession; the Regent's, at once (§10.1, §10.3). Then exiles and
    prisoners come back and everyone is presented again (A39): worth the
    income of the turns away to whoever is away, and new standings (a d10
    each, 5 on average) to everyone; a Queen's death alone brings nothing."""
    if sovereign == "queen" and not view["king"]["regency"]:
        return -1
    value = 0.0
    for c in view["courtiers"]:
        if c["place"] == "dead":
            continue
        w = _weight(view, c["seat"], lead)
        if c["place"] in AWAY_PLACES:
            value += w * GROWTH * turns * turns / 2
        else:
            value += w * sum(
                (5 - c[track]) * worth
                for track, worth in (("king", KING_POINT), ("queen", QUEEN_POINT))
                if c[track] is not None
            )
    return value - BLOW


def _war_value(view: View, country: str, lead: int | None, turns: float) -> float:
    """War on ``country``: its party at court loses 3 with the King and 2
    with the Queen, unless she comes from it, and the court goes to the
    front (§9.3), where other cards of the hand can be played."""
    queen_spared = view["king"]["regency"] or view["queen"]["origin"] == country
    standing = sum(
        _weight(view, c["seat"], lead)
        * _standing_value(view, c["seat"], -3, 0 if queen_spared else -2)
        for c in view["courtiers"]
        if c["place"] == "court" and c["party"] == country
    )
    return standing + _hand_at(view, "war", turns) - _hand_at(view, view["location"], turns)


def _peace_value(view: View, won: bool | None, lead: int | None, turns: float) -> float:
    """Every war ends and the court returns to Versailles (§9.3); a war card
    then moves the Maréchaux' and the war Secretary's standing with the King
    (+1 won, −2 lost: our deck)."""
    if not view["wars"]:
        return -1
    shift = 0 if won is None else (1 if won else -2)
    standing = sum(
        _weight(view, c["seat"], lead) * _standing_value(view, c["seat"], shift, 0)
        for c in view["courtiers"]
        if shift
        and c["place"] == "court"
        and any(DECK[x].kind == "dignity" or DECK[x].power == "secretaire" for x in c["cards"])
    )
    return standing + _hand_at(view, "versailles", turns) - _hand_at(view, "war", turns)


def _hand_at(view: View, place: str, turns: float) -> float:
    """What the cards of the hand that need the court at ``place`` are worth
    (a title must be requested at Versailles, the Maréchal at war: §9.1)."""
    p = odds(view, "king")
    return sum(
        DECK[c].income * p * min(turns, PRISON_TURNS) / 2 if DECK[c].income else PLACE_CARD
        for c in view["hand"] or []
        if DECK[c].location == place
    )


def _blow_value(view: View, kind: str, seat: int, lead: int | None, turns: float) -> float:
    """A death, an exile, the Bastille or a scandal on ``seat``: a death loses
    every income card (§10.4), an exile its offices and pensions (§11), the
    Bastille those and its titles' pay (§12); standing lost besides."""
    if kind == "bastille":
        return _prison_value(view, seat, lead, turns)
    cards = view["courtiers"][seat]["cards"]
    lost = sum(
        DECK[c].income for c in cards if kind == "death" or DECK[c].kind in ("office", "pension")
    )
    away = turns * turns / 2 if kind in ("exile", "scandal") else 0.0
    return _income_value(view, seat, -lost, lead, turns) - _growth_weight(view, seat, lead) * (
        BLOW + GROWTH * away
    )


def _prison_value(view: View, seat: int, lead: int | None, turns: float) -> float:
    """The Bastille for ``seat``: offices and pensions lost, titles unpaid
    until freed, about three turns (§12)."""
    cards = view["courtiers"][seat]["cards"]
    lost = sum(DECK[c].income for c in cards if DECK[c].kind in ("office", "pension"))
    unpaid = sum(DECK[c].income for c in cards if DECK[c].kind in ("title", "dignity"))
    return (
        _income_value(view, seat, -lost, lead, turns)
        + _income_value(view, seat, -unpaid, lead, min(turns, PRISON_TURNS))
        - _growth_weight(view, seat, lead) * (BLOW + GROWTH * min(turns, PRISON_TURNS) * turns / 2)
    )


def _sex(view: View, legal: Sequence[Action]) -> Action:
    """The sex most of one's cards ask for (§6: "according to the cards"),
    with the family name the menu offers."""
    hand = view["hand"] or []
    men = sum(DECK[c].sex == "man" for c in hand)
    women = sum(DECK[c].sex == "woman" or DECK[c].user_sex == "woman" for c in hand)
    sex = "woman" if women > men else "man"
    return next(a for a in legal if isinstance(a, ChooseSex) and a.sex == sex)


def _fine(view: View, legal: Sequence[Action]) -> Action | None:
    """As Grand Chamberlain, fine every breach but one's spouse's (§3): a
    rival's 1,000 livres are a rival's loss."""
    spouse = _me(view)["spouse"]
    offenders = {b["breach"]: b["seat"] for b in view["breaches"]}
    return next(
        (a for a in legal if isinstance(a, Fine) and offenders.get(a.breach) != spouse), None
    )


def _place(view: View) -> Action:
    """Where more of one's cards can be played."""
    hand = view["hand"] or []
    hunt = sum(DECK[c].location == "hunt" for c in hand)
    versailles = sum(DECK[c].location == "versailles" for c in hand)
    return SetLocation("hunt" if hunt > versailles else "versailles")


def _keep_value(view: View, card_id: str, turns: float) -> float:
    """What a card in hand is worth keeping: an income card by its income
    for us, a blow by the leader's income, the rest a little."""
    card = DECK[card_id]
    if card.income:
        return card.income * turns * odds(view, "king")
    if card.kind in ("death", "exile", "bastille", "lettre"):
        return 1500
    return 500 + 200 * abs(card.dk + card.dq) + abs(card.amount) / 4


def choose(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """The action the rules of thumb rank first (ties broken by ``rng``)."""
    return ranking(view, legal, rng)[0]


def ranking(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """The rules of thumb's candidates, best first (ties broken by ``rng``):
    in the round of play every action worth playing by its value (none:
    the end of the turn), discards from the least worth keeping; elsewhere
    (set-up, the negotiation, a fine) the one choice the rules make. What
    ISMCTS' ``top`` restricts its root to."""
    fine = _fine(view, legal) if view["breaches"] else None
    if fine is not None:
        return [fine]
    first = legal[0]
    if isinstance(first, ChooseSex):
        return [_sex(view, legal)]
    if isinstance(first, ChooseParty):
        origin = view["queen"]["origin"]
        return [ChooseParty(origin) if origin else rng.choice(list(legal))]
    if isinstance(first, SetLocation):
        return [_place(view)]
    if Done() in legal and not any(isinstance(a, EndTurn) for a in legal):
        return [Done()]  # negotiation: it buys no promise and shows no card (§7.2)
    turns = turns_left(view)
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:
        least_worth = sorted(discards, key=lambda a: _keep_value(view, a.card, turns))
        return [*least_worth]
    lead = leader(view)
    scored = [(v, rng.random(), a) for a in legal if (v := _value(view, a, lead, turns)) >= 0]
    if not scored:
        return [next((a for a in legal if isinstance(a, EndTurn)), rng.choice(list(legal)))]
    return [a for _, _, a in sorted(scored, key=lambda t: (t[0], t[1]), reverse=True)]


def remark(view: View, action: Action) -> Remark | None:
    """What the bot says with an action: as Grand Chamberlain, the fine and
    what it is for (:data:`FINED_FOR`), to the table, the offender addressed
    by his form of address (§3: the view's ``address``, which the etiquette
    checker reads the same way); nothing when the offender has no courtier
    to address (his sex not chosen yet, §6; dead, §10.4), for no form of
    address would be right."""
    if not isinstance(action, Fine):
        return None
    breach = next((b for b in view["breaches"] if b["breach"] == action.breach), None)
    if breach is None:
        return None
    address = view["courtiers"][breach["seat"]]["address"]
    if address is None:
        return None
    name, why = address["short"], FINED_FOR.get(breach["code"])
    fr = f"{name}, l'étiquette vous coûte {FINE_LIVRES['fr']} livres"
    en = f"{name}, etiquette costs you {FINE_LIVRES['en']} livres"
    if why is not None:
        fr, en = f"{fr} pour {why['fr']}", f"{en} for {why['en']}"
    return Remark({"fr": f"{fr}.", "en": f"{en}."})


def estimate(view: View) -> list[float]:
    """Each seat's learned value (value.py) times the search's temperature,
    so that ISMCTS' softmax over the estimates is the value's chance to win
    (its leaves)."""
    from courtly.games.versailles import value  # value.py reads this module's income model

    scale = float(SEARCH["temperature"])  # type: ignore[arg-type]
    return [scale * u for u in value.utilities(view)]
