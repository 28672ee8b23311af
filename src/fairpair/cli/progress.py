"""What is true about a stage's rounds: which are complete, which still miss results.

The standings header, its empty-table hint and ``validate`` say it in these words.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.cli.text import plural
from fairpair.engine.stage import Stage


@dataclass(frozen=True, slots=True)
class RoundProgress:
    number: int
    matches: int
    reported: int

    @property
    def complete(self) -> bool:
        return self.reported == self.matches

    def missing_text(self) -> str:
        """``round 5: 3 of 8 results missing``."""
        return (
            f"round {self.number}: {self.matches - self.reported} of {self.matches} results missing"
        )

    def in_text(self) -> str:
        """``round 5 in progress: 5 of 8 results in``."""
        return f"round {self.number} in progress: {self.reported} of {self.matches} results in"


def progress(stage: Stage, up_to: int | None = None) -> list[RoundProgress]:
    return [
        RoundProgress(r.number, len(r.matches), sum(m.result is not None for m in r.matches))
        for r in stage.rounds
        if up_to is None or r.number <= up_to
    ]


def last_complete(rounds: list[RoundProgress]) -> int:
    """The last round number before which (and in which) every result is in; 0 if none."""
    done = 0
    for r in sorted(rounds, key=lambda r: r.number):
        if not r.complete:
            break
        done = r.number
    return done


def after_text(stage: Stage, after_round: int) -> str:
    """``after round 4`` or ``after round 4; round 5 in progress: 3 of 8 results in``."""
    rounds = progress(stage, after_round)
    open_rounds = [r for r in rounds if not r.complete]
    if not open_rounds:
        return f"after round {after_round}"
    done = last_complete(rounds)
    parts = [f"after round {done}" if done else "before any complete round"]
    parts.extend(r.in_text() for r in open_rounds)
    return "; ".join(parts)


def rounds_text(count: int) -> str:
    return plural(count, "round")
