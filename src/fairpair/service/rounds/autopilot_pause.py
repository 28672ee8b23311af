"""When a stage's autopilot holds still (issue 29, point 4): staff changed what it would build
on, and nothing moves behind their back until they say "Resume autopilot".

The autopilot itself (``service.rounds.autopilot``) reads the pause; the round's own moves —
a swap of players, a reverted or deleted round, a discarded draft — set it here, in their
own transaction (``hold``), so this module needs nothing of the rounds' lifecycle: it is
below it. A pause is one JSON value on the stage's row (``stages.autopilot_pause``):
``reason`` (one of ``REASONS``), ``said`` (the English sentence: the audit log, the CLI),
``round`` (the round it names, if any: the console says it in the reader's language), ``at``,
``by`` (the actor). It is set only on a stage whose autopilot is on, and set once: the first reason
is kept until staff resume.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, select, update

from fairpair.service.kernel.change import Change
from fairpair.store.models import StageRow

#: Why an autopilot holds still, and how the console says it ({round}: the round's number).
REASONS = {
    "paused": "paused by hand",
    "edited": "the pairings of round {round} were changed by hand",
    "reverted": "round {round} was reverted to Upcoming",
    "deleted": "round {round} was deleted",
    "discarded": "the draft of round {round} was discarded",
}


@dataclass(frozen=True, slots=True)
class Pause:
    """A stage's autopilot holds still: why (``reason``, ``said``, the ``round`` it names),
    since when, set by whom."""

    reason: str
    said: str
    at: datetime
    by: str
    round: int | None = None


@dataclass(frozen=True, slots=True)
class Pilot:
    """A stage's autopilot as stored: on or off (its setting) and its pause, if any."""

    stage_id: int
    on: bool
    pause: Pause | None


def pilot_of(settings: dict[str, Any], pause: dict[str, Any] | None, stage_id: int) -> Pilot:
    """The autopilot of a stage row's ``settings`` and ``autopilot_pause``."""
    held = None
    if pause:
        held = Pause(
            str(pause.get("reason", "paused")),
            str(pause.get("said", "")),
            datetime.fromisoformat(str(pause["at"])),
            str(pause.get("by", "")),
            pause["round"] if isinstance(pause.get("round"), int) else None,
        )
    return Pilot(stage_id, bool(settings.get("autopilot")), held)


def pilot(conn: Connection, event_id: int, stage_key: str) -> Pilot | None:
    """Stage ``stage_key``'s autopilot (``None``: no such stage). One small query."""
    row = conn.execute(
        select(StageRow.id, StageRow.settings, StageRow.autopilot_pause).where(
            StageRow.event_id == event_id, StageRow.key == stage_key
        )
    ).first()
    return None if row is None else pilot_of(row.settings, row.autopilot_pause, row.id)


def hold(change: Change, stage_key: str, reason: str, round_number: int | None = None) -> bool:
    """In ``change``'s transaction: stage ``stage_key``'s autopilot, if it is on and runs,
    holds still for ``reason`` (``REASONS``) until staff resume it; audited. Whether it
    was held now."""
    found = pilot(change.conn, change.event.id, stage_key)
    if found is None or not found.on or found.pause is not None:
        return False
    said = REASONS[reason].format(round=round_number)
    value: dict[str, Any] = {
        "reason": reason,
        "said": said,
        "at": change.at.isoformat(),
        "by": change.actor,
    }
    if round_number is not None:
        value["round"] = round_number
    change.conn.execute(
        update(StageRow).where(StageRow.id == found.stage_id).values(autopilot_pause=value)
    )
    change.audit("autopilot.pause", f"stage {stage_key}", after={"reason": reason, "said": said})
    return True


def let_go(change: Change, stage_id: int) -> None:
    """The stage's autopilot runs again (its pause removed), in ``change``'s transaction."""
    change.conn.execute(
        update(StageRow).where(StageRow.id == stage_id).values(autopilot_pause=None)
    )
