"""Issue 13's "done means" for Fief, in a real Chromium: a three-player game, two
people each in their own browser (Ann at a laptop's width, Bob at a phone's) and
a heuristic bot, played by the people through the map alone: the region, the
lords laid, a purchase by clicking a village, a move by clicking a lord then a
village, a right of way asked by one person at a village the other holds and
refused from the prompt, the battle that follows shown beside the map (both
forces, each exchange's dice and losses), the election (the votes as
announced), and a payment from Ann to Bob through the negotiation's form with
its countdown on both pages. The game is one turn long: it ends by itself
after the negotiation (both people say Done, the bot too).

The seed and the plan were found by simulation (courtly.GAMES["fief"] with
courtly.games.fief.bot.choose for the bot, seeded as the server seeds it):
with seed 4 the bot (seat 2, the banker) takes Revermont, Bob (seat 1)
Louhannais and Ann (seat 0) Tournugeois; both people are dealt a lord. In the
movement phase Ann's lord walks Tournus → Cuisery → Sagy, the free village
between the two regions, and Bob's lord, from Louhans, asks her right of way
there; she refuses and they fight. The plan is written for either order of
play: whoever moves first takes Sagy, the other asks to pass (seeds 7, 10,
44 play it the other way round). Every check is one read of the page
(``page.evaluate``): the bot plays on between reads. The generic forms under
the map are never needed (the test fails if they are). It writes the README's
docs/screenshots/fief.png (Ann's vote asked by the map, the battle beside it)
when COURTLY_UPDATE_SCREENSHOTS is set. Fixtures from test_browser.py."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from test_browser import (
    BOT,
    PERSON,
    Errors,
    Page,
    PlaywrightTimeout,
    act_through_forms,
    api,
    browser,
    new_table,
    no_horizontal_scroll,
    open_page,
    screenshot,
    server,
    take_seat,
)
from test_browser_fief_news import _check_battle, _check_election

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name

SEED = 4
#: Where the two people's lords meet: a free village of Louhannais next to both homes.
MEET = "sagy"

#: The battle panel shows an exchange at MEET.
FOUGHT = f"document.querySelector('#fief-battle[data-village=\"{MEET}\"] .fn-round')"

#: One read of everything a person's step decides on.
READ = """() => {
  const st = window.courtly.state;
  const bar = document.querySelector('.fief-act');
  const question = document.querySelector('.fief-question');
  const marked = (cls) => [...document.querySelectorAll(`.fief-village.${cls}`)]
    .map((g) => g.dataset.village);
  return {
    status: st.table ? st.table.status : null, phase: st.phase ? st.phase.name : null,
    seat: st.seat, mine: st.toAct.includes(st.seat) || st.mayAct.includes(st.seat),
    forced: st.forced,
    legal: st.legal.map((l) => l.action),
    question: question ? question.dataset.kind : null,
    asked: question ? question.textContent : null,
    answers: question ? [...question.querySelectorAll('.fief-answer')].map((b) => ({
      kind: b.dataset.kind, value: b.dataset.value || null, text: b.textContent })) : [],
    mode: bar ? bar.dataset.mode : null, lord: bar ? bar.dataset.lord || null : null,
    targets: marked('target'), selected: marked('selected'),
    view: st.view,
  };
}"""

#: A lord where the view puts him, and where the map draws him, at one instant.
WHERE = """([lord, seat]) => {
  const st = window.courtly.state;
  const info = st.view.lords[lord];
  const at = info ? `[data-village="${info.village}"]` : null;
  const glyph = at ? document.querySelector(`.fief-village${at}`) : null;
  const gate = at ? document.querySelector(`.fief-gate${at}[data-seat="${seat}"]`) : null;
  return {
    info: info || null, holder: info ? st.view.holders[info.village] : null,
    soldiers: info ? st.view.soldiers[info.village] || null : null,
    lords_here: info ? Object.values(st.view.lords)
      .filter((l) => l.village === info.village && !l.outside).length : 0,
    marks: glyph ? glyph.querySelectorAll('.fief-lords tspan').length : 0,
    gate: gate ? {stance: [...gate.classList].find((c) => c.startsWith('stance-')),
                  text: gate.textContent} : null,
    moves: [...st.events.values()].filter((e) => e.kind === 'move' && e.data.lord === lord)
      .map((e) => e.data),
  };
}"""

#: Money, the village's soldiers on the map and in the view, the purchases logged.
PURSE = """([seat, village]) => {
  const st = window.courtly.state;
  const count = document.querySelector(`.fief-village[data-village="${village}"] .fief-soldiers`);
  return {money: st.view.money[seat], soldiers: st.view.soldiers[village] || null,
          drawn: count ? Number(count.dataset.count) : 0,
          buys: [...st.events.values()].filter((e) => e.kind === 'buy').map((e) => e.data)};
}"""

#: The negotiation as this page shows it: the countdown, who is done, the money, the transfers.
NEGOTIATION = """() => {
  const st = window.courtly.state;
  const clock = document.querySelector('#fief-negotiation #fief-countdown');
  const box = clock ? clock.getBoundingClientRect() : null;
  return {
    phase: st.phase ? st.phase.name : null, deadline: st.phase ? st.phase.deadline : null,
    clock: clock ? clock.textContent : null,
    clock_shown: !!(clock && box.width > 0 && box.height > 0 && clock.checkVisibility()),
    done: [...document.querySelectorAll('#fief-done-list li')].map((li) => li.dataset.done),
    money: st.view.money,
    pays: [...st.events.values()].filter((e) => e.kind === 'pay').map((e) => e.data),
    transfers: document.querySelector('.fn-transfers')?.textContent || '',
  };
}"""


class Person:
    """A person's page and plan: ``path`` from home to MEET for the lord who walks."""

    def __init__(self, page: Page, errors: Errors, seat: int, name: str, path: list[str],
                 buys: bool, shots: Path) -> None:
        self.page, self.errors, self.seat, self.name = page, errors, seat, name
        self.shots = shots
        self.path, self.buys = path, buys
        self.walker: str | None = None
        self.done: dict[str, Any] = {"laid": [], "bought": None, "moved": [], "asked": None,
                                     "answered": None, "voted": None}
        self.forms: list[Any] = []  # where the generic forms had to be used: nowhere

    def read(self) -> dict[str, Any]:
        self.page.wait_for_function("!window.courtly.state.pending")
        return self.page.evaluate(READ)

    def village(self, village: str) -> None:
        self.page.locator(f'.fief-village[data-village="{village}"]').click()

    def end_phase(self) -> None:
        """The bar's "End this phase"."""
        self.page.locator(".fief-act .fief-end").click()
        self.page.wait_for_timeout(50)

    def step(self, other: Person) -> bool:
        """One action of this seat through the map, if it is to act; False when not."""
        state = self.read()
        if state["status"] != "playing" or not state["mine"] or state["phase"] == "negotiation":
            return False
        if state["forced"]:  # the server makes a move everyone can see is the only one
            return False
        mode = state["mode"]
        if state["question"] == "answer_passage":
            self.answer_passage(state, other)
        elif state["question"] == "vote":
            self.vote(state)
        elif state["question"]:
            self.done.setdefault("other questions", []).append(state["question"])
            self.page.locator(".fief-question .fief-answer").last.click()  # no parry, no...
            self.page.wait_for_timeout(50)
        elif mode == "region":
            self.village(self.path[0])
            self.page.wait_for_function("(seat) => window.courtly.state.view.regions[seat]",
                                        arg=self.seat)
        elif mode == "cards" and self.page.locator(".fief-act .fief-lay").count():
            self.lay()
        elif mode == "buy" and self.buys and self.done["bought"] is None:
            self.buy(state)
        elif mode == "move" and self.move(state, other):
            pass
        elif self.page.locator(".fief-act .fief-end").count():
            self.end_phase()  # nothing more of the plan in this phase: the bar ends it
        else:
            # Nothing by the map: the generic forms below it (the test fails on this).
            self.forms.append((state["phase"], sorted({a["type"] for a in state["legal"]})))
            act_through_forms(self.page)
        return True

    # ----- the plan's steps, each by the map ------------------------------------------------
    def lay(self) -> None:
        """A lord of the hand: his button by the map, then his village outlined."""
        button = self.page.locator(".fief-act .fief-lay").first
        lord = button.get_attribute("data-lord")
        button.click()
        village = self.read()["targets"][0]
        self.village(village)
        self.page.wait_for_function(
            "([lord, to]) => (window.courtly.state.view.lords[lord] || {}).village === to",
            arg=[lord, village])
        self.done["laid"].append(lord)

    def buy(self, state: dict[str, Any]) -> None:
        """Click the home village, then the soldier offered by the map."""
        home = self.path[0]
        assert home in state["targets"], state["targets"]
        before = self.page.evaluate(PURSE, [self.seat, home])
        self.village(home)
        offer = self.page.locator('.fief-buy-button[data-item="soldier"]').first
        offer.wait_for()
        assert self.page.evaluate("document.querySelector('.fief-act').dataset.village") == home
        price = int(offer.get_attribute("data-price"))
        count = int(offer.get_attribute("data-count"))
        offer.click()
        self.page.wait_for_function(
            "([seat, money]) => window.courtly.state.view.money[seat] === money",
            arg=[self.seat, before["money"] - price])
        after = self.page.evaluate(PURSE, [self.seat, home])
        assert after["soldiers"] == [self.seat, before["soldiers"][1] + count]
        assert after["drawn"] == after["soldiers"][1]  # the map's count is the view's
        assert {"seat": self.seat, "item": "soldier", "village": home, "count": count} in [
            {k: b.get(k) for k in ("seat", "item", "village", "count")} for b in after["buys"]]
        self.done["bought"] = (home, count, price)
        self.end_phase_when_offered()

    def end_phase_when_offered(self) -> None:
        self.page.locator(".fief-act .fief-end").wait_for()
        self.end_phase()

    def move(self, state: dict[str, Any], other: Person) -> bool:
        """The walker's next trip along the path by clicking him, then the village
        (leaving one soldier at home; at MEET held by the other person, asking
        right of way). False when the plan has no trip to make now."""
        view = state["view"]
        mine = {lord: i for lord, i in view["lords"].items() if i["owner"] == self.seat}
        if self.walker not in mine:
            self.walker = next((lord for lord, i in sorted(mine.items())
                                if i["village"] == self.path[0] and not i["outside"]), None)
        lord = self.walker
        if lord is None or mine[lord]["outside"] or mine[lord]["village"] not in self.path[:-1]:
            return False
        here = mine[lord]["village"]
        to = self.path[self.path.index(here) + 1]
        holder = view["holders"][to]
        stance = "enter" if holder in (None, self.seat) else "passage" if (
            to == MEET and holder == other.seat) else None
        legal = [a for a in state["legal"] if a["type"] == "move" and a["lord"] == lord]
        if stance is None or not any(a["to"] == to and a["stance"] == stance for a in legal):
            return False
        # the lord: a click on his village, and his name if others stand there too
        assert here in state["targets"], (here, state["targets"])
        self.village(here)
        pick = self.page.locator(f'.fief-act .fief-choice[data-lord="{lord}"]')
        if pick.count():
            pick.click()
        chosen = self.read()
        assert chosen["mode"] == "move" and chosen["lord"] == lord, chosen["lord"]
        assert chosen["selected"] == [here]
        if here == self.path[0] and self.page.locator('.fief-act [data-step="-1"]').count():
            self.page.locator('.fief-act [data-step="-1"]').click()  # one soldier stays home
            chosen = self.read()
        soldiers = self._soldiers_chosen()
        # the map outlines exactly where he may go with that many soldiers
        reachable = {a["to"] for a in chosen["legal"]
                     if a["type"] == "move" and a["lord"] == lord and a["soldiers"] == soldiers}
        assert set(chosen["targets"]) - {here} == reachable, (chosen["targets"], reachable)
        self.village(to)
        stances = self.page.locator(".fief-act [data-stance]")
        if stances.count():
            self.page.screenshot(path=str(self.shots / f"fief-stance-{self.name}.png"))
            self.page.locator(f'.fief-act [data-stance="{stance}"]').click()
        self.page.wait_for_function(
            "([lord, to]) => window.courtly.state.view.lords[lord].village === to",
            arg=[lord, to])
        where = self.page.evaluate(WHERE, [lord, self.seat])
        assert where["moves"][-1] == {"seat": self.seat, "lord": lord, "to": to,
                                      "soldiers": soldiers, "stance": stance}, where["moves"]
        if stance == "enter":
            assert not where["info"]["outside"] and where["holder"] == self.seat
            assert where["marks"] == where["lords_here"] >= 1, where  # drawn where he went
            self.done["moved"].append((lord, here, to, soldiers))
        else:
            assert where["info"]["outside"] and where["gate"] is not None, where
            assert where["gate"]["stance"] == "stance-passage", where
            assert str(soldiers) in where["gate"]["text"], where
            self.done["asked"] = (lord, to, soldiers)
        return True

    def _soldiers_chosen(self) -> int:
        """The bar's count of soldiers going with the lord (a stepper, or a plain line)."""
        count = self.page.locator(".fief-act .fief-soldiers-pick .fief-count")
        if count.count():
            return int(count.text_content())
        return int(re.findall(r"\d+", self.page.locator(".fief-act p.fief-soldiers-pick")
                              .text_content())[-1])

    def answer_passage(self, state: dict[str, Any], other: Person) -> None:
        """The prompt names the asker, the village and the force; refused, they fight."""
        asked = state["asked"]
        assert other.name in asked and "Sagy" in asked, asked
        assert {"Grant right of way", "Refuse (fight)"} <= {a["text"] for a in state["answers"]}
        gate = next(g for g in state["view"]["gates"] if g["village"] == MEET
                    and g["owner"] == other.seat)
        n = gate["soldiers"]
        assert f"with {n} soldier{'' if n == 1 else 's'}" in asked, asked
        self.page.screenshot(path=str(self.shots / f"fief-passage-{self.name}.png"))
        self.page.locator('.fief-question .fief-answer[data-kind="answer_passage"]').filter(
            has_text="Refuse").click()
        self.page.wait_for_function("""(seat) => [...window.courtly.state.events.values()]
          .some((e) => e.kind === 'passage' && e.data.seat === seat && e.data.grant === false)""",
                                    arg=self.seat)
        self.done["answered"] = asked

    def vote(self, state: dict[str, Any]) -> None:
        """All one's votes for one's own lord (the prompt's button), else abstain."""
        if self.seat == 0:  # the README's picture: the vote asked by the map, the battle beside it
            screenshot(self.page, "fief.png", self.shots)
        lords = state["view"]["lords"]
        best, at = None, None
        for i, answer in enumerate(state["answers"]):
            value = json.loads(answer["value"] or "[]")
            if len(value) == 2 and value[0] and lords[value[0]]["owner"] == self.seat and (
                    best is None or value[1] > best[1]):
                best, at = value, i
        if at is None:
            at = next(i for i, a in enumerate(state["answers"]) if a["text"] == "Abstain")
        self.page.locator(".fief-question .fief-answer").nth(at).click()
        self.page.wait_for_function("""(seat) => [...window.courtly.state.events.values()]
          .some((e) => e.kind === 'vote' && e.data.seat === seat)""", arg=self.seat)
        self.done["voted"] = best or "abstain"


