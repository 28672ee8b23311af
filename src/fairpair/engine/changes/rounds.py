"""Adding a round to a stage: a drafted round released, or a round given whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fairpair.engine.changes.where import round_in, stage_of, with_round, with_stage
from fairpair.engine.errors import InvalidTournament, LifecycleRefused, Location, saying
from fairpair.engine.lifecycle import RoundAction, check
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.rounds import Match, PodTable, Round, RoundState, Toss, default_match_id
from fairpair.engine.stage import Stage
from fairpair.engine.toss import assign_tosses, toss_applies
from fairpair.engine.tournament import Tournament


def add_round(tournament: Tournament, rnd: Round, stage: str | Stage | None = None) -> Tournament:
    """``tournament`` with ``rnd`` added as the next round of ``stage`` (default: the last).

    Refuses a round whose number is not the next one (rounds are numbered 1, 2, 3, ...).
    """
    chosen = stage_of(tournament, stage)
    expected = chosen.last_round + 1
    if rnd.number != expected:
        raise InvalidTournament(
            Location(stage=chosen.id, round=rnd.number),
            saying(
                "the next round of stage %(stage)r is round %(expected)s, not %(round)s",
                stage=chosen.id,
                expected=expected,
                round=rnd.number,
            ),
        )
    return with_stage(tournament, replace(chosen, rounds=(*chosen.rounds, rnd)))


def replace_round(
    tournament: Tournament, rnd: Round, stage: str | Stage | None = None
) -> Tournament:
    """``tournament`` with round ``rnd.number`` of ``stage`` replaced by ``rnd``."""
    chosen = stage_of(tournament, stage)
    round_in(chosen, rnd.number)
    return with_round(tournament, chosen, rnd)


def withdrawn_since(tournament: Tournament, stage: Stage, draft: PairingDraft) -> tuple[str, ...]:
    """The draft's players who are no longer eligible for its round (they dropped)."""
    gone = tournament.drop_rounds(stage)
    return tuple(
        p
        for p in draft.eligible
        if (after := gone.get(p)) is not None and draft.round_number > after
    )


def release_round(
    tournament: Tournament,
    draft: PairingDraft,
    *,
    tosses: Sequence[Toss] | None = None,
    state: RoundState | None = RoundState.SCHEDULED,
) -> Tournament:
    """``tournament`` with ``draft`` released as its stage's next round (seed 004 "Release").

    Refused (``LifecycleRefused``) while another round is Scheduled or Open, past the round
    cap, when the draft is for another round than the next, and, naming them, when players
    of the draft withdrew after it was made. Matches get their ids (``"<round>.<table>"``)
    and, when the stage uses the toss, who plays first (``tosses``, or computed now).
    ``state=None`` adds the round untracked (a plain document derives its state from the
    results).
    """
    stage = tournament.stage(draft.stage_id)
    verdict = check(
        stage,
        RoundAction.RELEASE,
        draft.round_number,
        withdrawn=withdrawn_since(tournament, stage, draft),
    )
    if verdict.refusal is not None:
        raise LifecycleRefused(
            Location(stage=stage.id, round=draft.round_number), verdict.refusal.said
        )
    pairs = [(p.a, p.b) for p in draft.pairings]
    if tosses is None and toss_applies(stage):
        tosses = assign_tosses(tournament, stage, draft.round_number, pairs)
    chosen = list(tosses) if tosses is not None else [p.plays_first for p in draft.pairings]
    if len(chosen) != len(pairs):
        raise InvalidTournament(
            Location(stage=stage.id, round=draft.round_number),
            saying(
                "%(tosses)s tosses for %(pairings)s pairings",
                tosses=len(chosen),
                pairings=len(pairs),
            ),
        )
    number = draft.round_number
    matches = tuple(
        Match(p.table, p.a, p.b, None, toss, p.match_id or default_match_id(number, p.table))
        for p, toss in zip(draft.pairings, chosen, strict=True)
    )
    pods = tuple(
        PodTable(p.table, p.seats, None, default_match_id(number, p.table)) for p in draft.pods
    )
    return with_stage(
        tournament,
        replace(
            stage, rounds=(*stage.rounds, Round(number, matches, draft.byes, pods, state=state))
        ),
    )
