"""The round lifecycle in detail, through the service, on both backends (seed 004 "Who gets
left out of pairings", "Running a round", "Round states, and what you can undo"): who is left
out and named in the notes, Swiss elimination thresholds applied on complete, the draft's
rearrange / discard / stale versions, a swap with the bye, clearing and correcting results,
late entry and registration refusals. Every refusal leaves the database unchanged."""

from __future__ import annotations

from typing import Any

from fairpair.engine.formats import PlayerStatus, player_status
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import ByeKind
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, TossSettings
from fairpair.engine.stage_config import (
    Elimination,
    Group,
    SwissConfig,
    SwissEliminationConfig,
)
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

from .helpers import Audited, refused, snapshot

ACTOR = "td"


def _event(db: Database, size: int, stage: Stage | None = None, name: str = "Club Night") -> str:
    slug = events.create_event(db, name, actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    return slug


def _start(db: Database, slug: str, number: int) -> Any:
    saved = drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, number, actor=ACTOR)
    return saved


def _finish(db: Database, slug: str, number: int, result: Result | None = None) -> None:
    stage = events.export_event(db, slug).stage()
    rnd = stage.round(number)
    assert rnd is not None
    for m in rnd.matches:
        if m.result is None:
            results.report(
                db, slug, number, result or Result.win(Side.A), table=m.table, actor=ACTOR
            )
    rounds.complete_round(db, slug, number, actor=ACTOR)


def _excluded(saved: Any) -> dict[str, list[str]]:
    return {n["reason"]: n["players"] for n in saved.notes if n["kind"] == "excluded"}


def _seated(saved: Any) -> set[str]:
    return {p["id"] for t in saved.pairings for p in (t["a"], t["b"])} | {
        b["player"]["id"] for b in saved.byes
    }


def test_swiss_elimination_thresholds_apply_when_a_round_is_completed(db: Database) -> None:
    stage = Stage(
        id="x-2",
        config=SwissEliminationConfig(thresholds=Elimination(2, 2)),
        ruleset=PRESETS["mtg"],
    )
    slug = _event(db, 8, stage)
    for number in (1, 2):
        _start(db, slug, number)
        _finish(db, slug, number, Result.from_games(2, 0))
    t, table = service_standings.standings(db, slug)
    status = {r.player.id: player_status(t.stage(), r) for r in table.rows}
    advanced = {p for p, s in status.items() if s is PlayerStatus.ADVANCED}
    eliminated = {p for p, s in status.items() if s is PlayerStatus.ELIMINATED}
    assert len(advanced) == 2 and len(eliminated) == 2
    saved = drafts.generate(db, slug, actor=ACTOR)
    left_out = _excluded(saved)
    assert set(left_out["advanced"]) == advanced
    assert set(left_out["eliminated"]) == eliminated
    assert not _seated(saved) & (advanced | eliminated)
    rounds.release(db, slug, actor=ACTOR)
    rounds.open_round(db, slug, 3, actor=ACTOR)
    _finish(db, slug, 3)
    # Max rounds is derived: wins + losses - 1 = 3.
    refused(
        db,
        "lifecycle_refused",
        "the stage has at most 3 rounds",
        call=lambda: drafts.generate(db, slug, actor=ACTOR),
    )


def test_groups_pair_apart_and_a_player_in_no_group_is_left_out(db: Database) -> None:
    config = SwissConfig(
        groups=(Group("A", ("p1", "p2", "p3", "p4")), Group("B", ("p5", "p6", "p7"))),
    )
    slug = _event(db, 8, Stage(config=config))
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert _excluded(saved) == {"no_group": ["p8"]}
    text = " ".join(n["text"] for n in saved.notes if n["kind"] == "excluded")
    assert "P8" in text
    group = {p: "A" for p in ("p1", "p2", "p3", "p4")} | {p: "B" for p in ("p5", "p6", "p7")}
    for t in saved.pairings:
        assert group[t["a"]["id"]] == group[t["b"]["id"]]
    assert [b["player"]["id"] for b in saved.byes] == ["p7"]  # group B is odd: its own bye


