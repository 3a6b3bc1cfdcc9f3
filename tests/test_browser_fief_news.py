"""Fief's news beside the map, in a real Chromium (issue 13): a combat shown as it
happens (both forces, castle or open ground, each exchange's dice and losses, the
village marked on the map), the election (the votes as announced, the result), and
the negotiation (the table's countdown, a payment through the form that changes the
money, "done" for each player, the public chat and a private chat that reaches only
its seat), at a laptop's and a phone's width. Ann, Bob and Cy are people, the fourth
seat a bot; the test plays the people's moves through the API with the heuristic
bot's choices, except that they attack another's village whenever they can (so a
combat comes by turn 4: 100 simulated games of four out of 100, whatever the seed,
which the server mixes with its secret), and except in the first negotiation, played
in Ann's and Bob's pages. Fixtures from test_browser.py."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import parse_qs, urlparse

import pytest

from courtly.games.fief import GAME
from courtly.games.fief import bot as fief_bot
from courtly.games.fief.actions import Move
from test_browser import (
    BOT,
    PERSON,
    api,
    browser,
    new_table,
    no_horizontal_scroll,
    open_page,
    server,
    take_seat,
)
from test_browser_around import OUT_OF_SIGHT

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name

SEED = 7


def _token(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


def _attack(view: dict[str, Any], legal: list[Any], seat: int) -> Any:
    """The strongest attack on a village another player holds, if any."""
    holders = view.get("holders") or {}
    attacks = [a for a in legal if isinstance(a, Move) and a.stance == "attack" and a.soldiers
               and holders.get(a.to) not in (None, seat)]
    return max(attacks, key=lambda a: a.soldiers) if attacks else None


class Driver:
    """Plays the person seats' moves through the API: an attack when one is open,
    else the heuristic bot's choice."""

    def __init__(self, base: str, table: str, tokens: dict[int, str]) -> None:
        self.base, self.table, self.tokens = base, table, tokens
        self.rngs = {seat: random.Random((SEED * 31 + seat) % 2**63) for seat in tokens}

    def state(self, seat: int | None = None) -> dict[str, Any]:
        query = f"?token={self.tokens[seat]}" if seat is not None else ""
        return api(self.base, f"/api/tables/{self.table}/state{query}")

    def step(self, negotiate: bool) -> bool:
        """One move of a person seat to act (in the negotiation only when
        ``negotiate``); False when none is to act now."""
        for seat in self.tokens:
            update = self.state(seat)
            if update["table"]["status"] != "playing" or not update["legal"]:
                continue
            if update["phase"]["name"] == "negotiation" and not negotiate:
                continue
            legal = [GAME.parse_action(entry["action"]) for entry in update["legal"]]
            choice = _attack(update["view"], legal, seat) or fief_bot.choose(
                update["view"], legal, self.rngs[seat])
            try:
                api(self.base, f"/api/tables/{self.table}/actions",
                    {"token": self.tokens[seat], "action": choice.to_json()})
            except HTTPError:  # the position moved on meanwhile (a bot acted)
                continue
            return True
        return False


def _watching(server: str, browser: Any) -> tuple[Any, list[str]]:
    """A spectator's page of a new Fief table (a person and two bots, seed 3),
    its map drawn: the page's own modules, for renders off the board."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=3)
    page, errors = open_page(browser)
    page.goto(f"{server}/table/{made['table']['id']}")
    page.wait_for_selector("svg.fief-map")
    return page, errors

def _kinds_this_turn(update: dict[str, Any]) -> list[str]:
    events = update["events"]
    start = max((e["index"] for e in events if e["kind"] == "turn"), default=-1)
    return [e["kind"] for e in events if e["index"] > start]


BATTLE = """() => {
  const s = window.courtly.state;
  const events = [...s.events.values()].sort((a, b) => a.index - b.index);
  const start = Math.max(-1, ...events.filter((e) => e.kind === 'turn').map((e) => e.index));
  const panel = document.querySelector('#fief-battle');
  const village = panel ? panel.dataset.village : null;
  const rounds = events.filter((e) => e.index > start && e.kind === 'combat'
    && e.data.village === village);
  return {
    village,
    title: panel ? panel.querySelector('h2').textContent : null,
    sides: panel ? [...panel.querySelectorAll('.fn-forces tbody tr')].map((tr) => ({
      seat: Number(tr.dataset.seat), text: tr.textContent })) : [],
    shown: panel ? [...panel.querySelectorAll('.fn-round')].map((li) => li.textContent) : [],
    rounds: rounds.map((e) => e.data),
    marked: village
      ? !!document.querySelector(`.fief-village.fief-fought[data-village="${village}"]`) : false,
    names: Object.fromEntries(s.table.seats.map((x) => [x.seat, x.name || ''])),
  };
}"""

ELECTION = """() => {
  const s = window.courtly.state;
  const events = [...s.events.values()].sort((a, b) => a.index - b.index);
  const start = Math.max(-1, ...events.filter((e) => e.kind === 'turn').map((e) => e.index));
  const panel = document.querySelector('#fief-election');
  return {
    votes: events.filter((e) => e.index > start && e.kind === 'vote').map((e) => e.data),
    shown: panel ? [...panel.querySelectorAll('.fn-votes li')].map((li) => li.textContent) : null,
    result: panel ? panel.querySelector('.fn-tally .fn-result')?.textContent || null : null,
    elected: events.some((e) => e.index > start && e.kind === 'election'),
  };
}"""


def _check_battle(page, data: dict[str, Any]) -> None:
    """The panel shows both forces and every exchange's dice and losses, read at one instant."""
    info = page.evaluate(BATTLE)
    assert info["village"], "no battle panel"
    names = data["board"]["villages"]
    village_name = next(v["name"] for v in names if v["id"] == info["village"])
    assert village_name in info["title"]
    assert info["rounds"], "the panel's village saw no exchange this turn"
    assert len(info["shown"]) == len(info["rounds"])
    first = info["rounds"][0]
    seats = {first["attacker"], first["defender"]}
    assert {side["seat"] for side in info["sides"]} >= seats
    lords = data["cards"]["lord_names"]
    for side in info["sides"]:
        assert info["names"][str(side["seat"])] in side["text"] or side["seat"] == 3
        if side["seat"] == first["attacker"]:
            assert str(first["attacker_soldiers"]) in side["text"]
            for lord in first["attacker_lords"]:
                assert lords[lord] in side["text"]
    for text, r in zip(info["shown"], info["rounds"], strict=True):
        for roll in (r["attacker_roll"], r["defender_roll"]):
            assert "+".join(map(str, roll)) in text or (len(roll) == 1 and f"({roll[0]})" in text)
        assert f"{r['defender_loses']}" in text and f"{r['attacker_loses']}" in text
    assert info["marked"], "the map does not mark the village fought over"


def _check_election(page) -> bool:
    """The votes as announced, each in the panel; True once the result is shown."""
    info = page.evaluate(ELECTION)
    if info["shown"] is None:
        return False
    assert len(info["shown"]) == len(info["votes"])
    return bool(info["elected"] and info["result"])


