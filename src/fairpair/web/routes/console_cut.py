"""``GET /console/{slug}/cut?stage=`` (Viewer): the top cut of a playoff stage — who makes
it and why the line is there (as ``fairpair cut --explain``) — and its bracket, with the next
action the service offers (``service.rounds.next_steps``: draw the top 8, start the
Quarterfinals …); ``POST /console/{slug}/cut/draw`` (Judge) draws it
(``service.rounds.cut.draw``), refused with the reason while the stage it is cut from is
unfinished unless "early" is ticked. Drawing a cut drawn earlier asks first
(``fairpair.web.confirm``): who would move in and out, with their places, and whose seed
would change (``cut.redraw_plan``); then says who moved. ``POST /console/{slug}/cut/add``
(Owner) adds the playoff stage itself (top N of a stage, single or double elimination:
``service.rounds.stages``)."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from fairpair.engine.errors import FairpairError, Location
from fairpair.engine.tiebreaks.registry import REGISTRY, get_tiebreak, tiebreak_problem
from fairpair.error_table import kind_of
from fairpair.i18n import gettext as _
from fairpair.i18n import ngettext, say
from fairpair.language.tiebreaks import tiebreak_label
from fairpair.service.accounts.staff import Role
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.rounds import cut as cuts
from fairpair.service.rounds.bracket_view import BRACKET_FORMATS, bracket_view
from fairpair.service.rounds.cut import CutPlace, RedrawPlan
from fairpair.service.rounds.cut_view import CutView, cut_view
from fairpair.service.rounds.next_steps import next_steps
from fairpair.service.rounds.stages import add_stage
from fairpair.web.access import Access, DbDep, Judge, Owner, Viewer
from fairpair.web.confirm import YES, Confirm, ask, names, placed
from fairpair.web.console import console_page
from fairpair.web.forms import refusal

ROUTER = APIRouter(include_in_schema=False)

#: The seats a top cut is usually drawn with (any number from 2 up is accepted).
CUT_SIZES = (2, 4, 8, 16, 32, 64)
PLAYOFFS = {"single_elimination": "Single elimination", "double_elimination": "Double elimination"}


def _page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    stage: str | None,
    *,
    status: int = 200,
    moved: tuple[list[str], list[str]] | None = None,
    **context: Any,
) -> HTMLResponse:
    """The tab; ``moved``: after the cut was drawn again, who came in and went out."""
    event = show_event(db, slug)
    cut_stages = [s for s in event.stages if s.cut_from is not None]
    try:
        view = cut_view(db, slug, stage)
    except Refused as refused:
        view, missing = None, refused.reason
    else:
        missing = ""
    bracket = None
    steps = next_steps(db, slug, view.stage) if view is not None else None
    if view is not None:
        fmt = next(s.format for s in event.stages if s.id == view.stage)
        if fmt in {f.value for f in BRACKET_FORMATS}:
            bracket = bracket_view(db, slug, view.stage)
    return console_page(
        request,
        access,
        db,
        slug,
        "console/cut.html",
        tab="cut",
        status=status,
        event=event,
        cut_stages=cut_stages,
        view=view,
        missing=missing,
        bracket=bracket,
        can_draw=access.can(Role.JUDGE),
        can_add=access.can(Role.OWNER),
        steps=steps,
        autopilot=autopilot_status(db, slug, view.stage) if view is not None else None,
        sources=[s for s in event.stages if s.cut_from is None],
        sizes=CUT_SIZES,
        labels=_labels(view),
        redrawn=_redrawn(view, {p.id: p.name for p in event.players}, moved)
        if view is not None and moved is not None
        else None,
        **context,
    )


def _labels(view: CutView | None) -> dict[str, str]:
    """Every tiebreak's label by name, the parametrised one deciding the line too
    (``koya_limit_60``: "Koya, limit 60%")."""
    labels = {tb.name: tiebreak_label(tb.name, tb.label) for tb in REGISTRY.values()}
    line = view.cut.line if view is not None else None
    decided = line.decided_by if line is not None else "points"
    if decided not in labels and tiebreak_problem(decided) is None:
        found = get_tiebreak(decided)
        said = getattr(found, "said_label", None)  # "Koya, limit 60%" in the reader's words
        labels[decided] = say(said) if said is not None else found.label
    return labels


@ROUTER.get("/console/{slug}/cut", response_class=HTMLResponse)
def cut_tab(
    request: Request,
    access: Viewer,
    db: DbDep,
    slug: str,
    stage: Annotated[str | None, Query(max_length=80)] = None,
    drawn: Annotated[bool, Query()] = False,
    again: Annotated[bool, Query()] = False,
    moved_in: Annotated[list[str] | None, Query(alias="in", max_length=80)] = None,
    moved_out: Annotated[list[str] | None, Query(alias="out", max_length=80)] = None,
) -> HTMLResponse:
    return _page(
        request,
        access,
        db,
        slug,
        stage,
        just_drawn=drawn,
        moved=(moved_in or [], moved_out or []) if drawn and again else None,
    )


def _redrawn(view: CutView, players: dict[str, str], moved: tuple[list[str], list[str]]) -> str:
    """What a cut drawn again did: "The top 8 is drawn again: Dan (7th) moved in, Fay (9th)
    moved out." (``moved``: the players' ids that came in and went out)."""

    def said(ids: list[str]) -> str:
        return _placed(
            tuple(CutPlace(p, players[p], view.places.get(p)) for p in ids if p in players)
        )

    came, went = said(moved[0]), said(moved[1])
    values = {"seats": len(view.cut.seats), "came": came, "went": went}
    if came and went:
        return _("The top %(seats)s is drawn again: %(came)s moved in, %(went)s moved out.") % (
            values
        )
    if came:
        return _("The top %(seats)s is drawn again: %(came)s moved in.") % values
    if went:
        return _("The top %(seats)s is drawn again: %(went)s moved out.") % values
    return _("The top %(seats)s is drawn again: the same players, seeded by the standings.") % (
        values
    )


