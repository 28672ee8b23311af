"""Requested byes (docs/unplayed-rounds.md "Requested byes"): a player, from their page, or
staff for them, asks not to be paired in a coming round of the Swiss stage being played.

- **Which bye**: a half-point bye where the stage allows them (``Stage.half_point_bye_limit``:
  the stage's ``half_point_byes`` setting, else 2 under chess scoring, none under Magic or
  Pokémon rules), or a zero-point bye (sitting the round out) in any Swiss stage.
- **How many**: half-point byes up to the limit over the whole stage (requests already paired
  count); zero-point byes without a limit.
- **Until when**: for a round not paired yet — not released, and no draft of it waiting for
  review (staff discard the draft first). Cancelling has the same limit.
- **What it is**: an assigned bye of the stage marked ``requested`` (``AssignedBye``), so the
  pairing leaves the player out of that round and scores the bye (the pairing notes say
  "Bea — half-point bye (requested)."), the TRF export writes ``H`` or ``Z`` in that round.

Each request and each cancel is one transaction, audited ``player.bye_request`` /
``player.bye_cancel`` with who asked (the player or staff).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Connection, select, update

from fairpair.engine.errors import Location
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament
from fairpair.i18n import N_, gettext, ngettext
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.loading import load
from fairpair.service.kernel.lookup import PlayerRef, find_player, find_stage
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.stage_settings import settings_of, stage_of_settings
from fairpair.service.kernel.unit import changing, reading
from fairpair.store.database import Database
from fairpair.store.models import DraftRow, StageRow

Asker = Literal["player", "staff"]
#: How each kind of requested bye is named to people.
LABELS = {ByeKind.HALF: N_("half-point bye"), ByeKind.ZERO: N_("zero-point bye")}


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """A requested bye: for round ``round`` of stage ``stage``; ``paired``: that round is
    paired (released) already, so it can no longer be cancelled."""

    stage: str
    round: int
    kind: ByeKind
    paired: bool

    @property
    def label(self) -> str:
        return LABELS.get(self.kind, f"{self.kind.value} bye")


@dataclass(frozen=True, slots=True)
class ByeOptions:
    """What a player may request now: the stage, the rounds still open to a request, the
    kinds allowed, the half-point byes allowed and used, every request of theirs in the stage,
    and — when no request is possible — why not."""

    stage: str | None
    rounds: tuple[int, ...]
    kinds: tuple[ByeKind, ...]
    half_limit: int
    half_used: int
    requests: tuple[ByeRequest, ...]
    why_not: str | None

    @property
    def can_request(self) -> bool:
        return self.why_not is None and bool(self.rounds) and bool(self.kinds)


@dataclass(frozen=True, slots=True)
class _Where:
    stage: Stage
    stage_id: int
    draft_round: int | None


def _where(conn: Connection, event: EventRef, tournament: Tournament) -> _Where:
    ref = find_stage(conn, event, to_pair=True)
    draft = conn.execute(
        select(DraftRow.round_number).where(DraftRow.stage_id == ref.id)
    ).scalar_one_or_none()
    return _Where(tournament.stage(ref.key), ref.id, draft)


def _requests(stage: Stage, player: str) -> tuple[ByeRequest, ...]:
    played = stage.last_round
    return tuple(
        ByeRequest(stage.id, b.round, b.kind, b.round <= played)
        for b in sorted(stage.assigned_byes, key=lambda b: b.round)
        if b.player == player and b.requested
    )


def _ruleset_name(stage: Stage) -> str:
    return stage.ruleset.base or stage.ruleset.name


def _why_not(tournament: Tournament, where: _Where, player: PlayerRef) -> str | None:
    stage = where.stage
    if stage.swiss is None:
        return gettext("stage %(stage)r is %(format)s: byes are requested in a Swiss stage") % {
            "stage": stage.id,
            "format": stage.format.value.replace("_", " "),
        }
    if player.key not in {p.id for p in tournament.players_of(stage)}:
        return gettext("%(name)s is not in stage %(stage)r") % {
            "name": player.name,
            "stage": stage.id,
        }
    if tournament.drop_round(stage, player.key) is not None:
        return gettext("%(name)s has withdrawn: a withdrawn player is not paired anyway") % {
            "name": player.name
        }
    return None


def _open_rounds(where: _Where) -> tuple[int, ...]:
    stage = where.stage
    first = stage.last_round + 1
    if where.draft_round is not None and where.draft_round >= first:
        first = where.draft_round + 1
    cap = stage.round_cap
    last = cap if cap is not None else max(first + 4, stage.last_round + 1)
    return tuple(range(first, last + 1))


def _options(tournament: Tournament, where: _Where, player: PlayerRef) -> ByeOptions:
    stage = where.stage
    limit = stage.half_point_bye_limit
    requests = _requests(stage, player.key)
    used = sum(1 for r in requests if r.kind is ByeKind.HALF)
    kinds = (ByeKind.HALF, ByeKind.ZERO) if used < limit else (ByeKind.ZERO,)
    taken = {b.round for b in stage.assigned_byes if b.player == player.key}
    why = _why_not(tournament, where, player)
    rounds = tuple(n for n in _open_rounds(where) if n not in taken) if why is None else ()
    if why is None and not rounds:
        why = gettext("stage %(stage)r has no round left to request a bye for") % {
            "stage": stage.id
        }
    return ByeOptions(stage.id, rounds, kinds, limit, used, requests, why)


def bye_options(db: Database, slug: str, player: str) -> ByeOptions:
    """What ``player`` may request now, and their requests (read at one moment)."""
    with reading(db, slug) as (conn, event):
        who = find_player(conn, event, player)
        tournament = loaded(conn, event).tournament
        return _options(tournament, _where(conn, event, tournament), who)


def _round_open_to_change(where: _Where, number: int, who: PlayerRef, asker: Asker) -> None:
    """Refuse, naming the round, a round already paired or being paired."""
    stage = where.stage
    at = Location(("round",), player=who.key, stage=stage.id)
    if number <= stage.last_round:
        raise Refused(
            at,
            gettext(
                "round %(number)s is paired already: a bye is requested for a "
                "coming round (round %(stage_last_round_1)s or later)"
            )
            % {"number": number, "stage_last_round_1": stage.last_round + 1},
        )
    if where.draft_round == number:
        if asker == "staff":
            said = gettext(
                "round %(number)s is being paired (its draft is waiting for review): "
                "discard the draft first"
            )
        else:
            said = gettext(
                "round %(number)s is being paired (its draft is waiting for review): "
                "ask the organizer"
            )
        raise Refused(at, said % {"number": number})


def _stored_byes(conn: Connection, where: _Where) -> list[dict[str, Any]]:
    settings = conn.execute(
        select(StageRow.settings).where(StageRow.id == where.stage_id)
    ).scalar_one()
    byes: list[dict[str, Any]] = settings.get("assigned_byes", [])  # type: ignore[assignment]
    return list(byes)


def _write(conn: Connection, where: _Where, byes: list[dict[str, Any]]) -> None:
    """The stage's assigned byes become ``byes`` (checked as the document checks them)."""
    row = conn.execute(
        select(StageRow.settings, StageRow.version).where(StageRow.id == where.stage_id)
    ).one()
    stored = settings_of(stage_of_settings({**row.settings, "assigned_byes": byes}))
    conn.execute(
        update(StageRow)
        .where(StageRow.id == where.stage_id)
        .values(settings=stored, version=row.version + 1)
    )


