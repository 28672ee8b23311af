"""Results: report one (the first report wins: the database holds one result per match),
record games while a match is still being played, and correct a result (audited).

Two clients reporting the same match at once: both try to insert; the unique index on the
result's table lets exactly one succeed and the other is told what is recorded. A correction
names the version it corrects, so two corrections cannot silently overwrite each other.

An entry may carry an **idempotency key** (a phone's queued entry, an API client's retry):
the first answer to a key is kept with it (``result_entries``) in the report's transaction,
and the same key sent again is answered with that first answer and records nothing. With a
key, a match someone else recorded meanwhile is answered by what is there: the same result
is no conflict (nothing is recorded twice: ``Recorded.already`` says by whom); a different
one is a ``ResultConflict`` naming both, for the organizer to decide — never overwritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from fairpair.engine.changes.results import playoff_draw_refused
from fairpair.engine.draw_games import NO_GAMES_NOTE, ask_for_draw_games, draw_without_games
from fairpair.engine.errors import InvalidResult, LifecycleRefused, Location
from fairpair.engine.result_text import result_text as result_text
from fairpair.engine.results import GameScore, Result, ResultKind
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.validation import games_said
from fairpair.i18n import gettext, result_words, say
from fairpair.service.kernel.change import Change, EventRef
from fairpair.service.kernel.errors import (
    AlreadyRecorded,
    Refused,
    ResultConflict,
    StaleVersion,
)
from fairpair.service.kernel.lookup import (
    PlayerRef,
    RoundRef,
    StageRef,
    TableRef,
    find_player,
    find_round,
    find_stage,
    find_table,
)
from fairpair.service.kernel.persist import result_of_columns, result_values
from fairpair.service.kernel.stage_settings import stage_of_settings
from fairpair.service.kernel.unit import changing
from fairpair.service.notices.staff_alerts import LAST_RESULT, plan_staff_alert
from fairpair.service.results.settle import settle_by_staff
from fairpair.service.rounds.autopilot import Moved, after_result
from fairpair.service.rounds.cut import CutMoves, draw_due_cuts, outstanding_tables
from fairpair.service.rounds.rating_job import plan_ratings
from fairpair.store.database import Database
from fairpair.store.models import (
    ByeRow,
    PlayerRow,
    ResultEntryRow,
    ResultRow,
    RoundRow,
    StaffPushRow,
    StageRow,
    TableRow,
)


@dataclass(frozen=True, slots=True)
class Recorded:
    """What a report or correction left in the database."""

    round: int
    table: int
    match_id: str
    a: str
    b: str
    result: str
    version: int
    cut: CutMoves | None = None
    """A correction that drew a cut again with other players: who moved in and out."""
    note: str | None = None
    """What the organizer should know about what was recorded (a draw of a best-of-three
    without its games: ``engine.draw_games.NO_GAMES_NOTE``)."""
    autopilot: Moved | None = None
    """The result was its round's last and the stage's autopilot moved on: what it did."""
    repeated: bool = False
    """The entry's idempotency key was sent before: this is the first answer again, and
    nothing was recorded now."""
    already: str | None = None
    """An entry with a key found the very same result recorded by someone else (who): nothing
    was recorded twice."""


def _draw_games(
    conn: Connection,
    stage: StageRef,
    rnd: RoundRef,
    found: TableRef,
    result: Result,
    settings: dict[str, Any] | None,
    ask: bool,
) -> str | None:
    """A played draw without games in a best-of-three or five: refused when ``ask``
    (``DrawWithoutGames``: the console asks for the games), else recorded with a note."""
    if result.kind is not ResultKind.PLAYED or result.winner is not None or result.games:
        return None
    if settings is None:
        settings = conn.execute(
            select(StageRow.settings).where(StageRow.id == stage.id)
        ).scalar_one()
    fmt = stage_of_settings(settings).ruleset.scoring.match_format
    if not draw_without_games(result, fmt):
        return None
    if ask:
        ask_for_draw_games(
            result, fmt, Location(stage=stage.key, round=rnd.number, table=found.number)
        )
    return NO_GAMES_NOTE


def _table_for(
    conn: Connection,
    change: Change,
    stage: StageRef,
    rnd: RoundRef,
    table: int | str | None,
    player: str | None,
) -> TableRef:
    if table is not None:
        found = find_table(conn, stage, rnd, table)
        if player is not None:
            who = find_player(conn, change.event, player)
            if who.id not in (found.a_id, found.b_id):
                raise Refused(
                    Location(stage=stage.key, round=rnd.number, table=found.number, player=who.key),
                    gettext("%(name)s is not in the match at table %(number)s")
                    % {"name": who.name, "number": found.number},
                )
        return found
    if player is None:
        raise Refused(Location(("table",)), gettext("name the table (or the player) to report"))
    who = find_player(conn, change.event, player)
    row = conn.execute(
        select(TableRow.number).where(
            TableRow.round_id == rnd.id, (TableRow.a_id == who.id) | (TableRow.b_id == who.id)
        )
    ).first()
    if row is not None:
        return find_table(conn, stage, rnd, int(row.number))
    bye = conn.execute(
        select(ByeRow.kind).where(ByeRow.round_id == rnd.id, ByeRow.player_id == who.id)
    ).first()
    if bye is not None:
        raise Refused(
            Location(stage=stage.key, round=rnd.number, player=who.key),
            gettext(
                "%(name)s has a %(kind)s bye in round %(number)s: a bye has no result to report"
            )
            % {"name": who.name, "kind": bye.kind, "number": rnd.number},
        )
    raise Refused(
        Location(stage=stage.key, round=rnd.number, player=who.key),
        gettext("%(name)s does not play in round %(number)s")
        % {"name": who.name, "number": rnd.number},
    )


def _names(conn: Connection, found: TableRef) -> tuple[PlayerRef, PlayerRef]:
    rows = {
        r.id: PlayerRef(r.id, r.key, r.name)
        for r in conn.execute(
            select(PlayerRow.id, PlayerRow.key, PlayerRow.name).where(
                PlayerRow.id.in_([found.a_id, found.b_id])
            )
        )
    }
    return rows[found.a_id], rows[found.b_id]


def check_fits(
    conn: Connection,
    stage: StageRef,
    rnd: RoundRef,
    found: TableRef,
    result: Result,
    settings: dict[str, Any] | None = None,
    *,
    final: bool = True,
) -> None:
    if found.kind != "match":
        raise Refused(
            Location(stage=stage.key, round=rnd.number, table=found.number),
            gettext("table %(number)s is a pod table: record its finishing places")
            % {"number": found.number},
        )
    # A final result on a playoff stage must have a winner (games so far need not).
    no_winner = final and result.winner is None
    if result.games is None and not no_winner:
        return
    if settings is None:
        settings = conn.execute(
            select(StageRow.settings).where(StageRow.id == stage.id)
        ).scalar_one()
    if no_winner and settings.get("format") in PLAYOFFS:
        raise playoff_draw_refused(result, stage.key, rnd.number, found.number)
    if result.games is None:
        return
    fmt = stage_of_settings(settings).ruleset.scoring.match_format
    problems = games_said(result.games, fmt)
    if problems:
        raise InvalidResult(
            Location(("games",), stage=stage.key, round=rnd.number, table=found.number),
            "; ".join(say(problem) for problem in problems),
        )


#: The stage formats whose matches cannot end without a winner (issue 9, point 6).
PLAYOFFS = frozenset((StageFormat.SINGLE_ELIMINATION.value, StageFormat.DOUBLE_ELIMINATION.value))


def _reportable(stage: StageRef, rnd: RoundRef, found: TableRef) -> None:
    if rnd.state == RoundState.SCHEDULED.value:
        raise LifecycleRefused(
            Location(stage=stage.key, round=rnd.number, table=found.number),
            gettext(
                "cannot report round %(number)s: it is scheduled; only a completed or open "
                "round can be given results (open it first)"
            )
            % {"number": rnd.number},
        )


def _recorded_now(conn: Connection, found: TableRef, rnd: RoundRef) -> Recorded:
    row = conn.execute(
        select(
            ResultRow.kind,
            ResultRow.winner,
            ResultRow.games_a,
            ResultRow.games_b,
            ResultRow.games_draws,
            ResultRow.version,
            ResultRow.reported_by,
        ).where(ResultRow.table_id == found.id)
    ).one()
    a, b = _names(conn, found)
    result = result_of_columns(row.kind, row.winner, row.games_a, row.games_b, row.games_draws)
    return Recorded(
        rnd.number,
        found.number,
        found.key,
        a.key,
        b.key,
        result_text(result, a.name, b.name) + f" (by {row.reported_by})",
        row.version,
    )


@dataclass(frozen=True, slots=True)
class _Found:
    """What a report needs of its match, found by one query (see ``_found``)."""

    stage: StageRef
    round: RoundRef
    table: TableRef
    settings: dict[str, Any]
    a: PlayerRef | None
    b: PlayerRef | None


_FOUND_QUERIES: dict[tuple[bool, bool], Any] = {}


def _found_query(by_stage_key: bool, by_number: bool) -> Any:
    """The one select behind ``_found`` (built once per shape: the statement cache then
    skips compiling it, and building it costs nothing per report)."""
    query = _FOUND_QUERIES.get((by_stage_key, by_number))
    if query is not None:
        return query
    pa, pb = aliased(PlayerRow), aliased(PlayerRow)
    last_stage = (
        select(StageRow.id)
        .where(StageRow.event_id == bindparam("event_id"))
        .order_by(StageRow.position.desc())
        .limit(1)
        .scalar_subquery()
    )
    query = (
        select(
            StageRow.id.label("stage_id"),
            StageRow.key.label("stage_key"),
            StageRow.version.label("stage_version"),
            StageRow.settings,
            RoundRow.id.label("round_id"),
            RoundRow.state.label("round_state"),
            RoundRow.version.label("round_version"),
            TableRow.id.label("table_id"),
            TableRow.number.label("table_number"),
            TableRow.key.label("table_key"),
            TableRow.kind,
            TableRow.a_id,
            TableRow.b_id,
            TableRow.version.label("table_version"),
            pa.key.label("a_key"),
            pa.name.label("a_name"),
            pb.key.label("b_key"),
            pb.name.label("b_name"),
        )
        .select_from(TableRow)
        .join(RoundRow, RoundRow.id == TableRow.round_id)
        .join(StageRow, StageRow.id == RoundRow.stage_id)
        .outerjoin(pa, pa.id == TableRow.a_id)
        .outerjoin(pb, pb.id == TableRow.b_id)
        .where(
            StageRow.event_id == bindparam("event_id"),
            StageRow.key == bindparam("stage_key") if by_stage_key else StageRow.id == last_stage,
            RoundRow.number == bindparam("round_number"),
            TableRow.number == bindparam("table")
            if by_number
            else TableRow.key == bindparam("table"),
        )
    )
    _FOUND_QUERIES[(by_stage_key, by_number)] = query
    return query


def _found(
    conn: Connection, event: EventRef, stage: str | None, round_number: int, table: int | str
) -> _Found | None:
    """Stage, round, table, the stage's settings and the two players of match ``table`` in
    one query; ``None`` when any of them is missing (the step-by-step lookups then say
    which, as before)."""
    params: dict[str, Any] = {
        "event_id": event.id,
        "round_number": round_number,
        "table": table,
    }
    if stage is not None:
        params["stage_key"] = stage
    row = conn.execute(_found_query(stage is not None, isinstance(table, int)), params).first()
    if row is None:
        return None
    return _Found(
        StageRef(row.stage_id, row.stage_key, row.stage_version),
        RoundRef(row.round_id, round_number, row.round_state, row.round_version),
        TableRef(
            row.table_id,
            row.table_number,
            row.table_key,
            row.kind,
            row.a_id,
            row.b_id,
            row.table_version,
        ),
        row.settings,
        PlayerRef(row.a_id, row.a_key, row.a_name) if row.a_id is not None else None,
        PlayerRef(row.b_id, row.b_key, row.b_name) if row.b_id is not None else None,
    )


_INSERTS: dict[str, Any] = {}


def _insert_result(conn: Connection, values: dict[str, Any]) -> bool:
    """Insert a result row; ``False`` when the match has one already (the unique index on
    ``results.table_id`` decides). SQLite and PostgreSQL skip the conflicting row in the
    statement itself (``ON CONFLICT DO NOTHING``: no savepoint round trips). The statement
    is built once and given the values when it runs (no per-report statement building)."""
    dialect = conn.dialect.name
    if dialect in ("sqlite", "postgresql"):
        statement = _INSERTS.get(dialect)
        if statement is None:
            from sqlalchemy.dialects import postgresql, sqlite

            upsert: Any = sqlite.insert if dialect == "sqlite" else postgresql.insert
            statement = _INSERTS[dialect] = (
                upsert(ResultRow)
                .on_conflict_do_nothing(index_elements=[ResultRow.table_id])
                .returning(ResultRow.id)
            )
        return conn.execute(statement, values).first() is not None
    try:
        with conn.begin_nested():
            conn.execute(insert(ResultRow).values(**values))
    except IntegrityError:
        return False
    return True


#: After a report: the games recorded so far are cleared and the table's version bumped.
_REPORTED = (
    update(TableRow)
    .where(TableRow.id == bindparam("reported_table"))
    .values(games=None, version=TableRow.version + 1)
)


def report(
    db: Database,
    slug: str,
    round_number: int,
    result: Result,
    *,
    actor: str,
    table: int | str | None = None,
    player: str | None = None,
    stage: str | None = None,
    ask_draw_games: bool = False,
    key: str | None = None,
) -> Recorded:
    """Record ``result`` (told from side a) for the match at ``table`` (or ``player``'s) of
    round ``round_number``. Refused in a Scheduled round, for a bye, for games the match
    format cannot have, and — telling what is recorded — when the match has a result.

    A draw without games in a best-of-three or five is recorded with a note saying GW% counts
    no games for it; ``ask_draw_games`` refuses it instead (``DrawWithoutGames``), so the
    organizer can type the game score or choose to record it without (the console).

    ``key``: the entry's idempotency key (see the module's docstring)."""
    if key is not None:
        key = checked_key(key)
    with changing(db, slug, actor) as change:
        conn = change.conn
        if key is not None:
            first = _first_answer(conn, change.event.id, key)
            if first is not None:
                return first
        fast = (
            _found(conn, change.event, stage, round_number, table)
            if table is not None and player is None
            else None
        )
        if fast is not None:
            where, rnd, found = fast.stage, fast.round, fast.table
            _reportable(where, rnd, found)
            check_fits(conn, where, rnd, found, result, fast.settings)
            note = _draw_games(conn, where, rnd, found, result, fast.settings, ask_draw_games)
        else:
            where = find_stage(conn, change.event, stage)
            rnd = find_round(conn, where, round_number)
            found = _table_for(conn, change, where, rnd, table, player)
            _reportable(where, rnd, found)
            check_fits(conn, where, rnd, found, result)
            note = _draw_games(conn, where, rnd, found, result, None, ask_draw_games)
        if fast is not None and fast.a is not None and fast.b is not None:
            a, b = fast.a, fast.b
        else:
            a, b = _names(conn, found)
        if key is None:
            recorded = record_result(change, where, rnd, found, result, a, b)
        else:
            try:
                recorded = record_result(change, where, rnd, found, result, a, b)
            except AlreadyRecorded:
                same = _same_or_conflict(conn, where, rnd, found, result, a, b)
                _keep_answer(change, key, found.id, same)
                return same
        _settle_self_report(change, found, rnd, where)
        moved = next((o for o in change.outcomes if isinstance(o, Moved)), None)
        recorded = replace(recorded, note=note, autopilot=moved)
        if key is not None:
            _keep_answer(change, key, found.id, recorded)
        return recorded


#: What an idempotency key may be: letters, digits and ``-_.:``, 8 to 100 of them (a UUID).
_KEY = re.compile(r"[A-Za-z0-9._:-]{8,100}")


def checked_key(key: str) -> str:
    """An entry's idempotency key as sent, or ``Refused`` naming the field ``key``."""
    key = key.strip()
    if not _KEY.fullmatch(key):
        raise Refused(
            Location(("key",)),
            gettext("an idempotency key is 8 to 100 letters, digits or - _ . : (a UUID will do)"),
        )
    return key


