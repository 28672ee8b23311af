"""Events: create one (empty, or from a tournament document), list them, show one, export it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, insert, select, text
from sqlalchemy.exc import IntegrityError

from fairpair.engine.errors import Location
from fairpair.engine.formats import stage_finished
from fairpair.engine.repeats import repeats_by_round
from fairpair.engine.round_names import round_names
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import DEFAULT, autopilot_default, swiss_defaults
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.i18n import gettext
from fairpair.interop.document.compiled import document_validator
from fairpair.responses.event_details import EventDetails
from fairpair.responses.events import (
    EventDetail,
    EventList,
    EventListItem,
    PlayerItem,
    RoundItem,
    StageItem,
)
from fairpair.service.accounts.staff import write_role
from fairpair.service.event.details import write_details
from fairpair.service.kernel.change import Change, EventRef, now
from fairpair.service.kernel.errors import EventExists, Refused
from fairpair.service.kernel.persist import insert_round
from fairpair.service.kernel.slugs import checked_slug, slug_of
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.stage_settings import settings_of
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.kernel.unit import reading
from fairpair.service.players.lookalikes import looks_like
from fairpair.service.players.portal_settings import add_portal
from fairpair.service.rounds.repeats import repeat_items
from fairpair.store.database import Database
from fairpair.store.models import (
    AuditRow,
    DraftRow,
    DropRow,
    EventRow,
    EventSourceRow,
    PlayerRow,
    RoundRow,
    StageRow,
)

#: The PostgreSQL advisory lock that serializes creating events (a constant of our own).
CREATE_LOCK = 0x66616972_6576656E  # not the migrations' key


def _free_slug(conn: Connection, wanted: str | None, name: str) -> str:
    if wanted is not None:
        slug = checked_slug(wanted)
        if conn.execute(select(EventRow.id).where(EventRow.slug == slug)).first():
            raise EventExists(
                Location(("slug",)), gettext("an event %(slug)r exists already") % {"slug": slug}
            )
        return slug
    base = slug_of(name)
    taken = set(conn.execute(select(EventRow.slug).where(EventRow.slug.like(f"{base}%"))).scalars())
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def _insert_event(conn: Connection, name: str, slug: str, at: datetime) -> EventRef:
    try:
        with conn.begin_nested():
            event_id = conn.execute(
                insert(EventRow)
                .values(slug=slug, name=name, created_at=at, version=1)
                .returning(EventRow.id)
            ).scalar_one()
    except IntegrityError:
        raise EventExists(
            Location(("slug",)), gettext("an event %(slug)r exists already") % {"slug": slug}
        ) from None
    add_portal(conn, event_id)
    return EventRef(event_id, slug, name, 1)


def _write_tournament(change: Change, tournament: Tournament) -> None:
    """Insert every fact of ``tournament`` into the (new, empty) event of ``change``."""
    conn, at, event_id = change.conn, change.at, change.event.id
    players = [
        {
            "event_id": event_id,
            "key": p.id,
            "name": p.name,
            "position": i,
            "seed": p.seed,
            "rating": p.rating,
            "team": p.team,
            "sex": p.sex,
            "title": p.title,
            "federation": p.federation,
            "fide_id": p.fide_id,
            "birth_date": p.birth_date,
            "registered_at": at,
        }
        for i, p in enumerate(tournament.players)
    ]
    if players:
        conn.execute(insert(PlayerRow), players)
    ids = dict(
        conn.execute(
            select(PlayerRow.key, PlayerRow.id).where(PlayerRow.event_id == event_id)
        ).all()
    )
    stage_ids: dict[str, int] = {}
    for position, stage in enumerate(tournament.stages):
        stage_ids[stage.id] = conn.execute(
            insert(StageRow)
            .values(
                event_id=event_id,
                key=stage.id,
                position=position,
                settings=settings_of(stage),
                version=1,
            )
            .returning(StageRow.id)
        ).scalar_one()
        for rnd in stage.rounds:
            insert_round(conn, stage_ids[stage.id], rnd, ids, actor=change.actor, at=at)
    drops = [
        {
            "event_id": event_id,
            "player_id": ids[d.player],
            "stage_id": stage_ids[d.stage] if d.stage is not None else None,
            "whole_event": True,
            "after_round": d.after_round,
            "position": i,
            "at": at,
        }
        for i, d in enumerate(tournament.drops)
    ]
    start = len(drops)
    for stage in tournament.stages:
        for d in stage.drops:
            drops.append(
                {
                    "event_id": event_id,
                    "player_id": ids[d.player],
                    "stage_id": stage_ids[stage.id],
                    "whole_event": False,
                    "after_round": d.after_round,
                    "position": start,
                    "at": at,
                }
            )
            start += 1
    if drops:
        conn.execute(insert(DropRow), drops)


def create_event(
    db: Database,
    name: str,
    *,
    actor: str,
    slug: str | None = None,
    ruleset: Ruleset | None = None,
    stage: Stage | None = None,
    owner: int | None = None,
) -> str:
    """A new event called ``name`` with one Swiss stage (``stage``, or a Swiss with
    ``ruleset`` and the settings its game expects: ``engine.rulesets.swiss_defaults``, chess
    with its colours on and ``fide`` pairing top half against bottom half; ``teamup`` with its
    autopilot on); its slug (made from the name unless given). ``owner``: the id of the
    account that owns it (its first staff member), in the same transaction."""
    chosen = ruleset or DEFAULT
    first = stage or Stage(
        ruleset=chosen, config=swiss_defaults(chosen), autopilot=autopilot_default(chosen)
    )
    document_validator()
    tournament = Tournament(name, (), (first,))
    return _create(db, tournament, actor=actor, slug=slug, action="event.create", owner=owner)


def import_event(
    db: Database,
    tournament: Tournament,
    *,
    actor: str,
    slug: str | None = None,
    owner: int | None = None,
    source: tuple[str, dict[str, object]] | None = None,
    details: EventDetails | None = None,
) -> str:
    """A new event holding every fact of ``tournament`` (a validated document); its slug.
    ``source``: the outside file's format and layout (``"trf"``, ``TrfLayout.to_json()``),
    kept so that exporting to that format gives the same file back; ``details``: the
    event's details the file said (checked already)."""
    return _create(
        db,
        tournament,
        actor=actor,
        slug=slug,
        action="event.import",
        owner=owner,
        source=source,
        details=details,
    )


