"""A player's own view of their event (the portal's match card and the player API):
``my_match(db, slug, player_key)``.

Fast by construction: the event-wide part (the stage being played, its standings, where
everyone sits, the rounds' dates) is built once per event version and shared by every
player's request (``service.portal.facts``); what is the player's own — checked in, the
self-report of their match, the portal settings — is three indexed lookups in the same read
transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from sqlalchemy import Connection, bindparam, func, select

from fairpair.engine.errors import UnknownPlayer
from fairpair.engine.points_text import points_text
from fairpair.engine.record_text import RecordStyle, record_style, record_text
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.round_names import round_name as named_round
from fairpair.engine.rounds import Bye, Match, PodTable, RoundState
from fairpair.engine.standings import Standings
from fairpair.i18n import N_, gettext
from fairpair.responses.my_match import (
    CurrentRound,
    HistoryItem,
    MyMatch,
    Opponent,
    PodSeat,
    WaitlistPlace,
)
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.persist import result_of_columns
from fairpair.service.kernel.unit import reading
from fairpair.service.players.portal_settings import portal_of
from fairpair.service.portal.facts import (
    EventFacts,
    RoundSeats,
    Seat,
    StageFacts,
    event_facts,
    recent_facts,
)
from fairpair.service.rounds.repeats import repeat_items
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, ResultRow, SelfReportRow, TableRow, WaitlistRow

SHOWN = {"scheduled": N_("Upcoming"), "open": N_("In Progress"), "completed": N_("Completed")}
ByeKindText = Literal["pairing", "full", "half", "zero"]


_PLAYER = select(PlayerRow.name, PlayerRow.checked_in_at).where(
    PlayerRow.event_id == bindparam("event_id"), PlayerRow.key == bindparam("key")
)
_REPORT_STATE = (
    select(SelfReportRow.state)
    .join(TableRow, TableRow.id == SelfReportRow.table_id)
    .where(TableRow.stage_id == bindparam("stage_id"), TableRow.key == bindparam("table_key"))
)


def my_match(db: Database, slug: str, player_key: str) -> MyMatch:
    """What player ``player_key`` of event ``slug`` sees of it now."""
    with reading(db, slug) as (conn, event):
        return my_match_in(conn, event, player_key)


def my_match_in(
    conn: Connection, event: EventRef, player_key: str, *, recent: bool = False
) -> MyMatch:
    """``my_match`` inside a read transaction of the event (``unit.reading``). ``recent``:
    the event-wide part may be the newest facts built before the players' latest reports
    (``portal.facts.recent_facts``); the player's own table is then read afresh — its
    result, and the player's and their opponent's records and points with it — and only the
    rank may be behind (the portal's card: one read of the whole event per version was
    what results flowing cost)."""
    facts = recent_facts(conn, event) if recent else event_facts(conn, event)
    stage = facts.stages[facts.current] if facts.current is not None else None
    late = _late_result(conn, facts, event, stage, player_key)
    if late is not None and late.result.kind is not ResultKind.PLAYED:
        facts, late = event_facts(conn, event), None  # not a played result: read it all
        stage = facts.stages[facts.current] if facts.current is not None else None
    player = conn.execute(_PLAYER, {"event_id": event.id, "key": player_key}).first()
    if player is None:
        raise UnknownPlayer(
            "player",
            gettext("no player %(player_key)r in event %(slug)s")
            % {"player_key": player_key, "slug": event.slug},
        )
    portal = portal_of(conn, event)
    current = _current_round(conn, facts, stage, player_key, late) if stage else None
    standings = stage.standings(facts.tournament) if stage else None
    row = standings.by_player.get(player_key) if standings else None
    dropped_after = stage.drops.get(player_key) if stage else None
    line = (
        _line(standings, player_key, late, stage)
        if stage and standings
        else _Line(0, 0, 0, 0, Fraction(0), False)
    )
    return MyMatch(
        event=event.slug,
        event_name=event.name,
        version=event.version,
        stage=stage.stage.id if stage else None,
        stage_name=stage.stage.name if stage else None,
        player=player_key,
        name=player.name,
        round=current,
        record=line.text(stage) if stage else None,
        record_label=_label(stage),
        points=points_text(line.points) if line.scored else None,
        rank=row.rank if row and dropped_after is None else None,
        withdrew=dropped_after is not None,
        dropped_after=dropped_after,
        checked_in=player.checked_in_at is not None,
        checkin_open=portal.checkin_open and not facts.released,
        history=_history(facts, player_key),
    )


#: A result recorded at a table since the facts were read (a statement built once).
_RESULT_AT = (
    select(
        ResultRow.kind, ResultRow.winner, ResultRow.games_a, ResultRow.games_b,
        ResultRow.games_draws,
    )
    .join(TableRow, TableRow.id == ResultRow.table_id)
    .where(TableRow.stage_id == bindparam("stage_id"), TableRow.key == bindparam("table_key"))
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Late:
    """The result recorded at the player's own table after the facts were read."""

    match: Match
    result: Result

    def outcome(self, player: str) -> str:
        winner = self.result.winner
        if winner is None:
            return "draw"
        return "win" if winner is self.match.side_of(player) else "loss"


