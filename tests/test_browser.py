"""The browser client end to end, in a real Chromium driven by Playwright.

The real server runs with uvicorn in a background thread on a free loopback
port and a temporary SQLite file; the pages are the package's own static
files (src/courtly/web). Chromium is Debian's (/usr/bin/chromium, or
COURTLY_CHROMIUM); nothing is downloaded. Without Chromium or Playwright the
tests are skipped, except in CI (env CI set), where that is a failure.

Screenshots for the README go to docs/screenshots/ when they are missing or
when COURTLY_UPDATE_SCREENSHOTS is set (otherwise to the test's tmp dir, so
a test run does not rewrite tracked images).

Every test here is marked slow (a browser and a server each time), so the
everyday loop, ``pytest -m "not slow"``, leaves them out.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import courtly

pytestmark = pytest.mark.slow

CHROMIUM = os.environ.get("COURTLY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
IN_CI = bool(os.environ.get("CI"))
SCREENSHOTS = Path(__file__).resolve().parent.parent / "docs" / "screenshots"
TIMEOUT_MS = 20_000

try:
    from playwright.sync_api import Browser, Page, sync_playwright
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]


def _unavailable(reason: str) -> None:
    """Skip on a developer machine; in CI a browser test that cannot run fails."""
    if IN_CI:
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


# ----- the server --------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` under uvicorn in a thread, on a free port, while the block runs: its base URL."""
    import uvicorn

    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            lifespan="on")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not uv.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        uv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real application under uvicorn, on a free port; yields its base URL."""
    from courtly.server import create_app
    from market_game import GAME as MARKET

    db = tmp_path_factory.mktemp("browser") / "courtly.sqlite"
    # Every test of the module creates its tables and opens its pages from one
    # address, and a test may post a dozen messages at once: no limits; tests
    # choose their deal by its seed, persons' tables too.
    app = create_app(f"sqlite:///{db}", tables_per_minute=0, sockets_per_address=0,
                     chat_every=0, mix_seeds=False, bot_delay=0.05,
                     games={MARKET.name: MARKET})
    with serving(app) as url:
        yield url


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test's screenshots go: COURTLY_SHOTS, else its temporary directory."""
    folder = Path(os.environ.get("COURTLY_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def new_table(base: str, game: str, seats: list[dict[str, Any]], seed: int = 7,
              **options: Any) -> dict[str, Any]:
    return api(base, "/api/tables", {"game": game, "num_players": len(seats), "seats": seats,
                                     "seed": seed, "bot_delay": 0.05, "options": options})


BOT = {"kind": "bot", "bot": "heuristic"}
PERSON = {"kind": "person"}


# ----- the browser ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        _unavailable("the playwright package is not installed")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _unavailable(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Errors(list):
    """Console errors and uncaught exceptions of a page; a test ends with none."""


def wait_over(base: str, table_id: str, seconds: float) -> None:
    """Wait until a table of bots has played its game to the end."""
    deadline = time.monotonic() + seconds
    while api(base, f"/api/tables/{table_id}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.5)


def open_page(browser: Browser, width: int = 1280, height: int = 800, touch: bool = False
              ) -> tuple[Page, Errors]:
    """A page at that size under the server's Content-Security-Policy (any
    violation is a console error, so a test fails on it); with ``touch``, a
    touch screen (CSS ``pointer: coarse``, as on a phone)."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    _wait_with_functions(page)
    errors = Errors()
    page.on("pageerror", lambda exc: errors.append(f"exception: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}")
            if msg.type == "error" else None)
    return page, errors


def banner_leads_to(page: Page, panel: str) -> None:
    """The banner's words are a link to the panel ``panel`` (an id), and a tap
    from the page's far end brings it under the sticky banner."""
    link = page.locator(".banner a.banner-jump")
    link.wait_for()
    assert link.get_attribute("href") == f"#{panel}"
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    link.click()
    page.wait_for_function("""(panel) => {
      const top = document.getElementById(panel).getBoundingClientRect().top;
      const under = document.getElementById('banner').getBoundingClientRect().bottom;
      return top >= under - 1 && top < under + 60;
    }""", arg=panel)


def _wait_with_functions(page: Page) -> None:
    """While it polls, Playwright evaluates a predicate given as an expression
    with eval, which the server's CSP (script-src 'self') forbids; a function's
    source is not eval'd. So the page's ``wait_for_function`` turns an
    expression into a function returning it."""
    wait = page.wait_for_function

    def wait_for_function(expression: str, *args: Any, **kwargs: Any) -> Any:
        # a function's parameters: none, a name, or a list (destructured ones too:
        # "([lord, to]) => ...", which must not be taken for an expression, or
        # the wait would return at once with the function itself, a truthy value)
        if not re.match(r"\s*(\w+|\([^()]*\))\s*=>|\s*(async\s+)?function\b", expression):
            expression = f"() => ({expression})"
        return wait(expression, *args, **kwargs)

    page.wait_for_function = wait_for_function  # type: ignore[method-assign]


def screenshot(page: Page, name: str, tmp_path: Path) -> Path:
    """Save a README screenshot (viewport, scrolled to the top)."""
    target = SCREENSHOTS / name
    if target.exists() and not os.environ.get("COURTLY_UPDATE_SCREENSHOTS"):
        target = tmp_path / name
    target.parent.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)
    page.screenshot(path=str(target))
    assert target.stat().st_size > 10_000
    return target


def take_seat(page: Page, base: str, link: str, name: str) -> None:
    """Open a seat link; the first time, the page asks for a name and joins."""
    page.goto(base + link)
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector("#join-dialog:not([open])", state="attached")


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"


def wait_my_turn_or_end(page: Page) -> bool:
    """True when it is our turn, False once the game is over."""
    page.wait_for_selector(".banner-mine, .banner-over", timeout=TIMEOUT_MS)
    return page.locator(".banner-over").count() == 0


#: A scrolling list (the log, the chat) at one instant: whether it overflows,
#: the lines its top or bottom edge cuts, and whether the newest shows whole.
LIST_EDGES = """([id, lines]) => {
  const list = document.getElementById(id);
  const top = list.getBoundingClientRect().top + list.clientTop;
  const bottom = top + list.clientHeight;
  const items = [...list.querySelectorAll(lines)];
  const across = (r, y) => r.top < y - 1 && r.bottom > y + 1;
  const last = items[items.length - 1].getBoundingClientRect();
  return {overflows: list.scrollHeight > list.clientHeight,
          cut: items.filter((l) => {
            const r = l.getBoundingClientRect();
            return across(r, top) || across(r, bottom);
          }).map((l) => l.textContent),
          newest: last.top >= top - 1 && last.bottom <= bottom + 1};
}"""


def whole_lines_at_end(page: Page, list_id: str, lines: str) -> None:
    """The list overflows and shows whole lines, the newest at the bottom."""
    edges = page.evaluate(LIST_EDGES, [list_id, lines])
    assert edges["overflows"] and edges["newest"] and not edges["cut"], edges


def log_indices(page: Page) -> list[int]:
    return [int(i) for i in page.eval_on_selector_all(
        "#log .log-line", "lines => lines.map(l => l.dataset.index)")]


# ----- Courtisans ---------------------------------------------------------------------------

def test_the_lobby_offers_a_bot_menu_only_for_bot_seats_and_shows_it_whole(server, browser):
    """A person's seat has no (greyed) bot menu beside it, and a bot seat's
    menu shows its choice whole ("heuristic (plays well)"), on a desktop and
    a phone, in both languages; the filters of the list show theirs too."""
    for width in (1280, 390):
        page, errors = open_page(browser, width, 844)
        page.goto(server + "/")
        page.wait_for_selector("#game option[value=courtisans]", state="attached")
        page.select_option("#game", "courtisans")
        page.select_option("#num-players", "3")
        for language in ("en", "fr"):
            assert page.locator("#seat-0-bot").count() == 0  # a person
            page.select_option("#seat-2-kind", "person")
            assert page.locator("#seat-2-bot").count() == 0
            page.select_option("#seat-2-kind", "bot")
            for menu in ("#seat-1-bot", "#seat-2-bot", ".lobby-filters select"):
                cut = page.eval_on_selector_all(menu, """menus => menus.map((m) => {
                    const probe = document.createElement("span");
                    probe.style.font = getComputedStyle(m).font;
                    probe.style.position = "absolute";
                    probe.style.visibility = "hidden";
                    probe.textContent = m.options[m.selectedIndex].text;
                    document.body.append(probe);
                    const room = m.clientWidth - 24;  // less its arrow
                    const need = probe.getBoundingClientRect().width;
                    probe.remove();
                    return need > room ? m.options[m.selectedIndex].text : null;
                })""")
                assert [c for c in cut if c] == [], (width, language, menu)
            if language == "en":
                page.click("#lang-toggle")
                page.wait_for_function("document.documentElement.lang === 'fr'")
        page.close()
        assert errors == []


NASTY = '<img src=x onerror="window.__p=1">Ada'


def test_the_lobby_writes_an_options_sums_in_digit_groups(server, browser):
    """A play-test saw Versailles' goal offered as "30000": the option's
    values read in the page's digit groups ("30,000", "30 000"), the value
    sent the plain number."""
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=versailles]", state="attached")
    page.select_option("#game", "versailles")
    page.wait_for_selector("#opt-goal")
    shown = page.locator("#opt-goal option").all_text_contents()
    assert "30,000" in shown and not any(re.fullmatch(r"\d{4,}", v) for v in shown), shown
    assert page.eval_on_selector("#opt-goal", "s => [...s.options].map(o => o.value)") \
        == [v.replace(",", "") for v in shown]
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert "30\u202f000" in page.locator("#opt-goal option").all_text_contents()
    assert errors == []


