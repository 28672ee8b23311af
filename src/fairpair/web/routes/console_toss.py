"""The console's Pairings and Toss tabs (seed 000, "The Toss tab", "Manual override &
recalculate").

- ``GET /console/{slug}/pairings?stage=&round=`` (Viewer): a round's pairings by table, each
  with its toss tag (who plays first: T, and why); ``POST …/pairings/recalculate`` (Judge)
  recomputes the round's automatic tosses, manual picks kept.
- ``GET /console/{slug}/toss?stage=`` (Viewer): the player-by-player Toss table;
  ``POST …/toss/flip`` (Judge) flips one match's toss by hand (a plain form per tag; with
  htmx the table is swapped in place).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from fairpair.engine.errors import FairpairError, Location
from fairpair.engine.toss import TossUnavailable, toss_applies
from fairpair.engine.tournament import Tournament
from fairpair.i18n import N_
from fairpair.i18n import gettext as _
from fairpair.responses.events import RoundView
from fairpair.responses.toss import TossTableResponse, toss_response
from fairpair.service.accounts.staff import Role
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.rounds import toss as tosses
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import Access, DbDep, Judge, Viewer
from fairpair.web.console import console_page
from fairpair.web.forms import refusal
from fairpair.web.templating import is_htmx, render

ROUTER = APIRouter(include_in_schema=False)
StageQuery = Annotated[str | None, Query(max_length=80)]
#: How a toss's reason reads on the Pairings tab.
#: (marked for the catalogue: the template translates them).
REASONS = {
    "balance": N_("balance"),
    "history": N_("history"),
    "neutral": N_("neutral"),
    "catch-up": N_("catch-up"),
    "manual": N_("manual"),
    "higher-seed": N_("higher seed"),
    "schedule": N_("schedule"),
    "recorded": N_("recorded"),
}


@dataclass(frozen=True, slots=True)
class TossScreen:
    """What the Toss tab shows: the table, which table each player sat at in each round (the
    flip form names it), and the refusal when the stage has no toss."""

    stage: str
    table: TossTableResponse
    seats: dict[tuple[int, str], int]
    unavailable: TossUnavailable | None


def toss_screen(db: Database, slug: str, stage: str | None) -> TossScreen:
    """The Toss tab of ``stage``; by default the last stage that uses the toss (a top cut
    being played has none), else the stage being played."""
    if stage is None:
        t, table = tosses.toss_table(db, slug)
        with_toss = [s.id for s in t.stages if toss_applies(s)]
        key = with_toss[-1] if with_toss else table.stage.id
        if key != table.stage.id:
            t, table = tosses.toss_table(db, slug, stage=key)
    else:
        key = stage_key(db, slug, stage)
        t, table = tosses.toss_table(db, slug, stage=key)
    response = toss_response(table, t)
    seats = {
        (rnd.number, pid): m.table
        for rnd in t.stage(key).rounds
        for m in rnd.matches
        for pid in m.players
    }
    unavailable = None
    if not table.enabled:
        swiss = response.stage.format in ("swiss", "swiss_elimination")
        said = (
            _("stage %(stage)s does not use the deterministic toss")
            if swiss
            else _(
                "stage %(stage)s does not use the deterministic toss (a %(format)s stage has none)"
            )
        )
        unavailable = TossUnavailable(
            Location(stage=key),
            # the format as the console names it ("single elimination"), in the reader's words
            said % {"stage": repr(key), "format": _(response.stage.format.replace("_", " "))},
        )
    return TossScreen(key, response, seats, unavailable)


def _judge(access: Access) -> bool:
    return access.can(Role.JUDGE)


@ROUTER.get("/console/{slug}/toss", response_class=HTMLResponse)
def toss_tab(
    request: Request,
    access: Viewer,
    db: DbDep,
    slug: str,
    stage: StageQuery = None,
    changed: Annotated[int | None, Query(ge=0)] = None,
) -> HTMLResponse:
    return _toss_page(request, access, db, slug, toss_screen(db, slug, stage), changed=changed)


def _toss_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    screen: TossScreen,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    changed: int | None = None,
) -> HTMLResponse:
    return console_page(
        request,
        access,
        db,
        slug,
        "console/toss.html",
        tab="toss",
        status=status,
        screen=screen,
        can_flip=_judge(access),
        errors=errors or {},
        last_round=max((n for n, _ in screen.seats), default=None),
        changed=changed,
    )


@ROUTER.post("/console/{slug}/toss/flip", response_model=None)
def flip_toss(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    stage: Annotated[str, Form(max_length=80)],
    round: Annotated[int, Form(ge=1)],
    table: Annotated[int, Form(ge=1)],
) -> Response:
    errors: dict[str, str] = {}
    try:
        tosses.flip(db, slug, round, table, actor=access.actor, stage=stage)
    except FairpairError as error:
        errors = refusal(error)
    screen = toss_screen(db, slug, stage)
    status = 409 if errors else 200
    if is_htmx(request):
        return render(
            request,
            "partials/toss_table.html",
            status=status,
            screen=screen,
            can_flip=True,
            slug=slug,
            errors=errors,
        )
    if errors:
        return _toss_page(request, access, db, slug, screen, status=409, errors=errors)
    return RedirectResponse(
        f"/console/{slug}/toss?{urlencode({'stage': stage})}#r{round}t{table}", status_code=303
    )


@dataclass(frozen=True, slots=True)
class PairingsScreen:
    """A round's tables with the toss: the round (``None``: nothing released), each table's
    toss reason, and whether the stage uses the toss."""

    stage: str
    rounds: list[int]
    round: RoundView | None
    reasons: dict[int, str]
    toss: bool
    """The stage uses the deterministic toss (it can be recalculated)."""
    chess: bool = False
    """Who plays first is White (``Stage.chess``): the tables show White and Black."""

    @property
    def shows_first(self) -> bool:
        """Who plays first is recorded (the toss, or a playoff's higher seed)."""
        return self.toss or bool(self.round and any(t.first for t in self.round.tables))


def pairings_screen(
    db: Database, slug: str, stage: str | None, number: int | None
) -> PairingsScreen:
    key = stage_key(db, slug, stage)
    t, table = tosses.toss_table(db, slug, stage=key)
    numbers = [r.number for r in t.stage(key).rounds]
    if number is None and numbers:
        number = numbers[-1]
    view = round_view(db, slug, number, stage=key) if number is not None else None
    return PairingsScreen(
        key, numbers, view, _reasons(t, key, number), table.enabled, t.stage(key).chess
    )


def _reasons(t: Tournament, key: str, number: int | None) -> dict[int, str]:
    rnd = t.stage(key).round(number) if number is not None else None
    if rnd is None:
        return {}
    return {
        m.table: REASONS.get(m.toss.reason.value, m.toss.reason.value)
        for m in rnd.matches
        if m.toss is not None
    }


@ROUTER.get("/console/{slug}/pairings", response_class=HTMLResponse)
def pairings_tab(
    request: Request,
    access: Viewer,
    db: DbDep,
    slug: str,
    stage: StageQuery = None,
    round: Annotated[int | None, Query(ge=1)] = None,
    changed: Annotated[int | None, Query(ge=0)] = None,
) -> HTMLResponse:
    screen = pairings_screen(db, slug, stage, round)
    return _pairings_page(request, access, db, slug, screen, changed=changed)


def _pairings_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    screen: PairingsScreen,
    *,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    return console_page(
        request,
        access,
        db,
        slug,
        "console/pairings.html",
        tab="pairings",
        status=status,
        event=show_event(db, slug),
        screen=screen,
        can_recalculate=_judge(access),
        **context,
    )


@ROUTER.post("/console/{slug}/pairings/recalculate", response_model=None)
def recalculate_toss(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    stage: Annotated[str, Form(max_length=80)],
    round: Annotated[int, Form(ge=1)],
    back: Annotated[str, Form(max_length=10)] = "",
) -> Response:
    try:
        changed = tosses.recalculate(db, slug, round, actor=access.actor, stage=stage)
    except FairpairError as error:
        screen = pairings_screen(db, slug, stage, round)
        return _pairings_page(
            request, access, db, slug, screen, status=409, errors=refusal(error, ("round",))
        )
    if back == "toss":  # recalculated from the Toss tab (a phone's): back there
        query = urlencode({"stage": stage, "changed": len(changed)})
        return RedirectResponse(f"/console/{slug}/toss?{query}", status_code=303)
    query = urlencode({"stage": stage, "round": round, "changed": len(changed)})
    return RedirectResponse(f"/console/{slug}/pairings?{query}", status_code=303)
