"""The top cut of a cut stage as the console shows it (reading only): who makes it now and
why the line is there (``fairpair cut --explain``), whether it is drawn, and whether it may
be drawn now (the stage it is cut from finished, the cut stage not started)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fairpair.engine.changes import cut_of
from fairpair.engine.formats import stage_finished
from fairpair.engine.rounds import RoundState
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.i18n import gettext
from fairpair.responses.topcut import TopCutResponse, top_cut_response
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database


@dataclass(frozen=True, slots=True)
class CutView:
    """``cut``: the cut by the stage's own rule now; ``state``: "drawn", "not drawn" or
    "changed" (drawn earlier with other players: the standings changed since); ``finished``:
    the stage it is cut from has every result in; ``started``: the cut stage's round 1 is
    released (the field is fixed); ``outstanding``: results missing in the stage cut from;
    ``places``: each player's place in its standings now."""

    stage: str
    stage_name: str
    from_stage: str
    from_name: str
    cut: TopCutResponse
    state: str
    finished: bool
    started: bool
    outstanding: int
    places: Mapping[str, int] = field(default_factory=dict)


def cut_stages(tournament: Tournament) -> list[str]:
    return [s.id for s in tournament.stages if s.cut is not None]


def cut_view(db: Database, slug: str, stage: str | None = None) -> CutView:
    """The cut of ``stage`` (default: the last cut stage). Refused when the stage is not a
    top cut, or the event has none."""
    with reading(db, slug) as (conn, event):
        tournament = loaded(conn, event).tournament
    known = cut_stages(tournament)
    if stage is None:
        if not known:
            raise Refused(
                "stage",
                gettext("this event has no top cut: add a playoff stage cut from the Swiss"),
            )
        stage = known[-1]
    chosen = tournament.stage(stage)
    if chosen.cut is None:
        raise Refused("stage", gettext("stage %(stage)r is not a top cut") % {"stage": stage})
    source = tournament.stage(chosen.cut.from_stage)
    if not any(r.status == RoundState.COMPLETED for r in source.rounds) and not chosen.rounds:
        # Added before the Swiss has a standing (a cut planned ahead): nothing to show yet —
        # said plainly, not the engine's "needs at least 2 players in the standings".
        raise Refused(
            "stage",
            (
                gettext(
                    "%(stage)s takes the top %(top)s of %(source)s once its rounds are "
                    "played: the cut line shows after the first round is complete"
                )
                if chosen.cut.top
                else gettext(
                    "%(stage)s takes %(percent)s%% of %(source)s once its rounds are "
                    "played: the cut line shows after the first round is complete"
                )
            )
            % {
                "stage": chosen.name,
                "top": chosen.cut.top,
                "percent": chosen.cut.percent,
                "source": source.name,
            },
        )
    made = cut_of(tournament, chosen)
    standings = compute_standings(tournament, source)
    names = {p.id: p.name for p in tournament.players}
    participants = chosen.participants
    state = (
        "not drawn"
        if participants is None
        else "drawn"
        if tuple(participants) == made.players
        else "changed"
    )
    return CutView(
        stage=chosen.id,
        stage_name=chosen.name,
        from_stage=source.id,
        from_name=source.name,
        cut=top_cut_response(standings, made, names, cut_stage=chosen.id, drawn=state == "drawn"),
        state=state,
        finished=stage_finished(tournament, source),
        started=bool(chosen.rounds),
        outstanding=sum(r.outstanding for r in source.rounds),
        places={r.player.id: r.rank for r in standings.rows if r.rank is not None},
    )
