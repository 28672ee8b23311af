"""Leagues (issue 30, point 2) through the service, on both databases: three weekly events
of a store with overlapping players give the hand-computed leaderboard (per match and for
taking part; places from each event's standings; best N), a bye counts as the event's win,
merging two records gives the leaderboard of one person from the start, closing freezes the
leaderboard (a corrected result changes only the open season), refusals name the field and
change nothing, and every change is in the community's audit log with its sentence."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from jinja2 import Environment, PackageLoader, StrictUndefined
from sqlalchemy import select

from fairpair.engine.results import Result, Side
from fairpair.responses.audit import AuditEntry
from fairpair.service.communities import communities, directory
from fairpair.service.event import events
from fairpair.service.event.audit_sentences import SENTENCES, Names
from fairpair.service.leagues import board as boards
from fairpair.service.leagues import leagues
from fairpair.service.leagues.closing import close_league
from fairpair.service.leagues.profiles import person_leagues
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording
from fairpair.service.results.standings import standings
from fairpair.service.rounds.repeats import round_view
from fairpair.store.database import Database
from fairpair.store.models import CommunityAuditRow

from .helpers import refused
from .league_weeks import ACTOR, week

P = NewPlayer


def _store(db: Database, bob_returns: bool) -> tuple[str, list[str]]:
    """Sam's Games, three Fridays: week 1 Ann beats Bob, Cat has the bye; week 2 Ann and
    Dan draw; week 3 Dan beats Bob (a returning player, or a new record "Bob B.")."""
    slug = communities.create_community(db, "Sam's Games", actor=ACTOR)
    one = week(
        db,
        slug,
        "Friday 1",
        [P("Ann", seed=1), P("Bob", seed=2), P("Cat", seed=3)],
        {frozenset(("Ann", "Bob")): "Ann"},
    )
    two = week(
        db, slug, "Friday 2", [P("Ann", person="ann"), P("Dan")], {frozenset(("Ann", "Dan")): None}
    )
    bob = P("Bob", person="bob") if bob_returns else P("Bob B.")
    three = week(
        db,
        slug,
        "Friday 3",
        [bob, P("Dan", person="dan")],
        {frozenset(("Bob", "Dan")): "Dan", frozenset(("Bob B.", "Dan")): "Dan"},
    )
    return slug, [one, two, three]  # fmt: skip


def _n(points: Fraction) -> int:
    assert points.denominator == 1
    return int(points)


def _rows(db: Database, community: str, key: str) -> list[tuple[int, str, int, int, int]]:
    board = boards.league_board(db, community, key).board
    return [(r.rank, r.name, _n(r.points), r.played, r.wins) for r in board.rows]


def test_three_weeks_under_each_rule(db: Database) -> None:
    store, weeks = _store(db, bob_returns=True)
    # 3 a win, 1 a draw, 1 for coming. Week 1: Ann 3+1, Bob 0+1, Cat (bye: a win) 3+1;
    # week 2: Ann 1+1, Dan 1+1; week 3: Dan 3+1, Bob 0+1.
    key = leagues.create_league(
        db, store, "Spring 2027", actor=ACTOR, rule={"attend": 1}, events=weeks
    )
    assert key == "spring-2027"
    assert _rows(db, store, key) == [
        (1, "Ann", 6, 2, 1), (1, "Dan", 6, 2, 1), (3, "Cat", 4, 1, 1), (4, "Bob", 2, 2, 0),
    ]  # fmt: skip
    # best 1: each player's best night; Ann and Dan played more nights than Cat
    leagues.edit_league(db, store, key, actor=ACTOR, rule={"attend": 1, "best": 1})
    assert _rows(db, store, key) == [
        (1, "Ann", 4, 2, 1), (1, "Dan", 4, 2, 1), (3, "Cat", 4, 1, 1), (4, "Bob", 1, 2, 0),
    ]  # fmt: skip
    ann = boards.league_board(db, store, key).board.row("ann")
    assert ann is not None and [s.counted for s in ann.scores] == [True, False]
    # places from each event's standings: 10 for 1st, 6 for 2nd
    leagues.edit_league(db, store, key, actor=ACTOR, rule={"win": 0, "draw": 0, "places": "10,6"})
    board = boards.league_board(db, store, key).board
    expected: dict[str, Fraction] = {}
    for slug in weeks:
        tournament, table = standings(db, slug)
        names = {p.id: p.name for p in tournament.players}
        for row in table.rows:
            assert row.rank is not None
            name = names[row.player.id]
            points = [Fraction(10), Fraction(6)][row.rank - 1] if row.rank <= 2 else Fraction(0)
            expected[name] = expected.get(name, Fraction(0)) + points
    assert {r.name: r.points for r in board.rows} == expected
    assert expected["Dan"] >= 10 + 6  # 1st in week 3, 1st or 2nd in week 2
    # attendance only
    leagues.edit_league(db, store, key, actor=ACTOR, rule={"win": 0, "draw": 0, "attend": 2})
    assert [(r.name, _n(r.points)) for r in boards.league_board(db, store, key).board.rows] == [
        ("Ann", 4),
        ("Dan", 4),
        ("Bob", 4),
        ("Cat", 2),
    ]  # fmt: skip  (Ann, Dan: 1 win each; Bob none)


def test_a_merge_gives_the_leaderboard_of_one_person(db: Database) -> None:
    store, weeks = _store(db, bob_returns=False)
    key = leagues.create_league(db, store, "Spring", actor=ACTOR, rule={"attend": 1}, events=weeks)
    assert ("Bob B.", 1) in [
        (r.name, r.played) for r in boards.league_board(db, store, key).board.rows
    ]
    directory.merge(db, store, "bob", "bob-b", actor=ACTOR)
    assert _rows(db, store, key) == [
        (1, "Ann", 6, 2, 1), (1, "Dan", 6, 2, 1), (3, "Cat", 4, 1, 1), (4, "Bob", 2, 2, 0),
    ]  # fmt: skip
    mine = person_leagues(db, store, "bob")
    assert [(p.key, p.rank, p.of, _n(p.points), p.played, p.counted) for p in mine] == [
        (key, 4, 4, 2, 2, 2)
    ]


def test_closing_freezes_the_season(db: Database) -> None:
    store, weeks = _store(db, bob_returns=True)
    spring = leagues.create_league(db, store, "Spring", actor=ACTOR, events=weeks[:2])
    leagues.attach_events(db, store, spring, [weeks[2]], actor=ACTOR)
    also = leagues.create_league(db, store, "Year", actor=ACTOR, events=weeks)
    before = _rows(db, store, spring)
    final = close_league(db, store, spring, actor=ACTOR)
    assert final.final and final.league.closed
    # a corrected result (week 2's draw becomes Ann's win) moves the open league only
    table = round_view(db, weeks[1], 1).tables[0]
    ann_side = Result.win(Side.A if table.a.name == "Ann" else Side.B)
    recording.correct(db, weeks[1], 1, table.table, ann_side, actor=ACTOR)
    assert _rows(db, store, spring) == before
    assert _rows(db, store, also)[0][:3] == (1, "Ann", 6)
    # nothing changes a closed league; a new season starts
    for call, field in (
        (lambda: leagues.attach_events(db, store, spring, [weeks[0]], actor=ACTOR), "league"),
        (lambda: leagues.detach_event(db, store, spring, weeks[0], actor=ACTOR), "league"),
        (lambda: leagues.edit_league(db, store, spring, actor=ACTOR, name="X"), "league"),
        (lambda: close_league(db, store, spring, actor=ACTOR), "league"),
    ):
        assert refused(db, "refused", "closed", call=call).where == field
    summer = leagues.create_league(db, store, "Summer", actor=ACTOR)
    assert [lg.key for lg in leagues.leagues_of(db, store)][-1] == spring  # closed ones last
    assert summer in [lg.key for lg in leagues.leagues_of(db, store)]
    ann = {p.key: p for p in person_leagues(db, store, "ann")}
    assert ann[spring].closed_at is not None and ann[spring].rank == 1


def test_refusals_name_the_field_and_change_nothing(db: Database) -> None:
    store, weeks = _store(db, bob_returns=True)
    other = communities.create_community(db, "Elsewhere", actor=ACTOR)
    outside = events.create_event(db, "Not a store event", actor=ACTOR)
    key = leagues.create_league(db, store, "Spring", actor=ACTOR, starts=date(2020, 1, 1))
    cases = [
        ("invalid_league_rule", "places", "from 1st down",
         lambda: leagues.create_league(db, store, "X", actor=ACTOR, rule={"places": "1,2"})),
        ("invalid_league_rule", "win", "0 or more",
         lambda: leagues.edit_league(db, store, key, actor=ACTOR, rule={"win": "-3"})),
        ("refused", "ends", "before it starts",
         lambda: leagues.create_league(db, store, "X", actor=ACTOR, starts=date(2027, 2, 1),
                                       ends=date(2027, 1, 1))),
        ("refused", "name", "1-200",
         lambda: leagues.create_league(db, store, "  ", actor=ACTOR)),
        ("refused", "key", "has a league",
         lambda: leagues.create_league(db, store, "Again", actor=ACTOR, key=key)),
        ("refused", "events", "of Sam's Games only",
         lambda: leagues.attach_events(db, store, key, [outside], actor=ACTOR)),
        ("refused", "events", "no event",
         lambda: leagues.attach_events(db, store, key, ["nope"], actor=ACTOR)),
        ("refused", "event", "not in the league",
         lambda: leagues.detach_event(db, store, key, weeks[0], actor=ACTOR)),
        ("unknown_league", "league", "no league 'nope'",
         lambda: leagues.attach_events(db, store, "nope", weeks, actor=ACTOR)),
        ("unknown_league", "league", "no league",
         lambda: boards.league_board(db, other, key)),
        ("unknown_community", "community", "no community",
         lambda: leagues.create_league(db, "nowhere", "X", actor=ACTOR)),
    ]  # fmt: skip
    for code, field, said, call in cases:
        assert refused(db, code, said, call=call).where == field, said
    leagues.attach_events(db, store, key, weeks[:1], actor=ACTOR)
    assert refused(
        db, "refused", "in the league spring already",
        call=lambda: leagues.attach_events(db, store, key, weeks[:1], actor=ACTOR),
    ).where == "events"  # fmt: skip
    leagues.edit_league(db, store, key, actor=ACTOR, ends=date(2020, 12, 31))
    late = weeks[1:2]
    refused(db, "refused", "outside the season",
            call=lambda: leagues.attach_events(db, store, key, late, actor=ACTOR))  # fmt: skip


def test_every_change_is_in_the_community_log(db: Database) -> None:
    store, weeks = _store(db, bob_returns=True)
    key = leagues.create_league(db, store, "Spring", actor=ACTOR, events=weeks[:1])
    leagues.attach_events(db, store, key, weeks[1:], actor=ACTOR)
    leagues.detach_event(db, store, key, weeks[2], actor=ACTOR)
    leagues.edit_league(db, store, key, actor=ACTOR, name="Spring 2027")
    assert not leagues.edit_league(db, store, key, actor=ACTOR, name="Spring 2027")
    close_league(db, store, key, actor=ACTOR)
    with db.reading() as conn:
        rows = conn.execute(
            select(CommunityAuditRow)
            .where(CommunityAuditRow.action.like("league.%"))
            .order_by(CommunityAuditRow.id)
        ).all()
    names = Names({}, {}, {}, {})
    said = [
        SENTENCES[r.action](
            AuditEntry(id=r.id, at=r.at, actor=r.actor, action=r.action, subject=r.subject,
                       before=r.before, after=r.after), names, "td",
        )
        for r in rows
    ]  # fmt: skip
    assert said == [
        "td started the league “Spring” (3 a win, 1 a draw — every event counts)",
        f"td added {weeks[0]} to the league spring",
        f"td added {weeks[1]} and {weeks[2]} to the league spring",
        f"td took {weeks[2]} out of the league spring",
        "td changed the league spring: name",
        "td closed the league spring (4 players; Ann leads)",
    ]


def test_the_profile_partial_lists_a_persons_leagues(db: Database) -> None:
    """``community/_profile_leagues.html`` renders ``person_leagues``' answer (the profile
    page includes it with ``leagues``), and nothing without one."""
    store, weeks = _store(db, bob_returns=True)
    key = leagues.create_league(db, store, "Spring", actor=ACTOR, events=weeks)
    env = Environment(
        loader=PackageLoader("fairpair.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]  # English
    template = env.get_template("community/_profile_leagues.html")
    html = template.render(leagues=person_leagues(db, store, "dan"))
    assert f'href="/c/{store}/leagues/{key}"' in html and "Spring" in html
    assert "of 4" in html and "2 played" in html
    assert template.render(leagues=[]).strip() == ""
