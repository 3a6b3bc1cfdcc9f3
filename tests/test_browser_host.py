"""Seats and links in a real Chromium (issue 12): a seat link opened by the
wrong browser, the join dialog, the host's panel (a link given again, a new
link, a bot in a seat), the French bot badge. The server and the browser are
test_browser.py's fixtures. Screenshots go to COURTLY_SHOTS or the test's
temporary directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_browser import (  # the fixtures and helpers of the browser tests
    BOT,
    PERSON,
    api,
    browser,
    create_for_two_friends,
    new_table,
    no_horizontal_scroll,
    open_page,
    server,
    take_seat,
)
from test_browser_around import act, state  # the API's helpers of the rematch tests

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name


def shot(page, name: str, tmp_path: Path) -> None:
    folder = Path(os.environ.get("COURTLY_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), full_page=True)


def watching(page) -> None:
    """Wait until the page is connected as a spectator (no seat)."""
    page.wait_for_function("(() => { const s = window.courtly && window.courtly.state;"
                           " return !!(s && s.table && s.conn) && s.seat === null; })()")
    page.wait_for_selector("#whoami .muted", state="attached")


def saved_token(page, table_id: str) -> str | None:
    return page.evaluate(f"localStorage.getItem('courtly.token.{table_id}')")


def test_a_seat_link_opened_by_the_wrong_browser_says_whose_it_is(server, browser, tmp_path):
    made = new_table(server, "courtisans", [PERSON, PERSON, BOT], seed=5)
    tid, links = made["table"]["id"], made["links"]["seats"]
    alice, errors_a = open_page(browser)
    take_seat(alice, server, links["0"], "Alice")
    mine = saved_token(alice, tid)
    assert mine is not None

    # Alice opens seat 2's link: refused, naming the game, the table and the seat
    alice.goto(server + links["1"])
    alice.wait_for_selector("#link-dialog[open]")
    context = alice.locator("#link-dialog .dialog-context").text_content()
    assert "Courtisans" in context and tid in context and "seat 2" in context
    assert "seat 1 as Alice" in alice.locator("#link-dialog").text_content()
    shot(alice, "wrong_seat_dialog.png", tmp_path)
    alice.click("#link-watch")
    watching(alice)
    assert saved_token(alice, tid) == mine  # seat 1 is still this browser's
    assert api(server, f"/api/tables/{tid}")["seats"][1]["taken"] is False
    assert "token=" not in alice.url
    alice.goto(server + links["1"])
    alice.click("#link-back")
    alice.wait_for_selector(".whoami-you")
    assert alice.locator(".whoami-you").text_content() == "You are Alice"
    assert alice.locator(".ct-hand").count() == 1

    # another browser: the join dialog names the seat, and one can watch instead
    bob, errors_b = open_page(browser, 390, 844)
    bob.goto(server + links["1"])
    bob.wait_for_selector("#join-dialog[open]")
    context = bob.locator("#join-context").text_content()
    assert "Courtisans" in context and tid in context and "seat 2" in context
    # behind the dialog the page waits for a name, not for the server (it said
    # "Connecting…" and "…" for the game), and names nobody "you" yet
    assert bob.locator("#banner").text_content() == "Choose your name to take your seat."
    assert bob.locator("#game-title").text_content() == "Courtisans"
    assert bob.locator("#whoami").text_content() == ""
    shot(bob, "join_dialog_phone.png", tmp_path)
    bob.click("#join-watch")
    watching(bob)
    assert saved_token(bob, tid) is None
    assert bob.locator(".ct-hand").count() == 0
    # the same name as another seat's is refused, in words
    bob.goto(server + links["1"])
    bob.fill("#join-name", " alice ")
    bob.click("#join-button")
    bob.wait_for_selector("#join-error:not([hidden])")
    assert "already at this table" in bob.locator("#join-error").text_content()
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector(".whoami-you", state="attached")
    no_horizontal_scroll(bob)

    # a third browser opening Bob's (taken) link is asked before playing as Bob
    eve, errors_e = open_page(browser)
    eve.goto(server + links["1"])
    eve.wait_for_selector("#link-dialog[open]")
    assert "Bob already sits in seat 2" in eve.locator("#link-dialog").text_content()
    eve.click("#link-watch")
    watching(eve)
    assert saved_token(eve, tid) is None
    assert errors_a == errors_b == errors_e == []


def test_the_lobby_does_not_invite_to_create_a_first_table_beside_ones_own(server, browser):
    """Right after creating a table, the listed tables (filtered to its game,
    which no other test of this file plays) hold only it, shown under "Your
    tables": the list below says there is no other, not "create the first one"."""
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=vive_le_roi]", state="attached")
    page.select_option("#filter-game", "vive_le_roi")
    page.wait_for_selector("#tables-none[data-none='lobby.no_match']")
    page.select_option("#game", "vive_le_roi")
    page.click("#create-button")
    page.wait_for_selector("#created a.button-link")
    page.wait_for_selector("#my-tables .table-item")
    page.wait_for_selector("#tables-none[data-none='lobby.no_other_tables']")
    assert "No other table" in page.locator("#tables").text_content()
    assert errors == []


