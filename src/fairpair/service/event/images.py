"""Images of a saved event for chat (issue 12): its current pairings, its standings (the
top N, or a page) and its bracket, as PNG or SVG bytes (``fairpair.interop.images`` draws
them). The Discord bot, ``fairpair image`` and ``GET /e/{slug}/image/{kind}.png`` all call
``render``.

Reading only, and only what the public pages show: released rounds (never a draft), names
(never a contact). An unknown event is ``UnknownEvent``; nothing to draw (no released round,
nobody in the standings, no bracket, or one not drawn yet) is ``Refused``, saying which; a
page past the last is ``NoSuchPage`` (code ``refused``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Literal

from fairpair.engine.standings import compute_standings
from fairpair.i18n import N_, gettext
from fairpair.interop.images import (
    bracket_picture,
    pairings_picture,
    sheet,
    standings_picture,
    theme,
    to_png,
    to_svg,
)
from fairpair.interop.images.scene import Picture
from fairpair.responses.standings import standings_response
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.service.rounds.bracket_view import bracket_view
from fairpair.service.rounds.repeats import round_view

if TYPE_CHECKING:
    from fairpair.engine.standings import Standings
    from fairpair.engine.tournament import Tournament

Kind = Literal["pairings", "standings", "bracket"]
Format = Literal["png", "svg"]
KINDS: tuple[Kind, ...] = ("pairings", "standings", "bracket")
FORMATS: tuple[Format, ...] = ("png", "svg")
#: Rows a page may hold at most (a page of 100 rows is about 1,200 × 5,500 px).
MAX_PER_PAGE = 100
MEDIA_TYPES: dict[Format, str] = {"png": "image/png", "svg": "image/svg+xml"}
#: Standings kept: a bot paging a 4,000-player table computes it once per change, not per page.
KEPT_STANDINGS = 4
_KEPT: OrderedDict[tuple[int, str | None], tuple[Tournament, Standings]] = OrderedDict()
_LOCK = threading.Lock()


def render(
    base: Database,
    slug: str,
    kind: Kind,
    *,
    fmt: Format = "png",
    page: int = 1,
    per_page: int = theme.PER_PAGE,
    top: int | None = None,
    stage: str | None = None,
    round: int | None = None,
) -> bytes:
    """The image ``kind`` of event ``slug`` as ``fmt`` bytes: page ``page`` (``per_page``
    rows a page; of the first ``top`` rows when given) of the current round's pairings or
    of the standings, or the whole bracket (``page``, ``per_page`` and ``top`` do not apply).
    ``stage``: a stage's id (default: the stage being played; the bracket: the last playoff
    stage); ``round``: pairings of that released round (default: the newest)."""
    if fmt not in FORMATS:
        raise Refused("format", gettext("an image is png or svg, not %(fmt)r") % {"fmt": fmt})
    picture = picture_of(
        base, slug, kind, page=page, per_page=per_page, top=top, stage=stage, round=round
    )
    return to_png(picture) if fmt == "png" else to_svg(picture)


def picture_of(
    base: Database,
    slug: str,
    kind: Kind,
    *,
    page: int = 1,
    per_page: int = theme.PER_PAGE,
    top: int | None = None,
    stage: str | None = None,
    round: int | None = None,
) -> Picture:
    """What ``render`` draws, as a ``Picture`` (its texts, its size)."""
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise Refused(
            "per_page",
            gettext("a page holds 1 to %(MAX_PER_PAGE)s rows, not %(per_page)s")
            % {"MAX_PER_PAGE": MAX_PER_PAGE, "per_page": per_page},
        )
    if kind == "pairings":
        return _pairings(base, slug, page, per_page, top, stage, round)
    if kind == "standings":
        return _standings(base, slug, page, per_page, top, stage)
    if kind == "bracket":
        return _bracket(base, slug, stage)
    raise Refused(
        "kind",
        gettext("an image shows pairings, standings or a bracket, not %(kind)r") % {"kind": kind},
    )


def _pairings(
    base: Database,
    slug: str,
    page: int,
    per_page: int,
    top: int | None,
    stage: str | None,
    number: int | None,
) -> Picture:
    event = show_event(base, slug, with_players=False)  # never the players' contacts
    key = stage_key(base, slug, stage)
    where = next(s for s in event.stages if s.id == key)
    if not where.rounds:
        raise Refused(
            "round",
            gettext("%(name)s has no released round yet: no pairings to draw")
            % {"name": where.name},
        )
    view = round_view(base, slug, number or where.rounds[-1].number, stage=key)
    name = view.name
    if len(event.stages) > 1:
        name = f"{where.name} · {name}"
    chess = where.ruleset == "fide" or where.format == "round_robin"
    return pairings_picture(
        view,
        event=event.name,
        title=name,
        page=page,
        per_page=per_page,
        top=top,
        first_label=N_("White") if chess else N_("plays first"),
    )


def _standings(
    base: Database, slug: str, page: int, per_page: int, top: int | None, stage: str | None
) -> Picture:
    tournament, table = _standings_of(base, slug, stage)
    if not table.rows:
        raise Refused(
            "standings",
            gettext("%(name)s has no standings yet: nothing to draw") % {"name": table.stage.name},
        )
    part = sheet(len(table.rows), page, per_page, top)
    view = standings_response(table, tournament.name, part.rows)  # only the rows drawn
    return standings_picture(
        view,
        event=_event_name(base, slug),
        stage_name=table.stage.name if len(tournament.stages) > 1 else None,
        part=part,
    )


def _standings_of(base: Database, slug: str, stage: str | None) -> tuple[Tournament, Standings]:
    """The standings of ``stage`` now, computed once per event version: the event's facts
    of one version are one shared ``Tournament`` (``service.kernel.snapshots``), so the standings
    are kept by that object (held here, so its identity is never reused while kept)."""
    with reading(base, slug) as (conn, event):
        tournament = loaded(conn, event).tournament
    key = (id(tournament), stage)
    with _LOCK:
        hit = _KEPT.get(key)
        if hit is not None and hit[0] is tournament:
            _KEPT.move_to_end(key)
            return hit
    table = compute_standings(tournament, tournament.stage(stage), None)
    with _LOCK:
        _KEPT[key] = (tournament, table)
        while len(_KEPT) > KEPT_STANDINGS:
            _KEPT.popitem(last=False)
    return tournament, table


def _bracket(base: Database, slug: str, stage: str | None) -> Picture:
    view = bracket_view(base, slug, stage)  # Refused: no playoff stage
    if not view.drawn:
        raise Refused(
            "stage",
            gettext("the bracket of %(stage_name)s is not drawn yet")
            % {"stage_name": view.stage_name},
        )
    return bracket_picture(view, event=_event_name(base, slug))


def _event_name(base: Database, slug: str) -> str:
    with reading(base, slug) as (_conn, event):
        return event.name
