"""The audit log a page at a time (service.event.audit_pages): newest first, every entry on
exactly one page, a page past the end is the last."""

from __future__ import annotations

from fairpair.service.event import events
from fairpair.service.event.audit_pages import audit_page
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.store.database import Database


def test_pages_hold_every_entry_once_newest_first(db: Database) -> None:
    slug = events.create_event(db, "Paged Log", actor="td")
    for i in range(7):
        players.add_players(db, slug, [NewPlayer(f"P{i}", id=f"p{i}")], actor="td")
    everything = [e.id for e in reversed(audit.audit_log(db, slug).entries)]
    pages = [audit_page(db, slug, page=n, size=3) for n in (1, 2, 3)]
    assert [e.id for p in pages for e in p.entries] == everything
    assert pages[0].total == len(everything) and pages[0].pages == 3
    past = audit_page(db, slug, page=99, size=3)
    assert past.page == 3 and [e.id for e in past.entries] == [e.id for e in pages[2].entries]
