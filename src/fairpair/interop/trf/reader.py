"""Reading a FIDE TRF file (TRF-16 player lines, TRF-2026 and JaVaFo records) into an engine
``Tournament`` with one Swiss stage, and the ``TrfLayout`` that writes it back unchanged.

Two passes. The first reads every line on its own: a ``001`` line's fields must be in their
columns (docs/trf.md), every other line is kept as written (``142``/``XXR``, ``162``/``XXS``
and ``202``/``212`` are also read for the rounds, the scoring and the tie-breaks). The
second matches the lines against each other: when A's line says A played B in a round, B's
line must say B played A, with the other colour and the matching result; the points must be
what the results add up to. Any problem refuses the whole file, naming its line and column.

A round's opponent is White or Black (``w``/``b``): White is the match's side ``a`` and plays
first (``Toss(first=White, reason=RECORDED, manual=True)``). A player whose line is blank from
some round to the last round withdrew after the round before (a ``Drop``); a blank round in
between is a zero-point bye (the specification: blank is ``Z``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from os import PathLike
from pathlib import Path

from fairpair.engine.drops import Drop
from fairpair.engine.ledger import build_ledger
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, Match, Round, Toss, TossReason
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import PieceColour, RoundRobinConfig, SwissConfig
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import InvalidTournamentProblems, validate
from fairpair.interop.document.read import BOM, read_raw
from fairpair.interop.trf import codes, pairing_tags, tags
from fairpair.interop.trf.columns import (
    BIRTH_DATE,
    FEDERATION,
    FIDE_ID,
    NAME,
    PLAYER_TAG,
    POINTS,
    RANK,
    RATING,
    ROUND_TEXT,
    SEX,
    START,
    STATIC_BLANKS,
    STATIC_WIDTH,
    TITLE,
    Field,
    round_column,
    rounds_in,
)
from fairpair.interop.trf.errors import (
    TrfContradiction,
    TrfError,
    TrfProblem,
    TrfUnknownTiebreak,
)
from fairpair.interop.trf.header import read_header
from fairpair.interop.trf.layout import TrfLayout, written_key
from fairpair.interop.trf.writer import player_lines
from fairpair.responses.event_details import EventDetails

_CODE_TEXT = re.compile(r"^[!-~]+$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_LINES = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class TrfEvent:
    """A TRF file read: the event, and how the file was written (for a byte-identical export)."""

    tournament: Tournament
    layout: TrfLayout
    details: EventDetails = field(default_factory=EventDetails)
    """What the header records ``022``-``132`` say (``header.read_header``)."""


@dataclass(frozen=True, slots=True)
class _Entry:
    opponent: int
    colour: str
    code: str
    blank: bool
    column: int


@dataclass(slots=True)
class _Line:
    number: int
    start: int
    player: Player
    points: Fraction | None
    entries: list[_Entry]
    raw_static: str
    raw_rounds: list[str]
    trailing: str


@dataclass(slots=True)
class _Reader:
    source: str
    problems: list[TrfProblem] = field(default_factory=list)
    contradictions: list[TrfProblem] = field(default_factory=list)
    unknown_tiebreaks: list[TrfProblem] = field(default_factory=list)

    def at(self, line: int, column: int) -> str:
        return f"{self.source}:{line}:{column}"

    def problem(self, line: int, column: int, reason: str, place: str = "") -> None:
        self.problems.append(TrfProblem(self.at(line, column), reason, place))

    def contradiction(self, line: int, column: int, reason: str, place: str = "") -> None:
        self.contradictions.append(TrfProblem(self.at(line, column), reason, place))

    # -- one line at a time ---------------------------------------------------------------
    def text_field(self, n: int, line: str, f: Field, place: str) -> str | None:
        value = f.of(line).strip()
        if not value:
            return None
        if not _CODE_TEXT.match(value):
            self.problem(
                n,
                f.first,
                f"the {f.name} {value!r} has a space or a character that is not plain ASCII",
                place,
            )
            return None
        return value

    def player(self, n: int, line: str) -> _Line | None:
        if "\t" in line:
            self.problem(n, line.index("\t") + 1, "a tab: TRF columns are counted in spaces")
            return None
        padded = line.ljust(STATIC_WIDTH)
        start_text = START.of(padded).strip()
        if not start_text.isdigit() or not 1 <= int(start_text) <= 9999:
            self.problem(
                n,
                START.first,
                "the start number (columns 5-8) must be a whole "
                f"number from 1 to 9999, not {START.of(padded)!r}",
            )
            return None
        start = int(start_text)
        place = f"player {start}"
        before = len(self.problems)
        for column in STATIC_BLANKS:
            if padded[column - 1] != " ":
                self.problem(
                    n,
                    column,
                    f"column {column} must be blank: a field is not in its "
                    "columns (wrong column widths)",
                    place,
                )
        name = NAME.of(padded).strip() or f"Player {start}"
        if _CONTROL.search(name):
            self.problem(n, NAME.first, "the name holds a control character", place)
        rating_text = RATING.of(padded).strip()
        rating: int | None = None
        if rating_text.isdigit():
            rating = int(rating_text)
        elif rating_text:
            self.problem(n, RATING.first, f"the rating must be digits, not {rating_text!r}", place)
        fide_id = FIDE_ID.of(padded).strip() or None
        if fide_id is not None and not fide_id.isdigit():
            self.problem(n, FIDE_ID.first, f"the FIDE id must be digits, not {fide_id!r}", place)
        points_text = POINTS.of(padded)
        points = tags.points_value(points_text) if points_text.strip() else None
        if points_text.strip() and points is None:
            self.problem(
                n, POINTS.first, f"points must be written like 11.5, not {points_text!r}", place
            )
        rank_text = RANK.of(padded).strip()
        if rank_text and not rank_text.isdigit():
            self.problem(
                n, RANK.first, f"the rank must be a whole number, not {rank_text!r}", place
            )
        player = Player(
            str(start),
            name,
            seed=start,
            rating=rating,
            sex=self.text_field(n, padded, SEX, place),
            title=self.text_field(n, padded, TITLE, place),
            federation=self.text_field(n, padded, FEDERATION, place),
            fide_id=fide_id,
            birth_date=self.text_field(n, padded, BIRTH_DATE, place),
        )
        entries: list[_Entry] = []
        raw_rounds: list[str] = []
        count = rounds_in(line)
        for number in range(1, count + 1):
            column = round_column(number)
            i = column - 1
            where = f"{place}, round {number}"
            if line[i - 2 : i].strip():
                self.problem(
                    n,
                    i - 1,
                    f"columns {column - 2}-{column - 1} must be blank (wrong column widths)",
                    where,
                )
            raw = line[i : i + ROUND_TEXT]
            text = raw.ljust(ROUND_TEXT)
            for blank in (4, 6):
                if text[blank] != " ":
                    self.problem(
                        n,
                        column + blank,
                        f"column {column + blank} must be blank (wrong column widths)",
                        where,
                    )
            if number == count and line[i + ROUND_TEXT :].strip():
                self.problem(
                    n,
                    column + ROUND_TEXT,
                    "text after the last round's result (wrong column widths)",
                    where,
                )
            opponent_text = text[:4].strip()
            opponent = 0
            if opponent_text.isdigit():
                opponent = int(opponent_text)
            elif opponent_text:
                self.problem(
                    n,
                    column,
                    f"the opponent must be a start number (4 digits), not {text[:4]!r}",
                    where,
                )
            colour = text[5].lower()
            if colour not in codes.COLOURS:
                self.problem(n, column + 5, f"unknown colour {text[5]!r} (w, b, - or blank)", where)
            code = text[7].upper()
            if code not in codes.CODES:
                self.problem(
                    n,
                    column + 7,
                    f"unknown result code {text[7]!r} (known: 1 = 0 + - W D L H F U Z or blank)",
                    where,
                )
            entries.append(
                _Entry(opponent, "-" if colour == " " else colour, code, not raw.strip(), column)
            )
            raw_rounds.append(raw)
        if len(self.problems) > before:
            return None
        trailing = line[len(line.rstrip(" ")) :]
        return _Line(n, start, player, points, entries, line[:STATIC_WIDTH], raw_rounds, trailing)

    # -- the lines against each other ------------------------------------------------------
    def pair(self, lines: list[_Line], count: int) -> tuple[tuple[Round, ...], tuple[Drop, ...]]:
        by_start = {ln.start: ln for ln in lines}
        last = {
            ln.start: max((r for r, e in enumerate(ln.entries, 1) if not e.blank), default=0)
            for ln in lines
        }
        rounds: list[Round] = []
        for number in range(1, count + 1):
            matches: list[Match] = []
            byes: list[Bye] = []
            done: set[int] = set()
            pairing_byes = 0
            for ln in lines:
                if ln.start in done or number > last[ln.start]:
                    continue
                e = _entry(ln, number)
                where = f"player {ln.start}, round {number}"
                if e.opponent == 0:
                    bye = self.bye(ln, e, where)
                    if bye is not None:
                        pairing_byes += bye.kind == "pairing"
                        if pairing_byes > 1 and bye.kind == "pairing":
                            self.contradiction(
                                ln.number,
                                e.column + 7,
                                f"a second pairing-allocated bye (U) in round {number}",
                                where,
                            )
                        byes.append(bye)
                    continue
                other = by_start.get(e.opponent)
                if other is None or e.opponent == ln.start:
                    why = "the player's own" if other is not None else "no player's"
                    self.problem(
                        ln.number,
                        e.column,
                        f"opponent {e.opponent} is out of range: it is {why} start number",
                        where,
                    )
                    continue
                done.update((ln.start, other.start))
                match = self.match(ln, other, number, len(matches) + 1)
                if match is not None:
                    matches.append(match)
            rounds.append(Round(number, tuple(matches), tuple(byes)))
        drops = tuple(Drop(str(ln.start), last[ln.start]) for ln in lines if last[ln.start] < count)
        return tuple(rounds), drops

    def bye(self, ln: _Line, e: _Entry, where: str) -> Bye | None:
        kind = codes.BYES.get(e.code)
        if kind is None:
            self.contradiction(
                ln.number,
                e.column + 7,
                f"result {e.code!r} needs an opponent (0000 is no opponent)",
                where,
            )
            return None
        if e.colour != codes.NO_COLOUR:
            self.contradiction(
                ln.number, e.column + 5, f"colour {e.colour!r} without an opponent", where
            )
            return None
        return Bye(str(ln.start), kind)

    def match(self, ln: _Line, other: _Line, number: int, table: int) -> Match | None:
        mine, theirs = _entry(ln, number), _entry(other, number)
        where = f"player {ln.start}, round {number}"
        if theirs.opponent != ln.start:
            says = f"{theirs.opponent}" if theirs.opponent else "no opponent"
            self.contradiction(
                ln.number,
                mine.column,
                f"player {ln.start} played {other.start} "
                f"in round {number}, but {other.start}'s line (line "
                f"{other.number}) says {says}",
                where,
            )
            return None
        colours = (mine.colour, theirs.colour)
        if colours not in (("w", "b"), ("b", "w"), ("-", "-")):
            self.contradiction(
                ln.number,
                mine.column + 5,
                f"colour mismatch in round {number}: "
                f"{ln.start} has {mine.colour!r}, {other.start} (line "
                f"{other.number}) has {theirs.colour!r}",
                where,
            )
            return None
        pair = (mine.code, theirs.code)
        result = _result(pair)
        if result is False or result is True:
            self.contradiction(
                ln.number,
                mine.column + 7,
                f"result mismatch in round {number}: "
                f"{ln.start} has {mine.code!r}, {other.start} (line "
                f"{other.number}) has {theirs.code!r}",
                where,
            )
            return None
        white_first = mine.colour != "b"
        a, b = (ln, other) if white_first else (other, ln)
        if not white_first and isinstance(result, Result):
            result = _flipped(result)
        toss = None
        if mine.colour != codes.NO_COLOUR:
            toss = Toss(str(a.start), TossReason.RECORDED, manual=True)
        return Match(table, str(a.start), str(b.start), result, toss)


def _entry(ln: _Line, number: int) -> _Entry:
    if number <= len(ln.entries):
        return ln.entries[number - 1]
    return _Entry(0, "-", " ", True, round_column(number))


def _result(pair: tuple[str, str]) -> Result | bool | None:
    """The result told from the first code's side; ``None`` not reported; ``False`` when the
    two codes do not make one game."""
    mine, theirs = pair
    if codes.PLAYED_PAIRS.get(mine) == theirs:
        if mine in (codes.WIN, codes.UNRATED_WIN):
            return Result.win(Side.A)
        if mine in (codes.LOSS, codes.UNRATED_LOSS):
            return Result.win(Side.B)
        return Result.draw()
    if pair == (codes.FORFEIT_WIN, codes.FORFEIT_LOSS):
        return Result.forfeit(Side.A)
    if pair == (codes.FORFEIT_LOSS, codes.FORFEIT_WIN):
        return Result.forfeit(Side.B)
    if pair == (codes.FORFEIT_LOSS, codes.FORFEIT_LOSS):
        return Result(ResultKind.DOUBLE_FORFEIT)
    if pair == (codes.BLANK, codes.BLANK):
        return None
    return False


def _flipped(result: Result) -> Result:
    winner = result.winner.other if result.winner is not None else None
    return Result(result.kind, winner, result.games.flipped() if result.games else None)


def read_trf(
    text: str, source: str = "(trf)", *, encoding: str = "utf-8", bom: bool = False
) -> TrfEvent:
    """The event in TRF ``text``; ``TrfError`` (every problem with ``source:LINE:COLUMN``)."""
    reader = _Reader(source)
    newline = "\r\n" if "\r\n" in text else "\r" if "\r" in text else "\n"
    raw_lines = _LINES.split(text)
    final_newline = len(raw_lines) > 1 and raw_lines[-1] == ""
    if final_newline:
        raw_lines.pop()
    lines: list[_Line] = []
    kept: list[tuple[int, str]] = []
    numbered: list[tuple[int, str]] = []
    name: str | None = None
    max_rounds: int | None = None
    cycles: int | None = None  # a round robin (092/192): its cycles
    dutch: bool | None = None  # 192 FIDE_DUTCH_2025: the Dutch system (with Baku acceleration?)
    scoring_values: dict[str, Fraction] | None = None
    tiebreaks: dict[str, tuple[str, ...]] = {}
    seen: dict[int, int] = {}
    players_before = 0
    for n, line in enumerate(raw_lines, start=1):
        tag = line[:3]
        if tag == PLAYER_TAG:
            players_before += 1
            read = reader.player(n, line)
            if read is None:
                continue
            if read.start in seen:
                reader.problem(
                    n,
                    START.first,
                    f"start number {read.start} is also on line {seen[read.start]}",
                    f"player {read.start}",
                )
                continue
            seen[read.start] = n
            lines.append(read)
            continue
        kept.append((players_before, line))
        numbered.append((n, line))

        def report(column: int, reason: str, n: int = n, tag: str = tag) -> None:
            reader.problem(n, column, reason, f"record {tag}")

        upper = tag.upper()
        if tag == "012":
            name = line[4:].strip() or None
        elif upper in tags.ROUNDS_TAGS:
            max_rounds = tags.number_of_rounds(line, report) or max_rounds
        elif upper == "162":
            scoring_values = {**(scoring_values or {}), **tags.scoring_162(line, report)}
        elif upper == "XXS":
            scoring_values = {**(scoring_values or {}), **tags.scoring_xxs(line, report)}
        elif upper == tags.TYPE_TAG or tag == tags.ENCODED_TYPE_TAG:
            cycles = tags.round_robin_cycles(line) or cycles
            dutch = tags.dutch_type(line) if dutch is None else dutch
        elif upper in tags.TIEBREAK_TAGS:

            def unknown(column: int, reason: str, n: int = n, tag: str = tag) -> None:
                reader.unknown_tiebreaks.append(
                    TrfProblem(reader.at(n, column), reason, f"record {tag}")
                )

            tiebreaks[upper] = tags.tiebreaks_of(line, upper == "212", unknown)
    if not seen and not reader.problems:
        reader.problem(1, 1, "no player line (001): not a TRF file")
    scoring = None
    if scoring_values is not None:

        def scoring_problem(column: int, reason: str) -> None:
            reader.problem(1, column, reason, "scoring record")

        scoring = tags.scoring_of(scoring_values, scoring_problem)
    if reader.problems:
        raise TrfError(reader.problems)
    if reader.unknown_tiebreaks:
        raise TrfUnknownTiebreak(reader.unknown_tiebreaks)
    count = max((r for ln in lines for r, e in enumerate(ln.entries, 1) if not e.blank), default=0)
    if max_rounds is not None and max_rounds < count:
        reader.contradiction(
            1, 1, f"the number of rounds is {max_rounds} but round {count} is in the player lines"
        )
    rounds, drops = reader.pair(lines, count)
    if reader.problems:
        raise TrfError(reader.problems)
    if reader.contradictions:
        raise TrfContradiction(reader.contradictions)
    chosen = tiebreaks.get("212", tiebreaks.get("202"))
    colour = pairing_tags.initial_colour(line for _, line in kept)
    forbidden = pairing_tags.forbidden_pairs(numbered, reader.problem)
    if reader.problems:
        raise TrfError(reader.problems)
    ruleset = tags.ruleset_of(scoring, chosen)
    stage = (
        Stage(
            config=SwissConfig(
                max_rounds=max_rounds,
                initial_colour=None if colour is None else PieceColour(colour.value),
                forbidden_pairs=forbidden,
                pairing_method=PairingMethod.ADJACENT if dutch is None else PairingMethod.DUTCH,
                baku=bool(dutch),
            ),
            ruleset=ruleset,
            rounds=rounds,
        )
        if cycles is None  # 092/192 name no round robin: a Swiss
        else Stage(
            id="round_robin",
            name="Round robin",
            config=RoundRobinConfig(cycles=cycles),
            ruleset=ruleset,
            rounds=rounds,
        )
    )
    title = name or Path(source).stem or "Tournament"
    tournament = Tournament(title, tuple(ln.player for ln in lines), (stage,), drops)
    try:
        validate(tournament)
    except InvalidTournamentProblems as error:
        raise TrfContradiction(
            [TrfProblem(source, p.reason, p.place or p.where) for p in error.problems]
        ) from None
    _check_points(reader, tournament, stage, lines)
    layout = _layout(tournament, stage, lines, kept, newline, final_newline, encoding, bom)
    return TrfEvent(tournament, layout, read_header([line for _, line in kept]))


def _check_points(
    reader: _Reader, tournament: Tournament, stage: Stage, lines: list[_Line]
) -> None:
    ledger = build_ledger(tournament, stage)
    for ln in lines:
        if ln.points is None:
            continue
        computed = Fraction(ledger.records[str(ln.start)].points, ledger.unit)
        if computed != ln.points:
            reader.contradiction(
                ln.number,
                POINTS.first,
                f"player {ln.start} has {_points(ln.points)} points in the file but the "
                f"results add up to {_points(computed)}",
                f"player {ln.start}, points",
            )
    if reader.contradictions:
        raise TrfContradiction(reader.contradictions)


def _points(value: Fraction) -> str:
    return f"{float(value):g}"


def _layout(
    tournament: Tournament,
    stage: Stage,
    lines: list[_Line],
    kept: list[tuple[int, str]],
    newline: str,
    final_newline: bool,
    encoding: str,
    bom: bool,
) -> TrfLayout:
    written: dict[str, tuple[str, str]] = {}
    trailing: dict[PlayerId, str] = {}
    ours = {line.player: line for line in player_lines(tournament, stage)}
    for ln in lines:
        pid = str(ln.start)
        mine = ours[pid]
        if mine.static != ln.raw_static:
            written[written_key(pid)] = (mine.static, ln.raw_static)
        for number, text in enumerate(mine.rounds, start=1):
            raw = ln.raw_rounds[number - 1] if number <= len(ln.raw_rounds) else ""
            if raw != text:
                written[written_key(pid, number)] = (text, raw)
        if ln.trailing:
            trailing[pid] = ln.trailing
    return TrfLayout(newline, final_newline, bom, encoding, tuple(kept), written, trailing)


def load_trf(path: str | PathLike[str]) -> TrfEvent:
    """Read the TRF file at ``path`` (UTF-8, else Latin-1 as many chess programs write)."""
    path = Path(path)
    raw = read_raw(path)
    bom = raw.startswith(BOM)
    raw = raw.removeprefix(BOM)
    try:
        text, encoding = raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        text, encoding = raw.decode("latin-1"), "latin-1"
    return read_trf(text, str(path), encoding=encoding, bom=bom)
