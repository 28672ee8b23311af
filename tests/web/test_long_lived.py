"""A server process leaves its long-lived objects out of the garbage collector's full passes
(``fairpair.web.long_lived``): its modules once started, each build of the players' pages
after it is made — a server's own setting (``fairpair serve``: ``from_environment``), never
for an app built inside another program such as these tests."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator

import pytest

from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.unit import reading
from fairpair.service.portal.player_view import my_match_in
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.web.portal_warm import PortalWarm
from fairpair.web.settings import from_environment

from .conftest import settings_for
from .swiss_events import ACTOR, swiss_event


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """Whatever a test froze is given back to the collector afterwards."""
    gc.unfreeze()
    try:
        yield
    finally:
        gc.unfreeze()


def test_a_server_freezes_and_an_embedded_app_does_not() -> None:
    assert from_environment().long_lived is True
    assert settings_for("sqlite://").long_lived is False


@pytest.mark.parametrize("long_lived", [True, False])
def test_each_build_of_the_players_pages_is_frozen_in_a_server(
    sqlite_db: Database, unfrozen: None, long_lived: bool
) -> None:
    slug = swiss_event(sqlite_db, "Frozen", ["Ann", "Bo", "Cy", "Di"])
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    with reading(sqlite_db, slug) as (conn, event):
        my_match_in(conn, event, "ann", recent=True)  # a phone reads its page
    warm = PortalWarm(sqlite_db, long_lived=long_lived)
    warm.start()
    try:
        warm.wide(slug, 0)
        deadline = time.monotonic() + 10
        while warm.built == 0:
            assert time.monotonic() < deadline, "not built in time"
            time.sleep(0.02)
    finally:
        warm.stop()
    assert gc.isenabled()  # the collector was paused for the build only
    assert (gc.get_freeze_count() > 0) is long_lived
