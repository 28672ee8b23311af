"""The round's clock: the timer on the big screen and the public pages.

Staff run it from the console without setting the round's dates (issue 28, point 10):

| use case                      | the round's clock becomes                                   |
|-------------------------------|-------------------------------------------------------------|
| ``start_clock(minutes=50)``   | running, time up 50 minutes from now (a running or paused   |
|                               | timer starts again)                                         |
| ``pause_clock``               | paused, with the seconds that were left                     |
| ``resume_clock``              | running again, time up those seconds from now               |
| ``extend_clock(minutes=5)``   | 5 more minutes (running or paused); a negative number takes |
|                               | time away, never below zero                                 |
| ``reset_clock``               | no timer                                                    |

The timer runs only while the round is In Progress (Open). Each is one transaction with its
audit entry (``round.clock_start|pause|resume|extend|reset``); the event's new version makes
every open big screen and public page fetch the round again, live. The stored facts are
``rounds.clock_ends_at`` (running) and ``rounds.clock_left`` (paused).

``clock_view`` is the timer as the API and ``fairpair round clock`` answer it, and
``live_round`` the round those act on when none is named (the stage's round In Progress).

Without a clock the big screen counts down to the round's end date, or with ``?minutes=50``
from when the round was opened (``opened_at``: the moment of its latest ``round.open``, read
from the audit log).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.responses.clock import RoundClockView
from fairpair.service.kernel.change import Change, now
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import RoundRef, StageRef, find_round, find_stage
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, RoundRow

#: How long a round may be timed, and by how much one click may change it (minutes).
LONGEST = 24 * 60
RUNNING, PAUSED = "running", "paused"


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's timer: ``running`` until ``ends_at``, or ``paused`` with ``left_seconds``."""

    state: str
    ends_at: datetime | None
    left_seconds: int | None

    def left_at(self, moment: datetime) -> int:
        """The whole seconds left at ``moment`` (0 when time is up)."""
        if self.state == PAUSED:
            return max(0, self.left_seconds or 0)
        assert self.ends_at is not None
        return max(0, int((self.ends_at - moment).total_seconds() + 0.999))


def _of(ends_at: datetime | None, left: int | None) -> RoundClock | None:
    if ends_at is not None:
        return RoundClock(RUNNING, ends_at, None)
    if left is not None:
        return RoundClock(PAUSED, None, left)
    return None


def round_clock(
    db: Database, slug: str, number: int, *, stage: str | None = None
) -> RoundClock | None:
    """Round ``number``'s timer (``None``: none started, or the round is not In Progress)."""
    with reading(db, slug) as (conn, event):
        rnd = find_round(conn, find_stage(conn, event, stage), number)
        if rnd.state != "open":
            return None
        row = conn.execute(
            select(RoundRow.clock_ends_at, RoundRow.clock_left).where(RoundRow.id == rnd.id)
        ).one()
        return _of(row.clock_ends_at, row.clock_left)


def clock_view(db: Database, slug: str, number: int, *, stage: str | None = None) -> RoundClockView:
    """Round ``number``'s timer now, as the API and the command line show it."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        rnd = find_round(conn, where, number)
        row = conn.execute(
            select(RoundRow.clock_ends_at, RoundRow.clock_left).where(RoundRow.id == rnd.id)
        ).one()
    clock = _of(row.clock_ends_at, row.clock_left) if rnd.state == "open" else None
    moment = now()
    return RoundClockView(
        event=event.slug,
        stage=where.key,
        round=number,
        round_state=rnd.state,
        state="off" if clock is None else clock.state,
        ends_at=clock.ends_at if clock is not None else None,
        left_seconds=clock.left_at(moment) if clock is not None else None,
        at=moment,
    )


def live_round(db: Database, slug: str, *, stage: str | None = None) -> tuple[str, int]:
    """The stage (default: the stage being played) and number of its round In Progress —
    the round a timer command acts on when none is named; refused when none is open."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        number = conn.execute(
            select(RoundRow.number)
            .where(RoundRow.stage_id == where.id, RoundRow.state == "open")
            .order_by(RoundRow.number.desc())
            .limit(1)
        ).scalar()
    if number is None:
        raise Refused(
            Location(("round",), stage=where.key),
            gettext(
                "no round of stage %(key)r is In Progress: the timer runs "
                "while a round is open (open one first, or name the round)"
            )
            % {"key": where.key},
        )
    return where.key, int(number)


