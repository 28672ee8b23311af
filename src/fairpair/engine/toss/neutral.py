"""The Neutral tie-break: a reproducible, unbiased choice that ignores standings and seating.

The choice is one bit of the SHA-256 digest of (stage seed, stage id, round number, the two
player ids in sorted order). It depends on nothing else: not on the table number, not on which
player is listed first, not on the standings. The same inputs always give the same player, and
over many pairs each side gets the play half the time (SHA-256 output bits are uniform).
"""

from __future__ import annotations

import json

from fairpair.engine.players import PlayerId
from fairpair.engine.sha256 import sha256


def neutral_first(
    a: PlayerId, b: PlayerId, *, stage_id: str, seed: str, round_number: int
) -> PlayerId:
    """The player who plays first under the Neutral policy."""
    low, high = sorted((a, b))
    key = json.dumps(["toss", seed, stage_id, round_number, low, high], ensure_ascii=False)
    digest = sha256(key.encode("utf-8")).digest()
    return low if digest[0] & 1 == 0 else high
