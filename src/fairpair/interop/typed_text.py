"""Reading what people type, wherever they type it (the command line, a web form, an API
body): a result (``2-1``, ``draw``, ``a-forfeits``), a game score, a date and time, a
``none``-able number. Each refusal is a ``BadValue`` naming the field and the reason."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from fairpair.engine.errors import FairpairError
from fairpair.engine.results import GameScore, Result, ResultKind, Side


class BadValue(FairpairError):
    """A value on the command line that cannot be read (a result, a date, ``KEY=JSON``)."""

    code = "bad_value"


#: ASCII: the command line's help shows it (½ is read, but not shown).
RESULTS_HELP = (
    "2-1 (games won by a and by b), 2-1-1 (and drawn games), a-wins, b-wins, "
    "draw (or 1/2-1/2, 0.5-0.5, =), id (intentional draw), a-forfeits, b-forfeits, "
    "double-forfeit or skip"
)
#: A draw as people write it (chess above all): ``½-½``, ``1/2-1/2``, ``0.5-0.5``, each half
#: alone (``½``, ``1/2``, ``0.5``), ``=`` (the crosstable's sign, TRF's code), ``draw``.
DRAW_SPELLINGS = frozenset(
    ("draw", "=", "½", "½-½", "1/2", "1/2-1/2", "0.5", "0.5-0.5", ".5-.5", ",5-,5", "0,5-0,5")
)
#: Dashes people type for "-" (en dash, em dash, minus sign, the keyboard's hyphen).
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-"})
_GAMES = re.compile(r"^(\d{1,3})-(\d{1,3})(?:-(\d{1,3}))?$")


def parse_games(text: str, where: str = "RESULT") -> GameScore:
    """``2-1`` or ``2-1-1``: games won by side a, by side b, and drawn games."""
    found = _GAMES.match(text.strip())
    if found is None:
        raise BadValue(where, f"{text!r} is not a game score: use A-B or A-B-D, e.g. 1-0 or 1-1-1")
    a, b, d = found.groups()
    return GameScore(int(a), int(b), int(d or 0))


def parse_result(text: str, where: str = "RESULT") -> Result:
    """A result told from side a, as typed (see ``RESULTS_HELP``): case, spaces and the kind
    of dash do not matter (``½ – ½`` is ``½-½``, a draw: ``DRAW_SPELLINGS``)."""
    word = "".join(text.lower().translate(_DASHES).split()).replace("_", "-")
    if word in DRAW_SPELLINGS:
        return Result.draw()
    named = {
        "id": lambda: Result.draw(intentional=True),
        "intentional-draw": lambda: Result.draw(intentional=True),
        "a-wins": lambda: Result.win(Side.A),
        "b-wins": lambda: Result.win(Side.B),
        "a-forfeits": lambda: Result.forfeit(Side.B),
        "b-forfeits": lambda: Result.forfeit(Side.A),
        "double-forfeit": lambda: Result(ResultKind.DOUBLE_FORFEIT),
        "skip": lambda: Result(ResultKind.SKIPPED),
        "skipped": lambda: Result(ResultKind.SKIPPED),
    }
    if word in named:
        return named[word]()
    if _GAMES.match(word):
        games = parse_games(word, where)
        return Result.from_games(games.a, games.b, games.draws)
    raise BadValue(where, f"{text!r} is not a result: use {RESULTS_HELP}")


def parse_moment(text: str, where: str) -> datetime | None:
    """An ISO 8601 date and time (``2026-12-05T10:00+01:00``; without an offset it is UTC),
    or ``none`` to clear it."""
    if text.strip().lower() in ("none", "-", ""):
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise BadValue(
            where,
            f"{text!r} is not a date and time: use ISO 8601, e.g. 2026-12-05T10:00 (UTC) "
            "or 2026-12-05T10:00+01:00, or none",
        ) from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def parse_count(text: str, where: str) -> int | None:
    """A whole number of at least 1, or ``none`` (no limit)."""
    if text.strip().lower() in ("none", "unlimited", ""):
        return None
    if not text.strip().isdigit() or int(text) < 1:
        raise BadValue(where, f"{text!r} is not a number of rounds: use 1, 2, ... or none")
    return int(text)
