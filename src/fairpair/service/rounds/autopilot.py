"""Rounds that run themselves (issue 29; seed 001, "How Team Up runs Swiss": "each later round
pairs itself the moment the previous one is fully reported").

A stage with its autopilot on (``Stage.autopilot``; on for the ``teamup`` preset) moves on
its own when a round's last result is recorded — by staff, a confirmed players' report, a
Discord button, the API — **in the transaction that records it** (``after_result``):

1. the round is completed (``round.complete``);
2. while the stage goes on (``engine.stage_progress.autopilot_goes_on``: its cap, or its
   recommended rounds without one), the next round is paired, released and opened
   (``round.generate``, ``round.release``, ``round.open``) — the toss assigned, the round's
   notices planned, the live pages and Discord's live message told by the change's one new
   version; a forced rematch does not stop it: the round is labelled "Repeat pairing";
3. when the stage is done, each automatic cut from it is drawn (``cut.draw``) and, when the
   cut stage's own autopilot is on, its round 1 is paired, released and opened too; brackets
   then go on round by round to the champion.

Every step is audited by ``autopilot`` with the result that set it off (``trigger``).

**What holds it.** A sticky pause (``autopilot_pause``: paused by hand, a round edited,
reverted or deleted, a draft discarded) holds it until staff resume; a draft waiting for
review (a forbidden pair it could not avoid) is a person's decision, never overruled; a round
that is not Open (released by hand, not opened) is not moved. What it waits for — a disputed
report, an overdue match, a pod table without places — are results still missing: the
console says which (``service.results.autopilot_status``).

**Exactly once.** The step runs when the event is locked (``Change.when_locked``: at once in
a change, at the end of a players' report on PostgreSQL), and asks then, in a new statement,
whether every table of the round has its result: of two last results committed at the same
instant, the second to lock sees the first's and moves the round; the first saw one missing
and did nothing. A round already completed is never moved again. A crash loses the whole
transaction (the result with its steps): nothing is half done; ``catch_up`` — run when the
server starts — moves any round that holds every result but was left Open (a stage whose
autopilot was turned on then, an older version's data).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select

from fairpair.engine.changes.round_states import complete_round, open_round
from fairpair.engine.errors import Location
from fairpair.engine.lifecycle import RoundAction
from fairpair.engine.repeats import REPEAT_LABEL, repeat_pairings, repeat_text
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage_progress import autopilot_goes_on
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.loading import Loaded, load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.unit import changing, reading
from fairpair.service.rounds.autopilot_pause import Pilot, hold, let_go, pilot, pilot_of
from fairpair.service.rounds.cut import draw_in, outstanding_tables
from fairpair.service.rounds.drafts import generate_loaded, stored_draft
from fairpair.service.rounds.lifecycle import move_in, release_loaded
from fairpair.store.database import Database
from fairpair.store.models import EventRow, RoundRow, StageRow

#: The actor of the autopilot's steps in the audit log.
AUTOPILOT = "autopilot"


@dataclass(frozen=True, slots=True)
class Moved:
    """What the autopilot did: the round it completed (``stage``, ``completed``), the rounds
    it opened (stage, number), the cuts it drew, and a draft it kept for review (stage,
    number) because of ``warnings``."""

    stage: str
    completed: int
    opened: tuple[tuple[str, int], ...] = ()
    cuts: tuple[str, ...] = ()
    review: tuple[str, int] | None = None
    warnings: tuple[str, ...] = ()
    repeats: tuple[str, ...] = ()
    """The notes of an opened round that is a Repeat pairing (no rematch-free draw existed:
    it was paired anyway, and labelled)."""

    @property
    def text(self) -> str:
        """What it did, as the one who entered the result is told."""
        said = f"the autopilot completed round {self.completed}"
        if self.cuts:
            said += ", drew the top cut"
        if self.opened:
            said += " and opened " + ", ".join(
                f"round {n}" + (f" of {s}" if s != self.stage else "") for s, n in self.opened
            )
        if self.repeats:
            said += f" ({REPEAT_LABEL}: " + "; ".join(self.repeats) + ")"
        if self.review is not None:
            said += f"; the draft of round {self.review[1]} waits for review: " + "; ".join(
                self.warnings
            )
        return said


def after_result(change: Change, stage_key: str, round_id: int, trigger: str) -> None:
    """In the transaction of a recorded result (round row ``round_id`` of ``stage_key``):
    when the stage's autopilot runs, move on once the event is locked, if that result was
    the round's last (``trigger``: the result, as the audit log says it). Costs one small
    query for a stage without an autopilot."""
    found = pilot(change.conn, change.event.id, stage_key)
    if found is None or not found.on or found.pause is not None:
        return
    change.when_locked(lambda: _advance(change, stage_key, round_id, trigger))


def _advance(change: Change, stage_key: str, round_id: int, trigger: str) -> Moved | None:
    """Move stage ``stage_key`` on from round row ``round_id`` if it is Open, holds every
    result, and no draft waits (a person's work is never overruled)."""
    conn = change.conn
    rnd = conn.execute(
        select(RoundRow.number, RoundRow.state).where(RoundRow.id == round_id)
    ).first()
    if rnd is None or rnd.state != RoundState.OPEN.value:
        return None
    if outstanding_tables(conn, round_id):
        return None
    where = find_stage(conn, change.event, stage_key)
    if stored_draft(conn, where) is not None:
        return None
    with change.acting(AUTOPILOT, trigger):
        moved = _step(change, stage_key, int(rnd.number))
    change.outcomes.append(moved)
    return moved


def _step(change: Change, stage_key: str, number: int) -> Moved:
    """Complete round ``number`` of ``stage_key``; then its next round, or — the stage done —
    the cuts from it and their round 1. The event is loaded once and carried through the
    moves as the engine changes it (a 4,000-player round: each load is a tenth of a second)."""
    loaded = load(change.conn, change.event)
    move_in(change, number, RoundAction.COMPLETE, RoundState.COMPLETED, stage_key, loaded=loaded)
    loaded = replace(loaded, tournament=complete_round(loaded.tournament, number, stage_key))
    tournament = loaded.tournament
    stage = tournament.stage(stage_key)
    if autopilot_goes_on(tournament, stage):
        return replace(_start(change, stage_key, loaded), completed=number)
    opened: list[tuple[str, int]] = []
    cuts: list[str] = []
    for later in tournament.stages:
        cut = later.cut
        if cut is None or cut.from_stage != stage_key or not cut.automatic or later.rounds:
            continue
        if later.participants is None:
            draw_in(change, later.id)
            cuts.append(later.id)
        own = pilot(change.conn, change.event.id, later.id)
        if own is None or not own.on or own.pause is not None:
            continue
        started = _start(change, later.id, None)  # the cut was drawn: loaded afresh
        opened.extend(started.opened)
        if started.review is not None:
            return replace(
                started, stage=stage_key, completed=number, opened=tuple(opened), cuts=tuple(cuts)
            )
    return Moved(stage_key, number, tuple(opened), tuple(cuts))


def _start(change: Change, stage_key: str, loaded: Loaded | None) -> Moved:
    """Pair the next round of ``stage_key``, release it and open it (``opened``), or keep
    the draft for review (``review``, ``warnings``) when a pairing needs a person — a
    forbidden pair it could not avoid. A forced rematch does not: it is labelled.
    ``loaded``: the event as it is in this change (``None``: load it)."""
    saved, used = generate_loaded(change, stage_key, loaded)
    forbidden = tuple(
        f"table {p['table']}: {p['a']['name']} and {p['b']['name']} are a forbidden pair"
        for p in saved.pairings
        if p.get("forbidden")
    )
    if forbidden:
        return Moved(stage_key, 0, review=(stage_key, saved.round), warnings=forbidden)
    number, released = release_loaded(change, stage_key, used)
    move_in(change, number, RoundAction.OPEN, RoundState.OPEN, stage_key, loaded=released)
    tournament = open_round(released.tournament, number, stage_key)
    names = {p.id: p.name for p in tournament.players}
    again = repeat_pairings(tournament.stage(stage_key), number)
    return Moved(
        stage_key,
        0,
        opened=((stage_key, number),),
        repeats=tuple(repeat_text(r, names) for r in again),
    )


# ------------------------------------------------------------------ the staff's use cases
def pause(db: Database, slug: str, *, actor: str, stage: str | None = None) -> Pilot:
    """Hold the stage's autopilot until staff resume it (refused when it is off or held)."""
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage)
        found = _pilot_on(change, where.key)
        if found.pause is not None:
            raise Refused(
                Location(("autopilot",), stage=where.key),
                gettext("the autopilot of %(key)s is already paused (%(said)s)")
                % {"key": where.key, "said": found.pause.said},
            )
        hold(change, where.key, "paused")
        return _pilot_on(change, where.key)


