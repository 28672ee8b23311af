"""``fairpair rounds N``: how many Swiss rounds to play for N players (guidance only)."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument

#: The largest field ``rounds`` answers for (larger is a usage error, exit 2).
MAX_PLAYERS = 10_000_000


def _count(value: float | int) -> str:
    return f"{value:.1f}".removesuffix(".0")


@handles_errors
def rounds(
    players: Annotated[
        int,
        Argument(
            metavar="N",
            min=2,
            max=MAX_PLAYERS,
            help=f"How many players (or teams): 2 to {MAX_PLAYERS:,}.",
            show_default=False,
        ),
    ],
    as_json: options.Json = False,
) -> None:
    """Recommend rounds: log2(N) rounded up, the Magic table for draw-heavy fields, and the
    expected records."""
    from fairpair.cli.output import print_json
    from fairpair.cli.screen import screen, write
    from fairpair.cli.table import Column, TextTable, draw, row
    from fairpair.cli.text import plural
    from fairpair.engine.pairing.recommended import expected_records, log2_rounds, magic_rounds
    from fairpair.responses.values import decimal

    log2 = log2_rounds(players)
    magic, playoff = magic_rounds(players)
    expected = {r: expected_records(players, r) for r in sorted({log2, magic})}
    if as_json:
        print_json(
            {
                "players": players,
                "log2_rounds": log2,
                "magic_rounds": magic,
                "magic_playoff": playoff,
                "expected": {
                    str(r): {str(e.losses): decimal(e.players) for e in rows}
                    for r, rows in expected.items()
                },
            }
        )
        return
    out = screen()
    columns = (
        Column("Rounds", "right"),
        Column("Undefeated", "right"),
        Column("One loss", "right"),
        Column("Two losses", "right"),
    )
    body = tuple(
        row(str(r), *[_count(decimal(e.players)) for e in rows], *["—"] * (3 - len(rows)))
        for r, rows in expected.items()
    )
    lines = [
        f"{plural(players, 'player')}: {plural(log2, 'round')} for one undefeated player "
        "(⌈log₂ N⌉).",
        f"Draw-heavy fields (Magic Tournament Rules, Appendix E): {plural(magic, 'round')}; "
        f"playoff {playoff}.",
    ]
    note = (
        "N × C(rounds, losses) ÷ 2^rounds: the field halving cleanly each round; byes, "
        "draws and drops move a few players. Guidance only — max rounds is the stage's."
    )
    table = TextTable("Players expected on each record", columns, body, (note,))
    write("".join(out.clean(line) + "\n" for line in lines) + draw(table, out))
