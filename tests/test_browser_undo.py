"""Undo in a real Chromium (issue 12): the button is offered only to the seat
that may take back its last action, takes it back for everyone, and is gone
once the turn's draw has shown new cards. Fixtures from test_browser.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_browser import PERSON, browser, new_table, open_page, server, take_seat
from test_browser_host import shot

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name


def _hand(page) -> int:
    return page.locator(".ct-hand .ct-card").count()


def _play_a_card(page) -> None:
    """A hand card, then the first highlighted place (a power declined, if any)."""
    page.locator(".ct-card.playable").first.click()
    page.locator(".ct-zone.target, .ct-domain.target").first.click()


def test_undo_is_offered_only_while_allowed(server, browser, tmp_path: Path):
    made = new_table(server, "courtisans", [PERSON, PERSON], seed=5)
    tid = made["table"]["id"]
    ada, errors = open_page(browser)
    bob, _ = open_page(browser)
    take_seat(ada, server, made["links"]["seats"]["0"], "Ada")
    take_seat(bob, server, made["links"]["seats"]["1"], "Bob")
    ada.wait_for_selector(".ct-card.playable")
    assert ada.locator("#undo-button").count() == 0
    cards = _hand(ada)

    _play_a_card(ada)
    ada.wait_for_selector("#undo-button")
    bob.wait_for_function("document.querySelectorAll('#log .log-line').length > 0")
    assert bob.locator("#undo-button").count() == 0
    shot(ada, "undo_offered.png", tmp_path)
    # in French it is not "Annuler", the word of every Cancel button
    ada.click("#lang-toggle")
    ada.wait_for_function("document.querySelector('#undo-button').textContent.includes('Reprendre')")
    ada.click("#lang-toggle")
    ada.wait_for_function("document.querySelector('#undo-button').textContent.includes('Undo')")
    ada.click("#undo-button")
    ada.wait_for_selector("#undo-button", state="detached")
    ada.wait_for_function(f"document.querySelectorAll('.ct-hand .ct-card').length === {cards}")
    bob.wait_for_selector("#log .log-undo")
    # neither "their" nor a guessed "her": a play-test read "takes back their last action"
    assert bob.locator("#log .log-undo").last.text_content() == "Ada takes a move back"

    # the whole turn: the third card draws three new ones, which stays
    while ada.evaluate(f"window.courtly.state.toAct.includes(0) && "
                       f"window.courtly.state.table.id === '{tid}'"):
        if ada.locator(".ct-power").count():
            ada.locator("#ct-decline").click()
        else:
            _play_a_card(ada)
        ada.wait_for_function("!window.courtly.state.pending")
    bob.wait_for_selector(".ct-card.playable")
    assert ada.locator("#undo-button").count() == 0
    assert not errors
