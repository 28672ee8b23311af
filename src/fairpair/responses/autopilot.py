"""A stage's autopilot as the console, the CLI (``--json``) and the API say it
(``service.results.autopilot_status``; docs/autopilot.md)."""

from __future__ import annotations

from datetime import datetime

from fairpair.responses.events import Model


class AutopilotStatus(Model):
    """A stage's autopilot now.

    ``state``: ``running`` (it moves on at the round's last result), ``waiting`` (round 1, or
    a round released by hand, waits for staff), ``held`` (a result needs a person: ``holds``
    says which), ``paused`` (until staff resume: ``said``, ``since``, ``by``), ``review`` (a
    draft it kept for a person), ``done`` (nothing left to play). ``headline`` and ``why`` are
    the console's banner; ``plan``: how far it goes ("plays 3 rounds, then the top 4")."""

    stage: str
    stage_name: str
    state: str
    headline: str
    why: str
    plan: str
    holds: tuple[str, ...] = ()
    resumable: bool = False
    since: datetime | None = None
    by: str | None = None