def opened_at(db: Database, slug: str, number: int, *, stage: str | None = None) -> datetime | None:
    """The time round ``number`` of ``stage`` (default: the stage being played) was last
    opened; ``None`` when it is not Open now (Scheduled, or Completed)."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        rnd = find_round(conn, where, number)
        if rnd.state != "open":
            return None
        at: datetime | None = conn.execute(
            select(AuditRow.at)
            .where(
                AuditRow.event_id == event.id,
                AuditRow.action == "round.open",
                AuditRow.subject == f"stage {where.key} round {number}",
            )
            .order_by(AuditRow.id.desc())
            .limit(1)
        ).scalar()
        return at


# -- changing --------------------------------------------------------------------------------


def _minutes(minutes: object, *, signed: bool = False) -> int:
    low = -LONGEST if signed else 1
    if not isinstance(minutes, int) or isinstance(minutes, bool) or not low <= minutes <= LONGEST:
        raise Refused(
            Location(("minutes",)),
            gettext("minutes: a whole number from %(low)s to %(high)s")
            % {"low": low, "high": LONGEST},
        )
    if signed and minutes == 0:
        raise Refused(Location(("minutes",)), gettext("minutes: add or take away at least 1"))
    return minutes


def _timed(change: Change, stage: str | None, number: int) -> tuple[StageRef, RoundRef, Any]:
    """The round and its clock's columns, refused unless the round is In Progress."""
    where = find_stage(change.conn, change.event, stage)
    rnd = find_round(change.conn, where, number)
    if rnd.state != "open":
        if rnd.state == "scheduled":
            said = gettext(
                "round %(number)s is Upcoming: the timer runs while a round is In Progress "
                "(open it first)"
            )
        elif rnd.state == "completed":
            said = gettext(
                "round %(number)s is Completed: the timer runs while a round is In Progress "
                "(open it first)"
            )
        else:
            said = gettext(
                "round %(number)s is not open: the timer runs while a round is In Progress "
                "(open it first)"
            )
        raise Refused(
            Location(("clock",), stage=where.key, round=number), said % {"number": number}
        )
    row = change.conn.execute(
        select(RoundRow.clock_ends_at, RoundRow.clock_left).where(RoundRow.id == rnd.id)
    ).one()
    return where, rnd, row


def _set(change: Change, rnd: RoundRef, ends_at: datetime | None, left: int | None) -> None:
    change.conn.execute(
        update(RoundRow).where(RoundRow.id == rnd.id).values(clock_ends_at=ends_at, clock_left=left)
    )


def _subject(where: StageRef, number: int) -> str:
    return f"stage {where.key} round {number}"


def _shown(clock: RoundClock | None, moment: datetime) -> dict[str, Any] | None:
    """A clock as the audit log keeps it."""
    if clock is None:
        return None
    if clock.state == RUNNING:
        assert clock.ends_at is not None
        return {"state": RUNNING, "ends_at": clock.ends_at.isoformat()}
    return {"state": PAUSED, "left_seconds": clock.left_at(moment)}


def start_clock(
    db: Database, slug: str, number: int, *, minutes: int, actor: str, stage: str | None = None
) -> RoundClock:
    """Start round ``number``'s timer at ``minutes`` (again, if it ran already)."""
    length = _minutes(minutes)
    with changing(db, slug, actor) as change:
        where, rnd, row = _timed(change, stage, number)
        ends_at = change.at + timedelta(minutes=length)
        _set(change, rnd, ends_at, None)
        change.audit(
            "round.clock_start",
            _subject(where, number),
            before=_shown(_of(row.clock_ends_at, row.clock_left), change.at),
            after={"minutes": length, "ends_at": ends_at.isoformat()},
        )
        return RoundClock(RUNNING, ends_at, None)


