"""Dropping the no-shows before round 1, as one action an organizer can check first and take
back (issue 28): ``no_shows`` says who would be dropped (and, when nobody has checked in
yet, that this is the whole field), ``drop_no_shows`` drops them in one transaction and
says how to find that action again, ``undo_no_shows`` reinstates all of them in one
transaction — refused once the event has moved on (a round paired since), when undoing
would no longer put the event back as it was.

The action is found again by its audit entry (``player.drop_no_shows``): its id is the undo
token the console's "Undo" button sends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select

from fairpair.engine.errors import Location
from fairpair.i18n import gettext, ngettext
from fairpair.service.kernel.change import Change, EventRef
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.players.registration import has_started
from fairpair.service.players.waitlist import promote_waitlist
from fairpair.service.rounds.drafts import stored_draft
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, DropRow, PlayerRow

#: The audit action of a drop of the no-shows, and of its undo.
DROPPED = "player.drop_no_shows"
UNDONE = "player.undo_no_shows"
#: The reason a no-show's drop is stored with.
NO_SHOW = "no-show"


@dataclass(frozen=True, slots=True)
class Named:
    """A player as the organizer reads them: id and name."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class NoShows:
    """What "Drop no-shows" would do now: who has not checked in (and would be dropped), out
    of how many players still in the event, and how many have checked in."""

    absent: tuple[Named, ...]
    players: int
    checked_in: int

    @property
    def everyone(self) -> bool:
        """Nobody has checked in yet: the drop would take the whole field."""
        return self.checked_in == 0 and bool(self.absent)


@dataclass(frozen=True, slots=True)
class NoShowsDropped:
    """A drop of the no-shows done: who was dropped, and ``entry`` (its audit entry's id),
    the token that undoes it (``None`` when nobody was dropped: nothing to undo)."""

    players: tuple[Named, ...]
    entry: int | None


@dataclass(frozen=True, slots=True)
class NoShowsUndone:
    """An undo done: who was reinstated (those of the drop still dropped)."""

    players: tuple[Named, ...]


def _refuse_started(conn: Connection, event: EventRef) -> None:
    if has_started(conn, event):
        raise Refused(
            Location(("players",)),
            gettext(
                "the no-shows are dropped before round 1; round 1 is already "
                "released (drop players one by one instead)"
            ),
        )


def _absent(conn: Connection, event: EventRef) -> NoShows:
    """Who has not checked in, among the players who have not left (``NoShows``)."""
    left = set(
        conn.execute(
            select(DropRow.player_id).where(
                DropRow.event_id == event.id, DropRow.whole_event.is_(True)
            )
        ).scalars()
    )
    loaded = load(conn, event)
    gone = set(loaded.tournament.drop_rounds(loaded.tournament.stage()))
    rows = conn.execute(
        select(PlayerRow.id, PlayerRow.key, PlayerRow.name, PlayerRow.checked_in_at)
        .where(PlayerRow.event_id == event.id)
        .order_by(PlayerRow.position)
    ).all()
    still = [r for r in rows if r.id not in left and r.key not in gone]
    absent = tuple(Named(r.key, r.name) for r in still if r.checked_in_at is None)
    return NoShows(absent, len(still), sum(1 for r in still if r.checked_in_at is not None))


def no_shows(db: Database, slug: str) -> NoShows:
    """Who "Drop no-shows" would drop now (refused, as the drop is, once round 1 is out)."""
    with reading(db, slug) as (conn, event):
        _refuse_started(conn, event)
        return _absent(conn, event)


def next_drop_position(conn: Connection, event: EventRef) -> int:
    """The position the event's next drop is stored at (drops keep their order)."""
    return (
        int(
            conn.execute(
                select(func.coalesce(func.max(DropRow.position), -1)).where(
                    DropRow.event_id == event.id
                )
            ).scalar_one()
        )
        + 1
    )


