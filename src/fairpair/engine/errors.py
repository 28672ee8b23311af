"""Typed errors the engine raises. Each carries the place (a field path) and the reason."""

from __future__ import annotations


class FairpairError(Exception):
    """Base class: ``where`` names the field or object, ``reason`` says what is wrong."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}" if where else reason)
        self.where = where
        self.reason = reason


class InvalidTournament(FairpairError):
    """The tournament facts contradict each other (unknown player, paired twice, ...)."""


class InvalidResult(FairpairError):
    """A result that cannot happen (negative games, a winner the games disagree with, ...)."""


class UnknownTiebreak(FairpairError):
    """A tiebreak name that is not in the registry."""


class UnknownRuleset(FairpairError):
    """A ruleset name that is not one of the presets."""


class UnknownStage(FairpairError):
    """A stage id that the tournament does not have."""


class PairingRefused(FairpairError):
    """The next round cannot be generated (round cap reached, nobody to pair, ...)."""


class UnknownRound(FairpairError):
    """A round number that the stage does not have (``--after-round 9`` of a 4-round event)."""
