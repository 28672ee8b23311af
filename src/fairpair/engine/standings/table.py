"""The standings table: rank by points, then the configured tiebreaks in order.

Ties that no tiebreak separates share a rank, and the next rank skips ("1224"). Dropped
players keep their row in its place, flagged, with no rank; the ranks count active players
only — unless the ruleset ranks withdrawn players (``Ruleset.rank_withdrawn``, the ``fide``
presets: FIDE ranks every participant), when they keep a rank like everyone and take part in
head-to-head comparisons. A player who never completed a match (no result and no bye yet) has
no row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from fairpair.engine.brackets.bracket import Placement
from fairpair.engine.ledger import Ledger, PlayerRecord, build_ledger
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.playoff import bracket_places, seed_order
from fairpair.engine.stage import Stage
from fairpair.engine.tiebreaks.base import Tiebreak
from fairpair.engine.tiebreaks.context import TiebreakContext, Value
from fairpair.engine.tiebreaks.registry import get_tiebreak
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class StandingsRow:
    rank: int | None
    player: Player
    points: Fraction
    wins: int
    draws: int
    losses: int
    played: int
    byes: int
    forfeits: int
    tiebreaks: tuple[Value, ...]
    dropped_after: int | None
    place: Placement | None = None
    """A playoff stage: the final place once decided (``None`` while the player is still in,
    and in other formats)."""

    @property
    def dropped(self) -> bool:
        return self.dropped_after is not None


@dataclass(frozen=True, slots=True)
class Standings:
    stage: Stage
    after_round: int
    tiebreaks: tuple[Tiebreak, ...]
    rows: tuple[StandingsRow, ...]
    _by_player: dict[PlayerId, StandingsRow] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_player", {row.player.id: row for row in self.rows})

    @property
    def by_player(self) -> Mapping[PlayerId, StandingsRow]:
        """Each player's row (read-only; built once with the standings)."""
        return self._by_player

    def row(self, player: PlayerId) -> StandingsRow:
        """The row of ``player``; ``KeyError`` if they have none."""
        return self._by_player[player]

    def __contains__(self, player: object) -> bool:
        return player in self._by_player

    def value(self, player: PlayerId, tiebreak: str) -> Value:
        names = [t.name for t in self.tiebreaks]
        return self.row(player).tiebreaks[names.index(tiebreak)]

    @property
    def has_draws(self) -> bool:
        return self.stage.ruleset.scoring.match_format.can_draw or any(r.draws for r in self.rows)

    @property
    def has_forfeits(self) -> bool:
        return any(r.forfeits for r in self.rows)


def _sort_key(value: Value, higher_is_better: bool) -> tuple[int, Fraction | int]:
    if value is None:
        return (1, 0)
    return (0, -value if higher_is_better else value)


def _split(
    group: list[PlayerId], values: Mapping[PlayerId, Value], higher_is_better: bool
) -> list[list[PlayerId]]:
    """``group`` cut into runs of equal value, best first (the order of ``_sort_key``: the
    players without a value last; a stable sort keeps the given order within a run).

    One sort by each value's float (compared in C; a ``Fraction`` comparison is ~30× slower),
    then a linear pass: the float is monotone (a < b gives float(a) <= float(b)), so it orders
    every two values it tells apart exactly; only a run of equal floats is checked exactly
    (and sorted exactly in the rare case its values differ)."""
    get = values.get
    valued: list[PlayerId] = []
    unvalued: list[PlayerId] = []
    for pid in group:
        (unvalued if get(pid) is None else valued).append(pid)
    try:
        approx = {pid: float(get(pid)) for pid in valued}  # type: ignore[arg-type]
    except OverflowError:  # an integer past a float's range: sort exactly
        approx = None
    # reverse=True keeps equal values in their given order, as sorting by the negated value.
    if approx is None:
        valued.sort(key=get, reverse=higher_is_better)  # type: ignore[arg-type]
        return _runs(valued, get) + ([unvalued] if unvalued else [])
    valued.sort(key=approx.__getitem__, reverse=higher_is_better)
    parts: list[list[PlayerId]] = []
    start, n = 0, len(valued)
    while start < n:
        key = approx[valued[start]]
        end = start + 1
        while end < n and approx[valued[end]] == key:
            end += 1
        run = valued[start:end]
        # (One object for all: equal without a comparison — a tiebreak's equal values are
        # usually one shared object, and a Fraction's == is a Python call.)
        if end - start > 1 and len(set(map(id, map(get, run)))) > 1:
            first = get(run[0])
            if any(get(pid) != first for pid in run):
                run.sort(key=get, reverse=higher_is_better)  # type: ignore[arg-type]
                parts.extend(_runs(run, get))
                start = end
                continue
        parts.append(run)
        start = end
    if unvalued:
        parts.append(unvalued)
    return parts