def test_a_skipped_match_leaves_no_row_but_its_players_stay_in_the_stage(db: Database) -> None:
    slug = _event(db, 6)
    _start(db, slug, 1)
    results.report(db, slug, 1, Result(ResultKind.SKIPPED), table=3, actor=ACTOR)
    _finish(db, slug, 1)
    _, table = service_standings.standings(db, slug)
    assert "p5" not in table and "p6" not in table  # never completed a match: no row
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert "no_standings_row" not in _excluded(saved)  # they played round 1: paired on 0
    paired = {p for t in saved.pairings for p in (t["a"]["id"], t["b"]["id"])}
    assert {"p5", "p6"} <= paired | {b["player"]["id"] for b in saved.byes}


def test_rearrange_discard_regenerate_and_stale_versions(db: Database) -> None:
    slug = _event(db, 5, Stage(config=SwissConfig(toss=TossSettings(enabled=True))))
    do = Audited(db, slug, ACTOR)
    refused(
        db,
        "refused",
        "no draft of the next round: generate it first",
        call=lambda: drafts.show_draft(db, slug),
    )
    saved = do("round.generate", drafts.generate)
    assert saved.version == 1 and saved.made_by == ACTOR
    bye = saved.byes[0]["player"]["id"]
    a = saved.pairings[0]["a"]["id"]
    moved = do("round.rearrange", drafts.rearrange, a, bye, version=1)
    assert moved.version == 2
    assert moved.byes[0]["player"]["id"] == a
    assert moved.pairings[0]["a"]["id"] == bye
    assert do.entry().before["byes"] == [[bye, "pairing"]]
    assert do.entry().after["byes"] == [[a, "pairing"]]
    refused(
        db,
        "stale_version",
        "the draft changed since you read it (version 1, now 2)",
        call=lambda: drafts.rearrange(db, slug, a, bye, actor=ACTOR, version=1),
    )
    refused(
        db,
        "refused",
        "cannot swap 'p1' with themselves",
        call=lambda: drafts.rearrange(db, slug, "p1", "p1", actor=ACTOR),
    )
    refused(
        db,
        "unknown_player",
        "no player 'zed'",
        call=lambda: drafts.rearrange(db, slug, "p1", "zed", actor=ACTOR),
    )
    assert drafts.show_draft(db, slug) == moved
    assert do("round.discard", drafts.discard) == 1
    assert do.entry().before["pairings"] == [
        [t["table"], t["a"]["id"], t["b"]["id"]] for t in moved.pairings
    ]
    refused(db, "refused", "no draft", call=lambda: drafts.discard(db, slug, actor=ACTOR))
    refused(
        db, "refused", "no draft to release", call=lambda: rounds.release(db, slug, actor=ACTOR)
    )
    again = do("round.regenerate", drafts.regenerate)  # with no draft: a new one
    assert again.pairings == saved.pairings and again.moves == []
    assert do("round.release", rounds.release) == 1
    refused(
        db,
        "stale_version",
        "round 1 changed since you read it (version 2, now 1)",
        call=lambda: rounds.open_round(db, slug, 1, actor=ACTOR, version=2),
    )
    do("round.open", rounds.open_round, 1, version=1)
    refused(
        db,
        "unknown_round",
        "no round 2 (rounds: 1)",
        call=lambda: rounds.open_round(db, slug, 2, actor=ACTOR),
    )
    # A stage edit against a stale version; a setting the schema refuses.
    refused(
        db,
        "stale_version",
        "stage swiss changed since you read it",
        call=lambda: stages.edit_stage(db, slug, {"max_rounds": 4}, actor=ACTOR, version=7),
    )
    bad = refused(
        db,
        "invalid_stage",
        "greater than or equal to 1",
        call=lambda: stages.edit_stage(db, slug, {"max_rounds": -1}, actor=ACTOR),
    )
    assert "max_rounds" in str(bad)  # the setting is named (by its location)
    refused(
        db,
        "refused",
        "a stage's id cannot change",
        call=lambda: stages.edit_stage(db, slug, {"id": "other"}, actor=ACTOR),
    )
    do("stage.edit", stages.edit_stage, {"max_rounds": 4}, version=1)
    do.silent(stages.edit_stage, {"max_rounds": 4})  # no change: nothing written
    unlimited = do("stage.edit", stages.edit_stage, {"max_rounds": None})  # empty: no cap
    assert "max_rounds" not in unlimited
    assert events.show_event(db, slug).stages[0].max_rounds is None


