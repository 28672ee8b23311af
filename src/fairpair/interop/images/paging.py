"""Pages of a long list: page K of N, ``per_page`` rows each (the last may be shorter).

A 4,000-player event's standings are 400 pages of ten; drawing one page reads only its
rows. ``top`` keeps the first N rows before paging (the top 8 of the standings)."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair import i18n
from fairpair.engine.errors import saying
from fairpair.i18n import gettext as _
from fairpair.interop.images.errors import NoSuchPage


@dataclass(frozen=True, slots=True)
class Sheet:
    """One page of a list of ``total`` rows: rows ``start`` to ``stop`` (0-based, ``stop``
    excluded), page ``number`` of ``pages``."""

    number: int
    pages: int
    start: int
    stop: int
    total: int

    @property
    def rows(self) -> slice:
        return slice(self.start, self.stop)

    def caption(self, noun: str) -> str:
        """ "Tables 1–10 of 40 · page 1 of 4" (the footer's words)."""
        n = i18n.number
        shown = (
            _("%(what)s %(first)s–%(last)s of %(total)s")
            % {
                "what": noun,
                "first": n(self.start + 1),
                "last": n(self.stop),
                "total": n(self.total),
            }
            if self.stop > self.start
            else _("%(what)s: none") % {"what": noun}
            if i18n.language() != i18n.SOURCE
            else f"no {noun.lower()}"
        )
        if self.pages <= 1:
            return shown
        page = _("page %(page)s of %(pages)s") % {"page": n(self.number), "pages": n(self.pages)}
        return f"{shown} · {page}"


def sheet(total: int, page: int = 1, per_page: int = 10, top: int | None = None) -> Sheet:
    """Page ``page`` of ``total`` rows (the first ``top`` when given), ``per_page`` a page.
    An empty list has one empty page. ``NoSuchPage`` past the last page."""
    if per_page < 1:
        raise NoSuchPage(
            "per_page", saying("a page holds at least one row, not %(per_page)s", per_page=per_page)
        )
    if top is not None and top < 1:
        raise NoSuchPage("top", saying("the top must be at least 1, not %(top)s", top=top))
    kept = total if top is None else min(total, top)
    pages = max(1, -(-kept // per_page))
    if not 1 <= page <= pages:
        raise NoSuchPage(
            "page",
            saying("there is no page %(page)s: pages 1 to %(pages)s", page=page, pages=pages),
        )
    start = (page - 1) * per_page
    return Sheet(page, pages, start, min(kept, start + per_page), kept)
