"""Self-reported results (issue 11, point 4): a player reports their own current match, the
opponent confirms (it becomes the result) or disputes (a judge settles it).

A player reports only their own current match (``fairpair.service.results.current_match``: refused
for
no match, a bye, a pod table, a round not open yet or already completed, a dropped player,
self-reporting switched off); refused too for a match with a result and for games the match
format cannot have (``results.check_fits``, the staff's own checks).

One report per match: the first inserts the ``self_reports`` row (``table_id`` is unique,
``ON CONFLICT DO NOTHING``) as *pending*, to be confirmed by ``confirm_by``. Then:

| who, what                                  | becomes                                      |
|--------------------------------------------|----------------------------------------------|
| the reporter again, while pending          | their report replaced (a new version)        |
| the opponent confirms, or reports the same | *confirmed*: the result (``record_result``)  |
| the opponent disputes, or reports another  | *disputed* (their version kept): the queue   |
| staff enter or correct the result          | *resolved* (``settle_by_staff``)             |

Every step changes the row only where its version is the one read (``UPDATE ... WHERE
version = v``), so two players answering at once end the match exactly once: on PostgreSQL
the reports of one event run side by side (``unit.reporting``: the event is locked last),
and the step that lost such a race runs once more, answering what the other left. Every
step is audited (``self_report.report|confirm|dispute|resolve``); the opponent is notified
in-app (``notifications.notify``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, bindparam, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.engine.result_text import result_text
from fairpair.engine.results import MatchFormat, Result
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change, EventRef
from fairpair.service.kernel.errors import AlreadyRecorded, Refused, StaleVersion
from fairpair.service.kernel.persist import result_of_columns, result_values
from fairpair.service.kernel.stage_settings import stage_of_settings
from fairpair.service.kernel.unit import reading, reporting
from fairpair.service.notices.languages import recipients_languages
from fairpair.service.notices.notifications import notify
from fairpair.service.notices.staff_alerts import DISPUTE, plan_staff_alert
from fairpair.service.results import recording as results
from fairpair.service.results.current_match import (
    REPORT_COLUMNS,
    OwnMatch,
    ReportRow,
    Score,
    own_match,
)
from fairpair.service.results.settle import CONFIRMED, DISPUTED, PENDING
from fairpair.store.database import Database
from fairpair.store.models import SelfReportRow


@dataclass(frozen=True, slots=True)
class ReportState:
    """What a player's current match says of self-reporting, told from their side.

    ``state``: ``none`` (nobody reported), ``pending``, ``confirmed``, ``disputed``,
    ``resolved``; ``mine``: the report is this player's own. ``reported`` / ``disputed``: the
    report and the opponent's version, from this player's side. ``can_report``: whether they
    may report now, else ``why_not``. ``result``: the match's recorded result, if any."""

    round: int | None
    table: int | None
    opponent: str | None
    opponent_key: str | None
    state: str
    mine: bool
    reported: Score | None
    disputed: Score | None
    reported_at: datetime | None
    confirm_by: datetime | None
    version: int | None
    result: str | None
    can_report: bool
    why_not: str | None
    match_format: str | None
    choices: tuple[Score, ...]


# -- reading ---------------------------------------------------------------------------------


_REPORT = select(*REPORT_COLUMNS).where(SelfReportRow.table_id == bindparam("table_id"))


def _live(row: ReportRow, mine: OwnMatch) -> bool:
    """The report is about this pairing: its reporter still sits at the table (a round
    reverted to Scheduled and swapped can seat someone else there)."""
    return row.reporter_id in (mine.player.id, mine.opponent.id)


def _report_of(conn: Connection, table_id: int) -> ReportRow | None:
    row = conn.execute(_REPORT, {"table_id": table_id}).first()
    return ReportRow(**row._mapping) if row is not None else None


def _result_text(mine: OwnMatch) -> str | None:
    """The match's recorded result as read with it (``own_match``), as text."""
    if mine.result_columns is None:
        return None
    result = result_of_columns(*mine.result_columns)
    return result_text(result, mine.a.name, mine.b.name)


def _format(settings: dict[str, Any]) -> MatchFormat:
    return stage_of_settings(settings).ruleset.scoring.match_format


