"""Every page, read in Japanese, has no English left: the rendered check beside the catalogue's.

``tests/i18n/test_catalogues.py`` finds visible text outside ``_()`` in templates; text made in
Python (a service sentence, an engine reason, a note, a label built in a route) escapes it. So
this test renders every HTML page the accessibility scan visits — the same event walked through
the same states (a draft under review; an open round with a self-report and a dispute; a
player's own pages; the top cut open; a community, its ratings and a league) — once in English
and once in Japanese, and lists each piece of visible text (text nodes and the ``title``,
``aria-label``, ``placeholder`` and ``alt`` a reader meets) that is the same in both and is
written in Latin letters with a word in lower case (Japanese sentences are not: what is left
in Latin letters is a name, a code or untranslated English). The field's and events' names
and what is kept as typed are not text (``NOT_TEXT``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from fairpair.service.event.details import set_event_details
from fairpair.store.database import Database
from fairpair.web.app import create_app
from fairpair.web.language import COOKIE

from .access_walk import club_rated, draft_under_review, league_played, round_open, top_cut_open
from .conftest import settings_for
from .helpers import log_in
from .swiss_events import ACTOR
from .test_browser_accessibility import (
    ANONYMOUS,
    COMMUNITY,
    DRAFT,
    LEAGUES,
    OPEN,
    PLAYER,
    PLAYOFF,
    RATINGS,
    Visit,
)
from .visible_text import visible

#: Visible text that is not English text: the field's and events' names (a page's title is
#: names only: "Ada Quill — Access Open — fairpair"), and what is kept as typed.
NOT_TEXT = re.compile(
    r"^(?:(?:fairpair|Access [A-Za-z ]+|[A-Z][a-z]+ [A-Z][a-z]+|Swiss|“?for Sam”?)(?: [—·] |$))+$"
    # the Resolution Queue's result field: the words a judge types (the parser's own)
    r"|^2-1, draw, a-forfeits …$"
    # the stages' names as the test's event was made (data, not the product's words), a
    # stage picked by name and id
    r"|^(?:— )?(?:Single elimination|Swiss)(?: \([a-z0-9-]+\))?$"
    # an example of a stage's id (the field's placeholder)
    r"|^stage-2$"
    # the version; each language's own name in the picker; the accounts' usernames
    r"|^fairpair [0-9.]+$|^(?:English|Español|Português \(Brasil\)|Français|Deutsch|Italiano)$"
    r"|^(?:ally|jude)$"
    # ids as a record stores them (the audit log's details: players' keys, an actor's name)
    r"|^(?:td|[a-z0-9]+(?:-[a-z0-9]+)+(?:, [a-z0-9]+(?:-[a-z0-9]+)+)*)$"
)


def english(piece: str) -> bool:
    """Text in Latin letters with a word in lower case: a sentence or a label, not a name."""
    if NOT_TEXT.match(piece):
        return False
    words = re.findall(r"[A-Za-z]+", piece)
    return any(w.islower() and len(w) > 1 for w in words)


#: Pages still partly English, and why (docs/languages.md "Not translated yet"): a route here
#: is read but its English is not counted. Remove a line when its page is translated.
NOT_YET: dict[str, str] = {}  # none left


class Reader:
    """One browser's cookies, reading pages in English and in Japanese."""

    def __init__(self, client: TestClient, values: dict[str, str]) -> None:
        self.client = client
        self.values = values
        self.found: dict[str, set[str]] = {}

    def read(self, visits: tuple[Visit, ...]) -> None:
        for visit in visits:
            if visit.route == "/docs" or visit.route == "/generator/":
                continue  # ReDoc's own page; the generator's words are its JavaScript's
            url = visit.url.format(**self.values)
            pages = {}
            for lang in ("en", "ja"):
                self.client.cookies.set(COOKIE, lang)
                answer = self.client.get(url, follow_redirects=True)
                pages[lang] = answer.text
            self.client.cookies.delete(COOKIE)
            left = set(visible(pages["ja"])) & set(visible(pages["en"]))
            left = {p for p in left if english(p)}
            if left and (visit.route or url) not in NOT_YET:
                self.found.setdefault(visit.route or url, set()).update(left)


@pytest.fixture
def client(sqlite_db: Database) -> Iterator[TestClient]:
    app = create_app(settings_for(sqlite_db.url))
    with TestClient(app, base_url="https://testserver") as client:
        yield client


def test_every_page_read_in_japanese_has_no_english_left(
    client: TestClient, sqlite_db: Database
) -> None:
    walk = draft_under_review(sqlite_db)
    # a notice is written once, in its reader's language (here the event's): not English
    set_event_details(sqlite_db, walk.slug, {"language": "ja"}, actor=ACTOR)
    reader = Reader(client, walk.values)
    reader.read(ANONYMOUS)
    log_in(client, "ally")
    reader.read(DRAFT)
    round_open(walk)
    reader.read(OPEN)
    reader.read(PLAYER)
    top_cut_open(walk)
    reader.read(PLAYOFF)
    reader.read(COMMUNITY)
    club_rated(walk)
    reader.read(RATINGS)
    league_played(walk)
    reader.read(LEAGUES)

    report = "\n".join(
        f"{route}:\n" + "\n".join(f"    {p!r}" for p in sorted(pieces))
        for route, pieces in sorted(reader.found.items())
    )
    print(report)
    assert reader.found == {}, report
