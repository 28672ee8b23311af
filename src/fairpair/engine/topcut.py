"""The top cut: who of a finished stage goes on to the playoff, and why the line is where it is.

Seed 001 ("Top cut math", "How Team Up runs Swiss"): the top N of the standings play a
single- or double-elimination playoff. N is a fixed number or a percentage of the players who
took part, rounded to one of a set of sizes (default 4, 8, 16). A dropped player takes no
seat: the next player in the standings does. Once the cut is made, a player who drops is
replaced by the next player below the line — or, by the organizer's choice (Riftbound), by
nobody: their first opponent then has a bye.

``top_cut`` makes the cut from a stage's ``Standings``; ``cut_of`` makes a cut stage's cut from
the stage it is cut from; ``TopCut.explain`` says who made it, the cut line, the records around
it ("all 3-1-0 in; 3 of six 2-2-0 on OMW%"), and the tiebreak value that decided the seat at the
line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.cut_rule import CutRule
from fairpair.engine.errors import InvalidStage, Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.points_text import rounded
from fairpair.engine.record_text import record_formatter, record_text
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.stage import Stage
from fairpair.engine.standings.table import Standings, StandingsRow, compute_standings
from fairpair.engine.tiebreaks.base import ValueKind
from fairpair.engine.tiebreaks.context import Value
from fairpair.engine.tournament import Tournament

__all__ = [
    "CutRule",
    "LineDecision",
    "RecordGroup",
    "Seat",
    "TopCut",
    "cut_of",
    "record_of",
    "top_cut",
]


@dataclass(frozen=True, slots=True)
class Seat:
    """Seed ``seed`` of the playoff: ``player``, their standings rank and record."""

    seed: int
    player: PlayerId
    rank: int | None
    record: str


@dataclass(frozen=True, slots=True)
class RecordGroup:
    """Everyone on one record, and how many of them made the cut."""

    record: str
    players: int
    made_it: int


@dataclass(frozen=True, slots=True)
class LineDecision:
    """What separated the last seat from the first player out: the tiebreak (``None``: their
    points) and both values."""

    last_in: PlayerId
    first_out: PlayerId
    tiebreak: str | None
    label: str
    value_in: Value | Fraction
    value_out: Value | Fraction
    percent: bool = False
    """The values are shares of 1, shown as percentages."""


@dataclass(frozen=True, slots=True)
class TopCut:
    seats: tuple[Seat, ...]
    skipped: tuple[PlayerId, ...]
    """Dropped players who were above the line: they take no seat (the next one does)."""
    below: tuple[PlayerId, ...]
    """Everyone else who could be seated, in standings order: replacements come from here."""
    groups: tuple[RecordGroup, ...]
    """Every record above, at and just below the line, best first."""
    decision: LineDecision | None
    replace_dropped: bool

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return tuple(s.player for s in self.seats)

    def replacement(self, dropped: PlayerId, gone: Sequence[PlayerId] = ()) -> PlayerId | None:
        """Who takes the seat of ``dropped`` (a player of the cut who left after it was made):
        the first player below the line who has not left (``gone``) or been used already, or
        nobody when the rule says so."""
        if dropped not in self.players:
            raise KeyError(dropped)
        if not self.replace_dropped:
            return None
        out = set(gone) | set(self.players)
        return next((p for p in self.below if p not in out), None)

    def explain(self, names: dict[PlayerId, str] | None = None) -> list[str]:
        """The cut in sentences: the seats, the skipped droppers, the records around the line
        and what decided the last seat."""
        called = names or {}

        def name(p: PlayerId) -> str:
            return called.get(p, p)

        lines = [f"Top {len(self.seats)}:"]
        lines += [f"  {s.seed}. {name(s.player)} (rank {s.rank}, {s.record})" for s in self.seats]
        if self.skipped:
            lines.append(
                "Dropped, no seat (the next in the standings takes it): "
                + ", ".join(name(p) for p in self.skipped)
            )
        parts = []
        for g in self.groups:
            if g.made_it == g.players:
                parts.append(f"all {g.record} in" if g.players > 1 else f"{g.record} in")
            elif g.made_it == 0:
                parts.append(f"no {g.record} in")
            else:
                parts.append(f"{g.made_it} of {_count(g.players)} {g.record} in")
        if parts:
            lines.append("Records: " + "; ".join(parts) + ".")
        d = self.decision
        if d is not None:
            what = "points" if d.tiebreak is None else d.label
            lines.append(
                f"The line: {name(d.last_in)} ({_shown(d.value_in, d.percent)}) is in, "
                f"{name(d.first_out)} ({_shown(d.value_out, d.percent)}) is out, on {what}."
            )
        return lines


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int) -> str:
    return _WORDS[n] if n < len(_WORDS) else str(n)


def _shown(value: Value | Fraction, percent: bool = False) -> str:
    if value is None:
        return "—"
    if percent:
        return f"{rounded(Fraction(value) * 100, 2)}%"
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.4g}"
    return str(int(value)) if isinstance(value, Fraction) else str(value)


def record_of(row: StandingsRow, ruleset: Ruleset) -> str:
    """A player's record as ``ruleset``'s game writes it (``engine.record_text``: W-L-D, or
    the score in chess)."""
    return record_text(ruleset, row)


def top_cut(standings: Standings, rule: CutRule, gone: Collection[PlayerId] = ()) -> TopCut:
    """The top cut of ``standings`` by ``rule``. Seats go down the standings in order; a
    dropped player — or one in ``gone`` (who left after the stage, e.g. from the cut stage
    itself) — is skipped (the next one takes the seat); players without a rank (who never
    completed a match) do not appear in standings at all."""
    left = set(gone)
    rows = [r for r in standings.rows if r.rank is not None or r.dropped]
    took_part = len(rows)
    if took_part < 2:
        raise InvalidStage(
            Location(("top_cut",), stage=standings.stage.id),
            saying(
                "a top cut needs at least 2 players in the standings, not %(players)s",
                players=took_part,
            ),
        )
    record = record_formatter(standings.stage.ruleset)

    def out(r: StandingsRow) -> bool:
        return r.dropped or r.player.id in left

    active = [r for r in rows if not out(r)]
    size = min(rule.seats(took_part), len(active))
    chosen = active[:size]
    last_in = chosen[-1] if chosen else None
    skipped = tuple(
        r.player.id for r in rows if out(r) and last_in is not None and _above(r, last_in, rows)
    )
    seats = tuple(Seat(k + 1, r.player.id, r.rank, record(r)) for k, r in enumerate(chosen))
    below = tuple(r.player.id for r in active[size:])
    decision = _decision(standings, chosen[-1], active[size]) if len(active) > size else None
    return TopCut(
        seats, skipped, below, _groups(active, size, record), decision, rule.replace_dropped
    )


def cut_of(tournament: Tournament, stage: str | Stage | None = None) -> TopCut:
    """Who makes the cut of ``stage`` now (nothing is changed): the top of the standings of
    the stage it is cut from, players who dropped (there, from the event, or from the cut
    stage itself) skipped."""
    target = tournament.stage(stage.id if isinstance(stage, Stage) else stage)
    cut = target.cut
    if cut is None:
        raise InvalidStage(
            Location(("cut",), stage=target.id),
            saying(
                'stage %(stage)s is not a top cut (it has no "cut" setting)', stage=repr(target.id)
            ),
        )
    source = tournament.stage(cut.from_stage)
    if source.id == target.id or _position(tournament, source) > _position(tournament, target):
        raise InvalidStage(
            Location(("cut", "from_stage"), stage=target.id),
            saying(
                "a cut is made from an earlier stage; %(source)s does not come before %(target)s",
                source=repr(source.id),
                target=repr(target.id),
            ),
        )
    gone = tuple(tournament.drop_rounds(target))
    return top_cut(compute_standings(tournament, source), cut.rule, gone)


def _position(tournament: Tournament, stage: Stage) -> int:
    return next(i for i, s in enumerate(tournament.stages) if s.id == stage.id)


def _above(row: StandingsRow, last: StandingsRow, rows: list[StandingsRow]) -> bool:
    return rows.index(row) < rows.index(last)


def _groups(
    active: list[StandingsRow], size: int, record: Callable[[StandingsRow], str]
) -> tuple[RecordGroup, ...]:
    """The records of everyone seated and of the first record group below the line."""
    total: Counter[str] = Counter(record(r) for r in active)
    made: Counter[str] = Counter(record(r) for r in active[:size])
    shown = list(dict.fromkeys(record(r) for r in active[:size]))
    if len(active) > size:
        first_out = record(active[size])
        if first_out not in shown:
            shown.append(first_out)
    return tuple(RecordGroup(rec, total[rec], made[rec]) for rec in shown)


def _decision(standings: Standings, last: StandingsRow, out: StandingsRow) -> LineDecision:
    if last.points != out.points:
        return LineDecision(last.player.id, out.player.id, None, "points", last.points, out.points)
    for tb, a, b in zip(standings.tiebreaks, last.tiebreaks, out.tiebreaks, strict=True):
        if a != b:
            return LineDecision(
                last.player.id,
                out.player.id,
                tb.name,
                tb.label,
                a,
                b,
                tb.kind is ValueKind.PERCENT,
            )
    return LineDecision(last.player.id, out.player.id, "order", "the standings order", None, None)
