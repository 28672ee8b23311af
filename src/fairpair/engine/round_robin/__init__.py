"""Round robin: FIDE Berger tables (Handbook C.05, Annex 1), single or double, and their
mapping onto a stage's players (docs/round-robin.md).

Pure: numbers in, numbers out; ``rounds_for`` turns a table into engine ``Round``s.
"""

from fairpair.engine.round_robin.berger import (
    BergerRound,
    BergerTable,
    Pairing,
    berger_table,
    double_round_robin,
    table_size,
)
from fairpair.engine.round_robin.schedule import drawn_order, round_robin_rounds, rounds_for

__all__ = [
    "BergerRound",
    "BergerTable",
    "Pairing",
    "berger_table",
    "double_round_robin",
    "drawn_order",
    "round_robin_rounds",
    "rounds_for",
    "table_size",
]
