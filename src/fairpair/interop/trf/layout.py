"""How a TRF file was written, beyond the facts: what export needs to give the same bytes.

fairpair keeps the facts (players, rounds, results, colours) in its own model. A TRF file
also has header lines (``012`` … ``XXR``, comments), an end of line, and its own way of
writing a field (a title left-aligned, ``W`` for an unrated win, a blank for ``0000 - Z``).
``TrfLayout`` keeps those: the lines that are not player lines, where they stood, and each
player part or round whose text differs from what fairpair would write for the same facts
(``written``: fairpair's text and the file's). Export writes the file's text wherever
fairpair's text is still the same — a field changed since is written afresh.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fairpair.engine.players import PlayerId


def written_key(player: PlayerId, round_number: int | None = None) -> str:
    """The key of a player's part (``"7"``) or of one of their rounds (``"7@3"``)."""
    return player if round_number is None else f"{player}@{round_number}"


@dataclass(frozen=True, slots=True)
class TrfLayout:
    """A TRF file's header lines and spelling (see the module)."""

    newline: str = "\n"
    final_newline: bool = True
    bom: bool = False
    encoding: str = "utf-8"
    kept: tuple[tuple[int, str], ...] = ()
    """Every line that is not a player line, with how many player lines come before it."""
    written: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """By ``written_key``: (fairpair's text, the file's text) where they differ."""
    trailing: Mapping[PlayerId, str] = field(default_factory=dict)
    """Blanks after the last written column of a player's line."""

    def to_json(self) -> dict[str, Any]:
        return {
            "newline": self.newline,
            "final_newline": self.final_newline,
            "bom": self.bom,
            "encoding": self.encoding,
            "kept": [[k, line] for k, line in self.kept],
            "written": {k: list(v) for k, v in self.written.items()},
            "trailing": dict(self.trailing),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> TrfLayout:
        return TrfLayout(
            newline=str(data.get("newline", "\n")),
            final_newline=bool(data.get("final_newline", True)),
            bom=bool(data.get("bom", False)),
            encoding=str(data.get("encoding", "utf-8")),
            kept=tuple((int(k), str(line)) for k, line in data.get("kept", ())),
            written={str(k): (str(v[0]), str(v[1])) for k, v in data.get("written", {}).items()},
            trailing={str(k): str(v) for k, v in data.get("trailing", {}).items()},
        )