#: The one-tap scores of each match format (from the player's side); "Other" types any.
CHOICES: dict[MatchFormat, tuple[Score, ...]] = {
    MatchFormat.BO1: (Score(1, 0), Score(0, 1), Score(0, 0, 1)),
    MatchFormat.BO3: (Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2), Score(1, 1, 1)),
    MatchFormat.BO5: (
        Score(3, 0),
        Score(3, 1),
        Score(3, 2),
        Score(2, 3),
        Score(1, 3),
        Score(0, 3),
    ),
    MatchFormat.TWO_GAME: (Score(2, 0), Score(1, 0, 1), Score(1, 1), Score(0, 1, 1), Score(0, 2)),
}


def _choices(fmt: MatchFormat, playoff: bool) -> tuple[Score, ...]:
    return tuple(c for c in CHOICES[fmt] if not (playoff and c.won == c.lost))


def _state(mine: OwnMatch, row: ReportRow | None, result: str | None) -> ReportState:
    """The state of ``mine`` whose report is ``row`` and recorded result ``result`` (as read,
    or as the change just made them)."""
    if row is not None and not _live(row, mine):
        row = None
    fmt = _format(mine.settings)
    playoff = mine.settings.get("format") in results.PLAYOFFS
    reported = mine.score(row.games_a, row.games_b, row.games_draws) if row else None
    disputed = None
    if row is not None and row.dispute:
        d = row.dispute
        disputed = mine.score(d.get("games_a"), d.get("games_b"), d.get("games_draws"))
    state = row.state if row is not None else "none"
    why_not = None
    if result is not None:
        why_not = gettext("your match has its result: %(result)s") % {"result": result}
    elif state == DISPUTED:
        why_not = gettext("the result is disputed: a judge will settle it")
    return ReportState(
        round=mine.round.number,
        table=mine.table.number,
        opponent=mine.opponent.name,
        opponent_key=mine.opponent.key,
        state=state,
        mine=row is not None and row.reporter_id == mine.player.id,
        reported=reported,
        disputed=disputed,
        reported_at=row.reported_at if row else None,
        confirm_by=row.confirm_by if row else None,
        version=row.version if row else None,
        result=result,
        can_report=why_not is None,
        why_not=why_not,
        match_format=fmt.value,
        choices=_choices(fmt, playoff),
    )


def _nothing(reason: str) -> ReportState:
    return ReportState(
        None, None, None, None, "none", False, None, None, None, None, None, None, False, reason,
        None, (),
    )  # fmt: skip


def report_state(db: Database, slug: str, player_key: str | None) -> ReportState:
    """Where the player's current match stands (``can_report`` false with ``why_not`` when
    they have nothing to report)."""
    with reading(db, slug) as (conn, event):
        return report_state_in(conn, event, player_key)


def report_state_in(conn: Connection, event: EventRef, player_key: str | None) -> ReportState:
    """``report_state`` inside a read transaction of the event (``unit.reading``)."""
    try:
        mine = own_match(conn, event, player_key)
    except Refused as refusal:
        return _nothing(refusal.reason)
    return _state(mine, mine.report, _result_text(mine))


# -- changing --------------------------------------------------------------------------------


def _checked(mine: OwnMatch, conn: Connection, score: Score) -> Result:
    for name in ("won", "lost", "drawn"):
        value = getattr(score, name)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
            raise Refused(
                Location((name,)),
                gettext("%(name)s: a whole number of games from 0 to 99") % {"name": name},
            )
    if score.won + score.lost + score.drawn == 0:
        raise Refused(Location(("won",)), gettext("report the games played: at least one"))
    result = mine.result(score)
    results.check_fits(conn, mine.stage, mine.round, mine.table, result, mine.settings)
    return result


def _no_result_yet(mine: OwnMatch) -> None:
    text = _result_text(mine)
    if text is not None:
        raise AlreadyRecorded(
            Location(stage=mine.stage.key, round=mine.round.number, table=mine.table.number),
            gettext("your match already has its result: %(text)s") % {"text": text},
        )


def _says(mine: OwnMatch, score: Score) -> str:
    """The notice's sentence, in the current language: "Round 3, table 1: Ann says 2-1 (Ann
    wins)."."""
    values = {
        "round": mine.round.number,
        "table": mine.table.number,
        "name": mine.player.name,
        "score": score.text,
    }
    if score.outcome == "win":
        text = gettext("Round %(round)s, table %(table)s: %(name)s says %(score)s (%(name)s wins).")
    elif score.outcome == "loss":
        text = gettext(
            "Round %(round)s, table %(table)s: %(name)s says %(score)s (%(name)s loses)."
        )
    else:
        text = gettext("Round %(round)s, table %(table)s: %(name)s says %(score)s (a draw).")
    return text % values


