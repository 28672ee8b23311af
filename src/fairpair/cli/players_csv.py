"""Players from a CSV file: the file read as UTF-8 text (with or without a byte order mark),
then the service's reader and import (``fairpair.service.players.csv_rows``, ``players_import``:
the columns, every problem named by line and column, nothing half-added)."""

from __future__ import annotations

from pathlib import Path


def csv_text(path: Path) -> str:
    """The text of the CSV file at ``path``; ``UnreadableFile`` when it cannot be read."""
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


def column_mapping(given: list[str] | None) -> dict[str, str]:
    """``--column HEADER=FIELD`` options as a mapping; ``BadValue`` naming a malformed one."""
    from fairpair.cli.parsing import BadValue

    out: dict[str, str] = {}
    for item in given or []:
        header, sep, field = item.partition("=")
        if not sep or not header.strip() or not field.strip():
            raise BadValue("--column", f"{item!r} is not HEADER=FIELD (e.g. 'Nom=name')")
        out[header] = field
    try:
        from fairpair.service.players.csv_columns import checked_mapping

        checked_mapping(out)
    except ValueError as error:
        raise BadValue("--column", str(error)) from None
    return out
