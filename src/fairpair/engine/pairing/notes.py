"""Pairing notes: every decision the engine made, as typed data (no strings to parse).

A note is one small frozen dataclass per kind; ``kind`` (a class attribute) names it.
Players are ids; numbers are numbers; reasons are enums; a score group is a ``GroupScore``.
Notes about one pool of a grouped stage carry its ``group`` name (``None`` when the stage has
no groups). ``note_text.render_note`` is the one place a note becomes a sentence.

docs/pairing.md ("Notes") lists every kind with its fields and an example sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from fairpair.engine.pairing.elimination import Pool
from fairpair.engine.pairing.exclusions import Exclusion as Exclusion  # re-exported
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage import PairingMethod
from fairpair.engine.stage_config import DutchText

Pair = tuple[PlayerId, PlayerId]
"""Two players at one table, the higher-ranked first."""


class NoteKind(StrEnum):
    """What a note records (docs/pairing.md lists them with an example sentence each)."""

    EXCLUDED = "excluded"
    ROUND_ONE = "round_one"
    METHOD = "method"
    GROUP = "group"
    GROUP_SKIPPED = "group_skipped"
    SCORE_GROUP = "score_group"
    ASSIGNED_BYE = "assigned_bye"
    BYE = "bye"
    FLOAT = "float"
    REMATCH_REPAIRED = "rematch_repaired"
    FORCED_REMATCH = "forced_rematch"
    FORCED_FORBIDDEN = "forced_forbidden"
    POD_TABLES = "pod_tables"
    POD_BYES = "pod_byes"
    POD_REPEATS_AVOIDED = "pod_repeats_avoided"
    POD_FORCED_REPEATS = "pod_forced_repeats"
    POD_SEATS = "pod_seats"
    ROUND_ROBIN_NUMBERS = "round_robin_numbers"
    ROUND_ROBIN_SIT_OUT = "round_robin_sit_out"
    BRACKET_SEED = "bracket_seed"
    BRACKET_BYE = "bracket_bye"
    BRACKET_MATCH = "bracket_match"
    WALKOVER = "walkover"
    SEAT_REPLACED = "seat_replaced"
    BRACKET_RESET = "bracket_reset"
    VIRTUAL_POINTS = "virtual_points"
    COLOURS = "colours"
    DUTCH_BRACKET = "dutch_bracket"
    DUTCH_TEXT = "dutch_text"


class SeedSource(StrEnum):
    """Whose seeds order round 1."""

    STAGE = "stage"
    TOURNAMENT = "tournament"
    RATING = "rating"
    """Nobody is seeded and the ruleset pairs by rating: rating, FIDE title, name."""


class ByeRule(StrEnum):
    """Which rule gave the pairing bye (seed 004, "Byes"; docs/pairing.md step 3)."""

    LOWEST_WITHOUT_BYE = "lowest_without_bye"
    """The lowest-ranked player without a bye in this stage: the seed's rule, as it reads."""
    FEWER_FORCED = "fewer_forced"
    """The lowest-ranked player without a bye would force rematches (or forbidden pairs) that
    another player without a bye does not, or fewer: the lowest-ranked of those has it."""
    EVERYONE_HAD_ONE = "everyone_had_one"
    """Every eligible player has had a bye: the lowest-ranked has it again (or, if that one
    would force rematches, the lowest-ranked whose bye forces fewest)."""
    REPEAT_PREFERRED = "repeat_preferred"
    """The organizer prefers a second bye to a forced rematch (``prefer_repeat_bye``): a player
    who already had a bye has it, because every player without one would force more."""


class Blocked(StrEnum):
    """Why two players should not meet."""

    REMATCH = "rematch"
    """They met before in this stage."""
    FORBIDDEN = "forbidden"
    """They are one of the stage's forbidden pairs (teammates, family...)."""


@dataclass(frozen=True, slots=True)
class GroupScore:
    """What the players of one score group share: their ``points`` (a Swiss) or their win–loss
    ``pool`` (a Swiss elimination after round 1). Exactly one is set."""

    points: Fraction | None = None
    pool: Pool | None = None