#: Each lobby option's words and control: whether the control comes after the
#: words (a menu, a number) or before them (a checkbox), and sits beside them.
OPTION_ROWS = """() => [...document.querySelectorAll('#options .option')].map((row) => {
  const words = row.querySelector(':scope > span').getBoundingClientRect();
  const control = row.querySelector('select, input').getBoundingClientRect();
  const middle = (control.top + control.bottom) / 2;
  return {kind: row.querySelector('[data-option]').dataset.kind,
          after: control.left >= words.right - 1, before: control.right <= words.left + 1,
          beside: middle > words.top && middle < words.bottom,
          inside: control.right <= row.getBoundingClientRect().right + 1};
})"""


@pytest.mark.parametrize("game", ["versailles", "fief"])
def test_the_lobbys_options_read_words_then_menu(server, browser, game):
    """A play-test read Versailles' goal as a menu stretched across the box with
    its words after it ("[50,000 ▾] Fortune to win"). A menu or a number comes
    after its words, a checkbox before them, each beside its words (long words
    wrap, the control keeps its width), on a desktop and a phone, in English
    and in French."""
    for width, height in ((1280, 900), (390, 844)):
        page, errors = open_page(browser, width, height)
        page.goto(server + "/")
        page.wait_for_selector(f"#game option[value={game}]", state="attached")
        page.select_option("#game", game)
        page.wait_for_selector("#options .option")
        for _ in ("en", "fr"):
            rows = page.evaluate(OPTION_ROWS)
            assert rows
            for row in rows:
                assert row["before" if row["kind"] == "bool" else "after"], (width, row)
                assert row["beside"] and row["inside"], (width, row)
            page.click("#lang-toggle")
        assert errors == []


def test_the_lobby_marks_the_seats_a_table_waits_for(server, browser):
    """A play-test went back to the lobby in the middle of a game and could
    not tell that the table waited for them ("Playing · 34 moves"): the seat
    whose move it waits for reads "to play" ("à jouer"), the others not."""
    made = new_table(server, "courtisans", [PERSON, BOT], seed=5)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Ann")
    page.wait_for_selector(".banner-mine")
    page.goto(server + "/")
    item = f"#my-tables .table-item[data-table='{made['table']['id']}']"
    page.wait_for_selector(f"{item} .table-item-seat")
    chips = page.locator(f"{item} .table-item-seat")
    assert chips.count() == 2
    assert "to-play" in chips.nth(0).get_attribute("class")
    assert chips.nth(0).text_content().endswith("Annto play")
    assert "to-play" not in chips.nth(1).get_attribute("class")
    assert page.locator(f"{item} .seat-to-play").count() == 1
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.locator(f"{item} .seat-to-play").text_content() == "à jouer"
    assert errors == []


def create_for_two_friends(page: Page, base: str) -> str:
    """In the lobby, a Courtisans table for three: two persons and a bot; its id."""
    page.goto(base + "/")
    page.wait_for_selector("#game option[value=courtisans]", state="attached")
    page.select_option("#game", "courtisans")
    page.select_option("#num-players", "3")
    page.select_option("#seat-1-kind", "person")
    page.click("#create-button")
    page.wait_for_selector("#created a.button-link")
    return page.eval_on_selector("#created a.button-link", "a => a.pathname.split('/').pop()")


def test_your_tables_offers_the_creator_one_seat_to_play(server, browser):
    """A play-test's "Your tables" offered "Play (seat 1)" and "Play (seat 2)"
    right after creating a table for two friends: seat 2's link is the
    friend's, in "Table created". Only the first free seat is offered; once
    the creator sits, "Play" takes them back to their seat."""
    page, errors = open_page(browser)
    table_id = create_for_two_friends(page, server)
    actions = f"#my-tables .table-item[data-table='{table_id}'] .table-item-actions a"
    page.wait_for_selector(actions)
    assert [a for a in page.locator(actions).all_text_contents() if a.startswith("Play")] == [
        "Play (seat 1)"]
    page.click("#created a.button-link")
    page.fill("#join-name", "Ada")
    page.click("#join-button")
    page.wait_for_selector("#join-dialog:not([open])", state="attached")
    page.goto(server + "/")
    page.wait_for_selector(actions)
    shown = page.locator(actions).all_text_contents()
    assert "Play" in shown and not any(a.startswith("Play (") for a in shown), shown  # resume
    assert errors == []


def test_lobby_then_a_whole_courtisans_game_by_clicking(server, browser, tmp_path):
    page, errors = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=courtisans]", state="attached")
    page.select_option("#game", "courtisans")
    page.select_option("#num-players", "4")
    # seat 1 is a person by default, the other three bots
    assert page.input_value("#seat-0-kind") == "person"
    for seat in (1, 2, 3):
        assert page.input_value(f"#seat-{seat}-kind") == "bot"
        page.select_option(f"#seat-{seat}-bot", "heuristic")
    page.click("details.field summary")
    page.fill("#seed", "2024")
    page.fill("#bot-delay", "0.05")
    page.click("#create-button")
    page.wait_for_selector("#created a.button-link")
    table_id = page.eval_on_selector("#created a.button-link", "a => a.pathname.split('/').pop()")
    # the list is fetched again after the links are shown: wait for it
    page.wait_for_selector(f".table-item[data-table='{table_id}']")
    assert page.locator(f".table-item[data-table='{table_id}']").count() == 1

    # the seat link asks for a name, then the game starts
    page.click("#created a.button-link")
    page.fill("#join-name", "Ada")
    page.click("#join-button")
    page.wait_for_selector(".ct-card")
    assert "token=" not in page.url  # kept in localStorage, not in the address bar
    assert page.locator("#seats .seat-me .seat-name").text_content() == "Ada"

    # play every card by clicking: a hand card, then a highlighted place
    turns = powers = 0
    saved = False
    while wait_my_turn_or_end(page):
        if page.locator(".ct-power").count():
            targets = page.locator(".ct-power .target-button")
            (targets.first if targets.count() else page.locator("#ct-decline")).click()
            powers += 1
            continue
        page.locator(".ct-card.playable").first.click()
        assert "ct.banner" not in page.locator("#banner").text_content()
        board_targets = page.locator(".ct-zone.target, .ct-domain.target")
        assert board_targets.count() >= 1
        if turns == 9 and not saved:
            saved = True
            screenshot(page, "courtisans.png", tmp_path)
        # alternate between the board's highlighted places and the choice buttons
        if turns % 2:
            board_targets.last.click()
        else:
            page.locator(".ct-choices .choice").first.click()
        turns += 1
    assert turns == 21  # 84 cards, 4 players: 7 turns of 3 cards each

    # the final scores agree with the server's result
    page.wait_for_selector("#final")
    state = api(server, f"/api/tables/{table_id}/state")
    result = state["result"]
    rows = page.locator("#final tbody tr")
    assert rows.count() == 4
    for seat in range(4):
        total = rows.nth(seat).locator("td.total").text_content()
        assert float(total) == result["scores"][seat]
    winners = page.locator("#final tbody tr.winner")
    assert winners.count() == len(result["winners"])
    assert "wins" in page.locator(".final-winners").text_content() or \
        "Shared victory" in page.locator(".final-winners").text_content()
    assert page.locator(".ct-colhead.st-final").count() == 6
    # the log reads like a story, with names, not seat numbers
    log = page.locator("#log").text_content()
    assert "Seat 2 (bot) places" in log and "Spies are revealed" in log
    assert re.search(r"Seat \d's", log) is None

    # replay: step through from a seat's view, then with everything revealed
    page.click("#replay-open")
    page.wait_for_selector("#replay-step")
    page.click("#replay-first")
    page.wait_for_function("document.querySelector('#replay-step').textContent.startsWith('0 /')")
    for step in (1, 2):
        page.click("#replay-next")
        page.wait_for_function(
            f"document.querySelector('#replay-step').textContent.startsWith('{step} /')")
    assert page.locator(".banner-replay").count() == 1
    assert page.locator(".ct-hand .ct-card").count() == 1  # seat 1 has played 2 of 3
    page.select_option("#replay-pov", "all")
    page.wait_for_selector(".ct-revealed")
    assert page.locator(".ct-revealed").count() == 4  # every hand and Mission shown
    page.select_option("#replay-pov", "spectator")
    page.wait_for_function("!document.querySelector('.ct-revealed')")
    assert page.locator(".ct-hand").count() == 0
    # a Spy laid face down, seen from the spectator's chair: the banner tells it as the
    # log did at the table ("places a Spy face down"), never its family
    replay = f"/api/tables/{table_id}/replay"
    steps = api(server, f"{replay}?seat=spectator")["steps"]
    step = next(k for k in range(1, steps + 1)
                if api(server, f"{replay}?step={k}&seat=all")["action"]["action"].get("role")
                == "spy")
    assert api(server, f"{replay}?step={step}&seat=spectator")["action"]["action"] is None
    spy = api(server, f"{replay}?step={step}&seat=all")["action"]["action"]
    page.evaluate("""(k) => { const s = document.querySelector('#replay-slider');
        s.value = String(k); s.dispatchEvent(new Event('change')); }""", step)
    page.wait_for_function(
        f"document.querySelector('#replay-step').textContent.startsWith('{step} /')")
    banner = page.locator(".banner-replay").text_content()
    assert "a Spy face down" in banner, banner
    # the log's line names who acted: not again before it ("Seat 3: Seat 3 places ...")
    assert ":" not in banner.split("—", 1)[1], banner
    assert spy["family"].lower() not in banner.lower(), banner
    page.click("#replay-close")
    page.wait_for_selector("#final")
    assert errors == []


