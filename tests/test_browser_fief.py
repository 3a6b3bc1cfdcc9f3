"""Fief's map in a real Chromium (issue 13): the SVG drawn from the game's data
(24 villages, the roads), the view's pieces on it (holders' rings, soldier
counts), and a whole game (one turn) played through the forms under the map,
with no error in the page, at a laptop's and a phone's width. Fixtures from
test_browser.py."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from test_browser import (
    BOT,
    PERSON,
    act_through_forms,
    api,
    browser,
    new_table,
    no_horizontal_scroll,
    open_page,
    server,
    shots,
    take_seat,
    whole_lines_at_end,
)

pytestmark = pytest.mark.slow
__all__ = ["browser", "server", "shots"]  # fixtures used by name


def _check_pieces(page) -> None:
    """The rings and soldier counts on the map are the view's, read at one instant."""
    drawn = page.evaluate("""() => {
      const view = window.courtly.state.view;
      const rings = {}, counts = {};
      for (const g of document.querySelectorAll('.fief-village')) {
        const ring = g.querySelector('.fief-holder');
        rings[g.dataset.village] = ring ? Number(ring.dataset.seat) : null;
        const s = g.querySelector('.fief-soldiers');
        if (s) counts[g.dataset.village] = [Number(s.dataset.seat), Number(s.dataset.count)];
      }
      return {rings, counts, holders: view.holders, soldiers: view.soldiers};
    }""")
    assert drawn["rings"] == drawn["holders"]
    expected = {v: s for v, s in drawn["soldiers"].items() if s[1]}
    assert drawn["counts"] == expected


#: Each seat's colours, read at one instant: its badge in the seats list, the
#: host's panel and the players' panel, its lines' mark in the log, its
#: holder's ring on the map (all as computed rgb()), and every region ink's
#: contrast with the text the badges write on it.
COLOURS = """async () => {
  const rgb = (c) => {
    const probe = document.createElement('i');
    probe.style.color = c;
    document.body.append(probe);
    const out = getComputedStyle(probe).color;
    probe.remove();
    return out;
  };
  const seats = {};
  for (const li of document.querySelectorAll('#seats li[data-seat]')) {
    const n = li.dataset.seat;
    const ring = document.querySelector(`.fief-holder[data-seat="${n}"]`);
    const panel = document.querySelector(`.fief-player[data-seat="${n}"] .avatar`);
    const host = document.querySelector(`#host-panel .host-seat[data-seat="${n}"] .avatar`);
    seats[n] = {badge: getComputedStyle(li.querySelector('.avatar')).backgroundColor,
                ring: ring ? rgb(ring.getAttribute('stroke')) : null,
                panel: panel ? getComputedStyle(panel).backgroundColor : null,
                host: host ? getComputedStyle(host).backgroundColor : null,
                log: [...new Set([...document.querySelectorAll(
                  `#log .log-line[data-seat="${n}"]:not(.log-highlight):not(.log-server)`)]
                  .map((l) => getComputedStyle(l).borderLeftColor))]};
  }
  const {INK} = await import('/static/games/fief_data.js');
  const {contrast, textOn} = await import('/static/js/dom.js');
  const ratios = Object.values(INK).map((ink) => contrast(ink, textOn(ink)));
  return {seats, ratios};
}"""


def _check_colours(page) -> None:
    """Each seat's badge, in the seats list, the host's panel and the players'
    panel, and the mark of its lines in the log are in the colour of its pieces
    on the map; its number reads on every region's ink
    (WCAG AA, 4.5:1)."""
    read = page.evaluate(COLOURS)
    assert read["seats"] and all(s["ring"] for s in read["seats"].values()), read
    for seat in read["seats"].values():
        assert seat["badge"] == seat["ring"] == seat["panel"] == seat["host"], read
        assert seat["log"] in ([], [seat["ring"]]), read  # its lines' mark in the log
    assert min(read["ratios"]) >= 4.5, read["ratios"]


def _log_opens_whole(page) -> None:
    """Opened again, the long log shows whole lines, the newest at the bottom."""
    page.reload()
    page.wait_for_selector(".banner-over")
    page.wait_for_timeout(300)
    whole_lines_at_end(page, "log", ".log-line")


#: This seat's turn, read at one instant once it has come (null before; the
#: game's end counts as one): whether its actions name villages (purchases,
#: movement) and how many villages the map outlines for them. Waiting for the
#: seat's own turn, not reading the page while the bots play, leaves no gap in
#: which the turn could arrive between the reading and the acting.
MY_TURN = """() => {
  const s = window.courtly.state;
  if (s.pending) return null;
  if (s.table && s.table.status === 'over') return {over: true};
  if (!s.toAct.includes(s.seat) && !s.mayAct.includes(s.seat)) return null;
  return {over: false,
          map: !!s.phase && ['purchases', 'movement'].includes(s.phase.name)
               && s.toAct.includes(s.seat),
          targets: document.querySelectorAll('.fief-village.target').length};
}"""


#: Whether some form under the map has the village ``name`` chosen in a field: the
#: village itself (a purchase), or a lord standing there (a move's first click picks
#: the lord at that village).
FILLED_WITH = """(name) => [...document.querySelectorAll('.generic-actions select')].some((sel) => {
  const [type, field] = sel.dataset.field.split('.');
  const entry = (window.courtly.state.schema || []).find((e) => e.type === type);
  const spec = entry && entry.fields[field];
  if (!spec || !Array.isArray(spec.values)) return false;
  const value = spec.values[Number(sel.value)];
  const lord = (window.courtly.state.view.lords || {})[value];
  return value === name || (field === 'lord' && !!lord && lord.village === name);
})"""


#: The labels of the forms' menus that name villages, lords, cards and regions.
FORM_LABELS = """() => [...document.querySelectorAll('.generic-actions select')]
  .filter((s) => /\\.(village|to|capital|lord|card|region|bishopric)$/.test(s.dataset.field))
  .flatMap((s) => [...s.options].map((o) => o.textContent))"""


def _forms_named(page) -> int:
    """The forms under the map name villages, lords and cards as the map and the
    hand do, never by the engine's ids ("bourg", "lord:eric", "null"); the count
    of such labels."""
    labels = page.evaluate(FORM_LABELS)
    raw = [label for label in labels if label == "null" or re.fullmatch(r"[a-z_:]+", label)]
    assert not raw, f"engine ids in the forms: {raw}"
    return len(labels)


def test_the_fief_map_and_a_whole_turn_through_it(server, browser, tmp_path: Path):
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=1)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    page.goto(server + "/")  # this browser created the table: it keeps the host's token
    page.evaluate("([tid, token]) => localStorage.setItem(`courtly.host.${tid}`, token)",
                  [tid, made["links"]["host"].split("host=")[1]])
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    assert page.locator("svg.fief-map .fief-village").count() == 24
    roads = api(server, "/api/games/fief")["data"]["board"]["roads"]
    assert page.locator("svg.fief-map .fief-road").count() == len(roads) > 0
    assert page.locator(".fief-bishopric").count() == 4
    assert page.locator(".generic-view").count() == 0  # the map, not the tree
    no_horizontal_scroll(page)

    shot_taken = clicked = False
    named = 0
    deadline = time.monotonic() + 120
    while api(server, f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, (
            f"the game did not end: {api(server, f'/api/tables/{tid}/state')['phase']}")
        turn = page.wait_for_function(MY_TURN, timeout=60_000).json_value()
        if turn["over"]:
            break
        if not clicked and turn["map"] and turn["targets"]:
            # a village on the map fills the forms' village field with it
            village = page.locator(".fief-village.target").last
            name = village.get_attribute("data-village")
            village.click()
            assert page.locator(".fief-village.selected").get_attribute("data-village") == name
            # a form holds it (read from the form's value, which a re-render keeps, not
            # from its passing highlight: an update landing meanwhile redraws the forms)
            assert page.evaluate(FILLED_WITH, name)
            clicked = True
            continue

        def shoot() -> None:
            nonlocal shot_taken, named
            named += _forms_named(page)
            if not shot_taken and page.locator(".fief-soldiers").count():
                _check_pieces(page)
                _check_colours(page)
                # the README's docs/screenshots/fief.png is test_browser_fief_game.py's
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(tmp_path / "fief-turn.png"))
                page.set_viewport_size({"width": 390, "height": 844})
                no_horizontal_scroll(page)
                page.screenshot(path=str(tmp_path / "fief-phone.png"), full_page=True)
                page.set_viewport_size({"width": 1280, "height": 800})
                shot_taken = True

        act_through_forms(page, before_form=shoot)
    page.wait_for_selector(".banner-over")
    _check_pieces(page)
    _log_opens_whole(page)
    page.set_viewport_size({"width": 390, "height": 844})
    _log_opens_whole(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert shot_taken and clicked, "no purchase or move of this seat outlined a village"
    assert named > 0
    # the game's own "start" (the banker, the order of play) is told, not taken for the server's
    log = page.locator("#log").text_content()
    assert "is the banker and plays first" in log and log.count("the game begins") == 1
    # the last move is told as the log tells it (not the engine's English, nor its raw scores)
    last = page.locator("#last-move li").all_text_contents()
    marked = page.locator("#log .log-line[aria-current]").all_text_contents()
    assert last and last == marked
    assert not any("scores" in line for line in last)
    assert errors == []


# ----- acting on the map (issue 13: "acting on the map, not in lists") -------------------------

#: One atomic read of what the map offers this seat now.
READ_MAP = """() => {
  const st = window.courtly.state;
  const bar = document.querySelector('.fief-act');
  const question = document.querySelector('.fief-question');
  const marked = (cls) => [...document.querySelectorAll(`.fief-village.${cls}`)]
    .map((g) => g.dataset.village);
  return {
    pending: st.pending, phase: st.phase && st.phase.name, seat: st.seat,
    // a move the server makes itself (forced: nothing to choose) is not the test's to make
    mine: (st.toAct.includes(st.seat) || st.mayAct.includes(st.seat)) && !st.forced,
    moves: st.legal.map((l) => l.action).filter((a) => a.type === 'move'),
    question: question ? question.dataset.kind : null,
    mode: bar ? bar.dataset.mode : null, lord: bar ? bar.dataset.lord : null,
    targets: marked('target'), selected: marked('selected'),
    money: st.view.money[st.seat], lords: st.view.lords, region: st.view.regions[st.seat],
  };
}"""


def _fay_at_fief(server: str, browser: Any) -> tuple[dict[str, Any], Any, list[str]]:
    """Fay at seat 0 of a one-turn Fief table with two bots (seed 12), her page
    open on the map: the table as made, the page, its errors."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    return made, page, errors


def _read(page) -> dict:
    page.wait_for_function("!window.courtly.state.pending")
    return page.evaluate(READ_MAP)


def _shoot(page, path: Path) -> None:
    """The map's panel, its bar at the top (the page scrolled to it, under the sticky banner)."""
    page.evaluate("document.querySelector('.fief-map-panel').scrollIntoView()")
    page.evaluate("window.scrollBy(0, -110)")
    page.screenshot(path=str(path))


def _village(page, village: str) -> None:
    page.locator(f'.fief-village[data-village="{village}"]').click()


def _choose_lord(page, home: str) -> dict:
    _village(page, home)
    if page.locator(".fief-act .fief-choice[data-lord]").count():
        page.locator(".fief-act .fief-choice[data-lord]").first.click()
    return _read(page)


def _move_by_clicking(page, shot: Path) -> str | None:
    """Click a lord of this seat on the map (Esc lets him go; again), then a
    village he may reach (a stance if asked): he stands there (or at its gate)."""
    home = _read(page)["targets"][0]
    before = page.evaluate(MAP_AT)
    state = _choose_lord(page, home)
    # the bar says more of a lord chosen, the map not moved: the next click lands where aimed
    assert page.evaluate(MAP_AT) == before, "the map moved when the lord was chosen"
    if state["lord"]:
        page.keyboard.press("Escape")
        state = _read(page)
        assert not state["lord"] and home in state["targets"]
        assert page.evaluate(MAP_AT) == before, "the map moved when the lord was let go"
        state = _choose_lord(page, home)
        assert page.evaluate(MAP_AT) == before, "the map moved when the lord was chosen again"
    if state["mode"] != "move" or not state["lord"]:
        return None  # the turn moved on meanwhile
    lord = state["lord"]
    assert state["selected"] == [home] and state["lords"][lord]["village"] == home
    hint = page.text_content(".fief-lord-chosen")
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):  # a phone: no Esc key
        assert "Esc" not in hint and "Échap" not in hint, hint
        assert "tap" in hint or "touchez" in hint, hint
    else:
        assert "Esc" in hint or "Échap" in hint, hint
    legal_to = {a["to"] for a in state["moves"] if a["lord"] == lord}
    dests = [v for v in state["targets"] if v != home]
    assert dests and set(dests) <= legal_to, (dests, legal_to)
    _shoot(page, shot)
    _village(page, dests[0])
    if page.locator(".fief-act [data-stance]").count():
        page.locator(".fief-act [data-stance]").first.click()
    page.wait_for_function("([lord, to]) => window.courtly.state.view.lords[lord].village === to",
                           arg=[lord, dests[0]])
    return lord


def _buy_by_clicking(page, shot: Path) -> bool:
    """Click a village outlined in the purchases, then an offer by the map: the money goes.
    Before, the bar above the map keeps no more room empty for the offers to come than
    15% of the window (a phone's play-test found two thirds of the map under an empty
    box kept for them)."""
    state = _read(page)
    empty = page.evaluate("""() => {
      const bar = document.querySelector('.fief-map-panel > .fief-prompt');
      const inner = [...bar.children].reduce((h, el) => h + el.getBoundingClientRect().height, 0);
      return (bar.getBoundingClientRect().height - inner) / window.innerHeight;
    }""")
    assert empty <= 0.2, f"{empty:.0%} of the window left empty above the map"
    village = state["targets"][-1]
    _village(page, village)
    offer = page.locator(".fief-buy-button").first
    offer.wait_for()
    assert page.evaluate("document.querySelector('.fief-act').dataset.village") == village
    price = int(offer.get_attribute("data-price"))
    _shoot(page, shot)
    offer.click()
    page.wait_for_function("([seat, money]) => window.courtly.state.view.money[seat] === money",
                           arg=[state["seat"], state["money"] - price])
    return True


