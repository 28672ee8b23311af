"""Referential checks of a tournament: every fact names known players, nobody plays twice.

``problems`` lists every problem found (a field path and a reason); ``validate`` raises
``InvalidTournament`` with all of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fairpair.engine.errors import (
    N_,
    FairpairError,
    InvalidTournament,
    Said,
    as_said,
    saying,
    saying_n,
)
from fairpair.engine.playoff import read_bracket
from fairpair.engine.results import GameScore, MatchFormat, Result, without_winner_said
from fairpair.engine.rounds import (
    RESULT,
    SIDE_A,
    SIDE_B,
    STATE_SAID,
    TABLE_ID,
    TABLE_NUMBER,
    TOSS,
    Round,
    RoundState,
    Table,
)
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tiebreaks.registry import tiebreak_said
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation_pods import pod_problems


@dataclass(frozen=True, slots=True, init=False)
class Problem:
    """A problem at ``where`` (a JSON path such as ``stages[0].rounds[3].matches[0].result``);
    ``place`` says the same in the organizer's words ("round 4, table 1, result") when known.
    ``reason`` is the English text of ``said`` (the sentence, for a reader's language)."""

    where: str
    reason: str
    place: str
    said: Said

    def __init__(self, where: str, reason: str | Said, place: str = "") -> None:
        said = as_said(reason)
        object.__setattr__(self, "where", where)
        object.__setattr__(self, "reason", str(said))
        object.__setattr__(self, "place", place)
        object.__setattr__(self, "said", said)

    def __str__(self) -> str:
        place = f" ({self.place})" if self.place else ""
        return f"{self.where}{place}: {self.reason}"


class InvalidTournamentProblems(InvalidTournament):
    """Every problem found, in document order."""

    def __init__(self, problems: list[Problem]) -> None:
        first = problems[0]
        reason = first.said
        if len(problems) > 1:
            reason = saying_n(
                "%(reason)s (and %(num)d more)",
                "%(reason)s (and %(num)d more)",
                len(problems) - 1,
                reason=reason,
            )
        super().__init__(first.where, reason)
        self.problems = problems


#: Bounds that keep every command's work proportional to the document (the FIDE rules walk
#: round numbers; the pairing weights grow with tables). The document reader uses the same.
MAX_ROUND = 1_000
MAX_TABLE = 1_000_000
MAX_SEED = 10_000_000
MAX_RATING = 100_000
MAX_GAMES = 100
MAX_ID_LENGTH = 100
MAX_NAME_LENGTH = 200

#: C0 and C1 control characters, DEL, the bidirectional overrides and isolates (they can
#: reorder what a terminal or page shows), and unpaired surrogates (not text): never in an id.
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
#: What a name can never hold: NUL (no database stores it) and unpaired surrogates (not text,
#: no encoding can write them). Other control characters are kept as written and every
#: interface shows them escaped (the command line: ``fairpair.cli.text``).
_NEVER_IN_NAMES = "[\x00\ud800-\udfff]"
#: Whether names refuse every control character, like ids (the stricter choice of issue
#: 14.2). Off: the command line's tests keep names as written and show them escaped.
NAMES_REFUSE_CONTROLS = False


def text_problem(value: str, limit: int = MAX_NAME_LENGTH, *, name: bool = False) -> str | None:
    """Why ``value`` cannot be an id (or, with ``name``, a name); ``None``: it can."""
    problem = text_said(value, limit, name=name)
    return None if problem is None else str(problem)


def text_said(value: str, limit: int = MAX_NAME_LENGTH, *, name: bool = False) -> Said | None:
    """``text_problem`` as a sentence (``engine.errors.Said``)."""
    if not value.strip():
        return saying("must not be empty or only spaces")
    if len(value) > limit:
        return saying("is longer than %(limit)s characters", limit=limit)
    if value.isascii() and value.isprintable():  # no character either pattern refuses
        return None
    # Compiled when first needed (``re`` keeps it): most runs never see such a character.
    bad = re.search(_NEVER_IN_NAMES if name and not NAMES_REFUSE_CONTROLS else _UNSAFE, value)
    if bad is not None:
        code, position = f"{ord(bad.group()):04X}", bad.start() + 1
        surrogate = 0xD800 <= ord(bad.group()) <= 0xDFFF
        if surrogate and name:
            template = N_(
                "contains an unpaired surrogate U+%(code)s at position %(position)s (not allowed "
                "in names)"
            )
        elif surrogate:
            template = N_(
                "contains an unpaired surrogate U+%(code)s at position %(position)s (not allowed "
                "in ids)"
            )
        elif name:
            template = N_(
                "contains the control character U+%(code)s at position %(position)s (not "
                "allowed in names)"
            )
        else:
            template = N_(
                "contains the control character U+%(code)s at position %(position)s (not "
                "allowed in ids)"
            )
        return saying(template, code=code, position=position)
    return None


_MAX_WINS = {MatchFormat.BO1: 1, MatchFormat.BO3: 2, MatchFormat.BO5: 3}


def _stage_problems(
    t: Tournament, s: Stage, at: str, known: set[str], rounds_checked: bool = False
) -> list[Problem]:
    out: list[Problem] = []

    def player(pid: str, where: str) -> None:
        if pid not in known:
            out.append(Problem(where, saying("unknown player %(player)r", player=pid)))

    for i, name in enumerate(s.ruleset.tiebreaks):
        problem = tiebreak_said(name)
        if problem is not None:
            out.append(Problem(f"{at}.ruleset.tiebreaks[{i}]", problem))
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
                        saying(
                            "%(player)r is already in group %(group)r",
                            player=pid,
                            group=grouped[pid],
                        ),
                    )
                )
            grouped[pid] = group.name
    for i, assigned in enumerate(s.assigned_byes):
        player(assigned.player, f"{at}.assigned_byes[{i}].player")
        if not 1 <= assigned.round <= MAX_ROUND:
            out.append(Problem(f"{at}.assigned_byes[{i}].round", _ROUND_RANGE))
    for i, (a, b) in enumerate(s.forbidden_pairs):
        player(a, f"{at}.forbidden_pairs[{i}][0]")
        player(b, f"{at}.forbidden_pairs[{i}][1]")
        if a == b:
            out.append(
                Problem(f"{at}.forbidden_pairs[{i}]", saying("a player cannot be paired with self"))
            )
    for i, drop in enumerate(s.drops):
        player(drop.player, f"{at}.drops[{i}].player")
        if not 0 <= drop.after_round <= MAX_ROUND:
            out.append(Problem(f"{at}.drops[{i}].after_round", _AFTER_ROUND_RANGE))
    if s.max_rounds is not None and not 1 <= s.max_rounds <= MAX_ROUND:
        out.append(
            Problem(
                f"{at}.max_rounds",
                saying("must be 1 to %(most)s (or empty for no cap)", most=MAX_ROUND),
            )
        )
    if s.elimination is not None:
        if s.elimination.wins_to_advance < 1:
            out.append(Problem(f"{at}.elimination.wins_to_advance", _AT_LEAST_ONE))
        if s.elimination.losses_to_eliminate < 1:
            out.append(Problem(f"{at}.elimination.losses_to_eliminate", _AT_LEAST_ONE))

    fmt = s.ruleset.scoring.match_format
    seen_numbers: set[int] = set()
    for ri, rnd in enumerate(s.rounds):
        rat = f"{at}.rounds[{ri}]"
        if rnd.number in seen_numbers:
            out.append(
                Problem(f"{rat}.number", saying("round %(round)s appears twice", round=rnd.number))
            )
        elif not 1 <= rnd.number <= MAX_ROUND:
            out.append(Problem(f"{rat}.number", _ROUND_RANGE))
        elif rnd.number != ri + 1:
            out.append(
                Problem(
                    f"{rat}.number",
                    saying(
                        "round %(round)s is listed where round %(belongs)s belongs: rounds are "
                        "numbered 1, 2, 3, … in order, without gaps",
                        round=rnd.number,
                        belongs=ri + 1,
                    ),
                )
            )
        seen_numbers.add(rnd.number)
        if not rounds_checked:
            out.extend(_round_problems(rnd, rat, known, fmt))
        if rnd.pods and s.ruleset.unplayed.fide:
            out.append(
                Problem(
                    f"{rat}.pods",
                    saying(
                        "pod tables are scored by place; the %(conventions)s tie-break "
                        "conventions are for two-player games",
                        conventions=str(s.ruleset.unplayed),
                    ),
                )
            )
        if rnd.state is RoundState.DRAFT:
            out.append(
                Problem(
                    f"{rat}.state",
                    saying(
                        "a draft is not a round of the stage yet: release it (scheduled) or "
                        "leave it out"
                    ),
                )
            )
        elif rnd.state is RoundState.COMPLETED and rnd.outstanding:
            out.append(
                Problem(
                    f"{rat}.state",
                    saying_n(
                        "round %(round)s is marked completed but %(num)d of its tables have no "
                        "result",
                        "round %(round)s is marked completed but %(num)d of its tables have no "
                        "result",
                        rnd.outstanding,
                        round=rnd.number,
                    ),
                )
            )
        elif rnd.state is RoundState.SCHEDULED and rnd.outstanding < len(rnd.tables):
            out.append(
                Problem(
                    f"{rat}.state",
                    saying(
                        "round %(round)s is marked scheduled but already has results (open it "
                        "first)",
                        round=rnd.number,
                    ),
                )
            )
    # Default ids ("<round>.<table>") are unique when the rounds' numbers are.
    default_ids = rounds_checked and len(seen_numbers) == len(s.rounds)
    out.extend(_identity_problems(s, at, ids_checked=default_ids))
    cap = s.round_cap
    if cap is not None and len(s.rounds) > cap:
        field = "max_rounds" if s.max_rounds == cap else "elimination"
        out.append(
            Problem(
                f"{at}.{field}",
                saying(
                    "the stage has %(rounds)s rounds but at most %(cap)s are allowed",
                    rounds=len(s.rounds),
                    cap=cap,
                ),
            )
        )
    if s.participants is not None:
        out.extend(_outside_participants(s, at, known))
    if s.cut is not None:
        out.extend(_cut_problems(t, s, at))
    if s.is_playoff:
        out.extend(_playoff_draws(s, at))
    out.extend(_assigned_byes_played(s, at))
    out.extend(_played_after_drop(t, s, at))
    return out