#: The final scores' cells and one's own face-down Spies, measured in the page:
#: each total's right edge against the scores' box, each Spy's label against its tile.
PHONE_FIT = """() => {
  const scores = document.querySelector('#final .table-scroll');
  const totals = [...document.querySelectorAll('#final td.total')].map((td) =>
    Math.round(td.getBoundingClientRect().right - scores.getBoundingClientRect().right));
  const missions = [...document.querySelectorAll('#final .ct-mission-chip')].map((c) =>
    Math.round(c.getBoundingClientRect().width));
  const spies = [...document.querySelectorAll('.tile-back.mine')].map((t) => {
    const label = t.querySelector('.tile-label').getBoundingClientRect();
    return Math.round(label.right - t.getBoundingClientRect().right);
  });
  return {totals, narrowest: Math.min(...missions), spies};
}"""


def _bots_game_on_a_phone(server: str, browser: Browser, game: str, seed: int, seconds: float,
                          shown: str, **options: Any) -> tuple[Page, Errors]:
    """Three heuristic bots play ``game`` to its end; then its page on a 390 px
    touch screen, once ``shown`` is drawn."""
    made = new_table(server, game, [BOT, BOT, BOT], seed=seed, **options)
    wait_over(server, made["table"]["id"], seconds)
    page, errors = open_page(browser, 390, 844, touch=True)
    page.goto(f"{server}/table/{made['table']['id']}")
    page.wait_for_selector(shown)
    return page, errors


def test_courtisans_end_and_ones_own_spies_fit_a_phone(server, browser):
    """Walk21's play-test: at 390 px the final scores showed each total off the
    screen, behind a sideways scroll, and squeezed the Missions into a column
    a word wide; one's own face-down Spies (the replay from one's seat) let
    their family's name run out of the tile. Now the Missions go on a line of
    their own under the numbers, and a Spy's tile holds its name."""
    page, errors = _bots_game_on_a_phone(server, browser, "courtisans", 11, 60,
                                         "#final td.total", expansion=True)
    fit = page.evaluate(PHONE_FIT)
    assert len(fit["totals"]) == 3 and all(edge <= 0 for edge in fit["totals"]), fit
    assert fit["narrowest"] >= 150, fit  # a Mission reads on a line or two, not a word a line
    no_horizontal_scroll(page)
    # the replay seen by seat 1 just before the reveal: its own Spies face down, named
    page.click("#replay-open")
    page.wait_for_selector("#replay-pov option[value='0']", state="attached")
    page.select_option("#replay-pov", "0")
    page.click("#replay-last")
    page.click("#replay-prev")
    page.wait_for_selector(".tile-back.mine")
    # the slider a line of its own, wide enough to drag (walk21 found it 110 px)
    slider = page.locator("#replay-slider").bounding_box()
    assert slider and slider["width"] >= 300, slider
    fit = page.evaluate(PHONE_FIT)
    assert fit["spies"] and all(edge <= 0 for edge in fit["spies"]), fit
    assert errors == []


#: Vive le Roi's breakdown on a phone: each total's right edge against its box,
#: and the names the cells of a row show above their values.
BREAKDOWN_FIT = """() => [...document.querySelectorAll('#vlr-breakdown tbody tr')].map((tr) => {
  const box = tr.closest('.table-scroll').getBoundingClientRect();
  return {over: Math.round(tr.querySelector('td.total').getBoundingClientRect().right - box.right),
          labels: [...tr.querySelectorAll('td[data-label]')].map((td) =>
            getComputedStyle(td, '::before').content)};
})"""


def test_vive_le_roi_breakdown_fits_a_phone(server, browser):
    """Walk21's play-test: at 390 px the seven columns of "Where the points came
    from" put every round's totals off the screen, behind a sideways scroll.
    Now a seat and its total share a line, and the other cells go under them,
    each named."""
    page, errors = _bots_game_on_a_phone(server, browser, "vive_le_roi", 5, 90,
                                         "#vlr-breakdown td.total", ambition=True)
    rows = page.evaluate(BREAKDOWN_FIT)
    assert len(rows) == 9 and all(row["over"] <= 0 for row in rows), rows
    assert rows[0]["labels"] == ['"Floors & throne"', '"Dungeons"', '"Jester"', '"Ambition"']
    no_horizontal_scroll(page)
    assert errors == []


#: The castle's floors offered as destinations: what on each overlaps what
#: (a character, the pips of its places, the label saying where a tap sends).
FLOOR_OVERLAPS = """() => {
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 &&
    a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const out = [];
  for (const floor of document.querySelectorAll('.floor.target')) {
    const named = floor.querySelector('.dest-label');
    const label = named.getBoundingClientRect();
    const pips = floor.querySelector('.pips');
    const box = floor.getBoundingClientRect();
    for (const p of floor.querySelectorAll('.person')) {
      const r = p.getBoundingClientRect();
      if (meet(r, label)) out.push(`${p.textContent} under "${named.textContent}"`);
      if (pips && meet(r, pips.getBoundingClientRect())) out.push(`${p.textContent} under pips`);
    }
    if (label.right > box.right + 1) out.push(`"${named.textContent}" out of its floor`);
  }
  return {floors: document.querySelectorAll('.floor.target').length, out};
}"""


#: A WC cell marked as a destination the way the renderer marks one (class
#: target, a .dest-label span with the words): how far its label runs out.
WC_LABEL_INSIDE = """(words) => {
  const cell = document.querySelector('.cell-wc');
  cell.classList.add('target');
  const label = Object.assign(document.createElement('span'), {className: 'dest-label'});
  label.textContent = words;
  cell.append(label);
  const r = label.getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  const out = {over: Math.round(Math.max(box.left - r.left, r.right - box.right)),
               right: Math.round(r.right)};
  label.remove();
  cell.classList.remove('target');
  return out;
}"""