@dataclass(frozen=True, slots=True)
class ExcludedNote:
    """``players`` (rank order) are left out of this round for ``reason``: one note per reason."""

    kind: ClassVar[NoteKind] = NoteKind.EXCLUDED
    reason: Exclusion
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class RoundOneNote:
    """Round 1: one group in seed order, by ``seeds``; unseeded players follow, drawn."""

    kind: ClassVar[NoteKind] = NoteKind.ROUND_ONE
    seeds: SeedSource


@dataclass(frozen=True, slots=True)
class MethodNote:
    """The method used inside score groups; ``slide_first_round``: the Swiss-elimination
    round-1 switch chose Slide over Adjacent; ``by_rating``: in pairing-number order."""

    kind: ClassVar[NoteKind] = NoteKind.METHOD
    method: PairingMethod
    slide_first_round: bool = False
    by_rating: bool = False
    """Inside score groups the players stand in pairing-number order (rating; the ruleset's
    ``PairingOrder.RATING``), not in tiebreak order."""


@dataclass(frozen=True, slots=True)
class GroupNote:
    """The pairing of group ``group`` starts here; ``players`` are its eligible field."""

    kind: ClassVar[NoteKind] = NoteKind.GROUP
    group: str
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class GroupSkippedNote:
    """Group ``group`` has fewer than two eligible players (``players``) and is not paired."""

    kind: ClassVar[NoteKind] = NoteKind.GROUP_SKIPPED
    group: str
    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class ScoreGroupNote:
    """One score group (or win–loss pool): ``players`` best first, sharing ``score``."""

    kind: ClassVar[NoteKind] = NoteKind.SCORE_GROUP
    score: GroupScore
    players: tuple[PlayerId, ...]
    group: str | None = None


@dataclass(frozen=True, slots=True)
class AssignedByeNote:
    """``player`` has a bye of kind ``bye`` that the organizer set (or the player earned);
    ``requested``: the player asked for it (a requested half-point or zero-point bye)."""

    kind: ClassVar[NoteKind] = NoteKind.ASSIGNED_BYE
    player: PlayerId
    bye: ByeKind
    requested: bool = False


@dataclass(frozen=True, slots=True)
class ByeNote:
    """``player`` has the pairing bye, by ``rule``.

    ``repeat``: ``player`` already had a (scoring) bye in this stage. ``forced``: how many
    rematches or forbidden pairs the rest of the field cannot avoid with ``player`` sitting
    out. ``instead_of``: when the bye moved off the player the rule names first (the
    lowest-ranked candidate), that player, and ``instead_forced``: how many the rest could not
    avoid with them sitting out (always more than ``forced``)."""

    kind: ClassVar[NoteKind] = NoteKind.BYE
    player: PlayerId
    rule: ByeRule
    repeat: bool = False
    forced: int = 0
    instead_of: PlayerId | None = None
    instead_forced: int | None = None
    group: str | None = None


@dataclass(frozen=True, slots=True)
class FloatNote:
    """``player`` floats down from the score group ``source`` into ``target``."""

    kind: ClassVar[NoteKind] = NoteKind.FLOAT
    player: PlayerId
    source: GroupScore
    target: GroupScore
    group: str | None = None


@dataclass(frozen=True, slots=True)
class RematchRepairedNote:
    """The textbook ``pairs`` (steps 4–5) were ``reason`` (a rematch, or forbidden) and were
    repaired by pairing those players differently. One note per reason."""

    kind: ClassVar[NoteKind] = NoteKind.REMATCH_REPAIRED
    reason: Blocked
    pairs: tuple[Pair, ...]
    group: str | None = None


@dataclass(frozen=True, slots=True)
class ForcedRematchNote:
    """``pairs`` meet again: no pairing of the players paired this round (after the bye) has
    fewer rematches and forbidden pairs together. ``count`` is ``len(pairs)``."""

    kind: ClassVar[NoteKind] = NoteKind.FORCED_REMATCH
    pairs: tuple[Pair, ...]
    group: str | None = None

    @property
    def count(self) -> int:
        return len(self.pairs)


