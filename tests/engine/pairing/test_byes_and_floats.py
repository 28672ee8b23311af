"""Byes (rule, fallback, assigned, moved) and floats out of odd score groups."""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.pairing import (
    ByeNote,
    ByeRule,
    FloatNote,
    NoteKind,
    PairingDraft,
    check_pairing,
    pair_next_round,
)
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round
from fairpair.engine.stage import AssignedBye
from fairpair.engine.tournament import Tournament

from .simulate import tournament, with_round


def draft_of(t: Tournament) -> PairingDraft:
    draft = pair_next_round(t)
    check_pairing(t, draft)
    return draft


def won(table: int, a: str, b: str) -> Match:
    return Match(table, a, b, Result.win(Side.A))


def kinds(draft) -> list[NoteKind]:  # type: ignore[no-untyped-def]
    return [n.kind for n in draft.notes]


def bye_note(draft) -> ByeNote:  # type: ignore[no-untyped-def]
    (note,) = [n for n in draft.notes if isinstance(n, ByeNote)]
    return note


def test_odd_field_gives_the_bye_to_the_lowest_ranked() -> None:
    draft = draft_of(tournament(5))
    assert draft.byes == (Bye("p04", ByeKind.PAIRING),)
    assert NoteKind.BYE in kinds(draft)


def test_the_bye_skips_players_who_already_had_one() -> None:
    t = tournament(5)
    t = with_round(t, Round(1, (won(1, "p00", "p01"), won(2, "p02", "p03")), (Bye("p04"),)))
    draft = draft_of(t)
    # Losers p01 and p03 are on 0 points; p03 is ranked lowest among those without a bye.
    assert draft.byes[0].player == "p03"


def test_when_everyone_has_had_a_bye_the_lowest_ranked_gets_it_again() -> None:
    t = tournament(3)
    t = with_round(t, Round(1, (won(1, "p00", "p01"),), (Bye("p02"),)))
    t = with_round(t, Round(2, (won(1, "p00", "p02"),), (Bye("p01"),)))
    t = with_round(t, Round(3, (won(1, "p01", "p02"),), (Bye("p00"),)))
    draft = draft_of(t)
    assert bye_note(draft).rule is ByeRule.EVERYONE_HAD_ONE and bye_note(draft).repeat
    # Standings: p00 3 wins (6+3=9), p01 and p02 3 pts each... the lowest-ranked sits out.
    assert draft.byes[0].player == draft.eligible[-1]
    assert draft.pairings[0].forced_rematch


def test_assigned_byes_are_honoured_first_and_are_not_the_pairing_bye() -> None:
    t = tournament(6, assigned_byes=(AssignedBye("p00", 1), AssignedBye("p01", 2)))
    draft = draft_of(t)
    assert Bye("p00", ByeKind.FULL) in draft.byes
    assert Bye("p05", ByeKind.PAIRING) in draft.byes
    assert len(draft.pairings) == 2
    assert NoteKind.ASSIGNED_BYE in kinds(draft)


def test_the_bye_moves_when_the_rule_recipient_forces_a_rematch() -> None:
    zero = ByeKind.ZERO
    t = tournament(5)
    t = with_round(t, Round(1, (won(1, "p00", "p01"), won(2, "p02", "p04")), (Bye("p03", zero),)))
    t = with_round(t, Round(2, (won(1, "p00", "p02"), won(2, "p03", "p04")), (Bye("p01", zero),)))
    t = with_round(t, Round(3, (won(1, "p00", "p03"), won(2, "p01", "p04")), (Bye("p02", zero),)))
    # p04 is lowest and has had no bye, but without p04, p00 has met all the others.
    draft = draft_of(t)
    assert draft.byes[0].player != "p04"
    moved = bye_note(draft)
    assert moved.rule is ByeRule.FEWER_FORCED
    assert (moved.player, moved.instead_of) == (draft.byes[0].player, "p04")
    assert not any(p.forced_rematch for p in draft.pairings)


def test_an_odd_group_floats_its_lowest_ranked_player() -> None:
    t = tournament(6)
    t = with_round(
        t,
        Round(1, (won(1, "p00", "p03"), won(2, "p01", "p04"), won(3, "p02", "p05"))),
    )
    draft = draft_of(t)
    assert [(p.a, p.b) for p in draft.pairings] == [
        ("p00", "p01"),
        ("p02", "p03"),
        ("p04", "p05"),
    ]
    floats = [n for n in draft.notes if isinstance(n, FloatNote)]
    assert [(n.player, n.source.points, n.target.points) for n in floats] == [
        ("p02", Fraction(3), Fraction(0))
    ]


def test_a_blocked_group_floats_both_players_down_not_up() -> None:
    t = tournament(6)
    t = with_round(t, Round(1, (won(1, "p00", "p03"), won(2, "p01", "p04"), won(3, "p02", "p05"))))
    t = with_round(t, Round(2, (won(1, "p00", "p01"), won(2, "p02", "p03"), won(3, "p04", "p05"))))
    # 6 points: p00, p02; 3 points: p01, p04 (they met in round 1); 0 points: p03, p05.
    draft = draft_of(t)
    got = {(p.a, p.b) for p in draft.pairings}
    assert ("p00", "p02") in got
    assert not any(p.forced_rematch for p in draft.pairings)
    floaters = sorted(n.player for n in draft.notes if isinstance(n, FloatNote))
    assert floaters == ["p01", "p04"]
    assert any(n.kind is NoteKind.REMATCH_REPAIRED for n in draft.notes)
