"""The console's Staff tab through HTTP: an owner adds, changes and removes roles; refusals
(unknown account, the only owner) show next to their field and change nothing; a judge
sees the staff but cannot change them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database

from .helpers import account, log_in, post

ACTOR = "td"


def _event(db: Database, name: str) -> str:
    owner = account(db, "olga")
    return events.create_event(db, name, actor=ACTOR, owner=owner.id)


def _roles(db: Database, slug: str) -> dict[str, str]:
    return {u: r.label for u, _, r in staff.staff_of(db, slug)}


def test_an_owner_adds_changes_and_removes_staff(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Staffing")
    account(sqlite_db, "jude", organizer=False)
    log_in(web_client, "olga")
    assert (
        post(
            web_client, f"/console/{slug}/staff", {"username": "jude", "role": "judge"}
        ).status_code
        == 303
    )
    assert _roles(sqlite_db, slug) == {"olga": "owner", "jude": "judge"}
    page = web_client.get(f"/console/{slug}/staff")
    assert page.status_code == 200 and "jude" in page.text
    assert (
        post(web_client, f"/console/{slug}/staff/jude/role", {"role": "viewer"}).status_code == 303
    )
    assert _roles(sqlite_db, slug)["jude"] == "viewer"
    asked = post(web_client, f"/console/{slug}/staff/jude/remove")  # asked first
    assert asked.status_code == 200 and "Take away Jude&#39;s role (viewer)?" in asked.text
    assert _roles(sqlite_db, slug)["jude"] == "viewer"
    removed = post(web_client, f"/console/{slug}/staff/jude/remove", {"confirmed": "yes"})
    assert removed.status_code == 303
    assert _roles(sqlite_db, slug) == {"olga": "owner"}


def test_refusals_show_next_to_the_field_and_change_nothing(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Staff refusals")
    log_in(web_client, "olga")
    unknown = post(web_client, f"/console/{slug}/staff", {"username": "ghost", "role": "judge"})
    assert unknown.status_code == 422 and "no account &#39;ghost&#39;" in unknown.text
    assert 'value="ghost"' in unknown.text
    last = post(web_client, f"/console/{slug}/staff/olga/role", {"role": "judge"})
    assert last.status_code == 422 and "only owner" in last.text
    gone = post(web_client, f"/console/{slug}/staff/olga/remove", {"confirmed": "yes"})
    assert gone.status_code == 422 and "only owner" in gone.text
    assert _roles(sqlite_db, slug) == {"olga": "owner"}


def test_a_judge_sees_the_staff_but_cannot_change_them(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Staff judges")
    account(sqlite_db, "jude", organizer=False)
    staff.grant(sqlite_db, slug, "jude", "judge", actor=ACTOR)
    log_in(web_client, "jude")
    page = web_client.get(f"/console/{slug}/staff")
    assert page.status_code == 200 and "Add staff" not in page.text
    refused = post(web_client, f"/console/{slug}/staff", {"username": "jude", "role": "owner"})
    assert refused.status_code == 403
    assert _roles(sqlite_db, slug)["jude"] == "judge"
