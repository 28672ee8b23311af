"""The standings table: points, then tiebreaks; "1224" shared ranks; dropped rows; players
who never completed a match; how each kind of round enters the record (the ledger table in
docs/tiebreaks.md). Sources: issue 2 item 6 and seed 004 ("Withdrawn and dropped players …
a player who never completed a match disappears from the board, and one who did stays
visible — de-emphasized, without a rank number")."""

from __future__ import annotations

from fractions import Fraction

from tiebreaks.builders import Rounds, build, order, ranks

from fairpair.engine.standings import compute_standings

# A 2, B 1, C 1, D 0 (chess scoring).
ROUNDS = [[("a", "b", "a"), ("c", "d", "a")], [("b", "d", "a"), ("a", "c", "a")]]


def test_ties_share_a_rank_and_the_next_rank_skips_1224() -> None:
    st = compute_standings(build(ROUNDS, ruleset="teamup"), tiebreaks=[])
    assert [r.rank for r in st.rows] == [1, 2, 2, 4]
    assert order(st)[0] == "a" and order(st)[3] == "d"


def test_tiebreak_splits_a_tie_and_ranks_follow() -> None:
    # Buchholz: B met A (2) and D (0) = 2; C met D (0) and A (2) = 2 → still tied; seed: B.
    st = compute_standings(build(ROUNDS, ruleset="teamup"), tiebreaks=["buchholz", "seed"])
    assert order(st) == ["a", "b", "c", "d"]
    assert [r.rank for r in st.rows] == [1, 2, 3, 4]


def test_dropped_player_keeps_row_without_rank_and_ranks_count_active_only() -> None:
    t = build(ROUNDS, ruleset="teamup", drops={"b": 2})
    st = compute_standings(t, tiebreaks=["buchholz"])
    row = st.row("b")
    assert row.rank is None and row.dropped and row.dropped_after == 2
    assert row.points == 1
    assert ranks(st) == {"a": 1, "b": None, "c": 2, "d": 3}
    # B still counts in A's and D's Buchholz.
    assert st.value("a", "buchholz") == 2  # B 1 + C 1
    assert st.value("d", "buchholz") == 2


def test_player_dropped_after_one_round_keeps_results_in_opponents_tiebreaks() -> None:
    rounds: Rounds = [[("x", "a", "a"), ("b", "c", "a")], [("a", "b", "a"), ("c", "bye")]]
    st = compute_standings(build(rounds, ruleset="mtg", drops={"x": 1}))
    assert st.row("x").rank is None and st.row("x").played == 1
    # A's OMW%: X (3/3 = 1) and B (3/6 = 0.5) → 0.75.
    assert st.value("a", "omw") == Fraction(3, 4)


def test_players_who_never_completed_a_match_have_no_row() -> None:
    rounds = [
        [
            ("a", "b", "a"),
            ("c", "d", None),  # not reported yet
            ("e", "f", "skip"),  # skipped: closed, no points
            ("g", "zero"),  # zero-point bye: sat out
            ("h", "half"),  # half-point bye: a counted round
        ]
    ]
    t = build(rounds, ruleset="teamup")
    st = compute_standings(t)
    assert set(order(st)) == {"a", "b", "h"}
    assert st.row("h").points == Fraction(1, 2) and st.row("h").draws == 1
    every = compute_standings(t, include_absent=True)
    assert set(order(every)) == set("abcdefgh")


def test_how_each_kind_of_round_enters_the_record() -> None:
    rounds: Rounds = [
        [("p", "q", "fa"), ("r", "s", "ff")],
        [("p", "r", "d"), ("q", "bye"), ("s", "full")],
        [("p", "half"), ("q", "r", "id"), ("s", "zero")],
    ]
    st = compute_standings(build(rounds, ruleset="teamup"))
    p, q, r, s = (st.row(x) for x in "pqrs")
    # P: forfeit win (W), draw (D), half bye (D).
    assert (p.points, p.wins, p.draws, p.losses, p.played, p.byes) == (Fraction(2), 1, 2, 0, 3, 1)
    # Q: forfeit loss (L, a forfeit), bye (W), intentional draw (D).
    assert (q.points, q.wins, q.draws, q.losses, q.played, q.forfeits) == (
        Fraction(3, 2), 1, 1, 1, 3, 1,
    )  # fmt: skip
    # R: double forfeit (L, a forfeit), draw, draw.
    assert (r.points, r.losses, r.draws, r.played, r.forfeits) == (Fraction(1), 1, 2, 3, 1)
    # S: double forfeit, full bye, zero-point bye (not a played round).
    assert (s.points, s.wins, s.losses, s.played, s.byes) == (Fraction(1), 1, 1, 2, 1)
    assert st.has_forfeits


def test_seed_001_standings_shape() -> None:
    from tiebreaks.seed001 import seed_001

    st = compute_standings(seed_001("default"))
    assert [t.name for t in st.tiebreaks] == [
        "buchholz",
        "matches_won",
        "head_to_head",
        "gw",
        "seed",
    ]
    assert len(st.rows) == 9 and [r.rank for r in st.rows] == list(range(1, 10))
