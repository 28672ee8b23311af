"""Writing a stage of an event as a FIDE TRF file (TRF-16 player lines, TRF-2026 records).

``write_trf`` writes the facts: a ``001`` line per player (start number, registration facts,
points, rank, then each round's opponent, colour and result code) after the header lines.
With the ``TrfLayout`` of an imported file it gives that file back byte for byte while the
facts are unchanged (see ``layout``); without one it writes ``012`` (the name) and ``XXR``
(the round cap) and fairpair's own spelling. White is the player who plays first
(``Match.toss.first``); a game without a toss has no colour (``-``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.pairing.dutch.draft import initial_colour
from fairpair.engine.pairing.dutch.model import Colour
from fairpair.engine.players import Player, PlayerId
from fairpair.engine.results import ResultKind
from fairpair.engine.rounds import Bye, Match
from fairpair.engine.rulesets import FIDE
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import RoundRobinConfig
from fairpair.engine.standings import compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.interop.trf import codes
from fairpair.interop.trf.columns import BLANK_ROUND, STATIC_WIDTH, round_text, static_text
from fairpair.interop.trf.errors import NotExportable
from fairpair.interop.trf.header import COUNTED, TAGS, header_lines, same_value
from fairpair.interop.trf.layout import TrfLayout, written_key
from fairpair.interop.trf.tags import DUTCH_TYPE, ENCODED_TYPE_TAG, code_of
from fairpair.responses.event_details import EventDetails

NAME_TAG = "012"
ROUNDS_TAG = "XXR"


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player's line in fairpair's spelling: the player part and each round's text."""

    player: PlayerId
    static: str
    rounds: tuple[str, ...]


def start_numbers(players: tuple[Player, ...]) -> dict[PlayerId, int]:
    """Each player's start number: the ids themselves when they are ``1``, ``2``, … (an
    imported file), else 1, 2, … by seed, then as listed."""
    ids = [p.id for p in players]
    numeric = all(i.isdigit() and i == str(int(i)) and 1 <= int(i) <= 9999 for i in ids)
    if numeric and len(set(ids)) == len(ids):
        return {i: int(i) for i in ids}
    order = sorted(
        range(len(players)),
        key=lambda i: (players[i].seed is None, players[i].seed or 0, i),
    )
    return {players[i].id: n for n, i in enumerate(order, start=1)}


def points_text(points: Fraction, player: PlayerId) -> str:
    """``11.5``: points are written with one decimal; anything finer cannot be written."""
    tenths = points * 10
    if tenths.denominator != 1 or not 0 <= points < 1000:
        raise NotExportable(
            f"players[{player!r}]",
            f"{float(points):g} points cannot be written in TRF (tenths, below 1000)",
        )
    return f"{tenths.numerator // 10}.{tenths.numerator % 10}"


def _result_code(match: Match, player: PlayerId) -> str:
    result = match.result
    if result is None:
        return codes.BLANK
    side = match.side_of(player)
    if result.kind in (ResultKind.PLAYED, ResultKind.INTENTIONAL_DRAW):
        if result.winner is None:
            return codes.DRAW
        return codes.WIN if result.winner is side else codes.LOSS
    if result.kind is ResultKind.FORFEIT:
        return codes.FORFEIT_WIN if result.winner is side else codes.FORFEIT_LOSS
    if result.kind is ResultKind.DOUBLE_FORFEIT:
        return codes.FORFEIT_LOSS
    raise NotExportable(
        f"round {match.id}",
        f"table {match.table} was skipped: TRF has no code for a game that will not happen",
    )


def _colour(match: Match, player: PlayerId) -> str:
    if match.toss is None:
        return codes.NO_COLOUR
    return codes.WHITE if match.toss.first == player else codes.BLACK


