"""Checking a tournament's pairings against the Dutch system, round by round (what arbiters
use a Free Pairings Checker for).

Each round is paired again from the rounds before it, with the same players: those the round
paired (its games, forfeits included, and its pairing-allocated bye). A bye or an absence set
for that round (``H``, ``F``, ``Z`` or a blank in a TRF file) stays as it was: such a player is
not in the pairing. The round *matches* when the Dutch system gives the same boards with the
same colours and the same bye.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fairpair.engine.pairing.dutch.brackets import NoDutchPairing
from fairpair.engine.pairing.dutch.field import dutch_field
from fairpair.engine.pairing.dutch.model import Colour, DutchPairing, Game
from fairpair.engine.pairing.dutch.pairer import pair_dutch
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind, Round
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class RoundCheck:
    """One round: the recorded boards and bye against the Dutch system's."""

    number: int
    recorded: tuple[Game, ...]
    recorded_bye: PlayerId | None
    dutch: tuple[Game, ...]
    dutch_bye: PlayerId | None
    uncoloured: tuple[tuple[PlayerId, PlayerId], ...] = ()
    """Recorded boards without colours (compared as pairs only)."""
    impossible: bool = False
    """No pairing of the round keeps the absolute criteria."""

    @property
    def only_recorded(self) -> tuple[Game, ...]:
        mine = set(self.dutch)
        return tuple(g for g in self.recorded if g not in mine)

    @property
    def only_dutch(self) -> tuple[Game, ...]:
        theirs = set(self.recorded)
        pairs = {frozenset(p) for p in self.uncoloured}
        return tuple(
            g for g in self.dutch if g not in theirs and frozenset((g.white, g.black)) not in pairs
        )

    @property
    def matches(self) -> bool:
        return (
            not self.impossible
            and not self.only_recorded
            and not self.only_dutch
            and self.recorded_bye == self.dutch_bye
        )


def recorded_games(rnd: Round) -> tuple[tuple[Game, ...], tuple[tuple[PlayerId, PlayerId], ...]]:
    games: list[Game] = []
    bare: list[tuple[PlayerId, PlayerId]] = []
    for m in rnd.matches:
        if m.toss is None:
            bare.append((m.a, m.b))
        else:
            white = m.toss.first
            games.append(Game(white, m.b if white == m.a else m.a))
    return tuple(games), tuple(bare)


def round_players(rnd: Round) -> list[PlayerId]:
    """Who the round paired: its boards and its pairing-allocated bye."""
    ids = [p for m in rnd.matches for p in m.players]
    ids.extend(b.player for b in rnd.byes if b.kind is ByeKind.PAIRING)
    return ids


def infer_initial_colour(stage: Stage, numbers: Mapping[PlayerId, int]) -> Colour:
    """The initial colour a file did not state: the colour of the top player of the first
    round with colours, flipped for each place they are below the top of that pairing."""
    for rnd in sorted(stage.rounds, key=lambda r: r.number):
        coloured = {p: m for m in rnd.matches if m.toss is not None for p in m.players}
        if not coloured:
            continue
        paired = set(round_players(rnd))
        earlier = {p for r in stage.rounds if r.number < rnd.number for p in round_players(r)}
        ranked = sorted(paired | earlier, key=lambda p: numbers.get(p, len(numbers) + 1))
        for place, pid in enumerate(ranked):
            match = coloured.get(pid)
            if match is None or match.toss is None:
                continue
            colour = Colour.WHITE if match.toss.first == pid else Colour.BLACK
            return colour if place % 2 == 0 else colour.other
    return Colour.WHITE


def replay(
    tournament: Tournament,
    stage: Stage,
    *,
    numbers: Mapping[PlayerId, int],
    rounds_total: int,
    initial_colour: Colour,
    forbidden: tuple[tuple[str, str], ...] = (),
) -> tuple[RoundCheck, ...]:
    """Every round of ``stage``, paired again by the Dutch system and compared."""
    checks: list[RoundCheck] = []
    for rnd in sorted(stage.rounds, key=lambda r: r.number):
        field = dutch_field(
            tournament,
            stage,
            rnd.number,
            present=round_players(rnd),
            numbers=numbers,
            rounds_total=rounds_total,
            initial_colour=initial_colour,
            forbidden=forbidden,
        )
        games, bare = recorded_games(rnd)
        byes = [b.player for b in rnd.byes if b.kind is ByeKind.PAIRING]
        recorded_bye = byes[0] if byes else None
        try:
            pairing: DutchPairing | None = pair_dutch(field)
        except NoDutchPairing:
            pairing = None
        if pairing is None:
            checks.append(RoundCheck(rnd.number, games, recorded_bye, (), None, bare, True))
            continue
        checks.append(RoundCheck(rnd.number, games, recorded_bye, pairing.games, pairing.bye, bare))
    return tuple(checks)
