"""Standings of a saved event: derived from its facts by the engine, never stored."""

from __future__ import annotations

from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database


def standings(
    db: Database, slug: str, *, stage: str | None = None, after_round: int | None = None
) -> tuple[Tournament, Standings]:
    """The standings of ``stage`` (default: the last), after ``after_round`` when given."""
    with reading(db, slug) as (conn, event):
        tournament = loaded(conn, event).tournament
    return tournament, compute_standings(tournament, tournament.stage(stage), after_round)