def _late_result(
    conn: Connection, facts: EventFacts, event: EventRef, stage: StageFacts | None, me: str
) -> Late | None:
    """The result of ``me``'s current table when the facts are older than ``event`` and
    do not have it yet."""
    if facts.event.version >= event.version or stage is None or not stage.rounds:
        return None
    seat = stage.rounds[-1].seats.get(me)
    if not isinstance(seat, Match) or seat.result is not None:
        return None
    row = conn.execute(_RESULT_AT, {"stage_id": stage.stage_id, "table_key": seat.id}).first()
    return Late(seat, result_of_columns(*row)) if row is not None else None


@dataclass(frozen=True, slots=True)
class _Line:
    """A player's record and points, the late result counted (``scored``: they have a
    standings row or the late result)."""

    wins: int
    draws: int
    losses: int
    played: int
    points: Fraction
    scored: bool

    def text(self, stage: StageFacts) -> str:
        """As the stage's game writes it (``engine.record_text``)."""
        return record_text(stage.stage.ruleset, self)


def _label(stage: StageFacts | None) -> str:
    """What the record is called: "Score" in chess (points out of rounds), else "Record"."""
    if stage is not None and record_style(stage.stage.ruleset) is RecordStyle.POINTS:
        return N_("Score")
    return N_("Record")


def _line(standings: Standings, player: str, late: Late | None, stage: StageFacts) -> _Line:
    row = standings.by_player.get(player)
    wins, draws, losses = (row.wins, row.draws, row.losses) if row else (0, 0, 0)
    played = row.played if row else 0
    points = row.points if row else Fraction(0)
    scored = row is not None
    if late is not None and player in (late.match.a, late.match.b):
        scoring = stage.stage.ruleset.scoring
        outcome = late.outcome(player)
        wins += outcome == "win"
        draws += outcome == "draw"
        losses += outcome == "loss"
        played += 1
        gained = {"win": scoring.win, "draw": scoring.draw, "loss": scoring.loss}[outcome]
        points += gained
        scored = True
    return _Line(wins, draws, losses, played, points, scored)


def warm_my_match(db: Database, slug: str) -> None:
    """Build the event-wide part of ``my_match`` (the standings included) for the current
    version now — before the phones a release wakes ask for it all at once."""
    with reading(db, slug) as (conn, event):
        facts = event_facts(conn, event)
    if facts.current is not None:
        facts.stages[facts.current].standings(facts.tournament)


def waitlist_place(db: Database, slug: str, waitlist_id: int) -> WaitlistPlace:
    """Where waitlist entry ``waitlist_id`` of event ``slug`` stands (1: next in)."""
    with reading(db, slug) as (conn, event):
        entry = conn.execute(
            select(WaitlistRow.name, WaitlistRow.position, WaitlistRow.player_id).where(
                WaitlistRow.id == waitlist_id, WaitlistRow.event_id == event.id
            )
        ).first()
        if entry is None:
            raise UnknownPlayer(
                "player",
                gettext("no waitlist entry %(waitlist_id)s in event %(slug)s")
                % {"waitlist_id": waitlist_id, "slug": slug},
            )
        number = None
        if entry.player_id is None:
            number = conn.execute(
                select(func.count()).where(
                    WaitlistRow.event_id == event.id,
                    WaitlistRow.player_id.is_(None),
                    WaitlistRow.position <= entry.position,
                )
            ).scalar_one()
    return WaitlistPlace(event=event.slug, event_name=event.name, name=entry.name, number=number)


def round_name(facts: EventFacts, stage: StageFacts, number: int) -> str:
    """The round as the player reads it ("Round 3", "Semifinals"), after the stage's name when
    the event has several."""
    name = named_round(facts.tournament, stage.stage, number)
    several = len(facts.stages) > 1
    return f"{stage.stage.name} · {name}" if several else name