def test_vive_le_roi_destinations_never_cover_the_characters_on_a_phone(server, browser):
    """Walk21's play-test: at 390 px, once a character was chosen, each floor's
    destination label ("Étage 3 (Officiers)") and its pips lay over the
    characters already there (the Jester on floor 3 from the start), and a WC's
    label ("Dans le WC de l'étage 3") ran out of its 52 px cell, over floor 3 and
    off the screen. Now a floor's label goes on a line of its own when they do
    not fit side by side, and a WC's wraps inside its cell. The castle's header
    read "Round 1 sur 3" on the French page (ux22: "Manche")."""
    made = new_table(server, "vive_le_roi", [PERSON, BOT, BOT], seed=5)
    page, errors = open_page(browser, 390, 844, touch=True)
    take_seat(page, server, made["links"]["seats"]["0"], "Vera")
    for lang in ("en", "fr"):
        if lang == "fr":
            page.click("#lang-toggle")
            page.wait_for_function("document.documentElement.lang === 'fr'")
        wait_my_turn_or_end(page)
        header = page.locator(".vlr-castle .section-head .muted").inner_text()
        assert header == {"en": "Round 1 of 3", "fr": "Manche 1 sur 3"}[lang], header
        page.locator("button.person.movable").first.click()
        page.wait_for_selector(".floor.target .dest-label")
        seen = page.evaluate(FLOOR_OVERLAPS)
        assert seen["floors"] == 4 and seen["out"] == [], (lang, seen)
        # a WC offered so (as the renderer's makeTarget marks it): its label inside it
        inside = page.evaluate(WC_LABEL_INSIDE, "Dans le WC de l'étage 3")
        assert inside["over"] <= 0 and inside["right"] <= 390, (lang, inside)
        no_horizontal_scroll(page)
        page.locator("button.person.movable.selected").click()  # chosen again: no choice
        page.wait_for_selector(".floor.target", state="detached")
    assert errors == []


#: Words of the two renderers, in English then French: the placement banner
#: for one and two placements left, a Spy's log line, whose face-down Spies.
RENDERER_WORDS = """async () => {
  const i18n = await import('/static/js/i18n.js');
  const ct = (await import('/static/games/courtisans.js')).default;
  const vlr = (await import('/static/games/vive_le_roi.js')).default;
  i18n.addStrings(ct.strings);
  i18n.addStrings(vlr.strings);
  const ctx = {t: i18n.t, name: (n) => ['Ada', 'Bea', 'Cy'][n], joinNames: (l) => l.join(', ')};
  const spy = {kind: 'play', data: {seat: 0, area: 'domain', owner: 1, role: 'spy', family: null}};
  const out = {};
  for (const lang of ['en', 'fr']) {
    i18n.setLang(lang);
    out[lang] = [1, 2].map((n) => i18n.t('vlr.banner.placement', {n, from: 1, to: 4}))
      .concat([ct.describeEvent(spy, ctx), i18n.t('ct.yours', {family: 'X', n: 1}),
               i18n.t('ct.yours', {family: 'X, Y', n: 2}),
               i18n.t('ct.act.play', {card: 'X', where: 'W'}),
               ct.describeEvent(spy, {...ctx, seat: 1})]);
  }
  i18n.setLang('en');
  return out;
}"""


def test_courtisans_and_vive_le_roi_words_count_right(server, browser):
    """Walk21's play-test read "(1 placements left)", "encore 1 placements", "on
    floor 1 to 4", "places a Spy, face down in the domain of Bea" (a comma that
    never closes), "le vôtre : Papillons, Crapauds" for two Spies, and a replay's
    banner "plays" a card the log "places"; and on Bea's own page "in the domain
    of Bea" for her own domain."""
    page, errors = open_page(browser)
    page.goto(server + "/")
    words = page.evaluate(RENDERER_WORDS)
    assert words["en"] == [
        "Your turn: place a character on floors 1 to 4 (1 placement left)",
        "Your turn: place a character on floors 1 to 4 (2 placements left)",
        "Ada places a Spy face down in the domain of Bea",
        "yours: X", "yours: X, Y", "places X W",  # the replay's banner, as the log says it
        "Ada places a Spy face down in your domain"]  # on Bea's own page
    assert words["fr"] == [
        "À vous\u202f: placez un Personnage aux étages 1 à 4 (encore 1 placement)",
        "À vous\u202f: placez un Personnage aux étages 1 à 4 (encore 2 placements)",
        "Ada pose un Espion face cachée dans le domaine de Bea",
        "le vôtre\u202f: X", "les vôtres\u202f: X, Y", "pose X W",
        "Ada pose un Espion face cachée dans votre domaine"]
    assert errors == []


#: A negative score as each card game's seats list shows it at the end.
NEGATIVE_SCORES = """async () => {
  const i18n = await import('/static/js/i18n.js');
  const ct = (await import('/static/games/courtisans.js')).default;
  const vlr = (await import('/static/games/vive_le_roi.js')).default;
  i18n.addStrings(ct.strings);
  i18n.addStrings(vlr.strings);
  i18n.setLang('en');
  const view = {final: {scores: [-7, 3]}, scores: [-7, 3]};
  return [ct.seatInfo({t: i18n.t, view}, 0), vlr.seatInfo({t: i18n.t, view}, 0),
          i18n.score(-12), i18n.score(0)];
}"""


def test_negative_scores_carry_a_minus_sign_not_a_hyphen(server, browser):
    """A play-test's final table had "-7" beside "−12": every score the card
    games show takes the true minus sign (U+2212) the columns beside it do."""
    page, errors = open_page(browser)
    page.goto(server + "/")
    shown = page.evaluate(NEGATIVE_SCORES)
    assert all("-" not in text for text in shown), shown
    assert shown[2:] == ["\u221212", "0"] and all("\u22127" in text for text in shown[:2])
    assert errors == []


#: A domain's row named as the face-down Spies' is, in French, measured: whether
#: its name shows whole (no part cut off) in its column.
SPIES_ROW_WHOLE = """() => {
  const rows = document.createElement('div');  // a domain's rows, as a played card makes them
  rows.className = 'ct-domrows';
  document.querySelector('.ct-domain').appendChild(rows);
  const row = document.createElement('div');
  row.className = 'ct-domrow';
  row.innerHTML = '<span class="ct-domfam"><span class="ct-domfam-name">'
    + 'Espions face cachée</span></span><span class="ct-domtiles"></span>';
  rows.appendChild(row);
  const name = row.querySelector('.ct-domfam-name');
  const whole = name.scrollWidth <= name.clientWidth + 1 && name.getBoundingClientRect().right
    <= row.querySelector('.ct-domfam').getBoundingClientRect().right + 1;
  rows.remove();
  return whole;
}"""


