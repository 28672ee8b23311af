"""A league's points rule and dates as the league pages say them (docs/languages.md): the
engine's English words in English, the reader's language otherwise (French here), dates in
the language's own format (Babel)."""

from __future__ import annotations

from datetime import date

from fairpair import i18n
from fairpair.engine.leagues import rule_of
from fairpair.service.leagues.leagues import season_dates
from fairpair.web.league_words import place_words, rule_words

RULES: tuple[dict[str, object], ...] = (
    {},
    {"attend": 1, "places": "4, 2"},
    {"win": 0, "draw": 0, "places": "10,8,6,4,3,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1", "best": 8},
    {"win": 0, "draw": 0},
    {"win": "1", "draw": "½", "loss": 0, "attend": 2},
)


def test_english_says_what_the_engine_says() -> None:
    for values in RULES:
        rule = rule_of(values)
        assert rule_words(rule) == rule.text
    assert [place_words(n) for n in (1, 2, 3, 4, 11, 21, 22, 23)] == [
        "1st", "2nd", "3rd", "4th", "11th", "21st", "22nd", "23rd",
    ]  # fmt: skip
    assert season_dates(date(2027, 1, 4), date(2027, 3, 28)) == "4 Jan 2027 – 28 Mar 2027"
    assert season_dates(date(2027, 1, 4), None) == "from 4 Jan 2027"
    assert season_dates(None, date(2027, 3, 28)) == "until 28 Mar 2027"
    assert season_dates(None, None) == ""


def test_french() -> None:
    with i18n.speaking("fr"):
        assert rule_words(rule_of({"attend": 1, "places": "4, 2", "best": 8})) == (
            "3 par victoire, 1 par nulle, 1 pour la participation ; par place : 1er 4, 2e 2"
            " — les 8 meilleurs événements comptent"
        )
        assert rule_words(rule_of({"win": 0, "draw": 0})) == "aucun point — chaque événement compte"
        assert rule_words(rule_of({"best": 1})).endswith("seul 1 événement compte, le meilleur")
        assert (
            season_dates(date(2027, 1, 4), date(2027, 3, 28)) == "4 janv.\u2009–\u200928 mars 2027"
        )
        assert season_dates(date(2027, 1, 4), None) == "à partir du 4 janv. 2027"
        assert season_dates(None, date(2027, 3, 28)) == "jusqu'au 28 mars 2027"
        assert i18n.day(date(2027, 3, 28)) == "28 mars 2027"