_ROUND_RANGE = saying("rounds are numbered 1 to %(most)s", most=MAX_ROUND)
_AFTER_ROUND_RANGE = saying("must be 0 to %(most)s", most=MAX_ROUND)
_AT_LEAST_ONE = saying("must be at least 1")


def _playoff_draws(s: Stage, at: str) -> list[Problem]:
    """A playoff match's result has a winner (issue 9, point 6: replayed or decided, never a
    draw, a double forfeit or a skipped match)."""
    out: list[Problem] = []
    for ri, rnd in enumerate(s.rounds):
        for mi, match in enumerate(rnd.matches):
            if match.result is not None and match.result.winner is None:
                out.append(
                    Problem(
                        f"{at}.rounds[{ri}].matches[{mi}].result",
                        saying(
                            "table %(table)s is a playoff match: it cannot end in %(what)s; "
                            "replay it or decide it",
                            table=match.table,
                            what=without_winner_said(match.result),
                        ),
                    )
                )
    return out


def _cut_problems(t: Tournament, s: Stage, at: str) -> list[Problem]:
    """A cut is made from an earlier stage of the same tournament."""
    assert s.cut is not None
    earlier = []
    for other in t.stages:
        if other.id == s.id:
            break
        earlier.append(other.id)
    if s.cut.from_stage in earlier:
        return []
    if not earlier:
        return [
            Problem(
                f"{at}.cut.from_stage",
                saying(
                    "a cut is made from an earlier stage; %(stage)r is not one (earlier "
                    "stages: none)",
                    stage=s.cut.from_stage,
                ),
            )
        ]
    return [
        Problem(
            f"{at}.cut.from_stage",
            saying(
                "a cut is made from an earlier stage; %(stage)r is not one (earlier stages: "
                "%(earlier)s)",
                stage=s.cut.from_stage,
                earlier=", ".join(earlier),
            ),
        )
    ]


