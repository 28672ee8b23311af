"""TEST FIXTURE, not product code: a small Swiss simulator that pairs by points with greedy
rematch avoidance, so the toss can be exercised over many random events. It uses the real
pairing engine (``fairpair.engine.pairing.pair_next_round``) when that is importable, and the
greedy pairer below otherwise. Results are random from an explicit ``random.Random``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fairpair.engine.changes import add_round
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Bye, Match, Round
from fairpair.engine.stage import Stage, TossPolicy, TossSettings, stage_from_settings
from fairpair.engine.toss import assign_tosses, toss_history
from fairpair.engine.tournament import Tournament

Pairer = Callable[[Tournament, Stage], tuple[list[tuple[PlayerId, PlayerId]], list[PlayerId]]]


def greedy_pairer(t: Tournament, stage: Stage) -> tuple[list[tuple[str, str]], list[str]]:
    """Pair by points (ties by seed order), top down, skipping rematches when possible;
    an odd player out gets the bye (the lowest-ranked without one)."""
    points: dict[str, int] = {p.id: 0 for p in t.players}
    met: set[frozenset[str]] = set()
    had_bye: set[str] = set()
    for rnd in stage.rounds:
        for m in rnd.matches:
            met.add(frozenset(m.players))
            if m.result is None or m.result.winner is None:
                points[m.a] += 1
                points[m.b] += 1
            else:
                points[m.a if m.result.winner is Side.A else m.b] += 3
        for b in rnd.byes:
            had_bye.add(b.player)
            points[b.player] += 3
    order = [p.id for p in sorted(t.players, key=lambda p: (-points[p.id], p.seed or 0))]
    byes: list[str] = []
    if len(order) % 2:
        candidates = [p for p in reversed(order) if p not in had_bye] or [order[-1]]
        byes.append(candidates[0])
        order.remove(candidates[0])
    pairs: list[tuple[str, str]] = []
    free = list(order)
    while free:
        top = free.pop(0)
        partner = next((p for p in free if frozenset((top, p)) not in met), free[0])
        free.remove(partner)
        pairs.append((top, partner))
    return pairs, byes


def real_pairer() -> Pairer | None:
    """The product pairing engine, if it has landed and works."""
    try:
        from fairpair.engine.pairing import pair_next_round  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None

    def pair(t: Tournament, stage: Stage) -> tuple[list[tuple[str, str]], list[str]]:
        draft: Any = pair_next_round(t, stage)
        pairs = [(p.a, p.b) for p in draft.pairings]
        byes = [getattr(b, "player", b) for b in draft.byes]
        return pairs, byes

    return pair


@dataclass(frozen=True)
class Event:
    tournament: Tournament
    #: per round: each pairing's two balances before the toss, and who played first
    tossed: tuple[tuple[tuple[str, int, str, int, str], ...], ...]
    #: per round: every player's balance after the round (players in the stage so far)
    balances: tuple[dict[str, int], ...]
    pairer: str


def simulate(
    players: int,
    rounds: int,
    rng: random.Random,
    *,
    policy: TossPolicy = TossPolicy.NEUTRAL,
    draw_rate: float = 0.05,
    pairer: Pairer | None = None,
) -> Event:
    """Run a whole Swiss event with the toss on; return the tosses and balances round by round."""
    chosen = pairer or real_pairer() or greedy_pairer
    ids = [f"p{i:03d}" for i in range(1, players + 1)]
    people = tuple(Player(pid, pid, seed=i + 1) for i, pid in enumerate(ids))
    stage = stage_from_settings(
        id="swiss", seed=f"sim-{rng.random()}", toss=TossSettings(True, policy)
    )
    t = Tournament("Simulated event", people, (stage,))
    tossed: list[tuple[tuple[str, int, str, int, str], ...]] = []
    after: list[dict[str, int]] = []
    for number in range(1, rounds + 1):
        stage = t.stage()
        pairs, byes = chosen(t, stage)
        before = toss_history(stage)
        tosses = assign_tosses(t, stage, number, pairs)
        tossed.append(
            tuple(
                (a, before.balance(a), b, before.balance(b), toss.first)
                for (a, b), toss in zip(pairs, tosses, strict=True)
            )
        )
        matches = []
        for table, ((a, b), toss) in enumerate(zip(pairs, tosses, strict=True), start=1):
            roll = rng.random()
            if roll < draw_rate:
                result = Result.draw()
            else:
                result = Result.win(Side.A if roll < (1 + draw_rate) / 2 else Side.B)
            matches.append(Match(table, a, b, result, toss))
        rnd = Round(number, tuple(matches), tuple(Bye(p) for p in byes))
        t = add_round(t, rnd)
        history = toss_history(t.stage())
        after.append({pid: rec.balance for pid, rec in history.records.items()})
    name = "greedy (test fixture)" if chosen is greedy_pairer else "fairpair.engine.pairing"
    return Event(t, tuple(tossed), tuple(after), name)
