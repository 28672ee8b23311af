"""A player's profile and data export, and backups of a community's events (issue 30), through
the service on both databases: places come from each event's standings (the playoff's place
where reached, else the Swiss rank, none for a player who withdrew); the export holds the
record, each registration and every table; an event restored from a backup into its
community keeps its players linked to their records (into another installation's community:
the records are made with the same keys; a record deleted on request is not brought back)."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.interop.backup import dump_backup, parse_backup
from fairpair.service.communities import communities, directory
from fairpair.service.communities.backups import backup_community, restore_into_community
from fairpair.service.communities.profiles import export_person, ordinal, profile
from fairpair.service.event import backups, events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results.standings import standings
from fairpair.service.rounds import flow, lifecycle
from fairpair.store.database import Database

ACTOR = "td"


def _played_event(db: Database, community: str, name: str, entrants: list[NewPlayer]) -> str:
    """An event of ``community`` played to its end: two rounds, side A wins every table."""
    slug = events.create_event(db, name, actor=ACTOR)
    communities.attach_event(db, community, slug, actor=ACTOR)
    players.add_players(db, slug, entrants, actor=ACTOR)
    for number in (1, 2):
        flow.next_round(db, slug, actor=ACTOR)
        tables = len(entrants) // 2
        for table in range(1, tables + 1):
            results.report(db, slug, number, Result.win(Side.A), table=table, actor=ACTOR)
    lifecycle.complete_round(db, slug, 2, actor=ACTOR)
    return slug


def test_places_come_from_each_events_standings_and_the_export_holds_every_table(
    db: Database,
) -> None:
    club = communities.create_community(db, "Chess Club", actor=ACTOR, kind="club")
    four = [NewPlayer(n, seed=i) for i, n in enumerate(("Ann", "Bo", "Cy", "Di"), start=1)]
    first = _played_event(db, club, "Night 1", four)
    second = events.create_event(db, "Night 2", actor=ACTOR)
    communities.attach_event(db, club, second, actor=ACTOR)
    players.add_players(db, second, [NewPlayer("Ann B.", person="ann")], actor=ACTOR)

    _, table = standings(db, first)
    ranks = {row.player.name: str(row.rank) for row in table.rows}
    for person in ("ann", "bo", "cy", "di"):
        shown = profile(db, club, person)
        night1 = next(e for e in shown.events if e.slug == first)
        assert night1.place == ranks[shown.person.name] and night1.of == 4
        assert night1.played_as == shown.person.name
    ann = profile(db, club, "ann")
    assert [(e.slug, e.played_as, e.place, e.state) for e in ann.events] == [
        (second, "Ann B.", None, "upcoming"),
        (first, "Ann", ranks["Ann"], ann.events[1].state),
    ]
    assert (
        ann.events[1].record is not None
        and sum(int(n) for n in ann.events[1].record.split("-")) == 2
    )

    data = export_person(db, club, "ann")
    assert data.person["name"] == "Ann" and data.community == {"slug": club, "name": "Chess Club"}
    exported = next(e for e in data.events if e.slug == first)
    assert exported.player["id"] == "ann" and len(exported.matches) == 2
    assert {m.outcome for m in exported.matches} <= {"win", "loss"}
    assert all(len(m.opponents) == 1 for m in exported.matches)
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"
    ]  # fmt: skip

    # a player who withdrew has no place; a forgotten record shows no name
    players.drop_player(db, first, "di", actor=ACTOR)
    assert next(e for e in profile(db, club, "di").events if e.slug == first).withdrew
    directory.forget(db, club, "bo", actor=ACTOR)
    names = {p.name for p in directory.people(db, club)}
    assert "Bo" not in names and directory.FORGOTTEN in names
    assert not any(p.key == "bo" for p in directory.people(db, club))


def test_an_event_restored_into_its_community_keeps_its_players_linked(db: Database) -> None:
    store = communities.create_community(db, "Game Store", actor=ACTOR)
    week1 = events.create_event(db, "Week 1", actor=ACTOR)
    communities.attach_event(db, store, week1, actor=ACTOR)
    players.add_players(db, week1, [NewPlayer("Ann Lee"), NewPlayer("Bo Chen")], actor=ACTOR)
    week2 = events.create_event(db, "Week 2", actor=ACTOR)
    communities.attach_event(db, store, week2, actor=ACTOR)
    players.add_players(
        db,
        week2,
        [NewPlayer("Ann L.", person="ann-lee"), NewPlayer("Bo C."), NewPlayer("Cy Dunn")],
        actor=ACTOR,
    )
    directory.merge(db, store, "bo-chen", "bo-c", actor=ACTOR)

    saved = backups.backup_event(db, week2)
    assert saved.event.community == store
    assert {p.id: p.person for p in saved.players} == {
        "ann-l": "ann-lee",
        "bo-c": "bo-chen",
        "cy-dunn": "cy-dunn",
    }
    read = parse_backup(dump_backup(saved))

    # restored into the same community: the same records, no new ones
    assert backup_community(db, read) == store
    again = restore_into_community(db, read, actor=ACTOR, community=store, slug="week-2-again")
    keys = {p.key: p.events for p in directory.people(db, store)}
    assert keys == {"ann-lee": 3, "bo-chen": 3, "cy-dunn": 2}
    _, played = directory.person_events(db, store, "ann-lee")
    assert [e.slug for e in played][:1] == [again]
    assert communities.community_view(db, store).events[0].slug == again

    # into a community that does not know them (another installation): records by those keys
    other = communities.create_community(db, "Elsewhere", actor=ACTOR)
    directory_before = len(directory.people(db, store))
    moved = restore_into_community(db, read, actor=ACTOR, community=other)
    assert sorted(p.key for p in directory.people(db, other)) == ["ann-lee", "bo-chen", "cy-dunn"]
    assert {p.name for p in directory.people(db, other)} == {"Ann L.", "Bo C.", "Cy Dunn"}
    assert len(directory.people(db, store)) == directory_before
    assert communities.community_of_event(db, moved) is not None

    # a record deleted on request is not brought back by a restore
    directory.forget(db, store, "cy-dunn", actor=ACTOR)
    third = restore_into_community(db, read, actor=ACTOR, community=store)
    cy = next(p for p in directory.people(db, store) if p.name == "Cy Dunn")
    assert cy.events == 1  # a new record: the forgotten one keeps its two events, nameless
    assert [p.events for p in directory.people(db, store) if p.forgotten] == [2]
    assert {e.slug for e in directory.person_events(db, store, cy.key)[1]} == {third}

    # without a community the restore is the plain one
    plain = restore_into_community(db, read, actor=ACTOR, community=None)
    assert communities.community_of_event(db, plain) is None