def _first_answer(conn: Connection, event_id: int, key: str) -> Recorded | None:
    """What the first send of ``key`` was answered (``None``: a new key)."""
    answer = conn.execute(
        select(ResultEntryRow.answer).where(
            ResultEntryRow.event_id == event_id, ResultEntryRow.key == key
        )
    ).scalar_one_or_none()
    if answer is None:
        return None
    return Recorded(
        int(answer["round"]),
        int(answer["table"]),
        str(answer["match_id"]),
        str(answer["a"]),
        str(answer["b"]),
        str(answer["result"]),
        int(answer["version"]),
        note=answer.get("note"),
        repeated=True,
        already=answer.get("already"),
    )


def _keep_answer(change: Change, key: str, table_id: int, recorded: Recorded) -> None:
    """Keep ``recorded`` as the answer to ``key`` (in the report's transaction)."""
    answer = {
        "round": recorded.round,
        "table": recorded.table,
        "match_id": recorded.match_id,
        "a": recorded.a,
        "b": recorded.b,
        "result": recorded.result,
        "version": recorded.version,
        "note": recorded.note,
        "already": recorded.already,
    }
    change.conn.execute(
        insert(ResultEntryRow).values(
            event_id=change.event.id,
            key=key,
            table_id=table_id,
            answer=answer,
            actor=change.actor,
            created_at=change.at,
        )
    )


