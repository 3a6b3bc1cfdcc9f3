"""A paused table in a real Chromium (see tests/test_browser.py for the set-up):
when nobody is at the table any more (docs/api.md "Idle tables"), a spectator
watching is told at once why nothing moves, in English and French, and the
countdowns stand still; a player back wakes it and they run again.

Screenshots go to COURTLY_SHOTS (default: the test's temporary directory).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from test_browser import (
    PERSON,
    api,
    browser,  # noqa: F401 - a fixture
    no_horizontal_scroll,
    open_page,
    serving,
    shots,  # noqa: F401 - a fixture
    take_seat,
)

pytestmark = pytest.mark.slow

AWAY_AFTER = 1.5  # and so pause_after: the table pauses 1.5 s after its last person left
PAUSED = "Paused: nobody is at the table. Play resumes when a player comes back."
FR_PAUSED = "En pause\u202f: personne n'est à la table. La partie reprend quand un joueur revient."


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real application under uvicorn, with a short away timer (and pause)."""
    from courtly.server import create_app
    from market_game import GAME as MARKET

    db = tmp_path_factory.mktemp("browser_pause") / "courtly.sqlite"
    # every page of the module comes from one address: no limits
    app = create_app(f"sqlite:///{db}", tables_per_minute=0, sockets_per_address=0,
                     bot_delay=0.05, away_after=AWAY_AFTER, games={MARKET.name: MARKET})
    with serving(app) as url:
        yield url


def seconds(text: str) -> int:
    match = re.fullmatch(r"(\d+):(\d\d)", text.strip())
    assert match, f"not a countdown: {text!r}"
    return int(match[1]) * 60 + int(match[2])


def test_a_spectator_is_told_the_table_is_paused_and_its_clock_stands_still(
        server, browser, shots):  # noqa: F811
    made = api(server, "/api/tables", {"game": "market", "num_players": 2,
                                       "seats": [PERSON, PERSON], "seed": 3, "bot_delay": 0.05,
                                       "options": {"window_seconds": 90}})
    tid = made["table"]["id"]
    api(server, f"/api/tables/{tid}/join",
        {"token": made["tokens"]["1"], "name": "Bob"})  # Bob never opens the page
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    watcher, errors_w = open_page(browser)
    watcher.goto(f"{server}/table/{tid}")
    clock = "#countdown"
    watcher.wait_for_selector(f".countdown-box[data-deadline] {clock}")
    assert watcher.locator("#paused-note").count() == 0

    ann.close()  # the last person leaves: the table pauses AWAY_AFTER later
    note = watcher.wait_for_selector("#paused-note", timeout=10_000)
    assert note.text_content().strip() == PAUSED
    assert watcher.locator("#table-status").text_content() == "Paused"
    assert api(server, f"/api/tables/{tid}")["paused"]
    # no countdown runs: the phase's clock shows what it keeps, and stays there
    assert watcher.locator(".countdown-box[data-deadline]").count() == 0
    assert watcher.locator(f".countdown-paused {clock}").count() == 1
    first = seconds(watcher.locator(clock).text_content())
    watcher.wait_for_timeout(2200)
    assert seconds(watcher.locator(clock).text_content()) == first
    assert 80 < first < 90
    watcher.screenshot(path=str(shots / "pause_en.png"))
    watcher.click("#lang-toggle")
    watcher.wait_for_function("document.documentElement.lang === 'fr'")
    assert watcher.locator("#paused-note").text_content().strip() == FR_PAUSED
    assert watcher.locator("#table-status").text_content() == "En pause"
    watcher.screenshot(path=str(shots / "pause_fr.png"))
    watcher.set_viewport_size({"width": 390, "height": 844})
    watcher.wait_for_timeout(200)
    no_horizontal_scroll(watcher)
    box = watcher.locator("#paused-note").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    watcher.screenshot(path=str(shots / "pause_fr_phone.png"))
    watcher.click("#lang-toggle")
    watcher.wait_for_function("document.documentElement.lang === 'en'")
    watcher.screenshot(path=str(shots / "pause_en_phone.png"))

    # Ann comes back (this browser kept her seat): the table wakes, the clock runs
    back = ann.context.new_page()
    back.goto(f"{server}/table/{tid}")
    watcher.wait_for_selector("#paused-note", state="detached", timeout=10_000)
    watcher.wait_for_selector(f".countdown-box[data-deadline] {clock}")
    resumed = seconds(watcher.locator(clock).text_content())
    assert first - 2 <= resumed <= first  # the clock kept its time through the pause
    watcher.wait_for_timeout(1500)
    assert seconds(watcher.locator(clock).text_content()) < resumed
    assert back.locator("#paused-note").count() == 0
    assert watcher.locator("#table-status").text_content() == "Playing"
    assert errors_a == [] and errors_w == []


