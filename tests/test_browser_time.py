"""Time and presence in a real Chromium (see tests/test_browser.py for the set-up):
countdowns for every running clock that tick and warn, counted in the server's
time whatever the browser's clock says; the stand-in's moves marked; presence
dots that follow a closed tab within 3 seconds; a page that says at once that
the server is gone, disables every action and keeps the selection, and comes
back with the server; opt-in notifications and the unread-chat badge.

Screenshots go to COURTLY_SHOTS (default: the test's temporary directory).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from test_browser import (
    BOT,
    PERSON,
    _free_port,
    api,
    browser,  # noqa: F401 - a fixture
    open_page,
    serving,
    shots,  # noqa: F401 - a fixture
    take_seat,
)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
AWAY_AFTER = 30.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real application under uvicorn, with a short away timer."""
    from courtly.server import create_app

    db = tmp_path_factory.mktemp("browser_time") / "courtly.sqlite"
    # Every test of the module creates its tables and opens its pages from one
    # address: no limits.
    app = create_app(f"sqlite:///{db}", tables_per_minute=0, sockets_per_address=0,
                     bot_delay=0.05, away_after=AWAY_AFTER)
    with serving(app) as url:
        yield url


def table(base: str, seats: list[dict], seed: int = 7, **extra) -> dict:
    return api(base, "/api/tables", {"game": "courtisans", "num_players": len(seats),
                                     "seats": seats, "seed": seed, "bot_delay": 0.05} | extra)


def seconds(text: str) -> int:
    match = re.fullmatch(r"(\d+):(\d\d)", text.strip())
    assert match, f"not a countdown: {text!r}"
    return int(match[1]) * 60 + int(match[2])


def read_twice(page, selector: str) -> tuple[int, int]:
    """A countdown read, then read again 1.5 s later."""
    first = seconds(page.locator(selector).first.text_content())
    page.wait_for_timeout(1500)
    return first, seconds(page.locator(selector).first.text_content())


def only_refused_sockets(errors: list[str]) -> list[str]:
    """Console errors but the browser's own lines about a refused WebSocket."""
    return [e for e in errors if "WebSocket connection" not in e
            and "ERR_CONNECTION_REFUSED" not in e]


def test_countdowns_tick_for_everyone_warn_and_the_stand_in_is_marked(
        server, browser, shots):  # noqa: F811
    made = table(server, [PERSON, PERSON, BOT], move_clock=14)
    tid = made["table"]["id"]
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    # Bob's browser clock is an hour fast: the page counts in the server's time
    bob, errors_b = open_page(browser, 390, 844)
    bob.add_init_script("{ const real = Date.now; Date.now = () => real() + 3600e3; }")
    take_seat(bob, server, made["links"]["seats"]["1"], "Bob")
    spectator, errors_s = open_page(browser)
    spectator.goto(f"{server}/table/{tid}")
    ann.wait_for_selector(".banner-mine")

    clock = ".seat[data-seat='0'] .seat-clock .countdown"
    for page in (ann, bob, spectator):
        page.wait_for_selector(clock)
        first, second = read_twice(page, clock)
        assert 0 < second < first <= 14, (first, second)
    first, second = read_twice(ann, "#my-clock .countdown")  # the banner, for Ann
    assert second < first
    assert "A bot plays for you" in ann.locator("#my-clock").text_content()
    assert seconds(bob.locator("#other-clock .countdown").text_content()) <= 14  # Bob's banner
    assert "Ann" in bob.locator("#other-clock").text_content()
    ann.screenshot(path=str(shots / "time-clock-desktop.png"))
    bob.screenshot(path=str(shots / "time-clock-phone.png"))
    # the last 10 seconds are a warning, for the player and the others
    for page in (ann, spectator):
        page.wait_for_selector(".seat[data-seat='0'] .countdown-box.countdown-low")
    ann.wait_for_selector("#my-clock .countdown-box.countdown-low")
    ann.screenshot(path=str(shots / "time-clock-warning.png"))

    # time is up: the stand-in bot plays Ann's move, marked in the log and above the board
    for page in (ann, spectator):
        page.wait_for_selector("#log .log-standin", timeout=25_000)
        page.wait_for_selector("#standin-note")
        assert "stand-in" in page.locator("#log .log-standin").first.text_content()
    assert "for you" in ann.locator("#standin-note").text_content()
    assert "Ann" in spectator.locator("#standin-note").text_content()
    events = api(server, f"/api/tables/{tid}/state")["events"]
    assert any(e.get("move", {}).get("by") == "standin" for e in events)
    ann.click("#lang-toggle")  # every new text in French too
    ann.wait_for_function("document.documentElement.lang === 'fr'")
    assert "remplaçant" in ann.locator("#standin-note").text_content()
    ann.screenshot(path=str(shots / "time-standin-fr.png"))
    ann.click("#lang-toggle")
    assert errors_a == [] and errors_b == [] and errors_s == []