def _same_or_conflict(
    conn: Connection,
    where: StageRef,
    rnd: RoundRef,
    found: TableRef,
    result: Result,
    a: PlayerRef,
    b: PlayerRef,
) -> Recorded:
    """An entry with a key for a match that has a result: the same result is answered as
    recorded (by whom); a different one is a ``ResultConflict``."""
    row = conn.execute(
        select(
            ResultRow.kind,
            ResultRow.winner,
            ResultRow.games_a,
            ResultRow.games_b,
            ResultRow.games_draws,
            ResultRow.version,
            ResultRow.reported_by,
        ).where(ResultRow.table_id == found.id)
    ).one()
    there = result_of_columns(row.kind, row.winner, row.games_a, row.games_b, row.games_draws)
    text = result_text(there, a.name, b.name)
    if there == result:
        return Recorded(
            rnd.number,
            found.number,
            found.key,
            a.key,
            b.key,
            text,
            row.version,
            already=row.reported_by,
        )
    mine = result_text(result, a.name, b.name)
    raise ResultConflict(
        Location(stage=where.key, round=rnd.number, table=found.number),
        gettext(
            "table %(number)s already has a result, a different one: "
            "%(text)s (recorded by %(reported_by)s); this entry said "
            "%(mine)s. Keep the recorded result, or correct it to this "
            "entry"
        )
        % {"number": found.number, "text": text, "reported_by": row.reported_by, "mine": mine},
        recorded=f"{text} (by {row.reported_by})",
        version=row.version,
        entry=mine,
        command="fairpair result correct",
    )


