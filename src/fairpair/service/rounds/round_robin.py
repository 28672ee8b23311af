"""A round-robin stage's schedule (docs/round-robin.md): the whole schedule is fixed at the
start, so it can be shown in full, and every remaining round can be released together (one
transaction, one audit entry per round) instead of one by one through drafts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fairpair.engine.changes import release_round
from fairpair.engine.errors import Location, PairingRefused
from fairpair.engine.formats import pair_next_round
from fairpair.engine.formats.round_robin import round_robin_schedule
from fairpair.engine.result_text import result_text
from fairpair.engine.stage_config import StageFormat
from fairpair.i18n import gettext, say
from fairpair.responses.round_robin import (
    NumberedPlayer,
    RoundRobinSchedule,
    ScheduledGameItem,
    ScheduledRoundItem,
)
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.persist import insert_round
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.rounds.drafts import draft_view, stored_draft
from fairpair.store.database import Database

if TYPE_CHECKING:
    from fairpair.engine.stage import Stage
    from fairpair.responses.round_robin import RoundRobinSchedule


def _round_robin(stage: Stage, slug: str) -> None:
    if stage.format is not StageFormat.ROUND_ROBIN:
        raise Refused(
            Location(stage=stage.id),
            gettext(
                "stage %(id)r of %(slug)s is a %(value)s stage: only a round "
                "robin has its whole schedule fixed at the start"
            )
            % {"id": stage.id, "slug": slug, "value": stage.format.value},
        )


def release_all(db: Database, slug: str, *, actor: str, stage: str | None = None) -> list[int]:
    """Release every round of a round robin not released yet, together, each Scheduled as
    if generated and released one by one (same tables, who plays first, sit-outs and notes).
    Refused outside a round robin, while a draft exists (release or discard it first), and
    when every round is released already. Returns the numbers of the rounds released."""
    with changing(db, slug, actor) as change:
        change.wide = True
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        loaded = load(conn, change.event)
        t = loaded.tournament
        _round_robin(t.stage(where.key), slug)
        draft_row = stored_draft(conn, where)
        if draft_row is not None:
            raise Refused(
                Location(stage=where.key, round=draft_row.round_number),
                gettext(
                    "a draft of round %(round_number)s exists: release it or "
                    "discard it first, then release the rest together"
                )
                % {"round_number": draft_row.round_number},
            )
        released: list[int] = []
        while True:
            try:
                draft = pair_next_round(t, where.key)
            except PairingRefused as refusal:
                if released:
                    break
                raise Refused(
                    Location(stage=where.key),
                    gettext("nothing to release: %(reason)s") % {"reason": say(refusal.said)},
                ) from None
            notes = draft_view(t, draft)["notes"]
            t = release_round(t, draft)
            rnd = t.stage(where.key).round(draft.round_number)
            assert rnd is not None
            insert_round(
                conn, where.id, rnd, loaded.player_ids, actor=actor, at=change.at, notes=notes
            )
            change.audit(
                "round.release",
                f"stage {where.key} round {rnd.number} (released with the rest of the schedule)",
                after={
                    "tables": [[m.table, m.a, m.b] for m in rnd.matches],
                    "byes": [b.player for b in rnd.byes],
                    "all": True,
                },
            )
            released.append(rnd.number)
        return released


def schedule_view(db: Database, slug: str, *, stage: str | None = None) -> RoundRobinSchedule:
    """Every round of a round-robin stage: the Berger numbers, each round's games (who plays
    first), who sits out, and for released rounds their state and results."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        loaded = load(conn, event)
    t = loaded.tournament
    chosen = t.stage(where.key)
    _round_robin(chosen, slug)
    schedule = round_robin_schedule(t, chosen)
    names = {p.id: p.name for p in t.players}
    gone = t.drop_rounds(chosen)
    numbered = {
        pid: NumberedPlayer(
            number=i, id=pid, name=names.get(pid, pid), withdrawn_after=gone.get(pid)
        )
        for i, pid in enumerate(schedule.players, start=1)
    }
    rounds: list[ScheduledRoundItem] = []
    for scheduled in schedule.rounds:
        released = chosen.round(scheduled.number)
        results = {
            frozenset((m.a, m.b)): m for m in (released.matches if released is not None else ())
        }
        games = []
        for game in scheduled.games:
            match = results.get(frozenset((game.first, game.second)))
            shown = None
            if match is not None and match.result is not None:
                shown = result_text(match.result, names[match.a], names[match.b])
            games.append(
                ScheduledGameItem(
                    table=game.table,
                    first=numbered[game.first],
                    second=numbered[game.second],
                    result=shown,
                )
            )
        rounds.append(
            ScheduledRoundItem(
                number=scheduled.number,
                cycle=scheduled.cycle,
                cycle_round=scheduled.cycle_round,
                state=released.status.value if released is not None else "not released",
                games=games,
                sits_out=numbered[scheduled.sits_out] if scheduled.sits_out is not None else None,
            )
        )
    return RoundRobinSchedule(
        event=slug,
        stage=where.key,
        cycles=schedule.cycles,
        numbers_from=schedule.source.value,
        players=list(numbered.values()),
        rounds=rounds,
    )
