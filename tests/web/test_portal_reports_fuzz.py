"""Hostile form posts to the player's own forms (report, confirm, dispute), as a player of
the event holding their pass (the route table's form fuzz posts as the owner, who is no
player): whatever is typed, the answer is never a server error, and a post the service
takes changes at most this player's own match."""

from __future__ import annotations

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.service.event.events import list_events
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds.lifecycle import round_view
from self_report_events import pairs, reporting_event

from .helpers import post
from .player_passes import be_player, pass_of
from .test_form_fuzz import HOSTILE

FIELDS = ("won", "lost", "drawn", "round", "table", "version", "result")
FORMS = st.dictionaries(st.sampled_from(FIELDS), HOSTILE, max_size=6)
ACTIONS = st.sampled_from(["report", "confirm", "dispute"])


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(action=ACTIONS, form=FORMS, htmx=st.booleans())
def test_hostile_player_forms_never_fail(
    web_client: TestClient, sqlite_db: Database, action: str, form: dict[str, str], htmx: bool
) -> None:
    slug = "fuzz-reports"
    if slug not in {e.slug for e in list_events(sqlite_db).events}:  # the first example
        reporting_event(sqlite_db, "Fuzz Reports", 8)
        first = pairs(sqlite_db, slug)[0]
        be_player(web_client, sqlite_db, slug, pass_of(sqlite_db, slug, first.a))
    headers = {"hx-request": "true"} if htmx else {}
    answer = post(web_client, f"/e/{slug}/me/{action}", form, headers=headers)
    assert answer.status_code < 500, answer.text[:500]
    assert "Traceback" not in answer.text
    others = [t.result for t in round_view(sqlite_db, slug, 1).tables[1:]]
    assert others == [None, None, None]  # nobody else's match was touched
