"""The stage form: a stage's settings as the console's form fields, and back.

The form is flat text (what a browser posts): ``format``, ``ruleset`` and the ordered
``tiebreaks``; the Swiss fields (pairing method, max rounds, groups, forbidden pairs, toss
and tie policy); the Swiss elimination thresholds; the playoff fields (third place, cycles,
pod size and remainder); and the top cut. ``settings_of_form`` turns it into the document
settings the service checks (``service.rounds.stages``), keeping only the chosen format's fields;
``field_of`` names the form field a refusal is about, so the message shows next to it.

Without JavaScript the up/down/remove/add buttons of the tiebreak list and the "show this
format's settings" button post the form back (``move``): it comes back re-ordered, unsaved,
with everything typed kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from fairpair.engine.errors import FairpairError
from fairpair.engine.rulesets import PRESETS, autopilot_default, swiss_defaults
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import (
    PairingMethod,
    PodsConfig,
    RemainderMode,
    RoundRobinConfig,
    SingleEliminationConfig,
    StageFormat,
    SwissConfig,
    SwissEliminationConfig,
)
from fairpair.engine.tiebreaks.base import Tiebreak
from fairpair.engine.tiebreaks.parameters import BadParameter
from fairpair.engine.tiebreaks.registry import REGISTRY, get_tiebreak, tiebreak_problem
from fairpair.i18n import N_, gettext, pgettext
from fairpair.interop.trf.tags import CODE_OF, tiebreak_of_code
from fairpair.web.numbers import is_whole

FORMATS: tuple[tuple[str, str], ...] = (
    (StageFormat.SWISS.value, N_("Swiss")),
    (StageFormat.SWISS_ELIMINATION.value, N_("Swiss elimination")),
    (StageFormat.SINGLE_ELIMINATION.value, N_("Single elimination")),
    (StageFormat.DOUBLE_ELIMINATION.value, N_("Double elimination")),
    (StageFormat.ROUND_ROBIN.value, N_("Round robin")),
    (StageFormat.PODS.value, N_("Pods")),
)
SWISSES = (StageFormat.SWISS.value, StageFormat.SWISS_ELIMINATION.value)
#: Which formats show which group of fields (``data-formats`` in the template).
SHOWN = {
    "swiss": SWISSES,
    "elimination": (StageFormat.SWISS_ELIMINATION.value,),
    "max_rounds": (StageFormat.SWISS.value, StageFormat.PODS.value),
    "third_place": (StageFormat.SINGLE_ELIMINATION.value,),
    "cycles": (StageFormat.ROUND_ROBIN.value,),
    "pods": (StageFormat.PODS.value,),
}
RULESETS = tuple(PRESETS)
TIEBREAKS = tuple(REGISTRY)
PAIRING_METHODS = tuple(m.value for m in PairingMethod)
REMAINDERS = tuple(m.value for m in RemainderMode)
TOSS_POLICIES = (("neutral", N_("Neutral")), ("catch-up", N_("Catch-up")))


def pairing_methods() -> tuple[tuple[str, str], ...]:
    """The pairing methods as the form's select shows them, in the current language (the
    values stay the engine's ids; English shows the ids)."""
    names = {
        PairingMethod.ADJACENT.value: pgettext("pairing method", "adjacent"),
        PairingMethod.SLIDE.value: pgettext("pairing method", "slide"),
        PairingMethod.FOLD.value: pgettext("pairing method", "fold"),
        PairingMethod.RANDOM.value: pgettext("pairing method", "random"),
        PairingMethod.DUTCH.value: pgettext("pairing method", "dutch"),
    }
    return tuple((m, names.get(m, m)) for m in PAIRING_METHODS)


def remainders() -> tuple[tuple[str, str], ...]:
    """Pods: what to do with the players left over, as the form's select shows it, in the
    current language (values: the engine's ids)."""
    names = {
        RemainderMode.SMALLER.value: pgettext("players left over", "smaller"),
        RemainderMode.LARGER.value: pgettext("players left over", "larger"),
        RemainderMode.BYES.value: pgettext("players left over", "byes"),
    }
    return tuple((m, names.get(m, m)) for m in REMAINDERS)


