"""A top cut's refusals (``engine/cut_rule``, ``stage_cut``, ``topcut``) in the reader's
language, said at the edge; English exactly as the engine has always said it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair import i18n
from fairpair.engine.cut_rule import CutRule
from fairpair.engine.errors import InvalidStage
from fairpair.engine.stage_cut import StageCut


def _refusal(make: object) -> InvalidStage:
    with pytest.raises(InvalidStage) as caught:
        make()  # type: ignore[operator]
    return caught.value


def test_a_cut_of_one_seat_is_refused_in_every_language() -> None:
    error = _refusal(lambda: StageCut(from_stage="swiss", top=1))
    assert error.reason == "a top cut has at least 2 seats, not 1"
    assert str(error.location) == "cut.top"
    with i18n.speaking("de"):
        assert i18n.reason(error) == "ein Cut hat mindestens 2 Plätze, nicht 1"
    with i18n.speaking("ja"):
        assert i18n.reason(error) == "トップカットは 2 枠以上です(1 ではなく)"


def test_a_percentage_past_100_and_a_rule_with_neither_are_refused_in_spanish() -> None:
    too_much = _refusal(lambda: StageCut(from_stage="swiss", percent=Fraction(150)))
    neither = _refusal(lambda: CutRule())
    assert too_much.reason == "the percentage is more than 0 and at most 100, not 150"
    assert neither.reason == "a top cut is a fixed number of seats or a percentage"
    with i18n.speaking("es"):
        assert i18n.reason(too_much) == "el porcentaje es mayor que 0 y como mucho 100, no 150"
        assert i18n.reason(neither) == "un corte es un número fijo de plazas o un porcentaje"
