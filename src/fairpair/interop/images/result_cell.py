"""A table's result as the pairings picture shows it: who won (their name highlighted) and
the short text of the result column, told from the table's first player ("2-1", "1-2",
"draw 1-1", "forfeit").

A released round's result reads as people say it ("Ann Lee wins 2-1", the winner's games
first; "Bo forfeits"; "draw 1-1"; ``fairpair.engine.result_text``); the winner is found by
the exact name at its start (the longer of the two names first, so "Ann" never takes
"Ann Lee"'s win)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from fairpair.i18n import gettext as _

Side = Literal["a", "b"]


@dataclass(frozen=True, slots=True)
class ResultCell:
    winner: Side | None
    text: str


def _flipped(score: str) -> str:
    """ "2-1" → "1-2", "2-1-1" → "1-2-1" (the draws stay last)."""
    parts = score.split("-")
    if len(parts) >= 2 and all(p.isdigit() for p in parts):
        parts[0], parts[1] = parts[1], parts[0]
        return "-".join(parts)
    return score


def result_cell(result: str | None, a: str, b: str) -> ResultCell:
    """The result column of a table of ``a`` against ``b`` (``None``: not reported: "–")."""
    if result is None:
        return ResultCell(None, "–")
    sides: list[tuple[Side, str]] = sorted([("a", a), ("b", b)], key=lambda s: -len(s[1]))
    for side, name in sides:
        if result.startswith(f"{name} wins"):
            score = result[len(name) + len(" wins") :].strip()
            shown = (score if side == "a" else _flipped(score)) or _("win")
            return ResultCell(side, shown)
    for side, name in sides:
        if result == f"{name} forfeits":
            return ResultCell("b" if side == "a" else "a", _("forfeit"))
    if result.startswith("intentional draw"):
        return ResultCell(None, _("ID"))
    if result == "both forfeit":
        return ResultCell(None, _("double forfeit"))
    if result.startswith("skipped"):
        return ResultCell(None, _("skipped"))
    return ResultCell(None, result)
