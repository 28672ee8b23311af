"""One event's rating update under one system: every rated player's rating before the event
and after it (docs/ratings.md).

- Glicko-2 (``glicko``): the event is one rating period; each player's games against the
  opponents' ratings before it. A player's missed periods grow their deviation first.
- FIDE Elo (``fide_elo``): the event's rating change, ΣΔR × K, against the opponents'
  ratings before it.
- OpenSkill (``weng_lin``): each table in round order (pods by place; one-on-one games too
  when the community rates them with OpenSkill).

Pure: ratings in, ratings out, keyed by the event's player ids."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from fairpair.engine.players import PlayerId
from fairpair.engine.ratings import fide_elo, glicko, weng_lin
from fairpair.engine.ratings.rated import RatedEvent, RatedGame, RatedPod
from fairpair.engine.ratings.values import Rating, System


@dataclass(frozen=True, slots=True)
class Update:
    """A player's event: the rating before it (after any missed periods) and after it, the
    rated games (tables, for pods), the score in them, and — FIDE Elo — the expected score
    and K."""

    player: PlayerId
    before: Rating
    after: Rating
    games: int
    score: float
    expected: float | None = None
    k: int | None = None

    @property
    def change(self) -> float:
        return self.after.value - self.before.value


def unrated(system: System, registered: int | None = None) -> Rating:
    """A new player's rating: Glicko-2 1500/350/0.06, OpenSkill μ 25 σ 25/3, FIDE Elo their
    registered rating (a chess event's) or 1500."""
    if system is System.GLICKO2:
        return glicko.UNRATED
    if system is System.OPENSKILL:
        return weng_lin.UNRATED
    start = registered if registered is not None else fide_elo.START
    return Rating(float(start), None, None, 0, float(start))


def rate_event(
    system: System,
    event: RatedEvent,
    before: Mapping[PlayerId, Rating],
    *,
    idle: Mapping[PlayerId, int] | None = None,
    juniors: Collection[PlayerId] = (),
    pods: bool = True,
    games: bool = True,
) -> dict[PlayerId, Update]:
    """The update of every player with a rated game (``games``) or pod table (``pods``) in
    ``event`` under ``system``. ``before``: each player's rating before the event (a player
    missing there is new: ``unrated``); ``idle``: how many rating periods each missed since
    their last (Glicko-2); ``juniors``: FIDE's under-18 K."""
    idle = idle or {}
    played = event.games if games else ()
    tables = event.pods if pods and system is System.OPENSKILL else ()
    players = {p for g in played for p in (g.a, g.b)} | {p for t in tables for p in t.seats}
    start = {
        p: glicko.idle(before[p], idle.get(p, 0))
        if system is System.GLICKO2 and p in before
        else before.get(p, unrated(system))
        for p in players
    }
    scores: dict[PlayerId, float] = defaultdict(float)
    counts: dict[PlayerId, int] = defaultdict(int)
    for g in played:
        scores[g.a] += g.score
        scores[g.b] += 1 - g.score
        counts[g.a] += 1
        counts[g.b] += 1
    if system is System.OPENSKILL:
        return _sequential(start, played, tables, scores, counts)
    against: dict[PlayerId, list[tuple[Rating, float]]] = defaultdict(list)
    for g in played:
        against[g.a].append((start[g.b], g.score))
        against[g.b].append((start[g.a], 1 - g.score))
    out: dict[PlayerId, Update] = {}
    for p in sorted(players):
        mine = against[p]
        if system is System.GLICKO2:
            after = glicko.rate_period(start[p], mine)
            out[p] = Update(p, start[p], after, counts[p], scores[p])
            continue
        elo_games = [(round(r.value), s) for r, s in mine]
        change = fide_elo.elo_change(start[p], elo_games, junior=p in juniors)
        after = fide_elo.rate_period(start[p], elo_games, junior=p in juniors)
        out[p] = Update(p, start[p], after, counts[p], scores[p], float(change.expected), change.k)
    return out


def _sequential(
    start: Mapping[PlayerId, Rating],
    played: Sequence[RatedGame],
    tables: Sequence[RatedPod],
    scores: dict[PlayerId, float],
    counts: dict[PlayerId, int],
) -> dict[PlayerId, Update]:
    """OpenSkill: every table in round order, each from the ratings the last left. A pod
    table scores as the record table does: a sole first place 1, a shared first ½, else 0."""
    now = dict(start)
    order: list[tuple[int, int, tuple[PlayerId, ...], tuple[int, ...]]] = []
    for k, g in enumerate(played):
        two: tuple[int, ...] = (1, 1) if g.score == 0.5 else ((1, 2) if g.score == 1 else (2, 1))
        order.append((g.round, k, (g.a, g.b), two))
    for k, t in enumerate(tables):
        order.append((t.round, len(played) + k, t.seats, t.places))
        first = t.places.count(1)
        for seat, place in zip(t.seats, t.places, strict=True):
            counts[seat] += 1
            scores[seat] += (1.0 if first == 1 else 0.5) if place == 1 else 0.0
    for _, _, seats, places in sorted(order, key=lambda o: (o[0], o[1])):
        rated = weng_lin.rate_table([now[s] for s in seats], places)
        for seat, rating in zip(seats, rated, strict=True):
            now[seat] = rating
    return {p: Update(p, start[p], now[p], counts[p], scores[p]) for p in sorted(start)}
