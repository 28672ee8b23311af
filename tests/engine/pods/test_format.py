"""The pods stage format through the engine's public calls: pair, release, record places
(docs/pods.md). Events are random; the independent checker confirms repeats were forced."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from fairpair.engine.changes import (
    complete_round,
    draw_cut,
    open_round,
    record_places,
    release_round,
)
from fairpair.engine.errors import PairingRefused
from fairpair.engine.formats import pair_next_round, stage_finished
from fairpair.engine.pairing.notes import (
    PodByesNote,
    PodForcedRepeatsNote,
    PodSeatsNote,
    PodTablesNote,
)
from fairpair.engine.pairing.refusals import RoundCapReached, RoundStillOpen
from fairpair.engine.players import Player
from fairpair.engine.pods import RemainderMode
from fairpair.engine.stage import StageFormat, stage_from_settings
from fairpair.engine.stage_cut import StageCut
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament

from .checker import random_repeat_free


def event(n: int, mode: RemainderMode = RemainderMode.SMALLER, rounds: int = 10) -> Tournament:
    players = tuple(Player(f"p{i:02}", f"Player {i}", seed=i + 1) for i in range(n))
    stage = stage_from_settings(
        id="pods", format=StageFormat.PODS, pod_size=4, remainder=mode, max_rounds=rounds
    )
    return Tournament("Pods", players, (stage,))


def random_places(seats: int, rng: random.Random) -> list[int]:
    """A finish with an occasional shared place (1, 2, 2, 4)."""
    order = list(range(seats))
    rng.shuffle(order)
    places = [0] * seats
    place = 1
    k = 0
    while k < seats:
        tie = 2 if k + 1 < seats and rng.random() < 0.15 else 1
        for j in range(tie):
            places[order[k + j]] = place
        place += tie
        k += tie
    return places


def play(t: Tournament, rng: random.Random, stage: str = "pods") -> tuple[Tournament, object]:
    draft = pair_next_round(t, stage)
    t = release_round(t, draft)
    t = open_round(t, draft.round_number, stage)
    for pod in draft.pods:
        t = record_places(
            t, draft.round_number, pod.table, random_places(len(pod.seats), rng), stage=stage
        )
    t = complete_round(t, draft.round_number, stage)
    return t, draft


def test_the_first_round_is_by_seed_at_the_planned_tables() -> None:
    draft = pair_next_round(event(13), "pods")
    assert draft.pairings == ()
    assert [len(p.seats) for p in draft.pods] == [4, 3, 3, 3]
    assert set(draft.pods[0].seats) == {"p00", "p01", "p02", "p03"}
    tables = next(n for n in draft.notes if isinstance(n, PodTablesNote))
    assert tables.sizes == (4, 3, 3, 3) and tables.remainder == "smaller"


def test_byes_mode_gives_the_byes_to_the_lowest_ranked() -> None:
    draft = pair_next_round(event(14, RemainderMode.BYES), "pods")
    assert [len(p.seats) for p in draft.pods] == [4, 4, 4]
    assert [b.player for b in draft.byes] == ["p13", "p12"]
    assert any(isinstance(n, PodByesNote) and n.players == ("p13", "p12") for n in draft.notes)


@pytest.mark.parametrize(
    ("n", "mode"),
    [
        (13, RemainderMode.SMALLER),
        (17, RemainderMode.LARGER),
        (22, RemainderMode.BYES),
        (29, RemainderMode.SMALLER),
    ],
)
def test_random_events_avoid_repeats_and_rotate_seat_one(n: int, mode: RemainderMode) -> None:
    rng = random.Random(n)
    t = event(n, mode)
    for _ in range(10):
        before = t.stage("pods")
        met: dict[str, set[str]] = {}
        for rnd in before.rounds:
            for pod in rnd.pods:
                for a, b in combinations(pod.seats, 2):
                    met.setdefault(a, set()).add(b)
                    met.setdefault(b, set()).add(a)
        t, draft = play(t, rng)
        forced = [note for note in draft.notes if isinstance(note, PodForcedRepeatsNote)]  # type: ignore[attr-defined]
        if forced:
            seated = [p for pod in draft.pods for p in pod.seats]  # type: ignore[attr-defined]
            sizes = [len(pod.seats) for pod in draft.pods]  # type: ignore[attr-defined]
            assert not random_repeat_free(seated, met, sizes, random.Random(0), tries=10)
        else:
            for pod in draft.pods:  # type: ignore[attr-defined]
                assert not any(b in met.get(a, ()) for a, b in combinations(pod.seats, 2))
    assert stage_finished(t, "pods")
    firsts: dict[str, int] = {}
    rounds_played: dict[str, int] = {}
    for rnd in t.stage("pods").rounds:
        for pod in rnd.pods:
            firsts[pod.seats[0]] = firsts.get(pod.seats[0], 0) + 1
            for p in pod.seats:
                rounds_played[p] = rounds_played.get(p, 0) + 1
    by_rounds: dict[int, list[int]] = {}
    for player in t.players:
        by_rounds.setdefault(rounds_played.get(player.id, 0), []).append(firsts.get(player.id, 0))
    for counts in by_rounds.values():
        assert max(counts) - min(counts) <= 1, by_rounds
    if mode is not RemainderMode.BYES:
        assert len(by_rounds) == 1
    last = next(n for n in draft.notes if isinstance(n, PodSeatsNote))  # type: ignore[attr-defined]
    assert last.first == tuple(p.seats[0] for p in draft.pods)  # type: ignore[attr-defined]


def test_refusals() -> None:
    t = event(13, rounds=1)
    draft = pair_next_round(t, "pods")
    t = release_round(t, draft)
    with pytest.raises(RoundCapReached):
        pair_next_round(t, "pods")
    t2 = event(13, rounds=3)
    t2 = release_round(t2, pair_next_round(t2, "pods"))
    with pytest.raises(RoundStillOpen, match="pod table"):
        pair_next_round(t2, "pods")
    with pytest.raises(PairingRefused, match="at least 3"):
        pair_next_round(event(2), "pods")


def test_a_cut_stage_is_paired_once_drawn_and_finishes_after_its_table() -> None:
    rng = random.Random(5)
    t = event(17, rounds=2)
    final = stage_from_settings(
        id="final",
        format=StageFormat.PODS,
        pod_size=4,
        max_rounds=1,
        cut=StageCut(from_stage="pods", top=4),
    )
    t = Tournament(t.name, t.players, (*t.stages, final))
    with pytest.raises(PairingRefused, match="draw the cut"):
        pair_next_round(t, "final")
    for _ in range(2):
        t, _d = play(t, rng)
    t, _cut = draw_cut(t, "final")
    top = [r.player.id for r in compute_standings(t, t.stage("pods")).rows[:4]]
    t, draft = play(t, rng, "final")
    assert sorted(draft.pods[0].seats) == sorted(top)  # type: ignore[attr-defined]
    assert stage_finished(t, "final")
    assert len(compute_standings(t, t.stage("final")).rows) == 4


def test_the_pods_preset_scores_5_1_0_and_ranks_by_pod_strength_buchholz() -> None:
    from fairpair.engine.rulesets import PRESETS
    from fairpair.engine.scoring import Scoring

    players = tuple(Player(p, p.upper(), seed=k + 1) for k, p in enumerate("abcdefgh"))
    stage = stage_from_settings(
        id="pods", format=StageFormat.PODS, ruleset=PRESETS["pods"], max_rounds=1
    )
    t = Tournament("Pods", players, (stage,))
    draft = pair_next_round(t, "pods")
    assert [set(p.seats) for p in draft.pods] == [set("abcd"), set("efgh")]
    t = open_round(release_round(t, draft), 1, "pods")
    finish = {"a": 1, "b": 2, "c": 3, "d": 4, "e": 1, "f": 1, "g": 3, "h": 4}
    for pod in draft.pods:
        t = record_places(t, 1, pod.table, [finish[s] for s in pod.seats], stage="pods")
    rows = {r.player.id: r for r in compute_standings(t, t.stage("pods")).rows}
    assert {p: int(r.points) for p, r in rows.items()} == {
        "a": 5,
        "b": 0,
        "c": 0,
        "d": 0,
        "e": 1,
        "f": 1,
        "g": 0,
        "h": 0,
    }
    # Pod-strength Buchholz: the pod-mates' points (a's mates 0; b's 5; e's 1; g's 2).
    assert {p: rows[p].tiebreaks[0] for p in "abeg"} == {"a": 0, "b": 5, "e": 1, "g": 2}
    assert [r.player.id for r in compute_standings(t, t.stage("pods")).rows][:5] == [
        "a",
        "e",
        "f",
        "b",
        "c",
    ]
    # Placement points instead: 4/3/2/1 through ``place_points``.
    placed = PRESETS["pods"].scoring
    assert (
        Scoring(place_points=(Fraction(4), Fraction(3), Fraction(2), Fraction(1))).pod_points(2, 1)
        == 3
    )
    assert placed.pod_points(1, 2) == 1 and placed.pod_points(1, 1) == 5


def test_every_pod_note_has_a_sentence_and_a_json_shape() -> None:
    from fairpair.engine.pairing import PairingNote, render_note
    from fairpair.engine.pairing.notes import PodRepeatsAvoidedNote
    from fairpair.responses.pairing_notes import note_model

    names = {"a": "Ann", "b": "Bo", "c": "Cy"}
    notes: list[PairingNote] = [
        PodTablesNote(13, (4, 3, 3, 3), 4, "smaller"),
        PodTablesNote(5, (5,), 4, "smaller", exact=False),
        PodByesNote(("c", "b"), ("c",)),
        PodRepeatsAvoidedNote((("a", "b"),)),
        PodForcedRepeatsNote((("a", "b"),), proven=False),
        PodSeatsNote(("a", "c"), 1),
    ]
    texts = [render_note(n, names) for n in notes]
    assert texts[0] == (
        "13 players at tables of 4: 4+3+3+3 (remainder mode smaller: the 1 left over make the "
        "lowest tables smaller)."
    )
    assert "fallback" in texts[1]
    assert texts[2].startswith("Cy and Bo have the byes") and "Cy: a second bye" in texts[2]
    assert "Ann and Bo would have shared a table again" in texts[3]
    assert "within the search budget" in texts[4]
    assert "(Ann and Cy)" in texts[5] and "at most 1" in texts[5]
    dumped = [note_model(n, names).model_dump(mode="json") for n in notes]
    assert [d["kind"] for d in dumped] == [n.kind.value for n in notes]
    assert dumped[4]["count"] == 1 and dumped[4]["pairs"] == [{"a": "a", "b": "b"}]