def _shows(selector: str, text: str) -> str:
    return f"document.querySelector('{selector}')?.textContent.includes('{text}')"


def _shoot(laptop, phone, name: str, tmp_path: Path) -> None:
    """To look at: each page at the top, and the news panels alone; no sideways scroll."""
    for page, suffix in ((laptop, ""), (phone, "-phone")):
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(tmp_path / f"fief-{name}{suffix}.png"), animations="disabled")
        page.locator("#fief-news").screenshot(path=str(tmp_path / f"fief-{name}{suffix}-news.png"),
                                              animations="disabled")
    no_horizontal_scroll(phone)
    # on a phone the news comes right under the map, before the rest of the board
    tops = phone.evaluate("""() => Object.fromEntries(
      ['.fief-map', '#fief-news', '.fief-players', '.generic-actions']
        .map((q) => [q, document.querySelector(q)?.getBoundingClientRect().top]))""")
    assert tops[".fief-map"] < tops["#fief-news"], tops
    assert all(tops["#fief-news"] < top for q, top in tops.items()
               if q in (".fief-players", ".generic-actions") and top is not None), tops


def _negotiate(server: str, ann, bob, spectator, tmp_path: Path) -> None:
    """Ann pays Bob through the form, talks in public and privately to Bob; both say Done."""
    for page in (ann, bob, spectator):
        page.wait_for_selector("#fief-negotiation")
        assert re.fullmatch(r"[0-3]:\d\d", page.locator("#fief-countdown").text_content())
    assert ann.locator("#fief-done-list li").count() == 4
    before = ann.evaluate("window.courtly.state.view.money")
    # a sum not in hundreds is refused by the page in its words (the browser's own check
    # showed its bubble in its language, "Please enter a valid value", on a French page)
    refused = ann.evaluate("""() => {
      const form = document.getElementById('fief-pay');
      document.getElementById('fief-pay-amount').value = '250';
      form.requestSubmit();
      const error = form.querySelector('.fn-pay-error');
      return [error.hidden, error.textContent];
    }""")
    assert refused[0] is False and refused[1].endswith("crowns, in hundreds."), refused
    ann.select_option("#fief-pay-to", label="Bob")
    ann.fill("#fief-pay-amount", "100")
    ann.click("#fief-pay-send")
    ann.wait_for_function("[...window.courtly.state.events.values()]"
                          ".some(e => e.kind === 'pay' && e.data.seat === 0 && e.data.to === 1)")
    state = ann.evaluate("""() => ({money: window.courtly.state.view.money,
      pays: [...window.courtly.state.events.values()].filter(e => e.kind === 'pay')
        .map(e => e.data)})""")
    net = [0] * len(before)
    for pay in state["pays"]:  # a bot may pay too meanwhile
        net[pay["seat"]] -= pay["amount"]
        net[pay["to"]] += pay["amount"]
    assert {"seat": 0, "to": 1, "amount": 100} in state["pays"]
    assert state["money"][0] == before[0] + net[0] and state["money"][1] == before[1] + net[1]
    assert "Bob" in ann.locator(".fn-transfers").text_content()

    # a private word to Bob reaches Bob only; a public one reaches the spectator
    ann.select_option("#fief-chat-private-to", label="Bob")
    ann.fill("#fief-chat-private-text", "Psst, Bob: the crowns are yours")
    ann.click("#fief-chat-private-send")
    ann.fill("#fief-chat-public-text", "Hello everyone")
    ann.click("#fief-chat-public-send")
    bob.wait_for_function(_shows("#fief-chat-private", "Psst, Bob"))
    spectator.wait_for_function(_shows("#fief-chat-public", "Hello everyone"))
    bob.wait_for_function(_shows("#fief-chat-public", "Hello everyone"))
    seen = spectator.evaluate("""() => ({page: document.body.textContent,
      chat: [...window.courtly.state.chat.values()].map(m => m.text)})""")
    assert "Hello everyone" in seen["chat"]
    assert not any("Psst" in text for text in seen["chat"]) and "Psst" not in seen["page"]
    assert "Psst" not in bob.locator("#fief-chat-public").text_content()
    _shoot(ann, bob, "negotiation", tmp_path)

    # in French too: the panel, the log's lines
    spectator.click("#lang-toggle")
    spectator.wait_for_selector("#fief-negotiation h2:has-text('Négociation')")
    assert "Ann paie 100 écus à Bob." in spectator.locator("#log").text_content()
    spectator.locator("#fief-news").screenshot(path=str(tmp_path / "fief-negotiation-fr.png"))
    spectator.click("#lang-toggle")

    ann.click("#fief-done")
    ann.wait_for_selector("#fief-done-list li[data-seat='0'][data-done='1']")
    if bob.locator("#fief-done:enabled").count():
        bob.click("#fief-done")


def test_fief_combat_election_and_negotiation_beside_the_map(server, browser, tmp_path: Path):
    made = new_table(server, "fief", [PERSON, PERSON, PERSON, BOT], seed=SEED, turn_limit=30)
    tid = made["table"]["id"]
    links = made["links"]["seats"]
    api(server, f"/api/tables/{tid}/join", {"token": _token(links["2"]), "name": "Cy"})
    data = api(server, "/api/games/fief")["data"]
    ann, errors_a = open_page(browser)
    take_seat(ann, server, links["0"], "Ann")
    bob, errors_b = open_page(browser, 390, 844)
    take_seat(bob, server, links["1"], "Bob")
    spectator, errors_s = open_page(browser)
    spectator.goto(f"{server}/table/{tid}")
    for page in (ann, bob, spectator):
        page.wait_for_selector("svg.fief-map")
    driver = Driver(server, tid, {seat: _token(links[str(seat)]) for seat in (0, 1, 2)})

    combat = election = negotiated = False
    deadline = time.monotonic() + 240
    while not (combat and election and negotiated):
        assert time.monotonic() < deadline, (
            f"combat {combat}, election {election}, negotiation {negotiated}: "
            f"{driver.state()['phase']}")
        spectator_update = driver.state()
        assert spectator_update["table"]["status"] == "playing", "the game ended first"
        kinds = _kinds_this_turn(spectator_update)
        phase = spectator_update["phase"]["name"]
        if not combat and "combat" in kinds:
            ann.wait_for_function("document.querySelector('#fief-battle .fn-round')")
            bob.wait_for_function("document.querySelector('#fief-battle .fn-round')")
            _check_battle(ann, data)
            _check_battle(bob, data)
            _shoot(ann, bob, "battle", tmp_path)
            combat = True
        if not election and "election" in kinds:
            ann.wait_for_selector("#fief-election .fn-tally")
            assert _check_election(ann)
            assert _check_election(spectator)
            _shoot(ann, bob, "election", tmp_path)
            election = True
        elif not election and "vote" in kinds:
            ann.wait_for_selector("#fief-election .fn-votes li")
            _check_election(ann)
        if phase == "negotiation" and not negotiated:
            _negotiate(server, ann, bob, spectator, tmp_path)
            negotiated = True
            continue
        if not driver.step(negotiate=negotiated):
            time.sleep(0.1)
    ann.evaluate("window.scrollTo(0, 0)")
    assert errors_a == [] and errors_b == [] and errors_s == []