def test_a_swap_with_the_bye_resyncs_only_the_changed_tosses(db: Database) -> None:
    slug = _event(db, 7, Stage(config=SwissConfig(toss=TossSettings(enabled=True))))
    do = Audited(db, slug, ACTOR)
    do("round.generate", drafts.generate)
    do("round.release", rounds.release)
    before = events.export_event(db, slug).stage().round(1)
    assert before is not None and len(before.byes) == 1
    bye = before.byes[0].player
    mover = before.matches[1].b
    assert do("round.swap", rounds.swap, 1, mover, bye) == [2]
    after = events.export_event(db, slug).stage().round(1)
    assert after is not None
    assert [b.player for b in after.byes] == [mover]
    assert after.byes[0].kind is ByeKind.PAIRING
    assert (after.matches[1].a, after.matches[1].b) == (before.matches[1].a, bye)
    for old, new in zip(before.matches, after.matches, strict=True):
        if new.table != 2:
            assert new == old  # unchanged pairings keep their toss
    toss = after.matches[1].toss
    assert toss is not None and toss.first in (after.matches[1].a, bye)
    assert do.entry().before == {
        "players": [mover, bye],
        "tables": [[2, before.matches[1].a, mover]],
    }
    assert do.entry().after == {"tables": [[2, before.matches[1].a, bye]]}
    refused(
        db,
        "refused",
        "'p1' with themselves",
        call=lambda: rounds.swap(db, slug, 1, "p1", "p1", actor=ACTOR),
    )
    # The toss by hand: choose who plays first; a recalculation keeps it.
    first = after.matches[0].b
    assert do("toss.flip", tosses.flip, 1, 1, first=first) == first
    do("toss.recalculate", tosses.recalculate, 1)
    assert do.entry().after == {"changed_tables": []}
    kept = events.export_event(db, slug).stage().round(1).matches[0].toss  # type: ignore[union-attr]
    assert kept is not None and kept.first == first and kept.manual
    refused(
        db,
        "unknown_player",
        "no player 'nobody'",
        call=lambda: tosses.flip(db, slug, 1, 1, first="nobody", actor=ACTOR),
    )


def test_toss_by_hand_is_refused_when_the_stage_has_no_toss(db: Database) -> None:
    slug = _event(db, 4)
    _start(db, slug, 1)
    error = refused(db, "toss_unavailable", call=lambda: tosses.flip(db, slug, 1, 1, actor=ACTOR))
    assert "toss" in error.reason