def _outside_participants(s: Stage, at: str, known: set[str]) -> list[Problem]:
    """Everyone a stage pairs, byes or groups must be one of its ``participants``."""
    taking_part = set(s.participants or ())
    out: list[Problem] = []

    def check(pid: str, where: str) -> None:
        if pid not in taking_part and pid in known:
            out.append(
                Problem(
                    where,
                    saying(
                        "%(player)r is not in this stage's participants (add them to "
                        "`participants`)",
                        player=pid,
                    ),
                )
            )

    for ri, rnd in enumerate(s.rounds):
        for mi, match in enumerate(rnd.matches):
            check(match.a, f"{at}.rounds[{ri}].matches[{mi}].a")
            check(match.b, f"{at}.rounds[{ri}].matches[{mi}].b")
        for pi, pod in enumerate(rnd.pods):
            for si, seat in enumerate(pod.seats):
                check(seat, f"{at}.rounds[{ri}].pods[{pi}].seats[{si}]")
        for bi, bye in enumerate(rnd.byes):
            check(bye.player, f"{at}.rounds[{ri}].byes[{bi}].player")
    for i, assigned in enumerate(s.assigned_byes):
        check(assigned.player, f"{at}.assigned_byes[{i}].player")
    for gi, group in enumerate(s.groups):
        for pi, pid in enumerate(group.players):
            check(pid, f"{at}.groups[{gi}].players[{pi}]")
    return out