# ----- every event in words, and the sealed bid, from the engine's own data -----------------

def _sample_events() -> list[dict[str, Any]]:
    """Events of heuristic games (3 to 6 players, three turns), each as every seat
    and a spectator see it, a few of each kind and shape of data."""
    seen: dict[tuple[str, tuple[str, ...]], int] = {}
    out: list[dict[str, Any]] = []
    for n in range(3, 7):
        for seed in range(1, 4):
            state = GAME.new_game(n, seed=seed, options={"turn_limit": 3})
            rngs = [random.Random(seed * 10 + s) for s in range(n)]
            while not state.is_over:
                phase = state.phase
                seat = (list(phase.to_act) or list(phase.may_act))[0]
                choice = fief_bot.choose(state.view(seat), state.legal_actions(seat), rngs[seat])
                for event in state.apply(seat, choice):
                    for viewer in (None, *range(n)):
                        shown = event.for_seat(viewer)
                        if shown is None:
                            continue
                        wire = shown.to_json()
                        key = (wire["kind"], tuple(sorted(wire.get("data") or {})))
                        if seen.get(key, 0) < 2:
                            seen[key] = seen.get(key, 0) + 1
                            out.append(wire)
    return out


def _sealed_bid() -> dict[str, Any]:
    """The rulebook's converging forces (tests/test_fief.py): B and C in coalition beat
    A, then bid with closed hands; the views and events of a seat outside the bid
    (A), of B who bid, and of C, before the reveal, then A's after it."""
    from courtly.games.fief.actions import AnswerCoalition, AskCoalition, Bid
    from test_fief import Dice, converging, to_phase

    state, a, b, c = converging(True)
    to_phase(state, "combat")
    events = state.apply(b, AskCoalition(True))
    state.rng = Dice(6, 1)  # type: ignore[assignment]
    events += state.apply(c, AnswerCoalition(True))
    events += state.apply(b, Bid(300))

    def seen(seat: int) -> list[dict[str, Any]]:
        shown = [e.for_seat(seat) for e in events]
        return [{"index": i, **e.to_json()} for i, e in enumerate(shown) if e is not None]

    before = {str(s): {"view": state.view(s), "events": seen(s)} for s in (a, b, c)}
    views = {str(s): state.view(s) for s in range(state.num_players)}
    events += state.apply(c, Bid(100))
    return {"a": a, "b": b, "c": c, "before": before, "views": views,
            "after": {"view": state.view(a), "events": seen(a)}}


#: A renderer's context for the news module, from a view and events (names "P0", "P1"...).
FAKE_CTX = """async ({view, events, seat}) => {
  const i18n = await import('/static/js/i18n.js');
  return {view, events, seat, t: i18n.t, lang: i18n.lang(), ui: {}, schema: [], legal: [], chat: [],
    name: (n) => `P${n}`, joinNames: (l) => l.join(' & '), toAct: [], mayAct: [], canAct: false,
    phase: null, replay: null, table: {status: 'playing'}};
}"""

DESCRIBE_ALL = """async (events) => {
  const news = (await import('/static/games/fief_news.js')).default;
  const i18n = await import('/static/js/i18n.js');
  const ctx = await (MAKE_CTX)({view: {regions: []}, events: [], seat: null});
  const out = [];
  for (const lang of ['en', 'fr']) {
    i18n.setLang(lang);
    ctx.t = i18n.t;
    ctx.lang = lang;
    for (const e of events) out.push({lang, kind: e.kind, text: news.describeEvent(e, ctx)});
  }
  i18n.setLang('en');
  return out;
}""".replace("MAKE_CTX", FAKE_CTX)

PANEL = """async ({view, events, seat}) => {
  const news = (await import('/static/games/fief_news.js')).default;
  const ctx = await (MAKE_CTX)({view, events, seat});
  const root = document.createElement('div');
  root.append(Object.assign(document.createElement('div'), {className: 'fief-side'}));
  news.decorate(root, ctx);
  const panel = root.querySelector('#fief-battle');
  return panel ? {text: panel.textContent,
    sealed: [...panel.querySelectorAll('.fn-bid-live li')].map((li) => [Number(li.dataset.seat),
      li.dataset.sealed, li.textContent])} : null;
}""".replace("MAKE_CTX", FAKE_CTX)


#: French lines that once read "de Eric", a person's absence in the masculine, "seul".
FRENCH_WORDS = """async () => {
  const news = (await import('/static/games/fief_news.js')).default;
  const i18n = await import('/static/js/i18n.js');
  const ctx = await (MAKE_CTX)({view: {regions: []}, events: [], seat: null});
  i18n.setLang('fr');
  const out = [
    news.describeEvent({kind: 'bishop', data: {seat: 0, lord: 'eric', bishopric: 'tournus'}}, ctx),
    news.describeEvent({kind: 'cardinal', data: {seat: 1, lord: 'hugues'}}, ctx),
    i18n.t('log.away', {who: 'Camille'}), i18n.t('seat.away'),
    news.describeEvent({kind: 'coalition', data: {seat: 2, ask: false}}, ctx)];
  i18n.setLang('en');
  return out;
}""".replace("MAKE_CTX", FAKE_CTX)

#: The election panel's "Elected" line in both languages, the lord's player a
#: bot whose name has its own parentheses.
ELECTED_LINE = """async () => {
  const news = (await import('/static/games/fief_news.js')).default;
  const i18n = await import('/static/js/i18n.js');
  const view = {regions: [], lords: {robert: {owner: 2}},
                election: {votes: {}, elected: 'robert', waiting: null}};
  const ctx = await (MAKE_CTX)({view, events: [], seat: null});
  ctx.name = (n) => `Seat ${n + 1} (bot)`;
  const out = [];
  for (const lang of ['en', 'fr']) {
    i18n.setLang(lang);
    ctx.t = i18n.t;
    const root = document.createElement('div');
    news.decorate(root, ctx);
    out.push(root.querySelector('#fief-election .fn-consecration p').textContent);
  }
  i18n.setLang('en');
  return out;
}""".replace("MAKE_CTX", FAKE_CTX)

