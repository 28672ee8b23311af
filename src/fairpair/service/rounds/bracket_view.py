"""The bracket view of a playoff stage (``responses.brackets``), read from the engine's
bracket of the stage (``engine.formats.bracket_stage.read_bracket``): who plays whom in each
match so far, the results, walkovers, the champion and the places. Reading only."""

from __future__ import annotations

from fairpair.engine.brackets import Bracket, BracketState, LoserOf, Seed, SideOf, Source, WinnerOf
from fairpair.engine.brackets.round_names import match_round_name
from fairpair.engine.formats.bracket_stage import BracketRun, read_bracket, seed_order
from fairpair.engine.result_text import result_text
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import StageFormat
from fairpair.engine.tournament import Tournament
from fairpair.i18n import N_, gettext
from fairpair.responses.brackets import (
    BracketMatch,
    BracketPlacement,
    BracketPlayer,
    BracketRound,
    BracketSection,
    BracketSide,
    BracketView,
    MatchState,
    SectionName,
)
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database

BRACKET_FORMATS = (StageFormat.SINGLE_ELIMINATION, StageFormat.DOUBLE_ELIMINATION)
SECTION_LABELS: dict[SectionName, str] = {
    "winners": N_("Winners bracket"),
    "losers": N_("Losers bracket"),
    "final": N_("Grand final"),
    "reset": N_("Bracket reset"),
    "third_place": N_("Third place"),
}


def bracket_stage(tournament: Tournament, stage: str | None) -> Stage:
    """The playoff stage ``stage``; by default the last single- or double-elimination stage.
    Refused for a stage that is not a bracket, or an event without one."""
    if stage is not None:
        chosen = tournament.stage(stage)
        if chosen.format not in BRACKET_FORMATS:
            raise Refused(
                "stage",
                gettext(
                    "stage %(id)r is a %(format)s, not a bracket (single or double elimination)"
                )
                % {
                    "id": chosen.id,
                    "format": chosen.format.value.replace("_", " "),
                },
            )
        return chosen
    playoffs = [s for s in tournament.stages if s.format in BRACKET_FORMATS]
    if not playoffs:
        raise Refused(
            "stage", gettext("this event has no playoff stage (single or double elimination)")
        )
    return playoffs[-1]


def bracket_view(db: Database, slug: str, stage: str | None = None) -> BracketView:
    """The bracket of ``stage`` (default: the last playoff stage) as it stands now."""
    with reading(db, slug) as (conn, event):
        tournament = loaded(conn, event).tournament
    return view_of(tournament, slug, bracket_stage(tournament, stage))


def view_of(tournament: Tournament, slug: str, stage: Stage) -> BracketView:
    names = {p.id: p.name for p in tournament.players}
    run = read_bracket(tournament, stage)
    seeds = seed_order(tournament, stage)
    kind = "single" if stage.format is StageFormat.SINGLE_ELIMINATION else "double"
    if run is None:
        size = 0  # no field yet
        return BracketView(
            event=slug,
            stage=stage.id,
            stage_name=stage.name,
            kind=kind,
            drawn=False,
            entrants=len(seeds),
            size=size,
            seeds=[
                BracketPlayer(seed=i + 1, id=p, name=names.get(p, p)) for i, p in enumerate(seeds)
            ],
            sections=[],
            champion=None,
            reset_needed=None,
            placements=[],
        )

    def player(seed: int | None) -> BracketPlayer | None:
        pid = run.player(seed)
        return (
            None
            if pid is None or seed is None
            else BracketPlayer(seed=seed, id=pid, name=names.get(pid, pid))
        )

    now: BracketState = run.now
    sides = {mid: (a, b) for mid, a, b in now.players}
    winners = dict(now.winners)
    walked = {w.match for w in run.walkovers}
    bracket: Bracket = run.bracket
    sections: dict[SectionName, dict[int, list[BracketMatch]]] = {}
    for m in bracket.matches:
        if m.bracket == "reset" and now.reset_needed is False:
            continue
        sa, sb = sides.get(m.id, (None, None))
        released = run.released.get(m.id)
        won = winners.get(m.id)
        state: MatchState
        if won is not None:
            state = "decided"
        elif released is not None:
            state = "released"
        elif sa is not None and sb is not None:
            state = "ready"
        else:
            state = "waiting"
        result = None
        played = released[1] if released is not None else None
        if played is not None and played.result is not None:
            result = result_text(played.result, names[played.a], names[played.b])
        elif m.id in walked:
            result = "walkover"
        winner = player(won)
        sections.setdefault(m.bracket, {}).setdefault(m.round, []).append(
            BracketMatch(
                id=m.id,
                label=m.label,
                state=state,
                a=BracketSide(source=_source(m.a), player=player(sa)),
                b=BracketSide(source=_source(m.b), player=player(sb)),
                winner=winner.id if winner else None,
                result=result,
                walkover=m.id in walked,
                stage_round=released[0] if released else None,
                table=released[1].table if released else None,
            )
        )
    champion = player(now.champion)
    return BracketView(
        event=slug,
        stage=stage.id,
        stage_name=stage.name,
        kind=kind,
        drawn=True,
        entrants=bracket.entrants,
        size=bracket.size,
        seeds=[
            BracketPlayer(seed=i + 1, id=p, name=names.get(p, p)) for i, p in enumerate(run.seeds)
        ],
        sections=[
            BracketSection(
                name=name,
                label=SECTION_LABELS[name],
                rounds=[
                    BracketRound(
                        round=r,
                        name=match_round_name(bracket, bracket.match(matches[0].id)),
                        matches=matches,
                    )
                    for r, matches in sorted(rounds.items())
                ],
            )
            for name, rounds in _ordered(sections)
        ],
        champion=champion,
        reset_needed=now.reset_needed,
        placements=[
            BracketPlacement(place=p.text, player=_seat(run, p.seed, names)) for p in now.placements
        ],
    )


def _seat(run: BracketRun, seed: int, names: dict[str, str]) -> BracketPlayer:
    pid = run.seeds[seed - 1]
    return BracketPlayer(seed=seed, id=pid, name=names.get(pid, pid))


def _ordered(
    sections: dict[SectionName, dict[int, list[BracketMatch]]],
) -> list[tuple[SectionName, dict[int, list[BracketMatch]]]]:
    order: list[SectionName] = ["winners", "third_place", "losers", "final", "reset"]
    return [(name, sections[name]) for name in order if name in sections]


def _source(source: Source) -> str:
    if isinstance(source, Seed):
        return f"Seed {source.seed}"
    if isinstance(source, WinnerOf):
        return f"Winner of {source.match}"
    if isinstance(source, LoserOf):
        return f"Loser of {source.match}"
    assert isinstance(source, SideOf)
    return f"Side {source.side} of {source.match}"
