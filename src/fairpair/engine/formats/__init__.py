"""The seam for stage formats: one protocol pairs the next round of any format.

Each format is a configuration class (``engine.stage_config``) and a ``FormatRules`` object
registered here. Swiss and Swiss elimination are built in; single/double elimination, round
robin and pods plug in by adding their configuration, their rules module and one registry
entry — the Swiss code is not touched (docs/formats.md).
"""

from fairpair.engine.formats.protocol import FormatRules
from fairpair.engine.formats.registry import (
    FORMATS,
    pair_next_round,
    rules_for,
    stage_finished,
    stage_to_pair,
)
from fairpair.engine.player_status import PlayerStatus, player_status

__all__ = [
    "FORMATS",
    "FormatRules",
    "PlayerStatus",
    "pair_next_round",
    "player_status",
    "rules_for",
    "stage_finished",
    "stage_to_pair",
]
