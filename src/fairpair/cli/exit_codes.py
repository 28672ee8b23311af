"""Exit codes of the ``fairpair`` command, one per kind of failure (docs/cli.md lists them).

Defined with the error table in ``fairpair.error_table``; re-exported here.
"""

from __future__ import annotations

from fairpair.error_table import ExitCode

__all__ = ["ExitCode"]
