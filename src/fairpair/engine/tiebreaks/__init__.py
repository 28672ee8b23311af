"""The tiebreak catalogue: one module per family, one function per tiebreak, one registry."""

from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value
from fairpair.engine.tiebreaks.registry import REGISTRY, get_tiebreak

__all__ = ["REGISTRY", "Tiebreak", "TiebreakContext", "Value", "ValueKind", "get_tiebreak"]