def _result_in_full_ink(page: Page) -> None:
    """The battle's result ("Ann holds Sagy.") reads at once in the page's ink, in its
    own box, never faint: its arrival lights the box up, it does not fade the words in."""
    page.wait_for_selector("#fief-battle .fn-result")
    look = page.evaluate("""() => {
      const el = document.querySelector('#fief-battle .fn-result');
      const style = getComputedStyle(el);
      return [style.opacity, style.color, style.backgroundColor];
    }""")
    assert look[:2] == ["1", "rgb(35, 26, 46)"] and look[2] != "rgba(0, 0, 0, 0)", look


# ----- the negotiation: a payment by the form, the countdown on both pages --------------------

def _countdown_shown(page: Page) -> dict[str, Any]:
    info = page.evaluate(NEGOTIATION)
    assert info["phase"] == "negotiation" and info["deadline"] is not None, info
    assert info["clock_shown"] and re.fullmatch(r"[0-3]:\d\d", info["clock"] or ""), info
    return info


#: Where the negotiation's form stands in the window, against the sticky banner's bottom.
IN_SIGHT = """() => {
  const top = document.getElementById('banner').getBoundingClientRect().bottom;
  const r = (id) => document.getElementById(id).getBoundingClientRect();
  const seen = (id) => r(id).top >= top && r(id).bottom <= window.innerHeight;
  const heading = document.querySelector('#fief-negotiation h2').getBoundingClientRect();
  return {heading: heading.top >= top,
          pay: seen('fief-pay-send'), done: seen('fief-done'), banner: top};
}"""


