"""Etiquette at the court of Versailles (§3, §4): the form of address of every
courtier, and a checker that judges a chat message addressed to one.

§3: "Players must address one another giving, in this order: QUALITY (Madame,
Mademoiselle or Monsieur); DIGNITY (Maréchal); NOBILITY TITLE (Duc, Marquis,
Comte or Baron); FAMILY NAME (d'Argenson, and so on); and finally the OFFICE
held [...]. A player may cite only some of these elements, but never in a
different order. A courtier who holds several noble titles is addressed by his
highest title." Breaches are a mistake about sex, about the name, the familiar
"tu"/"toi" and nicknames ("A toi Jojo" instead of "A vous mon cher Marquis de
La Trémière").

Everything here is pure: no game state, no I/O. The engine describes each
courtier (or sovereign) with an :class:`Addressee`; :func:`form_of_address` writes the correct
form, :func:`check_message` lists the breaches of a message, each explained in
French and in English, and :func:`address_sentence` lets a bot write a
correctly addressed sentence. How a message is read (vocatives, "@", accents
and case) is documented in docs/rules/versailles.md ("Etiquette"); every choice of
ours is listed there under "Decisions where the rulebook is silent".
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import combinations, pairwise
from typing import Any, Literal

Sex = Literal["man", "woman"]
Sovereign = Literal["king", "queen", "regent"]


class Element(StrEnum):
    """The five elements of a form of address, in the order of §3."""

    QUALITY = "quality"
    DIGNITY = "dignity"
    TITLE = "title"
    NAME = "name"
    OFFICE = "office"


ORDER: tuple[Element, ...] = tuple(Element)
"""§3's order: quality, dignity, title, family name, office."""

TITLES: dict[str, tuple[str, str]] = {
    "duc": ("Duc", "Duchesse"),
    "marquis": ("Marquis", "Marquise"),
    "comte": ("Comte", "Comtesse"),
    "baron": ("Baron", "Baronne"),
}
"""Title card id -> (masculine, feminine) form, highest first (§3, §9.2)."""

DIGNITY: tuple[str, str] = ("Maréchal", "Maréchale")
"""The dignity of Maréchal de France (§3, §9.2), masculine and feminine."""

OFFICES: dict[str, tuple[str, ...]] = {
    "chancelier": ("Chancelier",),
    "controleur_general": ("Contrôleur général des finances", "Contrôleur général"),
    "secretaire_guerre": ("Secrétaire d'État à la Guerre", "Secrétaire d'État"),
    "maitre_chasse": ("Maître de la chasse",),
    "gouvernante_enfants": ("Gouvernante des Enfants de France",
                            "Gouvernante des Enfants royaux", "Gouvernante"),
    "premiere_dame": ("Première dame de compagnie de la Reine",
                      "Première dame de compagnie", "Première dame"),
    "dame_atours": ("Dame d'atours de la Reine", "Dame d'atours"),
    "gouverneur_gascogne": ("Gouverneur de Gascogne",),
    "gouverneur_normandie": ("Gouverneur de Normandie",),
    "gouverneur_bourbonnais": ("Gouverneur du Bourbonnais",),
}
"""Office card id -> (name, accepted shorter forms), in the order of §9.2,
which is also the order of precedence when a form cites one office."""

GOVERNORSHIPS = frozenset({"gouverneur_gascogne", "gouverneur_normandie",
                           "gouverneur_bourbonnais"})
GOVERNOR = "Gouverneur"
"""Accepted for any governorship held (§9.2: they may be held together)."""
GRAND_CHAMBERLAIN = "Grand Chambellan"
"""The Grand Chamberlain's role (§4), accepted in the office's place."""

FAMILIAR_WORDS: tuple[str, ...] = (
    "mon petit", "ma petite", "mon vieux", "ma vieille", "mon pote", "mon gars", "mon coco",
    "ma cocotte", "mon chou", "ma belle", "mon beau", "mon poulet", "ma poule", "mon lapin",
    "ma biche")
"""Familiar endearments, breaches like a nickname (§3; our list)."""

QUALITIES: dict[str, str] = {"man": "Monsieur", "woman": "Madame", "girl": "Mademoiselle"}
ROYAL_QUALITIES: dict[str, tuple[str, ...]] = {
    "king": ("Sire", "Votre Majesté"),
    "queen": ("Madame", "Votre Majesté"),
    "regent": ("Madame", "Votre Majesté"),
}
"""How the sovereigns are addressed, the usual form first (our decision)."""


class BreachCode(StrEnum):
    """The kinds of breach the checker reports (§3)."""

    FAMILIAR_PRONOUN = "familiar_pronoun"
    FAMILIAR_NAME = "familiar_name"
    WRONG_SEX = "wrong_sex"
    WRONG_QUALITY = "wrong_quality"
    WRONG_NAME = "wrong_name"
    WRONG_TITLE = "wrong_title"
    LOWER_TITLE = "lower_title"
    WRONG_DIGNITY = "wrong_dignity"
    WRONG_OFFICE = "wrong_office"
    WRONG_ORDER = "wrong_order"


