"""Permissions, generated from the app's route table (``create_app(...).routes``), pages and
API alike — so a route added tomorrow is covered, and one added without a check fails.

(a) Every route with a mutating method (POST, PUT, PATCH, DELETE) depends on a
    ``fairpair.web.access.Allow`` whose need is not ``PUBLIC`` — unless it is one of the few
    public actions in ``PUBLIC_ACTIONS``.
(b) Each is called, path parameters filled from a real event A (by name, else by type) and
    with a plausible body, as the anonymous public, a player account (no role), a judge of
    another event and the owner of another event — with a valid CSRF token (pages, cookie
    session) or a bearer token (API). Every answer is a refusal (401/403, or a 303 to the
    login page), and event A (its version, its audit log, its staff, its owner's tokens) is
    as it was. Every event route (``{slug}``) refuses all four. An account route (no
    ``{slug}``) whose need is ``SIGNED`` acts on the caller's own account (their tokens):
    only the public is refused, and event A and its owner's tokens must be unchanged;
    ``ORGANIZER`` (create an event) lets the other event's owner, an organizer, through —
    with event A's slug in the body, so it must still not take event A over.
(c) Every private GET (a need of Viewer or more: console pages, drafts, the audit log) is
    refused for the same identities.
(d) Players (issue 11): a route that needs ``PLAYER`` (the player's own actions and pages)
    refuses the four identities and a player of ANOTHER event holding their own pass (as
    a bearer ``fpp_`` token on the API, as the signed cookie on pages) — ``not_joined``;
    every staff route refuses a player of event A holding their pass, both ways.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, Union

import httpx
import pytest
from fastapi.routing import APIRoute, RouteContext, iter_route_contexts
from fastapi.testclient import TestClient
from pydantic import BaseModel

from fairpair.service.accounts.api_tokens import create_token, tokens_of
from fairpair.service.accounts.logins import Account
from fairpair.service.accounts.sessions import open_session
from fairpair.service.accounts.staff import grant, staff_of
from fairpair.service.communities import directory
from fairpair.service.communities import staff as community_staff
from fairpair.service.communities.communities import attach_event, community_view, create_community
from fairpair.service.event.demo import create_demo
from fairpair.service.event.events import create_event, event_version, list_events, show_event
from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.leagues.leagues import create_league, leagues_of
from fairpair.service.players import roster as players
from fairpair.service.players.passes import personal_link
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds.lifecycle import round_view
from fairpair.web.access import SESSION_COOKIE, Allow, Need
from fairpair.web.app import CSRF_COOKIE, create_app
from fairpair.web.player_cookie import PLAYER_COOKIE

from .conftest import settings_for
from .helpers import account

MUTATING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: The only mutating routes anyone may call: logging in and out, and joining an event by its
#: code (self-registration: anyone holding the code may join — the organizer switches it off,
#: caps it, and the service refuses it once round 1 is released; CSRF protected like any form).
PUBLIC_ACTIONS = frozenset(
    {
        ("POST", "/login"),
        ("POST", "/logout"),
        ("POST", "/e/{slug}/join"),
        # Discord's interactions endpoint: authenticated by the application's Ed25519
        # signature of each request (not a session, not CSRF); without a valid, fresh one
        # it answers 401 (test_discord_interactions_need_a_signature below), and what a
        # signed command may do is checked by the service (one-time codes, players' links).
        ("POST", "/discord/interactions"),
        # Accounts for people who have none yet (service/accounts/links.py): first-run setup
        # works only while the installation has no account at all (checked in the same
        # transaction that makes the first); an invitation or a password reset only with its
        # one-time, expiring secret in the path (refused once used, revoked or expired).
        ("POST", "/setup"),
        ("POST", "/invite/{secret}"),
        ("POST", "/reset/{secret}"),
        # The reader's language (web/routes/language.py): a cookie of the caller's own
        # browser, nothing stored, nothing of any event changed.
        ("POST", "/language"),
        # The same on an event's pages: the caller's own cookie; with the caller's own player
        # pass (nothing else), that player's notification language.
        ("POST", "/e/{slug}/language"),
    }
)
CSRF_FAILED = (
    "form-urlencoded POST field did not match cookie",
    "multipart/form-data POST field did not match cookie",
    "Unknown content-type",
)


def needs_of(route: RouteContext) -> list[Need]:
    """The needs of every ``Allow`` in the route's dependency tree."""
    found: list[Need] = []
    stack = [route.dependant]
    while stack:
        dependant = stack.pop()
        if isinstance(dependant.call, Allow):
            found.append(dependant.call.need)
        stack.extend(dependant.dependencies)
    return found


