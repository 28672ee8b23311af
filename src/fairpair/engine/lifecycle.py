"""The round lifecycle's rules, as data: what may happen next to a round, and why not.

Seed 004 ("Running a round", "Round states, and what you can undo"): a round is generated as a
private draft, released (Scheduled: public as Upcoming), opened (In Progress), completed once
every match has a result. Only one round is live (Scheduled or Open) at a time — except in a
round robin, whose whole schedule is fixed at the start (C.05 Annex 1): its rounds may be
released one by one or all together, several may be Scheduled or Open at once, results go to
any Open round, and each round is completed on its own (docs/round-robin.md).

| action   | from            | refused when                                                    |
|----------|-----------------|-----------------------------------------------------------------|
| generate | —               | a round is Scheduled or Open¹; the stage's round cap is reached |
| release  | a draft         | a round is live¹; past the cap; a player of the draft withdrew  |
| discard  | a draft         | never                                                           |
| open     | Scheduled       | the round is not Scheduled                                      |
| complete | Open            | the round is not Open; N matches have no result yet             |
| revert   | Open            | the round is not Open; a match of it has a result               |
| delete   | Scheduled       | the round is not Scheduled; a round robin's later round exists  |
| swap     | Scheduled       | the round is not Scheduled                                      |
| report   | Open, Completed | the round is Scheduled (open it first)                          |

¹ Not in a round robin: there, a live round does not stop the next one.

A round read from a plain document carries no state (``Round.state is None``): its state is
derived from its results, and it takes results at any time (nobody opens it).

A draft is never part of a stage's rounds: it is the ``PairingDraft`` the pairing returns,
kept aside (by the service) until it is released or discarded. ``check`` answers for one
action; ``next_actions`` lists every action with its verdict, for a round card's buttons.
The transitions in ``engine.changes`` call ``check`` and raise ``LifecycleRefused``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.errors import N_, Said, saying, saying_n, saying_p
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import STATE_SAID, Round, RoundState
from fairpair.engine.stage import Stage, many_live


class RoundAction(StrEnum):
    GENERATE = "generate"
    RELEASE = "release"
    DISCARD = "discard"
    OPEN = "open"
    COMPLETE = "complete"
    REVERT = "revert"
    DELETE = "delete"
    SWAP = "swap"
    REPORT = "report"


class RefusalReason(StrEnum):
    """Why an action is refused (a stable code; ``Refusal.text`` is the sentence)."""

    ANOTHER_ROUND_LIVE = "another_round_live"
    ROUND_CAP_REACHED = "round_cap_reached"
    RESULTS_OUTSTANDING = "results_outstanding"
    RESULTS_RECORDED = "results_recorded"
    WRONG_STATE = "wrong_state"
    WITHDREW_AFTER_DRAFT = "withdrew_after_draft"
    NO_SUCH_ROUND = "no_such_round"
    DRAFT_IS_STALE = "draft_is_stale"
    LATER_ROUND_EXISTS = "later_round_exists"


#: The states each action starts from (a draft: ``None``, it is not a round of the stage yet).
FROM_STATES: dict[RoundAction, frozenset[RoundState] | None] = {
    RoundAction.GENERATE: None,
    RoundAction.RELEASE: None,
    RoundAction.DISCARD: None,
    RoundAction.OPEN: frozenset({RoundState.SCHEDULED}),
    RoundAction.COMPLETE: frozenset({RoundState.OPEN}),
    RoundAction.REVERT: frozenset({RoundState.OPEN}),
    RoundAction.DELETE: frozenset({RoundState.SCHEDULED}),
    RoundAction.SWAP: frozenset({RoundState.SCHEDULED}),
    RoundAction.REPORT: frozenset({RoundState.OPEN, RoundState.COMPLETED}),
}

#: The state each action leaves the round in (``None``: the round is gone, or unchanged).
TO_STATE: dict[RoundAction, RoundState | None] = {
    RoundAction.GENERATE: RoundState.DRAFT,
    RoundAction.RELEASE: RoundState.SCHEDULED,
    RoundAction.DISCARD: None,
    RoundAction.OPEN: RoundState.OPEN,
    RoundAction.COMPLETE: RoundState.COMPLETED,
    RoundAction.REVERT: RoundState.SCHEDULED,
    RoundAction.DELETE: None,
    RoundAction.SWAP: RoundState.SCHEDULED,
    RoundAction.REPORT: None,
}

LIVE = frozenset({RoundState.SCHEDULED, RoundState.OPEN})


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why ``action`` cannot happen to ``round`` now, with the numbers that say so."""

    action: RoundAction
    reason: RefusalReason
    round: int | None = None
    state: RoundState | None = None
    other_round: int | None = None
    other_state: RoundState | None = None
    count: int | None = None
    cap: int | None = None
    players: tuple[PlayerId, ...] = ()

    @property
    def text(self) -> str:
        """The sentence in English (``said``: the same, for a reader's language)."""
        return str(self.said)

    @property
    def said(self) -> Said:
        """Why not, as a sentence with its numbers (``engine.errors.Said``)."""
        what = (
            saying("round %(number)s", number=self.round) if self.round is not None else THE_ROUND
        )
        action, reason = self.action, self.reason
        if reason is RefusalReason.ANOTHER_ROUND_LIVE and action in _LIVE_SAID:
            state = STATE_SAID.get(self.other_state) if self.other_state else LIVE_SAID
            return saying(_LIVE_SAID[action], round=what, other=self.other_round, state=state)
        if reason is RefusalReason.ROUND_CAP_REACHED and action is RoundAction.GENERATE:
            return saying_n(
                "cannot generate %(round)s: the stage has at most %(num)d round",
                "cannot generate %(round)s: the stage has at most %(num)d rounds",
                self.cap or 0,
                round=what,
            )
        if reason is RefusalReason.ROUND_CAP_REACHED and action is RoundAction.RELEASE:
            return saying_n(
                "cannot release %(round)s: the stage has at most %(num)d round",
                "cannot release %(round)s: the stage has at most %(num)d rounds",
                self.cap or 0,
                round=what,
            )
        if reason is RefusalReason.RESULTS_OUTSTANDING:
            return saying_n(
                "cannot complete %(round)s: %(num)d match has no result yet",
                "cannot complete %(round)s: %(num)d matches have no result yet",
                self.count or 0,
                round=what,
            )
        if reason is RefusalReason.RESULTS_RECORDED:
            return saying_n(
                "cannot revert %(round)s to scheduled: %(num)d match is already completed",
                "cannot revert %(round)s to scheduled: %(num)d matches are already completed",
                self.count or 0,
                round=what,
            )
        if reason is RefusalReason.WITHDREW_AFTER_DRAFT:
            return saying(
                "cannot release %(round)s: %(players)s withdrew after the draft was made; "
                "regenerate the round",
                round=what,
                players=", ".join(self.players),
            )
        if reason is RefusalReason.LATER_ROUND_EXISTS and action is RoundAction.DELETE:
            return saying(
                "cannot delete %(round)s: round %(other)s of the round robin is released "
                "after it; delete the later rounds first (the schedule stays in order)",
                round=what,
                other=self.other_round,
            )
        if reason is RefusalReason.NO_SUCH_ROUND and action in _NO_SUCH_SAID:
            return saying(_NO_SUCH_SAID[action], round=what)
        if reason is RefusalReason.DRAFT_IS_STALE:
            return saying(
                "cannot release %(round)s: the stage's next round is round %(other)s; "
                "regenerate the draft",
                round=what,
                other=self.other_round,
            )
        state = STATE_SAID.get(self.state) if self.state else None
        if reason is RefusalReason.WRONG_STATE and action in _STATE_WRONG_SAID and state:
            return saying(_STATE_WRONG_SAID[action], round=what, state=state)
        return Said(self._english(), marked=False)  # a case no rule of ``check`` gives

    def _english(self) -> str:
        """The sentence of a refusal ``check`` never makes (said as it is, in English)."""
        what = f"round {self.round}" if self.round is not None else "the round"
        verb = self.action.value
        reason = self.reason
        if reason is RefusalReason.ANOTHER_ROUND_LIVE:
            state = self.other_state.value if self.other_state else "live"
            return (
                f"cannot {verb} {what}: round {self.other_round} is still {state}; complete or "
                "clear it first (one round at a time)"
            )
        if reason is RefusalReason.ROUND_CAP_REACHED:
            cap = self.cap or 0
            return (
                f"cannot {verb} {what}: the stage has at most {cap} round{'s' if cap != 1 else ''}"
            )
        if reason is RefusalReason.LATER_ROUND_EXISTS:
            return (
                f"cannot {verb} {what}: round {self.other_round} of the round robin is released "
                "after it; delete the later rounds first (the schedule stays in order)"
            )
        if reason is RefusalReason.NO_SUCH_ROUND:
            return f"cannot {verb} {what}: the stage has no such round"
        state = self.state.value if self.state else "?"
        allowed = FROM_STATES.get(self.action) or frozenset()
        wanted = " or ".join(sorted(s.value for s in allowed)) or "draft"
        done = _DONE[self.action]
        article = "an" if wanted[0] in "aeiou" else "a"
        return f"cannot {verb} {what}: it is {state}; only {article} {wanted} round can be {done}"


