"""Drawing a top cut in a saved event (seed 001, "Top cut math"): the field of a cut stage
from the standings of the stage it is cut from.

- ``draw``: the organizer draws it (``fairpair cut EVENT --draw``), or re-draws it before the
  cut stage's round 1; refused once that round is released. ``redraw_plan`` says first what
  drawing it again would do — who moves in and out, with places, whose seed changes — by the
  same engine change ``draw`` makes, without saving it (the console asks with it).
- ``draw_due_cuts``: called in the same transaction as every recorded result (a match's, a
  pod table's places); when the result
  was the last match of a stage that is now finished, every automatic cut from it is drawn
  (re-drawn after a correction while the cut stage has not started).
- ``seat_replacements``: before the cut stage's round 1, a seated player who dropped gives
  their seat to the next in the standings (``replace_dropped``, the default), and the seeds
  follow the standings again; with ``replace_dropped`` off nobody is seated in their place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, select, update

from fairpair.engine.changes import draw_cut
from fairpair.engine.formats import stage_finished
from fairpair.engine.players import PlayerId
from fairpair.engine.stage import Stage
from fairpair.engine.standings.table import compute_standings
from fairpair.engine.topcut import TopCut
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.loading import Loaded, load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import PodSeatRow, ResultRow, StageRow, TableRow


@dataclass(frozen=True, slots=True)
class CutPlace:
    """A player moving into or out of a cut: their place in the standings the cut is made
    from, now (``None``: no standings row)."""

    player: PlayerId
    name: str
    place: int | None


@dataclass(frozen=True, slots=True)
class CutMoves:
    """A cut drawn again that seats other players than before (a corrected result): who
    moved into it and who out of it, by place."""

    stage: str
    seats: int
    moved_in: tuple[CutPlace, ...]
    moved_out: tuple[CutPlace, ...]


@dataclass(frozen=True, slots=True)
class DrawnCut:
    """A cut drawn now: the cut stage, the stage it was cut from, who made it (seed order),
    the engine's ``TopCut`` (its explanation), who replaced a dropped player, and — drawn
    again — who moved into and out of it (``None`` when nobody did, or it is the first draw)."""

    stage: str
    from_stage: str
    players: tuple[PlayerId, ...]
    cut: TopCut
    replaced: tuple[tuple[PlayerId, PlayerId | None], ...] = ()
    moves: CutMoves | None = None


@dataclass(frozen=True, slots=True)
class Reseeded:
    """A player who stays in a cut drawn again with another seed."""

    player: CutPlace
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class RedrawPlan:
    """What drawing cut ``stage`` (named ``name``) again would do now: its ``seats``, who would
    move into and out of it (``moves``, ``None``: nobody), and who would stay with another
    seed (``reseeded``). ``changes``: anything at all."""

    stage: str
    name: str
    seats: int
    moves: CutMoves | None
    reseeded: tuple[Reseeded, ...]

    @property
    def changes(self) -> bool:
        return self.moves is not None or bool(self.reseeded)


def redraw_plan(
    db: Database, slug: str, *, stage: str | None = None, early: bool = False
) -> RedrawPlan | None:
    """What ``draw`` would do to the cut of ``stage`` drawn earlier, before it is done — the
    same engine change, refused the same way, not saved. ``None`` when the cut was never
    drawn (a first draw takes no seat from anyone)."""
    with reading(db, slug) as (conn, event):
        key = find_stage(conn, event, stage).key
        tournament = load(conn, event).tournament
    before = tournament.stage(key)
    after, made = draw_cut(tournament, key, early=early)
    if before.participants is None:
        return None
    drawn = after.stage(key)
    assert drawn.cut is not None
    source = drawn.cut.from_stage
    moves = _moves(tournament, key, source, before.participants, made.players)
    place = {
        r.player.id: r.rank for r in compute_standings(tournament, tournament.stage(source)).rows
    }
    names = {p.id: p.name for p in tournament.players}
    reseeded = tuple(
        Reseeded(CutPlace(p, names.get(p, p), place.get(p)), before.seeds[p], drawn.seeds[p])
        for p in made.players
        if p in before.seeds and before.seeds[p] != drawn.seeds.get(p)
    )
    return RedrawPlan(key, before.name, len(made.players), moves, reseeded)


def draw(
    db: Database, slug: str, *, actor: str, stage: str | None = None, early: bool = False
) -> DrawnCut:
    """Draw the cut of ``stage`` (default: the last stage) now. Refused while the stage it is
    cut from is not finished — unless ``early`` (the organizer's explicit choice, e.g. a Swiss
    without a round cap) — and once the cut stage's round 1 is released."""
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage)
        loaded = load(change.conn, change.event)
        return _draw(change, loaded, where.key, early=early, automatic=False)


