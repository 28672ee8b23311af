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
    "repeat_pairings": ("fairpair.engine.repeats", "repeat_pairings"),
    "RepeatMatch": ("fairpair.engine.repeats", "RepeatMatch"),
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


if TYPE_CHECKING:  # the same names, for type checkers and editors (`x as x`: re-exported)
    from fairpair.engine.changes import add_round as add_round
    from fairpair.engine.changes import choose_first as choose_first
    from fairpair.engine.changes import complete_round as complete_round
    from fairpair.engine.changes import cut_of as cut_of
    from fairpair.engine.changes import delete_round as delete_round
    from fairpair.engine.changes import draw_cut as draw_cut
    from fairpair.engine.changes import drop_player as drop_player
    from fairpair.engine.changes import flip_toss as flip_toss
    from fairpair.engine.changes import open_round as open_round
    from fairpair.engine.changes import recalculate_tosses as recalculate_tosses
    from fairpair.engine.changes import record_places as record_places
    from fairpair.engine.changes import record_result as record_result
    from fairpair.engine.changes import release_round as release_round
    from fairpair.engine.changes import replace_round as replace_round
    from fairpair.engine.changes import revert_round as revert_round
    from fairpair.engine.drops import Drop as Drop
    from fairpair.engine.errors import FairpairError as FairpairError
    from fairpair.engine.errors import InvalidResult as InvalidResult
    from fairpair.engine.errors import InvalidStage as InvalidStage
    from fairpair.engine.errors import InvalidTournament as InvalidTournament
    from fairpair.engine.errors import LifecycleRefused as LifecycleRefused
    from fairpair.engine.errors import Location as Location
    from fairpair.engine.errors import PairingRefused as PairingRefused
    from fairpair.engine.errors import UnknownPlayer as UnknownPlayer
    from fairpair.engine.errors import UnknownRound as UnknownRound
    from fairpair.engine.errors import UnknownRuleset as UnknownRuleset
    from fairpair.engine.errors import UnknownStage as UnknownStage
    from fairpair.engine.errors import UnknownTable as UnknownTable
    from fairpair.engine.errors import UnknownTiebreak as UnknownTiebreak
    from fairpair.engine.formats import PlayerStatus as PlayerStatus
    from fairpair.engine.formats import pair_next_round as pair_next_round
    from fairpair.engine.formats import player_status as player_status
    from fairpair.engine.formats import stage_finished as stage_finished
    from fairpair.engine.lifecycle import Refusal as Refusal
    from fairpair.engine.lifecycle import RefusalReason as RefusalReason
    from fairpair.engine.lifecycle import RoundAction as RoundAction
    from fairpair.engine.lifecycle import Verdict as Verdict
    from fairpair.engine.lifecycle import check as _check_round_action
    from fairpair.engine.lifecycle import next_actions as next_actions
    from fairpair.engine.pairing.draft import DraftPairing as DraftPairing
    from fairpair.engine.pairing.draft import DraftPod as DraftPod
    from fairpair.engine.pairing.draft import PairingDraft as PairingDraft
    from fairpair.engine.pairing.invariants import check_pairing as check_pairing
    from fairpair.engine.pairing.note_text import render_notes as render_notes
    from fairpair.engine.pairing.notes import PairingNote as PairingNote
    from fairpair.engine.pairing.recommended import log2_rounds as _recommended_rounds
    from fairpair.engine.pairing.refusals import NobodyToPair as NobodyToPair
    from fairpair.engine.pairing.refusals import RoundCapReached as RoundCapReached
    from fairpair.engine.pairing.refusals import RoundStillOpen as RoundStillOpen
    from fairpair.engine.pairing.refusals import WeightLimitReached as WeightLimitReached
    from fairpair.engine.players import Player as Player
    from fairpair.engine.results import GameScore as GameScore
    from fairpair.engine.results import MatchFormat as MatchFormat
    from fairpair.engine.results import Result as Result
    from fairpair.engine.results import ResultKind as ResultKind
    from fairpair.engine.results import Side as Side
    from fairpair.engine.rounds import Bye as Bye
    from fairpair.engine.rounds import ByeKind as ByeKind
    from fairpair.engine.rounds import Match as Match
    from fairpair.engine.rounds import PodTable as PodTable
    from fairpair.engine.rounds import Round as Round
    from fairpair.engine.rounds import RoundState as RoundState
    from fairpair.engine.rounds import Toss as Toss
    from fairpair.engine.rounds import TossReason as TossReason
    from fairpair.engine.ruleset import Ruleset as Ruleset
    from fairpair.engine.rulesets import PRESETS as PRESETS
    from fairpair.engine.rulesets import get_ruleset as get_ruleset
    from fairpair.engine.scoring import Scoring as Scoring
    from fairpair.engine.stage import Stage as Stage
    from fairpair.engine.stage import stage_from_settings as stage_from_settings
    from fairpair.engine.stage_config import AssignedBye as AssignedBye
    from fairpair.engine.stage_config import DoubleEliminationConfig as DoubleEliminationConfig
    from fairpair.engine.stage_config import Elimination as Elimination
    from fairpair.engine.stage_config import Group as Group
    from fairpair.engine.stage_config import PairingMethod as PairingMethod
    from fairpair.engine.stage_config import PodsConfig as PodsConfig
    from fairpair.engine.stage_config import RemainderMode as RemainderMode
    from fairpair.engine.stage_config import RoundRobinConfig as RoundRobinConfig
    from fairpair.engine.stage_config import SingleEliminationConfig as SingleEliminationConfig
    from fairpair.engine.stage_config import StageFormat as StageFormat
    from fairpair.engine.stage_config import SwissConfig as SwissConfig
    from fairpair.engine.stage_config import SwissEliminationConfig as SwissEliminationConfig
    from fairpair.engine.stage_config import TossPolicy as TossPolicy
    from fairpair.engine.stage_config import TossSettings as TossSettings
    from fairpair.engine.stage_cut import StageCut as StageCut
    from fairpair.engine.standings import Standings as Standings
    from fairpair.engine.standings import StandingsRow as StandingsRow
    from fairpair.engine.standings import compute_standings as _standings
    from fairpair.engine.topcut import CutRule as CutRule
    from fairpair.engine.topcut import TopCut as TopCut
    from fairpair.engine.topcut import top_cut as top_cut
    from fairpair.engine.toss import TossTable as TossTable
    from fairpair.engine.toss import toss_table as toss_table
    from fairpair.engine.validation import validate as validate
    from fairpair.interop.document import dump_document as dump_document
    from fairpair.interop.document import load_document as load_document
    from fairpair.interop.document import parse_document as parse_document
    from fairpair.interop.errors import DocumentError as DocumentError
    from fairpair.interop.save import save_document as save_document

    check_round_action = _check_round_action
    recommended_rounds = _recommended_rounds
    standings = _standings
