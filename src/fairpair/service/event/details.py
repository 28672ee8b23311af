"""An event's details (``EventDetails``: city, federation, dates, arbiters, time control,
type, round dates — the TRF header records 022-132, docs/trf.md "The header"): read them, set
them (one transaction, audited ``event.details``), and the details a FIDE report writes, where
each round's date is the one set in advance, else the day it was scheduled to start, else the
day it was opened (or released)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Connection, select, update

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.i18n.pydantic_words import pydantic_message
from fairpair.responses.event_details import EventDetails
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, EventRow, RoundRow, StageRow

#: Each text field's longest value (its column's length).
LONGEST = {
    "city": 100,
    "chief_arbiter": 200,
    "time_control": 100,
    "tournament_type": 100,
}
MOST_DEPUTIES = 20
MOST_ROUND_DATES = 99
FEDERATION = re.compile(r"^[A-Z]{3}$")

#: The type a report names when the organizer set none, by the format of the stage it reports.
TYPES = {
    "swiss": "Individual: Swiss-System",
    "swiss_elimination": "Individual: Swiss-System",
    "round_robin": "Individual: Round-Robin",
    "single_elimination": "Individual: Knock-Out",
    "double_elimination": "Individual: Knock-Out",
}


def _text(value: str | None, field: str) -> str | None:
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    longest = LONGEST.get(field, 200)
    if len(text) > longest or has_control(text):
        what = field.replace("_", " ")
        raise Refused(
            Location((field,)),
            gettext("the %(what)s has up to %(longest)s characters, no control codes")
            % {"what": what, "longest": longest},
        )
    return text


def _language(value: str | None) -> str | None:
    """A shipped language's code as typed (``pt-BR`` is ``pt_BR``; empty: none)."""
    text = (value or "").strip().replace("-", "_")
    if not text:
        return None
    found = {code.casefold(): code for code in i18n.LANGUAGES}.get(text.casefold())
    if found is None:
        raise Refused(
            Location(("language",)),
            gettext(
                "%(value)r is not a language fairpair speaks (the languages: "
                "%(join_i18n_languages)s)"
            )
            % {"value": value, "join_i18n_languages": ", ".join(i18n.LANGUAGES)},
        )
    return found


def checked_details(details: EventDetails) -> EventDetails:
    """``details`` trimmed (empty text is no value; a federation in capitals), or ``Refused``
    naming the field and why."""
    federation = (details.federation or "").strip().upper() or None
    if federation is not None and not FEDERATION.match(federation):
        raise Refused(
            Location(("federation",)),
            gettext(
                "%(federation)r is not a federation: three letters, as FIDE "
                "writes them (ITA, USA, FID)"
            )
            % {"federation": details.federation},
        )
    if (
        details.start_date is not None
        and details.end_date is not None
        and details.end_date < details.start_date
    ):
        raise Refused(
            Location(("end_date",)),
            gettext(
                "the event ends (%(details_end_date_isoformat)s) before it "
                "starts (%(details_start_date_isoformat)s)"
            )
            % {
                "details_end_date_isoformat": details.end_date.isoformat(),
                "details_start_date_isoformat": details.start_date.isoformat(),
            },
        )
    deputies: list[str] = []
    for i, name in enumerate(details.deputy_arbiters):
        text = _text(name, "deputy_arbiter")
        if text is None:
            continue
        if len(deputies) == MOST_DEPUTIES:
            raise Refused(
                Location(("deputy_arbiters", i)),
                gettext("at most %(MOST_DEPUTIES)s deputy arbiters")
                % {"MOST_DEPUTIES": MOST_DEPUTIES},
            )
        deputies.append(text)
    dates = list(details.round_dates)
    while dates and dates[-1] is None:
        dates.pop()
    if len(dates) > MOST_ROUND_DATES:
        raise Refused(
            Location(("round_dates",)),
            gettext("round dates for at most %(MOST_ROUND_DATES)s rounds")
            % {"MOST_ROUND_DATES": MOST_ROUND_DATES},
        )
    return EventDetails(
        language=_language(details.language),
        city=_text(details.city, "city"),
        federation=federation,
        start_date=details.start_date,
        end_date=details.end_date,
        chief_arbiter=_text(details.chief_arbiter, "chief_arbiter"),
        deputy_arbiters=tuple(deputies),
        time_control=_text(details.time_control, "time_control"),
        tournament_type=_text(details.tournament_type, "tournament_type"),
        round_dates=tuple(dates),
    )