def test_the_host_gives_a_link_again_replaces_it_and_puts_a_bot_in_a_seat(server, browser,
                                                                           tmp_path):
    host, errors_h = open_page(browser)
    create_for_two_friends(host, server)
    shot(host, "lobby_created.png", tmp_path)
    first = host.eval_on_selector_all("#created .link-row input", "xs => xs.map(x => x.value)")
    tid = first[0].split("/table/")[1].split("?")[0]
    assert host.evaluate(f"localStorage.getItem('courtly.host.{tid}')")
    host.click("#created a.button-link")
    host.fill("#join-name", "Hana")
    host.click("#join-button")

    # the host panel gives seat 2's link again, the same as at creation
    host.wait_for_selector("#host-link-1")
    assert host.input_value("#host-link-1") == first[1]
    assert host.locator("#host-panel .ct-hand").count() == 0
    friend, errors_f = open_page(browser)
    take_seat(friend, server, first[1].removeprefix(server), "Bob")
    friend.wait_for_selector(".whoami-you")

    # a new link for seat 2: Bob's old link stops at once, his page watches
    host.click("#host-panel [data-host-action=token][data-seat='1']")
    host.click("#host-confirm #host-yes")
    host.wait_for_function(f"document.querySelector('#host-link-1').value !== {first[1]!r}")
    new_link = host.input_value("#host-link-1")
    # the new link is marked new and the host told what to do with it (a play-test
    # saw it land in its field unremarked)
    assert host.locator("#host-links li.host-link-new[data-seat='1'] .badge-new").count() == 1
    assert "Seat 2 has a new link" in host.locator(".toast").last.text_content()
    watching(friend)
    assert friend.locator(".ct-hand").count() == 0
    assert saved_token(friend, tid) is None
    host.wait_for_function(
        "document.querySelector('#log').textContent.includes('The host gives Bob a new link')")
    # Bob on his laptop, with the new link: asked, then seated as Bob again
    laptop, errors_l = open_page(browser)
    laptop.goto(new_link)
    laptop.wait_for_selector("#link-dialog[open]")
    laptop.click("#link-play")
    laptop.wait_for_selector(".whoami-you")
    assert laptop.locator(".whoami-you").text_content() == "You are Bob"

    # Bob leaves for good: a bot takes his seat; the log says so
    host.click("#host-panel [data-host-action=bot][data-seat='1']")
    host.click("#host-confirm #host-yes")
    host.wait_for_selector(".seat[data-seat='1'] .badge-bot")
    host.wait_for_function(
        "document.querySelector('#log').textContent.includes(\"gives Bob's seat to a bot\")")
    watching(laptop)
    # the seat's link goes with the person: the seats' update may follow the log's line
    host.wait_for_selector("#host-link-1", state="detached")
    assert host.locator("#host-panel [data-host-action=person][data-seat='1']").count() == 1
    shot(host, "host_panel_desktop.png", tmp_path)
    # in French: the bot badge, the bot's name and the log line
    host.click("#lang-toggle")
    host.wait_for_function("document.documentElement.lang === 'fr'")
    assert host.locator(".seat[data-seat='1'] .badge-bot").text_content() == \
        "robot · heuristique"
    assert host.locator(".seat[data-seat='1'] .seat-name").text_content() == "Place 2 (robot)"
    assert "L'hôte donne la place de Bob à un robot" in host.locator("#log").text_content()
    host.set_viewport_size({"width": 390, "height": 844})
    host.wait_for_timeout(200)
    no_horizontal_scroll(host)
    host.locator("#host-panel").scroll_into_view_if_needed()
    host.screenshot(path=str(Path(os.environ.get("COURTLY_SHOTS") or tmp_path)
                             / "host_panel_phone.png"))
    host.click("#lang-toggle")

    # the lobby lists the table under "Your tables", with Manage
    host.goto(server + "/")
    host.wait_for_selector(f"#my-tables .table-item[data-table='{tid}'] [data-manage]")
    shot(host, "lobby_mine.png", tmp_path)
    assert errors_h == errors_f == errors_l == []


