"""SHA-256 for every reproducible draw of the engine: the random tiebreak's lots, the Neutral
toss, the order of unseeded players and of a random pairing, a round robin's table, the
Dutch system's initial colour.

``hashlib`` loads OpenSSL's library to offer every algorithm it knows: 3 ms of CPU at the start
of every command that ranks or pairs (measured in place: ``fairpair standings`` 0.100 →
0.097 s, docs/performance.md "Start-up"), for the one digest the engine uses. CPython also
builds SHA-256 as a module of its own (``_sha256`` up to 3.11, ``_sha2`` from 3.12) — the
same function (FIPS 180-4), the same digests (``tests/engine/test_sha256.py`` compares them);
where neither is built, hashlib's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256
    except ImportError:
        try:
            from _sha2 import sha256
        except ImportError:
            from hashlib import sha256

__all__ = ["sha256"]