def restore_as_event(
    db: Database,
    tournament: Tournament,
    restore: Callable[[Change], dict[str, Any]],
    *,
    actor: str,
    slug: str | None = None,
    owner: int | None = None,
) -> str:
    """A new event holding every fact of ``tournament``, then ``restore(change)`` writing the
    rest of a backup in the same transaction (before the new event's own audit entry,
    ``event.restore``, whose ``after`` it extends); its slug. ``service/event/backups.py``."""
    return _create(
        db, tournament, actor=actor, slug=slug, action="event.restore", owner=owner, then=restore
    )


def _create(
    db: Database,
    tournament: Tournament,
    *,
    actor: str,
    slug: str | None,
    action: str,
    owner: int | None = None,
    source: tuple[str, dict[str, object]] | None = None,
    then: Callable[[Change], dict[str, Any]] | None = None,
    details: EventDetails | None = None,
) -> str:
    name = tournament.name.strip()
    if not name:
        raise EventExists(Location(("name",)), gettext("an event needs a name"))
    if len(name) > 200 or has_control(name):
        raise Refused(
            Location(("name",)), gettext("an event's name has 1-200 characters, no control codes")
        )
    refuse_hidden(name, Location(("name",)), gettext("an event's name"))
    with db.writing() as conn:
        if conn.dialect.name == "postgresql":
            # Events are created one at a time, as SQLite's BEGIN IMMEDIATE does: the free slug
            # chosen from the name stays free until this one commits (without the lock, two
            # "Friday Night" at once both chose friday-night and one was refused).
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": CREATE_LOCK})
        at = now()
        event = _insert_event(conn, name, _free_slug(conn, slug, name), at)
        change = Change(conn, event, actor, at)
        _write_tournament(change, tournament)
        if source is not None:
            conn.execute(
                insert(EventSourceRow).values(event_id=event.id, format=source[0], body=source[1])
            )
        if details is not None and not details.empty:
            write_details(conn, event, details)
        more = then(change) if then is not None else {}
        if owner is not None:
            write_role(change, owner, "owner")
        change.audit(
            action,
            f"event {event.slug}",
            after={
                "name": name,
                "players": len(tournament.players),
                "stages": [s.id for s in tournament.stages],
                "rounds": sum(len(s.rounds) for s in tournament.stages),
                **({"from": source[0]} if source is not None else {}),
                **(
                    {"details": details.model_dump(mode="json", exclude_defaults=True)}
                    if details is not None and not details.empty
                    else {}
                ),
                **more,
            },
        )
        return event.slug


def export_event(db: Database, slug: str) -> Tournament:
    """Every fact of event ``slug`` as an engine ``Tournament`` (for the document writer)."""
    with reading(db, slug) as (conn, event):
        return loaded(conn, event).tournament


