"""``fairpair jobs run [--once]``: do the scheduled jobs (round notices, their web pushes
and Discord DMs) in a process of their own — for a deployment whose servers run without
the job thread (``FAIRPAIR_JOB_SECONDS=0``). Several may run at once: each job is done once."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option

GROUP = group("jobs", "Scheduled jobs: round notices and their deliveries.")


@command(GROUP, "run")
@handles_errors
def run(
    once: Annotated[
        bool, Option("--once", help="Do the jobs due now, then stop (for cron).")
    ] = False,
    every: Annotated[
        float,
        Option("--every", metavar="SECONDS", min=0.1, max=3600, help="Seconds between passes."),
    ] = 1.0,
    db: options.Db = None,
) -> None:
    """Do the due scheduled jobs every second until Ctrl-C (or once, with --once)."""
    import signal
    import threading

    from fairpair.cli.screen import say
    from fairpair.service.job_loop import run_jobs
    from fairpair.service.kernel.connection import opened

    stop = threading.Event()

    def stopping(signum: int, frame: object) -> None:
        # the job under way is finished (a DM in flight is not sent again), the claimed
        # ones not started are given back; a second Ctrl-C stops at once
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)
        say("stopping after the job under way (Ctrl-C again to stop at once)")

    signal.signal(signal.SIGTERM, stopping)
    signal.signal(signal.SIGINT, stopping)
    if not once:
        say("doing scheduled jobs; stop with Ctrl-C")
    with opened(db) as base:
        try:
            done, failed = run_jobs(base, stop=stop, every=every, once=once)
        except KeyboardInterrupt:
            return
    said = f"{done} job{'s' if done != 1 else ''} done"
    say(f"{said}, {failed} failed (retried later)" if failed else said)
