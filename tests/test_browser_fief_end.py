"""Fief's end of the game (docs/web.md "Fief's end of the game"): a summary
table names the winner and, for each seat, what the engine's result() ranks
by (fiefs held with their titles, then soldiers on the board, then crowns) and
what decided it, in English and French, at a desktop's and a phone's width.
Fixtures from test_browser.py."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from test_browser import (
    BOT,
    api,
    browser,
    new_table,
    no_horizontal_scroll,
    open_page,
    server,
    wait_over,
)

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name

SHOTS = Path(os.environ.get("COURTLY_SHOTS", "/tmp"))


def _keys(view: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """rules.py _result's keys, from the spectator's final view."""
    fiefs = sum(1 for f in view["fiefs"].values()
                if f["title"] in view["lords"] and view["lords"][f["title"]]["owner"] == seat)
    soldiers = sum(n for owner, n in view["soldiers"].values() if owner == seat) + sum(
        g["soldiers"] for g in view["gates"] if g["owner"] == seat)
    return fiefs, soldiers, view["money"][seat]


Keys = list[tuple[int, int, int]]


def _finished(server: str, seed: int, turn_limit: int) -> tuple[str, Keys, Any]:
    """A game of three bots played to its end: its id, each seat's keys, the result."""
    made = new_table(server, "fief", [BOT, BOT, BOT], seed=seed, turn_limit=turn_limit)
    tid = made["table"]["id"]
    wait_over(server, tid, 240)
    state = api(server, f"/api/tables/{tid}/state")
    view, result = state["view"], state["result"]
    keys = [_keys(view, seat) for seat in range(3)]
    # the keys the page shows are the engine's: its scores are made of them
    assert [round(f + s / 1000 + m / 10**10, 10) for f, s, m in keys] == result["scores"]
    return tid, keys, result


def _check_table(page: Any, keys: Keys, result: Any) -> None:
    """Each seat's fiefs, soldiers and crowns, and why it won or lost."""
    names = [page.evaluate(f"window.courtly.state.table.seats[{s}].name") or f"Seat {s + 1}"
             for s in range(3)]
    winners = page.locator("#final .final-winners").text_content()
    assert all(names[w] in winners for w in result["winners"]), winners
    best = max(keys)
    losers = [k for s, k in enumerate(keys) if s not in result["winners"]]
    decisive = next((i for i in range(3) if max(losers)[i] != best[i]), None) if losers else None
    for seat, (fiefs, soldiers, money) in enumerate(keys):
        row = page.locator(f"#final tr[data-seat='{seat}']")
        cells = row.locator("td").all_text_contents()
        # sums in digit groups ("1,100"), as every page writes them
        assert cells[0].split(" ")[0] == str(fiefs) and cells[1:3] == [str(soldiers), f"{money:,}"]
        assert ("winner" in (row.get_attribute("class") or "")) == (seat in result["winners"])
        why = cells[3]
        if seat in result["winners"] and decisive is None:
            assert why.startswith("level on fiefs, soldiers and crowns"), why
        elif seat in result["winners"]:
            assert why == ["most fiefs", "as many fiefs; most soldiers",
                           "as many fiefs and soldiers; most crowns"][decisive], why
            decided = row.locator("td.fief-decisive")
            assert decided.count() == 1 and decided.evaluate("(td) => td.cellIndex") == decisive + 1
        else:  # a loser is told the first rank where it fell short, with both numbers
            at = next(i for i in range(3) if keys[seat][i] != best[i])
            assert ["fewer fiefs", "fewer soldiers", "fewer crowns"][at] in why, why
            assert f"({keys[seat][at]:,} against {best[at]:,})" in why