def _region_by_clicking(page, server, state: dict) -> str:
    """Click a village of a region on offer: that region is the seat's."""
    village = state["targets"][0]
    _village(page, village)
    page.wait_for_function("(seat) => window.courtly.state.view.regions[seat] !== null",
                           arg=state["seat"])
    chosen = _read(page)["region"]
    villages = api(server, "/api/games/fief")["data"]["board"]["villages"]
    assert chosen == next(v["region"] for v in villages if v["id"] == village)
    return chosen


def _attack_by_clicking(page, server, shot: Path) -> str:
    """Play the first attack by the map, then click its target: a village of
    the region struck, or the lord. The log tells the attack on it."""
    choice = page.locator(".fief-act .fief-choice-card").first  # the card explains itself
    assert choice.locator(".card-help-button").count() == 1
    choice.hover()
    page.wait_for_selector("#card-help:visible")
    assert page.locator("#card-help").text_content().strip()
    page.mouse.move(1, 1)
    page.wait_for_selector("#card-help", state="hidden")
    page.locator(".fief-act .fief-attack").first.click()
    state = _read(page)
    assert state["targets"], "no target outlined for the attack"
    before = page.evaluate("Math.max(-1, ...window.courtly.state.events.keys())")
    _shoot(page, shot)
    board = api(server, "/api/games/fief")["data"]["board"]
    region_of = {v["id"]: v["region"] for v in board["villages"]}
    others = [v for v in state["targets"] if region_of[v] != state["region"]]
    village = (others or state["targets"])[0]
    _village(page, village)
    if page.locator(".fief-act .fief-choice[data-lord]").count():
        page.locator(".fief-act .fief-choice[data-lord]").first.click()
    spot = next(v for v in board["villages"] if v["id"] == village)
    region = next(r["name"] for r in board["regions"] if r["id"] == spot["region"])
    seat = state["seat"]
    # the log's new lines, read at the instant the seat's move is in it
    texts = page.wait_for_function("""([before, seat]) => {
      const after = [...window.courtly.state.events.values()].filter((e) => e.index > before);
      return after.some((e) => e.move && e.move.seat === seat) && after.map((e) => e.text);
    }""", arg=[before, seat]).json_value()
    assert any(region in t or "ssassin" in t for t in texts), texts
    return region


def _help_on_hover(page, el) -> str:
    """The card help an element shows while the pointer is over it."""
    el.hover()
    page.wait_for_selector("#card-help:visible")
    text = page.locator("#card-help").text_content()
    page.mouse.move(1, 1)
    page.wait_for_selector("#card-help", state="hidden")
    return text


def _lord_card_helps(page, lord: str) -> None:
    """The lord card explains itself by the map and in the "Lay a lord" form's
    menu as in the hand: on hover, and on a tap of its "?"."""
    expected = _help_on_hover(page, page.locator(f'.fief-hand .fief-card[data-card="lord:{lord}"]'))
    choice = page.locator(".fief-act .fief-choice-card", has=page.locator(f'[data-lord="{lord}"]'))
    assert _help_on_hover(page, choice) == expected
    menu = ".generic-actions form[data-kind=play_lord] .gf-choice"
    page.locator(f"{menu} select").select_option(label=choice.locator(".fief-lay").text_content())
    assert _help_on_hover(page, page.locator(menu)) == expected
    page.locator(f"{menu} .card-help-button").click()
    page.wait_for_selector("#card-help:visible")
    assert page.locator("#card-help").text_content() == expected
    page.locator(f"{menu} .card-help-button").click()
    page.wait_for_selector("#card-help", state="hidden")


#: The forms below the map with a cardinal to ask for Henry, Fay's bishop (the
#: page's own renderer, in the page): the "Make a cardinal" form's help button.
CARDINAL_FORM = """() => {
  const ctx = window.courtly.context();
  const lords = { henry: { owner: 0, village: 'berze', bishop: 'tournus', cardinal: false,
                           outside: false, came_from: null, road: null } };
  const view = { ...ctx.view, phase: 'cards', lords };
  const legal = [{ action: { type: 'take_cardinal', lord: 'henry' }, text: '' },
                 { action: { type: 'end_turn' }, text: '' }];
  const schema = [{ type: 'take_cardinal', fields: { lord: { values: ['henry'] } } },
                  { type: 'end_turn', fields: {} }];
  const root = document.createElement('div');
  document.body.append(root);
  window.courtly.state.renderer.render(root, { ...ctx, view, legal, schema, canAct: true,
                                               forced: false, ui: {}, rerender: () => {} });
  const help = root.querySelector('form[data-kind=take_cardinal] .card-help-button');
  return help ? help.closest('.gf-choice').dataset.helpFor : null;
}"""


def test_the_cardinal_form_explains_the_cardinal(server, browser):
    """A play-test: "Make a cardinal" had a lord's menu and a button, no help,
    and read like a purchase. Beside the bishop's menu a "?" gives the cardinal
    card's help (asked of the bank: a vote more, crowns a King alone, no tithe),
    as the discard form has the card's."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(CARDINAL_FORM) == "take_cardinal.lord"
    page.locator("form[data-kind=take_cardinal] .card-help-button").last.click()
    page.wait_for_selector("#card-help:visible")
    assert "asked of the bank for one of your bishops" in page.locator("#card-help").text_content()
    assert errors == []


#: Where the map stands on the page: its left, its top (the page's, not the window's), its width.
MAP_AT = """() => {
  const r = document.querySelector('.fief-viewport').getBoundingClientRect();
  return [Math.round(r.left), Math.round(r.top + window.scrollY), Math.round(r.width)];
}"""


def _lay_by_clicking(page) -> str:
    """Lay a lord of the hand: his button by the map, then a village outlined: he is there."""
    button = page.locator(".fief-act .fief-lay").first
    lord = button.get_attribute("data-lord")
    _lord_card_helps(page, lord)
    before = page.evaluate(MAP_AT)
    button.click()
    targets = _read(page)["targets"]
    if page.text_content("#fief-zoom-level") != "×1":  # zoomed (a phone): the map stays on home
        assert page.evaluate("""(ids) => {
          const box = document.querySelector('.fief-viewport').getBoundingClientRect();
          return ids.some((id) => {
            const r = document.querySelector(`.fief-village[data-village="${id}"]`)
              .getBoundingClientRect();
            return r.left >= box.left && r.right <= box.right
              && r.top >= box.top && r.bottom <= box.bottom;
          });
        }""", targets), "no village where he may arrive is in sight"
    # the bar shorter by a line of buttons, the map not moved: a click aimed before lands
    assert page.evaluate(MAP_AT) == before, "the map moved when the lord was chosen"
    village = targets[0]
    _village(page, village)
    page.wait_for_function(
        "([lord, to]) => (window.courtly.state.view.lords[lord] || {}).village === to",
        arg=[lord, village])
    return lord


def _answer(page, shot: Path | None) -> None:
    if shot is not None:
        _shoot(page, shot)
    page.locator(".fief-question .fief-answer").first.click()
    time.sleep(0.1)


def _play_through_the_map(page, server, tid: str, shots: Path, width: str) -> dict:
    """Play this seat's part to the end, through the map where it can: the
    region, a lord laid, an attack, a move, a purchase, every question answered
    from the prompt by the map."""
    done: dict = {"region": None, "laid": None, "attacked": None, "moved": None, "bought": False,
                  "answered": []}
    deadline = time.monotonic() + 150
    width = page.evaluate(MAP_AT)[2]
    while api(server, f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, api(server, f"/api/tables/{tid}/state")["phase"]
        state = _read(page)
        # the map keeps its width whatever comes beside it (the battle, the election)
        assert page.evaluate(MAP_AT)[2] == width, (state["phase"], page.evaluate(MAP_AT), width)
        mode = state["mode"]
        if not state["mine"]:
            time.sleep(0.1)
        elif mode == "region" and not done["region"]:
            done["region"] = _region_by_clicking(page, server, state)
        elif state["question"]:
            _answer(page, None if done["answered"] else shots / f"fief-question-{width}.png")
            done["answered"].append(state["question"])
        elif mode == "cards" and not done["laid"] and page.locator(".fief-lay").count():
            done["laid"] = _lay_by_clicking(page)
        elif mode == "cards" and not done["attacked"] and page.locator(".fief-attack").count():
            done["attacked"] = _attack_by_clicking(page, server, shots / f"fief-attack-{width}.png")
        elif mode == "move" and done["moved"] is None and state["targets"]:
            done["moved"] = _move_by_clicking(page, shots / f"fief-move-{width}.png")
        elif mode == "buy" and not done["bought"] and state["targets"]:
            done["bought"] = _buy_by_clicking(page, shots / f"fief-buy-{width}.png")
        elif mode in ("move", "buy") and page.locator(".fief-act .fief-end").count():
            page.locator(".fief-act .fief-end").click()  # the phase ended from the bar by the map
            time.sleep(0.1)
        else:
            act_through_forms(page)
    return done


def test_moves_purchases_and_answers_on_the_map(server, browser, tmp_path: Path):
    made, page, errors = _fay_at_fief(server, browser)
    done = _play_through_the_map(page, server, made["table"]["id"], tmp_path, "laptop")
    assert done["region"], "the region was not chosen on the map"
    assert done["laid"], "no lord was laid by clicking his village"
    assert done["attacked"], "no attack was played by clicking its target"
    assert done["moved"], "no lord of this seat was moved by clicking"
    assert done["bought"], "nothing was bought by clicking a village"
    assert done["answered"], "no question was answered from the prompt"
    page.wait_for_selector(".banner-over")
    assert errors == []


def test_a_player_without_a_lord_is_told_so_at_movement(server, browser):
    """A player who laid no lord is not told his lords "have no trip left";
    his "End" there, the only move, which everyone can see, is made for him
    by the server (State.forced_publicly), the bar saying why and so."""
    _, page, errors = _fay_at_fief(server, browser)
    # every bar the server's own moves showed, however briefly
    page.evaluate("""() => {
      window.forcedBars = [];
      new MutationObserver(() => {
        const bar = document.querySelector('.fief-act[data-mode="forced"]');
        // and no form below the map asks anything meanwhile
        const asked = !document.querySelector('#actions-forced')
          || !!document.querySelector('.generic-actions form, .generic-actions button');
        if (bar) window.forcedBars.push([window.courtly.state.phase.name,
          bar.querySelector('.fief-rest').dataset.rest, bar.textContent, asked]);
      }).observe(document.body, { childList: true, subtree: true });
    }""")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no movement phase came"
        state = _read(page)
        if any(bar[0] == "movement" for bar in page.evaluate("window.forcedBars")):
            break
        if not state["mine"]:
            time.sleep(0.05)
        elif state["mode"] == "region":
            # before turn 1 the side panel says so (it said "Turn 0 of 1")
            assert page.locator(".fief-turn").text_content().startswith("Before turn 1 (of 1)")
            _region_by_clicking(page, server, state)
            page.wait_for_function(
                "document.querySelector('.fief-turn').textContent === 'Turn 1 of 1'")
        elif state["question"]:
            _answer(page, None)
        elif page.locator(".fief-act .fief-end").count():
            page.locator(".fief-act .fief-end").click()  # never lays a lord
            time.sleep(0.1)
        else:
            act_through_forms(page)
    assert not state["mine"] or state["phase"] != "movement", "asked to end the movement"
    assert not any(lord["owner"] == 0 for lord in state["lords"].values())
    _, rest, text, asked = next(b for b in page.evaluate("window.forcedBars")
                                if b[0] == "movement")
    assert rest == "no_lord" and not asked
    assert "no lord on the map" in text
    assert "Your only move is made for you: End this phase." in text
    assert errors == []


#: A move the server made for seat 0 (its abstention, which closed the election), as
#: the updates bring it: the vote and the election's result both carry the move.
FORCED_VOTE = """() => {
  const st = window.courtly.state;
  const at = Math.max(0, ...st.events.keys()) + 1000;
  const move = { seat: 0, by: 'forced' };
  st.events.set(at, { index: at, kind: 'vote', text: 'Seat 1 abstains.',
    data: { seat: 0, lord: null, votes: 0 }, move });
  st.events.set(at + 1, { index: at + 1, kind: 'election', text: 'Louis is elected king (3 votes).',
    data: { lord: 'louis', tally: { louis: 3 } }, move });
  window.dispatchEvent(new CustomEvent('langchange'));  // the page draws itself again
  const line = (i) => document.querySelector(`#log li[data-index="${i}"]`);
  return [at, at + 1].map((i) => ({ text: line(i).textContent,
    tagged: !!line(i).querySelector('.forced-mark') }));
}"""


def test_only_the_forced_move_itself_is_tagged_in_the_log(server, browser):
    """The log tags "only move" on the line of the move the server made (the
    seat's abstention), not on what followed from it: "Louis is elected king"
    closed by that abstention is nobody's only move (docs/web.md)."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("#log .log-line")
    vote, election = page.evaluate(FORCED_VOTE)
    assert vote["tagged"] and "Fay abstains" in vote["text"], vote
    assert not election["tagged"] and "Louis is elected King" in election["text"], election
    # one vote is "1 vote" (a play-test read "Louis is elected King (1 votes).")
    one = page.evaluate("""() => window.courtly.state.renderer.describeEvent(
      { index: 1, kind: 'election', text: '', data: { lord: 'louis', tally: { louis: 1 } } },
      window.courtly.context())""")
    assert one.endswith("is elected King (1 vote)."), one
    assert election["text"].endswith("(3 votes)."), election
    assert errors == []


#: The banner Fief's renderer gives this seat in the negotiation, with these seats still in it.
NEGOTIATING = """(seats) => {
  const ctx = window.courtly.context();
  const view = { ...ctx.view, phase: 'negotiation', custody_claim: null, negotiating: seats };
  const legal = [{ type: 'pay', to: 1, amount: 100 },
    { type: 'give_village', village: 'sagy', to: 1 }, { type: 'done' }]
    .map((action) => ({ action, text: '' }));
  const said = window.courtly.state.renderer.banner({ ...ctx, view, legal });
  return said.aside ? `${said.text} ${said.aside}` : said.text;  // as a laptop's banner reads
}"""


def test_the_negotiation_banner_names_the_others_still_negotiating(server, browser):
    """A player still negotiating reads who else is ("Also negotiating: Ann
    and Seat 3 (bot)."), never their own name among them, and that everyone
    else is done when they are the last; a player done reads who is left."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(NEGOTIATING, [2, 0, 1]) == (
        "Negotiation: pay, give a village, talk — then Done. "
        "Also negotiating: Seat 3 (bot) and Seat 2 (bot).")
    assert page.evaluate(NEGOTIATING, [0]) == (
        "Negotiation: pay, give a village, talk — then Done. Everyone else is done.")
    assert page.evaluate(NEGOTIATING, [1]) == (
        "Negotiation: you are done. Still negotiating: Seat 2 (bot).")
    page.click("#lang-toggle")
    assert page.evaluate(NEGOTIATING, [0, 1]) == (
        "Négociation\u202f: payez, donnez un village, parlez — puis Terminé. "
        "Négocient aussi\u202f: Place 2 (robot).")
    assert errors == []


#: What the negotiation offers Fay (seat 0) when her legal actions are these
#: kinds: the banner, the bar above the map and its button, the panel's help.
NEGOTIATION_OFFERS = """(kinds) => {
  const base = window.courtly.context();
  const view = { ...base.view, phase: 'negotiation', custody_claim: null, negotiating: [0, 1] };
  const make = { pay: { type: 'pay', to: 1, amount: 100 }, done: { type: 'done' },
    give_village: { type: 'give_village', village: 'sagy', to: 1 } };
  const legal = kinds.map((kind) => ({ action: make[kind], text: '' }));
  const schema = kinds.map((type) => ({ type, fields: type === 'pay'
    ? { to: { values: [1] }, amount: { values: [100] } } : {} }));
  const ctx = { ...base, view, legal, schema, canAct: true, forced: false,
    phase: { name: 'negotiation', deadline: null }, table: { ...base.table, status: 'playing' } };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, ctx);  // the news panels with it
  const bar = root.querySelector('.fief-act[data-mode="negotiate"]');
  const said = window.courtly.state.renderer.banner(ctx);
  return { banner: said.aside ? `${said.text} ${said.aside}` : said.text,
    bar: bar.querySelector('p').textContent,
    button: bar.querySelector('#fief-to-negotiation').textContent,
    help: root.querySelector('#fief-negotiation .fn-help').textContent };
}"""


def test_the_negotiation_offers_only_what_the_seat_may_do(server, browser):
    """A play-test read "give a village" offered to a seat that holds no fief
    village it could give, and "pay" to one without a crown: the banner, the
    bar above the map (and its button) and the panel's help say only what the
    seat's legal actions allow; talking and Done are always there."""
    _, page, errors = _fay_at_fief(server, browser)
    everything = page.evaluate(NEGOTIATION_OFFERS, ["pay", "give_village", "done"])
    assert everything == {
        "banner": "Negotiation: pay, give a village, talk — then Done. "
                  "Also negotiating: Seat 2 (bot).",
        "bar": "Negotiation: pay, give a village, talk; then say Done.",
        "button": "Pay or say Done ↓",
        "help": "Pay anyone in hundreds of crowns, give a village of your fief, talk; "
                "then say Done.",
    }, everything
    no_fief = page.evaluate(NEGOTIATION_OFFERS, ["pay", "done"])
    assert no_fief == {
        "banner": "Negotiation: pay, talk — then Done. Also negotiating: Seat 2 (bot).",
        "bar": "Negotiation: pay, talk; then say Done.",
        "button": "Pay or say Done ↓",
        "help": "Pay anyone in hundreds of crowns, talk; then say Done.",
    }, no_fief
    penniless = page.evaluate(NEGOTIATION_OFFERS, ["done"])
    assert penniless == {
        "banner": "Negotiation: talk — then Done. Also negotiating: Seat 2 (bot).",
        "bar": "Negotiation: talk; then say Done.",
        "button": "Say Done ↓",
        "help": "Talk; then say Done.",
    }, penniless
    page.click("#lang-toggle")
    french = page.evaluate(NEGOTIATION_OFFERS, ["give_village", "done"])
    assert french == {
        "banner": "Négociation\u202f: donnez un village, parlez — puis Terminé. "
                  "Négocient aussi\u202f: Place 2 (robot).",
        "bar": "Négociation\u202f: donnez un village, parlez\u202f; puis dites Terminé.",
        "button": "Dire Terminé ↓",
        "help": "Donnez un village de votre fief, parlez\u202f; puis dites Terminé.",
    }, french
    assert errors == []


