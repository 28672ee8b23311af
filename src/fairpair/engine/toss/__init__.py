"""The deterministic toss: who plays first in each match of a Swiss stage, kept fair.

balance = 2 × toss wins − matches with a toss (per stage; byes count for neither). The lower
balance plays first; equal balance → the one who played first more recently gives way; still
tied → the stage's policy: Neutral (a hash) or Catch-up (the lower-ranked player). See
docs/toss.md.
"""

from fairpair.engine.toss.assign import TOSS_FORMATS, assign_tosses, require_toss, toss_applies
from fairpair.engine.toss.catch_up import catch_up_first, ranks_of, standing_ranks
from fairpair.engine.toss.decide import TossContext, decide_toss, toss_context
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.engine.toss.history import history_first
from fairpair.engine.toss.manual import choose_first, flip_toss
from fairpair.engine.toss.neutral import neutral_first
from fairpair.engine.toss.recalculate import recalculate_round
from fairpair.engine.toss.record import TossEntry, TossHistory, TossRecord, TossTag, toss_history
from fairpair.engine.toss.resync import resync_tosses
from fairpair.engine.toss.table import BalanceClass, TossRow, TossTable, balance_class, toss_table

__all__ = [
    "TOSS_FORMATS",
    "BalanceClass",
    "TossContext",
    "TossEntry",
    "TossHistory",
    "TossRecord",
    "TossRow",
    "TossTable",
    "TossTag",
    "TossUnavailable",
    "assign_tosses",
    "balance_class",
    "catch_up_first",
    "choose_first",
    "decide_toss",
    "flip_toss",
    "history_first",
    "neutral_first",
    "ranks_of",
    "recalculate_round",
    "require_toss",
    "resync_tosses",
    "standing_ranks",
    "toss_applies",
    "toss_context",
    "toss_history",
    "toss_table",
]
