"""Single and double elimination as stage formats (issue 9, points 2, 3, 6, 7): a top cut of
a real-looking Swiss seeded into the bracket, rounds paired from what is playable, walkovers
for withdrawn players, playoff draws refused, who plays first, notes and final standings."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from fairpair.engine.brackets import PlayoffDrawRefused
from fairpair.engine.changes import (
    choose_first,
    draw_cut,
    drop_player,
    flip_toss,
    record_result,
    release_round,
)
from fairpair.engine.errors import PairingRefused
from fairpair.engine.formats import PlayerStatus, pair_next_round, player_status, stage_finished
from fairpair.engine.formats.bracket_stage import read_bracket
from fairpair.engine.pairing import (
    BracketByeNote,
    BracketMatchNote,
    BracketResetNote,
    BracketSeedNote,
    ExcludedNote,
    Exclusion,
    PairingDraft,
    SeatReplacedNote,
    WalkoverNote,
    render_note,
)
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, Result, ResultKind, Side
from fairpair.engine.rounds import TossReason
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage, StageCut, StageFormat, stage_from_settings
from fairpair.engine.standings import compute_standings
from fairpair.engine.toss import toss_applies
from fairpair.engine.tournament import Tournament
from fairpair.responses.pairing_notes import note_model

from .test_double import STANDINGS
from .test_single import assert_valid_ranking


def swiss_then(n: int, rounds: int, playoff: Stage, seed: int = 1) -> Tournament:
    """``n`` players, ``rounds`` Swiss rounds with seeded random results, then ``playoff``."""
    rng = random.Random(seed)
    players = tuple(Player(f"p{i:02d}", f"Player {i}", seed=i) for i in range(1, n + 1))
    t = Tournament(
        "Cup", players, (stage_from_settings(ruleset=PRESETS["mtg"], max_rounds=rounds), playoff)
    )
    for number in range(1, rounds + 1):
        draft = pair_next_round(t, "swiss")
        t = release_round(t, draft, state=None)
        for p in draft.pairings:
            side = Side.A if rng.random() < 0.5 else Side.B
            games = GameScore(2, rng.choice((0, 1)))
            t = record_result(
                t,
                number,
                p.table,
                Result.win(side, games if side is Side.A else games.flipped()),
                stage="swiss",
            )
    return t


def cut_stage(fmt: StageFormat, top: int, **settings: Any) -> Stage:
    return stage_from_settings(
        id="top", name="Top cut", format=fmt, cut=StageCut(from_stage="swiss", top=top), **settings
    )


def field(n: int, fmt: StageFormat, **settings: Any) -> Tournament:
    players = tuple(Player(f"s{i:02d}", f"Seed {i}", seed=i) for i in range(1, n + 1))
    stage = stage_from_settings(id="top", name="Top", format=fmt, **settings)
    return Tournament("Playoff", players, (stage,))


def play_round(t: Tournament, draft: PairingDraft, rng: random.Random) -> Tournament:
    t = release_round(t, draft, state=None)
    for p in draft.pairings:
        side = rng.choice((Side.A, Side.B))
        t = record_result(t, draft.round_number, p.table, Result.win(side), stage="top")
    return t


def play_out(t: Tournament, rng: random.Random) -> tuple[Tournament, list[PairingDraft]]:
    drafts: list[PairingDraft] = []
    while not stage_finished(t, "top"):
        draft = pair_next_round(t, "top")
        drafts.append(draft)
        t = play_round(t, draft, rng)
        assert len(drafts) < 40
    return t, drafts


def seeds_of(draft: PairingDraft, seeds: dict[str, int]) -> list[tuple[int, int]]:
    return [(seeds[p.a], seeds[p.b]) for p in draft.pairings]


@pytest.mark.parametrize(
    ("top", "first_round", "byes"),
    [
        (8, [(1, 8), (4, 5), (2, 7), (3, 6)], []),
        (12, [(8, 9), (5, 12), (7, 10), (6, 11)], [1, 4, 2, 3]),
        (16, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)], []),
    ],
)
def test_top_cuts_of_a_swiss_played_to_a_champion(
    top: int, first_round: list[tuple[int, int]], byes: list[int]
) -> None:
    t = swiss_then(32, 5, cut_stage(StageFormat.SINGLE_ELIMINATION, top))
    t, _ = draw_cut(t, "top")
    stage = t.stage("top")
    swiss_rows = [r.player.id for r in compute_standings(t, t.stage("swiss")).rows]
    assert stage.participants == tuple(swiss_rows[:top])  # seeds right: the standings' order
    seeds = dict(stage.seeds)
    first = pair_next_round(t, "top")
    assert seeds_of(first, seeds) == first_round
    for p in first.pairings:
        assert p.plays_first is not None and p.plays_first.first == p.a
        assert p.plays_first.reason is TossReason.HIGHER_SEED
        assert seeds[p.a] < seeds[p.b]
    assert [n.seed for n in first.notes if isinstance(n, BracketByeNote)] == byes
    assert [n.seed for n in first.notes if isinstance(n, BracketSeedNote)] == sorted(
        range(1, top + 1),
        key=lambda s: next(
            n.slot for n in first.notes if isinstance(n, BracketSeedNote) and n.seed == s
        ),
    )
    t, drafts = play_out(t, random.Random(top))
    drafts = [first, *drafts[1:]]
    standings = compute_standings(t, t.stage("top"))
    champion = standings.rows[0]
    assert champion.place is not None and champion.place.first == 1 and champion.losses == 0
    assert player_status(standings.stage, champion) is None
    others = standings.rows[1:]
    assert all(player_status(standings.stage, r) is PlayerStatus.ELIMINATED for r in others)
    assert all(r.losses == 1 for r in others)
    with pytest.raises(PairingRefused, match=f"the bracket is decided: {champion.player.name} is"):
        pair_next_round(t, "top")


@pytest.mark.parametrize("n", [*range(4, 33)])
def test_double_elimination_for_every_field(n: int) -> None:
    for seed in range(3):
        check_double_stage(n, random.Random(1000 * n + seed))


def check_double_stage(n: int, rng: random.Random) -> None:
    t, drafts = play_out(field(n, StageFormat.DOUBLE_ELIMINATION), rng)
    stage = t.stage("top")
    standings = compute_standings(t, stage)
    rows = standings.rows
    assert len(rows) == n
    champion = rows[0]
    assert champion.place is not None and champion.place.first == 1
    assert champion.losses <= 1
    for r in rows[1:]:  # out after exactly two losses
        assert r.losses == 2, (n, r.player.id)
        assert player_status(stage, r) is PlayerStatus.ELIMINATED
    played = {m.id: m for rnd in stage.rounds for m in rnd.matches}
    from fairpair.engine.brackets import double_elimination

    bracket = double_elimination(n)
    final = played[bracket.final]
    assert final.result is not None and final.result.winner is not None
    seeds = {p.id: int(p.seed or 0) for p in t.players}
    lb_champion_won = (final.a if final.result.winner is Side.A else final.b) != _wb_champion(
        stage, bracket, seeds
    )
    assert (bracket.reset in played) is lb_champion_won  # the reset only when needed
    placements = tuple(replace(r.place, seed=seeds[r.player.id]) for r in rows if r.place)
    assert_valid_ranking(placements, n)  # places 1..n, each shared range exactly filled
    if n in STANDINGS:
        texts = [r.place.text for r in rows if r.place is not None]
        assert texts == STANDINGS[n]
    # a round can hold winners- and losers-bracket matches together; every round's pairings
    # are bracket matches not paired before
    ids = [p.match_id for d in drafts for p in d.pairings]
    assert len(ids) == len(set(ids)) and set(ids) == set(played)


def _wb_champion(stage: Stage, bracket: object, seeds: dict[str, int]) -> str:
    from fairpair.engine.brackets import Bracket

    assert isinstance(bracket, Bracket)
    wb_final = max((m for m in bracket.matches if m.bracket == "winners"), key=lambda m: m.round)
    match = next(m for rnd in stage.rounds for m in rnd.matches if m.id == wb_final.id)
    assert match.result is not None
    return match.a if match.result.winner is Side.A else match.b


def test_a_round_mixes_winners_and_losers_bracket_matches() -> None:
    t = field(8, StageFormat.DOUBLE_ELIMINATION)
    rng = random.Random(3)
    t = play_round(t, pair_next_round(t, "top"), rng)
    second = pair_next_round(t, "top")
    labels = [n.label for n in second.notes if isinstance(n, BracketMatchNote)]
    assert any(x.startswith("Winners") for x in labels) and any(
        x.startswith("Losers") for x in labels
    )
    losers = [
        n for n in second.notes if isinstance(n, BracketMatchNote) and n.label.startswith("Winners")
    ]
    assert all(n.loser_to is not None and n.order == "reverse" for n in losers)


def test_the_reset_is_paired_only_when_the_losers_bracket_champion_wins_the_final() -> None:
    for lb_wins in (False, True):
        t = field(4, StageFormat.DOUBLE_ELIMINATION)
        while True:
            draft = pair_next_round(t, "top")
            t = release_round(t, draft, state=None)
            final = [p for p in draft.pairings if p.match_id == "M6"]
            for p in draft.pairings:
                side = Side.A
                if final and lb_wins:  # seed 1 (side a) is the WB champion; the LB one wins
                    side = Side.B if p.match_id == "M6" else Side.A
                t = record_result(t, draft.round_number, p.table, Result.win(side), stage="top")
            if final:
                break
        assert any(isinstance(n, BracketResetNote) and n.needed is None for n in draft.notes)
        assert stage_finished(t, "top") is not lb_wins
        if lb_wins:
            reset = pair_next_round(t, "top")
            assert [p.match_id for p in reset.pairings] == ["M7"]
            assert [n.needed for n in reset.notes if isinstance(n, BracketResetNote)] == [True]


def test_third_place_match_places_three_and_four() -> None:
    t, _ = play_out(field(8, StageFormat.SINGLE_ELIMINATION, third_place=True), random.Random(5))
    rows = compute_standings(t, t.stage("top")).rows
    assert [r.place.text for r in rows if r.place] == [
        "1",
        "2",
        "3",
        "4",
        "5–8",
        "5–8",
        "5–8",
        "5–8",
    ]
    t, _ = play_out(field(8, StageFormat.SINGLE_ELIMINATION), random.Random(5))
    rows = compute_standings(t, t.stage("top")).rows
    assert [r.place.text for r in rows if r.place] == ["1", "2", "3–4", "3–4", *["5–8"] * 4]


def test_standings_show_players_still_in_first_without_a_place() -> None:
    t = field(8, StageFormat.SINGLE_ELIMINATION)
    t = play_round(t, pair_next_round(t, "top"), random.Random(2))
    rows = compute_standings(t, t.stage("top")).rows
    still_in = [r for r in rows if r.place is None]
    out = [r for r in rows if r.place is not None]
    assert len(still_in) == 4 and len(out) == 4 and rows[:4] == tuple(still_in)
    assert all(r.rank is None and player_status(t.stage("top"), r) is None for r in still_in)
    assert all(r.rank == 5 and r.place is not None and r.place.text == "5–8" for r in out)
    second = pair_next_round(t, "top")
    excluded = [n for n in second.notes if isinstance(n, ExcludedNote)]
    assert [n.reason for n in excluded] == [Exclusion.ELIMINATED]
    assert set(excluded[0].players) == {r.player.id for r in out}


def test_a_withdrawn_player_gives_a_walkover() -> None:
    t = field(8, StageFormat.SINGLE_ELIMINATION)
    t = play_round(t, pair_next_round(t, "top"), random.Random(1))
    winners = [
        m.a if m.result and m.result.winner is Side.A else m.b
        for m in t.stage("top").rounds[0].matches
    ]
    gone = winners[0]  # the winner of M1 withdraws: the winner of M2 advances from M5
    t = drop_player(t, gone, after_round=1, stage="top")
    draft = pair_next_round(t, "top")
    assert "M5" not in [p.match_id for p in draft.pairings]
    walkover = [n for n in draft.notes if isinstance(n, WalkoverNote)]
    assert [(n.match, n.winner, n.withdrawn) for n in walkover] == [("M5", winners[1], gone)]
    assert "without playing (a walkover)" in render_note(walkover[0])
    assert not walkover[0].unreplaced
    t = play_round(t, draft, random.Random(1))
    final = pair_next_round(t, "top")  # the walkover's winner plays on in the final
    assert winners[1] in (final.pairings[0].a, final.pairings[0].b)


def test_nobody_replaces_a_dropper_when_the_cut_says_so() -> None:
    playoff = cut_stage(StageFormat.SINGLE_ELIMINATION, 8)
    playoff = replace(playoff, cut=StageCut(from_stage="swiss", top=8, replace_dropped=False))
    t = swiss_then(16, 4, playoff)
    t, _ = draw_cut(t, "top")
    seeded = t.stage("top").participants
    assert seeded is not None
    t = drop_player(t, seeded[7], after_round=0, stage="top")  # seed 8 leaves before round 1
    draft = pair_next_round(t, "top")
    assert [p.match_id for p in draft.pairings] == ["M2", "M3", "M4"]
    (walkover,) = [n for n in draft.notes if isinstance(n, WalkoverNote)]
    assert (walkover.winner, walkover.withdrawn, walkover.unreplaced) == (
        seeded[0],
        seeded[7],
        True,
    )
    assert "nobody advances in their place" in render_note(walkover)
    assert "their first opponent has a bye" in render_note(walkover)


def test_pairing_refusals_an_organizer_reads() -> None:
    t = swiss_then(8, 1, cut_stage(StageFormat.SINGLE_ELIMINATION, 4))
    with pytest.raises(PairingRefused, match="the cut from 'swiss' is not drawn yet"):
        pair_next_round(t, "top")
    with pytest.raises(PairingRefused, match="at least 2 players"):
        pair_next_round(field(1, StageFormat.DOUBLE_ELIMINATION), "top")


@pytest.mark.parametrize(
    "result",
    [
        Result.draw(),
        Result.draw(GameScore(1, 1)),
        Result.draw(intentional=True),
        Result(ResultKind.DOUBLE_FORFEIT),
        Result(ResultKind.SKIPPED),
    ],
)
def test_a_playoff_match_cannot_end_without_a_winner(result: Result) -> None:
    t = field(4, StageFormat.SINGLE_ELIMINATION)
    t = release_round(t, pair_next_round(t, "top"), state=None)
    with pytest.raises(PlayoffDrawRefused, match="table 1 is a playoff match") as error:
        record_result(t, 1, 1, result, stage="top")
    assert error.value.code == "invalid_result"
    assert error.value.location.table == 1
    won = record_result(t, 1, 1, Result.forfeit(Side.B), stage="top")  # a forfeit win is fine
    assert won.stage("top").rounds[0].matches[0].result == Result.forfeit(Side.B)


def test_who_plays_first_is_the_higher_seed_and_settable_per_match() -> None:
    t = field(4, StageFormat.SINGLE_ELIMINATION)
    assert not toss_applies(t.stage("top"))  # the Swiss toss stays Swiss-only
    t = release_round(t, pair_next_round(t, "top"), state=None)
    match = t.stage("top").rounds[0].matches[0]
    assert match.toss is not None and match.toss.first == "s01"
    assert match.toss.reason is TossReason.HIGHER_SEED and not match.toss.manual
    flipped = flip_toss(t, 1, 1, stage="top").stage("top").rounds[0].matches[0]
    assert flipped.toss is not None and flipped.toss.first == "s04" and flipped.toss.manual
    chosen = choose_first(t, 1, 2, "s03", stage="top").stage("top").rounds[0].matches[1]
    assert chosen.toss is not None and chosen.toss.first == "s03"
    assert chosen.toss.reason is TossReason.MANUAL


@pytest.mark.parametrize("fmt", [StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION])
def test_every_bracket_note_renders_and_has_its_json(fmt: StageFormat) -> None:
    t = field(12, fmt)
    rng = random.Random(9)
    t = drop_player(t, "s12", after_round=0, stage="top")
    names = {p.id: p.name for p in t.players}
    kinds: set[str] = set()
    while not stage_finished(t, "top"):
        draft = pair_next_round(t, "top")
        for note in draft.notes:
            text = render_note(note, names)
            assert (text[0].isupper() or text[0].isdigit()) and text.endswith("."), text
            model = note_model(note, names)
            assert model.text == text
            kinds.add(note.kind.value)
        t = play_round(t, draft, rng)
    expected = {"bracket_seed", "bracket_bye", "bracket_match", "walkover", "excluded"}
    if fmt is StageFormat.DOUBLE_ELIMINATION:
        expected.add("bracket_reset")
    assert expected <= kinds


@pytest.mark.parametrize("fmt", [StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION])
def test_a_played_playoff_round_trips_through_the_document(fmt: StageFormat) -> None:
    from fairpair.interop.document import parse_document
    from fairpair.interop.document.write import to_document

    t, _ = play_out(
        field(6, fmt, **({"third_place": True} if fmt.value.startswith("s") else {})),
        random.Random(4),
    )
    back = parse_document(to_document(t))
    kept = ("config", "rounds", "drops", "participants", "seeds")
    assert all(getattr(back.stage("top"), k) == getattr(t.stage("top"), k) for k in kept)
    assert stage_finished(back, "top")
    before = compute_standings(t, t.stage("top")).rows
    after = compute_standings(back, back.stage("top")).rows
    assert [(r.player.id, r.place) for r in after] == [(r.player.id, r.place) for r in before]


def test_round_one_says_who_took_a_dropped_players_seat() -> None:
    t = swiss_then(16, 4, cut_stage(StageFormat.SINGLE_ELIMINATION, 8))
    order = [r.player.id for r in compute_standings(t, t.stage("swiss")).rows]
    t = drop_player(t, order[2], after_round=4, stage="swiss")  # third, drops before the cut
    t, _ = draw_cut(t, "top")
    seeded = t.stage("top").participants
    assert seeded is not None and order[2] not in seeded and seeded[-1] == order[8]
    draft = pair_next_round(t, "top")
    (note,) = [n for n in draft.notes if isinstance(n, SeatReplacedNote)]
    assert (note.withdrawn, note.replacement, note.seed, note.from_stage) == (
        order[2],
        order[8],
        8,
        "swiss",
    )
    assert "takes no seat" in render_note(note) and "is seed 8 in their place" in render_note(note)
    second = play_round(t, draft, random.Random(1))
    assert not [n for n in pair_next_round(second, "top").notes if isinstance(n, SeatReplacedNote)]


def test_a_playoffs_tables_follow_the_bracket() -> None:
    from fairpair.engine.changes.swap import swap_players
    from fairpair.engine.errors import InvalidTournament
    from fairpair.engine.pairing.rearrange import rearrange_draft

    t = field(4, StageFormat.SINGLE_ELIMINATION)
    draft = pair_next_round(t, "top")
    with pytest.raises(InvalidTournament, match="follow its bracket"):
        rearrange_draft(t, draft, "s01", "s02")
    sides = rearrange_draft(t, draft, "s01", "s04")  # sides of one table may change
    assert (sides.pairings[0].a, sides.pairings[0].b) == ("s04", "s01")
    t = release_round(t, draft)
    with pytest.raises(InvalidTournament, match="follow its bracket"):
        swap_players(t, 1, "s01", "s03", stage="top")


@pytest.mark.parametrize("fmt", [StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION])
@pytest.mark.parametrize("n", [5, 8, 12, 16, 23])
def test_brackets_with_players_withdrawing_still_finish(fmt: StageFormat, n: int) -> None:
    """Random withdrawals before and during the bracket: every round pairs only players still
    in, each bracket match is played or walked over once, and the places fill 1..n."""
    rng = random.Random(n)
    t = field(n, fmt)
    for pid in rng.sample([p.id for p in t.players], 2):
        t = drop_player(t, pid, after_round=0, stage="top")
    rounds = 0
    while not stage_finished(t, "top"):
        draft = pair_next_round(t, "top")
        gone = set(t.drop_rounds(t.stage("top")))
        assert not {p for d in draft.pairings for p in (d.a, d.b)} & gone
        t = play_round(t, draft, rng)
        rounds += 1
        if rounds == 2:  # a player still in withdraws mid-bracket
            run = read_bracket(t, t.stage("top"))
            assert run is not None
            alive = [p for p in run.seeds if p not in run.places and p not in gone]
            if len(alive) > 2:
                t = drop_player(t, alive[0], after_round=rounds, stage="top")
        assert rounds < 30
    rows = compute_standings(t, t.stage("top")).rows
    seeds = {p.id: int(p.seed or 0) for p in t.players}
    assert_valid_ranking(
        tuple(replace(r.place, seed=seeds[r.player.id]) for r in rows if r.place), n
    )
    assert rows[0].place is not None and rows[0].place.first == 1 and not rows[0].dropped