def _assigned_byes_played(s: Stage, at: str) -> list[Problem]:
    """An assigned bye is for a round the player does not play (or a round not paired yet)."""
    out: list[Problem] = []
    by_number = {rnd.number: rnd for rnd in s.rounds}
    for i, assigned in enumerate(s.assigned_byes):
        rnd = by_number.get(assigned.round)
        if rnd is None:
            continue
        for match in rnd.tables:
            if assigned.player in match.players:
                out.append(
                    Problem(
                        f"{at}.assigned_byes[{i}]",
                        saying(
                            "%(player)r has an assigned bye in round %(round)s but plays at "
                            "table %(table)s in that round (remove the bye or the pairing)",
                            player=assigned.player,
                            round=assigned.round,
                            table=match.table,
                        ),
                    )
                )
    return out


def _identity_problems(s: Stage, at: str, ids_checked: bool = False) -> list[Problem]:
    """Table ids are unique in the stage (a result is recorded by id; ``ids_checked``: every
    match has its default id, ``"<round>.<table>"``, no table number is used twice in a round
    and no round number twice in the stage, so they are); only the last round may be live
    (Scheduled or Open) when rounds carry their state (engine.lifecycle)."""
    out: list[Problem] = []
    rounds: Sequence[Round] = ()
    if not ids_checked:
        ids: list[str] = []
        for rnd in s.rounds:  # read in C: a big event has 70,000 matches
            ids.extend(map(TABLE_ID, rnd.matches))
            ids.extend(map(TABLE_ID, rnd.pods))
        if len(set(ids)) != len(ids):  # the detail only when needed
            rounds = s.rounds
    seen: dict[str, tuple[int, int]] = {}
    for ri, rnd in enumerate(rounds):
        kinds: tuple[tuple[str, Sequence[Table]], ...] = (
            ("matches", rnd.matches),
            ("pods", rnd.pods),
        )
        for kind, tables in kinds:
            for ti, table in enumerate(tables):
                where = f"{at}.rounds[{ri}].{kind}[{ti}].id"
                if table.id in seen:
                    used_round, used_table = seen[table.id]
                    out.append(
                        Problem(
                            where,
                            saying(
                                "match id %(id)r is already used at round %(round)s, table "
                                "%(table)s",
                                id=table.id,
                                round=used_round,
                                table=used_table,
                            ),
                        )
                    )
                else:
                    seen[table.id] = (rnd.number, table.table)
    last = len(s.rounds) - 1
    if s.format is StageFormat.ROUND_ROBIN:
        last = 0  # a round robin's rounds may be released ahead (docs/round-robin.md)
    for ri, rnd in enumerate(s.rounds):
        if ri < last and rnd.state in (RoundState.SCHEDULED, RoundState.OPEN):
            out.append(
                Problem(
                    f"{at}.rounds[{ri}].state",
                    saying(
                        "round %(round)s is %(state)s but a later round exists: only the last "
                        "round can be live (complete it first)",
                        round=rnd.number,
                        state=STATE_SAID[rnd.state],
                    ),
                )
            )
    return out