def request_bye(
    db: Database,
    slug: str,
    player: str,
    kind: ByeKind,
    *,
    actor: str,
    round_number: int | None = None,
    asker: Asker = "staff",
) -> ByeRequest:
    """``player`` asks for a bye of ``kind`` (half or zero) in round ``round_number`` (default:
    the next round to pair) of the Swiss stage being played; the request. Refused, with the
    reason, when the round is paired or being paired, past the stage's rounds, when the
    stage allows no (more) half-point byes, or when the player has a bye that round already."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        tournament = load(conn, event).tournament
        where = _where(conn, event, tournament)
        stage = where.stage
        at = Location(("round",), player=who.key, stage=stage.id)
        why = _why_not(tournament, where, who)
        if why is not None:
            raise Refused(Location(("bye",), player=who.key, stage=stage.id), why)
        number = round_number if round_number is not None else _open_rounds(where)[0]
        if number < 1:
            raise Refused(
                at, gettext("round %(number)s: rounds are numbered from 1") % {"number": number}
            )
        _round_open_to_change(where, number, who, asker)
        cap = stage.round_cap
        if cap is not None and number > cap:
            raise Refused(
                at,
                gettext("stage %(id)r has %(cap)s rounds: there is no round %(number)s")
                % {"id": stage.id, "cap": cap, "number": number},
            )
        kind_at = Location(("kind",), player=who.key, stage=stage.id)
        if kind not in LABELS:
            raise Refused(
                kind_at,
                gettext(
                    "a %(value)s bye is not requested: players ask for a "
                    "half-point or a zero-point bye (a full-point bye is the "
                    "organizer's, in the stage settings)"
                )
                % {"value": kind.value},
            )
        for b in stage.assigned_byes:
            if b.player == who.key and b.round == number:
                label = LABELS.get(b.kind)
                what = gettext(label) if label else f"{b.kind.value} bye"
                values = {"name": who.name, "what": what, "number": number}
                if b.requested:
                    raise Refused(
                        at,
                        gettext(
                            "%(name)s already has a %(what)s in round %(number)s "
                            "(requested): cancel it first to change it"
                        )
                        % values,
                    )
                raise Refused(
                    at,
                    gettext(
                        "%(name)s already has a %(what)s in round %(number)s (set by the organizer)"
                    )
                    % values,
                )
        if kind is ByeKind.HALF:
            limit = stage.half_point_bye_limit
            used = sum(1 for r in _requests(stage, who.key) if r.kind is ByeKind.HALF)
            if limit == 0:
                raise Refused(
                    kind_at,
                    gettext(
                        "stage %(id)r (ruleset %(ruleset)s) has no "
                        "half-point byes: request a zero-point bye (sit the round out) "
                        "instead"
                    )
                    % {"id": stage.id, "ruleset": _ruleset_name(stage)},
                )
            if used >= limit:
                raise Refused(
                    kind_at,
                    ngettext(
                        "%(name)s has requested %(num)d half-point bye in stage %(id)r: "
                        "the limit is %(limit)s",
                        "%(name)s has requested %(num)d half-point byes in stage %(id)r: "
                        "the limit is %(limit)s",
                        used,
                    )
                    % {"name": who.name, "num": used, "id": stage.id, "limit": limit},
                )
        entry = {"player": who.key, "round": number, "kind": kind.value, "requested": True}
        _write(conn, where, [*_stored_byes(conn, where), entry])
        change.audit(
            "player.bye_request",
            f"player {who.key}",
            after={"stage": stage.id, "round": number, "kind": kind.value, "by": asker},
        )
        return ByeRequest(stage.id, number, kind, False)


def cancel_bye(
    db: Database,
    slug: str,
    player: str,
    round_number: int,
    *,
    actor: str,
    asker: Asker = "staff",
) -> ByeRequest:
    """Withdraw ``player``'s requested bye for round ``round_number``; the request withdrawn.
    Refused when there is none, or when that round is paired or being paired."""
    with changing(db, slug, actor) as change:
        conn, event = change.conn, change.event
        who = find_player(conn, event, player)
        tournament = load(conn, event).tournament
        where = _where(conn, event, tournament)
        stage = where.stage
        found = [r for r in _requests(stage, who.key) if r.round == round_number]
        if not found:
            raise Refused(
                Location(("round",), player=who.key, stage=stage.id),
                gettext("%(name)s has no requested bye in round %(round_number)s")
                % {"name": who.name, "round_number": round_number},
            )
        _round_open_to_change(where, round_number, who, asker)
        kept = [
            b
            for b in _stored_byes(conn, where)
            if not (
                b.get("player") == who.key and b.get("round") == round_number and b.get("requested")
            )
        ]
        _write(conn, where, kept)
        change.audit(
            "player.bye_cancel",
            f"player {who.key}",
            before={
                "stage": stage.id,
                "round": round_number,
                "kind": found[0].kind.value,
            },
            after={"by": asker},
        )
        return found[0]
