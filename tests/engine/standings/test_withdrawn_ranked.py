"""Withdrawn players ranked the FIDE way (``Ruleset.rank_withdrawn``, set by the ``fide``
presets): FIDE ranks every participant by points and then tie-breaks (C.07 has no rule leaving
a withdrawn player out; the rating report gives every player a final rank, TRF-16 columns
86–89). Other presets keep a dropped player's row without a rank."""

from __future__ import annotations

import dataclasses

from tiebreaks.builders import Rounds, build, ranks, standings

from fairpair.engine.rulesets import FIDE, FIDE_2024, PRESETS

# D beats C in round 1 and withdraws; A beats B and then C; B has the bye in round 2.
# Points: A 2, B 1, D 1, C 0.
ROUNDS: Rounds = [
    [("a", "b", "a"), ("d", "c", "a")],
    [("a", "c", "a"), ("b", "bye")],
]


def test_only_the_fide_presets_rank_withdrawn_players() -> None:
    assert FIDE.rank_withdrawn and FIDE_2024.rank_withdrawn
    assert [n for n, r in PRESETS.items() if r.rank_withdrawn] == ["fide", "fide_2024"]


def test_a_withdrawn_player_keeps_a_rank_and_shares_it() -> None:
    plain = dataclasses.replace(FIDE, tiebreaks=())
    t = build(ROUNDS, ruleset=plain, drops={"d": 1})
    st = standings(t)
    # B and D tie on 1 point and share rank 2; C is 4th ("1224"); D keeps the flag.
    assert ranks(st) == {"a": 1, "b": 2, "d": 2, "c": 4}
    assert st.row("d").dropped and st.row("d").dropped_after == 1
    off = build(ROUNDS, ruleset=dataclasses.replace(plain, rank_withdrawn=False), drops={"d": 1})
    assert ranks(standings(off)) == {"a": 1, "b": 2, "d": None, "c": 3}


# D beats B in round 1 and withdraws; A beats C; round 2: B beats C, A has the bye.
# Points: A 2, D 1, B 1, C 0.
MET: Rounds = [
    [("d", "b", "a"), ("a", "c", "a")],
    [("b", "c", "a"), ("a", "bye")],
]


def test_a_withdrawn_player_takes_part_in_the_direct_encounter() -> None:
    # C.07 art. 6: B and D are tied and met; D won → D 2nd, B 3rd. Without ranking
    # withdrawn players, D has no say and B is 2nd.
    ruled = dataclasses.replace(FIDE, tiebreaks=("head_to_head",))
    t = build(MET, ruleset=ruled, drops={"d": 1})
    assert ranks(standings(t)) == {"a": 1, "d": 2, "b": 3, "c": 4}
    off = build(MET, ruleset=dataclasses.replace(ruled, rank_withdrawn=False), drops={"d": 1})
    assert ranks(standings(off)) == {"a": 1, "b": 2, "d": None, "c": 3}
