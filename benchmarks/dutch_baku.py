"""Check: fairpair's Baku acceleration (C.04.5.1) against bbpPairings' accelerated Dutch pairing.

    FAIRPAIR_BBP=/path/to/bbpPairings.exe uv run python benchmarks/dutch_baku.py FILE.trf ...
    FAIRPAIR_BBP=... uv run python benchmarks/dutch_baku.py tests/engine/pairing/dutch/bbp/*.trf \\
        --keep tests/engine/pairing/dutch/baku

bbpPairings has no Baku switch for the Dutch system, but it pairs with the virtual points a
TRF file gives in ``XXA`` records (one per player: the points added in each round). For each
tournament file and each accelerated round ``k`` (the first ``⌈R / 2⌉`` rounds), this script
writes the file as it stood before round ``k``: rounds ``1 … k − 1``, round ``k``'s column
holding only ``0000 - Z`` for the players that round did not pair (and their own bye code for
a half- or full-point bye), ``XXR R``, ``XXC white1``, and an ``XXA`` line for every GA player
with C.04.5.1's virtual points (``fairpair.engine.pairing.dutch.baku``). bbpPairings pairs it;
fairpair pairs the same players with the same virtual points; the boards, colours and bye must
be the same. ``--keep DIR`` writes each input and bbpPairings' answer there (the suite's
``test_baku.py`` reads them). Prints the differing rounds and the totals.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from fairpair.engine.pairing.dutch.baku import baku_groups, virtual_points
from fairpair.engine.pairing.dutch.field import dutch_field
from fairpair.engine.pairing.dutch.model import Colour, DutchField, Game
from fairpair.engine.pairing.dutch.pairer import pair_dutch
from fairpair.engine.pairing.dutch.replay import round_players
from fairpair.interop.trf.reader import load_trf

FIRST_ROUND = 91  # 0-based index of round 1's ten columns in a player line


def accelerated_field(path: Path, k: int) -> tuple[DutchField, str]:
    """Round ``k`` of the tournament in ``path``: fairpair's field with Baku virtual points,
    and the TRF text bbpPairings is given for it."""
    event = load_trf(path)
    tournament = event.tournament
    stage = tournament.stages[0]
    total = len(stage.rounds)
    rounds = {r.number: r for r in stage.rounds}
    present = round_players(rounds[k])
    first = round_players(rounds[1])
    groups = baku_groups([int(p) for p in first])
    scoring = (2, 1)  # half-points: a win, a draw
    numbers = {p.id: int(p.id) for p in tournament.players}
    field = dutch_field(
        tournament,
        stage,
        k,
        present=present,
        numbers=numbers,
        rounds_total=total,
        initial_colour=Colour.WHITE,
    )
    virtual = {
        e.key: tuple(virtual_points(r, total, *scoring) for r in range(1, k + 1))
        for e in field.entrants
        if groups.in_group_a(int(e.key))
    }
    field = replace(
        field,
        entrants=tuple(replace(e, virtual=virtual.get(e.key, ())) for e in field.entrants),
    )
    text = path.read_text().replace("\r\n", "\n").replace("\r", "\n")
    lines = ["012 Baku check", f"XXR {total}", "XXC white1"]
    present_set = set(present)
    for line in text.split("\n"):
        if not line.startswith("001"):
            continue
        pid = str(int(line[4:8]))
        kept = line[: FIRST_ROUND + 10 * (k - 1)].rstrip()
        column = line[FIRST_ROUND + 10 * (k - 1) : FIRST_ROUND + 10 * k]
        if pid not in present_set:
            code = column[7:8] if column[7:8] in ("H", "F") else "Z"
            kept = kept.ljust(FIRST_ROUND + 10 * (k - 1) - 2) + f"  0000 - {code}"
        lines.append(_rescored(kept, k - 1))
    for pid, points in sorted(virtual.items(), key=lambda item: int(item[0])):
        lines.append(f"XXA {int(pid):4d} " + " ".join(f"{p / 2:4.1f}" for p in points))
    return field, "\n".join(lines) + "\n"


def _rescored(line: str, played: int) -> str:
    """The player line with its points column (81–84) the sum of its first ``played`` rounds."""
    value = {"1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "W": 2, "D": 1, "L": 0, "H": 1, "F": 2}
    value |= {"U": 2, "Z": 0, " ": 0}
    total = 0
    for r in range(played):
        chunk = line[FIRST_ROUND + 10 * r : FIRST_ROUND + 10 * r + 8]
        total += value.get(chunk[7:8] or " ", 0)
    return line[:80] + f"{total / 2:4.1f}" + line[84:]


def bbp_pairing(bbp: str, text: str, folder: Path, name: str) -> tuple[set[Game], str | None]:
    source = folder / f"{name}.trf"
    source.write_text(text)
    out = folder / f"{name}.pairs"
    subprocess.run([bbp, "--dutch", str(source), "-p", str(out)], check=True, capture_output=True)
    return read_pairs(out.read_text())


def read_pairs(text: str) -> tuple[set[Game], str | None]:
    """bbpPairings' ``-p`` answer: a count, then ``white black`` per board (``0``: the bye)."""
    games: set[Game] = set()
    bye = None
    for row in text.split("\n")[1:]:
        if not row.strip():
            continue
        white, black = row.split()
        if black == "0":
            bye = white
        else:
            games.add(Game(white, black))
    return games, bye


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    bbp = os.environ.get("FAIRPAIR_BBP")
    if not bbp or not Path(bbp).is_file():
        print("set FAIRPAIR_BBP to a bbpPairings binary (built from its public source)")
        return 2
    folder = args.keep or Path(tempfile.mkdtemp(prefix="dutch-baku-"))
    folder.mkdir(parents=True, exist_ok=True)
    differing = checked = 0
    for path in args.files:
        total = len(load_trf(path).tournament.stages[0].rounds)
        for k in range(1, -(-total // 2) + 1):
            field, text = accelerated_field(path, k)
            theirs = bbp_pairing(bbp, text, folder, f"{path.stem}_r{k}")
            mine = pair_dutch(field)
            checked += 1
            if (set(mine.games), mine.bye) != theirs:
                differing += 1
                print(
                    f"{path.name} round {k}: fairpair {sorted(set(mine.games) - theirs[0])} "
                    f"bbp {sorted(theirs[0] - set(mine.games))} bye {mine.bye}/{theirs[1]}"
                )
    print(f"{checked} accelerated rounds: {differing} differ from bbpPairings")
    return 0 if differing == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
