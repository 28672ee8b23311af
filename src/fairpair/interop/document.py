"""The tournament document: one JSON file with players, stages, rounds, results and drops.

``load_document`` reads and validates a file into an engine ``Tournament``;
``to_document``/``dump_document`` write one back. The JSON Schema is published at
docs/tournament.schema.json (``fairpair schema`` prints it) and explained in
docs/tournament-document.md.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    Tag,
    ValidationError,
    WithJsonSchema,
    model_validator,
)

from fairpair.engine.drops import Drop
from fairpair.engine.errors import FairpairError, InvalidResult, InvalidStage, Location, parse_path
from fairpair.engine.players import Player
from fairpair.engine.results import GameScore, MatchFormat, Result, ResultKind, Side
from fairpair.engine.rounds import Bye, ByeKind, Match, Round, Toss, TossReason
from fairpair.engine.ruleset import Ruleset, UnplayedRounds, WinRateBasis
from fairpair.engine.rulesets import PRESETS, get_ruleset
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage import (
    AssignedBye,
    Elimination,
    Group,
    PairingMethod,
    Stage,
    StageFormat,
    TossPolicy,
    TossSettings,
    stage_from_settings,
)
from fairpair.engine.tiebreaks.registry import get_tiebreak
from fairpair.engine.tournament import Tournament
from fairpair.engine.validation import Problem, validate
from fairpair.interop.errors import DocumentError, MalformedJson, UnreadableFile

DOCUMENT_FORMAT: Literal["fairpair-tournament"] = "fairpair-tournament"
DOCUMENT_VERSION: Literal[1] = 1


def _exact(value: Any) -> Fraction:
    """Read an exact number: an integer, a decimal (0.33, read as written), or "a/b"."""
    if isinstance(value, bool):
        raise ValueError("expected a number, not true/false")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{value!r} is not a number like 3, 0.5 or 1/2") from None
    if isinstance(value, Fraction):
        return value
    raise ValueError('expected a number like 3, 0.5 or "1/2"')


def _exact_text(value: Fraction) -> int | str:
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


Exact = Annotated[
    Fraction,
    BeforeValidator(_exact),
    PlainSerializer(_exact_text),
    WithJsonSchema(
        {
            "oneOf": [
                {"type": "number"},
                {"type": "string", "pattern": r"^\s*-?\d+(\.\d+)?(\s*/\s*\d+)?\s*$"},
            ],
            "description": 'An exact number: 3, 0.33 or "1/2" (never rounded).',
        }
    ),
]

PlayerRef = Annotated[str, Field(min_length=1, description="A player id from `players`.")]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayerModel(_Model):
    id: PlayerRef
    name: str = Field(min_length=1)
    seed: int | None = Field(default=None, ge=1, description="1 is the top seed.")
    rating: int | None = Field(default=None, ge=0)
    team: str | None = None


class DropModel(_Model):
    player: PlayerRef
    after_round: int = Field(ge=0, description="Not paired after this round (0: before round 1).")
    stage: str | None = Field(
        default=None, description="Tournament-level drops: the stage whose rounds are meant."
    )


GameList = Annotated[
    list[Annotated[int, Field(ge=0)]],
    Field(min_length=2, max_length=3, description="[games won by a, by b, drawn games]"),
]


class ResultModel(_Model):
    """A reported result, told from side a (the match's first player) and side b."""

    kind: ResultKind = ResultKind.PLAYED
    winner: Literal["a", "b", "draw"] | None = Field(
        default=None,
        description="played: a, b or draw (may be left out when games decide it); "
        "forfeit: the side that did NOT forfeit.",
    )
    games: GameList | None = None

    @model_validator(mode="after")
    def _complete(self) -> ResultModel:
        if self.kind is ResultKind.PLAYED and self.winner is None and self.games is None:
            raise ValueError("a played result needs `winner` (a, b or draw) or `games`")
        if self.kind is ResultKind.INTENTIONAL_DRAW and self.winner not in (None, "draw"):
            raise ValueError("an intentional draw has no winner")
        return self

    def to_engine(self) -> Result:
        games = GameScore(*self.games) if self.games is not None else None
        winner: Side | None
        if self.winner in ("a", "b"):
            winner = Side(self.winner)
        elif self.winner is None and self.kind is ResultKind.PLAYED and games is not None:
            winner = games.winner()
        else:
            winner = None
        return Result(self.kind, winner, games)

    @staticmethod
    def from_engine(result: Result) -> ResultModel:
        winner: Literal["a", "b", "draw"] | None
        if result.winner is not None:
            winner = "a" if result.winner is Side.A else "b"
        elif result.kind is ResultKind.PLAYED:
            winner = "draw"
        else:
            winner = None
        games = None
        if result.games is not None:
            g = result.games
            games = [g.a, g.b, g.draws] if g.draws else [g.a, g.b]
        return ResultModel(kind=result.kind, winner=winner, games=games)


class TossModel(_Model):
    first: PlayerRef = Field(description="The player who plays first.")
    reason: TossReason = TossReason.MANUAL
    manual: bool = False


class MatchModel(_Model):
    table: int = Field(ge=1)
    a: PlayerRef
    b: PlayerRef
    result: ResultModel | None = Field(default=None, description="Absent until reported.")
    toss: TossModel | None = None


class ByeModel(_Model):
    player: PlayerRef
    kind: ByeKind = ByeKind.PAIRING

    @model_validator(mode="before")
    @classmethod
    def _no_result(cls, data: Any) -> Any:
        if isinstance(data, dict) and "result" in data:
            raise ValueError("a bye has no result: its points come from the bye kind")
        return data


class RoundModel(_Model):
    number: int = Field(ge=1)
    matches: list[MatchModel] = Field(default_factory=list)
    byes: list[ByeModel] = Field(default_factory=list)


class ScoringModel(_Model):
    win: Exact | None = None
    draw: Exact | None = None
    loss: Exact | None = None
    bye: Exact | None = None
    half_bye: Exact | None = None
    forfeit_win: Exact | None = None
    forfeit_loss: Exact | None = None
    game_win: Exact | None = None
    game_draw: Exact | None = None
    bye_games: GameList | None = None
    forfeit_games: GameList | None = None
    match_format: MatchFormat | None = None


class RulesetModel(_Model):
    """A ruleset: a preset (``base``) with any of its parts changed."""

    base: str = Field(default="default", description=f"One of: {', '.join(PRESETS)}.")
    scoring: ScoringModel | None = None
    tiebreaks: list[str] | None = None
    percentage_floor: Exact | None = None
    unplayed: UnplayedRounds | None = None
    byes_in_own_record: bool | None = None
    dropped_cap: Exact | None = None
    win_rate: WinRateBasis | None = None
    forfeits_have_opponent: bool | None = None


def _ruleset_tag(value: Any) -> str:
    return "preset" if isinstance(value, str) else "custom"


RulesetSpec = Annotated[
    Annotated[str, Tag("preset")] | Annotated[RulesetModel, Tag("custom")],
    Discriminator(_ruleset_tag),
]


class GroupModel(_Model):
    name: str = Field(min_length=1)
    players: list[PlayerRef]


class EliminationModel(_Model):
    wins_to_advance: int = Field(ge=1)
    losses_to_eliminate: int = Field(ge=1)


class AssignedByeModel(_Model):
    player: PlayerRef
    round: int = Field(ge=1)
    kind: ByeKind = ByeKind.FULL


class TossSettingsModel(_Model):
    enabled: bool = False
    policy: TossPolicy = TossPolicy.NEUTRAL


class StageModel(_Model):
    id: str = Field(default="swiss", min_length=1)
    name: str = "Swiss"
    format: StageFormat = StageFormat.SWISS
    ruleset: RulesetSpec = Field(
        default="default", description="A preset name, or a preset with changes."
    )
    pairing_method: PairingMethod = PairingMethod.ADJACENT
    slide_first_round: bool = True
    max_rounds: int | None = Field(default=None, ge=1)
    seed: str = Field(default="", description="The stage seed: random choices follow from it.")
    seeds: dict[str, Annotated[int, Field(ge=1)]] = Field(default_factory=dict)
    participants: list[PlayerRef] | None = None
    groups: list[GroupModel] = Field(default_factory=list)
    elimination: EliminationModel | None = None
    assigned_byes: list[AssignedByeModel] = Field(default_factory=list)
    forbidden_pairs: list[Annotated[list[PlayerRef], Field(min_length=2, max_length=2)]] = Field(
        default_factory=list
    )
    toss: TossSettingsModel = Field(default_factory=TossSettingsModel)
    rounds: list[RoundModel] = Field(default_factory=list)
    drops: list[DropModel] = Field(default_factory=list)


class TournamentModel(_Model):
    format: Literal["fairpair-tournament"] = DOCUMENT_FORMAT
    version: Literal[1] = DOCUMENT_VERSION
    name: str = Field(min_length=1)
    players: list[PlayerModel]
    stages: list[StageModel] = Field(default_factory=lambda: [StageModel()], min_length=1)
    drops: list[DropModel] = Field(default_factory=list)


# ------------------------------------------------------------------ model → engine
def _ruleset(spec: str | RulesetModel, where: str) -> Ruleset:
    if isinstance(spec, str):
        return get_ruleset(spec, where)
    base = get_ruleset(spec.base, f"{where}.base")
    for i, name in enumerate(spec.tiebreaks or ()):
        get_tiebreak(name, f"{where}.tiebreaks[{i}]")
    scoring = base.scoring
    if spec.scoring is not None:
        changes: dict[str, Any] = {
            k: v for k, v in spec.scoring.model_dump(exclude_none=True).items()
        }
        for key in ("bye_games", "forfeit_games"):
            if key in changes:
                changes[key] = GameScore(*changes[key])
        for key, value in list(changes.items()):
            if key not in ("bye_games", "forfeit_games", "match_format"):
                changes[key] = _exact(value)
        fields = {
            name: getattr(scoring, name)
            for name in (
                "win",
                "draw",
                "loss",
                "bye",
                "half_bye",
                "forfeit_win",
                "forfeit_loss",
                "game_win",
                "game_draw",
                "bye_games",
                "forfeit_games",
                "match_format",
            )
        }
        fields.update(changes)
        try:
            scoring = Scoring(**fields)
        except ValueError as error:
            raise DocumentError([Problem(f"{where}.scoring", str(error))]) from None
    if spec.percentage_floor is not None and not 0 <= spec.percentage_floor <= 1:
        problem = Problem(f"{where}.percentage_floor", "must be between 0 and 1 (0.33 is 33%)")
        raise DocumentError([problem])
    if spec.dropped_cap is not None and not 0 <= spec.dropped_cap <= 1:
        problem = Problem(f"{where}.dropped_cap", "must be between 0 and 1 (0.75 is 75%)")
        raise DocumentError([problem])
    return Ruleset(
        name=f"{base.name}*" if spec.model_fields_set - {"base"} else base.name,
        scoring=scoring,
        tiebreaks=tuple(spec.tiebreaks) if spec.tiebreaks is not None else base.tiebreaks,
        percentage_floor=(
            spec.percentage_floor if spec.percentage_floor is not None else base.percentage_floor
        ),
        unplayed=spec.unplayed or base.unplayed,
        byes_in_own_record=(
            spec.byes_in_own_record
            if spec.byes_in_own_record is not None
            else base.byes_in_own_record
        ),
        dropped_cap=spec.dropped_cap if spec.dropped_cap is not None else base.dropped_cap,
        win_rate=spec.win_rate or base.win_rate,
        forfeits_have_opponent=(
            spec.forfeits_have_opponent
            if spec.forfeits_have_opponent is not None
            else base.forfeits_have_opponent
        ),
    )


def _drop(d: DropModel) -> Drop:
    return Drop(d.player, d.after_round, d.stage)


def _stage(s: StageModel, where: str) -> Stage:
    rounds: list[Round] = []
    for ri, r in enumerate(s.rounds):
        matches = []
        for mi, m in enumerate(r.matches):
            try:
                result = m.result.to_engine() if m.result is not None else None
            except InvalidResult as error:
                at = f"{where}.rounds[{ri}].matches[{mi}].result.{error.where}"
                raise DocumentError([Problem(at, error.reason)]) from None
            toss = Toss(m.toss.first, m.toss.reason, m.toss.manual) if m.toss else None
            matches.append(Match(m.table, m.a, m.b, result, toss))
        byes = tuple(Bye(b.player, b.kind) for b in r.byes)
        rounds.append(Round(r.number, tuple(matches), byes))
    return stage_from_settings(
        id=s.id,
        name=s.name,
        format=s.format,
        ruleset=_ruleset(s.ruleset, f"{where}.ruleset"),
        pairing_method=s.pairing_method,
        slide_first_round=(
            s.slide_first_round if "slide_first_round" in s.model_fields_set else None
        ),
        max_rounds=s.max_rounds,
        seed=s.seed,
        seeds=dict(s.seeds),
        participants=tuple(s.participants) if s.participants is not None else None,
        groups=tuple(Group(g.name, tuple(g.players)) for g in s.groups),
        elimination=(
            Elimination(s.elimination.wins_to_advance, s.elimination.losses_to_eliminate)
            if s.elimination
            else None
        ),
        assigned_byes=tuple(AssignedBye(b.player, b.round, b.kind) for b in s.assigned_byes),
        forbidden_pairs=tuple((p[0], p[1]) for p in s.forbidden_pairs),
        toss=TossSettings(s.toss.enabled, s.toss.policy),
        rounds=tuple(sorted(rounds, key=lambda r: r.number)),
        drops=tuple(_drop(d) for d in s.drops),
        where=Location(parse_path(where), stage=s.id),
    )


def to_tournament(model: TournamentModel) -> Tournament:
    """The engine's ``Tournament`` for a schema-valid model, checked for consistency."""
    players = tuple(Player(p.id, p.name, p.seed, p.rating, p.team) for p in model.players)
    try:
        stages = tuple(_stage(s, f"stages[{i}]") for i, s in enumerate(model.stages))
    except InvalidStage as error:
        raise DocumentError([Problem(error.where, error.reason)]) from None
    return validate(Tournament(model.name, players, stages, tuple(_drop(d) for d in model.drops)))


# ------------------------------------------------------------------ engine → model
def _ruleset_out(r: Ruleset) -> str | RulesetModel:
    preset = PRESETS.get(r.name)
    if preset is not None and preset == r:
        return r.name
    base = PRESETS.get(r.name.rstrip("*"), PRESETS["default"])
    s = r.scoring
    return RulesetModel(
        base=base.name,
        scoring=ScoringModel(
            win=s.win,
            draw=s.draw,
            loss=s.loss,
            bye=s.bye,
            half_bye=s.half_bye,
            forfeit_win=s.forfeit_win,
            forfeit_loss=s.forfeit_loss,
            game_win=s.game_win,
            game_draw=s.game_draw,
            bye_games=[s.bye_games.a, s.bye_games.b, s.bye_games.draws] if s.bye_games else None,
            forfeit_games=(
                [s.forfeit_games.a, s.forfeit_games.b, s.forfeit_games.draws]
                if s.forfeit_games
                else None
            ),
            match_format=s.match_format,
        ),
        tiebreaks=list(r.tiebreaks),
        percentage_floor=r.percentage_floor,
        unplayed=r.unplayed,
        byes_in_own_record=r.byes_in_own_record,
        dropped_cap=r.dropped_cap,
        win_rate=r.win_rate,
        forfeits_have_opponent=r.forfeits_have_opponent,
    )


def to_document(t: Tournament) -> TournamentModel:
    """The document model of an engine ``Tournament`` (inverse of ``to_tournament``)."""

    def drop(d: Drop) -> DropModel:
        return DropModel(player=d.player, after_round=d.after_round, stage=d.stage)

    stages = []
    for s in t.stages:
        stages.append(
            StageModel(
                id=s.id,
                name=s.name,
                format=s.format,
                ruleset=_ruleset_out(s.ruleset),
                pairing_method=s.pairing_method,
                **(
                    {"slide_first_round": s.slide_first_round}
                    if s.format is StageFormat.SWISS_ELIMINATION
                    else {}
                ),
                max_rounds=s.max_rounds,
                seed=s.seed,
                seeds=dict(s.seeds),
                participants=list(s.participants) if s.participants is not None else None,
                groups=[GroupModel(name=g.name, players=list(g.players)) for g in s.groups],
                elimination=(
                    EliminationModel(
                        wins_to_advance=s.elimination.wins_to_advance,
                        losses_to_eliminate=s.elimination.losses_to_eliminate,
                    )
                    if s.elimination
                    else None
                ),
                assigned_byes=[
                    AssignedByeModel(player=b.player, round=b.round, kind=b.kind)
                    for b in s.assigned_byes
                ],
                forbidden_pairs=[[a, b] for a, b in s.forbidden_pairs],
                toss=TossSettingsModel(enabled=s.toss.enabled, policy=s.toss.policy),
                rounds=[
                    RoundModel(
                        number=r.number,
                        matches=[
                            MatchModel(
                                table=m.table,
                                a=m.a,
                                b=m.b,
                                result=ResultModel.from_engine(m.result) if m.result else None,
                                toss=(
                                    TossModel(
                                        first=m.toss.first,
                                        reason=m.toss.reason,
                                        manual=m.toss.manual,
                                    )
                                    if m.toss
                                    else None
                                ),
                            )
                            for m in r.matches
                        ],
                        byes=[ByeModel(player=b.player, kind=b.kind) for b in r.byes],
                    )
                    for r in s.rounds
                ],
                drops=[drop(d) for d in s.drops],
            )
        )
    return TournamentModel(
        name=t.name,
        players=[
            PlayerModel(id=p.id, name=p.name, seed=p.seed, rating=p.rating, team=p.team)
            for p in t.players
        ],
        stages=stages,
        drops=[drop(d) for d in t.drops],
    )


def dump_document(t: Tournament) -> str:
    """The JSON text of ``t`` as a document (2-space indent, stable key order)."""
    data = to_document(t).model_dump(mode="json", exclude_defaults=True)
    data = {"format": DOCUMENT_FORMAT, "version": DOCUMENT_VERSION, **data}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# ------------------------------------------------------------------ reading
def _path_of(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part in ("preset", "custom") or ("[" in part and "(" in part):
            continue  # union tags and validator labels are not fields
        else:
            out += f".{part}" if out else str(part)
    return out or "(document)"


def _problems_of(error: ValidationError) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for item in error.errors(include_url=False):
        where = _path_of(item["loc"])
        reason = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            reason = "is not a field here (check the spelling; see docs/tournament-document.md)"
        elif item["type"] == "missing":
            reason = "is required"
        if (where, reason) not in seen:
            seen.add((where, reason))
            problems.append(Problem(where, reason))
    return problems


def parse_document(data: Any) -> Tournament:
    """Validate parsed JSON and return the ``Tournament``; ``DocumentError`` otherwise."""
    if not isinstance(data, dict):
        raise DocumentError([Problem("(document)", "must be a JSON object")])
    try:
        model = TournamentModel.model_validate(data)
    except ValidationError as error:
        raise DocumentError(_problems_of(error)) from None
    return to_tournament(model)


def load_document(path: str | Path) -> Tournament:
    """Read, validate and return the tournament in the JSON file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnreadableFile(str(path), "no such file") from None
    except IsADirectoryError:
        raise UnreadableFile(str(path), "is a folder, not a file") from None
    except PermissionError:
        raise UnreadableFile(str(path), "permission denied") from None
    except UnicodeDecodeError as error:
        raise UnreadableFile(str(path), f"is not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise UnreadableFile(str(path), error.strerror or "cannot be read") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedJson(
            f"{path}:{error.lineno}:{error.colno}", f"not valid JSON: {error.msg}"
        ) from None
    return parse_document(data)


def json_schema() -> dict[str, Any]:
    """The document's JSON Schema (published as docs/tournament.schema.json)."""
    schema = TournamentModel.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "fairpair tournament document"
    return schema


__all__ = [
    "DOCUMENT_FORMAT",
    "DOCUMENT_VERSION",
    "FairpairError",
    "TournamentModel",
    "dump_document",
    "json_schema",
    "load_document",
    "parse_document",
    "to_document",
    "to_tournament",
]
