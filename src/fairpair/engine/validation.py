"""Referential checks of a tournament: every fact names known players, nobody plays twice.

``problems`` lists every problem found (a field path and a reason); ``validate`` raises
``InvalidTournament`` with all of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.errors import InvalidTournament
from fairpair.engine.results import MatchFormat
from fairpair.engine.rounds import Round, RoundState
from fairpair.engine.ruleset import UnplayedRounds
from fairpair.engine.stage import Stage
from fairpair.engine.tiebreaks.registry import REGISTRY
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation_pods import pod_problems


@dataclass(frozen=True, slots=True)
class Problem:
    where: str
    reason: str

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


class InvalidTournamentProblems(InvalidTournament):
    """Every problem found, in document order."""

    def __init__(self, problems: list[Problem]) -> None:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first.where, first.reason + more)
        self.problems = problems


_MAX_WINS = {MatchFormat.BO1: 1, MatchFormat.BO3: 2, MatchFormat.BO5: 3}


def _stage_problems(t: Tournament, s: Stage, at: str, known: set[str]) -> list[Problem]:
    out: list[Problem] = []

    def player(pid: str, where: str) -> None:
        if pid not in known:
            out.append(Problem(where, f"unknown player {pid!r}"))

    for i, name in enumerate(s.ruleset.tiebreaks):
        if name not in REGISTRY:
            out.append(Problem(f"{at}.ruleset.tiebreaks[{i}]", f"unknown tiebreak {name!r}"))
    for i, pid in enumerate(s.participants or ()):
        player(pid, f"{at}.participants[{i}]")
    for pid in s.seeds:
        player(pid, f"{at}.seeds.{pid}")
    grouped: dict[str, str] = {}
    for gi, group in enumerate(s.groups):
        for pi, pid in enumerate(group.players):
            player(pid, f"{at}.groups[{gi}].players[{pi}]")
            if pid in grouped:
                out.append(
                    Problem(
                        f"{at}.groups[{gi}].players[{pi}]",
                        f"{pid!r} is already in group {grouped[pid]!r}",
                    )
                )
            grouped[pid] = group.name
    for i, assigned in enumerate(s.assigned_byes):
        player(assigned.player, f"{at}.assigned_byes[{i}].player")
        if assigned.round < 1:
            out.append(Problem(f"{at}.assigned_byes[{i}].round", "rounds are numbered from 1"))
    for i, (a, b) in enumerate(s.forbidden_pairs):
        player(a, f"{at}.forbidden_pairs[{i}][0]")
        player(b, f"{at}.forbidden_pairs[{i}][1]")
        if a == b:
            out.append(Problem(f"{at}.forbidden_pairs[{i}]", "a player cannot be paired with self"))
    for i, drop in enumerate(s.drops):
        player(drop.player, f"{at}.drops[{i}].player")
        if drop.after_round < 0:
            out.append(Problem(f"{at}.drops[{i}].after_round", "must be 0 or more"))
    if s.max_rounds is not None and s.max_rounds < 1:
        out.append(Problem(f"{at}.max_rounds", "must be at least 1 (or empty for no cap)"))
    if s.elimination is not None:
        if s.elimination.wins_to_advance < 1:
            out.append(Problem(f"{at}.elimination.wins_to_advance", "must be at least 1"))
        if s.elimination.losses_to_eliminate < 1:
            out.append(Problem(f"{at}.elimination.losses_to_eliminate", "must be at least 1"))

    fmt = s.ruleset.scoring.match_format
    seen_numbers: set[int] = set()
    for ri, rnd in enumerate(s.rounds):
        rat = f"{at}.rounds[{ri}]"
        if rnd.number < 1:
            out.append(Problem(f"{rat}.number", "rounds are numbered from 1"))
        if rnd.number in seen_numbers:
            out.append(Problem(f"{rat}.number", f"round {rnd.number} appears twice"))
        seen_numbers.add(rnd.number)
        out.extend(_round_problems(rnd, rat, known, fmt))
        if rnd.pods and s.ruleset.unplayed is UnplayedRounds.FIDE_2026:
            out.append(
                Problem(
                    f"{rat}.pods",
                    "pod tables are scored by place; the fide_2026 tie-break conventions are "
                    "for two-player games",
                )
            )
        if rnd.state is RoundState.DRAFT:
            out.append(
                Problem(
                    f"{rat}.state",
                    "a draft is not a round of the stage yet: release it (scheduled) or leave "
                    "it out",
                )
            )
        elif rnd.state is RoundState.COMPLETED and rnd.outstanding:
            out.append(
                Problem(
                    f"{rat}.state",
                    f"round {rnd.number} is marked completed but {rnd.outstanding} of its "
                    "tables have no result",
                )
            )
        elif rnd.state is RoundState.SCHEDULED and rnd.outstanding < len(rnd.tables):
            out.append(
                Problem(
                    f"{rat}.state",
                    f"round {rnd.number} is marked scheduled but already has results "
                    "(open it first)",
                )
            )
    out.extend(_played_after_drop(t, s, at))
    return out


def _played_after_drop(t: Tournament, s: Stage, at: str) -> list[Problem]:
    """A player who left after round N has no match or bye in a later round of the stage."""
    gone = t.drop_rounds(s)
    if not gone:
        return []
    out: list[Problem] = []
    for ri, rnd in enumerate(s.rounds):
        for mi, match in enumerate(rnd.matches):
            for side, pid in (("a", match.a), ("b", match.b)):
                after = gone.get(pid)
                if after is not None and rnd.number > after:
                    out.append(
                        Problem(
                            f"{at}.rounds[{ri}].matches[{mi}].{side}",
                            f"{pid!r} dropped after round {after} but is paired in round "
                            f"{rnd.number} (remove the drop or the pairing)",
                        )
                    )
        for bi, bye in enumerate(rnd.byes):
            after = gone.get(bye.player)
            if after is not None and rnd.number > after:
                out.append(
                    Problem(
                        f"{at}.rounds[{ri}].byes[{bi}].player",
                        f"{bye.player!r} dropped after round {after} but has a bye in round "
                        f"{rnd.number} (remove the drop or the bye)",
                    )
                )
    return out


def _round_problems(rnd: Round, rat: str, known: set[str], fmt: MatchFormat) -> list[Problem]:
    out: list[Problem] = []
    where_seen: dict[str, str] = {}
    tables: set[int] = set()

    def place(pid: str, where: str) -> None:
        if pid not in known:
            out.append(Problem(where, f"unknown player {pid!r}"))
        if pid in where_seen:
            out.append(
                Problem(where, f"{pid!r} is already in round {rnd.number} at {where_seen[pid]}")
            )
        else:
            where_seen[pid] = where.removeprefix(rat + ".")

    for mi, match in enumerate(rnd.matches):
        mat = f"{rat}.matches[{mi}]"
        if match.table in tables:
            out.append(Problem(f"{mat}.table", f"table {match.table} is used twice"))
        tables.add(match.table)
        if match.a == match.b:
            out.append(Problem(f"{mat}.b", f"{match.a!r} cannot play against themselves"))
        place(match.a, f"{mat}.a")
        if match.a != match.b:
            place(match.b, f"{mat}.b")
        games = match.result.games if match.result is not None else None
        if games is not None:
            if fmt is MatchFormat.TWO_GAME and games.total > 2:
                out.append(Problem(f"{mat}.result.games", "a two-game match has 2 games"))
            limit = _MAX_WINS.get(fmt)
            if limit is not None and max(games.a, games.b) > limit:
                out.append(
                    Problem(
                        f"{mat}.result.games",
                        f"{max(games.a, games.b)} game wins is impossible in a {fmt.value}"
                        f" match (at most {limit})",
                    )
                )
        if match.toss is not None and match.toss.first not in match.players:
            out.append(Problem(f"{mat}.toss.first", f"{match.toss.first!r} is not in this match"))
    for pi, pod in enumerate(rnd.pods):
        pat = f"{rat}.pods[{pi}]"
        if pod.table in tables:
            out.append(Problem(f"{pat}.table", f"table {pod.table} is used twice"))
        tables.add(pod.table)
        for field, reason in pod_problems(pod):
            out.append(Problem(f"{pat}.{field}", reason))
        for si, seat in enumerate(dict.fromkeys(pod.seats)):
            place(seat, f"{pat}.seats[{si}]")
    for bi, bye in enumerate(rnd.byes):
        place(bye.player, f"{rat}.byes[{bi}].player")
    return out


def problems(t: Tournament) -> list[Problem]:
    """Every referential problem of ``t``, in document order."""
    out: list[Problem] = []
    known: set[str] = set()
    for i, p in enumerate(t.players):
        if not p.id:
            out.append(Problem(f"players[{i}].id", "must not be empty"))
        if p.id in known:
            out.append(Problem(f"players[{i}].id", f"{p.id!r} is used by two players"))
        known.add(p.id)
        if p.seed is not None and p.seed < 1:
            out.append(Problem(f"players[{i}].seed", "seeds start at 1"))
    for i, drop in enumerate(t.drops):
        if drop.player not in known:
            out.append(Problem(f"drops[{i}].player", f"unknown player {drop.player!r}"))
        if drop.after_round < 0:
            out.append(Problem(f"drops[{i}].after_round", "must be 0 or more"))
    stage_ids: set[str] = set()
    for si, stage in enumerate(t.stages):
        if stage.id in stage_ids:
            out.append(Problem(f"stages[{si}].id", f"stage id {stage.id!r} is used twice"))
        stage_ids.add(stage.id)
        out.extend(_stage_problems(t, stage, f"stages[{si}]", known))
    return out


def validate(t: Tournament) -> Tournament:
    """Return ``t`` unchanged, or raise ``InvalidTournamentProblems`` listing every problem."""
    found = problems(t)
    if found:
        raise InvalidTournamentProblems(found)
    return t
