"""``fairpair stage add|edit``: a saved event's stages and their settings.

Settings are the tournament document's stage keys (docs/tournament-document.md, "A stage");
the common ones have their own option, any other is ``--set KEY=JSON`` (``null`` removes it).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group("stage", "Add a stage or change its settings (max rounds, ruleset, toss...).")


class Format(StrEnum):
    SWISS = "swiss"
    SWISS_ELIMINATION = "swiss_elimination"
    SINGLE_ELIMINATION = "single_elimination"
    DOUBLE_ELIMINATION = "double_elimination"
    ROUND_ROBIN = "round_robin"
    PODS = "pods"


class Remainder(StrEnum):
    SMALLER = "smaller"
    LARGER = "larger"
    BYES = "byes"


class Method(StrEnum):
    ADJACENT = "adjacent"
    SLIDE = "slide"
    FOLD = "fold"
    RANDOM = "random"


class OnOff(StrEnum):
    ON = "on"
    OFF = "off"


class Policy(StrEnum):
    NEUTRAL = "neutral"
    CATCH_UP = "catch-up"


Ruleset = Annotated[
    str | None,
    Option("--ruleset", metavar="NAME", help="The ruleset: " + ", ".join(options.RULESETS) + "."),
]
MethodOption = Annotated[
    Method | None,
    Option(
        "--method",
        metavar="METHOD",
        case_sensitive=False,
        help="Pairing inside score groups: adjacent, slide, fold or random.",
    ),
]
MaxRounds = Annotated[
    str | None,
    Option("--max-rounds", metavar="N", help="The round cap: a number, or none."),
]
Toss = Annotated[
    OnOff | None,
    Option("--toss", metavar="on|off", case_sensitive=False, help="Who plays first: by the toss."),
]
TossPolicy = Annotated[
    Policy | None,
    Option(
        "--toss-policy",
        metavar="POLICY",
        case_sensitive=False,
        help="When the toss is still tied: neutral or catch-up (docs/toss.md).",
    ),
]
Auto = Annotated[
    OnOff | None,
    Option(
        "--auto",
        metavar="on|off",
        case_sensitive=False,
        help="The autopilot: each round starts itself at the last result of the round before "
        "(round 1 by hand; docs/autopilot.md).",
    ),
]
Seed = Annotated[
    str | None,
    Option("--seed", metavar="TEXT", help="The stage seed (random choices follow it)."),
]
Sets = Annotated[
    list[str] | None,
    Option(
        "--set",
        metavar="KEY=JSON",
        help="Any other stage setting, as JSON (repeatable); KEY=null removes it.",
    ),
]


def _common(
    ruleset: str | None,
    method: Method | None,
    max_rounds: str | None,
    seed: str | None,
    sets: list[str] | None,
) -> dict[str, Any]:
    from fairpair.cli.parsing import parse_count, parse_setting

    changes: dict[str, Any] = {}
    if ruleset is not None:
        from fairpair.engine.rulesets import get_ruleset

        changes["ruleset"] = get_ruleset(ruleset, "--ruleset").name
    if method is not None:
        changes["pairing_method"] = method.value
    if max_rounds is not None:
        changes["max_rounds"] = parse_count(max_rounds, "--max-rounds")
    if seed is not None:
        changes["seed"] = seed
    for item in sets or []:
        key, value = parse_setting(item)
        changes[key] = value
    return changes


def _toss(toss: OnOff | None, policy: Policy | None, current: dict[str, Any]) -> Any:
    """The ``toss`` setting after ``--toss`` and ``--toss-policy`` (the rest kept)."""
    merged = dict(current)
    if toss is not None:
        merged["enabled"] = toss is OnOff.ON
    if policy is not None:
        merged["policy"] = policy.value
    return merged


def _cut(
    cut_from: str | None,
    top: int | None,
    percent: str | None,
    sizes: str | None,
    replace_dropped: OnOff | None,
    automatic: OnOff | None,
) -> dict[str, Any] | None:
    """The ``cut`` setting from the cut options (``None`` when none is given)."""
    from fairpair.cli.parsing import BadValue

    given = (top, percent, sizes, replace_dropped, automatic)
    if cut_from is None:
        if any(v is not None for v in given):
            raise BadValue("--cut-from", "a cut needs the stage it is made from: --cut-from STAGE")
        return None
    if (top is None) == (percent is None):
        raise BadValue("--top", "give the cut as --top N or --percent P (one of them)")
    cut: dict[str, Any] = {"from_stage": cut_from}
    if top is not None:
        cut["top"] = top
    if percent is not None:
        cut["percent"] = percent.strip().rstrip("%")
    if sizes is not None:
        try:
            cut["sizes"] = [int(s) for s in sizes.split(",") if s.strip()]
        except ValueError:
            raise BadValue(
                "--sizes", f"{sizes!r} is not a list of whole numbers (4,8,16)"
            ) from None
    if replace_dropped is not None:
        cut["replace_dropped"] = replace_dropped is OnOff.ON
    if automatic is not None:
        cut["automatic"] = automatic is OnOff.ON
    return cut


def _summary(settings: dict[str, Any]) -> str:
    import json

    shown = {k: v for k, v in settings.items() if k != "id"}
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in shown.items())


@command(GROUP, "add")
@handles_errors
def add(
    event: options.Event,
    stage_id: Annotated[
        str | None, Option("--id", metavar="ID", help="The stage's id (default: stage-N).")
    ] = None,
    name: Annotated[str | None, Option("--name", metavar="TEXT", help="Its display name.")] = None,
    stage_format: Annotated[
        Format | None,
        Option(
            "--format",
            metavar="FORMAT",
            case_sensitive=False,
            help="swiss (default), swiss_elimination, single_elimination, double_elimination, "
            "round_robin or pods.",
        ),
    ] = None,
    ruleset: Ruleset = None,
    method: MethodOption = None,
    max_rounds: MaxRounds = None,
    seed: Seed = None,
    toss: Toss = None,
    toss_policy: TossPolicy = None,
    auto: Auto = None,
    wins: Annotated[
        int | None,
        Option("--wins-to-advance", metavar="N", min=1, help="Swiss elimination: wins to advance."),
    ] = None,
    losses: Annotated[
        int | None,
        Option(
            "--losses-to-eliminate",
            metavar="N",
            min=1,
            help="Swiss elimination: losses to be eliminated.",
        ),
    ] = None,
    cut_from: Annotated[
        str | None,
        Option(
            "--cut-from",
            metavar="STAGE",
            help="The field is the top cut of STAGE (with --top N or --percent P).",
        ),
    ] = None,
    top: Annotated[
        int | None, Option("--top", metavar="N", min=2, help="A cut of N seats.")
    ] = None,
    percent: Annotated[
        str | None,
        Option("--percent", metavar="P", help="A cut of P% of the players who took part."),
    ] = None,
    sizes: Annotated[
        str | None,
        Option("--sizes", metavar="LIST", help="The sizes a percentage rounds to (4,8,16)."),
    ] = None,
    replace_dropped: Annotated[
        OnOff | None,
        Option(
            "--replace-dropped",
            metavar="on|off",
            case_sensitive=False,
            help="A player who drops after the cut is replaced by the next (on, default) "
            "or by nobody (off, Riftbound).",
        ),
    ] = None,
    automatic: Annotated[
        OnOff | None,
        Option(
            "--auto-cut",
            metavar="on|off",
            case_sensitive=False,
            help="Draw the cut when the last match of --cut-from is reported (on, default), "
            "or when the organizer runs `fairpair cut EVENT --draw` (off).",
        ),
    ] = None,
    third_place: Annotated[
        bool | None,
        Option("--third-place/--no-third-place", help="Single elimination: a third-place match."),
    ] = None,
    cycles: Annotated[
        int | None,
        Option("--cycles", metavar="1|2", help="Round robin: single (1) or double (2)."),
    ] = None,
    pod_size: Annotated[
        int | None,
        Option("--pod-size", metavar="N", help="Pods: seats per table, 3 to 10 (4)."),
    ] = None,
    remainder: Annotated[
        Remainder | None,
        Option(
            "--remainder",
            metavar="MODE",
            case_sensitive=False,
            help="Pods: the players left over go to smaller tables, larger tables, or byes.",
        ),
    ] = None,
    sets: Sets = None,
    *,
    run: options.Change,
) -> None:
    """Add a stage after the others (its players are the event's, or the top cut of an
    earlier stage with --cut-from)."""
    from fairpair.service.rounds.stages import add_stage

    settings = _common(ruleset, method, max_rounds, seed, sets)
    if stage_id is not None:
        settings["id"] = stage_id
    if name is not None:
        settings["name"] = name
    if stage_format is not None:
        settings["format"] = stage_format.value
    if toss is not None or toss_policy is not None:
        settings["toss"] = _toss(toss, toss_policy, settings.get("toss") or {})
    if wins is not None or losses is not None:
        elimination = dict(settings.get("elimination") or {})
        if wins is not None:
            elimination["wins_to_advance"] = wins
        if losses is not None:
            elimination["losses_to_eliminate"] = losses
        settings["elimination"] = elimination
    cut = _cut(cut_from, top, percent, sizes, replace_dropped, automatic)
    if cut is not None:
        settings["cut"] = cut
    if auto is not None:
        settings["autopilot"] = auto is OnOff.ON
    for key, value in (
        ("third_place", third_place),
        ("cycles", cycles),
        ("pod_size", pod_size),
        ("remainder", remainder.value if remainder is not None else None),
    ):
        if value is not None:
            settings[key] = value
    settings = {k: v for k, v in settings.items() if v is not None}
    with run.database() as base:
        key = add_stage(base, event, settings, actor=run.who)
    run.done(
        f"added stage {key} to {event}" + (f": {_summary(settings)}" if settings else ""),
        {"event": event, "stage": key},
    )


@command(GROUP, "edit")
@handles_errors
def edit(
    event: options.Event,
    stage: options.Stage = None,
    max_rounds: MaxRounds = None,
    ruleset: Ruleset = None,
    method: MethodOption = None,
    seed: Seed = None,
    toss: Toss = None,
    toss_policy: TossPolicy = None,
    auto: Auto = None,
    sets: Sets = None,
    *,
    run: options.Change,
) -> None:
    """Change a stage's settings, mid-event too (raise max rounds to play one more)."""
    from fairpair.cli.parsing import BadValue
    from fairpair.service.rounds.stages import edit_stage

    changes = _common(ruleset, method, max_rounds, seed, sets)
    if auto is not None:
        changes["autopilot"] = auto is OnOff.ON
    with run.database() as base:
        if toss is not None or toss_policy is not None:
            changes["toss"] = _toss(toss, toss_policy, _current_toss(base, event, stage))
        if not changes:
            raise BadValue(
                "stage edit",
                "nothing to change: give --max-rounds, --ruleset, --toss, --auto, --set ...",
            )
        settings = edit_stage(base, event, changes, actor=run.who, stage=stage)
    key = str(settings.get("id", stage or ""))
    run.done(
        f"stage {key} of {event} now: {_summary(settings) or 'all defaults'}",
        {"event": event, "stage": key, "settings": settings},
    )


