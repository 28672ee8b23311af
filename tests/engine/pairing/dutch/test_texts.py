"""The two texts of the FIDE Dutch system (``SwissConfig.dutch_text``; docs/pairing.md, "The
two texts"). They pair differently in one case: a pairing-allocated bye worth no more than a
loss (a zero-point PAB). C.04.3 of 1 February 2026, art. 1.4.3: "A downfloat is also given to
any player who receives a pairing-allocated bye"; the text of 1 July 2025, art. 1.4.3: only
a player who "scores without playing in a round more points than those rewarded for a loss".
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from fairpair.engine.changes.results import record_result
from fairpair.engine.changes.rounds import release_round
from fairpair.engine.errors import InvalidStage
from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.pairing import render_note
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.pairing.notes import DutchTextNote
from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import DutchText, PieceColour, SwissConfig
from fairpair.engine.tournament import Tournament

FIDE = PRESETS["fide"]
#: FIDE's scoring with a zero-point pairing-allocated bye (C.04.1: the regulations decide).
ZERO_BYE = dataclasses.replace(FIDE, scoring=dataclasses.replace(FIDE.scoring, bye=Fraction(0)))

#: Rounds 1 and 2 as the Dutch system pairs them (White first), with their winners ("" for
#: a draw), and the pairing-allocated bye.
ROUNDS = (
    ({("1", "5"): "5", ("6", "2"): "2", ("3", "7"): "", ("8", "4"): "8"}, "9"),
    ({("2", "8"): "2", ("5", "3"): "5", ("7", "1"): "7", ("4", "9"): "9"}, "6"),
)


def played(text: DutchText) -> Tournament:
    """Nine players after rounds 1 and 2: player 9 had round 1's bye (worth 0), then beat
    player 4."""
    config = SwissConfig(
        pairing_method=PairingMethod.DUTCH,
        max_rounds=4,
        initial_colour=PieceColour.WHITE,
        dutch_text=text,
    )
    stage = Stage(config=config, ruleset=ZERO_BYE, seed="texts")
    players = tuple(Player(str(n), f"Player {n}", seed=n) for n in range(1, 10))
    tournament = Tournament("Two texts", players, (stage,))
    for number, (games, bye) in enumerate(ROUNDS, start=1):
        draft = pair_next_round(tournament, tournament.stages[0])
        assert boards(draft) == (tuple(games), bye)
        tournament = release_round(tournament, draft, state=None)
        for p in draft.pairings:
            winner = games[(p.a, p.b)]
            side = None if not winner else (Side.A if winner == p.a else Side.B)
            result = Result(ResultKind.PLAYED, side)
            tournament = record_result(tournament, number, p.table, result, stage="swiss")
    return tournament


def boards(draft: PairingDraft) -> tuple[tuple[tuple[str, str], ...], str | None]:
    bye = draft.byes[0].player if draft.byes else None
    return tuple((p.a, p.b) for p in draft.pairings), bye


def test_a_zero_point_bye_is_a_downfloat_in_the_2026_text_only() -> None:
    # Before round 3: 2 and 5 on 2 points, 7 on 1½, 8 and 9 on 1, 3 on ½, 1, 4, 6 on 0.
    # 7 floats down into the bracket on 1 point (8, 9), where one player floats down again.
    # 2026: 9's bye of round 1 was a downfloat, so 9 should not float down twice in three
    # rounds (C.04.3 2026, quality criterion on the same float as two rounds before): 9
    # meets 7 and 8 floats down to 3.
    now = played(DutchText.FEB_2026)
    draft = pair_next_round(now, now.stages[0])
    assert boards(draft) == ((("5", "2"), ("9", "7"), ("8", "3"), ("1", "6")), "4")
    # 2025: the bye scored no more than a loss, so it was no float: 9, the lower ranked,
    # floats down and 8 meets 7.
    then = played(DutchText.JUL_2025)
    draft = pair_next_round(then, then.stages[0])
    assert boards(draft) == ((("5", "2"), ("8", "7"), ("9", "3"), ("1", "6")), "4")
    # The draft says which text paired it (the text in force goes without saying).
    assert [n for n in draft.notes if isinstance(n, DutchTextNote)] == [
        DutchTextNote(DutchText.JUL_2025)
    ]
    assert "2025 text of the Dutch system" in render_note(DutchTextNote(DutchText.JUL_2025), {})
    assert not any(isinstance(n, DutchTextNote) for n in pair_next_round(now, now.stages[0]).notes)


def test_the_texts_pair_alike_when_the_bye_scores_a_win() -> None:
    # The usual bye (a win's points) is a downfloat in both texts: four rounds of nine
    # players, the lower pairing number winning each game, paired alike round by round.
    events = []
    for text in DutchText:
        config = SwissConfig(pairing_method=PairingMethod.DUTCH, max_rounds=4, dutch_text=text)
        stage = Stage(config=config, ruleset=FIDE, seed="texts")
        players = tuple(Player(str(n), f"Player {n}", seed=n) for n in range(1, 10))
        events.append(Tournament("Two texts", players, (stage,)))
    for number in range(1, 5):
        drafts = [pair_next_round(t, t.stages[0]) for t in events]
        assert boards(drafts[0]) == boards(drafts[1])
        for k, draft in enumerate(drafts):
            events[k] = release_round(events[k], draft, state=None)
            for p in draft.pairings:
                side = Side.A if int(p.a) < int(p.b) else Side.B
                result = Result(ResultKind.PLAYED, side)
                events[k] = record_result(events[k], number, p.table, result, stage="swiss")


def test_the_text_is_a_setting_of_the_dutch_system_only() -> None:
    with pytest.raises(InvalidStage) as refused:
        SwissConfig(dutch_text=DutchText.JUL_2025)
    assert refused.value.where == "dutch_text"
    assert "Dutch system" in refused.value.reason
    assert SwissConfig().dutch_text is DutchText.FEB_2026
