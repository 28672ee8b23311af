"""The bye order (seed 004 "Byes", issue 13): no second bye while anyone has none; then the
lowest-ranked player without a bye whose bye lets the rest pair without a rematch; rematches
flagged when forced; the fallback when everyone has had one; the organizer's option."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from fairpair.engine.pairing import (
    ByeNote,
    ByeRule,
    ForcedRematchNote,
    check_pairing,
    pair_next_round,
    render_note,
)
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round
from fairpair.engine.stage_config import SwissConfig
from fairpair.engine.tournament import Tournament

from .simulate import tournament, with_round

ZERO = ByeKind.ZERO


def won(table: int, a: str, b: str) -> Match:
    return Match(table, a, b, Result.win(Side.A))


def bye_note(draft) -> ByeNote:  # type: ignore[no-untyped-def]
    (note,) = [n for n in draft.notes if isinstance(n, ByeNote)]
    return note


def rounds(t: Tournament, *played: tuple[tuple[Match, ...], tuple[Bye, ...]]) -> Tournament:
    for number, (matches, byes) in enumerate(played, start=1):
        t = with_round(t, Round(number, matches, byes))
    return t


def everyone_met_p04() -> Tournament:
    """Five players. p04 had the only (scoring) bye and has since met all four others; the
    four have met in pairs, but p00–p02 and p01–p03 have not met. So any bye given to one of
    the four forces p04 into a rematch, while p04's second bye would force none."""
    return rounds(
        tournament(5),
        ((won(1, "p00", "p01"), won(2, "p02", "p03")), (Bye("p04"),)),
        ((won(1, "p04", "p00"), won(2, "p01", "p02")), (Bye("p03", ZERO),)),
        ((won(1, "p04", "p01"), won(2, "p00", "p03")), (Bye("p02", ZERO),)),
        ((won(1, "p04", "p02"),), (Bye("p00", ZERO), Bye("p01", ZERO), Bye("p03", ZERO))),
        ((won(1, "p04", "p03"),), (Bye("p00", ZERO), Bye("p01", ZERO), Bye("p02", ZERO))),
    )


def test_the_rule_recipient_forcing_a_rematch_gives_way_to_another_without_a_bye() -> None:
    # Zero-point byes do not count as byes: nobody has had one. p04 is the lowest-ranked,
    # but without p04, p00 (who met p01, p02, p03) could only rematch.
    t = rounds(
        tournament(5),
        ((won(1, "p00", "p01"), won(2, "p02", "p04")), (Bye("p03", ZERO),)),
        ((won(1, "p00", "p02"), won(2, "p03", "p04")), (Bye("p01", ZERO),)),
        ((won(1, "p00", "p03"), won(2, "p01", "p04")), (Bye("p02", ZERO),)),
    )
    draft = pair_next_round(t)
    check_pairing(t, draft)
    note = bye_note(draft)
    assert note.rule is ByeRule.FEWER_FORCED
    assert note.instead_of == "p04" == draft.eligible[-1]
    assert (note.forced, note.instead_forced, note.repeat) == (0, 1, False)
    assert draft.byes == (Bye(note.player, ByeKind.PAIRING),)
    # The lowest-ranked of those whose bye forces nothing: everyone below them forces some.
    below = draft.eligible[draft.eligible.index(note.player) + 1 :]
    assert below == ("p04",)
    assert not draft.forced
    text = render_note(note, {"p04": "Eli"})
    assert "instead of Eli" in text and "1 rematch" in text


def test_a_player_who_had_a_bye_never_gets_a_second_while_others_have_none() -> None:
    t = everyone_met_p04()
    draft = pair_next_round(t)
    check_pairing(t, draft)
    note = bye_note(draft)
    assert draft.byes[0].player != "p04"
    # Every player without a bye forces the same one rematch: the lowest-ranked of them has it.
    fresh = [p for p in draft.eligible if p != "p04"]
    assert note.player == fresh[-1]
    assert (note.rule, note.forced, note.repeat, note.instead_of) == (
        ByeRule.LOWEST_WITHOUT_BYE,
        1,
        False,
        None,
    )
    # The rematch is paired and flagged, in one note that gives the number and the pair.
    forced = [p for p in draft.pairings if p.forced_rematch]
    assert len(forced) == 1 and "p04" in (forced[0].a, forced[0].b)
    (note_forced,) = [n for n in draft.notes if isinstance(n, ForcedRematchNote)]
    assert note_forced.pairs == ((forced[0].a, forced[0].b),) and note_forced.count == 1
    assert "Forced rematch" in render_note(note_forced)