INITIAL_COLOURS = (("", N_("Drawn by lot")), ("white", N_("White")), ("black", N_("Black")))
#: The texts of the Dutch system (``engine.stage_config.DutchText``), the one in force first.
DUTCH_TEXTS = (
    ("2026", N_("In force from 1 February 2026")),
    ("2025", N_("The 2025 text (1 July 2025 to 31 January 2026)")),
)
#: The settings this form edits (an edit sets the others of these to "removed").
MANAGED = (
    "name",
    "format",
    "ruleset",
    "pairing_method",
    "initial_colour",
    "baku",
    "dutch_text",
    "max_rounds",
    "half_point_byes",
    "groups",
    "forbidden_pairs",
    "toss",
    "elimination",
    "slide_first_round",
    "third_place",
    "cycles",
    "pod_size",
    "remainder",
    "cut",
    "autopilot",
)
CHECKS = (
    "autopilot",
    "baku",
    "toss_enabled",
    "slide_first_round",
    "third_place",
    "cut_replace_dropped",
    "cut_automatic",
)


def preset_tiebreaks(ruleset: str) -> list[str]:
    preset = PRESETS.get(ruleset)
    return list(preset.tiebreaks) if preset is not None else []


def default_form(ruleset: str = "default") -> dict[str, Any]:
    """A new stage's form: a Swiss stage of ``ruleset`` (the previous stage's), with the
    settings its game expects (``engine.rulesets.swiss_defaults``: chess with its colours
    on, ``fide`` pairing top half against bottom half)."""
    preset = PRESETS.get(ruleset)
    swiss = swiss_defaults(preset) if preset is not None else SwissConfig()
    return {
        "name": "",
        "id": "",
        "format": StageFormat.SWISS.value,
        "ruleset": ruleset,
        "tiebreaks": preset_tiebreaks(ruleset),
        "tiebreaks_for": ruleset,
        "pairing_method": swiss.pairing_method.value,
        **({"toss_enabled": "1"} if swiss.toss.enabled else {}),
        "toss_policy": "neutral",
        "slide_first_round": "1",
        "cycles": "1",
        "pod_size": "4",
        "remainder": RemainderMode.SMALLER.value,
        "cut_by": "top",
        "cut_replace_dropped": "1",
        "cut_automatic": "1",
        **({"autopilot": "1"} if preset is not None and autopilot_default(preset) else {}),
    }


def _text(value: object) -> str:
    return "" if value is None else str(value)


def form_of_stage(stage: Stage) -> dict[str, Any]:
    """The form of an existing stage."""
    ruleset = stage.ruleset.base or stage.ruleset.name
    values = default_form(ruleset if ruleset in PRESETS else "default")
    values.update(
        name=stage.name,
        id=stage.id,
        format=stage.format.value,
        ruleset=ruleset,
        tiebreaks=list(stage.ruleset.tiebreaks),
        tiebreaks_for=ruleset,
        autopilot="1" if stage.autopilot else "",
    )
    config = stage.config
    if isinstance(config, SwissConfig):
        values.update(
            pairing_method=config.pairing_method.value,
            max_rounds=_text(config.max_rounds),
            groups="\n".join(f"{g.name}: {', '.join(g.players)}" for g in config.groups),
            forbidden_pairs="\n".join(f"{a}, {b}" for a, b in config.forbidden_pairs),
            toss_enabled="1" if config.toss.enabled else "",
            toss_policy=config.toss.policy.value,
            half_point_byes=_text(config.half_point_byes),
            initial_colour=_text(config.initial_colour and config.initial_colour.value),
            baku="1" if config.baku else "",
            dutch_text=config.dutch_text.value,
        )
    if isinstance(config, SwissEliminationConfig):
        values.update(
            wins_to_advance=_text(config.thresholds.wins_to_advance),
            losses_to_eliminate=_text(config.thresholds.losses_to_eliminate),
            slide_first_round="1" if config.slide_first_round else "",
        )
    if isinstance(config, SingleEliminationConfig):
        values["third_place"] = "1" if config.third_place else ""
    if isinstance(config, RoundRobinConfig):
        values["cycles"] = _text(config.cycles)
    if isinstance(config, PodsConfig):
        values.update(
            pod_size=_text(config.pod_size),
            remainder=config.remainder.value,
            max_rounds=_text(config.max_rounds),
        )
    cut = stage.cut
    if cut is not None:
        values.update(
            cut_from=cut.from_stage,
            cut_by="percent" if cut.percent is not None else "top",
            cut_top=_text(cut.top),
            cut_percent=_percent(cut.percent),
            cut_replace_dropped="1" if cut.replace_dropped else "",
            cut_automatic="1" if cut.automatic else "",
        )
    return values


