"""Win-percentage tiebreaks: OMW%, GW%, OGW% (MTR appendix C) and OOMW% (Play! Pokémon).

Sources: Magic Tournament Rules appendix C (match-win %, game-win %, 0.33 floor, byes ignored
in opponents' percentages); Play! Pokémon Tournament Rules (resistance with a 25% floor and a
75% cap for dropped players, byes removed from records; opponents' opponents' win %).
"""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value, fraction_maker

#: The definition of ``omw``, one message a paragraph (/help/tiebreaks).
OMW_TEXT = defined(
    N_(
        "OMW%: the mean of the match-win percentages of the player's opponents, each taken as "
        "at least the floor (MTR 0.33, Pokémon 0.25). A player's match-win percentage is match "
        "points ÷ (win points × rounds played) — or (wins + ½ draws) ÷ rounds with the "
        "``results`` basis — where the player's own byes count unless the ruleset removes "
        "them. Byes give no opponent (no-opponent rule) or a virtual opponent at the player's "
        "own percentage (virtual-opponent rule)."
    ),
)


def omw(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """OMW% (its definition: ``OMW_TEXT``)."""
    return dict(ctx.opponents_win_rate)


#: The definition of ``gw``, one message a paragraph (/help/tiebreaks).
GW_TEXT = defined(
    N_(
        "GW%: the player's game points ÷ (game-win points × games played), taken as at least "
        'the floor — MTR appendix C: "Again, use 0.33 if the actual game-win percentage is '
        'lower than that" (a ruleset with floor 0 shows the raw value). A bye counts as the '
        "scoring's bye games (MTR: a 2-0 win). No games recorded: no value."
    ),
)


def gw(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """GW% (its definition: ``GW_TEXT``)."""
    rate = fraction_maker()
    return {pid: None if r is None else rate(*r) for pid, r in ctx.game_rate.items()}


#: The definition of ``ogw``, one message a paragraph (/help/tiebreaks).
OGW_TEXT = defined(
    N_(
        "OGW%: the mean of the game-win percentages of the player's opponents, each taken as "
        "at least the floor."
    ),
)


def ogw(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """OGW% (its definition: ``OGW_TEXT``)."""
    return dict(ctx.opponents_game_rate)


#: The definition of ``oomw``, one message a paragraph (/help/tiebreaks).
OOMW_TEXT = defined(
    N_(
        "OOMW%: the mean of the OMW% of the player's opponents (Pokémon's opponents' "
        "opponents' win percentage)."
    ),
)


def oomw(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """OOMW% (its definition: ``OOMW_TEXT``)."""
    floor = ctx.ruleset.percentage_floor
    filled = {
        pid: (floor if v is None else v).as_integer_ratio()
        for pid, v in ctx.opponents_win_rate.items()
    }
    return dict(ctx.mean_over_opponents(filled, filled))


TIEBREAKS = (
    Tiebreak("omw", "OMW%", "OMW%", ValueKind.PERCENT, True, OMW_TEXT, omw),
    Tiebreak("gw", "GW%", "GW%", ValueKind.PERCENT, True, GW_TEXT, gw),
    Tiebreak("ogw", "OGW%", "OGW%", ValueKind.PERCENT, True, OGW_TEXT, ogw),
    Tiebreak("oomw", "OOMW%", "OOMW%", ValueKind.PERCENT, True, OOMW_TEXT, oomw),
)