def need_of(route: RouteContext) -> Need:
    return max(needs_of(route), default=Need.PUBLIC)


def api_routes(app: Any) -> list[RouteContext]:
    """Every FastAPI route of ``app``, as served (the full path, through included routers)."""
    return [c for c in iter_route_contexts(app.routes) if isinstance(c.original_route, APIRoute)]


def calls(routes: list[RouteContext], methods: frozenset[str]) -> list[tuple[str, RouteContext]]:
    return sorted(
        ((m, r) for r in routes for m in (r.methods or set()) & methods),
        key=lambda c: (c[1].path, c[0]),
    )


def unguarded(routes: list[RouteContext]) -> list[str]:
    """The mutating routes no permission check guards (and not an allowed public action)."""
    return [
        f"{method} {route.path}"
        for method, route in calls(routes, MUTATING)
        if (method, route.path) not in PUBLIC_ACTIONS and need_of(route) == Need.PUBLIC
    ]


#: The route table, read once at collection (creating the app opens no database).
ROUTES = api_routes(create_app(settings_for("sqlite://")))
GUARDED = [
    (m, r)
    for m, r in calls(ROUTES, MUTATING)
    if (m, r.path) not in PUBLIC_ACTIONS and need_of(r) > Need.PUBLIC
]
PRIVATE_PAGES = [
    (m, r)
    for m, r in calls(ROUTES, frozenset({"GET"}))
    if need_of(r) >= Need.VIEWER or need_of(r) == Need.PLAYER
]
PLAYER_ROUTES = [(m, r) for m, r in GUARDED + PRIVATE_PAGES if need_of(r) == Need.PLAYER]


def test_every_mutating_route_checks_a_permission() -> None:
    assert unguarded(ROUTES) == []
    assert len(GUARDED) >= 20  # the API alone has more: the table was really read


def test_discord_interactions_need_a_signature(web_client: TestClient) -> None:
    body = b'{"id": "1", "type": 1}'
    assert web_client.post("/discord/interactions", content=body).status_code == 401
    signed_badly = {"x-signature-ed25519": "00" * 64, "x-signature-timestamp": "1"}
    answered = web_client.post("/discord/interactions", content=body, headers=signed_badly)
    assert answered.status_code == 401


def test_a_route_without_a_check_is_caught() -> None:
    from fastapi import FastAPI

    app = FastAPI()

    @app.post("/api/v1/events/{slug}/oops")
    def oops(slug: str) -> None: ...

    assert unguarded(api_routes(app)) == ["POST /api/v1/events/{slug}/oops"]


# -- the world the calls are made in --------------------------------------------------------


@dataclass
class Caller:
    name: str
    session: str | None
    bearer: str | None
    #: A player's pass (``fpp_…``): sent as the bearer token (API) or the signed cookie.
    player: str | None = None
    #: The caller is event A's own player (their own routes are not tried with it).
    own_player: bool = False