def _runs(ordered: list[PlayerId], get: Callable[[PlayerId], Value]) -> list[list[PlayerId]]:
    """``ordered`` (sorted by value) cut where the value changes."""
    parts: list[list[PlayerId]] = []
    last: Value = None
    run: list[PlayerId] = []
    for pid in ordered:
        value = get(pid)
        if run and value == last:
            run.append(pid)
        else:
            run = [pid]
            parts.append(run)
            last = value
    return parts


def rank_ledger(
    ledger: Ledger, tiebreaks: Sequence[Tiebreak], include_absent: bool = False
) -> tuple[list[list[PlayerId]], dict[PlayerId, tuple[Value, ...]]]:
    """Order the ledger's players into tie groups, best first; also each player's values
    (one per tiebreak, in order).

    Only active players take part in a head-to-head; dropped players sit in their place
    (unless the ruleset ranks withdrawn players: then everyone takes part).
    """
    ctx = TiebreakContext(ledger)
    records = ledger.records
    shown = [p for p, r in records.items() if r.completed or include_absent]
    columns: list[Mapping[PlayerId, Value]] = []
    groups: list[list[PlayerId]] = _split(
        shown, {p: records[p].points for p in shown}, higher_is_better=True
    )
    tied = any(len(g) > 1 for g in groups)
    everyone = ledger.ruleset.rank_withdrawn
    for tb in tiebreaks:
        if tb.compute is not None:
            computed = tb.compute(ctx)
            columns.append(computed)
            if tied:
                groups = [
                    part
                    for g in groups
                    for part in (_split(g, computed, tb.higher_is_better) if len(g) > 1 else [g])
                ]
        else:
            assert tb.compute_among is not None
            column: dict[PlayerId, Value] = {}
            columns.append(column)
            if tied:
                groups = [
                    part for g in groups for part in _among(ctx, tb, g, records, column, everyone)
                ]
        # Once every tie is broken the later tiebreaks are only computed, for display.
        tied = tied and any(len(g) > 1 for g in groups)
    if columns:
        by_column = [list(map(column.get, shown)) for column in columns]
        values = dict(zip(shown, zip(*by_column, strict=True), strict=True))
    else:
        values = dict.fromkeys(shown, ())
    return groups, values


def _among(
    ctx: TiebreakContext,
    tb: Tiebreak,
    group: list[PlayerId],
    records: dict[PlayerId, PlayerRecord],
    column: dict[PlayerId, Value],
    everyone: bool = False,
) -> list[list[PlayerId]]:
    """Split one tie group with a tiebreak computed among exactly its active players.

    When it separates some of them, each part still tied is compared again among exactly
    its own players, until nothing changes (FIDE C.07 article 6). Dropped players have no
    say and keep their place in the part they were in (``everyone``: they take part, as a
    ruleset that ranks withdrawn players wants). A player shows the value from the widest
    comparison that gave them one.
    """
    if len(group) < 2:
        return [group]
    assert tb.compute_among is not None
    active = group if everyone else [p for p in group if not records[p].dropped]
    among = tb.compute_among(ctx, active) if len(active) > 1 else None
    if among is None:
        return [group]
    for pid, value in among.items():
        if column.get(pid) is None:
            column[pid] = value
    parts = _split(group, dict(among), tb.higher_is_better)
    if len(parts) == 1:
        return parts
    return [sub for part in parts for sub in _among(ctx, tb, part, records, column, everyone)]


def compute_standings(
    tournament: Tournament,
    stage: Stage | None = None,
    after_round: int | None = None,
    *,
    tiebreaks: Sequence[str] | None = None,
    include_absent: bool = False,
) -> Standings:
    """Standings of ``stage`` (default: the last stage) after ``after_round`` (default: all).

    ``tiebreaks`` overrides the ruleset's order. ``include_absent`` also lists players who
    have not completed a match yet (for pairing round 1); they rank on seed-free values.
    """
    return _standings(tournament, stage, after_round, tiebreaks, include_absent)


