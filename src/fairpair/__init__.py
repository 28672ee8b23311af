"""fairpair: Swiss tournaments you can trust — the library's public API.

Everything an embedder (a Discord bot, another platform, a notebook) needs is importable from
the package root; ``docs/library.md`` documents each name with a complete example::

    from fairpair import load_document, pair_next_round, release_round, record_result

Names are loaded on first use, so ``import fairpair`` costs almost nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: Where each public name lives (module path, attribute).
_EXPORTS: dict[str, tuple[str, str]] = {
    # the model
    "Tournament": ("fairpair.engine.tournament", "Tournament"),
    "Player": ("fairpair.engine.players", "Player"),
    "Stage": ("fairpair.engine.stage", "Stage"),
    "stage_from_settings": ("fairpair.engine.stage", "stage_from_settings"),
    "StageFormat": ("fairpair.engine.stage_config", "StageFormat"),
    "SwissConfig": ("fairpair.engine.stage_config", "SwissConfig"),
    "SwissEliminationConfig": ("fairpair.engine.stage_config", "SwissEliminationConfig"),
    "Elimination": ("fairpair.engine.stage_config", "Elimination"),
    "PairingMethod": ("fairpair.engine.stage_config", "PairingMethod"),
    "TossSettings": ("fairpair.engine.stage_config", "TossSettings"),
    "TossPolicy": ("fairpair.engine.stage_config", "TossPolicy"),
    "Group": ("fairpair.engine.stage_config", "Group"),
    "AssignedBye": ("fairpair.engine.stage_config", "AssignedBye"),
    "SingleEliminationConfig": ("fairpair.engine.stage_config", "SingleEliminationConfig"),
    "DoubleEliminationConfig": ("fairpair.engine.stage_config", "DoubleEliminationConfig"),
    "RoundRobinConfig": ("fairpair.engine.stage_config", "RoundRobinConfig"),
    "PodsConfig": ("fairpair.engine.stage_config", "PodsConfig"),
    "RemainderMode": ("fairpair.engine.stage_config", "RemainderMode"),
    "StageCut": ("fairpair.engine.stage_cut", "StageCut"),
    "CutRule": ("fairpair.engine.topcut", "CutRule"),
    "TopCut": ("fairpair.engine.topcut", "TopCut"),
    "top_cut": ("fairpair.engine.topcut", "top_cut"),
    "Round": ("fairpair.engine.rounds", "Round"),
    "RoundState": ("fairpair.engine.rounds", "RoundState"),
    "Match": ("fairpair.engine.rounds", "Match"),
    "PodTable": ("fairpair.engine.rounds", "PodTable"),
    "Bye": ("fairpair.engine.rounds", "Bye"),
    "ByeKind": ("fairpair.engine.rounds", "ByeKind"),
    "Toss": ("fairpair.engine.rounds", "Toss"),
    "TossReason": ("fairpair.engine.rounds", "TossReason"),
    "Result": ("fairpair.engine.results", "Result"),
    "ResultKind": ("fairpair.engine.results", "ResultKind"),
    "Side": ("fairpair.engine.results", "Side"),
    "GameScore": ("fairpair.engine.results", "GameScore"),
    "MatchFormat": ("fairpair.engine.results", "MatchFormat"),
    "Drop": ("fairpair.engine.drops", "Drop"),
    "Ruleset": ("fairpair.engine.ruleset", "Ruleset"),
    "Scoring": ("fairpair.engine.scoring", "Scoring"),
    "PRESETS": ("fairpair.engine.rulesets", "PRESETS"),
    "get_ruleset": ("fairpair.engine.rulesets", "get_ruleset"),
    "validate": ("fairpair.engine.validation", "validate"),
    # documents
    "load_document": ("fairpair.interop.document", "load_document"),
    "parse_document": ("fairpair.interop.document", "parse_document"),
    "dump_document": ("fairpair.interop.document", "dump_document"),
    "save_document": ("fairpair.interop.save", "save_document"),
    # computing
    "pair_next_round": ("fairpair.engine.formats", "pair_next_round"),
    "PairingDraft": ("fairpair.engine.pairing.draft", "PairingDraft"),
    "DraftPairing": ("fairpair.engine.pairing.draft", "DraftPairing"),
    "DraftPod": ("fairpair.engine.pairing.draft", "DraftPod"),
    "PairingNote": ("fairpair.engine.pairing.notes", "PairingNote"),
    "render_notes": ("fairpair.engine.pairing.note_text", "render_notes"),
    "check_pairing": ("fairpair.engine.pairing.invariants", "check_pairing"),
    "standings": ("fairpair.engine.standings", "compute_standings"),
    "Standings": ("fairpair.engine.standings", "Standings"),
    "StandingsRow": ("fairpair.engine.standings", "StandingsRow"),
    "player_status": ("fairpair.engine.player_status", "player_status"),
    "stage_finished": ("fairpair.engine.formats", "stage_finished"),
    "PlayerStatus": ("fairpair.engine.player_status", "PlayerStatus"),
    "toss_table": ("fairpair.engine.toss", "toss_table"),
    "TossTable": ("fairpair.engine.toss", "TossTable"),
    "recommended_rounds": ("fairpair.engine.pairing.recommended", "log2_rounds"),
    # changes (each returns a new Tournament)
    "release_round": ("fairpair.engine.changes", "release_round"),
    "add_round": ("fairpair.engine.changes", "add_round"),
    "replace_round": ("fairpair.engine.changes", "replace_round"),
    "open_round": ("fairpair.engine.changes", "open_round"),
    "complete_round": ("fairpair.engine.changes", "complete_round"),
    "revert_round": ("fairpair.engine.changes", "revert_round"),
    "delete_round": ("fairpair.engine.changes", "delete_round"),
    "record_result": ("fairpair.engine.changes", "record_result"),
    "record_places": ("fairpair.engine.changes", "record_places"),
    "drop_player": ("fairpair.engine.changes", "drop_player"),
    "cut_of": ("fairpair.engine.changes", "cut_of"),
    "draw_cut": ("fairpair.engine.changes", "draw_cut"),
    "flip_toss": ("fairpair.engine.changes", "flip_toss"),
    "choose_first": ("fairpair.engine.changes", "choose_first"),
    "recalculate_tosses": ("fairpair.engine.changes", "recalculate_tosses"),
    # the round lifecycle as data
    "RoundAction": ("fairpair.engine.lifecycle", "RoundAction"),
    "Verdict": ("fairpair.engine.lifecycle", "Verdict"),
    "Refusal": ("fairpair.engine.lifecycle", "Refusal"),
    "RefusalReason": ("fairpair.engine.lifecycle", "RefusalReason"),
    "check_round_action": ("fairpair.engine.lifecycle", "check"),
    "next_actions": ("fairpair.engine.lifecycle", "next_actions"),
    # errors
    "FairpairError": ("fairpair.engine.errors", "FairpairError"),
    "Location": ("fairpair.engine.errors", "Location"),
    "InvalidTournament": ("fairpair.engine.errors", "InvalidTournament"),
    "InvalidResult": ("fairpair.engine.errors", "InvalidResult"),
    "InvalidStage": ("fairpair.engine.errors", "InvalidStage"),
    "PairingRefused": ("fairpair.engine.errors", "PairingRefused"),
    "RoundCapReached": ("fairpair.engine.pairing.refusals", "RoundCapReached"),
    "RoundStillOpen": ("fairpair.engine.pairing.refusals", "RoundStillOpen"),
    "NobodyToPair": ("fairpair.engine.pairing.refusals", "NobodyToPair"),
    "WeightLimitReached": ("fairpair.engine.pairing.refusals", "WeightLimitReached"),
    "LifecycleRefused": ("fairpair.engine.errors", "LifecycleRefused"),
    "UnknownPlayer": ("fairpair.engine.errors", "UnknownPlayer"),
    "UnknownRound": ("fairpair.engine.errors", "UnknownRound"),
    "UnknownTable": ("fairpair.engine.errors", "UnknownTable"),
    "UnknownStage": ("fairpair.engine.errors", "UnknownStage"),
    "UnknownRuleset": ("fairpair.engine.errors", "UnknownRuleset"),
    "UnknownTiebreak": ("fairpair.engine.errors", "UnknownTiebreak"),
    "DocumentError": ("fairpair.interop.errors", "DocumentError"),
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'fairpair' has no attribute {name!r}") from None
    value = getattr(import_module(module), attribute)
    globals()[name] = value  # later look-ups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from fairpair.engine.changes import (
        add_round,
        choose_first,
        complete_round,
        cut_of,
        delete_round,
        draw_cut,
        drop_player,
        flip_toss,
        open_round,
        recalculate_tosses,
        record_places,
        record_result,
        release_round,
        replace_round,
        revert_round,
    )
    from fairpair.engine.drops import Drop
    from fairpair.engine.errors import (
        FairpairError,
        InvalidResult,
        InvalidStage,
        InvalidTournament,
        LifecycleRefused,
        Location,
        PairingRefused,
        UnknownPlayer,
        UnknownRound,
        UnknownRuleset,
        UnknownStage,
        UnknownTable,
        UnknownTiebreak,
    )
    from fairpair.engine.formats import (
        PlayerStatus,
        pair_next_round,
        player_status,
        stage_finished,
    )
    from fairpair.engine.lifecycle import (
        Refusal,
        RefusalReason,
        RoundAction,
        Verdict,
        next_actions,
    )
    from fairpair.engine.lifecycle import check as check_round_action
    from fairpair.engine.pairing.draft import DraftPairing, DraftPod, PairingDraft
    from fairpair.engine.pairing.invariants import check_pairing
    from fairpair.engine.pairing.note_text import render_notes
    from fairpair.engine.pairing.notes import PairingNote
    from fairpair.engine.pairing.recommended import log2_rounds as recommended_rounds
    from fairpair.engine.pairing.refusals import (
        NobodyToPair,
        RoundCapReached,
        RoundStillOpen,
        WeightLimitReached,
    )
    from fairpair.engine.players import Player
    from fairpair.engine.results import GameScore, MatchFormat, Result, ResultKind, Side
    from fairpair.engine.rounds import (
        Bye,
        ByeKind,
        Match,
        PodTable,
        Round,
        RoundState,
        Toss,
        TossReason,
    )
    from fairpair.engine.ruleset import Ruleset
    from fairpair.engine.rulesets import PRESETS, get_ruleset
    from fairpair.engine.scoring import Scoring
    from fairpair.engine.stage import Stage, stage_from_settings
    from fairpair.engine.stage_config import (
        AssignedBye,
        DoubleEliminationConfig,
        Elimination,
        Group,
        PairingMethod,
        PodsConfig,
        RemainderMode,
        RoundRobinConfig,
        SingleEliminationConfig,
        StageFormat,
        SwissConfig,
        SwissEliminationConfig,
        TossPolicy,
        TossSettings,
    )
    from fairpair.engine.stage_cut import StageCut
    from fairpair.engine.standings import Standings, StandingsRow
    from fairpair.engine.standings import compute_standings as standings
    from fairpair.engine.topcut import CutRule, TopCut, top_cut
    from fairpair.engine.toss import TossTable, toss_table
    from fairpair.engine.validation import validate
    from fairpair.interop.document import dump_document, load_document, parse_document
    from fairpair.interop.errors import DocumentError
    from fairpair.interop.save import save_document
