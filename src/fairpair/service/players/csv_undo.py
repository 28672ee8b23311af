"""Undoing a CSV import in one action (issue 28): the console's "Undo this import" removes
exactly the players that import registered — with the byes it gave them (late byes for the
rounds they missed, earned byes in the first stage's settings) — in one transaction, audited
once (``player.undo_import``).

The import is found by its audit entry (``player.import``), whose id is the undo token. It
can be undone while the event is as the import left those players. It is refused, with the
reason, once:

- it was undone already;
- a round was released since the import (the imported players were paired in it), or a draft
  was made since that still waits (discard it first, then undo);
- one of those players was touched since: checked in, dropped, edited (name, seed, rating,
  chess details…), asked for a bye, given a personal link or a pass (joined with it), or
  linked on Discord.

Then the organizer drops the players who should not play, one by one, as for any player.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, or_, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import N_, gettext
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.stage_settings import settings_of, stage_of_settings
from fairpair.service.kernel.unit import changing
from fairpair.service.players.csv_import import IMPORTED
from fairpair.store.database import Database
from fairpair.store.models import (
    AuditRow,
    ByeRow,
    DiscordPlayerRow,
    DraftRow,
    DropRow,
    PlayerRow,
    PlayerTokenRow,
    PodSeatRow,
    StageRow,
    TableRow,
)

#: The audit action of an undone import.
UNDONE = "player.undo_import"
#: What a later audit entry naming an imported player means, as the refusal says it.
TOUCHED = {
    "player.edit": N_("%(name)s was edited"),
    "player.seed": N_("%(name)s was given a seed"),
    "player.bye_request": N_("%(name)s asked for a bye"),
    "player.bye_cancel": N_("%(name)s asked for a bye"),
    "player.link": N_("%(name)s was given a personal link"),
    "player.revoke_links": N_("%(name)s had their links revoked"),
    "player.checkin": N_("%(name)s was checked in"),
    "player.checkout": N_("%(name)s was checked in"),
    "player.drop": N_("%(name)s was dropped"),
    "player.reinstate": N_("%(name)s was dropped"),
}


@dataclass(frozen=True, slots=True)
class ImportUndone:
    """An import undone: the players removed (id, name, in file order), when the import was
    made and the file it read."""

    players: tuple[tuple[str, str], ...]
    imported_at: datetime
    source: str


def undo_import(db: Database, slug: str, entry: int, *, actor: str) -> ImportUndone:
    """Remove, in one transaction, every player the CSV import ``entry`` (its audit entry's
    id) registered, and the byes it gave them. Refused (naming why) when ``entry`` is not an
    import of this event, when it was undone already, and once the event has moved on (see
    the module's docstring)."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        at = Location(("undo",))
        row = conn.execute(
            select(AuditRow.id, AuditRow.at, AuditRow.after).where(
                AuditRow.id == entry, AuditRow.event_id == event.id, AuditRow.action == IMPORTED
            )
        ).first()
        if row is None:
            raise Refused(
                at, gettext("there is no such import of a players file in this event to undo")
            )
        keys, source = _imported(row.after)
        if _undone(conn, event, entry):
            raise Refused(at, gettext("this import was undone already"))
        players = conn.execute(
            select(PlayerRow.id, PlayerRow.key, PlayerRow.name, PlayerRow.checked_in_at).where(
                PlayerRow.event_id == event.id, PlayerRow.key.in_(keys)
            )
        ).all()
        by_key = {p.key: p for p in players}
        if not keys or len(by_key) != len(keys):
            raise Refused(at, gettext("the players of this import are not all registered any more"))
        _refuse_moved_on(conn, event, entry, row.at)
        _refuse_touched(conn, event, entry, [by_key[k] for k in keys])
        ids = [by_key[k].id for k in keys]
        earned = _remove_earned_byes(conn, event, set(keys))
        conn.execute(delete(ByeRow).where(ByeRow.player_id.in_(ids)))
        conn.execute(delete(PlayerRow).where(PlayerRow.id.in_(ids)))
        gone = tuple((k, by_key[k].name) for k in keys)
        change.audit(
            UNDONE,
            ", ".join(keys),
            before={
                "entry": entry,
                "imported_at": row.at.isoformat(),
                "file": source,
                "players": [{"key": k, "name": name} for k, name in gone],
                **({"earned_byes": earned} if earned else {}),
            },
        )
        return ImportUndone(gone, row.at, source)


def _imported(after: Any) -> tuple[list[str], str]:
    """The players' ids an import's entry lists, and the file it read."""
    items = after if isinstance(after, list) else []
    keys = [str(i["key"]) for i in items if isinstance(i, dict) and "key" in i]
    source = next((str(i["file"]) for i in items if isinstance(i, dict) and "file" in i), "")
    return keys, source


def _undone(conn: Connection, event: EventRef, entry: int) -> bool:
    befores = conn.execute(
        select(AuditRow.before).where(
            AuditRow.event_id == event.id, AuditRow.action == UNDONE, AuditRow.id > entry
        )
    ).scalars()
    return any(isinstance(b, dict) and b.get("entry") == entry for b in befores)


def _refuse_moved_on(conn: Connection, event: EventRef, entry: int, imported_at: datetime) -> None:
    """A round released since the import (the players were paired in it), or a draft made
    since that still waits."""
    at = Location(("undo",))
    released = conn.execute(
        select(AuditRow.subject)
        .where(
            AuditRow.event_id == event.id,
            AuditRow.id > entry,
            AuditRow.action == "round.release",
        )
        .order_by(AuditRow.id)
        .limit(1)
    ).first()
    if released is not None:
        number = _round_of(released.subject)
        if number is None:
            said = gettext(
                "a round was released since this import, with the imported players paired: "
                "the import can no longer be undone (drop a player who should not play instead)"
            )
        else:
            said = gettext(
                "round %(number)s was released since this import, with the imported players "
                "paired: the import can no longer be undone (drop a player who should not play "
                "instead)"
            ) % {"number": number}
        raise Refused(at, said)
    draft = conn.execute(
        select(DraftRow.round_number)
        .join(StageRow, StageRow.id == DraftRow.stage_id)
        .where(StageRow.event_id == event.id, DraftRow.made_at >= imported_at)
        .limit(1)
    ).first()
    if draft is not None:
        raise Refused(
            at,
            gettext(
                "round %(round_number)s was paired since this import (its "
                "draft seats the imported players): discard the draft first, "
                "then undo"
            )
            % {"round_number": draft.round_number},
        )


def _round_of(subject: str) -> str | None:
    """``stage swiss round 3`` → "3" (``None``: no round named)."""
    words = subject.split()
    if "round" in words and words.index("round") + 1 < len(words):
        return words[words.index("round") + 1]
    return None


def _refuse_touched(conn: Connection, event: EventRef, entry: int, players: list[Any]) -> None:
    """Any imported player changed since the import, each said once: checked in, dropped,
    edited, with a pass or a personal link, linked on Discord."""
    ids = {p.id: p for p in players}
    keys = {p.key: p for p in players}
    why: dict[str, str] = {}
    for p in players:
        if p.checked_in_at is not None:
            why.setdefault(p.name, N_("%(name)s has checked in"))
    seated = conn.execute(
        select(TableRow.a_id, TableRow.b_id).where(
            or_(TableRow.a_id.in_(ids), TableRow.b_id.in_(ids))
        )
    ).all()
    pods = conn.execute(select(PodSeatRow.player_id).where(PodSeatRow.player_id.in_(ids)))
    for player_id in [*(i for t in seated for i in t), *pods.scalars()]:
        if player_id in ids:
            why.setdefault(ids[player_id].name, N_("%(name)s was paired"))
    for player_id in conn.execute(
        select(DropRow.player_id).where(DropRow.player_id.in_(ids))
    ).scalars():
        why.setdefault(ids[player_id].name, N_("%(name)s was dropped"))
    for player_id in conn.execute(
        select(PlayerTokenRow.player_id).where(PlayerTokenRow.player_id.in_(ids))
    ).scalars():
        if player_id is not None:
            why.setdefault(ids[player_id].name, N_("%(name)s has a pass to the players' side"))
    for player_id in conn.execute(
        select(DiscordPlayerRow.player_id).where(DiscordPlayerRow.player_id.in_(ids))
    ).scalars():
        why.setdefault(ids[player_id].name, N_("%(name)s is linked on Discord"))
    later = conn.execute(
        select(AuditRow.action, AuditRow.subject)
        .where(
            AuditRow.event_id == event.id,
            AuditRow.id > entry,
            AuditRow.action.in_(list(TOUCHED)),
        )
        .order_by(AuditRow.id)
    ).all()
    for action, subject in later:
        for key in _named(subject):
            if key in keys:
                why.setdefault(keys[key].name, TOUCHED[action])
    if why:
        said = [gettext(reason) % {"name": name} for name, reason in why.items()]
        shown = "; ".join(said[:5])
        if len(said) > 5:
            shown = gettext("%(list)s; and %(count)s more") % {
                "list": shown,
                "count": len(said) - 5,
            }
        raise Refused(
            Location(("undo",)),
            gettext(
                "the imported players are no longer as the import left them "
                "(%(shown)s since): the import can no longer be undone (drop a "
                "player who should not play instead)"
            )
            % {"shown": shown},
        )


def _named(subject: str) -> list[str]:
    """The players' ids an entry's subject names: ``player p3``, ``p3``, ``p1, p2``."""
    text = subject.removeprefix("player ").strip()
    return [k.strip() for k in text.split(",") if k.strip()]


def _remove_earned_byes(conn: Connection, event: EventRef, keys: set[str]) -> list[Any]:
    """Take the earned byes of ``keys`` out of the first stage's assigned byes; those taken."""
    first = conn.execute(
        select(StageRow.id, StageRow.settings, StageRow.version)
        .where(StageRow.event_id == event.id)
        .order_by(StageRow.position)
        .limit(1)
    ).first()
    if first is None:
        return []
    assigned = list(first.settings.get("assigned_byes", []))
    removed = [b for b in assigned if isinstance(b, dict) and b.get("player") in keys]
    if not removed:
        return []
    kept = [b for b in assigned if b not in removed]
    stored = settings_of(stage_of_settings({**first.settings, "assigned_byes": kept}))
    conn.execute(
        update(StageRow)
        .where(StageRow.id == first.id)
        .values(settings=stored, version=first.version + 1)
    )
    return removed