def test_the_option_prefers_a_second_bye_to_a_forced_rematch() -> None:
    t = everyone_met_p04()
    default = pair_next_round(t)
    draft = pair_next_round(t, prefer_repeat_bye=True)
    check_pairing(t, draft, prefer_repeat_bye=True)
    note = bye_note(draft)
    assert draft.byes == (Bye("p04", ByeKind.PAIRING),)
    assert (note.rule, note.repeat, note.forced) == (ByeRule.REPEAT_PREFERRED, True, 0)
    assert note.instead_of == bye_note(default).player
    assert note.instead_forced == 1
    assert not draft.forced
    text = render_note(note)
    assert "again (a repeat bye)" in text and "prefers a second bye" in text
    # The same draft breaks the default rule, and the invariant helper says so.
    try:
        check_pairing(t, draft)
    except AssertionError as problem:
        assert "second bye" in str(problem)
    else:  # pragma: no cover
        raise AssertionError("a second bye passed the default rule")


def test_the_option_changes_nothing_when_a_player_without_a_bye_forces_nothing() -> None:
    t = rounds(
        tournament(5),
        ((won(1, "p00", "p01"), won(2, "p02", "p03")), (Bye("p04"),)),
    )
    assert pair_next_round(t, prefer_repeat_bye=True) == pair_next_round(t)
    assert bye_note(pair_next_round(t)).rule is ByeRule.LOWEST_WITHOUT_BYE


def test_when_everyone_has_had_a_bye_the_lowest_ranked_has_it_again_noted() -> None:
    t = rounds(
        tournament(3),
        ((won(1, "p00", "p01"),), (Bye("p02"),)),
        ((won(1, "p00", "p02"),), (Bye("p01"),)),
        ((won(1, "p01", "p02"),), (Bye("p00"),)),
    )
    draft = pair_next_round(t)
    check_pairing(t, draft)
    note = bye_note(draft)
    assert note.player == draft.eligible[-1]
    assert (note.rule, note.repeat, note.instead_of) == (ByeRule.EVERYONE_HAD_ONE, True, None)
    # Everyone has met everyone: the one match left is a forced rematch, flagged.
    assert draft.pairings[0].forced_rematch and note.forced == 1
    assert "again (a repeat bye)" in render_note(note)


def test_when_everyone_has_had_a_bye_the_fallback_also_avoids_a_rematch() -> None:
    # Everyone has had a bye. p01 (3 points) is the lowest-ranked, but p00 and p02 have met;
    # p02 sitting out leaves p00 v p01 (met too); p00 sitting out leaves p01 v p02, new.
    t = rounds(
        tournament(3),
        ((won(1, "p00", "p01"),), (Bye("p02"),)),
        ((Match(1, "p00", "p02", Result.win(Side.B)),), (Bye("p01"),)),
        ((), (Bye("p00"), Bye("p01", ZERO), Bye("p02", ZERO))),
    )
    draft = pair_next_round(t)
    check_pairing(t, draft)
    note = bye_note(draft)
    assert draft.eligible[-1] == "p01"
    assert (note.player, note.rule, note.repeat) == ("p00", ByeRule.EVERYONE_HAD_ONE, True)
    assert (note.instead_of, note.forced, note.instead_forced) == ("p01", 0, 1)
    assert [(p.a, p.b, p.forced_rematch) for p in draft.pairings] == [("p02", "p01", False)]
    assert "not p01" in render_note(note)


def test_the_option_is_part_of_the_stage_configuration() -> None:
    t = everyone_met_p04()
    stage = t.stage()
    swiss = cast(SwissConfig, stage.config)
    configured = replace(stage, config=replace(swiss, prefer_repeat_bye=True))
    t = replace(t, stages=(configured,))
    draft = pair_next_round(t)  # no keyword: the stage's Swiss configuration decides
    check_pairing(t, draft)
    assert draft.byes == (Bye("p04", ByeKind.PAIRING),)
    assert bye_note(draft).rule is ByeRule.REPEAT_PREFERRED
