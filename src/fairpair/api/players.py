"""``/api/v1/events/{slug}/players``: the registered players (as staff see them, contacts
included), registering one or many, editing one (rating, title, federation, FIDE id, …),
check-in, drops and reinstating."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter

from fairpair.api.bodies import (
    CheckIn,
    Drop,
    LateEntryBody,
    NewPlayerBody,
    NewPlayers,
    OnePlayer,
    PlayerEdit,
)
from fairpair.api.params import PlayerKey, Slug
from fairpair.engine.rounds import ByeKind
from fairpair.responses.events import PlayerItem
from fairpair.service.event.events import show_event
from fairpair.service.kernel.connection import Database
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


def _one(db: Database, slug: str, player: str) -> PlayerItem:
    """The player ``player`` names (an id, else a name), as the service found them."""
    every = players_of(db, slug)
    by_id = [p for p in every if p.id == player]
    return (by_id or [p for p in every if p.name.lower() == player.lower()])[0]
