"""A record as each game writes it (``engine.record_text``): Magic, Pokémon and every
card-game ruleset wins-losses-draws, three numbers before and after the first draw; chess
(a ruleset scored 1/½/0) its score, points out of rounds played."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.record_text import (
    RecordStyle,
    record_formatter,
    record_heading,
    record_style,
    record_text,
)
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import PRESETS

CHESS = ("fide", "fide_2024", "round_robin", "teamup")
CARDS = ("default", "mtg", "pokemon", "riftbound", "pods")


@dataclass(frozen=True)
class Tally:
    wins: int
    draws: int
    losses: int
    points: Fraction
    played: int


def tally(ruleset: Ruleset, wins: int, draws: int, losses: int) -> Tally:
    s = ruleset.scoring
    points = wins * s.win + draws * s.draw + losses * s.loss
    return Tally(wins, draws, losses, points, wins + draws + losses)


def test_every_preset_has_its_style() -> None:
    assert set(CHESS) | set(CARDS) == set(PRESETS)
    assert {n for n in PRESETS if record_style(PRESETS[n]) is RecordStyle.POINTS} == set(CHESS)


@pytest.mark.parametrize("name", CARDS)
def test_card_games_write_wins_losses_draws(name: str) -> None:
    ruleset = PRESETS[name]
    assert record_text(ruleset, tally(ruleset, 2, 1, 1)) == "2-1-1"  # 2 wins, 1 loss, 1 draw
    assert record_text(ruleset, tally(ruleset, 0, 0, 0)) == "0-0-0"  # never "0-0"
    assert record_text(ruleset, tally(ruleset, 3, 0, 1)) == "3-1-0"
    assert record_heading(ruleset) == "W-L-D"


@pytest.mark.parametrize("name", CHESS)
def test_chess_writes_the_score(name: str) -> None:
    ruleset = PRESETS[name]
    assert record_text(ruleset, tally(ruleset, 2, 1, 1)) == "2½/4"
    assert record_text(ruleset, tally(ruleset, 0, 1, 0)) == "½/1"
    assert record_text(ruleset, tally(ruleset, 0, 0, 0)) == "0/0"
    assert record_heading(ruleset) is None  # the points column is the score


@given(
    st.sampled_from(sorted(PRESETS)),
    st.integers(0, 40),
    st.integers(0, 40),
    st.integers(0, 40),
)
def test_one_format_whatever_the_record(name: str, wins: int, draws: int, losses: int) -> None:
    ruleset = PRESETS[name]
    t = tally(ruleset, wins, draws, losses)
    text = record_text(ruleset, t)
    assert text == record_formatter(ruleset)(t)
    if record_style(ruleset) is RecordStyle.POINTS:
        score, played = text.split("/")
        assert int(played) == wins + draws + losses
        half = score.endswith("½")
        whole = score.removesuffix("½")
        assert Fraction(int(whole or 0)) + (Fraction(1, 2) if half else 0) == t.points
    else:
        assert [int(n) for n in text.split("-")] == [wins, losses, draws]  # always three