@dataclass(frozen=True, slots=True)
class Addressee:
    """What etiquette needs to know of a character (§3, §6, §8.4, §10.4),
    built by the engine from the Great Register (the game's own courtier).

    ``family_name`` is the name borne, with its particle ("de la Trémière",
    "d'Argenson", "Serizet Van Broutmou"); a wife bears her husband's
    (§8.4, see :func:`married_to`). ``given_name`` is never part of the
    address (§8.4: "Paul" is a "ridiculous nickname"). ``titles`` are the
    title card ids borne: her own cards, her husband's title (§8.4) and a
    widow's late husband's (§8.4, §10.4). ``marechal`` is the dignity;
    ``offices`` the office card ids held (one court office and any
    governorships, §9.2). ``married`` is true for a married or widowed
    character: a woman who has married is "Madame" (§8.4's example).
    ``sovereign`` marks the King, the Queen or the Regent, whose form is
    "Sire"/"Madame" or "Votre Majesté" and who need no family name.
    ``player_name`` is the name of the person who plays the character, as
    the table knows it (a seat's public name on the server; "" when unknown):
    never part of the address (§3 lists five elements), and calling the
    player by it is a familiarity the checker recognises (decision E20).
    """

    sex: Sex
    family_name: str = ""
    given_name: str = ""
    titles: tuple[str, ...] = ()
    marechal: bool = False
    offices: tuple[str, ...] = ()
    married: bool = False
    grand_chamberlain: bool = False
    sovereign: Sovereign | None = None
    player_name: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.player_name, str):
            raise ValueError(f"player_name must be a string, not {self.player_name!r}")
        if self.sex not in ("man", "woman"):
            raise ValueError(f"sex must be 'man' or 'woman', not {self.sex!r}")
        if self.sovereign not in (None, "king", "queen", "regent"):
            raise ValueError(f"sovereign must be 'king', 'queen', 'regent' or None, "
                             f"not {self.sovereign!r}")
        if self.sovereign is not None and self.sex != ("man" if self.sovereign == "king"
                                                       else "woman"):
            raise ValueError(f"the {self.sovereign} cannot be a {self.sex}")
        if self.sovereign is None and not _normalize(self.family_name).strip():
            raise ValueError("a courtier needs a family name (§6)")
        _check_ids("title", self.titles, TITLES)
        _check_ids("office", self.offices, OFFICES)


def _check_ids(kind: str, ids: Iterable[str], known: Collection[str]) -> None:
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise ValueError(f"unknown {kind} {unknown[0]!r}; known: {', '.join(known)}")


@dataclass(frozen=True, slots=True)
class Breach:
    """One breach of etiquette (§3): its ``code``, the words ``found`` in the
    message, what etiquette ``expected`` instead ("" when the element should
    simply be left out), the ``address`` it was found in ("" for the
    familiar pronoun, which is judged in the whole message) and an
    explanation in French (``fr``) and English (``en``)."""

    code: BreachCode
    found: str
    expected: str
    address: str
    fr: str
    en: str

    def to_json(self) -> dict[str, str]:
        """JSON-safe, for events and the server."""
        return {"code": self.code.value, "found": self.found, "expected": self.expected,
                "address": self.address, "fr": self.fr, "en": self.en}


# --- the form of address -------------------------------------------------


def highest_title(titles: Iterable[str]) -> str | None:
    """The highest of these title ids (§3: Duc > Marquis > Comte > Baron)."""
    held = set(titles)
    _check_ids("title", held, TITLES)
    return next((t for t in TITLES if t in held), None)


def married_to(wife: Addressee, husband: Addressee) -> Addressee:
    """The wife as etiquette sees her once married (§8.4): "The wife takes the
    family name and the noble title of her husband, but not the card"."""
    if wife.sex != "woman" or husband.sex != "man":
        raise ValueError("a marriage is between a woman and a man (§8.4)")
    titles = tuple(t for t in TITLES if t in wife.titles or t in husband.titles)
    return replace(wife, family_name=husband.family_name, titles=titles, married=True)


def quality(c: Addressee) -> str:
    """Monsieur, Madame or Mademoiselle (§3); "Madame" once married (§8.4) or
    titled or Maréchale (our decision); the sovereign's form for the King and
    the Queen."""
    if c.sovereign is not None:
        return ROYAL_QUALITIES[c.sovereign][0]
    if c.sex == "man":
        return QUALITIES["man"]
    return QUALITIES["woman"] if c.married or c.titles or c.marechal else QUALITIES["girl"]


def office_cited(c: Addressee) -> str | None:
    """The office a form cites: the first held in §9.2's order."""
    return next((o for o in OFFICES if o in c.offices), None)


def elements(c: Addressee) -> dict[Element, str]:
    """The elements this character's address may cite, in §3's order, in the
    right gender (Marquise, Maréchale)."""
    if c.sovereign is not None:
        return {Element.QUALITY: quality(c)}
    fem = c.sex == "woman"
    found = {Element.QUALITY: quality(c)}
    if c.marechal:
        found[Element.DIGNITY] = DIGNITY[fem]
    title = highest_title(c.titles)
    if title is not None:
        found[Element.TITLE] = TITLES[title][fem]
    found[Element.NAME] = c.family_name.strip()
    office = office_cited(c)
    if office is not None:
        found[Element.OFFICE] = OFFICES[office][0]
    return found


def form_of_address(c: Addressee, cite: Iterable[Element] | None = None) -> str:
    """The correct form of address (§3), citing every element the character
    has, or only those in ``cite``: "Monsieur le Maréchal Duc de la Trémière,
    Chancelier", "Madame la Marquise de la Trémière", "Mademoiselle de la Tour
    qui Penche", "mon cher Marquis de La Trémière" is ``cite={TITLE, NAME}``
    with an endearment. An element the character lacks is an error."""
    have = elements(c)
    wanted = set(have) if cite is None else {Element(e) for e in cite}
    missing = wanted - set(have)
    if missing:
        raise ValueError(f"{form_of_address(c)} has no {', '.join(sorted(missing))}")
    if not wanted:
        raise ValueError("a form of address cites at least one element (§3)")
    return _join({e: have[e] for e in ORDER if e in wanted}, c)


def _join(parts: dict[Element, str], c: Addressee) -> str:
    article = "la" if c.sex == "woman" else "le"
    words: list[str] = []
    if Element.QUALITY in parts:
        words.append(parts[Element.QUALITY])
    head = [parts[e] for e in (Element.DIGNITY, Element.TITLE) if e in parts]
    if head and words:
        words.append(article)
    words += head
    if Element.NAME in parts:
        words.append(parts[Element.NAME])
    if Element.OFFICE in parts:
        if words == [parts.get(Element.QUALITY)]:
            words.append(article)
        elif words:
            words[-1] += ","
        words.append(parts[Element.OFFICE])
    return " ".join(words)