def record_result(
    change: Change,
    where: StageRef,
    rnd: RoundRef,
    found: TableRef,
    result: Result,
    a: PlayerRef,
    b: PlayerRef,
    *,
    cut_from_here: bool = True,
) -> Recorded:
    """Insert ``result`` (checked by the caller: ``check_fits``) as match ``found``'s, in
    ``change``'s transaction: the one insert path of a result (staff's report, a confirmed
    self-report) — refused, telling what is recorded, when the match has one; audited; the
    cuts due drawn (``cut_from_here`` false: the caller knows no stage is cut from this
    one)."""
    conn = change.conn
    change.touches(a.id, b.id)
    values = {
        "table_id": found.id,
        **result_values(result),
        "reported_by": change.actor,
        "reported_at": change.at,
        "version": 1,
    }
    if not _insert_result(conn, values):
        now = _recorded_now(conn, found, rnd)
        raise AlreadyRecorded(
            Location(stage=where.key, round=rnd.number, table=found.number),
            gettext("table %(number)s already has a result: %(result)s; to change it, correct it")
            % {"number": found.number, "result": now.result},
            command="fairpair result correct",
        )
    conn.execute(_REPORTED, {"reported_table": found.id})
    text = result_text(result, a.name, b.name)
    change.audit(
        "result.report",
        f"stage {where.key} round {rnd.number} table {found.number}",
        after={"result": result_values(result), "text": text},
    )
    if cut_from_here:
        draw_due_cuts(change, where.key, rnd.id)
    change.when_locked(lambda: alert_last_result(change, where, rnd, text, a.name, b.name))
    after_result(
        change,
        where.key,
        rnd.id,
        f"after the result of table {found.number} in round {rnd.number}: {text}",
    )
    return Recorded(rnd.number, found.number, found.key, a.key, b.key, text, 1)


