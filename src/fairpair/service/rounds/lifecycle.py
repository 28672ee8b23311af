"""A round's life after its draft (seed 004 "Round states, and what you can undo"): release
(the round and its matches are created, Scheduled), open (In Progress), complete, revert an
Open round to Scheduled, delete a Scheduled round, swap two players in a Scheduled round,
and set the round's dates. The engine's lifecycle rules decide; each refusal says why."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from fairpair.engine.changes import release_round, swap_players
from fairpair.engine.changes.rounds import withdrawn_since
from fairpair.engine.errors import InvalidTournament, LifecycleRefused, Location
from fairpair.engine.lifecycle import RoundAction, check
from fairpair.engine.pairing.draft import PairingDraft
from fairpair.engine.result_text import result_text
from fairpair.engine.round_names import round_name
from fairpair.engine.rounds import Round, RoundState
from fairpair.i18n import gettext, say
from fairpair.responses.events import PodSeat, RoundBye, RoundPod, RoundTable, RoundView, Side
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused, StaleVersion
from fairpair.service.kernel.loading import Loaded, load
from fairpair.service.kernel.lookup import RoundRef, StageRef, find_player, find_round, find_stage
from fairpair.service.kernel.persist import insert_round
from fairpair.service.kernel.snapshots import loaded as snapshot
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.notices.planning import forget, replan
from fairpair.service.rounds.autopilot_pause import hold
from fairpair.service.rounds.drafts import draft_of, stored_draft
from fairpair.service.rounds.rating_job import plan_ratings
from fairpair.store.database import Database
from fairpair.store.models import ByeRow, DraftRow, ResultRow, RoundRow, TableRow


def release(db: Database, slug: str, *, actor: str, stage: str | None = None) -> int:
    """The draft becomes the round: its matches are created, Scheduled (public as Upcoming).
    Refused, naming them, when players of the draft withdrew since, or when players joined
    since (the draft would leave them out quietly); while another round is live; past the
    round cap. Returns the round's number."""
    with changing(db, slug, actor) as change:
        return release_in(change, stage)


def release_in(change: Change, stage: str | None) -> int:
    """``release`` inside a change already under way (``service.rounds.flow`` runs it with
    the other moves of "Next round" in one transaction)."""
    return release_loaded(change, stage, None)[0]


def release_loaded(change: Change, stage: str | None, loaded: Loaded | None) -> tuple[int, Loaded]:
    """``release_in`` from ``loaded`` (the event as it is in this change, when the caller
    holds it); the round's number and the event with the round released."""
    change.wide = True
    conn = change.conn
    where = find_stage(conn, change.event, stage, to_pair=True)
    row = stored_draft(conn, where)
    if row is None:
        last = conn.execute(
            select(RoundRow.number, RoundRow.state)
            .where(RoundRow.stage_id == where.id)
            .order_by(RoundRow.number.desc())
            .limit(1)
        ).first()
        if last is None:
            said = gettext("no draft to release: generate the next round first")
        elif last.state:
            said = gettext(
                "no draft to release (round %(number)s is already released and %(state)s): "
                "generate the next round first"
            ) % {"number": last.number, "state": last.state}
        else:
            said = gettext(
                "no draft to release (round %(number)s is already released): "
                "generate the next round first"
            ) % {"number": last.number}
        raise Refused(Location(stage=where.key), said)
    if loaded is None:
        loaded = load(conn, change.event)
    draft = draft_of(where.key, row.round_number, row.body)
    _refuse_leavers(loaded, where.key, draft)
    after = release_round(loaded.tournament, draft)
    _refuse_newcomers(loaded, where.key, draft.round_number, row.body)
    rnd = after.stage(where.key).round(draft.round_number)
    assert rnd is not None
    insert_round(
        conn,
        where.id,
        rnd,
        loaded.player_ids,
        actor=change.actor,
        at=change.at,
        notes=row.body["view"]["notes"],
    )
    conn.execute(delete(DraftRow).where(DraftRow.id == row.id))
    change.audit(
        "round.release",
        f"stage {where.key} round {rnd.number}",
        after={
            "tables": [[m.table, m.a, m.b] for m in rnd.matches],
            "byes": [b.player for b in rnd.byes],
            "moves": row.body.get("moves", []),
        },
    )
    return rnd.number, replace(loaded, tournament=after)


