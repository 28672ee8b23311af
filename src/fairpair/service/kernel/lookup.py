"""Finding what a command names — a player, a stage, a round, a table — or a clear refusal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, select

from fairpair.engine.errors import Location, UnknownPlayer, UnknownRound, UnknownStage, UnknownTable
from fairpair.engine.formats import stage_finished
from fairpair.i18n import gettext, ngettext
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, RoundRow, StageRow, TableRow


@dataclass(frozen=True, slots=True)
class PlayerRef:
    id: int
    key: str
    name: str


def find_player(conn: Connection, event: EventRef, ref: str) -> PlayerRef:
    """The player whose id is ``ref``, else whose name is ``ref`` (ignoring case), if only one."""
    row = conn.execute(
        select(PlayerRow.id, PlayerRow.key, PlayerRow.name).where(
            PlayerRow.event_id == event.id, PlayerRow.key == ref
        )
    ).first()
    if row is None:
        rows = conn.execute(
            select(PlayerRow.id, PlayerRow.key, PlayerRow.name).where(
                PlayerRow.event_id == event.id, func.lower(PlayerRow.name) == ref.lower()
            )
        ).all()
        if len(rows) > 1:
            ids = ", ".join(r.key for r in rows)
            raise UnknownPlayer(
                Location(player=ref),
                gettext("%(len_rows)s players are called %(ref)r: use the id (%(ids)s)")
                % {"len_rows": len(rows), "ref": ref, "ids": ids},
            )
        row = rows[0] if rows else None
    if row is None:
        raise UnknownPlayer(
            Location(player=ref),
            gettext("no player %(ref)r in event %(slug)s") % {"ref": ref, "slug": event.slug},
        )
    return PlayerRef(row.id, row.key, row.name)


@dataclass(frozen=True, slots=True)
class StageRef:
    id: int
    key: str
    version: int


def find_stage(
    conn: Connection, event: EventRef, key: str | None = None, *, to_pair: bool = False
) -> StageRef:
    """The stage ``key``; when ``None``, the stage being played — the last stage, passing over
    cut stages whose round 1 is not released (``Tournament.stage``) — or with ``to_pair``
    the stage whose next round is paired: passing over cut stages not drawn yet
    (``engine.formats.stage_to_pair``)."""
    query = select(StageRow.id, StageRow.key, StageRow.version).where(StageRow.event_id == event.id)
    if key is not None:
        row = conn.execute(query.where(StageRow.key == key)).first()
    else:
        row = _default_stage(conn, event, to_pair)
    if row is None:
        known = ", ".join(
            conn.execute(
                select(StageRow.key)
                .where(StageRow.event_id == event.id)
                .order_by(StageRow.position)
            ).scalars()
        )
        raise UnknownStage(
            Location(stage=key),
            (
                gettext("no stage %(key)r in event %(slug)s (stages: %(known)s)")
                if known
                else gettext("no stage %(key)r in event %(slug)s (stages: none)")
            )
            % {"key": key, "slug": event.slug, "known": known},
        )
    return StageRef(row.id, row.key, row.version)


def stage_key(db: Database, slug: str, key: str | None = None, *, to_pair: bool = False) -> str:
    """The key of the stage a command means: ``key``, else the default (``find_stage``)."""
    with reading(db, slug) as (conn, event):
        return find_stage(conn, event, key, to_pair=to_pair).key


def _default_stage(conn: Connection, event: EventRef, to_pair: bool) -> Any:
    from sqlalchemy import exists

    started = exists().where(RoundRow.stage_id == StageRow.id)
    rows = conn.execute(
        select(
            StageRow.id, StageRow.key, StageRow.version, StageRow.settings, started.label("started")
        )
        .where(StageRow.event_id == event.id)
        .order_by(StageRow.position)
    ).all()
    for row in reversed(rows):
        settings = row.settings
        if "cut" not in settings or row.started:
            return row
        drawn = "participants" in settings or settings["cut"].get("automatic", True)
        if to_pair and drawn and _source_finished(conn, event, settings):
            return row
    return rows[0] if rows else None


def _source_finished(conn: Connection, event: EventRef, settings: dict[str, Any]) -> bool:
    """The stage a drawn cut is made from is finished (a cut drawn early while it is still
    played does not make the cut stage the one to pair)."""
    return stage_finished(load(conn, event).tournament, str(settings["cut"]["from_stage"]))


@dataclass(frozen=True, slots=True)
class RoundRef:
    id: int
    number: int
    state: str | None
    version: int


#: The numbers a database column holds (PostgreSQL's INTEGER): anything else names nothing.
STORABLE = range(-(2**31), 2**31)


def find_round(conn: Connection, stage: StageRef, number: int) -> RoundRef:
    row = (
        conn.execute(
            select(RoundRow.id, RoundRow.number, RoundRow.state, RoundRow.version).where(
                RoundRow.stage_id == stage.id, RoundRow.number == number
            )
        ).first()
        if number in STORABLE
        else None
    )
    if row is None:
        known = ", ".join(
            str(n)
            for n in conn.execute(
                select(RoundRow.number)
                .where(RoundRow.stage_id == stage.id)
                .order_by(RoundRow.number)
            ).scalars()
        )
        raise UnknownRound(
            Location(stage=stage.key, round=number),
            (
                gettext("no round %(number)s (rounds: %(known)s)")
                if known
                else gettext("no round %(number)s (rounds: none released yet)")
            )
            % {"number": number, "known": known},
        )
    return RoundRef(row.id, row.number, row.state, row.version)


@dataclass(frozen=True, slots=True)
class TableRef:
    id: int
    number: int
    key: str
    kind: str
    a_id: int | None
    b_id: int | None
    version: int


def find_table(conn: Connection, stage: StageRef, rnd: RoundRef, table: int | str) -> TableRef:
    """Table number ``table`` (an int) or match id ``table`` (a str) of round ``rnd``."""
    query = select(
        TableRow.id,
        TableRow.number,
        TableRow.key,
        TableRow.kind,
        TableRow.a_id,
        TableRow.b_id,
        TableRow.version,
    ).where(TableRow.round_id == rnd.id)
    query = query.where(
        TableRow.number == table if isinstance(table, int) else TableRow.key == table
    )
    row = None if isinstance(table, int) and table not in STORABLE else conn.execute(query).first()
    if row is None:
        count = conn.execute(
            select(func.count()).select_from(TableRow).where(TableRow.round_id == rnd.id)
        ).scalar_one()
        if isinstance(table, int):
            said = ngettext(
                "round %(number)s has no table %(table)s (it has %(num)d table)",
                "round %(number)s has no table %(table)s (it has %(num)d tables)",
                count,
            )
        else:
            said = ngettext(
                "round %(number)s has no match id %(table)r (it has %(num)d table)",
                "round %(number)s has no match id %(table)r (it has %(num)d tables)",
                count,
            )
        raise UnknownTable(
            Location(
                stage=stage.key, round=rnd.number, table=table if isinstance(table, int) else None
            ),
            said % {"number": rnd.number, "table": table, "num": count},
        )
    return TableRef(row.id, row.number, row.key, row.kind, row.a_id, row.b_id, row.version)