def forms_of_address(c: Addressee) -> tuple[str, ...]:
    """Every correct form (§3: "only some of these elements, but never in a
    different order"), the full form first, then shorter ones."""
    if c.sovereign is not None:
        return ROYAL_QUALITIES[c.sovereign]
    have = list(elements(c))
    return tuple(form_of_address(c, subset)
                 for size in range(len(have), 0, -1)
                 for subset in combinations(have, size))


def short_form(c: Addressee) -> str:
    """The everyday form: the quality with the dignity or the title when
    there is one ("Monsieur le Marquis"), with the family name otherwise
    ("Mademoiselle de la Tour qui Penche")."""
    have = elements(c)
    second = next((e for e in (Element.DIGNITY, Element.TITLE, Element.NAME) if e in have),
                  None)
    return form_of_address(c, [Element.QUALITY] + ([second] if second else []))


def address_sentence(addressee: Addressee, sentence: str,
                     cite: Iterable[Element] | None = None) -> str:
    """A sentence opened by the correct vocative, for bots: ``address_sentence(
    marquis, "je vous propose 2 000 livres.")`` is "Monsieur le Marquis de la
    Trémière, je vous propose 2 000 livres.". The sentence is kept as given
    (write it with "vous"); one that would breach etiquette is an error."""
    if not sentence.strip():
        raise ValueError("the sentence is empty")
    text = f"{form_of_address(addressee, cite)}, {sentence.strip()}"
    breaches = check_message(text, addressee)
    if breaches:
        raise ValueError("this sentence breaches etiquette: "
                         + " ".join(b.en for b in breaches))
    return text


# --- reading a message ---------------------------------------------------


def _normalize(text: str) -> str:
    """Case and accents do not matter: "MARECHAL", "maréchal" and "Maréchal"
    are the same word; typographic apostrophes are plain ones."""
    text = text.replace("’", "'").replace("œ", "oe").replace("Œ", "OE")
    text = text.replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


_TOKEN = re.compile(
    r"@|\bM\.(?=\s)|\b(?:[ldjmtsnc]|qu|jusqu|lorsqu|puisqu|quoiqu)['’](?=\w)|\w+|\n|[^\w\s]",
    re.IGNORECASE)
_SPLITTERS = frozenset(",;:!?.…()[]{}«»\"“”—–\n'‘’/|")
_SENTENCE_END = frozenset(".!?…\n")
_OPENERS = frozenset("«\"“‘'([—–-")


@dataclass(frozen=True, slots=True)
class _Token:
    norm: str
    start: int
    end: int
    word: bool
    capital: bool
    initial: bool


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    last_real = "."
    for m in _TOKEN.finditer(text):
        raw = m.group()
        word = raw == "@" or raw[0].isalnum() or raw[0] == "_"
        if raw == "\n" or not word:
            if raw not in _OPENERS:
                last_real = raw
            tokens.append(_Token(raw if raw == "\n" else _normalize(raw), m.start(), m.end(),
                                 False, False, False))
            continue
        initial = last_real in _SENTENCE_END
        last_real = raw
        tokens.append(_Token(_normalize(raw), m.start(), m.end(), True,
                             raw[0].isupper(), initial))
    return tokens


def _words(text: str) -> tuple[str, ...]:
    return tuple(t.norm for t in _tokenize(text) if t.word)


@dataclass(frozen=True, slots=True)
class _Item:
    """One recognised piece of an address."""

    kind: str  # quality dignity title office name given player unknown endearment article
    value: str = ""
    sex: str = ""
    who: frozenset[int] = frozenset()
    start: int = 0
    end: int = 0


def _static_vocabulary() -> dict[tuple[str, ...], _Item]:
    vocab: dict[tuple[str, ...], _Item] = {}

    def add(text: str, item: _Item) -> None:
        vocab[_words(text)] = item

    vocab[("m.",)] = _Item("quality", "monsieur", "man")  # a token only before a space
    for word, value, sex in (("Monsieur", "monsieur", "man"),
                             ("Madame", "madame", "woman"), ("Mme", "madame", "woman"),
                             ("Mademoiselle", "mademoiselle", "woman"),
                             ("Mlle", "mademoiselle", "woman"), ("Sire", "sire", "man"),
                             ("Votre Majesté", "majeste", ""), ("Majesté", "majeste", ""),
                             ("Monseigneur", "other", "man"), ("Messire", "other", "man"),
                             ("Votre Excellence", "other", ""), ("Votre Grâce", "other", ""),
                             ("Votre Altesse", "other", "")):
        add(word, _Item("quality", value, sex))
    for i, sex in enumerate(("man", "woman")):
        add(DIGNITY[i], _Item("dignity", "marechal", sex))
        add(DIGNITY[i] + " de France", _Item("dignity", "marechal", sex))
        for title, forms in TITLES.items():
            add(forms[i], _Item("title", title, sex))
    for office, names in OFFICES.items():
        for name in names:
            add(name, _Item("office", office))
    add(GOVERNOR, _Item("office", "governor"))
    add(GRAND_CHAMBERLAIN, _Item("office", "grand_chamberlain"))
    for text, sex in (("cher", "man"), ("chère", "woman")):
        for lead in ("", "très ", "mon ", "mon très ", "ma ", "ma très "):
            add(lead + text, _Item("endearment", "", sex))
    for text in FAMILIAR_WORDS:
        add(text, _Item("familiar", text))
    for article in ("le", "la", "l'"):
        vocab[(article,)] = _Item("article")
    return vocab


_VOCABULARY = _static_vocabulary()
_LEAD_INS = frozenset(_words(w) for w in (
    "@", "à vous", "à toi", "bonjour", "bonsoir", "salut", "adieu", "merci", "pardon",
    "excusez-moi", "pardonnez-moi", "oui", "non", "ah", "oh", "eh", "hé", "ô", "hélas",
    "bien", "allons", "voyons", "tenez", "certes", "volontiers", "bienvenue", "au revoir",
    "enchanté", "enchantée"))
