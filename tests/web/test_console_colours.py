"""Issue 12: the console shows a chess pairing's colours — White (who plays first) and Black
— on the Pairings tab, the round review and the round page, for a stage scored as chess by
its actual scoring (win 1, draw ½, loss 0) whatever its ruleset is called; a stage scored
otherwise keeps the toss tag (T), even when its ruleset is based on ``fide``."""

from __future__ import annotations

import dataclasses
import re

from fastapi.testclient import TestClient

from fairpair.engine.rulesets import DEFAULT, FIDE
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig, TossSettings
from fairpair.interop.trf import read_trf
from fairpair.service.event import events
from fairpair.service.event.trf import import_trf
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts

from .helpers import account, log_in
from .swiss_events import ACTOR, start_round

#: Named "default" but scored 1/½/0: chess by its scoring, not by its name.
CHESS_SCORED = dataclasses.replace(DEFAULT, scoring=FIDE.scoring)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _event(db: Database, client: TestClient, *, chess: bool) -> str:
    owner = account(db, "olga")
    log_in(client, "olga")
    stage = Stage(
        config=SwissConfig(max_rounds=3, toss=TossSettings(enabled=True)),
        ruleset=CHESS_SCORED if chess else DEFAULT,
        seed="colours",
    )
    slug = events.create_event(db, "Colours", actor=ACTOR, stage=stage, owner=owner.id)
    players.add_players(
        db, slug, [NewPlayer(n, id=n.lower(), seed=k) for k, n in enumerate("ABCD", 1)], actor=ACTOR
    )
    return slug


def test_the_stage_item_says_chess_from_the_scoring(
    sqlite_db: Database, web_client: TestClient
) -> None:
    chess = _event(sqlite_db, web_client, chess=True)
    (item,) = events.show_event(sqlite_db, chess).stages
    assert (item.ruleset, item.chess) == ("default", True)


def test_pairings_tab_review_and_round_page_show_white_and_black(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, web_client, chess=True)
    drafts.generate(sqlite_db, slug, actor=ACTOR, stage="swiss")
    review = web_client.get(f"/console/{slug}/rounds/draft?stage=swiss")
    assert review.status_code == 200
    assert ">Colours</th>" in review.text
    assert review.text.count('<span class="tag tag-t">White</span>') == 2
    assert review.text.count('<span class="tag tag-t">Black</span>') == 2
    assert ">T</span>" not in review.text
    drafts.discard(sqlite_db, slug, actor=ACTOR, stage="swiss")

    start_round(sqlite_db, slug)
    pairings = web_client.get(f"/console/{slug}/pairings?stage=swiss")
    assert pairings.status_code == 200
    tags = re.findall(r'<span class="tag tag-t[^"]*" title="[^"]*">(\w+)</span>', pairings.text)
    assert sorted(tags) == ["Black", "Black", "White", "White"]  # one of each per table
    assert ">T</span>" not in pairings.text
    assert "has White" in _text(pairings.text)
    page = web_client.get(f"/console/{slug}/rounds/1?stage=swiss")
    assert page.status_code == 200
    assert ">Colours</th>" in page.text
    assert len(re.findall(r">White</span>", page.text)) == 2
    assert len(re.findall(r">Black</span>", page.text)) == 2


def test_a_stage_not_scored_as_chess_keeps_the_toss_tag(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, web_client, chess=False)
    start_round(sqlite_db, slug)
    pairings = web_client.get(f"/console/{slug}/pairings?stage=swiss")
    assert pairings.text.count('title="plays first">T</span>') == 2
    assert ">White</span>" not in pairings.text


def test_a_trf_event_scored_3_1_0_is_not_chess_though_its_ruleset_is_fide(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    text = (
        "012 Football scoring\n"
        "162  W 3.0    D 1.0    L 0.0\n"
        f"001    1 m    {'Player 1':<33} 2000 SUI           1 2000/01/01  3.0    1  0002 w 1\n"
        f"001    2 m    {'Player 2':<33} 2000 SUI           2 2000/01/01  0.0    2  0001 b 0\n"
    )
    slug = import_trf(sqlite_db, read_trf(text), actor=ACTOR, owner=owner.id)
    (item,) = events.show_event(sqlite_db, slug).stages
    assert (item.ruleset, item.chess) == ("fide", False)
    log_in(web_client, "olga")
    pairings = web_client.get(f"/console/{slug}/pairings?stage=swiss")
    assert pairings.status_code == 200
    assert 'title="plays first">T</span>' in pairings.text
    assert ">White</span>" not in pairings.text


def test_an_imported_chess_file_shows_its_recorded_colours(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    text = (
        f"001    1 m    {'Player 1':<33} 2000 SUI           1 2000/01/01  1.0    1  0002 b 1\n"
        f"001    2 m    {'Player 2':<33} 2000 SUI           2 2000/01/01  0.0    2  0001 w 0\n"
    )
    slug = import_trf(sqlite_db, read_trf(text), actor=ACTOR, owner=owner.id)
    log_in(web_client, "olga")
    pairings = web_client.get(f"/console/{slug}/pairings?stage=swiss")
    assert pairings.status_code == 200
    # Player 2 had White (side a): "Player 2 White", then "Player 1 Black".
    assert "Player 2 White Player 1 Black" in _text(pairings.text)
    assert "Player 2 has White" in _text(pairings.text)
