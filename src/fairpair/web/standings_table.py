"""The standings table as the console, the public page, its live updates and print show it
(``templates/partials/standings_table.html``): the stage's configured columns — rank, player
and badges, points, the tiebreaks in the configured order, W-L or W-D-L, played, and F when
anyone forfeited (seed 004, "Standings")."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from fastapi.templating import Jinja2Templates

from fairpair.engine.points_text import points_text
from fairpair.responses.standings import StandingsResponse, standings_response
from fairpair.service.connection import Database
from fairpair.service.events import event_version
from fairpair.service.standings import standings

#: A player's status as the badge next to their name reads.
BADGES = {
    "withdrawn": "Withdrew",
    "advanced": "Advanced",
    "eliminated": "Eliminated",
    "still_in": "Still in",
}


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """One stage's standings with what decides the columns, the event's stages (for the
    stage picker) and the event's version (a live page streams from it)."""

    slug: str
    standings: StandingsResponse
    stage_name: str
    stages: tuple[tuple[str, str], ...]
    draws: bool
    forfeits: bool
    playoff: bool
    version: int
    points: dict[str, str]
    """Each player's points as people read them ("3", "2½")."""


def standings_table(db: Database, slug: str, stage: str | None = None) -> StandingsTable:
    version = event_version(db, slug)
    tournament, table = standings(db, slug, stage=stage)
    return StandingsTable(
        slug=slug,
        standings=standings_response(table, tournament.name),
        stage_name=table.stage.name,
        stages=tuple((s.id, s.name) for s in tournament.stages),
        draws=table.has_draws,
        forfeits=table.has_forfeits,
        playoff=table.stage.is_playoff,
        version=version,
        points={r.player.id: points_text(r.points) for r in table.rows},
    )


def table_html(request: Request, table: StandingsTable) -> str:
    """The table alone (the fragment a live page swaps in)."""
    templates: Jinja2Templates = request.app.state.templates
    return templates.get_template("partials/standings_table.html").render(
        table=table, badges=BADGES
    )
