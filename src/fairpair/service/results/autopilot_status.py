"""What a stage's autopilot is doing, as the console says it (issue 29, point 4: "what stops
it, visibly"): running (and what it waits for), paused — by staff, or by a change of theirs —
with one button to resume, or held by what needs a person: a disputed report or an overdue
match (in the Resolution Queue), a pod table without places, a draft kept for review.

It lives here, above the rounds (``service.rounds.autopilot`` moves them), because what holds
a round are its results: the players' reports (``pending_reports``) and the Resolution
Queue.

Its sentences are English (the CLI, the API) and ``fairpair.i18n.later`` values: the console
says them in the reader's language."""

from __future__ import annotations

import re
from typing import Any

from fairpair.engine.round_names import round_names
from fairpair.engine.rounds import RoundState
from fairpair.engine.stage import Stage
from fairpair.engine.stage_progress import autopilot_goes_on, autopilot_rounds
from fairpair.engine.tournament import Tournament
from fairpair.i18n import N_, later
from fairpair.i18n.later import Later
from fairpair.responses.autopilot import AutopilotStatus
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.snapshots import loaded as snapshot
from fairpair.service.kernel.unit import reading
from fairpair.service.results.pending_reports import pending_reports
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.service.rounds.autopilot_pause import Pause, pilot
from fairpair.service.rounds.drafts import stored_draft
from fairpair.store.database import Database

#: How the console says a pause (``autopilot_pause.REASONS``), by its reason.
PAUSES = {
    "paused": N_("Paused by hand."),
    "edited": N_("The pairings of round %(round)s were changed by hand."),
    "reverted": N_("Round %(round)s was reverted to Upcoming."),
    "deleted": N_("Round %(round)s was deleted."),
    "discarded": N_("The draft of round %(round)s was discarded."),
}
ROUND = re.compile(r"\bround (\d+)\b")


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

    def said(state: str, headline: Later, why: Later, **more: Any) -> AutopilotStatus:
        # built as it is (its values are the service's own): the sentences stay ``Later``
        # for the console; the API and ``--json`` write their English text
        return AutopilotStatus.model_construct(
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
            headline=later.gettext("Autopilot paused"),
            why=_paused(found.pause),
            resumable=True,
            since=found.pause.at,
            by=found.pause.by,
        )
    if draft is not None:
        return said(
            state="review",
            headline=later.gettext("Autopilot paused"),
            why=later.gettext(
                "The draft of round %(round)s waits for review: release it or discard it.",
                round=draft.round_number,
            ),
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
                headline=later.gettext("Autopilot on"),
                why=(
                    later.gettext(
                        "%(stage)s is drawn and its first round starts by itself at the last "
                        "result of %(source)s; every later round too.",
                        stage=st.name,
                        source=source.name,
                    )
                    if by_itself
                    else later.gettext(
                        "Start the first round of %(stage)s by hand once %(source)s ends: "
                        "every later round starts itself.",
                        stage=st.name,
                        source=source.name,
                    )
                ),
            )
        if not st.rounds:
            return said(
                state="waiting",
                headline=later.gettext("Autopilot on"),
                why=later.gettext(
                    "Start round 1 by hand (drop the no-shows first): every later round "
                    "starts itself."
                ),
            )
        if autopilot_goes_on(tournament, st):
            last = names.get(st.last_round, f"Round {st.last_round}")
            return said(
                state="waiting",
                headline=later.gettext("Autopilot on"),
                why=later.gettext(
                    "%(round)s was completed by hand: start the next round.",
                    round=later.round_name(last),
                ),
            )
        return said(
            state="done",
            headline=later.gettext("Autopilot done"),
            why=later.gettext("%(stage)s is over.", stage=st.name),
        )
    name = later.round_name(names.get(live.number, f"Round {live.number}"))
    if live.status is not RoundState.OPEN:
        return said(
            state="waiting",
            headline=later.gettext("Autopilot on"),
            why=later.gettext(
                "%(round)s is Upcoming: open it; the autopilot moves on from its last result.",
                round=name,
            ),
        )
    holds = _holds(db, slug, st, live.number)
    missing = live.outstanding
    if holds:
        return said(
            state="held",
            headline=later.gettext("Autopilot paused"),
            why=later.ngettext(
                "%(round)s needs you: it goes on by itself once this result is entered.",
                "%(round)s needs you: it goes on by itself once these results are entered.",
                len(holds),
                round=name,
            ),
            holds=holds,
        )
    tables, then = len(live.tables), _then(tournament, st)
    return said(
        state="running",
        headline=later.gettext("Autopilot on"),
        why=later.ngettext(
            "%(round)s: %(missing)s of %(num)d table without places; %(then)s",
            "%(round)s: %(missing)s of %(num)d tables without places; %(then)s",
            tables,
            round=name,
            missing=missing,
            then=then,
        )
        if st.format.value == "pods"
        else later.ngettext(
            "%(round)s: %(missing)s of %(num)d table to report; %(then)s",
            "%(round)s: %(missing)s of %(num)d tables to report; %(then)s",
            tables,
            round=name,
            missing=missing,
            then=then,
        ),
    )