def alert_last_result(
    change: Change, where: StageRef, rnd: RoundRef, last: str, a: str, b: str
) -> None:
    """The round's last result is in (``last``, as said, between ``a`` and ``b``): staff who
    asked are alerted on their phones (``notices.staff_alerts``), each in their language.
    One small query when nobody asked."""
    conn = change.conn
    wanted = conn.execute(
        select(StaffPushRow.id).where(StaffPushRow.event_id == change.event.id).limit(1)
    ).first()
    if wanted is None or outstanding_tables(conn, rnd.id):
        return
    plan_staff_alert(
        change,
        LAST_RESULT,
        f"last-result:{rnd.id}",
        lambda: (
            gettext("Round %(number)s: every result is in") % {"number": rnd.number},
            gettext("The last result of round %(number)s (%(stage)s) is in: %(result)s.")
            % {"number": rnd.number, "stage": where.key, "result": result_words(last, a, b)},
        ),
        f"/console/{change.event.slug}/rounds?stage={where.key}",
    )


def _settle_self_report(change: Change, found: TableRef, rnd: RoundRef, where: StageRef) -> None:
    """Staff entered or corrected the result: a players' report of the match waiting for an
    answer (or disputed) is settled (``fairpair.service.results.settle``)."""
    settle_by_staff(change, found.id, f"stage {where.key} round {rnd.number} table {found.number}")


