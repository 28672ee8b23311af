"""How the ``fairpair`` process ends after a command that built a large answer.

The standings or the next round of a big event are hundreds of thousands of small objects:
the tournament read from the file, the ledger's rows, the JSON's dicts. Freed one by one as
the command returns, they cost 13 ms of a 0.47 s command at 10,000 players and 0.18 s at
100,000 (docs/performance.md) — work for memory the operating system takes back at once when
the process ends. Such a command hands them to ``keep_until_exit``; the console script
(``fairpair.cli.app.console``) then ends the process with ``os._exit`` once the exit handlers
(``atexit``) have run and the output is flushed, as mypy ends its own. Nothing else changes: the
output, the exit code, what the exit handlers write.

Only the console script turns keeping on (``start``): a command run in process — the tests'
runner, ``main()`` called by a program — keeps nothing and returns as before. The script ends
the usual way when nothing was kept, when a thread of the command still runs, or when a
stream cannot be flushed (Python then reports it as usual).
"""

from __future__ import annotations

import atexit
import os
import sys
from typing import NoReturn

_kept: list[object] | None = None


def start() -> None:
    """From now on, ``keep_until_exit`` holds what it is given (the console script only)."""
    global _kept
    _kept = []


def keep_until_exit(*objects: object) -> None:
    """Leave ``objects`` to the end of the process instead of freeing them on return (when
    the console script runs the command; otherwise nothing happens)."""
    if _kept is not None:
        _kept.extend(objects)


def can_end_now() -> bool:
    """Something was kept, and nothing else runs: no thread of the command is alive."""
    threading = sys.modules.get("threading")  # not imported: no thread was started with it
    return bool(_kept) and (threading is None or threading.active_count() == 1)


def end(code: int) -> NoReturn:
    """Run the exit handlers, flush the output (the order of Python's own exit), and end the
    process with ``code`` without freeing what it holds. When a stream cannot be flushed, the
    usual exit says so."""
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
    os._exit(code)