def test_presence_follows_a_closed_tab_within_three_seconds(server, browser, shots):  # noqa: F811
    made = table(server, [PERSON, PERSON, BOT], seed=8)
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    bob, _ = open_page(browser)
    take_seat(bob, server, made["links"]["seats"]["1"], "Bob")
    ann.wait_for_selector(".seat[data-seat='1'] .dot-on")
    bob.wait_for_selector(".seat[data-seat='0'] .dot-on")

    bob.context.close()  # Bob closes his tab: no game event follows
    start = time.monotonic()
    ann.wait_for_selector(".seat[data-seat='1'] .dot-off", timeout=3000)
    assert time.monotonic() - start < 3

    # Ann (to play) leaves: Bob, back, sees her dot go grey and her away timer run
    bob, errors_b = open_page(browser)
    start = time.monotonic()
    bob.goto(server + made["links"]["seats"]["1"])
    bob.click("#link-play")  # a taken seat's link asks before playing as Bob
    ann.wait_for_selector(".seat[data-seat='1'] .dot-on", timeout=5000)
    ann.context.close()
    start = time.monotonic()
    bob.wait_for_selector(".seat[data-seat='0'] .dot-off", timeout=3000)
    assert time.monotonic() - start < 3
    bob.wait_for_selector(".seat[data-seat='0'] .seat-clock-away .countdown")
    first, second = read_twice(bob, ".seat[data-seat='0'] .seat-clock-away .countdown")
    assert second < first <= AWAY_AFTER
    assert "a bot plays in" in bob.locator(".seat[data-seat='0'] .seat-clock").text_content()
    # the banner says whose clock it is and what its end brings, not "Ann: 0:09"
    assert "Ann is away: a bot plays in" in bob.locator("#other-clock").text_content()
    bob.screenshot(path=str(shots / "time-away.png"))
    assert errors_a == [] and errors_b == []


# ----- the server goes down and comes back ----------------------------------------------

class ServerProcess:
    """tests/market_server.py in its own process, on a fixed port, killable."""

    def __init__(self, db: Path) -> None:
        self.db, self.port = db, _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT / "src"), str(ROOT / "tests"),
             *filter(None, [os.environ.get("PYTHONPATH")])])}
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "market_server.py"),
                                      f"sqlite:///{self.db}", str(self.port)], env=env)
        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, "the server process died"
            assert time.monotonic() < deadline, "the server did not start"
            try:
                api(self.base, "/api/games")
                return
            except OSError:
                time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)


