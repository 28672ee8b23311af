"""A community's leagues in the console (docs/leagues.md): ``/communities/{community}/leagues``
lists them and starts one (name, dates, the points rule, its events); a league's page
changes its rule and dates, adds the community's events to it or takes one out, links the
live leaderboard, its CSV and image, and closes the season — asked first, since the
leaderboard is then final — offering to start the next one with the same rule.

Anyone on the community's staff sees them; its judges and owners change them. A refusal
shows next to the field it names, with everything typed still in place."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError, Location
from fairpair.engine.points_text import points_text
from fairpair.i18n import gettext, ngettext
from fairpair.service.communities.communities import community_view
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused
from fairpair.service.leagues.closing import close_league
from fairpair.service.leagues.leagues import (
    League,
    attach_events,
    create_league,
    detach_event,
    edit_league,
    leagues_of,
)
from fairpair.service.leagues.leagues import league as league_of
from fairpair.web.access import Access, CommunityJudge, CommunityViewer, DbDep
from fairpair.web.confirm import Confirm, confirmed
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.forms import refusal
from fairpair.web.league_view import board_now
from fairpair.web.templating import render

ROUTER = APIRouter(include_in_schema=False)
FIELDS = ("name", "key", "starts", "ends", "win", "draw", "loss", "attend", "places", "best",
          "events")  # fmt: skip
RULE = ("win", "draw", "loss", "attend", "places", "best")


def _base(community: str) -> str:
    return f"/communities/{community}/leagues"


def _rule_values(lg: League) -> dict[str, str]:
    rule = lg.rule
    return {
        "win": points_text(rule.win),
        "draw": points_text(rule.draw),
        "loss": points_text(rule.loss),
        "attend": points_text(rule.attend),
        "places": ",".join(points_text(p) for p in rule.places),
        "best": str(rule.best or ""),
    }


def _day(values: FormValues, name: str) -> date | None:
    text = values.get(name, "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        said = gettext("%(value)s is not a date (YYYY-MM-DD)") % {"value": repr(text)}
        raise Refused(Location((name,)), said) from None


def _rule_of(values: FormValues) -> dict[str, object]:
    return {k: values.get(k, "") for k in RULE}


def _list_page(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    view = community_view(db, community)
    return render(
        request,
        "league/console_list.html",
        status=status,
        community=view,
        role=access.role,
        leagues=leagues_of(db, community),
        errors=errors or {},
        values=values or {"win": "3", "draw": "1", "loss": "0", "attend": "0"},
        chosen=set((values or {}).get("events", "").split(",")),
    )


@ROUTER.get("/communities/{community}/leagues")
def leagues_tab(request: Request, community: str, access: CommunityViewer, db: DbDep) -> Response:
    return _list_page(request, access, db, community)


@ROUTER.post("/communities/{community}/leagues")
@form_post
def new_league(
    request: Request, community: str, access: CommunityJudge, db: DbDep, values: FormValues
) -> Response:
    form = dict(values)
    chosen = [k.removeprefix("event:") for k in values if k.startswith("event:")]
    form["events"] = ",".join(chosen)
    try:
        key = create_league(
            db,
            community,
            values.get("name", ""),
            actor=access.actor,
            key=values.get("key", "").strip() or None,
            starts=_day(values, "starts"),
            ends=_day(values, "ends"),
            rule=_rule_of(values),
            events=chosen,
        )
    except FairpairError as error:
        return _list_page(
            request, access, db, community, status=422, errors=refusal(error, FIELDS), values=form
        )
    return RedirectResponse(f"{_base(community)}/{key}", status_code=303)


def _league_page(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    key: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    confirm: Confirm | None = None,
    said: str | None = None,
) -> Response:
    view = community_view(db, community)
    found = league_of(db, community, key)
    attached = {e.slug for e in found.events}
    starting = {
        "name": found.name,
        "starts": found.starts.isoformat() if found.starts else "",
        "ends": found.ends.isoformat() if found.ends else "",
        **_rule_values(found),
    }
    board = board_now(request, db, community, key)
    return render(
        request,
        "league/console_league.html",
        status=status,
        community=view,
        role=access.role,
        league=found,
        board=board.board,
        addable=[e for e in view.events if e.slug not in attached],
        errors=errors or {},
        values=values or starting,
        confirm=confirm,
        said=said,
    )


@ROUTER.get("/communities/{community}/leagues/{league}")
def league_tab(
    request: Request, community: str, league: str, access: CommunityViewer, db: DbDep
) -> Response:
    closed = request.query_params.get("done", "") == "closed"
    said = gettext("The season is closed: its leaderboard is final.") if closed else None
    return _league_page(request, access, db, community, league, said=said)


def _again(community: str, key: str, done: str = "") -> RedirectResponse:
    return RedirectResponse(
        f"{_base(community)}/{key}" + (f"?done={done}" if done else ""), status_code=303
    )


@ROUTER.post("/communities/{community}/leagues/{league}/edit")
@form_post
def change_league(
    request: Request,
    community: str,
    league: str,
    access: CommunityJudge,
    db: DbDep,
    values: FormValues,
) -> Response:
    try:
        edit_league(
            db,
            community,
            league,
            actor=access.actor,
            name=values.get("name", ""),
            starts=_day(values, "starts"),
            ends=_day(values, "ends"),
            rule=_rule_of(values),
        )
    except FairpairError as error:
        return _league_page(request, access, db, community, league, status=422,
                            errors=refusal(error, FIELDS), values=dict(values))  # fmt: skip
    return _again(community, league)


@ROUTER.post("/communities/{community}/leagues/{league}/attach")
@form_post
def add_events(
    request: Request,
    community: str,
    league: str,
    access: CommunityJudge,
    db: DbDep,
    values: FormValues,
) -> Response:
    chosen = [k.removeprefix("event:") for k in values if k.startswith("event:")]
    try:
        attach_events(db, community, league, chosen, actor=access.actor)
    except FairpairError as error:
        return _league_page(request, access, db, community, league, status=422,
                            errors={"events": error.reason})  # fmt: skip
    return _again(community, league)


@ROUTER.post("/communities/{community}/leagues/{league}/events/{event}/detach")
def take_out(
    request: Request,
    community: str,
    league: str,
    event: str,
    access: CommunityJudge,
    db: DbDep,
) -> Response:
    try:
        detach_event(db, community, league, event, actor=access.actor)
    except FairpairError as error:
        return _league_page(request, access, db, community, league, status=422,
                            errors={"events": error.reason})  # fmt: skip
    return _again(community, league)


@ROUTER.post("/communities/{community}/leagues/{league}/close")
@form_post
def close(
    request: Request,
    community: str,
    league: str,
    access: CommunityJudge,
    db: DbDep,
    values: FormValues,
) -> Response:
    if not confirmed(values):
        board = board_now(request, db, community, league)
        top: Any = board.board.rows[0] if board.board.rows else None
        ask = Confirm(
            question=gettext("Close %(league)s? Its leaderboard becomes final.")
            % {"league": board.league.name},
            action=f"{_base(community)}/{league}/close",
            button=gettext("Close the season"),
            back=f"{_base(community)}/{league}",
            details=(
                (
                    gettext("%(players)s, %(events)s; %(leader)s leads with %(points)s points.")
                    if top
                    else gettext("%(players)s, %(events)s.")
                )
                % {
                    "players": ngettext("%(num)d player", "%(num)d players", len(board.board.rows))
                    % {"num": len(board.board.rows)},
                    "events": ngettext("%(num)d event", "%(num)d events", len(board.league.events))
                    % {"num": len(board.league.events)},
                    "leader": top.name if top else "",
                    "points": points_text(top.points) if top else "",
                },
                gettext(
                    "Nothing changes a closed season's leaderboard afterwards — not even a "
                    "corrected result — and no event can be added to it. Start the next season "
                    "as a new league."
                ),
            ),
        )
        return _league_page(request, access, db, community, league, confirm=ask)
    try:
        close_league(db, community, league, actor=access.actor)
    except FairpairError as error:
        return _league_page(request, access, db, community, league, status=422,
                            errors={"_form": error.reason})  # fmt: skip
    return _again(community, league, "closed")
