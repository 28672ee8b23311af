"""The standings table as the console, the public page, its live updates and print show it
(``templates/partials/standings_table.html``): the stage's configured columns — rank, player
and badges, the player's title, rating, federation and FIDE id when any player has one,
points, the tiebreaks in the configured order, the record as the game writes it (W-L-D,
``engine.record_text``; no record column for chess, whose Pts column is its score), played,
and F when anyone forfeited (seed 004, "Standings")."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from fastapi.templating import Jinja2Templates

from fairpair.engine.record_text import record_heading
from fairpair.engine.standings import Standings
from fairpair.i18n import N_
from fairpair.responses.player_columns import HEADERS, fact_text, player_columns
from fairpair.responses.standings import StandingsResponse, StandingsRow, standings_response
from fairpair.responses.values import columns_of
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.service.results.standings import standings
from fairpair.web.version_cache import version_cache

#: A player's status as the badge next to their name reads.
BADGES = {
    "withdrawn": N_("Withdrew"),
    "advanced": N_("Advanced"),
    "eliminated": N_("Eliminated"),
    "still_in": N_("Still in"),
}
#: The record column's heading (``engine.record_text.record_heading``), for the catalogue.
RECORD_HEADINGS = (N_("W-L-D"),)


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """One stage's standings with what decides the columns, the event's stages (for the
    stage picker) and the event's version (a live page streams from it)."""

    slug: str
    standings: StandingsResponse
    stage_name: str
    stages: tuple[tuple[str, str], ...]
    draws: bool
    record_heading: str | None
    """The record column's heading ("W-L-D"); ``None``: no record column (chess: the points
    are the score)."""
    forfeits: bool
    playoff: bool
    version: int
    points: dict[str, str]
    """Each player's points as people read them ("3", "2½") — of the rows in ``standings``."""
    total: int
    """Rows in the whole table (``standings`` holds them all, or none when ``full`` was off:
    a page then builds its own rows)."""
    source: Standings
    tournament: str
    columns: tuple[str, ...] = ()
    """The registration facts shown beside the name (``responses.player_columns``)."""

    @staticmethod
    def header(field: str) -> str:
        """A fact's column header ("Rtg", "Fed")."""
        return HEADERS[field]

    def fact(self, player: str, field: str) -> str:
        """A player's fact as its cell shows it."""
        return fact_text(self.source.row(player).player, field)


def standings_table(
    db: Database,
    slug: str,
    stage: str | None = None,
    *,
    request: Request | None = None,
    full: bool = True,
) -> StandingsTable:
    """The table as of now; with ``request``, computed once per event version and shared by
    every page and stream of this process (``fairpair.web.version_cache``). ``full``: every
    row's response built (the console, print); else only the pages asked for are."""
    version = event_version(db, slug)
    if request is None:
        return _computed(db, slug, stage, version, full)
    return version_cache(request).get(
        ("standings", db.url, slug, version, stage, full),
        lambda: _computed(db, slug, stage, version, full),
    )


def _computed(
    db: Database, slug: str, stage: str | None, version: int, full: bool
) -> StandingsTable:
    tournament, table = standings(db, slug, stage=stage)
    shown = table.rows if full else ()
    points = columns_of(table).points  # one notation for the whole column
    return StandingsTable(
        slug=slug,
        standings=standings_response(table, tournament.name, None if full else slice(0, 0)),
        stage_name=table.stage.name,
        stages=tuple((s.id, s.name) for s in tournament.stages),
        draws=table.has_draws,
        record_heading=record_heading(table.stage.ruleset),
        forfeits=table.has_forfeits,
        playoff=table.stage.is_playoff,
        version=version,
        points={r.player.id: points(r.points) for r in shown},
        total=len(table.rows),
        source=table,
        tournament=tournament.name,
        columns=player_columns(table),
    )


def table_html(request: Request, table: StandingsTable, page: StandingsPage | None = None) -> str:
    """The table alone (the fragment a live page swaps in), one page of it when given."""
    templates: Jinja2Templates = request.app.state.templates
    return templates.get_template("partials/standings_table.html").render(
        table=table, badges=BADGES, page=page
    )


#: Rows on a page of the public standings (a 4,000-player open is 40 pages, not 1.5 MB).
PAGE_SIZE = 100


@dataclass(frozen=True, slots=True)
class StandingsPage:
    """One page of the table: its rows, where it is, and the row ``q`` found (if any)."""

    rows: list[StandingsRow]
    points: dict[str, str]
    first: int
    """The place in the table of the page's first row (1-based)."""
    number: int
    pages: int
    total: int
    found: str | None
    q: str


def standings_page(table: StandingsTable, page: int | None, q: str = "") -> StandingsPage:
    """The page ``page`` (1-based; past the end: the last), or the page of the first player
    whose name holds ``q`` (case and accents as typed, case-insensitively)."""
    rows = table.source.rows
    pages = max(1, -(-len(rows) // PAGE_SIZE))
    found = None
    wanted = q.strip().casefold()
    number = min(max(page or 1, 1), pages)
    if wanted:
        for index, row in enumerate(rows):
            if wanted in row.player.name.casefold():
                found, number = row.player.id, index // PAGE_SIZE + 1
                break
    start = (number - 1) * PAGE_SIZE
    part = slice(start, start + PAGE_SIZE)
    chunk = standings_response(table.source, table.tournament, part).rows
    columns = columns_of(table.source)
    points = {r.player.id: columns.points(r.points) for r in rows[part]}
    return StandingsPage(chunk, points, start + 1, number, pages, len(rows), found, q.strip())
