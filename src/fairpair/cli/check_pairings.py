"""``fairpair check-pairings FILE.trf``: replay a TRF tournament round by round and say where the
recorded pairing or colours differ from the FIDE Dutch system's (C.04.3, the 2025 text).

Exit 0 when every round matches, 11 when one or more differ (docs/cli.md "Exit codes").
"""

from __future__ import annotations

from fairpair.cli import options
from fairpair.cli.errors import handles_errors


@handles_errors
def check_pairings(file: options.File, as_json: options.Json = False) -> None:
    """Replay a TRF tournament by the FIDE Dutch system; exit 11 when a round differs."""
    from fairpair.cli.params import Exit
    from fairpair.cli.screen import screen, write
    from fairpair.engine.pairing.dutch.replay import infer_initial_colour, replay
    from fairpair.error_table import ExitCode
    from fairpair.interop.errors import UnreadableFile
    from fairpair.interop.files import is_trf
    from fairpair.interop.trf.pairing_tags import initial_colour
    from fairpair.interop.trf.reader import load_trf
    from fairpair.responses.pairing_check import pairing_check_response

    if not is_trf(file):
        raise UnreadableFile(str(file), "is not a TRF file: check-pairings reads FIDE TRF files")
    event = load_trf(file)
    tournament = event.tournament
    stage = tournament.stages[0]
    numbers = {p.id: p.seed if p.seed is not None else int(p.id) for p in tournament.players}
    stated = initial_colour(line for _, line in event.layout.kept)
    colour = stated if stated is not None else infer_initial_colour(stage, numbers)
    cap = stage.round_cap
    total = cap if cap is not None else len(stage.rounds)
    checks = replay(
        tournament,
        stage,
        numbers=numbers,
        rounds_total=total,
        initial_colour=colour,
        forbidden=tuple(stage.forbidden_pairs),
    )
    names = {p.id: p.name for p in tournament.players}
    out = screen()
    if as_json:
        from fairpair.cli.output import json_text

        payload = pairing_check_response(
            str(file),
            checks,
            names,
            rounds_total=total,
            initial_colour=colour.value,
            stated=stated is not None,
        ).model_dump(mode="json")
        write(json_text(payload, out.encoding))
    else:
        lines = [
            f"{file}: {tournament.name}, {len(tournament.players)} players, "
            f"{len(checks)} rounds of {total}; initial colour {colour.value}"
            + ("" if stated is not None else " (inferred from round 1: the file has no XXC)"),
            "FIDE Dutch system, C.04.3 (2025 text, in force from 1 February 2026)",
            "",
        ]

        def board(white: str, black: str) -> str:
            return f"{white} {names.get(white, '')} – {black} {names.get(black, '')}"

        for c in checks:
            if c.matches:
                lines.append(f"Round {c.number}: matches")
                continue
            if c.impossible:
                lines.append(f"Round {c.number}: differs — no pairing keeps the absolute criteria")
                continue
            lines.append(f"Round {c.number}: differs")
            for g in c.only_recorded:
                lines.append(f"  recorded, not Dutch: {board(g.white, g.black)} (White first)")
            for g in c.only_dutch:
                lines.append(f"  Dutch, not recorded: {board(g.white, g.black)} (White first)")
            if c.recorded_bye != c.dutch_bye:
                lines.append(
                    f"  pairing-allocated bye: recorded {c.recorded_bye or 'none'}, "
                    f"Dutch {c.dutch_bye or 'none'}"
                )
        differing = sum(1 for c in checks if not c.matches)
        lines.append("")
        lines.append(
            "every round matches"
            if differing == 0
            else f"{differing} of {len(checks)} rounds differ"
        )
        write("".join(out.clean(line) + "\n" for line in lines))
    if any(not c.matches for c in checks):
        raise Exit(int(ExitCode.PAIRINGS_DIFFER))
