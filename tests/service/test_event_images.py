"""``service.event.images.render``: a saved event's pairings, standings and bracket as PNG or
SVG — public data only (never a contact, never a draft) — and the refusals when there is
nothing to draw."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from fairpair.engine.results import Result, Side
from fairpair.interop.images import NoSuchPage
from fairpair.service.event import events
from fairpair.service.event.images import picture_of, render
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import Refused, UnknownEvent
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds

ACTOR = "td"
NAMES = ["Zoë Adams", "Bruno Costa", "Chloé Martin", "Dario Rossi", "Elif Yılmaz", "Femi Ade"]


def event(db: Database, playoff: bool = False) -> str:
    slug = events.create_event(db, "Images Cup", actor=ACTOR)
    players.add_players(
        db,
        slug,
        [
            NewPlayer(n, id=f"p{i}", seed=i, contact=f"secret{i}@example.org")
            for i, n in enumerate(NAMES, 1)
        ],
        actor=ACTOR,
    )
    if playoff:
        stages.add_stage(db, slug, {"id": "top", "format": "single_elimination"}, actor=ACTOR)
    return slug


def play(db: Database, slug: str, stage: str = "swiss") -> int:
    drafts.generate(db, slug, actor=ACTOR, stage=stage)
    number = rounds.release(db, slug, actor=ACTOR, stage=stage)
    rounds.open_round(db, slug, number, actor=ACTOR, stage=stage)
    rnd = events.export_event(db, slug).stage(stage).round(number)
    assert rnd is not None
    for m in rnd.matches:
        results.report(
            db, slug, number, Result.win(Side.A), table=m.table, actor=ACTOR, stage=stage
        )
    return number


def svg_texts(data: bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(data).iter("{http://www.w3.org/2000/svg}text")]


def test_the_pairings_of_the_current_round(sqlite_db: Database) -> None:
    slug = event(sqlite_db)
    play(sqlite_db, slug)
    png = render(sqlite_db, slug, "pairings")
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.width == 1200
    texts = svg_texts(render(sqlite_db, slug, "pairings", fmt="svg"))
    assert texts[0] == "Images Cup" and texts[1] == "Pairings · Round 1 · In Progress"
    assert set(NAMES) <= set(texts)
    assert not any("secret" in t for t in texts)


def test_a_draft_is_never_drawn(sqlite_db: Database) -> None:
    slug = event(sqlite_db)
    play(sqlite_db, slug)
    rounds.complete_round(sqlite_db, slug, 1, actor=ACTOR)
    drafts.generate(sqlite_db, slug, actor=ACTOR)  # round 2: a private draft
    assert "Pairings · Round 1 · Completed" in svg_texts(
        render(sqlite_db, slug, "pairings", fmt="svg")
    )


def test_the_standings_top_and_pages(sqlite_db: Database) -> None:
    slug = event(sqlite_db)
    play(sqlite_db, slug)
    top = picture_of(sqlite_db, slug, "standings", top=3)
    assert top.texts()[-2] == "Players 1–3 of 3"
    second = picture_of(sqlite_db, slug, "standings", page=2, per_page=4)
    assert second.texts()[-2] == "Players 5–6 of 6 · page 2 of 2"
    with pytest.raises(NoSuchPage):
        render(sqlite_db, slug, "standings", page=3, per_page=4)
    with pytest.raises(Refused):
        render(sqlite_db, slug, "standings", per_page=101)


def test_the_bracket(sqlite_db: Database) -> None:
    slug = event(sqlite_db, playoff=True)
    with pytest.raises(Refused, match="no released round"):
        render(sqlite_db, slug, "pairings", stage="swiss")
    texts = svg_texts(render(sqlite_db, slug, "bracket", fmt="svg"))
    assert texts[1] == "Bracket · top" or texts[1].startswith("Bracket · ")
    assert "Zoë Adams" in texts and not any("secret" in t for t in texts)


def test_nothing_to_draw_is_refused(sqlite_db: Database) -> None:
    slug = event(sqlite_db)
    with pytest.raises(UnknownEvent):
        render(sqlite_db, "nope", "pairings")
    with pytest.raises(Refused, match="no released round yet"):
        render(sqlite_db, slug, "pairings")
    with pytest.raises(Refused, match="no playoff stage"):
        render(sqlite_db, slug, "bracket")
    with pytest.raises(Refused, match="no standings yet"):
        render(sqlite_db, slug, "standings")
    with pytest.raises(Refused):
        render(sqlite_db, slug, "toss")  # type: ignore[arg-type]
    with pytest.raises(Refused):
        render(sqlite_db, slug, "pairings", fmt="gif")  # type: ignore[arg-type]


def test_the_standings_follow_every_change(sqlite_db: Database) -> None:
    slug = event(sqlite_db)
    play(sqlite_db, slug)
    before = picture_of(sqlite_db, slug, "standings").texts()
    assert picture_of(sqlite_db, slug, "standings").texts() == before  # kept: the same
    rounds.complete_round(sqlite_db, slug, 1, actor=ACTOR)
    number = play(sqlite_db, slug)
    after = picture_of(sqlite_db, slug, "standings").texts()
    assert number == 2 and after != before and after[1] == "Standings after round 2"
