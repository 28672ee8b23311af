"""A CSV import undone in one action (issue 28, point 1): exactly the players it registered
are removed, with the byes it gave them, in one transaction and one audit entry — refused,
naming why, once it was undone already, once a round was paired since, and once one of those
players was touched (checked in, edited, given a link)."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.service.event import audit_sentences, events
from fairpair.service.kernel import audit
from fairpair.service.players import csv_undo
from fairpair.service.players import roster as players
from fairpair.service.players.csv_import import IMPORTED, import_players_csv
from fairpair.service.players.edits import edit_player
from fairpair.service.players.passes import staff_link
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused, snapshot

ACTOR = "td"
FILE = "name,id,earned_byes\nAnn,ann,1\nBea,bea,\nCole,cole,\n"


def _ids(db: Database, slug: str) -> list[str]:
    return [p.id for p in events.show_event(db, slug).players]


def _event(db: Database) -> str:
    slug = events.create_event(db, "Import Night", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer("Dan", id="dan")], actor=ACTOR)
    return slug


def test_an_import_is_undone_exactly_in_one_action(db: Database) -> None:
    slug = _event(db)
    before = snapshot(db)
    made = import_players_csv(db, slug, FILE, actor=ACTOR, source="club.csv")
    assert made.players == ["ann", "bea", "cole"] and made.entry is not None
    assert _ids(db, slug) == ["dan", "ann", "bea", "cole"]
    stage = events.export_event(db, slug).stages[0]
    assert [(b.player, b.round) for b in stage.assigned_byes] == [("ann", 1)]

    undone = csv_undo.undo_import(db, slug, made.entry, actor=ACTOR)
    assert undone.players == (("ann", "Ann"), ("bea", "Bea"), ("cole", "Cole"))
    assert undone.source == "club.csv"
    assert _ids(db, slug) == ["dan"]  # the player added by hand stays
    assert events.export_event(db, slug).stages[0].assigned_byes == ()
    after = snapshot(db)
    # the event is as it was, but for its version, its stage's version and the audit log
    for table in ("players", "byes", "drops", "player_tokens"):
        assert after[table] == before[table], table

    log = audit.audit_log(db, slug).entries
    assert [e.action for e in log[-3:]] == [IMPORTED, "stage.edit", csv_undo.UNDONE]
    names = audit_sentences.Names({}, {}, {}, {})
    said = audit_sentences.sentence(log[-1], names)
    assert said.startswith("td undid the import of club.csv made ")
    assert said.endswith(": Ann, Bea and Cole removed")
    assert audit_sentences.sentence(log[-3], names) == "td imported Ann, Bea and Cole from club.csv"
    refused(
        db,
        "refused",
        "undone already",
        call=lambda: csv_undo.undo_import(db, slug, made.entry or 0, actor=ACTOR),
    )
    # the same file again is a new import, with its own undo; the old token stays spent
    again = import_players_csv(db, slug, FILE, actor=ACTOR, source="club.csv")
    refused(
        db,
        "refused",
        "undone already",
        call=lambda: csv_undo.undo_import(db, slug, made.entry or 0, actor=ACTOR),
    )
    assert again.entry is not None and again.entry != made.entry
    refused(
        db,
        "refused",
        "no such import",
        call=lambda: csv_undo.undo_import(db, slug, 1, actor=ACTOR),
    )


def test_a_touched_player_keeps_the_import(db: Database) -> None:
    slug = _event(db)
    made = import_players_csv(db, slug, FILE, actor=ACTOR)
    entry = made.entry or 0
    players.check_in(db, slug, ["bea"], actor=ACTOR)
    edit_player(db, slug, "cole", {"rating": 1500}, actor=ACTOR)
    staff_link(db, slug, "ann", actor=ACTOR)
    error = refused(
        db,
        "refused",
        "Ann has a pass to the players' side",
        "Bea has checked in",
        "Cole was edited",
        "drop a player who should not play instead",
        call=lambda: csv_undo.undo_import(db, slug, entry, actor=ACTOR),
    )
    assert error.location.path == ("undo",)
    # a check-in taken back still counts: the organizer has worked with that player
    players.check_in(db, slug, ["bea"], actor=ACTOR, undo=True)
    refused(
        db,
        "refused",
        "Bea was checked in",
        call=lambda: csv_undo.undo_import(db, slug, entry, actor=ACTOR),
    )


def test_a_round_paired_since_keeps_the_import(db: Database) -> None:
    slug = _event(db)
    made = import_players_csv(db, slug, "name,id\nAnn,ann\nBea,bea\nCole,cole\n", actor=ACTOR)
    entry = made.entry or 0
    drafts.generate(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "round 1 was paired since this import",
        "discard the draft first",
        call=lambda: csv_undo.undo_import(db, slug, entry, actor=ACTOR),
    )
    drafts.discard(db, slug, actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "round 1 was released since this import",
        call=lambda: csv_undo.undo_import(db, slug, entry, actor=ACTOR),
    )


def test_a_late_import_is_undone_with_its_late_byes(db: Database) -> None:
    slug = events.create_event(db, "Late Night", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{k}", id=f"p{k}") for k in range(4)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, 1, actor=ACTOR)
    for m in events.export_event(db, slug).stage().rounds[0].matches:
        results.report(db, slug, 1, Result.win(Side.A), table=m.table, actor=ACTOR)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    made = import_players_csv(db, slug, "name,id\nLate,late\n", actor=ACTOR, late=LateEntry(1))
    assert [b.player for b in events.export_event(db, slug).stage().rounds[0].byes] == ["late"]
    csv_undo.undo_import(db, slug, made.entry or 0, actor=ACTOR)
    assert events.export_event(db, slug).stage().rounds[0].byes == ()
    assert "late" not in _ids(db, slug)
