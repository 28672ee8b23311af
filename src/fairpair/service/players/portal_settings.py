"""The players' side of an event (``event_portal``): its join code and what players may do
themselves — register (up to a cap, then a waitlist), check in (once the organizer opens
check-in), report their own results (and how long an opponent has to confirm) — and the
Discord bot token its notifications are sent with. Made with the event; changed by its
owner (audited, the bot token never written to the log)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.errors import Refused, StaleVersion, UnknownEvent
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.players.waitlist import promote_waitlist
from fairpair.store.database import Database
from fairpair.store.models import EventRow, PortalRow

#: A join code's letters: none that read alike on a screen (0/O, 1/I/L, 2/Z, 5/S).
CODE_LETTERS = "346789ABCDEFGHJKMNPQRTUVWXY"
CODE_LENGTH = 6


@dataclass(frozen=True, slots=True)
class Portal:
    join_code: str
    self_registration: bool
    registration_cap: int | None
    checkin_open: bool
    self_report: bool
    confirm_minutes: int
    discord_bot_token: str | None
    version: int


_COLUMNS = tuple(getattr(PortalRow, f.name) for f in fields(Portal))
#: What ``set_portal`` may change (the code is changed by ``new_join_code``).
SETTABLE = frozenset(
    (
        "self_registration",
        "registration_cap",
        "checkin_open",
        "self_report",
        "confirm_minutes",
        "discord_bot_token",
    )
)


def normal_code(text: str) -> str:
    """A code as typed (spaces, dashes, lower case) as stored."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


def _with_free_code(conn: Connection, write: Callable[[str], Any]) -> str:
    """Draw codes until ``write(code)`` succeeds (the unique index refuses a taken one,
    inside a savepoint); the code written."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        try:
            with conn.begin_nested():
                write(code)
        except IntegrityError:
            continue  # that code is taken: draw another
        return code


def add_portal(conn: Connection, event_id: int) -> str:
    """The portal row of a new event (in its creating transaction); its join code."""
    return _with_free_code(
        conn,
        lambda code: conn.execute(
            insert(PortalRow).values(
                event_id=event_id,
                join_code=code,
                self_registration=True,
                checkin_open=False,
                self_report=True,
                confirm_minutes=15,
                version=1,
            )
        ),
    )


_PORTAL = select(*_COLUMNS).where(PortalRow.event_id == bindparam("event_id"))


def portal_of(conn: Connection, event: EventRef) -> Portal:
    row = conn.execute(_PORTAL, {"event_id": event.id}).one()
    return Portal(*row)


def read_portal(db: Database, slug: str) -> Portal:
    with reading(db, slug) as (conn, event):
        return portal_of(conn, event)


def event_of_code(db: Database, code: str) -> str:
    """The slug of the event whose join code is ``code`` (as typed), or ``UnknownEvent``."""
    wanted = normal_code(code)
    with db.reading() as conn:
        slug = conn.execute(
            select(EventRow.slug)
            .join(PortalRow, PortalRow.event_id == EventRow.id)
            .where(PortalRow.join_code == wanted)
        ).scalar_one_or_none()
    if slug is None:
        raise UnknownEvent(
            Location(("code",)),
            gettext("no event has the join code %(code_strip)r") % {"code_strip": code.strip()},
        )
    return str(slug)


def set_portal(
    db: Database, slug: str, *, actor: str, version: int | None = None, **changes: Any
) -> Portal:
    """Change the portal settings named in ``changes`` (see ``SETTABLE``); audited."""
    unknown = set(changes) - SETTABLE
    if unknown:
        raise Refused(
            Location((sorted(unknown)[0],)), gettext("not a setting of the players' side")
        )
    cap = changes.get("registration_cap")
    if cap is not None and (not isinstance(cap, int) or cap < 1):
        raise Refused(
            Location(("registration_cap",)), gettext("the cap is a whole number, at least 1")
        )
    minutes = changes.get("confirm_minutes")
    if minutes is not None and (not isinstance(minutes, int) or not 1 <= minutes <= 10080):
        raise Refused(
            Location(("confirm_minutes",)),
            gettext("minutes to confirm: a whole number from 1 to 10080"),
        )
    with changing(db, slug, actor) as change:
        before = portal_of(change.conn, change.event)
        if version is not None and version != before.version:
            raise StaleVersion(
                Location(("version",)),
                gettext(
                    "the players' settings changed since you read them (version "
                    "%(version)s, now %(before_version)s)"
                )
                % {"version": version, "before_version": before.version},
            )
        changed = {k: v for k, v in changes.items() if getattr(before, k) != v}
        if not changed:
            return before
        change.conn.execute(
            update(PortalRow)
            .where(PortalRow.event_id == change.event.id)
            .values(**changed, version=PortalRow.version + 1)
        )

        def shown(key: str, value: Any) -> Any:
            return ("set" if value else None) if key == "discord_bot_token" else value

        change.audit(
            "portal.settings",
            "players' side",
            before={k: shown(k, getattr(before, k)) for k in changed},
            after={k: shown(k, v) for k, v in changed.items()},
        )
        if "registration_cap" in changed:  # a raised (or removed) cap lets the waitlist in
            promote_waitlist(change)
        return portal_of(change.conn, change.event)


def new_join_code(db: Database, slug: str, *, actor: str) -> str:
    """A new join code (the old one stops working: a code leaked to the wrong crowd)."""
    with changing(db, slug, actor) as change:
        old = portal_of(change.conn, change.event).join_code
        code = _with_free_code(
            change.conn,
            lambda code: change.conn.execute(
                update(PortalRow)
                .where(PortalRow.event_id == change.event.id)
                .values(join_code=code, version=PortalRow.version + 1)
            ),
        )
        change.audit("portal.code", "join code", before=old, after=code)
        return code