def _form_reached_from_the_map(page: Page, shots: Path) -> None:
    """On a phone the form is two screens under the map: the map's bar, in sight
    at the top of the page, says what the phase asks and leads to it, its heading
    under the sticky banner, Pay and Done in sight."""
    page.evaluate("window.scrollTo(0, 0)")
    jump = page.locator(".fief-act[data-mode='negotiate'] #fief-to-negotiation")
    jump.wait_for()
    box = jump.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], box
    assert not page.evaluate(IN_SIGHT)["done"]  # the form was out of sight
    page.screenshot(path=str(shots / "fief-negotiation-bar-phone.png"))
    jump.click()
    page.wait_for_function(
        f"(() => {{ const s = ({IN_SIGHT})(); return s.heading && s.pay && s.done; }})()")
    page.screenshot(path=str(shots / "fief-negotiation-form-phone.png"))
    page.click("#lang-toggle")  # to look at in French too
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.screenshot(path=str(shots / "fief-negotiation-form-phone-fr.png"))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "fief-negotiation-bar-phone-fr.png"))
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")


def _negotiate(payer: Person, payee: Person, tmp_path: Path) -> dict[str, Any]:
    """The payer sends 100 crowns to the payee through the panel's form; both
    pages show the countdown, the transfer and the money; both say Done."""
    for person in (payer, payee):
        person.page.wait_for_selector("#fief-negotiation #fief-countdown")
        _countdown_shown(person.page)
    _form_reached_from_the_map(payee.page, tmp_path)
    before = payer.page.evaluate(NEGOTIATION)
    payer.page.select_option("#fief-pay-to", label=payee.name)
    payer.page.fill("#fief-pay-amount", "100")
    payer.page.click("#fief-pay-send")
    paid = """([seat, to]) => [...window.courtly.state.events.values()]
      .some((e) => e.kind === 'pay' && e.data.seat === seat && e.data.to === to)"""
    for person in (payer, payee):
        person.page.wait_for_function(paid, arg=[payer.seat, payee.seat])
    seen = {}
    for person in (payer, payee):
        info = _countdown_shown(person.page)  # still running after the payment, on both pages
        assert {"seat": payer.seat, "to": payee.seat, "amount": 100} in info["pays"]
        net = [0] * len(before["money"])
        for pay in info["pays"]:  # the bot might pay too meanwhile
            net[pay["seat"]] -= pay["amount"]
            net[pay["to"]] += pay["amount"]
        for seat in (payer.seat, payee.seat):
            assert info["money"][seat] == before["money"][seat] + net[seat], (info, before)
        assert payer.name in info["transfers"] and payee.name in info["transfers"]
        assert "100" in info["transfers"]
        seen[person.name] = info
    # to look at: the negotiation beside the map, and on the phone
    for person in (payer, payee):
        person.page.evaluate("window.scrollTo(0, 0)")
        person.page.screenshot(path=str(tmp_path / f"fief-game-{person.name}.png"))
    payee.page.screenshot(path=str(tmp_path / "fief-game-phone-all.png"), full_page=True)
    no_horizontal_scroll(payee.page)
    for person in (payer, payee):
        person.page.click("#fief-done")
        # the last Done closes the window, and the one-turn game ends with it
        person.page.wait_for_selector(
            f"#fief-done-list li[data-seat='{person.seat}'][data-done='1'], .banner-over")
    return seen


