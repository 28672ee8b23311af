"""Byes: assigned byes are honoured first; an odd field gives the pairing bye to the
lowest-ranked player without a bye in this stage (seed 004, "Byes"). The bye rule is stronger
than rematch avoidance: nobody has a second bye while someone in the field has had none."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.notes import ByeNote, ByeRule
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye, ByeKind
from fairpair.engine.stage import AssignedBye, Stage
from fairpair.engine.unplayed import BYES_THAT_COUNT


def assigned_byes(stage: Stage, round_number: int) -> list[AssignedBye]:
    """The byes set for ``round_number`` (earned or set by the organizer), one per player."""
    seen: set[PlayerId] = set()
    chosen: list[AssignedBye] = []
    for bye in stage.assigned_byes:
        if bye.round == round_number and bye.player not in seen:
            seen.add(bye.player)
            chosen.append(bye)
    return chosen


def had_bye(stage: Stage) -> frozenset[PlayerId]:
    """Players who already had a bye in this stage (any bye that scores: pairing, full, half —
    the "bye" column of engine.unplayed)."""
    return frozenset(b.player for r in stage.rounds for b in r.byes if b.kind in BYES_THAT_COUNT)


@dataclass(frozen=True, slots=True)
class ByeChoice:
    bye: Bye
    note: ByeNote


def choose_pairing_bye(
    ranked: Sequence[PlayerId],
    already: frozenset[PlayerId],
    forced_without: Callable[[PlayerId], int],
    *,
    prefer_repeat_bye: bool = False,
    group: str | None = None,
) -> ByeChoice:
    """The pairing bye for an odd field ``ranked`` (best first); ``already``: who has had a bye.

    ``forced_without(p)`` is the fewest rematches (and forbidden pairs) any pairing of the
    field without ``p`` must have. The order (seed 004, "Byes"; docs/pairing.md step 3):

    1. Never a second bye while anyone in the field has had none: among the players without a
       bye, the lowest-ranked whose bye lets the rest pair without a rematch; if every one of
       them forces some, the lowest-ranked of those forcing fewest. Rematches are then avoided
       as far as possible, and flagged when forced.
    2. When everyone has had a bye, the same search among all (a repeat bye).
    3. ``prefer_repeat_bye`` (an organizer option, off by default): when every player without
       a bye forces a rematch, a player who had a bye and forces fewer takes it instead.
    """
    counts: dict[PlayerId, int] = {}

    def forced(player: PlayerId) -> int:
        if player not in counts:
            counts[player] = forced_without(player)
        return counts[player]

    def fewest(candidates: Sequence[PlayerId]) -> PlayerId:
        """The first (lowest-ranked) candidate forcing the fewest; stops at the first 0."""
        best = candidates[0]
        for candidate in candidates:
            if forced(candidate) < forced(best):
                best = candidate
            if forced(best) == 0:
                break
        return best

    lowest_first = list(reversed(ranked))
    fresh = [p for p in lowest_first if p not in already]
    repeats = [p for p in lowest_first if p in already]
    if not fresh:
        chosen = fewest(repeats)
        first = repeats[0]
        moved = chosen != first
        note = ByeNote(
            chosen,
            ByeRule.EVERYONE_HAD_ONE,
            repeat=True,
            forced=forced(chosen),
            instead_of=first if moved else None,
            instead_forced=forced(first) if moved else None,
            group=group,
        )
        return ByeChoice(Bye(chosen, ByeKind.PAIRING), note)
    chosen = fewest(fresh)
    if prefer_repeat_bye and forced(chosen) and repeats:
        other = fewest(repeats)
        if forced(other) < forced(chosen):
            note = ByeNote(
                other,
                ByeRule.REPEAT_PREFERRED,
                repeat=True,
                forced=forced(other),
                instead_of=chosen,
                instead_forced=forced(chosen),
                group=group,
            )
            return ByeChoice(Bye(other, ByeKind.PAIRING), note)
    if chosen == fresh[0]:
        note = ByeNote(chosen, ByeRule.LOWEST_WITHOUT_BYE, forced=forced(chosen), group=group)
    else:
        note = ByeNote(
            chosen,
            ByeRule.FEWER_FORCED,
            forced=forced(chosen),
            instead_of=fresh[0],
            instead_forced=forced(fresh[0]),
            group=group,
        )
    return ByeChoice(Bye(chosen, ByeKind.PAIRING), note)