def _row_values(details: EventDetails) -> dict[str, Any]:
    return {
        "city": details.city,
        "federation": details.federation,
        "start_date": details.start_date,
        "end_date": details.end_date,
        "chief_arbiter": details.chief_arbiter,
        "deputy_arbiters": list(details.deputy_arbiters) or None,
        "time_control": details.time_control,
        "tournament_type": details.tournament_type,
        "round_dates": [d.isoformat() if d else None for d in details.round_dates] or None,
        "language": details.language,
    }


def stored_details(conn: Connection, event: EventRef) -> EventDetails:
    """The details stored with ``event`` (as the organizer set them)."""
    row = conn.execute(
        select(
            EventRow.city,
            EventRow.federation,
            EventRow.start_date,
            EventRow.end_date,
            EventRow.chief_arbiter,
            EventRow.deputy_arbiters,
            EventRow.time_control,
            EventRow.tournament_type,
            EventRow.round_dates,
            EventRow.language,
        ).where(EventRow.id == event.id)
    ).one()
    return EventDetails(
        city=row.city,
        federation=row.federation,
        start_date=row.start_date,
        end_date=row.end_date,
        chief_arbiter=row.chief_arbiter,
        deputy_arbiters=tuple(row.deputy_arbiters or ()),
        time_control=row.time_control,
        tournament_type=row.tournament_type,
        round_dates=tuple(date.fromisoformat(d) if d else None for d in row.round_dates or ()),
        language=row.language,
    )


def write_details(conn: Connection, event: EventRef, details: EventDetails) -> None:
    """Store ``details`` (already checked) with ``event``, in the open transaction."""
    conn.execute(update(EventRow).where(EventRow.id == event.id).values(**_row_values(details)))


def event_details(db: Database, slug: str) -> EventDetails:
    """Event ``slug``'s details, as the organizer set them."""
    with reading(db, slug) as (conn, event):
        return stored_details(conn, event)


def event_language(db: Database, slug: str) -> str | None:
    """Event ``slug``'s default language (``None``: none set, or no such event) — one small
    read, for pages that fall back to it."""
    with db.reading() as conn:
        found = conn.execute(select(EventRow.language).where(EventRow.slug == slug)).first()
    return i18n.chosen(found.language) if found is not None else None


def _audit_json(details: EventDetails) -> dict[str, Any]:
    return details.model_dump(mode="json", exclude_defaults=True)


