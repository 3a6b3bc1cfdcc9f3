"""Around the game in a real Chromium (issue 12): the rematch (two people and
a bot follow to the new table), the last move marked on the board, Courtisans
at phone width (readable tiles, hints by tap, jump links, the unread mark), a
refusal in French, and the Vive le Roi vote shown again after a reload. The
server and the browser are test_browser.py's fixtures; screenshots go to
COURTLY_SHOTS or the test's temporary directory."""

from __future__ import annotations

import json
import os
import random
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from test_browser import (  # the fixtures and helpers of the browser tests
    BOT,
    LIST_EDGES,
    PERSON,
    api,
    browser,
    new_table,
    no_horizontal_scroll,
    open_page,
    server,
)

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name


def shot(page, name: str, tmp_path: Path, full: bool = False) -> None:
    folder = Path(os.environ.get("COURTLY_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name), full_page=full)


def seated_table(base: str, game: str, seats: list[dict[str, Any]], names: list[str],
                 seed: int = 7, **options: Any) -> tuple[str, dict[str, str]]:
    """A table whose person seats are taken (by the API), named in order."""
    made = new_table(base, game, seats, seed=seed, **options)
    tid, tokens = made["table"]["id"], made["tokens"]
    for (_seat, token), name in zip(sorted(tokens.items()), names, strict=True):
        api(base, f"/api/tables/{tid}/join", {"token": token, "name": name})
    return tid, tokens


def state(base: str, tid: str, token: str | None = None) -> dict[str, Any]:
    query = f"?token={token}" if token else ""
    with urllib.request.urlopen(f"{base}/api/tables/{tid}/state{query}", timeout=10) as answer:
        return json.load(answer)


def act(base: str, tid: str, token: str, action: dict[str, Any]) -> bool:
    try:
        api(base, f"/api/tables/{tid}/actions", {"token": token, "action": action})
        return True
    except urllib.error.HTTPError:
        return False  # the state moved on (a bot played): try again


#: Resolves once the element ``ID`` is out of sight, as an IntersectionObserver
#: (the page's own way to know it) sees it.
OUT_OF_SIGHT = """() => new Promise((done) => new IntersectionObserver((entries, seen) => {
  if (!entries.some((e) => e.isIntersecting)) { seen.disconnect(); done(true); }
}, { threshold: 0.15 }).observe(document.getElementById('ID')))"""


def play_persons(base: str, tid: str, tokens: dict[str, str], until, rng: random.Random,
                 timeout: float = 60) -> dict[str, Any]:
    """Play random legal actions for the person seats until ``until(update)``."""
    deadline = time.monotonic() + timeout
    while True:
        update = state(base, tid)
        if until(update):
            return update
        assert time.monotonic() < deadline, "the game did not get there in time"
        moved = False
        for seat in update["to_act"]:
            token = tokens.get(str(seat))
            if token:
                legal = state(base, tid, token)["legal"]
                if legal:
                    moved = act(base, tid, token, rng.choice(legal)["action"]) or moved
        if not moved:
            time.sleep(0.03)


def open_seat(browser, base: str, tid: str, token: str, width: int = 1280, height: int = 800,
              lang: str | None = None):
    """The page of a seat taken by the API, as the browser that sat down sees it
    (the seat's token kept in this browser)."""
    page, errors = open_page(browser, width, height)
    script = f"localStorage.setItem('courtly.token.{tid}', '{token}');"
    if lang:
        script += f"localStorage.setItem('courtly.lang', '{lang}');"
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ {script}"
                         " sessionStorage.setItem('seeded', '1'); }")
    page.goto(f"{base}/table/{tid}")
    page.wait_for_function("(() => { const s = window.courtly && window.courtly.state;"
                           " return !!(s && s.table && s.view && s.conn); })()")
    return page, errors


IN_SIGHT = ("(() => { const r = document.getElementById('ID').getBoundingClientRect();"
            " return r.top >= 0 && r.top < innerHeight; })()")


# ----- the end ------------------------------------------------------------------------------

#: Whether ``#final``'s top is in sight under the sticky top bar and banner.
FINAL_UNDER_THE_BANNER = """() => {
  const top = document.getElementById('final').getBoundingClientRect().top;
  const bars = parseFloat(getComputedStyle(document.documentElement)
    .getPropertyValue('--sticky-h'));
  return top >= bars - 1 && top < innerHeight / 2;
}"""


def test_the_end_comes_into_sight_and_the_banner_leads_back_to_it(server, browser):
    """A play-test's phone showed only Replay and Rematch at the end, the final
    scores above the screen where the page had been scrolled, and the banner's
    "The game is over" led nowhere: the scores come into sight, under the
    sticky banner, when the game ends while the page watches, and the banner
    leads back to them (table.js, the same for every game's board)."""
    tid, tokens = seated_table(server, "courtisans", [PERSON, BOT], ["Ada"], seed=3)
    page, errors = open_seat(browser, server, tid, tokens["0"], 390, 844)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("scrollY") > 844, "the page is long enough to be scrolled away"
    assert state(server, tid)["table"]["status"] == "playing"
    play_persons(server, tid, tokens, lambda u: u["table"]["status"] == "over",
                 random.Random(3))
    page.wait_for_selector("#final")
    page.wait_for_function(FINAL_UNDER_THE_BANNER)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert not page.evaluate(FINAL_UNDER_THE_BANNER)
    page.click("#banner a.banner-jump[href='#final']")
    page.wait_for_function(FINAL_UNDER_THE_BANNER)
    assert errors == []


#: The chat box's blank under its newest line, and the box's height (px).
CHAT_BLANK = """() => {
  const list = document.getElementById('chat');
  const lines = list.querySelectorAll('.chat-line');
  const box = list.getBoundingClientRect().top + list.clientTop + list.clientHeight;
  return [box - lines[lines.length - 1].getBoundingClientRect().bottom, list.clientHeight];
}"""


def test_a_tall_chat_message_does_not_leave_the_box_blank(server, browser):
    """A play-test's chat box (some 220 px) showed one short message over a
    blank of 170 px: the message before it, marked with two breaches and as
    tall as most of the box, had been scrolled out whole, as the box scrolls
    out a line its top would cut. A line that tall is shown cut instead; the
    newest still at the bottom, whole."""
    tid, tokens = seated_table(server, "courtisans", [PERSON, PERSON], ["Ada", "Bob"], seed=4)
    page, errors = open_seat(browser, server, tid, tokens["0"])
    for text in ["Bonjour.", "Madame, " + "je vous salue bien bas, " * 16, "Merci."]:
        api(server, f"/api/tables/{tid}/chat", {"token": tokens["1"], "text": text})
    page.wait_for_function("document.querySelectorAll('#chat .chat-line').length === 3")
    page.wait_for_timeout(100)
    blank, height = page.evaluate(CHAT_BLANK)
    assert blank <= height / 2 + 12, (blank, height)  # 12: the list's own padding
    assert page.evaluate(LIST_EDGES, ["chat", ".chat-line"])["newest"], \
        "the newest line is whole at the bottom"
    assert errors == []


# ----- rematch ----------------------------------------------------------------------------

def test_rematch_two_people_and_a_bot_both_follow_to_the_new_table(server, browser, tmp_path):
    tid, tokens = seated_table(server, "courtisans", [PERSON, PERSON, BOT], ["Ada", "Bob"],
                               seed=21)
    ada, errors_a = open_seat(browser, server, tid, tokens["0"])
    bob, errors_b = open_seat(browser, server, tid, tokens["1"], 390, 844)
    play_persons(server, tid, tokens, lambda u: u["table"]["status"] == "over",
                 random.Random(1), timeout=120)
    ada.wait_for_selector("#rematch-start")
    bob.wait_for_selector("#rematch-start")
    shot(ada, "rematch_offer_desktop.png", tmp_path)
    ada.click("#rematch-start")
    ada.wait_for_url(lambda url: tid not in url and "/table/" in url)
    new_id = ada.url.rstrip("/").split("/")[-1]
    # the new table waits for Bob by the name he had, not for "Seat 2"
    ada.wait_for_function("(() => { const s = window.courtly.state;"
                          " return s.table && s.table.status === 'waiting'; })()")
    ada.wait_for_selector("#log .log-rematch_of")
    banner = ada.locator("#banner").text_content()
    assert "Bob" in banner and "Seat 2" not in banner, banner
    bob_seat = ada.locator("#seats li[data-seat='1']").text_content()
    assert "Bob" in bob_seat and "not here yet" in bob_seat, bob_seat
    assert "Ada and Bob" in ada.locator("#log .log-rematch_of").text_content()
    shot(ada, "rematch_waiting_desktop.png", tmp_path)
    # the lobby names the awaited seat in words, not "Bob?"
    lobby = ada.context.new_page()
    lobby.goto(f"{server}/")
    lobby.wait_for_selector("text=Bob (not here yet)")
    lobby.close()
    # Bob's page at the finished table now offers to follow, naming who started it
    bob.wait_for_selector("#rematch-follow")
    assert "Ada" in bob.locator(".rematch-note").text_content()
    bob.locator("#rematch-follow").scroll_into_view_if_needed()
    shot(bob, "rematch_follow_phone.png", tmp_path)
    bob.click("#rematch-follow")
    bob.wait_for_url(f"**/table/{new_id}")
    for page, seat, name in ((ada, 0, "Ada"), (bob, 1, "Bob")):
        page.wait_for_function("(() => { const s = window.courtly.state;"
                               " return s.table && s.table.status === 'playing'; })()")
        assert page.evaluate("window.courtly.state.seat") == seat
        # the header is drawn a frame after the state (later under load): wait for it
        page.wait_for_selector(f"#whoami:has-text('{name}')", timeout=5000)
        assert page.locator("#join-dialog[open]").count() == 0, "no name asked again"
    info = api(server, f"/api/tables/{new_id}")
    assert [s["name"] for s in info["seats"]] == ["Ada", "Bob", None]
    assert [s["kind"] for s in info["seats"]] == ["person", "person", "bot"]
    shot(ada, "rematch_new_table_desktop.png", tmp_path)
    assert errors_a == [] and errors_b == []


def test_the_host_hosts_the_rematch_on_the_page_and_in_the_lobby(server, browser):
    """The finished table's host link hosts its rematch (docs/api.md), but a
    play-test's host, following a rematch a friend had started, found no host
    tools there nor "Manage" in the lobby, a seat left waiting for someone she
    could not replace: the browser keeping the one host token keeps it for
    the rematch."""
    made = new_table(server, "courtisans", [PERSON, PERSON, BOT], seed=21)
    tid, tokens, host = made["table"]["id"], made["tokens"], made["host_token"]
    for seat, name in (("0", "Ada"), ("1", "Bob")):
        api(server, f"/api/tables/{tid}/join", {"token": tokens[seat], "name": name})
    ada, errors = open_seat(browser, server, tid, tokens["0"])
    ada.evaluate(f"localStorage.setItem('courtly.host.{tid}', '{host}')")
    play_persons(server, tid, tokens, lambda u: u["table"]["status"] == "over",
                 random.Random(1), timeout=120)
    new_id = api(server, f"/api/tables/{tid}/rematch", {"token": tokens["1"]})["table"]["id"]
    ada.wait_for_selector("#rematch-follow")
    # the banner says it too, for one scrolled away from the scores
    detail = ada.locator("#banner .banner-detail").text_content()
    assert "Bob started a rematch" in detail and "Join the rematch" in detail, detail
    ada.click("#rematch-follow")
    ada.wait_for_url(f"**/table/{new_id}")
    ada.wait_for_selector("#host-panel:not([hidden])")
    ada.goto(f"{server}/")
    ada.wait_for_selector(f"[data-manage='{new_id}']")
    assert errors == []


def test_the_host_panel_names_a_rematch_seat_by_the_player_it_waits_for(server, browser,
                                                                        tmp_path):
    """At a rematch, a seat nobody has followed yet waits for the person who had
    it (its `awaited`): the host panel said "open seat" where the banner, the
    seats list and the log name Bob; it says "Bob — not here yet"."""
    made = new_table(server, "courtisans", [PERSON, PERSON, BOT], seed=21)
    tid, tokens, host = made["table"]["id"], made["tokens"], made["host_token"]
    for seat, name in (("0", "Ada"), ("1", "Bob")):
        api(server, f"/api/tables/{tid}/join", {"token": tokens[seat], "name": name})
    play_persons(server, tid, tokens, lambda u: u["table"]["status"] == "over",
                 random.Random(1), timeout=120)
    rematch = api(server, f"/api/tables/{tid}/rematch", {"token": tokens["0"]})
    new_id = rematch["table"]["id"]
    page, errors = open_page(browser)
    page.add_init_script(f"localStorage.setItem('courtly.token.{new_id}', '{rematch['token']}');"
                         f"localStorage.setItem('courtly.host.{new_id}', '{host}');")
    page.goto(f"{server}/table/{new_id}")
    names = "#host-seats .host-seat[data-seat='{n}'] .host-seat-name"
    page.wait_for_selector(names.format(n=1))
    assert page.text_content(names.format(n=0)) == "Ada"
    assert page.text_content(names.format(n=1)) == "Bob \u2014 not here yet"
    assert "Seat 3" in page.text_content(names.format(n=2))  # a bot's seat keeps its label
    shot(page, "rematch_host_panel_desktop.png", tmp_path)
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    assert page.text_content(names.format(n=1)) == "Bob \u2014 pas encore là"
    assert errors == []


# ----- the last move ------------------------------------------------------------------------

def test_the_last_move_is_marked_on_the_board_until_the_next(server, browser, tmp_path):
    tid, tokens = seated_table(server, "courtisans", [BOT, PERSON], ["Ada"], seed=5)
    page, errors = open_seat(browser, server, tid, tokens["1"])
    page.wait_for_selector(".banner-mine")
    # the bot played first: its cards are marked, and its lines in the log
    marked = page.locator(".ct-board .tile.last-move")
    plays = [e for e in page.evaluate("window.courtly.context().lastMove.events")
             if e["kind"] in ("play", "take")]
    assert page.evaluate("window.courtly.context().lastMove.seat") == 0
    assert marked.count() == len(plays) >= 1
    assert page.locator("#log .log-line[aria-current='true']").count() >= len(plays)
    shot(page, "last_move_bot_desktop.png", tmp_path)
    # the panel (the generic renderer's, Fief's, Versailles') tells the bot's turn apart
    # from the draw the rules made after it, which the bot did not do
    generic, errors_g = open_page(browser)
    generic.goto(f"{server}/table/{tid}?renderer=generic")  # a spectator's
    generic.wait_for_selector("#last-move .last-followed li")
    assert "Last move: Seat 1 (bot)" in generic.locator("#last-move h2").text_content()
    last = generic.evaluate("window.courtly.context().lastMove")
    assert {e["kind"] for e in last["followed"]} == {"draw"}
    assert "draw" not in {e["kind"] for e in last["events"]}
    assert generic.locator("#last-move .last-own li").count() == len(last["events"]) >= 1
    assert generic.locator("#last-move .last-followed li").count() == len(last["followed"])
    assert generic.locator(".last-followed-title").text_content() == "Then, by the rules:"
    generic.locator("#last-move").scroll_into_view_if_needed()
    shot(generic, "last_move_followed_generic.png", tmp_path)
    assert errors_g == []
    generic.close()
    # my own card then: the bot's marks go, mine comes
    page.locator(".ct-card.playable").first.click()
    choice = page.locator(".ct-choices .choice").first
    area, side = choice.get_attribute("data-area"), choice.get_attribute("data-side")
    family = page.locator(".ct-card.selected").get_attribute("data-family")
    role = page.locator(".ct-card.selected").get_attribute("data-role")
    choice.click()
    page.wait_for_function("window.courtly.context().lastMove && "
                           "window.courtly.context().lastMove.seat === 1")
    page.wait_for_selector(".tile.last-move")
    mine = page.locator(".ct-board .tile.last-move")
    assert mine.count() == 1
    if role != "spy":
        assert mine.get_attribute("data-family") == family
        assert mine.get_attribute("data-role") == role
    if area == "queen":
        column = "queen" if role == "spy" else family
        assert page.locator(f".ct-zone[data-column='{column}'][data-side='{side}'] .tile.last-move"
                            ).count() == 1
    assert errors == []


def test_vive_le_roi_and_the_generic_renderer_mark_the_last_move(server, browser, tmp_path):
    tid, tokens = seated_table(server, "vive_le_roi", [PERSON, BOT, BOT], ["Ada"], seed=3)
    page, errors = open_seat(browser, server, tid, tokens["0"])
    play_persons(server, tid, tokens, lambda u: u["table"]["moves"] >= 4, random.Random(2))
    page.wait_for_function("(() => { const m = window.courtly.context().lastMove; return m &&"
                           " m.events.some(e => e.kind === 'place' || e.kind === 'move'); })()")
    # read the last move and the board's marks at one instant: the bots play on
    last, marked = page.evaluate(
        "[window.courtly.context().lastMove, [...document.querySelectorAll("
        "'.castle .person.last-move')].map(e => e.dataset.character)]")
    moved = {e["data"]["character"] for e in last["events"] if e["kind"] in ("place", "move")}
    assert set(marked) == moved
    shot(page, "last_move_vlr_desktop.png", tmp_path)
    # the generic renderer (any game): the last move's story, and what it changed in the view
    generic, errors_g = open_page(browser)
    generic.goto(f"{server}/table/{tid}?renderer=generic")  # a spectator's
    generic.wait_for_selector("#last-move li")
    before = state(server, tid)["last_index"]
    play_persons(server, tid, tokens, lambda u: u["last_index"] > before, random.Random(3))
    generic.wait_for_selector(".generic-view .gv-changed")
    shot(generic, "last_move_generic_desktop.png", tmp_path)
    assert errors == [] and errors_g == []


# ----- Courtisans on a phone -------------------------------------------------------------------

def test_courtisans_at_phone_width_readable_tiles_hints_jump_links_unread(server, browser,
                                                                          tmp_path):
    tid, tokens = seated_table(server, "courtisans", [PERSON, PERSON], ["Ada", "Bob"], seed=8)
    rng = random.Random(4)
    play_persons(server, tid, tokens, lambda u: u["table"]["moves"] >= 8, rng)
    page, errors = open_seat(browser, server, tid, tokens["0"], 390, 844)
    no_horizontal_scroll(page)
    tiles = page.locator(".ct-queen .tile:not(.tile-back)")
    assert tiles.count() >= 1
    for i in range(tiles.count()):
        box = tiles.nth(i).bounding_box()
        assert box["height"] >= 26 and box["width"] >= 44, f"a tile is {box} at phone width"
        label = tiles.nth(i).locator(".tile-label")
        assert label.is_visible() and label.text_content().strip()
    # the family of each row is written out, and its standing
    head = page.locator(".ct-queen .ct-colhead[data-family]").first
    assert head.locator(".ct-colname").is_visible() and head.locator(".ct-status").is_visible()
    shot(page, "phone_courtisans_top.png", tmp_path)
    shot(page, "phone_courtisans_full.png", tmp_path, full=True)
    # a tap on a tile tells its name (no hover tooltip on a phone)
    page.locator(".ct-queen .tile:not(.tile-back)").first.click()
    hint = page.locator("#ct-hint")
    assert hint.is_visible() and hint.text_content().strip()
    shot(page, "phone_courtisans_hint.png", tmp_path)
    # the jump bar reaches the log and the chat without scrolling by hand
    assert page.locator("#jumpbar").is_visible()
    page.evaluate("window.scrollTo(0, 0)")
    # the page counts unread lines once its IntersectionObserver has seen the log leave
    # the screen: an observer of ours, made after the page's, is told in the same
    # rendering step, after it (a fixed 300 ms wait was too short on a loaded machine)
    page.evaluate(OUT_OF_SIGHT.replace("ID", "log-panel"))
    assert page.locator("#jump-log .unread").is_hidden()
    play_persons(server, tid, tokens, lambda u: u["table"]["moves"] >= 10, rng)
    page.wait_for_selector("#jump-log .unread:not([hidden])")
    assert int(page.locator("#jump-log .unread").text_content()) >= 1
    shot(page, "phone_courtisans_unread.png", tmp_path)
    page.click("#jump-log")
    page.wait_for_function(IN_SIGHT.replace("ID", "log-panel"))
    page.wait_for_selector("#jump-log .unread", state="hidden")
    page.click("#jump-chat")
    page.wait_for_function(IN_SIGHT.replace("ID", "chat-panel"))
    shot(page, "phone_courtisans_chat.png", tmp_path)
    assert errors == []


# ----- a refusal in French ------------------------------------------------------------------------

def test_a_refusal_is_shown_in_french(server, browser, tmp_path):
    tid, tokens = seated_table(server, "courtisans", [PERSON, PERSON], ["Ada", "Bob"], seed=9)
    first = state(server, tid)["to_act"][0]
    other = 1 - first
    page, errors = open_seat(browser, server, tid, tokens[str(other)], lang="fr")
    legal = state(server, tid, tokens[str(first)])["legal"][0]["action"]
    # out of turn: the page's buttons are off, so the action is sent by hand
    page.evaluate(f"window.courtly.context().act({json.dumps(legal)})")
    toast = page.locator(".toast-error").last
    toast.wait_for()
    who = "Ada" if first == 0 else "Bob"
    assert toast.text_content() == f"Ce n'est pas votre tour\u202f: on attend {who}"
    shot(page, "refusal_french_desktop.png", tmp_path)
    # an engine's refusal: said in French, its reason kept
    mine = state(server, tid, tokens[str(first)])
    assert mine["legal"]
    first_page, errors_f = open_seat(browser, server, tid, tokens[str(first)], lang="fr")
    first_page.evaluate("window.courtly.context().act({type: 'decline'})")
    refused = first_page.locator(".toast-error").last
    refused.wait_for()
    assert refused.text_content().startswith("Ce coup n'est pas permis (")
    assert "Decline" in refused.text_content()
    assert errors == [] and errors_f == []


# ----- Vive le Roi: your vote after a reload; dungeon labels --------------------------------------

def test_vive_le_roi_your_vote_is_shown_after_a_reload(server, browser, tmp_path):
    tid, tokens = seated_table(server, "vive_le_roi", [PERSON, PERSON, BOT], ["Ada", "Bob"],
                               seed=12)
    both = {0, 1}
    play_persons(server, tid, {"0": tokens["0"], "1": tokens["1"]},
                 lambda u: both <= set(u["to_act"]) and (u["view"]["vote"] or {}).get("voters")
                 is not None, random.Random(5), timeout=120)
    ada, errors = open_seat(browser, server, tid, tokens["0"])
    card = ada.locator(".vote-card:not([disabled])").first
    chosen = card.get_attribute("data-vote")
    card.click()
    ada.wait_for_selector(".vlr-myvote")
    ada.reload()
    ada.wait_for_selector(".vlr-myvote")
    names = {"yes": "Yes", "no": "No", "stomach_ache": "Stomach"}
    text = ada.locator(".vlr-myvote").text_content()
    assert names[chosen] in text, text
    ada.locator("#vlr-vote").scroll_into_view_if_needed()
    shot(ada, "vlr_vote_after_reload_desktop.png", tmp_path)
    # Bob's page shows only that Ada voted, face down
    bob, errors_b = open_seat(browser, server, tid, tokens["1"])
    assert bob.evaluate("window.courtly.state.view.vote.mine") is None
    assert bob.locator(".vlr-myvote").count() == 0
    # the dungeon labels stay inside their cells, at desktop and phone width
    for page in (ada, bob):
        for width, height in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            overflow = page.eval_on_selector_all(".cell-dungeon", """cells => cells.map(c => {
                const box = c.getBoundingClientRect();
                const label = c.querySelector('.cell-label').getBoundingClientRect();
                return label.left >= box.left - 1 && label.right <= box.right + 1; })""")
            assert overflow and all(overflow), f"a dungeon label spills out at {width}px"
    bob.locator(".castle").scroll_into_view_if_needed()
    shot(bob, "vlr_dungeons_phone.png", tmp_path)
    assert errors == [] and errors_b == []


#: Every character put in the dungeons and WCs the castle has (the view changed
#: in the page and drawn again: a deterministic look at each name in a narrow
#: cell); the names that do not show whole: cut by their own box (an ellipsis)
#: or running out of their cell.
NAMES_IN_CELLS = """(characters) => {
  const ctx = window.courtly.context();
  const castle = ctx.view.castle;
  const dungeons = Object.keys(castle.dungeons || {});
  const wcs = Object.keys(castle.wc || {});
  const cut = [];
  for (let i = 0; i < characters.length; i += dungeons.length + wcs.length) {
    const batch = characters.slice(i, i + dungeons.length + wcs.length);
    dungeons.forEach((f, k) => { castle.dungeons[f] = batch[k] || null; });
    wcs.forEach((f, k) => { castle.wc[f] = batch[dungeons.length + k] || null; });
    ctx.rerender();
    for (const name of document.querySelectorAll('.cell .person .pname')) {
      const cell = name.closest('.cell').getBoundingClientRect();
      const r = name.getBoundingClientRect();
      if (name.scrollWidth > name.clientWidth + 1 || r.left < cell.left - 0.5
          || r.right > cell.right + 0.5) {
        cut.push(`${name.textContent} (${Math.round(r.width)} px in ${Math.round(cell.width)})`);
      }
    }
  }
  return cut;
}"""


def test_vive_le_roi_a_name_in_a_dungeon_or_wc_cell_reads_whole(server, browser, tmp_path):
    tid, tokens = seated_table(server, "vive_le_roi", [PERSON] * 3, ["Ada", "Bob", "Cy"],
                               seed=4)
    characters = [c["id"] for c in api(server, "/api/games/vive_le_roi")["data"]["characters"]]
    for lang in ("en", "fr"):
        page, errors = open_seat(browser, server, tid, tokens["0"], 390, 844, lang=lang)
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(100)
            assert page.evaluate(NAMES_IN_CELLS, characters) == [], (lang, width)
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("""() => { const c = window.courtly.context();
            Object.assign(c.view.castle.dungeons, {1: 'dagobert', 2: 'anselme', 3: 'jester'});
            c.rerender(); }""")
        page.locator(".castle").scroll_into_view_if_needed()
        shot(page, f"vlr_dungeon_names_phone_{lang}.png", tmp_path)
        assert errors == []
        page.close()