def _panel_height(page) -> float:
    box = page.locator("#host-panel").bounding_box()
    assert box
    return box["height"]


def test_the_host_panel_folds_away_once_the_game_has_started(server, browser, tmp_path):
    made = new_table(server, "courtisans", [PERSON, PERSON, BOT], seed=5)
    tid, links = made["table"]["id"], made["links"]
    host, errors_h = open_page(browser)
    host.goto(server + links["host"])  # kept in this browser once the server confirms it
    host.wait_for_function(f"!!localStorage.getItem('courtly.host.{tid}')")
    take_seat(host, server, links["seats"]["0"], "Hana")

    # the lobby phase: everything in sight (the links to hand out)
    host.wait_for_selector("#host-details[open] #host-link-1")
    assert host.locator("#host-link-1").is_visible()
    lobby = _panel_height(host)
    shot(host, "webux_host_lobby.png", tmp_path)

    # the game starts: the links, the listing and "Abandon" fold away, the seats stay
    friend, errors_f = open_page(browser)
    take_seat(friend, server, links["seats"]["1"], "Bob")
    host.wait_for_selector("#host-details[data-phase=play]:not([open])", state="attached")
    host.wait_for_selector(".ct-hand")
    assert host.locator("#host-link-1").is_hidden() and host.locator("#host-abandon").is_hidden()
    assert host.locator("#host-panel [data-host-action=token][data-seat='1']").is_visible()
    assert _panel_height(host) < lobby / 2, (_panel_height(host), lobby)
    shot(host, "webux_host_play.png", tmp_path)

    # opened by a click, it stays open across updates (Bob's move would redraw it)
    host.click("#host-details summary")
    host.wait_for_selector("#host-details[open]")
    assert host.locator("#host-link-1").is_visible()
    host.fill("#chat-text", "hello")  # an update redraws the page
    host.click("#chat-form button[type=submit]")
    host.wait_for_selector("#chat li:has-text('hello')")
    assert host.locator("#host-details[open]").count() == 1
    host.click("#host-details summary")
    host.wait_for_selector("#host-details:not([open])", state="attached")

    # a page opened during play shows it folded, in French and on a phone too
    host.set_viewport_size({"width": 390, "height": 844})
    host.reload()
    host.wait_for_selector("#host-details:not([open])", state="attached")
    host.click("#lang-toggle")
    host.wait_for_selector("#host-details summary:has-text('Liens')")
    no_horizontal_scroll(host)
    host.locator("#host-panel").scroll_into_view_if_needed()
    host.screenshot(path=str(Path(os.environ.get("COURTLY_SHOTS") or tmp_path)
                             / "webux_host_play_fr_phone.png"))
    host.click("#lang-toggle")
    assert not errors_h and not errors_f, errors_h + errors_f


