"""The round timer's panel in the console (``console/_round_clock.html``), shown on the Results
tab and the round's page while the round is In Progress: the timer as it stands, the length
the Start button offers, and the page its buttons come back to."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fairpair.responses.events import RoundView
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds.clock import LONGEST, RoundClock, round_clock

#: The length a timer starts at when the round has no dates to tell it (Magic's 50 minutes).
DEFAULT_MINUTES = 50


@dataclass(frozen=True, slots=True)
class ClockPanel:
    number: int
    stage: str
    clock: RoundClock | None
    minutes: int
    """What the Start button offers."""
    source: str
    """``results`` or ``round``: where the buttons come back to."""
    ends_at: datetime | None


def default_minutes(starts_at: datetime | None, ends_at: datetime | None) -> int:
    """The length the Start button offers: the round's own, when it has both dates."""
    if starts_at is not None and ends_at is not None and ends_at > starts_at:
        return max(1, min(LONGEST, round((ends_at - starts_at).total_seconds() / 60)))
    return DEFAULT_MINUTES


def clock_panel(
    db: Database, slug: str, view: RoundView | None, stage: str, source: str
) -> ClockPanel | None:
    """The panel of round ``view`` (``None`` unless it is In Progress)."""
    if view is None or view.state != "open":
        return None
    return ClockPanel(
        view.number,
        stage,
        round_clock(db, slug, view.number, stage=stage),
        default_minutes(view.starts_at, view.ends_at),
        source,
        view.ends_at,
    )
