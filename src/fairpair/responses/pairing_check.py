"""The answer of ``fairpair check-pairings FILE.trf --json``: each round of a TRF tournament
paired again by the FIDE Dutch system and compared with the file. JSON Schema in
docs/schemas/pairing-check.schema.json."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fairpair.engine.pairing.dutch.model import Game
from fairpair.engine.pairing.dutch.replay import RoundCheck


class _Response(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Board(_Response):
    white: str = Field(description="Start number of the player with White.")
    black: str = Field(description="Start number of the player with Black.")
    white_name: str
    black_name: str


class RoundComparison(_Response):
    round: int
    matches: bool = Field(description="Same boards, same colours and the same bye.")
    recorded: list[Board] = Field(description="The file's boards (colours as recorded).")
    dutch: list[Board] = Field(description="The Dutch system's boards, in board order.")
    only_recorded: list[Board] = Field(description="Boards of the file the system does not make.")
    only_dutch: list[Board] = Field(description="Boards the system makes that the file lacks.")
    recorded_bye: str | None = Field(description="The file's pairing-allocated bye (U).")
    dutch_bye: str | None
    impossible: bool = Field(
        description="No pairing of the round keeps the absolute criteria (C.1–C.3)."
    )


class PairingCheckResponse(_Response):
    format: Literal["fairpair-pairing-check"] = "fairpair-pairing-check"
    version: Literal[1] = 1
    file: str
    system: Literal["FIDE Dutch system, C.04.3 (2025 text, in force from 1 February 2026)"] = (
        "FIDE Dutch system, C.04.3 (2025 text, in force from 1 February 2026)"
    )
    rounds_total: int = Field(description="XXR, else the rounds in the file.")
    initial_colour: Literal["white", "black"] = Field(
        description="XXC, else inferred from the first round's colours."
    )
    initial_colour_stated: bool = Field(description="The file had an XXC record.")
    matching: int = Field(description="Rounds that match.")
    differing: int = Field(description="Rounds that differ.")
    rounds: list[RoundComparison]


def _boards(games: Sequence[Game], names: Mapping[str, str]) -> list[Board]:
    return [
        Board(
            white=g.white,
            black=g.black,
            white_name=names.get(g.white, g.white),
            black_name=names.get(g.black, g.black),
        )
        for g in games
    ]


def pairing_check_response(
    file: str,
    checks: Sequence[RoundCheck],
    names: Mapping[str, str],
    *,
    rounds_total: int,
    initial_colour: str,
    stated: bool,
) -> PairingCheckResponse:
    rounds = [
        RoundComparison(
            round=c.number,
            matches=c.matches,
            recorded=_boards(c.recorded, names),
            dutch=_boards(c.dutch, names),
            only_recorded=_boards(c.only_recorded, names),
            only_dutch=_boards(c.only_dutch, names),
            recorded_bye=c.recorded_bye,
            dutch_bye=c.dutch_bye,
            impossible=c.impossible,
        )
        for c in checks
    ]
    differing = sum(1 for c in checks if not c.matches)
    return PairingCheckResponse(
        file=file,
        rounds_total=rounds_total,
        initial_colour="black" if initial_colour == "black" else "white",
        initial_colour_stated=stated,
        matching=len(checks) - differing,
        differing=differing,
        rounds=rounds,
    )
