"""Which tokens are private values, decided from what each token *is*, not only from what the
tagger called it.

Two passes:
- `char_spans(text)`: values found on the raw characters, whatever the language and the tagger:
  e-mail addresses, URLs, IBANs (python-stdnum checks the checksum), card numbers (Luhn), phone
  numbers (phonenumbers), grouped digits, codes that mix letters and digits, hyphenated names.
  The tokenizer merges each span into one token, so a value is replaced and restored whole.
- `mark(tokens, lang)`: every token with a digit is a number or a code; months and weekdays used
  as dates; names: what NER calls a person, organisation or place, and any capitalised word used
  as a name (after a title, in a greeting or a signature, capitalised mid-sentence, or a proper
  noun that is the subject of its sentence), including names that are also common words
  ("Mark", "Hope", "Will").

Kinds (Token.entity): PERSON, ORG, PLACE, EMAIL, URL, PHONE, IBAN, CARD, CODE, NUMBER, CALENDAR.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from . import clitics, word_classes
from .lexicon import Lexicon, lexicon, unaccented

if TYPE_CHECKING:  # pragma: no cover
    from .tokenize import Token

NAME_KINDS = frozenset({"PERSON", "ORG", "PLACE"})
# Kinds whose surrogate keeps the original's shape of digits (restored digit by digit).
DIGIT_KINDS = frozenset({"NUMBER", "PHONE", "CARD"})
# Kinds restored verbatim from a surrogate of the same shape.
CODE_KINDS = frozenset({"CODE", "IBAN"})

# spaCy NER labels (English and the other languages' models) -> our name kinds.
_NER_NAMES = {"PERSON": "PERSON", "PER": "PERSON", "ORG": "ORG", "GPE": "PLACE", "LOC": "PLACE", "FAC": "PLACE"}

EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# An address spelt out against harvesters: "john dot smith at gmail dot com", "[at]", "(dot)",
# "arroba", "arobase", "punto", "point"; the last part a common top-level domain.
_AT = r"(?:at|arroba|arobase|arrova)"
_DOT = r"(?:dot|punto|point|punt)"
SPELT_EMAIL_RE = re.compile(
    rf"(?<![\w.])[\w.+-]+(?:\s*[\[(]?\s*{_DOT}\s*[\])]?\s*[\w+-]+)*\s*[\[(]?\s*{_AT}\s*[\])]?\s*[\w-]+"
    rf"(?:\s*[\[(]?\s*{_DOT}\s*[\])]?\s*[\w-]+)*\s*[\[(]?\s*{_DOT}\s*[\])]?\s*"
    r"(?:com|org|net|edu|gov|info|io|co|uk|ie|es|cat|fr|de|it|pt|nl|be|eu|ca|us)\b", re.IGNORECASE)
URL_RE = re.compile(r"\b(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]]"
                    # a host name without the scheme: a common top-level domain, then maybe a path
                    r"|(?<![\w.@/-])(?:[a-z0-9-]+\.)+(?:com|org|net|edu|gov|info|io|co|uk|ie|es|cat|fr|de|it|pt|nl|be|"
                    r"eu|ca|us|app|dev)(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?(?![\w@-]|\.\w)", re.IGNORECASE)
# Country code, check digits, then groups of letters/digits, written solid or in fours.
IBAN_RE = re.compile(r"\b[A-Z]{2}\d{2}(?:[A-Z0-9]{10,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?)\b")
# Digit groups joined by single separators: card, account and phone numbers, numeric dates; not
# the digit part of a code that starts with letters ("EB-2025-01-77413" is one code).
GROUPED_DIGITS_RE = re.compile(r"(?<![\w+])(?<![A-Za-z0-9][-/#_.:])\+?\(?\d[\d()]*(?:[ ./-]{1,2}\(?\d[\d()]*)+(?![\w])")
# A social-media handle ("@ophelie.dupont", "@jsmith_88"): an account name, private like one.
HANDLE_RE = re.compile(r"(?<![\w@.])@\w(?:[\w.]*\w)?")
# Alphanumeric postcodes, one value though written in two parts: UK ("DE22 3TB", "SW1A 2AA"),
# Canada ("K1A 0B1"), Ireland's Eircode ("D02 X285"). Digit-only postcodes are numbers anyway
# (and "1012 AB", Dutch, reads like "1999 AD": its digits are hidden as a number).
POSTCODE_RE = re.compile(r"\b(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d|[A-Z]\d{2} [A-Z\d]{4})\b")
# Codes, IDs, passwords: letters and digits together, possibly in parts joined by - / # _ . :
CODE_RE = re.compile(r"(?<![\w@#])[A-Za-z0-9]+(?:[-/#_.:+][A-Za-z0-9]+)*#?(?![\w@])")
CLOCK_TIME_RE = re.compile(r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\w:]|\.\d)")
# "jdoe.finance", "ophelie.dupont": parts of two letters or more ("e.g." and "Ph.D" are not it),
# lower case after each dot (a missing space after a full stop is "end.Then")
DOTTED_NAME_RE = re.compile(r"[A-Za-z]{2,}(?:\.[a-z]{2,})+")
# Names joined by hyphens or apostrophes: "Al-Farsi", "Jean-Luc", "O'Brien-Smith".
HYPHENATED_NAME_RE = re.compile(r"(?<![\w-])[A-Z][\w']*(?:-[A-Z][\w']*)+(?![\w-])")
# Suffixes that keep a number a number: ordinals and units ("3rd", "9am", "5km", "2º").
NUMBER_SUFFIX_RE = re.compile(
    r"\d{1,2}[hH]\d\d|[+-]?\d+(?:[.,:/]\d+)*(?:st|nd|rd|th|am|pm|h|hrs?|min|s|ms|k|m|km|kg|g|mg|ml|l|cm|mm|gb|mb|kb|tb|x|º|ª|"
    r"e|er|re|ème|è|a|o|r|n|°c?|°f?|%)?\.?", re.IGNORECASE)
# A number in the source languages' formats: 4.870,50 / 3 870,20 / 12,500.00
LOCAL_NUMBER_RE = re.compile(r"(?<![\w.,])\d+(?:[.,\u00a0\u202f ]\d+)*(?!\w)")
NUMBER_RE = re.compile(r"[+-]?\(?\d+(?:[\s.,:/'’()-]*\d+)*\)?")


def _phone_spans(text: str) -> list[tuple[int, int]]:
    try:
        import phonenumbers
    except ImportError:  # pragma: no cover - a declared dependency
        return []
    spans = []
    # Numbers written with their country code are found whatever the region; national formats
    # are tried for the regions of the languages we serve.
    for region in ("US", "GB", "ES", "FR", "DE"):
        for m in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
            spans.append((m.start, m.end))
    return spans


# Digits said as words, four or more in a row, are a phone number, PIN or account number read
# out ("oh seven seven zero nine, one two three", "cinco cinco cinco, ocho seis"); three or
# fewer are counting. Groups may be set apart by commas or hyphens, not by a full stop.
SPELT_MIN_DIGITS = 4


def _alternation(words) -> str:
    """A regex group matching any of the words, longest first ("trente-quatre" before "trente")."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


