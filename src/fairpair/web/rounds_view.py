"""What the Rounds tab and the Results page read about a stage: the stage chosen (``?stage=``,
else the service's stage to play), its rounds with the names players see, the round results
are entered for, and the review screen's warnings about players who withdrew since the draft."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.record_text import record_formatter
from fairpair.i18n import N_
from fairpair.responses.drafts import SavedDraft
from fairpair.responses.events import EventDetail, RoundItem, StageItem
from fairpair.service.kernel.connection import Database
from fairpair.service.results.standings import standings

#: A round's state as players see it (seed 004 "Round states").
SHOWN = {"scheduled": N_("Upcoming"), "open": N_("In Progress"), "completed": N_("Completed")}
#: The stages' formats as the console names them (``format | replace("_", " ")``), for the
#: catalogue: the templates translate them.
FORMAT_NAMES = (
    N_("swiss"),
    N_("swiss elimination"),
    N_("single elimination"),
    N_("double elimination"),
    N_("round robin"),
    N_("pods"),
)
#: What each state allows (seed 004 "Round states, and what you can undo").
ACTIONS = {
    "scheduled": ("open", "delete"),
    "open": ("complete", "revert"),
    "completed": (),
}


@dataclass(frozen=True, slots=True)
class StageChoice:
    """The stage a page shows, and the event's stages to pick another."""

    stage: StageItem
    stages: list[StageItem]


def choose_stage(event: EventDetail, key: str) -> StageChoice:
    found = next((s for s in event.stages if s.id == key), None)
    assert found is not None, f"stage {key!r} is not in the event"
    return StageChoice(found, list(event.stages))


def current_round(stage: StageItem, wanted: int | None = None) -> RoundItem | None:
    """Round ``wanted``, else the Open round, else the last one (``None``: no round yet)."""
    if wanted is not None:
        return next((r for r in stage.rounds if r.number == wanted), None)
    live = [r for r in stage.rounds if r.state == "open"]
    if live:
        return live[-1]
    return stage.rounds[-1] if stage.rounds else None


def live_round(stage: StageItem) -> RoundItem | None:
    """A round still Scheduled or Open: while there is one, no other round is released."""
    return next((r for r in stage.rounds if r.state != "completed"), None)


def withdrawn_since(event: EventDetail, draft: SavedDraft) -> list[str]:
    """The draft's players who have left the event since (release will be refused)."""
    gone = {p.id: p.name for p in event.players if p.dropped_after is not None}
    seated = [p for t in draft.pairings for p in (t["a"], t["b"])]
    seated += [b["player"] for b in draft.byes]
    seated += [s for pod in draft.pods for s in pod.get("seats", [])]
    return [f"{gone[p['id']]} ({p['id']})" for p in seated if p.get("id") in gone]


def names_of(event: EventDetail) -> dict[str, str]:
    return {p.id: p.name for p in event.players}


def records_of(db: Database, slug: str, stage: str) -> dict[str, str]:
    """Each player's record in ``stage`` so far as the game writes it ("2-1-0" W-L-D, or
    "2½/3" in chess: ``engine.record_text``)."""
    _, table = standings(db, slug, stage=stage)
    record = record_formatter(table.stage.ruleset)
    return {row.player.id: record(row) for row in table.rows}
