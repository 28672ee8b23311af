"""``/api/v1/events/{slug}/cut``: a top cut stage's seats (who makes it, the line and what
decided it), and drawing the cut now (when it is not drawn automatically)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.bodies import CutDraw
from fairpair.api.params import Slug, StageQuery
from fairpair.engine.changes import cut_of
from fairpair.engine.stage import Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.responses.topcut import TopCutResponse, top_cut_response
from fairpair.service.event.events import export_event
from fairpair.service.kernel.errors import Refused
from fairpair.service.rounds.cut import draw
from fairpair.web.access import DbDep, Judge, Public

ROUTER = APIRouter(tags=["top cut"])


def cut_stage(tournament: Tournament, stage: str | None) -> Stage:
    """The cut stage named, else the event's last one."""
    if stage is not None:
        chosen = tournament.stage(stage)
        if chosen.cut is None:
            raise Refused("stage", f"stage {stage!r} is not a top cut")
        return chosen
    cuts = [s for s in tournament.stages if s.cut is not None]
    if not cuts:
        raise Refused("stage", "no stage of this event is a top cut: add one first")
    return cuts[-1]


@ROUTER.get("/events/{slug}/cut", response_model=TopCutResponse)
def show_cut(slug: Slug, access: Public, db: DbDep, stage: StageQuery = None) -> TopCutResponse:
    """Who makes the cut from the standings as they are (``drawn``: these are its players)."""
    tournament = export_event(db, slug)
    chosen = cut_stage(tournament, stage)
    assert chosen.cut is not None
    made = cut_of(tournament, chosen)
    standings = compute_standings(tournament, tournament.stage(chosen.cut.from_stage))
    drawn = chosen.participants is not None and tuple(chosen.participants) == made.players
    names = {p.id: p.name for p in tournament.players}
    return top_cut_response(standings, made, names, cut_stage=chosen.id, drawn=drawn)


@ROUTER.post("/events/{slug}/cut", response_model=TopCutResponse)
def draw_cut(slug: Slug, body: CutDraw, access: Judge, db: DbDep) -> TopCutResponse:
    """Draw the cut now (``early``: before the stage it cuts from is finished)."""
    key = cut_stage(export_event(db, slug), body.stage).id
    drawn = draw(db, slug, actor=access.actor, stage=key, early=body.early)
    tournament = export_event(db, slug)
    standings = compute_standings(tournament, tournament.stage(drawn.from_stage))
    names = {p.id: p.name for p in tournament.players}
    return top_cut_response(standings, drawn.cut, names, cut_stage=drawn.stage, drawn=True)
