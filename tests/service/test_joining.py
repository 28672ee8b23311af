"""Joining by code (service.players.joining) and the waitlist (service.players.waitlist): refusals
change
nothing; the cap sends the rest to the waitlist in order; a place freed before round 1
(a drop, the no-shows, a raised cap) promotes the first in the same transaction; thirty
people joining a ten-place event at once make exactly ten players (real threads)."""

from __future__ import annotations

import threading

import pytest

from fairpair.engine.errors import FairpairError
from fairpair.service.accounts.logins import add_account
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.joining import Joined, join_event
from fairpair.service.players.passes import pass_of
from fairpair.service.players.portal_settings import set_portal
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.waitlist import waitlist_of
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "td"


def _event(db: Database, name: str, cap: int | None = None) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    if cap is not None:
        set_portal(db, slug, actor=ACTOR, registration_cap=cap)
    return slug


def _players(db: Database, slug: str) -> list[str]:
    return [p.name for p in events.show_event(db, slug).players]


def test_joining_makes_a_player_with_a_pass(db: Database) -> None:
    slug = _event(db, "Join Night")
    joined, secret = join_event(db, slug, "  Ada Lovelace ", "ada@example.org")
    assert joined == Joined(slug, "Ada Lovelace", "ada-lovelace", None, None)
    found = pass_of(db, slug, secret)
    assert found is not None and found.player_key == "ada-lovelace" and not found.waiting
    detail = events.show_event(db, slug)
    assert [(p.id, p.name) for p in detail.players] == [("ada-lovelace", "Ada Lovelace")]
    last = audit.audit_log(db, slug, limit=1).entries[-1]
    assert (last.action, last.subject, last.actor) == (
        "player.join",
        "ada-lovelace",
        "self-registration (Ada Lovelace)",
    )
    assert pass_of(db, "another-event", secret) is None


def test_closed_registration_and_a_started_event_are_refused(db: Database) -> None:
    slug = _event(db, "Closed Night")
    set_portal(db, slug, actor=ACTOR, self_registration=False)
    refused(db, "refused", "registration is closed", call=lambda: join_event(db, slug, "Bo"))
    set_portal(db, slug, actor=ACTOR, self_registration=True)
    players.add_players(db, slug, [NewPlayer("P1"), NewPlayer("P2")], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    refused(db, "refused", "late entry is done by staff", call=lambda: join_event(db, slug, "Bo"))


def test_bad_and_duplicate_names_are_refused(db: Database) -> None:
    slug = _event(db, "Names Night")
    join_event(db, slug, "Cleo")
    error = refused(db, "refused", "has joined already", call=lambda: join_event(db, slug, "cleo"))
    assert error.location.path == ("name",)
    refused(db, "refused", "1-200 characters", call=lambda: join_event(db, slug, "  "))
    refused(db, "refused", "1-200 characters", call=lambda: join_event(db, slug, "a\x00b"))
    refused(db, "refused", "up to 200", call=lambda: join_event(db, slug, "Dan", "x" * 201))


def test_beyond_the_cap_people_wait_in_order_and_a_drop_promotes_the_first(
    db: Database,
) -> None:
    slug = _event(db, "Cap Night", cap=2)
    first, _ = join_event(db, slug, "A1")
    join_event(db, slug, "A2")
    third, third_secret = join_event(db, slug, "W1")
    fourth, _ = join_event(db, slug, "W2")
    assert (third.waiting, third.waitlist_number, fourth.waitlist_number) == (True, 1, 2)
    held = pass_of(db, slug, third_secret)
    assert held is not None and held.waiting and held.name == "W1"
    refused(db, "refused", "has joined already", call=lambda: join_event(db, slug, "w1"))
    assert [w.name for w in waitlist_of(db, slug)] == ["W1", "W2"]

    players.drop_player(db, slug, str(first.player_key), actor=ACTOR)
    assert _players(db, slug) == ["A1", "A2", "W1"]
    assert [(w.number, w.name) for w in waitlist_of(db, slug)] == [(1, "W2")]
    promoted = pass_of(db, slug, third_secret)
    assert promoted is not None and promoted.player_key == "w1" and not promoted.waiting
    actions = [e.action for e in audit.audit_log(db, slug).entries]
    assert actions[-2:] == ["player.drop", "player.promote"]


def test_a_raised_cap_and_the_no_shows_let_the_waitlist_in(db: Database) -> None:
    slug = _event(db, "Raise Night", cap=1)
    for name in ("B1", "B2", "B3", "B4"):
        join_event(db, slug, name)
    set_portal(db, slug, actor=ACTOR, registration_cap=2)
    assert _players(db, slug) == ["B1", "B2"]
    players.check_in(db, slug, ["b1"], actor=ACTOR)
    players.drop_no_shows(db, slug, actor=ACTOR)  # B2 leaves: B3 takes the place
    assert [w.name for w in waitlist_of(db, slug)] == ["B4"]
    assert "B3" in _players(db, slug)
    set_portal(db, slug, actor=ACTOR, registration_cap=None)
    assert waitlist_of(db, slug) == []


def test_nobody_is_promoted_after_round_1(db: Database) -> None:
    slug = _event(db, "Late Night", cap=2)
    for name in ("C1", "C2", "C3"):
        join_event(db, slug, name)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    players.drop_player(db, slug, "c1", actor=ACTOR)
    assert [w.name for w in waitlist_of(db, slug)] == ["C3"]


def test_an_account_joining_again_gets_a_new_pass_for_the_same_player(db: Database) -> None:
    who = add_account(db, "dora", "correct horse battery", name="Dora", organizer=False)
    slug = _event(db, "Again Night")
    joined, one = join_event(db, slug, "Dora", account_id=who.id)
    again, two = join_event(db, slug, "Whatever", account_id=who.id)
    assert again.player_key == joined.player_key and one != two
    assert _players(db, slug) == ["Dora"]
    held = pass_of(db, slug, two)
    assert held is not None and held.account_id == who.id


@pytest.mark.parametrize("people", [30])
def test_thirty_at_once_into_ten_places(db: Database, people: int) -> None:
    slug = _event(db, "Rush Night", cap=10)
    barrier = threading.Barrier(people)
    answers: dict[int, Joined] = {}
    failures: list[BaseException] = []

    def join(i: int) -> None:
        try:
            barrier.wait()
            answers[i], _ = join_event(db, slug, f"Rusher {i:02d}")
        except (FairpairError, Exception) as error:
            failures.append(error)

    threads = [threading.Thread(target=join, args=(i,)) for i in range(people)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not failures, failures
    made = [a for a in answers.values() if not a.waiting]
    waiting = sorted(
        (a for a in answers.values() if a.waiting), key=lambda a: a.waitlist_number or 0
    )
    assert len(made) == 10 and len(_players(db, slug)) == 10
    assert [a.waitlist_number for a in waiting] == list(range(1, people - 9))
    assert [w.name for w in waitlist_of(db, slug)] == [a.name for a in waiting]
