"""A league's leaderboard picture speaks its reader's language (issue 33, point 8): drawn in
Spanish and in Japanese it says its title, counts and column heads in it, names as they are
(the bracket's: ``tests/interop/images/test_languages.py``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fairpair import i18n
from fairpair.engine.results import Side
from fairpair.service.accounts.logins import add_account
from fairpair.service.communities.communities import attach_event, create_community
from fairpair.service.leagues.images import render_leaderboard
from fairpair.service.leagues.leagues import create_league
from fairpair.store.database import Database

from .helpers import PASSWORD
from .swiss_events import ACTOR, play_round, swiss_event

SVG = "{http://www.w3.org/2000/svg}"


def _words(svg: bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_a_leaderboard_in_spanish_and_in_japanese(sqlite_db: Database) -> None:
    db = sqlite_db
    owner = add_account(db, "lena", PASSWORD, name="Lena")
    club = create_community(db, "Picture League", actor=ACTOR, owner=owner.id)
    night = swiss_event(db, "Picture Night", ["Ana Ruiz", "Bo Chen", "Cy Park", "Di Okafor"])
    attach_event(db, club, night, actor=ACTOR)
    play_round(db, night, winner=lambda m: Side.A)
    create_league(db, club, "Picture Season", actor=ACTOR, key="season", events=[night])
    english = _words(render_leaderboard(db, club, "season", fmt="svg"))
    assert english[1] == "Leaderboard · 1 event" and "Player" in english
    with i18n.speaking("es"):
        es = _words(render_leaderboard(db, club, "season", fmt="svg"))
    assert es[0] == "Picture Season" and es[1] == "Clasificación · 1 evento"
    assert {"Jugador", "Puntos"} <= set(es) and "Ana Ruiz" in es
    with i18n.speaking("ja"):
        ja = _words(render_leaderboard(db, club, "season", fmt="svg"))
    assert ja[1].endswith("· 1 イベント") and "Player" not in ja and "Ana Ruiz" in ja
