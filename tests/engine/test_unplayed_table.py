"""One table for unplayed rounds: the ledger, the toss record and the pairing history all
follow ``engine.unplayed.COUNTING`` for every outcome."""

from __future__ import annotations

import pytest

from fairpair.engine.history import met_before
from fairpair.engine.ledger import build_ledger
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round, Toss, TossReason
from fairpair.engine.stage import TossSettings, stage_from_settings
from fairpair.engine.toss import toss_history
from fairpair.engine.tournament import Tournament
from fairpair.engine.unplayed import COUNTING, RoundOutcome

PLAYERS = (Player("a", "A"), Player("b", "B"))
TOSS = Toss("a", TossReason.NEUTRAL)

MATCH_RESULTS = {
    RoundOutcome.PLAYED: Result.win(Side.A),
    RoundOutcome.INTENTIONAL_DRAW: Result.draw(intentional=True),
    RoundOutcome.FORFEIT_WIN: Result.forfeit(Side.A),
    RoundOutcome.DOUBLE_FORFEIT: Result(ResultKind.DOUBLE_FORFEIT),
    RoundOutcome.SKIPPED: Result(ResultKind.SKIPPED),
    RoundOutcome.PENDING: None,
}
BYES = {
    RoundOutcome.PAIRING_BYE: ByeKind.PAIRING,
    RoundOutcome.FULL_BYE: ByeKind.FULL,
    RoundOutcome.HALF_BYE: ByeKind.HALF,
    RoundOutcome.ZERO_BYE: ByeKind.ZERO,
}


def one_round(rnd: Round) -> Tournament:
    stage = stage_from_settings(rounds=(rnd,), toss=TossSettings(enabled=True))
    return Tournament("x", PLAYERS, (stage,))


@pytest.mark.parametrize("outcome", list(MATCH_RESULTS))
def test_matches_follow_the_table(outcome: RoundOutcome) -> None:
    row = COUNTING[outcome]
    t = one_round(Round(1, (Match(1, "a", "b", MATCH_RESULTS[outcome], TOSS),)))
    record = build_ledger(t).record("a")
    assert (record.played == 1) is row.played
    assert ("b" in met_before(t.stage()).get("a", set())) is row.met
    toss = toss_history(t.stage()).of("a")
    assert (toss.matches == 1) is row.toss
    assert ("b" in record.opponents) is (row.opponent.value == "yes")


@pytest.mark.parametrize("outcome", list(BYES))
def test_byes_follow_the_table(outcome: RoundOutcome) -> None:
    row = COUNTING[outcome]
    t = one_round(Round(1, byes=(Bye("a", BYES[outcome]),)))
    record = build_ledger(t).record("a")
    assert (record.played == 1) is row.played
    assert met_before(t.stage()).get("a", set()) == set()
    from fairpair.engine.pairing.byes import had_bye

    assert ("a" in had_bye(t.stage())) is row.had_bye