@dataclass(frozen=True, slots=True)
class ForcedForbiddenNote:
    """``pairs`` are forbidden pairs, paired because nothing else works (as above)."""

    kind: ClassVar[NoteKind] = NoteKind.FORCED_FORBIDDEN
    pairs: tuple[Pair, ...]
    group: str | None = None

    @property
    def count(self) -> int:
        return len(self.pairs)


# ---------------------------------------------------------------- pods (docs/pods.md)


@dataclass(frozen=True, slots=True)
class PodTablesNote:
    """``players`` seated at tables of ``sizes`` (table 1 first): the preferred ``pod_size``
    and the ``remainder`` mode for the players left over; ``byes`` sit out; ``exact``: False
    when the mode's own shape could not be met (a documented fallback, docs/pods.md)."""

    kind: ClassVar[NoteKind] = NoteKind.POD_TABLES
    players: int
    sizes: tuple[int, ...]
    pod_size: int
    remainder: str
    byes: int = 0
    exact: bool = True


@dataclass(frozen=True, slots=True)
class PodByesNote:
    """``players`` (lowest-ranked first) sit out this round (``byes`` mode): the lowest-ranked
    without a bye in this stage; ``repeat``: those of them who already had one (everyone
    else had one too)."""

    kind: ClassVar[NoteKind] = NoteKind.POD_BYES
    players: tuple[PlayerId, ...]
    repeat: tuple[PlayerId, ...] = ()


@dataclass(frozen=True, slots=True)
class PodRepeatsAvoidedNote:
    """In score order the tables would have seated ``pairs`` together again (they met
    before); the tables were rearranged so that nobody meets a pod-mate again."""

    kind: ClassVar[NoteKind] = NoteKind.POD_REPEATS_AVOIDED
    pairs: tuple[Pair, ...]


@dataclass(frozen=True, slots=True)
class PodForcedRepeatsNote:
    """``pairs`` share a table again: no arrangement of the field avoids every repeat
    (``proven``) or none was found within the search budget (``proven`` False). ``count``
    is ``len(pairs)``."""

    kind: ClassVar[NoteKind] = NoteKind.POD_FORCED_REPEATS
    pairs: tuple[Pair, ...]
    proven: bool = True

    @property
    def count(self) -> int:
        return len(self.pairs)


@dataclass(frozen=True, slots=True)
class PodSeatsNote:
    """Seat 1 of each table (``first``, table 1 first) goes to the player at it with the
    fewest first seats so far; ``spread``: max − min first seats over the field after this
    round (the target is at most 1)."""

    kind: ClassVar[NoteKind] = NoteKind.POD_SEATS
    first: tuple[PlayerId, ...]
    spread: int


# --- Round robin (engine.formats.round_robin; docs/round-robin.md) -------------------------


class NumberSource(StrEnum):
    """Where a round robin's Berger numbers come from (docs/round-robin.md)."""

    STAGE_SEEDS = "stage_seeds"
    """The stage's seeds (a drawn cut's seeds, or set by the organizer): seed 1 is number 1."""
    PARTICIPANTS = "participants"
    """The stage's participants, in the order listed."""
    EVENT_SEEDS = "event_seeds"
    """Every player of the event by their seed (unseeded players after, in registration order)."""


@dataclass(frozen=True, slots=True)
class RoundRobinNumbersNote:
    """This round is round ``cycle_round`` of cycle ``cycle`` (of ``cycles``) of the FIDE
    Berger table; ``players`` hold numbers 1, 2, ... in that order, from ``source``; the
    schedule has ``rounds`` rounds in all. ``dummy``: the number that is the bye (odd field)."""

    kind: ClassVar[NoteKind] = NoteKind.ROUND_ROBIN_NUMBERS
    players: tuple[PlayerId, ...]
    source: NumberSource
    cycle: int
    cycle_round: int
    cycles: int
    rounds: int
    dummy: int | None = None


class SitOutReason(StrEnum):
    """Why a player of a round robin has no game this round."""

    DUMMY = "dummy"
    """The Berger table pairs them with the dummy (an odd field's highest number)."""
    OPPONENT_WITHDREW = "opponent_withdrew"
    """Their scheduled opponent has withdrawn."""


