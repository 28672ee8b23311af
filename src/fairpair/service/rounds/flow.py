"""The common path of a round in one click (issue 28, point 2): "Next round" completes the
live round, pairs the next one, releases it and opens it; "Release and open" does the last
two for a draft that was reviewed.

**One transaction for the whole.** Each move is the lifecycle's own step (``lifecycle``'s
``move_in`` and ``release_in``, ``drafts.generate_in``: the same checks, the same audit entry
each — ``round.complete``, ``round.generate``, ``round.release``, ``round.open``), run inside one
``changing`` block, so:

* never half a round: if any step is refused (a result still missing, the pairing refused),
  nothing happened — the live round is not completed either, and the refusal says why;
* the live pages see one new version (the next round In Progress), never a round that is
  Upcoming for a moment;
* two staff clicking "Next round" at once make one round: the second click finds the new
  round In Progress without results and is refused, naming it.

It stops, committed, where a person is needed: when the draft has a warning (a forced
rematch, a forbidden pair, pod-mates meeting again) the draft is kept private for review and
nothing is released. A draft already waiting is somebody's decision: "Next round" is refused
and points to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.errors import LifecycleRefused, Location
from fairpair.engine.lifecycle import RoundAction, check, live_round
from fairpair.engine.round_names import round_names
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage import many_live
from fairpair.engine.stage_progress import more_rounds
from fairpair.i18n import gettext, say
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.unit import changing
from fairpair.service.rounds.drafts import generate_in, stored_draft
from fairpair.service.rounds.lifecycle import move_in, release_in
from fairpair.service.rounds.next_steps import steps_of
from fairpair.store.database import Database


@dataclass(frozen=True, slots=True)
class Started:
    """What "Next round" did: round ``round`` (``name``) of ``stage`` is Open — or, when
    ``opened`` is false, its draft waits for review because of ``warnings``; ``completed``:
    the round completed first (of ``completed_stage``), if one was live."""

    stage: str
    round: int
    name: str
    opened: bool
    completed: int | None = None
    completed_stage: str | None = None
    warnings: tuple[str, ...] = ()


def next_round(db: Database, slug: str, *, actor: str, stage: str | None = None) -> Started:
    """Complete the live round (of ``stage``, or — for round 1 of a top cut — of the stage it
    is cut from), pair the next round of ``stage`` (default: the stage to pair), release it
    and open it, in one transaction; stop at the review when the draft has a warning."""
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage, to_pair=stage is None)
        waiting = stored_draft(change.conn, where)
        if waiting is not None:
            raise Refused(
                Location(stage=where.key, round=waiting.round_number),
                gettext(
                    "a draft of round %(round_number)s waits for review (made by "
                    "%(made_by)s): release it or discard it"
                )
                % {"round_number": waiting.round_number, "made_by": waiting.made_by},
            )
        completed, completed_stage = _complete_first(change, where.key)
        saved = generate_in(change, where.key)
        if saved.warnings:
            return Started(
                where.key,
                saved.round,
                _name(change, where.key, saved.round),
                opened=False,
                completed=completed,
                completed_stage=completed_stage,
                warnings=tuple(saved.warnings),
            )
        number = release_in(change, where.key)
        move_in(change, number, RoundAction.OPEN, RoundState.OPEN, where.key)
        return Started(
            where.key,
            number,
            _name(change, where.key, number),
            opened=True,
            completed=completed,
            completed_stage=completed_stage,
        )


def _complete_first(change: Change, key: str) -> tuple[int | None, str | None]:
    """Complete the round that stands before the next round of stage ``key``: its own live
    round, or — before round 1 of a cut — the last round of the stage it is cut from. Refused,
    changing nothing, when that round still misses results or no next round would follow."""
    tournament = load(change.conn, change.event).tournament
    stage = tournament.stage(key)
    before = stage
    if stage.cut is not None and not stage.rounds:
        before = tournament.stage(stage.cut.from_stage)
    live = None if many_live(before) else live_round(before)
    if live is not None:
        if live.status is RoundState.SCHEDULED:
            raise LifecycleRefused(
                Location(stage=before.id, round=live.number),
                gettext("round %(number)s is Upcoming: open it (and play it) before the next round")
                % {"number": live.number},
            )
        verdict = check(before, RoundAction.COMPLETE, live.number)
        if verdict.refusal is not None:
            raise LifecycleRefused(
                Location(stage=before.id, round=live.number), say(verdict.refusal.said)
            )
    if not more_rounds(tournament, stage):
        said = steps_of(tournament, key, {}).status
        raise Refused(
            Location(stage=key),
            gettext("%(name)s has no next round to start: %(said)s")
            % {"name": stage.name, "said": said},
        )
    if live is None:
        return None, None
    move_in(change, live.number, RoundAction.COMPLETE, RoundState.COMPLETED, before.id)
    return live.number, before.id


def _name(change: Change, key: str, number: int) -> str:
    tournament = load(change.conn, change.event).tournament
    return round_names(tournament, tournament.stage(key)).get(number, f"Round {number}")


def release_and_open(db: Database, slug: str, *, actor: str, stage: str | None = None) -> int:
    """Release the draft and open the round, in one transaction (each move audited as
    itself); refused, changing nothing, as ``release`` is. Returns the round's number."""
    with changing(db, slug, actor) as change:
        key = find_stage(change.conn, change.event, stage, to_pair=stage is None).key
        number = release_in(change, key)
        move_in(change, number, RoundAction.OPEN, RoundState.OPEN, key)
        return number
