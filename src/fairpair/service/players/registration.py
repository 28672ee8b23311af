"""Registering players, the primitives every way in shares (adding them by hand or from a
CSV file, joining by code, a promotion from the waitlist, a late entry): a new player checked
and given an id, added in an open change with the byes of the rounds they missed, and whether
round 1 is released yet."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, func, insert, select

from fairpair.engine.errors import Location
from fairpair.engine.rounds import ByeKind
from fairpair.i18n import gettext, ngettext
from fairpair.service.kernel.change import Change, EventRef
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.players.people import link_players
from fairpair.store.models import ByeRow, PlayerRow, RoundRow, StageRow, TableRow

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
    title: str | None = None
    federation: str | None = None
    fide_id: str | None = None
    sex: str | None = None
    birth_date: str | None = None
    person: str | None = None
    """A returning player: the key of their record in the community's player directory (an
    event of a community only); left out, they are recognised by their Discord account or
    get a new record (``players.people``)."""


#: The chess registration facts of a player (``chess_facts``), as a FIDE report writes them.
CHESS_FIELDS = ("title", "federation", "fide_id", "sex", "birth_date")
TITLE = re.compile(r"^[A-Za-z]{1,3}$")
FEDERATION = re.compile(r"^[A-Za-z]{3}$")
FIDE_ID = re.compile(r"^\d{1,11}$")
BIRTH = re.compile(r"^(\d{4})(?:[/.-](\d{1,2})[/.-](\d{1,2}))?$")
SEXES = {"m": "m", "w": "w", "f": "w"}


def chess_facts(values: dict[str, str | None], where: str = "player") -> dict[str, str | None]:
    """The chess facts in ``values`` (``CHESS_FIELDS``) trimmed and written as a FIDE report
    writes them — a federation in capitals, a birth date ``YYYY/MM/DD`` (or a year), sex
    ``m``/``w`` — or ``Refused`` naming the field and why. An empty one is ``None``."""
    out: dict[str, str | None] = {}
    for field in CHESS_FIELDS:
        if field not in values:
            continue
        text = (values[field] or "").strip()
        if not text:
            out[field] = None
            continue
        at = Location((where, field))
        if field == "title":
            if not TITLE.match(text):
                raise Refused(
                    at,
                    gettext("%(text)r is not a title: GM, IM, FM, CM, WGM, … (1-3 letters)")
                    % {"text": text},
                )
        elif field == "federation":
            if not FEDERATION.match(text):
                raise Refused(
                    at,
                    gettext(
                        "%(text)r is not a federation: three letters, as FIDE writes them (ITA)"
                    )
                    % {"text": text},
                )
            text = text.upper()
        elif field == "fide_id":
            if not FIDE_ID.match(text):
                raise Refused(
                    at, gettext("%(text)r is not a FIDE id: digits only, up to 11") % {"text": text}
                )
        elif field == "sex":
            if text.lower() not in SEXES:
                raise Refused(
                    at,
                    gettext("%(text)r: sex is m or w, as FIDE reports write it") % {"text": text},
                )
            text = SEXES[text.lower()]
        elif field == "birth_date":
            found = BIRTH.match(text)
            if found is None:
                raise Refused(
                    at,
                    gettext("%(text)r is not a birth date (YYYY-MM-DD, or a year)")
                    % {"text": text},
                )
            year, month, day = found.groups()
            text = year if month is None else f"{year}/{int(month):02d}/{int(day):02d}"
        out[field] = text
    return out


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
        raise Refused(
            Location((where, "name")), gettext("a name has 1-200 characters, no control codes")
        )
    refuse_hidden(name, Location((where, "name")), gettext("the name"))
    if player.id is not None and not KEY.match(player.id):
        raise Refused(
            Location((where, "id")),
            gettext("%(id)r is not a player id: letters, digits, '-', '_' and '.', up to 80")
            % {"id": player.id},
        )
    for field, text in (("team", player.team), ("contact", player.contact)):
        if text is not None and (len(text) > 200 or has_control(text)):
            raise Refused(
                Location((where, field)),
                gettext("a %(field)s has up to 200 characters, no control codes")
                % {"field": field},
            )
    if player.team is not None:
        refuse_hidden(player.team, Location((where, "team")), gettext("the team"))
    for field, value, low, high in (
        ("seed", player.seed, 1, 1_000_000),
        ("rating", player.rating, 0, 10_000),
    ):
        if value is not None and not low <= value <= high:
            raise Refused(
                Location((where, field)),
                gettext("%(field)s must be %(low)s-%(high)s, got %(value)s")
                % {"field": field, "low": low, "high": high, "value": value},
            )
    chess = chess_facts({f: getattr(player, f) for f in CHESS_FIELDS}, where)
    return NewPlayer(
        name,
        player.id,
        player.seed,
        player.rating,
        player.team,
        player.contact,
        chess["title"],
        chess["federation"],
        chess["fide_id"],
        chess["sex"],
        chess["birth_date"],
    )


def add_in_change(
    change: Change,
    players: Sequence[NewPlayer],
    *,
    action: str = "player.add",
    late: LateEntry | None = None,
    note: dict[str, object] | None = None,
) -> list[str]:
    """``add_players`` inside an open ``change`` (joining, a promotion from the waitlist, a
    CSV import), audited as ``action`` (``note``: one more item of the entry's list, e.g. the
    file a CSV import read); their ids."""
    return _add(change, players, late or LateEntry(), action, note)


def checked_new_player(player: NewPlayer, where: str = "player") -> NewPlayer:
    """``player`` as ``add_players`` would register it (trimmed), or ``Refused``."""
    return _checked(player, where)


def _add(
    change: Change,
    players: Sequence[NewPlayer],
    late: LateEntry,
    action: str = "player.add",
    note: dict[str, object] | None = None,
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
                Location((where, "id"), player=key),
                gettext("a player %(key)r is registered already") % {"key": key},
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
                **{f: getattr(player, f) for f in CHESS_FIELDS},
                "registered_at": change.at,
            }
        )
    if not rows:
        return []
    conn.execute(insert(PlayerRow), rows)
    keys = [str(r["key"]) for r in rows]
    link_players(
        change, {str(r["key"]): p.person for r, p in zip(rows, players, strict=True) if p.person}
    )
    late_byes(change, keys, late)
    change.audit(
        action,
        ", ".join(keys),
        after=[
            {
                **{k: r[k] for k in ("key", "name", "seed", "rating", "team")},
                **{k: r[k] for k in CHESS_FIELDS if r[k]},
            }
            for r in rows
        ]
        + ([{"late_byes": late.byes, "kind": late.kind.value}] if late.byes else [])
        + ([note] if note else []),
    )
    return keys


def late_byes(change: Change, keys: list[str], late: LateEntry) -> None:
    """The rounds ``keys`` missed, as byes: the first ``late.byes`` of ``late.kind``, the
    others zero-point byes (sat out)."""
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
            ngettext(
                "only %(num)d round have been played; cannot give %(byes)s byes for missed rounds",
                "only %(num)d rounds have been played; cannot give %(byes)s byes for missed rounds",
                len(rounds),
            )
            % {"num": len(rounds), "byes": late.byes},
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


def has_started(conn: Connection, event: EventRef) -> bool:
    """Whether round 1 is released (a table or a bye exists)."""
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
    return list(conn.execute(select(StageRow.id).where(StageRow.event_id == event.id)).scalars())
