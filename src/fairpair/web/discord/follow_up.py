"""The follow-up of a deferred answer (``/pairings``, ``/standings``): the interactions
endpoint answers "thinking…" (type 5) at once, then — after that response is sent, in the
server's thread pool (Starlette's background task) — this makes the real answer and puts it
in place of "thinking…" with ``PATCH /webhooks/{application}/{token}/messages/@original``.

Why always, not only for big events: Discord drops an answer that takes more than 3 seconds,
and rendering an image costs with the number of players *and* the machine's load at that
moment (a round's results pouring in). A deferred answer costs one more HTTP call and is
the same path for every event, so it is the one tested.

The interaction's token is valid 15 minutes: a busy Discord (429, 5xx, no answer) is tried
again ``TRIES`` times, waiting what it asks (at most ``MAX_WAIT`` seconds). A refusal, or
Discord still busy, is logged; the user's "thinking…" then ends in Discord's own "the
application did not respond".
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from fairpair.service.outbound.discord_dm import DiscordBusy
from fairpair.service.outbound.discord_rest import DiscordRefused, edit_original
from fairpair.web.discord.guard import guarded
from fairpair.web.discord.replies import Reply

LOG = logging.getLogger("fairpair.web.discord")
TRIES = 3
MAX_WAIT = 5.0


def follow_up(
    interaction_id: str,
    application_id: str,
    token: str,
    later: Callable[[], Reply],
    *,
    sleep: Callable[[float], None] = time.sleep,
) -> bool:
    """Make ``later``'s answer and send it in place of the deferred one; whether Discord
    took it."""
    reply = guarded(interaction_id, later)
    for attempt in range(1, TRIES + 1):
        try:
            edit_original(application_id, token, reply.content, reply.images)
            return True
        except DiscordBusy as busy:
            if attempt == TRIES:
                LOG.warning("Discord interaction %s: follow-up not sent: %s", interaction_id, busy)
                return False
            sleep(min(busy.retry_after or 1.0, MAX_WAIT))
        except DiscordRefused as refusal:
            LOG.warning("Discord interaction %s: follow-up refused: %s", interaction_id, refusal)
            return False
    return False
