"""Reads share what they load: an event's facts, as of one version, loaded once per process.

Every change bumps the event's version in its own transaction (``unit.changing``), so the
facts of (event, version) never change once committed: a read transaction that finds the
event at version V may reuse a ``Loaded`` of V made by another read. Only **read**
transactions use this — a change loads inside its own transaction, where the version is
already the new one before the change is complete. The key also holds the database's URL
and the event's creation time (a test database emptied and refilled reuses ids and
versions). A few entries are kept, newest last.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable

from sqlalchemy import Connection, bindparam, select

from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.loading import Loaded, load
from fairpair.store.models import EventRow

#: When the event was made (part of the cache key), a statement built once.
_CREATED = select(EventRow.created_at).where(EventRow.id == bindparam("event_id"))
SIZE = 6
_KEPT: OrderedDict[Hashable, Loaded] = OrderedDict()
_LOCK = threading.Lock()


def loaded(conn: Connection, event: EventRef) -> Loaded:
    """``load(conn, event)`` for a read transaction, shared between reads of one version."""
    created = conn.execute(_CREATED, {"event_id": event.id}).scalar()
    key = (conn.engine.url.render_as_string(), event.id, created, event.version)
    with _LOCK:
        hit = _KEPT.get(key)
        if hit is not None:
            _KEPT.move_to_end(key)
            return hit
    made = load(conn, event)
    with _LOCK:
        _KEPT[key] = made
        while len(_KEPT) > SIZE:
            _KEPT.popitem(last=False)
    return made