def _story(server: str, tid: str) -> list[str]:
    """The game so far in the engine's words, for a failure's message."""
    return [e["text"] for e in api(server, f"/api/tables/{tid}/state")["events"]
            if e["kind"] != "deal"]


def test_a_three_player_fief_game_through_the_map(server, browser, tmp_path: Path):
    made = new_table(server, "fief", [PERSON, PERSON, BOT], seed=SEED, turn_limit=1)
    tid = made["table"]["id"]
    links = made["links"]["seats"]
    data = api(server, "/api/games/fief")["data"]
    ann_page, ann_errors = open_page(browser)
    take_seat(ann_page, server, links["0"], "Ann")
    bob_page, bob_errors = open_page(browser, 390, 844)
    take_seat(bob_page, server, links["1"], "Bob")
    ann = Person(ann_page, ann_errors, 0, "Ann", ["tournus", "cuisery", MEET], buys=True,
                 shots=tmp_path)
    bob = Person(bob_page, bob_errors, 1, "Bob", ["louhans", MEET], buys=False, shots=tmp_path)
    for person in (ann, bob):
        person.page.wait_for_selector("svg.fief-map")

    fought = elected = negotiated = False
    deadline = time.monotonic() + 150
    while api(server, f"/api/tables/{tid}")["status"] == "playing":
        assert time.monotonic() < deadline, api(server, f"/api/tables/{tid}/state")["phase"]
        acted = ann.step(bob) | bob.step(ann)
        phase = api(server, f"/api/tables/{tid}/state")["phase"]["name"]
        if not fought and (ann.done["answered"] or bob.done["answered"]):
            for person in (ann, bob):  # the battle at MEET, on both pages
                try:
                    person.page.wait_for_function(FOUGHT)
                except PlaywrightTimeout:
                    raise AssertionError(f"no battle at {MEET} on {person.name}'s page: "
                                         f"{_story(server, tid)}") from None
                _check_battle(person.page, data)
                _result_in_full_ink(person.page)
                # the whole page, not the panel's element: an update may draw the panel
                # anew while an element's screenshot waits for it (CI saw one)
                person.page.screenshot(path=str(tmp_path / f"fief-battle-{person.name}.png"),
                                       full_page=True)
            fought = True
        if not elected and phase in ("consecration", "fiefs", "negotiation"):
            for person in (ann, bob):  # every vote as announced, and the result
                person.page.wait_for_selector("#fief-election .fn-tally")
                assert _check_election(person.page)
            elected = True
        if not negotiated and phase == "negotiation":
            _negotiate(ann, bob, tmp_path)
            negotiated = True
        elif not acted:
            time.sleep(0.05)

    for person in (ann, bob):
        person.page.wait_for_selector(".banner-over")
    assert ann.done["bought"], "Ann bought nothing by clicking a village"
    assert ann.done["moved"] or bob.done["moved"], "no lord moved by clicking"
    asked = ann.done["asked"] or bob.done["asked"]
    answered = ann.done["answered"] or bob.done["answered"]
    assert asked and asked[1] == MEET, "no right of way was asked through the map"
    assert answered, "the right of way was not answered from the prompt"
    assert fought and elected and negotiated, (fought, elected, negotiated)
    # a seat with no vote has its abstention made by the server (docs/api.md, forced)
    forced_votes = {e["data"]["seat"] for e in api(server, f"/api/tables/{tid}/state")["events"]
                    if e["kind"] == "vote" and e.get("move", {}).get("by") == "forced"}
    assert all(p.done["voted"] or p.seat in forced_votes for p in (ann, bob)), forced_votes
    assert ann.done["voted"] or bob.done["voted"], "nobody voted through the page"
    assert ann.forms == bob.forms == [], (ann.forms, bob.forms)
    assert ann.errors == [] and bob.errors == []
