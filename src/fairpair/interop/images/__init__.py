"""Images for chat (issue 12): pairings, standings and a bracket as PNG or SVG, sized for
Discord and social posts (1,200 px wide, ten rows a page), drawn with the bundled DejaVu
Sans only — the same picture on every machine, and no date or time in it.

Drawing is pure: it takes the typed views the command line's ``--json`` and the API
answer with (``RoundView``, ``StandingsResponse``, ``BracketView``) and returns a
``Picture``, which ``to_png`` and ``to_svg`` write::

    from fairpair.interop.images import standings_picture, to_png
    png = to_png(standings_picture(view, top=8))

A saved event's images come from ``fairpair.service.event.images.render``; docs/images.md
says more.
"""

from __future__ import annotations

from fairpair.interop.images.bracket import bracket_picture
from fairpair.interop.images.errors import NoSuchPage, TooLarge
from fairpair.interop.images.paging import Sheet, sheet
from fairpair.interop.images.pairings import pairings_picture
from fairpair.interop.images.png import to_png
from fairpair.interop.images.scene import Picture
from fairpair.interop.images.standings import standings_picture
from fairpair.interop.images.svg import to_svg

__all__ = [
    "NoSuchPage",
    "Picture",
    "Sheet",
    "TooLarge",
    "bracket_picture",
    "pairings_picture",
    "sheet",
    "standings_picture",
    "to_png",
    "to_svg",
]