def list_events(db: Database) -> EventList:
    """Every saved event, newest first, with its size."""
    with db.reading() as conn:
        counts = dict(
            conn.execute(
                select(PlayerRow.event_id, func.count()).group_by(PlayerRow.event_id)
            ).all()
        )
        rounds = dict(
            conn.execute(
                select(StageRow.event_id, func.count(RoundRow.id))
                .join(RoundRow, RoundRow.stage_id == StageRow.id)
                .group_by(StageRow.event_id)
            ).all()
        )
        changed = dict(
            conn.execute(
                select(AuditRow.event_id, func.max(AuditRow.at)).group_by(AuditRow.event_id)
            ).all()
        )
        events = conn.execute(select(*EventRow.__table__.c).order_by(EventRow.id.desc())).all()
        items = [
            EventListItem(
                slug=e.slug,
                name=e.name,
                players=counts.get(e.id, 0),
                rounds=rounds.get(e.id, 0),
                created_at=e.created_at,
                changed_at=changed.get(e.id, e.created_at),
            )
            for e in events
        ]
    return EventList(events=items)


def show_event(db: Database, slug: str, *, with_players: bool = True) -> EventDetail:
    """The event as staff see it: players (check-in, drops), stages and their rounds.
    ``with_players=False``: no players (the public pages show the rounds only)."""
    with reading(db, slug) as (conn, event):
        facts = loaded(conn, event)
        t = facts.tournament
        row = conn.execute(select(EventRow.created_at).where(EventRow.id == event.id)).one()
        extra = {
            r.key: r
            for r in conn.execute(
                select(PlayerRow.key, PlayerRow.contact, PlayerRow.checked_in_at).where(
                    PlayerRow.event_id == event.id
                )
            )
        }
        last = t.stages[-1]
        gone = t.drop_rounds(last)
        alike = looks_like({p.id: p.name for p in t.players}) if with_players else {}
        players = [
            PlayerItem(
                id=p.id,
                name=p.name,
                seed=p.seed,
                rating=p.rating,
                team=p.team,
                contact=extra[p.id].contact,
                checked_in=extra[p.id].checked_in_at is not None,
                dropped_after=gone.get(p.id),
                title=p.title,
                federation=p.federation,
                fide_id=p.fide_id,
                sex=p.sex,
                birth_date=p.birth_date,
                looks_like=alike.get(p.id),
            )
            for p in (t.players if with_players else ())
        ]
        dates = {
            (r.stage_id, r.number): r
            for r in conn.execute(
                select(RoundRow.stage_id, RoundRow.number, RoundRow.starts_at, RoundRow.ends_at)
            )
            if r.stage_id in facts.stage_ids.values()
        }
        drafts = dict(conn.execute(select(DraftRow.stage_id, DraftRow.round_number)).all())
        names = {p.id: p.name for p in t.players}
        stages = []
        for s in t.stages:
            sid = facts.stage_ids[s.id]
            called = round_names(t, s)
            repeated = repeats_by_round(s)
            stages.append(
                StageItem(
                    id=s.id,
                    name=s.name,
                    format=s.format.value,
                    ruleset=s.ruleset.base or s.ruleset.name,
                    max_rounds=s.round_cap,
                    rounds=[
                        RoundItem(
                            number=r.number,
                            name=called[r.number],
                            state=r.status.value,
                            tables=len(r.tables),
                            outstanding=r.outstanding,
                            byes=[names.get(b.player, b.player) for b in r.byes],
                            starts_at=dates[(sid, r.number)].starts_at,
                            ends_at=dates[(sid, r.number)].ends_at,
                            repeat_pairing=r.number in repeated,
                            repeats=repeat_items(repeated.get(r.number, ()), names),
                        )
                        for r in s.rounds
                    ],
                    draft_round=drafts.get(sid),
                    cut_from=s.cut.from_stage if s.cut is not None else None,
                    seated=len(s.participants)
                    if s.cut is not None and s.participants is not None
                    else None,
                    finished=bool(s.rounds) and stage_finished(t, s),
                    chess=s.chess,
                    autopilot=s.autopilot,
                )
            )
        return EventDetail(
            slug=event.slug,
            name=event.name,
            version=event.version,
            created_at=row.created_at,
            players=players,
            stages=stages,
        )


def event_version(db: Database, slug: str) -> int:
    """Event ``slug``'s version (``UnknownEvent`` when there is none)."""
    with reading(db, slug) as (_conn, event):
        return event.version