#: A bot's lords in the log (dead, crowned) and in the battle panel's fallen, in
#: both languages: the player's name has its own parentheses.
BOT_LORDS = """async () => {
  const news = (await import('/static/games/fief_news.js')).default;
  const i18n = await import('/static/js/i18n.js');
  const died = (index, lord, seat, cause) => ({index, kind: 'lord_dies', text: '',
    data: {lord, seat, cause, village: 'bourg'}});
  const combat = {index: 1, kind: 'combat', text: '', data: {village: 'bourg',
    attacker: 0, defender: 2, attacker_lords: [], attacker_soldiers: 3,
    defender_lords: ['robert', 'hugues'], defender_soldiers: 0,
    attacker_roll: [6], defender_roll: [1], attacker_loses: 0, defender_loses: 2,
    attacker_left: 3, defender_left: 0, in_castle: false}};
  const events = [{index: 0, kind: 'turn', text: '', data: {turn: 2, first: 0}}, combat,
    died(2, 'robert', 2, 'battle'), died(3, 'hugues', 1, 'battle')];
  const logged = [died(4, 'robert', 2, 'plague'),
    {index: 5, kind: 'crowned', text: '', data: {lord: 'robert', seat: 2}}];
  const ctx = await (MAKE_CTX)({view: {regions: [], lords: {}}, events, seat: null});
  ctx.name = (n) => `Seat ${n + 1} (bot)`;
  const out = [];
  for (const lang of ['en', 'fr']) {
    i18n.setLang(lang);
    ctx.t = i18n.t;
    const lines = [...events.slice(2), ...logged].map((e) => news.describeEvent(e, ctx));
    const root = document.createElement('div');
    root.append(Object.assign(document.createElement('div'), {className: 'fief-side'}));
    news.decorate(root, ctx);
    lines.push(root.querySelector('#fief-battle .fn-result').textContent);
    out.push(lines);
  }
  i18n.setLang('en');
  return out;
}""".replace("MAKE_CTX", FAKE_CTX)


def test_every_fief_event_in_words_and_the_sealed_bid(server, browser):
    page, errors = _watching(server, browser)

    samples = _sample_events()
    lines = page.evaluate(DESCRIBE_ALL, samples)
    assert {line["kind"] for line in lines} >= {"combat", "vote", "move", "buy", "done", "deal"}
    for line in lines:
        text = line["text"]
        assert text, f"no words for {line}"
        assert not re.search(r"undefined|NaN|\[object|\bnull\b|fn\.|\{\w+\}", text), line
        # words agree with their counts: no "soldier(s)", no template's "[|s]" left
        assert not re.search(r"\((s|es|nt)\)|\[[^\]]*\|", text), line
        assert not re.search(r"\b1 (soldiers|cards|votes|soldats|cartes)\b", text), line
        if line["lang"] == "fr":  # "d'Eric", not "de Eric"; "P1\u202f: 3", not "P1: 3" nor "P1 : 3"
            assert not re.search(r"\b(?:de|le|la|que) [AEIOUYÉÈÊÂÎÔH]", text), line
            assert not re.search(r"(?:[^\s\u202f\u00a0\d]| )[:;!?](?:\s|$)", text), line
    assert page.evaluate(FRENCH_WORDS) == [
        "P0 fait d'Eric l'évêque de Tournus.", "P1 fait d'Hugues un cardinal.",
        "Camille n'est plus là\u202f: un robot joue à sa place",
        "pas là\u202f: un robot joue à sa place",
        "P2 se bat sans allié."]
    # no parentheses inside parentheses: "Elected: Robert (Seat 3 (bot))." once
    assert page.evaluate(ELECTED_LINE) == [
        "Elected: Robert, played by Seat 3 (bot).", "Élu\u202f: Robert, joué par Seat 3 (bot)."]
    # nor in the log's dead and crowned lords, nor among the battle's fallen
    english, french = page.evaluate(BOT_LORDS)
    assert english[:4] == [
        "Robert, played by Seat 3 (bot), falls in battle at Bourg.",
        "Hugues, played by Seat 2 (bot), falls in battle at Bourg.",
        "Robert, played by Seat 3 (bot), dies of the plague.",
        "Robert, played by Seat 3 (bot), is consecrated and crowned King."], english
    assert french[:4] == [
        "Robert, joué par Seat 3 (bot), tombe au combat à Bourg.",
        "Hugues, joué par Seat 2 (bot), tombe au combat à Bourg.",
        "Robert, joué par Seat 3 (bot), meurt de la peste.",
        "Robert, joué par Seat 3 (bot), est sacré et couronné roi."], french
    fallen = "Fallen: Robert, played by Seat 3 (bot); Hugues, played by Seat 2 (bot)."
    assert fallen in english[4], english
    tombes = "Tombés\u202f: Robert, joué par Seat 3 (bot)\u202f; Hugues, joué par Seat 2 (bot)."
    assert tombes in french[4], french
    for line in english + french:
        assert not re.search(r"\([^)]*\(", line), line
    # the order of play read from the banker, who plays first (the data keeps the round)
    start = {"kind": "start", "text": "", "data": {"order": [0, 2, 1], "banker": 2}}
    told = page.evaluate(DESCRIBE_ALL, [start])[0]["text"]
    assert told == "P2 is the banker and plays first; order of play: P2, P1, P0.", told

    bid = _sealed_bid()
    a, b, c = bid["a"], bid["b"], bid["c"]
    # before the reveal: B's hand is closed, C still choosing; nobody sees an amount but B
    outsider = page.evaluate(PANEL, {**bid["before"][str(a)], "seat": a})
    assert outsider is not None
    assert [row[:2] for row in outsider["sealed"]] == [[b, "1"], [c, "0"]]
    assert "sealed" in outsider["sealed"][0][2] and "300" not in outsider["text"]
    bidder = page.evaluate(PANEL, {**bid["before"][str(b)], "seat": b})
    assert "your bid: 300 (sealed)" in bidder["text"]
    other = page.evaluate(PANEL, {**bid["before"][str(c)], "seat": c})
    assert "300" not in other["text"]
    # the hands open: both amounts, the purchase
    after = page.evaluate(PANEL, {**bid["after"], "seat": a})
    assert f"P{b} 300" in after["text"] and f"P{c} 100" in after["text"]
    assert f"P{b} buys Bourg for 300 crowns." in after["text"]
    # a replay with all revealed: every hand, and the sealed bid laid open
    merged = page.evaluate("""async (views) => (await import('/static/games/fief_news.js'))
      .default.mergeViews(views)""", bid["views"])
    assert merged["hand"] is None and merged["seat"] is None
    assert merged["hands"] == {s: v["hand"] for s, v in bid["views"].items()}
    assert merged["battle"]["bids"] == {str(b): 300} and merged["battle"]["my_bid"] is None
    assert errors == []