@cache
def _spelt_re(lang_code: str) -> re.Pattern | None:
    lang = lexicon(lang_code)
    if not lang.digit_words:
        return None
    digit = _alternation(w for w, _ in lang.digit_words)
    if lang.repeaters:
        digit = "(?:" + _alternation(w for w, _ in lang.repeaters) + r"\s+)?" + digit
    return re.compile(rf"(?<![\w-]){digit}(?:(?:[ \t]*[,\u2013-][ \t]*|[ \t]+){digit})+(?![\w-])", re.IGNORECASE)


@cache
def _spelt_words(lang_code: str) -> tuple[re.Pattern, dict[str, str], dict[str, int]]:
    """The language's number words as one pattern, with their digits and the repeaters' counts,
    lower case."""
    lang = lexicon(lang_code)
    words = _alternation(w for w, _ in lang.digit_words + lang.repeaters)
    pattern = re.compile(rf"(?<![\w-]){words}(?![\w-])", re.IGNORECASE)
    return pattern, {w.lower(): v for w, v in lang.digit_words}, {w.lower(): n for w, n in lang.repeaters}


def spelt_digits(text: str, lang_code: str) -> str:
    """The digits of a number said as words; where punctuation set groups apart, a space does:
    "five five five, eight six seven" -> "555 867", "double four two" -> "442", "zéro six,
    douze, trente-quatre" -> "06 12 34"."""
    pattern, table, repeat = _spelt_words(lang_code)
    out, times, end = [], 1, 0
    for m in pattern.finditer(text):
        if text[end:m.start()].strip():
            out.append(" ")
        end = m.end()
        word = m.group().lower()
        if word in repeat:
            times = repeat[word]
        else:
            out.append(table[word] * times)
            times = 1
    return " ".join("".join(out).split())


@cache
def _amount_words(lang_code: str) -> tuple[re.Pattern, re.Pattern, dict[str, tuple[str, int]]] | None:
    """Amounts said in words ("mille deux cents", "dos mil quinientos", "one thousand two hundred
    and fifty"): a pattern for a run of number words, one for each word, and each word's role:
    ("add", n) for 0..99 and whole hundreds, ("times", n) for the multipliers."""
    lang = lexicon(lang_code)
    if not lang.multipliers:
        return None
    roles = {w.lower(): ("add", int(v)) for w, v in lang.digit_words if w.lower() != "oh"}
    roles |= {w.lower(): ("add", v) for w, v in lang.hundreds}
    roles |= {w.lower(): ("times", v) for w, v in lang.multipliers}
    word = _alternation(roles)
    joint = r"(?:[ \t]+|[ \t]*-[ \t]*)" + "".join(f"(?:{re.escape(a)}[ \t]+)?" for a in sorted(lang.and_words))
    run = re.compile(rf"(?<![\w-]){word}(?:{joint}{word})*(?![\w-])", re.IGNORECASE)
    return run, re.compile(rf"(?<![\w-]){word}(?![\w-])", re.IGNORECASE), roles


def _amount_spans(text: str, lang_code: str) -> list[tuple[int, int]]:
    """Amounts said in words: two number words or more, one of them a hundred, a thousand or
    more ("two hundred", "mil dos-cents"; "a thousand thanks" and "mil euros" stay words)."""
    found = _amount_words(lang_code)
    if found is None:
        return []
    run, each, roles = found
    lang = lexicon(lang_code)
    spans = []
    for m in run.finditer(text):
        said = [roles[w.lower()] for w in each.findall(m.group())]
        if len(said) >= 2 and any(role == "times" or n >= 100 for role, n in said):
            spans.append(m.span())
        elif len(said) == 1:
            # one number word that is an amount ("vint-i-cinc euros") or a day ("veinticuatro de
            # septiembre"), as its digits would be
            after = text[m.end():m.end() + 40].lower().split()
            after = after[1:] if after[:1] and after[0] in ("de", "d'", "of") else after
            word = after[0].strip(".,;:!?") if after else ""
            if word in CURRENCY_WORDS or lang.is_month(word) and said[0][1] <= 31:
                spans.append(m.span())
    return spans


# Currencies said as words after an amount ("vint-i-cinc euros", "twenty quid"); not "cent(s)",
# a hundred in French.
CURRENCY_WORDS = frozenset("""euro euros dollar dollars pound pounds quid bucks dólar dólares dòlar dòlars libra
libras lliura lliures peso pesos franc francs franco francos céntimos cèntims centimes""".split())


def spelt_value(text: str, lang_code: str) -> str:
    """The digits of a number said as words: an amount's value ("mille deux cents" -> "1200"),
    or the digits read out one by one or in pairs (spelt_digits)."""
    found = _amount_words(lang_code)
    if found and text.lower() in found[2]:  # one word: "vint-i-cinc", "mil"
        return str(found[2][text.lower()][1])
    if _amount_spans(text, lang_code) != [(0, len(text))]:
        return spelt_digits(text, lang_code)
    _, each, roles = found
    total = current = 0
    for w in each.findall(text):
        role, n = roles[w.lower()]
        if role == "add":
            current += n
        elif n == 100:
            current = (current or 1) * 100
        else:
            total += (current or 1) * n
            current = 0
    return str(total + current)


def _spelt_spans(text: str, lang_code: str) -> list[tuple[int, int]]:
    pattern = _spelt_re(lang_code)
    if pattern is None:
        return []
    return [m.span() for m in pattern.finditer(text) if _read_out(m.group(), lang_code)]


def _read_out(words: str, lang_code: str) -> bool:
    """Enough digits to be a number read out; said in pairs, at least three numbers: two are a
    time or a year ("ten twenty", "twenty twenty-four")."""
    pattern, table, _ = _spelt_words(lang_code)
    said = [table.get(w.lower(), "") for w in pattern.findall(words)]
    return (_digit_count(spelt_digits(words, lang_code)) >= SPELT_MIN_DIGITS
            and (all(len(d) < 2 for d in said) or len(said) >= 3))


def _digit_count(s: str) -> int:
    return sum(c.isdecimal() for c in s)


