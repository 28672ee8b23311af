"""Swapping or re-pairing players re-syncs the toss of the affected pairings only."""

from __future__ import annotations

from dataclasses import replace

from toss_builders import play, tournament, with_round

from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.toss import assign_tosses, choose_first, resync_tosses, toss_history
from fairpair.engine.tournament import Tournament

IDS = ["a", "b", "c", "d", "e", "f", "g", "h"]


def swap(rnd: Round, p: str, q: str) -> Round:
    """Test helper: exchange two players' seats in a round (matches and byes); the tosses are
    copied as they were, stale, for the re-sync to fix."""

    def seat(x: str) -> str:
        return q if x == p else p if x == q else x

    matches = tuple(Match(m.table, seat(m.a), seat(m.b), m.result, m.toss) for m in rnd.matches)
    return Round(rnd.number, matches, tuple(Bye(seat(b.player), b.kind) for b in rnd.byes))


def _event() -> Tournament:
    t = tournament(IDS)
    t, _ = play(t, [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")])
    t, _ = play(t, [("a", "c"), ("b", "d"), ("e", "g"), ("f", "h")])
    # round 3 is scheduled (no results yet)
    pairs = [("a", "e"), ("b", "f"), ("c", "g"), ("d", "h")]
    tosses = assign_tosses(t, t.stage(), 3, pairs)
    rnd = Round(
        3,
        tuple(
            Match(i + 1, a, b, None, x)
            for i, ((a, b), x) in enumerate(zip(pairs, tosses, strict=True))
        ),
    )
    return with_round(t, rnd)


def test_swapping_two_players_resyncs_their_pairings() -> None:
    t = _event()
    before = t.stage().rounds[2]
    moved = swap(before, "a", "b")  # tables 1 and 2 change: b v e, a v f
    after = resync_tosses(t, t.stage(), before, moved)
    expected = assign_tosses(t, t.stage(), 3, [("b", "e"), ("a", "f")])
    assert [m.toss for m in after.matches[:2]] == list(expected)
    assert after.matches[2:] == before.matches[2:]  # untouched tables keep their toss
    for match in after.matches:
        assert match.toss is not None and match.toss.first in match.players


def test_a_moved_player_never_keeps_a_stale_play() -> None:
    t = _event()
    before = t.stage().rounds[2]
    first = before.matches[0].toss.first  # type: ignore[union-attr]
    other = "c" if first != "c" else "d"
    after = resync_tosses(t, t.stage(), before, swap(before, first, other))
    assert all(m.toss is not None and m.toss.first in m.players for m in after.matches)


def test_unchanged_pairings_keep_their_toss_even_if_reseated_or_manual() -> None:
    t = _event()
    t = with_round(t, choose_first(t.stage(), 3, 4, "d"))
    before = t.stage().rounds[2]
    reseated = replace(
        before,
        matches=tuple(
            Match(5 - m.table, m.b, m.a, m.result, None) for m in reversed(before.matches)
        ),
    )
    after = resync_tosses(t, t.stage(), before, reseated)
    by_pair = {frozenset(m.players): m.toss for m in before.matches}
    assert all(m.toss == by_pair[frozenset(m.players)] for m in after.matches)


def test_a_swap_with_the_bye_player() -> None:
    t = tournament(["a", "b", "c"])
    t, _ = play(t, [("a", "b")], byes=["c"])
    pairs = [("a", "c")]
    (toss,) = assign_tosses(t, t.stage(), 2, pairs)
    rnd = Round(2, (Match(1, "a", "c", None, toss),), (Bye("b"),))
    t = with_round(t, rnd)
    after = resync_tosses(t, t.stage(), rnd, swap(rnd, "a", "b"))
    assert after.byes == (Bye("a"),)
    assert after.matches[0].toss == assign_tosses(t, t.stage(), 2, [("b", "c")])[0]
    assert toss_history(t.stage(), 2).balance("c") == 0