def _refuse_leavers(loaded: Loaded, stage_key: str, draft: PairingDraft) -> None:
    """Players of the draft who withdrew since it was made, named as people read them (the
    engine's refusal would name their ids)."""
    t = loaded.tournament
    stage = t.stage(stage_key)
    if check(stage, RoundAction.RELEASE, draft.round_number).refusal is not None:
        return  # another refusal comes first: the engine gives it
    gone = withdrawn_since(t, stage, draft)
    if gone:
        names = {p.id: p.name for p in t.players}
        who = ", ".join(f"{names.get(p, p)} ({p})" for p in gone)
        raise LifecycleRefused(
            Location(stage=stage_key, round=draft.round_number),
            gettext(
                "cannot release round %(round_number)s: %(who)s withdrew after "
                "the draft was made; regenerate the round"
            )
            % {"round_number": draft.round_number, "who": who},
        )


def _refuse_newcomers(loaded: Loaded, stage_key: str, number: int, body: Any) -> None:
    """Players the draft does not know (registered, or reinstated, after it was made: neither
    paired nor named as left out in its notes) would be left out of the round quietly (seed
    004: never dropped quietly): refused, naming them, as for a withdrawal."""
    t = loaded.tournament
    stage = t.stage(stage_key)
    gone = t.drop_rounds(stage)
    left_out = {
        p: n.get("reason")
        for n in body["view"]["notes"]
        if n.get("kind") == "excluded"
        for p in n.get("players", ())
    }
    known = set(body["eligible"])
    new = [
        p
        for p in t.players_of(stage)
        if p.id not in known
        and (p.id not in left_out or left_out[p.id] == "dropped")
        and not (p.id in gone and number > gone[p.id])
    ]
    if new:
        who = ", ".join(f"{p.name} ({p.id})" for p in new)
        raise LifecycleRefused(
            Location(stage=stage_key, round=number),
            gettext(
                "cannot release round %(number)s: %(who)s joined after the "
                "draft was made; regenerate the round"
            )
            % {"number": number, "who": who},
        )


def _moving(
    change: Change,
    stage: str | None,
    number: int,
    action: RoundAction,
    version: int | None,
    loaded: Loaded | None = None,
) -> tuple[StageRef, RoundRef, Loaded]:
    where = find_stage(change.conn, change.event, stage)
    rnd = find_round(change.conn, where, number)
    if version is not None and version != rnd.version:
        raise StaleVersion(
            Location(stage=where.key, round=number),
            gettext(
                "round %(number)s changed since you read it (version "
                "%(version)s, now %(rnd_version)s)"
            )
            % {"number": number, "version": version, "rnd_version": rnd.version},
        )
    if loaded is None:
        loaded = load(change.conn, change.event)
    verdict = check(loaded.stage(where.key), action, number)
    if verdict.refusal is not None:
        raise LifecycleRefused(Location(stage=where.key, round=number), say(verdict.refusal.said))
    return where, rnd, loaded


def _set_state(conn: Connection, rnd: RoundRef, state: RoundState) -> None:
    done = conn.execute(
        update(RoundRow)
        .where(RoundRow.id == rnd.id, RoundRow.version == rnd.version)
        .values(state=state.value, version=rnd.version + 1)
    )
    if done.rowcount != 1:
        raise StaleVersion(
            Location(round=rnd.number),
            gettext("round %(number)s changed meanwhile") % {"number": rnd.number},
        )


def _move(
    db: Database,
    slug: str,
    number: int,
    action: RoundAction,
    after: RoundState,
    actor: str,
    stage: str | None,
    version: int | None,
) -> None:
    """A move that changes only the round's state: the engine's lifecycle rules decide, the
    round's notices are planned again, the audit log says from which state to which."""
    with changing(db, slug, actor) as change:
        move_in(change, number, action, after, stage, version)


def move_in(
    change: Change,
    number: int,
    action: RoundAction,
    after: RoundState,
    stage: str | None,
    version: int | None = None,
    loaded: Loaded | None = None,
) -> None:
    """``_move`` inside a change already under way (``service.rounds.flow``). ``loaded``: the
    event as it is in this change, when the caller holds it (the autopilot, which moves a
    round of 4,000 players on in one transaction, loads the event once)."""
    where, rnd, _ = _moving(change, stage, number, action, version, loaded)
    _set_state(change.conn, rnd, after)
    replan(change, rnd.id)
    if action is RoundAction.REVERT:
        change.conn.execute(update(TableRow).where(TableRow.round_id == rnd.id).values(games=None))
    change.audit(
        f"round.{action.value}",
        f"stage {where.key} round {number}",
        before={"state": rnd.state},
        after={"state": after.value},
    )
    if action is RoundAction.REVERT:
        hold(change, where.key, "reverted", number)
    if action is RoundAction.COMPLETE:
        plan_ratings(change, f"stage {where.key} round {number} completed")


