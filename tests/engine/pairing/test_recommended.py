"""Recommended rounds: ⌈log₂ N⌉, MTR Appendix E, expected records."""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.pairing.recommended import expected_records, log2_rounds, magic_rounds


def test_log2_rounds() -> None:
    assert [log2_rounds(n) for n in (2, 3, 4, 5, 8, 9, 16, 17, 256, 257)] == [
        1, 2, 2, 3, 3, 4, 4, 5, 8, 9,
    ]  # fmt: skip


def test_magic_table_boundaries() -> None:
    assert magic_rounds(226)[0] == 8
    assert magic_rounds(227)[0] == 9
    assert magic_rounds(409)[0] == 9
    assert magic_rounds(410)[0] == 10
    assert magic_rounds(10_000)[0] == 10


def test_expected_records_match_seed_001_table() -> None:
    for n, rounds, one, two in ((8, 3, 3, 3), (16, 4, 4, 6), (128, 7, 7, 21)):
        got = [e.players for e in expected_records(n, rounds)]
        assert got == [Fraction(1), Fraction(one), Fraction(two)]