# Listed, not tokenized: "d'" and "l'" are tokens only before a word.
_PARTICLES = frozenset({"de", "d'", "du", "des", "la", "le", "l'", "les", "van", "von",
                        "der", "den", "del", "della", "di", "da"})
_CONNECTORS = frozenset(_normalize("qui sur en et aux au sous lès à la le les").split())
_NOT_NAMES = frozenset(_words(
    "roi reine régent régente dieu seigneur ciel versailles france angleterre espagne "
    "hollande pays bas bastille europe colonies cour paris messieurs mesdames "
    "mesdemoiselles vous je moi nous il elle on ils elles ok votre vos sa son ses mon ma "
    "mes notre nos leur leurs ce cet cette ces un une"))
_MAX_PHRASE = max(len(k) for k in _VOCABULARY)


def _name_vocabulary(courtiers: Sequence[Addressee]) -> dict[tuple[str, ...], _Item]:
    """The names of the courtiers in the conversation: the family name with and
    without its particle "de"/"d'", the given name with the family name (the
    full name), the given name alone, and the players' own names (see
    :func:`_player_names`)."""
    found: dict[tuple[str, ...], tuple[str, set[int]]] = {}

    def add(words: tuple[str, ...], kind: str, who: int) -> None:
        if not words:
            return
        if kind == "name" and found.get(words, ("name",))[0] == "given":
            del found[words]  # someone's family name is no one's nickname
        if found.setdefault(words, (kind, set()))[0] == kind:
            found[words][1].add(who)

    for who, c in enumerate(courtiers):
        family = _words(c.family_name)
        variants = [family] + ([family[1:]] if family[:1] in (("de",), ("d'",)) else [])
        given = _words(c.given_name)
        for variant in variants:
            add(variant, "name", who)
            if given:
                add(given + variant, "name", who)
        add(given, "given", who)
    for key, who_set in _player_names(courtiers, set(found)).items():
        found[key] = ("player", who_set)
    return {k: _Item(kind, " ".join(k), who=frozenset(w)) for k, (kind, w) in found.items()}


def _player_names(courtiers: Sequence[Addressee],
                  taken: Collection[tuple[str, ...]]) -> dict[tuple[str, ...], set[int]]:
    """The players' own names (E20): each whole name, and the first word of a
    name of several words ("Alex" for "Alex Martin"), unless a courtier's
    name, a whole player name or a word the checker reads otherwise has it
    (a player called "Merci", "Marquis" or "Tu" is not read as named)."""
    found: dict[tuple[str, ...], set[int]] = {}
    wholes = [_words(c.player_name) for c in courtiers]
    for who, words in enumerate(wholes):
        if words and words not in taken and _may_be_a_name(words):
            found.setdefault(words, set()).add(who)
    firsts: dict[tuple[str, ...], set[int]] = {}
    for who, words in enumerate(wholes):
        first = words[:1]
        if (len(words) > 1 and first not in taken and first not in found
                and _may_be_a_name(first)):
            firsts.setdefault(first, set()).add(who)
    return found | firsts


def _may_be_a_name(words: tuple[str, ...]) -> bool:
    """Whether a player's name (or its first word) may be read as his name:
    not a phrase the checker already reads (an element of address, a
    lead-in, a pronoun, an article or particle, one of ``_NOT_NAMES``), and
    not one letter ("A" would be read in "à")."""
    if words in _VOCABULARY or words in _LEAD_INS or len("".join(words)) < 2:
        return False
    return len(words) > 1 or words[0] not in (
        _PRONOUNS.keys() | _PARTICLES | _CONNECTORS | _NOT_NAMES)