def _attack_events() -> list[dict[str, Any]]:
    """The engine's own lines of attacks and parries not made: answered for
    (bad weather let through), answered by nobody (famine), a revolt's
    ransom beyond the purse, and a parry after an exchange this turn."""
    from courtly.games.fief.actions import AttackRegion, Respond
    from test_fief import give, region_of, revolt_on, started

    events = []
    state = started()
    me = state.current()
    target = next(s for s in range(4) if s != me)
    give(state, me, "bad_weather", "famine")
    give(state, target, "famine")  # a card, no parry: whether held or not is his secret
    events += state.apply(me, AttackRegion("bad_weather", region_of(state, target)))
    events += state.apply(target, Respond("none"))
    empty = next(r for r in state.board.regions if state.defender_of(r, me) is None)
    events += state.apply(me, AttackRegion("famine", empty))
    for die, hand, exchanged in ((4, ["sun"], False), (4, [], False), (4, ["sun"], True)):
        state, *_ = revolt_on(die)
        answerer = state.pending.answerer
        state.hands[answerer], state.exchanged[answerer] = hand, exchanged
        events += state.apply(answerer, Respond("none"))[:1]
    state = started()
    give(state, me, "bad_weather")
    give(state, target, "sun")
    state.exchanged[target] = True
    events += state.apply(me, AttackRegion("bad_weather", region_of(state, target)))
    events += state.apply(target, Respond("none"))[:1]
    wanted = ("attack", "no_parry")
    return [{"kind": e.kind, "text": e.text, "data": e.data} for e in events if e.kind in wanted]


def test_the_log_names_who_answers_an_attack_and_a_parry_not_made(server, browser):
    """A play-test's log said "Seat 1 plays bad weather on Bresse", then the bad
    weather, never who had been asked to parry nor that he had not: the page
    says both, with the public reason for the parry not made, in both tongues."""
    page, errors = _watching(server, browser)
    events = _attack_events()
    lines = page.evaluate(DESCRIBE_ALL, events)
    english = [line["text"] for line in lines if line["lang"] == "en"]
    french = [line["text"] for line in lines if line["lang"] == "fr"]
    me, target = events[0]["data"]["seat"], events[0]["data"]["answerer"]
    assert english[0].startswith(f"P{me} plays Bad weather on ") \
        and english[0].endswith(f"; P{target} answers for it."), english
    assert english[1:3] == [f"P{target} does not parry.", english[2]]
    assert english[2].endswith("; nobody answers for it."), english
    purse = "the ransom, 1,200 crowns, is beyond their purse."
    assert re.fullmatch(rf"P\d does not parry; {purse}", english[3]), english
    assert re.fullmatch(rf"P\d does not parry: no card in hand, and {purse}", english[4]), english
    assert re.fullmatch(rf"P\d does not parry: no card after an exchange this turn, and {purse}",
                        english[5]), english
    assert english[7] == f"P{target} does not parry: no card after an exchange this turn.", english
    assert french[0].endswith(f"\u202f; P{target} en répond."), french
    assert french[1] == f"P{target} ne pare pas.", french
    assert french[2].endswith("\u202f; personne n'en répond."), french
    bourse = "la rançon, 1\u202f200 écus, dépasse sa bourse."
    assert re.fullmatch(rf"P\d ne pare pas\u202f; {bourse}", french[3]), french
    assert re.fullmatch(rf"P\d ne pare pas\u202f: aucune carte en main, et {bourse}",
                        french[4]), french
    assert french[7] == f"P{target} ne pare pas\u202f: aucune carte après un échange ce tour-ci.", \
        french
    assert errors == []


def _deposed_events() -> list[dict[str, Any]]:
    """The engine's own events for a reigning King who loses the crown: Henry of
    the first seat reigns, Louis is elected and nobody consecrates him; then,
    in another game, a tie."""
    from test_fief import deposed_events

    out = []
    for votes in ((1, 2), (1, 1)):
        _, _, events, _ = deposed_events(votes)
        out += [{"kind": e.kind, "text": e.text, "data": e.data} for e in events
                if e.kind in ("vacant", "election")]
    return out


def test_a_king_who_loses_the_crown_is_named_in_the_log(server, browser):
    """A play-test: Alice's crowned King Clément lost the crown when the bot's
    Roland was elected and nobody could consecrate him; the log said only "The
    King is not consecrated: the throne stays vacant." and the panel went from
    "King: ♔ Clément" to "no king" without a word. The log names him now, in
    both languages, and so for a tie (decision 14; Phase 6, 1 c and d)."""
    page, errors = _watching(server, browser)
    events = _deposed_events()
    assert [e["kind"] for e in events] == ["election", "vacant", "election"]
    seat = events[1]["data"]["deposed_seat"]
    lines = [line["text"] for line in page.evaluate(DESCRIBE_ALL, events)]
    assert lines[1] == (f"The King elected is not consecrated: Henry, played by P{seat}, "
                        "loses the crown; the throne is vacant.")
    assert lines[2] == (f"No lord has the most votes: Henry, played by P{seat}, loses the "
                        "crown; the throne is vacant until the next election.")
    assert lines[4] == (f"Le roi élu n'est pas sacré\u202f: Henry, joué par P{seat}, perd la "
                        "couronne\u202f; le trône est vacant.")
    assert lines[5].startswith("Aucun seigneur n'a le plus de voix\u202f: Henry, joué par")
    assert errors == []


def add_events(page, extra: list[dict[str, Any]]) -> None:
    """Route the page's socket through the test: the server's first update
    comes with ``extra`` after its own events (at indices far beyond them, so
    that the game's later events never take their places)."""
    def route(ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)
        added = []

        def from_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "update" and not added:
                added.append(True)
                msg["events"] = [*msg.get("events", []),
                                 *({**e, "index": 10**6 + i} for i, e in enumerate(extra))]
                message = json.dumps(msg)
            ws.send(message)
        server.on_message(from_server)
    page.route_web_socket(re.compile(r"/ws/tables/"), route)


def test_the_deposed_kings_line_is_not_his_players_own(server, browser):
    """A review: the deposed King's seat was the event's ``seat``, which the log
    reads as the player who acted, so the line had his colour's border and his
    data-seat, as though he had deposed himself. It is ``deposed_seat`` now:
    the line names him and is nobody's own."""
    made = new_table(server, "fief", [PERSON, BOT, BOT, BOT], seed=3)  # the events' four
    page, errors = open_page(browser)
    events = _deposed_events()
    add_events(page, events)
    page.goto(f"{server}/table/{made['table']['id']}")
    page.wait_for_selector("svg.fief-map")
    lines = page.locator("#log .log-line", has_text="loses the crown")
    lines.first.wait_for()
    assert lines.count() == 2
    for i, event in enumerate(events[1:]):
        line = lines.nth(i)
        assert line.get_attribute("data-seat") is None, line.text_content()
        assert f"Henry, played by Seat {event['data']['deposed_seat'] + 1}" \
            in (line.text_content() or "")
    assert errors == []


#: JS: the news panels decorated off-page (``ctx`` from FAKE_CTX) in English,
#: then in French: ``decorated(ctx, read)`` gives ``{en: read(root), fr: read(root)}``.
DECORATED = """const decorated = async (ctx, read) => {
  const news = (await import('/static/games/fief_news.js')).default;
  const i18n = await import('/static/js/i18n.js');
  const out = {};
  for (const lang of ['en', 'fr']) {
    i18n.setLang(lang);
    ctx.t = i18n.t;
    const root = document.createElement('div');
    root.append(Object.assign(document.createElement('div'), {className: 'fief-side'}));
    news.decorate(root, ctx);
    out[lang] = read(root);
  }
  i18n.setLang('en');
  return out;
};"""