#: What Fay (seat 0) reads once she said Done, with these seats still
#: negotiating: the server's menu for her is empty (she is no longer among the
#: seats that may act), so are her legal actions and schema.
AFTER_DONE = """(seats) => {
  const base = window.courtly.context();
  const view = { ...base.view, phase: 'negotiation', custody_claim: null, negotiating: seats };
  const ctx = { ...base, view, legal: [], schema: [], canAct: false, forced: false,
    phase: { name: 'negotiation', deadline: null }, table: { ...base.table, status: 'playing' } };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, ctx);
  return { help: root.querySelector('#fief-negotiation .fn-help').textContent,
    offered: [...root.querySelectorAll('#fief-pay-to, #fief-done, #fief-to-negotiation')]
      .map((e) => e.id) };
}"""


def test_after_done_the_negotiation_help_says_only_talk_is_left(server, browser):
    """A seat that said Done still read "Talk; then say Done." in the panel:
    once done it is out of the window (the server refuses it any payment,
    gift or second Done), so the help says it may only talk now and that the
    others are waited for, and the panel offers nothing the menu refuses."""
    _, page, errors = _fay_at_fief(server, browser)
    done = page.evaluate(AFTER_DONE, [2, 1])
    assert done == {
        "help": "You are done: you may still talk, nothing more (no payment, no gift). "
                "The negotiation ends when the others are done too "
                "(still negotiating: Seat 3 (bot) and Seat 2 (bot)).",
        "offered": [],
    }, done
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.evaluate(AFTER_DONE, [1])["help"] == (
        "Vous avez fini\u202f: vous pouvez encore parler, rien de plus (ni paiement, ni don). "
        "La négociation s'achève quand les autres ont fini aussi "
        "(négocient encore\u202f: Place 2 (robot)).")
    assert errors == []


#: The map's bar at the revenues for Fay (seat 0) holding ``hand``, her legal
#: actions End this phase and a tithe with each card of ``offered``.
REVENUES_BAR = """([hand, offered, exchanged = []]) => {
  const base = window.courtly.context();
  const view = { ...base.view, phase: 'revenues', hand, exchanged };
  const tithes = offered.map((card) => ({ type: 'tithe', card, lord: null }));
  const legal = [{ type: 'end_turn' }, ...tithes].map((action) => ({ action, text: '' }));
  const ctx = { ...base, view, legal, schema: [], canAct: true, forced: false,
    phase: { name: 'revenues', deadline: null }, table: { ...base.table, status: 'playing' } };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, ctx);
  const bar = root.querySelector('.fief-act');
  return [...bar.querySelectorAll('p')].map((p) => p.textContent);
}"""


def test_the_revenues_bar_says_why_a_tithe_held_is_not_offered(server, browser):
    """At the revenues, a seat holding a tithe card it could not take read
    nothing about it: the bar says in one line what each such card needs
    (rulebook "Phase 2: Collection of Revenues, b) Income from taxes"), or,
    for a seat that exchanged a card this turn (the view's ``exchanged``),
    that this is why (it read the needs with "and no tithe in a turn you
    exchanged a card" after them, whether it had or not); and says nothing
    of a tithe offered or of a hand without one."""
    _, page, errors = _fay_at_fief(server, browser)
    bar = page.evaluate(REVENUES_BAR, [["royal_tithe", "lords_tithe", "plague"], ["lords_tithe"]])
    assert bar == [
        "Revenues: they are counted once everyone has ended this phase.",
        "Take a tithe with a card of your hand:",
        "Not offered now: Royal tithe needs one of your lords to be King.",
    ], bar
    two = page.evaluate(REVENUES_BAR, [["bishopric_tithe", "royal_tithe", "royal_tithe"], []])
    assert two[1:] == [
        "Not offered now: Royal tithe needs one of your lords to be King; Bishopric tithe needs "
        "one of your lords to be a bishop (a cardinal takes no tithe)."], two
    swapped = page.evaluate(REVENUES_BAR, [["lords_tithe", "royal_tithe"], [], [2, 0]])
    assert swapped[1:] == [
        "No tithe this turn: you exchanged a card, and so play no card this turn."], swapped
    assert page.evaluate(REVENUES_BAR, [["lords_tithe"], [], [2]])[1:] == [
        "Not offered now: Lord's tithe needs a fief of yours."]
    # "…needs a bishop of yours, not a cardinal" read to a play-tester as if he had a cardinal
    assert page.evaluate(REVENUES_BAR, [["bishopric_tithe"], []])[1:] == [
        "Not offered now: Bishopric tithe needs one of your lords to be a bishop (a cardinal "
        "takes no tithe)."]
    assert page.evaluate(REVENUES_BAR, [["plague"], []]) == [
        "Revenues: they are counted once everyone has ended this phase."]
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.evaluate(REVENUES_BAR, [["lords_tithe"], []])[1:] == [
        "Pas proposée maintenant\u202f: Dîme seigneuriale demande un fief à vous."]
    assert page.evaluate(REVENUES_BAR, [["lords_tithe"], [], [0]])[1:] == [
        "Pas de dîme ce tour-ci\u202f: vous avez échangé une carte, et n’en jouez donc "
        "aucune ce tour-ci."]
    assert errors == []


#: The map's bar at the cards for Fay holding ``hand``, End this phase her only
#: move, ``exchanged`` the seats that exchanged a card this turn: its lines.
CARDS_BAR = """([hand, exchanged]) => {
  const base = window.courtly.context();
  const view = { ...base.view, phase: 'cards', hand, exchanged };
  const ctx = { ...base, view, legal: [{ action: { type: 'end_turn' }, text: '' }],
    schema: [], canAct: true, forced: false, phase: { name: 'cards', deadline: null },
    table: { ...base.table, status: 'playing' } };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, ctx);
  return [...root.querySelector('.fief-act').querySelectorAll('p')].map((p) => p.textContent);
}"""