def drop_no_shows(db: Database, slug: str, *, actor: str) -> NoShowsDropped:
    """Before round 1: drop every player who has not checked in, in one transaction; who was
    dropped, and the token that undoes it (``undo_no_shows``)."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        _refuse_started(conn, event)
        found = _absent(conn, event)
        if not found.absent:
            return NoShowsDropped((), None)  # nothing changed: no audit entry
        keys = [p.id for p in found.absent]
        ids = {
            r.key: r.id
            for r in conn.execute(
                select(PlayerRow.key, PlayerRow.id).where(
                    PlayerRow.event_id == event.id, PlayerRow.key.in_(keys)
                )
            )
        }
        loaded = load(conn, event)
        stage = find_stage(conn, event, loaded.tournament.stages[0].id)
        position = next_drop_position(conn, event)
        conn.execute(
            insert(DropRow),
            [
                {
                    "event_id": event.id,
                    "player_id": ids[key],
                    "stage_id": stage.id,
                    "whole_event": True,
                    "after_round": 0,
                    "position": position + i,
                    "reason": NO_SHOW,
                    "at": change.at,
                }
                for i, key in enumerate(keys)
            ],
        )
        change.audit(DROPPED, ", ".join(keys), after={"dropped": keys})
        promote_waitlist(change)
        return NoShowsDropped(found.absent, _entry_of(change, DROPPED))


def _entry_of(change: Change, action: str) -> int:
    """The id of the audit entry ``action`` this change just wrote (the event is locked: the
    newest such entry of the event is it)."""
    change.flush()
    return int(
        change.conn.execute(
            select(func.max(AuditRow.id)).where(
                AuditRow.event_id == change.event.id, AuditRow.action == action
            )
        ).scalar_one()
    )


def undo_no_shows(db: Database, slug: str, entry: int, *, actor: str) -> NoShowsUndone:
    """Reinstate, in one transaction, every player the drop of the no-shows ``entry`` (its
    audit entry's id) dropped who is still dropped by it. Refused when ``entry`` is not such
    a drop of this event, when it was undone already (or each of them reinstated), and once
    the event has moved on: round 1 released, or a round paired (a draft made) without them
    since."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        at = Location(("undo",))
        row = conn.execute(
            select(AuditRow.id, AuditRow.after, AuditRow.at).where(
                AuditRow.id == entry, AuditRow.event_id == event.id, AuditRow.action == DROPPED
            )
        ).first()
        if row is None:
            raise Refused(
                at, gettext("there is no such drop of the no-shows in this event to undo")
            )
        keys = _dropped_keys(row.after)
        if has_started(conn, event):
            raise Refused(
                at,
                gettext(
                    "round 1 was released since the no-shows were dropped: undoing "
                    "it now would leave them out of a round already paired; "
                    "reinstate a late arrival on their own row instead (they join "
                    "from the next round)"
                ),
            )
        _refuse_draft(change)
        still = conn.execute(
            select(DropRow.id, PlayerRow.key, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == DropRow.player_id)
            .where(
                DropRow.event_id == event.id,
                PlayerRow.key.in_(keys),
                DropRow.reason == NO_SHOW,
                DropRow.after_round == 0,
                DropRow.whole_event.is_(True),
            )
            .order_by(PlayerRow.position)
        ).all()
        if not still:
            raise Refused(
                at,
                ngettext(
                    "this drop of the no-shows was undone already (%(num)d player reinstated "
                    "since)",
                    "this drop of the no-shows was undone already (%(num)d players reinstated "
                    "since)",
                    len(keys),
                )
                % {"num": len(keys)},
            )
        conn.execute(delete(DropRow).where(DropRow.id.in_([s.id for s in still])))
        back = tuple(Named(s.key, s.name) for s in still)
        change.audit(
            UNDONE,
            ", ".join(p.id for p in back),
            before={"entry": entry, "dropped": [p.id for p in back]},
        )
        return NoShowsUndone(back)


def _refuse_draft(change: Change) -> None:
    """A draft of the first stage was made since (the no-shows were not in it): refused, as
    the draft would leave them out or have to be made again."""
    conn, event = change.conn, change.event
    loaded = load(conn, event)
    first = find_stage(conn, event, loaded.tournament.stages[0].id)
    draft = stored_draft(conn, first)
    if draft is not None:
        raise Refused(
            Location(("undo",)),
            gettext(
                "round %(round_number)s was paired since the no-shows were "
                "dropped (its draft leaves them out): discard the draft first, "
                "then undo"
            )
            % {"round_number": draft.round_number},
        )


def _dropped_keys(after: Any) -> list[str]:
    if isinstance(after, dict) and isinstance(after.get("dropped"), list):
        return [str(k) for k in after["dropped"]]
    return []
