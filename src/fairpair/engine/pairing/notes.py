"""Pairing notes: every decision the engine made, as data, and the one place they become text.

A note is a ``kind``, the players it is about, and a short ``detail`` (a number, a reason code or
a group name). ``render_note`` turns one into a sentence for the "Why these pairings" section.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from fairpair.engine.players import PlayerId


class NoteKind(StrEnum):
    """What a note records (docs/pairing.md lists them with an example sentence each)."""

    EXCLUDED = "excluded"
    """``players[0]`` is left out; ``detail`` is an ``Exclusion`` reason code."""
    ROUND_ONE = "round_one"
    """Round 1: one group in seed order; ``detail`` says whose seeds ("stage" or "tournament")."""
    METHOD = "method"
    """The method used; ``detail`` is the method, with "slide_first_round" when overridden."""
    SCORE_GROUP = "score_group"
    """One score group (or win–loss pool): its players best first; ``detail`` is its label."""
    ASSIGNED_BYE = "assigned_bye"
    """``players[0]`` has a bye the organizer set (or earned); ``detail`` is its kind."""
    BYE = "bye"
    """``players[0]`` has the pairing bye: the lowest-ranked player without a bye."""
    BYE_FALLBACK = "bye_fallback"
    """Everyone has had a bye: ``players[0]``, the lowest-ranked, has it again."""
    BYE_MOVED = "bye_moved"
    """``players[1]`` would have had the bye, but every pairing without them repeats more
    matches than one without ``players[0]``, who has it instead."""
    FLOAT = "float"
    """``players[0]`` floats down out of their group; ``detail`` is "from→to" group labels."""
    REMATCH_REPAIRED = "rematch_repaired"
    """The textbook pairing ``players[0]``–``players[1]`` was a rematch (or forbidden, per
    ``detail``) and was repaired by pairing them differently."""
    FORCED_REMATCH = "forced_rematch"
    """``players[0]`` and ``players[1]`` meet again: no pairing of the field avoids it."""
    FORCED_FORBIDDEN = "forced_forbidden"
    """``players[0]`` and ``players[1]`` are a forbidden pair, paired because nothing else works."""
    GROUP = "group"
    """The pairing of group ``detail`` starts here (grouped stages); players are its field."""
    GROUP_SKIPPED = "group_skipped"
    """Group ``detail`` has fewer than two eligible players and is not paired this round."""


class Exclusion(StrEnum):
    """Why a player is not in the eligible field."""

    DROPPED = "dropped"
    ADVANCED = "advanced"
    ELIMINATED = "eliminated"
    NO_STANDINGS_ROW = "no_standings_row"
    NO_GROUP = "no_group"
    ASSIGNED_BYE_DROPPED = "assigned_bye_dropped"


@dataclass(frozen=True, slots=True)
class PairingNote:
    kind: NoteKind
    players: tuple[PlayerId, ...] = ()
    detail: str = ""


_EXCLUSION_TEXT = {
    Exclusion.DROPPED: "has dropped or withdrawn",
    Exclusion.ADVANCED: "has already advanced (reached the wins to advance)",
    Exclusion.ELIMINATED: "is eliminated (reached the losses to eliminate)",
    Exclusion.NO_STANDINGS_ROW: "has no standings row (no completed match in this stage)",
    Exclusion.NO_GROUP: "is in no group of this grouped stage",
    Exclusion.ASSIGNED_BYE_DROPPED: "had an assigned bye but has dropped",
}


def _names(players: Sequence[PlayerId], names: Mapping[PlayerId, str]) -> list[str]:
    return [names.get(p, p) for p in players]


def _listed(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_POOL_LABEL = re.compile(r"\d+-\d+")


def render_note(note: PairingNote, names: Mapping[PlayerId, str] | None = None) -> str:
    """One sentence for ``note``, naming players by ``names`` (their ids when missing)."""
    n = _names(note.players, names or {})
    first = n[0] if n else ""
    second = n[1] if len(n) > 1 else ""
    kind = note.kind
    if kind is NoteKind.EXCLUDED:
        reason = _EXCLUSION_TEXT.get(Exclusion(note.detail), note.detail)
        return f"{first} is not paired: {first} {reason}."
    if kind is NoteKind.ROUND_ONE:
        whose = "the stage's seeds" if note.detail == "stage" else "the tournament's seeds"
        return (
            f"Round 1: one group in seed order ({whose}); unseeded players follow the seeded "
            "ones in an order drawn from the stage seed."
        )
    if kind is NoteKind.METHOD:
        method, _, why = note.detail.partition(":")
        if why == "slide_first_round":
            return f"Pairing method: {method} (Slide for round 1 of a Swiss elimination)."
        return f"Pairing method: {method}."
    if kind is NoteKind.SCORE_GROUP:
        count = len(n)
        who = f" ({_listed(n)})" if count <= 8 else ""
        if _POOL_LABEL.fullmatch(note.detail):  # a Swiss-elimination win–loss pool, "2-1"
            where = f"pool {note.detail}"
        else:
            where = f"on {note.detail} point{'' if note.detail in ('1', '-1') else 's'}"
        return f"Score group {where}: {count} player{'s' if count != 1 else ''}{who}."
    if kind is NoteKind.ASSIGNED_BYE:
        return f"{first} has an assigned {note.detail} bye this round (not the pairing bye)."
    if kind is NoteKind.BYE:
        return f"{first} has the bye: the lowest-ranked player without a bye in this stage."
    if kind is NoteKind.BYE_FALLBACK:
        return (
            f"{first} has the bye again: every eligible player has had one, so it goes to the "
            "lowest-ranked."
        )
    if kind is NoteKind.BYE_MOVED:
        return (
            f"{first} has the bye instead of {second}: with {second} sitting out, every pairing "
            f"would repeat more matches than with {first} sitting out."
        )
    if kind is NoteKind.FLOAT:
        source, _, target = note.detail.partition("→")
        return f"{first} floats down from score group {source} to score group {target}."
    if kind is NoteKind.REMATCH_REPAIRED:
        what = "a forbidden pairing" if note.detail == "forbidden" else "a rematch"
        return (
            f"{first} v {second} would have been {what}; the pairings around them were "
            "rearranged to avoid it."
        )
    if kind is NoteKind.FORCED_REMATCH:
        return (
            f"Forced rematch: {first} v {second} — every possible pairing of the field repeats "
            "at least this many matches."
        )
    if kind is NoteKind.FORCED_FORBIDDEN:
        return f"Forced forbidden pairing: {first} v {second} — no pairing of the field avoids it."
    if kind is NoteKind.GROUP:
        return f"Group {note.detail}: {len(n)} eligible players, paired as their own Swiss."
    if kind is NoteKind.GROUP_SKIPPED:
        who = f" ({_listed(n)})" if n else ""
        return f"Group {note.detail} is skipped this round: fewer than two eligible players{who}."
    raise AssertionError(kind)  # pragma: no cover


def render_notes(
    notes: Sequence[PairingNote], names: Mapping[PlayerId, str] | None = None
) -> list[str]:
    return [render_note(note, names) for note in notes]
