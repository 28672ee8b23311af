"""The toss rule for one pairing: balance, then history, then the stage's tie-break policy.

1. **balance** — the player with the lower balance (the more "due" one) plays first.
2. **history** — same balance: walking back from the most recent round in which both had a
   toss, the first player to have played first where the other did not gives way.
3. **policy** — still tied: ``neutral`` (a hash of stage, round and the two ids) or
   ``catch-up`` (the lower-ranked player; Neutral when ranks are unknown or equal).

Every toss carries the reason that decided it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fairpair.engine.errors import saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Toss, TossReason
from fairpair.engine.stage import Stage, TossPolicy
from fairpair.engine.toss.catch_up import catch_up_first, standing_ranks
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.engine.toss.history import history_first
from fairpair.engine.toss.neutral import neutral_first
from fairpair.engine.toss.record import TossHistory, toss_history
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class TossContext:
    """What the rule needs to toss the pairings of one round, computed once per round."""

    stage: Stage
    round_number: int
    history: TossHistory
    ranks: Mapping[PlayerId, int | None] = field(default_factory=dict)

    @property
    def policy(self) -> TossPolicy:
        return self.stage.toss.policy


def toss_context(
    tournament: Tournament,
    stage: Stage,
    round_number: int,
    *,
    ranks: Mapping[PlayerId, int | None] | None = None,
) -> TossContext:
    """The history of ``stage`` before ``round_number`` and, for Catch-up, the current ranks
    (``ranks`` when given: the standings before the round, already computed by the caller)."""
    if round_number < 1:
        raise TossUnavailable(
            "round", saying("round numbers start at 1, got %(number)s", number=round_number)
        )
    known: Mapping[PlayerId, int | None] = {}
    if stage.toss.policy is TossPolicy.CATCH_UP:
        known = ranks if ranks is not None else standing_ranks(tournament, stage, round_number)
    return TossContext(stage, round_number, toss_history(stage, round_number), known)


def decide_toss(context: TossContext, a: PlayerId, b: PlayerId) -> Toss:
    """Who plays first between ``a`` and ``b`` in the context's round, and why."""
    if a == b:
        raise TossUnavailable(
            "pairing", saying("%(player)s cannot be paired with themselves", player=repr(a))
        )
    record_a, record_b = context.history.of(a), context.history.of(b)
    if record_a.balance != record_b.balance:
        return Toss(a if record_a.balance < record_b.balance else b, TossReason.BALANCE)
    by_history = history_first(record_a, record_b)
    if by_history is not None:
        return Toss(by_history, TossReason.HISTORY)
    if context.policy is TossPolicy.CATCH_UP:
        trailing = catch_up_first(a, b, context.ranks)
        if trailing is not None:
            return Toss(trailing, TossReason.CATCH_UP)
    first = neutral_first(
        a,
        b,
        stage_id=context.stage.id,
        seed=context.stage.seed,
        round_number=context.round_number,
    )
    return Toss(first, TossReason.NEUTRAL)
