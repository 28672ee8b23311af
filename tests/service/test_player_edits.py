"""Editing a player's seed (service.players.edits): one transaction, audited; refused, with
nothing changed, when the seed is invalid or taken or round 1 is already paired."""

from __future__ import annotations

from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import edits as player_edits
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import refused

ACTOR = "td"


def _event(db: Database, name: str = "Seeds Night") -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, 5)], actor=ACTOR
    )
    return slug


def _seeds(db: Database, slug: str) -> dict[str, int | None]:
    return {p.id: p.seed for p in events.show_event(db, slug).players}


def test_a_seed_changes_in_one_audited_transaction(db: Database) -> None:
    slug = _event(db)
    assert player_edits.set_seed(db, slug, "p1", 9, actor=ACTOR) == 1
    assert _seeds(db, slug)["p1"] == 9
    last = audit.audit_log(db, slug, limit=1).entries[-1]
    assert (last.action, last.subject, last.actor) == ("player.seed", "player p1", ACTOR)
    assert last.before == {"seed": 1} and last.after == {"seed": 9}
    assert player_edits.set_seed(db, slug, "p1", None, actor=ACTOR) == 9
    assert _seeds(db, slug)["p1"] is None


def test_an_invalid_or_taken_seed_is_refused(db: Database) -> None:
    slug = _event(db)
    refused(
        db,
        "refused",
        "1-1,000,000",
        call=lambda: player_edits.set_seed(db, slug, "p1", 0, actor=ACTOR),
    )
    error = refused(
        db,
        "refused",
        "taken by P2",
        call=lambda: player_edits.set_seed(db, slug, "p1", 2, actor=ACTOR),
    )
    assert error.location.path == ("seed",)
    refused(
        db, "unknown_player", call=lambda: player_edits.set_seed(db, slug, "nobody", 7, actor=ACTOR)
    )


def test_a_seed_cannot_change_once_round_1_is_paired(db: Database) -> None:
    slug = _event(db)
    drafts.generate(db, slug, actor=ACTOR)
    refused(
        db, "refused", "draft", call=lambda: player_edits.set_seed(db, slug, "p1", 9, actor=ACTOR)
    )
    rounds.release(db, slug, actor=ACTOR)
    refused(
        db,
        "refused",
        "already paired",
        call=lambda: player_edits.set_seed(db, slug, "p1", 9, actor=ACTOR),
    )
