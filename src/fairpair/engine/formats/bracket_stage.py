"""A bracket as a stage: what single and double elimination share (docs/brackets.md).

The stage's field in seed order (``stage.seeds`` 1..N when set, else the participants' order,
else the event's players by seed) is seeded 1..N into the pure bracket of
``engine.brackets``. The results come from the stage's rounds: a match whose id is a bracket
match id (``M5``), its winner read from the result (games, or a forfeit win). A player who
has left the event or the stage gives a walkover in every bracket match not yet released:
the opponent advances without a table.

Pairing the next round pairs every bracket match playable now that no earlier round holds,
the higher seed on side ``a``, recorded as playing first (MTR: the higher seed chooses).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fairpair.engine.brackets import Bracket, BracketState, Placement, state
from fairpair.engine.brackets.bracket import LoserOf, PlayoffDrawRefused, Side, WinnerOf
from fairpair.engine.brackets.notes import DropOrder
from fairpair.engine.errors import InvalidTournament, Location, PairingRefused
from fairpair.engine.formats.protocol import PlayerStatus
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Match, Toss, TossReason

if TYPE_CHECKING:
    from fairpair.engine.pairing.draft import PairingDraft
    from fairpair.engine.pairing.notes import PairingNote
    from fairpair.engine.stage import Stage
    from fairpair.engine.standings import StandingsRow
    from fairpair.engine.tournament import Tournament


class BracketDecided(PairingRefused):
    """The bracket has its champion: there is nothing left to pair (code
    ``pairing_refused``)."""


class CutNotDrawn(PairingRefused):
    """A cut stage whose cut is not drawn yet has no field to seed (code
    ``pairing_refused``)."""


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
    from fairpair.engine.brackets import double_elimination, single_elimination
    from fairpair.engine.stage_config import SingleEliminationConfig

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
            f"bracket match {match_id} is between seeds {a!r} and {b!r}, but the table "
            f"pairs {match.a!r} with {match.b!r}",
        )
    result = match.result
    if result is None:
        return None
    if result.winner is None:
        raise PlayoffDrawRefused(
            where, f"bracket match {match_id} is recorded without a winner: replay or decide it"
        )
    won = match.a if result.winner.value == "a" else match.b
    return "a" if won == a else "b"


def require_run(tournament: Tournament, stage: Stage) -> BracketRun:
    """The run of ``stage``, or a refusal an organizer reads (no field yet)."""
    where = Location(stage=stage.id, round=stage.last_round + 1)
    if stage.cut is not None and stage.participants is None:
        raise CutNotDrawn(
            where,
            f"the cut from {stage.cut.from_stage!r} is not drawn yet: draw it "
            f"(fairpair cut EVENT --draw --stage {stage.id}) or finish {stage.cut.from_stage!r}",
        )
    run = read_bracket(tournament, stage)
    if run is None:
        count = len(tournament.players_of(stage))
        raise PairingRefused(
            where, f"a bracket needs at least 2 players; stage {stage.id!r} has {count}"
        )
    return run


def pair_bracket_round(tournament: Tournament, stage: Stage) -> PairingDraft:
    """The next round of a playoff stage: every bracket match playable now."""
    from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
    from fairpair.engine.pairing.refusals import RoundStillOpen

    number = stage.last_round + 1
    for rnd in stage.rounds:
        open_matches = sum(1 for m in rnd.matches if m.result is None)
        if open_matches:
            raise RoundStillOpen(
                Location(stage=stage.id, round=rnd.number),
                f"round {rnd.number} still has {open_matches} match"
                f"{'es' if open_matches != 1 else ''} without a result; report "
                f"{'them' if open_matches != 1 else 'it'} before pairing round {number}",
                open_round=rnd.number,
                outstanding=open_matches,
            )
    run = require_run(tournament, stage)
    names = {p.id: p.name for p in tournament.players}
    if run.decided:
        champion = run.champion
        assert champion is not None
        raise BracketDecided(
            Location(stage=stage.id, round=number),
            f"the bracket is decided: {names.get(champion, champion)} is the champion",
        )
    players = {mid: (a, b) for mid, a, b in run.now.players}
    pairings: list[DraftPairing] = []
    for match_id in run.now.playable:
        if match_id in run.released:
            continue
        sa, sb = players[match_id]
        assert sa is not None and sb is not None
        high, low = (sa, sb) if sa < sb else (sb, sa)
        a, b = run.seeds[high - 1], run.seeds[low - 1]
        pairings.append(
            DraftPairing(
                len(pairings) + 1,
                a,
                b,
                match_id=match_id,
                plays_first=Toss(a, TossReason.HIGHER_SEED),
            )
        )
    if not pairings:  # pragma: no cover - a bracket that is not decided has a playable match
        raise PairingRefused(Location(stage=stage.id, round=number), "no bracket match to pair")
    notes = bracket_notes(tournament, stage, run, number, [p.match_id for p in pairings])
    return PairingDraft(
        stage.id, number, tuple(pairings), (), notes, tuple(p for t in pairings for p in (t.a, t.b))
    )


def bracket_notes(
    tournament: Tournament, stage: Stage, run: BracketRun, number: int, paired: list[str]
) -> tuple[PairingNote, ...]:
    """Every bracket decision behind round ``number``: the seeding and the byes (round 1),
    the walkovers, where each winner and loser of the paired matches goes, the reset rule,
    and who is not paired (eliminated, waiting, withdrawn)."""
    from fairpair.engine.brackets.bracket import place_ranges
    from fairpair.engine.brackets.notes import Seeded
    from fairpair.engine.pairing.exclusions import Exclusion
    from fairpair.engine.pairing.notes import (
        BracketByeNote,
        BracketMatchNote,
        BracketResetNote,
        BracketSeedNote,
        ExcludedNote,
        WalkoverNote,
    )

    bracket = run.bracket
    notes: list[PairingNote] = []
    if number == 1:
        for note in bracket.notes:
            if isinstance(note, Seeded):
                notes.append(
                    BracketSeedNote(note.seed, run.seeds[note.seed - 1], note.slot, note.size)
                )
        for seed in _bye_seeds(bracket):
            entry = _first_match_of(bracket, seed)
            notes.append(BracketByeNote(seed, run.seeds[seed - 1], entry))
        notes += _replaced(tournament, stage, run)
    unreplaced = stage.cut is not None and not stage.cut.replace_dropped
    drops = tournament.drop_rounds(stage)
    earlier = {w.match for w in _walkovers_before(run, number)}
    for w in run.walkovers:
        if w.match in earlier:
            continue
        label = bracket.match(w.match).label
        first = (
            unreplaced
            and drops.get(w.withdrawn) == 0
            and _is_first_match(bracket, run, w.match, w.withdrawn)
        )
        notes.append(WalkoverNote(w.match, label, w.winner, w.withdrawn, first))
    ranges = place_ranges(bracket)
    orders = {n.winners_round: n.order for n in bracket.notes if isinstance(n, DropOrder)}
    for match_id in paired:
        m = bracket.match(match_id)
        winner_to = loser_to = order = loser_place = winner_place = None
        for other in bracket.matches:
            for source in (other.a, other.b):
                if isinstance(source, WinnerOf) and source.match == match_id:
                    winner_to = f"{other.id} ({other.label})"
                if isinstance(source, LoserOf) and source.match == match_id:
                    loser_to = f"{other.id} ({other.label})"
                    if other.bracket == "losers" and m.bracket == "winners":
                        order = orders.get(m.round)
        if m.id == bracket.final and bracket.reset is not None:
            winner_place = "1 (unless the bracket reset is played)"
            loser_place = "2 (unless the bracket reset is played)"
        elif m.id == bracket.final or m.id == bracket.reset:
            winner_place, loser_place = "1", "2"
        elif m.bracket == "third_place":
            winner_place = _range(*ranges[m.depth + 1])
            loser_place = _range(*ranges[m.depth])
        elif loser_to is None and m.loser_out:
            loser_place = _range(*ranges[m.depth])
        notes.append(
            BracketMatchNote(m.id, m.label, winner_to, winner_place, loser_to, order, loser_place)
        )
    if bracket.reset is not None:
        reset_paired = bracket.reset in paired
        if bracket.final in paired or reset_paired:
            notes.append(
                BracketResetNote(bracket.final, bracket.reset, True if reset_paired else None)
            )
    in_play = {p for mid in paired for p in _pair_of(run, mid)}
    places = run.places
    gone = set(drops)
    left: dict[Exclusion, list[PlayerId]] = {}
    for pid in run.seeds:
        if pid in in_play:
            continue
        if pid in gone:
            why = Exclusion.DROPPED
        elif pid in places and places[pid].first == 1:
            why = Exclusion.CHAMPION
        elif pid in places:
            why = Exclusion.ELIMINATED
        else:
            why = Exclusion.WAITING
        left.setdefault(why, []).append(pid)
    notes += [ExcludedNote(why, tuple(left[why])) for why in Exclusion if why in left]
    return tuple(notes)


def _replaced(tournament: Tournament, stage: Stage, run: BracketRun) -> list[PairingNote]:
    """A cut stage that replaces droppers: each player above the line who dropped, and who
    took the seat (the players who come in are the last seats of the cut, in order)."""
    from fairpair.engine.changes.cut import cut_of
    from fairpair.engine.pairing.notes import SeatReplacedNote

    cut = stage.cut
    if cut is None or not cut.replace_dropped or stage.participants is None:
        return []
    made = cut_of(tournament, stage)
    if not made.skipped or made.players != run.seeds:
        return []  # nobody was skipped, or the field is not this cut (seeded by hand)
    came_in = run.seeds[len(run.seeds) - len(made.skipped) :]
    return [
        SeatReplacedNote(gone, new, run.seed_of[new], cut.from_stage)
        for gone, new in zip(made.skipped, came_in, strict=True)
    ]


def _range(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def _pair_of(run: BracketRun, match_id: str) -> tuple[PlayerId, ...]:
    for mid, a, b in run.now.players:
        if mid == match_id:
            return tuple(run.seeds[s - 1] for s in (a, b) if s is not None)
    return ()


def _bye_seeds(bracket: Bracket) -> tuple[int, ...]:
    from fairpair.engine.brackets.notes import Bye

    return tuple(n.seed for n in bracket.notes if isinstance(n, Bye))


def _first_match_of(bracket: Bracket, seed: int) -> str:
    from fairpair.engine.brackets.bracket import Seed

    for m in bracket.matches:
        if Seed(seed) in (m.a, m.b):
            return m.id
    return ""  # pragma: no cover


def _is_first_match(bracket: Bracket, run: BracketRun, match_id: str, player: PlayerId) -> bool:
    from fairpair.engine.brackets.bracket import Seed

    seed = run.seed_of[player]
    m = bracket.match(match_id)
    return Seed(seed) in (m.a, m.b)


def _walkovers_before(run: BracketRun, number: int) -> tuple[Walkover, ...]:
    """The walkovers already told in an earlier round: those whose winner has played a
    released match of an earlier round that depends on it (told once, in the round where
    they first count)."""
    told: list[Walkover] = []
    for w in run.walkovers:
        for mid, (rnd, m) in run.released.items():
            if rnd < number and w.winner in (m.a, m.b) and _after(run.bracket, w.match, mid):
                told.append(w)
                break
    return tuple(told)


def _after(bracket: Bracket, earlier: str, later: str) -> bool:
    ids = [m.id for m in bracket.matches]
    return ids.index(later) > ids.index(earlier)


def bracket_status(row: StandingsRow) -> PlayerStatus | None:
    """``eliminated`` once a player has a final place other than first (playoff standings
    carry the place, ``StandingsRow.place``); ``None`` while they are still in."""
    place = row.place
    if place is not None and place.first > 1:
        return PlayerStatus.ELIMINATED
    return None


def bracket_places(tournament: Tournament, stage: Stage) -> dict[PlayerId, Placement]:
    """Each decided final place of a playoff stage ({} before there is a field)."""
    run = read_bracket(tournament, stage)
    return {} if run is None else run.places


def bracket_finished(tournament: Tournament, stage: Stage) -> bool:
    """The champion is known and nothing (a third-place match) is left to play."""
    run = read_bracket(tournament, stage)
    return run is not None and run.decided