def _placed(moved: tuple[CutPlace, ...]) -> str:
    """ "Dan (7th) and Eve (8th)"."""
    return placed([(m.name, m.place) for m in moved])


@ROUTER.post("/console/{slug}/cut/draw", response_model=None)
def draw_cut(
    request: Request,
    access: Judge,
    db: DbDep,
    slug: str,
    stage: Annotated[str, Form(max_length=80)],
    early: Annotated[str | None, Form(max_length=8)] = None,
    confirmed: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    """Draw the cut; drawn earlier, ask first with what drawing it again would do."""
    again = confirmed == YES
    try:
        if not again:
            plan = cuts.redraw_plan(db, slug, stage=stage, early=bool(early))
            if plan is not None:
                return _ask_redraw(request, access, db, slug, plan, bool(early))
        drawn = cuts.draw(db, slug, actor=access.actor, stage=stage, early=bool(early))
    except FairpairError as error:
        errors = refusal(error)
        return _page(
            request,
            access,
            db,
            slug,
            stage,
            status=409,
            errors={"draw": errors.get("_form", error.reason)},
            values={"early": "1" if early else ""},
        )
    moves = drawn.moves
    query = urlencode(
        {
            "stage": stage,
            "drawn": "true",
            **({"again": "true"} if again else {}),
            "in": [m.player for m in moves.moved_in] if moves else [],
            "out": [m.player for m in moves.moved_out] if moves else [],
        },
        doseq=True,
    )
    return RedirectResponse(f"/console/{slug}/cut?{query}", status_code=303)


def _ask_redraw(
    request: Request, access: Access, db: Database, slug: str, plan: RedrawPlan, early: bool
) -> Response:
    """The cut was drawn earlier: say who would move in and out (with places) and whose seed
    would change, and ask first."""
    seats = {"seats": plan.seats}
    moves = plan.moves
    lines: list[str] = []
    if moves is not None and moves.moved_in:
        lines.append(
            _("Into the top %(seats)s: %(players)s.")
            % (seats | {"players": _placed(moves.moved_in)})
        )
    if moves is not None and moves.moved_out:
        lines.append(
            _("Out of the top %(seats)s: %(players)s.")
            % (seats | {"players": _placed(moves.moved_out)})
        )
    if plan.reseeded:
        changed = [f"{r.player.name} {r.before} → {r.after}" for r in plan.reseeded]
        lines.append(_("New seeds: %(seeds)s.") % {"seeds": names(changed)})
    if plan.changes:
        lines.append(_("Places are the standings now; the seeds follow them."))
    else:
        lines.append(
            ngettext(
                "Nothing changes: the same %(num)d player with the same seeds.",
                "Nothing changes: the same %(num)d players with the same seeds.",
                plan.seats,
            )
            % {"num": plan.seats}
        )
    moved = len(moves.moved_in) + len(moves.moved_out) if moves else 0
    reseeded = len(plan.reseeded)
    if moved:
        question = ngettext(
            "Draw the top %(seats)s again? %(num)d player move.",
            "Draw the top %(seats)s again? %(num)d players move.",
            moved,
        ) % (seats | {"num": moved})
    elif reseeded:
        question = ngettext(
            "Draw the top %(seats)s again? Nobody moves in or out; %(num)d seed change.",
            "Draw the top %(seats)s again? Nobody moves in or out; %(num)d seeds change.",
            reseeded,
        ) % (seats | {"num": reseeded})
    else:
        question = _("Draw the top %(seats)s again?") % seats
    return ask(
        request,
        access,
        db,
        slug,
        Confirm(
            question=question,
            action=f"/console/{slug}/cut/draw",
            button=_("Draw the top %(seats)s again") % seats,
            back=f"/console/{slug}/cut?{urlencode({'stage': plan.stage})}",
            fields=(("stage", plan.stage), *((("early", "1"),) if early else ())),
            details=tuple(lines),
        ),
        tab="cut",
        title=_("Draw the cut again"),
    )


@ROUTER.post("/console/{slug}/cut/add", response_model=None)
def add_cut(
    request: Request,
    access: Owner,
    db: DbDep,
    slug: str,
    from_stage: Annotated[str, Form(max_length=80)] = "",
    top: Annotated[str, Form(max_length=8)] = "8",
    format: Annotated[str, Form(max_length=40)] = "single_elimination",
) -> Response:
    """Add the playoff stage: the top ``top`` of ``from_stage``, drawn automatically when its
    last result is in (or now, with the Top cut tab's next action, when it has ended)."""
    values = {"from_stage": from_stage, "top": top, "format": format}
    try:
        if format not in PLAYOFFS:
            raise Refused(Location(("format",)), "choose single or double elimination")
        if not top.strip().isdigit() or int(top) < 2:
            raise Refused(Location(("top",)), f"{top!r} is not a number of seats: 2 or more")
        if not from_stage:
            raise Refused(Location(("from_stage",)), "choose the stage the cut is made from")
        seats = int(top)
        key = add_stage(
            db,
            slug,
            {
                "name": f"Top {seats}",
                "format": format,
                "cut": {"from_stage": from_stage, "top": seats},
            },
            actor=access.actor,
        )
    except FairpairError as error:
        return _page(
            request,
            access,
            db,
            slug,
            None,
            status=kind_of(error).http,
            errors={"add": error.reason},
            values=values,
        )
    return RedirectResponse(f"/console/{slug}/cut?{urlencode({'stage': key})}", status_code=303)