def draw_in(change: Change, key: str) -> DrawnCut:
    """Draw automatic cut ``key`` in a change under way, whether or not the stage it is cut
    from is finished by its own rules: the autopilot played the rounds it plays there (a
    Swiss without a cap: ``engine.stage_progress.autopilot_rounds``)."""
    return _draw(change, load(change.conn, change.event), key, early=True, automatic=True)


def _draw(change: Change, loaded: Loaded, key: str, *, early: bool, automatic: bool) -> DrawnCut:
    tournament = loaded.tournament
    before = tournament.stage(key)
    after, made = draw_cut(tournament, key, early=early)
    stage = after.stage(key)
    assert stage.cut is not None
    _store(change.conn, change, stage)
    change.audit(
        "cut.draw",
        f"stage {key}",
        before={"players": list(before.participants)} if before.participants else None,
        after={
            "from_stage": stage.cut.from_stage,
            "players": list(made.players),
            "automatic": automatic,
            "explanation": made.explain({p.id: p.name for p in tournament.players}),
        },
    )
    moves = _moves(tournament, key, stage.cut.from_stage, before.participants, made.players)
    return DrawnCut(key, stage.cut.from_stage, made.players, made, moves=moves)


def _moves(
    tournament: Tournament,
    key: str,
    source: str,
    before: tuple[PlayerId, ...] | None,
    after: tuple[PlayerId, ...],
) -> CutMoves | None:
    """Who moved into and out of cut ``key`` drawn again (``before``: its seats until now)."""
    if before is None or set(before) == set(after):
        return None
    rows = compute_standings(tournament, tournament.stage(source)).rows
    place = {r.player.id: r.rank for r in rows}
    names = {p.id: p.name for p in tournament.players}

    def placed(players: list[PlayerId]) -> tuple[CutPlace, ...]:
        found = [CutPlace(p, names.get(p, p), place.get(p)) for p in players]
        return tuple(sorted(found, key=lambda c: (c.place is None, c.place or 0)))

    return CutMoves(
        key,
        len(after),
        placed([p for p in after if p not in set(before)]),
        placed([p for p in before if p not in set(after)]),
    )


def _store(conn: Connection, change: Change, stage: Stage) -> None:
    """Write ``stage``'s drawn field (participants and seeds) into its stored settings."""
    row = conn.execute(
        select(StageRow.id, StageRow.settings, StageRow.version).where(
            StageRow.event_id == change.event.id, StageRow.key == stage.id
        )
    ).one()
    settings: dict[str, Any] = dict(row.settings)
    settings["participants"] = list(stage.participants or ())
    settings["seeds"] = {p: n for p, n in stage.seeds.items()}
    conn.execute(
        update(StageRow)
        .where(StageRow.id == row.id)
        .values(settings=settings, version=row.version + 1)
    )


def draw_due_cuts(change: Change, source_key: str, round_id: int) -> tuple[DrawnCut, ...]:
    """After a result of stage ``source_key`` (round row ``round_id``) is recorded: draw every
    automatic cut from that stage when it is now finished. Costs one small query when no stage
    is cut from it, two when its round still has matches to report."""
    conn = change.conn
    rows = conn.execute(
        select(StageRow.key, StageRow.settings).where(StageRow.event_id == change.event.id)
    ).all()
    due = [
        row.key
        for row in rows
        if isinstance(cut := row.settings.get("cut"), dict)
        and cut.get("from_stage") == source_key
        and cut.get("automatic", True)
    ]
    if not due:
        return ()
    if change.shared:
        # a players' report locks the event last: whether the stage is finished is asked
        # then, when the other tables' results committed meanwhile are seen
        change.when_locked(lambda: _draw_finished(change, source_key, round_id, due))
        return ()
    return _draw_finished(change, source_key, round_id, due)


