// Family names as the rules of Courtisans de Versailles compare them (§6: the
// names tell the families apart). The page refuses a name another family bears
// before it sends anything, so its comparison must be the rules' own: this is a
// port of etiquette.py name_key (its tokenizer _TOKEN and _normalize), kept
// exact by tests/test_browser_versailles_names.py, which runs both on the same
// names, every letter Python knows among them. No imports: a test loads it alone.

/** Python's \w in a str pattern: alphanumerics (str.isalnum) and "_". */
const W = "\\p{L}\\p{N}_";
/** Python's \s in a str pattern (str.isspace): wider than JavaScript's, without U+FEFF. */
const S = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
// etiquette.py _TOKEN, whose re.IGNORECASE also lets "ſ" be an "s" and "İ", "ı" an "i"
const ELIDED = "[Ll]|[Dd]|[Jj]|[Mm]|[Tt]|[Ssſ]|[Nn]|[Cc]|[Qq][Uu]|[Jj][Uu][Ssſ][Qq][Uu]"
  + "|[Ll][Oo][Rr][Ssſ][Qq][Uu]|[Pp][Uu][Iiİı][Ssſ][Qq][Uu]|[Qq][Uu][Oo][Iiİı][Qq][Uu]";
const TOKEN = new RegExp(
  `@|(?<![${W}])[Mm]\\.(?=[${S}])|(?<![${W}])(?:${ELIDED})['’](?=[${W}])`
  + `|[${W}]+|\\n|[^${W}${S}]`, "gu");
const WORD = new RegExp(`^[@${W}]`, "u");
/** Marks of combining class 0, which _normalize keeps, that a decomposed letter may hold. */
const KEPT_MARKS = /[\u0bd7\u0e4d\u0ecd\u0fb5\u0fb7\u102e\u1b35]/u;
const MARK = /\p{M}/u;
/** Where str.casefold differs from one letter's lower case (besides Cherokee, folded to capitals). */
const FOLDS = {
  "ß": "ss", "ẞ": "ss", "ς": "σ", "ᲀ": "в", "ᲁ": "д", "ᲂ": "о", "ᲃ": "с", "ᲄ": "т", "ᲅ": "т",
  "ᲆ": "ъ", "ᲇ": "ѣ", "ᲈ": "ꙋ",
};
const CHEROKEE = /[\u13a0-\u13ff\uab70-\uabbf]/u;

function fold(ch) {
  if (ch in FOLDS) return FOLDS[ch];
  return CHEROKEE.test(ch) ? ch.toUpperCase() : ch.toLowerCase();
}

/** etiquette.py _normalize: case and accents aside, typographic apostrophes plain ones. */
function normalize(word) {
  const text = word.replace(/’/g, "'").replace(/œ/g, "oe").replace(/Œ/g, "OE").replace(/æ/g, "ae").replace(/Æ/g, "AE");
  return Array.from(text.normalize("NFKD")).filter((ch) => !MARK.test(ch) || KEPT_MARKS.test(ch)).map(fold).join("");
}

/** etiquette.py name_key: a name as the rules compare it (case, accents, apostrophes and
 *  hyphens aside; "d'" an elided word of its own). Two names the same here are the same there. */
export function nameKey(name) {
  return nameWords(name).map((w) => w.key).join(" ");
}

/** The words nameKey compares, each as typed (``raw``) and as compared (``key``). */
function nameWords(name) {
  const words = [];
  for (const m of String(name).replace(/-/g, " ").matchAll(TOKEN)) {
    if (WORD.test(m[0])) words.push({ raw: m[0], key: normalize(m[0]) });
  }
  return words;
}

/** etiquette.py _FAMILY_NAME: letters (Python's [^\W\d_]: no decimal digit), single spaces,
 *  apostrophes or hyphens between words. */
export const NAME_OK = /^[\p{L}\p{Nl}\p{No}]+(?:[ '’-][\p{L}\p{Nl}\p{No}]+)*$/u;

/** etiquette.py family_keys: the keys a family name is known by in the chat, the name and,
 *  after a leading "de"/"d'", the name without it (the checker reads an address either way):
 *  two families whose keys meet are one name (decision E21). */
export function familyKeys(name) {
  const key = nameKey(name);
  const words = key.split(" ");
  const keys = [key];
  if (words.length > 1 && (words[0] === "de" || words[0] === "d'")) keys.push(words.slice(1).join(" "));
  return keys;
}

/** etiquette.py family_name_problem, with ``rules`` its data (the game's `family_name`:
 *  `length` [least, most], `barred` the phrases of address no name holds, as nameKey writes
 *  them): why a typed family name cannot be sent, or null. The reason as data, for the page
 *  to say in its language: {kind: "length", least, most, n}, {kind: "letters"} or
 *  {kind: "barred", phrase, key} (the phrase as typed, hyphens as spaces, and as
 *  compared), "pronoun" for a familiar pronoun ("Tu"). */
export function familyNameProblem(name, rules) {
  const [least, most] = rules.length;
  const n = Array.from(name).length; // code points, as Python's len
  if (n < least || n > most) return { kind: "length", least, most, n };
  if (!NAME_OK.test(name)) return { kind: "letters" };
  const barred = new Set(rules.barred);
  const longest = Math.max(...rules.barred.map((p) => p.split(" ").length));
  const words = nameWords(name);
  for (let size = Math.min(longest, words.length); size > 0; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      const phrase = words.slice(start, start + size);
      const key = phrase.map((w) => w.key).join(" ");
      if (!barred.has(key)) continue;
      // as typed, an elision against its word: "Dame d'Atours"
      const typed = phrase.map((w, i) => (i && !/['’]$/.test(phrase[i - 1].raw) ? ` ${w.raw}` : w.raw)).join("");
      return { kind: (rules.pronouns || []).includes(key) ? "pronoun" : "barred", phrase: typed, key };
    }
  }
  return null;
}