def _ask_to_confirm(
    change: Change, mine: OwnMatch, report_id: int, version: int, score: Score
) -> None:
    # the notice is written in the opponent's language (their own, else the event's)
    language = recipients_languages(change.conn, change.event.id, [mine.opponent.id])
    with i18n.speaking(language[mine.opponent.id]):
        title = gettext("%(name)s reported %(score)s: confirm or dispute") % {
            "name": mine.player.name,
            "score": score.text,
        }
        body = _says(mine, score)
    notify(
        change,
        player_id=mine.opponent.id,
        kind="self_report",
        title=title,
        body=body,
        url=f"/e/{change.event.slug}/me",
        key=f"confirm:{report_id}:{version}",
        round_id=mine.round.id,
    )


_INSERTS: dict[str, Any] = {}


def _insert_report(
    change: Change, mine: OwnMatch, result: Result, confirm_by: datetime
) -> int | None:
    """The match's first report; ``None`` when it has one already (the unique index on
    ``self_reports.table_id`` decides, in the statement itself)."""
    dialect = change.conn.dialect.name
    statement = _INSERTS.get(dialect)
    if statement is None:
        upsert: Any = pg_insert if dialect == "postgresql" else sqlite_insert
        statement = _INSERTS[dialect] = (
            upsert(SelfReportRow)
            .on_conflict_do_nothing(index_elements=[SelfReportRow.table_id])
            .returning(SelfReportRow.id)
        )
    made = change.conn.execute(
        statement,
        {
            "table_id": mine.table.id,
            "reporter_id": mine.player.id,
            **result_values(result),
            "state": PENDING,
            "reported_at": change.at,
            "confirm_by": confirm_by,
            "version": 1,
        },
    ).scalar_one_or_none()
    return int(made) if made is not None else None


class _Raced(StaleVersion):
    """Another report of the match changed it between this one's read and its write (on
    PostgreSQL reports of one match run side by side: ``unit.reporting``)."""


def _stale(mine: OwnMatch) -> StaleVersion:
    return _Raced(
        Location(("version",), stage=mine.stage.key, round=mine.round.number),
        f"the report of table {mine.table.number} changed meanwhile: reload and look again",
    )


def _once_more_if_raced(use_case: Callable[[], ReportState]) -> ReportState:
    """Run ``use_case``; once more when another report of the match changed it between the
    read and the write: the second run reads what the first left (as if the two had come
    one after the other) and answers it — confirms, disputes, or says the match has its
    result."""
    try:
        return use_case()
    except _Raced:
        return use_case()


_MOVES: dict[tuple[str, ...], Any] = {}


def _move(change: Change, mine: OwnMatch, row: ReportRow, **values: Any) -> int:
    """Change report ``row`` only if it is still the version read (else ``StaleVersion``);
    the new version."""
    shape = tuple(sorted(values))
    statement = _MOVES.get(shape)
    if statement is None:
        statement = _MOVES[shape] = (
            update(SelfReportRow)
            .where(
                SelfReportRow.id == bindparam("report_id"),
                SelfReportRow.version == bindparam("read_version"),
            )
            .values(
                {
                    **{name: bindparam(f"new_{name}") for name in shape},
                    "version": bindparam("new_version"),
                }
            )
        )
    done = change.conn.execute(
        statement,
        {
            "report_id": row.id,
            "read_version": row.version,
            "new_version": row.version + 1,
            **{f"new_{name}": value for name, value in values.items()},
        },
    )
    if done.rowcount != 1:
        raise _stale(mine)
    return int(row.version) + 1


def report_own(
    db: Database,
    slug: str,
    player_key: str | None,
    won: int,
    lost: int,
    drawn: int,
    *,
    actor: str,
    round: int | None = None,
    table: int | None = None,
) -> ReportState:
    """The player reports their own current match: ``won`` / ``lost`` / ``drawn`` games from
    their side. The first report waits for the opponent; the opponent reporting the same is
    a confirmation, another result a dispute; the reporter again replaces theirs.
    ``round`` / ``table``: the match the player's page showed (refused if not theirs)."""
    score = Score(won, lost, drawn)
    return _once_more_if_raced(
        lambda: _report_own(db, slug, player_key, score, actor=actor, round=round, table=table)
    )


