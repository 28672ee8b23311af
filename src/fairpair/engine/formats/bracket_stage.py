"""A bracket as a stage: what single and double elimination share (docs/brackets.md).

The stage is read against its bracket by ``engine.playoff`` (the seeds, the state after every
result and walkover; the standings of a playoff read its places there). Here: the refusals of
a playoff that cannot be paired, and the status of a player knocked out. Pairing the next
round is ``bracket_round``, its notes ``bracket_notes``.
"""

from __future__ import annotations

from fairpair.engine.errors import Location, PairingRefused, saying
from fairpair.engine.playoff import BracketRun, read_bracket, seed_order
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament

#: ``BracketRun``, ``read_bracket`` and ``seed_order`` are ``engine.playoff``'s, named here too.
__all__ = [
    "BracketDecided",
    "BracketRun",
    "CutNotDrawn",
    "read_bracket",
    "require_run",
    "seed_order",
]


class BracketDecided(PairingRefused):
    """The bracket has its champion: there is nothing left to pair (code
    ``pairing_refused``)."""


class CutNotDrawn(PairingRefused):
    """A cut stage whose cut is not drawn yet has no field to seed (code
    ``pairing_refused``)."""


def require_run(tournament: Tournament, stage: Stage) -> BracketRun:
    """The run of ``stage``, or a refusal an organizer reads (no field yet)."""
    where = Location(stage=stage.id, round=stage.last_round + 1)
    if stage.cut is not None and stage.participants is None:
        raise CutNotDrawn(
            where,
            saying(
                "the cut from %(stage)s is not drawn yet: draw it now, or finish %(stage)s",
                stage=repr(stage.cut.from_stage),
            ),
            command=f"fairpair cut EVENT --draw --stage {stage.id}",
        )
    run = read_bracket(tournament, stage)
    if run is None:
        count = len(tournament.players_of(stage))
        raise PairingRefused(
            where,
            saying(
                "a bracket needs at least 2 players; stage %(stage)s has %(count)s",
                stage=repr(stage.id),
                count=count,
            ),
        )
    return run
