"""A chess event's public pairings name the colours: the player who plays first is White,
the other Black (issue 12, point 2) — here for rounds imported from a FIDE TRF file."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from fairpair.interop.trf import load_trf
from fairpair.service.event.trf import import_trf
from fairpair.service.kernel.connection import Database

TRF = Path(__file__).resolve().parents[1] / "data" / "trf" / "tec-example.trf"


def test_a_chess_rounds_pairings_say_white_and_black(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = import_trf(sqlite_db, load_trf(TRF), actor="arbiter")
    page = web_client.get(f"/e/{slug}")
    assert page.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.text))
    # Round 3, table 1: Alpha (White) – Bravo (Black), a draw; by name too.
    assert "1 Alpha, Anton White Bravo, Bruno Black draw" in text
    assert "Bravo, Bruno Black 1 Alpha, Anton draw" in text
    assert "Plays first" not in text
