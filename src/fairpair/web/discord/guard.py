"""Every answer is made under one guard: a ``Stop`` is its reply, a refusal of the service
an ephemeral message naming the reason, anything unexpected logged with its trace and said
to the user without it. Used for the immediate answer (``interactions``) and for a deferred
one's follow-up (``follow_up``) alike."""

from __future__ import annotations

import logging
from collections.abc import Callable

from fairpair.engine.errors import FairpairError
from fairpair.web.discord.replies import Reply, refused
from fairpair.web.discord.scope import Stop

LOG = logging.getLogger("fairpair.web.discord")


def guarded(interaction_id: object, make: Callable[[], Reply]) -> Reply:
    """``make()``, or the reply that says why not."""
    try:
        return make()
    except Stop as stop:
        return stop.reply
    except FairpairError as error:
        return refused(error.reason)
    except Exception:  # said to the user without the trace; the trace goes to the log
        LOG.exception("Discord interaction %s failed", interaction_id)
        return refused("something went wrong on fairpair's side: ask a judge (it is logged)")