#: The battle panel's forces table for one exchange (the page's news module, off-page).
FORCES = """async () => {
  DECORATED
  const combat = {index: 1, kind: 'combat', text: '', data: {village: 'cluny',
    attacker: 0, defender: 1, attacker_lords: ['clement'], attacker_soldiers: 6,
    defender_lords: ['robert'], defender_soldiers: 4,
    attacker_roll: [2], defender_roll: [1], attacker_loses: 1, defender_loses: 1,
    attacker_left: 6, defender_left: 4, in_castle: false}};
  const events = [{index: 0, kind: 'turn', text: '', data: {turn: 3, first: 0}}, combat];
  const ctx = await (MAKE_CTX)({view: {regions: [], lords: {}}, events, seat: null});
  const out = await decorated(ctx, (root) => {
    const table = root.querySelector('#fief-battle .fn-forces');
    return {head: [...table.querySelectorAll('th')].map((th) => th.textContent),
            rows: [...table.querySelectorAll('tbody tr')].map((tr) =>
              [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent))};
  });
  return [out.en, out.fr];
}""".replace("MAKE_CTX", FAKE_CTX).replace("DECORATED", DECORATED)


def test_the_battle_panel_counts_soldiers_in_both_columns(server, browser):
    """A play-test read "Soldiers 6 · Left 6" beside "Alice loses 1": "Left" counted
    the lord with the soldiers (the exchange's force), "Soldiers" did not. Both
    columns count soldiers now, and say so; losses take soldiers first
    (decision 12), so a side's soldiers left are its force left less its lords."""
    page, errors = _watching(server, browser)
    english, french = page.evaluate(FORCES)
    assert english["head"] == ["Side", "Lords", "Soldiers at the start", "Soldiers left"]
    assert english["rows"] == [["Clément", "6", "5"], ["Robert", "4", "3"]]
    assert french["head"] == ["Camp", "Seigneurs", "Soldats au départ", "Soldats restants"]
    assert errors == []


#: The battle panel's exchanges for one battle of two (the news module, off-page):
#: each exchange's loss lines, their text and title, in English and French.
LOSSES = """async () => {
  DECORATED
  const round = (index, roll, lost, soldiers) => ({index, kind: 'combat', text: '', data: {
    village: 'cluny', attacker: 0, defender: 1, attacker_lords: ['clement'],
    attacker_soldiers: 9, defender_lords: ['robert'], defender_soldiers: soldiers,
    attacker_roll: roll, defender_roll: [1], attacker_loses: 1, defender_loses: lost,
    attacker_left: 9, defender_left: 1 + soldiers - lost, in_castle: false}});
  // 6+5 is 6 losses in open ground: the first costs 2 of 5, the second the 3 left
  const events = [{index: 0, kind: 'turn', text: '', data: {turn: 3, first: 0}},
    round(1, [2, 1], 2, 4), round(2, [6, 5], 3, 2)];
  const ctx = await (MAKE_CTX)({view: {regions: [], lords: {}}, events, seat: null});
  return decorated(ctx, (root) => [...root.querySelectorAll('#fief-battle .fn-round .fn-loss')]
    .map((span) => [span.textContent, span.title]));
}""".replace("MAKE_CTX", FAKE_CTX).replace("DECORATED", DECORATED)


def test_a_loss_of_the_whole_force_says_so(server, browser):
    """A play-test read "loses 3" under a roll of 6+5, which the Combat Results
    Table gives 6 for, as a mistake: the defender had 3 pieces left, and "the
    defender ... counts the number of his forces which are present" (Phase 5).
    A loss that takes a side's whole force now says so, with why in its title;
    a smaller loss reads as before."""
    page, errors = _watching(server, browser)
    read = page.evaluate(LOSSES)
    assert read["en"] == [
        ["→ P1 loses 2", ""], ["→ P0 loses 1", ""],
        ["→ P1 loses 3, the whole force",
         "A side loses at most what it has: the Combat Results Table may give more."],
        ["→ P0 loses 1", ""]], read
    assert read["fr"][2][0] == "→ P1 perd 3, toute sa troupe", read
    assert errors == []


def test_a_move_taken_back_leaves_the_turns_lists(server, browser):
    """A play-test's payment, taken back (Undo), stayed in the negotiation's
    "Payments" though the crowns had come back: the turn's lists (thisTurn)
    leave out the entries `undoneIndexes` finds an undo took back (State.undo:
    the game's last move, with the entries the rules made after it; an
    earlier undo's own move is not taken twice; a server's note between is
    no move)."""
    page, errors = open_page(browser)
    page.goto(server + "/")

    def move(index: int, follows: bool = False, kind: str = "pay") -> dict[str, Any]:
        return {"index": index, "kind": kind, "data": {}, "move": {"seat": 0, "by": "person",
                                                                    "follows": follows}}

    undo = {"kind": "undo", "data": {"seat": 0}}
    note = {"kind": "away", "data": {"seat": 1}}
    cases = {
        "one": [move(1), {**undo, "index": 2}],
        "the last of two": [move(1), move(2), {**undo, "index": 3}],
        "two, one after the other": [move(1), move(2), {**undo, "index": 3},
                                     {**undo, "index": 4}],
        "with its followers": [move(1), move(2), move(3, True), move(4, True),
                               {**undo, "index": 5}],
        "a note between": [move(1), {**note, "index": 2}, {**undo, "index": 3}],
    }
    undone = page.evaluate("""async (cases) => {
      const { undoneIndexes } = await import('/static/games/fief_news.js');
      return Object.fromEntries(Object.entries(cases)
        .map(([name, events]) => [name, [...undoneIndexes(events)].sort((a, b) => a - b)]));
    }""", cases)
    assert undone == {"one": [1], "the last of two": [2], "two, one after the other": [1, 2],
                      "with its followers": [2, 3, 4], "a note between": [1]}, undone
    assert errors == []


def test_a_battle_at_ones_village_is_announced(server, browser):
    """A play-test was attacked by the bot and saw only a small "⚔6" on the
    map, the battle's account far below on the phone: the renderer's `news`
    (a toast each, table.js) names the battles fought at one's villages by
    another, one line a village (its last exchange), in the log's words; not
    one's own attacks, nor others' battles."""
    page, errors = open_page(browser)
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")

    def combat(index: int, attacker: int, defender: int, village: str) -> dict[str, Any]:
        return {"index": index, "kind": "combat", "data": {
            "village": village, "attacker": attacker, "defender": defender, "attacker_roll": [4],
            "defender_roll": [2], "attacker_loses": 0, "defender_loses": 1, "in_castle": False,
            "attacker_lords": [], "attacker_soldiers": 3, "defender_lords": [],
            "defender_soldiers": 2}}

    events = [combat(1, 1, 0, "louhans"), combat(2, 1, 0, "louhans"), combat(3, 0, 2, "bourg"),
              combat(4, 2, 1, "sagy"), combat(5, 2, 0, "cluny")]
    lines = page.evaluate("""(events) => window.courtly.state.renderer.news(
      window.courtly.context(), events)""", events)
    assert len(lines) == 2 and all(line.startswith("⚔ ") for line in lines), lines
    assert "Louhans" in lines[0] and "Cluny" in lines[1], lines
    page.evaluate("(events) => window.courtly.announce(events)", events)  # as an update does
    toasts = page.locator("#toasts .toast").all_text_contents()
    assert toasts[-2:] == lines, toasts
    assert errors == []


