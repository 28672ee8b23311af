"""Swiss elimination (seed 004): reach W wins → Advanced, L losses → Eliminated; the others are
paired inside win–loss pools, best pool first. A bye counts as a win (docs/architecture.md "Scoring
and results")."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.player_status import PlayerStatus, elimination_status
from fairpair.engine.stage import Elimination
from fairpair.engine.standings import StandingsRow


@dataclass(frozen=True, slots=True)
class Pool:
    wins: int
    losses: int

    @property
    def label(self) -> str:
        return f"{self.wins}-{self.losses}"

    @property
    def order(self) -> tuple[int, int]:
        """Pools top-down: more wins first, then fewer losses."""
        return (-self.wins, self.losses)


def pool_of(row: StandingsRow | None) -> Pool:
    return Pool(row.wins, row.losses) if row is not None else Pool(0, 0)


def threshold_reached(rules: Elimination, row: StandingsRow | None) -> Exclusion | None:
    """``advanced``/``eliminated`` when the player has reached a threshold, else ``None``
    (the thresholds: ``engine.player_status.elimination_status``)."""
    status = elimination_status(rules, row)
    if status is PlayerStatus.ADVANCED:
        return Exclusion.ADVANCED
    if status is PlayerStatus.ELIMINATED:
        return Exclusion.ELIMINATED
    return None
