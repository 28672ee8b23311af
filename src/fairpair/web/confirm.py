"""Ask first, say what was done, offer to take it back: the one pattern every bulk or
destructive action of the console follows (issue 28).

1. The action's form posts as usual. Without ``confirmed=yes`` in it, the route does nothing
   yet: it answers the confirmation page (``ask``) — what the action will do, with counts,
   and names when there are few ("Drop 16 players who have not checked in: Ann, Bea, … ?"),
   a plain warning first for a degenerate case ("Nobody has checked in yet: …"), a button
   that posts the same form again with ``confirmed=yes``, and Cancel back to where the
   organizer was. It is a server-rendered step: it works without JavaScript.
2. With ``confirmed=yes`` the route acts and redirects back with a message that says what
   was done, with counts ("16 players dropped."); when the action can be taken back as one
   action, the message carries an Undo button (``Done.undo``), which posts a token the
   service checks (an undo is refused once the event has moved on).

``partials/confirm.html`` draws both (``confirm_box``, ``done_box``). Their words are made by
the route in the reader's language (``fairpair.i18n``: a confirmation as it is asked, a message
from its ``?done=`` code and values as the page is shown, so a link never carries a sentence);
``names`` joins names as the language does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from babel.lists import format_list
from fastapi import Request
from fastapi.responses import Response

from fairpair import i18n
from fairpair.i18n import N_
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access
from fairpair.web.console import console_page

#: The form field a confirmation posts, and its value.
CONFIRMED = "confirmed"
YES = "yes"
#: How many names a message lists before "and N more".
FEW = 12
#: Where a message's moment goes (``Done.at``).
AT = "{at}"


@dataclass(frozen=True, slots=True)
class Confirm:
    """A confirmation step: ``question`` (with counts), ``details`` (names, consequences, one
    a line), ``warning`` (a degenerate case, said plainly first), the ``button`` that does it,
    posting ``fields`` to ``action`` again, and ``back``: where Cancel goes."""

    question: str
    action: str
    button: str
    back: str
    fields: tuple[tuple[str, str], ...] = ()
    details: tuple[str, ...] = ()
    warning: str | None = None


@dataclass(frozen=True, slots=True)
class Done:
    """What an action did (``text``, with counts), and — when it can be taken back in one
    action — the Undo button: it posts ``undo_fields`` to ``undo``. ``at``: a moment the
    text names where it says ``{at}`` (shown as the time of day in the reader's zone)."""

    text: str
    undo: str | None = None
    undo_fields: tuple[tuple[str, str], ...] = ()
    undo_label: str = N_("Undo")
    at: datetime | None = None

    @property
    def parts(self) -> tuple[str, str]:
        """The text before and after ``{at}`` (all of it before, without a moment)."""
        if self.at is None or AT not in self.text:
            return self.text.replace(AT, ""), ""
        before, after = self.text.split(AT, 1)
        return before, after


def confirmed(values: Mapping[str, object]) -> bool:
    """The post is the confirmation (the organizer saw what it will do and said yes)."""
    return values.get(CONFIRMED) == YES


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(16, "player")`` → "16 players"; ``count(1, "match", "matches")`` → "1 match"
    (English: a translated message writes its own ``ngettext``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def names(items: Sequence[str], few: int = FEW) -> str:
    """ "Ann, Bea and Cole"; past ``few`` names: "Ann, Bea, … and 14 more" — in another
    language as it joins a list (CLDR's patterns: "Ann, Bea und Cole", "Ann、Bea、Cole")."""
    shown = list(items[:few])
    rest = len(items) - len(shown)
    if i18n.language() != i18n.SOURCE and shown:
        if rest > 0:
            shown.append(i18n.ngettext("%(num)d more", "%(num)d more", rest) % {"num": rest})
        return format_list(shown, locale=i18n.locale())
    if rest > 0:
        return ", ".join(shown) + f" and {rest} more"
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def ask(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    confirm: Confirm,
    *,
    tab: str,
    title: str,
) -> Response:
    """The confirmation page of ``confirm``, inside the console's tab ``tab``."""
    return console_page(
        request, access, db, slug, "console/confirm.html", tab=tab, confirm=confirm, title=title
    )


def ordinal(n: int) -> str:
    """A place in the standings: "7th" (another language: "place 7" as it says it)."""
    if i18n.language() != i18n.SOURCE:
        return i18n.gettext("place %(number)s") % {"number": n}
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def placed(moved: Sequence[tuple[str, int | None]]) -> str:
    """Players with their places: "Dan (7th) and Eve (8th)" (``(name, place)`` pairs)."""
    return names(
        [
            i18n.gettext("%(name)s (%(place)s)") % {"name": name, "place": ordinal(place)}
            if place
            else name
            for name, place in moved
        ]
    )