# ----- one's own lords, purchases in a row, the unread count ---------------------------------

#: Lines that name lords with their players, off-page, as seat 0's page and a
#: spectator's tell them (seat 0's page: ``isYou`` as the table's context gives it).
OWN_LORDS = """async () => {
  const news = (await import('/static/games/fief_news.js')).default;
  const i18n = await import('/static/js/i18n.js');
  const died = (index, lord, seat, cause) => ({index, kind: 'lord_dies', text: '',
    data: {lord, seat, cause, village: 'bourg'}});
  const combat = {index: 1, kind: 'combat', text: '', data: {village: 'bourg',
    attacker: 0, defender: 2, attacker_lords: ['henry'], attacker_soldiers: 3,
    defender_lords: ['robert'], defender_soldiers: 0,
    attacker_roll: [6], defender_roll: [1], attacker_loses: 1, defender_loses: 2,
    attacker_left: 2, defender_left: 0, in_castle: false}};
  const events = [{index: 0, kind: 'turn', text: '', data: {turn: 2, first: 0}}, combat,
    died(2, 'henry', 0, 'battle'), died(3, 'robert', 2, 'battle')];
  const logged = [died(4, 'jean', 0, 'plague'),
    {index: 5, kind: 'crowned', text: '', data: {lord: 'henry', seat: 0}},
    {index: 6, kind: 'crowned', text: '', data: {lord: 'robert', seat: 2, capital: true}},
    {index: 7, kind: 'vacant', text: '', data: {why: 'not_consecrated', deposed: 'henry',
      deposed_seat: 0}},
    {index: 8, kind: 'election', text: '', data: {lord: null, tally: {robert: 1, henry: 1},
      deposed: 'robert', deposed_seat: 2}}];
  const view = {regions: [], lords: {henry: {owner: 0}, robert: {owner: 2}},
                election: {votes: {}, elected: 'henry', waiting: null}};
  const out = {};
  for (const seat of [0, null]) {
    const ctx = await (MAKE_CTX)({view, events, seat});
    ctx.name = (n) => ['Bruno', 'Ann', 'Seat 3 (bot)'][n];
    if (seat !== null) ctx.isYou = (n) => n === seat;
    for (const lang of ['en', 'fr']) {
      i18n.setLang(lang);
      ctx.t = i18n.t;
      const lines = [...events.slice(2), ...logged].map((e) => news.describeEvent(e, ctx));
      const root = document.createElement('div');
      root.append(Object.assign(document.createElement('div'), {className: 'fief-side'}));
      news.decorate(root, ctx);
      lines.push(root.querySelector('#fief-battle .fn-result').textContent);
      lines.push(root.querySelector('#fief-election .fn-consecration p').textContent);
      out[`${seat}-${lang}`] = lines;
    }
  }
  i18n.setLang('en');
  return out;
}""".replace("MAKE_CTX", FAKE_CTX)


def test_ones_own_lords_are_named_alone_in_the_log(server, browser):
    """A play-test's log read "Henry, played by Bruno, falls in battle" on Bruno's
    own page, where the buttons that pick a lord already named his own lords
    alone: one's own lord is named alone on one's own page (the log, the fallen,
    the lord elected); another's lord keeps his player, and a spectator reads
    every lord's player. Seat 0's page, in the page itself too (a log line's
    context, as the seats were held then)."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=3)
    page, errors = open_page(browser)
    page.goto(f"{server}/table/{made['table']['id']}")
    page.wait_for_selector("svg.fief-map")
    lines = page.evaluate(OWN_LORDS)
    assert lines["0-en"] == [
        "Henry falls in battle at Bourg.",
        "Robert, played by Seat 3 (bot), falls in battle at Bourg.",
        "Jean dies of the plague.",
        "Henry is consecrated and crowned King.",
        "Robert, played by Seat 3 (bot), takes a capital on a vacant throne and becomes King.",
        "The King elected is not consecrated: Henry loses the crown; the throne is vacant.",
        "No lord has the most votes: Robert, played by Seat 3 (bot), loses the crown; "
        "the throne is vacant until the next election.",
        lines["0-en"][7], "Elected: Henry."], lines["0-en"]
    assert "Fallen: Henry; Robert, played by Seat 3 (bot)." in lines["0-en"][7]
    assert lines["0-fr"][:4] == [
        "Henry tombe au combat à Bourg.",
        "Robert, joué par Seat 3 (bot), tombe au combat à Bourg.",
        "Jean meurt de la peste.",
        "Henry est sacré et couronné roi."], lines["0-fr"]
    assert lines["0-fr"][8] == "Élu\u202f: Henry."
    # a spectator reads every lord's player
    assert lines["null-en"][:4] == [
        "Henry, played by Bruno, falls in battle at Bourg.",
        "Robert, played by Seat 3 (bot), falls in battle at Bourg.",
        "Jean, played by Bruno, dies of the plague.",
        "Henry, played by Bruno, is consecrated and crowned King."], lines["null-en"]
    assert lines["null-en"][5] == ("The King elected is not consecrated: Henry, played by Bruno, "
                                   "loses the crown; the throne is vacant.")
    assert lines["null-en"][8] == "Elected: Henry, played by Bruno."
    assert lines["null-fr"][0] == "Henry, joué par Bruno, tombe au combat à Bourg."
    for line in [*lines["0-en"], *lines["0-fr"]]:
        assert "Bruno" not in line, line

    # the page's own log, on Fay's page (seat 0) and a spectator's
    events = [{"kind": "lord_dies", "text": "", "data": {"lord": lord, "seat": seat,
                                                         "cause": "plague"}}
              for lord, seat in (("henry", 0), ("robert", 1))]
    fay, fay_errors = open_page(browser)
    add_events(fay, events)
    take_seat(fay, server, made["links"]["seats"]["0"], "Fay")
    fay.wait_for_selector("#log .log-lord_dies")
    add_events(page, events)
    page.reload()
    page.wait_for_selector("#log .log-lord_dies")
    assert fay.locator("#log .log-lord_dies").all_text_contents() == [
        "Henry dies of the plague.", "Robert, played by Seat 2 (bot), dies of the plague."]
    assert page.locator("#log .log-lord_dies").all_text_contents() == [
        "Henry, played by Fay, dies of the plague.",
        "Robert, played by Seat 2 (bot), dies of the plague."]
    assert errors == [] and fay_errors == []


def pushing(page) -> Any:
    """Route the page's socket through the test; the function returned sends the
    page another update, the server's last with ``extra`` events after every index
    it has seen (and, if given, ``last_move``'s seat and those events' positions as
    the last move), as though the table had gone on."""
    held: dict[str, Any] = {}

    def route(ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)
        held["ws"] = ws

        def from_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "update":
                held["update"] = msg
                held["last"] = max([held.get("last", -1),
                                    *(e["index"] for e in msg.get("events", []))])
            ws.send(message)
        server.on_message(from_server)
    page.route_web_socket(re.compile(r"/ws/tables/"), route)

    def push(extra: list[dict[str, Any]], last_move: tuple[int, list[int]] | None = None
             ) -> list[int]:
        first = held["last"] + 1
        events = [{"text": "", **e, "index": first + i} for i, e in enumerate(extra)]
        held["last"] = first + len(extra) - 1
        msg = {**held["update"], "events": events}
        if last_move is not None:
            msg["last_move"] = {"seat": last_move[0], "events": [first + i for i in last_move[1]]}
        held["ws"].send(json.dumps(msg))
        return [e["index"] for e in events]
    return push


def _bought(seat: int, item: str, village: str, count: int = 1) -> dict[str, Any]:
    return {"kind": "buy", "data": {"seat": seat, "item": item, "village": village, "count": count},
            "move": {"seat": seat, "by": "person", "follows": False}}


def _fay_waited_for(server: str, browser: Any, width: int = 1280, height: int = 800
                    ) -> tuple[Any, Any, list[str]]:
    """Fay at seat 0 of a Fief table with two bots, her page open; the game waits
    for her (so that nothing more comes from the server): the page, a function that
    pushes events to it (:func:`pushing`), its errors."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    page, errors = open_page(browser, width, height)
    push = pushing(page)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    page.wait_for_selector(".banner-mine")
    page.wait_for_function("!window.courtly.state.pending")
    return page, push, errors


