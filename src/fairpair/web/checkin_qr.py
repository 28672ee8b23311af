"""A player's check-in QR code (issue 32), drawn inline on their page with segno: the code's
text (``service.players.checkin_codes``) as an SVG with its title, black on white, with the
standard quiet zone — what the console's scanner reads."""

from __future__ import annotations

import io
import re

import segno
from markupsafe import Markup

from fairpair.i18n import gettext


def checkin_svg(text: str, code: str) -> Markup:
    """The QR code of ``text`` as inline SVG, titled with the code a person can read out."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out,
        kind="svg",
        scale=6,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        svgns=True,
        title=gettext("Check-in QR code %(code)s") % {"code": code},
        svgclass="checkin-qr",
    )
    svg = out.getvalue().decode("utf-8")
    # a viewBox, so that the page's CSS scales the code instead of cropping it
    svg = re.sub(
        r'width="(\d+)" height="(\d+)"', r'viewBox="0 0 \1 \2" width="\1" height="\2"', svg, count=1
    )
    return Markup(svg)