@pytest.mark.parametrize(("seed", "turn_limit", "shared"), [(4, 1, True), (4, 2, False)])
def test_the_end_of_a_fief_game_says_who_won_and_why(server, browser, seed, turn_limit, shared):
    tid, keys, result = _finished(server, seed, turn_limit)
    assert (len(result["winners"]) == 3) == shared  # a shared victory, and one decided
    page, errors = open_page(browser)
    page.goto(f"{server}/table/{tid}")
    page.wait_for_selector("#final.fief-final")
    _check_table(page, keys, result)
    how = page.locator("#final .fief-final-how").text_content()
    assert f"after turn {turn_limit} of {turn_limit}" in how
    # the side panel's phase line names the last phase in words, never the engine's "over"
    assert page.locator("#generic-phase-name").text_content() == "game over"
    page.locator("#final").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"webux_fief_end_en_{turn_limit}.png"))
    if not shared:  # the red cards in the players' panel explain themselves (card help)
        title = page.locator(".fief-players .fief-chip[data-card=barony]")
        king = page.locator(".fief-king .fief-chip[data-card=king]")
        assert title.count() == 1 and king.count() == 1
        # the King and his player, no parentheses around a name that may hold its own
        crown = page.locator(".fief-king").text_content()
        assert ", played by " in crown and not re.search(r"\([^)]*\(", crown), crown
        title.scroll_into_view_if_needed()
        title.locator(".card-help-button").click()
        page.wait_for_selector("#card-help:visible")
        text = page.locator("#card-help").text_content()
        assert "three villages" in text and "Rulebook: Phase 6" in text, text
        page.screenshot(path=str(SHOTS / "webux_fief_title_help_en.png"))
        page.keyboard.press("Escape")

    page.click("#lang-toggle")
    page.wait_for_selector("#final th:has-text('Ce qui a décidé')")
    assert "Scores finaux" in page.locator("#final h2").text_content()
    how = page.locator("#final .fief-final-how").text_content()
    assert f"après le tour {turn_limit} sur {turn_limit}" in how
    assert page.locator("#generic-phase-name").text_content() == "partie terminée"
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    no_horizontal_scroll(page)
    # the reasons go under the names: no column squeezed off a phone's table
    assert page.locator("#final td.fief-final-why").first.is_hidden()
    assert page.locator("#final .fief-final-why-inline").first.is_visible()
    table = page.locator("#final table").bounding_box()
    assert table and table["width"] <= 390
    page.locator("#final").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"webux_fief_end_fr_phone_{turn_limit}.png"))
    assert not errors, errors


def test_a_fief_replay_ends_on_the_end_of_the_game(server, browser):
    """The replay's last step shows the same summary as the table at the end
    (who won and why), whoever's view it shows; an earlier step does not."""
    tid, keys, result = _finished(server, 4, 1)
    page, errors = open_page(browser)
    page.goto(f"{server}/table/{tid}?replay=1")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.wait_for_selector("#final.fief-final")
    step = page.locator("#replay-step").text_content()
    last = step.split("/")[1].strip()
    assert step.split("/")[0].strip() == last
    _check_table(page, keys, result)
    assert page.locator("#replay-open").count() == 0  # no "Replay this game" in the replay
    page.locator("#final").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "webux_fief_replay_end_en.png"))
    page.click("#replay-prev")
    page.wait_for_selector("#final", state="detached")
    # the log stops at the step shown: the end is not told before it comes
    assert page.locator("#log .log-game_over").count() == 0
    page.click("#replay-first")
    page.wait_for_function("document.querySelector('#replay-step').textContent.startsWith('0')")
    page.click("#replay-next")
    page.wait_for_selector("#log .log-line")
    early = page.locator("#log .log-line").count()
    page.click("#replay-next")
    page.wait_for_function("(n) => document.querySelectorAll('#log .log-line').length > n",
                           arg=early)
    # the answer for the step shown when the point of view changes comes
    # late, after the last step's: the last step, asked last, stays shown
    page.evaluate("""() => { const fetch = window.fetch; window.fetch = (url, ...rest) =>
      String(url).includes('/replay?step=2&') ? new Promise((done) => setTimeout(
        () => done(fetch(url, ...rest)), 1500)) : fetch(url, ...rest); }""")
    page.select_option("#replay-pov", "all")
    page.click("#replay-last")
    page.wait_for_selector("#final.fief-final")
    page.wait_for_timeout(2000)  # the late answer has come
    assert page.locator("#replay-step").text_content().split("/")[0].strip() == last
    _check_table(page, keys, result)
    # the replay's log: a card it names explains itself (docs/web.md "Card help")
    card = page.locator("#log .log-card").first
    card.scroll_into_view_if_needed()
    card.hover()
    page.wait_for_selector("#card-help:visible")
    page.mouse.move(1, 1)
    page.wait_for_selector("#card-help", state="hidden")

    page.click("#lang-toggle")
    page.wait_for_selector("#final th:has-text('Ce qui a décidé')")
    # the banner names each step's action in French too, as the forms do
    said = []
    for _ in range(12):
        said.append(page.locator("#banner").text_content())
        page.click("#replay-prev")
        page.wait_for_function("t => document.querySelector('#banner').textContent !== t",
                               arg=said[-1])
    english = re.compile(r"\b(Done|End this phase|Move a lord|Vote|votes?|Pay|Take a tithe|Buy)\b")
    assert not [s for s in said if english.search(s)], said
    assert any(s.endswith("\u202f: Terminé") for s in said), said
    assert not [s for s in said if "Voter\u202f:" in s], said  # a vote as its button says it
    page.click("#replay-last")
    page.wait_for_selector("#final.fief-final")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    no_horizontal_scroll(page)
    page.locator("#final").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "webux_fief_replay_end_fr_phone.png"))
    assert not errors, errors