def test_the_cards_bar_says_an_exchange_plays_no_card_this_turn(server, browser):
    """A play-test exchanged a card, drew a lord, and could not lay him, with
    no word why: after an exchange no card is played this turn (decision 5 of
    docs/rules/fief.md, "neither attack, nor defence, nor tithe"), lords
    included; the cards' bar says so, only to one who exchanged."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(CARDS_BAR, [["plague"], [0]]) == [
        "Nothing in your hand to play on the map now.",
        "You exchanged a card: you play no card this turn, not even a lord you drew."]
    assert page.evaluate(CARDS_BAR, [["plague"], [1]]) == [
        "Nothing in your hand to play on the map now."]
    assert errors == []


def test_a_revolt_without_a_famine_says_why_it_is_not_offered(server, browser):
    """A play-test held a Revolt three turns, never offered, told nothing: it is
    played together with a Famine ("Phase 1: The Playing of the Cards, a)
    Attacks"); the cards' bar says so to one who holds no Famine."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(CARDS_BAR, [["revolt", "plague"], []]) == [
        "Nothing in your hand to play on the map now.",
        "Revolt is played together with a Famine, which you do not hold."]
    assert page.evaluate(CARDS_BAR, [["revolt", "famine"], []]) == [
        "Nothing in your hand to play on the map now."]
    assert errors == []


#: The bar above the map when the server makes the seat's move, for a given
#: phase, only move and the seat's votes (the page's own renderer, off-page).
FORCED_BAR = """([phase, action, votes]) => {
  const ctx = window.courtly.context();
  const mine = ctx.view.votes.map((v, i) => (i === ctx.seat ? votes : v));
  const view = { ...ctx.view, phase, votes: mine };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, { ...ctx, view, forced: true, canAct: false,
    legal: [{ action, text: '' }] });
  const bar = root.querySelector('.fief-act[data-mode="forced"]');
  return bar ? [...bar.querySelectorAll('p')].map((p) => p.textContent) : null;
}"""


def test_the_bar_says_why_a_move_is_made_for_the_seat(server, browser):
    """The bar over the map names the move the server makes and, where the
    phase says it, why: no vote, or votes but no lord to elect (a bishop
    cannot be elected King); an answer (no parry, the one execution) says itself
    (a reviewer found "You have no vote" said to a seat with three, and "No
    card of your hand to play" over a lone "No parry")."""
    _, page, errors = _fay_at_fief(server, browser)
    abstain = {"type": "vote", "lord": None, "votes": 0}
    assert page.evaluate(FORCED_BAR, ["election", abstain, 0]) == [
        "You have no vote in this election.", "Your only move is made for you: Abstain."]
    assert page.evaluate(FORCED_BAR, ["election", abstain, 3]) == [
        "No lord can be elected (a bishop cannot be elected King): you abstain.",
        "Your only move is made for you: Abstain."]
    assert page.evaluate(FORCED_BAR, ["cards", {"type": "respond", "parry": "none"}, 1]) == [
        "Your only move is made for you: No parry."]
    assert page.evaluate(FORCED_BAR, ["purchases", {"type": "end_turn"}, 1]) == [
        "Nothing you can buy now.", "Your only move is made for you: End this phase."]
    page.click("#lang-toggle")
    assert page.evaluate(FORCED_BAR, ["cards", {"type": "execute", "lord": "roland"}, 1]) == [
        "Votre seul coup possible est joué pour vous\u202f: Exécuter Roland."]
    assert errors == []


#: Fay's bar at an election with ``votes`` votes for any of three lords (the
#: page's own renderer, in a box on the page): after each of ``steps`` (a press
#: of the stepper's "−" or "+"), the count shown and the answers' words.
VOTE_BAR = """([votes, steps]) => {
  const base = window.courtly.context();
  const mine = base.view.votes.map((v, i) => (i === base.seat ? votes : v));
  const legal = [{ action: { type: 'vote', lord: null, votes: 0 } }];
  for (const lord of ['louis', 'gauvain', 'roland']) {
    for (let n = 1; n <= votes; n += 1) legal.push({ action: { type: 'vote', lord, votes: n } });
  }
  const root = document.createElement('div');
  document.body.append(root);
  const ctx = { ...base, view: { ...base.view, phase: 'election', votes: mine }, legal,
    canAct: true, forced: false, ui: {} };
  ctx.rerender = () => { root.replaceChildren(); window.courtly.state.renderer.render(root, ctx); };
  ctx.rerender();
  const read = () => [root.querySelector('.fief-count')?.textContent ?? null,
    [...root.querySelectorAll('.fief-answer[data-kind="vote"]')].map((b) => b.textContent)];
  const seen = [read()];
  for (const step of steps) {
    root.querySelector(`.fief-stepper [data-step="${step}"]`).click();
    seen.push(read());
  }
  root.remove();
  return seen;
}"""


def test_any_number_of_ones_votes_is_offered_on_the_bar(server, browser):
    """A play-test with 3 votes was offered only "3 votes for …" on the bar
    (a lord gets "any number of his votes"; the other splits lay in the forms
    below): the number is a stepper, all of them at first, and a button per
    lord gives that many; abstaining stays."""
    _, page, errors = _fay_at_fief(server, browser)
    seen = page.evaluate(VOTE_BAR, [3, ["-1", "-1", "1"]])
    assert [count for count, _ in seen] == ["3", "2", "1", "2"], seen
    assert seen[0][1] == ["Abstain", "3 votes for Louis", "3 votes for Gauvain",
                          "3 votes for Roland"], seen
    assert seen[2][1][1:] == ["1 vote for Louis", "1 vote for Gauvain", "1 vote for Roland"], seen
    assert errors == []


def test_sums_are_written_in_digit_groups(server, browser):
    """A sum of four digits or more reads in the page's language's digit groups
    ("1,100 crowns"; "1 100 écus" with a narrow no-break space, which never
    breaks it in two), as Versailles' livres do: a walk-through found "1100
    écus" on a French page. Small numbers and text are left as they are."""
    _, page, errors = _fay_at_fief(server, browser)
    purse = """([money, most]) => window.courtly.context().t('fief.form.purse',
      { money, most, items: 'x' })"""
    assert page.evaluate(purse, [1100, 11]) == "You have 1,100 crowns: enough for 11 x."
    assert page.evaluate(purse, [900, 9]) == "You have 900 crowns: enough for 9 x."
    page.click("#lang-toggle")
    assert page.evaluate(purse, [12500, 125]) == (
        "Vous avez 12\u202f500 écus\u202f: de quoi en payer 125.")
    assert page.evaluate(LOGGED_SUMS) == [
        "Revenus\u202f: Fay 1\u202f200, Place 2 (robot) 300, Place 3 (robot) 0.",
        "Les mains s'ouvrent\u202f: Fay 1\u202f000, Place 2 (robot) 1\u202f200."]
    page.click("#lang-toggle")
    assert page.evaluate(LOGGED_SUMS) == [
        "Revenues: Fay 1,200, Seat 2 (bot) 300, Seat 3 (bot) 0.",
        "Hands open: Fay 1,000, Seat 2 (bot) 1,200."]
    assert errors == []


#: The log's revenues and sealed bids laid open (the page's own renderer):
#: walk22 read "Revenues: Ann 100, Bob 100, Seat 3 (bot) 1200."
LOGGED_SUMS = """() => {
  const ctx = window.courtly.context();
  const say = (kind, data) => window.courtly.state.renderer.describeEvent({ kind, data }, ctx);
  return [say('revenues', { earned: [1200, 300, 0] }),
          say('bids', { seats: [0, 1], bids: [1000, 1200] })];
}"""


#: The questions pending beside the map while the election's votes come in
#: (the page's own renderer, off-page): Fay abstained, seat 1 gave Gauvain two.
VOTES_SO_FAR = """(votes) => {
  const ctx = window.courtly.context();
  const election = { votes, elected: null, waiting: null };
  const view = { ...ctx.view, phase: 'election', election };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, { ...ctx, view, legal: [], canAct: false });
  return [...root.querySelectorAll('#fief-questions li')].map((li) => li.textContent);
}"""
SOME_VOTES = {"0": [None, 0], "1": ["gauvain", 2]}


#: Each region's seat with a lord at Berzé, drawn by the page's own renderer
#: off-page: the region's colour, the ink of the lord's letters, its ring's.
LETTERS = """() => {
  const ctx = window.courtly.context();
  const regions = ['tournugeois', 'louhannais', 'revermont', 'bresse', 'dombes', 'maconnais'];
  return regions.map((region, seat) => {
    const regionsNow = regions.map((r, i) => (i === seat ? region : null));
    const lords = { robert: { owner: seat, village: 'berze', bishop: null, cardinal: false,
                              outside: false, came_from: null, road: null } };
    const holders = { ...ctx.view.holders, berze: seat };
    const view = { ...ctx.view, regions: regionsNow, lords, holders };
    const root = document.createElement('div');
    window.courtly.state.renderer.render(root, { ...ctx, view, legal: [], canAct: false });
    const g = root.querySelector('.fief-village[data-village="berze"]');
    return { region, letters: g.querySelector('.fief-lords tspan').getAttribute('fill'),
             ring: g.querySelector('.fief-holder').getAttribute('stroke') };
  });
}"""


def _contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two #rrggbb colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_seat_s_lords_read_on_the_map(server, browser):
    """A play-test: the yellow seat's lords ("Ch Gu") read pale yellow on the
    yellow Louhannais. Letters on the map take a shade of their seat's ink
    that reads on their white outline (4.5:1, WCAG's for text), the yellow
    seat's darker than its rings; the others keep their ink."""
    _, page, errors = _fay_at_fief(server, browser)
    drawn = page.evaluate(LETTERS)
    for seat in drawn:
        assert _contrast(seat["letters"], "#ffffff") >= 4.5, seat
        assert (seat["letters"] != seat["ring"]) == (seat["region"] == "louhannais"), seat
    assert errors == []


def test_the_votes_announced_read_as_words(server, browser):
    """The votes announced so far read as the log says them ("Fay abstains",
    "2 votes for Gauvain"): a walk-through read "Election of the king: Ann: —
    0." for an abstention, and "Gauvain 2" for a vote, beside the map and in
    the vote's question; before the first vote, a play-test read "Election of
    the king: —.", which now says there is none yet."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(VOTES_SO_FAR, SOME_VOTES) == [
        "Election of the king: Fay abstains; Seat 2 (bot): 2 votes for Gauvain."]
    assert page.evaluate(VOTES_SO_FAR, {}) == ["Election of the king: no vote yet."]
    page.click("#lang-toggle")
    assert page.evaluate(VOTES_SO_FAR, SOME_VOTES) == [
        "Élection du roi\u202f: Fay s'abstient\u202f; Place 2 (robot)\u202f: 2 voix pour Gauvain."]
    assert page.evaluate(VOTES_SO_FAR, {}) == ["Élection du roi\u202f: aucun vote encore."]
    assert errors == []


#: The bar above the map once the seat's lord Louis, at Louhans, is chosen to
#: move, when he is (or is not) a bishop with no soldier to take (off-page).
LORD_CHOSEN = """(bishop) => {
  const ctx = window.courtly.context();
  const louis = { owner: ctx.seat, village: 'louhans', bishop: bishop ? 'sagy' : null,
    cardinal: false, outside: null, came_from: null };
  const view = { ...ctx.view, phase: 'movement', lords: { ...ctx.view.lords, louis } };
  const move = { type: 'move', lord: 'louis', to: 'sagy', stance: 'enter', soldiers: 0 };
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, { ...ctx, view, canAct: true, forced: false,
    legal: [{ action: move, text: '' }, { action: { type: 'end_turn' }, text: '' }],
    ui: { fiefMap: { lord: 'louis', counts: [0], soldiers: 0 } } });
  const line = root.querySelector('.fief-act .fief-soldiers-pick');
  return line ? line.textContent : null;
}"""


def test_a_bishop_chosen_to_move_is_said_to_travel_alone(server, browser):
    """A bishop "is never accompanied by soldiers" (the Bishop card): the bar
    says so when he is chosen, where a walk-through read "Soldiers to take: 0"
    over a bishop, as if he had none at hand; a lord alone keeps the count."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(LORD_CHOSEN, True) == "A bishop travels alone, never with soldiers."
    assert page.evaluate(LORD_CHOSEN, False) == "Soldiers to take: 0"
    page.click("#lang-toggle")
    assert page.evaluate(LORD_CHOSEN, True) == "Un évêque voyage seul, jamais avec des soldats."
    assert errors == []


#: A battle at Bourg held by a bot (seat 2, Robert and 4 soldiers inside): the
#: coalition's question to Fay (seat 0), as first (``ask``) or second
#: (``answer``) to come, the stance she is asked to take marching on it
#: (``stance``), and the log's exchange of dice; the bots' names hold
#: parentheses of their own.
BOT_FORCES = """async (kind) => {
  const news = (await import('/static/games/fief_news.js')).default;
  const base = window.courtly.context();
  const name = (n) => (n === 0 ? 'Fay' : `Seat ${n + 1} (bot)`);
  const gate = (owner, soldiers, lords) =>
    ({ owner, village: 'bourg', soldiers, lords, stance: 'attack' });
  const at = (owner, outside) => ({ owner, village: 'bourg', outside });
  const first = kind === 'answer' ? 1 : 0;
  const view = { ...base.view, phase: kind === 'stance' ? 'movement' : 'combat',
    holders: { ...base.view.holders, bourg: 2 },
    soldiers: { ...base.view.soldiers, bourg: [2, 4] },
    lords: { ...base.view.lords, robert: at(2, false), hugues: at(1, true), louis: at(0, true) },
    gates: kind === 'stance' ? [] : [gate(0, 3, ['louis']), gate(1, 2, ['hugues'])],
    battle: kind === 'stance' ? null : { village: 'bourg', first, second: 1 - first, step: kind } };
  const move = (stance) => ({ type: 'move', lord: 'louis', to: 'bourg', soldiers: 3, stance });
  const legal = {
    ask: [{ type: 'ask_coalition', ask: true }, { type: 'ask_coalition', ask: false }],
    answer: [true, false].map((accept) => ({ type: 'answer_coalition', accept })),
    stance: [move('attack'), move('siege')] }[kind];
  const ctx = { ...base, view, name, canAct: true, forced: false, schema: [],
    legal: legal ? legal.map((action) => ({ action, text: '' })) : [],
    ui: { fiefMap: { lord: 'louis', soldiers: 3, to: 'bourg' } } };
  if (kind === 'combat') {
    return news.describeEvent({ index: 1, kind: 'combat', text: '', data: { village: 'bourg',
      attacker: 1, defender: 2, attacker_lords: ['hugues'], attacker_soldiers: 4,
      defender_lords: ['robert'], defender_soldiers: 2, attacker_roll: [6, 3], defender_roll: [2],
      attacker_loses: 0, defender_loses: 2, attacker_left: 5, defender_left: 1,
      in_castle: false } }, ctx);
  }
  const root = document.createElement('div');
  if (kind === 'pending') {  // what everyone reads of the battle under "Pending questions"
    const battle = { ...view.battle, first: 1, second: 2, step: 'ask' };
    window.courtly.state.renderer.render(root, { ...ctx, view: { ...view, battle }, legal: [] });
    return root.querySelector('#fief-questions li').textContent;
  }
  window.courtly.state.renderer.render(root, ctx);
  const bar = root.querySelector('.fief-question, .fief-act');
  return bar ? [...bar.querySelectorAll('p')].map((p) => p.textContent).join(' ') : null;
}"""

FORCE_KINDS = ("ask", "answer", "stance", "combat", "pending")


def test_a_bots_name_is_never_followed_by_a_parenthesis(server, browser):
    """A seat's name may end in "(bot)": the coalition's questions (asked, and
    pending for all to read), the stance asked marching on a bot's village and
    the log's exchange of dice say each force in words ("Seat 2 (bot), who
    came with Hugues and 2 soldiers"), where play-tests read "Seat 2 (bot) (2
    soldiers, Hugues)" and "Seat 2 (bot) (5) rolls 9"."""
    _, page, errors = _fay_at_fief(server, browser)
    english = {kind: page.evaluate(BOT_FORCES, kind) for kind in FORCE_KINDS}
    assert english == {
        "ask": "At Bourg you arrived first, with Louis and 3 soldiers; Seat 2 (bot) "
               "arrived too, with Hugues and 2 soldiers. Ask Seat 2 (bot) for a "
               "coalition against Seat 3 (bot), who has Robert and 4 soldiers there?",
        "answer": "At Bourg, Seat 2 (bot), who came with Hugues and 2 soldiers, asks "
                  "you for a coalition against Seat 3 (bot), who has Robert and 4 "
                  "soldiers there. You came with Louis and 3 soldiers.",
        "stance": "Louis with 3 soldiers to Bourg, held by Seat 3 (bot), who has "
                  "Robert and 4 soldiers there: what does the force do?",
        "combat": "At Bourg: Seat 2 (bot), with a force of 5, rolls 6+3 = 9, "
                  "Seat 3 (bot) loses 2; Seat 3 (bot), with a force of 3, rolls 2, "
                  "Seat 2 (bot) loses 0.",
        "pending": "At Bourg, Seat 2 (bot), who arrived first, may ask Seat 3 (bot) for a "
                   "coalition against the holder.",
    }, english
    page.click("#lang-toggle")
    french = {kind: page.evaluate(BOT_FORCES, kind) for kind in FORCE_KINDS}
    assert french == {
        "ask": "À Bourg, vous êtes arrivé le premier, avec Louis et 3 soldats\u202f; "
               "Seat 2 (bot) est arrivé aussi, avec Hugues et 2 soldats. Proposer à "
               "Seat 2 (bot) une coalition contre Seat 3 (bot), qui y a Robert et "
               "4 soldats\u202f?",
        "answer": "À Bourg, Seat 2 (bot), venu avec Hugues et 2 soldats, vous "
                  "propose une coalition contre Seat 3 (bot), qui y a Robert et "
                  "4 soldats. Vous êtes venu avec Louis et 3 soldats.",
        "stance": "Louis avec 3 soldats vers Bourg, tenu par Seat 3 (bot), qui y a "
                  "Robert et 4 soldats\u202f: que fait la troupe\u202f?",
        "combat": "À Bourg\u202f: Seat 2 (bot), avec une troupe de 5, fait 6+3 = 9, "
                  "Seat 3 (bot) perd 2\u202f; Seat 3 (bot), avec une troupe de 3, "
                  "fait 2, Seat 2 (bot) perd 0.",
        "pending": "À Bourg, Seat 2 (bot), arrivé le premier, peut proposer une coalition à "
                   "Seat 3 (bot) contre le tenant.",
    }, french
    for line in [*english.values(), *french.values()]:
        assert not re.search(r"\)\s*\(", line), line
    assert errors == []


