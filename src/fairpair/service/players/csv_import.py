"""Importing a players CSV file into a saved event: read every row (``players_csv``), check
it against the players registered already, then register them all and set their earned
byes in one transaction — or refuse with every problem and change nothing.

Errors (nothing imported): a row that cannot be read, an id used twice in the file or
already registered. Warnings (imported, reported): a name shared with another row or with a
registered player, a seed used twice.

An import is one audit entry (``player.import``: the players and the file); its id is the
token that undoes it (``csv_undo.undo_import``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import func, select

from fairpair.engine.errors import FairpairError
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.unit import changing
from fairpair.service.players.csv_rows import (
    CsvPlayers,
    CsvProblem,
    at_line,
    read_players_text,
    refusal,
)
from fairpair.service.players.earned_byes import grant_earned_byes
from fairpair.service.players.registration import LateEntry, add_in_change
from fairpair.store.database import Database
from fairpair.store.models import AuditRow, PlayerRow

#: The audit action of a CSV import (its entry's id undoes it).
IMPORTED = "player.import"


@dataclass(frozen=True, slots=True)
class CsvImport:
    """What an import registered (the players' ids, in file order), its warnings, and
    ``entry``: its audit entry's id, the token that undoes it (``None``: nobody imported)."""

    players: list[str]
    warnings: list[CsvProblem]
    entry: int | None = None


def import_players_csv(
    db: Database,
    slug: str,
    text: str,
    *,
    actor: str,
    source: str = "",
    mapping: Mapping[str, str] | None = None,
    late: LateEntry | None = None,
) -> CsvImport:
    """Register every player of CSV ``text`` in event ``slug`` (all or none)."""
    found = read_players_text(text, source, mapping=mapping)
    return import_players(db, slug, found, actor=actor, late=late)


def import_players(
    db: Database, slug: str, found: CsvPlayers, *, actor: str, late: LateEntry | None = None
) -> CsvImport:
    """Register the players read from a CSV file (``read_players_text``), all or none."""
    source, name_column = found.source, found.headers.get("name")
    with changing(db, slug, actor) as change:
        registered = change.conn.execute(
            select(PlayerRow.key, PlayerRow.name).where(PlayerRow.event_id == change.event.id)
        ).all()
        keys = {r.key for r in registered}
        names = {" ".join(r.name.casefold().split()): r.key for r in registered}
        problems: list[CsvProblem] = []
        warnings = list(found.warnings)
        for player, line in zip(found.players, found.lines, strict=True):
            if player.id is not None and player.id in keys:
                problems.append(
                    CsvProblem(
                        source,
                        line,
                        found.headers.get("id"),
                        gettext("a player %(id)r is registered already") % {"id": player.id},
                    )
                )
            twin = names.get(" ".join(player.name.casefold().split()))
            if twin is not None:
                warnings.append(
                    CsvProblem(
                        source,
                        line,
                        name_column,
                        gettext(
                            "%(name)r has the name of registered player %(twin)r: both are kept"
                        )
                        % {"name": player.name, "twin": twin},
                    )
                )
        if problems:
            raise refusal(problems)
        try:
            ids = add_in_change(
                change, found.players, action=IMPORTED, late=late, note={"file": source}
            )
            earned = found.earned_byes or [0] * len(ids)
            byes = [(i, key, n) for i, (key, n) in enumerate(zip(ids, earned, strict=True))]
            grant_earned_byes(change, byes)
        except FairpairError as error:
            raise at_line(error, source, found.lines, found.headers) from None
        entry = _entry_of(change) if ids else None
    warnings.sort(key=lambda w: w.line)
    return CsvImport(ids, warnings, entry)


def _entry_of(change: Change) -> int:
    """The id of the import's audit entry, just written (the event is locked: the newest
    import of the event is it)."""
    change.flush()
    return int(
        change.conn.execute(
            select(func.max(AuditRow.id)).where(
                AuditRow.event_id == change.event.id, AuditRow.action == IMPORTED
            )
        ).scalar_one()
    )
