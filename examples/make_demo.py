"""Build the demo event: a 20-player Friday Night Magic, four rounds played of five.

Every round is paired by fairpair's own engine (``pair_next_round``) and tossed by its
deterministic toss; the results come from a seeded random generator in which the better seed
wins a little more often. One player drops after round 2 (the field turns odd: byes), round 3
has a forfeit, round 4 an intentional draw. Writes examples/friday-night-magic.json and the
copy bundled as ``fairpair demo`` (src/fairpair/data/demo-tournament.json).

    uv run python examples/make_demo.py
"""

from __future__ import annotations

import random
from pathlib import Path

from fairpair import (
    Drop,
    GameScore,
    Player,
    Result,
    Side,
    TossPolicy,
    TossSettings,
    Tournament,
    dump_document,
    get_ruleset,
    pair_next_round,
    record_result,
    release_round,
    stage_from_settings,
)

ROOT = Path(__file__).resolve().parent.parent
NAMES = (
    "Aiko Tanaka",
    "Bruno Costa",
    "Chloé Martin",
    "Dario Rossi",
    "Elif Yılmaz",
    "Finn O'Brien",
    "Greta Schulz",
    "Hugo Lefèvre",
    "Ines Duarte",
    "Jonas Berg",
    "Kavya Rao",
    "Liam Walsh",
    "Maya Cohen",
    "Nils Larsen",
    "Olga Petrova",
    "Pablo Ruiz",
    "Quinn Harper",
    "Rosa Jiménez",
    "Sami Haddad",
    "Tess Novak",
)
PLAYED_ROUNDS = 4


def result_for(rng: random.Random, stronger_is_a: bool) -> Result:
    """A BO3 result: the better seed wins 60% of matches; scores 2-0 or 2-1; rare draws."""
    if rng.random() < 0.04:
        return Result.draw(GameScore(1, 1, 1))
    a_wins = rng.random() < (0.6 if stronger_is_a else 0.4)
    games = GameScore(2, rng.choice((0, 1))) if a_wins else GameScore(rng.choice((0, 1)), 2)
    return Result.from_games(games.a, games.b)


def build() -> Tournament:
    rng = random.Random(20261127)
    players = tuple(
        Player(name.split()[0].lower(), name, seed=i + 1, rating=1900 - 25 * i)
        for i, name in enumerate(NAMES)
    )
    seed_of = {p.id: p.seed or 0 for p in players}
    stage = stage_from_settings(
        id="swiss",
        name="Swiss",
        ruleset=get_ruleset("mtg"),
        max_rounds=5,
        seed="fnm-2026-11-27",
        toss=TossSettings(enabled=True, policy=TossPolicy.NEUTRAL),
        drops=(Drop("tess", 2),),
    )
    tournament = Tournament("Friday Night Magic — demo", players, (stage,))
    for number in range(1, PLAYED_ROUNDS + 1):
        draft = pair_next_round(tournament)
        # Released untracked (a plain document derives each round's state from its results);
        # the stage has the toss on, so release tosses every match.
        tournament = release_round(tournament, draft, state=None)
        for pairing in draft.pairings:
            result = result_for(rng, seed_of[pairing.a] < seed_of[pairing.b])
            if number == 3 and pairing.table == len(draft.pairings):
                result = Result.forfeit(Side.A)
            if number == PLAYED_ROUNDS and pairing.table == 1:
                result = Result.draw(intentional=True)
            tournament = record_result(tournament, number, pairing.table, result)
    return tournament


def main() -> None:
    text = dump_document(build())
    for path in (
        ROOT / "examples" / "friday-night-magic.json",
        ROOT / "src" / "fairpair" / "data" / "demo-tournament.json",
    ):
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