def _paused(pause: Pause) -> Later:
    """Why the autopilot was paused, as a sentence ("Round 3 was deleted.")."""
    sentence = PAUSES.get(pause.reason)
    number = pause.round
    if number is None:  # paused before the round was kept on its own: read from the text
        found = ROUND.search(pause.said)
        number = int(found.group(1)) if found else None
    if sentence is not None and ("%(round)s" not in sentence or number is not None):
        return later.gettext(sentence, round=number) if number is not None else Later(sentence)
    return Later(pause.said[:1].upper() + pause.said[1:] + ".")


def _holds(db: Database, slug: str, stage: Stage, number: int) -> tuple[Later, ...]:
    """What in round ``number`` needs a person: disputed or overdue reports, overdue
    matches, pod tables without places."""
    told: dict[int, Later] = {}
    for table, report in sorted(pending_reports(db, slug, number, stage=stage.id).items()):
        if report.in_queue:
            told[table] = later.gettext(
                "Table %(table)s: %(report)s (in the Resolution Queue)",
                table=table,
                report=report.text,
            )
    for item in resolution_queue(db, slug).items:
        if item.stage == stage.id and item.round == number and item.table not in told:
            told[item.table] = later.gettext(
                "Table %(table)s: %(report)s (in the Resolution Queue)",
                table=item.table,
                report=item.why,
            )
    return tuple(told[t] for t in sorted(told))


def _plan(tournament: Tournament, stage: Stage) -> Later:
    """How far the autopilot takes the stage."""
    planned = autopilot_rounds(stage)
    cuts = [s for s in tournament.stages if s.cut is not None and s.cut.from_stage == stage.id]
    if planned is None and not stage.rounds and stage.round_cap is None and not stage.cut:
        if stage.swiss is not None or stage.format.value == "pods":
            head = later.gettext(
                "plays ⌈log₂ N⌉ rounds for the N players of round 1 (set max rounds to choose)"
            )
        else:
            head = later.gettext("plays the stage to its end")
    elif planned is None:
        head = later.gettext("plays the stage to its end")
    elif stage.round_cap is not None:
        head = later.ngettext(
            "plays %(num)d round (max rounds)", "plays %(num)d rounds (max rounds)", planned
        )
    else:
        head = later.ngettext(
            "plays %(num)d round (recommended, no max rounds set)",
            "plays %(num)d rounds (recommended, no max rounds set)",
            planned,
        )
    for cut in cuts:
        if cut.cut is not None and cut.cut.automatic:
            head = later.gettext(
                "%(plan)s, then draws %(cut)s and starts it", plan=head, cut=_cut_said(cut)
            )
    return head


def _cut_said(cut: Stage) -> Later:
    """A cut stage as the plan says it: "the top 4 (Single elimination)"."""
    rule = cut.cut
    assert rule is not None
    if rule.top:
        return later.gettext("the top %(seats)s (%(stage)s)", seats=rule.top, stage=cut.name)
    percent = f"{float(rule.percent or 0):g}"
    return later.gettext("the top %(percent)s%% (%(stage)s)", percent=percent, stage=cut.name)


def _then(tournament: Tournament, stage: Stage) -> Later:
    """What the round's last result sets off."""
    if autopilot_goes_on(tournament, stage):
        return later.gettext("the next round starts by itself at the last result.")
    for s in tournament.stages:
        if s.cut is not None and s.cut.from_stage == stage.id and s.cut.automatic:
            return later.gettext("the last result draws %(cut)s and starts it.", cut=_cut_said(s))
    return later.gettext("the last result completes it and ends %(stage)s.", stage=stage.name)