def char_spans(text: str, numbers: bool = False, lang: str = "en") -> list[tuple[int, int, str]]:
    """Private values found on the characters: (start, end, kind), non-overlapping, in order.
    Earlier kinds win where spans overlap (an e-mail address is not a code). With `numbers`,
    numbers written with spaces or dots between groups ("3 870,20", "4.870,50") are one value too:
    the Spanish and French pipelines and Apertium split them. Digits said as words are read in
    the text's language `lang`."""
    from stdnum import iban, luhn

    found: list[tuple[int, int, str]] = []
    found += [(m.start(), m.end(), "EMAIL") for m in EMAIL_RE.finditer(text)]
    found += [(m.start(), m.end(), "EMAIL") for m in SPELT_EMAIL_RE.finditer(text)]
    found += [(m.start(), m.end(), "URL") for m in URL_RE.finditer(text)]
    found += [(m.start(), m.end(), "CODE") for m in HANDLE_RE.finditer(text)]
    found += [(m.start(), m.end(), "IBAN" if iban.is_valid(m.group()) else "CODE") for m in IBAN_RE.finditer(text)]
    for m in GROUPED_DIGITS_RE.finditer(text):
        digits = "".join(c for c in m.group() if c.isdecimal())
        if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
            found.append((m.start(), m.end(), "CARD"))
    found += [(a, b, "PHONE") for a, b in _phone_spans(text)]
    found += [(m.start(), m.end(), "CODE") for m in POSTCODE_RE.finditer(text)
              if any(c.isalpha() for c in m.group()) and any(c.isdecimal() for c in m.group())]
    for m in GROUPED_DIGITS_RE.finditer(text):
        # Account numbers and the like, one value in several groups; and short groups chained
        # without spaces ("4-7-1-9-2", a door code), which the tagger would split digit by digit.
        if _digit_count(m.group()) >= 7 or re.fullmatch(r"\d+(?:[-/.]\d+){2,}", m.group()):
            found.append((m.start(), m.end(), "NUMBER"))
    # a clock time is one value: Apertium's Catalan tagger split "09:24" and drew each half alone ("04:85")
    found += [(m.start(), m.end(), "NUMBER") for m in CLOCK_TIME_RE.finditer(text)]
    found += [(a, b, "NUMBER") for a, b in _amount_spans(text, lang)]
    found += [(a, b, "NUMBER") for a, b in _spelt_spans(text, lang)]
    for m in CODE_RE.finditer(text):
        word = m.group()
        # letters and digits together, or words joined by underscores or by dots without a space
        # ("mserra_bcn", "jdoe.finance"): user names and identifiers, never words of running text
        if (any(c.isdecimal() for c in word) and any(c.isalpha() for c in word) and not _quantity(word)
                or "_" in word or DOTTED_NAME_RE.fullmatch(word)):
            found.append((m.start(), m.end(), "CODE"))
        elif any(c.isalpha() for c in word) and _quantity(word):
            # one value with its unit ("500mg", "9:30am"): the tagger splits off the unit, which
            # then went out as a word of its own and came back in another place
            found.append((m.start(), m.end(), "NUMBER"))
    found += [(m.start(), m.end(), "NAME") for m in HYPHENATED_NAME_RE.finditer(text)]
    if numbers:  # after codes: the digits of "FAC-2291" are part of the code
        found += [(m.start(), m.end(), "NUMBER") for m in LOCAL_NUMBER_RE.finditer(text)]
    kept: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []
    for start, end, kind in found:  # priority order
        if all(end <= a or start >= b for a, b in taken):
            kept.append((start, end, kind))
            taken.append((start, end))
    return sorted(kept)


# -- token level -------------------------------------------------------------------------------


def _previous(tokens: list[Token], i: int) -> Token | None:
    """The token before token i, whitespace skipped."""
    return next((tokens[j] for j in range(i - 1, -1, -1) if tokens[j].pos != "SPACE"), None)


def _capitalised(text: str) -> bool:
    return text[:1].isupper()


def _lines(tokens: list[Token]) -> list[list[int]]:
    """Token indices per line of the text (SPACE tokens and empty lines left out)."""
    lines: list[list[int]] = [[]]
    for i, t in enumerate(tokens):
        if t.pos != "SPACE" and t.text:
            lines[-1].append(i)
        breaks = t.ws.count("\n") + (t.text.count("\n") if t.pos == "SPACE" else 0)
        for _ in range(breaks):
            lines.append([])
    return [line for line in lines if line]


def _phrase_at(tokens: list[Token], line: list[int], phrases: tuple[str, ...]) -> int:
    """How many tokens at the start of the line form one of the phrases (longest), else 0."""
    best = 0
    for phrase in phrases:
        words = phrase.split()
        if len(words) <= len(line) and all(tokens[line[k]].text.lower() == w for k, w in enumerate(words)):
            best = max(best, len(words))
    return best


def _formulas(tokens: list[Token], lang: Lexicon) -> set[int]:
    """The words of a greeting that opens a line ("Dear", "Good morning") and of a sign-off line
    ("Best regards,"): words the tagger may call proper nouns, never names."""
    found: set[int] = set()
    for line in _lines(tokens):
        found.update(line[:_phrase_at(tokens, line, lang.greetings)])
        words = [i for i in line if tokens[i].text not in (",", "!", ".", "-", "—")]
        if " ".join(tokens[i].text.lower() for i in words) in lang.signoffs:
            found.update(words)
    return found


def _particles_then_name(tokens: list[Token], j: int, lang: Lexicon) -> bool:
    """Lower-case particles followed by a capitalised name part ("van der Berg")."""
    while j < len(tokens) and tokens[j].text.lower() in lang.particles and "\n" not in tokens[j].ws:
        j += 1
    return j < len(tokens) and _capitalised(tokens[j].text) and tokens[j].is_word


def _name_context(tokens: list[Token], lang: Lexicon) -> dict[int, str]:
    """Tokens that are names because of where they stand: after a title, after a greeting, in the
    signature under a sign-off. Kind PERSON."""
    names: dict[int, str] = {}

    def take_run(start: int, stop_at_punct: bool = True) -> None:
        j = start
        while j < len(tokens):
            t = tokens[j]
            if t.pos == "SPACE" or "\n" in t.ws and j > start and not _capitalised(t.text):
                break
            if _capitalised(t.text) and t.is_word and t.text.lower().rstrip(".") not in lang.titles:
                names[j] = "PERSON"
            elif t.text.lower() in lang.particles and _particles_then_name(tokens, j, lang):
                names[j] = "PERSON"
            elif t.text in (".",) and j > start:
                pass  # an initial's dot: "John F. Kennedy"
            else:
                break
            if "\n" in t.ws:
                break
            j += 1

    for i, t in enumerate(tokens):
        if t.text.lower().rstrip(".") in lang.titles and _capitalised(t.text):
            j = i + 1
            if j < len(tokens) and tokens[j].text == ".":
                j += 1
            if j < len(tokens) and (_capitalised(tokens[j].text) or _particles_then_name(tokens, j, lang)):
                take_run(j)

    lines = _lines(tokens)
    for n, line in enumerate(lines):
        k = _phrase_at(tokens, line, lang.greetings)
        if k and k < len(line):
            take_run(line[k])
        if n == 0:
            continue
        prev = [tokens[i].text.lower() for i in lines[n - 1] if tokens[i].text not in (",", "!", ".", "-", "—")]
        if " ".join(prev) in lang.signoffs and len(line) <= 6:
            take_run(line[0])
    names.update(dict.fromkeys(_speakers(tokens, lines, lang), "PERSON"))
    names.update(dict.fromkeys(_signed(tokens, lines, lang), "PERSON"))
    return names