def _current_round(
    conn: Connection, facts: EventFacts, stage: StageFacts, me: str, late: Late | None = None
) -> CurrentRound | None:
    if not stage.rounds:
        return None
    seats = stage.rounds[-1]
    rnd = seats.round
    seat = seats.seats.get(me)
    starts, ends = stage.dates.get(rnd.number, (None, None))
    state = rnd.status if rnd.status is not RoundState.DRAFT else RoundState.SCHEDULED
    opponent = None
    plays_first = None
    pod: list[PodSeat] = []
    if isinstance(seat, Match):
        other = seat.opponent_of(me)
        standings = stage.standings(facts.tournament)
        opponent = Opponent(
            id=other,
            name=_name(facts, other),
            record=_line(standings, other, late, stage).text(stage) if standings else None,
        )
        plays_first = seat.toss.first == me if seat.toss is not None else None
    elif isinstance(seat, PodTable):
        pod = [
            PodSeat(
                seat=i,
                id=p,
                name=_name(facts, p),
                me=p == me,
                place=seat.places[i - 1] if seat.places is not None else None,
            )
            for i, p in enumerate(seat.seats, 1)
        ]
    repeats = stage.repeats(rnd.number)
    mine = [r for r in repeats if me in r.players and isinstance(seat, Match | PodTable)]
    report = None
    if isinstance(seat, Match | PodTable):
        found = conn.execute(
            _REPORT_STATE, {"stage_id": stage.stage_id, "table_key": seat.id}
        ).scalar_one_or_none()
        report = found
    return CurrentRound(
        stage=stage.stage.id,
        number=rnd.number,
        name=round_name(facts, stage, rnd.number),
        state=state.value,
        shown_as=SHOWN[state.value],
        starts_at=starts,
        ends_at=ends,
        seated=seat is not None,
        table=seat.table if isinstance(seat, Match | PodTable) else None,
        opponent=opponent,
        plays_first=plays_first,
        chess=stage.stage.chess,
        bye=_bye(seat),
        seats=pod,
        result=_result_text(replace(late.match, result=late.result) if late else seat, me),
        report=report,
        repeat_pairing=bool(repeats),
        repeats=repeat_items(tuple(mine), facts.names),
    )


def _bye(seat: Seat | None) -> ByeKindText | None:
    return seat.kind.value if isinstance(seat, Bye) else None


def _name(facts: EventFacts, player: str) -> str:
    return facts.names.get(player, player)


def _history(facts: EventFacts, me: str) -> list[HistoryItem]:
    items: list[HistoryItem] = []
    for stage in facts.stages.values():
        for seats in stage.rounds:
            item = _history_item(facts, stage, seats, me)
            if item is not None:
                items.append(item)
    return items


def _history_item(
    facts: EventFacts, stage: StageFacts, seats: RoundSeats, me: str
) -> HistoryItem | None:
    seat = seats.seats.get(me)
    if seat is None:
        return None
    number = seats.round.number
    opponents: list[str] = []
    first = None
    if isinstance(seat, Match):
        opponents = [_name(facts, seat.opponent_of(me))]
        first = seat.toss.first == me if seat.toss is not None else None
    elif isinstance(seat, PodTable):
        opponents = [_name(facts, p) for p in seat.seats if p != me]
    return HistoryItem(
        stage=stage.stage.id,
        number=number,
        name=round_name(facts, stage, number),
        table=seat.table if isinstance(seat, Match | PodTable) else None,
        opponents=opponents,
        bye=_bye(seat),
        result=_result_text(seat, me),
        played_first=first,
        chess=stage.stage.chess,
    )


def _result_text(seat: Seat | None, me: str) -> str | None:
    """The result told from ``me``'s side."""
    if isinstance(seat, Bye):
        return "Bye"
    if isinstance(seat, PodTable):
        place = seat.place_of(me)
        return None if place is None else f"{_ordinal(place)} place"
    if seat is None or seat.result is None:
        return None
    return match_text(seat.result, seat.a == me)


def match_text(result: Result, on_side_a: bool) -> str:
    """A result as the player on side a (``on_side_a``) or b reads it."""
    mine = Side.A if on_side_a else Side.B
    games = result.games
    score = ""
    if games is not None:
        won, lost = (games.a, games.b) if on_side_a else (games.b, games.a)
        score = f" {won}-{lost}" + (f"-{games.draws}" if games.draws else "")
    kind = result.kind
    if kind is ResultKind.INTENTIONAL_DRAW:
        return "Intentional draw" + score
    if kind is ResultKind.PLAYED:
        if result.winner is None:
            return "Draw" + score
        return ("Won" if result.winner is mine else "Lost") + score
    if kind is ResultKind.FORFEIT:
        return "Won (forfeit)" if result.winner is mine else "Lost (forfeit)"
    if kind is ResultKind.DOUBLE_FORFEIT:
        return "Double forfeit"
    return "Not played"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
