"""The buttons of a self-report, and what their ``custom_id`` carries: the round and table
the buttons were drawn for (a button of an earlier round must not report the next one) and,
to answer a report, the report's version the player saw (a report changed since is
refused, as on the player page).

- ``report:ROUND:TABLE:W-L-D`` — report these games (won, lost, drawn: the clicker's side);
- ``confirm:ROUND:TABLE:VERSION`` / ``dispute:ROUND:TABLE:VERSION`` — answer the
  opponent's report; ``say:ROUND:TABLE:VERSION:W-L-D`` — dispute it with these games.
"""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.i18n import gettext as _
from fairpair.service.results.current_match import Score
from fairpair.service.results.self_reports import ReportState
from fairpair.web.discord.replies import DANGER, PRIMARY, SECONDARY, SUCCESS, Button


@dataclass(frozen=True, slots=True)
class Pressed:
    """A report button, read back."""

    action: str
    round: int
    table: int
    version: int | None
    score: Score | None


def label(score: Score) -> str:
    said = {"win": _("I won"), "loss": _("I lost"), "draw": _("draw")}[score.outcome]
    return f"{score.text} {said}"


def _games(score: Score) -> str:
    return f"{score.won}-{score.lost}-{score.drawn}"


def choice_buttons(state: ReportState, *, action: str = "report") -> tuple[Button, ...]:
    """One button per one-tap score of the match's format (the player's side)."""
    at = f"{state.round}:{state.table}"
    if action == "say":
        at += f":{state.version}"
    style = {"win": SUCCESS, "loss": DANGER, "draw": SECONDARY}
    return tuple(
        Button(label(c), f"{action}:{at}:{_games(c)}", style[c.outcome])
        for c in state.choices
        if action != "say" or c != state.reported
    )


def answer_buttons(state: ReportState) -> tuple[Button, ...]:
    at = f"{state.round}:{state.table}:{state.version}"
    return (
        Button("Confirm", f"confirm:{at}", SUCCESS),
        Button("Dispute", f"dispute:{at}", PRIMARY),
    )


def pressed(custom_id: str) -> Pressed | None:
    """The button ``custom_id`` names, or ``None`` (not a report button, or malformed)."""
    parts = custom_id.split(":")
    action = parts[0]
    shapes = {"report": 4, "confirm": 4, "dispute": 4, "say": 5}
    if shapes.get(action) != len(parts) or not all(p.isdigit() for p in parts[1:-1]):
        return None
    score = None
    if action in ("report", "say"):
        games = parts[-1].split("-")
        if len(games) != 3 or not all(g.isdigit() and len(g) <= 2 for g in games):
            return None
        score = Score(int(games[0]), int(games[1]), int(games[2]))
    elif not parts[-1].isdigit():
        return None
    version = int(parts[3]) if action != "report" else None
    return Pressed(action, int(parts[1]), int(parts[2]), version, score)
