"""A saved event as the engine sees it: rows → one ``Tournament`` (and the ids behind it).

Every use case that needs the rules loads the event this way, asks the engine, and writes
back only what changed. Loading reads each table once with plain selects.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any, cast

from sqlalchemy import Connection, select

from fairpair.engine.drops import Drop
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.results import Result
from fairpair.engine.rounds import (
    Bye,
    ByeKind,
    Match,
    PodTable,
    Round,
    RoundState,
    Toss,
    TossReason,
)
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.persist import result_of_columns
from fairpair.service.kernel.stage_settings import stage_of_settings
from fairpair.store.models import (
    ByeRow,
    DropRow,
    PlayerRow,
    PodSeatRow,
    ResultRow,
    RoundRow,
    StageRow,
    TableRow,
)


@dataclass(frozen=True, slots=True)
class Loaded:
    """The event as a tournament, with the database ids of its players and stages."""

    tournament: Tournament
    player_ids: dict[PlayerId, int]
    player_keys: dict[int, PlayerId]
    stage_ids: dict[str, int]

    def stage(self, key: str | None) -> Stage:
        return self.tournament.stage(key)


def load(conn: Connection, event: EventRef) -> Loaded:
    """Every fact of ``event`` as one engine ``Tournament``."""
    players = conn.execute(
        select(
            PlayerRow.id,
            PlayerRow.key,
            PlayerRow.name,
            PlayerRow.seed,
            PlayerRow.rating,
            PlayerRow.team,
            PlayerRow.sex,
            PlayerRow.title,
            PlayerRow.federation,
            PlayerRow.fide_id,
            PlayerRow.birth_date,
        )
        .where(PlayerRow.event_id == event.id)
        .order_by(PlayerRow.position)
    ).all()
    keys = {p.id: p.key for p in players}
    engine_players = tuple(
        Player(
            p.key,
            p.name,
            p.seed,
            p.rating,
            p.team,
            p.sex,
            p.title,
            p.federation,
            p.fide_id,
            p.birth_date,
        )
        for p in players
    )
    stage_rows = conn.execute(
        select(StageRow.id, StageRow.key, StageRow.settings)
        .where(StageRow.event_id == event.id)
        .order_by(StageRow.position)
    ).all()
    stage_keys = {s.id: s.key for s in stage_rows}
    drops = conn.execute(
        select(DropRow).where(DropRow.event_id == event.id).order_by(DropRow.position)
    ).all()
    event_drops = tuple(
        Drop(keys[d.player_id], d.after_round, stage_keys[d.stage_id] if d.stage_id else None)
        for d in drops
        if d.whole_event
    )
    stage_drops: dict[int, list[Drop]] = defaultdict(list)
    for d in drops:
        if not d.whole_event and d.stage_id is not None:
            stage_drops[d.stage_id].append(Drop(keys[d.player_id], d.after_round))
    stages = tuple(
        replace(
            stage_of_settings(s.settings),
            rounds=_rounds(conn, s.id, keys),
            drops=tuple(stage_drops.get(s.id, ())),
        )
        for s in stage_rows
    )
    tournament = Tournament(event.name, engine_players, stages, event_drops)
    return Loaded(
        tournament, {v: k for k, v in keys.items()}, keys, {s.key: s.id for s in stage_rows}
    )


def _rounds(conn: Connection, stage_id: int, keys: dict[int, PlayerId]) -> tuple[Round, ...]:
    rounds = conn.execute(
        select(RoundRow.id, RoundRow.number, RoundRow.state)
        .where(RoundRow.stage_id == stage_id)
        .order_by(RoundRow.number)
    ).all()
    if not rounds:
        return ()
    tables = conn.execute(
        select(
            TableRow.id,
            TableRow.round_id,
            TableRow.number,
            TableRow.key,
            TableRow.kind,
            TableRow.a_id,
            TableRow.b_id,
            TableRow.toss_first_id,
            TableRow.toss_reason,
            TableRow.toss_manual,
            ResultRow.kind.label("result_kind"),
            ResultRow.winner,
            ResultRow.games_a,
            ResultRow.games_b,
            ResultRow.games_draws,
        )
        .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
        .where(TableRow.stage_id == stage_id)
        .order_by(TableRow.round_id, TableRow.number)
    ).all()
    seats: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    if any(t.kind == "pod" for t in tables):
        for s in conn.execute(
            select(PodSeatRow.table_id, PodSeatRow.player_id, PodSeatRow.place)
            .join(TableRow, TableRow.id == PodSeatRow.table_id)
            .where(TableRow.stage_id == stage_id)
            .order_by(PodSeatRow.table_id, PodSeatRow.seat)
        ):
            seats[s.table_id].append((s.player_id, s.place))
    byes: dict[int, list[Bye]] = defaultdict(list)
    for b in conn.execute(
        select(ByeRow.round_id, ByeRow.player_id, ByeRow.kind)
        .join(RoundRow, RoundRow.id == ByeRow.round_id)
        .where(RoundRow.stage_id == stage_id)
        .order_by(ByeRow.round_id, ByeRow.position)
    ):
        byes[b.round_id].append(Bye(keys[b.player_id], ByeKind(b.kind)))
    matches: dict[int, list[Match]] = defaultdict(list)
    pods: dict[int, list[PodTable]] = defaultdict(list)
    # Thousands of tables share a handful of distinct results and toss reasons: each distinct
    # (frozen) value is built and checked once per load and shared.
    results: dict[tuple[Any, ...], Result] = {}
    reasons: dict[str, TossReason] = {}
    for (
        table_id,
        round_id,
        number,
        key,
        kind,
        a_id,
        b_id,
        toss_first_id,
        toss_reason,
        toss_manual,
        result_kind,
        winner,
        games_a,
        games_b,
        games_draws,
    ) in cast("list[Any]", tables):
        if kind == "pod":
            sat = seats.get(table_id, [])
            places = tuple(p for _, p in sat)
            pods[round_id].append(
                PodTable(
                    number,
                    tuple(keys[p] for p, _ in sat),
                    places if sat and all(p is not None for p in places) else None,  # type: ignore[arg-type]
                    key,
                )
            )
            continue
        result = None
        if result_kind is not None:
            shape = (result_kind, winner, games_a, games_b, games_draws)
            result = results.get(shape)
            if result is None:
                result = results[shape] = result_of_columns(*shape)
        toss = None
        if toss_first_id is not None:
            reason = reasons.get(toss_reason)
            if reason is None:
                reason = reasons[toss_reason] = TossReason(toss_reason)
            toss = Toss(keys[toss_first_id], reason, toss_manual)
        matches[round_id].append(Match(number, keys[a_id], keys[b_id], result, toss, key))
    return tuple(
        Round(
            r.number,
            tuple(matches.get(r.id, ())),
            tuple(byes.get(r.id, ())),
            tuple(pods.get(r.id, ())),
            RoundState(r.state) if r.state else None,
        )
        for r in rounds
    )
