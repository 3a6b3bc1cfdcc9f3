"""Card help (docs/web.md "Card help"): every Fief card kind and every card of
Courtisans de Versailles explains itself, in the page's language, on hover and
on a tap of its "?" (phones have no hover), closed by a second tap or Escape.
Fixtures from test_browser.py."""

from __future__ import annotations

import os
import re
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


def _digits_held(text: str) -> str:
    """The deck's words as Versailles' page writes them: a French digit group with a
    narrow no-break space, the typographic apostrophe, a minus sign before a number."""
    held = re.sub(r"(\d) (?=\d{3}(?!\d))", "\\1\u202f", text).replace("'", "\u2019")
    return re.sub(r"(^|[\s(])-(?=\d)", "\\1\u2212", held)


def _shown(page: Any) -> str | None:
    """The card help's text while it shows, else None."""
    box = page.locator(HELP)
    return box.text_content() if box.count() and box.is_visible() else None


def _takes_pointer(page: Any) -> bool:
    """Whether the pointer at the middle of the shown card help lands on it (or on
    what lies under it)."""
    return page.evaluate("""() => {
        const box = document.getElementById("card-help").getBoundingClientRect();
        const at = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return Boolean(at && at.closest("#card-help"));
    }""")


def _check_help(page: Any, card: Any, expected: str, source: str | None, shot: str) -> None:
    """Hover shows it; leaving hides it; a tap on "?" shows it, a second tap
    hides it; a tap then Escape hides it."""
    card.hover()
    page.wait_for_selector(f"{HELP}:visible")
    text = _shown(page)
    assert text and expected in text, text
    if source:
        assert source in text
    assert not _takes_pointer(page)  # a hover help is read through, never clicked
    page.mouse.move(1, 1)
    page.wait_for_selector(HELP, state="hidden")
    ask = card.locator(".card-help-button")
    assert ask.get_attribute("aria-expanded") == "false"
    ask.click()
    page.wait_for_selector(f"{HELP}:visible")
    assert expected in (_shown(page) or "")
    assert card.locator(".card-help-button").get_attribute("aria-expanded") == "true"
    assert _takes_pointer(page)  # a pinned one is tapped on without closing
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


#: The card menu of the exchange's or the discard's form (the forms under the map).
CARD_MENU = ".generic-actions form[data-kind={kind}] .gf-choice"


def _fief_until_card_form(page: Any, tid: str, server: str) -> str:
    """Play this seat through the forms until a form names a card to exchange
    or discard; that form's kind."""
    deadline = time.monotonic() + 120
    while True:
        for kind in ("exchange_card", "discard_card"):
            if page.locator(f".generic-actions form[data-kind={kind}] select").count():
                return kind
        assert time.monotonic() < deadline, "no exchange or discard form came"
        assert api(server, f"/api/tables/{tid}")["status"] != "over"
        act_through_forms(page)


def _check_form_help(page: Any, kind: str, helps: dict, lang: str, shot: str) -> None:
    """The card chosen in the form's menu explains itself (hover and "?"), and
    another card chosen explains itself in turn."""
    menu = page.locator(CARD_MENU.format(kind=kind))
    select = menu.locator("select")
    assert menu.count() == 1 and select.locator("option").count() >= 1
    for index in range(min(2, select.locator("option").count())):
        select.select_option(index=index)
        menu = page.locator(CARD_MENU.format(kind=kind))
        card = page.evaluate(
            "(sel) => window.courtly.state.schema.find((e) => e.type === sel.kind).fields.card"
            ".values[Number(document.querySelector(sel.css).value)]",
            {"kind": kind, "css": CARD_MENU.format(kind=kind) + " select"})
        text = helps[card.split(":")[0]][lang]
        _check_help(page, menu, text, None, shot)


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
    # the exchange's or the discard's form names its cards with their help too
    form = _fief_until_card_form(page, tid, server)
    _check_form_help(page, form, helps, "en", "ux18_fief_form_help_en.png")

    # the page in French, at a phone's width: the tap, in French
    phone = page
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.click("#lang-toggle")
    phone.wait_for_selector(".fief-hand h2:has-text('Votre main')")
    card = phone.locator(".fief-hand .fief-card").first
    kind = card.get_attribute("data-card").split(":")[0]
    card.locator(".card-help-button").click()
    phone.wait_for_selector(f"{HELP}:visible")
    text = _shown(phone) or ""
    assert helps[kind]["fr"] in text and "Règle\u202f: " in text
    box = phone.locator(HELP).bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    phone.screenshot(path=str(SHOTS / "webux_fief_help_fr_phone.png"))
    phone.locator(".fief-hand .fief-card").first.locator(".card-help-button").click()
    phone.wait_for_selector(HELP, state="hidden")
    if phone.locator(f".generic-actions form[data-kind={form}]").count():  # still this seat's turn
        _check_form_help(phone, form, helps, "fr", "ux18_fief_form_help_fr_phone.png")
    assert not errors, errors