def _signed(tokens: list[Token], lines: list[list[int]], lang: Lexicon) -> list[int]:
    """A message that ends on a name alone, set apart by a blank line, with no sign-off above it
    ("... in the March run.\n\nSeun"): one to three capitalised words that are census names,
    names to the analysers, or words they do not know."""
    last = lines[-1] if len(lines) > 1 else []
    if not last or len(last) > 3 or not all(tokens[i].text.isalpha() and _capitalised(tokens[i].text) for i in last):
        return []
    gap = "".join(t.ws + (t.text if t.pos == "SPACE" else "") for t in tokens[lines[-2][-1]:last[0]])
    words = {tokens[i].text.lower() for i in last}
    if gap.count("\n") < 2 or " ".join(tokens[i].text.lower() for i in last) in lang.signoffs + lang.greetings:
        return []
    # a word that is also a name the analysers know ("Roser", a rosebush) signs as a name
    known = word_classes.common_readings(words - first_names(), lang.code).keys() & words
    return [] if known - word_classes.person_names(known, lang.code) else last


def _speakers(tokens: list[Token], lines: list[list[int]], lang: Lexicon) -> list[int]:
    """The speakers of a chat transcript: a word opening lines as "sky: not yet" when such words
    take turns; a word, a census name or neither ("sky", "AJ", "la pili"). Header labels
    ("Subject:", "Asunto:") are not speakers."""
    labels: dict[str, list[int]] = {}
    for line in lines:
        # after a time stamp ("[18:02] marin:"); "la pili:", "en quim:": the article some
        # languages put before a name; an emoji before the colon ("Titi 🌸 :")
        k = next((n for n, i in enumerate(line) if tokens[i].pos not in ("PUNCT", "NUM", "SYM", "X")
                  or tokens[i].text[:1].isalpha()), len(line))
        k += 1 if len(line) > k + 3 and tokens[line[k]].text.lower() in lang.personal_articles else 0
        colon = next((n for n in range(k + 1, len(line)) if tokens[line[n]].text[:1].isalnum()
                      or tokens[line[n]].text == ":"), len(line))
        if len(line) > colon + 1 and tokens[line[colon]].text == ":" and tokens[line[k]].is_word \
                and tokens[line[k]].text.lower() not in lang.header_labels:
            labels.setdefault(tokens[line[k]].text.lower(), []).append(line[k])
    # turns: three labelled lines or more, by two speakers or more, one of them speaking twice
    # (a form's fields, "Name:" "Age:", are each said once)
    if len(labels) < 2 or sum(map(len, labels.values())) < 3 or max(map(len, labels.values())) < 2:
        return []
    # and wherever else the chat names them ("mdr merci titi")
    return [i for i, t in enumerate(tokens) if t.text.lower() in labels and t.is_word and not t.stop]


_PLURAL_ARTICLES = frozenset({"los", "les", "els"})


