"""Every kind of scheduled job and its handler: what a worker (the server's job thread,
``fairpair jobs run``) runs."""

from __future__ import annotations

from fairpair.service.discord.display import KIND as DISCORD_DISPLAY
from fairpair.service.discord.display import redraw
from fairpair.service.jobs.runner import Handler
from fairpair.service.jobs.schedule import Job
from fairpair.service.notices.deliveries import DELIVER, deliver
from fairpair.service.notices.handlers import run_notice
from fairpair.service.notices.planning import KINDS
from fairpair.service.notices.staff_alerts import STAFF_PUSH, send_staff_push
from fairpair.service.ratings.updates import run_ratings_job
from fairpair.service.rounds.rating_job import KIND as RATINGS
from fairpair.store.database import Database


def handlers(db: Database) -> dict[str, Handler]:
    """The handlers of every job kind, on ``db``."""

    def notice(job: Job) -> None:
        run_notice(db, job)

    def delivery(job: Job) -> None:
        deliver(db, job)

    def display(job: Job) -> None:
        redraw(db, job)

    def ratings(job: Job) -> None:
        run_ratings_job(db, job)

    def staff_push(job: Job) -> None:
        send_staff_push(db, job)

    out: dict[str, Handler] = {kind: notice for kind in KINDS}
    out[DELIVER] = delivery
    out[DISCORD_DISPLAY] = display
    out[RATINGS] = ratings
    out[STAFF_PUSH] = staff_push
    return out