def _played_after_drop(t: Tournament, s: Stage, at: str) -> list[Problem]:
    """A player who left after round N has no match or bye in a later round of the stage."""
    gone = t.drop_rounds(s)
    if not gone:
        return []
    out: list[Problem] = []
    for ri, rnd in enumerate(s.rounds):
        gone_before = {p for p, after in gone.items() if after < rnd.number}
        if gone_before.isdisjoint(_seats(rnd)):
            continue
        for mi, match in enumerate(rnd.matches):
            for side, pid in (("a", match.a), ("b", match.b)):
                after = gone.get(pid)
                if after is not None and rnd.number > after:
                    out.append(
                        Problem(
                            f"{at}.rounds[{ri}].matches[{mi}].{side}",
                            saying(
                                "%(player)r dropped after round %(after)s but is paired in round "
                                "%(round)s (remove the drop or the pairing)",
                                player=pid,
                                after=after,
                                round=rnd.number,
                            ),
                        )
                    )
        for pi, pod in enumerate(rnd.pods):
            for si, pid in enumerate(pod.seats):
                after = gone.get(pid)
                if after is not None and rnd.number > after:
                    out.append(
                        Problem(
                            f"{at}.rounds[{ri}].pods[{pi}].seats[{si}]",
                            saying(
                                "%(player)r dropped after round %(after)s but is seated in round "
                                "%(round)s (remove the drop or the seat)",
                                player=pid,
                                after=after,
                                round=rnd.number,
                            ),
                        )
                    )
        for bi, bye in enumerate(rnd.byes):
            after = gone.get(bye.player)
            if after is not None and rnd.number > after:
                out.append(
                    Problem(
                        f"{at}.rounds[{ri}].byes[{bi}].player",
                        saying(
                            "%(player)r dropped after round %(after)s but has a bye in round "
                            "%(round)s (remove the drop or the bye)",
                            player=bye.player,
                            after=after,
                            round=rnd.number,
                        ),
                    )
                )
    return out


def _seats(rnd: Round) -> list[str]:
    """Everyone placed in the round, in no particular order (a player placed twice is listed
    twice)."""
    seats = [*map(SIDE_A, rnd.matches), *map(SIDE_B, rnd.matches)]
    for pod in rnd.pods:
        seats.extend(pod.seats)
    seats.extend(b.player for b in rnd.byes)
    return seats


def games_problems(games: GameScore, fmt: MatchFormat) -> list[str]:
    """Why ``games`` cannot be the score of a match of format ``fmt`` (empty when it can)."""
    return [str(problem) for problem in games_said(games, fmt)]


def games_said(games: GameScore, fmt: MatchFormat) -> list[Said]:
    """``games_problems`` as sentences (``engine.errors.Said``), for a reader's language."""
    out: list[Said] = []
    if fmt is MatchFormat.TWO_GAME and games.total > 2:
        out.append(saying("a two-game match has 2 games"))
    limit = _MAX_WINS.get(fmt)
    if limit is not None and max(games.a, games.b) > limit:
        out.append(
            saying(
                "%(wins)s game wins is impossible in a %(format)s match (at most %(limit)s)",
                wins=max(games.a, games.b),
                format=fmt.value,
                limit=limit,
            )
        )
    return out


