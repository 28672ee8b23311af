"""The eligible field: who may be paired this round, and who is left out and why (one note
per reason, naming everyone it leaves out).

Left out, in this order of reasons (seed 004, "Who gets left out of pairings"): dropped or
withdrawn (tournament or stage level), advanced or eliminated (Swiss elimination), no
standings row (rounds after the first), no group (grouped stages).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.elimination import threshold_reached
from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.pairing.notes import ExcludedNote
from fairpair.engine.players import PlayerId
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings, StandingsRow
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class Eligibility:
    eligible: tuple[PlayerId, ...]
    """In the order given (the ranking)."""
    excluded: tuple[tuple[PlayerId, Exclusion], ...]

    def notes(self) -> list[ExcludedNote]:
        """One note per reason (in ``Exclusion``'s order) listing its players in rank order."""
        return excluded_notes(self.excluded)


def excluded_notes(excluded: Sequence[tuple[PlayerId, Exclusion]]) -> list[ExcludedNote]:
    """One note per reason (in ``Exclusion``'s order), its players in the order given."""
    by_reason: dict[Exclusion, list[PlayerId]] = {}
    for player, why in excluded:
        by_reason.setdefault(why, []).append(player)
    return [ExcludedNote(why, tuple(by_reason[why])) for why in Exclusion if why in by_reason]


def exclusion_of(
    stage: Stage,
    round_number: int,
    player: PlayerId,
    dropped: int | None,
    standings: Standings | None,
    row: StandingsRow | None,
    grouped: frozenset[PlayerId] | None,
) -> Exclusion | None:
    if dropped is not None and round_number > dropped:
        return Exclusion.DROPPED
    if stage.elimination is not None:
        reached = threshold_reached(stage.elimination, row)
        if reached is not None:
            return reached
    if standings is not None and row is None:
        return Exclusion.NO_STANDINGS_ROW
    if grouped is not None and player not in grouped:
        return Exclusion.NO_GROUP
    return None


def eligible_field(
    tournament: Tournament,
    stage: Stage,
    round_number: int,
    ranked: Sequence[PlayerId],
    standings: Standings | None,
    present: Collection[PlayerId] | None = None,
) -> Eligibility:
    """Split ``ranked`` into the eligible (kept in order) and the excluded with their reason.

    ``present``: the players who count as having a standings row (default: the rows of
    ``standings``; the pairing adds the late entries who sat out on zero-point byes)."""
    grouped = frozenset(p for g in stage.groups for p in g.players) if stage.groups else None
    eligible: list[PlayerId] = []
    excluded: list[tuple[PlayerId, Exclusion]] = []
    drops = tournament.drop_rounds(stage)
    rows = standings.by_player if standings is not None else {}
    if present is not None and standings is not None and len(present) != len(rows):
        rows = {pid: row for pid, row in rows.items() if pid in present}
    simple = stage.elimination is None
    for pid in ranked:
        # The common case first (what ``exclusion_of`` checks, written out): not dropped yet,
        # no elimination thresholds, a standings row when there are standings, in a group.
        dropped = drops.get(pid)
        if (
            simple
            and (dropped is None or round_number <= dropped)
            and (standings is None or pid in rows)
            and (grouped is None or pid in grouped)
        ):
            eligible.append(pid)
            continue
        why = exclusion_of(
            stage, round_number, pid, drops.get(pid), standings, rows.get(pid), grouped
        )
        if why is None:
            eligible.append(pid)
        else:
            excluded.append((pid, why))
    return Eligibility(tuple(eligible), tuple(excluded))
