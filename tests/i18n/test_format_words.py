"""The brackets', pods', round robins' and tiebreak modifiers' refusals (``engine/brackets``,
``engine/pods``, ``engine/formats``, ``playoff``, ``engine/tiebreaks``) in the reader's
language, said at the edge; English exactly as the engine has always said it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fairpair import i18n
from fairpair.engine.brackets.bracket import decide
from fairpair.engine.brackets.seeding import bracket_size
from fairpair.engine.errors import FairpairError
from fairpair.engine.pods.partition import plan_pods
from fairpair.engine.tiebreaks.registry import get_tiebreak, tiebreak_problem


def _refusal(make: Callable[[], object]) -> FairpairError:
    with pytest.raises(FairpairError) as caught:
        make()
    return caught.value


def test_a_drawn_playoff_match_is_refused_in_french_and_japanese() -> None:
    error = _refusal(lambda: decide("M3", 1, 1))
    assert error.reason == "a playoff match cannot end drawn (1-1): replay or decide it"
    with i18n.speaking("fr"):
        assert i18n.reason(error) == (
            "un match à élimination ne peut pas finir nul (1-1) : rejouez-le ou départagez-le"
        )
    with i18n.speaking("ja"):
        assert i18n.reason(error).startswith("トーナメント戦は引き分けで終われません(1-1)")


def test_a_bracket_of_one_and_a_pod_table_of_99_seats_are_refused_in_german() -> None:
    one = _refusal(lambda: bracket_size(1))
    nine = _refusal(lambda: plan_pods(20, 99))
    assert one.reason == "a bracket needs at least 2 entrants, not 1"
    assert nine.reason.startswith("a pod table has ") and nine.reason.endswith("seats, not 99")
    with i18n.speaking("de"):
        assert i18n.reason(one) == "ein Turnierbaum braucht mindestens 2 Teilnehmer, nicht 1"
        assert i18n.reason(nine).startswith("ein Pod-Tisch hat ")
        assert i18n.reason(nine).endswith("Plätze, nicht 99")


def test_a_tiebreak_modifier_out_of_range_is_refused_in_german() -> None:
    error = _refusal(lambda: get_tiebreak("koya_limit_101"))
    assert error.reason == (
        "tiebreak 'koya_limit_101': Koya's limit (koya_limit_<percent>: a percentage of the "
        "maximum possible score) must be from 0 to 100, not 101"
    )
    assert tiebreak_problem("koya_limit_101") == error.reason  # the documents' English
    with i18n.speaking("de"):
        assert i18n.reason(error) == (
            "Feinwertung 'koya_limit_101': die Koya-Grenze (koya_limit_<Prozent>: ein "
            "Prozentsatz der höchstmöglichen Punktzahl) muss zwischen 0 und 100 liegen, nicht 101"
        )
