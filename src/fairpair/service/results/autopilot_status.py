"""What a stage's autopilot is doing, as the console says it (issue 29, point 4: "what stops
it, visibly"): running (and what it waits for), paused — by staff, or by a change of theirs —
with one button to resume, or held by what needs a person: a disputed report or an overdue
match (in the Resolution Queue), a pod table without places, a draft kept for review.

It lives here, above the rounds (``service.rounds.autopilot`` moves them), because what holds
a round are its results: the players' reports (``pending_reports``) and the Resolution
Queue."""

from __future__ import annotations

from typing import Any

from fairpair.engine.round_names import round_names
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage import Stage
from fairpair.engine.stage_progress import autopilot_goes_on, autopilot_rounds
from fairpair.engine.tournament import Tournament
from fairpair.responses.autopilot import AutopilotStatus
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.snapshots import loaded as snapshot
from fairpair.service.kernel.unit import reading
from fairpair.service.results.pending_reports import pending_reports
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.service.rounds.autopilot_pause import pilot
from fairpair.service.rounds.drafts import stored_draft
from fairpair.store.database import Database


def autopilot_status(db: Database, slug: str, stage: str | None = None) -> AutopilotStatus | None:
    """The autopilot of ``stage`` (default: the stage being played); ``None`` when it is off."""
    with reading(db, slug) as (conn, event):
        where = find_stage(conn, event, stage)
        found = pilot(conn, event.id, where.key)
        if found is None or not found.on:
            return None
        draft = stored_draft(conn, where)
        tournament = snapshot(conn, event).tournament
    st = tournament.stage(where.key)
    plan = _plan(tournament, st)

    def said(state: str, headline: str, why: str, **more: Any) -> AutopilotStatus:
        return AutopilotStatus(
            stage=st.id,
            stage_name=st.name,
            state=state,
            headline=headline,
            why=why,
            plan=plan,
            **more,
        )

    if found.pause is not None:
        return said(
            state="paused",
            headline="Autopilot paused",
            why=found.pause.said[:1].upper() + found.pause.said[1:] + ".",
            resumable=True,
            since=found.pause.at,
            by=found.pause.by,
        )
    if draft is not None:
        return said(
            state="review",
            headline="Autopilot paused",
            why=f"The draft of round {draft.round_number} waits for review: release it or "
            "discard it.",
        )
    names = round_names(tournament, st)
    live = next((r for r in reversed(st.rounds) if r.status is not RoundState.COMPLETED), None)
    if live is None:
        if not st.rounds and st.cut is not None:
            source = tournament.stage(st.cut.from_stage)
            with reading(db, slug) as (conn, event):
                before = pilot(conn, event.id, source.id)
            by_itself = st.cut.automatic and before is not None and before.on
            return said(
                state="waiting",
                headline="Autopilot on",
                why=(
                    f"{st.name} is drawn and its first round starts by itself at the last "
                    f"result of {source.name}; every later round too."
                    if by_itself
                    else f"Start the first round of {st.name} by hand once {source.name} "
                    "ends: every later round starts itself."
                ),
            )
        if not st.rounds:
            return said(
                state="waiting",
                headline="Autopilot on",
                why="Start round 1 by hand (drop the no-shows first): every later round "
                "starts itself.",
            )
        if autopilot_goes_on(tournament, st):
            return said(
                state="waiting",
                headline="Autopilot on",
                why=f"{names.get(st.last_round, f'Round {st.last_round}')} was completed by "
                "hand: start the next round.",
            )
        return said(state="done", headline="Autopilot done", why=f"{st.name} is over.")
    name = names.get(live.number, f"Round {live.number}")
    if live.status is not RoundState.OPEN:
        return said(
            state="waiting",
            headline="Autopilot on",
            why=f"{name} is Upcoming: open it; the autopilot moves on from its last result.",
        )
    holds = _holds(db, slug, st, live.number)
    missing = live.outstanding
    if holds:
        return said(
            state="held",
            headline="Autopilot paused",
            why=f"{name} needs you: it goes on by itself once "
            + ("this result is" if len(holds) == 1 else "these results are")
            + " entered.",
            holds=holds,
        )
    return said(
        state="running",
        headline="Autopilot on",
        why=f"{name}: {missing} of {len(live.tables)} "
        + ("table" if len(live.tables) == 1 else "tables")
        + (" without places; " if st.format.value == "pods" else " to report; ")
        + _then(tournament, st),
    )


def _holds(db: Database, slug: str, stage: Stage, number: int) -> tuple[str, ...]:
    """What in round ``number`` needs a person: disputed or overdue reports, overdue
    matches, pod tables without places."""
    told: dict[int, str] = {}
    for table, report in sorted(pending_reports(db, slug, number, stage=stage.id).items()):
        if report.in_queue:
            told[table] = f"Table {table}: {report.text} (in the Resolution Queue)"
    for item in resolution_queue(db, slug).items:
        if item.stage == stage.id and item.round == number and item.table not in told:
            told[item.table] = f"Table {item.table}: {item.why} (in the Resolution Queue)"
    return tuple(told[t] for t in sorted(told))


def _plan(tournament: Tournament, stage: Stage) -> str:
    """How far the autopilot takes the stage."""
    planned = autopilot_rounds(stage)
    cuts = [s for s in tournament.stages if s.cut is not None and s.cut.from_stage == stage.id]
    if planned is None and not stage.rounds and stage.round_cap is None and not stage.cut:
        if stage.swiss is not None or stage.format.value == "pods":
            head = "plays ⌈log₂ N⌉ rounds for the N players of round 1 (set max rounds to choose)"
        else:
            head = "plays the stage to its end"
    elif planned is None:
        head = "plays the stage to its end"
    else:
        why = "max rounds" if stage.round_cap is not None else "recommended, no max rounds set"
        head = f"plays {planned} round{'s' if planned != 1 else ''} ({why})"
    for cut in cuts:
        if cut.cut is not None and cut.cut.automatic:
            head += f", then draws {_cut_said(cut)} and starts it"
    return head


def _cut_said(cut: Stage) -> str:
    """A cut stage as the plan says it: "the top 4 (Single elimination)"."""
    rule = cut.cut
    assert rule is not None
    seats = f"the top {rule.top}" if rule.top else f"the top {float(rule.percent or 0):g}%"
    return f"{seats} ({cut.name})"


def _then(tournament: Tournament, stage: Stage) -> str:
    """What the round's last result sets off."""
    if autopilot_goes_on(tournament, stage):
        return "the next round starts by itself at the last result."
    for s in tournament.stages:
        if s.cut is not None and s.cut.from_stage == stage.id and s.cut.automatic:
            return f"the last result draws {_cut_said(s)} and starts it."
    return f"the last result completes it and ends {stage.name}."
