"""Drawing a top cut: a cut stage's field from the standings of the stage it is cut from
(seed 001, "Top cut math"; ``engine.topcut.cut_of`` computes who makes it)."""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.changes.where import stage_of, with_stage
from fairpair.engine.errors import LifecycleRefused, Location, saying, saying_n
from fairpair.engine.formats.registry import stage_finished
from fairpair.engine.stage import Stage
from fairpair.engine.topcut import TopCut, cut_of
from fairpair.engine.tournament import Tournament


def draw_cut(
    tournament: Tournament, stage: str | Stage | None = None, *, early: bool = False
) -> tuple[Tournament, TopCut]:
    """``tournament`` with the cut of ``stage`` drawn: its ``participants`` are the players
    who made it, in seed order, and its ``seeds`` number them 1..N.

    Refused (``LifecycleRefused``) once the cut stage has a round, and while the stage it is
    cut from is not finished (``engine.formats.stage_finished``) unless ``early`` (the
    organizer draws the cut of a Swiss without a round cap, or on purpose).
    """
    target = stage_of(tournament, stage)
    made = cut_of(tournament, target)
    assert target.cut is not None
    where = Location(stage=target.id)
    if target.rounds:
        raise LifecycleRefused(
            where,
            saying("the cut of %(stage)r cannot change: its round 1 is released", stage=target.id),
        )
    source = tournament.stage(target.cut.from_stage)
    if not early and not stage_finished(tournament, source):
        outstanding = sum(r.outstanding for r in source.rounds)
        if outstanding:
            why = saying_n(
                "stage %(source)r is not finished (%(num)d result(s) are outstanding): the cut "
                "of %(stage)r is drawn when its last match is reported (or draw it now on "
                "purpose)",
                "stage %(source)r is not finished (%(num)d result(s) are outstanding): the cut "
                "of %(stage)r is drawn when its last match is reported (or draw it now on "
                "purpose)",
                outstanding,
                source=source.id,
                stage=target.id,
            )
        else:
            why = saying(
                "stage %(source)r is not finished (it has rounds left to play): the cut of "
                "%(stage)r is drawn when its last match is reported (or draw it now on purpose)",
                source=source.id,
                stage=target.id,
            )
        raise LifecycleRefused(where, why)
    players = made.players
    drawn = replace(target, participants=players, seeds={p: i + 1 for i, p in enumerate(players)})
    return with_stage(tournament, drawn), made
