"""The names organizers and players give the rounds of a bracket (issue 28, point 3).

Single elimination names a round by how many players are still in it, counted from the
final back: the **Final** (2 players), the **Semifinals** (4), the **Quarterfinals** (8), then
the **Round of 16**, **Round of 32** and so on. Double elimination names the two brackets'
rounds by their number — **Winners round N**, **Losers round N** — and the **Grand final**
(and its **Bracket reset**). A third-place match is the **Third place** match.

A round of a playoff stage holds every bracket match playable at once (byes and walkovers can
put matches of two bracket rounds side by side, and a double-elimination round often holds a
winners round and a losers round): its name is its matches' names in bracket order, joined
with " · " ("Winners round 2 · Losers round 1"; "Final · Third place"). Pure: a bracket and
match ids in, a name out.
"""

from __future__ import annotations

from collections.abc import Iterable

from fairpair.engine.brackets.bracket import Bracket
from fairpair.engine.brackets.matches import Match

#: Single elimination: players still in the round → its name (larger: "Round of N").
_BY_PLAYERS = {2: "Final", 4: "Semifinals", 8: "Quarterfinals"}


def single_round_name(rounds: int, r: int) -> str:
    """Round ``r`` (1 first) of a single-elimination bracket of ``rounds`` rounds: "Final",
    "Semifinals", "Quarterfinals", "Round of 16", "Round of 32" …"""
    if not 1 <= r <= rounds:
        raise ValueError(f"round {r} of a bracket of {rounds} rounds")
    players = 2 ** (rounds - r + 1)
    return _BY_PLAYERS.get(players, f"Round of {players}")


def match_round_name(bracket: Bracket, match: Match) -> str:
    """The name of the bracket round ``match`` belongs to."""
    if match.bracket == "third_place":
        return "Third place"
    if match.bracket == "final":
        return "Grand final"
    if match.bracket == "reset":
        return "Bracket reset"
    if match.bracket == "losers":
        return f"Losers round {match.round}"
    if bracket.kind == "double":
        return f"Winners round {match.round}"
    return single_round_name(bracket.size.bit_length() - 1, match.round)


_ORDER = {"winners": 0, "losers": 1, "third_place": 2, "final": 3, "reset": 4}


def bracket_round_name(bracket: Bracket, match_ids: Iterable[str]) -> str | None:
    """The name of a playoff round holding the bracket matches ``match_ids`` (``None`` when
    none of them is a match of ``bracket``)."""
    known = {m.id: m for m in bracket.matches}
    matches = sorted(
        (known[i] for i in match_ids if i in known),
        key=lambda m: (_ORDER[m.bracket], m.round),
    )
    names: list[str] = []
    for m in matches:
        name = match_round_name(bracket, m)
        if name not in names:
            names.append(name)
    return " · ".join(names) if names else None
