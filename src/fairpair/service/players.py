"""Registration: add and import players, check-in, drops (event or stage), reinstating, late
entry. A player who joins after round 1 starts on zero points, or with byes or losses for the
rounds they missed."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, insert, select, update

from fairpair.engine.errors import InvalidTournament, Location
from fairpair.engine.rounds import ByeKind
from fairpair.engine.validation import problems
from fairpair.service.errors import Refused
from fairpair.service.loading import load
from fairpair.service.lookup import PlayerRef, find_player, find_stage
from fairpair.service.text_rules import checked_line, has_control
from fairpair.service.unit import Change, EventRef, changing
from fairpair.store.database import Database
from fairpair.store.models import ByeRow, DropRow, PlayerRow, RoundRow, TableRow

KEY = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$")


@dataclass(frozen=True, slots=True)
class NewPlayer:
    """A player to register. ``id`` is made from the name when left out."""

    name: str
    id: str | None = None
    seed: int | None = None
    rating: int | None = None
    team: str | None = None
    contact: str | None = None


@dataclass(frozen=True, slots=True)
class LateEntry:
    """How a player who joins after round 1 counts the rounds they missed: the first
    ``byes`` of them as byes of ``kind`` (full or half points; ``zero`` counts them as
    losses without an opponent), the others as sat out (zero-point byes). Either way they are
    in the stage from the next round, ranked on the points this gives them."""

    byes: int = 0
    kind: ByeKind = ByeKind.FULL


def _key_of(name: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40].strip("-") or "player"
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    return key


def _checked(player: NewPlayer, where: str) -> NewPlayer:
    name = player.name.strip()
    if not name or len(name) > 200 or any(ord(c) < 32 for c in name):
        raise Refused(Location((where, "name")), "a name has 1-200 characters, no control codes")
    if player.id is not None and not KEY.match(player.id):
        raise Refused(
            Location((where, "id")),
            f"{player.id!r} is not a player id: letters, digits, '-', '_' and '.', up to 80",
        )
    for field, text in (("team", player.team), ("contact", player.contact)):
        if text is not None and (len(text) > 200 or has_control(text)):
            raise Refused(
                Location((where, field)), f"a {field} has up to 200 characters, no control codes"
            )
    for field, value, low, high in (
        ("seed", player.seed, 1, 1_000_000),
        ("rating", player.rating, 0, 10_000),
    ):
        if value is not None and not low <= value <= high:
            raise Refused(Location((where, field)), f"{field} must be {low}-{high}, got {value}")
    return NewPlayer(name, player.id, player.seed, player.rating, player.team, player.contact)


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
        return _add(change, players, late or LateEntry())


def add_in_change(
    change: Change,
    players: Sequence[NewPlayer],
    *,
    action: str = "player.add",
    late: LateEntry | None = None,
) -> list[str]:
    """``add_players`` inside an open ``change`` (joining, a promotion from the waitlist, a
    CSV import), audited as ``action``; their ids."""
    return _add(change, players, late or LateEntry(), action)


def checked_new_player(player: NewPlayer, where: str = "player") -> NewPlayer:
    """``player`` as ``add_players`` would register it (trimmed), or ``Refused``."""
    return _checked(player, where)


def has_started(conn: Connection, event: EventRef) -> bool:
    """Whether round 1 is released (a table or a bye exists)."""
    return _started(conn, event)


def _add(
    change: Change, players: Sequence[NewPlayer], late: LateEntry, action: str = "player.add"
) -> list[str]:
    conn, event = change.conn, change.event
    taken = set(conn.execute(select(PlayerRow.key).where(PlayerRow.event_id == event.id)).scalars())
    position = conn.execute(
        select(func.coalesce(func.max(PlayerRow.position), -1)).where(
            PlayerRow.event_id == event.id
        )
    ).scalar_one()
    rows: list[dict[str, object]] = []
    for i, given in enumerate(players):
        where = f"players[{i}]" if len(players) > 1 else "player"
        player = _checked(given, where)
        key = player.id or _key_of(player.name, taken)
        if key in taken:
            raise Refused(
                Location((where, "id"), player=key), f"a player {key!r} is registered already"
            )
        taken.add(key)
        position += 1
        rows.append(
            {
                "event_id": event.id,
                "key": key,
                "name": player.name,
                "position": position,
                "seed": player.seed,
                "rating": player.rating,
                "team": player.team,
                "contact": player.contact,
                "registered_at": change.at,
            }
        )
    if not rows:
        return []
    conn.execute(insert(PlayerRow), rows)
    keys = [str(r["key"]) for r in rows]
    _late_byes(change, keys, late)
    change.audit(
        action,
        ", ".join(keys),
        after=[{k: r[k] for k in ("key", "name", "seed", "rating", "team")} for r in rows]
        + ([{"late_byes": late.byes, "kind": late.kind.value}] if late.byes else []),
    )
    return keys


def _late_byes(change: Change, keys: list[str], late: LateEntry) -> None:
    conn = change.conn
    stage = find_stage(conn, change.event)
    rounds = conn.execute(
        select(RoundRow.id, RoundRow.number)
        .where(RoundRow.stage_id == stage.id)
        .order_by(RoundRow.number)
    ).all()
    if late.byes > len(rounds):
        raise Refused(
            Location(("late", "byes")),
            f"only {len(rounds)} round{'s' if len(rounds) != 1 else ''} have been played; "
            f"cannot give {late.byes} byes for missed rounds",
        )
    ids = dict(
        conn.execute(
            select(PlayerRow.key, PlayerRow.id).where(
                PlayerRow.event_id == change.event.id, PlayerRow.key.in_(keys)
            )
        ).all()
    )
    rows = []
    for n, rnd in enumerate(rounds):
        kind = late.kind if n < late.byes else ByeKind.ZERO
        last = conn.execute(
            select(func.coalesce(func.max(ByeRow.position), -1)).where(ByeRow.round_id == rnd.id)
        ).scalar_one()
        for k, key in enumerate(keys):
            rows.append(
                {
                    "round_id": rnd.id,
                    "player_id": ids[key],
                    "kind": kind.value,
                    "position": last + 1 + k,
                }
            )
    if rows:
        conn.execute(insert(ByeRow), rows)


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


def _started(conn: Connection, event: EventRef) -> bool:
    return (
        conn.execute(
            select(TableRow.id)
            .join(RoundRow, RoundRow.id == TableRow.round_id)
            .where(TableRow.stage_id.in_(_stage_ids(conn, event)))
            .limit(1)
        ).first()
        is not None
    ) or conn.execute(
        select(ByeRow.id)
        .join(RoundRow, RoundRow.id == ByeRow.round_id)
        .where(RoundRow.stage_id.in_(_stage_ids(conn, event)))
        .limit(1)
    ).first() is not None


def _stage_ids(conn: Connection, event: EventRef) -> list[int]:
    from fairpair.store.models import StageRow

    return list(conn.execute(select(StageRow.id).where(StageRow.event_id == event.id)).scalars())


def drop_no_shows(db: Database, slug: str, *, actor: str) -> list[str]:
    """Before round 1: drop every player who has not checked in; their ids."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        if _started(conn, event):
            raise Refused(
                Location(("players",)),
                "the no-shows are dropped before round 1; round 1 is already released "
                "(drop players one by one instead)",
            )
        loaded = load(conn, event)
        gone = set(loaded.tournament.drop_rounds(loaded.tournament.stage()))
        absent = conn.execute(
            select(PlayerRow.id, PlayerRow.key)
            .where(PlayerRow.event_id == event.id, PlayerRow.checked_in_at.is_(None))
            .order_by(PlayerRow.position)
        ).all()
        keys = [a.key for a in absent if a.key not in gone]
        if not keys:
            return []
        stage = find_stage(conn, event, loaded.tournament.stages[0].id)
        position = _next_drop_position(conn, event)
        conn.execute(
            insert(DropRow),
            [
                {
                    "event_id": event.id,
                    "player_id": a.id,
                    "stage_id": stage.id,
                    "whole_event": True,
                    "after_round": 0,
                    "position": position + i,
                    "reason": "no-show",
                    "at": change.at,
                }
                for i, a in enumerate(x for x in absent if x.key in keys)
            ],
        )
        change.audit("player.drop_no_shows", ", ".join(keys), after={"dropped": keys})
        _places_freed(change)
        return keys


def _next_drop_position(conn: Connection, event: EventRef) -> int:
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
    from fairpair.engine.changes import drop_player as engine_drop

    if reason is not None and reason.strip():
        reason = checked_line(reason, "reason", "a reason")
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
            raise Refused(error.location, error.reason) from None
        # A drop before a round the player is paired in contradicts the rounds (the document
        # reader refuses such an event): refused, as the reader says it.
        found = problems(dropped)
        if found:
            raise Refused(Location(stage=chosen.id, player=who.key), found[0].reason)
        after = chosen.last_round if after_round is None else after_round
        conn.execute(
            insert(DropRow).values(
                event_id=event.id,
                player_id=who.id,
                stage_id=loaded.stage_ids[chosen.id],
                whole_event=whole_event,
                after_round=after,
                position=_next_drop_position(conn, event),
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
    from fairpair.service.waitlist import promote_waitlist

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
            raise Refused(Location(player=who.key), f"{who.name} ({who.key}) has not dropped")
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
    _late_byes(change, [who.key], LateEntry())
