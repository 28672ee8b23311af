"""Byes: assigned byes are honoured first; an odd field gives the pairing bye to the
lowest-ranked player without a bye in this stage (seed 004, "Byes")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fairpair.engine.pairing.notes import NoteKind, PairingNote
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye, ByeKind
from fairpair.engine.stage import AssignedBye, Stage


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
    """Players who already had a bye in this stage (any bye that scores: pairing, full, half)."""
    return frozenset(b.player for r in stage.rounds for b in r.byes if b.kind is not ByeKind.ZERO)


@dataclass(frozen=True, slots=True)
class ByeChoice:
    bye: Bye
    notes: tuple[PairingNote, ...]


def choose_pairing_bye(
    ranked: Sequence[PlayerId],
    already: frozenset[PlayerId],
    blocked_pairs_without: Callable[[PlayerId], int],
) -> ByeChoice:
    """The pairing bye for an odd field ``ranked`` (best first).

    The rule: the lowest-ranked player without a bye; if everyone has had one, the
    lowest-ranked. ``blocked_pairs_without(p)`` is the fewest rematches (and forbidden pairs)
    any pairing of the field without ``p`` must have. If the rule's recipient forces one, the
    first candidate in the same order who forces fewest takes the bye instead (with a note).
    """
    fresh = [p for p in reversed(ranked) if p not in already]
    order = fresh + [p for p in reversed(ranked) if p in already]
    rule = order[0]
    fallback = not fresh
    chosen = rule
    fewest = blocked_pairs_without(rule)
    for candidate in order[1:]:
        if fewest == 0:
            break
        forced = blocked_pairs_without(candidate)
        if forced < fewest:
            chosen, fewest = candidate, forced
    notes: list[PairingNote] = []
    if chosen != rule:
        notes.append(PairingNote(NoteKind.BYE_MOVED, (chosen, rule)))
    elif fallback:
        notes.append(PairingNote(NoteKind.BYE_FALLBACK, (chosen,)))
    else:
        notes.append(PairingNote(NoteKind.BYE, (chosen,)))
    return ByeChoice(Bye(chosen, ByeKind.PAIRING), tuple(notes))