def test_a_domains_row_names_its_family_whole_in_french(server, browser):
    """A play-test read "Espions face c…" in the domains at 1280 px: a row's name
    wraps in its column rather than being cut, at every width."""
    made = new_table(server, "courtisans", [PERSON, BOT], seed=3)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Ann")
    page.wait_for_selector(".ct-domain")
    for width, height in ((1280, 800), (700, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        assert page.evaluate(SPIES_ROW_WHOLE), width
    assert errors == []


#: Whether each select of the lobby's last seat shows its chosen option whole:
#: the text's width, as the select's font draws it, beside the arrow's room.
SEAT_SELECTS_WHOLE = """() => [...document.querySelectorAll('.seat-spec')].slice(-1)[0]
  .querySelectorAll('select').values().toArray().map((select) => {
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = ctx.measureText(select.options[select.selectedIndex].text).width;
    // Chromium draws its arrow in some 24 px beside the padding
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = select.clientWidth - padding - 24;
    return text <= room;
  })"""


def test_the_lobbys_seat_choices_read_whole_in_french(server, browser):
    """A play-test read "heuristique (joue bien" cut at its arrow at 1280 px:
    a bot seat's two choices read whole, in both languages, laptop and phone."""
    for lang in ("fr", "en"):
        for width, height in ((1280, 800), (390, 844)):
            page, errors = open_page(browser, width, height)
            page.add_init_script(f"localStorage.setItem('courtly.lang', '{lang}')")
            page.goto(server + "/")
            page.wait_for_selector(".seat-spec select")
            page.locator(".seat-spec").last.locator("select").first.select_option("bot")
            page.wait_for_timeout(100)
            assert all(page.evaluate(SEAT_SELECTS_WHOLE)), (lang, width)
            assert errors == []
            page.close()


def test_chat_private_messages_reload_reconnect_and_french(server, browser):
    made = new_table(server, "courtisans", [PERSON, PERSON, BOT], seed=3)
    tid = made["table"]["id"]
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    ann.wait_for_selector(".banner-wait")  # the second person has not sat down yet
    bob, errors_b = open_page(browser, 390, 844)  # a phone-sized window
    take_seat(bob, server, made["links"]["seats"]["1"], NASTY)  # a name that looks like HTML
    spectator, errors_s = open_page(browser)
    spectator.goto(f"{server}/table/{tid}")
    spectator.wait_for_selector(".ct-queen")
    assert spectator.locator("#chat-form").is_hidden()
    ann.wait_for_selector(".banner-mine")  # every seat taken: Ann (seat 0) plays first

    # names are text everywhere: seats, domains, log, chat menu
    for page in (ann, bob, spectator):
        page.wait_for_selector(".seat[data-seat='1'] .seat-name")
        assert page.locator(".seat[data-seat='1'] .seat-name").text_content() == NASTY
        assert NASTY in page.locator("#log").text_content()  # "... takes seat 2"
        if page is not bob:
            assert NASTY in page.locator(".ct-domains").text_content()
        assert page.locator("img").count() == 0
        assert page.evaluate("window.__p") is None
    assert NASTY in [o.text_content() for o in ann.locator("#chat-to option").all()]

    # public chat, escaped everywhere
    shout = "<b>bold?</b><script>window.__p=1</script>"
    ann.fill("#chat-text", shout)
    ann.click("#chat-form button[type=submit]")
    for page in (ann, bob, spectator):
        page.wait_for_selector("#chat .chat-line .chat-text")
        assert page.locator("#chat .chat-text").last.text_content() == shout
        assert page.locator("#chat b, #chat script").count() == 0
        assert page.evaluate("window.__p") is None

    # a private message reaches its two seats only
    bob.select_option("#chat-to", "0")
    bob.fill("#chat-text", "just between us")
    bob.click("#chat-form button[type=submit]")
    ann.wait_for_selector("#chat .chat-private")
    assert ann.locator("#chat .chat-private .chat-text").text_content() == "just between us"
    bob.wait_for_selector("#chat .chat-private")
    assert "Ann" in bob.locator("#chat .chat-private .chat-scope").text_content()
    assert ann.locator("#chat .chat-private .chat-who").text_content() == NASTY
    spectator.wait_for_timeout(300)
    assert spectator.locator("#chat .chat-line").count() == 1

    # a chat longer than its box ends on whole lines, as the log: live (Bob's phone)
    # and opened again (Ann's reload, below)
    token = made["links"]["seats"]["0"].split("token=")[1]
    for i in range(6):
        api(server, f"/api/tables/{tid}/chat",
            {"token": token, "text": f"Line {i}: " + "the Queen's table " * (i % 3 * 3)})
    bob.wait_for_function("document.querySelectorAll('#chat .chat-line').length === 8")
    bob.wait_for_timeout(100)
    whole_lines_at_end(bob, "chat", ".chat-line")

    # the keyboard is enough: Enter on a hand card keeps the focus there, Enter on a place plays it
    ann.locator(".ct-card.playable").first.focus()
    ann.keyboard.press("Enter")
    assert ann.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
    ann.locator(".ct-zone.target").first.focus()
    ann.keyboard.press("Enter")
    ann.wait_for_function("window.courtly.state.table.moves === 1")
    ann.wait_for_selector(".banner-mine")

    # a dropped WebSocket reconnects with `since`: the log neither loses nor repeats a line
    before = log_indices(ann)
    ann.evaluate("window.courtly.state.conn.ws.close()")
    ann.locator(".ct-card.playable").first.click()
    ann.locator(".ct-choices .choice").first.click()
    ann.wait_for_function(f"document.querySelectorAll('#log .log-line').length > {len(before)}")
    after = log_indices(ann)
    assert after[: len(before)] == before and len(set(after)) == len(after)

    # a reload keeps the seat (the token is in localStorage) and the language
    ann.click("#lang-toggle")
    assert ann.evaluate("document.documentElement.lang") == "fr"
    assert "La table de la Reine" in ann.locator(".ct-queen h2").text_content()
    ann.reload()
    ann.wait_for_selector(".ct-card")
    assert ann.evaluate("document.documentElement.lang") == "fr"
    assert "Vous êtes Ann" in ann.locator("#whoami").text_content()
    assert "À vous" in ann.locator("#banner").text_content()
    assert "Crapauds" in ann.locator(".ct-queen").text_content()
    ann.wait_for_function("document.querySelectorAll('#chat .chat-line').length === 8")
    ann.wait_for_timeout(100)
    whole_lines_at_end(ann, "chat", ".chat-line")

    # the phone-sized window is readable without sideways scrolling
    bob.wait_for_selector(".ct-queen")
    no_horizontal_scroll(bob)
    assert errors_a == [] and errors_b == [] and errors_s == []


#: A bot's remark as the server sends it (``message_json``: both languages on
#: one line in ``text``, each alone in ``texts``), put among the page's chat.
BOT_REMARK = """() => {
  window.courtly.state.chat.set(9999, { id: 9999, seat: 1, name: null, to: null, time: 1e9,
    text: 'Etiquette costs you 1,000 livres. / L’étiquette vous coûte 1 000 livres.',
    texts: { en: 'Etiquette costs you 1,000 livres.',
      fr: 'L’étiquette vous coûte 1 000 livres.' } });
  window.dispatchEvent(new CustomEvent('langchange'));  // the page draws itself again
}"""


def test_the_log_and_chat_keep_following_after_the_window_changes_width(server, browser):
    """A play-test turned a phone and back (390 then 1280 px wide): from then
    on "The story so far" stayed where it was, turns behind, and new lines
    came unseen below, because the lists' lines wrapped anew and the page
    asked, after the reflow, whether the reader was at the end. A list the
    reader had at its end stays at its end through any change of width, and
    follows the lines that come after; one scrolled up stays where it was."""
    made = new_table(server, "courtisans", [PERSON, BOT], seed=5)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Ann")
    page.wait_for_selector(".banner-mine")
    token = made["links"]["seats"]["0"].split("token=")[1]

    def say(count: int, start: int) -> None:
        for i in range(start, start + count):
            api(server, f"/api/tables/{tid}/chat",
                {"token": token, "text": f"Line {i}: " + "the Queen's table " * (i % 4 * 3)})
        page.wait_for_function(
            f"document.querySelectorAll('#chat .chat-line').length === {start + count}")
        page.wait_for_timeout(150)

    say(12, 0)
    whole_lines_at_end(page, "chat", ".chat-line")
    for width in (390, 1280, 700, 1280):
        page.set_viewport_size({"width": width, "height": 844 if width < 800 else 800})
        page.wait_for_timeout(150)
        for list_id, lines in (("chat", ".chat-line"), ("log", ".log-line")):
            if page.evaluate(f"document.getElementById('{list_id}').scrollHeight"
                             f" > document.getElementById('{list_id}').clientHeight"):
                whole_lines_at_end(page, list_id, lines)
    say(3, 12)
    whole_lines_at_end(page, "chat", ".chat-line")
    # scrolled up by the reader, it stays there through a change of width and new lines
    page.evaluate("document.getElementById('chat').scrollTop = 0")
    page.wait_for_timeout(150)
    page.set_viewport_size({"width": 390, "height": 844})
    say(2, 15)
    assert page.evaluate("document.getElementById('chat').scrollTop") == 0
    # a list that shrinks to fit (here: the page keeps two lines) brings its end
    # to that reader with no scroll of theirs: from then on it follows again
    page.evaluate("""() => {
      const chat = window.courtly.state.chat;
      [...chat.keys()].slice(0, -2).forEach((id) => chat.delete(id));
      window.dispatchEvent(new CustomEvent('langchange'));
    }""")
    page.wait_for_function("document.querySelectorAll('#chat .chat-line').length === 2")
    for i in range(17, 29):
        api(server, f"/api/tables/{tid}/chat",
            {"token": token, "text": f"Line {i}: " + "the Queen's table " * 6})
    page.wait_for_function("document.querySelectorAll('#chat .chat-line').length === 14")
    page.wait_for_timeout(150)
    whole_lines_at_end(page, "chat", ".chat-line")
    assert errors == []


def test_a_bots_remark_reads_in_the_pages_language(server, browser):
    """A bot's remark (Versailles' Grand Chamberlain naming a fine) showed
    both languages on every page ("… livres. / L’étiquette …"): the page
    shows the message's ``texts`` in its own language, a person's message
    (no ``texts``) as written."""
    made = new_table(server, "courtisans", [PERSON, BOT], seed=3)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Ann")
    page.wait_for_selector(".ct-queen")
    page.evaluate(BOT_REMARK)
    line = page.locator('#chat .chat-line[data-id="9999"] .chat-text')
    assert line.text_content() == "Etiquette costs you 1,000 livres."
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert line.text_content() == "L’étiquette vous coûte 1 000 livres."
    page.fill("#chat-text", "Bien dit / well said")
    page.click("#chat-form button[type=submit]")
    page.wait_for_selector("#chat .chat-line:not([data-id='9999'])")
    assert page.locator("#chat .chat-line:not([data-id='9999']) .chat-text").text_content() \
        == "Bien dit / well said"
    assert errors == []


def test_generic_renderer_plays_any_game(server, browser):
    made = new_table(server, "courtisans", [PERSON, BOT], seed=5)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"] + "&renderer=generic", "Gen")
    page.wait_for_selector(".generic-view dl")
    # one form per kind of action, built from the schema, filled with a legal action
    page.wait_for_selector(".generic-actions form.action-form button[type=submit]:enabled")
    first = page.locator(".generic-actions form.action-form").first
    assert first.locator("button[type=submit]").text_content() == "Play"
    assert first.locator("select").count() >= 1
    moves = api(server, f"/api/tables/{made['table']['id']}")["moves"]
    first.locator("button[type=submit]").click()
    page.wait_for_function(
        "window.courtly.state.table.moves > " + str(moves))
    assert errors == []


# ----- Vive le Roi ---------------------------------------------------------------------------

needs_vlr = pytest.mark.skipif("vive_le_roi" not in courtly.GAMES,
                               reason="Vive le Roi is not registered in courtly.GAMES yet")


@needs_vlr
def test_vive_le_roi_secret_vote_and_a_whole_game(server, browser, tmp_path):
    made = new_table(server, "vive_le_roi", [PERSON, BOT, BOT, BOT], seed=5)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Vera")
    page.wait_for_selector(".castle")
    assert page.locator(".vlr-favoris .person").count() == 6  # your Favoris, yours only
    votes = actions = 0
    saved = False
    while wait_my_turn_or_end(page):
        actions += 1
        assert actions < 400, "the game does not end"
        if page.locator(".ambition-card").count():
            page.locator(".ambition-card").first.click()
        elif page.locator("#vlr-vote button.vote-card").count():
            # the vote is secret: others' cards are face down until the reveal
            view = page.evaluate("window.courtly.state.view")
            assert set(view["vote"]) == {"candidate", "voters", "voted", "mine"}
            assert view["vote"]["mine"] is None, "no card cast yet"
            panel = page.locator("#vlr-vote")
            assert panel.locator(".reveal-one").count() == 0
            for seat in view["vote"]["voted"]:
                assert "face down" in panel.locator(f".voter[data-seat='{seat}']").text_content()
            if not saved:
                saved = True
                screenshot(page, "vive_le_roi.png", tmp_path)
            enabled = page.locator("#vlr-vote button.vote-card:enabled")
            # prefer Yes so that the game moves on; otherwise whatever is left
            yes = page.locator("#vlr-vote button.vote-card[data-vote=yes]:enabled")
            (yes if yes.count() else enabled.first).click()
            votes += 1
            # after the last vote, every card is revealed at once
            page.wait_for_selector("#vlr-lastvote .reveal-one")
        else:
            page.locator("button.person.movable").first.click()
            page.locator(".vlr-choices .choice").first.click()
    assert votes >= 1
    page.wait_for_selector("#final")
    result = api(server, f"/api/tables/{tid}/state")["result"]
    rows = page.locator("#final tbody tr")
    assert rows.count() == 4
    for seat in range(4):
        assert float(rows.nth(seat).locator("td.total").text_content()) == result["scores"][seat]
    history = page.locator("#vlr-history tbody tr")
    assert history.count() >= 4  # three rounds (or more scorings) and the totals
    log = page.locator("#log").text_content()
    assert "The votes are revealed" in log and "Round 3 scored" in log

    # a phone-sized window shows the castle without sideways scrolling
    phone, phone_errors = open_page(browser, 390, 844)
    phone.goto(f"{server}/table/{tid}")
    phone.wait_for_selector(".castle")
    no_horizontal_scroll(phone)
    assert errors == [] and phone_errors == []


@needs_vlr
def test_vive_le_roi_end_screen_explains_every_point(server, browser, tmp_path):
    """Defect 6 of the play-test: the end screen says where each seat's points
    came from, round by round: the Favoris card revealed, each favourite's
    place and points, floors, dungeons, the Jester, the Ambition apart, the
    total (from the view's history; none of it before a scoring)."""
    made = new_table(server, "vive_le_roi", [PERSON, BOT, BOT], seed=3, ambition=True)
    tid = made["table"]["id"]
    page, errors = open_page(browser, 1280, 900)
    take_seat(page, server, made["links"]["seats"]["0"], "Vera")
    page.wait_for_selector(".castle")
    actions = 0
    while wait_my_turn_or_end(page):
        actions += 1
        assert actions < 400, "the game does not end"
        view = page.evaluate("window.courtly.state.view")
        # before a round's scoring, no breakdown of that round, no other card
        assert all(e["round"] < view["round"] or "breakdown" in e for e in view["history"])
        assert all(card is None for p, card in enumerate(view["favoris"]) if p != 0)
        if page.locator(".ambition-card").count():
            page.locator(".ambition-card").first.click()
        elif page.locator("#vlr-vote button.vote-card").count():
            yes = page.locator("#vlr-vote button.vote-card[data-vote=yes]:enabled")
            (yes if yes.count() else page.locator("#vlr-vote button.vote-card:enabled").first
             ).click()
            page.wait_for_selector("#vlr-lastvote .reveal-one")
        else:
            page.locator("button.person.movable").first.click()
            page.locator(".vlr-choices .choice").first.click()
    page.wait_for_selector("#final")
    section = page.locator("#vlr-breakdown")
    assert section.get_attribute("open") is not None
    history = api(server, f"/api/tables/{tid}/state")["view"]["history"]
    rounds = section.locator(".bd-round")
    assert rounds.count() == len(history) == 3
    for i, entry in enumerate(history):
        block = rounds.nth(i)
        assert f"Round {entry['round']}" in block.locator("h3").text_content()
        rows = block.locator("tbody tr")
        assert rows.count() == 3
        for p, row in enumerate(entry["breakdown"]):
            cells = rows.nth(p).locator("td")
            assert row["card"] in cells.nth(0).text_content()
            assert cells.nth(0).locator(".bd-fav").count() == 6
            assert cells.nth(5).text_content().replace("\u2212", "-").lstrip("+") \
                == str(row["total"]).lstrip("+")
            assert row["total"] == entry["points"][p]
            ambition = cells.nth(4).text_content()
            assert ambition.strip() and ambition != "—"  # L'Ambition is on: one each
    shots = Path("/tmp/term12_shots")
    shots.mkdir(parents=True, exist_ok=True)
    section.scroll_into_view_if_needed()
    section.screenshot(path=str(shots / "vlr_breakdown.png"))
    page.screenshot(path=str(shots / "vlr_end_full.png"), full_page=True)
    assert errors == []


# ----- game data ----------------------------------------------------------------------------

def test_renderers_draw_texts_from_the_game_data_fetched_once(server, browser, tmp_path):
    """Ambition, Mission and card texts come from GET /api/games/{name}, fetched
    once per page, in English and in French; the castle's values and the
    Favoris' worth from the data and the view. Screenshots go to the test's
    temporary directory (COURTLY_SHOTS: another directory), never to docs/."""
    shots = Path(os.environ.get("COURTLY_SHOTS") or tmp_path)

    def shot(name: str) -> None:
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / name), full_page=True)

    made = new_table(server, "vive_le_roi", [PERSON, BOT, BOT], seed=3, ambition=True,
                     banished=True)
    page, errors = open_page(browser)
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if "/api/games/" in r.url else None)
    take_seat(page, server, made["links"]["seats"]["0"], "Vera")
    page.wait_for_selector(".ambition-card")
    data = api(server, "/api/games/vive_le_roi")["data"]
    ambitions = {a["id"]: a for a in data["ambitions"]}
    first = page.locator(".ambition-card").first
    card = ambitions[first.get_attribute("data-ambition")]
    shown = first.text_content()
    assert card["name"]["fr"] in shown and card["name"]["en"] in shown
    assert card["text"]["en"] in shown
    assert page.locator(".castle-throne").text_content().endswith(
        f"+{data['castle']['throne_value']}")
    assert "−3" in page.locator(".cell-dungeon[data-loc=D3]").text_content()
    shot("data-vive_le_roi-en.png")
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    shown = page.locator(f".ambition-card[data-ambition={card['id']}]").text_content()
    assert card["name"]["fr"] in shown and card["text"]["fr"] in shown
    assert card["name"]["en"] not in shown
    shot("data-vive_le_roi-fr.png")
    page.locator(".ambition-card").first.click()
    # placement: the Favoris' worth and the sealed favourite (Le Banni) from the view
    page.wait_for_selector(".vlr-favoris .fav-item.sealed")
    view = page.evaluate("window.courtly.state.view")
    worth = view["favoris_worth"][0]
    assert f": {worth['worth']}" in page.locator(".vlr-favoris .section-head").text_content()
    assert fetched == [f"{server}/api/games/vive_le_roi"], fetched

    made = new_table(server, "courtisans", [PERSON, BOT], seed=4)
    page.goto(server + made["links"]["seats"]["0"])
    page.fill("#join-name", "Ada")
    page.click("#join-button")
    page.wait_for_selector(".ct-mission-text")
    data = api(server, "/api/games/courtisans")["data"]
    missions = {m["id"]: m for m in data["missions"]}
    view = page.evaluate("window.courtly.state.view")
    texts = page.locator(".ct-mission-text").all_text_contents()
    assert texts == [missions[m["id"]]["text"]["fr"] for m in view["missions"]]  # still French
    assert page.locator(".ct-colhead").count() == 7
    for family, status in view["statuses"].items():
        assert page.locator(f".ct-colhead[data-family={family}].st-{status}").count() == 1
    shot("data-courtisans-fr.png")
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")
    texts = page.locator(".ct-mission-text").all_text_contents()
    assert texts == [missions[m["id"]]["text"]["en"] for m in view["missions"]]
    shot("data-courtisans-en.png")
    assert fetched.count(f"{server}/api/games/courtisans") == 1
    assert errors == []


