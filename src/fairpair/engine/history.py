"""The pairing history: who has met whom in a stage ("have these players met?").

Two players have met when they sat at the same table earlier in the stage — a two-player match
or a pod table — whatever the result (the "met" column of ``engine.unplayed``: a forfeit or a
skipped match still counts, so the pair is not scheduled again). A bye meets nobody.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import SIDE_A, SIDE_B, Round
from fairpair.engine.stage import Stage
from fairpair.engine.unplayed import COUNTING, RESULT_OUTCOMES, RoundOutcome, match_outcome


def _meets(outcome: RoundOutcome) -> bool:
    return COUNTING[outcome].met


#: True when every match outcome counts as met (then the loop need not look at results).
_EVERY_MATCH_MEETS = _meets(RoundOutcome.PENDING) and all(
    _meets(o) for outcomes in RESULT_OUTCOMES.values() for o in outcomes
)


def add_round_meetings(met: dict[PlayerId, set[PlayerId]], rnd: Round) -> None:
    """Add round ``rnd``'s meetings to ``met`` (both directions)."""
    for m in rnd.matches:
        if _EVERY_MATCH_MEETS or _meets(match_outcome(m.result)):
            met.setdefault(m.a, set()).add(m.b)
            met.setdefault(m.b, set()).add(m.a)
    if _meets(RoundOutcome.POD):
        for pod in rnd.pods:
            for seat in pod.seats:
                mates = met.setdefault(seat, set())
                mates.update(pod.seats)
                mates.discard(seat)


def met_before(stage: Stage, before_round: int | None = None) -> dict[PlayerId, set[PlayerId]]:
    """Everyone each player has met in ``stage`` (in rounds numbered below ``before_round``,
    or in every round when ``None``)."""
    rounds = [r for r in stage.rounds if before_round is None or r.number < before_round]
    if not _EVERY_MATCH_MEETS or any(r.pods for r in rounds):
        met: dict[PlayerId, set[PlayerId]] = {}
        for rnd in rounds:
            add_round_meetings(met, rnd)
        return met
    # The common case, built for speed (100,000 players × 15 rounds): opponents collected in
    # lists, each turned into a set once.
    opponents: defaultdict[PlayerId, list[PlayerId]] = defaultdict(list)
    for rnd in rounds:
        for a, b in zip(map(SIDE_A, rnd.matches), map(SIDE_B, rnd.matches), strict=True):
            opponents[a].append(b)
            opponents[b].append(a)
    return {player: set(seen) for player, seen in opponents.items()}


def met_numbers(
    stage: Stage,
    numbers: Mapping[PlayerId, int],
    meetings: Mapping[PlayerId, tuple[PlayerId, ...]] | None = None,
) -> list[frozenset[int]]:
    """``met_before(stage)`` among the players ``numbers`` numbers ``0 … n-1`` (a pairing's
    field), by number: ``out[k]`` is whom player ``k`` has met among them. The common case is
    read straight off the rounds, with no set of ids per player on the way (a 100,000-player
    field has 1.5 million meetings) — or off ``meetings``, each player's opponents in every
    match of the stage when the caller has them (``Ledger.meetings``): one tuple per player
    already (0.6 → 0.25 s at 100,000 players)."""
    get = numbers.get
    if meetings is not None and _EVERY_MATCH_MEETS and numbers.keys() <= meetings.keys():
        return _numbered(meetings, numbers)
    if not _EVERY_MATCH_MEETS or any(r.pods for r in stage.rounds):
        return _numbered(met_before(stage), numbers)
    blocks: list[list[int]] = [[] for _ in range(len(numbers))]
    for rnd in stage.rounds:
        matches = rnd.matches
        for i, j in zip(
            map(get, map(SIDE_A, matches)), map(get, map(SIDE_B, matches)), strict=True
        ):
            if i is not None and j is not None:
                blocks[i].append(j)
                blocks[j].append(i)
    return list(map(frozenset, blocks))


def numbered_among(players: Iterable[object], get: Callable[[Any], int | None]) -> frozenset[int]:
    """The numbers ``get`` gives ``players``, those it gives none left out."""
    found = set(map(get, players))
    found.discard(None)
    return frozenset(found)  # type: ignore[arg-type]


def _numbered(
    met: Mapping[PlayerId, Iterable[PlayerId]], numbers: Mapping[PlayerId, int]
) -> list[frozenset[int]]:
    """Whom each player of ``numbers`` met (``met``) among them, by number."""
    out: list[frozenset[int]] = [frozenset()] * len(numbers)
    get = numbers.get
    for player, k in numbers.items():
        out[k] = numbered_among(met.get(player, ()), get)
    return out


def table_meetings(rnd: Round) -> Iterator[tuple[int, PlayerId, PlayerId]]:
    """The meetings of round ``rnd`` that count as met (``engine.unplayed``'s "met" column):
    ``(table, player, player)`` for each two players at one table, in seat order (a pod table
    of four gives six)."""
    for m in rnd.matches:
        if _EVERY_MATCH_MEETS or _meets(match_outcome(m.result)):
            yield m.table, m.a, m.b
    if _meets(RoundOutcome.POD):
        for pod in rnd.pods:
            seats = pod.seats
            for i, first in enumerate(seats):
                for second in seats[i + 1 :]:
                    yield pod.table, first, second
