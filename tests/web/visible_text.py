"""The visible text of a page as a reader meets it: its text nodes and the attributes read
aloud or shown (title, aria-label, placeholder, alt), without scripts, code and what is marked
``translate="no"`` (an identifier shown as it is). Used by the checks that no English is left
on a translated page (``test_untranslated_pages.py``, ``tests/generator/test_words.py``)."""

from __future__ import annotations

from html.parser import HTMLParser

SKIP = {"script", "style", "template", "svg", "code", "pre", "kbd", "samp"}
ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Text(HTMLParser):
    """The visible text of a page: its text nodes and the attributes a reader meets."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self._skipping = 0
        self._open: list[str] = []  # the elements being skipped, innermost last

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # an identifier shown as it is (a player's key, a tiebreak's code, a link) is marked
        # translate="no", as HTML says: neither a translator nor this test reads it
        if tag in SKIP or ("translate", "no") in attrs or self._skipping:
            if tag not in VOID:
                self._open.append(tag)
                self._skipping += 1
            return
        for name, value in attrs:
            if name in ATTRIBUTES and value:
                self.pieces.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._open:  # closes it and whatever was left open inside it
            while self._open:
                self._skipping -= 1
                if self._open.pop() == tag:
                    break

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            text = " ".join(data.split())
            if text:
                self.pieces.append(text)


def visible(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.pieces
