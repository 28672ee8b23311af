"""Each player as the Dutch system sees them before a round: score, colour difference and
preference (C.04.3 1.6 / A.6), floats of the last two rounds (1.4 / A.4), whether they may
receive the pairing-allocated bye (C.2)."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.pairing.dutch.model import (
    Colour,
    DutchField,
    Entrant,
    FloatKind,
    Strength,
)

__all__ = ["Player", "Strength", "build_players", "score_before"]


@dataclass(frozen=True, slots=True)
class Player:
    key: str
    number: int
    rank: int
    """0-based position in the initial ranking list (the E.5 rank rule reads its parity)."""
    score: int
    played_games: int
    imbalance: int
    """|games with White − games with Black|."""
    preference: Colour | None
    strength: Strength
    repeated: Colour | None
    """The colour of the last two played games when they were the same, else ``None``."""
    colours: tuple[Colour, ...]
    """The colours of the played games, oldest first."""
    bye_eligible: bool
    floats: tuple[FloatKind | None, FloatKind | None]
    """The float received one round ago and two rounds ago."""

    @property
    def absolute(self) -> bool:
        return self.strength is Strength.ABSOLUTE

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def strong(self) -> bool:
        return self.strength is Strength.STRONG


def score_before(entrant: Entrant, rounds_back: int) -> int:
    """The entrant's pairing score before the round ``rounds_back`` rounds ago: points, plus
    the virtual points of that round (Baku acceleration)."""
    past = entrant.rounds
    index = len(past) - rounds_back
    return sum(r.points for r in past[:index]) + entrant.virtual_at(index)


def build_players(field: DutchField) -> dict[str, Player]:
    """Every entrant's pairing state, by key."""
    by_number = sorted(field.entrants, key=lambda e: e.number)
    scores = {e.key: score_before(e, 0) for e in field.entrants}
    by_key = {e.key: e for e in field.entrants}
    players: dict[str, Player] = {}
    rank = 0
    for entrant in by_number:
        # The rank rule counts the players of the pairing: an entrant absent from this round
        # who was never paired before has no place in the list yet.
        valid = entrant.present or any(r.paired for r in entrant.rounds)
        players[entrant.key] = _player(entrant, rank if valid else -1, scores, by_key, field)
        rank += valid
    return players


def _player(
    entrant: Entrant,
    rank: int,
    scores: dict[str, int],
    by_key: dict[str, Entrant],
    field: DutchField,
) -> Player:
    colours = tuple(r.colour for r in entrant.rounds if r.played and r.colour is not None)
    whites = sum(1 for c in colours if c is Colour.WHITE)
    blacks = len(colours) - whites
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    streak = 0
    for c in reversed(colours):
        if c is colours[-1]:
            streak += 1
        else:
            break
    last = colours[-1] if colours else None
    preference: Colour | None
    if imbalance > 1:
        preference, strength = lower, Strength.ABSOLUTE
    elif streak > 1 and last is not None:
        preference, strength = last.other, Strength.ABSOLUTE
    elif imbalance > 0:
        preference, strength = lower, Strength.STRONG
    elif last is not None:
        preference, strength = last.other, Strength.MILD
    else:
        preference, strength = None, Strength.NONE
    repeated = last if streak > 1 else None
    eligible = not any(
        not r.played and (r.points >= field.scoring.win or r.pairing_bye) for r in entrant.rounds
    )
    floats = (_float(entrant, 1, by_key, field), _float(entrant, 2, by_key, field))
    return Player(
        key=entrant.key,
        number=entrant.number,
        rank=rank,
        score=scores[entrant.key],
        played_games=len(colours),
        imbalance=imbalance,
        preference=preference,
        strength=strength,
        repeated=repeated,
        colours=colours,
        bye_eligible=eligible,
        floats=floats,
    )


def _float(
    entrant: Entrant, rounds_back: int, by_key: dict[str, Entrant], field: DutchField
) -> FloatKind | None:
    """The float the entrant received ``rounds_back`` rounds ago (C.04.3 1.4): a player who
    received the pairing-allocated bye (the text of 2026, whatever it scored:
    ``DutchField.bye_floats_down``) or scored more than a loss without playing received a
    downfloat; after a game between different scores the higher one a downfloat, the lower
    one an upfloat."""
    index = len(entrant.rounds) - rounds_back
    if index < 0:
        return None
    past = entrant.rounds[index]
    if not past.played or past.opponent is None:
        if past.pairing_bye and field.bye_floats_down:
            return FloatKind.DOWN
        return FloatKind.DOWN if past.points > field.scoring.loss else None
    mine = score_before(entrant, rounds_back)
    other = by_key.get(past.opponent)
    theirs = score_before(other, rounds_back) if other is not None else 0
    if mine > theirs:
        return FloatKind.DOWN
    if mine < theirs:
        return FloatKind.UP
    return None
