"""The player's own view (``service.portal.player_view``) and self check-in
(``service.players.self_checkin``):
the toss tag on and off, the bye, pods, a dropped player, the waitlist, the history; check-in
refused unless open and before round 1, audited under the player's name."""

from __future__ import annotations

from sqlalchemy import insert, select

from fairpair.engine.results import Result, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, StageFormat, TossSettings, stage_from_settings
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.kernel.change import now
from fairpair.service.players import roster as players
from fairpair.service.players.portal_settings import set_portal
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.self_checkin import check_in_myself
from fairpair.service.portal.player_view import match_text, my_match, waitlist_place
from fairpair.service.results import recording as results
from fairpair.service.results.places import record_places
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.store.database import Database
from fairpair.store.models import EventRow, WaitlistRow

from .helpers import refused

ACTOR = "td"
NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve"]


def _event(db: Database, name: str, *, toss: bool, names: list[str] = NAMES) -> str:
    stage = Stage(config=SwissConfig(toss=TossSettings(enabled=toss)), seed=name)
    slug = events.create_event(db, name, actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(n, id=n.lower(), seed=i) for i, n in enumerate(names, 1)], actor=ACTOR
    )
    return slug


def _release(db: Database, slug: str, *, open_it: bool = True) -> int:
    drafts.generate(db, slug, actor=ACTOR)
    number = rounds.release(db, slug, actor=ACTOR)
    if open_it:
        rounds.open_round(db, slug, number, actor=ACTOR)
    return number


def test_before_any_round_the_card_says_so(db: Database) -> None:
    slug = _event(db, "Quiet Night", toss=True)
    me = my_match(db, slug, "ada")
    assert me.round is None and me.history == [] and me.rank is None
    assert me.name == "Ada" and me.stage == "swiss" and not me.withdrew


def test_toss_on_each_player_of_a_match_is_told_who_plays_first(db: Database) -> None:
    slug = _event(db, "Toss Night", toss=True)
    _release(db, slug, open_it=False)
    table = round_view(db, slug, 1).tables[0]
    a, b = my_match(db, slug, table.a.id), my_match(db, slug, table.b.id)
    assert a.round is not None and b.round is not None
    assert a.round.table == b.round.table == table.table
    assert a.round.opponent is not None and a.round.opponent.id == table.b.id
    assert {a.round.plays_first, b.round.plays_first} == {True, False}
    assert (a.round.plays_first is True) == (table.first == table.a.id)
    assert a.round.state == "scheduled" and a.round.shown_as == "Upcoming"
    assert a.round.name == "Round 1" and a.round.bye is None


def test_toss_off_says_nothing(db: Database) -> None:
    slug = _event(db, "No Toss Night", toss=False)
    _release(db, slug)
    table = round_view(db, slug, 1).tables[0]
    me = my_match(db, slug, table.a.id)
    assert me.round is not None and me.round.plays_first is None
    assert me.round.shown_as == "In Progress"


def test_the_bye_has_no_toss_and_counts_in_the_record(db: Database) -> None:
    slug = _event(db, "Bye Night", toss=True)
    _release(db, slug)
    bye = round_view(db, slug, 1).byes[0].player.id
    me = my_match(db, slug, bye)
    assert me.round is not None
    assert me.round.bye == "pairing" and me.round.table is None and me.round.opponent is None
    assert me.round.plays_first is None and me.round.result == "Bye"
    assert me.record == "1-0-0"  # a bye is a win in the player's own record


def test_result_record_rank_and_history_after_a_round(db: Database) -> None:
    slug = _event(db, "History Night", toss=True)
    _release(db, slug)
    view = round_view(db, slug, 1)
    for t in view.tables:
        results.report(db, slug, 1, Result.from_games(2, 1), table=t.table, actor=ACTOR)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    t = view.tables[0]
    winner, loser = my_match(db, slug, t.a.id), my_match(db, slug, t.b.id)
    assert winner.round is not None and winner.round.result == "Won 2-1"
    assert loser.round is not None and loser.round.result == "Lost 1-2"
    assert winner.round.shown_as == "Completed"
    assert winner.record == "1-0-0" and loser.record == "0-1-0"
    assert winner.points == "3" and winner.rank is not None and loser.rank is not None
    assert winner.rank < loser.rank
    assert loser.round.opponent is not None and loser.round.opponent.record == "1-0-0"
    _release(db, slug)
    again = my_match(db, slug, t.a.id)
    assert [h.number for h in again.history] == [1, 2]
    first = again.history[0]
    assert first.opponents == ["Ben" if t.b.id == "ben" else t.b.name]
    assert first.result == "Won 2-1" and first.played_first == (t.first == t.a.id)
    assert again.round is not None and again.round.number == 2 and again.round.result is None


