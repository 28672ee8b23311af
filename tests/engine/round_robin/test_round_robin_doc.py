"""docs/round-robin.md renders the engine's tables (n = 4, n = 8, double n = 4)."""

from __future__ import annotations

from pathlib import Path

from fairpair.engine.round_robin import BergerTable, berger_table, double_round_robin

DOC = Path(__file__).resolve().parents[3] / "docs" / "round-robin.md"


def rows(table: BergerTable) -> str:
    return "\n".join(
        f"| {i} | " + " | ".join(f"{w}-{b}" for w, b in round_) + " |"
        for i, round_ in enumerate(table, start=1)
    )


def test_the_doc_shows_the_engines_tables() -> None:
    text = DOC.read_text(encoding="utf-8")
    for table in (berger_table(4), berger_table(8), double_round_robin(4)):
        assert rows(table) in text
    assert "the highest number counts as a bye" in text
    assert "reverse the order of the last two" in text
