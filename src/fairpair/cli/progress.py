"""What is true about a stage's rounds, in words: which are complete, which miss results.

The standings header, its empty-table hint and ``validate`` say it in these words.
"""

from __future__ import annotations

from fairpair.engine.rounds import Round
from fairpair.engine.stage import Stage, many_live
from fairpair.responses.values import complete_through, rounds_up_to


def results_in(r: Round) -> str:
    """``round 5 in progress: 5 of 8 results in``."""
    tables = len(r.tables)
    return f"round {r.number} in progress: {tables - r.outstanding} of {tables} results in"


def results_missing(r: Round) -> str:
    """``round 5: 3 of 8 results missing``."""
    return f"round {r.number}: {r.outstanding} of {len(r.tables)} results missing"


def open_rounds(stage: Stage, up_to: int | None = None) -> list[Round]:
    return [r for r in rounds_up_to(stage, up_to) if not r.is_complete]


def after_text(stage: Stage, after_round: int) -> str:
    """``after round 4`` or ``after round 4; round 5 in progress: 3 of 8 results in``."""
    counted = rounds_up_to(stage, after_round)
    missing = [r for r in counted if not r.is_complete]
    if not missing:
        return f"after round {after_round}"
    done = complete_through(counted)
    waiting: list[int] = []
    if many_live(stage):  # a round robin released ahead: rounds with no result yet, in short
        waiting = [r.number for r in missing if r.outstanding == len(r.tables)]
        missing = [r for r in missing if r.number not in waiting]
    parts = [f"after round {done}"] * bool(done) + [results_in(r) for r in missing]
    if waiting:
        listed = ", ".join(str(n) for n in waiting)
        parts.append(f"round{'s' if len(waiting) != 1 else ''} {listed}: no result yet")
    return "; ".join(parts)