#: Fay's hand, these cards only, drawn again at once (the page's own render).
HAND = """(cards) => {
  window.courtly.state.view = { ...window.courtly.state.view, hand: cards };
  window.dispatchEvent(new CustomEvent('langchange'));
}"""


def test_fief_tithe_cards_say_when_they_are_taken(server, browser):
    """A play-test held a royal and a bishopric tithe through the card phase
    and found no word of why neither could be played: their help (and the
    lord's tithe's) says they are never played with the other cards (Phase 1)
    and are offered at the revenues of a turn that meets their condition
    (rulebook, "Phase 2: Collection of Revenues, b) Income from taxes")."""
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=12, turn_limit=1)
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    # the bots have chosen their regions: nothing comes from the server till Fay chooses
    page.wait_for_function("window.courtly.context().canAct")
    tithes = ["royal_tithe", "bishopric_tithe", "lords_tithe"]
    when = {"royal_tithe": "one of your lords is King",
            "bishopric_tithe": "one of your lords is a bishop", "lords_tithe": "you own a fief"}
    for card in tithes:
        page.evaluate(HAND, tithes)
        chip = page.locator(f".fief-hand .fief-card[data-card={card}]")
        chip.locator(".card-help-button").click()
        page.wait_for_selector(f"{HELP}:visible")
        text = _shown(page) or ""
        assert "Never played with the other cards (Phase 1)" in text, text
        assert f"at the revenues of a turn when {when[card]}" in text, text
        assert "it is offered" in text, text
        if card == "royal_tithe":
            page.screenshot(path=str(SHOTS / "ux23_fief_royal_tithe_help_en.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector(HELP, state="hidden")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#lang-toggle")
    page.wait_for_selector(".fief-hand h2:has-text('Votre main')")
    page.evaluate(HAND, tithes)
    chip = page.locator(".fief-hand .fief-card[data-card=bishopric_tithe]")
    chip.locator(".card-help-button").click()
    page.wait_for_selector(f"{HELP}:visible")
    text = _shown(page) or ""
    assert "Elle ne se joue jamais avec les autres cartes (phase 1)" in text, text
    assert "aux revenus d'un tour où un de vos seigneurs est évêque" in text, text
    page.screenshot(path=str(SHOTS / "ux23_fief_bishopric_tithe_help_fr_phone.png"))
    assert not errors, errors


def _ada_holds_her_hand(server: str, page: Any) -> None:
    """Ada at seat 0 of a Versailles table with two bots (seed 15), on ``page``: her
    lady chosen, her hand shown."""
    made = new_table(server, "versailles", [PERSON, BOT, BOT], seed=15)
    take_seat(page, server, made["links"]["seats"]["0"], "Ada")
    page.wait_for_selector("#vs-sex-form button:enabled")
    page.check("#vs-sex-woman")
    page.click("#vs-sex-send")
    page.wait_for_selector(".vs-hand-card")


def test_versailles_cards_explain_themselves_in_the_page_language(server, browser):
    deck = {c["id"]: c for c in api(server, "/api/games/versailles")["data"]["deck"]}
    page, errors = french_page(browser)
    _ada_holds_her_hand(server, page)
    card = page.locator(".vs-hand-card").first
    c = deck[card.get_attribute("data-card")]
    assert card.get_attribute("title") is None  # no English native tooltip on the French page
    _check_help(page, card, _digits_held(c["effect_fr"]), None, "webux_vs_help_fr.png")
    # a tap on "?" does not choose the card (its own click does)
    assert not page.locator(".vs-hand-card.vs-chosen").count()
    # a digit group holds together: "Pension de 2 000 livres" never breaks between 2 and 000
    pensions = page.evaluate("""() => ["pension_2000", "pension_4000"].map((id) =>
        window.courtly.state.renderer.cardHelp(window.courtly.context(), id))""")
    assert [p["title"] for p in pensions] == [
        "Pension de 2\u202f000 livres", "Pension de 4\u202f000 livres"]
    # the typographic apostrophe and minus (a play-test saw "The Queen's smile", "-2 Queen")
    typeset = page.evaluate("""() => ["medisance", "dame_atours", "gouverneur_normandie"].map(
        (id) => window.courtly.state.renderer.cardHelp(window.courtly.context(), id))""")
    assert [h["title"] for h in typeset] == [
        "Médisance", "Dame d\u2019atours de la Reine", "Gouverneur de Normandie"]
    assert typeset[0]["text"] == "\u22122 Reine"
    assert "avec d\u2019autres" in typeset[2]["text"] and "'" not in typeset[2]["text"]
    names = page.locator(".vs-hand-card .vs-card-name").all_text_contents()
    assert not any(re.search(r"\d \d{3}", text) for text in names + [p["text"] for p in pensions])

    english = page
    english.set_viewport_size({"width": 390, "height": 844})
    english.click("#lang-toggle")
    english.wait_for_selector(".vs-hand-card")
    card = english.locator(".vs-hand-card").first
    c = deck[card.get_attribute("data-card")]
    card.locator(".card-help-button").click()
    english.wait_for_selector(f"{HELP}:visible")
    assert _digits_held(c["effect"]) in (_shown(english) or "")
    english.screenshot(path=str(SHOTS / "webux_vs_help_en_phone.png"))
    english.keyboard.press("Escape")
    english.wait_for_selector(HELP, state="hidden")
    # a card chosen on a phone: its bar (below the whole hand) comes into sight, its line
    # not covered by the help the tap's hover opened, and says what the card does
    card = english.locator(".vs-hand-card.vs-usable").first
    c = deck[card.get_attribute("data-card")]
    card.click()
    english.wait_for_function(BAR_IN_SIGHT, timeout=3000)
    bar_help = english.locator("#vs-card-bar .vs-chosen-help").text_content()
    assert _digits_held(c["effect"]) in bar_help
    english.screenshot(path=str(SHOTS / "webux_vs_card_bar_en_phone.png"))
    english.locator("#vs-card-bar .vs-cancel").click()
    assert not errors, errors


def test_a_card_chosen_under_the_pointer_closes_its_hover_help(server, browser):
    """A play-test clicked a hand card and its hover help stayed open where the
    pointer rested, over the board and the hand's heading. A click that chooses
    the card closes it, and it stays closed while the pointer stays on the
    card (redrawn or not); leaving the card and coming back opens it again."""
    page, errors = open_page(browser)
    _ada_holds_her_hand(server, page)
    card = page.locator(".vs-hand-card").first
    key = card.get_attribute("data-help-key")
    card.hover()  # scrolled into sight, the pointer on it
    page.wait_for_selector(f"{HELP}:visible")
    box = card.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 3, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_selector(HELP, state="hidden")
    page.mouse.move(x + 4, y + 2)  # still on the card, drawn again after the click
    page.wait_for_timeout(200)
    assert _shown(page) is None
    page.mouse.move(5, 5)
    page.locator(f"[data-help-key='{key}']").hover()
    page.wait_for_selector(f"{HELP}:visible")
    assert not errors, errors


#: The chosen card's bar between the banner and the phone's bottom bar: its instruction
#: line and first button in sight, the line not under the card help.
BAR_IN_SIGHT = """() => {
  const bar = document.querySelector('#vs-card-bar');
  const line = bar && bar.querySelector('p');
  const use = bar && bar.querySelector('button');
  if (!line || !use) return false;
  const top = document.getElementById('banner').getBoundingClientRect().bottom;
  const bottom = document.getElementById('jumpbar').getBoundingClientRect().top;
  const inside = (r) => r.top >= top && r.bottom <= bottom;
  const help = document.getElementById('card-help');
  const hr = help && !help.hidden ? help.getBoundingClientRect() : null;
  const lr = line.getBoundingClientRect();
  const covered = hr && hr.bottom > lr.top && hr.top < lr.bottom;
  return inside(lr) && inside(use.getBoundingClientRect()) && !covered;
}"""


# ----- cards named in the log -------------------------------------------------------------

LOG_CARD = "#log .log-card"


def _log_line_unchanged(page: Any, card: Any) -> None:
    """The line that names the card reads as the log's words, in their order."""
    line = card.locator("xpath=ancestor::li[1]")
    index = int(line.get_attribute("data-index"))
    words = page.evaluate("""(i) => {
        const ctx = window.courtly.context();
        return ctx.describe(ctx.events.find((e) => e.index === i));
    }""", index)
    assert line.text_content() == words
    assert line.locator(".card-help-button").count() == 0
    indices = [int(i) for i in page.eval_on_selector_all(
        "#log .log-line", "lines => lines.map(l => l.dataset.index)")]
    assert indices == sorted(indices)


def _check_log_help(page: Any, expected: Any, shot: str) -> None:
    """A card's name in the log: hover shows its help, leaving hides it; a tap
    on the name pins it, a second tap or Escape closes it."""
    card = page.locator(LOG_CARD).first
    text = expected(card.get_attribute("data-card"))
    _log_line_unchanged(page, card)
    card.hover()
    page.wait_for_selector(f"{HELP}:visible")
    assert text in (_shown(page) or "")
    page.mouse.move(1, 1)
    page.wait_for_selector(HELP, state="hidden")
    assert card.get_attribute("aria-expanded") == "false"
    card.click()
    page.wait_for_selector(f"{HELP}:visible")
    assert text in (_shown(page) or "")
    assert page.locator(LOG_CARD).first.get_attribute("aria-expanded") == "true"
    box = page.locator(HELP).bounding_box()
    width = page.viewport_size["width"]
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
    page.screenshot(path=str(SHOTS / shot), full_page=False)
    page.mouse.move(1, 1)
    assert _shown(page)  # pinned
    page.locator(LOG_CARD).first.click()
    page.wait_for_selector(HELP, state="hidden")
    page.locator(LOG_CARD).first.click()
    page.wait_for_selector(f"{HELP}:visible")
    page.keyboard.press("Escape")
    page.wait_for_selector(HELP, state="hidden")


def test_fief_cards_named_in_the_log_explain_themselves(server, browser):
    helps = api(server, "/api/games/fief")["data"]["cards"]["help"]
    made = new_table(server, "fief", [PERSON, BOT, BOT], seed=4, turn_limit=2)
    tid = made["table"]["id"]
    page, errors = open_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Fay")
    page.wait_for_selector("svg.fief-map")
    deadline = time.monotonic() + 120
    while not page.locator(LOG_CARD).count():
        assert time.monotonic() < deadline, "no card was named in the log"
        assert api(server, f"/api/tables/{tid}")["status"] != "over"
        act_through_forms(page)
    page.wait_for_timeout(300)  # let the bots' moves settle the log for a moment
    _check_log_help(page, lambda c: helps[c.split(":")[0]]["en"], "webux_fief_log_help_en.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    _check_log_help(page, lambda c: helps[c.split(":")[0]]["fr"],
                    "webux_fief_log_help_fr_phone.png")
    assert not errors, errors


def test_versailles_cards_named_in_the_log_explain_themselves(server, browser):
    deck = {c["id"]: c for c in api(server, "/api/games/versailles")["data"]["deck"]}
    made = new_table(server, "versailles", [PERSON, BOT, BOT], seed=15)
    tid, token = made["table"]["id"], made["tokens"]["0"]
    page, errors = french_page(browser)
    take_seat(page, server, made["links"]["seats"]["0"], "Ada")
    page.wait_for_selector("#vs-sex-form button:enabled")
    for _ in range(2):  # the courtier's sex and family, then Done in the negotiation
        legal = api(server, f"/api/tables/{tid}/state?token={token}")["legal"]
        api(server, f"/api/tables/{tid}/actions", {"token": token, "action": legal[0]["action"]})
    page.wait_for_selector("#log .log-request .log-card", timeout=30_000)
    page.wait_for_timeout(300)
    # the card is the one the request names, never the same word in a courtier's
    # form of address ("Monsieur le Marquis" presents a request: « Marquis »)
    for line in page.locator("#log .log-request").all():
        assert line.locator(".log-card").count() == 1
        before = line.locator(".log-card").evaluate("s => s.previousSibling.textContent")
        assert before.endswith("«\u202f"), before  # held to its word (French spacing)
    _check_log_help(page, lambda c: _digits_held(deck[c]["effect_fr"]), "webux_vs_log_help_fr.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")
    _check_log_help(page, lambda c: deck[c]["effect"], "webux_vs_log_help_en_phone.png")
    assert not errors, errors