#: The words of the bar above the map, for each way it asks to point at the
#: map: a region to choose, a lord to lay, an attack to play, a lord to move
#: (then where), a village to buy at (the page's own renderer, off-page).
POINTING = """() => {
  const base = window.courtly.context();
  const louis = { owner: base.seat, village: 'louhans', bishop: null, cardinal: false,
    outside: null, came_from: null };
  const bar = (phase, actions, fiefMap = {}) => {
    const view = { ...base.view, phase, lords: { ...base.view.lords, louis } };
    const root = document.createElement('div');
    window.courtly.state.renderer.render(root, { ...base, view, canAct: true, forced: false,
      legal: actions.map((action) => ({ action, text: '' })), ui: { fiefMap } });
    return [...root.querySelectorAll('.fief-act p')].map((p) => p.textContent).join(' ');
  };
  const move = { type: 'move', lord: 'louis', to: 'sagy', stance: 'enter', soldiers: 0 };
  return [
    bar('regions', [{ type: 'choose_region', region: 'bresse' }]),
    bar('cards', [{ type: 'play_lord', lord: 'henry', village: 'bourg' },
      { type: 'attack_region', card: 'plague', region: 'bresse' }]),
    bar('cards', [{ type: 'play_lord', lord: 'henry', village: 'bourg' }], { lay: 'henry' }),
    bar('cards', [{ type: 'attack_region', card: 'plague', region: 'bresse' }],
      { attack: 'plague' }),
    bar('movement', [move]),
    bar('movement', [move], { lord: 'louis', soldiers: 0 }),
    bar('purchases', [{ type: 'buy', item: 'soldier', village: 'louhans', count: 1 }]),
  ];
}"""


def test_the_map_bar_says_tap_on_a_touch_screen(server, browser):
    """A phone is tapped, not clicked: a play-test read "click it on the map"
    on a phone. On a touch screen (pointer: coarse) every way the bar asks to
    point at the map says "tap" ("touchez"), on a laptop "click" ("cliquez")."""
    _, laptop, errors = _fay_at_fief(server, browser)
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    phone, phone_errors = open_page(browser, width=390, height=844, touch=True)
    take_seat(phone, server, made["links"]["seats"]["0"], "Fay")
    phone.wait_for_selector("svg.fief-map")
    for page, word, other in ((laptop, "click", "tap"), (phone, "tap", "click")):
        lines = page.evaluate(POINTING)
        assert len(lines) == 7 and all(lines), lines
        for line in lines:
            assert re.search(rf"\b{word}\b", line, re.I), (word, line)
            assert not re.search(rf"\b{other}", line, re.I), (word, line)
        page.click("#lang-toggle")
        page.wait_for_function("document.documentElement.lang === 'fr'")
        french, autre = ("cliquez", "touchez") if word == "click" else ("touchez", "cliquez")
        for line in page.evaluate(POINTING):
            assert french in line.lower() and autre not in line.lower(), (french, line)
    phone.wait_for_selector(".fief-act[data-mode=region]")
    assert phone.text_content(".fief-act") \
        == "Choisissez votre région\u202f: touchez-la sur la carte."
    assert errors == [] and phone_errors == []


#: A replay banner's words for a move, a lone bishop's move, a purchase and a
#: payment (the page's own renderer).
REPLAYED = """() => {
  const ctx = window.courtly.context();
  const say = (action) => window.courtly.state.renderer.describeAction({ seat: 1, action }, ctx);
  return [
    say({ type: 'move', lord: 'gauvain', to: 'sagy', stance: 'attack', soldiers: 12 }),
    say({ type: 'move', lord: 'louis', to: 'sagy', stance: 'enter', soldiers: 0 }),
    say({ type: 'buy', item: 'soldier', village: 'treffort', count: 9 }),
    say({ type: 'pay', to: 0, amount: 1200 }),
  ];
}"""


def test_a_replay_tells_moves_purchases_and_payments_as_the_log_does(server, browser):
    """A walk-through's French replay read "Déplacer un seigneur : seigneur
    Gauvain, à Bâgé, comment entrer, soldats 14" and "Acheter : quoi soldat
    (100 écus pièce), village Treffort, combien 9": the form's fields. The
    banner (which names the seat first) tells them as the log does."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(REPLAYED) == [
        "Gauvain attacks Sagy with 12 soldiers", "Louis enters Sagy",
        "buys 9 soldiers at Treffort", "pays 1,200 crowns to Fay"]
    page.click("#lang-toggle")
    assert page.evaluate(REPLAYED) == [
        "Gauvain attaque Sagy avec 12 soldats", "Louis entre à Sagy",
        "achète 9 soldats à Treffort", "paie 1\u202f200 écus à Fay"]
    assert errors == []


#: The map drawn with Louis at each village's gate, its letters' and the
#: village name's boxes on screen (the page's own renderer, in the page).
GATE_LETTERS = """() => {
  const ctx = window.courtly.context();
  const villages = [...document.querySelectorAll('.fief-village')].map((g) => g.dataset.village);
  const view = { ...ctx.view, gates: villages.map((village) => ({ village, owner: 1, soldiers: 3,
    stance: 'siege', lords: ['louis'] })) };
  const root = document.createElement('div');
  document.body.append(root);
  window.courtly.state.renderer.render(root, { ...ctx, view });
  const box = (e) => e.getBoundingClientRect();
  const out = [...root.querySelectorAll('.fief-gate')].map((g) => {
    const at = `.fief-village[data-village="${g.dataset.village}"]`;
    const name = root.querySelector(`${at} .fief-name`);
    const [a, b] = [box(g.querySelector('.fief-gate-lords')), box(name)];
    return { village: g.dataset.village,
      over: a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom };
  });
  // each count's and letters' colour as drawn, against the one the renderer gave it
  const probe = document.createElement('span');
  root.append(probe);
  const rgb = (colour) => { probe.style.color = colour; return getComputedStyle(probe).color; };
  const texts = root.querySelectorAll('.fief-gate text, .fief-soldiers text');
  const unlike = [...texts].filter((t) => getComputedStyle(t).fill !== rgb(t.getAttribute('fill')))
    .map((t) => `${t.closest('[data-village]').dataset.village}: ${t.textContent}`);
  root.remove();
  return { out, unlike };
}"""

#: A besieger's gate drawn for each road into each village, Louis having come by
#: it: how far round from that road the gate stands (the cosine of the angle, 1
#: on it) and whether its count or letters cover the village's name.
GATE_ROADS = """() => {
  const ctx = window.courtly.context();
  const roads = [...document.querySelectorAll('.fief-road')].map((r) => r.dataset.road.split('|'));
  const at = (g) => g.getAttribute('transform')
    .match(/translate\\(([-\\d.]+),([-\\d.]+)\\)/).slice(1).map(Number);
  const centre = (id) => at(document.querySelector(`.fief-village[data-village="${id}"]`));
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const out = [];
  for (const [a, b] of roads.flatMap(([a, b]) => [[a, b], [b, a]])) {
    const louis = { ...ctx.view.lords.louis, owner: 1, village: a, outside: true, came_from: b };
    const view = { ...ctx.view, lords: { ...ctx.view.lords, louis },
      gates: [{ village: a, owner: 1, soldiers: 3, stance: 'siege', lords: ['louis'] }] };
    const root = document.createElement('div');
    document.body.append(root);
    window.courtly.state.renderer.render(root, { ...ctx, view });
    const gate = root.querySelector('.fief-gate');
    const [[gx, gy], [vx, vy], [nx, ny]] = [at(gate), centre(a), centre(b)];
    const cos = ((gx - vx) * (nx - vx) + (gy - vy) * (ny - vy))
      / Math.hypot(gx - vx, gy - vy) / Math.hypot(nx - vx, ny - vy);
    const name = box(root.querySelector(`.fief-village[data-village="${a}"] .fief-name`));
    const over = [gate.querySelector('rect'), gate.querySelector('.fief-gate-lords')]
      .some((e) => meet(box(e), name));
    out.push({ village: a, from: b, cos: Math.round(cos * 1000) / 1000, over });
    root.remove();
  }
  return out;
}"""


def test_a_lord_at_a_gate_is_not_written_over_the_village_name(server, browser):
    """A walk-through's siege at Beaurepaire read "ßeaurepaire": the besieger's
    letters ("Ja") lay under the gate, over the first letters of the village's
    name, and were white on their white outline (the stylesheet's white beat
    the seat's ink the renderer gave them, and the dark figures textOn gives a
    light seat's counts). They stand above the gate now, clear of the name at
    every village, and every count and letter shows the colour it was given."""
    _, page, errors = _fay_at_fief(server, browser)
    drawn = page.evaluate(GATE_LETTERS)
    assert len(drawn["out"]) == 24
    assert [d["village"] for d in drawn["out"] if d["over"]] == []
    assert drawn["unlike"] == []
    assert errors == []


def test_a_besiegers_gate_stands_on_the_road_he_came_by(server, browser):
    """A besieger's gate stood left of its village whatever road he came by,
    though he may leave only by that road (the view's ``came_from``). It stands
    on that road now, out from the village, at every village and road, and
    never over the village's name."""
    _, page, errors = _fay_at_fief(server, browser)
    drawn = page.evaluate(GATE_ROADS)
    assert len(drawn) == 2 * 33
    assert [d for d in drawn if d["cos"] < 0.99] == []
    assert [d for d in drawn if d["over"]] == []
    assert errors == []


#: The kinds' and fields' labels of the forms under the map, and the plain buttons.
FORM_WORDS = """() => [...document.querySelectorAll(
  '.generic-actions h3, .generic-actions .gf-fields label, .generic-actions button')]
  .map((e) => e.textContent.trim())"""


def test_the_forms_under_the_map_speak_the_page_language(server, browser):
    """In French, the forms under the map say "Poser un seigneur", "Village",
    "Finir cette phase": not the English made from the engine's names."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=1)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no phase with forms came"
        state = _read(page)
        if state["mine"] and state["mode"] == "region":
            _region_by_clicking(page, server, state)
        elif state["mine"] and page.locator(".generic-actions form.action-form").count():
            break
        else:
            time.sleep(0.1)
    words = page.evaluate(FORM_WORDS)
    english = {"Play lord", "Discard card", "Exchange card", "Attack region", "End turn", "Lord",
               "Card", "Region", "Buy", "Move", "Vote"}
    assert words and not english & set(words), words
    assert "Finir cette phase" in words
    _forms_named(page)
    assert errors == []
    context.close()


def _tap_sizes(page) -> list[float]:
    return page.evaluate("""() => [...document.querySelectorAll('.fief-village .fief-hit')]
      .map((c) => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); })""")


def test_the_map_on_a_phone(server, browser, tmp_path: Path):
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=5, turn_limit=1)
    page, errors = open_page(browser, width=390, height=844, touch=True)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    no_horizontal_scroll(page)
    # one's seat at a glance in the header: its badge and name, the sentence left out
    assert page.is_visible("#whoami .whoami-short") and not page.is_visible("#whoami .whoami-you")
    assert page.text_content("#whoami .whoami-short") == "1Fay"
    assert page.text_content("#fief-zoom-level") == "×2"  # zoomed at first sight: names readable
    assert min(_tap_sizes(page)) >= 32
    name_px = page.evaluate("document.querySelector('.fief-name').getBoundingClientRect().height")
    assert name_px >= 11, f"village names are {name_px}px high"
    width = page.evaluate("document.querySelector('svg.fief-map').getBoundingClientRect().width")
    page.click("#fief-zoom-in")
    assert page.text_content("#fief-zoom-level") == "×3"
    wider = page.evaluate("document.querySelector('svg.fief-map').getBoundingClientRect().width")
    assert wider > width * 1.4
    no_horizontal_scroll(page)  # the map's box scrolls, not the page
    page.click("#fief-zoom-fit")
    assert page.text_content("#fief-zoom-level") == "×1"
    assert min(_tap_sizes(page)) >= 32  # even the whole map keeps villages big enough to tap
    no_horizontal_scroll(page)
    page.screenshot(path=str(tmp_path / "fief-phone-fit.png"), full_page=True)
    page.click("#fief-zoom-in")
    page.click("#fief-zoom-in")
    page.click("#lang-toggle")  # the map's controls and bar in French
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.get_attribute("#fief-zoom-in", "title") == "Agrandir"
    page.wait_for_selector(".fief-act[data-mode=region]")
    assert page.text_content(".fief-act") \
        == "Choisissez votre région\u202f: touchez-la sur la carte."  # a phone is tapped
    done = _play_through_the_map(page, server, made["table"]["id"], tmp_path, "phone")
    assert done["moved"] or done["bought"], "nothing was done by tapping the map"
    no_horizontal_scroll(page)
    assert errors == []


#: The choice's targets on the map (regions by their names), how many are in the
#: map's box, and the line above the map that counts those out of sight.
TARGETS_IN_SIGHT = """() => {
  const box = document.querySelector('.fief-viewport').getBoundingClientRect();
  const regions = [...document.querySelectorAll('.fief-region.target .fief-region-name')];
  const marks = regions.length ? regions : [...document.querySelectorAll('.fief-village.target')];
  const seen = marks.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
  }).length;
  const hint = document.querySelector('.fief-offscreen');
  return {targets: marks.length, seen, hint: hint ? hint.textContent : null};
}"""


def zoomed_region_choice(server, browser):
    """Fay's phone (touch, 390 px) at a new Fief table, the map zoomed ×3 while she
    chooses her region: most regions out of sight. The page and its errors."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=5, turn_limit=1)
    page, errors = open_page(browser, width=390, height=844, touch=True)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector(".fief-act[data-mode=region]")
    page.click("#fief-zoom-in")
    page.wait_for_timeout(200)
    return page, errors


