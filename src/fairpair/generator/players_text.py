"""Players as an organizer pastes them: one name a line, or a CSV with a header row.

A CSV is recognised by its header's ``name`` column (any case); ``seed``, ``rating`` and
``team`` columns are read when present. Without a header, each line is a name; a line
``Name, 1650`` takes the number as the rating. Blank lines and ``#`` comments are skipped.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from fairpair.engine.errors import FairpairError, Said, saying

#: The most players one pasted list may hold (a large open, with room to spare).
MOST_PLAYERS = 5000
#: The longest name kept.
LONGEST_NAME = 80


class PlayerListError(FairpairError):
    """A pasted list of players that cannot be read; ``line``: where in the list, if known."""

    def __init__(self, line: int | None, reason: str | Said) -> None:
        super().__init__("players" if line is None else f"players, line {line}", reason)
        self.line = line


def _whole(value: str, line: int, column: Said) -> int | None:
    text = value.strip()
    if not text:
        return None
    if not text.isdigit():
        raise PlayerListError(line, saying("%(column)s must be a whole number ≥ 0", column=column))
    return int(text)


def read_players(text: str) -> list[dict[str, Any]]:
    """Document players (``id``, ``name``, ``seed``, ``rating``, ``team``) from ``text``;
    ids are ``p1``, ``p2``, … in list order, and seeds follow the list unless given."""
    lines = [
        (k + 1, line)
        for k, line in enumerate(text.replace("\r\n", "\n").split("\n"))
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise PlayerListError(None, saying("add at least two players: one name a line"))
    header = [cell.strip().lower() for cell in next(csv.reader([lines[0][1]]))]
    rows: list[tuple[int, dict[str, str]]] = []
    if "name" in header:
        reader = csv.reader(io.StringIO("\n".join(line for _, line in lines[1:])))
        for (number, _), cells in zip(lines[1:], reader, strict=True):
            rows.append((number, {h: c for h, c in zip(header, cells, strict=False)}))
    else:
        for number, line in lines:
            name, _, rest = line.partition(",") if line.count(",") == 1 else (line, "", "")
            given = rest.strip()
            rows.append((number, {"name": name, "rating": given} if given else {"name": name}))
    if len(rows) > MOST_PLAYERS:
        raise PlayerListError(
            None,
            saying("at most %(most)s players, not %(count)s", most=MOST_PLAYERS, count=len(rows)),
        )
    players: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, (number, row) in enumerate(rows):
        name = " ".join(row.get("name", "").split())
        if not name:
            raise PlayerListError(number, saying("the name is empty"))
        if len(name) > LONGEST_NAME:
            raise PlayerListError(
                number,
                saying("the name is longer than %(most)s characters", most=LONGEST_NAME),
            )
        if name.casefold() in seen:
            raise PlayerListError(number, saying("%(name)s is listed twice", name=name))
        seen.add(name.casefold())
        seed = _whole(row.get("seed", ""), number, saying("the seed"))
        rating = _whole(row.get("rating", ""), number, saying("the rating"))
        player: dict[str, Any] = {"id": f"p{index + 1}", "name": name, "seed": seed or index + 1}
        if rating is not None:
            player["rating"] = rating
        team = " ".join(row.get("team", "").split())
        if team:
            player["team"] = team
        players.append(player)
    if len(players) < 2:
        raise PlayerListError(None, saying("add at least two players: one name a line"))
    return players