#: The words and sentences of ``Refusal.said``, one whole sentence per action (a language
#: puts the verb where it goes); a round's state is a word said in the same language.
THE_ROUND = saying("the round")
LIVE_SAID = saying_p("round", "live")
_LIVE_SAID = {
    RoundAction.GENERATE: N_(
        "cannot generate %(round)s: round %(other)s is still %(state)s; complete or clear it "
        "first (one round at a time)"
    ),
    RoundAction.RELEASE: N_(
        "cannot release %(round)s: round %(other)s is still %(state)s; complete or clear it "
        "first (one round at a time)"
    ),
}
_NO_SUCH_SAID = {
    RoundAction.OPEN: N_("cannot open %(round)s: the stage has no such round"),
    RoundAction.COMPLETE: N_("cannot complete %(round)s: the stage has no such round"),
    RoundAction.REVERT: N_("cannot revert %(round)s: the stage has no such round"),
    RoundAction.DELETE: N_("cannot delete %(round)s: the stage has no such round"),
    RoundAction.SWAP: N_("cannot swap %(round)s: the stage has no such round"),
    RoundAction.REPORT: N_("cannot report %(round)s: the stage has no such round"),
}
_STATE_WRONG_SAID = {
    RoundAction.OPEN: N_(
        "cannot open %(round)s: it is %(state)s; only a scheduled round can be opened"
    ),
    RoundAction.COMPLETE: N_(
        "cannot complete %(round)s: it is %(state)s; only an open round can be completed"
    ),
    RoundAction.REVERT: N_(
        "cannot revert %(round)s: it is %(state)s; only an open round can be reverted to scheduled"
    ),
    RoundAction.DELETE: N_(
        "cannot delete %(round)s: it is %(state)s; only a scheduled round can be deleted"
    ),
    RoundAction.SWAP: N_(
        "cannot swap %(round)s: it is %(state)s; only a scheduled round can be rearranged"
    ),
    RoundAction.REPORT: N_(
        "cannot report %(round)s: it is %(state)s; only a completed or open round can be "
        "given results"
    ),
}

