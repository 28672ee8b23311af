"""The private draft of a stage's next round (seed 004 "Running a round"): generate, look at
it, rearrange it by hand, regenerate or discard it. A draft is not a round: no round or match
exists until it is released, and players see nothing."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, delete, insert, select

from fairpair.engine.errors import InvalidTournament, LifecycleRefused, Location
from fairpair.engine.formats import pair_next_round
from fairpair.engine.lifecycle import RoundAction, check
from fairpair.engine.pairing.draft import DraftPairing, DraftPod, PairingDraft
from fairpair.engine.pairing.rearrange import rearrange_draft
from fairpair.engine.rounds import Bye, ByeKind, Toss, TossReason
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.i18n import gettext, later, say
from fairpair.responses.draft import draft_model
from fairpair.responses.drafts import SavedDraft
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused, StaleVersion
from fairpair.service.kernel.loading import Loaded, load
from fairpair.service.kernel.lookup import StageRef, find_player, find_stage
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.rounds.autopilot_pause import hold
from fairpair.service.rounds.cut import draw_if_due, seat_replacements
from fairpair.service.rounds.rating_seeds import rating_seeds
from fairpair.store.database import Database
from fairpair.store.models import DraftRow


def body_of(draft: PairingDraft, view: dict[str, Any], moves: list[list[str]]) -> dict[str, Any]:
    return {
        "pairings": [[t.table, t.a, t.b] for t in draft.pairings],
        "match_ids": [t.match_id for t in draft.pairings],
        "first": [
            None if t.plays_first is None else [t.plays_first.first, t.plays_first.reason.value]
            for t in draft.pairings
        ],
        "pods": [[p.table, list(p.seats)] for p in draft.pods],
        "byes": [[b.player, b.kind.value] for b in draft.byes],
        "eligible": list(draft.eligible),
        "moves": moves,
        "view": view,
    }


def draft_of(stage_key: str, round_number: int, body: dict[str, Any]) -> PairingDraft:
    """The engine draft stored in ``body`` (notes are kept as their JSON view)."""
    pairings = body["pairings"]
    ids = body.get("match_ids") or [""] * len(pairings)
    firsts = body.get("first") or [None] * len(pairings)
    return PairingDraft(
        stage_key,
        round_number,
        tuple(
            DraftPairing(
                t,
                a,
                b,
                match_id=match_id,
                plays_first=None if first is None else Toss(first[0], TossReason(first[1])),
            )
            for (t, a, b), match_id, first in zip(pairings, ids, firsts, strict=True)
        ),
        tuple(Bye(p, ByeKind(k)) for p, k in body["byes"]),
        (),
        tuple(body["eligible"]),
        pods=tuple(DraftPod(t, tuple(seats)) for t, seats in body.get("pods", [])),
    )


def draft_view(
    tournament: Tournament, draft: PairingDraft, notes: list[Any] | None = None
) -> dict[str, Any]:
    """The JSON view of ``draft`` (its tables with points, byes and notes), as stored with
    the draft and shown by ``round draft``; ``notes`` keep those of an earlier view."""
    stage = tournament.stage(draft.stage_id)
    points = draft.points_before
    if not points and draft.round_number > 1:
        standings = compute_standings(tournament, stage)
        points = {r.player.id: r.points for r in standings.rows}
    view = draft_model(tournament, draft, points).model_dump(mode="json")
    if notes is not None:
        view["notes"] = notes
    return view


def draft_warnings(pairings: list[dict[str, Any]], notes: list[dict[str, Any]]) -> list[str]:
    """A draft's warnings (``SavedDraft.warnings``), from its tables and notes: a rematch or a
    forbidden pair, one sentence a table (English; a ``fairpair.i18n.later`` value, said in
    the reader's language on the review page), then the notes of forced repeat pod-mates."""
    warnings: list[str] = []
    for t in pairings:
        table, a, b = t["table"], t["a"]["name"], t["b"]["name"]
        if t["forced_rematch"]:
            warnings.append(
                later.gettext(
                    "table %(table)s: %(a)s and %(b)s have met before (a rematch)",
                    table=table,
                    a=a,
                    b=b,
                )
            )
        elif t["forbidden"]:
            warnings.append(
                later.gettext(
                    "table %(table)s: %(a)s and %(b)s are a forbidden pair", table=table, a=a, b=b
                )
            )
    repeats = [n for n in notes if n.get("kind") == "pod_forced_repeats"]
    return warnings + [str(n.get("text", "")) for n in repeats]


def _saved(row: Any, stage_key: str) -> SavedDraft:
    body = row.body
    view = body["view"]
    warnings = draft_warnings(view["pairings"], view["notes"])
    repeats = [n for n in view["notes"] if n.get("kind") == "pod_forced_repeats"]
    forced = bool(repeats) or any(t["forced_rematch"] for t in view["pairings"])
    return SavedDraft(
        stage=stage_key,
        round=row.round_number,
        made_by=row.made_by,
        made_at=row.made_at,
        version=row.version,
        private=True,
        pairings=view["pairings"],
        byes=view["byes"],
        notes=view["notes"],
        warnings=warnings,
        moves=[f"{a} ⇄ {b}" for a, b in body.get("moves", [])],
        pods=view.get("pods", []),
        repeat_pairing=forced,
    )


def stored_draft(conn: Connection, stage: StageRef) -> Any:
    return conn.execute(
        select(
            DraftRow.id,
            DraftRow.round_number,
            DraftRow.body,
            DraftRow.made_by,
            DraftRow.made_at,
            DraftRow.version,
        ).where(DraftRow.stage_id == stage.id)
    ).first()


def _pair(change: Change, loaded: Loaded, stage_key: str) -> tuple[Loaded, PairingDraft]:
    """The draft of the next round of ``stage_key`` — for round 1 of a cut stage, with the cut
    seated first (``service.rounds.cut.seat_replacements``) — and what is loaded now."""
    loaded = seat_replacements(change, draw_if_due(change, loaded, stage_key), stage_key)
    stage = loaded.stage(stage_key)
    verdict = check(stage, RoundAction.GENERATE)
    if verdict.refusal is not None:
        raise LifecycleRefused(
            Location(stage=stage.id, round=stage.last_round + 1), say(verdict.refusal.said)
        )
    seeded = rating_seeds(change.conn, change.event.id, loaded.tournament, stage)
    if seeded is not stage:  # round 1 seeded by the community's ratings
        stages = tuple(seeded if s.id == stage.id else s for s in loaded.tournament.stages)
        loaded = replace(loaded, tournament=replace(loaded.tournament, stages=stages))
    return loaded, pair_next_round(loaded.tournament, seeded)


def _store(change: Change, stage: StageRef, draft: PairingDraft, view: dict[str, Any]) -> Any:
    conn = change.conn
    conn.execute(delete(DraftRow).where(DraftRow.stage_id == stage.id))
    conn.execute(
        insert(DraftRow).values(
            stage_id=stage.id,
            round_number=draft.round_number,
            body=body_of(draft, view, []),
            made_by=change.actor,
            made_at=change.at,
            version=1,
        )
    )
    return stored_draft(conn, stage)


def generate(db: Database, slug: str, *, actor: str, stage: str | None = None) -> SavedDraft:
    """Pair the next round as a private draft. Refused while a round is live, past the round
    cap, and while a draft exists (regenerate or discard it)."""
    with changing(db, slug, actor) as change:
        return generate_in(change, stage)


def generate_in(change: Change, stage: str | None) -> SavedDraft:
    """``generate`` inside a change already under way (``service.rounds.flow``)."""
    return generate_loaded(change, stage, None)[0]


def generate_loaded(
    change: Change, stage: str | None, loaded: Loaded | None
) -> tuple[SavedDraft, Loaded]:
    """``generate_in`` from ``loaded`` (the event as it is in this change, when the caller
    holds it); the draft and the event it was paired from."""
    where = find_stage(change.conn, change.event, stage, to_pair=True)
    old = stored_draft(change.conn, where)
    if old is not None:
        raise Refused(
            Location(stage=where.key, round=old.round_number),
            gettext(
                "a draft of round %(round_number)s exists (made by "
                "%(made_by)s): review it, regenerate it or discard it"
            )
            % {"round_number": old.round_number, "made_by": old.made_by},
        )
    loaded, draft = _pair(change, loaded or load(change.conn, change.event), where.key)
    row = _store(change, where, draft, draft_view(loaded.tournament, draft))
    saved = _saved(row, where.key)
    change.audit(
        "round.generate",
        f"stage {where.key} round {draft.round_number} (draft)",
        after={
            "tables": len(draft.pairings),
            "byes": [b.player for b in draft.byes],
            "warnings": saved.warnings,
        },
    )
    return saved, loaded


def regenerate(db: Database, slug: str, *, actor: str, stage: str | None = None) -> SavedDraft:
    """Pair the next round again (the field as it stands now), replacing the draft."""
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage, to_pair=True)
        old = stored_draft(change.conn, where)
        loaded, draft = _pair(change, load(change.conn, change.event), where.key)
        row = _store(change, where, draft, draft_view(loaded.tournament, draft))
        change.audit(
            "round.regenerate",
            f"stage {where.key} round {draft.round_number} (draft)",
            before={"pairings": old.body["pairings"]} if old is not None else None,
            after={"pairings": row.body["pairings"]},
        )
        return _saved(row, where.key)


