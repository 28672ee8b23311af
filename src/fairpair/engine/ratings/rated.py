"""Which matches are rated, and what each rated one says (docs/ratings.md "What is rated").

Only a completed round counts, and in it only what was played over the board:

| a player's round (``RoundOutcome``) | rated | why                                          |
|-------------------------------------|-------|----------------------------------------------|
| played (a win, a loss, a draw)      | yes   | the players met over the board               |
| intentional draw                    | yes   | a draw agreed at the table (FIDE rates it)   |
| forfeit won / forfeit lost          | no    | seed 001: "a win for the opponent, with no   |
|                                     |       | Elo recorded"                                |
| double forfeit (a double loss)      | no    | nobody played                                |
| skipped                             | no    | the match will not happen                    |
| not reported yet                    | no    | no result                                    |
| any bye (pairing, full, half, zero) | no    | seed 004: "byes never affect anyone's        |
|                                     |       | platform rating"                             |
| pod table with places               | yes   | every seat finished somewhere (OpenSkill)    |
| pod table without places            | no    | no result                                    |

A round that is not completed is never rated, whatever its tables hold: a rating moves when
the round is done (a result can still be corrected afterwards — the service rates again)."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.players import PlayerId
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import RoundState
from fairpair.engine.tournament import Tournament
from fairpair.engine.unplayed import RoundOutcome

#: Whether each way a player's round can go is rated (the table above).
RATED: dict[RoundOutcome, bool] = {
    RoundOutcome.PLAYED: True,
    RoundOutcome.INTENTIONAL_DRAW: True,
    RoundOutcome.FORFEIT_WIN: False,
    RoundOutcome.FORFEIT_LOSS: False,
    RoundOutcome.DOUBLE_FORFEIT: False,
    RoundOutcome.SKIPPED: False,
    RoundOutcome.PENDING: False,
    RoundOutcome.PAIRING_BYE: False,
    RoundOutcome.FULL_BYE: False,
    RoundOutcome.HALF_BYE: False,
    RoundOutcome.ZERO_BYE: False,
    RoundOutcome.POD: True,
}

_KIND_OUTCOME = {
    ResultKind.PLAYED: RoundOutcome.PLAYED,
    ResultKind.INTENTIONAL_DRAW: RoundOutcome.INTENTIONAL_DRAW,
    ResultKind.FORFEIT: RoundOutcome.FORFEIT_WIN,
    ResultKind.DOUBLE_FORFEIT: RoundOutcome.DOUBLE_FORFEIT,
    ResultKind.SKIPPED: RoundOutcome.SKIPPED,
}


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A rated one-on-one game: ``score`` is ``a``'s (1 a win, ½ a draw, 0 a loss)."""

    round: int
    a: PlayerId
    b: PlayerId
    score: float


@dataclass(frozen=True, slots=True)
class RatedPod:
    """A rated pod table: its seats and each seat's finishing place (1 = first; a shared
    place is a tie)."""

    round: int
    seats: tuple[PlayerId, ...]
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RatedEvent:
    """What an event gives the ratings: its rated games and pod tables, in round order, and
    how many completed rounds they come from."""

    games: tuple[RatedGame, ...] = ()
    pods: tuple[RatedPod, ...] = ()
    rounds: int = 0

    @property
    def players(self) -> frozenset[PlayerId]:
        seen: set[PlayerId] = set()
        for g in self.games:
            seen.update((g.a, g.b))
        for p in self.pods:
            seen.update(p.seats)
        return frozenset(seen)


def rated_score(result: Result | None) -> float | None:
    """Side a's score in a rated match (1, ½, 0), or ``None`` when the result is not rated."""
    if result is None or not RATED[_KIND_OUTCOME[result.kind]]:
        return None
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner is Side.A else 0.0


def rated_event(tournament: Tournament) -> RatedEvent:
    """The rated games and pod tables of every completed round of every stage (a top cut's
    matches are games like any other), in the order the rounds were played: stage by stage,
    round by round."""
    games: list[RatedGame] = []
    pods: list[RatedPod] = []
    rounds = 0
    for stage in tournament.stages:
        for rnd in stage.rounds:
            if rnd.status is not RoundState.COMPLETED:
                continue
            rounds += 1
            for match in rnd.matches:
                score = rated_score(match.result)
                if score is not None:
                    games.append(RatedGame(rnd.number, match.a, match.b, score))
            for pod in rnd.pods:
                if pod.places is not None and len(pod.places) == len(pod.seats):
                    pods.append(RatedPod(rnd.number, pod.seats, pod.places))
    return RatedEvent(tuple(games), tuple(pods), rounds)
