"""Editing a registered player: their seed before the pairings use it (``set_seed``), and
their registration facts — name, rating, team, contact, title, federation, FIDE id, sex,
birth date — at any time (``edit_player``).

A seed orders round 1 (one score group, ordered by seed): once round 1 is paired — a draft
waiting for review or a released round — changing a seed would not change who met whom,
so the edit is refused rather than silently meaningless. Two players cannot share a seed.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.change import Change
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.lookup import find_player
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.kernel.unit import changing
from fairpair.service.players.registration import CHESS_FIELDS, chess_facts
from fairpair.store.database import Database
from fairpair.store.models import DraftRow, PlayerRow, RoundRow, StageRow

HIGHEST_SEED = 1_000_000


def set_seed(db: Database, slug: str, player: str, seed: int | None, *, actor: str) -> int | None:
    """Give ``player`` seed ``seed`` (``None``: no seed); the seed they had."""
    if seed is not None and not 1 <= seed <= HIGHEST_SEED:
        raise Refused(
            Location(("seed",)),
            gettext("a seed is 1-%(highest)s, got %(seed)s")
            % {"highest": f"{HIGHEST_SEED:,}", "seed": seed},
        )
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        _refuse_once_paired(change)
        before = conn.execute(select(PlayerRow.seed).where(PlayerRow.id == who.id)).scalar_one()
        if before == seed:
            return before
        if seed is not None:
            holder = conn.execute(
                select(PlayerRow.name, PlayerRow.key).where(
                    PlayerRow.event_id == event.id,
                    PlayerRow.seed == seed,
                    PlayerRow.id != who.id,
                )
            ).first()
            if holder is not None:
                raise Refused(
                    Location(("seed",), player=who.key),
                    gettext("seed %(seed)s is taken by %(name)s (%(key)s)")
                    % {"seed": seed, "name": holder.name, "key": holder.key},
                )
        conn.execute(update(PlayerRow).where(PlayerRow.id == who.id).values(seed=seed))
        change.audit(
            "player.seed", f"player {who.key}", before={"seed": before}, after={"seed": seed}
        )
        return before


def _refuse_once_paired(change: Change) -> None:
    conn, event = change.conn, change.event
    stages = select(StageRow.id).where(StageRow.event_id == event.id)
    paired = conn.execute(select(RoundRow.id).where(RoundRow.stage_id.in_(stages)).limit(1)).first()
    if paired is not None:
        raise Refused(
            Location(("seed",)),
            gettext(
                "round 1 is already paired: a seed only orders round 1, so "
                "changing it now would change nothing (seeds of a later stage "
                "are that stage's setting)"
            ),
        )
    draft = conn.execute(select(DraftRow.id).where(DraftRow.stage_id.in_(stages)).limit(1)).first()
    if draft is not None:
        raise Refused(
            Location(("seed",)),
            gettext(
                "round 1 has a draft waiting for review: discard it first, then change the seed"
            ),
        )


#: What ``edit_player`` changes: the registration facts that order nothing once paired.
EDITABLE = ("name", "rating", "team", "contact", *CHESS_FIELDS)


def edit_player(
    db: Database, slug: str, player: str, changes: Mapping[str, object], *, actor: str
) -> dict[str, object]:
    """Change ``player``'s registration facts: each key of ``changes`` (one of ``EDITABLE``)
    gets its value (``None`` or empty text clears it; a name cannot be cleared). Ratings,
    titles, federations and FIDE ids can change at any time: a rating orders the pairings
    still to come and the rating tie-breaks, never a round already paired. What the player
    holds after. One transaction, audited ``player.edit`` with what changed."""
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise Refused(
            Location((unknown[0],)),
            gettext("not a field a player's edit changes (the fields: %(join_editable)s)")
            % {"join_editable": ", ".join(EDITABLE)},
        )
    values: dict[str, object] = {}
    where = "player"
    if "name" in changes:
        name = str(changes["name"] or "").strip()
        if not name or len(name) > 200 or has_control(name):
            raise Refused(
                Location((where, "name")), gettext("a name has 1-200 characters, no control codes")
            )
        refuse_hidden(name, Location((where, "name")), gettext("the name"))
        values["name"] = name
    if "rating" in changes:
        rating = changes["rating"]
        if rating is not None and (not isinstance(rating, int) or not 0 <= rating <= 10_000):
            raise Refused(
                Location((where, "rating")),
                gettext("rating must be 0-10000, got %(rating)s") % {"rating": rating},
            )
        values["rating"] = rating
    for field in ("team", "contact"):
        if field in changes:
            text = str(changes[field] or "").strip()
            if len(text) > 200 or has_control(text):
                raise Refused(
                    Location((where, field)),
                    gettext("a %(field)s has up to 200 characters, no control codes")
                    % {"field": field},
                )
            if field == "team":
                refuse_hidden(text, Location((where, field)), gettext("the team"))
            values[field] = text or None
    chess = {f: changes[f] for f in CHESS_FIELDS if f in changes}
    values.update(chess_facts({k: None if v is None else str(v) for k, v in chess.items()}))
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        columns = [getattr(PlayerRow, f) for f in EDITABLE]
        row = conn.execute(select(*columns).where(PlayerRow.id == who.id)).one()
        held = dict(zip(EDITABLE, row, strict=True))
        changed = {k: v for k, v in values.items() if held[k] != v}
        if changed:
            conn.execute(update(PlayerRow).where(PlayerRow.id == who.id).values(**changed))
            change.audit(
                "player.edit",
                f"player {who.key}",
                before={k: held[k] for k in changed},
                after=changed,
            )
        return {**held, **changed}