def _used_twice(table: int) -> Said:
    return saying("table %(table)s is used twice", table=table)


def seats_clean(seats: Sequence[str], numbers: Sequence[int]) -> bool:
    """Each player placed once in a round (``seats``: everyone at its tables and on its
    byes) and no table number used twice (``numbers``): the first part of a round's quick
    check (``_round_is_clean``), shared with a reader that has a round's seats and numbers as
    lists already (``interop.document.typed_rounds``)."""
    return len(set(seats)) == len(seats) and len(set(numbers)) == len(numbers)


def games_fit(results: Iterable[Result | None], fmt: MatchFormat) -> bool:
    """Every game score of ``results`` (each distinct result once: a document's results are
    shared objects, a handful a round) is possible in a match of format ``fmt``."""
    limit = _MAX_WINS.get(fmt, 0 if fmt is MatchFormat.TWO_GAME else None)
    for result in results:
        games = result.games if result is not None else None
        if games is not None:
            if fmt is MatchFormat.TWO_GAME and games.total > 2:
                return False
            if limit and max(games.a, games.b) > limit:
                return False
    return True


def _round_is_clean(rnd: Round, known: set[str], fmt: MatchFormat) -> bool:
    """A quick whole-round check; only a round that fails it is checked match by match."""
    if rnd.pods:
        return False
    seats = _seats(rnd)
    if not seats_clean(seats, list(map(TABLE_NUMBER, rnd.matches))) or not known.issuperset(seats):
        return False
    if any(map(TOSS, rnd.matches)):
        for m in rnd.matches:
            if m.toss is not None and m.toss.first != m.a and m.toss.first != m.b:
                return False
    results = list(map(RESULT, rnd.matches))
    return games_fit(dict(zip(map(id, results), results, strict=True)).values(), fmt)


def _round_problems(rnd: Round, rat: str, known: set[str], fmt: MatchFormat) -> list[Problem]:
    if _round_is_clean(rnd, known, fmt):
        return []
    out: list[Problem] = []
    where_seen: dict[str, str] = {}
    tables: set[int] = set()

    def place(pid: str, where: str) -> None:
        if pid not in known:
            out.append(Problem(where, saying("unknown player %(player)r", player=pid)))
        if pid in where_seen:
            out.append(
                Problem(
                    where,
                    saying(
                        "%(player)r is already in round %(round)s at %(where)s",
                        player=pid,
                        round=rnd.number,
                        where=where_seen[pid],
                    ),
                )
            )
        else:
            where_seen[pid] = where.removeprefix(rat + ".")

    for mi, match in enumerate(rnd.matches):
        mat = f"{rat}.matches[{mi}]"
        if match.table in tables:
            out.append(Problem(f"{mat}.table", _used_twice(match.table)))
        tables.add(match.table)
        if match.a == match.b:
            out.append(
                Problem(
                    f"{mat}.b",
                    saying("%(player)r cannot play against themselves", player=match.a),
                )
            )
        place(match.a, f"{mat}.a")
        if match.a != match.b:
            place(match.b, f"{mat}.b")
        games = match.result.games if match.result is not None else None
        if games is not None:
            for reason in games_said(games, fmt):
                out.append(Problem(f"{mat}.result.games", reason))
        if match.toss is not None and match.toss.first not in match.players:
            out.append(
                Problem(
                    f"{mat}.toss.first",
                    saying("%(player)r is not in this match", player=match.toss.first),
                )
            )
    for pi, pod in enumerate(rnd.pods):
        pat = f"{rat}.pods[{pi}]"
        if pod.table in tables:
            out.append(Problem(f"{pat}.table", _used_twice(pod.table)))
        tables.add(pod.table)
        for field, reason in pod_problems(pod):
            out.append(Problem(f"{pat}.{field}", reason))
        for si, seat in enumerate(dict.fromkeys(pod.seats)):
            place(seat, f"{pat}.seats[{si}]")
    for bi, bye in enumerate(rnd.byes):
        place(bye.player, f"{rat}.byes[{bi}].player")
    return out


