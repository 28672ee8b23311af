"""State transitions: each takes a tournament and returns a new one; nothing is changed in place.

Every change an organizer (or a bot, or the service) makes goes through one of these pure
functions: release a drafted round, open / complete / revert / delete a round, record a
result, drop a player, set or flip a toss. Each checks the rules (``engine.lifecycle``) and
refuses with a typed error naming the place; the service persists what they return.
"""

from fairpair.engine.changes.cut import draw_cut
from fairpair.engine.changes.drops import drop_player
from fairpair.engine.changes.results import record_places, record_result
from fairpair.engine.changes.round_states import (
    complete_round,
    delete_round,
    open_round,
    revert_round,
)
from fairpair.engine.changes.rounds import add_round, release_round, replace_round
from fairpair.engine.changes.swap import swap_players
from fairpair.engine.changes.tosses import choose_first, flip_toss, recalculate_tosses
from fairpair.engine.topcut import cut_of

__all__ = [
    "add_round",
    "choose_first",
    "complete_round",
    "cut_of",
    "delete_round",
    "draw_cut",
    "drop_player",
    "flip_toss",
    "open_round",
    "recalculate_tosses",
    "record_places",
    "record_result",
    "release_round",
    "replace_round",
    "revert_round",
    "swap_players",
]