def test_a_phone_is_told_of_targets_off_the_map_and_shown_them(server, browser):
    """A play-test on a phone (the map zoomed ×2) chose a region with two of
    them off the map's edge, and sent an assassin whose only target lay off
    it too, nothing saying so. Zoomed, a line above the map counts what is
    out of sight and says that ⤢ shows the whole board; and a choice with
    none of its targets in sight centres the map on them, once (the player
    may pan away after)."""
    page, errors = zoomed_region_choice(server, browser)
    sight = page.evaluate(TARGETS_IN_SIGHT)
    hidden = sight["targets"] - sight["seen"]
    assert sight["targets"] >= 4 and hidden > 0, sight
    assert sight["hint"] == (f"{hidden} of the {sight['targets']} places to choose from "
                             f"{'is' if hidden == 1 else 'are'} off this part of the map: "
                             "⤢ shows the whole board."), sight
    # none in sight (the map panned to its empty corner): a new choice centres on them
    page.evaluate("""() => {
      const box = document.querySelector('.fief-viewport');
      box.scrollLeft = 0; box.scrollTop = 0;
      window.courtly.state.ui.fiefScroll = [0, 0];
      delete window.courtly.state.ui.fiefTargets;
    }""")
    assert page.evaluate(TARGETS_IN_SIGHT)["seen"] == 0
    page.click("#lang-toggle")  # drawn again
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_timeout(200)
    sight = page.evaluate(TARGETS_IN_SIGHT)
    assert sight["seen"] > 0, sight
    if sight["seen"] < sight["targets"]:
        assert "des" in sight["hint"] and "montre la carte entière" in sight["hint"], sight
    page.click("#fief-zoom-fit")  # the whole board: no line
    page.wait_for_timeout(200)
    assert page.locator(".fief-offscreen").count() == 0
    assert errors == []


#: The map's box's top on the page, and the line above it that counts the targets out of sight.
MAP_TOP = """() => {
  const hint = document.querySelector('.fief-offscreen');
  const box = document.querySelector('.fief-viewport');
  return {top: box.getBoundingClientRect().top + window.scrollY,
          hint: hint ? hint.textContent : null,
          height: hint ? hint.getBoundingClientRect().height : null};
}"""

#: Drawn again with only the regions whose names are in sight to choose from
#: (as a later chooser has fewer), or (``all``) with every one again.
IN_SIGHT_ONLY = """(all) => {
  const st = window.courtly.state;
  st.allLegal = st.allLegal || st.legal;
  const box = document.querySelector('.fief-viewport').getBoundingClientRect();
  const seen = new Set([...document.querySelectorAll('.fief-region.target')].filter((g) => {
    const r = g.querySelector('.fief-region-name').getBoundingClientRect();
    return r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
  }).map((g) => g.dataset.region));
  st.legal = all ? st.allLegal : st.allLegal.filter((l) => l.action.type !== 'choose_region'
    || seen.has(l.action.region));
  window.courtly.context().rerender();
  return seen.size;
}"""


def test_the_line_of_targets_out_of_sight_never_moves_the_map(server, browser):
    """A play-test on a phone: the line above the zoomed map that counts the
    targets out of sight came and went between redraws, moving the map by a
    line under the finger. Zoomed, the line keeps its place, empty when every
    target is in sight: the map's top stays put."""
    page, errors = zoomed_region_choice(server, browser)
    before = page.evaluate(MAP_TOP)
    assert before["hint"], before
    assert page.evaluate(IN_SIGHT_ONLY, False) > 0
    page.wait_for_timeout(100)
    alone = page.evaluate(MAP_TOP)
    assert not alone["hint"] and alone["top"] == before["top"], (before, alone)
    page.evaluate(IN_SIGHT_ONLY, True)
    page.wait_for_timeout(100)
    again = page.evaluate(MAP_TOP)
    assert again["hint"] and again["top"] == before["top"], (before, again)
    page.click("#lang-toggle")  # in French, longer words: still in the room kept
    page.wait_for_function("document.documentElement.lang === 'fr'")
    page.wait_for_timeout(100)
    french = page.evaluate(MAP_TOP)
    assert "montre la carte entière" in french["hint"] and french["height"] == before["height"], \
        french
    assert errors == []


# ----- a right of way asked by one person and answered by another on the map ----------------

class ApiSeat:
    """A person's seat played over the HTTP API by a fixed plan (the test's second
    and third players): a region, a lord laid at home, then ``move`` when it says so."""

    def __init__(self, server: str, tid: str, link: str, name: str, region: str | None) -> None:
        self.server, self.tid, self.region = server, tid, region
        self.token = link.split("token=")[1]
        api(server, f"/api/tables/{tid}/join", {"token": self.token, "name": name})

    def state(self) -> dict:
        return api(self.server, f"/api/tables/{self.tid}/state?token={self.token}")

    def act(self, action: dict) -> None:
        api(self.server, f"/api/tables/{self.tid}/actions", {"token": self.token, "action": action})

    def step(self, move=None) -> None:
        """One action if this seat may act: ``move(state)`` names a move or None."""
        state = self.state()
        legal = [entry["action"] for entry in state["legal"]]
        seat = state["seat"]
        if not legal or not (seat in state["to_act"] or seat in state["may_act"]):
            return
        kinds = {a["type"]: a for a in legal}
        mine = [a for a in legal if a["type"] == "choose_region" and a["region"] == self.region]
        lays = [a for a in legal if a["type"] == "play_lord"]
        chosen = move(state) if move and "move" in kinds else None
        for action in (*mine, *lays, chosen, kinds.get("end_turn"), kinds.get("done")):
            if action:
                self.act(action)
                return
        self.act(legal[-1])  # a question: the last answer (no parry, abstain, no...)


def _ask_passage(holder: int, village: str):
    """Bob's plan: once ``holder`` holds ``village``, a lord next to it asks right of way."""
    def move(state: dict) -> dict | None:
        if state["view"]["holders"].get(village) != holder:
            return None
        asks = [e["action"] for e in state["legal"] if e["action"]["type"] == "move"
                and e["action"]["to"] == village and e["action"]["stance"] == "passage"]
        return asks[-1] if asks else None
    return move


def _walk(page, path: list[str]) -> None:
    """Fay's plan: her lord walks along ``path`` (him, then the next village), then waits."""
    state = _read(page)
    lords = [k for k, v in state["lords"].items() if v["owner"] == state["seat"]]
    here = state["lords"][lords[0]]["village"] if lords else None
    if here in path[:-1] and state["targets"]:
        _choose_lord(page, here)
        nxt = path[path.index(here) + 1]
        _village(page, nxt)
        if page.locator(".fief-act [data-stance]").count():
            page.locator(".fief-act [data-stance]").first.click()
        page.wait_for_function(
            "([lord, to]) => window.courtly.state.view.lords[lord].village === to",
            arg=[lords[0], nxt])
    else:
        page.locator(".fief-act .fief-end").click()
        time.sleep(0.1)