def problems(
    t: Tournament, *, players_checked: bool = False, rounds_checked: bool = False
) -> list[Problem]:
    """Every referential problem of ``t``, in document order. ``players_checked``: each
    player's id, name and seed were checked as they were read (the document's schema makes the
    same checks: ``text_said`` with the same limits, seeds from 1), so they are not read
    again — 20,000 texts in a 10,000-player document. ``rounds_checked``: every round of
    every stage passed its quick check as it was read, from the reader's own lists — its
    seats and table numbers (``seats_clean``), every seat a player of ``t``, each toss's
    first player at the table, its game scores (``games_fit``) — and has only two-player
    tables with their default ids; so the rounds are not read again match by match, nor
    their ids (70,000 matches in a 10,000-player document of 14 rounds). A caller that finds
    any round not so leaves it ``False``: everything is checked."""
    out: list[Problem] = []
    known: set[str] = set()
    for i, p in enumerate(t.players):
        if not players_checked:
            for field, text, limit in (
                ("id", p.id, MAX_ID_LENGTH),
                ("name", p.name, MAX_NAME_LENGTH),
            ):
                problem = text_said(text, limit, name=field == "name")
                if problem is not None:
                    out.append(Problem(f"players[{i}].{field}", problem))
        if p.id in known:
            out.append(
                Problem(f"players[{i}].id", saying("%(id)r is used by two players", id=p.id))
            )
        known.add(p.id)
        if not players_checked and p.seed is not None and p.seed < 1:
            out.append(Problem(f"players[{i}].seed", saying("seeds start at 1")))
    stage_names = {stage.id for stage in t.stages}
    for i, drop in enumerate(t.drops):
        if drop.player not in known:
            out.append(
                Problem(
                    f"drops[{i}].player", saying("unknown player %(player)r", player=drop.player)
                )
            )
        if drop.stage is not None and drop.stage not in stage_names:
            out.append(
                Problem(f"drops[{i}].stage", saying("unknown stage %(stage)r", stage=drop.stage))
            )
        if not 0 <= drop.after_round <= MAX_ROUND:
            out.append(Problem(f"drops[{i}].after_round", _AFTER_ROUND_RANGE))
    if not t.stages:
        out.append(Problem("stages", saying("a tournament needs at least one stage")))
    stage_ids: set[str] = set()
    for si, stage in enumerate(t.stages):
        if stage.id in stage_ids:
            out.append(
                Problem(f"stages[{si}].id", saying("stage id %(id)r is used twice", id=stage.id))
            )
        stage_ids.add(stage.id)
        out.extend(_stage_problems(t, stage, f"stages[{si}]", known, rounds_checked))
    if not out:
        out.extend(_bracket_problems(t))
    return out


def _bracket_problems(t: Tournament) -> list[Problem]:
    """Each playoff stage's matches read against its bracket (issue 9): a table that pairs
    other players than the bracket match it names is refused here, as standings would."""
    out: list[Problem] = []
    for si, stage in enumerate(t.stages):
        if not stage.is_playoff:
            continue
        try:
            read_bracket(t, stage)
        except FairpairError as error:
            out.append(Problem(f"stages[{si}].rounds", error.said))
    return out


def validate(
    t: Tournament, *, players_checked: bool = False, rounds_checked: bool = False
) -> Tournament:
    """Return ``t`` unchanged, or raise ``InvalidTournamentProblems`` listing every problem
    (``players_checked``, ``rounds_checked``: see ``problems``)."""
    found = problems(t, players_checked=players_checked, rounds_checked=rounds_checked)
    if found:
        raise InvalidTournamentProblems(found)
    return t
