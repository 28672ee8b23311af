"""Bulk and destructive actions say what they will do and can be taken back (issue 28,
point 1): the drop of the no-shows says who and how many before and after, and is undone in
one transaction — refused once the event has moved on (a round paired since); a correction
that changes who makes a top cut says, before it is saved, who would move in and out, and
the rehearsal changes nothing."""

from __future__ import annotations

import random

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import no_shows
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused, snapshot
from .test_cuts import _event as cut_event
from .test_cuts import _field, _play_round

ACTOR = "td"


def _event(db: Database, n: int = 6) -> str:
    slug = events.create_event(db, "No-show Night", actor=ACTOR)
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Player {k}", id=f"p{k}", seed=k) for k in range(1, n + 1)],
        actor=ACTOR,
    )
    return slug


def _dropped(db: Database, slug: str) -> list[str]:
    return [p.id for p in events.show_event(db, slug).players if p.dropped_after is not None]


def test_the_no_shows_are_counted_dropped_and_undone_in_one_action(db: Database) -> None:
    slug = _event(db)
    players.check_in(db, slug, ["p1", "p2"], actor=ACTOR)
    before = no_shows.no_shows(db, slug)
    assert [p.id for p in before.absent] == ["p3", "p4", "p5", "p6"]
    assert (before.players, before.checked_in, before.everyone) == (6, 2, False)
    assert _dropped(db, slug) == []  # asking changes nothing

    done = players.drop_no_shows(db, slug, actor=ACTOR)
    assert [p.name for p in done.players] == ["Player 3", "Player 4", "Player 5", "Player 6"]
    assert done.entry is not None
    assert _dropped(db, slug) == ["p3", "p4", "p5", "p6"]
    assert no_shows.no_shows(db, slug).absent == ()  # nobody left to drop

    undone = no_shows.undo_no_shows(db, slug, done.entry, actor=ACTOR)
    assert [p.id for p in undone.players] == ["p3", "p4", "p5", "p6"]
    assert _dropped(db, slug) == []
    entries = [e for e in audit.audit_log(db, slug).entries if e.action == no_shows.UNDONE]
    assert len(entries) == 1  # all four back in one action, one audit entry
    refused(
        db,
        "refused",
        "undone already",
        call=lambda: no_shows.undo_no_shows(db, slug, done.entry or 0, actor=ACTOR),
    )


def test_with_nobody_checked_in_the_drop_would_take_the_whole_field(db: Database) -> None:
    slug = _event(db, 16)
    found = no_shows.no_shows(db, slug)
    assert found.everyone and len(found.absent) == 16 and found.players == 16
    players.check_in(db, slug, ["p1", "p2", "p3", "p4", "p5", "p6"], actor=ACTOR)
    players.check_in(db, slug, [f"p{k}" for k in range(7, 17)], actor=ACTOR)
    assert no_shows.no_shows(db, slug).absent == ()
    nothing = players.drop_no_shows(db, slug, actor=ACTOR)
    assert nothing.players == () and nothing.entry is None


def test_a_player_reinstated_by_hand_is_left_as_is_by_the_undo(db: Database) -> None:
    slug = _event(db)
    players.check_in(db, slug, ["p1", "p2"], actor=ACTOR)
    done = players.drop_no_shows(db, slug, actor=ACTOR)
    players.reinstate_player(db, slug, "p4", actor=ACTOR)
    assert done.entry is not None
    undone = no_shows.undo_no_shows(db, slug, done.entry, actor=ACTOR)
    assert [p.id for p in undone.players] == ["p3", "p5", "p6"]
    assert _dropped(db, slug) == []


def test_the_undo_is_refused_once_the_event_has_moved_on(db: Database) -> None:
    slug = _event(db)
    players.check_in(db, slug, ["p1", "p2", "p3", "p4"], actor=ACTOR)
    done = players.drop_no_shows(db, slug, actor=ACTOR)
    assert done.entry is not None
    entry = done.entry
    drafts.generate(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "round 1 was paired since",
        "discard",
        call=lambda: no_shows.undo_no_shows(db, slug, entry, actor=ACTOR),
    )
    rounds.release(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "round 1 was released since",
        call=lambda: no_shows.undo_no_shows(db, slug, entry, actor=ACTOR),
    )
    assert _dropped(db, slug) == ["p5", "p6"]
    # an entry that is not a drop of the no-shows (or another event's) is refused too
    refused(
        db,
        "refused",
        "no such drop",
        call=lambda: no_shows.undo_no_shows(db, slug, entry + 1000, actor=ACTOR),
    )


def test_a_correction_says_first_who_would_move_into_and_out_of_the_cut(db: Database) -> None:
    slug = cut_event(db)
    rng = random.Random(1)
    for _ in range(3):
        _play_round(db, slug, rng)
    seated = _field(db, slug)[0]
    assert seated is not None and len(seated) == 8
    view = rounds.round_view(db, slug, 3, stage="swiss")
    moves = None
    for table in view.tables:
        assert table.result is not None
        flipped = Result.win(Side.B if table.result.startswith(table.a.name) else Side.A)
        before = snapshot(db)
        moves = results.correction_moves(
            db, slug, 3, table.table, flipped, actor=ACTOR, stage="swiss"
        )
        assert snapshot(db) == before  # the rehearsal changes nothing
        if moves is not None:
            break
    assert moves is not None, "no result of round 3 decides a seat of the cut"
    assert moves.seats == 8 and moves.moved_in and moves.moved_out
    assert {m.player for m in moves.moved_out} <= set(seated)
    assert not {m.player for m in moves.moved_in} & set(seated)
    assert all(m.place is not None and m.place <= 8 for m in moves.moved_in)
    assert all(m.place is not None and m.place > 8 for m in moves.moved_out)

    saved = results.correct(
        db, slug, 3, table.table, flipped, actor=ACTOR, reason="slip", stage="swiss"
    )
    assert saved is not None and saved.cut == moves  # what was shown is what happened
    now = _field(db, slug)[0]
    assert now is not None
    assert set(now) == (set(seated) - {m.player for m in moves.moved_out}) | {
        m.player for m in moves.moved_in
    }
    # correcting it back moves them back
    back = Result.win(Side.A if flipped.winner is Side.B else Side.B)
    again = results.correct(db, slug, 3, table.table, back, actor=ACTOR, reason="x", stage="swiss")
    assert again is not None and again.cut is not None
    assert {m.player for m in again.cut.moved_in} == {m.player for m in moves.moved_out}
