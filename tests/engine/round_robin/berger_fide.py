"""FIDE's published Berger tables, checked in as the golden reference for
``fairpair.engine.round_robin.berger_table``.

Source: FIDE Handbook, C.05 "General Regulations for Competitions", Annex 1 "Berger Tables
for Round-Robin Tournaments" (handbook.fide.com, chapter C05Annex1). The text below is that
annex's tables as transcribed in the public Gambit Pairing project (github.com/gambit-devs/
gambit-pairing, the docstring of its round-robin module, headed "fide handbook / Berger
Tables for Round-Robin Tournaments"). Cross-read, game for game, against two independent
transcriptions: Chris Fox's "Berger Tables" page (c.w.fox.tripod.com/chess/berger.html:
3/4 .. 11/12 players in full, 13/14 rounds 1-6) and a public C++ pairing program's
hard-coded 13/14 and 15/16 tables; all agree. Each pairing is "white-black": the
first-listed player has White (plays first); pairings are in FIDE's board order. The only
edits: FIDE's one typo "2-9. 3-8" (13 or 14 players, round 10) is written with a comma, and
trailing full stops are dropped.

"Where there is an odd number of players, the highest number counts as a bye."
"""

from __future__ import annotations

FIDE_TEXT = """
3 or 4 players:
Rd 1: 1-4, 2-3
Rd 2: 4-3, 1-2
Rd 3: 2-4, 3-1

5 or 6 players:
Rd 1: 1-6, 2-5, 3-4
Rd 2: 6-4, 5-3, 1-2
Rd 3: 2-6, 3-1, 4-5
Rd 4: 6-5, 1-4, 2-3
Rd 5: 3-6, 4-2, 5-1

7 or 8 players:
Rd 1: 1-8, 2-7, 3-6, 4-5
Rd 2: 8-5, 6-4, 7-3, 1-2
Rd 3: 2-8, 3-1, 4-7, 5-6
Rd 4: 8-6, 7-5, 1-4, 2-3
Rd 5: 3-8, 4-2, 5-1, 6-7
Rd 6: 8-7, 1-6, 2-5, 3-4
Rd 7: 4-8, 5-3, 6-2, 7-1

9 or 10 players:
Rd 1: 1-10, 2-9, 3-8, 4-7, 5-6
Rd 2: 10-6, 7-5, 8-4, 9-3, 1-2
Rd 3: 2-10, 3-1, 4-9, 5-8, 6-7
Rd 4: 10-7, 8-6, 9-5, 1-4, 2-3
Rd 5: 3-10, 4-2, 5-1, 6-9, 7-8
Rd 6: 10-8, 9-7, 1-6, 2-5, 3-4
Rd 7: 4-10, 5-3, 6-2, 7-1, 8-9
Rd 8: 10-9, 1-8, 2-7, 3-6, 4-5
Rd 9: 5-10, 6-4, 7-3, 8-2, 9-1

11 or 12 players:
Rd 1: 1-12, 2-11, 3-10, 4-9, 5-8, 6-7
Rd 2: 12-7, 8-6, 9-5, 10-4, 11-3, 1-2
Rd 3: 2-12, 3-1, 4-11, 5-10, 6-9, 7-8
Rd 4: 12-8, 9-7, 10-6, 11-5, 1-4, 2-3
Rd 5: 3-12, 4-2, 5-1, 6-11, 7-10, 8-9
Rd 6: 12-9, 10-8, 11-7, 1-6, 2-5, 3-4
Rd 7: 4-12, 5-3, 6-2, 7-1, 8-11, 9-10
Rd 8: 12-10, 11-9, 1-8, 2-7, 3-6, 4-5
Rd 9: 5-12, 6-4, 7-3, 8-2, 9-1, 10-11
Rd 10: 12-11, 1-10, 2-9, 3-8, 4-7, 5-6
Rd 11: 6-12, 7-5, 8-4, 9-3, 10-2, 11-1

13 or 14 players:
Rd 1: 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8
Rd 2: 14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2
Rd 3: 2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9
Rd 4: 14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3
Rd 5: 3-14, 4-2, 5-1, 6-13, 7-12, 8-11, 9-10
Rd 6: 14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4
Rd 7: 4-14, 5-3, 6-2, 7-1, 8-13, 9-12, 10-11
Rd 8: 14-11, 12-10, 13-9, 1-8, 2-7, 3-6, 4-5
Rd 9: 5-14, 6-4, 7-3, 8-2, 9-1, 10-13, 11-12
Rd 10: 14-12, 13-11, 1-10, 2-9, 3-8, 4-7, 5-6
Rd 11: 6-14, 7-5, 8-4, 9-3, 10-2, 11-1, 12-13
Rd 12: 14-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7
Rd 13: 7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1

15 or 16 players:
Rd 1: 1-16, 2-15, 3-14, 4-13, 5-12, 6-11, 7-10, 8-9
Rd 2: 16-9, 10-8, 11-7, 12-6, 13-5, 14-4, 15-3, 1-2
Rd 3: 2-16, 3-1, 4-15, 5-14, 6-13, 7-12, 8-11, 9-10
Rd 4: 16-10, 11-9, 12-8, 13-7, 14-6, 15-5, 1-4, 2-3
Rd 5: 3-16, 4-2, 5-1, 6-15, 7-14, 8-13, 9-12, 10-11
Rd 6: 16-11, 12-10, 13-9, 14-8, 15-7, 1-6, 2-5, 3-4
Rd 7: 4-16, 5-3, 6-2, 7-1, 8-15, 9-14, 10-13, 11-12
Rd 8: 16-12, 13-11, 14-10, 15-9, 1-8, 2-7, 3-6, 4-5
Rd 9: 5-16, 6-4, 7-3, 8-2, 9-1, 10-15, 11-14, 12-13
Rd 10: 16-13, 14-12, 15-11, 1-10, 2-9, 3-8, 4-7, 5-6
Rd 11: 6-16, 7-5, 8-4, 9-3, 10-2, 11-1, 12-15, 13-14
Rd 12: 16-14, 15-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7
Rd 13: 7-16, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1, 14-15
Rd 14: 16-15, 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8
Rd 15: 8-16, 9-7, 10-6, 11-5, 12-4, 13-3, 14-2, 15-1
"""

FIDE_DOUBLE_ROUND_NOTE = (
    "For a double-round tournament it is recommended to reverse the order of the last two "
    "rounds of the first cycle. This is to avoid three consecutive games with the same colour."
)
"""The annex's note under the tables (same source)."""


def fide_tables() -> dict[int, tuple[tuple[tuple[int, int], ...], ...]]:
    """The published tables by their even size (4, 6, ..., 16), parsed from ``FIDE_TEXT``."""
    tables: dict[int, list[tuple[tuple[int, int], ...]]] = {}
    size = 0
    for line in FIDE_TEXT.strip().splitlines():
        line = line.strip()
        if not line:
            continue
        if line.endswith("players:"):
            size = int(line.split()[2])
            tables[size] = []
            continue
        label, pairs = line.split(":")
        assert label == f"Rd {len(tables[size]) + 1}", line
        round_ = tuple(
            (int(white), int(black))
            for white, black in (pair.strip().split("-") for pair in pairs.split(","))
        )
        tables[size].append(round_)
    return {size: tuple(rounds) for size, rounds in tables.items()}
