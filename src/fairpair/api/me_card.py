"""``GET /api/v1/events/{slug}/me``: the player's own match card as JSON (bearer ``fpp_``),
and ``POST /api/v1/events/{slug}/me/checkin``: check myself in. The same service as the
portal page (``service.portal.player_view``, ``service.players.self_checkin``)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from fairpair.api.params import Slug
from fairpair.engine.errors import Location
from fairpair.responses.my_match import MyMatch
from fairpair.service.kernel.errors import Refused
from fairpair.service.players.self_checkin import check_in_myself
from fairpair.service.portal.player_view import my_match, waitlist_place
from fairpair.web.access import DbDep, Player

ROUTER = APIRouter(tags=["players"])


class CheckedIn(BaseModel):
    """A player's own check-in: ``changed`` is false when they already were."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    event: str
    player: str
    checked_in: bool
    changed: bool


def _player_key(db: DbDep, slug: str, access: Player) -> str:
    player = access.player
    assert player is not None
    if player.player_key is None:
        place = waitlist_place(db, slug, player.waitlist_id or 0)
        raise Refused(
            Location(("player",)),
            f"you are number {place.number} on the waitlist: no match yet"
            if place.number
            else "you are on the waitlist",
        )
    return player.player_key


@ROUTER.get("/events/{slug}/me", response_model=MyMatch)
def show_my_match(slug: Slug, access: Player, db: DbDep) -> MyMatch:
    """My current round, table, opponent, who plays first, bye, record, rank, history."""
    return my_match(db, slug, _player_key(db, slug, access))


@ROUTER.post("/events/{slug}/me/checkin", response_model=CheckedIn)
def check_in(slug: Slug, access: Player, db: DbDep) -> CheckedIn:
    """Check myself in (while the organizer has check-in open, before round 1)."""
    key = _player_key(db, slug, access)
    changed = check_in_myself(db, slug, key, actor=access.actor)
    return CheckedIn(event=slug, player=key, checked_in=True, changed=changed)