def open_round(
    db: Database,
    slug: str,
    number: int,
    *,
    actor: str,
    stage: str | None = None,
    version: int | None = None,
) -> None:
    """Scheduled → Open (In Progress): results may be reported."""
    _move(db, slug, number, RoundAction.OPEN, RoundState.OPEN, actor, stage, version)


def complete_round(
    db: Database,
    slug: str,
    number: int,
    *,
    actor: str,
    stage: str | None = None,
    version: int | None = None,
) -> None:
    """Open → Completed; refused while matches have no result, saying how many. In a Swiss
    elimination the thresholds apply from here: the standings mark who is Advanced or
    Eliminated, and the next round pairs only the others."""
    _move(db, slug, number, RoundAction.COMPLETE, RoundState.COMPLETED, actor, stage, version)


def revert_round(
    db: Database,
    slug: str,
    number: int,
    *,
    actor: str,
    stage: str | None = None,
    version: int | None = None,
) -> None:
    """Open → Scheduled while no match has a result; games recorded without a final result
    are reset."""
    _move(db, slug, number, RoundAction.REVERT, RoundState.SCHEDULED, actor, stage, version)


def delete_round(
    db: Database,
    slug: str,
    number: int,
    *,
    actor: str,
    stage: str | None = None,
    version: int | None = None,
) -> None:
    """A Scheduled round is removed with its matches (generate it again)."""
    with changing(db, slug, actor) as change:
        where, rnd, loaded = _moving(change, stage, number, RoundAction.DELETE, version)
        old = loaded.stage(where.key).round(number)
        forget(change, rnd.id)
        change.conn.execute(delete(RoundRow).where(RoundRow.id == rnd.id))
        change.audit(
            "round.delete",
            f"stage {where.key} round {number}",
            before={
                "state": rnd.state,
                "tables": [[m.table, m.a, m.b] for m in old.matches] if old else [],
                "byes": [b.player for b in old.byes] if old else [],
            },
        )
        hold(change, where.key, "deleted", number)


def swap(
    db: Database,
    slug: str,
    number: int,
    player: str,
    other: str,
    *,
    actor: str,
    stage: str | None = None,
) -> list[int]:
    """Exchange two players between the pairings of a Scheduled round (or with the bye); the
    changed pairings' tosses are computed again. The tables that changed."""
    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        rnd = find_round(conn, where, number)
        one = find_player(conn, change.event, player)
        two = find_player(conn, change.event, other)
        loaded = load(conn, change.event)
        try:
            after = swap_players(loaded.tournament, number, one.key, two.key, stage=where.key)
        except InvalidTournament as error:
            raise Refused(error.location, say(error.said)) from None
        before = loaded.stage(where.key).round(number)
        now_round = after.stage(where.key).round(number)
        assert before is not None and now_round is not None
        changed = write_changed_tables(conn, rnd, loaded, before, now_round)
        _set_state(conn, rnd, RoundState(rnd.state or "scheduled"))
        change.audit(
            "round.swap",
            f"stage {where.key} round {number}",
            before={
                "players": [one.key, two.key],
                "tables": [[m.table, m.a, m.b] for m in before.matches if m.table in changed],
            },
            after={
                "tables": [[m.table, m.a, m.b] for m in now_round.matches if m.table in changed]
            },
        )
        hold(change, where.key, "edited", number)
        return changed


def write_changed_tables(
    conn: Connection, rnd: RoundRef, loaded: Loaded, before: Round, after: Round
) -> list[int]:
    ids = loaded.player_ids
    old = {m.table: m for m in before.matches}
    changed = []
    for m in after.matches:
        if old.get(m.table) == m:
            continue
        changed.append(m.table)
        conn.execute(
            update(TableRow)
            .where(TableRow.round_id == rnd.id, TableRow.number == m.table)
            .values(
                a_id=ids[m.a],
                b_id=ids[m.b],
                toss_first_id=ids[m.toss.first] if m.toss else None,
                toss_reason=m.toss.reason.value if m.toss else None,
                toss_manual=m.toss.manual if m.toss else False,
                version=TableRow.version + 1,
            )
        )
    if before.byes != after.byes:
        conn.execute(delete(ByeRow).where(ByeRow.round_id == rnd.id))
        if after.byes:
            conn.execute(
                insert(ByeRow),
                [
                    {
                        "round_id": rnd.id,
                        "player_id": ids[b.player],
                        "kind": b.kind.value,
                        "position": i,
                    }
                    for i, b in enumerate(after.byes)
                ],
            )
    return changed