def player_lines(tournament: Tournament, stage: Stage) -> list[PlayerLine]:
    """Every player's line in fairpair's spelling, in the order they are written."""
    players = tournament.players_of(stage)
    numbers = start_numbers(players)
    imported = all(numbers[p.id] == int(p.id) for p in players if p.id.isdigit())
    imported = imported and all(p.id.isdigit() for p in players)
    # An imported file's players stay in its order; any other event's go by start number.
    by_number = list(players) if imported else sorted(players, key=lambda p: numbers[p.id])
    standings = compute_standings(tournament, stage, include_absent=True)
    points: dict[PlayerId, Fraction] = {}
    ranks: dict[PlayerId, int] = {}
    # TRF ranks every player, a withdrawn one too: the standings order, ties sharing a rank.
    previous: tuple[object, ...] | None = None
    for position, row in enumerate(standings.rows, start=1):
        points[row.player.id] = row.points
        key = (row.points, row.tiebreaks)
        rank = ranks[standings.rows[position - 2].player.id] if key == previous else position
        ranks[row.player.id] = rank
        previous = key
    unranked = len(standings.rows)
    games: dict[tuple[int, PlayerId], str] = {}
    for rnd in stage.rounds:
        if rnd.pods:
            raise NotExportable(
                f"round {rnd.number}",
                "pod tables (more than two players at a table) cannot be written in TRF",
            )
        for m in rnd.matches:
            for pid in m.players:
                other = numbers.get(m.opponent_of(pid), 0)
                games[rnd.number, pid] = round_text(other, _colour(m, pid), _result_code(m, pid))
        for bye in rnd.byes:
            games[rnd.number, bye.player] = _bye_text(bye)
    numbers_of_rounds = [r.number for r in stage.rounds]
    lines: list[PlayerLine] = []
    for player in by_number:
        pid = player.id
        if pid not in ranks:
            unranked += 1
            ranks[pid] = unranked
        static = static_text(
            numbers[pid],
            player.sex or "",
            player.title or "",
            player.name,
            "" if player.rating is None else str(player.rating),
            player.federation or "",
            player.fide_id or "",
            player.birth_date or "",
            points_text(points.get(pid, Fraction(0)), pid),
            str(ranks[pid]),
        )
        if player.rating is not None and player.rating > 9999:
            raise NotExportable(f"players[{pid!r}].rating", "a TRF rating has at most 4 digits")
        rounds = tuple(games.get((n, pid), BLANK_ROUND) for n in numbers_of_rounds)
        lines.append(PlayerLine(pid, static, rounds))
    return lines


def _bye_text(bye: Bye) -> str:
    return round_text(0, codes.NO_COLOUR, codes.BYE_CODES[bye.kind])


def _line(line: PlayerLine, layout: TrfLayout) -> str:
    written = layout.written

    def spelled(key: str, text: str) -> str:
        kept = written.get(key)
        return kept[1] if kept is not None and kept[0] == text else text

    text = spelled(written_key(line.player), line.static)
    if line.rounds:
        text = text.ljust(STATIC_WIDTH)
    for number, rnd in enumerate(line.rounds, start=1):
        text += "  " + spelled(written_key(line.player, number), rnd)
    return text.rstrip(" ") + layout.trailing.get(line.player, "")


def _header(
    tournament: Tournament, stage: Stage, layout: TrfLayout | None, details: EventDetails | None
) -> TrfLayout:
    """The layout to write with: the file's, its ``012`` line renamed if the event was and,
    with ``details``, its other header records brought up to date (``_details_kept``); or
    fairpair's header for an event that never was a TRF file (with ``details``: ``022`` to
    ``132`` after ``012``)."""
    name_line = f"{NAME_TAG} {tournament.name}"
    players = tournament.players_of(stage)
    records = header_lines(details, players) if details is not None else {}
    if layout is None:
        kept = [(0, name_line)]
        kept.extend((0, line) for tag in TAGS for line in records.get(tag, ()))
        if stage.max_rounds is not None:
            kept.append((0, f"{ROUNDS_TAG} {stage.max_rounds}"))
        kept.extend((0, line) for line in _ruleset_lines(stage))
        kept.extend((0, line) for line in _dutch_lines(stage, players))
        return TrfLayout(kept=tuple(kept))
    kept = list(layout.kept)
    for i, (where, line) in enumerate(kept):
        if line.startswith(NAME_TAG):
            if line[4:].strip() != tournament.name.strip():
                kept[i] = (where, name_line)
            break
    else:
        kept.insert(0, (0, name_line))
    if details is not None:
        kept = _details_kept(kept, records)
    return TrfLayout(
        layout.newline,
        layout.final_newline,
        layout.bom,
        layout.encoding,
        tuple(kept),
        layout.written,
        layout.trailing,
    )


