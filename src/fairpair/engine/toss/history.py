"""The history rule: between two players on the same balance, who played first more recently
gives way.

Walk back from the most recent round. Only rounds in which *both* players had a counted toss
are compared (each in their own match). A round in which either of them had a bye, sat out,
played a match with no toss, or a match that was not played at the table is skipped. At the
first compared round where exactly one of them played first, that player yields: the other
plays first. If every compared round agrees (or there is none), the history is tied.
"""

from __future__ import annotations

from fairpair.engine.players import PlayerId
from fairpair.engine.toss.record import TossEntry, TossRecord, TossTag


def _counted(record: TossRecord) -> dict[int, TossEntry]:
    return {e.round: e for e in record.entries if e.counted}


def history_first(a: TossRecord, b: TossRecord) -> PlayerId | None:
    """The player the history gives the play to, or ``None`` when the history is tied."""
    mine, theirs = _counted(a), _counted(b)
    for round_number in sorted(mine.keys() & theirs.keys(), reverse=True):
        a_first = mine[round_number].tag is TossTag.FIRST
        b_first = theirs[round_number].tag is TossTag.FIRST
        if a_first != b_first:
            return b.player if a_first else a.player
    return None
