"""The tiebreaks' help page in the reader's language (fairpair.i18n.tiebreaks)."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_the_help_page_names_the_tiebreaks_in_the_readers_language(web_client: TestClient) -> None:
    de = web_client.get("/help/tiebreaks", headers={"accept-language": "de"}).text
    assert "<strong>Direkter Vergleich</strong>" in de
    assert '<span class="badge">DV</span>' in de
    assert "<code>head_to_head</code>" in de  # the id stays
    en = web_client.get("/help/tiebreaks").text
    assert "<strong>Head-to-head</strong>" in en and '<span class="badge">H2H</span>' in en
