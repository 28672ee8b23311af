"""The tournament records that decide how fairpair counts: the number of rounds
(``142``, JaVaFo's ``XXR``), the scoring (``162``, JaVaFo's ``XXS``) and the tie-break list
(``202``, ``212``). Sources: TRF-2026 ("Tournament Section", tags 142–212; FIDE Handbook,
TRF26.pdf, applied from 1 September 2025) and the JaVaFo Advanced User Manual (XXR, XXS,
XXC). Every other record is kept as written (``TrfLayout``), not interpreted.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from fractions import Fraction

from fairpair.engine.ruleset import Ruleset
from fairpair.engine.rulesets import FIDE
from fairpair.engine.scoring import Scoring
from fairpair.engine.tiebreaks.parameters import KOYA, TAKES_UNRATED, BadParameter, modified
from fairpair.engine.tiebreaks.registry import REGISTRY, get_tiebreak, tiebreak_problem

ROUNDS_TAGS = ("142", "XXR")
TYPE_TAG = "092"
ENCODED_TYPE_TAG = "192"
SCORING_TAGS = ("162", "XXS")
TIEBREAK_TAGS = ("212", "202")

#: FIDE C.07 tie-break codes (with their modifiers, as TRF-2026 records ``202``/``212`` and
#: FIDE's TieBreakServer spell them) → fairpair's tiebreaks. The first code of a tiebreak is
#: the one written; the others are read too (``GE``, the 2024 name of ``REP``). A code not
#: here is looked up by the tiebreaks' own short names (``Tiebreak.short``: ``BH-C1``,
#: ``MPW``, …, as older fairpair files wrote them).
TIEBREAK_CODES = {
    "BH": "buchholz",
    "BH/C1": "buchholz_cut1",
    "BH/C2": "buchholz_cut2",
    "BH/M1": "median1",
    "BH/M2": "median2",
    "BH/P": "buchholz_forfeits",
    "FB": "fore_buchholz",
    "FB/C1": "fore_buchholz_cut1",
    "FB/C2": "fore_buchholz_cut2",
    "FB/M1": "fore_buchholz_median1",
    "FB/M2": "fore_buchholz_median2",
    "FB/P": "fore_buchholz_forfeits",
    "AOB": "aob",
    "AOB/F": "aob_fore",
    "SB": "sonneborn_berger",
    "SB/C1": "sonneborn_berger_cut1",
    "SB/C2": "sonneborn_berger_cut2",
    "SB/P": "sonneborn_berger_forfeits",
    "DE": "head_to_head",
    "DE/P": "head_to_head_forfeits",
    "WIN": "wins",
    "WON": "matches_won",
    "BPG": "black_games",
    "BWG": "black_wins",
    "REP": "rounds_elected",
    "GE": "rounds_elected",
    "PS": "progressive",
    "PS/C1": "progressive_cut1",
    "PS/C2": "progressive_cut2",
    "KS": "koya",
    "ARO": "aro",
    "ARO/C1": "aro_cut1",
    "ARO/C2": "aro_cut2",
    "ARO/M1": "aro_median1",
    "ARO/M2": "aro_median2",
    "TPR": "tpr",
    "PTP": "ptp",
    "APRO": "apro",
    "APPO": "appo",
    "STD": "standard_points",
    "TPN": "seed",
    "RTNG": "rating",
}

#: fairpair's tiebreak → the code written for it (the first one above).
CODE_OF: dict[str, str] = {}
for _code, _name in TIEBREAK_CODES.items():
    CODE_OF.setdefault(_name, _code)

#: TRF-2026 ``192`` (encoded type of tournament) values of an individual round robin, and
#: their cycles; ``092`` (type of tournament, free text) names one as ``Round-Robin``,
#: ``Round Robin``, ``RR`` or ``Berger`` ("double" for two cycles), never with "Swiss".
ROUND_ROBIN_TYPES = {
    "FIDE_ROUNDROBIN": 1,
    "BERGER_ROUNDROBIN": 1,
    "CUSTOM_ROUNDROBIN": 1,
    "FIDE_DOUBLEROUNDROBIN": 2,
    "BERGER_DOUBLEROUNDROBIN": 2,
}

#: ``192`` codes of the Dutch system (bbpPairings writes ``FIDE_DUTCH_2025``): whether Baku
#: acceleration (C.04.5.1) is on.
DUTCH_TYPES = {
    "FIDE_DUTCH_2025": False,
    "FIDE_DUTCH": False,
    "FIDE_DUTCH_2025_BAKU": True,
    "FIDE_DUTCH_BAKU": True,
}
DUTCH_TYPE = "FIDE_DUTCH_2025"

_POINTS = re.compile(r"^\d{1,3}(?:\.\d)?$")

#: Report a problem at a column of the tag's line: (column, reason).
Report = Callable[[int, str], None]


def points_value(text: str) -> Fraction | None:
    """``"11.5"`` → 23/2; ``None`` when it is not a number of points."""
    text = text.strip()
    return Fraction(text) if _POINTS.match(text) else None


def number_of_rounds(line: str, report: Report) -> int | None:
    text = line[4:].strip()
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        report(5, f"the number of rounds must be a whole number from 1 to 1000, not {text!r}")
        return None
    return int(text)


def round_robin_cycles(line: str) -> int | None:
    """A ``192`` or ``092`` record that says the tournament is an individual round robin: its
    cycles (1, or 2 for a double round robin); ``None`` for anything else (a Swiss, a team
    event, a type fairpair does not read)."""
    text = line[4:].strip().upper()
    if line[:3] == ENCODED_TYPE_TAG:
        return ROUND_ROBIN_TYPES.get(text)
    if "SWISS" in text or "TEAM" in text:
        return None
    words = set(re.split(r"[^A-Z]+", text))
    if "ROBIN" in words or "ROUNDROBIN" in words or "RR" in words or "BERGER" in words:
        return 2 if "DOUBLE" in words or "DRR" in words else 1
    return None


def dutch_type(line: str) -> bool | None:
    """A ``192`` record naming the FIDE Dutch system: whether with Baku acceleration;
    ``None`` for any other record or type."""
    if line[:3] != ENCODED_TYPE_TAG:
        return None
    return DUTCH_TYPES.get(line[4:].strip().upper())


def scoring_162(line: str, report: Report) -> dict[str, Fraction]:
    """``162`` (TRF-2026): a result symbol at column 6, its points at 7–10, the next symbol at
    15, … — ``W`` win (also forfeit win and full-point bye), ``D`` draw (and half-point bye),
    ``L`` loss, ``A`` absence (zero-point bye, forfeit loss), ``P`` pairing-allocated bye,
    ``X`` unknown result."""
    values: dict[str, Fraction] = {}
    for column in range(6, len(line) + 1, 9):
        symbol = line[column - 1].upper()
        if symbol == " " and not line[column - 1 : column + 8].strip():
            continue
        points = points_value(line[column : column + 4])
        if symbol not in "WDLAPX":
            report(column, f"{symbol!r} is not a result of the scoring record (W D L A P X)")
        elif points is None:
            report(
                column + 1, f"points must be written like 11.5, not {line[column : column + 4]!r}"
            )
        else:
            values[symbol] = points
    return values


def scoring_xxs(line: str, report: Report) -> dict[str, Fraction]:
    """``XXS`` (JaVaFo): ``KEY=POINTS`` pairs — WW BW (win with White, Black), WD BD, WL BL,
    ZPB HPB FPB PAB (zero, half, full, pairing-allocated byes), FW FL (forfeit win, loss),
    W D (win, draw with either colour)."""
    symbols = {
        "W": ("W",),
        "WW": ("W",),
        "BW": ("W",),
        "D": ("D",),
        "WD": ("D",),
        "BD": ("D",),
        "WL": ("L",),
        "BL": ("L",),
        "ZPB": ("A",),
        "HPB": ("H",),
        "FPB": ("F",),
        "PAB": ("P",),
        "FW": ("FW",),
        "FL": ("FL",),
    }
    values: dict[str, Fraction] = {}
    for found in re.finditer(r"\S+", line[4:]):
        column = found.start() + 5
        key, _, text = found.group().partition("=")
        targets = symbols.get(key.upper())
        points = points_value(text)
        if targets is None or points is None:
            report(column, f"{found.group()!r} is not KEY=POINTS with a JaVaFo scoring key")
            continue
        for target in targets:
            if values.setdefault(target, points) != points:
                report(column, f"{key} gives {text}, another key of the same result differs")
    return values


def scoring_of(values: dict[str, Fraction], report: Report) -> Scoring:
    """The ``fide`` preset's scoring with a file's values; a value fairpair cannot hold is
    reported (every scoring bye is worth the same ``bye``; a zero-point bye is worth 0)."""
    base = FIDE.scoring
    win = values.get("W", base.win)
    draw = values.get("D", base.draw)
    bye = values.get("P", values.get("F", win))
    changes = (
        Scoring(
            win=win,
            draw=draw,
            loss=values.get("L", base.loss),
            bye=bye,
            half_bye=values.get("H", draw),
            forfeit_win=values.get("FW", win),
            forfeit_loss=values.get("FL", values.get("A", base.forfeit_loss)),
        )
        if win > 0
        else base
    )
    full = values.get("F", win)
    if full != bye:
        report(
            5,
            "a pairing-allocated bye and a full-point bye worth different points: "
            "fairpair scores every full bye alike",
        )
    if values.get("A", Fraction(0)) != 0:
        report(5, "a zero-point bye (A) worth points: fairpair scores a zero-point bye 0")
    if win <= 0:
        report(5, "a win must be worth more than 0 points")
        return base
    return dataclasses.replace(
        base,
        win=changes.win,
        draw=changes.draw,
        loss=changes.loss,
        bye=changes.bye,
        half_bye=changes.half_bye,
        forfeit_win=changes.forfeit_win,
        forfeit_loss=changes.forfeit_loss,
    )


def tiebreaks_of(line: str, standings: bool, report: Report) -> tuple[str, ...]:
    """``202`` (the tie-breaks) or ``212`` (the standings: ``PTS`` first) as fairpair names."""
    names: list[str] = []
    for found in re.finditer(r"[^\s,]+", line[4:]):
        code = found.group().upper()
        if standings and code == "PTS" and not names:
            continue
        try:
            name = tiebreak_of_code(code)
        except BadParameter as error:
            report(found.start() + 5, f"tie-break {found.group()!r}: {error}")
            continue
        if name is None:
            known = ", ".join([*TIEBREAK_CODES, "PTS"] if standings else TIEBREAK_CODES)
            report(
                found.start() + 5,
                f"unknown tie-break {found.group()!r} (known: {known}; with /L<percent>, "
                "/L+n, /L-n on KS, /U<rating> on RTNG, ARO, TPR, PTP, APRO, APPO)",
            )
        else:
            names.append(name)
    return tuple(names)


#: A modifier with a value (C.07 art. 14, as TieBreakServer reads it): Koya's limit ``L60``
#: (per cent), ``L+1`` / ``L-1`` (half-points), ``L+1.5`` (with a dot: points); a rating for
#: unrated players ``U1000``. At most 9 digits (longer is out of every range anyway).
_LIMIT_PERCENT = re.compile(r"L(\d{1,9})")
_LIMIT_HALVES = re.compile(r"L([+-])(\d{1,9})")
_LIMIT_POINTS = re.compile(r"L([+-])(\d{0,9})\.(\d{0,9})")
_UNRATED = re.compile(r"U(\d{1,9})")


def tiebreak_of_code(code: str) -> str | None:
    """A FIDE code (upper case: ``BH/C1``, ``KS/L60``, ``ARO/C1/U1000``) as fairpair's name;
    ``None`` when unknown; ``BadParameter`` (the reason) when its value modifier is not
    allowed. A value modifier may stand anywhere after the name (``ARO/U1000/C1``), one per
    tie-break."""
    by_short = {tb.short.upper(): name for name, tb in REGISTRY.items()}
    parts = code.split("/")
    valued = [m for m in parts[1:] if m.startswith(("L", "U"))]
    plain = "/".join(m for m in parts if m not in valued)
    base = TIEBREAK_CODES.get(plain) or by_short.get(plain)
    if base is None or not valued:
        return None if valued else base
    if len(valued) > 1:
        raise BadParameter("one /L or /U modifier per tie-break")
    name = _modified_name(base, valued[0])
    problem = tiebreak_problem(name)
    if problem is not None:
        raise BadParameter(problem.partition(": ")[2])
    return name


def _modified_name(base: str, modifier: str) -> str:
    """fairpair's name of tie-break ``base`` with the value ``modifier`` (``L60``, ``U1000``)."""
    if modifier.startswith("U"):
        if base not in TAKES_UNRATED:
            raise BadParameter("/U<rating> is for RTNG, ARO and its cuts, TPR, PTP, APRO, APPO")
        rating = _UNRATED.fullmatch(modifier)
        if rating is None:
            raise BadParameter("/U takes a rating (/U1000)")
        return f"{base}_unrated_{int(rating.group(1))}"
    if base != KOYA:
        raise BadParameter("/L (a limit) is for KS (Koya)")
    percent = _LIMIT_PERCENT.fullmatch(modifier)
    if percent is not None:
        return f"{KOYA}_limit_{int(percent.group(1))}"
    halves = _LIMIT_HALVES.fullmatch(modifier)
    points = _LIMIT_POINTS.fullmatch(modifier)
    if halves is not None:
        sign, count = halves.group(1), int(halves.group(2))
    elif points is not None and (points.group(2) or points.group(3)):
        sign = points.group(1)
        moved = 2 * Fraction(f"{points.group(2) or 0}.{points.group(3) or 0}")
        if moved.denominator != 1:
            raise BadParameter("/L±n.m moves the limit by points: a whole number of half-points")
        count = int(moved)
    else:
        raise BadParameter("/L takes a percentage (/L60) or a move in half-points (/L+1, /L-1)")
    if count == 0:
        return KOYA
    return f"{KOYA}_limit_{'plus' if sign == '+' else 'minus'}_{count}"


def code_of(name: str) -> str:
    """The FIDE code written in ``202`` for fairpair's tiebreak ``name``: ``BH/C1``,
    ``KS/L60``, ``ARO/C1/U1000`` (the tiebreak's short name when FIDE has no code)."""
    found = modified(name)
    if found is None:
        return CODE_OF.get(name) or get_tiebreak(name).short
    return (CODE_OF.get(found.base) or get_tiebreak(found.base).short) + found.suffix


def ruleset_of(scoring: Scoring | None, tiebreaks: tuple[str, ...] | None) -> Ruleset:
    """The ``fide`` preset, with the file's scoring and tie-breaks when it gives them."""
    if scoring is None and tiebreaks is None:
        return FIDE
    changes: dict[str, object] = {}
    if scoring is not None and scoring != FIDE.scoring:
        changes["scoring"] = scoring
    if tiebreaks is not None and tiebreaks != FIDE.tiebreaks:
        changes["tiebreaks"] = tiebreaks
    if not changes:
        return FIDE
    return dataclasses.replace(FIDE, **changes, base=FIDE.name)  # type: ignore[arg-type]
