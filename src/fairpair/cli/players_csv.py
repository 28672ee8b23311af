"""Players from a CSV file: the file read as UTF-8 text, then the service's reader
(``fairpair.service.players_csv``: the columns, and a bad row refused naming its line and
column, so nothing is half-added)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fairpair.engine.errors import FairpairError
    from fairpair.service.players import NewPlayer


def _text(path: Path) -> str:
    from fairpair.interop.errors import UnreadableFile

    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise UnreadableFile(str(path), "is a folder, not a CSV file") from None
    except OSError as error:
        raise UnreadableFile(str(path), f"cannot be read: {error.strerror}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(
            str(path), f"is not UTF-8 text (byte {error.start + 1}): save it as UTF-8 CSV"
        ) from None


def read_players(path: Path) -> tuple[list[NewPlayer], list[int]]:
    """The players of the CSV file at ``path`` and the line each came from."""
    from fairpair.service.players_csv import read_players_text

    found = read_players_text(_text(path), str(path))
    return found.players, found.lines


def at_line(error: FairpairError, path: Path, lines: list[int]) -> FairpairError:
    """The service's refusal of ``players[i]`` said as the CSV line and column it came from."""
    from fairpair.service.players_csv import at_line as moved

    return moved(error, str(path), lines)