def record_games(
    db: Database,
    slug: str,
    round_number: int,
    table: int,
    games: GameScore,
    *,
    actor: str,
    stage: str | None = None,
) -> None:
    """Games so far of a match still being played (no final result): reverting the round
    resets them."""
    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        rnd = find_round(conn, where, round_number)
        found = find_table(conn, where, rnd, table)
        _reportable(where, rnd, found)
        check_fits(
            conn, where, rnd, found, Result.from_games(games.a, games.b, games.draws), final=False
        )
        if conn.execute(select(ResultRow.id).where(ResultRow.table_id == found.id)).first():
            raise AlreadyRecorded(
                Location(round=round_number, table=table),
                gettext("table %(table)s already has its final result") % {"table": table},
            )
        value = {"a": games.a, "b": games.b, "draws": games.draws}
        conn.execute(
            update(TableRow)
            .where(TableRow.id == found.id)
            .values(games=value, version=TableRow.version + 1)
        )
        change.audit(
            "result.games", f"stage {where.key} round {round_number} table {table}", after=value
        )


def correct(
    db: Database,
    slug: str,
    round_number: int,
    table: int | str,
    result: Result | None,
    *,
    actor: str,
    reason: str | None = None,
    version: int | None = None,
    stage: str | None = None,
    ask_draw_games: bool = False,
) -> Recorded | None:
    """Change (or, with ``None``, clear) a recorded result: an explicit, logged correction.
    ``version`` is the result's version the correction was made against (a stale one is
    refused). A Completed round's result can be changed but not cleared. When it draws a cut
    again with other players, ``Recorded.cut`` says who moved in and out. A draw without
    games in a best-of-three or five: as ``report`` (``ask_draw_games``)."""
    with changing(db, slug, actor) as change:
        return _correct(change, round_number, table, result, reason, version, stage, ask_draw_games)


class _Rehearsed(Exception):
    """Leaves a rehearsed correction's transaction (rolling it back) with what it did."""

    def __init__(self, recorded: Recorded | None) -> None:
        super().__init__("rehearsal")
        self.recorded = recorded


