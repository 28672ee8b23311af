"""Swiss pairing: the draft of the next round, with notes saying why (DESIGN.md "Pairing a
Swiss round"; seed 004 "How pairings are decided"; docs/pairing.md)."""

from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.pairing.invariants import PairingViolation, check_pairing
from fairpair.engine.pairing.next_round import pair_next_round
from fairpair.engine.pairing.note_text import render_note, render_notes
from fairpair.engine.pairing.notes import (
    AssignedByeNote,
    Blocked,
    ByeNote,
    ByeRule,
    ExcludedNote,
    FloatNote,
    ForcedForbiddenNote,
    ForcedRematchNote,
    GroupNote,
    GroupScore,
    GroupSkippedNote,
    MethodNote,
    NoteKind,
    NumberSource,
    PairingNote,
    RematchRepairedNote,
    RoundOneNote,
    RoundRobinNumbersNote,
    RoundRobinSitOutNote,
    ScoreGroupNote,
    SeedSource,
    SitOutReason,
)
from fairpair.engine.pairing.optimiser import Tuning
from fairpair.engine.pairing.refusals import (
    NobodyToPair,
    RoundCapReached,
    RoundStillOpen,
    WeightLimitReached,
)

__all__ = [
    "AssignedByeNote",
    "Blocked",
    "ByeNote",
    "ByeRule",
    "DraftPairing",
    "ExcludedNote",
    "Exclusion",
    "FloatNote",
    "ForcedForbiddenNote",
    "ForcedRematchNote",
    "GroupNote",
    "GroupScore",
    "GroupSkippedNote",
    "MethodNote",
    "NobodyToPair",
    "NoteKind",
    "NumberSource",
    "PairingDraft",
    "PairingNote",
    "PairingViolation",
    "RematchRepairedNote",
    "RoundCapReached",
    "RoundOneNote",
    "RoundRobinNumbersNote",
    "RoundRobinSitOutNote",
    "RoundStillOpen",
    "ScoreGroupNote",
    "SeedSource",
    "SitOutReason",
    "Tuning",
    "WeightLimitReached",
    "check_pairing",
    "pair_next_round",
    "render_note",
    "render_notes",
]
