"""What the leaderboard page shows of a league, kept by the league's state (every version
it is derived from: ``service.leagues.board.state_of``), so between two results a venue of
phones asks for one computation and one rendering: a page of 100 rows (``?page=N``, or the
page of ``?q=NAME``, that row marked), the per-event columns when the season has few
events (the CSV has them all)."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from markupsafe import Markup

from fairpair.engine.leagues import BoardRow
from fairpair.engine.points_text import points_text
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues.board import LeagueBoard, latest_board, league_state
from fairpair.web.long_lived import keep_long_lived
from fairpair.web.version_cache import fragment, version_cache

PAGE_SIZE = 100
#: Per-event columns are shown up to this many events.
EVENT_COLUMNS = 10


@dataclass(frozen=True, slots=True)
class BoardPage:
    rows: tuple[BoardRow, ...]
    number: int
    pages: int
    total: int
    found: str | None
    q: str


def board_now(
    request: Request, db: Database, community: str, key: str, *, may_lag: bool = False
) -> LeagueBoard:
    """League ``key``'s leaderboard, kept by its state. ``may_lag`` (the public page's
    view): the newest derived so far while the current one is derived in the background
    (``service.leagues.board.latest_board``: a visitor never waits for a result's
    re-derivation; the board's own ``state`` says which it is)."""
    settle = keep_long_lived if request.app.state.settings.long_lived else None
    if may_lag:
        return latest_board(db, community, key, settle=settle)
    state = league_state(db, community, key)
    return version_cache(request).get(
        ("league-board", db.url, community, key, state),
        lambda: latest_board(db, community, key, wait=True, settle=settle),
    )


def board_page(found: LeagueBoard, page: int | None, q: str = "") -> BoardPage:
    rows = found.board.rows
    pages = max(1, -(-len(rows) // PAGE_SIZE))
    number = min(max(page or 1, 1), pages)
    wanted = q.strip().casefold()
    hit = None
    if wanted:
        for index, row in enumerate(rows):
            if wanted in row.name.casefold():
                hit, number = row.person, index // PAGE_SIZE + 1
                break
    start = (number - 1) * PAGE_SIZE
    return BoardPage(rows[start : start + PAGE_SIZE], number, pages, len(rows), hit, q.strip())


def board_html(request: Request, found: LeagueBoard, page: BoardPage) -> Markup:
    """The leaderboard's table (the live stream's fragment), kept by state and page."""
    events = found.league.events
    return fragment(
        request,
        "league/_board.html",
        ("league-board", found.state, found.league.key, page.number, page.found),
        found=found,
        page=page,
        events=events if len(events) <= EVENT_COLUMNS else (),
        points=points_text,
    )
