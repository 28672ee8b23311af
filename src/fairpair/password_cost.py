"""The cost of hashing a password (argon2): production's, unless a test run asks for a cheap one.

Production hashes with argon2-cffi's defaults (RFC 9106's low-memory profile: argon2id, 3
passes over 64 MiB, 4 lanes) — tens of milliseconds of CPU per login, on purpose. The test
suite logs in hundreds of times, so it sets ``FAIRPAIR_PASSWORD_COST=test`` (tests/conftest.py)
and hashes at the least cost argon2 allows (1 pass over 8 KiB, 1 lane; the same hash and salt
lengths), in its own process and in every server, worker and command it starts.

Only that exact value is honoured, and never silently: a process that honours it logs a
warning when it starts hashing. Any other value is ignored, with a warning, and the production
cost is used: no typo or "low" can weaken production. A server started with the test cost
would also re-hash every password it verifies at that cost: never set it where there are real
accounts (docs/deployment.md).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from argon2 import Parameters, PasswordHasher, Type
from argon2.profiles import RFC_9106_LOW_MEMORY

#: The environment variable, and the one value of it that is honoured.
ENV = "FAIRPAIR_PASSWORD_COST"
TEST_MARKER = "test"

#: What production uses: argon2-cffi's defaults (``PasswordHasher()``), this profile.
PRODUCTION = RFC_9106_LOW_MEMORY
#: The test-only cost: the cheapest argon2id, with production's hash and salt lengths.
TEST = Parameters(
    type=Type.ID,
    version=RFC_9106_LOW_MEMORY.version,
    salt_len=RFC_9106_LOW_MEMORY.salt_len,
    hash_len=RFC_9106_LOW_MEMORY.hash_len,
    time_cost=1,
    memory_cost=8,
    parallelism=1,
)

LOG = logging.getLogger("fairpair.passwords")


def password_hasher(environ: Mapping[str, str] = os.environ) -> PasswordHasher:
    """The hasher for this process: production's cost unless ``$FAIRPAIR_PASSWORD_COST`` is
    exactly ``test`` (then the test-only cost, with a warning)."""
    value = environ.get(ENV, "")
    if value == TEST_MARKER:
        LOG.warning(
            "%s=%s: passwords are hashed at a TEST-ONLY cost (1 pass over 8 KiB); "
            "never use it with real accounts",
            ENV,
            TEST_MARKER,
        )
        return PasswordHasher.from_parameters(TEST)
    if value:
        LOG.warning(
            "%s=%r is ignored (only %r is recognised, for tests): passwords are hashed at the "
            "production cost",
            ENV,
            value,
            TEST_MARKER,
        )
    return PasswordHasher()  # argon2-cffi's defaults: PRODUCTION
