"""The named presets. Each choice cites its source; docs/rulesets.md explains them."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from fairpair.engine.errors import UnknownRuleset, saying
from fairpair.engine.results import GameScore, MatchFormat
from fairpair.engine.ruleset import PairingOrder, Ruleset, UnplayedRounds, WinRateBasis
from fairpair.engine.scoring import Scoring
from fairpair.engine.stage_config import PairingMethod, SwissConfig, TossSettings

HALF = Fraction(1, 2)

#: Seed 004 ("A new Swiss stage starts with Buchholz, Matches Played & Won, Head-to-Head,
#: Game Win %, Seed"); byes and forfeits left out of strength of schedule.
DEFAULT = Ruleset(
    name="default",
    scoring=Scoring(),
    tiebreaks=("buchholz", "matches_won", "head_to_head", "gw", "seed"),
)

#: Magic Tournament Rules 3.1 and appendix C: 3/1/0, OMW%, GW%, OGW%, 0.33 floor; a bye is a
#: 2-0 win (3 match points, 6 game points) and is ignored in opponents' percentages.
MTG = Ruleset(
    name="mtg",
    scoring=Scoring(bye_games=GameScore(2, 0), forfeit_games=GameScore(2, 0)),
    tiebreaks=("omw", "gw", "ogw"),
    percentage_floor=Fraction(33, 100),
    forfeits_have_opponent=True,
)

#: Play! Pokémon Tournament Rules: resistance (OWP) with a 25% floor and a 75% cap for dropped
#: players, then opponents' opponents' win %, then head-to-head, then a random draw; byes removed
#: from records; win % counts a tie as ½. (The late-penalty criterion is not modelled.)
POKEMON = Ruleset(
    name="pokemon",
    scoring=Scoring(match_format=MatchFormat.BO3),
    tiebreaks=("omw", "oomw", "head_to_head", "random"),
    percentage_floor=Fraction(1, 4),
    byes_in_own_record=False,
    dropped_cap=Fraction(3, 4),
    win_rate=WinRateBasis.RESULTS,
)

#: Riftbound tournament rules (updated October 2026, per seed 001): OMW%, GW%, OGW%, random.
RIFTBOUND = Ruleset(
    name="riftbound",
    scoring=Scoring(),
    tiebreaks=("omw", "gw", "ogw", "random"),
    percentage_floor=Fraction(33, 100),
)

#: Team Up (seed 001): win 1, draw ½, bye 1; Buchholz (a bye adds nothing), head-to-head,
#: score difference, seed.
TEAMUP = Ruleset(
    name="teamup",
    scoring=Scoring(
        win=Fraction(1),
        draw=HALF,
        loss=Fraction(0),
        bye=Fraction(1),
        half_bye=HALF,
        forfeit_win=Fraction(1),
        forfeit_loss=Fraction(0),
        bye_games=None,
        match_format=MatchFormat.BO1,
    ),
    tiebreaks=("buchholz", "head_to_head", "game_difference", "seed"),
)

#: FIDE Handbook C.07 (Play-off and Tie-Break Regulations) as amended in force from
#: 1 March 2026: 1/½/0; an ordered list from its catalogue (art. 4.1) — Buchholz Cut-1,
#: Buchholz, Sonneborn-Berger, direct encounter, number of wins, ARO — with unplayed rounds
#: managed by art. 16 of that edition (``fide_2026``: opponents' trailing requested byes and
#: absences as draws, capped dummy opponents, voluntarily unplayed rounds cut first).
#: Checked value by value against FIDE's TieBreakServer 1.9.57 (docs/rulesets.md). The
#: 2024 dummy opponent uncapped is ``virtual_opponent`` (seed 001's Ivo 9 / Hana 8); the
#: whole 2024 article 16 is ``fide_2024`` (the ``FIDE_2024`` preset). Withdrawn players keep
#: a rank (``rank_withdrawn``), as FIDE ranks every participant. A Swiss pairs by pairing
#: numbers (``PairingOrder.RATING``): round 1 by rating, then title, then name when nobody
#: is seeded (C.04.2 B), later rounds by score then pairing number (C.04.3 A.2).
FIDE = Ruleset(
    name="fide",
    scoring=Scoring(
        win=Fraction(1),
        draw=HALF,
        loss=Fraction(0),
        bye=Fraction(1),
        half_bye=HALF,
        forfeit_win=Fraction(1),
        forfeit_loss=Fraction(0),
        game_win=Fraction(1),
        game_draw=HALF,
        bye_games=None,
        match_format=MatchFormat.BO1,
    ),
    tiebreaks=("buchholz_cut1", "buchholz", "sonneborn_berger", "head_to_head", "wins", "aro"),
    unplayed=UnplayedRounds.FIDE_2026,
    percentage_floor=Fraction(0),
    rank_withdrawn=True,
    pairing_order=PairingOrder.RATING,
)

#: The ``fide`` preset under the edition of C.07 applied from 1 August 2024 to 28 February
#: 2026 (for events played under it): article 16 of that edition (``fide_2024``) — opponents'
#: trailing requested byes and absences as draws (16.3), the player's own unplayed rounds as
#: an uncapped dummy opponent on their own points (16.4), voluntarily unplayed rounds cut
#: first (16.5). Everything else as ``fide``.
FIDE_2024 = replace(FIDE, name="fide_2024", unplayed=UnplayedRounds.FIDE_2024)

#: A round robin (issue 9 point 4; docs/round-robin.md "Tiebreaks"): chess scoring 1/½/0 and
#: the tiebreaks FIDE lists for individual round robins, in its order — direct encounter,
#: the greater number of wins, Sonneborn-Berger, Koya (FIDE Handbook C.02 (2017) 13.16.2;
#: C.07 (2024) keeps the four in its catalogue) — with direct encounter counting a forfeit as
#: played (``head_to_head_forfeits``), then a seeded random draw.
ROUND_ROBIN = Ruleset(
    name="round_robin",
    scoring=FIDE.scoring,
    tiebreaks=("head_to_head_forfeits", "wins", "sonneborn_berger", "koya", "random"),
    percentage_floor=Fraction(0),
)

#: Pods (Commander / cEDH events, docs/pods.md "Scoring"): a win 5, a draw 1, a loss 0, a bye
#: 5, as the TopDeck.gg guidelines many Commander events follow (e.g.
#: https://www.appalachiagames.com/guidelines: "5 Points for Winning, 1 Points for Draws,
#: 5 Points for Byes, 0 Points for Losses"); docs/architecture.md "Playoffs and other stages":
#: "default 5/1/0 win/draw/loss, as Commander events score". At a pod table a *win* is a sole first
#: place, a *draw* a first
#: place shared by two or more seats (a game that ends with no single winner: every seat
#: that shares it), every other place a loss (``Scoring.pod_points``). Placement points
#: (5/3/2/1 and the like) are the ``place_points`` setting. Pod-strength Buchholz first
#: (seed 001, "a pod-strength version of Buchholz"), then the seed.
PODS = Ruleset(
    name="pods",
    scoring=Scoring(
        win=Fraction(5),
        draw=Fraction(1),
        loss=Fraction(0),
        bye=Fraction(5),
        forfeit_win=Fraction(5),
    ),
    tiebreaks=("pod_buchholz", "seed"),
)

PRESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (DEFAULT, MTG, POKEMON, RIFTBOUND, TEAMUP, FIDE, FIDE_2024, ROUND_ROBIN, PODS)
}


def get_ruleset(name: str, where: str = "ruleset") -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(PRESETS)
        raise UnknownRuleset(
            where,
            saying("unknown ruleset %(name)s (known: %(known)s)", name=repr(name), known=known),
        ) from None


def swiss_defaults(ruleset: Ruleset) -> SwissConfig:
    """A new Swiss stage's settings under ``ruleset``, as its game expects them.

    - Chess (a ruleset scored 1/½/0): the colours are on — the toss decides who has White, and
      every page, print and export shows White and Black (``Stage.chess``).
    - A ruleset that pairs by rating (``PairingOrder.RATING``, the ``fide`` presets): each
      score group is split in halves, the top half against the bottom half (``slide``: the
      Dutch system's S1 against S2, FIDE C.04.3), never neighbours (``adjacent``).

    Anything else: the platform's defaults (adjacent, no toss). The organizer can change each.
    """
    chess = ruleset.scoring.is_chess
    by_rating = ruleset.pairing_order is PairingOrder.RATING
    return SwissConfig(
        pairing_method=PairingMethod.SLIDE if by_rating else PairingMethod.ADJACENT,
        toss=TossSettings(enabled=chess or by_rating),
    )


#: The presets whose new stages run themselves (``Stage.autopilot``): Team Up's community
#: nights pair each round "the moment the previous one is fully reported" (seed 001).
AUTOPILOT_PRESETS = frozenset({"teamup"})


def autopilot_default(ruleset: Ruleset) -> bool:
    """Whether a new stage under ``ruleset`` (a preset, or a preset with changes) starts with
    its autopilot on: on for ``AUTOPILOT_PRESETS``, off otherwise."""
    return (ruleset.base or ruleset.name) in AUTOPILOT_PRESETS
