"""The draft of a Swiss stage's next round by the FIDE Dutch system (``pairing_method:
"dutch"``): the eligible field, byes set for the round, then ``pair_dutch`` — boards with
White as side ``a`` and ``Toss(White, COLOURS)``, the pairing-allocated bye, and notes for each
bracket, each player who floated and the bye.

Pairing numbers are the stage's initial order (``ranking.pairing_numbers``). The initial colour
(the colour of the top-ranked player of round 1, C.04.2) is drawn from the stage seed, so the
same stage always draws the same. The stage's max rounds tells the last round (topscorers,
C.04.3 A.7); a stage without one has no topscorers.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from fairpair.engine.errors import Location, saying
from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.pairing.dutch.baku import (
    accelerated_rounds,
    baku_groups,
    full_point_rounds,
    virtual_points,
)
from fairpair.engine.pairing.dutch.brackets import NoDutchPairing
from fairpair.engine.pairing.dutch.field import dutch_field
from fairpair.engine.pairing.dutch.model import Colour, ColourDecision, DutchField
from fairpair.engine.pairing.dutch.pairer import pair_dutch
from fairpair.engine.pairing.eligibility import eligible_field
from fairpair.engine.pairing.next_round import (
    check_can_pair,
    next_round_number,
    take_assigned_byes,
)
from fairpair.engine.pairing.notes import (
    ByeNote,
    ByeRule,
    ColourRule,
    ColoursNote,
    ColourWanted,
    DutchBracketNote,
    DutchTextNote,
    GroupScore,
    MethodNote,
    PairingNote,
    Preference,
    ScoreGroupNote,
    VirtualPointsNote,
)
from fairpair.engine.pairing.ranking import pairing_numbers, seed_order, standings_order
from fairpair.engine.pairing.refusals import NobodyToPair, NoDutchPairingExists
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye, ByeKind, Toss, TossReason
from fairpair.engine.sha256 import sha256
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.stage_config import DutchText
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament

#: A stage without max rounds never reaches its last round.
_ENDLESS = 10_000


def initial_colour(stage: Stage) -> Colour:
    """The colour of round 1's top player: the stage's ``initial_colour`` when set, else
    drawn from the stage seed (C.04.2: by lot)."""
    swiss = stage.swiss
    if swiss is not None and swiss.initial_colour is not None:
        return Colour(swiss.initial_colour.value)
    lot = sha256(f"initial-colour\x1f{stage.seed}\x1f{stage.id}".encode()).digest()
    return Colour.WHITE if lot[0] % 2 == 0 else Colour.BLACK


def _baku(
    stage: Stage,
    number: int,
    field: DutchField,
    first_round: list[PlayerId],
    rounds_total: int,
) -> tuple[DutchField, VirtualPointsNote]:
    """The field with Baku virtual points (C.04.5.1) for group A: the first 2·⌈N/4⌉ players
    of round 1 by pairing number (a later entry ranked above the last of them joins it)."""
    by_key = {e.key: e for e in field.entrants}
    groups = baku_groups([by_key[p].number for p in first_round if p in by_key])
    scoring = field.scoring
    schedule = tuple(
        virtual_points(r, rounds_total, scoring.win, scoring.draw) for r in range(1, number + 1)
    )
    entrants = tuple(
        replace(e, virtual=schedule) if groups.in_group_a(e.number) else e for e in field.entrants
    )
    in_a = tuple(e.key for e in sorted(entrants, key=lambda e: e.number) if e.present and e.virtual)
    note = VirtualPointsNote(
        in_a,
        GroupScore(points=Fraction(schedule[-1], stage.ruleset.scoring.unit)),
        groups.size,
        full_point_rounds(rounds_total),
        accelerated_rounds(rounds_total),
    )
    return replace(field, entrants=entrants), note


def _first_round(stage: Stage, number: int, now: list[PlayerId]) -> list[PlayerId]:
    """The players to be paired in round 1 (who round 1 had; ``now`` when pairing it)."""
    if number == 1:
        return now
    for rnd in stage.rounds:
        if rnd.number == 1:
            return [*(p for m in rnd.matches for p in m.players), *(b.player for b in rnd.byes)]
    return now


def _colour_note(d: ColourDecision) -> ColoursNote:
    def wants(c: Colour | None) -> ColourWanted | None:
        return None if c is None else ColourWanted(c.value)

    return ColoursNote(
        d.white,
        d.black,
        ColourRule(d.rule.replace("-", "_")),
        d.higher,
        wants(d.white_wants),
        Preference(d.white_strength.name.lower()),
        wants(d.black_wants),
        Preference(d.black_strength.name.lower()),
        d.denied,
        d.higher_number,
    )


def pair_dutch_round(tournament: Tournament, stage: Stage) -> PairingDraft:
    number = next_round_number(stage)
    check_can_pair(stage, number)
    players = tournament.players_of(stage)
    numbers = pairing_numbers(stage, players)
    standings: Standings | None = None
    if number == 1:
        ranked = seed_order(stage, players)
        present = None
    else:
        standings = compute_standings(tournament, stage, number - 1, include_absent=True)
        ranked = standings_order(standings, numbers)
        in_table = set(ranked)
        ranked += [pid for pid in seed_order(stage, players) if pid not in in_table]
        present = set(ranked)
    eligibility = eligible_field(tournament, stage, number, ranked, standings, present)
    notes: list[PairingNote] = [*eligibility.notes(), MethodNote(PairingMethod.DUTCH)]
    text = stage.swiss.dutch_text if stage.swiss is not None else DutchText.FEB_2026
    if text is not DutchText.FEB_2026:  # the text in force goes without saying
        notes.append(DutchTextNote(text))
    taken = take_assigned_byes(tournament, stage, number, eligibility.eligible)
    byes = taken.byes
    notes.extend(taken.notes)
    field_players = taken.field
    where = Location(stage=stage.id, round=number)
    if len(field_players) < 2 and not byes:
        raise NobodyToPair(
            where,
            saying(
                "round %(round)s cannot be paired: fewer than two eligible players", round=number
            ),
        )
    cap = stage.round_cap
    field = dutch_field(
        tournament,
        stage,
        number,
        present=field_players,
        numbers=numbers,
        rounds_total=cap if cap is not None else _ENDLESS,
        initial_colour=initial_colour(stage),
        forbidden=tuple(stage.forbidden_pairs),
    )
    swiss = stage.swiss
    if swiss is not None and swiss.baku:
        if cap is None:
            raise NoDutchPairingExists(
                where,
                saying(
                    "Baku acceleration needs the number of rounds (its virtual points are given "
                    "in the first half of them): set the stage's max rounds"
                ),
            )
        first = _first_round(stage, number, [*field_players, *(b.player for b in byes)])
        field, virtual = _baku(stage, number, field, first, cap)
        notes.append(virtual)
    try:
        pairing = pair_dutch(field)
    except NoDutchPairing:
        raise NoDutchPairingExists(
            where,
            saying(
                "round %(round)s cannot be paired by the Dutch system: no pairing keeps its "
                "absolute criteria (no second game, no second pairing-allocated bye, no two "
                "players with the same absolute colour preference); the arbiter decides",
                round=number,
            ),
        ) from None
    unit = stage.ruleset.scoring.unit

    def score(points: int) -> GroupScore:
        return GroupScore(points=Fraction(points, unit))

    for bracket in pairing.brackets:
        notes.append(ScoreGroupNote(score(bracket.score), bracket.residents))
        notes.append(
            DutchBracketNote(
                score(bracket.score),
                bracket.moved_down,
                bracket.upfloaters,
                bracket.floaters,
                len(bracket.pairs),
                bracket.colour_denied,
                bracket.strong_denied,
                bracket.repeat_downfloat,
                bracket.repeat_upfloat,
            )
        )
    notes.extend(_colour_note(d) for d in pairing.colours if d.rule != "both" or d.denied)
    if pairing.bye is not None:
        byes.append(Bye(pairing.bye, ByeKind.PAIRING))
        notes.append(ByeNote(pairing.bye, ByeRule.LOWEST_WITHOUT_BYE))
    pairings = tuple(
        DraftPairing(
            table,
            game.white,
            game.black,
            plays_first=Toss(game.white, TossReason.COLOURS),
        )
        for table, game in enumerate(pairing.games, start=1)
    )
    points_before: dict[PlayerId, Fraction] = {}
    if standings is not None:
        points_before = {row.player.id: row.points for row in standings.rows}
    return PairingDraft(
        stage.id,
        number,
        pairings,
        tuple(byes),
        tuple(notes),
        tuple(eligibility.eligible),
        standings=standings,
        points_before=points_before,
    )