def resume(db: Database, slug: str, *, actor: str, stage: str | None = None) -> Moved | None:
    """The stage's autopilot runs again; if its live round already holds every result, it
    moves on now (what it did, or ``None``). Refused when it is off."""
    with changing(db, slug, actor) as change:
        where = find_stage(change.conn, change.event, stage)
        found = _pilot_on(change, where.key)
        if found.pause is not None:
            let_go(change, found.stage_id)
            change.audit(
                "autopilot.resume", f"stage {where.key}", before={"said": found.pause.said}
            )
        live = _live_round(change, found.stage_id)
        if live is None:
            if found.pause is None:
                raise Refused(
                    Location(("autopilot",), stage=where.key),
                    gettext("the autopilot of %(key)s is running: nothing to resume")
                    % {"key": where.key},
                )
            return None
        return _advance(change, where.key, live, "when staff resumed it with every result in")


def stage_pilot(db: Database, slug: str, stage: str | None = None) -> Pilot:
    """The autopilot of ``stage`` (default: the stage being played) as stored."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        found = pilot(conn, event.id, where.key)
    assert found is not None
    return found


def _pilot_on(change: Change, key: str) -> Pilot:
    found = pilot(change.conn, change.event.id, key)
    if found is None or not found.on:
        raise Refused(
            Location(("autopilot",), stage=key),
            gettext("stage %(key)s has no autopilot: turn it on in the stage's settings first")
            % {"key": key},
        )
    return found


def _live_round(change: Change, stage_id: int) -> int | None:
    """The row id of the stage's Open round, if one is."""
    return change.conn.execute(
        select(RoundRow.id).where(
            RoundRow.stage_id == stage_id, RoundRow.state == RoundState.OPEN.value
        )
    ).scalar_one_or_none()


def catch_up(db: Database) -> list[tuple[str, Moved]]:
    """Move every running autopilot whose Open round holds every result (the server's start:
    a round left so by anything). What was moved, by event slug."""
    with db.reading() as conn:
        rows = conn.execute(
            select(
                EventRow.slug,
                StageRow.key,
                StageRow.id,
                StageRow.settings,
                StageRow.autopilot_pause,
                RoundRow.id.label("round_id"),
            )
            .join(StageRow, StageRow.event_id == EventRow.id)
            .join(RoundRow, RoundRow.stage_id == StageRow.id)
            .where(RoundRow.state == RoundState.OPEN.value)
        ).all()
        due = [
            (r.slug, r.key, r.round_id)
            for r in rows
            if (p := pilot_of(r.settings, r.autopilot_pause, r.id)).on
            and p.pause is None
            and not outstanding_tables(conn, r.round_id)
        ]
    moved: list[tuple[str, Moved]] = []
    for slug, key, round_id in due:
        with changing(db, slug, AUTOPILOT) as change:
            done = _advance(change, key, round_id, "when the server started with every result in")
        if done is not None:
            moved.append((slug, done))
    return moved