def _report_own(
    db: Database,
    slug: str,
    player_key: str | None,
    score: Score,
    *,
    actor: str,
    round: int | None,
    table: int | None,
) -> ReportState:
    with reporting(db, slug, actor) as change:
        conn = change.conn
        mine = own_match(conn, change.event, player_key, round_number=round, table_number=table)
        change.touches(mine.player.id, mine.opponent.id)
        result = _checked(mine, conn, score)
        _no_result_yet(mine)
        confirm_by = change.at + timedelta(minutes=mine.confirm_minutes)
        before: dict[str, Any] | None = None
        row = mine.report
        report_id = _insert_report(change, mine, result, confirm_by) if row is None else None
        if report_id is None and row is None:  # another report won the insert: answer it
            row = _report_of(conn, mine.table.id)
        if report_id is not None:
            version = 1
        else:
            assert row is not None
            if _live(row, mine) and row.state == DISPUTED:
                raise Refused(
                    Location(("won",), stage=mine.stage.key, round=mine.round.number),
                    gettext("your match is disputed: a judge will settle it"),
                )
            if _live(row, mine) and row.state == PENDING:
                reported = mine.score(row.games_a, row.games_b, row.games_draws)
                if row.reporter_id == mine.player.id and reported == score:
                    return _state(mine, row, None)  # the same report again (a double tap)
                if row.reporter_id != mine.player.id:
                    if reported == score:
                        return _confirm(change, mine, row)
                    return _dispute(change, mine, row, result, score)
            # replaced: the reporter's own pending report, one settled without a result
            # (staff cleared the result), or one whose reporter is no longer at the table
            # (the round was reverted and swapped): it starts again from this report
            before = {
                "state": row.state,
                "score": mine.score(row.games_a, row.games_b, row.games_draws).text,
            }
            report_id = int(row.id)
            version = _move(
                change,
                mine,
                row,
                reporter_id=mine.player.id,
                **result_values(result),
                state=PENDING,
                reported_at=change.at,
                confirm_by=confirm_by,
                answered_by=None,
                answered_at=None,
                dispute=None,
            )
        change.audit(
            "self_report.report",
            mine.subject,
            before=before,
            after={
                "by": mine.player.key,
                "score": score.text,
                "result": result_values(result),
                "confirm_by": confirm_by.isoformat(),
            },
        )
        _ask_to_confirm(change, mine, report_id, version, score)
        games = result.games
        assert games is not None  # a report is played games
        now = ReportRow(
            report_id,
            mine.player.id,
            games.a,
            games.b,
            games.draws,
            PENDING,
            change.at,
            confirm_by,
            None,
            version,
        )
        return _state(mine, now, None)


def _answerable(mine: OwnMatch, version: int | None) -> ReportRow:
    """The opponent's pending report the player answers (or the refusal saying why not)."""
    at = Location(stage=mine.stage.key, round=mine.round.number, table=mine.table.number)
    _no_result_yet(mine)
    row = mine.report
    name = mine.opponent.name
    if row is None or not _live(row, mine):
        raise Refused(
            at,
            gettext("%(name)s has not reported yet: nothing to answer (report it yourself)")
            % {"name": name},
        )
    if row.state == DISPUTED:
        raise Refused(at, gettext("the result is disputed: a judge will settle it"))
    if row.state != PENDING:
        raise Refused(at, gettext("that report was settled: report your result again"))
    if row.reporter_id == mine.player.id:
        raise Refused(
            at,
            gettext("this is your own report: %(name)s confirms or disputes it") % {"name": name},
        )
    if version is not None and version != row.version:
        score = mine.score(row.games_a, row.games_b, row.games_draws)
        raise StaleVersion(
            Location(("version",), stage=mine.stage.key, round=mine.round.number),
            gettext(
                "%(name)s changed their report since you saw it: it now says "
                "%(text)s (from your side)"
            )
            % {"name": name, "text": score.text},
        )
    return row


