"""A 64-player event from registration to final standings, through the service only, on
SQLite and on PostgreSQL (issue 8 "What it must show"; seed 004 "Running a round", "Round
states, and what you can undo", "Who gets left out of pairings", "Standings").

Alongside the saved event the test builds the same tournament with the engine's pure changes
(``engine.changes``, ``pair_next_round``, ``rearrange_draft``): every draft the service makes
must be the engine's, and at the end the exported event, its document and its standings must
equal the engine's. Every refusal the issue lists is checked by its code and its words, with
every table of the database compared before and after; every change is checked to write
exactly one audit entry.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import select

from fairpair.engine import changes as engine
from fairpair.engine.formats import pair_next_round
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.rearrange import rearrange_draft
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, RoundState
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, TossSettings
from fairpair.engine.stage_config import SwissConfig
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import dump_document
from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.results import standings as service_standings
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds import toss as tosses
from fairpair.store.database import Database
from fairpair.store.models import RoundRow, TableRow

from .helpers import Audited, refused

NAME = "Grand Prix Sixty-Four"
ACTOR = "head-judge"
STAGE = "swiss"
FIRST_CAP = 5


def _stage() -> Stage:
    return Stage(
        id=STAGE,
        name="Swiss",
        config=SwissConfig(max_rounds=FIRST_CAP, toss=TossSettings(enabled=True)),
        ruleset=PRESETS["mtg"],
        seed="gp-64",
    )


def _pairs(saved: Any) -> list[tuple[int, str, str]]:
    return [(t["table"], t["a"]["id"], t["b"]["id"]) for t in saved.pairings]


def _byes(saved: Any) -> list[tuple[str, str]]:
    return [(b["player"]["id"], b["kind"]) for b in saved.byes]


def _engine_pairs(draft: PairingDraft) -> list[tuple[int, str, str]]:
    return [(p.table, p.a, p.b) for p in draft.pairings]


def _engine_byes(draft: PairingDraft) -> list[tuple[str, str]]:
    return [(b.player, b.kind.value) for b in draft.byes]


def excluded(saved: Any) -> set[str]:
    """The players a draft's notes say are left out (each note names them, by name too)."""
    notes = [n for n in saved.notes if n["kind"] == "excluded"]
    names = {p["id"]: p["name"] for t in saved.pairings for p in (t["a"], t["b"])}
    out = {p for n in notes for p in n["players"]}
    assert not out & set(names)
    return out


def named_in_notes(saved: Any, tournament: Tournament, keys: set[str]) -> None:
    """Each of ``keys`` is named (by name) in the text of an "excluded" note."""
    text = " ".join(n["text"] for n in saved.notes if n["kind"] == "excluded")
    for p in tournament.players:
        if p.id in keys:
            assert p.name in text, (p.name, text)