def set_event_details(
    db: Database,
    slug: str,
    changes: Mapping[str, Any],
    *,
    actor: str,
) -> EventDetails:
    """Change event ``slug``'s details: each key of ``changes`` (an ``EventDetails`` field,
    or ``name`` for the event's name) gets its value (``None`` or empty clears it); the other
    fields stay. The details stored after. One transaction, audited ``event.details`` (and
    ``event.rename`` for a new name); nothing is written when nothing changes."""
    unknown = sorted(set(changes) - set(EventDetails.model_fields) - {"name"})
    if unknown:
        fields = ", ".join(("name", *EventDetails.model_fields))
        raise Refused(
            Location((unknown[0],)),
            gettext("not an event detail (the details: %(fields)s)") % {"fields": fields},
        )
    new_name = None
    if "name" in changes:
        new_name = str(changes["name"] or "").strip()
        if not new_name or len(new_name) > 200 or has_control(new_name):
            raise Refused(
                Location(("name",)),
                gettext("an event's name has 1-200 characters, no control codes"),
            )
        refuse_hidden(new_name, Location(("name",)), gettext("an event's name"))
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        before = stored_details(conn, event)
        given = {k: v for k, v in changes.items() if k != "name"}
        defaults = {k: EventDetails.model_fields[k].default for k, v in given.items() if v is None}
        try:
            merged = EventDetails.model_validate({**before.model_dump(), **given, **defaults})
        except ValidationError as error:
            first = error.errors()[0]
            where = tuple(first["loc"]) or ("details",)
            raise Refused(Location(where), pydantic_message(first)) from None
        wanted = checked_details(merged)
        if new_name is not None and new_name != event.name:
            conn.execute(update(EventRow).where(EventRow.id == event.id).values(name=new_name))
            change.audit("event.rename", f"event {event.slug}", before=event.name, after=new_name)
        if before != wanted:
            write_details(conn, event, wanted)
            change.audit(
                "event.details",
                f"event {event.slug}",
                before=_audit_json(before),
                after=_audit_json(wanted),
            )
        return wanted


def _round_days(conn: Connection, event: EventRef, stage_key: str) -> dict[int, date]:
    """Each released round of stage ``stage_key``: the day it was scheduled to start, else
    the day it was first opened, else the day it was released."""
    stage_id = conn.execute(
        select(StageRow.id).where(StageRow.event_id == event.id, StageRow.key == stage_key)
    ).scalar_one_or_none()
    if stage_id is None:
        return {}
    days: dict[int, date] = {}
    for number, starts in conn.execute(
        select(RoundRow.number, RoundRow.starts_at).where(RoundRow.stage_id == stage_id)
    ):
        if starts is not None:
            days[number] = starts.date()
    prefix = f"stage {stage_key} round "
    moments: dict[int, tuple[int, datetime]] = {}
    rank = {"round.open": 0, "round.release": 1}
    for action, subject, at in conn.execute(
        select(AuditRow.action, AuditRow.subject, AuditRow.at)
        .where(
            AuditRow.event_id == event.id,
            AuditRow.action.in_(tuple(rank)),
            AuditRow.subject.like(f"{prefix}%"),
        )
        .order_by(AuditRow.id)
    ):
        tail = subject[len(prefix) :]
        if not tail.isdigit():
            continue
        number = int(tail)
        known = moments.get(number)
        if known is None or rank[action] < known[0]:
            moments[number] = (rank[action], at)
    for number, (_, at) in moments.items():
        days.setdefault(number, at.date())
    return days


def report_details(
    conn: Connection,
    event: EventRef,
    stage_key: str,
    stage_format: str,
    rounds: int,
    *,
    fill: bool = True,
) -> EventDetails:
    """The details a report of stage ``stage_key`` (``rounds`` rounds played) writes: the
    stored ones with each round's date filled in (set in advance, else scheduled, else
    opened); with ``fill`` (an event that was not imported from a file), also the start and
    end dates from the first and last round when none is set, and the type from the stage's
    format when none is set."""
    stored = stored_details(conn, event)
    days = _round_days(conn, event, stage_key)
    count = max(rounds, len(stored.round_dates))
    dates: list[date | None] = []
    for number in range(1, count + 1):
        given = stored.round_dates[number - 1] if number <= len(stored.round_dates) else None
        dates.append(given or days.get(number))
    known = [d for d in dates if d is not None]
    if not fill:
        return stored.model_copy(update={"round_dates": tuple(dates)})
    return stored.model_copy(
        update={
            "round_dates": tuple(dates),
            "start_date": stored.start_date or (min(known) if known else None),
            "end_date": stored.end_date or (max(known) if known else None),
            "tournament_type": stored.tournament_type or TYPES.get(stage_format),
        }
    )
