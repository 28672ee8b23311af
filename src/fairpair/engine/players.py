"""Players as the engine sees them."""

from __future__ import annotations

from dataclasses import dataclass

PlayerId = str


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player. ``seed`` 1 is the top seed; ``None`` means unseeded."""

    id: PlayerId
    name: str
    seed: int | None = None
    rating: int | None = None
    team: str | None = None
