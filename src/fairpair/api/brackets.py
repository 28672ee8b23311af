"""``/api/v1/events/{slug}/bracket``: a playoff stage's bracket as it stands (public): its
sections (winners, losers, final, reset; third place), rounds and matches M1…, with seeds,
players, results, winners, the champion and the final places."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.params import Slug, StageQuery
from fairpair.responses.brackets import BracketView
from fairpair.service.rounds.bracket_view import bracket_view
from fairpair.web.access import DbDep, Public

ROUTER = APIRouter(tags=["brackets"])


@ROUTER.get("/events/{slug}/bracket", response_model=BracketView)
def show_bracket(slug: Slug, access: Public, db: DbDep, stage: StageQuery = None) -> BracketView:
    """The bracket of ``stage`` (default: the event's last playoff stage)."""
    return bracket_view(db, slug, stage)