def set_dates(
    db: Database,
    slug: str,
    number: int,
    *,
    actor: str,
    starts_at: datetime | None,
    ends_at: datetime | None,
    stage: str | None = None,
) -> None:
    """The round's start and end (its play-by deadline); notifications are driven by them."""
    if starts_at is not None and ends_at is not None and ends_at <= starts_at:
        raise Refused(
            Location(("ends_at",), round=number), gettext("the round must end after it starts")
        )
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage)
        rnd = find_round(change.conn, where, number)
        old = change.conn.execute(
            select(RoundRow.starts_at, RoundRow.ends_at).where(RoundRow.id == rnd.id)
        ).one()
        change.conn.execute(
            update(RoundRow)
            .where(RoundRow.id == rnd.id)
            .values(starts_at=starts_at, ends_at=ends_at, version=RoundRow.version + 1)
        )
        replan(change, rnd.id)
        change.audit(
            "round.dates",
            f"stage {where.key} round {number}",
            before=_dates(old.starts_at, old.ends_at),
            after=_dates(starts_at, ends_at),
        )


def _dates(start: datetime | None, end: datetime | None) -> dict[str, Any]:
    return {
        "starts_at": start.isoformat() if start else None,
        "ends_at": end.isoformat() if end else None,
    }


def round_view(db: Database, slug: str, number: int, *, stage: str | None = None) -> RoundView:
    """Round ``number`` as released: its tables with the toss and the results, its byes, its
    dates, and the pairing notes it was released with."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        rnd = find_round(conn, where, number)
        loaded = snapshot(conn, event)
        extra = conn.execute(
            select(RoundRow.starts_at, RoundRow.ends_at, RoundRow.notes).where(
                RoundRow.id == rnd.id
            )
        ).one()
        tables = {
            t.number: t
            for t in conn.execute(
                select(
                    TableRow.number,
                    TableRow.games,
                    ResultRow.version,
                    TableRow.version.label("table_version"),
                )
                .outerjoin(ResultRow, ResultRow.table_id == TableRow.id)
                .where(TableRow.round_id == rnd.id)
            )
        }
    t = loaded.tournament
    found = t.stage(where.key).round(number)
    assert found is not None
    names = {p.id: p.name for p in t.players}
    requested = {
        b.player for b in t.stage(where.key).assigned_byes if b.round == number and b.requested
    }

    # built from the rows the service wrote (already checked): made without validating
    # again — a 4,000-player round is 6,000 of them, read after every change
    sides = {pid: Side.model_construct(id=pid, name=name) for pid, name in names.items()}

    def side(pid: str) -> Side:
        return sides.get(pid) or Side(id=pid, name=pid)

    return RoundView(
        event=slug,
        stage=where.key,
        number=number,
        name=round_name(t, t.stage(where.key), number),
        state=found.status.value,
        version=rnd.version,
        starts_at=extra.starts_at,
        ends_at=extra.ends_at,
        outstanding=found.outstanding,
        tables=[
            RoundTable.model_construct(
                table=m.table,
                id=m.id,
                a=side(m.a),
                b=side(m.b),
                first=m.toss.first if m.toss else None,
                manual_toss=bool(m.toss and m.toss.manual),
                result=result_text(m.result, names[m.a], names[m.b]) if m.result else None,
                result_version=tables[m.table].version if m.result else None,
                games_so_far=tables[m.table].games,
            )
            for m in found.matches
        ],
        byes=[
            RoundBye(player=side(b.player), kind=b.kind.value, requested=b.player in requested)
            for b in found.byes
        ],
        notes=list(extra.notes or []),
        pods=[
            RoundPod(
                table=p.table,
                id=p.id,
                seats=[PodSeat(id=s, name=names.get(s, s), place=p.place_of(s)) for s in p.seats],
                version=tables[p.table].table_version,
            )
            for p in found.pods
        ],
    )