def test_the_log_names_each_seat_as_it_was_when_its_holder_changes(server, browser):
    """A play-test's host gave Marc's seat to a bot, then opened it again and
    Marco sat down: the log then read Marc's own moves as "Seat 2 (bot)
    places ...", later "Marco places ...". Each line names the seat as it was
    held then: Marc, the bot, then Marco; "you" only for lines of one's own."""
    made = new_table(server, "courtisans", [PERSON, PERSON, BOT], seed=3)
    tid, tokens, host = made["table"]["id"], made["tokens"], made["host_token"]
    for seat, name in (("0", "Ann"), ("1", "Marc")):
        api(server, f"/api/tables/{tid}/join", {"token": tokens[seat], "name": name})

    def play_turn(token: str, seat: int) -> None:
        while seat in state(server, tid)["to_act"]:
            act(server, tid, token, state(server, tid, token)["legal"][0]["action"])

    play_turn(tokens["0"], 0)
    play_turn(tokens["1"], 1)  # Marc's turn: three cards
    api(server, f"/api/tables/{tid}/host/seats/1/bot", {"host": host})
    link = api(server, f"/api/tables/{tid}/host/seats/1/person", {"host": host})["link"]
    new_token = link.split("token=")[1]
    page, errors = open_page(browser)
    page.goto(f"{server}/table/{tid}?token={new_token}")
    page.wait_for_selector("#join-dialog[open]")
    # sitting down mid-game, one is told so, and that the host's bot played the seat
    note = page.locator("#join-midgame").text_content()
    assert "The game is under way" in note and "a bot has been playing this seat" in note, note
    page.fill("#join-name", "Marco")
    page.click("#join-button")
    page.wait_for_selector("#log .log-host_bot")
    lines = page.evaluate("""() => [...document.querySelectorAll('#log .log-line')]
      .map((li) => ({ seat: li.dataset.seat, by: li.dataset.by, text: li.textContent }))""")
    marcs = [line["text"] for line in lines if line["seat"] == "1" and line["by"] == "person"]
    assert marcs and all("Marc" in text and "Marco" not in text for text in marcs), marcs
    assert not any(text.startswith("You") for text in marcs), marcs  # Marco did not play them
    assert any("Marco takes seat 2" in line["text"] for line in lines)
    # Marc's old link, opened in Marco's browser: back to his own seat, and told so
    page.goto(f"{server}/table/{tid}?token={tokens['1']}")
    page.locator(".toast-error").last.wait_for()
    told = page.locator(".toast-error").last.text_content()
    assert "you are at your own seat" in told and "watching" not in told, told
    page.wait_for_function("window.courtly.state.seat === 1")
    # ... and in a fresh browser: what it means and what to do, not "token"
    fresh, errors_f = open_page(browser)
    fresh.goto(f"{server}/table/{tid}?token={tokens['1']}")
    fresh.locator(".toast-error").last.wait_for()
    told = fresh.locator(".toast-error").last.text_content()
    assert "Ask the host for a new link" in told and "token" not in told, told
    # an open seat's away clock, as a spectator sees it: whose and what happens (the
    # table loaded, which the toast comes before)
    fresh.wait_for_function("!!(window.courtly && window.courtly.state.table)")
    # set and read in one go: the bots' moves keep the page's state changing
    chip = fresh.evaluate("""() => {
      const s = window.courtly.state;
      s.table = { ...s.table, seats: s.table.seats.map((x) => x.seat === 1
        ? { ...x, name: null, awaited: null, kind: 'person' } : x) };
      s.clocks = [{ seat: 1, kind: 'away', deadline: Date.now() / 1000 + 30, left: 30,
                    total: 60 }];
      s.toAct = [1];
      window.dispatchEvent(new CustomEvent('langchange'));
      const clock = document.querySelector('#other-clock');
      return clock ? clock.textContent : null;
    }""")
    assert chip and "Seat 2 is still open: a bot plays it in" in chip, chip
    refused = "status of 403"  # the old link's request, refused as it should be
    assert [e for e in errors + errors_f if refused not in e] == []