# ----- a negotiation window: the test game Market with the generic renderer ---------------

RANDOM_BOT = {"kind": "bot", "bot": "random"}


def settle(page: Page) -> None:
    """Wait for the page's last action to be answered; refuse a deal offered to it."""
    page.wait_for_function("!window.courtly.state.pending")
    answer = page.locator("form.action-form[data-kind=answer]")
    if answer.count() and answer.locator("button[type=submit]").is_enabled():
        answer.locator("select").select_option(label="no")
        answer.locator("button[type=submit]").click()
        page.wait_for_function("!window.courtly.state.pending")


def market_events(page: Page, kind: str) -> list[dict[str, Any]]:
    return page.evaluate(
        f"[...window.courtly.state.events.values()].filter(e => e.kind === '{kind}')"
        ".map(e => e.data)")


def window_action(page: Page, submit) -> None:
    """Submit through a form, settling any deal offered meanwhile; tried again when
    a bot's offer made this seat busy just before (the form went away, or the
    server refused: an answer is due first)."""
    for _ in range(10):
        settle(page)
        page.evaluate("window.courtly.state.lastError = null")
        try:
            submit()
        except PlaywrightTimeout:
            continue
        page.wait_for_function("!window.courtly.state.pending")
        error = page.evaluate("window.courtly.state.lastError")
        if error is None:
            return
        assert "not a legal action" in error or "not to act" in error, error
    raise AssertionError("the window action was refused ten times")


