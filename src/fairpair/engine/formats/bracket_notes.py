"""The notes of a playoff round (issue 9, point 7): the seeding and the byes (round 1), who
took a dropped player's seat, the walkovers, where each winner and loser of the paired
matches goes (by the named drop order), the reset rule, and who is not paired and why."""

from __future__ import annotations

from fairpair.engine.brackets.bracket import Bracket, place_ranges
from fairpair.engine.brackets.matches import LoserOf, Seed, WinnerOf
from fairpair.engine.brackets.notes import Bye, DropOrder, Seeded
from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.pairing.notes import (
    BracketByeNote,
    BracketMatchNote,
    BracketResetNote,
    BracketSeedNote,
    ExcludedNote,
    PairingNote,
    SeatReplacedNote,
    WalkoverNote,
)
from fairpair.engine.players import PlayerId
from fairpair.engine.playoff import BracketRun, Walkover
from fairpair.engine.stage import Stage
from fairpair.engine.topcut import cut_of
from fairpair.engine.tournament import Tournament


def bracket_notes(
    tournament: Tournament, stage: Stage, run: BracketRun, number: int, paired: list[str]
) -> tuple[PairingNote, ...]:
    """Every bracket decision behind round ``number``: the seeding and the byes (round 1),
    the walkovers, where each winner and loser of the paired matches goes, the reset rule,
    and who is not paired (eliminated, waiting, withdrawn)."""
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
    return tuple(n.seed for n in bracket.notes if isinstance(n, Bye))


def _first_match_of(bracket: Bracket, seed: int) -> str:
    for m in bracket.matches:
        if Seed(seed) in (m.a, m.b):
            return m.id
    return ""  # pragma: no cover


def _is_first_match(bracket: Bracket, run: BracketRun, match_id: str, player: PlayerId) -> bool:
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
