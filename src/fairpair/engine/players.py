"""Players as the engine sees them."""

from __future__ import annotations

from dataclasses import dataclass

PlayerId = str


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player. ``seed`` 1 is the top seed; ``None`` means unseeded.

    ``sex``, ``title``, ``federation``, ``fide_id`` and ``birth_date`` are the chess
    registration facts a FIDE tournament report file carries (docs/trf.md), kept as written
    (``title`` ``"g"`` or ``"GM"``, ``birth_date`` ``"1975/03/18"``); the rules never read them.
    """

    id: PlayerId
    name: str
    seed: int | None = None
    rating: int | None = None
    team: str | None = None
    sex: str | None = None
    title: str | None = None
    federation: str | None = None
    fide_id: str | None = None
    birth_date: str | None = None