def _draw_finished(
    change: Change, source_key: str, round_id: int, due: list[str]
) -> tuple[DrawnCut, ...]:
    """Draw the automatic cuts ``due`` from stage ``source_key`` if it is finished."""
    conn = change.conn
    if outstanding_tables(conn, round_id):
        return ()
    loaded = load(conn, change.event)
    if not stage_finished(loaded.tournament, source_key):
        return ()
    drawn: list[DrawnCut] = []
    for key in due:
        if loaded.tournament.stage(key).rounds:
            continue  # the cut stage has started: its field is fixed
        drawn.append(_draw(change, loaded, key, early=False, automatic=True))
        loaded = load(conn, change.event)
    return tuple(drawn)


def outstanding_tables(conn: Connection, round_id: int) -> int:
    """Tables of round row ``round_id`` without a result: matches without a result row, pod
    tables with a seat without a place."""
    from sqlalchemy import and_, exists, func, or_

    unplaced = exists().where(PodSeatRow.table_id == TableRow.id, PodSeatRow.place.is_(None))
    return int(
        conn.execute(
            select(func.count())
            .select_from(TableRow)
            .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
            .where(
                TableRow.round_id == round_id,
                or_(
                    and_(TableRow.kind == "match", ResultRow.id.is_(None)),
                    and_(TableRow.kind == "pod", unplaced),
                ),
            )
        ).scalar_one()
    )


def draw_if_due(change: Change, loaded: Loaded, key: str) -> Loaded:
    """Before pairing round 1 of cut stage ``key``: an automatic cut not drawn yet (the stage
    was added after the one it is cut from finished) is drawn now. Returns what is loaded."""
    stage = loaded.tournament.stage(key)
    cut = stage.cut
    if cut is None or stage.participants is not None or stage.rounds or not cut.automatic:
        return loaded
    if not stage_finished(loaded.tournament, cut.from_stage):
        return loaded
    _draw(change, loaded, key, early=False, automatic=True)
    return load(change.conn, change.event)


def seat_replacements(change: Change, loaded: Loaded, key: str) -> Loaded:
    """Before round 1 of cut stage ``key``: re-draw the cut when a seated player has dropped
    and the cut replaces dropped players (the next in the standings takes the seat, seeds
    follow the standings). Returns what is loaded now."""
    tournament = loaded.tournament
    stage = tournament.stage(key)
    cut = stage.cut
    if cut is None or stage.rounds or stage.participants is None or not cut.replace_dropped:
        return loaded
    gone = _dropped(tournament, stage)
    if not gone:
        return loaded
    after, made = draw_cut(tournament, key, early=True)
    new = after.stage(key)
    _store(change.conn, change, new)
    old = set(stage.participants)
    came_in = [p for p in made.players if p not in old]
    replaced: list[tuple[PlayerId, PlayerId | None]] = [
        (p, came_in[i] if i < len(came_in) else None) for i, p in enumerate(gone)
    ]
    names = {p.id: p.name for p in tournament.players}
    change.audit(
        "cut.replace",
        f"stage {key}",
        before={"players": list(stage.participants)},
        after={
            "players": list(made.players),
            "replaced": [list(pair) for pair in replaced],
            "explanation": [
                f"{names.get(p, p)} dropped: "
                + (f"{names.get(q, q)} takes the seat" if q else "nobody takes the seat")
                for p, q in replaced
            ],
        },
    )
    return load(change.conn, change.event)


def _dropped(tournament: Tournament, stage: Stage) -> list[PlayerId]:
    """Seated players of cut stage ``stage`` who have dropped (from the event, the stage it
    is cut from, or the stage itself)."""
    assert stage.participants is not None and stage.cut is not None
    source = tournament.stage(stage.cut.from_stage)
    left = set(tournament.drop_rounds(stage)) | set(tournament.drop_rounds(source))
    return [p for p in stage.participants if p in left]
