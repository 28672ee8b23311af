"""Forced rematches in a late small field, forbidden pairs, exclusions, groups, caps."""

from __future__ import annotations

from dataclasses import replace

import pytest

from fairpair.engine.drops import Drop
from fairpair.engine.errors import PairingRefused
from fairpair.engine.pairing import (
    Blocked,
    ExcludedNote,
    Exclusion,
    ForcedRematchNote,
    GroupSkippedNote,
    NobodyToPair,
    NoteKind,
    PairingDraft,
    RematchRepairedNote,
    RoundCapReached,
    RoundStillOpen,
    check_pairing,
    pair_next_round,
    render_notes,
)
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.stage import Group
from fairpair.engine.tournament import Tournament

from .simulate import event, tournament, with_round


def draft_of(t: Tournament) -> PairingDraft:
    draft = pair_next_round(t)
    check_pairing(t, draft)
    return draft


def round_robin_rounds(n: int) -> list[list[tuple[int, int]]]:
    """Berger circle: n-1 rounds in which everyone meets everyone once."""
    people = list(range(n))
    rounds = []
    for _ in range(n - 1):
        rounds.append([(people[k], people[n - 1 - k]) for k in range(n // 2)])
        people = [people[0], people[-1], *people[1:-1]]
    return rounds


def test_six_players_in_round_six_must_rematch_and_say_so() -> None:
    t = tournament(6)
    for number, pairs in enumerate(round_robin_rounds(6), start=1):
        matches = tuple(
            Match(k + 1, f"p{a:02d}", f"p{b:02d}", Result.win(Side.A))
            for k, (a, b) in enumerate(pairs)
        )
        t = with_round(t, Round(number, matches))
    draft = draft_of(t)
    assert draft.round_number == 6
    assert all(p.forced_rematch for p in draft.pairings)
    forced = [n for n in draft.notes if isinstance(n, ForcedRematchNote)]
    assert [n.count for n in forced] == [3]  # one note, three matches repeated
    assert set(forced[0].pairs) == {(p.a, p.b) for p in draft.pairings}
    assert any("Forced rematch" in line for line in render_notes(draft.notes))


def test_a_forced_rematch_is_only_the_unavoidable_one() -> None:
    t = tournament(4)
    t = with_round(
        t,
        Round(
            1,
            (
                Match(1, "p00", "p01", Result.win(Side.A)),
                Match(2, "p02", "p03", Result.win(Side.A)),
            ),
        ),
    )
    t = with_round(
        t,
        Round(
            2,
            (
                Match(1, "p00", "p02", Result.win(Side.A)),
                Match(2, "p01", "p03", Result.win(Side.A)),
            ),
        ),
    )
    draft = draft_of(t)
    assert {(p.a, p.b) for p in draft.pairings} == {("p00", "p03"), ("p01", "p02")}
    assert not draft.forced


def test_forbidden_pairs_are_avoided_like_rematches() -> None:
    t = tournament(4, forbidden_pairs=(("p00", "p01"),))
    draft = draft_of(t)
    assert ("p00", "p01") not in {(p.a, p.b) for p in draft.pairings}
    assert any(
        isinstance(n, RematchRepairedNote) and n.reason is Blocked.FORBIDDEN for n in draft.notes
    )


def test_a_forbidden_pair_is_flagged_when_nothing_else_works() -> None:
    t = tournament(2, forbidden_pairs=(("p00", "p01"),))
    draft = draft_of(t)
    assert draft.pairings[0].forbidden and not draft.pairings[0].forced_rematch
    assert any(n.kind is NoteKind.FORCED_FORBIDDEN for n in draft.notes)


def test_exclusions_are_named_with_their_reason() -> None:
    t = tournament(6, participants=("p00", "p01", "p02", "p03", "p04", "p05"))
    t = replace(t, drops=(Drop("p05", 0),))
    t = replace(t, players=(*t.players, Player("late", "Late Entry")))
    t = replace(t, stages=(replace(t.stage(), participants=(*t.stage().participants, "late")),))  # type: ignore[misc]
    t = with_round(
        t,
        Round(
            1,
            (
                Match(1, "p00", "p01", Result.win(Side.A)),
                Match(2, "p02", "p03", Result.win(Side.A)),
            ),
            (),
        ),
    )
    t = replace(t, drops=(*t.drops, Drop("p04", 0)))
    draft = draft_of(t)
    excluded = {p: n.reason for n in draft.notes if isinstance(n, ExcludedNote) for p in n.players}
    assert excluded["p05"] == Exclusion.DROPPED
    assert excluded["p04"] == Exclusion.DROPPED
    assert excluded["late"] == Exclusion.NO_STANDINGS_ROW
    text = render_notes(draft.notes, {"late": "Late Entry"})
    assert any(line.startswith("Late Entry is not paired") for line in text)


def test_a_player_in_no_group_is_excluded_and_groups_pair_apart() -> None:
    groups = (Group("A", ("p00", "p01", "p02")), Group("B", ("p03", "p04", "p05", "p06")))
    t = tournament(8, groups=groups)
    draft = draft_of(t)
    excluded = {p: n.reason for n in draft.notes if isinstance(n, ExcludedNote) for p in n.players}
    assert excluded == {"p07": Exclusion.NO_GROUP}
    group_a = {"p00", "p01", "p02"}
    for p in draft.pairings:
        assert (p.a in group_a) == (p.b in group_a)
    assert [b.player for b in draft.byes] == ["p02"]  # group A is odd: its own bye


def test_a_group_with_one_eligible_player_is_skipped() -> None:
    groups = (Group("A", ("p00",)), Group("B", ("p01", "p02")))
    draft = draft_of(tournament(3, groups=groups))
    skipped = [n for n in draft.notes if isinstance(n, GroupSkippedNote)]
    assert [(n.group, n.players) for n in skipped] == [("A", ("p00",))]
    assert [(p.a, p.b) for p in draft.pairings] == [("p01", "p02")]


def test_pairing_past_max_rounds_is_refused_with_a_clear_message() -> None:
    t = event(4, 2, seed=1, max_rounds=2)
    with pytest.raises(PairingRefused, match="max rounds is 2") as caught:
        pair_next_round(t)
    assert isinstance(caught.value, RoundCapReached)
    assert (caught.value.code, caught.value.cap, caught.value.round_number) == (
        "round_cap_reached",
        2,
        3,
    )


def test_pairing_with_unreported_matches_is_refused() -> None:
    t = tournament(4)
    t = with_round(
        t, Round(1, (Match(1, "p00", "p01"), Match(2, "p02", "p03", Result.win(Side.A))))
    )
    with pytest.raises(PairingRefused, match="without a result") as caught:
        pair_next_round(t)
    assert isinstance(caught.value, RoundStillOpen)
    assert caught.value.code == "round_still_open"
    assert (caught.value.open_round, caught.value.outstanding) == (1, 1)


def test_nobody_to_pair_is_refused() -> None:
    with pytest.raises(PairingRefused, match="fewer than two") as caught:
        pair_next_round(tournament(1))
    assert isinstance(caught.value, NobodyToPair)
    assert caught.value.code == "nobody_to_pair"


def test_drafts_are_deterministic() -> None:
    t = event(30, 5, seed=7, drops=3)
    assert pair_next_round(t) == pair_next_round(t)
    assert pair_next_round(t).to_round().number == 6


def test_a_late_entry_who_sat_out_on_a_zero_bye_is_paired_on_zero_points() -> None:
    """Late entry (issue 8): a player added after round 1 with a zero-point bye for the
    missed round has no completed match, yet is in the stage and is paired from round 2, in
    the bottom score group; a player with no entry at all is still left out with a note."""
    from fairpair.engine.rounds import Bye, ByeKind

    t = tournament(6, participants=("p00", "p01", "p02", "p03", "p04", "p05"))
    t = replace(t, players=(*t.players, Player("late", "Late Entry"), Player("lost", "Lost")))
    stage = t.stage()
    t = replace(t, stages=(replace(stage, participants=(*stage.participants, "late", "lost")),))  # type: ignore[misc]
    t = with_round(
        t,
        Round(
            1,
            (
                Match(1, "p00", "p01", Result.win(Side.A)),
                Match(2, "p02", "p03", Result.win(Side.A)),
                Match(3, "p04", "p05", Result.win(Side.A)),
            ),
            (Bye("late", ByeKind.ZERO),),
        ),
    )
    draft = draft_of(t)
    paired = {p for m in draft.pairings for p in (m.a, m.b)} | {b.player for b in draft.byes}
    assert "late" in paired
    excluded = {p: n.reason for n in draft.notes if isinstance(n, ExcludedNote) for p in n.players}
    assert excluded == {"lost": Exclusion.NO_STANDINGS_ROW}
    # On zero points: paired with a player who lost round 1 or given the bye.
    losers = {"p01", "p03", "p05"}
    partner = next(
        (m.b if m.a == "late" else m.a for m in draft.pairings if "late" in (m.a, m.b)), None
    )
    assert partner is None or partner in losers
