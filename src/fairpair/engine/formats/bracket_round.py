"""Pairing the next round of a playoff stage: every bracket match playable now that no
earlier round holds, the higher seed on side ``a`` and recorded as playing first (MTR: the
higher seed chooses), with the notes of ``bracket_notes``."""

from __future__ import annotations

from fairpair.engine.errors import Location, PairingRefused, saying
from fairpair.engine.formats.bracket_notes import bracket_notes
from fairpair.engine.formats.bracket_stage import BracketDecided, require_run
from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.pairing.next_round import check_can_pair
from fairpair.engine.rounds import Toss, TossReason
from fairpair.engine.stage import Stage
from fairpair.engine.tournament import Tournament


def pair_bracket_round(tournament: Tournament, stage: Stage) -> PairingDraft:
    """The next round of a playoff stage: every bracket match playable now."""
    number = stage.last_round + 1
    check_can_pair(stage, number)
    run = require_run(tournament, stage)
    names = {p.id: p.name for p in tournament.players}
    if run.decided:
        champion = run.champion
        assert champion is not None
        raise BracketDecided(
            Location(stage=stage.id, round=number),
            saying(
                "the bracket is decided: %(name)s is the champion",
                name=names.get(champion, champion),
            ),
        )
    players = {mid: (a, b) for mid, a, b in run.now.players}
    pairings: list[DraftPairing] = []
    for match_id in run.now.playable:
        if match_id in run.released:
            continue
        sa, sb = players[match_id]
        assert sa is not None and sb is not None
        high, low = (sa, sb) if sa < sb else (sb, sa)
        a, b = run.seeds[high - 1], run.seeds[low - 1]
        pairings.append(
            DraftPairing(
                len(pairings) + 1,
                a,
                b,
                match_id=match_id,
                plays_first=Toss(a, TossReason.HIGHER_SEED),
            )
        )
    if not pairings:  # pragma: no cover - a bracket that is not decided has a playable match
        raise PairingRefused(
            Location(stage=stage.id, round=number), saying("no bracket match to pair")
        )
    notes = bracket_notes(tournament, stage, run, number, [p.match_id for p in pairings])
    return PairingDraft(
        stage.id, number, tuple(pairings), (), notes, tuple(p for t in pairings for p in (t.a, t.b))
    )
