"""Swiss pairing: the draft of the next round, with notes saying why (DESIGN.md "Pairing a
Swiss round"; seed 004 "How pairings are decided"; docs/pairing.md)."""

from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.pairing.invariants import PairingViolation, check_pairing
from fairpair.engine.pairing.next_round import pair_next_round
from fairpair.engine.pairing.notes import (
    Exclusion,
    NoteKind,
    PairingNote,
    render_note,
    render_notes,
)
from fairpair.engine.pairing.optimiser import Tuning

__all__ = [
    "DraftPairing",
    "Exclusion",
    "NoteKind",
    "PairingDraft",
    "PairingNote",
    "PairingViolation",
    "Tuning",
    "check_pairing",
    "pair_next_round",
    "render_note",
    "render_notes",
]