class _Reader:
    """Finds the addresses (vocatives) of one message."""

    def __init__(self, text: str, courtiers: Sequence[Addressee]) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.names = _name_vocabulary(courtiers)
        self.longest = max([_MAX_PHRASE, *(len(k) for k in self.names)])

    def clauses(self) -> list[tuple[list[_Token], str]]:
        """Word runs between punctuation, with the mark that ends each."""
        out: list[tuple[list[_Token], str]] = []
        current: list[_Token] = []
        for tok in self.tokens:
            if tok.word:
                current.append(tok)
            elif tok.norm in _SPLITTERS or tok.norm == "\n":
                out.append((current, tok.norm))
                current = []
        out.append((current, ""))
        return [(c, sep) for c, sep in out if c]

    def known(self, clause: list[_Token], i: int) -> tuple[_Item, int] | None:
        """The longest known phrase at ``i``; a name wins a tie."""
        for size in range(min(self.longest, len(clause) - i), 0, -1):
            key = tuple(t.norm for t in clause[i:i + size])
            item = self.names.get(key) or _VOCABULARY.get(key)
            if item is not None:
                return replace(item, start=clause[i].start, end=clause[i + size - 1].end), size
        return None

    def kind_at(self, clause: list[_Token], i: int) -> str:
        """The kind of the known phrase at ``i``, "" if none."""
        hit = self.known(clause, i)
        return "" if hit is None else hit[0].kind

    def lead_in(self, clause: list[_Token], i: int) -> int:
        for size in (2, 1):
            if tuple(t.norm for t in clause[i:i + size]) in _LEAD_INS:
                return size
        return 0

    def addresses(self) -> list[list[_Item]]:
        found: list[list[_Item]] = []
        mergeable = False
        for clause, sep in self.clauses():
            for start in [0] + [k + 1 for k, t in enumerate(clause) if t.norm == "@" and k]:
                items, whole, lead = self.vocative(clause, start, at=start > 0)
                if not items:
                    continue
                if (start == 0 and mergeable and found and whole and not lead
                        and items[0].kind != "quality"):
                    found[-1] = found[-1] + items
                else:
                    found.append(items)
            mergeable = bool(found) and sep == "," and self._ends_clause(found[-1], clause)
        return [part for items in found for part in _split(items)]

    @staticmethod
    def _ends_clause(items: list[_Item], clause: list[_Token]) -> bool:
        return items[-1].end == clause[-1].end

    def vocative(self, clause: list[_Token], i: int,
                 at: bool) -> tuple[list[_Item], bool, bool]:
        """The address at ``i`` (after any lead-ins), whether it fills the
        rest of the clause, and whether a lead-in or "@" introduced it."""
        lead = at
        while i < len(clause):
            size = self.lead_in(clause, i)
            if not size:
                break
            at = at or clause[i].norm == "@"
            lead = True
            i += size
        items, j = self.run(clause, i, at, lead)
        whole = j == len(clause)
        if j < len(clause) and clause[j].norm != "@":
            items = _before_second_article(items)
        if not any(item.kind != "article" for item in items) or not (lead or whole):
            return [], False, False
        return items, whole, lead

    def run(self, clause: list[_Token], i: int, at: bool,
            lead: bool = False) -> tuple[list[_Item], int]:
        items: list[_Item] = []
        while i < len(clause):
            hit = self.known(clause, i)
            if hit is not None and hit[0].kind == "player" and not self._player_at(
                    clause, i, hit[1], at, lead):
                hit = None
            if hit is not None and (hit[0].kind != "article" or self._article(clause, i, items)):
                second = hit[0].kind == "article" and items[-1].kind != "quality"
                items.append(replace(hit[0], value="second") if second else hit[0])
                i += hit[1]
            elif (clause[i].norm == "et" and items and i + 1 < len(clause)
                  and self.kind_at(clause, i + 1) == "quality"):
                items.append(_Item("and", start=clause[i].start, end=clause[i].end))
                i += 1
            elif self._name_at(clause, i, items, at):
                j = self._name_end(clause, i)
                items.append(_Item("unknown", self.text[clause[i].start:clause[j - 1].end],
                                   start=clause[i].start, end=clause[j - 1].end))
                i = j
            else:
                break
        return items, i

    @staticmethod
    def _player_at(clause: list[_Token], i: int, size: int, at: bool, lead: bool) -> bool:
        """Whether a player's name at ``i`` is read as one (E20): written with a
        capital, after "@", or after a lead-in when it ends the clause
        ("merci alex"); a name that is also a word ("rose", "pierre") is not
        read in lower case elsewhere ("rose, vert ou bleu ?")."""
        return clause[i].capital or at or (lead and i + size == len(clause))

    def _article(self, clause: list[_Token], i: int, items: list[_Item]) -> bool:
        """An article belongs to the address only before a dignity, title or
        office, after the quality ("Monsieur le Marquis", "Madame la
        Gouvernante") or, as a second article, after a later element of an
        address that already has a quality, dignity or title ("Monsieur le
        Marquis le Maréchal", "Monsieur de la Trémière le Marquis"; see
        :func:`_before_second_article`); elsewhere it may open a name ("Le
        Nôtre")."""
        nxt = self.known(clause, i + 1) if i + 1 < len(clause) else None
        if not items or nxt is None or nxt[0].kind not in ("dignity", "title", "office"):
            return False
        return items[-1].kind == "quality" or (
            items[-1].kind in _BEFORE_SECOND_ARTICLE
            and any(item.kind in ("quality", "dignity", "title") for item in items))

    def _name_at(self, clause: list[_Token], i: int, items: list[_Item], at: bool) -> bool:
        """Whether an unknown name starts at ``i``: a capitalised word that does
        not open a sentence, a particle before a name, or the word after "@"."""
        tok = clause[i]
        if tok.norm in _NOT_NAMES:
            return False
        if at and not items:
            return True
        if tok.norm in _PARTICLES:
            if i + 1 >= len(clause) or clause[i + 1].norm in _NOT_NAMES:
                return False
            nxt = self.known(clause, i + 1)
            if nxt is not None and nxt[0].kind not in ("article", "name", "given"):
                return False
            titled = any(it.kind in ("quality", "dignity", "title") for it in items)
            return titled or clause[i + 1].capital or self._name_at(clause, i + 1, items, at)
        return tok.capital and not tok.initial

    def _name_end(self, clause: list[_Token], i: int) -> int:
        j = i + 1
        while j < len(clause):
            tok, prev = clause[j], clause[j - 1]
            hit = self.known(clause, j)
            if hit is not None and hit[0].kind not in ("article",) and not (
                    prev.norm in _PARTICLES and hit[0].kind in ("name", "given", "unknown")):
                break
            nxt_capital = (j + 1 < len(clause) and clause[j + 1].capital
                           and self.kind_at(clause, j + 1) in ("", "name", "given"))
            if (prev.norm in _PARTICLES or (tok.capital and tok.norm not in _NOT_NAMES)
                    or (tok.norm in _PARTICLES | _CONNECTORS and nxt_capital)):
                j += 1
                continue
            break
        return j


_BEFORE_SECOND_ARTICLE = frozenset({"dignity", "title", "name", "given", "unknown", "office"})


def _before_second_article(items: list[_Item]) -> list[_Item]:
    """An address with a second article is one address only when it ends the
    clause ("Monsieur le Duc le Marquis, bonjour."): in "Bonjour Monsieur le
    Marquis le Duc vous attend", the article opens a third person, who is
    left out as before."""
    cut = next((k for k, item in enumerate(items)
                if item.kind == "article" and item.value == "second"), len(items))
    return items[:cut]


def _split(items: list[_Item]) -> list[list[_Item]]:
    """"Madame de Sévigné et Monsieur le Marquis" is two addresses."""
    parts: list[list[_Item]] = [[]]
    for item in items:
        if item.kind == "and":
            parts.append([])
        else:
            parts[-1].append(item)
    return [p for p in parts if p]