def test_clearing_and_correcting_results_in_an_open_round(db: Database) -> None:
    slug = _event(db, 4, Stage(ruleset=PRESETS["mtg"]))
    _start(db, slug, 1)
    do = Audited(db, slug, ACTOR)
    refused(
        db,
        "refused",
        "table 1 has no result to correct: report it",
        call=lambda: results.correct(db, slug, 1, 1, Result.from_games(2, 0), actor=ACTOR),
    )
    refused(
        db,
        "invalid_result",
        "impossible in a bo3 match",
        call=lambda: results.record_games(db, slug, 1, 1, GameScore(3, 0), actor=ACTOR),
    )
    do("result.games", results.record_games, 1, 1, GameScore(1, 0))
    recorded = do("result.report", results.report, 1, Result.from_games(2, 1), table="1.1")
    assert recorded.table == 1 and recorded.match_id == "1.1"
    assert do.entry().subject == "stage swiss round 1 table 1"
    assert do.entry().after["result"] == {
        "kind": "played",
        "winner": "a",
        "games_a": 2,
        "games_b": 1,
        "games_draws": 0,
    }
    refused(
        db,
        "already_recorded",
        "table 1 already has its final result",
        call=lambda: results.record_games(db, slug, 1, 1, GameScore(2, 1), actor=ACTOR),
    )
    # In an Open round a result can be cleared (audited), then reported again.
    assert do("result.clear", results.correct, 1, 1, None, reason="wrong table") is None
    assert do.entry().before["winner"] == "a"
    assert do.entry().after == {"reason": "wrong table"}
    assert events.export_event(db, slug).stage().round(1).matches[0].result is None  # type: ignore[union-attr]
    again = do("result.report", results.report, 1, Result.forfeit(Side.B), table=1)
    assert again.version == 1
    fixed = do("result.correct", results.correct, 1, 1, Result.from_games(0, 2), version=1)
    assert fixed.version == 2


def test_late_entry_and_registration_refusals(db: Database) -> None:
    slug = _event(db, 4)
    refused(
        db,
        "refused",
        "cannot give 1 byes for missed rounds",
        call=lambda: players.add_players(
            db, slug, [NewPlayer("Early")], actor=ACTOR, late=LateEntry(byes=1)
        ),
    )
    refused(
        db,
        "refused",
        "a player 'p1' is registered already",
        call=lambda: players.add_players(
            db, slug, [NewPlayer("Fine"), NewPlayer("Again", id="p1")], actor=ACTOR
        ),
    )
    refused(
        db,
        "refused",
        "seed must be 1-1000000, got 0",
        call=lambda: players.add_players(db, slug, [NewPlayer("Zero", seed=0)], actor=ACTOR),
    )
    refused(
        db,
        "refused",
        "a name has 1-200 characters",
        call=lambda: players.add_players(db, slug, [NewPlayer("  ")], actor=ACTOR),
    )
    refused(
        db,
        "unknown_player",
        "no player 'ghost'",
        call=lambda: players.check_in(db, slug, ["p1", "ghost"], actor=ACTOR),
    )
    do = Audited(db, slug, ACTOR)
    do("player.checkin", players.check_in, ["p1", "P2"])  # by id, or by name
    do("player.checkout", players.check_in, ["p2"], undo=True)
    assert do.silent(players.check_in, []) == []  # nobody named: no change, no entry
    assert do.silent(players.add_players, []) == []
    assert [p.checked_in for p in events.show_event(db, slug).players] == [
        True,
        False,
        False,
        False,
    ]
    _start(db, slug, 1)
    refused(
        db,
        "refused",
        "round 1 is already released",
        call=lambda: players.drop_no_shows(db, slug, actor=ACTOR),
    )
    _finish(db, slug, 1)
    refused(
        db,
        "refused",
        "cannot give 2 byes for missed rounds",
        call=lambda: players.add_players(
            db, slug, [NewPlayer("Late")], actor=ACTOR, late=LateEntry(byes=2)
        ),
    )
    do = Audited(db, slug, ACTOR)
    late = do(
        "player.add",
        players.add_players,
        [NewPlayer("Half")],
        late=LateEntry(byes=1, kind=ByeKind.HALF),
    )
    assert do.entry().after[-1] == {"late_byes": 1, "kind": "half"}
    _, table = service_standings.standings(db, slug)
    assert table.row(late[0]).points == 1  # the stage's half-bye points
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert late[0] in _seated(saved)


