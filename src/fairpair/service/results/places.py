"""Pod tables: record a table's finishing places (one transaction, audited), or correct them.

A pod table's places are one per seat (1 is first; seats that tie share a place and the next
place skips: 1, 2, 2, 4 — ``engine.validation_pods.places_problem``). The first record wins;
a second is told what is recorded. A correction (``correct=True``) may name the version of
the table it corrects (``version``), so two corrections cannot silently overwrite each other.
Style and errors as ``service.results.recording`` (docs/pods.md "Reporting a pod table").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, select, update

from fairpair.engine.errors import InvalidResult, LifecycleRefused, Location
from fairpair.engine.rounds import RoundState
from fairpair.engine.validation_pods import places_problem
from fairpair.i18n import gettext, say
from fairpair.service.kernel.errors import AlreadyRecorded, Refused, StaleVersion
from fairpair.service.kernel.lookup import TableRef, find_round, find_stage, find_table
from fairpair.service.kernel.unit import changing
from fairpair.service.rounds.autopilot import after_result
from fairpair.service.rounds.cut import draw_due_cuts
from fairpair.service.rounds.rating_job import plan_ratings
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, PodSeatRow, TableRow


@dataclass(frozen=True, slots=True)
class PlacesRecorded:
    """What a record or correction of a pod table's places left in the database."""

    round: int
    table: int
    match_id: str
    seats: tuple[str, ...]
    """The players' keys in seat order."""
    places: tuple[int, ...]
    """Each seat's finishing place, in seat order."""
    text: str
    """As people say it: "Ann 1st, Bo 2nd (shared), Cy 2nd (shared), Di 4th"."""
    version: int
    """The table's version now (name it to correct the places)."""


@dataclass(frozen=True, slots=True)
class _Seat:
    seat: int
    player_id: int
    key: str
    name: str
    place: int | None


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def places_text(names: Sequence[str], places: Sequence[int]) -> str:
    """The finish in place order: "Ann 1st, Bo 2nd (shared), Cy 2nd (shared), Di 4th"."""
    order = sorted(range(len(names)), key=lambda k: (places[k], k))
    counts = {p: places.count(p) for p in places}
    return ", ".join(
        f"{names[k]} {_ordinal(places[k])}" + (" (shared)" if counts[places[k]] > 1 else "")
        for k in order
    )


def _seats(conn: Connection, table_id: int) -> list[_Seat]:
    rows = conn.execute(
        select(
            PodSeatRow.seat, PodSeatRow.player_id, PodSeatRow.place, PlayerRow.key, PlayerRow.name
        )
        .join(PlayerRow, PlayerRow.id == PodSeatRow.player_id)
        .where(PodSeatRow.table_id == table_id)
        .order_by(PodSeatRow.seat)
    )
    return [_Seat(r.seat, r.player_id, r.key, r.name, r.place) for r in rows]


def _in_seat_order(
    places: Mapping[str, int] | Sequence[int], seats: Sequence[_Seat], where: Location
) -> tuple[int, ...]:
    """``places`` (by player key or name, or a list in seat order) as a tuple in seat order."""
    if not isinstance(places, Mapping):
        return tuple(places)
    by_key = {s.key: k for k, s in enumerate(seats)}
    by_name = {s.name.casefold(): k for k, s in enumerate(seats)}
    out: list[int | None] = [None] * len(seats)
    listed = ", ".join(s.key for s in seats)
    for who, place in places.items():
        k = by_key.get(who, by_name.get(who.casefold()))
        if k is None:
            raise InvalidResult(
                Location(("places", who), stage=where.stage, round=where.round, table=where.table),
                gettext("%(who)r has no seat at table %(table)s (its seats: %(listed)s)")
                % {"who": who, "table": where.table, "listed": listed},
            )
        if out[k] is not None:
            raise InvalidResult(
                Location(("places", who)),
                gettext("%(key)s is given two places") % {"key": seats[k].key},
            )
        out[k] = place
    missing = [seats[k].key for k, p in enumerate(out) if p is None]
    if missing:
        raise InvalidResult(
            Location(("places",)),
            gettext("give a place for every seat of table %(table)s: missing %(join_missing)s")
            % {"table": where.table, "join_missing": ", ".join(missing)},
        )
    return tuple(p for p in out if p is not None)