def test_the_stand_in_mark_leaves_a_seat_whose_person_is_back(server, browser):  # noqa: F811
    """The one to play leaves: the stand-in plays for them and their seat says so on
    the other's page ("stand-in played"); once they are back the mark goes, with the
    note above the board (it told who played, and the person plays again)."""
    made = api(server, "/api/tables", {"game": "courtisans", "num_players": 2,
                                       "seats": [PERSON, PERSON], "seed": 3, "bot_delay": 0.05})
    tid, links = made["table"]["id"], made["links"]["seats"]
    pages = {}
    for seat, name in ((0, "Ann"), (1, "Bob")):
        pages[seat], _ = open_page(browser)
        take_seat(pages[seat], server, links[str(seat)], name)
    gone = api(server, f"/api/tables/{tid}/state")["phase"]["to_act"][0]
    stays = pages[1 - gone]
    mark = f".seat[data-seat='{gone}'] .badge-standin"
    stays.wait_for_selector(f".seat[data-seat='{gone}'] .dot-on")
    pages[gone].context.close()
    stays.wait_for_selector(mark, timeout=10_000)
    stays.wait_for_selector("#standin-note")
    back, errors = open_page(browser)
    back.goto(server + links[str(gone)])
    back.click("#link-play")  # a taken seat's link asks before playing here
    stays.wait_for_selector("#log .log-back")
    stays.wait_for_selector(mark, state="detached", timeout=3000)
    assert stays.locator("#standin-note").count() == 0
    # the one back is told what the stand-in played meanwhile, until their own move
    played = [e for e in api(server, f"/api/tables/{tid}/state")["events"]
              if e.get("move") and e["move"]["seat"] == gone and e["move"]["by"] == "standin"
              and not e["move"]["follows"]]
    back.wait_for_selector("#away-note")
    told = back.locator("#away-note").text_content()
    assert f"a bot played {len(played)} move" in told, (told, len(played))
    assert stays.locator("#away-note").count() == 0  # the other's page: nothing of the kind
    # the seat changes hands before its person plays: the newcomer is told nothing of it
    host = made["host_token"]
    stays.wait_for_function(f"window.courtly.state.toAct.includes({1 - gone})")
    api(server, f"/api/tables/{tid}/host/seats/{gone}/bot", {"host": host})
    link = api(server, f"/api/tables/{tid}/host/seats/{gone}/person", {"host": host})["link"]
    newcomer, errors_n = open_page(browser)
    take_seat(newcomer, server, link.removeprefix(server), "Cleo")
    newcomer.wait_for_selector("#log .log-join >> text=Cleo")
    assert newcomer.locator("#away-note").count() == 0
    assert errors == [] and errors_n == []


def test_the_stand_in_mark_leaves_a_seat_the_host_gives_away(server, browser):  # noqa: F811
    """A play-test's reopened seat still read "stand-in played" for the person
    who had left it before the host gave it to a bot and opened it again: the
    mark is about the seat's last holder, and goes when the seat changes hands."""
    made = api(server, "/api/tables", {"game": "courtisans", "num_players": 2,
                                       "seats": [PERSON, PERSON], "seed": 3, "bot_delay": 0.05})
    tid, links, host = made["table"]["id"], made["links"]["seats"], made["host_token"]
    pages = {}
    for seat, name in ((0, "Ann"), (1, "Bob")):
        pages[seat], _ = open_page(browser)
        take_seat(pages[seat], server, links[str(seat)], name)
    gone = api(server, f"/api/tables/{tid}/state")["phase"]["to_act"][0]
    stays, errors = pages[1 - gone], []
    stays.on("pageerror", lambda e: errors.append(str(e)))
    mark = f".seat[data-seat='{gone}'] .badge-standin"
    stays.wait_for_selector(f".seat[data-seat='{gone}'] .dot-on")
    pages[gone].context.close()
    stays.wait_for_selector(mark, timeout=10_000)
    stays.wait_for_function(f"window.courtly.state.toAct.includes({1 - gone})")  # its turn now
    api(server, f"/api/tables/{tid}/host/seats/{gone}/bot", {"host": host})
    api(server, f"/api/tables/{tid}/host/seats/{gone}/person", {"host": host})
    stays.wait_for_selector("#log .log-host_person")
    stays.wait_for_selector(mark, state="detached", timeout=3000)
    assert errors == []