def _require(conn: Connection, stage: StageRef) -> Any:
    row = stored_draft(conn, stage)
    if row is None:
        raise Refused(
            Location(stage=stage.key),
            gettext("no draft of the next round: generate it first"),
        )
    return row


def show_draft(db: Database, slug: str, *, stage: str | None = None) -> SavedDraft:
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage, to_pair=True)
        return _saved(_require(conn, where), where.key)


def discard(db: Database, slug: str, *, actor: str, stage: str | None = None) -> int:
    """Throw the draft away; the round number it was for."""
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage, to_pair=True)
        row = _require(change.conn, where)
        change.conn.execute(delete(DraftRow).where(DraftRow.id == row.id))
        change.audit(
            "round.discard",
            f"stage {where.key} round {row.round_number} (draft)",
            before={"pairings": row.body["pairings"]},
        )
        hold(change, where.key, "discarded", int(row.round_number))
        return int(row.round_number)


def rearrange(
    db: Database,
    slug: str,
    player: str,
    other: str,
    *,
    actor: str,
    stage: str | None = None,
    version: int | None = None,
) -> SavedDraft:
    """Swap ``player`` and ``other`` in the draft (between tables, sides, or with the bye) and
    check it again: the new warnings (rematches, forbidden pairs) come back with it."""
    from sqlalchemy import update

    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage, to_pair=True)
        row = _require(conn, where)
        if version is not None and version != row.version:
            raise StaleVersion(
                Location(stage=where.key, round=row.round_number),
                gettext(
                    "the draft changed since you read it (version %(version)s, now "
                    "%(row_version)s): look at it again"
                )
                % {"version": version, "row_version": row.version},
            )
        one = find_player(conn, change.event, player)
        two = find_player(conn, change.event, other)
        loaded = load(conn, change.event)
        draft = draft_of(where.key, row.round_number, row.body)
        try:
            moved = rearrange_draft(loaded.tournament, draft, one.key, two.key)
        except InvalidTournament as error:
            raise Refused(error.location, say(error.said)) from None
        view = draft_view(loaded.tournament, moved, row.body["view"]["notes"])
        moves = [*row.body.get("moves", []), [one.key, two.key]]
        conn.execute(
            update(DraftRow)
            .where(DraftRow.id == row.id)
            .values(body=body_of(moved, view, moves), version=row.version + 1)
        )
        saved = _saved(stored_draft(conn, where), where.key)
        change.audit(
            "round.rearrange",
            f"stage {where.key} round {row.round_number} (draft)",
            before={"pairings": row.body["pairings"], "byes": row.body["byes"]},
            after={
                "pairings": [[t.table, t.a, t.b] for t in moved.pairings],
                "byes": [[b.player, b.kind.value] for b in moved.byes],
                "warnings": saved.warnings,
            },
        )
        return saved