@dataclass(frozen=True, slots=True)
class RoundRobinSitOutNote:
    """``player`` sits this round out (no game, no points: a zero-point bye) for ``reason``;
    ``opponent`` is the withdrawn scheduled opponent (``None`` for the dummy)."""

    kind: ClassVar[NoteKind] = NoteKind.ROUND_ROBIN_SIT_OUT
    player: PlayerId
    reason: SitOutReason
    opponent: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class BracketSeedNote:
    """A playoff's round 1: ``player`` is seed ``seed`` and starts in ``slot`` of ``size``
    (MTR 10.4 bracket order)."""

    kind: ClassVar[NoteKind] = NoteKind.BRACKET_SEED
    seed: int
    player: PlayerId
    slot: int
    size: int


@dataclass(frozen=True, slots=True)
class BracketByeNote:
    """A playoff's round 1: seed ``seed`` (``player``) has a first-round bye (the field is not
    a power of two: the top seeds have them) and enters in ``match``."""

    kind: ClassVar[NoteKind] = NoteKind.BRACKET_BYE
    seed: int
    player: PlayerId
    match: str


@dataclass(frozen=True, slots=True)
class BracketMatchNote:
    """Bracket match ``match`` (``label``) is paired this round; its winner goes on to
    ``winner_to`` (or, with ``None``, places ``winner_place``: "1" for the champion), its loser
    to ``loser_to`` (double elimination: the losers-bracket slot, by the named ``order``; the
    third-place match) or, with ``loser_to`` ``None``, is out, placed ``loser_place``."""

    kind: ClassVar[NoteKind] = NoteKind.BRACKET_MATCH
    match: str
    label: str
    winner_to: str | None
    winner_place: str | None
    loser_to: str | None
    order: str | None
    loser_place: str | None


@dataclass(frozen=True, slots=True)
class WalkoverNote:
    """``withdrawn`` has left the event or the stage: ``winner`` advances from bracket match
    ``match`` (``label``) without playing. ``unreplaced``: the player dropped before round 1
    and the cut does not replace droppers (Riftbound): nobody took their seat."""

    kind: ClassVar[NoteKind] = NoteKind.WALKOVER
    match: str
    label: str
    winner: PlayerId
    withdrawn: PlayerId
    unreplaced: bool = False


@dataclass(frozen=True, slots=True)
class SeatReplacedNote:
    """A cut stage's round 1: ``withdrawn`` was above the line of ``from_stage`` but dropped
    and takes no seat; ``replacement``, the next in its standings, is seed ``seed`` instead."""

    kind: ClassVar[NoteKind] = NoteKind.SEAT_REPLACED
    withdrawn: PlayerId
    replacement: PlayerId
    seed: int
    from_stage: str


@dataclass(frozen=True, slots=True)
class BracketResetNote:
    """Double elimination: the bracket reset ``reset`` is played only if the losers-bracket
    champion wins the grand final ``final``; ``needed``: ``None`` before the final is played,
    then whether it is (``True``: it is paired this round)."""

    kind: ClassVar[NoteKind] = NoteKind.BRACKET_RESET
    final: str
    reset: str
    needed: bool | None


# --- The Dutch system (engine.pairing.dutch; docs/pairing.md "The Dutch system") -----------


class ColourRule(StrEnum):
    """Which rule of C.04.3 E set a board's colours."""

    BOTH = "both"
    """E.1: both colour preferences granted."""
    STRONGER = "stronger"
    """E.2: the stronger preference granted (of two absolute ones, the wider colour
    difference)."""
    ALTERNATION = "alternation"
    """E.3: the colours alternate from the latest round in which the two had different ones."""
    HIGHER_RANKED = "higher_ranked"
    """E.4: the higher-ranked player's preference granted."""
    RANK = "rank"
    """E.5: the rank rule (the higher-ranked player's pairing number, odd or even)."""


class Preference(StrEnum):
    """How strongly a player wants a colour (C.04.3 1.6 / A.6)."""

    NONE = "none"
    MILD = "mild"
    STRONG = "strong"
    ABSOLUTE = "absolute"


