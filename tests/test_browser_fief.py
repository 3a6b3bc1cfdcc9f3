"""Fief's map in a real Chromium (issue 13): the SVG drawn from the game's data
(24 villages, the roads), the view's pieces on it (holders' rings, soldier
counts), and a whole game (one turn) played through the forms under the map,
with no error in the page, at a laptop's and a phone's width. Fixtures from
test_browser.py."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from test_browser import (
    BOT,
    PERSON,
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

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name


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


#: This seat is to act in a phase whose actions name villages (purchases, movement).
MY_TURN_ON_THE_MAP = ("(() => { const s = window.courtly.state; return !s.pending && s.phase &&"
                      " ['purchases', 'movement'].includes(s.phase.name) &&"
                      " s.toAct.includes(s.seat); })()")


def _targets_shown(page) -> bool:
    """The map outlines the villages the seat's actions name (waiting for the redraw)."""
    try:
        page.wait_for_selector(".fief-village.target", timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def test_the_fief_map_and_a_whole_turn_through_it(server, browser, tmp_path: Path):
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=1)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    assert page.locator("svg.fief-map .fief-village").count() == 24
    roads = api(server, "/api/games/fief")["data"]["board"]["roads"]
    assert page.locator("svg.fief-map .fief-road").count() == len(roads) > 0
    assert page.locator(".fief-bishopric").count() == 4
    assert page.locator(".generic-view").count() == 0  # the map, not the tree
    no_horizontal_scroll(page)

    shot_taken = clicked = False
    deadline = time.monotonic() + 120
    while api(server, f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, (
            f"the game did not end: {api(server, f'/api/tables/{tid}/state')['phase']}")
        page.wait_for_function("!window.courtly.state.pending")
        if not clicked and page.evaluate(MY_TURN_ON_THE_MAP) and _targets_shown(page):
            # a village on the map fills the forms' village field with it
            village = page.locator(".fief-village.target").last
            name = village.get_attribute("data-village")
            village.click()
            assert page.locator(".fief-village.selected").get_attribute("data-village") == name
            assert page.locator("form.fief-filled").count() >= 1
            clicked = True
            continue

        def shoot() -> None:
            nonlocal shot_taken
            if not shot_taken and page.locator(".fief-soldiers").count():
                _check_pieces(page)
                screenshot(page, "fief.png", tmp_path)
                page.set_viewport_size({"width": 390, "height": 844})
                no_horizontal_scroll(page)
                page.screenshot(path=str(tmp_path / "fief-phone.png"), full_page=True)
                page.set_viewport_size({"width": 1280, "height": 800})
                shot_taken = True

        act_through_forms(page, before_form=shoot)
    page.wait_for_selector(".banner-over")
    _check_pieces(page)
    assert shot_taken and clicked, "no purchase or move of this seat outlined a village"
    assert errors == []
