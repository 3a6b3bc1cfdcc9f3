"""Card help (docs/web.md "Card help"): every Fief card kind and every card of
Courtisans de Versailles explains itself, in the page's language, on hover and
on a tap of its "?" (phones have no hover), closed by a second tap or Escape.
Fixtures from test_browser.py."""

from __future__ import annotations

import os
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
    open_page,
    server,
    take_seat,
)
from test_browser_versailles import french_page

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name

SHOTS = Path(os.environ.get("COURTLY_SHOTS", "/tmp"))
HELP = "#card-help"


def _shown(page: Any) -> str | None:
    """The card help's text while it shows, else None."""
    box = page.locator(HELP)
    return box.text_content() if box.count() and box.is_visible() else None


def _check_help(page: Any, card: Any, expected: str, source: str | None, shot: str) -> None:
    """Hover shows it; leaving hides it; a tap on "?" shows it, a second tap
    hides it; a tap then Escape hides it."""
    card.hover()
    page.wait_for_selector(f"{HELP}:visible")
    text = _shown(page)
    assert text and expected in text, text
    if source:
        assert source in text
    page.mouse.move(1, 1)
    page.wait_for_selector(HELP, state="hidden")
    ask = card.locator(".card-help-button")
    assert ask.get_attribute("aria-expanded") == "false"
    ask.click()
    page.wait_for_selector(f"{HELP}:visible")
    assert expected in (_shown(page) or "")
    assert card.locator(".card-help-button").get_attribute("aria-expanded") == "true"
    page.screenshot(path=str(SHOTS / shot), full_page=False)
    page.mouse.move(1, 1)  # a pinned help stays when the pointer leaves
    assert _shown(page)
    card.locator(".card-help-button").click()
    page.wait_for_selector(HELP, state="hidden")
    card.locator(".card-help-button").click()
    page.wait_for_selector(f"{HELP}:visible")
    page.keyboard.press("Escape")
    page.wait_for_selector(HELP, state="hidden")


def _fief_until_cards(page: Any, tid: str, server: str) -> None:
    """Play this seat through the forms until its hand and the discard pile hold cards."""
    deadline = time.monotonic() + 120
    hand, played = page.locator(".fief-hand .fief-card"), page.locator("#fief-played .fief-card")
    while not (hand.count() and played.count()):
        assert time.monotonic() < deadline, "no hand nor played card came"
        assert api(server, f"/api/tables/{tid}")["status"] != "over"
        act_through_forms(page)


def test_fief_cards_explain_themselves_in_english_and_french(server, browser):
    data = api(server, "/api/games/fief")["data"]["cards"]
    helps = data["help"]
    assert set(helps) == set(data["names"])  # every blue and red kind
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=2)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    _fief_until_cards(page, tid, server)
    card = page.locator(".fief-hand .fief-card").first
    kind = card.get_attribute("data-card").split(":")[0]
    _check_help(page, card, helps[kind]["en"], f"Rulebook: {helps[kind]['source']}",
                "webux_fief_help_en.png")
    played = page.locator("#fief-played .fief-card").first
    kind = played.get_attribute("data-card").split(":")[0]
    _check_help(page, played, helps[kind]["en"], None, "webux_fief_played_en.png")

    # the page in French, at a phone's width: the tap, in French
    phone = page
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.click("#lang-toggle")
    phone.wait_for_selector(".fief-hand h2:has-text('Votre main')")
    card = phone.locator(".fief-hand .fief-card").first
    kind = card.get_attribute("data-card").split(":")[0]
    card.scroll_into_view_if_needed()
    card.locator(".card-help-button").click()
    phone.wait_for_selector(f"{HELP}:visible")
    text = _shown(phone) or ""
    assert helps[kind]["fr"] in text and "Règle : " in text
    box = phone.locator(HELP).bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    phone.screenshot(path=str(SHOTS / "webux_fief_help_fr_phone.png"))
    phone.locator(".fief-hand .fief-card").first.locator(".card-help-button").click()
    phone.wait_for_selector(HELP, state="hidden")
    assert not errors, errors


def test_versailles_cards_explain_themselves_in_the_page_language(server, browser):
    deck = {c["id"]: c for c in api(server, "/api/games/versailles")["data"]["deck"]}
    made = new_table(server, "versailles", [PERSON, BOT, BOT], seed=15)
    page, errors = french_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Ada")
    page.wait_for_selector("#vs-sex-form button:enabled")
    page.check("#vs-sex-woman")
    page.click("#vs-sex-send")
    page.wait_for_selector(".vs-hand-card")
    card = page.locator(".vs-hand-card").first
    c = deck[card.get_attribute("data-card")]
    assert card.get_attribute("title") is None  # no English native tooltip on the French page
    _check_help(page, card, c["effect_fr"], None, "webux_vs_help_fr.png")
    # a tap on "?" does not choose the card (its own click does)
    assert not page.locator(".vs-hand-card.vs-chosen").count()

    english = page
    english.set_viewport_size({"width": 390, "height": 844})
    english.click("#lang-toggle")
    english.wait_for_selector(".vs-hand-card")
    card = english.locator(".vs-hand-card").first
    c = deck[card.get_attribute("data-card")]
    card.scroll_into_view_if_needed()
    card.locator(".card-help-button").click()
    english.wait_for_selector(f"{HELP}:visible")
    assert c["effect"] in (_shown(english) or "")
    english.screenshot(path=str(SHOTS / "webux_vs_help_en_phone.png"))
    english.keyboard.press("Escape")
    english.wait_for_selector(HELP, state="hidden")
    assert not errors, errors