class ColourWanted(StrEnum):
    WHITE = "white"
    BLACK = "black"


@dataclass(frozen=True, slots=True)
class DutchTextNote:
    """The Dutch system's text the stage follows (``SwissConfig.dutch_text``), noted when it
    is not the one in force: ``edition`` 2025 (C.04.3 of 1 July 2025, art. 1.4.3: a
    pairing-allocated bye is a downfloat only when it scores more than a loss)."""

    kind: ClassVar[NoteKind] = NoteKind.DUTCH_TEXT
    edition: DutchText


@dataclass(frozen=True, slots=True)
class VirtualPointsNote:
    """Baku acceleration (C.04.5.1): ``players`` (group A, in this round's pairing) pair with
    ``points`` virtual points added; ``group_a`` players were put in group A before round 1;
    ``full_rounds`` rounds give 1 point, up to round ``accelerated_rounds`` ½. Never in the
    standings."""

    kind: ClassVar[NoteKind] = NoteKind.VIRTUAL_POINTS
    players: tuple[PlayerId, ...]
    points: GroupScore
    group_a: int
    full_rounds: int
    accelerated_rounds: int


@dataclass(frozen=True, slots=True)
class ColoursNote:
    """Why ``white`` has White against ``black`` (C.04.3 E): ``rule``, each player's colour
    preference (``None``: none) and its strength, ``higher`` the higher-ranked of the two,
    ``denied`` the players whose preference was not granted. Only boards where a rule other
    than E.1 decided or someone was denied get a note."""

    kind: ClassVar[NoteKind] = NoteKind.COLOURS
    white: PlayerId
    black: PlayerId
    rule: ColourRule
    higher: PlayerId
    white_wants: ColourWanted | None
    white_strength: Preference
    black_wants: ColourWanted | None
    black_strength: Preference
    denied: tuple[PlayerId, ...] = ()
    higher_number: int = 0
    """The higher-ranked player's pairing number (the E.5 rank rule reads its parity)."""


@dataclass(frozen=True, slots=True)
class DutchBracketNote:
    """How one pairing bracket (``score``, the pairing score) was paired: ``moved_down`` its
    MDPs, ``upfloaters`` the residents paired with one, ``downfloaters`` the players left for
    the bracket below, ``pair_count`` how many pairs it made; the quality criteria the pairing could
    not meet in full (no pairing of the bracket meets them, given the ones before):
    ``colour_denied`` (C.10), ``strong_denied`` (C.11), ``repeat_downfloat`` and
    ``repeat_upfloat`` (a float again after one the round before, C.12/C.13)."""

    kind: ClassVar[NoteKind] = NoteKind.DUTCH_BRACKET
    score: GroupScore
    moved_down: tuple[PlayerId, ...]
    upfloaters: tuple[PlayerId, ...]
    downfloaters: tuple[PlayerId, ...]
    pair_count: int
    colour_denied: tuple[PlayerId, ...] = ()
    strong_denied: tuple[PlayerId, ...] = ()
    repeat_downfloat: tuple[PlayerId, ...] = ()
    repeat_upfloat: tuple[PlayerId, ...] = ()


PairingNote = (
    ExcludedNote
    | RoundOneNote
    | MethodNote
    | GroupNote
    | GroupSkippedNote
    | ScoreGroupNote
    | AssignedByeNote
    | ByeNote
    | FloatNote
    | RematchRepairedNote
    | ForcedRematchNote
    | ForcedForbiddenNote
    | PodTablesNote
    | PodByesNote
    | PodRepeatsAvoidedNote
    | PodForcedRepeatsNote
    | PodSeatsNote
    | RoundRobinNumbersNote
    | RoundRobinSitOutNote
    | BracketSeedNote
    | BracketByeNote
    | BracketMatchNote
    | WalkoverNote
    | SeatReplacedNote
    | BracketResetNote
    | VirtualPointsNote
    | ColoursNote
    | DutchBracketNote
    | DutchTextNote
)
"""Any pairing note; ``note.kind`` says which."""
