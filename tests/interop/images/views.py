"""The fixed small event the image tests draw: typed views written out (no database, no
pairing), so a golden image changes only when the drawing does.

Eight players (accents, a long name, a Chinese name DejaVu Sans lacks), round 3 of a Swiss
with the toss on (results of every kind, a bye), its standings with a withdrawn player, and
a top-8 bracket half played."""

from __future__ import annotations

from typing import Any

from fairpair.responses.brackets import BracketView
from fairpair.responses.events import RoundView
from fairpair.responses.standings import StandingsResponse

EVENT = "Saturday Modern · Zürich"
NAMES = {
    "p1": "Zoë Adams",
    "p2": "Bruno Costa",
    "p3": "Chloé Martin",
    "p4": "Dario Rossi",
    "p5": "Elif Yılmaz",
    "p6": "Maximiliane Alexandra von Hohenzollern-Sigmaringen",
    "p7": "王小明",
    "p8": "Ивана Петровић",
    "p9": "Åsa Øberg",
}


def side(pid: str) -> dict[str, str]:
    return {"id": pid, "name": NAMES[pid]}


def table(n: int, a: str, b: str, first: str | None, result: str | None) -> dict[str, Any]:
    return {
        "table": n,
        "id": f"r3t{n}",
        "a": side(a),
        "b": side(b),
        "first": first,
        "manual_toss": False,
        "result": result,
        "result_version": 1 if result else None,
        "games_so_far": None,
    }


ROUND = RoundView.model_validate(
    {
        "event": "saturday",
        "stage": "swiss",
        "number": 3,
        "name": "Round 3",
        "state": "open",
        "version": 4,
        "starts_at": None,
        "ends_at": None,
        "outstanding": 1,
        "tables": [
            table(1, "p1", "p3", "p3", "Zoë Adams wins 2-1"),
            table(2, "p6", "p2", "p6", "Bruno Costa wins 2-0"),
            table(3, "p4", "p7", "p4", "draw 1-1"),
            table(4, "p8", "p5", None, "Ивана Петровић forfeits"),
        ],
        "byes": [{"player": side("p9"), "kind": "pairing"}],
        "notes": [],
    }
)


def row(
    rank: int | None,
    pid: str,
    points: int,
    wdl: tuple[int, int, int],
    omw: str,
    gw: str,
    status: str | None = None,
) -> dict[str, Any]:
    return {
        "rank": rank,
        "player": side(pid),
        "points": points,
        "points_exact": str(points),
        "record": {
            "wins": wdl[0],
            "draws": wdl[1],
            "losses": wdl[2],
            "text": f"{wdl[0]}-{wdl[2]}-{wdl[1]}",  # W-L-D
        },
        "played": sum(wdl),
        "byes": 0,
        "forfeits": 0,
        "dropped_after": 2 if status == "withdrawn" else None,
        "status": status,
        "place": None,
        "tiebreaks": {
            "omw": {"value": 0.5, "exact": "1/2", "display": omw},
            "gw": {"value": 0.5, "exact": "1/2", "display": gw},
            "ogw": {"value": 0.5, "exact": "1/2", "display": "50.0%"},
        },
    }


STANDINGS = StandingsResponse.model_validate(
    {
        "tournament": EVENT,
        "stage": "swiss",
        "ruleset": "mtg",
        "after_round": 3,
        "tiebreaks": [
            {"name": n, "label": n, "short": s, "kind": "percent", "higher_is_better": True}
            for n, s in (("omw", "OMW%"), ("gw", "GW%"), ("ogw", "OGW%"))
        ],
        "record_heading": "W-L-D",
        "rows": [
            row(1, "p1", 9, (3, 0, 0), "66.7%", "77.8%"),
            row(2, "p2", 7, (2, 1, 0), "59.3%", "62.5%"),
            row(3, "p6", 6, (2, 0, 1), "61.1%", "57.1%"),
            row(4, "p3", 6, (2, 0, 1), "55.6%", "60.0%"),
            row(5, "p7", 4, (1, 1, 1), "48.1%", "50.0%"),
            row(6, "p9", 3, (1, 0, 2), "51.9%", "42.9%"),
            row(7, "p5", 3, (1, 0, 2), "44.4%", "40.0%"),
            row(None, "p8", 3, (1, 0, 1), "50.0%", "44.4%", "withdrawn"),
            row(8, "p4", 1, (0, 1, 2), "57.4%", "28.6%"),
        ],
        "complete_through": 2,
        "rounds_in_progress": [{"round": 3, "results_in": 3, "tables": 4}],
    }
)


def player(pid: str) -> dict[str, Any]:
    return {"seed": int(pid[1:]), **side(pid)}


def match(
    mid: str, label: str, a: str | None, b: str | None, winner: str | None, sources: tuple[str, str]
) -> dict[str, Any]:
    state = "decided" if winner else "ready" if a and b else "waiting"
    return {
        "id": mid,
        "label": label,
        "state": state,
        "a": {"source": sources[0], "player": player(a) if a else None},
        "b": {"source": sources[1], "player": player(b) if b else None},
        "winner": winner,
        "result": f"{NAMES[winner]} wins 2-0" if winner else None,
        "walkover": False,
        "stage_round": None,
        "table": None,
    }


BRACKET = BracketView.model_validate(
    {
        "event": "saturday",
        "stage": "top8",
        "stage_name": "Top 8",
        "kind": "single",
        "drawn": True,
        "entrants": 8,
        "size": 8,
        "seeds": [player(f"p{i}") for i in range(1, 9)],
        "sections": [
            {
                "name": "winners",
                "label": "Winners bracket",
                "rounds": [
                    {
                        "round": 1,
                        "name": "Quarterfinal",
                        "matches": [
                            match("M1", "Quarterfinal #1", "p1", "p8", "p1", ("Seed 1", "Seed 8")),
                            match("M2", "Quarterfinal #2", "p4", "p5", "p5", ("Seed 4", "Seed 5")),
                            match("M3", "Quarterfinal #3", "p2", "p7", "p7", ("Seed 2", "Seed 7")),
                            match("M4", "Quarterfinal #4", "p3", "p6", "p6", ("Seed 3", "Seed 6")),
                        ],
                    },
                    {
                        "round": 2,
                        "name": "Semifinal",
                        "matches": [
                            match(
                                "M5",
                                "Semifinal #1",
                                "p1",
                                "p5",
                                "p1",
                                ("Winner of M1", "Winner of M2"),
                            ),
                            match(
                                "M6",
                                "Semifinal #2",
                                "p7",
                                "p6",
                                None,
                                ("Winner of M3", "Winner of M4"),
                            ),
                        ],
                    },
                    {
                        "round": 3,
                        "name": "Final",
                        "matches": [
                            match("M7", "Final", "p1", None, None, ("Winner of M5", "Winner of M6"))
                        ],
                    },
                ],
            }
        ],
        "champion": None,
        "reset_needed": None,
        "placements": [],
    }
)
