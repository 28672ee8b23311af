"""The brackets', pods' and round robins' refusals (``engine/brackets``, ``engine/pods``,
``engine/formats``, ``playoff``) in the reader's language, said at the edge; English exactly
as the engine has always said it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fairpair import i18n
from fairpair.engine.brackets.bracket import decide
from fairpair.engine.brackets.seeding import bracket_size
from fairpair.engine.errors import FairpairError
from fairpair.engine.pods.partition import plan_pods


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
