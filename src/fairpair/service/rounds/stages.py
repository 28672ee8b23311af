"""Stages and their configuration: add a stage, edit one mid-event (max rounds, scoring,
tiebreak order, toss, groups, forbidden pairs, thresholds...). Every edit is checked against
the document schema and against the event's facts (a group naming an unknown player, a
format change that contradicts the rounds played) before it is saved."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import func, insert, select, update

from fairpair.engine.errors import InvalidStage, Location
from fairpair.engine.rulesets import autopilot_default
from fairpair.engine.validation import problems
from fairpair.i18n import gettext, ngettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused, StaleVersion
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import find_stage
from fairpair.service.kernel.stage_settings import settings_of, stage_of_settings
from fairpair.service.kernel.unit import changing
from fairpair.store.database import Database
from fairpair.store.models import DraftRow, RoundRow, StageRow


def _checked(change: Change, key: str, settings: dict[str, Any], *, new: bool) -> dict[str, Any]:
    stage = stage_of_settings({**settings, "id": key})
    loaded = load(change.conn, change.event)
    t = loaded.tournament
    if new:
        t = replace(t, stages=(*t.stages, stage))
    else:
        old = t.stage(key)
        stages = tuple(
            replace(stage, rounds=old.rounds, drops=old.drops) if s.id == key else s
            for s in t.stages
        )
        t = replace(t, stages=stages)
    found = problems(t)
    if found:
        first = found[0]
        raise InvalidStage(
            Location(stage=key),
            gettext("%(first_place_or_first_where)s: %(reason)s")
            % {"first_place_or_first_where": first.place or first.where, "reason": first.reason},
        )
    return settings_of(stage)


def _format_kept(change: Change, key: str, old: dict[str, Any], new: dict[str, Any]) -> None:
    """A stage keeps its format once it has a round or a draft: the rounds were paired by it
    (a Swiss's rounds are not a round robin's schedule nor a bracket's matches)."""
    before, after = old.get("format", "swiss"), new.get("format", "swiss")
    if before == after:
        return
    stage_id = change.conn.execute(
        select(StageRow.id).where(StageRow.event_id == change.event.id, StageRow.key == key)
    ).scalar_one()
    rounds = change.conn.execute(
        select(func.count()).select_from(RoundRow).where(RoundRow.stage_id == stage_id)
    ).scalar_one()
    drafted = change.conn.execute(
        select(func.count()).select_from(DraftRow).where(DraftRow.stage_id == stage_id)
    ).scalar_one()
    if rounds or drafted:
        if rounds:
            said = ngettext(
                "stage %(key)r has %(num)d released round paired as %(before)s: its format "
                "cannot become %(after)s (add a new stage for the next part of the event)",
                "stage %(key)r has %(num)d released rounds paired as %(before)s: its format "
                "cannot become %(after)s (add a new stage for the next part of the event)",
                rounds,
            )
        else:
            said = gettext(
                "stage %(key)r has a draft paired as %(before)s: its format cannot become "
                "%(after)s (add a new stage for the next part of the event)"
            )
        raise Refused(
            Location(("format",), stage=key),
            said % {"key": key, "num": rounds, "before": before, "after": after},
        )


def add_stage(db: Database, slug: str, settings: dict[str, Any], *, actor: str) -> str:
    """A new stage after the others, from document-style ``settings`` (``id``, ``format``,
    ``ruleset``, ``pairing_method``, ``max_rounds``, ...); its id. Left out, the name is the
    format's (``stage_from_settings``), the ruleset is the previous stage's and the autopilot
    is the ruleset's (``engine.rulesets.autopilot_default``: on for ``teamup``)."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        key = str(settings.get("id") or "")
        taken = set(
            conn.execute(select(StageRow.key).where(StageRow.event_id == event.id)).scalars()
        )
        if not key:
            key, n = "stage-2", 2
            while key in taken:
                n += 1
                key = f"stage-{n}"
        if key in taken:
            raise Refused(
                Location(("id",), stage=key),
                gettext("event %(slug)s has a stage %(key)r") % {"slug": event.slug, "key": key},
            )
        if "ruleset" not in settings:  # the ruleset of the stage before (a playoff of a Swiss)
            before = conn.execute(
                select(StageRow.settings)
                .where(StageRow.event_id == event.id)
                .order_by(StageRow.position.desc())
                .limit(1)
            ).scalar_one_or_none()
            if before is not None and "ruleset" in before:
                settings = {**settings, "ruleset": before["ruleset"]}
        if "autopilot" not in settings:  # the preset's: on for teamup
            chosen = stage_of_settings({**settings, "id": key}).ruleset
            settings = {**settings, "autopilot": autopilot_default(chosen)}
        stored = _checked(change, key, {**settings, "id": key}, new=True)
        position = conn.execute(
            select(func.coalesce(func.max(StageRow.position), -1)).where(
                StageRow.event_id == event.id
            )
        ).scalar_one()
        conn.execute(
            insert(StageRow).values(
                event_id=event.id, key=key, position=position + 1, settings=stored, version=1
            )
        )
        change.audit("stage.add", f"stage {key}", after=stored)
        return key


def edit_stage(
    db: Database,
    slug: str,
    changes: dict[str, Any],
    *,
    actor: str,
    stage: str | None = None,
    version: int | None = None,
) -> dict[str, Any]:
    """Change settings of ``stage`` (``None`` as a value removes a setting); the settings now.
    Editable mid-event: raising max rounds lets one more round be generated."""
    if "id" in changes:
        raise Refused(Location(("id",)), gettext("a stage's id cannot change"))
    with changing(db, slug, actor) as change:
        conn = change.conn
        where = find_stage(conn, change.event, stage)
        if version is not None and version != where.version:
            raise StaleVersion(
                Location(stage=where.key),
                gettext("stage %(key)s changed since you read it") % {"key": where.key},
            )
        old = conn.execute(select(StageRow.settings).where(StageRow.id == where.id)).scalar_one()
        merged = {**old, **changes}
        merged = {k: v for k, v in merged.items() if v is not None}
        stored = _checked(change, where.key, merged, new=False)
        if stored == old:
            return stored
        _format_kept(change, where.key, old, stored)
        conn.execute(
            update(StageRow)
            .where(StageRow.id == where.id)
            .values(settings=stored, version=where.version + 1)
        )
        change.audit("stage.edit", f"stage {where.key}", before=old, after=stored)
        return stored
