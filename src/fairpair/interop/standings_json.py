"""Moved: the standings JSON is ``fairpair.responses.standings`` (a pydantic response model);
the value helpers are in ``fairpair.responses.values``. Kept as a re-export for old imports."""

from __future__ import annotations

from typing import Any

from fairpair.engine.standings import Standings
from fairpair.responses.values import decimal, display, exact_text, status_of

__all__ = ["decimal", "display", "exact_text", "standings_json", "status_of"]


def standings_json(standings: Standings, tournament_name: str) -> dict[str, Any]:
    from fairpair.responses.standings import standings_response

    return standings_response(standings, tournament_name).model_dump(mode="json")
