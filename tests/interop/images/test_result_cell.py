"""The result column: the winner found by name, the score told from the table's first
player."""

from __future__ import annotations

import pytest

from fairpair.interop.images.result_cell import ResultCell, result_cell


@pytest.mark.parametrize(
    ("result", "cell"),
    [
        (None, ResultCell(None, "–")),
        ("Ann wins 2-1", ResultCell("a", "2-1")),
        ("Bo wins 2-1", ResultCell("b", "1-2")),
        ("Bo wins 2-0-1", ResultCell("b", "0-2-1")),
        ("Ann wins", ResultCell("a", "win")),
        ("Bo forfeits", ResultCell("a", "forfeit")),
        ("Ann forfeits", ResultCell("b", "forfeit")),
        ("draw 1-1", ResultCell(None, "draw 1-1")),
        ("intentional draw 0-0", ResultCell(None, "ID")),
        ("both forfeit", ResultCell(None, "double forfeit")),
        ("skipped (no result)", ResultCell(None, "skipped")),
    ],
)
def test_results_read_from_the_first_player(result: str | None, cell: ResultCell) -> None:
    assert result_cell(result, "Ann", "Bo") == cell


def test_the_longer_name_is_tried_first() -> None:
    assert result_cell("Ann Lee wins 2-0", "Ann", "Ann Lee") == ResultCell("b", "0-2")
    assert result_cell("Ann wins 2-0", "Ann", "Ann Lee") == ResultCell("a", "2-0")
