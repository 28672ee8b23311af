"""Round 1 seeded by rating (docs/ratings.md "Seeding round 1 by rating"): when a
community's ratings say so (``settings["ratings"]["seed_round_one"]``), the draft of
round 1 of an event's first stage orders the field by the players' current ratings in the
event's game — the best rated seed 1 — with unrated players after them (in the stage's drawn
order). It happens when round 1 is generated, so it uses the ratings as they are then and
seeds players who registered late; seeds staff typed (a player's or the stage's) win: then
nothing is changed. The seeds are the draft's only: nothing else is written.

``service.ratings`` (a folder above this one) writes the ratings; this module only reads
its table (``rating_changes``) and the community's choice, as the round's draft needs them
in its own transaction."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, select

from fairpair.engine.players import PlayerId
from fairpair.engine.ratings.values import Rating, System, rank_value
from fairpair.engine.stage import Stage, StageFormat
from fairpair.engine.tournament import Tournament
from fairpair.store.models import (
    CommunityEventRow,
    CommunityRow,
    EventRow,
    PlayerPersonRow,
    PlayerRow,
    RatingChangeRow,
)


def _choices(conn: Connection, event_id: int) -> tuple[int, dict[str, Any]] | None:
    row = conn.execute(
        select(CommunityRow.id, CommunityRow.settings)
        .join(CommunityEventRow, CommunityEventRow.community_id == CommunityRow.id)
        .where(CommunityEventRow.event_id == event_id)
    ).first()
    if row is None:
        return None
    mine = (row.settings or {}).get("ratings")
    if not isinstance(mine, dict) or mine.get("seed_round_one") is not True:
        return None
    return int(row.id), mine


def rating_seeds(conn: Connection, event_id: int, tournament: Tournament, stage: Stage) -> Stage:
    """``stage`` with its round 1 seeded by rating, when its community asks for it and
    nobody seeded by hand; else ``stage`` itself."""
    players = tournament.players_of(stage)
    if (
        stage.rounds
        or stage.cut is not None
        or stage.seeds
        or tournament.stages[0].id != stage.id
        or any(p.seed is not None for p in players)
    ):
        return stage
    found = _choices(conn, event_id)
    if found is None:
        return stage
    community_id, choices = found
    pods = stage.format is StageFormat.PODS
    system = System.OPENSKILL if pods else System(str(choices.get("matches", "glicko2")))
    if choices.get("matches") == "off" and not pods:
        return stage
    game = (
        (stage.ruleset.base or stage.ruleset.name)[:40] if choices.get("per_game", True) else "all"
    )
    people = {
        r.key: int(r.person_id)
        for r in conn.execute(
            select(PlayerRow.key, PlayerPersonRow.person_id)
            .join(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
            .where(PlayerRow.event_id == event_id)
        )
    }
    current: dict[int, Rating] = {}
    for r in conn.execute(
        select(
            RatingChangeRow.person_id,
            RatingChangeRow.after_value,
            RatingChangeRow.after_deviation,
        )
        .join(EventRow, EventRow.id == RatingChangeRow.event_id)
        .where(
            RatingChangeRow.community_id == community_id,
            RatingChangeRow.game == game,
            RatingChangeRow.system == system.value,
            RatingChangeRow.person_id.in_(set(people.values())),
        )
        .order_by(EventRow.created_at, EventRow.id)
    ):
        current[r.person_id] = Rating(r.after_value, r.after_deviation)
    rated: list[tuple[float, str, PlayerId]] = [
        (-rank_value(system, current[people[p.id]]), p.name.casefold(), p.id)
        for p in players
        if p.id in people and people[p.id] in current
    ]
    if not rated:
        return stage
    seeds = {pid: k for k, (_, _, pid) in enumerate(sorted(rated), start=1)}
    return replace(stage, seeds=seeds)
