"""A league's leaderboard as an image for chat (PNG or SVG; ``interop.images``): the
leaderboard page's download, the Discord ``/leaderboard`` command and the live display
message after each event of the league."""

from __future__ import annotations

from fairpair.i18n import gettext
from fairpair.interop.images import to_png, to_svg
from fairpair.interop.images.leaderboard import leaderboard_picture
from fairpair.service.event.images import FORMATS, MAX_PER_PAGE, Format
from fairpair.service.kernel.errors import Refused
from fairpair.service.leagues.answers import leaderboard_answer
from fairpair.store.database import Database


def render_leaderboard(
    db: Database,
    community: str,
    key: str,
    *,
    fmt: Format = "png",
    page: int = 1,
    per_page: int = 10,
    top: int | None = None,
) -> bytes:
    """League ``key``'s leaderboard as ``fmt`` bytes (``Refused`` while nobody has played)."""
    if fmt not in FORMATS:
        raise Refused("format", gettext("an image is png or svg, not %(fmt)r") % {"fmt": fmt})
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise Refused(
            "per_page",
            gettext("a page holds 1 to %(MAX_PER_PAGE)s rows, not %(per_page)s")
            % {"MAX_PER_PAGE": MAX_PER_PAGE, "per_page": per_page},
        )
    view = leaderboard_answer(db, community, key)
    if not view.rows:
        raise Refused(
            "league",
            gettext("nobody has played an event of %(name)s yet") % {"name": view.league.name},
        )
    picture = leaderboard_picture(view, page=page, per_page=per_page, top=top)
    return to_png(picture) if fmt == "png" else to_svg(picture)