class Run:
    """The saved event and its engine twin, changed together."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.slug = events.create_event(db, NAME, actor=ACTOR, stage=_stage())
        entries = audit.audit_log(db, self.slug).entries
        assert [(e.action, e.actor) for e in entries] == [("event.create", ACTOR)]
        self.do = Audited(db, self.slug, ACTOR)
        self.ref = Tournament(NAME, (), (_stage(),))
        self.draft: PairingDraft | None = None
        self.rng = random.Random(64)

    # --- the engine twin -------------------------------------------------------------------
    @property
    def stage(self) -> Stage:
        return self.ref.stage(STAGE)

    def with_stage(self, stage: Stage) -> None:
        self.ref = replace(
            self.ref, stages=tuple(stage if s.id == STAGE else s for s in self.ref.stages)
        )

    def exported(self) -> Tournament:
        return events.export_event(self.db, self.slug)

    def same_as_engine(self) -> None:
        assert dump_document(self.exported()) == dump_document(self.ref)

    # --- registration ------------------------------------------------------------------------
    def register(self, new: list[NewPlayer], late: LateEntry | None = None) -> list[str]:
        kwargs: dict[str, Any] = {"late": late} if late is not None else {}
        keys: list[str] = self.do("player.add", players.add_players, new, **kwargs)
        assert len(keys) == len(new)
        added = tuple(
            Player(k, p.name, p.seed, p.rating, p.team) for k, p in zip(keys, new, strict=True)
        )
        self.ref = replace(self.ref, players=(*self.ref.players, *added))
        if self.stage.rounds:
            late = late or LateEntry()
            self.with_stage(
                replace(
                    self.stage,
                    rounds=tuple(
                        replace(
                            r,
                            byes=(
                                *r.byes,
                                *(
                                    Bye(k, late.kind if n < late.byes else ByeKind.ZERO)
                                    for k in keys
                                ),
                            ),
                        )
                        for n, r in enumerate(self.stage.rounds)
                    ),
                )
            )
        return keys

    def drop(self, key: str, **kwargs: Any) -> int:
        after: int = self.do("player.drop", players.drop_player, key, **kwargs)
        self.ref = engine.drop_player(
            self.ref,
            key,
            kwargs.get("after_round"),
            stage=STAGE,
            whole_event=kwargs.get("whole_event", True),
        )
        return after

    def reinstate(self, key: str) -> None:
        undone = self.do("player.reinstate", players.reinstate_player, key)
        assert undone == 1
        self.ref = replace(self.ref, drops=tuple(d for d in self.ref.drops if d.player != key))
        self.with_stage(
            replace(self.stage, drops=tuple(d for d in self.stage.drops if d.player != key))
        )

    # --- drafts ----------------------------------------------------------------------------
    def check_draft(self, saved: Any) -> None:
        assert self.draft is not None
        assert saved.private is True
        assert saved.round == self.draft.round_number
        assert _pairs(saved) == _engine_pairs(self.draft)
        assert _byes(saved) == _engine_byes(self.draft)

    def generate(self, action: str = "round.generate") -> Any:
        fn = drafts.generate if action == "round.generate" else drafts.regenerate
        saved = self.do(action, fn)
        self.draft = pair_next_round(self.ref, self.stage)
        self.check_draft(saved)
        # A draft is not a round: nothing public exists yet.
        assert self.exported().stage(STAGE).last_round == self.stage.last_round
        return saved

    def rearrange(self, one: str, two: str) -> Any:
        saved = self.do("round.rearrange", drafts.rearrange, one, two)
        assert self.draft is not None
        self.draft = rearrange_draft(self.ref, self.draft, one, two)
        self.check_draft(saved)
        return saved

    def release(self) -> int:
        number: int = self.do("round.release", rounds.release)
        assert self.draft is not None and number == self.draft.round_number
        self.ref = engine.release_round(self.ref, self.draft)
        self.draft = None
        return number

    # --- rounds ----------------------------------------------------------------------------
    def open(self, number: int) -> None:
        self.do("round.open", rounds.open_round, number)
        self.ref = engine.open_round(self.ref, number, STAGE)

    def complete(self, number: int) -> None:
        self.do("round.complete", rounds.complete_round, number)
        self.ref = engine.complete_round(self.ref, number, STAGE)
        self.same_as_engine()

    def revert(self, number: int) -> None:
        self.do("round.revert", rounds.revert_round, number)
        self.ref = engine.revert_round(self.ref, number, STAGE)

    def delete(self, number: int) -> None:
        self.do("round.delete", rounds.delete_round, number)
        self.ref = engine.delete_round(self.ref, number, STAGE)

    def swap(self, number: int, one: str, two: str) -> list[int]:
        changed: list[int] = self.do("round.swap", rounds.swap, number, one, two)
        self.ref = engine.swap_players(self.ref, number, one, two, stage=STAGE)
        return changed

    def report(self, number: int, table: int, result: Result) -> Any:
        recorded = self.do("result.report", results.report, number, result, table=table)
        self.ref = engine.record_result(self.ref, number, table, result, stage=STAGE)
        return recorded

    def correct(self, number: int, table: int, result: Result, **kwargs: Any) -> Any:
        recorded = self.do("result.correct", results.correct, number, table, result, **kwargs)
        self.ref = engine.record_result(self.ref, number, table, result, stage=STAGE)
        return recorded

    def random_result(self) -> Result:
        roll = self.rng.random()
        if roll < 0.06:
            return Result.draw(GameScore(1, 1))
        games = self.rng.choice([(2, 0), (2, 1), (1, 2), (0, 2)])
        return Result.from_games(*games)

    def report_rest(self, number: int, special: dict[int, Result] | None = None) -> None:
        special = special or {}
        rnd = self.stage.round(number)
        assert rnd is not None
        for m in rnd.matches:
            if m.result is None:
                self.report(number, m.table, special.get(m.table) or self.random_result())

    def play(self, number: int, special: dict[int, Result] | None = None) -> None:
        """Open round ``number`` (released), report every result and complete it."""
        self.open(number)
        self.report_rest(number, special)
        self.complete(number)

    def table_of(self, number: int, key: str) -> int:
        rnd = self.stage.round(number)
        assert rnd is not None
        return next(m.table for m in rnd.matches if key in (m.a, m.b))


def test_a_64_player_event_end_to_end(db: Database) -> None:
    run = Run(db)
    slug = run.slug

    def no(code: str, *parts: str, call: Any) -> Any:
        return refused(db, code, *parts, call=call)

    # --- registration: 66 players in two batches, 64 check in, the no-shows are dropped ------
    first = run.register(
        [
            NewPlayer(f"Player {i:02d}", seed=i, rating=2000 - 10 * i, contact=f"@p{i}")
            for i in range(1, 51)
        ]
    )
    second = run.register(
        [
            NewPlayer(f"Walk-in {i:02d}", id=f"walkin-{i:02d}", team="Locals" if i % 2 else None)
            for i in range(1, 17)
        ]
    )
    everyone = first + second
    assert len(everyone) == 66 and len(set(everyone)) == 66
    no_shows = [first[10], second[5]]
    here = [p for p in everyone if p not in no_shows]
    run.do("player.checkin", players.check_in, here, subject=", ".join(here))
    dropped = run.do("player.drop_no_shows", players.drop_no_shows)
    assert [p.id for p in dropped.players] == no_shows
    for key in no_shows:
        run.ref = engine.drop_player(run.ref, key, 0, stage=STAGE)
    assert run.do.silent(players.drop_no_shows).players == ()  # nobody left to drop: no entry
    no(
        "unknown_event",
        "no event 'nope'",
        call=lambda: players.add_players(db, "nope", [NewPlayer("X")], actor=ACTOR),
    )

    # --- round 1: generate, review, rearrange, release -----------------------------------------
    saved = run.generate()
    assert len(saved.pairings) == 32 and not saved.byes and saved.notes
    # "each exclusion is listed by name in the round's notes"
    assert excluded(saved) == set(no_shows)
    named_in_notes(saved, run.ref, set(no_shows))
    no("refused", "a draft of round 1 exists", call=lambda: drafts.generate(db, slug, actor=ACTOR))
    (_, a1, b1), (_, a2, b2) = _pairs(saved)[0], _pairs(saved)[1]
    moved = run.rearrange(a1, a2)
    assert _pairs(moved)[0][1:] == (a2, b1) and _pairs(moved)[1][1:] == (a1, b2)
    assert moved.moves == [f"{a1} ⇄ {a2}"]
    assert run.release() == 1
    with db.reading() as conn:  # the notes stay with the round, to be read back
        assert conn.execute(select(RoundRow.notes)).scalar_one() == moved.notes
    no(
        "refused",
        "no draft to release (round 1 is already released and scheduled)",
        call=lambda: rounds.release(db, slug, actor=ACTOR),
    )
    no(
        "lifecycle_refused",
        "round 1 is still scheduled",
        call=lambda: drafts.generate(db, slug, actor=ACTOR),
    )
    r1 = run.stage.round(1)
    assert r1 is not None
    t1 = r1.matches[0]
    no(
        "lifecycle_refused",
        "cannot report round 1",
        "(open it first)",
        call=lambda: results.report(db, slug, 1, Result.from_games(2, 0), table=1, actor=ACTOR),
    )

    # A swap in the Scheduled round: the two changed pairings get a fresh toss, the others
    # keep theirs.
    before = {m.table: m.toss for m in r1.matches}
    assert all(t is not None for t in before.values())
    x, y = r1.matches[2].a, r1.matches[5].b
    assert run.swap(1, x, y) == [3, 6]
    after = {m.table: m for m in run.exported().stage(STAGE).round(1).matches}  # type: ignore[union-attr]
    for table, toss in before.items():
        if table not in (3, 6):
            assert after[table].toss == toss
    assert after[3].b == r1.matches[2].b and after[3].a == y
    assert after[6].b == x
    for table in (3, 6):
        toss = after[table].toss
        assert toss is not None and toss.first in (after[table].a, after[table].b)
    assert run.do.entry().before["players"] == [x, y]
    run.same_as_engine()

    # Dates of round 1.
    start = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    no(
        "refused",
        "the round must end after it starts",
        call=lambda: rounds.set_dates(
            db, slug, 1, actor=ACTOR, starts_at=start, ends_at=start - timedelta(hours=1)
        ),
    )
    run.do(
        "round.dates", rounds.set_dates, 1, starts_at=start, ends_at=start + timedelta(minutes=50)
    )
    shown = events.show_event(db, slug).stages[0].rounds[0]
    assert shown.starts_at is not None and shown.ends_at is not None
    assert shown.ends_at - shown.starts_at == timedelta(minutes=50)
    assert run.do.entry().after["starts_at"].startswith("2026-12-05T10:00")

    # --- round 1: open, games in progress, revert, open again, report, complete -------------
    run.open(1)
    no(
        "lifecycle_refused",
        "cannot open round 1: it is open; only a scheduled round can be opened",
        call=lambda: rounds.open_round(db, slug, 1, actor=ACTOR),
    )
    no(
        "lifecycle_refused",
        "round 1 is still open",
        call=lambda: drafts.generate(db, slug, actor=ACTOR),
    )
    no(
        "refused",
        "no draft to release (round 1 is already released and open)",
        call=lambda: rounds.release(db, slug, actor=ACTOR),
    )
    no(
        "lifecycle_refused",
        "cannot delete round 1: it is open",
        call=lambda: rounds.delete_round(db, slug, 1, actor=ACTOR),
    )
    no(
        "lifecycle_refused",
        "cannot swap round 1: it is open",
        call=lambda: rounds.swap(db, slug, 1, x, y, actor=ACTOR),
    )
    no(
        "lifecycle_refused",
        "cannot complete round 1: 32 matches have no result yet",
        call=lambda: rounds.complete_round(db, slug, 1, actor=ACTOR),
    )
    run.do("result.games", results.record_games, 1, 4, GameScore(1, 0))
    run.do("result.games", results.record_games, 1, 5, GameScore(1, 1))

    def games_in_progress() -> dict[int, Any]:
        with db.reading() as conn:
            return {
                r.number: r.games
                for r in conn.execute(select(TableRow.number, TableRow.games))
                if r.games is not None
            }

    assert games_in_progress() == {4: {"a": 1, "b": 0, "draws": 0}, 5: {"a": 1, "b": 1, "draws": 0}}
    run.revert(1)  # games recorded without a final result are reset, and it reverts fine
    assert run.do.entry().before == {"state": "open"}
    assert run.do.entry().after == {"state": "scheduled"}
    assert games_in_progress() == {}
    assert run.exported().stage(STAGE).round(1).state is RoundState.SCHEDULED  # type: ignore[union-attr]
    run.open(1)

    # Refused reports.
    no(
        "unknown_table",
        "round 1 has no table 99 (it has 32 tables)",
        call=lambda: results.report(db, slug, 1, Result.from_games(2, 0), table=99, actor=ACTOR),
    )
    no(
        "unknown_player",
        "no player 'nobody'",
        call=lambda: results.report(
            db, slug, 1, Result.from_games(2, 0), player="nobody", actor=ACTOR
        ),
    )
    no(
        "unknown_event",
        "no event 'nope'",
        call=lambda: results.report(db, "nope", 1, Result.from_games(2, 0), table=1, actor=ACTOR),
    )
    stranger = r1.matches[10].a
    no(
        "refused",
        "is not in the match at table 1",
        call=lambda: results.report(
            db, slug, 1, Result.from_games(2, 0), table=1, player=stranger, actor=ACTOR
        ),
    )
    no(
        "refused",
        "does not play in round 1",
        call=lambda: results.report(
            db, slug, 1, Result.from_games(2, 0), player=no_shows[0], actor=ACTOR
        ),
    )
    no(
        "invalid_result",
        "3 game wins is impossible in a bo3 match (at most 2)",
        call=lambda: results.report(db, slug, 1, Result.from_games(3, 0), table=1, actor=ACTOR),
    )
    first_report = run.report(1, 1, Result.from_games(2, 1))
    assert first_report.version == 1 and first_report.a == t1.a and first_report.b == t1.b
    name_a = next(p.name for p in run.ref.players if p.id == t1.a)
    err = no(
        "already_recorded",
        "table 1 already has a result",
        f"{name_a} wins 2-1 (by {ACTOR})",
        call=lambda: results.report(db, slug, 1, Result.from_games(0, 2), table=1, actor="scorer"),
    )
    assert err.location.table == 1
    no(
        "lifecycle_refused",
        "cannot revert round 1 to scheduled: 1 match is already completed",
        call=lambda: rounds.revert_round(db, slug, 1, actor=ACTOR),
    )
    # A forfeit, and a report by player.
    forfeit_table = r1.matches[7].table
    run.report(1, forfeit_table, Result.forfeit(Side.B))
    by_player = run.do(
        "result.report", results.report, 1, Result.from_games(0, 2), player=r1.matches[8].b
    )
    assert by_player.table == r1.matches[8].table
    run.ref = engine.record_result(run.ref, 1, by_player.table, Result.from_games(0, 2))
    rest = [m.table for m in run.stage.round(1).matches if m.result is None]  # type: ignore[union-attr]
    for table in rest[:-1]:
        run.report(1, table, run.random_result())
    no(
        "lifecycle_refused",
        "cannot complete round 1: 1 match has no result yet",
        call=lambda: rounds.complete_round(db, slug, 1, actor=ACTOR),
    )
    run.report(1, rest[-1], run.random_result())
    run.complete(1)
    no(
        "lifecycle_refused",
        "cannot open round 1: it is completed",
        call=lambda: rounds.open_round(db, slug, 1, actor=ACTOR),
    )
    no(
        "already_recorded",
        "to change it, correct it",
        call=lambda: results.report(db, slug, 1, Result.from_games(2, 0), table=2, actor=ACTOR),
    )

    # A correction of the Completed round 1's result: audited, before and after.
    old = run.stage.round(1).matches[0].result  # type: ignore[union-attr]
    assert old == Result.from_games(2, 1)
    fixed = run.correct(1, 1, Result.from_games(1, 2), version=1, reason="slip filled in wrong")
    assert fixed.version == 2
    entry = run.do.entry()
    assert entry.subject == "stage swiss round 1 table 1"
    assert entry.before == {
        "kind": "played",
        "winner": "a",
        "games_a": 2,
        "games_b": 1,
        "games_draws": 0,
    }
    assert entry.after["winner"] == "b" and entry.after["games_a"] == 1
    assert entry.after["reason"] == "slip filled in wrong"
    no(
        "stale_version",
        "changed since you read it (version 1, now 2)",
        call=lambda: results.correct(
            db, slug, 1, 1, Result.from_games(2, 0), version=1, actor=ACTOR
        ),
    )
    no(
        "refused",
        "round 1 is completed: a result can be corrected, not cleared",
        call=lambda: results.correct(db, slug, 1, 1, None, actor=ACTOR),
    )
    run.same_as_engine()

    # --- round 2: an intentional draw, a double forfeit, a skipped match, toss by hand -------
    run.generate()
    run.release()
    r2 = run.stage.round(2)
    assert r2 is not None
    toss2 = r2.matches[3].toss
    assert toss2 is not None
    other = r2.matches[3].b if toss2.first == r2.matches[3].a else r2.matches[3].a
    assert run.do("toss.flip", tosses.flip, 2, 4) == other
    run.ref = engine.flip_toss(run.ref, 2, 4, stage=STAGE)
    assert run.do.entry().after == {"first": other, "manual": True}
    run.do("toss.recalculate", tosses.recalculate, 2)
    run.ref = engine.recalculate_tosses(run.ref, 2, stage=STAGE)
    kept = run.exported().stage(STAGE).round(2).matches[3].toss  # type: ignore[union-attr]
    assert kept is not None and kept.first == other and kept.manual
    run.same_as_engine()
    run.play(
        2,
        {
            1: Result.draw(intentional=True),
            2: Result(ResultKind.DOUBLE_FORFEIT),
            3: Result(ResultKind.SKIPPED),
        },
    )

    # --- late entries after round 2: one with a full bye for a missed round, one with none --
    with_bye = run.register(
        [NewPlayer("Late Lucy", seed=70)], late=LateEntry(byes=1, kind=ByeKind.FULL)
    )[0]
    without = run.register([NewPlayer("Late Larry", seed=71)])[0]
    exported = run.exported().stage(STAGE)
    assert [b.kind for r in exported.rounds for b in r.byes if b.player == with_bye] == [
        ByeKind.FULL,
        ByeKind.ZERO,
    ]
    assert [b.kind for r in exported.rounds for b in r.byes if b.player == without] == [
        ByeKind.ZERO,
        ByeKind.ZERO,
    ]
    standings_now = service_standings.standings(db, slug)[1]
    assert standings_now.row(with_bye).points == 3
    r3 = run.generate()
    seated = {p["id"]: p for t in r3.pairings for p in (t["a"], t["b"])}
    assert with_bye in seated and without in seated  # both paired in round 3, on their points
    assert seated[with_bye]["points"] == 3
    assert seated[without]["points"] == 0
    run.release()
    run.play(3)

    # --- after round 3: a drop, a drop by mistake reinstated, a stage-level drop -------------
    standing = compute_standings(run.ref, run.stage).rows
    active = [r.player.id for r in standing if not r.dropped]
    leaver, mistake, stage_leaver = active[5], active[17], active[30]
    assert run.drop(leaver, reason="flight home") == 3
    assert run.do.entry().after == {
        "after_round": 3,
        "stage": STAGE,
        "whole_event": True,
        "reason": "flight home",
    }
    no(
        "refused",
        f"{leaver!r} already dropped after round 3",
        call=lambda: players.drop_player(db, slug, leaver, actor=ACTOR),
    )
    run.drop(mistake)
    run.reinstate(mistake)
    assert run.do.entry().before[0]["after_round"] == 3
    no(
        "refused",
        "has not dropped",
        call=lambda: players.reinstate_player(db, slug, mistake, actor=ACTOR),
    )
    run.drop(stage_leaver, whole_event=False)
    assert run.do.entry().after["whole_event"] is False
    run.same_as_engine()

    # --- round 4: a withdrawal after the draft, regenerate, delete the round, generate ------
    saved = run.generate()
    assert leaver not in {p["id"] for t in saved.pairings for p in (t["a"], t["b"])}
    assert stage_leaver not in {p["id"] for t in saved.pairings for p in (t["a"], t["b"])}
    assert mistake in {p["id"] for t in saved.pairings for p in (t["a"], t["b"])}
    assert excluded(saved) == {*no_shows, leaver, stage_leaver}
    named_in_notes(saved, run.ref, {leaver, stage_leaver})
    withdrawn = _pairs(saved)[-1][2]
    run.drop(withdrawn, reason="illness")
    no(
        "lifecycle_refused",
        "cannot release round 4",
        f"({withdrawn}) withdrew after the draft was made",
        "regenerate",
        call=lambda: rounds.release(db, slug, actor=ACTOR),
    )
    saved = run.generate("round.regenerate")
    assert saved.byes, "63 players: someone has the bye"
    bye_player = saved.byes[0]["player"]["id"]
    run.release()
    run.delete(4)
    assert run.do.entry().before["state"] == "scheduled"
    assert run.exported().stage(STAGE).last_round == 3
    run.generate()
    run.release()
    run.open(4)
    no(
        "refused",
        "a bye has no result to report",
        call=lambda: results.report(
            db, slug, 4, Result.from_games(2, 0), player=bye_player, actor=ACTOR
        ),
    )
    run.report_rest(4)
    run.complete(4)

    # --- round 5, the cap; raised mid-event; round 6 --------------------------------------
    run.generate()
    run.release()
    run.play(5)
    no(
        "lifecycle_refused",
        "cannot generate round 6: the stage has at most 5 rounds",
        call=lambda: drafts.generate(db, slug, actor=ACTOR),
    )
    run.do("stage.edit", stages.edit_stage, {"max_rounds": 6})
    run.with_stage(
        replace(run.stage, config=replace(cast(SwissConfig, run.stage.config), max_rounds=6))
    )
    assert run.do.entry().before["max_rounds"] == 5 and run.do.entry().after["max_rounds"] == 6
    run.generate()
    run.do("stage.edit", stages.edit_stage, {"max_rounds": 5})
    no(
        "lifecycle_refused",
        "cannot release round 6: the stage has at most 5 rounds",
        call=lambda: rounds.release(db, slug, actor=ACTOR),
    )
    run.do("stage.edit", stages.edit_stage, {"max_rounds": 6})
    run.release()
    run.play(6)
    no(
        "lifecycle_refused",
        "the stage has at most 6 rounds",
        call=lambda: drafts.generate(db, slug, actor=ACTOR),
    )

    # --- final standings: the service's = the engine's on the export = the engine twin's ----
    _, final = service_standings.standings(db, slug)
    assert final.after_round == 6
    exported_t = run.exported()
    assert final.rows == compute_standings(exported_t, exported_t.stage(STAGE)).rows
    assert final.rows == compute_standings(run.ref, run.stage).rows
    run.same_as_engine()
    assert len(final.rows) == 66  # the two no-shows never played: they have no row
    assert {r.player.id for r in final.rows if r.dropped} == {leaver, withdrawn, stage_leaver}
    assert all(r.rank is None for r in final.rows if r.dropped)
    ranks = [r.rank for r in final.rows if not r.dropped]
    assert ranks[0] == 1 and ranks == sorted(ranks)  # type: ignore[type-var]
    assert all(rank is not None and rank <= i for i, rank in enumerate(ranks, 1))
    assert max(ranks) <= len(ranks) == 63  # type: ignore[type-var, operator]
    # Played counts byes, but not the rounds a late entry sat out (zero-point byes).
    assert final.row(with_bye).played == 5 and final.row(without).played == 4
    assert final.has_forfeits

    # --- the audit log: every change once, in order ----------------------------------------
    log = audit.audit_log(db, slug).entries
    assert len(log) == run.do.count
    assert [e.id for e in log] == sorted(e.id for e in log)
    assert all(e.actor == ACTOR for e in log)
    assert log[0].action == "event.create"
    assert [e.at for e in log] == sorted(e.at for e in log)
    assert audit.audit_log(db, slug, limit=3).entries == log[-3:]
    # The event's version moved once per change (from 1 at its creation), never on a refusal.
    assert events.show_event(db, slug).version == len(log)
