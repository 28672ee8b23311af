"""Communities (issue 30, point 1), through the service, on both databases: a store with its
events (upcoming, running, past), its staff reaching every event of it, the player directory
— a player registered in a community event gets a record, a returning player is linked to
theirs, a Discord account recognises them — merge (history follows; two players of one event
are refused), rename, forget (results stay)."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.service.accounts.logins import add_account, find_account
from fairpair.service.accounts.staff import Role, role_of
from fairpair.service.communities import communities, directory
from fairpair.service.communities import staff as community_staff
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import flow
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "td"


def _account(db: Database, username: str) -> int:
    return add_account(db, username, "correct horse battery", name=username.title()).id


def test_a_store_its_events_its_staff_and_its_directory(db: Database) -> None:
    owner = _account(db, "sam-store")
    judge = _account(db, "jo-judge")
    slug = communities.create_community(db, "Sam's Games", actor=ACTOR, owner=owner)
    assert slug == "sam-s-games"
    week1 = events.create_event(db, "Week 1", actor=ACTOR)
    players.add_players(db, week1, [NewPlayer("Ann Lee"), NewPlayer("Bo Chen")], actor=ACTOR)
    assert communities.attach_event(db, slug, week1, actor=ACTOR) == 2
    refused(
        db,
        "refused",
        "already",
        call=lambda: communities.attach_event(db, slug, week1, actor=ACTOR),
    )
    assert [p.key for p in directory.people(db, slug)] == ["ann-lee", "bo-chen"]

    week2 = events.create_event(db, "Week 2", actor=ACTOR)
    communities.attach_event(db, slug, week2, actor=ACTOR)
    players.add_players(
        db,
        week2,
        [NewPlayer("Ann L.", person="ann-lee"), NewPlayer("Cy Dunn")],
        actor=ACTOR,
    )
    found = {p.key: p.events for p in directory.people(db, slug)}
    assert found == {"ann-lee": 2, "bo-chen": 1, "cy-dunn": 1}
    assert [p.key for p in directory.search(db, slug, "ann")] == ["ann-lee"]
    _, played = directory.person_events(db, slug, "ann-lee")
    assert [(e.slug, e.played_as) for e in played] == [(week2, "Ann L."), (week1, "Ann Lee")]

    # the community's staff reach its events, not others
    jo = find_account(db, "jo-judge")
    assert role_of(db, week1, jo) is None
    community_staff.grant(db, slug, "jo-judge", "judge", actor=ACTOR)
    assert role_of(db, week1, jo) == Role.JUDGE and role_of(db, week2, jo) == Role.JUDGE
    elsewhere = events.create_event(db, "Elsewhere", actor=ACTOR)
    assert role_of(db, elsewhere, jo) is None
    refused(
        db,
        "refused",
        "only owner",
        call=lambda: community_staff.revoke(db, slug, "sam-store", actor=ACTOR),
    )
    assert judge > 0

    # events: upcoming, running, past
    flow.next_round(db, week2, actor=ACTOR)
    view = communities.community_view(db, slug)
    assert [(e.slug, e.state) for e in view.events] == [(week2, "running"), (week1, "upcoming")]
    assert view.people == 3


def test_merge_rename_and_forget(db: Database) -> None:
    slug = communities.create_community(db, "Club", actor=ACTOR, kind="club")
    one = events.create_event(db, "One", actor=ACTOR)
    two = events.create_event(db, "Two", actor=ACTOR)
    for event in (one, two):
        communities.attach_event(db, slug, event, actor=ACTOR)
    players.add_players(db, one, [NewPlayer("Dee"), NewPlayer("Eve")], actor=ACTOR)
    players.add_players(db, two, [NewPlayer("Dee Ray"), NewPlayer("Eve")], actor=ACTOR)
    keys = sorted(p.key for p in directory.people(db, slug))
    assert keys == ["dee", "dee-ray", "eve", "eve-2"]
    refused(
        db,
        "refused",
        "two players of one event are two people",
        call=lambda: directory.merge(db, slug, "dee", "eve", actor=ACTOR),
    )
    assert directory.merge(db, slug, "dee", "dee-ray", actor=ACTOR) == 1
    assert {p.key: p.events for p in directory.people(db, slug)}["dee"] == 2
    refused(
        db,
        "unknown_community",
        "dee-ray",
        call=lambda: directory.rename(db, slug, "dee-ray", "X", actor=ACTOR),
    )
    directory.rename(db, slug, "dee", "Dee Ray", actor=ACTOR)
    flow.next_round(db, one, actor=ACTOR)
    results.report(db, one, 1, Result.win(Side.A), table=1, actor=ACTOR)
    assert directory.forget(db, slug, "eve", actor=ACTOR) == 1
    t = events.export_event(db, one)
    assert sorted(p.name for p in t.players) == ["Dee", directory.FORGOTTEN]
    assert t.stages[0].rounds[0].matches[0].result is not None  # the results stay