def test_a_dropped_player_shows_withdrew_without_a_rank(db: Database) -> None:
    slug = _event(db, "Drop Night", toss=True)
    _release(db, slug)
    for t in round_view(db, slug, 1).tables:
        results.report(db, slug, 1, Result.win(Side.A), table=t.table, actor=ACTOR)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    who = round_view(db, slug, 1).tables[0].a.id
    players.drop_player(db, slug, who, actor=f"player {who}", reason="dropped themselves")
    me = my_match(db, slug, who)
    assert me.withdrew and me.rank is None and me.dropped_after == 1
    assert me.record == "1-0-0"


def test_pods_show_the_table_and_seat_order(db: Database) -> None:
    stage = stage_from_settings(
        id="pods", format=StageFormat.PODS, ruleset=PRESETS["pods"], max_rounds=3
    )
    slug = events.create_event(db, "Pod Portal", actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, 5)], actor=ACTOR
    )
    _release(db, slug)
    pod = round_view(db, slug, 1).pods[0]
    order = [s.id for s in pod.seats]
    me = my_match(db, slug, order[1])
    assert me.round is not None and me.round.table == pod.table
    assert [s.id for s in me.round.seats] == order and me.round.seats[1].me
    assert me.round.plays_first is None and me.round.opponent is None
    record_places(db, slug, 1, pod.table, [1, 2, 3, 4], actor=ACTOR)
    me = my_match(db, slug, order[1])
    assert me.round is not None and me.round.result == "2nd place"
    assert [s.place for s in me.round.seats] == [1, 2, 3, 4]


def test_the_waitlist_place_counts_only_those_still_waiting(db: Database) -> None:
    slug = _event(db, "Full Night", toss=True)
    with db.writing() as conn:
        event_id = conn.execute(select(EventRow.id).where(EventRow.slug == slug)).scalar_one()
        ids = [
            conn.execute(
                insert(WaitlistRow)
                .values(event_id=event_id, name=n, position=i, joined_at=now())
                .returning(WaitlistRow.id)
            ).scalar_one()
            for i, n in enumerate(["Fay", "Gus", "Hal"], 1)
        ]
    assert waitlist_place(db, slug, ids[2]).number == 3
    assert waitlist_place(db, slug, ids[0]).name == "Fay"


def test_self_check_in_only_while_open_and_before_round_1(db: Database) -> None:
    slug = _event(db, "Check Night", toss=True)
    refused(
        db,
        "refused",
        "check-in is not open",
        call=lambda: check_in_myself(db, slug, "ada", actor="player ada (Ada)"),
    )
    set_portal(db, slug, actor=ACTOR, checkin_open=True)
    assert my_match(db, slug, "ada").checkin_open
    assert check_in_myself(db, slug, "ada", actor="player ada (Ada)") is True
    assert check_in_myself(db, slug, "ada", actor="player ada (Ada)") is False  # nothing new
    me = my_match(db, slug, "ada")
    assert me.checked_in
    entries = [e for e in audit.audit_log(db, slug).entries if e.action == "player.checkin"]
    assert [(e.actor, e.subject) for e in entries] == [("player ada (Ada)", "ada")]
    _release(db, slug, open_it=False)
    assert not my_match(db, slug, "ben").checkin_open
    refused(
        db,
        "refused",
        "round 1 is released",
        call=lambda: check_in_myself(db, slug, "ben", actor="player ben (Ben)"),
    )


def test_a_dropped_player_cannot_check_in(db: Database) -> None:
    slug = _event(db, "Gone Night", toss=True)
    set_portal(db, slug, actor=ACTOR, checkin_open=True)
    players.drop_player(db, slug, "cy", actor=ACTOR)
    refused(
        db,
        "refused",
        "you dropped out",
        call=lambda: check_in_myself(db, slug, "cy", actor="player cy (Cy)"),
    )


def test_results_read_from_each_side() -> None:
    assert match_text(Result.from_games(2, 1), True) == "Won 2-1"
    assert match_text(Result.from_games(2, 1), False) == "Lost 1-2"
    assert match_text(Result.from_games(1, 1, 1), False) == "Draw 1-1-1"
    assert match_text(Result.forfeit(Side.B), False) == "Won (forfeit)"
    assert match_text(Result.draw(intentional=True), True) == "Intentional draw"