def vocatives(text: str, known: Sequence[Addressee] = ()) -> list[str]:
    """The addresses the checker finds in ``text``, as written (for the
    server to show what it judged). ``known`` courtiers' names are
    recognised in any case, their players' names as E20 says."""
    reader = _Reader(text, known)
    return [text[items[0].start:items[-1].end] for items in reader.addresses()]


# --- judging -------------------------------------------------------------

_PRONOUNS = {"tu": "vous", "toi": "vous", "te": "vous", "t'": "vous",
             "ta": "votre", "ton": "votre", "tes": "vos"}
_NOT_POSSESSIVE_TON = frozenset(_words(
    "le ce un du au son mon quel votre notre leur bon même sur haut bas"))
_RANK = {"quality": 0, "dignity": 1, "title": 2, "name": 3, "given": 3, "unknown": 3,
         "office": 4}


def check_message(text: str, addressee: Addressee,
                  others: Sequence[Addressee] = ()) -> list[Breach]:
    """The breaches of etiquette in a chat message addressed to ``addressee``
    (§3): the familiar "tu" (one breach per message, whatever the number of
    words), and in every address the message contains (a vocative set off by
    punctuation, after a lead-in such as "à vous" or "bonjour", or after
    "@"): a mistake of sex, of quality, of name, of title (or a lower title
    than the highest), of dignity, of office, a nickname or a given name, and
    the order of the elements. ``others`` are the other courtiers in the
    conversation (public chat): an address naming one of them, or fitting
    one of them better, is judged against that courtier instead (see
    :func:`_target`). An empty list means the message is correct."""
    courtiers = [addressee, *others]
    breaches = _familiar_pronouns(text)
    addresses = _Reader(text, courtiers).addresses()
    for items in addresses:
        target = _target(items, courtiers, several=len(addresses) > 1)
        breaches += _judge(text, items, courtiers[target], target)
    return breaches


def familiar_pronouns(text: str) -> list[Breach]:
    """The familiar-pronoun breach of a message, judged whoever it is for
    ("le vouvoiement est obligatoire", §3): one breach listing the words, or []."""
    return _familiar_pronouns(text)


def _familiar_pronouns(text: str) -> list[Breach]:
    words: list[str] = []
    prev = ""
    tokens = _tokenize(text)
    for tok in tokens:
        if tok.word and tok.norm in _PRONOUNS and not (
                tok.norm == "ton" and prev in _NOT_POSSESSIVE_TON):
            words.append(text[tok.start:tok.end])
        if tok.word:
            prev = tok.norm
    if not words:
        return []
    found = ", ".join(dict.fromkeys(words))
    expected = ", ".join(dict.fromkeys(_PRONOUNS[_normalize(w)] for w in words))
    return [Breach(BreachCode.FAMILIAR_PRONOUN, found, expected, "",
                   f"« {found} » : le vouvoiement est obligatoire à la Cour, "
                   f"dites « {expected} » (§3).",
                   f"'{found}': the formal 'vous' is mandatory at court, "
                   f"say '{expected}' (§3).")]


def _target(items: list[_Item], courtiers: list[Addressee], several: bool) -> int:
    """The courtier an address is for: among those it names, or, when it names
    nobody but cites a dignity, title or office, or when the message holds
    several addresses ("Madame, Monsieur, bonjour"), among everybody in the
    conversation, the one it fits best, the addressee first on a tie. The
    only address of a message, naming nobody, is for the addressee."""
    named: set[int] = set()
    for item in items:
        named |= item.who
    if not named and (several or any(i.kind in ("dignity", "title", "office")
                                     for i in items)):
        named = set(range(len(courtiers)))
    if len(named) <= 1 and named <= {0}:
        return 0
    return min(sorted(named), key=lambda who: len(_judge("", items, courtiers[who], who)))


def _judge(text: str, items: list[_Item], c: Addressee, who: int) -> list[Breach]:
    address = text[items[0].start:items[-1].end] if text else ""
    judge = _Judge(text, address, c, who)
    breaches = [b for item in items for b in judge.item(item, items)]
    # One mistake about the sex, and one familiarity, however many words show it.
    for code, merged in ((BreachCode.WRONG_SEX, judge.sex_breach),
                         (BreachCode.FAMILIAR_NAME, judge.familiar_breach)):
        same = [b for b in breaches if b.code == code]
        if len(same) > 1:
            breaches = [b for b in breaches if b.code != code]
            breaches.insert(0, merged(", ".join(b.found for b in same),
                                      ", ".join(dict.fromkeys(b.expected for b in same))))
    order = judge.order(items)
    return breaches + ([order] if order else [])


def _esc(text: str) -> str:
    """Braces in a name must not be read as format fields."""
    return text.replace("{", "{{").replace("}", "}}")


