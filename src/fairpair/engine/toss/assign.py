"""Toss every pairing of a new Swiss round.

The pairings come in as plain ``(a, b)`` pairs, so any pairing engine (or an organizer's
hand-made round) can be tossed. Pairings of one round never affect each other: each player is in
one pairing, and the rule reads only the rounds before this one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fairpair.engine.errors import Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Toss
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import CONFIG_CLASSES, PairingMethod
from fairpair.engine.toss.decide import decide_toss, toss_context
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.engine.tournament import Tournament

#: The stage formats that use the toss (each format's configuration says so). Elimination
#: brackets, round robin and pods never do.
TOSS_FORMATS = frozenset(kind for kind, config in CONFIG_CLASSES.items() if config.uses_toss)


def toss_applies(stage: Stage) -> bool:
    """True when ``stage`` is a Swiss stage with the deterministic toss switched on (and not
    paired by the Dutch system, whose colour rules decide who has White: C.04.3 E)."""
    return (
        stage.config.uses_toss
        and stage.toss.enabled
        and stage.pairing_method is not PairingMethod.DUTCH
    )


def require_toss(stage: Stage) -> None:
    """Refuse, saying why, when ``stage`` does not use the deterministic toss."""
    if not stage.config.uses_toss:
        raise TossUnavailable(
            Location(stage=stage.id),
            saying("a %(format)s stage has no toss (only Swiss stages)", format=str(stage.format)),
        )
    if not stage.toss.enabled:
        raise TossUnavailable(
            Location(stage=stage.id),
            saying(
                'the deterministic toss is off for this stage ("toss": {"enabled": true} turns it '
                "on)"
            ),
        )


def assign_tosses(
    tournament: Tournament,
    stage: Stage,
    round_number: int,
    pairings: Sequence[tuple[PlayerId, PlayerId]],
    *,
    ranks: Mapping[PlayerId, int | None] | None = None,
) -> tuple[Toss, ...]:
    """One automatic ``Toss`` per pairing of round ``round_number`` of ``stage``, in order.

    Byes are not pairings and get no toss. Refuses when the stage does not use the toss.
    ``ranks``: the standings ranks before the round, when the caller has them already (a
    pairing draft's ``ranks_of(draft.standings)``); Catch-up computes them otherwise.
    """
    require_toss(stage)
    seen: set[PlayerId] = set()
    for index, (a, b) in enumerate(pairings):
        if a == b:
            raise TossUnavailable(
                f"pairings[{index}]",
                saying("%(player)s cannot be paired with themselves", player=repr(a)),
            )
        for player in (a, b):
            if player in seen:
                raise TossUnavailable(
                    f"pairings[{index}]",
                    saying("%(player)s is in two pairings of this round", player=repr(player)),
                )
            seen.add(player)
    context = toss_context(tournament, stage, round_number, ranks=ranks)
    return tuple(decide_toss(context, a, b) for a, b in pairings)
