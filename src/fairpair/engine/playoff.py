"""A playoff stage read against its bracket (docs/brackets.md): the seeds, who has won each
bracket match so far, the walkovers, and the final places decided.

The stage's field in seed order (``stage.seeds`` 1..N when set, else the participants' order,
else the event's players by seed) is seeded 1..N into the pure bracket of
``engine.brackets``. The results come from the stage's rounds: a match whose id is a bracket
match id (``M5``), its winner read from the result (games, or a forfeit win). A player who
has left the event or the stage gives a walkover in every bracket match not yet released:
the opponent advances without a table.

The standings of a playoff read the places here (``bracket_places``, ``StandingsRow.place``);
the bracket formats (``engine.formats.bracket_stage``) pair and end a playoff by them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fairpair.engine.brackets.bracket import (
    Bracket,
    BracketState,
    Placement,
    PlayoffDrawRefused,
    state,
)
from fairpair.engine.brackets.double import double_elimination
from fairpair.engine.brackets.matches import Side
from fairpair.engine.brackets.single import single_elimination
from fairpair.engine.errors import InvalidTournament, Location, saying
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Match
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SingleEliminationConfig
from fairpair.engine.tournament import Tournament


@dataclass(frozen=True, slots=True)
class Walkover:
    """``winner`` advances from bracket match ``match``: ``withdrawn`` has left."""

    match: str
    winner: PlayerId
    withdrawn: PlayerId


@dataclass(frozen=True, slots=True)
class BracketRun:
    """A playoff stage read against its bracket: the seeds, the state after every result and
    walkover, the walkovers, and where each released bracket match is (round, match)."""

    bracket: Bracket
    seeds: tuple[PlayerId, ...]
    now: BracketState
    walkovers: tuple[Walkover, ...]
    released: Mapping[str, tuple[int, Match]]

    def player(self, seed: int | None) -> PlayerId | None:
        return None if seed is None else self.seeds[seed - 1]

    @property
    def seed_of(self) -> dict[PlayerId, int]:
        return {p: i + 1 for i, p in enumerate(self.seeds)}

    @property
    def champion(self) -> PlayerId | None:
        return self.player(self.now.champion)

    @property
    def places(self) -> dict[PlayerId, Placement]:
        """The final place of every player knocked out (and of the champion)."""
        return {self.seeds[p.seed - 1]: p for p in self.now.placements}

    @property
    def decided(self) -> bool:
        return self.now.complete


def seed_order(tournament: Tournament, stage: Stage) -> tuple[PlayerId, ...]:
    """The stage's field in seed order: ``stage.seeds`` when set (1 first), else the
    participants' order, else the event's players by seed (unseeded last, as registered)."""
    players = tournament.players_of(stage)
    ids = [p.id for p in players]
    if stage.seeds:
        given = dict(stage.seeds)
        return tuple(sorted(ids, key=lambda p: (given.get(p) is None, given.get(p, 0))))
    if stage.participants is not None:
        wanted = set(ids)
        return tuple(p for p in stage.participants if p in wanted)
    order = {p.id: k for k, p in enumerate(players)}
    return tuple(
        p.id for p in sorted(players, key=lambda p: (p.seed is None, p.seed or 0, order[p.id]))
    )


def build(stage: Stage, entrants: int) -> Bracket:
    """The bracket of ``stage``'s format for ``entrants`` seeds."""
    config = stage.config
    if isinstance(config, SingleEliminationConfig):
        return single_elimination(entrants, third_place=config.third_place)
    return double_elimination(entrants)


def read_bracket(tournament: Tournament, stage: Stage) -> BracketRun | None:
    """``stage`` read against its bracket; ``None`` while it has fewer than two players (an
    undrawn cut). Refuses (``InvalidTournament``) a bracket match played by other players
    than the bracket says, and (``PlayoffDrawRefused``) a bracket match recorded drawn."""
    seeds = seed_order(tournament, stage)
    if len(seeds) < 2:
        return None
    bracket = build(stage, len(seeds))
    released: dict[str, tuple[int, Match]] = {}
    for rnd in stage.rounds:
        for m in rnd.matches:
            released[m.id] = (rnd.number, m)
    gone = set(tournament.drop_rounds(stage))
    sides: dict[str, Side] = {}
    walkovers: list[Walkover] = []
    while True:
        now = state(bracket, sides)
        players = {mid: (a, b) for mid, a, b in now.players}
        added = False
        for match_id in now.playable:
            sa, sb = players[match_id]
            assert sa is not None and sb is not None
            a, b = seeds[sa - 1], seeds[sb - 1]
            found = released.get(match_id)
            if found is not None:
                side = _side_of(stage, found[0], found[1], a, b, match_id)
                if side is None:
                    continue
            elif a in gone or b in gone:
                side = "b" if a in gone and b not in gone else "a"
                won, lost = (a, b) if side == "a" else (b, a)
                walkovers.append(Walkover(match_id, won, lost))
            else:
                continue
            sides[match_id] = side
            added = True
        if not added:
            return BracketRun(bracket, seeds, now, tuple(walkovers), released)


def _side_of(
    stage: Stage, number: int, match: Match, a: PlayerId, b: PlayerId, match_id: str
) -> Side | None:
    where = Location(stage=stage.id, round=number, table=match.table)
    if {match.a, match.b} != {a, b}:
        raise InvalidTournament(
            where,
            saying(
                "bracket match %(match)s is between seeds %(a)s and %(b)s, but the table pairs "
                "%(table_a)s with %(table_b)s",
                match=match_id,
                a=repr(a),
                b=repr(b),
                table_a=repr(match.a),
                table_b=repr(match.b),
            ),
        )
    result = match.result
    if result is None:
        return None
    if result.winner is None:
        raise PlayoffDrawRefused(
            where,
            saying(
                "bracket match %(match)s is recorded without a winner: replay or decide it",
                match=match_id,
            ),
        )
    won = match.a if result.winner.value == "a" else match.b
    return "a" if won == a else "b"


def bracket_places(tournament: Tournament, stage: Stage) -> dict[PlayerId, Placement]:
    """Each decided final place of a playoff stage ({} before there is a field)."""
    run = read_bracket(tournament, stage)
    return {} if run is None else run.places


def bracket_finished(tournament: Tournament, stage: Stage) -> bool:
    """The champion is known and nothing (a third-place match) is left to play."""
    run = read_bracket(tournament, stage)
    return run is not None and run.decided
