"""A community's player directory in its console (docs/communities.md): every record, with
search-as-you-type (htmx answers the rows alone); a record's page — the events played with
the name played under and the place, rename, "the same person as…" (merge, asked first:
both records named and how many events move), the player's own data export (JSON) and
deletion on request (forget, asked first).

URLs: ``/communities/{community}/people`` and ``/communities/{community}/people/{person}``."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.i18n import gettext, ngettext
from fairpair.service.communities.directory import forget, merge, people, rename, search
from fairpair.service.communities.profiles import export_person, profile
from fairpair.service.kernel.connection import Database
from fairpair.web.access import Access, CommunityJudge, CommunityOwner, CommunityViewer, DbDep
from fairpair.web.community_console import ask_community, community_page
from fairpair.web.confirm import YES, Confirm, Done
from fairpair.web.templating import is_htmx, render

ROUTER = APIRouter(include_in_schema=False)


def _said(done: str, n: int, other: str) -> Done | None:
    """What an action said (``?done=``), with ``?n=`` (events) and ``?other=`` (a name)."""
    if done == "renamed":
        return Done(gettext("Record renamed."))
    if done == "merged":
        return Done(
            ngettext(
                "%(other)s merged into this record: %(num)d event moved.",
                "%(other)s merged into this record: %(num)d events moved.",
                n,
            )
            % {"other": other, "num": n}
        )
    if done == "forgotten":
        return Done(
            ngettext(
                "Record deleted on request: its name is gone from %(num)d event.",
                "Record deleted on request: its name is gone from %(num)d events.",
                n,
            )
            % {"num": n}
        )
    return None


def _events(n: int) -> str:
    return ngettext("%(num)d event", "%(num)d events", n) % {"num": n}


#: How many records a search shows (the whole directory without one).
SHOWN = 50


def _people_url(community: str) -> str:
    return f"/communities/{community}/people"


@ROUTER.get("/communities/{community}/people")
def directory(
    request: Request, community: str, access: CommunityViewer, db: DbDep, q: str = ""
) -> Response:
    """The directory; ``q`` searches it (htmx: the rows alone)."""
    typed = q.strip()[:200]
    found = search(db, community, typed, limit=SHOWN) if typed else people(db, community)
    n = request.query_params.get("n", "")
    count = int(n) if n.isdigit() else 0
    done = _said(request.query_params.get("done", ""), count, gettext("A record"))
    if is_htmx(request) and request.headers.get("hx-target") == "people-rows":
        return render(
            request, "community/_people_rows.html", rows=found, slug=community, typed=typed
        )
    return community_page(
        request,
        access,
        db,
        community,
        "community/people.html",
        tab="people",
        rows=found,
        typed=typed,
        done=done,
    )


def _person_page(
    request: Request,
    access: Access,
    db: Database,
    community: str,
    person: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
) -> Response:
    shown = profile(db, community, person)
    query = request.query_params
    n = int(query["n"]) if query.get("n", "").isdigit() else 0
    done = _said(query.get("done", ""), n, query.get("other") or gettext("A record"))
    typed = query.get("q", "").strip()[:200]
    candidates = [
        p for p in (search(db, community, typed, limit=SHOWN) if typed else []) if p.key != person
    ]
    return community_page(
        request,
        access,
        db,
        community,
        "community/person.html",
        tab="people",
        status=status,
        profile=shown,
        typed=typed,
        candidates=candidates,
        done=done,
        errors=errors or {},
        values=values or {"name": shown.person.name},
    )


@ROUTER.get("/communities/{community}/people/{person}")
def person_page(
    request: Request, community: str, person: str, access: CommunityViewer, db: DbDep
) -> Response:
    if is_htmx(request) and request.headers.get("hx-target") == "merge-rows":
        typed = request.query_params.get("q", "").strip()[:200]
        found = [p for p in search(db, community, typed, limit=SHOWN) if p.key != person]
        return render(
            request,
            "community/_people_rows.html",
            rows=found,
            slug=community,
            typed=typed,
            merge_into=profile(db, community, person).person,
        )
    return _person_page(request, access, db, community, person)


@ROUTER.post("/communities/{community}/people/{person}/rename")
def rename_person(
    request: Request,
    community: str,
    person: str,
    access: CommunityJudge,
    db: DbDep,
    name: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    try:
        rename(db, community, person, name, actor=access.actor)
    except FairpairError as error:
        return _person_page(
            request,
            access,
            db,
            community,
            person,
            status=422,
            errors={"name": error.reason},
            values={"name": name},
        )
    return RedirectResponse(f"{_people_url(community)}/{person}?done=renamed", status_code=303)


@ROUTER.post("/communities/{community}/people/merge")
def merge_people(
    request: Request,
    community: str,
    access: CommunityJudge,
    db: DbDep,
    kept: Annotated[str, Form(max_length=80)] = "",
    gone: Annotated[str, Form(max_length=80)] = "",
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Two records are the same person: asked first, naming both and how many events move."""
    try:
        keep = profile(db, community, kept)
        away = profile(db, community, gone)
    except FairpairError as error:
        return _person_page(
            request, access, db, community, kept, status=422, errors={"merge": error.reason}
        )
    if confirmed != YES:
        moving = len(away.events)
        return ask_community(
            request,
            access,
            db,
            community,
            Confirm(
                question=ngettext(
                    "Merge %(gone)s into %(kept)s? %(num)d event moves.",
                    "Merge %(gone)s into %(kept)s? %(num)d events move.",
                    moving,
                )
                % {
                    "gone": f"{away.person.name} ({gone})",
                    "kept": f"{keep.person.name} ({kept})",
                    "num": moving,
                },
                action=f"/communities/{community}/people/merge",
                button=gettext("Merge into %(name)s") % {"name": keep.person.name},
                back=f"{_people_url(community)}/{kept}",
                fields=(("kept", kept), ("gone", gone)),
                details=(
                    (
                        ngettext(
                            "%(name)s's %(num)d event (%(events)s) becomes %(kept)s's: "
                            "%(kept)s will have played %(total)s. League points and ratings "
                            "follow the events.",
                            "%(name)s's %(num)d events (%(events)s) become %(kept)s's: "
                            "%(kept)s will have played %(total)s. League points and ratings "
                            "follow the events.",
                            moving,
                        )
                        if moving
                        else gettext(
                            "%(name)s has no event to move: %(kept)s will have played "
                            "%(total)s. League points and ratings follow the events."
                        )
                    )
                    % {
                        "name": away.person.name,
                        "num": moving,
                        "events": ", ".join(e.name for e in away.events[:5]),
                        "kept": keep.person.name,
                        "total": _events(len(keep.events) + moving),
                    },
                    gettext(
                        "The record %(key)s is gone from the directory; each event keeps the "
                        "name it was played under."
                    )
                    % {"key": gone},
                ),
            ),
            tab="people",
            title=gettext("Merge %(gone)s into %(kept)s")
            % {"gone": away.person.name, "kept": keep.person.name},
        )
    try:
        moved = merge(db, community, kept, gone, actor=access.actor)
    except FairpairError as error:
        return _person_page(
            request, access, db, community, kept, status=422, errors={"merge": error.reason}
        )
    return RedirectResponse(
        f"{_people_url(community)}/{kept}?done=merged&n={moved}&other={away.person.name}",
        status_code=303,
    )