def _current_toss(base: Any, event: str, stage: str | None) -> dict[str, Any]:
    """The stage's toss setting as it is (so ``--toss-policy`` alone keeps it on)."""
    from fairpair.service.event.events import export_event

    current = export_event(base, event).stage(stage).toss
    return {"enabled": current.enabled, "policy": current.policy.value}


class PilotAction(StrEnum):
    STATUS = "status"
    PAUSE = "pause"
    RESUME = "resume"


@command(GROUP, "autopilot")
@handles_errors
def autopilot(
    event: options.Event,
    action: Annotated[
        str | None,
        Argument(
            metavar="ACTION",
            help="Say what the autopilot does (status, the default), hold it (pause) or let it "
            "go on (resume: with every result of its round in, it moves on at once).",
        ),
    ] = None,
    stage: options.Stage = None,
    *,
    run: options.Change,
) -> None:
    """The stage's autopilot (turn it on or off with `stage edit --auto on|off`)."""
    from fairpair.cli.parsing import BadValue
    from fairpair.service.results.autopilot_status import autopilot_status
    from fairpair.service.rounds import autopilot as pilot

    try:
        chosen = PilotAction((action or "status").lower())
    except ValueError:
        raise BadValue("ACTION", f"{action!r}: say status, pause or resume") from None
    with run.database() as base:
        if chosen is PilotAction.PAUSE:
            pilot.pause(base, event, actor=run.who, stage=stage)
        elif chosen is PilotAction.RESUME:
            moved = pilot.resume(base, event, actor=run.who, stage=stage)
            if moved is not None:
                opened = ", ".join(f"{s} round {n}" for s, n in moved.opened)
                run.done(
                    f"resumed: round {moved.completed} of {moved.stage} completed"
                    + (f"; opened {opened}" if opened else ""),
                    {"event": event, "completed": moved.completed, "opened": moved.opened},
                )
                return
        status = autopilot_status(base, event, stage)
    if status is None:
        run.done(
            "the autopilot is off (turn it on: fairpair stage edit EVENT --auto on)",
            {"event": event, "autopilot": None},
        )
        return
    lines = [f"{status.headline} ({status.stage_name}): {status.why}", *status.holds]
    lines.append(f"The autopilot {status.plan}.")
    run.done(
        " ".join(lines),
        {
            "event": event,
            "autopilot": {
                "stage": status.stage,
                "state": status.state,
                "headline": status.headline,
                "why": status.why,
                "holds": list(status.holds),
                "plan": status.plan,
                "since": status.since.isoformat() if status.since else None,
            },
        },
    )