def test_right_of_way_asked_and_answered_on_the_map(server, browser, tmp_path: Path):
    """Three people: Fay in the browser walks a lord from Tournus to Sagy;
    Bob (over the API) from Louhans asks her right of way there; the question
    comes to Fay by the map with the asker, the place and the force, and her
    answer is a button there."""
    made = new_table(server, "fief", [PERSON, PERSON, PERSON], seed=4, turn_limit=2)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    bob = ApiSeat(server, tid, made["links"]["seats"]["1"], "Bob", "louhannais")
    cid = ApiSeat(server, tid, made["links"]["seats"]["2"], "Cid", "revermont")
    page.wait_for_selector("svg.fief-map")
    asked = None
    deadline = time.monotonic() + 150
    while asked is None and api(server, f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, api(server, f"/api/tables/{tid}/state")["phase"]
        bob.step(_ask_passage(0, "sagy"))
        cid.step()
        state = _read(page)
        if not state["mine"]:
            time.sleep(0.05)
        elif state["question"] == "answer_passage":
            asked = page.text_content(".fief-question")
            _shoot(page, tmp_path / "fief-passage.png")
            page.locator('.fief-question .fief-answer[data-kind="answer_passage"]').filter(
                has_text="Grant").click()
        elif state["mode"] == "region":
            _village(page, "tournus")
        elif state["question"]:
            page.locator(".fief-question .fief-answer").last.click()  # as Bob and Cid: the last
            time.sleep(0.1)
        elif state["mode"] == "cards" and page.locator(".fief-lay").count():
            _lay_by_clicking(page)
        elif state["mode"] == "move":
            _walk(page, ["tournus", "cuisery", "sagy"])
        elif state["mode"] in ("cards", "buy"):
            page.locator(".fief-act .fief-end").click()
            time.sleep(0.1)
        else:
            act_through_forms(page)
    assert asked is not None, "Bob's request for right of way never reached Fay"
    assert "Bob" in asked and "Sagy" in asked and "Grant right of way" in asked, asked
    page.wait_for_function("!window.courtly.state.view.passage")
    assert errors == []


def test_the_phone_map_stays_on_home_after_the_region_is_chosen(server, browser):
    """At a phone's zoom the map centres on the region chosen, and stays there
    through the redraws that follow: a lord's button tapped next shows the
    villages where he may arrive without panning (it once jumped to the
    map's corner: the centring was never kept)."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=5, turn_limit=1)
    page, errors = open_page(browser, width=390, height=844)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector(".fief-act[data-mode=region]")
    assert page.text_content("#fief-zoom-level") == "×2"
    deadline = time.monotonic() + 60
    while not page.locator(".fief-act .fief-lay").count():
        assert time.monotonic() < deadline, "no lord to lay came"
        state = _read(page)
        if state["mine"] and state["mode"] == "region":
            _region_by_clicking(page, server, state)
        else:
            time.sleep(0.1)
    page.wait_for_timeout(300)  # the redraws after the deal
    _lay_by_clicking(page)
    assert errors == []


# ----- the Buy form under the map: each item's price, the purse ("Phase 3: Purchases") -------

#: The Buy form's menus and note, read at one instant: its options' words and values.
BUY_FORM = """() => {
  const form = document.querySelector('.generic-actions form.action-form[data-kind=buy]');
  if (!form) return null;
  const menu = (f) => form.querySelector(`select[data-field="buy.${f}"]`);
  const entry = window.courtly.state.schema.find((e) => e.type === 'buy');
  const note = form.querySelector('.gf-note');
  return {
    items: [...menu('item').options].map((o) => [entry.fields.item.values[o.value], o.textContent]),
    item: entry.fields.item.values[menu('item').value],
    count: entry.fields.count.values[menu('count').value],
    note: note ? note.textContent : null,
    money: window.courtly.state.view.money[window.courtly.state.seat],
  };
}"""


def _choose_buy(page, field: str, value) -> dict:
    """Choose ``value`` in the Buy form's ``field`` menu; the form read again."""
    at = page.evaluate("""([f, v]) => window.courtly.state.schema.find((e) => e.type === 'buy')
      .fields[f].values.indexOf(v)""", [field, value])
    # by index: a value string matches the options' labels too ("1" is the count 1's label)
    page.select_option(f'.generic-actions select[data-field="buy.{field}"]', index=at)
    return page.evaluate(BUY_FORM)


def _shoot_form(page, path: Path) -> None:
    page.evaluate("""() => {
      const form = document.querySelector('.generic-actions form.action-form[data-kind=buy]');
      form.scrollIntoView({block: 'center'});
    }""")
    page.wait_for_timeout(100)
    page.screenshot(path=str(path))


def test_the_buy_form_shows_each_price_and_the_purse(server, browser, shots: Path):
    """The Buy form under the map names each item's price (the rules' own
    table, served with the game's data) and, as the choices change, what the
    purchase costs, the seat's crowns and how many of the item they pay for
    (it showed bare "soldiers", "mill", "castle" and counts, no price)."""
    from courtly.games.fief.board import default_board

    prices = default_board().setup.prices
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=1)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "no purchase was offered to this seat"
        state = _read(page)
        if not state["mine"]:
            time.sleep(0.1)
        elif state["phase"] == "purchases" and page.evaluate(BUY_FORM):
            break
        elif state["mode"] == "region":
            _region_by_clicking(page, server, state)
        elif state["question"]:
            _answer(page, None)
        elif state["mode"] in ("move", "buy") and page.locator(".fief-act .fief-end").count():
            page.locator(".fief-act .fief-end").click()
            time.sleep(0.1)
        else:
            act_through_forms(page)
    form = page.evaluate(BUY_FORM)
    _shoot_form(page, shots / "fief-buy-form.png")
    page.set_viewport_size({"width": 390, "height": 844})
    no_horizontal_scroll(page)
    _shoot_form(page, shots / "fief-buy-form-phone.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    # each item of the menu with its price, the rules' price
    for item, label in form["items"]:
        assert f"{prices[item]} crowns" in label, (item, label)
    money = form["money"]
    for item, _ in form["items"]:
        form = _choose_buy(page, "item", item)
        form = _choose_buy(page, "count", 1)
        note = form["note"] or ""
        assert f"{prices[item]} crowns" in note, (item, note)
        # a sum in digit groups, as the page's language writes it ("1,100 crowns")
        assert f"You have {money:,} crowns" in note, note
        most = money // prices[item]
        assert (f"enough for {most} {item}" in note) if most else ("not enough" in note), note
    counts = page.evaluate("window.courtly.state.schema.find((e) => e.type === 'buy')"
                           ".fields.count.values")
    # two soldiers cost twice one
    form = _choose_buy(page, "item", "soldier")
    form = _choose_buy(page, "count", 2)
    assert f"2 soldiers: {2 * prices['soldier']} crowns" in form["note"], form["note"]
    # more mills than the rules offer there (three mills and presses at most in a
    # village, and the purse): the note says how many, from the legal actions
    village = page.evaluate(BUY_VILLAGE)
    offered = max(a["count"] for a in _legal_buys(page) if a["item"] == "mill"
                  and a["village"] == village)
    form = _choose_buy(page, "item", "mill")
    form = _choose_buy(page, "count", max(counts))
    assert max(counts) > offered and f"{offered} at most now" in form["note"], form["note"]
    assert page.locator(".gf-note.gf-note-warn").count() == 1
    _shoot_form(page, shots / "fief-buy-form-warn.png")
    form = _choose_buy(page, "count", 1)
    assert page.locator(".gf-note.gf-note-warn").count() == 0
    # in French, at a phone's width
    page.click("#lang-toggle")
    page.set_viewport_size({"width": 390, "height": 844})
    form = page.evaluate(BUY_FORM)
    assert f"1 moulin\u202f: {prices['mill']} écus." in form["note"], form["note"]
    french = f"{money:,}".replace(",", "\u202f")  # "1 100 écus", a narrow no-break space
    assert f"Vous avez {french} écus" in form["note"], form["note"]
    assert all(f"{prices[item]} écus pièce" in label for item, label in form["items"]), form
    no_horizontal_scroll(page)
    _shoot_form(page, shots / "fief-buy-form-phone-fr.png")
    assert errors == []


#: The village the Buy form names now.
BUY_VILLAGE = """() => window.courtly.state.schema.find((e) => e.type === 'buy').fields.village
  .values[document.querySelector('.generic-actions select[data-field="buy.village"]').value]"""


def _legal_buys(page) -> list[dict]:
    return page.evaluate("window.courtly.state.legal.map((l) => l.action)"
                         ".filter((a) => a.type === 'buy')")


def test_the_dice_that_order_the_choice_of_regions_are_shown(server, browser, shots):
    """"each player throws two dice. The player who scored the highest score
    first chooses a region ... Re-roll any ties" (Fief, "Choosing a region"):
    a play-test saw the bots choose first and nothing said why. While the
    regions are chosen, the state panel lists the seats in their order of
    choice, each with its dice (and its re-rolls), in English and French;
    once the regions are chosen, the list is gone."""
    _, page, errors = _fay_at_fief(server, browser)
    page.wait_for_selector(".fief-choice-order li")
    view = page.evaluate("window.courtly.state.view")
    assert view["phase"] == "choose_region"
    names = {0: "Fay", 1: "Seat 2 (bot)", 2: "Seat 3 (bot)"}
    expected = [f"{names[seat]} " + " then ".join(f"{a}+{b}" for a, b in view["choice_rolls"][seat])
                for seat in view["choice_order"]]
    lines = page.locator(".fief-choice-order li").all_inner_texts()
    assert lines == expected, lines
    firsts = [sum(view["choice_rolls"][seat][0]) for seat in view["choice_order"]]
    assert firsts == sorted(firsts, reverse=True)  # re-rolls only order the tied
    assert "Order of choice" in page.inner_text(".fief-choice-order p")
    page.screenshot(path=str(shots / "fief-choice-order.png"))
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert "Ordre de choix" in page.inner_text(".fief-choice-order p")
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")
    region = page.evaluate("window.courtly.state.legal.map((e) => e.action)"
                           ".find((a) => a.type === 'choose_region').region")
    from courtly.games.fief.board import default_board

    _village(page, next(iter(default_board().regions[region].villages)))
    page.wait_for_function("window.courtly.state.view.phase !== 'choose_region'")
    assert page.locator(".fief-choice-order").count() == 0
    assert not errors


#: The start of a snippet drawing Fay's map off the window's edge, in a box of the
#: page 1200 px wide: ``BOARD`` (the board's data), ``base`` (her context),
#: ``root`` (the box, which the snippet removes) and ``draw(view)`` (the map of
#: that view there, nothing to act on).
MAP_BOX = """
  const { BOARD } = await import('/static/games/fief_data.js');
  const base = window.courtly.context();
  const root = document.createElement('div');
  root.style.cssText = 'position:absolute; left:0; top:0; width:1200px';
  document.body.append(root);
  const draw = (view) => {
    root.replaceChildren();
    window.courtly.state.renderer.render(root, { ...base, view, canAct: false, forced: false,
      legal: [], ui: {} });
  };
"""


#: Every gate the map can draw (a force at each village, come by each of its
#: roads; the page's own renderer, off-page): what its badge and lords'
#: letters cover, and what each region's name covers.
GATES_EVERYWHERE = """async (fiefs) => {""" + MAP_BOX + """
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const named = (el) => el.textContent || el.closest('.fief-village').dataset.village;
  const gates = {};
  for (const [a, b] of BOARD.roads) for (const [at, from] of [[a, b], [b, a]]) {
    const zed = { owner: 1, village: at, bishop: null, cardinal: false, outside: true,
      came_from: from };
    const view = { ...base.view, lords: { ...base.view.lords, zed },
      fiefs: fiefs ? Object.fromEntries(BOARD.regions.map((r) => [r.id, { owner: 0 }])) : {},
      gates: [{ village: at, owner: 1, soldiers: 12, stance: 'siege', lords: ['zed'] }] };
    draw(view);
    const gate = root.querySelector('.fief-gate');
    const [whole, badge] = [box(gate), box(gate.querySelector('rect'))];
    const covers = (what, gateBox) => [...root.querySelectorAll(what)]
      .filter((el) => meets(gateBox, box(el)));
    gates[`${at}<-${from}`] = [...covers('.fief-name, .fief-dot, .fief-holder', whole),
      ...covers('.fief-region-name, .fief-title', whole)].map(named);
  }
  const labels = {};
  for (const label of root.querySelectorAll('.fief-region-name')) {
    labels[label.textContent] = [...root.querySelectorAll('.fief-name, .fief-dot, .fief-holder')]
      .filter((el) => meets(box(label), box(el))).map(named);
  }
  root.remove();
  return { gates, labels };
}"""


@pytest.mark.parametrize("fiefs", [False, True])
def test_no_gate_covers_a_village_or_a_regions_name(server, browser, fiefs):
    """A play-test saw a force at Bourg's gate, come from Pont-d'Ain, lie over
    "BRESSE": the regions' names sat on roads, where gates stand. For a force
    at every village come by every road: its gate (badge and lords' letters)
    covers no village nor village's name, nor any region's name. In the
    Mâconnais' and Revermont's narrow strips a road runs the length of the
    region and no spot between two gates is as tall as a name written across:
    a gate lay over each (Cluny's from Brancion, Coligny's from Cuiseaux);
    their names stand upright now, along the strip beside the road. So with
    every region a fief, its name longer by " ★" and its title beside it (three
    more gates lay over a fief's star). No region's name covers a village."""
    _, page, errors = _fay_at_fief(server, browser)
    drawn = page.evaluate(GATES_EVERYWHERE, fiefs)
    assert len(drawn["gates"]) == 66  # 33 roads, both ways
    covering = {gate: names for gate, names in drawn["gates"].items() if names}
    assert covering == {}, covering
    assert not any(drawn["labels"].values()), drawn["labels"]
    assert errors == []


#: Every region a fief, drawn off-page: for each region, the corners of its
#: fief title (in the map's coordinates) that lie on no part of its colour
#: (the hull and its 110-wide stroke), and the villages' dots, names and
#: holders it covers, if any ("<region> covers").
TITLES_OFF_COLOUR = """async () => {""" + MAP_BOX + """
  draw({ ...base.view, fiefs: Object.fromEntries(BOARD.regions.map((r) => [r.id, { owner: 0 }])) });
  const inverse = root.querySelector('svg.fief-map').getScreenCTM().inverse();
  const out = {};
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const villages = [...root.querySelectorAll('.fief-name, .fief-dot, .fief-holder')];
  for (const g of root.querySelectorAll('.fief-region')) {
    const area = g.querySelector('.fief-area');
    const r = g.querySelector('.fief-title').getBoundingClientRect();
    const covered = villages.filter((v) => meets(r, v.getBoundingClientRect()));
    if (covered.length) out[`${g.dataset.region} covers`] = covered.length;
    const corners = [[r.left, r.top], [r.right, r.top], [r.left, r.bottom], [r.right, r.bottom]];
    out[g.dataset.region] = corners.map(([x, y]) => new DOMPoint(x, y).matrixTransform(inverse))
      .filter((p) => !area.isPointInFill(p) && !area.isPointInStroke(p)).length;
  }
  root.remove();
  return out;
}"""


def test_every_fief_title_lies_on_its_regions_colour(server, browser):
    """Revermont's fief title ("barony") stood just past its narrow strip's
    edge, on the board's paper (a play-test; the Mâconnais' too): beside an
    upright name the title goes on the side away from the road unless it
    reaches further past the colour there. With every region a fief, no
    title's corner lies off its colour, and no title covers a village, its
    name or its holder."""
    _, page, errors = _fay_at_fief(server, browser)
    off = page.evaluate(TITLES_OFF_COLOUR)
    covers = {k: n for k, n in off.items() if k.endswith(" covers")}
    assert covers == {}, covers
    assert len(off) == 6 and off == dict.fromkeys(off, 0), off
    assert errors == []


#: Each bishopric's name on the map, its tooltip, a village's tooltip, and the
#: villages outlined while a name is pointed at (``hover``) or focused.
BISHOPRIC_LABELS = """() => {
  const labels = [...document.querySelectorAll('.fief-bishopric-label')];
  return { titles: Object.fromEntries(labels.map((g) =>
             [g.dataset.bishopric, g.querySelector('title').textContent])),
           montrevel: document.querySelector('.fief-village[data-village="montrevel"] title')
             .textContent };
}"""

OUTLINED = """() => [...document.querySelectorAll('.fief-village.in-bishopric')]
  .map((g) => g.dataset.village).sort()"""


def test_a_bishoprics_name_lists_and_outlines_its_villages(server, browser):
    """A play-test: the map named the four bishoprics in its corners and nothing
    more; hovering showed nothing, the villages' tooltips did not say it, and
    the Bishopric tithe's help spoke of "every village of his bishopric". The
    rulebook lists "next to the name of the bishopric" the villages that
    depend on it (Regions and Bishoprics): each name's tooltip lists them, a
    village's names its bishopric, and pointing at or focusing a name outlines
    its villages."""
    import json

    from courtly.games.fief import board

    data = json.loads((Path(board.__file__).parent / "data" / "map.json").read_text())
    names = {v["id"]: v["name"] for v in data["villages"]}
    bishoprics = {b["id"]: b for b in data["bishoprics"]}
    _, page, errors = _fay_at_fief(server, browser)
    page.wait_for_function("() => { const s = window.courtly.state; return !s.pending"
                           " && s.toAct.includes(s.seat); }")
    read = page.evaluate(BISHOPRIC_LABELS)
    assert read["titles"] == {
        b: f"{x['label']}, its villages: {', '.join(names[v] for v in x['villages'])}"
        for b, x in bishoprics.items()}
    assert "bishopric of Sagy" in read["montrevel"]
    page.hover('.fief-bishopric-label[data-bishopric="sagy"]')
    assert page.evaluate(OUTLINED) == sorted(bishoprics["sagy"]["villages"])
    page.mouse.move(5, 5)
    assert page.evaluate(OUTLINED) == []
    page.focus('.fief-bishopric-label[data-bishopric="bourg"]')
    assert page.evaluate(OUTLINED) == sorted(bishoprics["bourg"]["villages"])
    page.click("#lang-toggle")
    page.wait_for_selector('.fief-bishopric-label title', state="attached")
    read = page.evaluate(BISHOPRIC_LABELS)
    assert read["titles"]["blaye"].startswith("Évêché de Blaye, ses villages\u202f: Uchizy, ")
    assert "évêché de Sagy" in read["montrevel"]
    assert errors == []


#: The board drawn again, as when an update comes (the pointer and the focus left
#: where they are), and OUTLINED read at once: no frame without the outline.
REDRAW = """() => { window.courtly.context().rerender();
  return [...document.querySelectorAll('.fief-village.in-bishopric')]
    .map((g) => g.dataset.village).sort(); }"""


def test_a_bishoprics_outline_stays_through_a_redraw(server, browser):
    """A play-test: the villages a bishopric's name outlines while pointed at
    went plain as soon as the page was drawn again (another's move came in),
    the pointer still on the name. They stay outlined through redraws, pointed
    at or focused, and go when the pointer leaves or the focus moves on."""
    import json

    from courtly.games.fief import board

    data = json.loads((Path(board.__file__).parent / "data" / "map.json").read_text())
    villages = {b["id"]: sorted(b["villages"]) for b in data["bishoprics"]}
    _, page, errors = _fay_at_fief(server, browser)
    page.wait_for_function("() => { const s = window.courtly.state; return !s.pending"
                           " && s.toAct.includes(s.seat); }")
    page.hover('.fief-bishopric-label[data-bishopric="sagy"]')
    assert page.evaluate(OUTLINED) == villages["sagy"]
    for _ in range(2):
        assert page.evaluate(REDRAW) == villages["sagy"], "the outline went with a redraw"
        assert page.evaluate(OUTLINED) == villages["sagy"]
    page.mouse.move(300, 600)  # onto the map, off the name, after the redraws: the outline goes
    page.mouse.move(305, 605)
    assert page.evaluate(OUTLINED) == []
    assert page.evaluate(REDRAW) == []
    # straight off the map after a redraw (a quick flick's first move, a click on the bar):
    # a play-test's outline stayed through the next phases, the pointer on the bar and the log
    page.hover('.fief-bishopric-label[data-bishopric="sagy"]')
    assert page.evaluate(REDRAW) == villages["sagy"]
    page.hover("#log")
    assert page.evaluate(OUTLINED) == []
    assert page.evaluate(REDRAW) == []
    # a redraw that moves the map away from the resting pointer (a play-test's outline
    # stayed through whole phases): the pointer no longer on the name, the outline goes
    page.hover('.fief-bishopric-label[data-bishopric="sagy"]')
    assert page.evaluate(OUTLINED) == villages["sagy"]
    page.evaluate("""() => { const pad = document.createElement('div');
      pad.id = 'zz-pad'; pad.style.height = '300px';
      document.getElementById('board').before(pad); }""")
    page.evaluate(REDRAW)
    assert page.evaluate(OUTLINED) == [], "the outline stayed, its name away from the pointer"
    page.evaluate("document.getElementById('zz-pad').remove()")
    page.focus('.fief-bishopric-label[data-bishopric="bourg"]')
    assert page.evaluate(REDRAW) == villages["bourg"]
    page.evaluate("document.activeElement.blur()")
    assert page.evaluate(OUTLINED) == []
    assert page.evaluate(REDRAW) == []
    assert errors == []
    # a phone's tap on a name outlines its villages, and a redraw keeps them
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    page, errors = open_page(browser, width=390, height=844, touch=True)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    page.click("#fief-zoom-fit")
    page.tap('.fief-bishopric-label[data-bishopric="tournus"]')
    page.wait_for_timeout(100)
    assert page.evaluate(OUTLINED) == villages["tournus"]
    assert page.evaluate(REDRAW) == villages["tournus"]
    assert errors == []


#: The bar above the map in the cards phase when Fay (seat 0) has nothing to lay
#: or play on the map: her legal actions ``types`` besides ending her part.
NOTHING_TO_LAY = """(types) => {
  const ctx = window.courtly.context();
  const view = { ...ctx.view, phase: 'cards', hand: ['sun'], exchanged: [] };
  const action = (type) => ({ type, card: 'sun' });
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, { ...ctx, view, canAct: true, forced: false,
    legal: [{ action: { type: 'end_turn' }, text: '' },
            ...types.map((type) => ({ action: action(type), text: '' }))], ui: {} });
  const more = root.querySelector('.fief-act .fief-more-below');
  return more ? more.textContent : null;
}"""


def test_a_seat_with_no_card_for_the_map_is_told_what_the_forms_offer(server, browser):
    """A play-test's player dealt no lord read "Nothing in your hand to play on
    the map now. Other actions are in the forms below the map" turn after turn,
    never what they were: the bar names them (exchanging, discarding a card),
    in both languages."""
    _, page, errors = _fay_at_fief(server, browser)
    said = page.evaluate(NOTHING_TO_LAY, ["exchange_card", "discard_card"])
    assert said == "Also, in the forms below the map: Exchange a card · Discard a card.", said
    assert page.evaluate(NOTHING_TO_LAY, []) is None
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    said = page.evaluate(NOTHING_TO_LAY, ["exchange_card"])
    assert said == "Aussi, dans les formulaires sous la carte\u202f: Échanger une carte.", said
    assert errors == []


#: The bar above the map once Fay's (seat 0) lord Robert, besieged in Berzé by
#: seat 1's Clément and 6 soldiers, is chosen to move: his only trips are sorties.
BESIEGED = """() => {
  const ctx = window.courtly.context();
  const lords = { ...ctx.view.lords,
    robert: { owner: 0, village: 'berze', bishop: null, cardinal: false, outside: false,
              came_from: null, road: null },
    clement: { owner: 1, village: 'berze', bishop: null, cardinal: false, outside: true,
               came_from: 'cluny', road: 'cluny' } };
  const view = { ...ctx.view, phase: 'movement', lords,
    holders: { ...ctx.view.holders, berze: 0 }, soldiers: { ...ctx.view.soldiers, berze: [0, 2] },
    gates: [{ village: 'berze', owner: 1, soldiers: 6, stance: 'siege', lords: ['clement'] }] };
  const sortie = (soldiers) =>
    ({ type: 'move', lord: 'robert', to: 'berze', stance: 'sortie', soldiers });
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, { ...ctx, view, canAct: true, forced: false,
    legal: [0, 1, 2].map((n) => ({ action: sortie(n), text: '' })),
    ui: { fiefMap: { lord: 'robert', counts: [0, 1, 2], soldiers: 2 } } });
  return root.querySelector('.fief-act .fief-lord-chosen').textContent;
}"""


def test_a_besieged_lord_is_told_to_click_the_besiegers_force(server, browser):
    """A play-test: with Robert besieged in Berzé, choosing him said "Robert at
    Berzé: click a village outlined on the map…": no village was outlined, and
    the one thing to click was the besiegers' "⚔6" at the gate (a besieged lord
    may only break out, decision 11). His bar says so now, in both languages."""
    _, page, errors = _fay_at_fief(server, browser)
    said = page.evaluate(BESIEGED)
    assert said.startswith("Robert is besieged in Berzé by Seat 2 (bot): he may only break "
                           "out. Choose his soldiers, then click the besiegers' force at the "
                           "gate, ⚔6, to make a sortie"), said
    assert "village outlined" not in said
    page.click("#lang-toggle")
    said = page.evaluate(BESIEGED)
    assert said.startswith("Robert est assiégé dans Berzé par Place 2 (robot)\u202f: il ne "
                           "peut que faire une sortie."), said
    assert errors == []


#: GATE_ROADS for a force that came by a road to attack, ask right of way or
#: intrude (the view's ``road``; ``came_from`` is a besieger's only).
GATE_ROADS_ANY = GATE_ROADS.replace("came_from: b }", "came_from: null, road: b }").replace(
    "stance: 'siege'", "stance: STANCE")


@pytest.mark.parametrize("stance", ["attack", "passage", "intrude"])
def test_every_force_at_a_gate_stands_on_the_road_it_came_by(server, browser, stance):
    """A play-test: Clément attacked Cluny from Berzé, to the south, and "⚔16"
    was drawn west of Cluny, where no road is, over its mill's "M": only a
    besieger's road was in the view, and any other gate stood left of its
    village. "The pieces stay on the road by which they came" (Phase 4, case 2):
    every view gives the road (``road``), and every force stands on it, at every
    village and road, never over the village's name."""
    assert GATE_ROADS_ANY.count("road: b") == 1 and GATE_ROADS_ANY.count("STANCE") == 1
    _, page, errors = _fay_at_fief(server, browser)
    drawn = page.evaluate(GATE_ROADS_ANY.replace("STANCE", repr(stance)))
    assert len(drawn) == 2 * 33
    assert [d for d in drawn if d["cos"] < 0.99] == []
    assert [d for d in drawn if d["over"]] == []
    assert errors == []


#: The bar once Fay's Louis is sent alone to Bourg, held by seat 2 (``stance``);
#: Hugues' right of way asked of Fay without soldiers (``passage``); the parry
#: menu of the forms under the map (``parry``).
ALONE = """(kind) => {
  const ctx = window.courtly.context();
  const at = (owner, village, outside) => ({ owner, village, bishop: null, cardinal: false,
    outside, came_from: null, road: outside ? 'sagy' : null });
  const view = { ...ctx.view, phase: kind === 'parry' ? 'cards' : 'movement',
    holders: { ...ctx.view.holders, bourg: kind === 'stance' ? 2 : 0 },
    lords: { ...ctx.view.lords, louis: at(0, 'treffort', false), hugues: at(1, 'bourg', true) },
    gates: kind === 'passage' ? [{ village: 'bourg', owner: 1, soldiers: 0, stance: 'passage',
      lords: ['hugues'] }] : [],
    passage: kind === 'passage' ? [0, 'bourg'] : null,
    pending: kind === 'parry' ? { what: 'respond', attacker: 1, answerer: 0, card: 'plague',
      region: 'bresse', lord: null, die: null } : null };
  const move = (stance) => ({ type: 'move', lord: 'louis', to: 'bourg', soldiers: 0, stance });
  const legal = { stance: [move('attack'), move('siege')],
    passage: [true, false].map((grant) => ({ type: 'answer_passage', grant })),
    parry: ['none', 'ransom'].map((parry) => ({ type: 'respond', parry })) }[kind];
  const schema = kind === 'parry'
    ? [{ type: 'respond', fields: { parry: { values: ['none', 'ransom'] } } }] : [];
  const root = document.createElement('div');
  window.courtly.state.renderer.render(root, { ...ctx, view, canAct: true, forced: false, schema,
    legal: legal.map((action) => ({ action, text: '' })),
    ui: { fiefMap: kind === 'stance'
      ? { lord: 'louis', counts: [0], soldiers: 0, to: 'bourg' } : {} } });
  if (kind === 'parry') {
    const menu = root.querySelector('.generic-actions select[data-field="respond.parry"]');
    return [...menu.options].map((o) => o.textContent).join(' | ');
  }
  const bar = root.querySelector('.fief-question, .fief-act');
  return bar.querySelector('p').textContent;
}"""


def test_a_lord_alone_and_no_parry_read_as_words(server, browser):
    """A play-test read "Guillaume with 0 soldiers to Montrevel" (the stance asked
    of a lord going alone to another's village) and the forms' parry menu
    "Answer | none". They read "Louis alone to Bourg" ("seul"), a right of way
    asked "without soldiers", and "Do not parry" ("Ne pas parer")."""
    _, page, errors = _fay_at_fief(server, browser)
    stance = page.evaluate(ALONE, "stance")
    assert stance.startswith("Louis alone to Bourg, held by Seat 3 (bot)"), stance
    assert stance.endswith("what does he do?"), stance
    passage = page.evaluate(ALONE, "passage")
    assert "for Hugues, without soldiers." in passage, passage
    assert page.evaluate(ALONE, "parry") == "Do not parry | Pay the ransom"
    page.click("#lang-toggle")
    assert page.evaluate(ALONE, "stance").startswith("Louis seul vers Bourg, tenu par")
    assert "pour Hugues, sans soldat." in page.evaluate(ALONE, "passage")
    assert page.evaluate(ALONE, "parry") == "Ne pas parer | Payer la rançon"
    for kind in ("stance", "passage", "parry"):
        assert not re.search(r"\b0 sold|none|qui y a aucun", page.evaluate(ALONE, kind))
    # a holder with no soldier there: "qui n'y a aucun soldat", where it read "qui y a"
    assert "Place 3 (robot), qui n'y a aucun soldat" in page.evaluate(ALONE, "stance")
    assert errors == []


def test_the_french_rest_line_does_not_say_carte_for_both_card_and_map(server, browser):
    """In French "carte" is both a card and the map: "Aucune carte de votre main
    à jouer sur la carte" read as a riddle to a play-tester. The rest line
    of the cards' phase says "carte" once, for the map."""
    _, page, errors = _fay_at_fief(server, browser)
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    line = page.evaluate("window.courtly.context().t('fief.act.nothing.cards')")
    assert line == "Rien de votre main à jouer sur la carte maintenant.", line
    assert errors == []


#: Every village with a mill and a press, soldiers, three lords and (``castles``)
#: a castle, drawn off-page: the villages where the mills and presses' mark meets
#: the lords' letters or the soldiers' badge, or a village's ring or name.
WORKS_COVERED = """async (castles) => {""" + MAP_BOX + """
  const ids = BOARD.villages.map((v) => v.id);
  const each = (value) => Object.fromEntries(ids.map((id) => [id, value]));
  const lord = (id, owner) => ({ owner, village: id, bishop: null, cardinal: false,
    outside: false });
  const lords = Object.fromEntries(ids.flatMap((id, i) => ['henry', 'jean', 'robert']
    .map((l, k) => [`${l}${i}`, lord(id, k)])));
  draw({ ...base.view, mills: each(1), presses: each(1), soldiers: each([0, 6]), lords,
    castles: castles ? ids : [], holders: each(0) });
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const out = [];
  for (const g of root.querySelectorAll('.fief-village')) {
    const works = g.querySelector('.fief-works').getBoundingClientRect();
    const others = [...g.querySelectorAll('.fief-lords, .fief-soldiers, .fief-holder, .fief-name')];
    if (others.some((el) => meets(works, el.getBoundingClientRect()))) out.push(g.dataset.village);
  }
  root.remove();
  return out;
}"""


@pytest.mark.parametrize("castles", [False, True])
def test_the_mills_and_presses_mark_stands_clear(server, browser, castles):
    """A play-test found a lord's letters over the mill's "M" at Tournus and
    "He Je Rob" over a press's "P": the mark stands left of the holder's ring,
    level with the village, clear of the lords' letters (on the dot, or above
    a castle), the soldiers' badge, the ring and the name."""
    _, page, errors = _fay_at_fief(server, browser)
    assert page.evaluate(WORKS_COVERED, castles) == []
    assert errors == []


def test_ones_own_lords_are_named_alone_on_the_bar(server, browser):
    """A play-test's "Which lord at Louhans?" offered "Henry, played by Bruno /
    Jean, played by Bruno / Robert, played by Bruno" on Bruno's own screen:
    one's own lords by name alone; another's still says whose."""
    _, page, errors = _fay_at_fief(server, browser)
    labels = page.evaluate("""() => {
      const base = window.courtly.context();
      const lord = (owner) => ({ owner, village: 'louhans', bishop: null, cardinal: false,
        outside: false });
      const view = { ...base.view, phase: 'movement',
        lords: { ...base.view.lords, henry: lord(0), jean: lord(0), robert: lord(1) } };
      const legal = ['henry', 'jean'].map((l) => ({ action: { type: 'move', lord: l, to: 'sagy',
        soldiers: 0, stance: 'enter' }, text: '' }));
      const ctx = { ...base, view, legal, canAct: true, forced: false,
        ui: { fiefMap: { pick: ['henry', 'jean', 'robert'], pickAt: 'louhans' } } };
      const root = document.createElement('div');
      window.courtly.state.renderer.render(root, ctx);
      return [...root.querySelectorAll('.fief-act .fief-choice[data-lord]')]
        .map((b) => b.textContent);
    }""")
    assert labels[:2] == ["Henry", "Jean"] and labels[2].startswith("Robert, played by"), labels
    assert errors == []
