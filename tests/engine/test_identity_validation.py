"""Validation of identity and lifecycle facts: table ids unique in the stage, one live round."""

from __future__ import annotations

from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round, RoundState
from fairpair.engine.stage import stage_from_settings
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import problems

PLAYERS = tuple(Player(p, p.upper()) for p in "abcd")
WIN = Result.win(Side.A)


def event(*rounds: Round) -> Tournament:
    return Tournament("x", PLAYERS, (stage_from_settings(rounds=rounds),))


def test_a_match_id_used_twice_in_the_stage_is_refused_with_both_places() -> None:
    r1 = Round(1, (Match(1, "a", "b", WIN, id="final"), Match(2, "c", "d", WIN)))
    r2 = Round(2, (Match(1, "a", "c", WIN, id="final"), Match(2, "b", "d", WIN)))
    found = problems(event(r1, r2))
    assert [(p.where, p.reason) for p in found] == [
        (
            "stages[0].rounds[1].matches[0].id",
            "match id 'final' is already used at round 1, table 1",
        )
    ]


def test_default_ids_never_collide() -> None:
    r1 = Round(1, (Match(1, "a", "b", WIN), Match(2, "c", "d", WIN)))
    r2 = Round(2, (Match(1, "a", "c", WIN), Match(2, "b", "d", WIN)))
    assert problems(event(r1, r2)) == []
    assert [m.id for m in r2.matches] == ["2.1", "2.2"]


def test_only_the_last_round_can_be_live() -> None:
    r1 = Round(1, (Match(1, "a", "b"), Match(2, "c", "d")), state=RoundState.OPEN)
    r2 = Round(2, (Match(1, "a", "c"), Match(2, "b", "d")), state=RoundState.SCHEDULED)
    found = problems(event(r1, r2))
    assert [p.where for p in found] == ["stages[0].rounds[0].state"]
    assert "only the last round can be live" in found[0].reason