@dataclass(frozen=True, slots=True)
class _Judge:
    text: str
    address: str
    c: Addressee
    who: int

    @property
    def person(self) -> tuple[str, str]:
        """How the explanation names the courtier, in French and English."""
        if self.c.sovereign is not None:
            return {"king": ("le Roi", "the King"), "queen": ("la Reine", "the Queen"),
                    "regent": ("la Régente", "the Regent")}[self.c.sovereign]
        have = elements(self.c)
        name = form_of_address(self.c, [e for e in have if e != Element.OFFICE])
        return name, name

    def found(self, item: _Item) -> str:
        return self.text[item.start:item.end] if self.text else item.value

    def breach(self, code: BreachCode, item: _Item | str, expected: str, fr: str,
               en: str) -> Breach:
        found = item if isinstance(item, str) else self.found(item)
        return Breach(code, found, expected, self.address, fr.format(f=found, e=expected),
                      en.format(f=found, e=expected))

    def item(self, item: _Item, items: list[_Item]) -> list[Breach]:
        check = getattr(self, f"_{item.kind}", None)
        return [] if check is None else check(item, items)

    def _quality(self, item: _Item, items: list[_Item]) -> list[Breach]:
        c = self.c
        right = quality(c)
        if c.sovereign is not None:
            ok = {_normalize(q) for q in ROYAL_QUALITIES[c.sovereign]} | {"majeste"}
        else:
            ok = {_normalize(right)}
        if item.value in ok:
            return []
        if item.sex and item.sex != c.sex:
            return [self._sex(item, right)]
        fr_p, en_p = self.person
        if item.value in ("sire", "majeste"):
            why_fr = "« Sire » et « Votre Majesté » sont pour les souverains"
            why_en = "'Sire' and 'Votre Majesté' are for the sovereigns"
        elif item.value == "other":
            why_fr = "les qualités sont Monsieur, Madame et Mademoiselle"
            why_en = "the qualities are Monsieur, Madame and Mademoiselle"
        elif c.sovereign is not None:
            why_fr, why_en = f"on s'adresse ainsi à {fr_p}", f"that is how {en_p} is addressed"
        elif right == QUALITIES["woman"]:
            why_fr = fr_p + (" est mariée" if c.married else " est titrée")
            why_en = en_p + (" is married" if c.married else " is titled")
        else:
            why_fr, why_en = fr_p + " n'est pas mariée", en_p + " is not married"
        return [self.breach(BreachCode.WRONG_QUALITY, item, right,
                            "« {e} », et non « {f} » : " + _esc(why_fr) + " (§3, §8.4).",
                            "'{e}', not '{f}': " + _esc(why_en) + " (§3, §8.4).")]

    def _dignity(self, item: _Item, items: list[_Item]) -> list[Breach]:
        fr_p, en_p = self.person
        if not self.c.marechal:
            return [self.breach(BreachCode.WRONG_DIGNITY, item, "",
                                _esc(fr_p) + " n'est pas Maréchal de France : pas de « {f} » (§3).",
                                _esc(en_p) + " is no Maréchal de France: no '{f}' (§3).")]
        right = DIGNITY[self.c.sex == "woman"]
        if item.sex != self.c.sex:
            return [self._sex(item, right)]
        return []

    def _sex(self, item: _Item, right: str) -> Breach:
        return self.sex_breach(self.found(item), right)

    def sex_breach(self, found: str, right: str) -> Breach:
        fr_p, en_p = self.person
        return self.breach(BreachCode.WRONG_SEX, found, right,
                           "« {e} », et non « {f} » : " + _esc(fr_p) + " est "
                           + ("une femme" if self.c.sex == "woman" else "un homme") + " (§3).",
                           "'{e}', not '{f}': " + _esc(en_p) + " is a " + self.c.sex + " (§3).")

    def _title(self, item: _Item, items: list[_Item]) -> list[Breach]:
        fr_p, en_p = self.person
        best = highest_title(self.c.titles)
        if best is None:
            return [self.breach(BreachCode.WRONG_TITLE, item, "",
                                _esc(fr_p) + " ne porte aucun titre : pas de « {f} » (§3).",
                                _esc(en_p) + " bears no title: no '{f}' (§3).")]
        right = TITLES[best][self.c.sex == "woman"]
        if item.sex != self.c.sex:
            return [self._sex(item, right)]
        if item.value == best:
            return []
        if item.value in self.c.titles:
            return [self.breach(BreachCode.LOWER_TITLE, item, right,
                                "« {e} », et non « {f} » : on donne le plus élevé des "
                                "titres (§3).",
                                "'{e}', not '{f}': a courtier is addressed by the highest "
                                "title (§3).")]
        return [self.breach(BreachCode.WRONG_TITLE, item, right,
                            "« {e} », et non « {f} » : " + _esc(fr_p) + " n'est pas {f} (§3).",
                            "'{e}', not '{f}': " + _esc(en_p) + " is no {f} (§3).")]

    def _office(self, item: _Item, items: list[_Item]) -> list[Breach]:
        held = set(self.c.offices)
        if (item.value in held or (item.value == "governor" and held & GOVERNORSHIPS)
                or (item.value == "grand_chamberlain" and self.c.grand_chamberlain)):
            return []
        fr_p, en_p = self.person
        right = office_cited(self.c)
        expected = OFFICES[right][0] if right else ""
        tail_fr = f", mais {expected}" if expected else ""
        tail_en = f", but {expected}" if expected else ""
        return [self.breach(BreachCode.WRONG_OFFICE, item, expected,
                            _esc(fr_p) + " n'est pas « {f} »" + tail_fr + " (§3).",
                            _esc(en_p) + " is not '{f}'" + tail_en + " (§3).")]

    def _endearment(self, item: _Item, items: list[_Item]) -> list[Breach]:
        if item.sex == self.c.sex:
            return []
        right = "ma chère" if self.c.sex == "woman" else "mon cher"
        return [self._sex(item, right)]

    def _familiar(self, item: _Item, items: list[_Item]) -> list[Breach]:
        return [self.familiar_breach(self.found(item), short_form(self.c))]

    def familiar_breach(self, found: str, right: str) -> Breach:
        return self.breach(BreachCode.FAMILIAR_NAME, found, right,
                           "« {f} » : c'est familier, dites « {e} » (§3).",
                           "'{f}': that is familiar, say '{e}' (§3).")

    def _given(self, item: _Item, items: list[_Item]) -> list[Breach]:
        return self._by_a_familiar_name(
            item, items, "« {f} » est un prénom, familier à la Cour : dites « {e} » (§3, §8.4).",
            "'{f}' is a given name, a familiar form at court: say '{e}' (§3, §8.4).")

    def _player(self, item: _Item, items: list[_Item]) -> list[Breach]:
        return self._by_a_familiar_name(
            item, items, "« {f} » est le nom de la personne qui joue, non celui de son "
            "courtisan : à la Cour, dites « {e} » (§3).",
            "'{f}' is the player's own name, not the courtier's: at court, say '{e}' (§3).")

    def _by_a_familiar_name(self, item: _Item, items: list[_Item], fr: str, en: str
                            ) -> list[Breach]:
        """A name of this courtier's that is familiar (his given name, his
        player's own): the breach, its short form the right one; another's
        name is judged as unknown here."""
        if self.who not in item.who:
            return self._unknown(item, items)
        return [self.breach(BreachCode.FAMILIAR_NAME, item, short_form(self.c), fr, en)]

    def _name(self, item: _Item, items: list[_Item]) -> list[Breach]:
        return [] if self.who in item.who else self._unknown(item, items)

    def _unknown(self, item: _Item, items: list[_Item]) -> list[Breach]:
        formal = any(i.kind in ("quality", "dignity", "title", "office") for i in items)
        if self.c.sovereign is not None or not formal:
            right = short_form(self.c)
            return [self.breach(BreachCode.FAMILIAR_NAME, item, right,
                                "« {f} » est un sobriquet, familier à la Cour : dites "
                                "« {e} » (§3).",
                                "'{f}' is a nickname, a familiar form at court: say '{e}' "
                                "(§3).")]
        fr_p, en_p = self.person
        right = self.c.family_name.strip()
        return [self.breach(BreachCode.WRONG_NAME, item, right,
                            "« {e} », et non « {f} » : c'est le nom de " + _esc(fr_p) + " (§3).",
                            "'{e}', not '{f}': that is the name of " + _esc(en_p) + " (§3).")]

    def order(self, items: list[_Item]) -> Breach | None:
        """§3: "never in a different order"; each element once, but offices
        (governorships may be held together) may follow one another."""
        ranked = [i for i in items if i.kind in _RANK]
        ranks = [_RANK[i.kind] for i in ranked]
        if all(a < b or a == b == _RANK["office"] for a, b in pairwise(ranks)):
            return None
        found = self.address
        have = elements(self.c)
        cited = [e for e in ORDER if any(_RANK[i.kind] == ORDER.index(e) for i in ranked)
                 and e in have]
        expected = form_of_address(self.c, cited) if cited else ""
        return self.breach(BreachCode.WRONG_ORDER, found, expected,
                           "« {e} », et non « {f} » : qualité, dignité, titre, nom de famille "
                           "puis charge, jamais dans un autre ordre (§3).",
                           "'{e}', not '{f}': quality, dignity, title, family name, then "
                           "office, never in another order (§3).")


