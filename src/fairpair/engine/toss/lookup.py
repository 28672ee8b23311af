"""Finding a round of a stage and a match of a round, with a clear refusal when absent."""

from __future__ import annotations

from fairpair.engine.errors import Location, saying
from fairpair.engine.rounds import Match, Round
from fairpair.engine.stage import Stage
from fairpair.engine.toss.errors import TossUnavailable


def round_of(stage: Stage, round_number: int) -> Round:
    for rnd in stage.rounds:
        if rnd.number == round_number:
            return rnd
    where = Location(stage=stage.id, round=round_number)
    if not stage.rounds:
        raise TossUnavailable(where, saying("no such round (rounds: none yet)"))
    known = ", ".join(str(r.number) for r in stage.rounds)
    raise TossUnavailable(where, saying("no such round (rounds: %(rounds)s)", rounds=known))


def match_at(rnd: Round, table: int) -> Match:
    for match in rnd.matches:
        if match.table == table:
            return match
    raise TossUnavailable(Location(round=rnd.number, table=table), saying("no match at this table"))