_DONE = {
    RoundAction.GENERATE: "generated",
    RoundAction.RELEASE: "released",
    RoundAction.DISCARD: "discarded",
    RoundAction.OPEN: "opened",
    RoundAction.COMPLETE: "completed",
    RoundAction.REVERT: "reverted to scheduled",
    RoundAction.DELETE: "deleted",
    RoundAction.SWAP: "rearranged",
    RoundAction.REPORT: "given results",
}


@dataclass(frozen=True, slots=True)
class Verdict:
    action: RoundAction
    refusal: Refusal | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def live_round(stage: Stage, besides: int | None = None) -> Round | None:
    """The round that is Scheduled or Open (other than round ``besides``), if any."""
    for rnd in stage.rounds:
        if rnd.number != besides and rnd.status in LIVE:
            return rnd
    return None


def _reported(rnd: Round) -> int:
    return sum(1 for m in rnd.matches if m.result is not None) + sum(
        1 for p in rnd.pods if p.places is not None
    )


def check(
    stage: Stage,
    action: RoundAction,
    round_number: int | None = None,
    *,
    withdrawn: Collection[PlayerId] = (),
) -> Verdict:
    """May ``action`` happen to round ``round_number`` of ``stage`` now?

    For ``generate`` and ``release`` the round is the next one (``round_number`` may be left
    out); ``withdrawn`` lists the draft's players who have left since it was made.
    """

    def no(reason: RefusalReason, **facts: object) -> Verdict:
        return Verdict(action, Refusal(action, reason, round_number, **facts))  # type: ignore[arg-type]

    if action in (RoundAction.GENERATE, RoundAction.RELEASE, RoundAction.DISCARD):
        upcoming = stage.last_round + 1
        if round_number is None:
            round_number = upcoming
        if action is RoundAction.DISCARD:
            return Verdict(action)
        live = None if many_live(stage) else live_round(stage)
        if live is not None:
            return no(
                RefusalReason.ANOTHER_ROUND_LIVE, other_round=live.number, other_state=live.status
            )
        if round_number != upcoming:
            return no(RefusalReason.DRAFT_IS_STALE, other_round=upcoming)
        cap = stage.round_cap
        if cap is not None and round_number > cap:
            return no(RefusalReason.ROUND_CAP_REACHED, cap=cap)
        if action is RoundAction.RELEASE and withdrawn:
            return no(RefusalReason.WITHDREW_AFTER_DRAFT, players=tuple(withdrawn))
        return Verdict(action)

    rnd = stage.round(round_number) if round_number is not None else None
    if rnd is None:
        return no(RefusalReason.NO_SUCH_ROUND)
    if action is RoundAction.REPORT and rnd.state is None:
        return Verdict(action)  # untracked: a plain document takes results at any time
    state = rnd.status
    allowed = FROM_STATES[action] or frozenset()
    if state not in allowed:
        return no(RefusalReason.WRONG_STATE, state=state)
    if action is RoundAction.COMPLETE and rnd.outstanding:
        return no(RefusalReason.RESULTS_OUTSTANDING, state=state, count=rnd.outstanding)
    if action is RoundAction.REVERT and _reported(rnd):
        return no(RefusalReason.RESULTS_RECORDED, state=state, count=_reported(rnd))
    if action is RoundAction.DELETE and many_live(stage) and stage.last_round > rnd.number:
        return no(RefusalReason.LATER_ROUND_EXISTS, state=state, other_round=stage.last_round)
    return Verdict(action)


ROUND_ACTIONS = (
    RoundAction.OPEN,
    RoundAction.COMPLETE,
    RoundAction.REVERT,
    RoundAction.DELETE,
    RoundAction.SWAP,
    RoundAction.REPORT,
)


def next_actions(stage: Stage, round_number: int) -> tuple[Verdict, ...]:
    """Every action on round ``round_number`` with its verdict (for the round's card)."""
    return tuple(check(stage, action, round_number) for action in ROUND_ACTIONS)