# --- family names ----------------------------------------------------------

FAMILY_NAME_LENGTH: tuple[int, int] = (2, 40)
"""The shortest and longest family name a player may give (our decision)."""
_FAMILY_NAME = re.compile(r"[^\W\d_]+(?:[ '’-][^\W\d_]+)*")
_NOT_IN_A_NAME = frozenset({"quality", "dignity", "title", "office", "endearment",
                            "familiar"})
#: The phrases (as :func:`_words` reads them) no family name holds: an element
#: of address, or a familiar pronoun.
_BARRED_FROM_NAMES = frozenset(
    {phrase for phrase, item in _VOCABULARY.items() if item.kind in _NOT_IN_A_NAME}
    | {(pronoun,) for pronoun in _PRONOUNS})


def name_key(name: str) -> str:
    """A name as the checker compares it: case, accents, apostrophes and
    hyphens aside ("Tour-qui-Penche" is "tour qui penche"). The page has a
    port of it (web/games/versailles_names.js nameKey), which
    tests/test_browser_versailles_names.py holds to this one."""
    return " ".join(_words(name.replace("-", " ")))


def family_keys(name: str) -> frozenset[str]:
    """The keys (:func:`name_key`) a family name is known by in the chat: the
    name, and the name without its particle "de"/"d'", as the checker reads an
    address either way (:func:`_name_vocabulary`). Two families whose keys
    meet could not be told apart by any address (a play-test's "Saint
    Sournois" beside "de Saint-Sournois" had one fined for the other's name):
    a family name is taken when its keys meet another's (§6, our decision
    E21). The page has a port of it (web/games/versailles_names.js familyKeys)."""
    words = _words(name.replace("-", " "))
    keys = {" ".join(words)}
    if len(words) > 1 and words[0] in ("de", "d'"):
        keys.add(" ".join(words[1:]))
    return frozenset(keys)


def family_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a courtier's family name (§6: "a NAME for his
    courtier (de Quelque Chose... de Maintenon, de la Tour qui Penche, and so
    on)"), or None when it can: 2 to 40 characters, letters with single
    spaces, apostrophes or hyphens between them, and no word the checker
    reads as an element of address or as a familiar pronoun (a family "de
    Marquis" or "Tu" would make every address to it ambiguous)."""
    low, high = FAMILY_NAME_LENGTH
    if not low <= len(name) <= high:
        return f"a family name has {low} to {high} characters, not {len(name)}"
    if not _FAMILY_NAME.fullmatch(name):
        return ("a family name is letters, with single spaces, apostrophes or hyphens "
                "between words (like \"de la Tour qui Penche\" or \"d'Argenson\")")
    words = _words(name.replace("-", " "))
    for size in range(min(_MAX_PHRASE, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            phrase = words[start:start + size]
            if phrase in _BARRED_FROM_NAMES:
                found = " ".join(phrase)
                return (f"{found!r} in a family name would be read as part of an address "
                        "or as a familiar 'tu' (§3)")
    return None


def family_name_rules() -> dict[str, Any]:
    """What :func:`family_name_problem` checks, for the page's own check
    before a name is sent (web/games/versailles_names.js familyNameProblem):
    the length bounds, the phrases no family name holds, as :func:`name_key`
    writes them, and which of them are familiar pronouns (the page says
    which fault it is)."""
    low, high = FAMILY_NAME_LENGTH
    return {"length": [low, high], "barred": sorted(" ".join(p) for p in _BARRED_FROM_NAMES),
            "pronouns": sorted(_PRONOUNS)}
