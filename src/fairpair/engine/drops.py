"""Drops: a player leaves the event (or one stage) after a given round."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.players import PlayerId


@dataclass(frozen=True, slots=True)
class Drop:
    """``player`` is not paired after round ``after_round`` (0: before round 1).

    Their results stay: they keep their standings row (no rank, "Withdrew") and still count in
    their opponents' tiebreaks.
    """

    player: PlayerId
    after_round: int
    stage: str | None = None
    """For a tournament-level drop, the stage whose round numbering ``after_round`` uses
    (``None``: every stage's). Stages after that one exclude the player entirely."""