@ROUTER.post("/communities/{community}/people/{person}/forget")
def forget_person(
    request: Request,
    community: str,
    person: str,
    access: CommunityOwner,
    db: DbDep,
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Deletion on the person's request: asked first."""
    shown = profile(db, community, person)
    if confirmed != YES:
        played = len(shown.events)
        return ask_community(
            request,
            access,
            db,
            community,
            Confirm(
                question=gettext("Delete %(name)s's record on their request?")
                % {"name": shown.person.name},
                action=f"/communities/{community}/people/{person}/forget",
                button=gettext("Delete %(name)s") % {"name": shown.person.name},
                back=f"{_people_url(community)}/{person}",
                warning=gettext("This cannot be undone."),
                details=(
                    ngettext(
                        "Their name becomes “Forgotten player” here and in the %(num)d event "
                        "they played, with their contact and chess facts; their results stay, "
                        "so nobody else's standings or tiebreaks move.",
                        "Their name becomes “Forgotten player” here and in the %(num)d events "
                        "they played, with their contact and chess facts; their results stay, "
                        "so nobody else's standings or tiebreaks move.",
                        played,
                    )
                    % {"num": played},
                    gettext("Download their data export first if they asked for it."),
                ),
            ),
            tab="people",
            title=gettext("Delete %(name)s") % {"name": shown.person.name},
        )
    renamed = forget(db, community, person, actor=access.actor)
    return RedirectResponse(f"{_people_url(community)}?done=forgotten&n={renamed}", status_code=303)


@ROUTER.get("/communities/{community}/people/{person}/export")
def export(
    request: Request, community: str, person: str, access: CommunityJudge, db: DbDep
) -> Response:
    """The player's own data export, as a JSON file."""
    data = export_person(db, community, person).model_dump(mode="json")
    return Response(
        json.dumps(data, indent=2, ensure_ascii=False) + "\n",
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{community}-{person}.json"'},
    )