def _percent(value: Fraction | None) -> str:
    if value is None:
        return ""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.4f}".rstrip("0")


def read_form(form: Mapping[str, str], tiebreaks: list[str]) -> dict[str, Any]:
    """The posted form (``tiebreaks`` in their order) as the form's values."""
    values: dict[str, Any] = {k: v for k, v in form.items() if k not in ("csrftoken", "move")}
    for check in CHECKS:
        values[check] = "1" if form.get(check) else ""
    values["tiebreaks"] = [t for t in tiebreaks if t]
    ruleset = str(values.get("ruleset", "default"))
    made_for = str(values.get("tiebreaks_for", ruleset))
    if made_for != ruleset and values["tiebreaks"] == preset_tiebreaks(made_for):
        values["tiebreaks"] = preset_tiebreaks(ruleset)  # a new preset, not yet reordered
    values["tiebreaks_for"] = ruleset
    return values


def apply_move(values: dict[str, Any], move: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The form after one of its buttons (``up:2``, ``down:0``, ``remove:1``, ``add``,
    ``reset``, ``format``): re-ordered, not saved; with the reason next to its field when the
    tiebreak to add has a modifier it does not take."""
    order: list[str] = list(values.get("tiebreaks", []))
    errors: dict[str, str] = {}
    action, _, where = move.partition(":")
    index = int(where) if is_whole(where) else -1
    if action == "up" and 0 < index < len(order):
        order[index - 1], order[index] = order[index], order[index - 1]
    elif action == "down" and 0 <= index < len(order) - 1:
        order[index + 1], order[index] = order[index], order[index + 1]
    elif action == "remove" and 0 <= index < len(order):
        del order[index]
    elif action == "add":
        chosen = str(values.get("add_tiebreak", ""))
        added: str | None = chosen
        modifier = str(values.get("add_tiebreak_modifier", "")).strip()
        if chosen in REGISTRY and modifier:
            added = with_modifier(chosen, modifier)
            if added is None:
                errors["add_tiebreak_modifier"] = gettext(
                    "%(tiebreak)s does not take the modifier %(modifier)s (FIDE C.07: /L60, "
                    "/L+1 or /L-1 on Koya; /U1000 on the rating tie-breaks)"
                ) % {"tiebreak": REGISTRY[chosen].short, "modifier": modifier}
        if added is not None and tiebreak_problem(added) is None and added not in order:
            order.append(added)
    elif action == "reset":
        order = preset_tiebreaks(str(values.get("ruleset", "default")))
    kept = {} if errors else {"add_tiebreak_modifier": ""}  # added: the box empties
    return {**values, "tiebreaks": order, **kept}, errors


def with_modifier(name: str, modifier: str) -> str | None:
    """The tiebreak ``name`` with a FIDE value modifier written as C.07 does (``/L60``,
    ``L+1``, ``/U1000``): its parametrised name (``koya_limit_60``, ``aro_unrated_1000``), read
    as a TRF ``202`` code is; ``None`` when the tiebreak does not take it."""
    code = CODE_OF.get(name) or REGISTRY[name].short
    try:
        return tiebreak_of_code(f"{code}/{modifier.lstrip('/')}".upper())
    except BadParameter:
        return None


def named_tiebreak(name: str) -> Tiebreak | None:
    """A tiebreak of the order list (a parametrised one too: "Koya, limit 60%"); ``None``
    for a name that is none."""
    try:
        return get_tiebreak(name)
    except FairpairError:
        return None


def _number(values: Mapping[str, Any], field: str, errors: dict[str, str]) -> int | None:
    text = str(values.get(field, "")).strip()
    if not text:
        return None
    if not is_whole(text) or len(text) > 9:
        errors[field] = gettext("%(value)s is not a whole number") % {"value": repr(text)}
        return None
    return int(text)


def _player(text: str, players: Mapping[str, str]) -> str:
    """A player named in a text box: their id, or a name (any case) that one player has."""
    return players.get(text.lower(), text)


def _groups(text: str, players: Mapping[str, str], errors: dict[str, str]) -> list[dict[str, Any]]:
    groups = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, sep, members = line.partition(":")
        if not sep or not name.strip():
            errors["groups"] = gettext(
                "line %(line)s: write a group as 'Name: player, player, ...'"
            ) % {"line": n}
            return []
        ids = [_player(m.strip(), players) for m in members.split(",") if m.strip()]
        groups.append({"name": name.strip(), "players": ids})
    return groups


def _pairs(text: str, players: Mapping[str, str], errors: dict[str, str]) -> list[list[str]]:
    pairs = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        two = [p.strip() for p in re.split(r"[,;]", line) if p.strip()]
        if len(two) != 2:
            errors["forbidden_pairs"] = gettext(
                "line %(line)s: write two players separated by a comma"
            ) % {"line": n}
            return []
        pairs.append([_player(two[0], players), _player(two[1], players)])
    return pairs


def settings_of_form(
    values: Mapping[str, Any], players: Mapping[str, str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The document settings of the form's ``values`` (only the chosen format's fields) and
    the fields that cannot be read. ``players`` maps lower-case names to ids."""
    errors: dict[str, str] = {}
    fmt = str(values.get("format", StageFormat.SWISS.value))
    if fmt not in dict(FORMATS):
        errors["format"] = gettext("choose a format: %(formats)s") % {
            "formats": ", ".join(dict(FORMATS))
        }
        return {}, errors
    ruleset = str(values.get("ruleset", "default"))
    tiebreaks = list(values.get("tiebreaks", []))
    settings: dict[str, Any] = {"format": fmt, "autopilot": bool(values.get("autopilot"))}
    name = str(values.get("name", "")).strip()
    if name:
        settings["name"] = name
    if tiebreaks != preset_tiebreaks(ruleset):
        settings["ruleset"] = {"base": ruleset, "tiebreaks": tiebreaks}
    else:
        settings["ruleset"] = ruleset
    if fmt in SWISSES:
        settings["pairing_method"] = str(values.get("pairing_method", "adjacent"))
        colour = str(values.get("initial_colour", ""))
        if colour not in dict(INITIAL_COLOURS):
            errors["initial_colour"] = gettext("choose drawn by lot, White or Black")
        elif colour:
            settings["initial_colour"] = colour
        if values.get("baku"):
            settings["baku"] = True
        text = str(values.get("dutch_text", "") or "2026")
        if text not in dict(DUTCH_TEXTS):
            errors["dutch_text"] = gettext("choose the text in force or the 2025 text")
        elif text != "2026":
            settings["dutch_text"] = text
        groups = _groups(str(values.get("groups", "")), players, errors)
        if groups:
            settings["groups"] = groups
        pairs = _pairs(str(values.get("forbidden_pairs", "")), players, errors)
        if pairs:
            settings["forbidden_pairs"] = pairs
        if values.get("toss_enabled"):
            settings["toss"] = {
                "enabled": True,
                "policy": str(values.get("toss_policy", "neutral")),
            }
    if fmt in SWISSES:
        half = _number(values, "half_point_byes", errors)
        if half is not None:
            settings["half_point_byes"] = half
    if fmt in SHOWN["max_rounds"]:
        rounds = _number(values, "max_rounds", errors)
        if rounds is not None:
            settings["max_rounds"] = rounds
    if fmt in SHOWN["elimination"]:
        wins = _number(values, "wins_to_advance", errors)
        losses = _number(values, "losses_to_eliminate", errors)
        if wins is None and "wins_to_advance" not in errors:
            errors["wins_to_advance"] = gettext("how many wins advance a player")
        if losses is None and "losses_to_eliminate" not in errors:
            errors["losses_to_eliminate"] = gettext("how many losses eliminate a player")
        if wins is not None and losses is not None:
            settings["elimination"] = {"wins_to_advance": wins, "losses_to_eliminate": losses}
        settings["slide_first_round"] = bool(values.get("slide_first_round"))
    if fmt in SHOWN["third_place"]:
        settings["third_place"] = bool(values.get("third_place"))
    if fmt in SHOWN["cycles"]:
        settings["cycles"] = _number(values, "cycles", errors) or 1
    if fmt in SHOWN["pods"]:
        settings["pod_size"] = _number(values, "pod_size", errors) or 4
        settings["remainder"] = str(values.get("remainder", "smaller"))
    cut_from = str(values.get("cut_from", "")).strip()
    if cut_from:
        cut: dict[str, Any] = {"from_stage": cut_from}
        if values.get("cut_by") == "percent":
            text = str(values.get("cut_percent", "")).strip()
            if not re.fullmatch(r"\d{1,3}(\.\d{1,4})?", text):
                errors["cut_percent"] = gettext("a per cent such as 25 or 12.5")
            else:
                cut["percent"] = text
        else:
            top = _number(values, "cut_top", errors)
            if top is None and "cut_top" not in errors:
                errors["cut_top"] = gettext("how many players the cut seats (top 8: 8)")
            cut["top"] = top
        cut["replace_dropped"] = bool(values.get("cut_replace_dropped"))
        cut["automatic"] = bool(values.get("cut_automatic"))
        settings["cut"] = cut
    return settings, errors


#: Swiss-only settings the form does not show; a stage that stops being Swiss loses them.
SWISS_ONLY = ("prefer_repeat_bye", "assigned_byes")


def edit_changes(settings: Mapping[str, Any], old: Mapping[str, Any]) -> dict[str, Any]:
    """The ``edit_stage`` changes that make stored settings ``old`` into the form's
    ``settings``: every setting the form manages (``None`` removes it), and a ruleset's
    other changes (scoring, floors...) kept — the form edits only its preset and order."""
    changes = {k: settings.get(k) for k in MANAGED}
    before = old.get("ruleset")
    if isinstance(before, dict):
        chosen: Any = changes["ruleset"]
        base = chosen if isinstance(chosen, str) else str(chosen["base"])
        merged = {**before, "base": base}
        merged.pop("tiebreaks", None)
        if isinstance(chosen, dict) and "tiebreaks" in chosen:
            merged["tiebreaks"] = chosen["tiebreaks"]
        changes["ruleset"] = merged if set(merged) != {"base"} else base
    if settings.get("format") not in SWISSES:
        changes.update(dict.fromkeys(SWISS_ONLY))
    return changes


#: A refusal's setting (the first part of its path) → the form field it shows next to.
_FIELDS = {
    "name": "name",
    "id": "id",
    "format": "format",
    "pairing_method": "pairing_method",
    "initial_colour": "initial_colour",
    "baku": "baku",
    "dutch_text": "dutch_text",
    "max_rounds": "max_rounds",
    "half_point_byes": "half_point_byes",
    "groups": "groups",
    "forbidden_pairs": "forbidden_pairs",
    "toss": "toss_policy",
    "slide_first_round": "slide_first_round",
    "third_place": "third_place",
    "cycles": "cycles",
    "pod_size": "pod_size",
    "remainder": "remainder",
    "participants": "_form",
    "autopilot": "autopilot",
}
_WORDS = re.compile(r"\b(" + "|".join([*_FIELDS, "elimination", "cut", "tiebreaks"]) + r")\b")


def field_of(error: FairpairError) -> str:
    """The form field a refusal of the stage is about (``_form``: the top of the form)."""
    path = [str(p) for p in error.location.path]
    if path[:1] == ["stage"] or not path:
        found = _WORDS.search(error.reason.split(":", 1)[0]) or _WORDS.search(error.reason)
        path = [found.group(1)] if found else []
    if not path:
        return "_form"
    head = path[0]
    if head == "ruleset":
        return "tiebreaks" if "tiebreaks" in path else "ruleset"
    if head == "tiebreaks":
        return "tiebreaks"
    if head == "elimination":
        return path[1] if len(path) > 1 else "wins_to_advance"
    if head == "cut":
        second = path[1] if len(path) > 1 else "top"
        return {"from_stage": "cut_from", "percent": "cut_percent"}.get(second, "cut_top")
    return _FIELDS.get(head, "_form")
