"""The page's family-name comparison (web/games/versailles_names.js nameKey)
is the rules' (etiquette.py name_key), run in a real Chromium on the same
names: the page refuses a name another family bears before anything is sent
(§6), so where the two disagreed a player was told a free name was taken, or
was let through to the server's English refusal. A play-test's were ß against
"ss", "O'Brien" against "O Brien" and "d'Argenson" against "d Argenson". Every
code point Python knows is tried inside a name, letters and elisions around
it. Fixtures from test_browser.py."""

from __future__ import annotations

import ast
import sys
import unicodedata
from typing import Any

import pytest

from courtly.games.versailles.etiquette import family_keys, name_key
from test_browser import browser, open_page, server

pytestmark = pytest.mark.slow
__all__ = ["browser", "server"]  # fixtures used by name

#: The page's nameKey on each of a list of names.
KEYS = """async (names) => {
  const { nameKey } = await import('/static/games/versailles_names.js');
  return names.map(nameKey);
}"""

TRICKY = [
    "de Vieille-Roche", "de vieille roche", "DE VIEILLE—ROCHE", "Straße", "Strasse", "STRAẞE",
    "d'Argenson", "d’Argenson", "D'ARGENSON", "d Argenson", "dArgenson", "O'Brien", "O’Brien",
    "O Brien", "o-brien", "l'Isle", "L’Isle", "jusqu'au Bout", "Lorsqu’Il", "Puisqu'Elle",
    "quoiqu'On", "Qu’En", "ſ'Argenson", "Quoıqu'On", "puİsqu'x", "Ld'Argenson",
    "M. Dupont", "m.Dupont", "Œuvre", "œuvre", "Oeuvre", "Æthel", "aethel", "Ærø", "Ÿvelin",
    "Müller", "Mueller", "Muller", "Çelik", "İstanbul", "Istanbul", "ıstanbul", "Yıldız",
    "ΟΔΥΣΣΕΥΣ", "Οδυσσεύς", "ὈΔΥΣΣΕΎΣ", "ᏣᎳᎩ", "ꮳꮃꭹ", "Ǆemal", "ǅemal", "džemal", "ﬁnet",
    "Ⅻ Louis", "de la Tour qui Penche", "  de  la   Tour  ", "de_la_Tour", "@Tour", "Tour2",
    "ำนาน", "Ñúñez", "Nunez", "N\u0303un\u0303ez", "Ꭰ", "ꭰ", "ᲀᲄᲈ", "Ⓐbc", "ａｂｃ", "abc",
]


def _named_code_points() -> list[str]:
    """Every code point Python's Unicode database has assigned (surrogates left out:
    they cannot travel to the page), each in a name that tries it as a letter, at a
    word's start after an elision, within a word, after "M." and alone."""
    names = []
    for point in range(sys.maxunicode + 1):
        ch = chr(point)
        if unicodedata.category(ch) in ("Cn", "Cs"):
            continue  # unknown to the rules' Python: never in a family name it accepted
        names.append(f"d'{ch}a{ch} M. {ch}")
    return names


def _page_keys(page: Any, names: list[str]) -> list[str]:
    keys: list[str] = []
    for start in range(0, len(names), 20_000):
        keys += page.evaluate(KEYS, names[start:start + 20_000])
    return keys


def _disagreements(page: Any, names: list[str]) -> list[tuple[str, str, str]]:
    keys = _page_keys(page, names)
    rules = [name_key(name) for name in names]
    return [(name, right, key) for name, right, key in zip(names, rules, keys, strict=True)
            if right != key]


def test_the_page_compares_family_names_as_the_rules_do(server, browser):
    page, errors = open_page(browser)
    page.goto(server + "/")
    assert _disagreements(page, TRICKY) == []
    wrong = _disagreements(page, _named_code_points())
    assert wrong == [], f"{len(wrong)} disagreements, first {wrong[:10]}"
    assert errors == []


