"""Rearranging a draft by hand (seed 004 "click a player and then a slot"): two players change
places — between tables, sides, or with the bye — and the draft is checked again.

The organizer may make any arrangement; the draft then flags each pairing that is a rematch
or a forbidden pair, so the review screen warns before release. The pairing notes stay as the
engine wrote them, with one more note saying who was moved.
"""

from __future__ import annotations

from dataclasses import replace

from fairpair.engine.errors import InvalidTournament, Location, saying
from fairpair.engine.history import met_before
from fairpair.engine.pairing.draft import DraftPairing, PairingDraft
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Bye
from fairpair.engine.tournament import Tournament


def rearrange_draft(
    tournament: Tournament, draft: PairingDraft, player: PlayerId, other: PlayerId
) -> PairingDraft:
    """``draft`` with ``player`` and ``other`` in each other's place (a table's side or the
    bye), every pairing's rematch and forbidden flags checked again."""
    where = Location(stage=draft.stage_id, round=draft.round_number)
    if player == other:
        raise InvalidTournament(
            where, saying("cannot swap %(player)r with themselves", player=player)
        )
    seated = {p for t in draft.pairings for p in (t.a, t.b)} | {b.player for b in draft.byes}
    for who in (player, other):
        if who not in seated:
            raise InvalidTournament(
                Location(stage=draft.stage_id, round=draft.round_number, player=who),
                saying(
                    "%(player)r is not in the draft of round %(round)s (regenerate it to pair "
                    "the field as it stands)",
                    player=who,
                    round=draft.round_number,
                ),
            )

    if tournament.stage(draft.stage_id).is_playoff and not any(
        {player, other} == {t.a, t.b} for t in draft.pairings
    ):
        raise InvalidTournament(
            where,
            saying(
                "a playoff's tables follow its bracket: players cannot move between them (once "
                "the round is released, flip the toss to set who plays first)"
            ),
            command="fairpair toss flip",
        )

    def moved(p: PlayerId) -> PlayerId:
        return other if p == player else player if p == other else p

    pairings = tuple(replace(t, a=moved(t.a), b=moved(t.b)) for t in draft.pairings)
    byes = tuple(Bye(moved(b.player), b.kind) for b in draft.byes)
    return replace(draft, pairings=flagged(tournament, draft.stage_id, pairings), byes=byes)


def flagged(
    tournament: Tournament, stage_id: str, pairings: tuple[DraftPairing, ...]
) -> tuple[DraftPairing, ...]:
    """``pairings`` with ``forced_rematch`` set on each rematch and ``forbidden`` on each
    forbidden pair of the stage."""
    stage = tournament.stage(stage_id)
    met = met_before(stage)
    forbidden = {frozenset(p) for p in stage.forbidden_pairs}
    return tuple(
        replace(
            t,
            forced_rematch=t.b in met.get(t.a, ()),
            forbidden=frozenset((t.a, t.b)) in forbidden,
        )
        for t in pairings
    )