@dataclass
class World:
    client: TestClient
    db: Database
    slug: str
    owner: Account
    values: dict[str, Any]
    csrf: str
    callers: list[Caller]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    folder = tmp_path_factory.mktemp("permissions")
    url = f"sqlite:///{Path(folder) / 'perm.db'}"
    db = Database.open(url)
    owner = account(db, "owner-a")
    slug = create_demo(db, slug="event-a", owner=owner.id)
    token, _ = create_token(db, owner, "owner's token")
    other_owner = account(db, "owner-b")
    judge = account(db, "judge-b", organizer=False)
    player = account(db, "player", organizer=False)
    other = create_event(db, "Event B", actor="owner-b", owner=other_owner.id)
    grant(db, other, "judge-b", "judge", actor="owner-b")
    detail = show_event(db, slug)
    rounds = detail.stages[0].rounds
    players_a = [p.id for p in detail.players]
    waiting = round_view(db, slug, rounds[-1].number).tables
    table = next(t.table for t in waiting if t.result is None)  # a result would change it
    # a community of event A (owned by event A's owner): its routes name ``{community}``, and
    # a record of its directory ``{person}``; nobody tried holds a role in it
    community = create_community(db, "Community A", actor="owner-a", owner=owner.id)
    attach_event(db, community, slug, actor="owner-a")
    keys = [p.key for p in directory.people(db, community)]
    league = create_league(db, community, "Season A", actor="owner-a", events=[slug])
    values: dict[str, Any] = {
        "community": community,
        "person": keys[0],
        "key": keys[0],
        "kept": keys[0],
        "gone": keys[1],
        "event": slug,
        "slug": slug,
        "number": rounds[-1].number,
        "round": rounds[-1].number,
        "table": table,
        "player": players_a[0],
        "other": players_a[1],
        "first": players_a[1],
        "stage": detail.stages[0].id,
        "token_id": token.id,
        "username": "owner-a",
        "role": "judge",
        "result": "2-0",
        "name": "Permission Test",
        "league": league,
    }

    def caller(name: str, who: Account | None) -> Caller:
        if who is None:
            return Caller(name, None, None)
        return Caller(name, open_session(db, who), create_token(db, who, "test")[1])

    players.add_players(db, other, [NewPlayer("Visitor", id="visitor")], actor="owner-b")
    callers = [
        caller("anonymous", None),
        caller("player", player),
        caller("judge of another event", judge),
        caller("owner of another event", other_owner),
        Caller(
            "player of another event (their pass)",
            None,
            None,
            personal_link(db, other, "visitor", actor="owner-b"),
        ),
        Caller(
            "player of event A (their pass)",
            None,
            None,
            personal_link(db, slug, players_a[0], actor="owner-a"),
            own_player=True,
        ),
    ]
    app = create_app(settings_for(url))
    with TestClient(app, base_url="https://testserver") as client:
        client.get("/login")
        csrf = client.cookies[CSRF_COOKIE]
        client.cookies.clear()
        yield World(client, db, slug, owner, values, csrf, callers)
    db.close()