def pause_clock(
    db: Database, slug: str, number: int, *, actor: str, stage: str | None = None
) -> RoundClock:
    """Pause round ``number``'s running timer (the seconds left are kept)."""
    with changing(db, slug, actor) as change:
        where, rnd, row = _timed(change, stage, number)
        clock = _of(row.clock_ends_at, row.clock_left)
        if clock is None or clock.state != RUNNING:
            raise Refused(
                Location(("clock",), stage=where.key, round=number),
                gettext("the timer is not running: start it (or resume it) first"),
            )
        left = clock.left_at(change.at)
        _set(change, rnd, None, left)
        change.audit(
            "round.clock_pause",
            _subject(where, number),
            before=_shown(clock, change.at),
            after={"left_seconds": left},
        )
        return RoundClock(PAUSED, None, left)


def resume_clock(
    db: Database, slug: str, number: int, *, actor: str, stage: str | None = None
) -> RoundClock:
    """Run round ``number``'s paused timer again from the seconds it had left."""
    with changing(db, slug, actor) as change:
        where, rnd, row = _timed(change, stage, number)
        clock = _of(row.clock_ends_at, row.clock_left)
        if clock is None or clock.state != PAUSED:
            raise Refused(
                Location(("clock",), stage=where.key, round=number),
                gettext("the timer is not paused: nothing to resume"),
            )
        left = clock.left_at(change.at)
        ends_at = change.at + timedelta(seconds=left)
        _set(change, rnd, ends_at, None)
        change.audit(
            "round.clock_resume",
            _subject(where, number),
            before={"left_seconds": left},
            after={"ends_at": ends_at.isoformat()},
        )
        return RoundClock(RUNNING, ends_at, None)


def extend_clock(
    db: Database, slug: str, number: int, *, minutes: int, actor: str, stage: str | None = None
) -> RoundClock:
    """Give round ``number``'s timer ``minutes`` more (negative: fewer, never below zero),
    running or paused."""
    more = _minutes(minutes, signed=True)
    with changing(db, slug, actor) as change:
        where, rnd, row = _timed(change, stage, number)
        clock = _of(row.clock_ends_at, row.clock_left)
        if clock is None:
            raise Refused(
                Location(("clock",), stage=where.key, round=number),
                gettext("no timer yet: start it first"),
            )
        if clock.state == RUNNING:
            assert clock.ends_at is not None
            ends_at = max(clock.ends_at + timedelta(minutes=more), change.at)
            now_clock = RoundClock(RUNNING, ends_at, None)
            _set(change, rnd, ends_at, None)
        else:
            left = max(0, clock.left_at(change.at) + more * 60)
            now_clock = RoundClock(PAUSED, None, left)
            _set(change, rnd, None, left)
        change.audit(
            "round.clock_extend",
            _subject(where, number),
            before=_shown(clock, change.at),
            after={"minutes": more, **(_shown(now_clock, change.at) or {})},
        )
        return now_clock


def reset_clock(
    db: Database, slug: str, number: int, *, actor: str, stage: str | None = None
) -> None:
    """Take round ``number``'s timer away (the big screen falls back to the round's dates)."""
    with changing(db, slug, actor) as change:
        where, rnd, row = _timed(change, stage, number)
        clock = _of(row.clock_ends_at, row.clock_left)
        if clock is None:
            raise Refused(
                Location(("clock",), stage=where.key, round=number), gettext("no timer to reset")
            )
        _set(change, rnd, None, None)
        change.audit("round.clock_reset", _subject(where, number), before=_shown(clock, change.at))
