"""Accounts made and mended in the browser: first-run setup (exactly one first account, even
when two browsers submit at once), invitations and password resets (one use each, expiring,
only by those allowed), and personal links shown again."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import update

from fairpair.service.accounts.links import (
    accept_invitation,
    change_password,
    event_invitations,
    first_account,
    invitation,
    invite,
    needs_setup,
    reset_link,
    reset_password,
    revoke_link,
)
from fairpair.service.accounts.logins import add_account, authenticate
from fairpair.service.accounts.sessions import open_session, session_account
from fairpair.service.accounts.staff import Role, role_of
from fairpair.service.event import events
from fairpair.service.kernel.change import now
from fairpair.service.kernel.errors import BadCredentials, NotAllowed, Refused
from fairpair.service.players import roster
from fairpair.service.players.passes import pass_of, shown_link, staff_link
from fairpair.service.players.registration import NewPlayer
from fairpair.store.database import Database
from fairpair.store.models import AccountLinkRow

PASSWORD = "correct horse battery"


def test_first_run_makes_exactly_one_administrator_even_at_once(db: Database) -> None:
    assert needs_setup(db)
    made: list[str] = []
    refused: list[str] = []
    start = threading.Barrier(4)

    def submit(name: str) -> None:
        start.wait()
        try:
            made.append(first_account(db, name, PASSWORD).username)
        except NotAllowed as error:
            refused.append(error.reason)

    threads = [threading.Thread(target=submit, args=(f"first{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 1 and len(refused) == 3
    assert "set up already" in refused[0]
    account = authenticate(db, made[0], PASSWORD)
    assert account.admin and account.organizer
    assert not needs_setup(db)


def test_an_owner_invites_staff_once_and_the_link_then_stops(db: Database) -> None:
    owner = add_account(db, "olga", PASSWORD)
    slug = events.create_event(db, "Olga's Open", actor="olga", owner=owner.id)
    _, secret = invite(db, owner, slug=slug, role="judge", note="for Sam")
    assert invitation(db, secret).what == "judge of Olga's Open"
    sam = accept_invitation(db, secret, "sam", PASSWORD, name="Sam Stone")
    assert role_of(db, slug, sam) == Role.JUDGE and not sam.organizer
    with pytest.raises(Refused, match="was used"):
        accept_invitation(db, secret, "sam2", PASSWORD)
    with pytest.raises(Refused, match="unknown"):
        invitation(db, secret + "x")
    assert [i.state for i in event_invitations(db, slug)] == ["used"]
    # a judge, or an organizer who does not own the event, may not invite to it
    with pytest.raises(NotAllowed):
        invite(db, sam, slug=slug, role="owner")
    other = add_account(db, "otto", PASSWORD)
    with pytest.raises(NotAllowed):
        invite(db, other, slug=slug)
    # only the administrator invites organizers
    with pytest.raises(NotAllowed):
        invite(db, owner)


def test_an_invitation_expires_can_be_revoked_and_a_taken_username_keeps_it(
    db: Database,
) -> None:
    owner = add_account(db, "olga", PASSWORD)
    slug = events.create_event(db, "Olga's Open", actor="olga", owner=owner.id)
    first, old = invite(db, owner, slug=slug)
    with db.writing() as conn:
        conn.execute(
            update(AccountLinkRow)
            .where(AccountLinkRow.id == first.id)
            .values(expires_at=now() - timedelta(minutes=1))
        )
    with pytest.raises(Refused, match="expired"):
        accept_invitation(db, old, "late", PASSWORD)
    second, fresh = invite(db, owner, slug=slug, role="viewer")
    with pytest.raises(Refused, match="taken"):
        accept_invitation(db, fresh, "olga", PASSWORD)
    assert invitation(db, fresh).state == "open"  # the refusal used nothing
    revoke_link(db, owner, second.id, slug=slug)
    with pytest.raises(Refused, match="revoked"):
        accept_invitation(db, fresh, "vic", PASSWORD)


def test_the_administrator_invites_an_organizer(db: Database) -> None:
    admin = first_account(db, "root", PASSWORD)
    _, secret = invite(db, admin, note="for Dana")
    dana = accept_invitation(db, secret, "dana", PASSWORD)
    assert dana.organizer and not dana.admin


def test_a_reset_link_works_once_and_logs_every_browser_out(db: Database) -> None:
    admin = first_account(db, "root", PASSWORD)
    ann = add_account(db, "ann", PASSWORD)
    session = open_session(db, ann)
    _, older = reset_link(db, admin, "ann")
    _, secret = reset_link(db, admin, "ann")  # the older one stops working
    with pytest.raises(Refused, match="revoked"):
        reset_password(db, older, "a brand new one")
    assert reset_password(db, secret, "a brand new one") == "ann"
    assert session_account(db, session) is None
    assert authenticate(db, "ann", "a brand new one").username == "ann"
    with pytest.raises(BadCredentials):
        authenticate(db, "ann", PASSWORD)
    with pytest.raises(Refused, match="was used"):
        reset_password(db, secret, "yet another one")
    with pytest.raises(NotAllowed):
        reset_link(db, ann, "root")  # only the administrator


def test_changing_ones_own_password_needs_the_current_one(db: Database) -> None:
    ann = add_account(db, "ann", PASSWORD)
    here, there = open_session(db, ann), open_session(db, ann)
    with pytest.raises(Refused, match="current"):
        change_password(db, ann, "wrong", "a brand new one")
    with pytest.raises(Refused, match="8 characters"):
        change_password(db, ann, PASSWORD, "short")
    change_password(db, ann, PASSWORD, "a brand new one", keep_session=here)
    assert session_account(db, here) is not None and session_account(db, there) is None


def test_a_personal_link_is_shown_again_until_a_new_one_replaces_it(db: Database) -> None:
    slug = events.create_event(db, "Links Night", actor="td")
    roster.add_players(db, slug, [NewPlayer("Bea Lind", id="bea")], actor="td")
    assert shown_link(db, slug, "bea") is None
    made = staff_link(db, slug, "bea", actor="td")
    assert made.new and made.name == "Bea Lind"
    again = staff_link(db, slug, "bea", actor="td")
    assert not again.new and again.secret == made.secret
    assert pass_of(db, slug, made.secret) is not None
    fresh = staff_link(db, slug, "bea", actor="td", new=True)
    assert fresh.secret != made.secret
    assert pass_of(db, slug, made.secret) is None  # the old link stopped working
    assert pass_of(db, slug, fresh.secret) is not None