def _plain(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _plain(typing.get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        return _plain(next(a for a in typing.get_args(annotation) if a is not type(None)))
    return annotation


def sample(annotation: Any, name: str, values: dict[str, Any]) -> Any:
    """A plausible value for a parameter or field ``name`` of type ``annotation``."""
    if name in values:
        return values[name]
    kind = _plain(annotation)
    origin = typing.get_origin(kind)
    if origin is list:
        return [sample(typing.get_args(kind)[0], name.removesuffix("s"), values)]
    if origin is dict:
        return {}
    if origin is Literal:
        return typing.get_args(kind)[0]
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return {
            key: sample(field.annotation, key, values)
            for key, field in kind.model_fields.items()
            if field.is_required() or key in values
        }
    if kind is bool:
        return False
    if kind is int:
        return 1
    if kind is float:
        return 1.0
    if kind is datetime:
        return "2026-12-05T10:00:00Z"
    return "x"


def _path(route: RouteContext, values: dict[str, Any]) -> str:
    filled = {
        p.name: sample(p.field_info.annotation, p.name, values) for p in route.dependant.path_params
    }
    path_format = route.path_format
    assert path_format is not None, route
    return path_format.format(**filled)


def _query(route: RouteContext, values: dict[str, Any]) -> dict[str, Any]:
    return {
        p.alias: sample(p.field_info.annotation, p.name, values)
        for p in route.dependant.query_params
        if p.field_info.is_required()
    }


def request(world: World, method: str, route: RouteContext, who: Caller) -> httpx.Response:
    """Call ``route`` as ``who``: the API with their bearer token and a JSON body, a page
    with their session cookie, the CSRF token and a form."""
    values = world.values
    url = _path(route, values)
    headers: dict[str, str] = {}
    params = _query(route, values)
    bodies = route.dependant.body_params
    if url.startswith("/api/"):
        bearer = who.player or who.bearer
        if bearer is not None:
            headers["authorization"] = f"Bearer {bearer}"
        json: Any = None
        if len(bodies) == 1:
            json = sample(bodies[0].field_info.annotation, bodies[0].name, values)
        elif bodies:
            json = {b.alias: sample(b.field_info.annotation, b.name, values) for b in bodies}
        response: httpx.Response = world.client.request(
            method, url, headers=headers, params=params, json=json, follow_redirects=False
        )
        return response
    cookie = f"{CSRF_COOKIE}={world.csrf}"
    if who.session is not None:
        cookie += f"; {SESSION_COOKIE}={who.session}"
    if who.player is not None:
        cookie += f"; {PLAYER_COOKIE}={signed_pass(world.db, who.player)}"
    headers = {"cookie": cookie, "x-csrftoken": world.csrf}
    form = {b.alias: str(sample(b.field_info.annotation, b.name, values)) for b in bodies}
    answer: httpx.Response = world.client.request(
        method,
        url,
        headers=headers,
        params=params,
        data={"csrftoken": world.csrf, **form},
        follow_redirects=False,
    )
    return answer


def state(world: World) -> tuple[Any, ...]:
    """What must not change: event A, its staff and log, its owner's tokens, the events."""
    db, slug = world.db, world.slug
    community = world.values["community"]
    return (
        community_view(db, community),
        directory.people(db, community),
        community_staff.staff_of(db, community),
        leagues_of(db, community),
        event_version(db, slug),
        len(audit_log(db, slug).entries),
        staff_of(db, slug),
        show_event(db, slug).model_dump(),
        [(t.id, t.revoked_at) for t in tokens_of(db, world.owner)],
        len(list_events(db).events),
    )


def signed_pass(db: Database, secret: str) -> str:
    """The ``fairpair_player`` cookie a browser holding pass ``secret`` sends."""
    from fairpair.web.player_cookie import _signer

    return _signer(db).sign(secret).decode("ascii")


def refused(answer: httpx.Response) -> bool:
    if answer.status_code == 303:
        target = answer.headers["location"]
        return target.startswith("/login") or target.endswith("/join")
    return answer.status_code in (401, 403)


def _tried(route: RouteContext, who: Caller) -> bool:
    """Event A's own player is not tried on event A's player routes (they may)."""
    return not (who.own_player and need_of(route) == Need.PLAYER)


def _must_be_refused(route: RouteContext, who: Caller) -> bool:
    """Event routes refuse all four; the account's own routes let accounts through."""
    need = need_of(route)
    if "{slug}" in str(route.path) or "{community}" in str(route.path):
        return True
    if need == Need.SIGNED:
        return who.session is None
    if need == Need.ORGANIZER:
        return who.name != "owner of another event"
    return True


def _label(call: tuple[str, RouteContext]) -> str:
    return f"{call[0]} {call[1].path}"


@pytest.mark.parametrize("call", GUARDED, ids=_label)
def test_mutating_routes_are_refused_to_outsiders(
    world: World, call: tuple[str, RouteContext]
) -> None:
    method, route = call
    before = state(world)
    for who in world.callers:
        if not _tried(route, who):
            continue
        answer = request(world, method, route, who)
        text = answer.text
        assert not any(m in text for m in CSRF_FAILED), f"{who.name}: the CSRF check refused"
        if _must_be_refused(route, who):
            assert refused(answer), f"{who.name}: {answer.status_code} {text[:300]}"
            if (route.path or "").startswith("/api/"):
                code = answer.json()["error"]["code"]
                wanted = ("not_joined",) if need_of(route) == Need.PLAYER else ()
                assert code in ("not_logged_in", "not_allowed", *wanted), (who.name, code)
        assert answer.status_code < 500, f"{who.name}: {answer.status_code} {text[:300]}"
        assert state(world) == before, f"{who.name} changed event A with {method} {route.path}"


@pytest.mark.parametrize("call", PRIVATE_PAGES, ids=_label)
def test_private_pages_are_refused_to_outsiders(
    world: World, call: tuple[str, RouteContext]
) -> None:
    method, route = call
    for who in world.callers:
        if not _tried(route, who):
            continue
        answer = request(world, method, route, who)
        assert refused(answer), f"{who.name}: {answer.status_code} {answer.text[:300]}"


def test_the_players_routes_are_tried() -> None:
    """The player's own routes are in the table (so (d) really ran on them)."""
    paths = {r.path for _, r in PLAYER_ROUTES}
    assert "/api/v1/events/{slug}/me/report" in paths
    assert "/e/{slug}/me/confirm" in paths


@pytest.mark.parametrize("call", PLAYER_ROUTES, ids=_label)
def test_player_routes_refuse_another_events_pass_as_not_joined(
    world: World, call: tuple[str, RouteContext]
) -> None:
    method, route = call
    before = state(world)
    visitor = next(c for c in world.callers if c.name.startswith("player of another"))
    answer = request(world, method, route, visitor)
    assert refused(answer), f"{answer.status_code} {answer.text[:300]}"
    if (route.path or "").startswith("/api/"):
        assert answer.json()["error"]["code"] == "not_joined"
    assert state(world) == before
