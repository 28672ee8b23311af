"""A minimal TRF-16 reader for the golden tiebreak files in ``tests/data/fide_tiebreaks``.

Reads only what the tiebreaks need: the ``001`` player lines (start number, name, rating,
and ten columns per round from column 92: opponent, colour (kept as the match's toss: White
plays first), result — see RULES.md) and
``XXR`` (number of rounds); a ``192`` record naming a round robin (``FIDE_ROUNDROBIN``) makes
the stage a round robin. Result codes: ``1 = 0`` and ``W D L`` played; ``+ -`` a forfeit
(both ``-`` against each other: a double forfeit); ``U`` pairing-allocated bye, ``F`` full-point
bye, ``H`` half-point bye, ``Z`` (or ``-`` against ``0000``) zero-point bye; a blank round is
one the player was not in.
"""

from __future__ import annotations

from fractions import Fraction

from fairpair.engine.players import Player
from fairpair.engine.results import Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round, Toss, TossReason
from fairpair.engine.ruleset import Ruleset
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import FormatConfig, RoundRobinConfig, SwissConfig
from fairpair.engine.tournament import Tournament

_BYES = {"U": ByeKind.PAIRING, "F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}
_PLAYED = {"1": "w", "=": "d", "0": "l", "W": "w", "D": "d", "L": "l"}


def read_trf(text: str, ruleset: Ruleset) -> tuple[Tournament, dict[str, Fraction]]:
    """The event as a one-stage tournament (player ids ``p<start number>``) and the points
    column of each player."""
    players: list[Player] = []
    games: dict[int, dict[int, tuple[int, str, str]]] = {}
    points: dict[str, Fraction] = {}
    rounds = 0
    round_robin = False
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("XXR"):
            rounds = int(line[4:].split()[0])
        if line.startswith("192") and "ROUNDROBIN" in line.upper():
            round_robin = True
        if not line.startswith("001"):
            continue
        number = int(line[4:8])
        rating = int(line[48:52].strip() or 0) or None  # blank or 0: unrated
        pid = f"p{number}"
        players.append(Player(pid, line[14:47].strip(), seed=number, rating=rating))
        points[pid] = Fraction(line[80:84].strip())
        games[number] = {}
        r = 0
        while 91 + 10 * r < len(line):
            cell = line[91 + 10 * r : 99 + 10 * r].ljust(8)
            r += 1
            if cell.strip():
                games[number][r] = (int(cell[0:4]), cell[7].upper(), cell[5].lower())
            rounds = max(rounds, r)
    built: list[Round] = []
    for r in range(1, rounds + 1):
        matches: list[Match] = []
        byes: list[Bye] = []
        for number, per_round in sorted(games.items()):
            if r not in per_round:
                continue
            opponent, code, colour = per_round[r]
            if opponent == 0:
                byes.append(Bye(f"p{number}", _BYES["Z" if code in "-Z " else code]))
                continue
            if opponent < number:
                continue  # written once, from the lower start number
            other = games[opponent][r][1]
            if code in _PLAYED:
                outcome = _PLAYED[code]
                result = (
                    Result.draw()
                    if outcome == "d"
                    else Result.win(Side.A if outcome == "w" else Side.B)
                )
            elif code == "+":
                result = Result.forfeit(Side.A)
            elif code == "-" and other == "+":
                result = Result.forfeit(Side.B)
            else:
                result = Result(ResultKind.DOUBLE_FORFEIT)
            # The colours as a recorded toss: White plays first (C.07 art. 7.3/7.4 read them).
            white = {"w": f"p{number}", "b": f"p{opponent}"}.get(colour)
            toss = None if white is None else Toss(white, TossReason.RECORDED, manual=True)
            matches.append(Match(len(matches) + 1, f"p{number}", f"p{opponent}", result, toss))
        built.append(Round(r, tuple(matches), tuple(byes)))
    config: FormatConfig = (
        RoundRobinConfig()
        if round_robin
        else SwissConfig(max_rounds=rounds or None)  # XXR: the event's declared rounds
    )
    stage = Stage(config=config, ruleset=ruleset, seed="trf", rounds=tuple(built))
    return Tournament("trf", tuple(players), (stage,)), points