def _confirm(change: Change, mine: OwnMatch, row: ReportRow) -> ReportState:
    # a self-report is played games, told from side a (as the result row is)
    result = Result.from_games(row.games_a or 0, row.games_b or 0, row.games_draws or 0)
    change.touches(mine.player.id, mine.opponent.id)
    version = _move(
        change, mine, row, state=CONFIRMED, answered_by=change.actor, answered_at=change.at
    )
    recorded = results.record_result(
        change,
        mine.stage,
        mine.round,
        mine.table,
        result,
        mine.a,
        mine.b,
        cut_from_here=mine.cut_from_here,
    )
    change.audit(
        "self_report.confirm",
        mine.subject,
        before={"state": PENDING},
        after={"by": mine.player.key, "result": recorded.result},
    )
    return _state(mine, replace(row, state=CONFIRMED, version=version), recorded.result)


def _dispute(
    change: Change, mine: OwnMatch, row: ReportRow, result: Result, score: Score
) -> ReportState:
    said = {**result_values(result), "by": mine.player.key}
    change.touches(mine.player.id, mine.opponent.id)
    version = _move(
        change,
        mine,
        row,
        state=DISPUTED,
        answered_by=change.actor,
        answered_at=change.at,
        dispute=said,
    )
    reported = mine.score(row.games_a, row.games_b, row.games_draws)
    change.audit(
        "self_report.dispute",
        mine.subject,
        before={"state": PENDING, "reported": reported.text},
        after={"by": mine.player.key, "says": score.text, "result": result_values(result)},
    )
    reporter = mine.opponent
    language = recipients_languages(change.conn, change.event.id, [reporter.id])
    with i18n.speaking(language[reporter.id]):
        title = gettext("%(name)s disputed your report: a judge will settle it") % {
            "name": mine.player.name
        }
        body = gettext(
            "Round %(round)s, table %(table)s: you reported %(reported)s; %(name)s says "
            "%(says)s (told from your side)."
        ) % {
            "round": mine.round.number,
            "table": mine.table.number,
            "reported": reported.flipped.text,
            "name": mine.player.name,
            "says": score.flipped.text,
        }
    notify(
        change,
        player_id=reporter.id,
        kind="self_report",
        title=title,
        body=body,
        url=f"/e/{change.event.slug}/me",
        key=f"dispute:{row.id}:{version}",
        round_id=mine.round.id,
    )
    plan_staff_alert(
        change,
        DISPUTE,
        f"dispute:{row.id}:{version}",
        lambda: (
            gettext("Dispute at table %(number)s") % {"number": mine.table.number},
            gettext(
                "Round %(round)s, table %(table)s: %(reporter)s reported %(reported)s, "
                "%(player)s says %(says)s (told from %(reporter)s's side). It waits in the "
                "Resolution Queue."
            )
            % {
                "round": mine.round.number,
                "table": mine.table.number,
                "reporter": reporter.name,
                "reported": reported.flipped.text,
                "player": mine.player.name,
                "says": score.flipped.text,
            },
        ),
        f"/console/{change.event.slug}/queue",
    )
    return _state(mine, replace(row, state=DISPUTED, dispute=said, version=version), None)


def confirm_report(
    db: Database, slug: str, player_key: str | None, *, actor: str, version: int | None = None
) -> ReportState:
    """The player confirms their opponent's report: it becomes the match's result.
    ``version``: the report's version the player saw (a report changed since is refused)."""

    def confirm() -> ReportState:
        with reporting(db, slug, actor) as change:
            mine = own_match(change.conn, change.event, player_key)
            row = _answerable(mine, version)
            return _confirm(change, mine, row)

    return _once_more_if_raced(confirm)


def dispute_report(
    db: Database,
    slug: str,
    player_key: str | None,
    won: int,
    lost: int,
    drawn: int,
    *,
    actor: str,
    version: int | None = None,
) -> ReportState:
    """The player disputes their opponent's report, saying what it was (``won`` / ``lost``
    / ``drawn`` from their side): the match goes to the Resolution Queue."""
    score = Score(won, lost, drawn)

    def dispute() -> ReportState:
        with reporting(db, slug, actor) as change:
            conn = change.conn
            mine = own_match(conn, change.event, player_key)
            result = _checked(mine, conn, score)
            row = _answerable(mine, version)
            if mine.score(row.games_a, row.games_b, row.games_draws) == score:
                raise Refused(
                    Location(("won",)),
                    gettext("that is what %(name)s reported: confirm it instead")
                    % {"name": mine.opponent.name},
                )
            return _dispute(change, mine, row, result, score)

    return _once_more_if_raced(dispute)
