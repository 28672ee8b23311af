"""From a stage to the values the Dutch pairing reads (``model.DutchField``).

Colours are the matches' toss: ``Toss.first`` is White, the other player Black (the same fact
the toss, the round-robin schedule and TRF files use). A game is *played* when its result is
a game result (not a forfeit, not skipped); a forfeit keeps its opponent (they were paired)
but gives no colour; the pairing-allocated bye is the stage's ``pairing`` bye; full, half and
zero-point byes and absences are rounds the player was not paired in. The stage's text of the
system (``SwissConfig.dutch_text``) decides whether a pairing-allocated bye that scores no more
than a loss is a downfloat (``DutchField.bye_floats_down``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from fractions import Fraction

from fairpair.engine.ledger import build_ledger, round_entries
from fairpair.engine.pairing.dutch.model import (
    Colour,
    DutchField,
    Entrant,
    PastRound,
    Scoring,
)
from fairpair.engine.players import PlayerId
from fairpair.engine.results import ResultKind
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import DutchText
from fairpair.engine.tournament import Tournament

_PLAYED = frozenset((ResultKind.PLAYED, ResultKind.INTENTIONAL_DRAW))


def dutch_field(
    tournament: Tournament,
    stage: Stage,
    round_number: int,
    *,
    present: Collection[PlayerId],
    numbers: Mapping[PlayerId, int],
    rounds_total: int,
    initial_colour: Colour,
    forbidden: tuple[tuple[str, str], ...] = (),
) -> DutchField:
    """The field of ``round_number``: every player of the stage with their rounds before it;
    ``present`` are the ones to pair (the caller has taken out withdrawn players and those with
    a bye or an absence set for this round)."""
    ledger = build_ledger(tournament, stage, round_number - 1)
    entries = round_entries(ledger)
    unit = ledger.unit
    scoring = ledger.ruleset.scoring
    facts: dict[tuple[int, PlayerId], PastRound] = {}
    for rnd in stage.rounds:
        if rnd.number >= round_number:
            continue
        for match in rnd.matches:
            result = match.result
            played = result is not None and result.kind in _PLAYED
            paired = result is not None and result.kind is not ResultKind.SKIPPED
            first = match.toss.first if match.toss is not None else None
            for me, other in ((match.a, match.b), (match.b, match.a)):
                colour = None
                if played and first is not None:
                    colour = Colour.WHITE if first == me else Colour.BLACK
                facts[(rnd.number, me)] = PastRound(0, other, colour, played, paired)
        for bye in rnd.byes:
            pairing = bye.kind is ByeKind.PAIRING
            facts[(rnd.number, bye.player)] = PastRound(
                0, None, None, False, pairing, pairing_bye=pairing
            )
    present_set = set(present)
    entrants = []
    for pid, record in ledger.records.items():
        rounds = []
        for entry in entries.get(pid, []):
            fact = facts.get((entry.number, pid), PastRound(0))
            rounds.append(
                PastRound(
                    entry.points,
                    fact.opponent,
                    fact.colour,
                    fact.played,
                    fact.paired,
                    fact.pairing_bye,
                )
            )
        entrants.append(
            Entrant(pid, numbers.get(pid, len(numbers) + 1), tuple(rounds), pid in present_set)
        )
        del record
    swiss = stage.swiss
    text = swiss.dutch_text if swiss is not None else DutchText.FEB_2026
    return DutchField(
        tuple(entrants),
        rounds_total,
        initial_colour,
        Scoring(_units(scoring.win, unit), _units(scoring.draw, unit), _units(scoring.loss, unit)),
        forbidden,
        bye_floats_down=text is DutchText.FEB_2026,
    )


def _units(value: Fraction, unit: int) -> int:
    return int(value * unit)