def test_reading_writes_nothing(db: Database) -> None:
    slug = _event(db, 5, Stage(config=SwissConfig(toss=TossSettings(enabled=True))))
    _start(db, slug, 1)
    _finish(db, slug, 1)
    drafts.generate(db, slug, actor=ACTOR)
    before = snapshot(db)
    events.export_event(db, slug)
    events.show_event(db, slug)
    events.list_events(db)
    drafts.show_draft(db, slug)
    service_standings.standings(db, slug)
    service_standings.standings(db, slug, after_round=1)
    tosses.toss_table(db, slug)
    audit.audit_log(db, slug)
    assert snapshot(db) == before
    refused(db, "unknown_event", "no event 'nope'", call=lambda: events.export_event(db, "nope"))
    refused(
        db,
        "unknown_stage",
        "no stage 'finals'",
        call=lambda: service_standings.standings(db, slug, stage="finals"),
    )


def test_a_drop_before_rounds_the_player_played_is_refused(db: Database) -> None:
    """Dropping a player "after round 1" when they are paired in round 2 would leave a saved
    event that its own export cannot be read back from (the document reader refuses it)."""
    slug = _event(db, 6)
    for number in (1, 2):
        _start(db, slug, number)
        _finish(db, slug, number)
    refused(
        db,
        "refused",
        "'p1' dropped after round 1 but is paired in round 2",
        call=lambda: players.drop_player(db, slug, "p1", actor=ACTOR, after_round=1),
    )
    assert players.drop_player(db, slug, "p1", actor=ACTOR, after_round=2) == 2


def test_a_reinstated_no_show_is_paired_from_the_next_round(db: Database, tmp_path: Any) -> None:
    """A no-show dropped before round 1 by mistake and reinstated after round 1 is paired
    from round 2 on their points (like a late entry: round 1 sat out), not left out as "no
    standings row" for the rest of the event."""
    from fairpair.interop.document import dump_document, load_document

    slug = _event(db, 7)
    players.check_in(db, slug, [f"p{i}" for i in range(1, 7)], actor=ACTOR)
    assert [p.id for p in players.drop_no_shows(db, slug, actor=ACTOR).players] == ["p7"]
    _start(db, slug, 1)
    _finish(db, slug, 1)
    players.reinstate_player(db, slug, "p7", actor=ACTOR)
    r1 = events.export_event(db, slug).stage().round(1)
    assert r1 is not None
    assert [(b.player, b.kind) for b in r1.byes] == [("p7", ByeKind.ZERO)]  # sat round 1 out
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert "p7" in _seated(saved)
    assert not _excluded(saved)
    path = tmp_path / "event.json"
    path.write_text(dump_document(events.export_event(db, slug)), encoding="utf-8")
    load_document(path)  # a consistent event


def test_draft_warnings_forced_rematch_and_forbidden_pair(db: Database) -> None:
    """A draft shows its warnings before release: a forced rematch (two players who cannot
    avoid each other), a forbidden pair made by hand; the audit entry keeps them."""
    slug = _event(db, 2, name="Heads Up")
    _start(db, slug, 1)
    _finish(db, slug, 1)
    do = Audited(db, slug, ACTOR)
    saved = do("round.generate", drafts.generate)
    assert saved.warnings == ["table 1: P1 and P2 have met before (a rematch)"]
    assert any(n["kind"] == "forced_rematch" for n in saved.notes)
    assert do.entry().after["warnings"] == saved.warnings

    config = SwissConfig(forbidden_pairs=(("p1", "p2"),))
    slug = _event(db, 4, Stage(config=config), name="Family Night")
    saved = drafts.generate(db, slug, actor=ACTOR)
    pairs = {frozenset((t["a"]["id"], t["b"]["id"])) for t in saved.pairings}
    assert frozenset(("p1", "p2")) not in pairs and not saved.warnings
    one = next(t for t in saved.pairings if "p1" in (t["a"]["id"], t["b"]["id"]))
    partner = one["b"]["id"] if one["a"]["id"] == "p1" else one["a"]["id"]
    moved = drafts.rearrange(db, slug, partner, "p2", actor=ACTOR)  # p2 now faces p1
    assert len(moved.warnings) == 1 and "are a forbidden pair" in moved.warnings[0]
    assert "P1" in moved.warnings[0] and "P2" in moved.warnings[0]
    assert rounds.release(db, slug, actor=ACTOR) == 1  # a warning, not a refusal


