"""One version string (issue 28, point 10): every page's footer says the installed package's
version — never the event's own counter, which the live pages call ``event_version`` — and
the library's ``fairpair.__version__`` is the same string."""

from __future__ import annotations

from importlib.metadata import version

from fastapi.testclient import TestClient

import fairpair
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer

from .helpers import log_in
from .test_console_results import started


def test_every_footer_says_the_package_version(web_client: TestClient, sqlite_db: Database) -> None:
    assert fairpair.__version__ == version("fairpair")
    slug = started(sqlite_db, "Versioned")
    for i in range(30):  # the event's counter far from the package's version
        players.add_players(sqlite_db, slug, [NewPlayer(f"Late {i}")], actor="td")
    footer = f"<small>fairpair {version('fairpair')}</small>"
    for url in (f"/e/{slug}", f"/e/{slug}/pairings", f"/e/{slug}/standings", "/"):
        assert footer in web_client.get(url).text, url
    log_in(web_client, "olga")
    for url in (f"/console/{slug}", f"/console/{slug}/results", f"/console/{slug}/log"):
        assert footer in web_client.get(url).text, url
