"""Where the output goes: a terminal (how wide) or a pipe/file, and in which encoding.

A *terminal* is a standard output that is a TTY, or one forced to count as one with Rich's
variables ``FORCE_COLOR`` (any value) or ``TTY_COMPATIBLE=1`` (``TTY_COMPATIBLE=0`` forces a
pipe). Its width is ``COLUMNS`` when that is a positive number, else the terminal's own size
(80 when unknown), never below 20. A pipe has no width: nothing is wrapped or fitted there.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from typing import TextIO

from fairpair.cli.terminal import terminal_width
from fairpair.cli.text import clean, normal_encoding

MIN_WIDTH = 20


@dataclass(frozen=True, slots=True)
class Screen:
    terminal: bool
    #: Columns to fit into; ``None`` on a pipe (never wrap, never fit).
    width: int | None
    encoding: str

    def clean(self, text: str) -> str:
        return clean(text, self.encoding)

    @property
    def unicode(self) -> bool:
        return self.encoding.startswith("utf")

    @property
    def color(self) -> bool:
        return self.terminal and not os.environ.get("NO_COLOR")

    def paint(self, text: str, sgr: str) -> str:
        """``text`` in an ANSI style (``"31"`` red, ``"1"`` bold) on a colour terminal."""
        return f"\x1b[{sgr}m{text}\x1b[0m" if self.color else text


def _is_terminal(stream: TextIO) -> bool:
    forced = os.environ.get("TTY_COMPATIBLE", "")
    if forced == "0":
        return False
    if forced == "1" or os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _width() -> int:
    raw = os.environ.get("COLUMNS", "")
    if raw.strip().isdigit() and int(raw) > 0:
        return max(MIN_WIDTH, int(raw))
    size = terminal_width() or 80
    return max(MIN_WIDTH, size if size > 0 else 80)


def screen(stream: TextIO | None = None) -> Screen:
    """Describe standard output (or ``stream``) as it is now."""
    out = stream if stream is not None else sys.stdout
    encoding = normal_encoding(getattr(out, "encoding", None))
    terminal = _is_terminal(out)
    return Screen(terminal=terminal, width=_width() if terminal else None, encoding=encoding)


def write(text: str, *, err: bool = False) -> None:
    """Write ``text`` (already cleaned for the stream) and flush; a closed pipe is not an error."""
    stream = sys.stderr if err else sys.stdout
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        _reader_gone()


def write_bytes(data: bytes, *, err: bool = False) -> None:
    """Write encoded ``data`` (in the stream's own encoding) to the stream's byte layer, after
    what its text layer holds, and flush; as text when the stream has no byte layer."""
    stream = sys.stderr if err else sys.stdout
    raw = getattr(stream, "buffer", None)
    if raw is None:
        write(data.decode(normal_encoding(getattr(stream, "encoding", None))), err=err)
        return
    try:
        stream.flush()
        raw.write(data)
        raw.flush()
    except BrokenPipeError:
        _reader_gone()


def _reader_gone() -> None:
    """The reader went away (``| head``): nothing more can be shown; stop quietly."""
    with contextlib.suppress(OSError):
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - interpreter shutdown closes it


def say(text: str, *, err: bool = False) -> None:
    """Print one message line, cleaned for the stream it goes to."""
    stream = sys.stderr if err else sys.stdout
    write(screen(stream).clean(text) + "\n", err=err)
