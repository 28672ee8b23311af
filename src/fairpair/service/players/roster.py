"""Registration: add and import players, check-in, drops (event or stage), reinstating, late
entry. A player who joins after round 1 starts on zero points, or with byes or losses for the
rounds they missed."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, insert, select, update

from fairpair.engine.changes import drop_player as engine_drop
from fairpair.engine.errors import InvalidTournament, Location
from fairpair.engine.validation import problems
from fairpair.i18n import gettext, say
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import PlayerRef, find_player
from fairpair.service.kernel.text_rules import checked_line
from fairpair.service.kernel.unit import changing
from fairpair.service.players.no_shows import drop_no_shows as drop_no_shows
from fairpair.service.players.no_shows import next_drop_position
from fairpair.service.players.registration import (
    LateEntry,
    NewPlayer,
    add_in_change,
    late_byes,
)
from fairpair.service.players.waitlist import promote_waitlist
from fairpair.store.database import Database
from fairpair.store.models import DropRow, PlayerRow


def add_players(
    db: Database,
    slug: str,
    players: Sequence[NewPlayer],
    *,
    actor: str,
    late: LateEntry | None = None,
) -> list[str]:
    """Register ``players`` (all or none); their ids. After round 1 they join the next
    round: ``late`` says how the missed rounds count (default: not played, zero points)."""
    with changing(db, slug, actor) as change:
        return add_in_change(change, players, late=late)


def check_in(
    db: Database, slug: str, players: Sequence[str], *, actor: str, undo: bool = False
) -> list[str]:
    """Mark ``players`` present (or, with ``undo``, not yet); their ids."""
    with changing(db, slug, actor) as change:
        found = [find_player(change.conn, change.event, p) for p in players]
        if not found:
            return []  # nothing changed: no audit entry
        return mark_checked_in(change, found, undo=undo)


def mark_checked_in(change: Change, found: Sequence[PlayerRef], *, undo: bool = False) -> list[str]:
    """The write of a check-in (or its undo) in ``change``, audited; the players' ids."""
    change.conn.execute(
        update(PlayerRow)
        .where(PlayerRow.id.in_([p.id for p in found]))
        .values(checked_in_at=None if undo else change.at)
    )
    keys = [p.key for p in found]
    change.audit("player.checkout" if undo else "player.checkin", ", ".join(keys))
    return keys


def drop_player(
    db: Database,
    slug: str,
    player: str,
    *,
    actor: str,
    after_round: int | None = None,
    stage: str | None = None,
    whole_event: bool = True,
    reason: str | None = None,
) -> int:
    """``player`` leaves after ``after_round`` (default: the stage's latest round) — the whole
    event, or only ``stage``. Their results stay. Returns the round they left after."""
    if reason is not None and reason.strip():
        reason = checked_line(reason, "reason", gettext("a reason"))
    else:
        reason = None
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        loaded = load(conn, event)
        chosen = loaded.tournament.stage(stage)
        try:
            dropped = engine_drop(
                loaded.tournament, who.key, after_round, stage=chosen.id, whole_event=whole_event
            )
        except InvalidTournament as error:
            raise Refused(error.location, say(error.said)) from None
        # A drop before a round the player is paired in contradicts the rounds (the document
        # reader refuses such an event): refused, as the reader says it.
        found = problems(dropped)
        if found:
            raise Refused(Location(stage=chosen.id, player=who.key), say(found[0].said))
        after = chosen.last_round if after_round is None else after_round
        conn.execute(
            insert(DropRow).values(
                event_id=event.id,
                player_id=who.id,
                stage_id=loaded.stage_ids[chosen.id],
                whole_event=whole_event,
                after_round=after,
                position=next_drop_position(conn, event),
                reason=reason,
                at=change.at,
            )
        )
        change.audit(
            "player.drop",
            f"player {who.key}",
            after={
                "after_round": after,
                "stage": chosen.id,
                "whole_event": whole_event,
                "reason": reason,
            },
        )
        if whole_event:
            _places_freed(change)
        return after


def _places_freed(change: Change) -> None:
    """A player left: before round 1, the first on the waitlist takes the place."""
    promote_waitlist(change)


def reinstate_player(db: Database, slug: str, player: str, *, actor: str) -> int:
    """Undo ``player``'s drops (a drop made by mistake); how many were undone. They are paired
    again from the next round."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        drops = conn.execute(
            select(DropRow.id, DropRow.after_round, DropRow.whole_event, DropRow.reason).where(
                DropRow.event_id == event.id, DropRow.player_id == who.id
            )
        ).all()
        if not drops:
            raise Refused(
                Location(player=who.key),
                gettext("%(name)s (%(key)s) has not dropped") % {"name": who.name, "key": who.key},
            )
        conn.execute(delete(DropRow).where(DropRow.id.in_([d.id for d in drops])))
        _sat_out(change, who)
        change.audit(
            "player.reinstate",
            f"player {who.key}",
            before=[
                {"after_round": d.after_round, "whole_event": d.whole_event, "reason": d.reason}
                for d in drops
            ],
        )
        return len(drops)


def _sat_out(change: Change, who: PlayerRef) -> None:
    """A reinstated player who has not played in the stage yet (a no-show dropped by mistake)
    sits the rounds played so far out on zero-point byes, as a late entry does: they are
    paired from the next round instead of being left out for having no standings row."""
    loaded = load(change.conn, change.event)
    stage = loaded.tournament.stage()
    if not stage.rounds or any(who.key in r.participants() for r in stage.rounds):
        return
    late_byes(change, [who.key], LateEntry())