def test_market_window_countdown_forms_done_and_bids(server, browser, tmp_path):
    made = new_table(server, "market", [PERSON, PERSON, RANDOM_BOT], seed=4,
                     window_seconds=60, rounds=2)
    tid = made["table"]["id"]
    ann, errors_a = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    bob, errors_b = open_page(browser, 390, 844)
    take_seat(bob, server, made["links"]["seats"]["1"], "Bob")
    spectator, errors_s = open_page(browser)
    spectator.goto(f"{server}/table/{tid}")

    # every client sees the phase and a live countdown
    for page in (ann, bob, spectator):
        page.wait_for_selector("#countdown")
        assert page.locator("#phase-name").text_content() == "negotiate"
        assert re.fullmatch(r"[01]:\d\d", page.locator("#countdown").text_content())
    first = spectator.locator("#countdown").text_content()
    spectator.wait_for_function(
        f"document.querySelector('#countdown').textContent !== {json.dumps(first)}")
    assert spectator.locator("form.action-form, #done-button").count() == 0

    # Ann gives Bob 2 coins through the give form (a menu of seats, an amount)
    ann.wait_for_selector("form.action-form[data-kind=give]")
    form = ann.locator("form.action-form[data-kind=give]")
    assert form.locator("input[type=number]").get_attribute("max") == "6"

    def give() -> None:
        form.locator("select[data-field='give.to']").select_option(label="Bob", timeout=3000)
        form.locator("input[data-field='give.amount']").fill("2", timeout=3000)
        form.locator("button[type=submit]").click(timeout=3000)

    window_action(ann, give)
    ann.wait_for_function("[...window.courtly.state.events.values()]"
                          ".some(e => e.kind === 'give' && e.data.seat === 0)")
    received = sum(d["amount"] for d in market_events(ann, "give") if d["to"] == 0)
    assert ann.evaluate("window.courtly.state.view.coins[0]") == 6 - 2 + received
    assert {"seat": 0, "to": 1, "amount": 2} in market_events(ann, "give")
    ann.screenshot(path=str(tmp_path / "market.png"))  # to look at, not a README picture
    bob.screenshot(path=str(tmp_path / "market-phone.png"))
    no_horizontal_scroll(bob)

    # a bad offer (goods Bob does not have) is refused with the server's reason, shown
    view = ann.evaluate("window.courtly.state.view")
    missing = next(g for g in ("wheat", "wine", "salt") if g not in view["goods"][1])
    offer = ann.locator("form.action-form[data-kind=propose]")
    for _ in range(10):
        settle(bob)  # no offer is made while another waits for its answer
        settle(ann)
        try:
            offer.locator("select[data-field='propose.to']").select_option(label="Bob",
                                                                          timeout=3000)
            offer.locator("label.gf-check", has_text=missing).locator("input").check(timeout=3000)
            offer.locator("button[type=submit]").click(timeout=3000)
        except PlaywrightTimeout:
            continue
        ann.wait_for_function("!window.courtly.state.pending")
        if "Offer seat 1" in (ann.evaluate("window.courtly.state.lastError?.detail") or ""):
            break
    shown = ann.locator(".action-error").text_content()
    # the engine's reason, kept, after the refusal's words in the page's language
    assert shown.startswith("Refused: This move is not allowed: Offer seat 1")
    assert "not a legal action" in shown

    # Done from both people; the bot has a bounded share: the window closes
    for page in (ann, bob):
        window_action(page, lambda p=page: p.click("#done-button", timeout=3000))
    for page in (ann, bob, spectator):
        page.wait_for_function("window.courtly.state.phase.name === 'bid'")
        page.wait_for_selector("#countdown", state="detached")
    assert "seat 0 is done" in " ".join(
        e["text"] for e in api(server, f"/api/tables/{tid}/state")["events"]).lower()

    # sealed bids through the bid form, then the game goes on to round 2
    coins = ann.evaluate("window.courtly.state.view.coins")
    for page, amount in ((ann, "1"), (bob, "0")):
        bid = page.locator("form.action-form[data-kind=bid]")
        assert bid.locator("input").get_attribute("max") == str(coins[0 if page is ann else 1])
        bid.locator("input").fill(amount)
        bid.locator("button[type=submit]").click()
        page.wait_for_function("!window.courtly.state.pending")
    ann.wait_for_function("window.courtly.state.view.round === 2")
    ann.wait_for_selector("#countdown")
    assert ann.locator("#phase-name").text_content() == "negotiate"
    # shown with a capital first letter only ("Round of play", not "Round Of Play")
    assert ann.evaluate("""(() => { const el = document.getElementById('phase-name');
      return [getComputedStyle(el).textTransform,
              getComputedStyle(el, '::first-letter').textTransform]; })()""") == [
        "none", "uppercase"]
    assert len(market_events(ann, "reveal")) == 1
    assert errors_a == [] and errors_b == [] and errors_s == []