def record_places(
    db: Database,
    slug: str,
    round_number: int,
    table: int | str,
    places: Mapping[str, int] | Sequence[int],
    *,
    actor: str,
    stage: str | None = None,
    correct: bool = False,
    version: int | None = None,
    reason: str | None = None,
) -> PlacesRecorded:
    """Record the finishing ``places`` of pod table ``table`` (its number or match id) of round
    ``round_number``: a mapping player (key or name) → place, or the places in seat order.

    Refused: a table that is a two-player match, places that do not fit the seats (a player
    not at the table, a seat without a place, places that cannot happen), a Scheduled round,
    and — telling what is recorded — a table with places already, unless ``correct`` (then a
    ``version`` other than the table's is ``StaleVersion``)."""
    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        rnd = find_round(conn, where, round_number)
        found: TableRef = find_table(conn, where, rnd, table)
        at = Location(stage=where.key, round=rnd.number, table=found.number)
        if found.kind != "pod":
            raise Refused(
                at,
                gettext("table %(number)s is a two-player match: report its result")
                % {"number": found.number},
                command="fairpair result report",
            )
        if rnd.state == RoundState.SCHEDULED.value:
            raise LifecycleRefused(
                at,
                gettext(
                    "cannot report round %(number)s: it is scheduled; only a completed or open "
                    "round can be given results (open it first)"
                )
                % {"number": rnd.number},
            )
        seats = _seats(conn, found.id)
        wanted = _in_seat_order(places, seats, at)
        problem = places_problem(wanted, len(seats))
        if problem is not None:
            raise InvalidResult(
                Location(("places",), stage=where.key, round=rnd.number, table=found.number),
                say(problem),
            )
        names = [s.name for s in seats]
        before = [s.place for s in seats]
        recorded = all(p is not None for p in before)
        if recorded and not correct:
            now = places_text(names, [p or 0 for p in before])
            raise AlreadyRecorded(
                at,
                gettext(
                    "table %(number)s already has its places: %(now)s (version "
                    "%(version)s); to change them, correct them (--correct)"
                )
                % {"number": found.number, "now": now, "version": found.version},
            )
        if correct and version is not None and version != found.version:
            raise StaleVersion(
                at,
                gettext(
                    "table %(number)s changed since you read it (version "
                    "%(version)s, now %(found_version)s); look again before "
                    "correcting"
                )
                % {"number": found.number, "version": version, "found_version": found.version},
            )
        for s, place in zip(seats, wanted, strict=True):
            conn.execute(
                update(PodSeatRow)
                .where(PodSeatRow.table_id == found.id, PodSeatRow.seat == s.seat)
                .values(place=place)
            )
        bumped = conn.execute(
            update(TableRow)
            .where(TableRow.id == found.id, TableRow.version == found.version)
            .values(version=TableRow.version + 1)
        )
        if bumped.rowcount != 1:
            raise StaleVersion(
                at,
                gettext("table %(number)s changed meanwhile; look again")
                % {"number": found.number},
            )
        text = places_text(names, wanted)
        change.audit(
            "places.correct" if recorded else "places.record",
            f"stage {where.key} round {rnd.number} table {found.number}",
            before={"places": before} if recorded else None,
            after={"places": list(wanted), "text": text} | ({"reason": reason} if reason else {}),
        )
        draw_due_cuts(change, where.key, rnd.id)
        if recorded and rnd.state == RoundState.COMPLETED.value:
            plan_ratings(change, f"stage {where.key} round {rnd.number} table {found.number}")
        if not recorded:
            after_result(
                change,
                where.key,
                rnd.id,
                f"after the result of table {found.number} in round {rnd.number}: {text}",
            )
        return PlacesRecorded(
            rnd.number,
            found.number,
            found.key,
            tuple(s.key for s in seats),
            wanted,
            text,
            found.version + 1,
        )
