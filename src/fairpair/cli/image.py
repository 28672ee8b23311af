"""``fairpair image EVENT pairings|standings|bracket -o FILE``: a saved event's current
pairings, standings or bracket as a PNG or SVG image for chat (docs/images.md)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Exit, Option


class Kind(StrEnum):
    PAIRINGS = "pairings"
    STANDINGS = "standings"
    BRACKET = "bracket"


class ImageFormat(StrEnum):
    PNG = "png"
    SVG = "svg"


def image_format(output: Path, chosen: ImageFormat | None) -> ImageFormat:
    """``--format``, else the file's suffix (``.png``, ``.svg``); else a usage error (exit 2)."""
    if chosen is not None:
        return chosen
    suffix = output.suffix.lower().lstrip(".")
    if suffix in ("png", "svg"):
        return ImageFormat(suffix)
    from fairpair.cli.paging import USAGE
    from fairpair.cli.screen import say

    say(
        f"error: --output {output}: cannot tell the format from the name: "
        "end it in .png or .svg, or give --format png|svg",
        err=True,
    )
    raise Exit(USAGE)


@handles_errors
def image(
    event: options.Event,
    kind: Annotated[
        Kind,
        Argument(
            metavar="pairings|standings|bracket",
            help="What to draw: the current round's pairings, the standings, the bracket.",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path,
        Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write the image to FILE, atomically.",
            show_default=False,
        ),
    ],
    fmt: Annotated[
        ImageFormat | None,
        Option(
            "--format",
            metavar="png|svg",
            help="The image's format (default: from FILE's suffix).",
            show_default=False,
        ),
    ] = None,
    top: Annotated[
        int | None,
        Option("--top", metavar="N", min=1, help="Only the first N rows (the top 8)."),
    ] = None,
    page: Annotated[
        int,
        Option("--page", metavar="K", min=1, help="Page K of the rows (default 1)."),
    ] = 1,
    per_page: Annotated[
        int,
        Option("--per-page", metavar="N", min=1, max=100, help="Rows a page (default 10)."),
    ] = 10,
    stage: options.Stage = None,
    number: Annotated[
        int | None,
        Option("--round", metavar="N", min=1, help="Pairings of round N (default: the newest)."),
    ] = None,
    db: options.Db = None,
) -> None:
    """Draw a saved event's pairings, standings or bracket as an image for chat (PNG, SVG)."""
    from fairpair.cli.saved import database
    from fairpair.cli.screen import say
    from fairpair.interop.save import write_safely
    from fairpair.service.event.images import render

    chosen = image_format(output, fmt)
    with database(db) as base:
        data = render(
            base,
            event,
            kind.value,
            fmt=chosen.value,
            page=page,
            per_page=per_page,
            top=top,
            stage=stage,
            round=number,
        )
    write_safely(output, data)
    say(
        f"wrote the {kind.value} of {event} to {output} ({chosen.value}, {len(data):,} bytes)",
        err=True,
    )