def plural_weekday(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A weekday in the plural: "Tuesdays", "mardis", or one that is its own plural after a plural
    article ("los lunes", "els dimarts")."""
    word = tokens[i].text.lower()
    if word.endswith("s") and word[:-1] in lang.weekdays:
        return True
    before = prev.text.lower() if (prev := _previous(tokens, i)) else ""
    return word in lang.weekdays and before in _PLURAL_ARTICLES


def _calendar(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A month or weekday used as a date (not "May" the verb, not "Jan" the person)."""
    tok = tokens[i]
    found = lang.month_or_weekday(tok.text)
    if not found or tok.pos in ("VERB", "AUX") or tok.ner in ("PERSON", "PER"):
        return False
    full = tok.text.lower().rstrip(".") in found[0]
    before = prev.text.lower() if (prev := _previous(tokens, i)) else ""
    if not full and lang.code != "en" and before in _PLURAL_ARTICLES and not _capitalised(tok.text):
        return True  # "los sábados", "les mardis", "els dissabtes": every such day
    if full and lang.code != "en":
        # Spanish, Catalan and French write months and weekdays in lower case, and none of their
        # full names is another word ("marzo", "mardi", "dilluns"): lower case, or capitalised at
        # the start of a sentence, it is the date ("Marzo fue frío").
        starts = tok.sent_start or i == 0 or "\n" in tokens[i - 1].ws
        if not _capitalised(tok.text) or starts:
            return True
    elif full and _capitalised(tok.text):
        # Ambiguous full names ("May", "March", "mar") and months that are first names ("April",
        # "June": "his wife April") need a date around them.
        ambiguous = tok.text.lower() in ("may", "march", "august") or tok.text.lower() in first_names()
        if not ambiguous:
            return True
    nxt = next((t for t in tokens[i + 1:] if t.pos != "SPACE"), None)
    if (tok.text.lower() in first_names() and nxt is not None and nxt.is_word and _capitalised(nxt.text)
            and not lang.month_or_weekday(nxt.text) and not any(c.isdecimal() for c in nxt.text)):
        return False  # a first name before a surname ("April Rosalind Fairweather")
    return (tok.ner in ("DATE", "TIME") and (before in _TEMPORAL or tok.text.lower() not in first_names())
            or before in _TEMPORAL or _next_to_number(tokens, i))


# Words that may stand between a month and its day or year ("3rd of April", "April the 3rd").
_DATE_GLUE = frozenset({"of", "the", ",", "/", "-", "."})


def _next_to_number(tokens: list[Token], i: int) -> bool:
    """A number right beside the word, or one glue word away ("his wife April on 16 June" is not a
    date of April's: "on" does not join them)."""
    def number(j: int) -> bool:
        return 0 <= j < len(tokens) and any(c.isdecimal() for c in tokens[j].text)

    return (number(i - 1) or number(i + 1) or number(i - 2) and tokens[i - 1].text.lower() in _DATE_GLUE
            or number(i + 2) and tokens[i + 1].text.lower() in _DATE_GLUE)


# Words that put a month after them as a date ("in April", "by June").
_TEMPORAL = frozenset("in on by until till since from before after during last next this early late mid of "
                      "en de desde hasta antes después durante el del dans au début fin".split())


@cache
def first_names() -> frozenset[str]:
    """US Census first names, lower case (first_names.txt; tools/build_first_names.py)."""
    text = resources.files(__package__).joinpath("first_names.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


@cache
def surnames() -> frozenset[str]:
    """The US Census's 5,000 most frequent surnames, lower case (surnames.txt; tools/build_first_names.py)."""
    text = resources.files(__package__).joinpath("surnames.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


# Words that stand alone as a subject ("Little is known", "Most agreed", "Best is to wait").
_QUANTIFIERS = frozenset("little much many few several most more less least all both each either neither enough "
                         "plenty other others such same first last next best worst".split())


def _surname_as_subject(tokens: list[Token], i: int, starts: bool) -> bool:
    """English: a surname that is also a common word, first in its sentence and its subject
    without a determiner ("Black will send the offer", "Young from our fraud team will call
    you"): the tagger reads an adjective or a noun, the recogniser nothing. A bare singular noun
    or adjective is rarely a subject otherwise; when it is ("Price is the issue"), the word is
    hidden as a name and comes back as written."""
    tok = tokens[i]
    return (starts and _capitalised(tok.text) and not tok.text.isupper() and tok.dep in ("nsubj", "nsubjpass")
            and tok.tag in ("JJ", "NN") and tok.text.lower() not in _QUANTIFIERS and tok.text.lower() in surnames())


def _unaccented(word: str) -> str:
    """"Léa" -> "lea": the census lists names without accents."""
    return unaccented(word.lower())


def _lowercase_names(tokens: list[Token], lang: Lexicon) -> set[int]:
    """People's names written in lower case, as chats and quick notes write them ("hey maria, can
    you", "tell sophie her pin", "hola jordi"): a lower-case word that is a census first name or
    that the language's analyser knows capitalised as a first name or surname, that the analyser
    does not know as a word in lower case, and that follows no determiner, possessive, adjective
    or number (a name takes none: "the kitty" is a word; "will", "rose", "puig" stay words), but
    for the article Catalan puts before a name ("l'oriol", "en jordi"). Addressed by a greeting
    ("hey will,", "ei marta!") or standing where only a person stands ("tell mark", "dile a
    rosa", "rich said"), a census or analyser name is a name even when it is also a word."""
    greeted = _greeted(tokens, lang) | _person_places(tokens, lang)
    found: dict[int, str] = {}
    for i, tok in enumerate(tokens):
        # not by its tag: taggers call an unknown lower-case word anything ("bises, léa": DET;
        # Catalan's tagger: X)
        if not (tok.text.isalpha() and tok.text.islower() and len(tok.text) > 2):
            continue
        if i not in greeted:
            prev = _previous(tokens, i)
            if tok.stop or prev is not None and (prev.pos in ("DET", "ADJ", "NUM") or prev.tag == "PRP$") \
                    and prev.text.lower() not in lang.personal_articles:
                continue
        found[i] = tok.text
    if not found:
        return set()
    words = set(found.values())
    # the analyser is asked (a process per call) only about words tagged as a name might be
    asked = {tokens[i].text for i in found if tokens[i].pos in _NAME_LIKE_POS}
    names = {w for w in words if _unaccented(w) in first_names()} | word_classes.person_names(asked, lang.code)
    known = word_classes.common_readings(names, lang.code) if names else {}
    # after "chez" a bare word is someone (or their shop) whatever the word: "chez roux"; after a
    # personal article, a word the tagger cannot read ("a en quim", "el quim": X), which the
    # translator would pass through as it is anyway
    home = {i for i in found if (prev := _previous(tokens, i)) is not None and (
        prev.text.lower() in lang.name_after or prev.text.lower() in lang.personal_articles and tokens[i].pos == "X")}
    return home | {i for i, word in found.items() if word in names and (word not in known or i in greeted)}


_NAME_LIKE_POS = frozenset({"NOUN", "PROPN", "ADJ", "X", "INTJ"})


def _person_places(tokens: list[Token], lang: Lexicon) -> set[int]:
    """Lower-case words where a person stands: the object of a verb of addressing ("tell mark",
    "ask ivy"), after the preposition that marks a person as a verb's object ("dile a rosa",
    "dis à pierre"), or the subject of a verb of saying ("rich said", "mark says")."""
    found = set()
    words = [i for i, t in enumerate(tokens) if t.pos != "SPACE"]
    for n, i in enumerate(words):
        text = tokens[i].text
        # not by its tag but for function words: a chat's "mark" may be a VERB, "ivy" a PRON
        if not (text.isalpha() and text.islower()) or tokens[i].stop or tokens[i].pos in _FUNCTION_POS - {"PRON"}:
            continue
        prev = tokens[words[n - 1]] if n else None
        # the preposition, or the preposition then a personal article ("a la marta"); whatever the
        # tagger called the verb before it (a chat's "dile", "dis": NOUN, ADP)
        marked = [tokens[j].text.lower() for j in words[max(0, n - 2):n]]
        after = tokens[words[n + 1]] if n + 1 < len(words) else None
        if (prev is not None and prev.text.lower() in lang.person_verbs and "\n" not in prev.ws
                or marked[-1:] == [lang.person_preposition]
                or len(marked) == 2 and marked[0] == lang.person_preposition and marked[1] in lang.personal_articles
                or after is not None and after.text.lower() in lang.speech_verbs and "\n" not in tokens[i].ws):
            found.add(i)
    return found


def _greeted(tokens: list[Token], lang: Lexicon) -> set[int]:
    """The word a greeting opening a line is addressed to, when a comma, a mark or the line's end
    follows it: a name even when it is also a word ("hey will,", "ei marta!")."""
    found = set()
    for line in _lines(tokens):
        k = _phrase_at(tokens, line, lang.greetings)
        if k and k < len(line):
            i = line[k]
            after = line[k + 1] if k + 1 < len(line) else None
            if after is None or "\n" in tokens[i].ws or tokens[after].text in (",", "!", ".", ":", "?"):
                found.add(i)
    return found


def _first_name_used_as_name(tokens: list[Token], i: int, starts: bool, label: bool) -> bool:
    """A capitalised first name that is also a word ("Will", "Mark", "Hope", "Guy") where a name
    is likely: opening a chat line ("Will: are we on?"), signing under a dash ("- Dawn"), or at a
    sentence start before a verb, a conjunction or another capitalised word ("Will is best man",
    "Mark and Will are", "Drew Carter called"), not before a pronoun ("Hope you are well")."""
    tok = tokens[i]
    if not _capitalised(tok.text) or tok.text.lower() not in first_names():
        return False
    if label:
        return True
    prev = _previous(tokens, i)
    if prev is not None and prev.text in ("-", "—", "–") and starts:
        return True
    if not starts:
        return False
    nxt = next((tokens[j] for j in range(i + 1, len(tokens)) if tokens[j].pos != "SPACE"), None)
    if nxt is None or "\n" in tok.ws:
        return True  # alone on its line
    return (nxt.pos in ("AUX", "VERB") and nxt.text.lower() not in ("you", "me", "us")) or nxt.text in (
        "and", "&", ",", "'s", "’s") or (_capitalised(nxt.text) and nxt.is_word and nxt.pos == "PROPN")


_FUNCTION_POS = frozenset({"PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "PUNCT"})


_STARTERS = frozenset({":", "-", "•", "*", ">", "(", "[", "\"", "“", "«", "'", "‘", "¿", "¡", "—", "–"})


def _starts(tokens: list[Token], i: int) -> bool:
    """The token opens a sentence, a line, a label's value or a quotation: its capital says nothing."""
    prev = _previous(tokens, i)
    return tokens[i].sent_start or prev is None or "\n" in prev.ws or prev.text in _STARTERS


def _pronoun_after(tokens: list[Token], i: int, lang_code: str) -> bool:
    """A pronoun joined to the word by a hyphen: the tokenizer splits "Envoyez-moi" in two,
    "Dites-le" in three."""
    if tokens[i].ws or i + 1 >= len(tokens):
        return False
    nxt = tokens[i + 1]
    if nxt.text == "-" and not nxt.ws and i + 2 < len(tokens):
        return clitics.is_pronoun_suffix("-" + tokens[i + 2].text, lang_code)
    return clitics.is_pronoun_suffix(nxt.text, lang_code)


def _ordinary_at_start(tokens: list[Token], i: int, lang: Lexicon) -> str:
    """Outside English, whether a capitalised first word (of a sentence, a line, a subject) that
    the recogniser or the tagger may call a name is an ordinary word: its UPOS for a greeting or
    sign-off ("Hola Marta": INTJ) and a verb with its pronoun attached ("Envoyez-moi": VERB);
    "ask" when the tagger reads a common word, or a subject line starts, and only the dictionary
    can settle it ("Factura pendiente" against "Quintana tampoco"); "" otherwise. A first name
    stays a name ("Rosa vino ayer"), and so does a word before another capitalised word ("Banco
    Sabadell")."""
    tok = tokens[i]
    if lang.code == "en" or not tok.is_word or not _capitalised(tok.text) or not _starts(tokens, i) \
            or _unaccented(tok.text) in first_names():
        return ""
    low = tok.text.lower()
    if any(phrase.split()[0] == low for phrase in lang.greetings + lang.signoffs):
        return "INTJ"
    if _pronoun_after(tokens, i, lang.code):
        return "VERB"
    prev = _previous(tokens, i)
    subject = prev is not None and prev.text == ":"  # "Asunto: Renovación del contrato"
    if tok.pos in ("X", "NUM") or tok.pos == "PROPN" and not subject:
        return ""
    if tok.pos != "PROPN" and not _NER_NAMES.get(tok.ner):
        return ""  # read as a word by both the tagger and the recogniser
    if _bare_subject(tokens, i, lang):
        return ""
    following = next((t for t in tokens[i + 1:] if t.pos != "SPACE"), None)
    if following is not None and "\n" not in tok.ws and _capitalised(following.text) and following.is_word:
        return ""
    return "ask"


_SUBJECT_POS = frozenset({"NOUN", "ADJ", "PROPN"})


def _bare_subject(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """Outside English a common noun or adjective is not a sentence's subject without a
    determiner: a capitalised first word the parser makes the subject is a name ("Blanc a
    confirmé", "Roux enverra le rapport")."""
    tok = tokens[i]
    return (lang.code != "en" and tok.is_word and _capitalised(tok.text) and tok.pos in _SUBJECT_POS
            and tok.dep.startswith("nsubj") and _starts(tokens, i))


def _could_be_subject(tokens: list[Token], i: int, lang: Lexicon) -> bool:
    """A capitalised first noun, adjective or verb that neither the tagger nor the recogniser
    reads as a name: a surname all the same if its verb follows ("Petit enverra le rapport",
    "Costa no ha vingut", where "costa" is also "it costs")."""
    tok = tokens[i]
    return (lang.code != "en" and tok.is_word and _capitalised(tok.text) and tok.pos in ("NOUN", "ADJ", "VERB")
            and not _NER_NAMES.get(tok.ner) and _starts(tokens, i)
            and not any(phrase.split()[0] == tok.text.lower() for phrase in lang.greetings + lang.signoffs))


# what may stand between a subject and its verb: a negation, object pronouns ("Moreno no le
# contestó", "Petit ne nous a pas répondu")
_BEFORE_VERB = frozenset({"no", "ne", "n'", "n’", "non"})


def _verb_after(tokens: list[Token], i: int) -> Token | None:
    """The first word after token i that is not a negation or (after a noun or adjective) a
    pronoun: where its verb would be. After a verb a pronoun is its object or a question word
    ("Sabes qué pasó"), so the search stops there."""
    skip = ("SPACE",) if tokens[i].pos == "VERB" else ("SPACE", "PRON")
    return next((t for t in tokens[i + 1:] if t.pos not in skip and t.text.lower() not in _BEFORE_VERB), None)


def _first_words(tokens: list[Token], lang: Lexicon) -> tuple[dict[int, tuple[str, str]], set[int]]:
    """Outside English, what the capitalised first words are, beyond what the tagger and the
    recogniser said:
    - ordinary words (_ordinary_at_start), with the (UPOS, fine tag) the encoder should read them
      with: the tagger's own when the dictionary has that reading, else the dictionary's first
      ("Envoyez" is a verb, not the proper noun it was tagged);
    - names: a noun or adjective that is its verb's subject, by the parser or because the next
      word is a verb (the dictionary's finite reading counts where the tagger missed the verb:
      "Gros viendra demain")."""
    found = {i: v for i in range(len(tokens)) if (v := _ordinary_at_start(tokens, i, lang))}
    bare = {i for i in range(len(tokens)) if i not in found and _could_be_subject(tokens, i, lang)}
    after = {i: nxt for i in bare | {i for i, v in found.items() if v == "ask" and tokens[i].pos in _SUBJECT_POS}
             if (nxt := _verb_after(tokens, i)) is not None}
    asked = {tokens[i].text.lower() for i in found} | {t.text.lower() for t in after.values()}
    readings = word_classes.common_readings(asked, lang.code) if asked else {}

    def before_verb(i: int) -> bool:
        """Followed by a finite verb (a participle makes a heading: "Réservation confirmée"); after
        a verb, only by one the tagger reads so ("Espero poder ir" is one verb's phrase)."""
        nxt = after.get(i)
        if nxt is None:
            return False
        if nxt.pos in ("VERB", "AUX") and ":Fin" in nxt.tag:
            return True
        return tokens[i].pos != "VERB" and any(
            p in ("VERB", "AUX") and ":Fin:" in t for p, t in readings.get(nxt.text.lower(), ()))

    names = {i for i in bare if before_verb(i)}
    ordinary: dict[int, tuple[str, str]] = {}
    for i, v in found.items():
        tok, known = tokens[i], readings.get(tokens[i].text.lower(), ())
        if i in after and before_verb(i):
            continue
        if known:
            # before an object pronoun ("Envoyez-moi"), the imperative: a substitute of another
            # mood would not be a verb the translator can join the pronoun to ("Savez-moi")
            wanted = (("Imp" in t.split(":"), p == tok.pos) if v == "VERB" else (p == tok.pos,) for p, t in known)
            ordinary[i] = max(zip(wanted, known), key=lambda pair: pair[0])[1]
        elif v != "ask":
            ordinary[i] = (v, v)
    return ordinary, names


def _word_kind(tok: Token, sentence_start: bool, after_label: bool) -> str:
    """A capitalised word's name kind, or "" when it is an ordinary word."""
    if not tok.is_word or not _capitalised(tok.text) or tok.pos in _FUNCTION_POS:
        return ""
    ner = _NER_NAMES.get(tok.ner, "")
    if ner:  # NER weighs the context: "May Lin" is a name even where the tagger saw the modal
        return ner
    if tok.pos in ("AUX", "INTJ", "NUM"):
        return ""
    if after_label:
        return ""
    if not sentence_start:
        return "PERSON" if tok.pos == "PROPN" else "ORG"
    # First word of a sentence: a proper noun that is not the sentence's head ("Hope called",
    # not "Hope you are well", whose "Hope" spaCy makes the root verb).
    if tok.pos == "PROPN" and tok.dep not in ("ROOT", ""):
        return "PERSON"
    return ""


# Capitals after small letters inside one word, twice or more ("LaVieEnRose", "myDogRex"): a
# password or user name, not a word ("iPhone", "McDonald" have one).
_INNER_CAPITALS = re.compile(r"[a-z][A-Z]")
# What may stand between a secret's label and the secret ("password is", "PIN: ", 'clave = "').
_SECRET_LINKS = frozenset({":", "=", "-", "is", "was", "es", "era", "est", "és", "\"", "'", "“", "”", "‘", "’",
                           "«", "»"})
# What a secret after a label may be tagged: taggers call an unknown word after "is" a noun or an
# adjective ("the password is rosebud"); a verb or adverb there is about the password ("is changed
# weekly"), and so is an adjective that does not end the clause ("is valid for a week").
_SECRET_POS = frozenset({"NOUN", "PROPN", "X", "INTJ", "NUM"})
_SECRET_QUALIFIER = 4  # words at most between a label and its link ("del wifi", "for the portal")
_CLAUSE_END = frozenset({".", ",", ";", "!", "?", "and", "but", "\"", "'", "”", "’", "»", ")"})


def _secret_shaped(text: str) -> bool:
    return text.isalpha() and len(_INNER_CAPITALS.findall(text)) >= 2


def _after_label(tokens: list[Token], i: int, words: list[str]) -> tuple[int, bool] | None:
    """Where the value after a label at token i stands, and whether a link ("is", ":") came
    between; None when the label is not there."""
    if [t.text.lower() for t in tokens[i:i + len(words)]] != words:
        return None
    j, linked = i + len(words), False
    # What the password is for may come between ("contraseña del wifi es girasol",
    # "password for the portal is ...").
    k = j
    while (k < len(tokens) and k - j < _SECRET_QUALIFIER and _wordish(tokens[k])
           and tokens[k].text.lower() not in _SECRET_LINKS and "\n" not in tokens[k - 1].ws):
        k += 1
    if k > j and k < len(tokens) and tokens[k].text.lower() in _SECRET_LINKS - {"-"}:
        j = k
    while j < len(tokens) and (tokens[j].pos == "SPACE" or tokens[j].text.lower() in _SECRET_LINKS):
        linked |= tokens[j].pos != "SPACE"
        j += 1
    return (j, linked) if j < len(tokens) and _wordish(tokens[j]) else None


def _wordish(tok: Token) -> bool:
    """A word, or letters the tagger does not know (Catalan's makes "wifi", "girasol" X)."""
    return tok.is_word or tok.pos == "X" and any(c.isalnum() for c in tok.text)


_QUOTE_PAIRS = {"\"": "\"", "'": "'", "“": "”", "‘": "’", "«": "»"}
_QUOTED_MAX = 12  # words a quoted secret may have, at most


def _quoted(tokens: list[Token], j: int) -> set[int]:
    """The words from token j to the quote that closes the one before it, on the same line (only
    token j when no quote closes within _QUOTED_MAX words)."""
    close = _QUOTE_PAIRS.get(tokens[j - 1].text, "")
    inside = set()
    for k in range(j, min(len(tokens), j + _QUOTED_MAX)):
        if tokens[k].text == close or tokens[k].text in ("“", "”") and close in ("“", "”"):
            return inside or {j}
        if "\n" in tokens[k].ws and k > j:
            break
        if tokens[k].is_word:
            inside.add(k)
    return {j}


def _after_secret_label(tokens: list[Token], lang: Lexicon) -> set[int]:
    """The token written right after a password or PIN label ("password is rosebud",
    "mot de passe : soleil"): a secret whatever its shape. After a user-name label ("usuario
    rcaballero", "identifiant : mdurand"), with or without a link, a word the language's
    dictionary does not know as a common word ("the user asked" is a sentence)."""
    found: set[int] = set()
    accounts: dict[int, str] = {}
    # only where a label can start: every token against every label was a quarter of mark()'s time
    starts = {label.split()[0] for label in lang.secret_labels + lang.account_labels}
    for i in (i for i, t in enumerate(tokens) if t.text.lower() in starts):
        for label in lang.secret_labels:
            at = _after_label(tokens, i, label.split())
            if at is None or not at[1]:
                continue
            j = at[0]
            quoted = j > 0 and tokens[j - 1].text in _QUOTE_PAIRS
            ends = j + 1 == len(tokens) or "\n" in tokens[j].ws or tokens[j + 1].text.lower() in _CLAUSE_END
            if quoted:
                found.update(_quoted(tokens, j))  # a passphrase of several words ("correct horse battery staple")
            elif tokens[j].pos in _SECRET_POS or tokens[j].pos == "ADJ" and tokens[j].tag not in ("JJR", "JJS") and ends:
                found.add(j)
        for label in lang.account_labels:
            at = _after_label(tokens, i, label.split())
            if at is not None and not tokens[at[0]].stop and tokens[at[0]].pos not in _FUNCTION_POS:
                accounts[at[0]] = tokens[at[0]].text.lower()
    known = word_classes.common_readings(set(accounts.values()), lang.code) if accounts else {}
    return found | {j for j, word in accounts.items() if word not in known}


def _quantity(word: str) -> bool:
    """A number with an ordinal's or a unit's ending ("3rd", "25km", "100k"); with more digits
    than a quantity has, the letter is part of an ID ("45678123K", a Spanish DNI)."""
    return bool(NUMBER_SUFFIX_RE.fullmatch(word)) and _digit_count(word) <= 6


def _number_kind(text: str) -> str:
    if NUMBER_RE.fullmatch(text) or _quantity(text):
        return "NUMBER"
    return "CODE"


def mark(tokens: list[Token], lang_code: str = "en") -> list[Token]:
    """Tokens with `entity` set to the kind of private value each one is ("" for words)."""
    lang = lexicon(lang_code)
    ordinary, subjects = _first_words(tokens, lang)
    context = _name_context(tokens, lang)
    # In a line written in capitals ("PLEASE CALL ME BACK") a capital says nothing about names.
    shouting: set[int] = set()
    for line in _lines(tokens):
        words = [tokens[i].text for i in line if tokens[i].is_word and any(c.isalpha() for c in tokens[i].text)]
        if len(words) >= 3 and sum(w.isupper() for w in words) >= 0.8 * len(words):
            shouting.update(line)
    secrets = _after_secret_label(tokens, lang)
    formulas = _formulas(tokens, lang)
    lowercase_names = _lowercase_names(tokens, lang)
    kinds: list[str] = []
    for i, tok in enumerate(tokens):
        kind = tok.entity
        if kind == "NAME":
            kind = "PERSON" if tok.ner in ("PERSON", "PER", "") else _NER_NAMES.get(tok.ner, "ORG")
        elif kind:
            pass
        elif any(c.isdecimal() for c in tok.text):
            kind = _number_kind(tok.text)
        elif i in formulas:
            kind = ""
        elif i in secrets or _secret_shaped(tok.text):
            kind = "CODE"
        elif i in context:
            kind = context[i]
        elif _calendar(tokens, i, lang):
            kind = "CALENDAR"
        else:
            starts = _starts(tokens, i)
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            # "Invoice:" "Password:" at the start of a line label what follows; they are words.
            label = starts and nxt is not None and nxt.text == ":"
            if tok.text.lower().rstrip(".") in lang.titles:
                kind = ""
            elif i in lowercase_names:
                kind = "PERSON"
            elif lang.code == "en" and i not in shouting and (_first_name_used_as_name(tokens, i, starts, label)
                                                              or _surname_as_subject(tokens, i, starts)):
                kind = "PERSON"
            elif lang.code != "en" and label and _unaccented(tok.text) in first_names():
                kind = "PERSON"  # a chat's speaker ("Léa : on se retrouve ?"), not a label ("Objet :")
            elif i in shouting:
                kind = _NER_NAMES.get(tok.ner, "")
            elif i in ordinary:
                kind = ""
            elif i in subjects:
                kind = "PERSON"
            else:
                kind = _word_kind(tok, starts, label)
        kinds.append(kind)
    # Particles between two parts of a name ("van der Berg", "MARIA DEL CARMEN", "Costa del Sol")
    # belong to it: sent as they were, they came back translated ("MARIA OF THE CARMEN").
    named = ("PERSON", "ORG", "PLACE")
    for i, tok in enumerate(tokens):
        if not kinds[i] and tok.text.lower() in lang.particles and 0 < i < len(tokens) - 1:
            if kinds[i - 1] in named and (kinds[i + 1] in named or tokens[i + 1].text.lower() in lang.particles):
                kinds[i] = kinds[i - 1]
        # "Soler i Pons" is one person: the translator would make it "Soler and Pons"
        elif not kinds[i] and tok.text in lang.name_joiners and 0 < i < len(tokens) - 1 and "\n" not in tok.ws:
            after = tokens[i + 1]
            # a surname that is also a word may be called an organisation ("Roig", red); a first
            # name after it starts another person ("Ortega y Gasset y Ana")
            if (kinds[i - 1] == "PERSON" and kinds[i + 1] in ("PERSON", "ORG") and _capitalised(after.text)
                    and after.text.lower() not in first_names()):
                kinds[i] = "PERSON"
    # A first name joined to a name is a name too ("Mark and Will are both off").
    for i, tok in enumerate(tokens):
        if kinds[i] or lang.code != "en" or i in shouting or not _capitalised(tok.text) \
                or tok.text.lower() not in first_names():
            continue
        before = [j for j in range(i - 1, -1, -1) if tokens[j].pos != "SPACE"][:2]
        if len(before) == 2 and tokens[before[0]].text.lower() in ("and", "&", "or", ",") \
                and kinds[before[1]] == "PERSON":
            kinds[i] = "PERSON"
    # A short line of capitalised words holding a name is one name (a letterhead or a signature:
    # "Caixa Montseny", where the tagger calls "Caixa" a common noun): outside English, whose
    # recogniser reads such lines itself, the other words of the line take the name's kind.
    if lang.code != "en":
        for line in _lines(tokens):
            words = [i for i in line if tokens[i].is_word]
            named = [kinds[i] for i in words if kinds[i] in ("PERSON", "ORG", "PLACE")]
            if named and len(words) <= 4 and all(_capitalised(tokens[i].text) for i in words) \
                    and not any(tokens[i].pos == "PUNCT" for i in line):
                for i in words:
                    if not kinds[i] and tokens[i].pos in ("NOUN", "PROPN", "ADJ"):
                        kinds[i] = "ORG" if "ORG" in named or len(named) < len(words) else named[0]
    out = []
    for i, (tok, kind) in enumerate(zip(tokens, kinds)):
        first = bool(kind) and (i == 0 or kinds[i - 1] != kind or tokens[i - 1].pos == "SPACE"
                                or "\n" in tokens[i - 1].ws or tok.ner_start)
        if i in ordinary and not kind:
            tok = replace(tok, pos=ordinary[i][0], tag=ordinary[i][1])
        out.append(replace(tok, entity=kind, ent_start=first))
    return out