def test_a_player_who_joins_after_the_draft_is_not_left_out_quietly(db: Database) -> None:
    """A player registered (or reinstated) while a draft exists is in neither its pairings nor
    its notes: release is refused, naming them, and the regenerated round pairs them."""
    slug = _event(db, 6)
    _start(db, slug, 1)
    _finish(db, slug, 1)
    players.drop_player(db, slug, "p6", actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer("Late Comer", id="late")], actor=ACTOR)
    refused(
        db,
        "lifecycle_refused",
        "cannot release round 2: Late Comer (late) joined after the draft was made",
        "regenerate",
        call=lambda: rounds.release(db, slug, actor=ACTOR),
    )
    drafts.regenerate(db, slug, actor=ACTOR)
    players.reinstate_player(db, slug, "p6", actor=ACTOR)
    refused(
        db,
        "lifecycle_refused",
        "P6 (p6) joined after the draft was made",
        call=lambda: rounds.release(db, slug, actor=ACTOR),
    )
    saved = drafts.regenerate(db, slug, actor=ACTOR)
    assert {"late", "p6"} <= _seated(saved)
    assert rounds.release(db, slug, actor=ACTOR) == 2
    r2 = events.export_event(db, slug).stage().round(2)
    assert r2 is not None and {"late", "p6"} <= set(r2.participants())


def test_a_stage_keeps_its_format_once_it_has_a_round(db: Database) -> None:
    from fairpair.service.event import events
    from fairpair.service.players import roster as players
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.rounds import drafts, stages
    from fairpair.service.rounds import lifecycle as rounds

    from .helpers import refused

    slug = events.create_event(db, "Format Kept", actor="t")
    players.add_players(db, slug, [NewPlayer(n) for n in ("Ann", "Bo", "Cy", "Di")], actor="t")
    # Before anything is paired the format may change (and back).
    stages.edit_stage(db, slug, {"format": "round_robin"}, actor="t")
    stages.edit_stage(db, slug, {"format": "swiss"}, actor="t")
    drafts.generate(db, slug, actor="t")
    refused(
        db,
        "refused",
        "has a draft paired as swiss",
        call=lambda: stages.edit_stage(db, slug, {"format": "round_robin"}, actor="t"),
    )
    rounds.release(db, slug, actor="t")
    refused(
        db,
        "refused",
        "1 released round paired as swiss",
        "add a new stage",
        call=lambda: stages.edit_stage(db, slug, {"format": "round_robin"}, actor="t"),
    )
    stages.edit_stage(db, slug, {"max_rounds": 5}, actor="t")  # other settings still may


def test_names_and_notes_with_control_codes_are_refused_on_both_databases(db: Database) -> None:
    import pytest

    from fairpair.service.accounts import api_tokens as tokens
    from fairpair.service.accounts.logins import add_account
    from fairpair.service.event import events
    from fairpair.service.kernel.errors import Refused
    from fairpair.service.players import roster as players
    from fairpair.service.players.registration import NewPlayer

    with pytest.raises(Refused, match="no control codes"):
        events.create_event(db, "Friday\x00Night", actor="t")
    slug = events.create_event(db, "Friday Night", actor="t")
    with pytest.raises(Refused, match="team"):
        players.add_players(db, slug, [NewPlayer("Ann", team="Owls\x00")], actor="t")
    players.add_players(db, slug, [NewPlayer("Ann", id="ann")], actor="t")
    with pytest.raises(Refused, match="reason"):
        players.drop_player(db, slug, "ann", actor="t", reason="left\x00early")
    who = add_account(db, "olga", "long enough password")
    with pytest.raises(Refused, match="token's name"):
        tokens.create_token(db, who, "bot\x00")
    with pytest.raises(Refused, match="name"):
        add_account(db, "bea", "long enough password", name="Bea\x07")
