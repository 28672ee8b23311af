"""``/api/v1/events/{slug}/players``: the registered players (as staff see them, contacts
included), registering one or many, editing one (rating, title, federation, FIDE id, …),
check-in, drops and reinstating."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter

from fairpair.api.answers import ByeRequestItem, ByeRequests
from fairpair.api.bodies import (
    ByeRequestBody,
    CheckIn,
    Drop,
    LateEntryBody,
    NewPlayerBody,
    NewPlayers,
    OnePlayer,
    PlayerEdit,
)
from fairpair.api.params import PlayerKey, RoundNumber, Slug
from fairpair.engine.rounds import ByeKind
from fairpair.responses.events import PlayerItem
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.bye_requests import bye_options, cancel_bye, request_bye
from fairpair.service.players.edits import edit_player
from fairpair.service.players.registration import LateEntry, NewPlayer
from fairpair.service.players.roster import add_players, check_in, drop_player, reinstate_player
from fairpair.web.access import DbDep, Judge, Viewer

ROUTER = APIRouter(tags=["players"])


def players_of(db: Database, slug: str, keys: Sequence[str] | None = None) -> list[PlayerItem]:
    """The event's players (only ``keys``, in that order, when given)."""
    every = show_event(db, slug).players
    if keys is None:
        return every
    by_key = {p.id: p for p in every}
    return [by_key[k] for k in keys if k in by_key]


def _new(body: NewPlayerBody) -> NewPlayer:
    return NewPlayer(
        body.name,
        body.id,
        body.seed,
        body.rating,
        body.team,
        body.contact,
        body.title,
        body.federation,
        body.fide_id,
        body.sex,
        body.birth_date,
        person=body.person,
    )


def _late(body: LateEntryBody | None) -> LateEntry | None:
    return LateEntry(body.byes, ByeKind(body.kind)) if body is not None else None


@ROUTER.get("/events/{slug}/players", response_model=list[PlayerItem])
def list_players(slug: Slug, access: Viewer, db: DbDep) -> list[PlayerItem]:
    """Every registered player, with check-in, drops and contacts."""
    return players_of(db, slug)


@ROUTER.post("/events/{slug}/players", response_model=list[PlayerItem], status_code=201)
def add_player(slug: Slug, body: OnePlayer, access: Judge, db: DbDep) -> list[PlayerItem]:
    """Register a player (after round 1: a late entry who joins the next round)."""
    ids = add_players(db, slug, [_new(body)], actor=access.actor, late=_late(body.late))
    return players_of(db, slug, ids)


@ROUTER.post("/events/{slug}/players/import", response_model=list[PlayerItem], status_code=201)
def import_players(slug: Slug, body: NewPlayers, access: Judge, db: DbDep) -> list[PlayerItem]:
    """Register many players at once, as rows of a CSV file (all or none)."""
    ids = add_players(
        db, slug, [_new(p) for p in body.players], actor=access.actor, late=_late(body.late)
    )
    return players_of(db, slug, ids)


@ROUTER.post("/events/{slug}/players/check-in", response_model=list[PlayerItem])
def check_in_players(slug: Slug, body: CheckIn, access: Judge, db: DbDep) -> list[PlayerItem]:
    """Mark players present (``undo``: not yet)."""
    ids = check_in(db, slug, body.players, actor=access.actor, undo=body.undo)
    return players_of(db, slug, ids)


@ROUTER.post("/events/{slug}/players/{player}/drop", response_model=PlayerItem)
def drop_a_player(
    slug: Slug, player: PlayerKey, body: Drop, access: Judge, db: DbDep
) -> PlayerItem:
    """The player leaves the event (or one stage) after a round; their results stay."""
    drop_player(
        db,
        slug,
        player,
        actor=access.actor,
        after_round=body.after_round,
        stage=body.stage,
        whole_event=body.whole_event,
        reason=body.reason,
    )
    return _one(db, slug, player)


@ROUTER.post("/events/{slug}/players/{player}/reinstate", response_model=PlayerItem)
def reinstate_a_player(slug: Slug, player: PlayerKey, access: Judge, db: DbDep) -> PlayerItem:
    """Undo the player's drops (a drop made by mistake)."""
    reinstate_player(db, slug, player, actor=access.actor)
    return _one(db, slug, player)


@ROUTER.patch("/events/{slug}/players/{player}", response_model=PlayerItem)
def edit_a_player(
    slug: Slug, player: PlayerKey, body: PlayerEdit, access: Judge, db: DbDep
) -> PlayerItem:
    """Change the player's name, rating, team, contact, title, federation, FIDE id, sex or
    birth date (only the fields given; ``null`` clears one)."""
    changes = {f: getattr(body, f) for f in body.model_fields_set}
    edit_player(db, slug, player, changes, actor=access.actor)
    return _one(db, slug, player)


@ROUTER.get("/events/{slug}/players/{player}/byes", response_model=ByeRequests)
def list_bye_requests(slug: Slug, player: PlayerKey, access: Viewer, db: DbDep) -> ByeRequests:
    """The player's requested byes in the stage being played, and what they may request."""
    return _byes(db, slug, player)


@ROUTER.post("/events/{slug}/players/{player}/byes", response_model=ByeRequests, status_code=201)
def request_a_bye(
    slug: Slug, player: PlayerKey, body: ByeRequestBody, access: Judge, db: DbDep
) -> ByeRequests:
    """Request a bye for the player in a coming round, before it is paired (audited)."""
    request_bye(db, slug, player, ByeKind(body.kind), actor=access.actor, round_number=body.round)
    return _byes(db, slug, player)


@ROUTER.delete("/events/{slug}/players/{player}/byes/{number}", response_model=ByeRequests)
def cancel_a_bye(
    slug: Slug, player: PlayerKey, number: RoundNumber, access: Judge, db: DbDep
) -> ByeRequests:
    """Cancel the player's requested bye of round ``number``, before it is paired."""
    cancel_bye(db, slug, player, number, actor=access.actor)
    return _byes(db, slug, player)


def _byes(db: Database, slug: str, player: str) -> ByeRequests:
    options = bye_options(db, slug, player)
    return ByeRequests(
        stage=options.stage,
        requests=[
            ByeRequestItem(round=r.round, kind=r.kind.value, paired=r.paired)
            for r in options.requests
        ],
        rounds_open=list(options.rounds),
        kinds_allowed=[k.value for k in options.kinds],
        half_point_limit=options.half_limit,
        half_point_used=options.half_used,
        why_not=options.why_not,
    )


def _one(db: Database, slug: str, player: str) -> PlayerItem:
    """The player ``player`` names (an id, else a name), as the service found them."""
    every = players_of(db, slug)
    by_id = [p for p in every if p.id == player]
    return (by_id or [p for p in every if p.name.lower() == player.lower()])[0]
