"""A text's tokens and language, with what several recognisers read off them worked out once
(a module of its own: it reads first words with first_words.py, which uses common.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import lines
from .first_words import read

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenize import Token


# the marks that open or close a quotation
_QUOTES = frozenset({'"', "“", "”", "«", "»"})


class Passage:
    """A text's tokens and language, with what several recognisers read off them worked out once."""

    def __init__(self, tokens: list[Token], lang) -> None:
        self.tokens = tokens
        self.lang = lang  # the language's Lexicon
        self._lines: list[list[int]] | None = None
        self._shouting: set[int] | None = None
        self._shouted_quotes: set[int] = set()
        self._first_words: tuple[dict[int, tuple[str, str]], set[int]] | None = None
        self._lower: list[str] | None = None
        self._capitalised: list[int] | None = None
        self._places: dict[int, tuple[int, int]] | None = None
        # what one recogniser works out for several, by its name ("capital_runs": office_words.py)
        self.memo: dict[str, Any] = {}

    # Per-token facts most recognisers test first, read once per text: a recogniser looks at
    # the tokens that could be what it looks for, not at every token (common.capitalised)
    @property
    def lower(self) -> list[str]:
        """Each token's text in lower case."""
        if self._lower is None:
            self._lower = [t.text.lower() for t in self.tokens]
        return self._lower

    @property
    def capitalised(self) -> list[int]:
        """The indices of the tokens whose first character is a capital, in order."""
        if self._capitalised is None:
            self._capitalised = [i for i, t in enumerate(self.tokens) if t.text[:1].isupper()]
        return self._capitalised

    @property
    def lines(self) -> list[list[int]]:
        if self._lines is None:
            self._lines = lines(self.tokens)
        return self._lines

    def place(self, i: int) -> tuple[int, int]:
        """Token i's line (its number in `lines`) and its position in that line: looked up, not
        searched line by line for each of a long text's capitalised runs."""
        if self._places is None:
            self._places = {j: (n, k) for n, line in enumerate(self.lines) for k, j in enumerate(line)}
        return self._places[i]

    def blank_before(self, n: int) -> bool:
        """A blank line between line n and the line before it (the text's start counts as one)."""
        if n == 0:
            return True
        tokens, line = self.tokens, self.lines[n]
        gap = "".join(t.ws + (t.text if t.pos == "SPACE" else "") for t in tokens[self.lines[n - 1][-1]:line[0]])
        return gap.count("\n") >= 2

    @property
    def shouting(self) -> set[int]:
        """The tokens of lines written in capitals ("PLEASE CALL ME BACK"), and of quotations
        written so in a line that is not ('"I AM THE DRAGON!" he roared'), where a capital says
        nothing about names."""
        if self._shouting is None:
            self._shouting, self._shouted_quotes = set(), set()
            for line in self.lines:
                if not any(self.tokens[i].text.isupper() for i in line):
                    continue  # most lines: no word in capitals
                if self._in_capitals(line):
                    self._shouting.update(line)
                else:
                    self._shouted_quotes.update(i for stretch in self._quoted(line) if self._in_capitals(stretch)
                                                for i in stretch)
            self._shouting |= self._shouted_quotes
        return self._shouting

    @property
    def shouted_quotes(self) -> set[int]:
        """The tokens of `shouting` that are quotations in a line that is not all in capitals."""
        _ = self.shouting  # works out both
        return self._shouted_quotes

    def _in_capitals(self, stretch: list[int]) -> bool:
        words = [self.tokens[i].text for i in stretch
                 if self.tokens[i].is_word and any(c.isalpha() for c in self.tokens[i].text)]
        return len(words) >= 3 and sum(w.isupper() for w in words) >= 0.8 * len(words)

    def _quoted(self, line: list[int]) -> list[list[int]]:
        """The line's stretches between quotation marks (the first one's text is said, the next
        one's is the narrator's, and so on; all are looked at alike)."""
        stretches: list[list[int]] = [[]]
        for i in line:
            if self.tokens[i].text in _QUOTES:
                stretches.append([])
            else:
                stretches[-1].append(i)
        return stretches if len(stretches) > 1 else []

    @property
    def first_words(self) -> tuple[dict[int, tuple[str, str]], set[int]]:
        """Capitalised first words read by the dictionary (first_words.py): (ordinary words with
        the tags to read them with, names)."""
        if self._first_words is None:
            self._first_words = read(self.tokens, self.lang)
        return self._first_words
