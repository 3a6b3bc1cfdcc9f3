"""The "How to play" panel in a real Chromium: for each of the four games
the table page has a closed panel at the top of its side column, which a
click opens on the game's rules summary and the language toggle turns into
French, on a desktop and on a 390 px phone (where the bottom bar's "Rules"
opens it too), without console errors. The server and the browser are
test_browser.py's fixtures. Screenshots go to COURTLY_SHOTS or the test's
temporary directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from test_browser import (  # the fixtures and helpers of the browser tests
    PERSON,
    browser,
    new_table,
    no_horizontal_scroll,
    open_page,
    server,
)

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name

# a phrase of each game's summary, in English and in French
PHRASES = {
    "courtisans": ("Queen's table", "table de la Reine"),
    "vive_le_roi": ("Throne room", "Salle du Trône"),
    "fief": ("raised to a fief", "érige en fief"),
    "versailles": ("Grand Chamberlain", "Grand Chambellan"),
}


def shot(page, name: str, tmp_path: Path) -> None:
    """A screenshot of the viewport, the panel scrolled into view."""
    folder = Path(os.environ.get("COURTLY_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.locator("#howto-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(folder / name))


def watch(page, base: str, table_id: str) -> None:
    """Open the table as a spectator and wait for the panel."""
    page.goto(f"{base}/table/{table_id}")
    page.wait_for_function("(() => { const s = window.courtly && window.courtly.state;"
                           " return !!(s && s.table && s.view); })()")
    page.wait_for_selector("#howto-panel", state="attached")


def check_panel(page, game: str) -> None:
    """Closed, first in the side column; a click opens it on the game's
    summary; the language toggle turns it into French and it stays open."""
    english, french = PHRASES[game]
    panel = page.locator("#howto-panel")
    assert page.evaluate("document.querySelector('aside.side').firstElementChild.id") \
        == "howto-panel"
    assert panel.evaluate("p => p.tagName") == "DETAILS"
    assert not panel.evaluate("p => p.open")
    assert not page.locator("#howto-body").is_visible()
    assert page.locator("#howto-summary").inner_text().strip() == "How to play"
    page.click("#howto-summary")
    page.wait_for_selector("#howto-body", state="visible")
    assert panel.evaluate("p => p.open")
    body = page.locator("#howto-body").inner_text()
    assert english in body
    assert page.locator("#howto-body h3").count() >= 4
    page.click("#lang-toggle")
    page.wait_for_function("document.getElementById('howto-summary').textContent"
                           " === 'Comment jouer'")
    assert panel.evaluate("p => p.open")
    body = page.locator("#howto-body").inner_text()
    assert french in body and english not in body
    page.click("#lang-toggle")
    page.wait_for_function("document.getElementById('howto-summary').textContent"
                           " === 'How to play'")
    assert english in page.locator("#howto-body").inner_text()


def title_whole(page) -> None:
    """The game's name in the header shows whole (wrapped, never cut), left of
    the header's buttons, and its tooltip holds it too."""
    read = page.evaluate("""() => {
      const h = document.getElementById('game-title');
      const tools = document.getElementById('topbar-tools').getBoundingClientRect();
      return {text: h.textContent, title: h.title, wide: h.scrollWidth - h.clientWidth,
              tall: h.scrollHeight - h.clientHeight, right: h.getBoundingClientRect().right,
              tools: tools.left};
    }""")
    assert read["wide"] <= 0 and read["tall"] <= 1 and read["right"] <= read["tools"], read
    assert read["title"] == read["text"] and read["text"] not in ("", "…"), read


def rules_from_the_bar(page, label: str) -> None:
    """The phone's bottom bar has a link to the rules (its label in the page's
    language) that opens the closed panel and brings it into sight: its title
    just under the sticky header and banner (on three lines here), not under them."""
    page.evaluate("document.getElementById('howto-panel').open = false; window.scrollTo(0, 0)")
    link = page.locator("#jumpbar #jump-howto")
    assert link.is_visible() and link.inner_text().strip() == label
    link.click()
    page.wait_for_function("""() => {
      const p = document.getElementById('howto-panel');
      const r = p.getBoundingClientRect();
      const under = document.getElementById('banner').getBoundingClientRect().bottom;
      return p.open && r.top >= under && r.top < under + 40;
    }""")
    assert page.locator("#howto-body").is_visible()
    # all of it in the page's own scroll: a box scrolling inside a phone's page showed no
    # sign of more, and a play-test's read stopped at a heading
    assert page.evaluate("(b => b.scrollHeight <= b.clientHeight + 1)"
                         "(document.getElementById('howto-body'))")


def bar_whole(page) -> None:
    """Every link of the phone's bottom bar inside the screen, with the log's
    and the chat's unread counts at their widest ("99+", "9+"): in French, "Règles"
    once ran 16 px off a 390 px screen (walk21's play-test of Vive le Roi)."""
    edges = page.evaluate("""() => {
      for (const [link, widest] of [['#jump-log', '99+'], ['#jump-chat', '9+']]) {
        const badge = document.querySelector(`${link} .unread`);
        badge.hidden = false;
        badge.textContent = widest;
      }
      return [...document.querySelectorAll('#jumpbar a:not([hidden])')].map((a) => {
        const r = a.getBoundingClientRect();
        return [a.textContent, Math.round(r.left), Math.round(r.right), window.innerWidth];
      });
    }""")
    assert len(edges) == 4 and all(left >= 0 and right <= width
                                   for _, left, right, width in edges), edges


@pytest.mark.parametrize("game", list(PHRASES))
def test_the_how_to_play_panel_explains_the_game_in_both_languages(server, browser, tmp_path,
                                                                  game):
    # six people's empty seats (Courtisans' six with its expansion): the game waits for
    # them; the French banner that names them takes three lines on a phone
    options = {"expansion": True} if game == "courtisans" else {}
    made = new_table(server, game, [PERSON] * 6, **options)
    table_id = made["table"]["id"]

    page, errors = open_page(browser)
    watch(page, server, table_id)
    check_panel(page, game)
    shot(page, f"howto_{game}_en.png", tmp_path)
    page.click("#lang-toggle")
    page.wait_for_function("document.getElementById('howto-summary').textContent"
                           " === 'Comment jouer'")
    shot(page, f"howto_{game}_fr.png", tmp_path)
    assert errors == []
    page.context.close()

    phone, errors = open_page(browser, 390, 844)
    watch(phone, server, table_id)
    check_panel(phone, game)
    no_horizontal_scroll(phone)
    title_whole(phone)
    rules_from_the_bar(phone, "Rules")
    box = phone.locator("#howto-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(phone, f"howto_{game}_en_phone.png", tmp_path)
    phone.click("#lang-toggle")
    phone.wait_for_function("document.getElementById('howto-summary').textContent"
                            " === 'Comment jouer'")
    no_horizontal_scroll(phone)
    title_whole(phone)
    rules_from_the_bar(phone, "Règles")
    bar_whole(phone)
    shot(phone, f"howto_{game}_fr_phone.png", tmp_path)
    assert errors == []
    phone.context.close()
