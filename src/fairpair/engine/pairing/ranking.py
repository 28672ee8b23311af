"""Ranking the field: round 1 by seed, later rounds by the current standings — or, for a
ruleset that pairs by rating (``PairingOrder.RATING``, the ``fide`` presets), by pairing
numbers: the seeds or else rating, FIDE title and name (FIDE C.04.2 B), then score and
pairing number (C.04.3 A.2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fairpair.engine.players import Player, PlayerId
from fairpair.engine.ruleset import PairingOrder
from fairpair.engine.sha256 import sha256
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings

#: FIDE titles, strongest first (C.04.2 B "Initial order": GM-IM-WGM-FM-WIM-CM-WFM-WCM), as
#: people write them and as the rating report writes them (TRF-16 columns 11-13: g, m, wg…).
TITLE_ORDER: Mapping[str, int] = {
    title: rank
    for rank, spellings in enumerate(
        (
            ("gm", "g"),
            ("im", "m"),
            ("wgm", "wg"),
            ("fm", "f"),
            ("wim", "wm"),
            ("cm", "c"),
            ("wfm", "wf"),
            ("wcm", "wc"),
        )
    )
    for title in spellings
}


def unseeded_lot(stage: Stage, player: PlayerId) -> bytes:
    """The draw that orders unseeded players: SHA-256 of the stage seed, stage id and player."""
    return sha256(f"unseeded\x1f{stage.seed}\x1f{stage.id}\x1f{player}".encode()).digest()


def by_rating(player: Player) -> tuple[int, int, int, str, str]:
    """FIDE's initial order (C.04.2 B): rating, highest first (unrated last), then FIDE title
    (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name (case and accents as written, then
    the id, so that the order is total)."""
    rated = player.rating is not None
    title = TITLE_ORDER.get((player.title or "").strip().lower(), len(TITLE_ORDER) // 2)
    return (0 if rated else 1, -(player.rating or 0), title, player.name.casefold(), player.id)


def rates_first(stage: Stage) -> bool:
    """The stage's ruleset pairs by rating (``PairingOrder.RATING``)."""
    return stage.ruleset.pairing_order is PairingOrder.RATING


def seed_order(stage: Stage, players: Sequence[Player]) -> list[PlayerId]:
    """Round 1's order: the stage's seeds if it sets any, else the tournament's; unseeded
    players after the seeded ones, in an order drawn from the stage seed — or, when the
    ruleset pairs by rating, by rating, title and name (``by_rating``)."""
    seeds = stage.seeds

    def seed_of(player: Player) -> int | None:
        return seeds.get(player.id) if seeds else player.seed

    seeded = sorted(
        (p for p in players if seed_of(p) is not None),
        key=lambda p: (seed_of(p), p.id),
    )
    others = (p for p in players if seed_of(p) is None)
    if rates_first(stage):
        unseeded = sorted(others, key=by_rating)
    else:
        unseeded = sorted(others, key=lambda p: unseeded_lot(stage, p.id))
    return [p.id for p in seeded + unseeded]


def pairing_numbers(stage: Stage, players: Sequence[Player]) -> dict[PlayerId, int]:
    """Each player's pairing number (1 = the top of the initial order, ``seed_order``)."""
    return {pid: k for k, pid in enumerate(seed_order(stage, players), start=1)}


def standings_order(
    standings: Standings, numbers: Mapping[PlayerId, int] | None = None
) -> list[PlayerId]:
    """Later rounds: the standings' order (points, then the stage's tiebreaks) — or, given
    the pairing ``numbers`` (a ruleset that pairs by rating), points then pairing number."""
    if numbers is None:
        return [row.player.id for row in standings.rows]
    last = len(numbers) + 1
    return [
        row.player.id
        for row in sorted(standings.rows, key=lambda r: (-r.points, numbers.get(r.player.id, last)))
    ]