def test_server_down_disables_actions_keeps_the_selection_then_recovers(
        browser, tmp_path, shots):  # noqa: F811
    server = ServerProcess(tmp_path / "db.sqlite")
    server.start()
    try:
        made = table(server.base, [PERSON, BOT], seed=4)
        tid = made["table"]["id"]
        page, errors = open_page(browser)
        take_seat(page, server.base, made["links"]["seats"]["0"], "Ann")
        page.wait_for_selector(".banner-mine")
        page.locator(".ct-card.playable").first.click()  # a card is chosen...
        page.wait_for_selector(".ct-choices .choice:enabled")
        chosen = page.locator(".ct-card.selected").get_attribute("data-index")

        server.kill()  # ...and the server dies
        page.wait_for_selector("#banner.banner-offline", timeout=3000)
        banner = page.locator("#banner").text_content()
        assert "Connection to the server lost" in banner and "Your turn" not in banner
        assert page.locator("#board button:enabled").count() == 0
        assert page.locator("#board button").count() > 3
        assert page.locator("#chat-form button[type=submit]").is_disabled()
        assert page.locator(".ct-card.selected").get_attribute("data-index") == chosen
        # a click anyway: nothing is sent, nothing breaks, a clear refusal in the player's
        # language (and no "Something went wrong: Failed to fetch")
        page.evaluate("document.querySelector('.ct-choices .choice').click()")
        page.evaluate("window.courtly.context().act({type: 'play'})")
        page.wait_for_selector(".toast-error")
        toasts = " ".join(page.locator(".toast").all_text_contents())
        assert "Not connected to the server: nothing was sent" in toasts
        assert "Something went wrong" not in toasts and "Failed to fetch" not in toasts
        page.screenshot(path=str(shots / "time-offline-desktop.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=str(shots / "time-offline-phone.png"))
        page.set_viewport_size({"width": 1280, "height": 800})
        server.start()  # the same database, the same port
        assert api(server.base, f"/api/tables/{tid}")["moves"] == 0  # nothing went while down

        # back: the banner, the controls and the same selection; the move goes through
        page.wait_for_selector(".banner-mine", timeout=15_000)
        page.wait_for_selector(".ct-choices .choice:enabled")
        assert page.locator(".ct-card.selected").get_attribute("data-index") == chosen
        assert not page.locator("#chat-form button[type=submit]").is_disabled()
        page.locator(".ct-choices .choice").first.click()
        page.wait_for_function("window.courtly.state.table.moves >= 1")
        assert api(server.base, f"/api/tables/{tid}")["moves"] >= 1
        assert only_refused_sockets(errors) == []
    finally:
        server.kill()


# ----- notifications and the unread-chat badge --------------------------------------------

ASKED = """
window.__asked = 0;
if (window.Notification) {
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...a) => { window.__asked += 1; return ask(...a); };
}
"""


def test_notifications_opt_in_and_the_unread_chat_badge(server, browser, shots):  # noqa: F811
    made = table(server, [PERSON, PERSON, BOT], seed=9)
    tid, tokens = made["table"]["id"], made["tokens"]
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    bea, errors_b = open_page(browser, 390, 844)  # a phone: the chat is far below
    bea.context.grant_permissions(["notifications"])
    bea.add_init_script(ASKED)
    take_seat(bea, server, made["links"]["seats"]["1"], "Bea")
    bea.wait_for_selector("#notify-toggle")
    assert bea.get_attribute("#notify-toggle", "aria-pressed") == "false"
    assert bea.evaluate("window.__asked") == 0  # nobody is asked before they opt in
    bea.click("#notify-toggle")
    bea.wait_for_function("localStorage.getItem('courtly.notify') === 'on'")
    assert bea.get_attribute("#notify-toggle", "aria-pressed") == "true"
    bea.reload()  # remembered
    bea.wait_for_selector("#notify-toggle[aria-pressed=true]")
    bea.wait_for_selector(".ct-queen")
    on_bar = "#jump-chat .unread"  # a phone's count: on the bottom bar's Chat link
    assert bea.locator("#chat-unread").is_hidden() and bea.locator(on_bar).is_hidden()

    # a private message from Ann: a notification, and the badge while the chat is out of sight
    ann.select_option("#chat-to", "1")
    ann.fill("#chat-text", "psst, Bea")
    ann.click("#chat-form button[type=submit]")
    bea.wait_for_selector(f"{on_bar}:visible")
    assert bea.locator(on_bar).text_content().strip() == "1"
    # no floating button over a phone's controls (a play-test's lay over an audience's select)
    assert bea.locator("#chat-jump").is_hidden()
    assert bea.locator("#chat-unread").text_content() == "1"
    assert bea.title().startswith("(1) ")
    ann.select_option("#chat-to", "")
    ann.fill("#chat-text", "hello all")
    ann.click("#chat-form button[type=submit]")
    bea.wait_for_function(f"document.querySelector('{on_bar}').textContent.trim() === '2'")
    notified = bea.evaluate("window.courtly.state.notified")
    assert [n["kind"] for n in notified] == ["private"]  # the public message: no notification
    assert "Ann" in notified[0]["text"]
    bea.screenshot(path=str(shots / "time-unread-phone.png"))
    assert ann.locator("#chat-unread").is_hidden()  # Ann's chat is in view: read

    # Bea opens the chat: read, the badge goes
    bea.click("#jump-chat")
    bea.wait_for_selector(on_bar, state="hidden")
    assert bea.locator("#chat-unread").is_hidden()
    assert not bea.title().startswith("(")

    # a board's own chat in sight (Fief's negotiation shows one beside the map): what
    # arrives is read there (a play-test's messages, read so, still counted as unread)
    bea.evaluate("""() => {
      window.scrollTo(0, 0);
      const list = document.createElement('ul');
      list.id = 'board-chat';
      list.dataset.chatList = 'public';
      list.textContent = 'the board chat';
      document.querySelector('#board').prepend(list);
    }""")
    bea.wait_for_function("!window.courtly.state.chatInView")  # the page's own chat far below
    ann.fill("#chat-text", "seen on the board")
    ann.click("#chat-form button[type=submit]")
    bea.wait_for_function("""() => [...window.courtly.state.chat.values()]
      .some((m) => m.text === 'seen on the board')""")
    assert bea.locator(on_bar).is_hidden() and not bea.title().startswith("(")
    bea.evaluate("document.getElementById('board-chat').remove()")

    # Ann plays her three cards: Bea's turn comes, with a notification
    while True:
        now = api(server, f"/api/tables/{tid}/state?token={tokens['0']}")
        if 0 not in now["to_act"]:
            break
        api(server, f"/api/tables/{tid}/actions",
            {"token": tokens["0"], "action": now["legal"][0]["action"]})
    bea.wait_for_selector(".banner-mine")
    bea.wait_for_function("window.courtly.state.notified.some(n => n.kind === 'turn')")
    assert errors_a == [] and errors_b == []


#: A forced move held back for an undo (docs/web.md "Undo"), as the server's
#: clocks give it (tests/test_server.py checks it is sent): the clock of
#: ``seat``'s move, five seconds from now, on a page whose seat it is (``mine``)
#: or another's; the page draws itself again, and what it shows is read at
#: once, in the same go (a server update landing between the two would put
#: the server's clocks back: a CI run found "#my-clock" gone).
FORCED_CLOCK = """([seat, mine]) => {
  const st = window.courtly.state;
  st.clocks = [{ kind: 'forced', seat, deadline: (Date.now() + st.skew) / 1000 + 5, total: 5 }];
  st.forced = mine;
  window.dispatchEvent(new CustomEvent('langchange'));
  const text = (q) => document.querySelector(q)?.textContent ?? null;
  return { mine: text('#my-clock'), banner: text('#banner'), other: text('#other-clock'),
    under: text(".seat[data-seat='0'] .seat-clock"),
    low: document.querySelectorAll('.countdown-low').length };
}"""


def test_a_forced_move_held_for_an_undo_counts_down(server, browser, shots):  # noqa: F811
    """While a forced move waits `undo_grace` seconds for the person before to
    take theirs back, the waiting banners said nothing of when it comes: the
    seat whose move it is reads "Made for you in 0:05", everyone else "Ann:
    0:05" in the banner and "only move in 0:05" under Ann's name; no red
    warning (it asks nothing of anyone)."""
    made = table(server, [PERSON, PERSON])
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    bob, errors_b = open_page(browser, 390, 844)
    take_seat(bob, server, made["links"]["seats"]["1"], "Bob")
    ann.wait_for_selector(".banner-mine")
    shown = ann.evaluate(FORCED_CLOCK, [0, True])
    mine = shown["mine"] or ""
    assert mine.startswith("Made for you in") and 3 <= seconds(mine.split("in")[-1]) <= 5, shown
    assert "only move" in shown["banner"], shown
    shown = bob.evaluate(FORCED_CLOCK, [0, False])
    other = shown["other"]
    assert other and other.startswith("Ann") and 3 <= seconds(other.split(":", 1)[1]) <= 5, shown
    assert shown["under"] and shown["under"].startswith("only move in"), shown
    assert shown["low"] == 0  # five seconds, and no warning
    ann.screenshot(path=str(shots / "ux23-forced-clock-desktop.png"))
    bob.screenshot(path=str(shots / "ux23-forced-clock-phone.png"))
    bob.click("#lang-toggle")
    bob.wait_for_function("document.documentElement.lang === 'fr'")
    assert bob.evaluate(FORCED_CLOCK, [0, False])["under"].startswith("seul coup")
    ann.click("#lang-toggle")
    ann.wait_for_function("document.documentElement.lang === 'fr'")
    assert ann.evaluate(FORCED_CLOCK, [0, True])["mine"].startswith("Joué pour vous dans")
    assert errors_a == [] and errors_b == []