def _details_kept(
    kept: list[tuple[int, str]], records: dict[str, list[str]]
) -> list[tuple[int, str]]:
    """An imported file's header lines with the event's details: a record that still says
    what the details say is kept as written; one that says otherwise is written afresh (or
    left out, when the detail was cleared); a detail the file had no record for is added
    after the records before it. The counted records (``062``, ``072``, ``082``, ``132``)
    are brought up to date only when the file has them."""
    out = list(kept)
    for tag in TAGS:
        wanted = records[tag]
        at = [i for i, (_, line) in enumerate(out) if line[:3] == tag]
        if at:
            written = [out[i][1] for i in at]
            if same_value(tag, written, wanted):
                continue
            where = out[at[0]][0]
            for i in reversed(at):
                del out[i]
            for k, line in enumerate(wanted):
                out.insert(at[0] + k, (where, line))
            continue
        if not wanted or tag in COUNTED:
            continue
        before = [
            i
            for i, (where, line) in enumerate(out)
            if where == 0 and (line[:3] == NAME_TAG or line[:3] in TAGS[: TAGS.index(tag)])
        ]
        place = before[-1] + 1 if before else 0
        for k, line in enumerate(wanted):
            out.insert(place + k, (0, line))
    return out


def write_trf(
    tournament: Tournament,
    layout: TrfLayout | None = None,
    stage_id: str | None = None,
    details: EventDetails | None = None,
) -> str:
    """The stage ``stage_id`` (default: the stage being played) as TRF text, with the
    event's ``details`` in the header records ``022``-``132`` (``header``).

    ``NotExportable`` when the stage holds what TRF cannot say (pod tables, a skipped match,
    points finer than tenths)."""
    stage = tournament.stage(stage_id)
    lines = player_lines(tournament, stage)
    used = _header(tournament, stage, layout, details)
    out: list[str] = []
    kept = sorted(used.kept, key=lambda k: k[0])
    k = 0
    for index, line in enumerate(lines):
        while k < len(kept) and kept[k][0] <= index:
            out.append(kept[k][1])
            k += 1
        out.append(_line(line, used))
    out.extend(line for _, line in kept[k:])
    text = used.newline.join(out)
    return text + used.newline if used.final_newline and out else text


def _ruleset_lines(stage: Stage) -> list[str]:
    """``162`` (the scoring) and ``202`` (the tie-breaks) when the stage's ruleset is not the
    ``fide`` preset's (TRF-2026 "Tournament Section")."""
    ruleset = stage.ruleset
    out: list[str] = []
    s = ruleset.scoring
    if (s.win, s.draw, s.loss, s.forfeit_loss, s.bye) != (
        FIDE.scoring.win,
        FIDE.scoring.draw,
        FIDE.scoring.loss,
        FIDE.scoring.forfeit_loss,
        FIDE.scoring.bye,
    ):
        values = (("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.forfeit_loss), ("P", s.bye))
        out.append("162  " + "    ".join(f"{k}{points_text(v, k):>4}" for k, v in values))
    if isinstance(stage.config, RoundRobinConfig):
        double = stage.config.cycles == 2
        out.append(f"192 {'FIDE_DOUBLEROUNDROBIN' if double else 'FIDE_ROUNDROBIN'}")
    if ruleset.tiebreaks != FIDE.tiebreaks:
        names = [code_of(n) for n in ruleset.tiebreaks]
        out.append("202 " + ",".join(names))
    return out


def _dutch_lines(stage: Stage, players: tuple[Player, ...]) -> list[str]:
    """For a Dutch stage: ``192 FIDE_DUTCH_2025`` (``…_BAKU`` with Baku acceleration), ``XXC``
    (the initial colour: the stage's, or the one drawn from its seed) and an ``XXP`` line per
    forbidden pair (bbpPairings' and JaVaFo's records), so that another pairing program
    pairs the file as fairpair does."""
    swiss = stage.swiss
    if swiss is None or swiss.pairing_method is not PairingMethod.DUTCH:
        return []
    numbers = start_numbers(players)
    colour = "white1" if initial_colour(stage) is Colour.WHITE else "black1"
    out = [
        f"{ENCODED_TYPE_TAG} {DUTCH_TYPE}{'_BAKU' if swiss.baku else ''}",
        f"XXC {colour}",
    ]
    out.extend(
        f"XXP {numbers[a]} {numbers[b]}"
        for a, b in swiss.forbidden_pairs
        if a in numbers and b in numbers
    )
    return out


def encode_trf(text: str, layout: TrfLayout | None) -> bytes:
    """The file's bytes: in the file's encoding when it can hold the text, else UTF-8; with
    its byte order mark if it had one."""
    encoding = layout.encoding if layout is not None else "utf-8"
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        encoding, data = "utf-8", text.encode("utf-8")
    if layout is not None and layout.bom and encoding == "utf-8":
        data = b"\xef\xbb\xbf" + data
    return data