def test_the_page_takes_for_a_family_name_what_the_rules_take(server, browser):
    """NAME_OK (the page's proposal of the player's own name) accepts what the
    rules' _FAMILY_NAME accepts: letters, Python's [^\\W\\d_], Roman numerals among
    them, and no decimal digit."""
    from courtly.games.versailles.etiquette import _FAMILY_NAME

    page, errors = open_page(browser)
    page.goto(server + "/")
    names = ["de Vieille-Roche", "d’Argenson", "Ⅻ", "Tour2", "de  la", "a-", "-a", "a''b", "Ærø",
             "de\u00a0la", "x\u0303", "ﬁnet", "a_b", "ำนาน"]
    shown = page.evaluate("""async (names) => {
      const { NAME_OK } = await import('/static/games/versailles_names.js');
      return names.map((n) => NAME_OK.test(n));
    }""", names)
    assert shown == [_FAMILY_NAME.fullmatch(n) is not None for n in names]
    assert errors == []


def test_the_page_knows_a_family_by_the_keys_the_rules_do(server, browser):
    """familyKeys (the page's refusal of a name another family bears with or
    without its particle, E21) gives the rules' family_keys on names with and
    without "de"/"d'", and on the tricky ones."""
    page, errors = open_page(browser)
    page.goto(server + "/")
    names = ["de Saint-Sournois", "Saint Sournois", "d'Escarpolette", "D’Escarpolette",
             "Escarpolette", "de la Tour", "la Tour", "de", "d'Argenson", "Delorme", "du Pré",
             "de de Rien", *TRICKY]
    shown = page.evaluate("""async (names) => {
      const { familyKeys } = await import('/static/games/versailles_names.js');
      return names.map((n) => familyKeys(n).sort());
    }""", names)
    assert shown == [sorted(family_keys(n)) for n in names]
    assert errors == []


def _rules_problem(name: str) -> tuple[str, str] | None:
    """family_name_problem's answer as (kind, phrase), the phrase a barred one's."""
    from courtly.games.versailles.etiquette import family_name_problem

    text = family_name_problem(name)
    if text is None:
        return None
    if text.startswith("a family name has"):
        return ("length", "")
    if text.startswith("a family name is letters"):
        return ("letters", "")
    from courtly.games.versailles.etiquette import family_name_rules

    phrase = ast.literal_eval(text.split(" in a family name")[0])
    return ("pronoun" if phrase in family_name_rules()["pronouns"] else "barred", phrase)


def test_the_page_refuses_the_family_names_the_rules_refuse(server, browser):
    """familyNameProblem (the page's refusal before sending, with the game's
    `family_name` data) finds what the rules' family_name_problem finds, for
    the same reason: a play-test's "Marquis" came back as the engine's
    "choose_sex: 'marquis' in a family name...". A barred phrase is given as
    typed (to be shown), and as compared: the rules' phrase."""
    from courtly.games.versailles.etiquette import family_name_rules

    page, errors = open_page(browser)
    page.goto(server + "/")
    names = ["Marquis de Carabas", "de la Tour qui Penche", "Tu", "de Toi", "Chère Amie",
             "de Dame d'Atours", "Dame-d’Atours", "Monsieur", "Sa Majesté", "Votre Altesse",
             "Le Duc", "Ducasse", "x", "a" * 41, "a" * 40, "Jean2", "de  la", "Grand Chambellan",
             "ma Belle", "de Saint-Sournois", "Comtesse", "Vicomte", "Madame", "M. Dupont", "Ta",
             "Ton", "Tes", "de Ton Pré", "Ærø", "ǅemal", "Ⅻ", "Straße", "de Gouverneur"]
    shown = page.evaluate("""async ([names, rules]) => {
      const { familyNameProblem } = await import('/static/games/versailles_names.js');
      return names.map((n) => {
        const p = familyNameProblem(n, rules);
        return p === null ? null : [p.kind, p.key || '', p.phrase || ''];
      });
    }""", [names, family_name_rules()])
    rules = [_rules_problem(n) for n in names]
    assert [tuple(s[:2]) if s else None for s in shown] == rules
    typed = {n: s[2] for n, s in zip(names, shown, strict=True) if s}
    assert typed["de Dame d'Atours"] == "Dame d'Atours"
    assert typed["Dame-d’Atours"] == "Dame d’Atours"
    assert typed["Marquis de Carabas"] == "Marquis"
    assert sum(r is not None and r[0] == "barred" for r in rules) >= 10  # the phrases are tried
    assert sum(r is not None and r[0] == "pronoun" for r in rules) >= 3
    assert errors == []