def correction_moves(
    db: Database,
    slug: str,
    round_number: int,
    table: int | str,
    result: Result,
    *,
    actor: str,
    version: int | None = None,
    stage: str | None = None,
) -> CutMoves | None:
    """What correcting the result would do to a top cut drawn from the stage, before it is
    saved: who would move into and out of it (``None``: nobody). The correction is made —
    by the same code as ``correct``, refused the same way — and rolled back: what is shown
    is exactly what saving it would do."""
    try:
        with changing(db, slug, actor) as change:
            raise _Rehearsed(_correct(change, round_number, table, result, None, version, stage))
    except _Rehearsed as rehearsal:
        return rehearsal.recorded.cut if rehearsal.recorded is not None else None


def _correct(
    change: Change,
    round_number: int,
    table: int | str,
    result: Result | None,
    reason: str | None,
    version: int | None,
    stage: str | None,
    ask_draw_games: bool = False,
) -> Recorded | None:
    """``correct``'s work in ``change``."""
    actor = change.actor
    conn = change.conn
    where = find_stage(conn, change.event, stage)
    rnd = find_round(conn, where, round_number)
    found = find_table(conn, where, rnd, table)
    current = conn.execute(
        select(
            ResultRow.id,
            ResultRow.kind,
            ResultRow.winner,
            ResultRow.games_a,
            ResultRow.games_b,
            ResultRow.games_draws,
            ResultRow.version,
        ).where(ResultRow.table_id == found.id)
    ).first()
    at = Location(stage=where.key, round=rnd.number, table=found.number)
    if current is None:
        raise Refused(
            at,
            gettext("table %(number)s has no result to correct: report it")
            % {"number": found.number},
        )
    if version is not None and version != current.version:
        raise StaleVersion(
            at,
            gettext(
                "the result of table %(number)s changed since you read it "
                "(version %(version)s, now %(current_version)s)"
            )
            % {"number": found.number, "version": version, "current_version": current.version},
        )
    before: dict[str, Any] = {
        k: getattr(current, k) for k in ("kind", "winner", "games_a", "games_b", "games_draws")
    }
    a, b = _names(conn, found)
    if result is None:
        if _completed(conn, rnd):
            raise Refused(
                at,
                gettext("round %(number)s is completed: a result can be corrected, not cleared")
                % {"number": rnd.number},
            )
        conn.execute(delete(ResultRow).where(ResultRow.id == current.id))
        change.audit(
            "result.clear",
            f"stage {where.key} round {rnd.number} table {found.number}",
            before=before,
            after={"reason": reason},
        )
        return None
    check_fits(conn, where, rnd, found, result)
    note = _draw_games(conn, where, rnd, found, result, None, ask_draw_games)
    done = conn.execute(
        update(ResultRow)
        .where(ResultRow.id == current.id, ResultRow.version == current.version)
        .values(
            **result_values(result),
            reported_by=actor,
            reported_at=change.at,
            version=current.version + 1,
        )
    )
    if done.rowcount != 1:
        raise StaleVersion(
            at,
            gettext("the result of table %(number)s changed meanwhile") % {"number": found.number},
        )
    _settle_self_report(change, found, rnd, where)
    text = result_text(result, a.name, b.name)
    change.audit(
        "result.correct",
        f"stage {where.key} round {rnd.number} table {found.number}",
        before=before,
        after={**result_values(result), "text": text, "reason": reason},
    )
    drawn = draw_due_cuts(change, where.key, rnd.id)
    moves = next((d.moves for d in drawn if d.moves is not None), None)
    if _completed(conn, rnd):
        plan_ratings(change, f"stage {where.key} round {rnd.number} table {found.number}")
    return Recorded(
        rnd.number, found.number, found.key, a.key, b.key, text, current.version + 1, moves, note
    )


def _completed(conn: Connection, rnd: RoundRef) -> bool:
    """Round ``rnd`` is Completed: as recorded, or — a round imported from a document that
    does not track states — derived from its results (every table has one)."""
    from sqlalchemy import func

    if rnd.state is not None:
        return rnd.state == RoundState.COMPLETED.value
    missing = conn.execute(
        select(func.count())
        .select_from(TableRow)
        .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
        .where(TableRow.round_id == rnd.id, ResultRow.id.is_(None))
    ).scalar_one()
    return bool(missing == 0)