def _standings(
    tournament: Tournament,
    stage: Stage | None,
    after_round: int | None,
    tiebreaks: Sequence[str] | None,
    include_absent: bool,
) -> Standings:
    stage = stage if stage is not None else tournament.stage()
    chosen = _tiebreaks(stage, tiebreaks)
    ledger = build_ledger(tournament, stage, after_round)
    return _from_ledger(tournament, ledger, after_round, chosen, include_absent)


def standings_from_ledger(
    tournament: Tournament, ledger: Ledger, *, include_absent: bool = False
) -> Standings:
    """``compute_standings(tournament, stage, after_round)`` from the ledger
    ``build_ledger(tournament, stage, after_round)`` made, for a caller that reads the ledger
    too (the pairing: who has met whom, ``history.met_numbers``)."""
    chosen = _tiebreaks(ledger.stage, None)
    return _from_ledger(tournament, ledger, ledger.last_round, chosen, include_absent)


def _from_ledger(
    tournament: Tournament,
    ledger: Ledger,
    after_round: int | None,
    chosen: tuple[Tiebreak, ...],
    include_absent: bool,
) -> Standings:
    """The standings of the ledger's stage after ``after_round`` (a playoff's: its bracket's
    places)."""
    if ledger.stage.is_playoff:
        return _playoff_standings(tournament, ledger.stage, after_round, ledger, chosen)
    return _ranked(ledger, chosen, include_absent)


def _tiebreaks(stage: Stage, names: Sequence[str] | None) -> tuple[Tiebreak, ...]:
    chosen = tuple(names) if names is not None else stage.ruleset.tiebreaks
    return tuple(get_tiebreak(n, f"tiebreaks[{i}]") for i, n in enumerate(chosen))


def _ranked(ledger: Ledger, chosen: tuple[Tiebreak, ...], include_absent: bool) -> Standings:
    groups, values = rank_ledger(ledger, chosen, include_absent)
    rows: list[StandingsRow] = []
    ahead = 0
    fractions: dict[int, Fraction] = {}  # few distinct point totals: one Fraction each

    def points_of(scaled: int) -> Fraction:
        value = fractions.get(scaled)
        if value is None:
            value = fractions[scaled] = Fraction(scaled, ledger.unit)
        return value

    records = ledger.records
    add = rows.append
    rank_withdrawn = ledger.ruleset.rank_withdrawn
    for group in groups:
        active_here = 0
        for pid in group:
            rec: PlayerRecord = records[pid]
            dropped_after = rec.dropped_after
            if dropped_after is None or rank_withdrawn:
                rank: int | None = ahead + 1
                active_here += 1
            else:
                rank = None
            points = fractions.get(rec.points)
            if points is None:
                points = points_of(rec.points)
            # Positional, in the field order: rank, player, points, wins, draws, losses,
            # played, byes, forfeits, tiebreaks, dropped_after (the fastest construction).
            add(
                StandingsRow(
                    rank,
                    rec.player,
                    points,
                    rec.wins,
                    rec.draws,
                    rec.losses,
                    rec.played,
                    rec.byes,
                    rec.forfeits,
                    values[pid],
                    dropped_after,
                )
            )
        ahead += active_here
    return Standings(ledger.stage, ledger.last_round, chosen, tuple(rows))


def _playoff_standings(
    tournament: Tournament,
    stage: Stage,
    after_round: int | None,
    ledger: Ledger,
    chosen: tuple[Tiebreak, ...],
) -> Standings:
    """A playoff's standings are its bracket's placements (docs/brackets.md "Final
    standings"): every player of the field, those still in first (in seed order, no rank),
    then by final place; the rank is the first place of the range ("3" for 3–4)."""
    counted = (
        stage
        if after_round is None
        else replace(stage, rounds=tuple(r for r in stage.rounds if r.number <= after_round))
    )
    places = bracket_places(tournament, counted)
    _, values = rank_ledger(ledger, chosen, include_absent=True)
    seeds = {p: k for k, p in enumerate(seed_order(tournament, stage))}
    records = ledger.records
    rows: list[StandingsRow] = []
    for pid in sorted(
        (p for p in records if p in seeds),
        key=lambda p: (places[p].first if p in places else 0, seeds[p]),
    ):
        rec = records[pid]
        place = places.get(pid)
        rows.append(
            StandingsRow(
                place.first if place is not None and rec.dropped_after is None else None,
                rec.player,
                Fraction(rec.points, ledger.unit),
                rec.wins,
                rec.draws,
                rec.losses,
                rec.played,
                rec.byes,
                rec.forfeits,
                values[pid],
                rec.dropped_after,
                place,
            )
        )
    return Standings(stage, ledger.last_round, chosen, tuple(rows))
