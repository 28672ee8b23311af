"""Earned byes: a player who brings N byes (a qualifier, a ranking) has a full-point bye set
for rounds 1..N of the event's first stage — the stage's ``assigned_byes`` setting, the same
one the stage form edits, so the pairing gives them exactly as it gives any assigned bye."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.stage_settings import settings_of, stage_of_settings
from fairpair.store.models import RoundRow, StageRow


def grant_earned_byes(change: Change, byes: Sequence[tuple[int, str, int]]) -> None:
    """Set the earned byes ``(index, player id, N)`` (``index``: the player's place in the
    list added, for the refusal's location ``players[index].earned_byes``) on the first
    stage, in ``change``, audited as a stage edit. Refused when that stage is not a Swiss or
    its round 1 is released already."""
    wanted = [(i, key, n) for i, key, n in byes if n > 0]
    if not wanted:
        return
    conn = change.conn
    first = conn.execute(
        select(StageRow.id, StageRow.key, StageRow.settings, StageRow.version)
        .where(StageRow.event_id == change.event.id)
        .order_by(StageRow.position)
        .limit(1)
    ).one()
    index = wanted[0][0]
    where = Location((f"players[{index}]", "earned_byes"), stage=first.key)
    stage = stage_of_settings(first.settings)
    if stage.swiss is None:
        raise Refused(
            where,
            gettext("stage %(key)r is %(format)s: earned byes are for a Swiss first stage")
            % {
                "key": first.key,
                "format": stage.format.value.replace("_", " "),
            },
        )
    released = conn.execute(
        select(func.count()).select_from(RoundRow).where(RoundRow.stage_id == first.id)
    ).scalar_one()
    if released:
        raise Refused(
            where,
            gettext(
                "round 1 of stage %(key)r is released already: earned byes are "
                "set before the event starts (a late entry's missed rounds "
                "count as late byes)"
            )
            % {"key": first.key},
        )
    cap = stage.max_rounds
    for i, _key, n in wanted:
        if cap is not None and n > cap:
            raise Refused(
                Location((f"players[{i}]", "earned_byes"), stage=first.key),
                gettext("%(n)s earned byes but stage %(key)r has at most %(cap)s rounds")
                % {"n": n, "key": first.key, "cap": cap},
            )
    old = first.settings
    added = [{"player": key, "round": r} for _, key, n in wanted for r in range(1, n + 1)]
    new = {**old, "assigned_byes": [*old.get("assigned_byes", []), *added]}
    stored = settings_of(stage_of_settings(new))
    conn.execute(
        update(StageRow)
        .where(StageRow.id == first.id)
        .values(settings=stored, version=first.version + 1)
    )
    change.audit("stage.edit", f"stage {first.key}", before=old, after=stored)
