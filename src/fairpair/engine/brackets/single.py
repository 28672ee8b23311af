"""Single elimination (issue 9, point 2): standard seeding (MTR 10.4), byes to the top seeds,
an optional third-place match between the losers of the semifinals.

Round ``r`` of a bracket of ``2^k`` slots has ``2^(k-r)`` matches; the winner of match ``i`` of
round ``r`` plays match ``i // 2`` of round ``r + 1`` on side ``a`` when ``i`` is even, else on
side ``b``. A loser of round ``r`` places below everyone who lost later (5–8 for a quarterfinal
of a top 8); without a third-place match the semifinal losers share 3–4.
"""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.brackets.bracket import Bracket, RawMatch, remove_byes
from fairpair.engine.brackets.matches import LoserOf, Seed, Source, WinnerOf
from fairpair.engine.brackets.notes import Bye, Note, Seeded, feeds
from fairpair.engine.brackets.round_names import single_round_name
from fairpair.engine.brackets.seeding import bracket_order, bracket_size

ROUND_NAMES = {1: "Final", 2: "Semifinal", 3: "Quarterfinal"}


def _round_name(rounds: int, r: int) -> str:
    """One match's round, in the singular ("Quarterfinal #2"); earlier rounds "Round of 16"."""
    return ROUND_NAMES.get(rounds - r + 1) or single_round_name(rounds, r)


def winners_rounds(entrants: int, prefix: str, depth_step: int) -> tuple[list[RawMatch], int]:
    """The raw winners-bracket matches, round by round (keys ``W{r}.{i}``); returns them and the
    number of rounds. ``depth_step`` spaces the elimination depths of successive rounds."""
    size = bracket_size(entrants)
    order = bracket_order(size)
    rounds = size.bit_length() - 1
    raw: list[RawMatch] = []
    for r in range(1, rounds + 1):
        for i in range(size >> r):
            a: Source | None
            b: Source | None
            if r == 1:
                sa, sb = order[2 * i], order[2 * i + 1]
                a = Seed(sa) if sa <= entrants else None
                b = Seed(sb) if sb <= entrants else None
            else:
                a, b = WinnerOf(f"W{r - 1}.{2 * i + 1}"), WinnerOf(f"W{r - 1}.{2 * i + 2}")
            label = _round_name(rounds, r) if prefix == "" else f"{prefix} round {r}"
            if (size >> r) > 1:
                label += f" #{i + 1}"
            raw.append(RawMatch(f"W{r}.{i + 1}", "winners", r, i + 1, label, a, b, 10 * r, True))
    return raw, rounds


def seeding_notes(entrants: int) -> list[Note]:
    size = bracket_size(entrants)
    order = bracket_order(size)
    notes: list[Note] = []
    for slot, seed in enumerate(order):
        if seed <= entrants:
            notes.append(Seeded(seed, slot + 1, size))
    for i in range(0, size, 2):
        if order[i + 1] > entrants:
            notes.append(Bye(order[i]))
    return notes


def single_elimination(entrants: int, *, third_place: bool = False) -> Bracket:
    """A single-elimination bracket for seeds ``1..entrants`` (MTR 10.4 seeding; the top
    ``size - entrants`` seeds have a first-round bye; ``third_place`` adds a match between the
    semifinal losers, which then place 3 and 4 instead of sharing 3–4)."""
    raw, rounds = winners_rounds(entrants, "", 10)
    if third_place and rounds >= 2:
        raw.append(
            RawMatch(
                "3P",
                "third_place",
                rounds,
                2,
                "Third place",
                LoserOf(f"W{rounds - 1}.1"),
                LoserOf(f"W{rounds - 1}.2"),
                10 * (rounds - 1),
                True,
            )
        )
        semis = {f"W{rounds - 1}.1", f"W{rounds - 1}.2"}
        raw = [replace(r, loser_out=False) if r.key in semis else r for r in raw]
    matches, ids = remove_byes(tuple(raw))
    notes: list[Note] = [*seeding_notes(entrants), *feeds(matches)]
    final = ids[f"W{rounds}.1"]
    return Bracket("single", entrants, bracket_size(entrants), matches, final, None, tuple(notes))
