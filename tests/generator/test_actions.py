"""The generator's glue (``fairpair.generator``) as the page calls it, run natively: every
action an organizer takes, what it refuses and why, and that the document it keeps is a
tournament document the server reads."""

from __future__ import annotations

import json

import pytest

from fairpair.engine.formats.registry import pair_next_round
from fairpair.engine.standings import compute_standings
from fairpair.generator.players_text import read_players
from fairpair.interop.document import parse_document

from .flow import act, names, refused


def test_a_pasted_list_and_a_csv_become_players() -> None:
    pasted = read_players("  Ash Ketchum \n\n# late: Bea\nBea, 1650\n")
    assert pasted == [
        {"id": "p1", "name": "Ash Ketchum", "seed": 1},
        {"id": "p2", "name": "Bea", "seed": 2, "rating": 1650},
    ]
    csv = read_players('Name,Seed,Team\n"Cole, Jr",2,Blue\nDev,1,\n')
    assert csv == [
        {"id": "p1", "name": "Cole, Jr", "seed": 2, "team": "Blue"},
        {"id": "p2", "name": "Dev", "seed": 1},
    ]


@pytest.mark.parametrize(
    ("players", "where", "reason"),
    [
        ("", "Players", "add at least two players"),
        ("Ash", "Players", "add at least two players"),
        ("Ash\nash", "Players, line 2", "ash is listed twice"),
        ("name,rating\nAsh,high\nBea,2", "Players, line 2", "the rating must be a whole number"),
    ],
)
def test_a_bad_list_is_refused_naming_the_line(players: str, where: str, reason: str) -> None:
    error = refused("new_event", name="Club night", players=players)
    assert error["where"] == where
    assert error["reason"].startswith(reason)


def test_a_swiss_with_toss_drop_and_a_double_elimination_top_cut() -> None:
    doc = act("new_event", name="Store night", players=names(9), max_rounds=3, toss=True)[
        "document"
    ]
    assert refused("cut", document=doc, top=3)["where"] == "Top cut"
    for number in (1, 2, 3):
        answer = act("pair_next", document=doc)
        doc = answer["document"]
        rnd = doc["stages"][0]["rounds"][-1]
        # nine players: a bye; eight once Player 9 drops after round 1
        assert rnd["number"] == number and len(rnd.get("byes", [])) == (number == 1)
        assert all("toss" in m for m in rnd["matches"])
        missing = refused("pair_next", document=doc)
        assert "4 matches" in missing["reason"] or "outstanding" in missing["reason"]
        for match in rnd["matches"]:
            doc = act(
                "report",
                document=doc,
                stage="swiss",
                round=number,
                table=match["table"],
                result="2-1",
            )["document"]
        if number == 1:
            doc = act("drop", document=doc, player="p9")["document"]
    assert "Withdrew" in act("view", document=doc)["html"]
    answer = act("cut", document=doc, top=4, bracket="double")
    doc = answer["document"]
    assert doc["stages"][1]["format"] == "double_elimination"
    assert len(doc["stages"][1]["participants"]) == 4
    for _ in range(8):
        view = act("view", document=doc)["html"]
        if "is the champion" in view:
            break
        doc = act("pair_next", document=doc)["document"]
        rnd = doc["stages"][1]["rounds"][-1]
        for match in rnd["matches"]:
            doc = act(
                "report",
                document=doc,
                stage="top4",
                round=rnd["number"],
                table=match["table"],
                result="2-0",
            )["document"]
    assert "Champion:" in act("view", document=doc)["html"]
    # the kept document is one the server reads back, unchanged
    assert json.loads(json.dumps(doc)) == act("import", text=json.dumps(doc))["document"]


def test_round_robin_and_pods() -> None:
    doc = act("new_event", name="League", players=names(5), format="round_robin")["document"]
    doc = act("pair_next", document=doc)["document"]
    assert doc["stages"][0]["ruleset"] == "round_robin"
    assert len(doc["stages"][0]["rounds"][0]["matches"]) == 2
    pods = act("new_event", name="Commander", players=names(8), format="pods", max_rounds=2)
    doc = act("pair_next", document=pods["document"])["document"]
    tables = doc["stages"][0]["rounds"][0]["pods"]
    assert [len(t["seats"]) for t in tables] == [4, 4]
    doc = act(
        "places",
        document=doc,
        stage="pods",
        round=1,
        table=tables[0]["table"],
        places=["1", "2", "2", "4"],
    )["document"]
    assert doc["stages"][0]["rounds"][0]["pods"][0]["places"] == [1, 2, 2, 4]
    assert (
        refused(
            "places", document=doc, stage="pods", round=1, table=tables[1]["table"], places=["x"]
        )["where"]
        == "Places"
    )


def test_refusals_name_the_field() -> None:
    # the field as the page labels it
    assert refused("pair_next")["where"] == "The event file"
    assert refused("report", document={"name": "x", "players": []}, round="one")["where"] == (
        "Round"
    )
    assert refused("import", text="{not json")["where"].startswith("The event file:1:")
    assert refused("import", text='{"name": "x", "players": [{"id": "a"}]}')["where"] != ""
    assert refused("new_event", name=" ", players=names(4))["where"] == "Event name"
    assert refused("no_such_thing", document={})["where"] == "action"


def test_the_document_pairs_as_the_server_pairs_it() -> None:
    """A round paired by the page equals the server engine's draft of the same document."""
    doc = act("new_event", name="Check", players=names(12), toss=True)["document"]
    doc = act("pair_next", document=doc)["document"]
    before = {**doc, "stages": [{**doc["stages"][0], "rounds": []}]}
    draft = pair_next_round(parse_document(before))
    paired = doc["stages"][0]["rounds"][0]["matches"]
    assert [(p.table, p.a, p.b) for p in draft.pairings] == [
        (m["table"], m["a"], m["b"]) for m in paired
    ]
    assert (
        compute_standings(parse_document(doc)).rows == compute_standings(parse_document(doc)).rows
    )