def _log_lines(page, first: int) -> list[dict[str, Any]]:
    return page.evaluate("""(first) => [...document.querySelectorAll('#log .log-line')]
      .filter((li) => Number(li.dataset.index) >= first)
      .map((li) => ({text: li.textContent, index: Number(li.dataset.index),
                     indexes: li.dataset.indexes || null}))""",
                         first)


def test_purchases_one_after_another_read_as_one_line(server, browser):
    """A play-test's log read "Alice buys a mill" again and again (the map buys one
    at a time): a seat's purchases of one item at one village, one after the other
    with nothing between, are one line with their count ("Fay buys 2 mills at
    Louhans.", "achète 2 moulins"), in English and French; another item, another
    village, another seat or a line between keep lines of their own. The line keeps
    its first event's index and lists every one's (`data-indexes`), and the last
    move's panel tells the lines the log marks."""
    page, push, errors = _fay_waited_for(server, browser)
    extra = [_bought(0, "mill", "louhans"), _bought(0, "mill", "louhans"),
             _bought(0, "soldier", "louhans"), _bought(0, "soldier", "louhans", 2),
             _bought(0, "soldier", "sagy"), _bought(0, "castle", "sagy"),
             {"kind": "reshuffle", "data": {}}, _bought(0, "castle", "cuisery"),
             *[_bought(1, "press", "bourg")] * 3]
    indexes = push(extra, (1, [8, 9, 10]))
    page.wait_for_selector(f'#log .log-line[data-index="{indexes[-3]}"]')
    lines = _log_lines(page, indexes[0])
    assert [line["text"] for line in lines] == [
        "Fay buys 2 mills at Louhans.", "Fay buys 3 soldiers at Louhans.",
        "Fay buys 1 soldier at Sagy.", "Fay buys a castle at Sagy.",
        "The discard becomes the new deck.", "Fay buys a castle at Cuisery.",
        "Seat 2 (bot) buys 3 presses at Bourg."], lines
    i = indexes
    assert [line["index"] for line in lines] == [i[0], i[2], i[4], i[5], i[6], i[7], i[8]]
    assert [line["indexes"] for line in lines] == [
        f"{i[0]} {i[1]}", f"{i[2]} {i[3]}", None, None, None, None, f"{i[8]} {i[9]} {i[10]}"]
    # the last move: one line in the log, marked, and the same line in its panel
    last = page.locator("#last-move li").all_text_contents()
    marked = page.locator("#log .log-line[aria-current]").all_text_contents()
    assert last == marked == ["Seat 2 (bot) buys 3 presses at Bourg."], (last, marked)
    page.evaluate("async () => (await import('/static/js/i18n.js')).setLang('fr')")
    lines = _log_lines(page, indexes[0])
    assert [line["text"] for line in lines] == [
        "Fay achète 2 moulins à Louhans.", "Fay achète 3 soldats à Louhans.",
        "Fay achète 1 soldat à Sagy.", "Fay achète un château à Sagy.",
        "La défausse devient la nouvelle pioche.", "Fay achète un château à Cuisery.",
        "Place 2 (robot) achète 3 pressoirs à Bourg."], lines
    page.evaluate("async () => (await import('/static/js/i18n.js')).setLang('en')")
    assert errors == []


def test_the_phones_story_count_is_the_logs_new_lines(server, browser):
    """A play-test's phone read "Story 99+" two turns into Fief: the bottom bar
    counted each entry that came while the log was out of sight, one for each
    purchase the map made one at a time. It counts the log's lines that came or
    changed: purchases told as one line count one, a purchase that joins a line
    already counted adds nothing, and the count goes when the log is in sight."""
    page, push, errors = _fay_waited_for(server, browser, 390, 844)
    badge = page.locator("#jump-log .unread")
    page.click("#jump-log")  # the bots' first moves, read
    page.wait_for_selector("#jump-log .unread", state="hidden")
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(OUT_OF_SIGHT.replace("ID", "log-panel"))
    assert badge.is_hidden()
    first = push([_bought(0, "mill", "louhans"), _bought(0, "mill", "louhans"),
                  _bought(0, "mill", "louhans"), {"kind": "reshuffle", "data": {}},
                  _bought(0, "soldier", "louhans")])[0]
    page.wait_for_selector("#jump-log .unread:not([hidden])")
    assert len(_log_lines(page, first)) == 3
    assert badge.text_content() == "3"
    push([_bought(0, "soldier", "louhans", 2)])  # joins the last line: still 3 new lines
    page.wait_for_function(f"document.querySelectorAll('#log .log-line').length"
                           f" && document.querySelector('#log .log-line:last-child')"
                           f".dataset.indexes === '{first + 4} {first + 5}'")
    assert len(_log_lines(page, first)) == 3
    assert badge.text_content() == "3"
    push([_bought(0, "press", "louhans")])
    page.wait_for_function("document.querySelector('#jump-log .unread').textContent === '4'")
    page.click("#jump-log")
    page.wait_for_selector("#jump-log .unread", state="hidden")
    assert errors == []
