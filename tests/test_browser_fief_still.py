"""Fief's page stays put as play goes (a play-test's findings, docs/web.md
"Fief's map" and "How a table page works"): the sticky banner keeps its height
when Undo comes and goes, the bar above the map keeps its room while others
play, the question of what a lord's force does at another's village (attack,
besiege...) is among the bars sized ahead; on a phone the negotiation's banner
is compact and its countdown shown once; and on a touch screen the small
buttons and the cards' "?" are a thumb's 44 px. Fixtures from test_browser.py."""

from __future__ import annotations

import contextlib
import time
import urllib.error
import urllib.parse
from typing import Any

import pytest

from test_browser import (
    BOT,
    PERSON,
    api,
    banner_leads_to,
    browser,
    new_table,
    open_page,
    server,
    take_seat,
)

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name


def _fay(server: str, browser: Any, width: int = 1280, height: int = 800, touch: bool = False,
         name: str = "Fay", **options: Any) -> tuple[dict[str, Any], Any, list[str]]:
    """Fay (or ``name``) at seat 0 of a Fief table with two bots (seed 12, one turn),
    her page open at the choice of regions, her bar above the map."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=options.pop("seed", 12),
                     turn_limit=options.pop("turn_limit", 1), **options)
    page, errors = open_page(browser, width=width, height=height, touch=touch)
    take_seat(page, server, made["links"]["seats"]["0"], name)
    page.wait_for_selector("svg.fief-map")
    return made, page, errors


#: The page drawn again as it is, then with Undo offered, then as it was (the
#: page's own render, on a language change): the map's top and the banner's
#: height each time, read in this one call (an update redraws the page between
#: calls). ``touch``: the Undo's hit area too, read at 21 px from its middle.
UNDO_COMES = """() => {
  const st = window.courtly.state;
  const redraw = () => window.dispatchEvent(new CustomEvent('langchange'));
  const read = () => ({ map: document.querySelector('.fief-viewport').getBoundingClientRect().top,
    banner: document.getElementById('banner').getBoundingClientRect().height,
    undo: !!document.getElementById('undo-button') });
  const was = st.canUndo;
  st.canUndo = false;
  redraw();
  const without = read();
  st.canUndo = true;
  redraw();
  const withUndo = read();
  const b = document.getElementById('undo-button').getBoundingClientRect();
  const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
  const hit = [[x, y - 21], [x, y + 21], [x - 21, y], [x + 21, y]]
    .map(([px, py]) => document.elementFromPoint(px, py)?.closest('#undo-button') !== null);
  st.canUndo = was;
  redraw();
  return { without, withUndo, hit };
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_the_banner_keeps_its_height_when_undo_comes_and_goes(server, browser, width):
    """A play-test: Undo appearing in the sticky banner made it taller, and the
    map under it went down, and up again when Undo went. The banner is as tall
    with it as without, in English and French ("Reprendre"), at a laptop's
    width and on a phone, where a thumb still has 44 px to tap it."""
    touch = width < 700
    _, page, errors = _fay(server, browser, width=width, height=844 if touch else 800, touch=touch)
    page.wait_for_selector(".fief-act[data-mode=region]")
    for lang in ("en", "fr"):
        if lang == "fr":
            page.click("#lang-toggle")
            page.wait_for_function("document.documentElement.lang === 'fr'")
        read = page.evaluate(UNDO_COMES)
        assert read["withUndo"]["undo"] and not read["without"]["undo"], read
        assert read["withUndo"]["banner"] == read["without"]["banner"], (lang, read)
        assert read["withUndo"]["map"] == read["without"]["map"], (lang, read)
        if touch:
            assert all(read["hit"]), (lang, read)
    assert errors == []


#: Fay's turn (the region to choose), then the same turn as another seat's (no
#: legal action, seat 2 to act), then the next phase as another's: the map's
#: top and the bar's mode each time, in one call.
OTHERS_PLAY = """() => {
  const st = window.courtly.state;
  const redraw = () => window.dispatchEvent(new CustomEvent('langchange'));
  const read = () => {
    const bar = document.querySelector('.fief-map-panel > .fief-prompt');
    const box = document.querySelector('.fief-viewport').getBoundingClientRect();
    const map = box.top + window.scrollY;
    return { map, mode: bar ? bar.dataset.mode : null, text: bar ? bar.textContent : null };
  };
  const kept = { legal: st.legal, schema: st.schema, toAct: st.toAct, view: st.view };
  redraw();
  const mine = read();
  Object.assign(st, { legal: [], schema: [], toAct: [2] });
  redraw();
  const theirs = read();
  st.view = { ...st.view, phase: 'cards' };
  redraw();
  const next = read();
  Object.assign(st, kept);
  redraw();
  return { mine, theirs, next };
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_the_bar_above_the_map_keeps_its_room_while_others_play(server, browser, width):
    """A play-test: the bar above the map went when another seat was to play,
    and the map went up, and down again at one's turn. The bar stays, saying
    whom the game waits for, as tall as it was, into the next phase too."""
    touch = width < 700
    _, page, errors = _fay(server, browser, width=width, height=844 if touch else 800, touch=touch)
    page.wait_for_selector(".fief-act[data-mode=region]")
    read = page.evaluate(OTHERS_PLAY)
    assert read["mine"]["mode"] == "region", read
    assert read["theirs"]["mode"] == "wait", read
    assert read["theirs"]["text"] == "Choosing regions: waiting for Seat 3 (bot).", read
    assert read["next"]["text"] == "Cards: waiting for Seat 3 (bot).", read
    assert read["theirs"]["map"] == read["mine"]["map"] == read["next"]["map"], read
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    read = page.evaluate(OTHERS_PLAY)
    assert read["theirs"]["text"] == "Choix des régions\u202f: on attend Place 3 (robot).", read
    assert read["theirs"]["map"] == read["mine"]["map"] == read["next"]["map"], read
    assert errors == []


#: JS: ``base`` (the page's context) and ``root``, a box at the page's width at
#: the top left of the page, for the page's own renderer drawn off the board.
OFF_PAGE_ROOT = """const base = window.courtly.context();
  const root = document.createElement('div');
  const width = document.querySelector('.fief-board').parentElement.offsetWidth;
  root.style.cssText = `position:absolute; left:0; top:0; width:${width}px`;
  document.body.append(root);"""

#: Fay's lord Robert at Berzé (hers), who may go with his two soldiers to Cluny
#: (Seat 2's, where his force may attack, besiege or ask the right of way) or
#: Sennecé (empty): the
#: page's own renderer, off-page at the page's width, clicked as a player
#: would: Robert, then Cluny. The map's top before, with Robert chosen, and
#: with the question of what his force does at Cluny.
STANCE_AHEAD = """() => {
  OFF_PAGE_ROOT
  const lords = { ...base.view.lords,
    robert: { owner: 0, village: 'berze', bishop: null, cardinal: false, outside: false,
              came_from: null, road: null } };
  const view = { ...base.view, phase: 'movement', lords,
    holders: { ...base.view.holders, berze: 0, cluny: 1 },
    soldiers: { ...base.view.soldiers, berze: [0, 2], cluny: [1, 3] } };
  const move = (to, stance) =>
    ({ action: { type: 'move', lord: 'robert', to, stance, soldiers: 2 }, text: '' });
  const legal = [move('sennece', 'enter'),
    ...['attack', 'siege', 'passage'].map((s) => move('cluny', s))];
  const ctx = { ...base, view, legal, schema: [], canAct: true, forced: false, ui: {} };
  const draw = () => { root.replaceChildren(); window.courtly.state.renderer.render(root, ctx); };
  ctx.rerender = draw;
  const top = () => root.querySelector('.fief-viewport').getBoundingClientRect().top;
  const click = (v) => root.querySelector(`.fief-village[data-village="${v}"]`)
    .dispatchEvent(new MouseEvent('click', { bubbles: true }));
  draw();
  const before = top();
  click('berze');
  const chosen = top();
  const lord = root.querySelector('.fief-act').dataset.lord;
  click('cluny');
  const asked = top();
  const stances = [...root.querySelectorAll('.fief-act [data-stance]')]
    .map((b) => b.dataset.stance);
  root.remove();
  return { before, chosen, asked, lord, stances };
}""".replace("OFF_PAGE_ROOT", OFF_PAGE_ROOT)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_question_of_what_a_force_does_is_sized_ahead(server, browser, width):
    """A play-test: a lord chosen, a click on another's village asked "what does
    the force do?" (attack, besiege, ask the right of way) in a taller bar, and
    the map moved under the finger. That question is among the bars sized
    ahead: the map stays where it was from the lord chosen to the question (and
    on a laptop from the first click, the lord's bar and the question's room
    kept from the first; on a phone they are more than the 15% of the window
    kept empty at most, docs/web.md)."""
    touch = width < 700
    _, page, errors = _fay(server, browser, width=width, height=844 if touch else 800, touch=touch)
    read = page.evaluate(STANCE_AHEAD)
    assert read["lord"] == "robert" and read["stances"] == ["attack", "siege", "passage"], read
    assert read["chosen"] == read["asked"], read
    if not touch:  # a phone's first click adds more than AHEAD_AT_MOST (15% of the window)
        assert read["before"] == read["chosen"], read
    assert errors == []


#: Fay at the purchases with 1,000 crowns and Berzé (hers): the page's own renderer,
#: off-page at the page's width, clicked as a player would: Berzé (its offers
#: shown), then Cancel. The map's top and the bar's height each time.
BUY_AND_BACK = """() => {
  OFF_PAGE_ROOT
  const money = [...base.view.money];
  money[0] = 1000;
  const view = { ...base.view, phase: 'purchases', money,
    holders: { ...base.view.holders, berze: 0 } };
  const buy = (item, count) =>
    ({ action: { type: 'buy', item, village: 'berze', count }, text: '' });
  const legal = [{ action: { type: 'end_turn' }, text: '' },
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => buy('soldier', n)),
    buy('mill', 1), buy('press', 1), buy('castle', 1)];
  const ctx = { ...base, view, legal, schema: [], canAct: true, forced: false, ui: {} };
  const draw = () => { root.replaceChildren(); window.courtly.state.renderer.render(root, ctx); };
  ctx.rerender = draw;
  const read = () => ({ map: root.querySelector('.fief-viewport').getBoundingClientRect().top,
    bar: root.querySelector('.fief-act').getBoundingClientRect().height });
  draw();
  const before = read();
  root.querySelector('.fief-village[data-village="berze"]')
    .dispatchEvent(new MouseEvent('click', { bubbles: true }));
  const offers = { ...read(), shown: !!root.querySelector('.fief-buy-button') };
  root.querySelector('.fief-act .fief-cancel').click();
  const back = read();
  root.remove();
  return { before, offers, back, most: 0.15 * window.innerHeight };
}""".replace("OFF_PAGE_ROOT", OFF_PAGE_ROOT)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_bar_gives_back_the_room_of_a_village_s_offers(server, browser, width):
    """A play-test: on a phone, after buying at a village, the bar above the map
    kept the offers' height, some 200 px of empty box, and the map began under
    the fold. A room kept, or carried into the next bar, now leaves at most
    AHEAD_AT_MOST (15%) of the window empty: offers taller than that (a
    phone's, and here a laptop's too) close and the map comes back up; offers
    that fit are kept from the first, and the map stays where it was."""
    touch = width < 700
    _, page, errors = _fay(server, browser, width=width, height=844 if touch else 800, touch=touch)
    read = page.evaluate(BUY_AND_BACK)
    assert read["offers"]["shown"], read
    assert read["back"]["bar"] - read["before"]["bar"] <= read["most"], read
    if read["offers"]["bar"] - read["before"]["bar"] > read["most"]:  # the play-test's phone
        assert read["back"]["map"] == read["before"]["map"], read
    else:
        assert read["before"]["map"] == read["offers"]["map"] == read["back"]["map"], read
    assert errors == []


def _until_negotiation(server: str, made: dict[str, Any]) -> None:
    """Fay (seat 0) plays over the API, ending each phase at once (her region first),
    until the negotiation, which she is in."""
    tid = made["table"]["id"]
    link = urllib.parse.urlparse(made["links"]["seats"]["0"])
    token = urllib.parse.parse_qs(link.query)["token"][0]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = api(server, f"/api/tables/{tid}/state?token={token}")
        phase = state.get("phase") or {}
        if phase.get("name") == "negotiation" and 0 in (phase.get("may_act") or []):
            return
        assert state["table"]["status"] == "playing", state["table"]["status"]
        legal = [entry["action"] for entry in state.get("legal") or []]
        if 0 in (phase.get("to_act") or []) and legal:
            pick = next((a for a in legal if a["type"] in ("choose_region", "end_turn")), legal[0])
            # refused when the state moved on meanwhile: read it again
            with contextlib.suppress(urllib.error.HTTPError):
                api(server, f"/api/tables/{tid}/actions", {"token": token, "action": pick})
        time.sleep(0.05)
    raise AssertionError("no negotiation came")


#: The banner at this instant: its height, its lines of text, how many
#: countdowns it shows, whether it names the phase in its chip too.
BANNER = """() => {
  const banner = document.getElementById('banner');
  const text = banner.querySelector('.banner-text');
  const line = parseFloat(getComputedStyle(text).lineHeight);
  return { height: banner.getBoundingClientRect().height,
    lines: Math.round(text.getBoundingClientRect().height / line),
    countdowns: [...banner.querySelectorAll('.countdown')].filter((c) => c.offsetParent).length,
    chipName: !!banner.querySelector('#phase-name'),
    text: text.innerText, negotiation: window.courtly.state.phase?.name === 'negotiation' };
}"""


def test_the_negotiation_banner_is_compact_on_a_phone(server, browser):
    """A play-test: on a phone the negotiation's banner took two lines and a third
    for a chip naming the phase again with its countdown, a third of the screen
    with the top bar. Now the chip is the countdown alone, beside the text, and
    who else negotiates is left to the negotiation's panel: two lines at most,
    one countdown, in English and in French."""
    made, page, errors = _fay(server, browser, width=390, height=844, touch=True, seed=4,
                              turn_limit=2, name="Fayette-Marguerite")
    _until_negotiation(server, made)
    page.wait_for_selector(".fief-act[data-mode=negotiate]")
    for lang in ("en", "fr"):
        if lang == "fr":
            page.click("#lang-toggle")
            page.wait_for_function("document.documentElement.lang === 'fr'")
        read = page.evaluate(BANNER)
        assert read["negotiation"], read
        assert read["countdowns"] == 1 and not read["chipName"], read
        assert read["lines"] <= 2 and read["height"] <= 64, read
        assert read["text"].startswith(("Negotiation: pay", "Négociation\u202f: payez")), read
        assert "negotiating" not in read["text"] and "Négocient" not in read["text"], read
    assert errors == []


def test_the_negotiation_banner_leads_a_phone_to_its_panel(server, browser):
    """A play-test: a spectator's phone read only "Negotiation." and a countdown
    (who is still in is the banner's aside, which a phone leaves out), the
    negotiation's panel two screens down, under the map. The banner's words link
    to that panel, for a spectator and for a player: a tap brings it under the
    sticky bars, its list of who is done in sight."""
    made, page, errors = _fay(server, browser, width=390, height=844, touch=True, seed=4,
                              turn_limit=2, name="Fayette-Marguerite")
    _until_negotiation(server, made)
    watcher, watcher_errors = open_page(browser, width=390, height=844, touch=True)
    watcher.goto(f"{server}/table/{made['table']['id']}")
    for reader in (watcher, page):
        banner_leads_to(reader, "fief-negotiation")
    assert watcher.locator(".banner a.banner-jump").inner_text() == "Negotiation."
    assert watcher.locator("#fief-done-list").is_visible()
    # each seat's state ("negotiating", "✓ done") on its name's line, at its
    # right: a phone once wrapped "negotiating" under a long name, as if part of it
    for reader in (watcher, page):
        rows = reader.eval_on_selector_all("#fief-done-list li", """(lis) => lis.map((li) => {
          const state = li.lastElementChild.getBoundingClientRect();
          const box = li.getBoundingClientRect();
          return { text: li.textContent, below: state.top - box.top, height: state.height,
                   right: state.right, edge: box.right };
        })""")
        assert len(rows) == 3
        for row in rows:
            assert row["below"] < row["height"] / 2 and row["right"] <= row["edge"] + 0.5, row
    assert errors == [] and watcher_errors == []


#: On a touch screen, every small button and card "?" shown (a hand of cards
#: and Undo put in, the page drawn again, all read in this one call): for each,
#: its box and whether a tap 21 px from its middle, each way, lands on it.
TARGETS = """(hand) => {
  const st = window.courtly.state;
  const kept = { view: st.view, canUndo: st.canUndo };
  st.view = { ...st.view, hand };
  st.canUndo = true;
  window.dispatchEvent(new CustomEvent('langchange'));
  const out = [];
  for (const el of document.querySelectorAll('button.small, .card-help-button')) {
    if (!el.offsetParent || el.classList.contains('undo-room')) continue;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const lands = [[x, y - 21], [x, y + 21], [x - 21, y], [x + 21, y]]
      .map(([px, py]) => document.elementFromPoint(px, py)?.closest('button') === el);
    out.push({ what: `${el.className} ${el.textContent || el.getAttribute('aria-label')}`,
      width: r.width, height: r.height, lands, help: el.classList.contains('card-help-button'),
      banner: !!el.closest('#banner') });
  }
  Object.assign(st, kept);
  window.dispatchEvent(new CustomEvent('langchange'));
  return out;
}"""


def test_small_buttons_and_card_help_are_a_thumbs_size_on_a_touch_screen(server, browser):
    """A play-test: the small buttons (End this phase, Cancel, a stepper's − and
    +, Undo) and the cards' "?" were under 44 px, too small for a thumb. On a
    touch screen a small button is 44 px each way at least; the "?" and the
    banner's Undo keep their looks and take a tap 21 px from their middle."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector(".fief-act[data-mode=region]")
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    found = page.evaluate(TARGETS, ["royal_tithe", "famine", "lord:gauvain"])
    assert any(f["help"] for f in found) and any(f["banner"] for f in found), found
    assert any(not f["help"] and not f["banner"] for f in found), found
    for f in found:
        assert all(f["lands"]), f
        if not f["help"] and not f["banner"]:
            assert f["width"] >= 44 and f["height"] >= 44, f
    assert errors == []
    context.close()
