"""The bracket core shared by single and double elimination: matches fed by sources, the static
removal of byes, and the pure reading of results (next playable matches, placement).

A match has two sides, ``a`` (the higher seed's side when seeds meet) and ``b``. Each side is fed
by a ``Source``: a seed, the winner or the loser of an earlier match, or (for a bracket reset)
the same side of an earlier match. Byes are removed when the bracket is built: a match with one
empty side passes its other side straight on, so every ``Match`` left is really played.

Playoff matches cannot be drawn (issue 9, point 6; MTR: a playoff match continues until a
player wins): a result is the winning side, ``"a"`` or ``"b"``; anything else is refused with
``PlayoffDrawRefused`` (a draw) or ``InvalidResult``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from fairpair.engine.brackets.matches import (
    BracketName,
    LoserOf,
    Match,
    Seed,
    Side,
    SideOf,
    Source,
    WinnerOf,
)
from fairpair.engine.brackets.notes import Note
from fairpair.engine.errors import InvalidResult, Location, UnknownTable, saying


class PlayoffDrawRefused(InvalidResult):
    """A playoff match reported as a draw: it must be replayed or decided (issue 9, point 6)."""


@dataclass(frozen=True, slots=True)
class Bracket:
    """A whole bracket: its matches in a valid playing order, and how it was built.

    ``final`` is the id of the match whose winner is the champion, unless the bracket reset
    ``reset`` is played (double elimination: only when side ``b`` wins ``final``).
    ``third_place`` is the id of the third-place match, when there is one.
    ``notes`` are the structured decisions (seeding, byes, where each loser goes).
    """

    kind: Literal["single", "double"]
    entrants: int
    size: int
    matches: tuple[Match, ...]
    final: str
    reset: str | None
    notes: tuple[Note, ...]

    def match(self, match_id: str) -> Match:
        for m in self.matches:
            if m.id == match_id:
                return m
        raise UnknownTable(
            _at(match_id), saying("the bracket has no match %(match)s", match=repr(match_id))
        )


@dataclass(frozen=True, slots=True)
class Placement:
    """A decided final place: ``first == last`` for a single place, else a shared range."""

    seed: int
    first: int
    last: int

    @property
    def text(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"


@dataclass(frozen=True, slots=True)
class BracketState:
    """What the results so far say: who plays in each known match, what is playable now, who
    won, the placements already decided, and the champion once there is one."""

    players: tuple[tuple[str, int | None, int | None], ...]
    playable: tuple[str, ...]
    winners: tuple[tuple[str, int], ...]
    placements: tuple[Placement, ...]
    champion: int | None
    reset_needed: bool | None

    @property
    def complete(self) -> bool:
        """The champion is known and nothing is left to play (a third-place match may be)."""
        return self.champion is not None and not self.playable


def _at(match_id: str) -> Location:
    return Location(("matches", match_id))


def decide(match_id: str, a_wins: int, b_wins: int) -> Side:
    """The winning side from game wins; equal wins is a draw, refused (issue 9, point 6)."""
    if a_wins < 0 or b_wins < 0:
        raise InvalidResult(_at(match_id), saying("game wins cannot be negative"))
    if a_wins == b_wins:
        raise PlayoffDrawRefused(
            _at(match_id),
            saying(
                "a playoff match cannot end drawn (%(a)s-%(b)s): replay or decide it",
                a=a_wins,
                b=b_wins,
            ),
        )
    return "a" if a_wins > b_wins else "b"


def _checked(match_id: str, side: object) -> Side:
    if side == "a":
        return "a"
    if side == "b":
        return "b"
    if side is None or (isinstance(side, str) and side.lower() in {"draw", "drawn", "tie", "d"}):
        raise PlayoffDrawRefused(
            _at(match_id), saying("a playoff match cannot end drawn: replay or decide it")
        )
    raise InvalidResult(
        _at(match_id), saying("the winner is side 'a' or 'b', not %(side)s", side=repr(side))
    )


def place_ranges(bracket: Bracket) -> dict[int, tuple[int, int]]:
    """Depth → the place range of a player knocked out at that depth (counted from the
    bracket's structure: each match whose loser is out knocks out exactly one player; the
    final and its reset together knock out one, the runner-up)."""
    counts: dict[int, int] = {}
    for m in bracket.matches:
        if m.loser_out and m.bracket != "reset":
            counts[m.depth] = counts.get(m.depth, 0) + 1
        if m.bracket == "third_place":  # its winner places just above its loser
            counts[m.depth + 1] = counts.get(m.depth + 1, 0) + 1
    ranges: dict[int, tuple[int, int]] = {}
    above = 1  # the champion
    for depth in sorted(counts, reverse=True):
        ranges[depth] = (above + 1, above + counts[depth])
        above += counts[depth]
    return ranges


def state(bracket: Bracket, results: Mapping[str, object]) -> BracketState:
    """Read ``results`` (match id → the winning side, ``"a"`` or ``"b"``) against the bracket.

    Refuses a draw (``PlayoffDrawRefused``), an unknown match (``UnknownTable``), and a result
    for a match that is not playable yet or does not exist in this run of the bracket (a reset
    the final did not call for) with ``InvalidResult``.
    """
    ids = {m.id for m in bracket.matches}
    for match_id in results:
        if match_id not in ids:
            raise UnknownTable(
                _at(match_id), saying("the bracket has no match %(match)s", match=repr(match_id))
            )
    sides = {match_id: _checked(match_id, side) for match_id, side in results.items()}
    players: dict[str, tuple[int | None, int | None]] = {}
    winner: dict[str, int] = {}
    loser: dict[str, int] = {}

    def who(source: Source) -> int | None:
        if isinstance(source, Seed):
            return source.seed
        if isinstance(source, WinnerOf):
            return winner.get(source.match)
        if isinstance(source, LoserOf):
            return loser.get(source.match)
        return players.get(source.match, (None, None))[0 if source.side == "a" else 1]

    ranges = place_ranges(bracket)
    placements: dict[int, Placement] = {}
    playable: list[str] = []
    champion: int | None = None
    reset_needed: bool | None = None
    for m in bracket.matches:
        if m.bracket == "reset":
            final_side = sides.get(bracket.final)
            reset_needed = None if final_side is None else final_side == "b"
            if not reset_needed:
                if m.id in sides:
                    raise InvalidResult(
                        _at(m.id),
                        saying(
                            "there is no bracket reset: the winners-bracket champion won the final"
                        ),
                    )
                continue
        a, b = who(m.a), who(m.b)
        players[m.id] = (a, b)
        side = sides.get(m.id)
        if a is None or b is None:
            if side is not None:
                raise InvalidResult(
                    _at(m.id), saying("%(match)s is not playable yet", match=m.label)
                )
            continue
        if side is None:
            playable.append(m.id)
            continue
        won, lost = (a, b) if side == "a" else (b, a)
        winner[m.id], loser[m.id] = won, lost
        out = m.loser_out
        if m.id == bracket.final and bracket.reset is not None:
            out = side == "a"
        if out:
            first, last = ranges[m.depth] if m.bracket != "reset" else (2, 2)
            placements[lost] = Placement(lost, first, last)
        is_last = m.id == bracket.reset or (
            m.id == bracket.final and (bracket.reset is None or side == "a")
        )
        if is_last:
            champion = won
            placements[won] = Placement(won, 1, 1)
        if m.bracket == "third_place":
            placements[won] = Placement(won, *ranges[m.depth + 1])
    return BracketState(
        players=tuple((mid, a, b) for mid, (a, b) in players.items()),
        playable=tuple(playable),
        winners=tuple(winner.items()),
        placements=tuple(sorted(placements.values(), key=lambda p: (p.first, p.seed))),
        champion=champion,
        reset_needed=reset_needed,
    )


@dataclass(frozen=True, slots=True)
class RawMatch:
    """A match before byes are removed: an empty side is ``None``."""

    key: str
    bracket: BracketName
    round: int
    index: int
    label: str
    a: Source | None
    b: Source | None
    depth: int
    loser_out: bool


def remove_byes(raw: tuple[RawMatch, ...]) -> tuple[tuple[Match, ...], dict[str, str]]:
    """Drop every match with an empty side (its other side passes on; its loser is nobody),
    number the real matches M1, M2, ... in order; returns them and raw key → match id."""
    passes: dict[str, Source | None] = {}
    ids: dict[str, str] = {}
    out: list[Match] = []

    def through(source: Source | None) -> Source | None:
        if isinstance(source, WinnerOf) and source.match in passes:
            return passes[source.match]
        if isinstance(source, LoserOf) and source.match in passes:
            return None
        if isinstance(source, WinnerOf | LoserOf):
            return type(source)(ids[source.match])
        if isinstance(source, SideOf):
            return SideOf(ids[source.match], source.side)
        return source

    for r in raw:
        a, b = through(r.a), through(r.b)
        if a is None or b is None:
            passes[r.key] = a if b is None else b
            continue
        ids[r.key] = f"M{len(out) + 1}"
        out.append(
            Match(ids[r.key], r.bracket, r.round, r.index, r.label, a, b, r.depth, r.loser_out)
        )
    # A loser whose next match vanished (a bye on the other side) is out here instead.
    fed = {s.match for m in out for s in (m.a, m.b) if isinstance(s, LoserOf)}
    fixed = tuple(
        m
        if m.loser_out or m.id in fed or m.bracket == "final"
        else Match(m.id, m.bracket, m.round, m.index, m.label, m.a, m.b, m.depth, True)
        for m in out
    )
    return fixed, ids
