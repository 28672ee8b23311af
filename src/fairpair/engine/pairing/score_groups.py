"""Score groups: consecutive runs of the ranked field with the same score (or the same
win–loss pool in a Swiss elimination), top group first."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.notes import GroupScore
from fairpair.engine.players import PlayerId


@dataclass(frozen=True, slots=True)
class ScoreGroup:
    score: GroupScore
    players: tuple[PlayerId, ...]


def split_groups(
    ranked: Sequence[PlayerId],
    key: Mapping[PlayerId, Hashable],
    score: Mapping[PlayerId, GroupScore],
) -> list[ScoreGroup]:
    """Cut ``ranked`` (best first) wherever the key changes."""
    groups: list[ScoreGroup] = []
    run: list[PlayerId] = []
    for pid in ranked:
        if run and key[run[-1]] != key[pid]:
            groups.append(ScoreGroup(score[run[0]], tuple(run)))
            run = []
        run.append(pid)
    if run:
        groups.append(ScoreGroup(score[run[0]], tuple(run)))
    return groups