def test_a_button_pressed_when_an_update_comes_still_gets_its_click(server, browser):
    """Bob's gift comes while Ann holds Done down: the page draws it once she lets
    go, so her Done is not lost to a redrawn button (a CI run lost a payment so)."""
    made = new_table(server, "market", [PERSON, PERSON], seed=4, window_seconds=60, rounds=1)
    tid, bob = made["table"]["id"], made["tokens"]["1"]
    ann, errors = open_page(browser)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    api(server, f"/api/tables/{tid}/join", {"token": bob, "name": "Bob"})
    done = ann.locator("#done-button")
    done.wait_for()
    box = done.bounding_box()
    assert box
    ann.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ann.mouse.down()
    api(server, f"/api/tables/{tid}/actions",
        {"token": bob, "action": {"type": "give", "to": 0, "amount": 1}})
    ann.wait_for_function("[...window.courtly.state.events.values()]"
                          ".some(e => e.kind === 'give' && e.data.seat === 1)")
    ann.mouse.up()
    ann.wait_for_function("!window.courtly.state.view.open.includes(0)")
    ann.wait_for_selector("#done-button", state="detached")  # drawn after the click

    # a press that ends in no click: the update held meanwhile is drawn at the release
    ann.mouse.move(5, 790)
    ann.mouse.down()
    gifts = "[...window.courtly.state.events.values()].filter(e => e.kind === 'give').length"
    before = ann.evaluate(gifts)
    lines = ann.locator("#log li").count()
    api(server, f"/api/tables/{tid}/actions",
        {"token": bob, "action": {"type": "give", "to": 0, "amount": 1}})
    ann.wait_for_function(f"{gifts} > {before}")
    assert ann.locator("#log li").count() == lines  # held while pressed (1.5 s at most)
    ann.mouse.up()
    ann.wait_for_function(f"document.querySelectorAll('#log li').length > {lines}")
    assert not errors, errors


def test_an_update_before_ones_own_move_is_in_keeps_the_controls_locked(server, browser):
    """A CI run clicked Yes twice at a Vive le Roi vote: a bot's vote came between
    the page's vote and the server's answer, the page took that update for its
    answer and offered the vote again. The page now stays "Sending…", every
    control locked, until the server says its move is in (``accepted``)."""
    made = new_table(server, "market", [PERSON, PERSON], seed=4, window_seconds=60, rounds=1)
    tid, bob = made["table"]["id"], made["tokens"]["1"]
    ann, errors = open_page(browser)
    held: list[str | bytes] = []
    sockets: list[Any] = []

    def route(ws: Any) -> None:
        to_server = ws.connect_to_server()
        sockets.append(to_server)
        to_server.on_message(ws.send)

        def from_page(message: str | bytes) -> None:
            if not held and json.loads(message).get("type") == "act":
                held.append(message)  # Ann's move, kept on its way
            else:
                to_server.send(message)
        ws.on_message(from_page)
    ann.route_web_socket(re.compile(r"/ws/tables/"), route)
    take_seat(ann, server, made["links"]["seats"]["0"], "Ann")
    api(server, f"/api/tables/{tid}/join", {"token": bob, "name": "Bob"})
    ann.locator("#done-button").click()
    ann.wait_for_function("window.courtly.state.pending")
    api(server, f"/api/tables/{tid}/actions",
        {"token": bob, "action": {"type": "give", "to": 0, "amount": 1}})
    ann.wait_for_function("[...window.courtly.state.events.values()]"
                          ".some(e => e.kind === 'give' && e.data.seat === 1)")
    assert held and ann.locator(".banner .banner-text").text_content() == "Sending…"
    assert ann.locator("#done-button:enabled").count() == 0
    assert ann.evaluate("window.courtly.state.view.open.includes(0)")  # not in yet

    sockets[-1].send(held[0])
    ann.wait_for_function("!window.courtly.state.pending")
    assert not ann.evaluate("window.courtly.state.view.open.includes(0)")
    assert ann.locator("#done-button").count() == 0
    assert not errors, errors


# ----- Fief through the generic board (its map: tests/test_browser_fief.py) ---------------

def test_a_whole_fief_turn_through_the_generic_board(server, browser, tmp_path):
    """Fief is offered in the lobby before its map exists: the generic board
    plays it to the end (one turn), every question as a form, Done in the
    negotiation, with no error in the page."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=1)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"] + "&renderer=generic", "Fay")
    page.wait_for_selector(".generic-view dl")
    shot_taken = False
    deadline = time.monotonic() + 120
    while api(server, f"/api/tables/{tid}")["status"] != "over":
        assert time.monotonic() < deadline, (
            f"the game did not end: {api(server, f'/api/tables/{tid}/state')['phase']}, "
            f"{page.locator('#banner').text_content()}")
        page.wait_for_function("!window.courtly.state.pending")

        def shoot() -> None:
            nonlocal shot_taken
            if not shot_taken:
                page.screenshot(path=str(tmp_path / "fief-generic.png"))
                shot_taken = True

        act_through_forms(page, before_form=shoot)
    page.wait_for_selector(".banner-over")
    assert errors == []


def act_through_forms(page: Page, before_form: Any = None) -> bool:
    """One action of this seat through the generic forms (the generic board,
    or below a game's picture): Done in a window, else the first form (filled
    with a legal action; ``before_form()`` is called first), else the first
    button of an action without fields (End turn). False when none is
    offered yet (it waited a moment)."""
    done = page.locator("#done-button:enabled")
    submit = page.locator(".generic-actions form.action-form button[type=submit]:enabled")
    plain = page.locator(".generic-actions .action-buttons button:enabled")
    if done.count():
        done.first.click()
    elif submit.count():
        if before_form is not None:
            before_form()
        submit.first.click()
    elif plain.count():
        plain.first.click()
    else:
        time.sleep(0.1)
        return False
    time.sleep(0.05)
    return True


#: What a seat reads when it must point at a card: Courtisans' Assassin and
#: Diplomat banners, and Versailles' line under the King's house when a card
#: of it may be taken (the page's own renderer, on a view made so).
POINT_AT_A_CARD = """() => {
  const ctx = window.courtly.context();
  const renderer = window.courtly.state.renderer;
  if (ctx.table.game === 'courtisans') {
    return ['eliminate', 'take'].map((phase) =>
      renderer.banner({ ...ctx, canAct: true, view: { ...ctx.view, phase } }).text);
  }
  const card = ctx.view.hand[0];
  const root = document.createElement('div');
  renderer.render(root, { ...ctx, view: { ...ctx.view, kings_house: [card] },
                          legal: [{ action: { type: 'take_from_house', card } }] });
  return [...root.querySelectorAll('#vs-house p')].map((p) => p.textContent);
}"""


@pytest.mark.parametrize("game", ["courtisans", "versailles"])
def test_a_touch_screen_is_told_to_tap_a_card(server, browser, game, tmp_path):
    """A phone is tapped, not clicked: Courtisans' banners read "click a
    highlighted card" and Versailles' "Click a card to take it." on a phone.
    On a touch screen (pointer: coarse) they say "tap" ("touchez"), on a laptop
    "click" ("cliquez"), as Fief's map bar does."""
    count = 4 if game == "versailles" else 3
    for touch, word, mot in ((False, "click", "cliquez"), (True, "tap", "touchez")):
        made = new_table(server, game, [PERSON] + [BOT] * (count - 1), seed=3)
        page, errors = open_page(browser, width=390 if touch else 1280,
                                 height=844 if touch else 800, touch=touch)
        take_seat(page, server, made["links"]["seats"]["0"], "Ada")
        page.wait_for_function("!!(window.courtly.state.view && window.courtly.state.view.hand)")
        for lang, words in (("en", (word, "click" if touch else "tap")),
                            ("fr", (mot, "cliquez" if touch else "touchez"))):
            if page.evaluate("document.documentElement.lang") != lang:
                page.click("#lang-toggle")
                page.wait_for_function(f"document.documentElement.lang === '{lang}'")
            lines = page.evaluate(POINT_AT_A_CARD)
            assert lines and all(words[0] in line.lower() for line in lines), (words, lines)
            assert not any(words[1] in line.lower() for line in lines), (words, lines)
        assert errors == []
        page.context.close()
