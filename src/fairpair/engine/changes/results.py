"""Recording what happened at a table: a match's result, a pod table's finishing places."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from fairpair.engine.brackets import PlayoffDrawRefused
from fairpair.engine.changes.where import round_in, stage_of, table_in, with_round
from fairpair.engine.errors import InvalidResult, LifecycleRefused, Location, saying, saying_all
from fairpair.engine.lifecycle import RoundAction, check
from fairpair.engine.results import Result, without_winner_said
from fairpair.engine.rounds import Match, PodTable, Round, Table
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import games_said
from fairpair.engine.validation_pods import places_problem


def _reportable(
    tournament: Tournament, stage: str | Stage | None, number: int, table: int | str
) -> tuple[Stage, Round, Table]:
    chosen = stage_of(tournament, stage)
    rnd = round_in(chosen, number)
    found = table_in(chosen, rnd, table)
    verdict = check(chosen, RoundAction.REPORT, number)
    if verdict.refusal is not None:
        raise LifecycleRefused(
            Location(stage=chosen.id, round=number, table=found.table), verdict.refusal.said
        )
    return chosen, rnd, found


def record_result(
    tournament: Tournament,
    round_number: int,
    table: int | str,
    result: Result | None,
    *,
    stage: str | Stage | None = None,
) -> Tournament:
    """``tournament`` with ``result`` recorded for the match at ``table`` (its number, or its
    id) of round ``round_number``; ``None`` clears a result. Refused in a Scheduled round."""
    chosen, rnd, found = _reportable(tournament, stage, round_number, table)
    if not isinstance(found, Match):
        raise InvalidResult(
            Location(stage=chosen.id, round=round_number, table=found.table),
            saying("this is a pod table: record its finishing places (record_places)"),
        )
    if result is not None and chosen.is_playoff and result.winner is None:
        raise playoff_draw_refused(result, chosen.id, round_number, found.table)
    if result is not None and result.games is not None:
        reasons = games_said(result.games, chosen.ruleset.scoring.match_format)
        if reasons:
            raise InvalidResult(
                Location(("games",), stage=chosen.id, round=round_number, table=found.table),
                saying_all(reasons),
            )
    matches = tuple(replace(m, result=result) if m is found else m for m in rnd.matches)
    return with_round(tournament, chosen, replace(rnd, matches=matches))


def playoff_draw_refused(
    result: Result, stage: str, round_number: int, table: int
) -> InvalidResult:
    """The refusal of a result without a winner on a playoff stage (issue 9, point 6): a
    playoff match continues until a player wins (MTR); it is replayed or decided."""
    return PlayoffDrawRefused(
        Location(stage=stage, round=round_number, table=table),
        saying(
            "table %(table)s is a playoff match: it cannot end in %(what)s; replay it or decide "
            "it (report the winner, or a forfeit win)",
            table=table,
            what=without_winner_said(result),
        ),
    )


def record_places(
    tournament: Tournament,
    round_number: int,
    table: int | str,
    places: Sequence[int] | None,
    *,
    stage: str | Stage | None = None,
) -> Tournament:
    """``tournament`` with the finishing place of each seat (in seat order) recorded for the
    pod table at ``table``; ``None`` clears them."""
    chosen, rnd, found = _reportable(tournament, stage, round_number, table)
    where = Location(stage=chosen.id, round=round_number, table=found.table)
    if not isinstance(found, PodTable):
        raise InvalidResult(where, saying("this is a two-player match: record its result"))
    value = tuple(places) if places is not None else None
    if value is not None:
        problem = places_problem(value, len(found.seats))
        if problem is not None:
            raise InvalidResult(where, problem)
    pods = tuple(replace(p, places=value) if p is found else p for p in rnd.pods)
    return with_round(tournament, chosen, replace(rnd, pods=pods))
