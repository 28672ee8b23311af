"""Hostile form posts, generated from the route table: every mutating page route (pages, not
the API, which schemathesis covers) receives forms of hostile values — empty, huge, unicode,
markup, control characters, numbers out of any range — as the event's own owner (a valid
session and CSRF token, so the posts get past the checks and into the code that reads
them). Whatever the route does with them, the answer is never a server error and never a
traceback; the database keeps accepting changes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from databases import BACKENDS
from fairpair.service.accounts.sessions import open_session
from fairpair.service.event.demo import create_demo
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.web.access import SESSION_COOKIE
from fairpair.web.app import CSRF_COOKIE, create_app

from .conftest import settings_for
from .helpers import account
from .test_permissions import MUTATING, ROUTES, _path, calls

PAGE_POSTS = [(m, r) for m, r in calls(ROUTES, MUTATING) if not (r.path or "").startswith("/api/")]
#: The form fields the pages read (a hostile form sets some of them, and some strangers).
FIELDS = (
    "name",
    "slug",
    "ruleset",
    "id",
    "seed",
    "rating",
    "team",
    "contact",
    "player",
    "players",
    "other",
    "reason",
    "table",
    "result",
    "round",
    "stage",
    "format",
    "max_rounds",
    "pairing_method",
    "tiebreaks",
    "move",
    "add_tiebreak",
    "groups",
    "forbidden_pairs",
    "toss_enabled",
    "toss_policy",
    "wins_to_advance",
    "losses_to_eliminate",
    "cut_from",
    "cut_by",
    "cut_top",
    "cut_percent",
    "pod_size",
    "remainder",
    "cycles",
    "third_place",
    "starts_at",
    "ends_at",
    "version",
    "first",
    "early",
    "username",
    "role",
    "late_byes",
    "late_kind",
    "place-p1",
    "q",
    "next",
    "password",
    "undo",
    "after_round",
)
HOSTILE = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "999999999999999999999",
            "1e999",
            "²",
            "١٢",
            "NaN",
            "null",
            "true",
            "2-1",
            "<script>alert(1)</script>",
            "../../etc/passwd",
            "'; DROP TABLE players;--",
            "\x00",
            "\u202e",
            "ＡＢＣ",
            "ann",
            "swiss",
            "top8",
            "up:0",
            "down:99",
            "remove:-1",
            "2026-13-45T99:99",
            "9" * 5000,
        ]
    ),
    st.text(max_size=60),
)
FORMS = st.dictionaries(st.sampled_from(FIELDS), HOSTILE, max_size=8)


@pytest.fixture(scope="module", params=BACKENDS)
def owner_client(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[TestClient, Database, dict[str, Any]]]:
    # PostgreSQL too: its INTEGER is 32 bits where SQLite's is 64.
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
        name, url = server.create("fuzz")
        request.addfinalizer(lambda: server.drop(name))
    else:
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('form-fuzz')) / 'fuzz.db'}"
    db = Database.open(url)
    owner = account(db, "fuzz-owner")
    slug = create_demo(db, slug="fuzz-event", owner=owner.id)
    with TestClient(create_app(settings_for(url)), base_url="https://testserver") as client:
        client.get("/login")
        csrf = client.cookies[CSRF_COOKIE]
        client.cookies.set(SESSION_COOKIE, open_session(db, owner))
        values = {
            "slug": slug,
            "number": 4,
            "round": 4,
            "table": 1,
            "player": "x",
            "stage": "swiss",
            "token_id": 1,
            "username": "fuzz-owner",
        }
        yield client, db, {"csrf": csrf, "values": values, "slug": slug}
    db.close()


@pytest.mark.parametrize(
    ("method", "route"), PAGE_POSTS, ids=[f"{m} {r.path}" for m, r in PAGE_POSTS]
)
def test_a_hostile_form_never_breaks_a_page(
    owner_client: tuple[TestClient, Database, dict[str, Any]], method: str, route: Any
) -> None:
    client, db, world = owner_client
    if route.path in ("/logout",):
        pytest.skip("logging out ends the session the other posts use")
    url = _path(route, world["values"])
    to_login: list[bool] = []

    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(form=FORMS)
    def post(form: dict[str, str]) -> None:
        answer = client.request(
            method,
            url,
            data={"csrftoken": world["csrf"], **form},
            headers={"x-csrftoken": world["csrf"]},
            follow_redirects=False,
        )
        assert answer.status_code < 500, (url, form, answer.text[-800:])
        assert "Traceback" not in answer.text
        to_login.append(answer.headers.get("location", "").startswith("/login"))

    post()
    assert not all(to_login)  # the posts got past the login, into the route's own code
    assert event_version(db, world["slug"]) >= 1  # the event is still there and readable
