"""A ruleset that pairs by rating (``PairingOrder.RATING``, the ``fide`` presets): round 1 in
FIDE's initial order when nobody is seeded (rating, then FIDE title, then name: C.04.2 B),
later rounds by score then pairing number (C.04.3 A.2), never by tiebreaks; with the
``fide`` stage's own settings (``swiss_defaults``: slide, colours on) round 1 is the top half
against the bottom half, and the pairing bye goes to the lowest-rated of the lowest score."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fairpair.engine.pairing import ByeNote, RoundOneNote, SeedSource, pair_next_round
from fairpair.engine.pairing.notes import MethodNote
from fairpair.engine.pairing.ranking import by_rating, seed_order
from fairpair.engine.players import Player
from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match, Round
from fairpair.engine.ruleset import PairingOrder
from fairpair.engine.rulesets import DEFAULT, FIDE, FIDE_2024, MTG, PRESETS, swiss_defaults
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import PairingMethod
from fairpair.engine.tournament import Tournament

#: Eight players in registration order (not the rating order), one unrated, two on 2100.
FIELD = (
    Player("eve", "Eve", rating=1900),
    Player("ann", "Ann", rating=2400),
    Player("zoe", "Zoe", rating=2100, title="FM"),
    Player("bob", "Bob", rating=2300),
    Player("kim", "Kim", rating=None),
    Player("cid", "Cid", rating=2100, title="m"),  # TRF spelling of IM: ahead of the FM
    Player("dan", "Dan", rating=2000),
    Player("fay", "Fay", rating=1800),
)
RATING_ORDER = ["ann", "bob", "cid", "zoe", "dan", "eve", "fay", "kim"]


def fide_event(players: tuple[Player, ...] = FIELD, *rounds: Round) -> Tournament:
    stage = Stage(ruleset=FIDE, config=swiss_defaults(FIDE), seed="s", rounds=rounds)
    return Tournament("Club Swiss", players, (stage,))


def test_only_the_fide_presets_pair_by_rating() -> None:
    assert FIDE.pairing_order is FIDE_2024.pairing_order is PairingOrder.RATING
    rating = [n for n, r in PRESETS.items() if r.pairing_order is PairingOrder.RATING]
    assert rating == ["fide", "fide_2024"]


def test_a_fide_stage_starts_with_slide_and_its_colours_on() -> None:
    fide = swiss_defaults(FIDE)
    assert fide.pairing_method is PairingMethod.SLIDE and fide.toss.enabled
    assert swiss_defaults(PRESETS["round_robin"]).toss.enabled  # chess scoring: colours
    mtg = swiss_defaults(MTG)
    assert mtg.pairing_method is PairingMethod.ADJACENT and not mtg.toss.enabled
    assert swiss_defaults(DEFAULT) == swiss_defaults(MTG)


def test_round_one_without_seeds_is_by_rating_then_title_then_name() -> None:
    t = fide_event()
    assert seed_order(t.stage(), FIELD) == RATING_ORDER
    draft = pair_next_round(t)
    pairs = [(p.a, p.b) for p in draft.pairings]
    # slide over the rating order: the top half against the bottom half
    assert pairs == [("ann", "dan"), ("bob", "eve"), ("cid", "fay"), ("zoe", "kim")]
    (first,) = [n for n in draft.notes if isinstance(n, RoundOneNote)]
    assert first.seeds is SeedSource.RATING
    (method,) = [n for n in draft.notes if isinstance(n, MethodNote)]
    assert method.by_rating and method.method is PairingMethod.SLIDE


def test_seeds_still_come_first_when_the_organizer_sets_them() -> None:
    seeded = tuple(
        Player(p.id, p.name, seed=1 if p.id == "fay" else None, rating=p.rating, title=p.title)
        for p in FIELD
    )
    t = fide_event(seeded)
    assert seed_order(t.stage(), seeded) == ["fay", *(p for p in RATING_ORDER if p != "fay")]
    (first,) = [n for n in pair_next_round(t).notes if isinstance(n, RoundOneNote)]
    assert first.seeds is SeedSource.TOURNAMENT


def test_a_card_game_ruleset_still_draws_its_unseeded_players() -> None:
    stage = Stage(ruleset=MTG, seed="s")
    assert seed_order(stage, FIELD) != RATING_ORDER  # the stage seed's draw, not the ratings
    assert sorted(seed_order(stage, FIELD)) == sorted(RATING_ORDER)


def test_later_rounds_pair_by_score_then_rating_not_by_tiebreaks() -> None:
    won = Result.win(Side.A)
    lost = Result.win(Side.B)
    # round 1: the four stronger players win except Bob, who loses to Eve
    first = Round(
        1,
        (
            Match(1, "ann", "dan", won),
            Match(2, "bob", "eve", lost),
            Match(3, "cid", "fay", won),
            Match(4, "zoe", "kim", won),
        ),
    )
    draft = pair_next_round(fide_event(FIELD, first))
    pairs = {frozenset((p.a, p.b)) for p in draft.pairings}
    # winners on 1 point in rating order: ann, cid, zoe, eve → ann–zoe, cid–eve (slide)
    assert frozenset(("ann", "zoe")) in pairs and frozenset(("cid", "eve")) in pairs
    # losers on 0 in rating order: bob, dan, fay, kim → bob–fay, dan–kim
    assert frozenset(("bob", "fay")) in pairs and frozenset(("dan", "kim")) in pairs


def test_the_bye_goes_to_the_lowest_rated_of_the_lowest_score() -> None:
    seven = tuple(p for p in FIELD if p.id != "kim")
    draft = pair_next_round(fide_event(seven))
    (bye,) = [n for n in draft.notes if isinstance(n, ByeNote)]
    assert bye.player == "fay"  # the lowest-rated: FIDE's last pairing number
    first = Round(
        1,
        (
            Match(1, "ann", "dan", Result.win(Side.B)),
            Match(2, "bob", "eve", Result.win(Side.A)),
            Match(3, "cid", "zoe", Result.win(Side.A)),
        ),
        draft.byes,
    )
    later = pair_next_round(fide_event(seven, first))
    (bye,) = [n for n in later.notes if isinstance(n, ByeNote)]
    # on 0 points: ann (2400), eve (1900), zoe (2100) — the lowest-rated is Eve
    assert bye.player == "eve"


@given(
    st.lists(
        st.tuples(
            st.integers(1000, 2900) | st.none(),
            st.sampled_from([None, "GM", "IM", "WGM", "FM", "g", "wf", "c", ""]),
            st.text("abcdefgh", min_size=1, max_size=4),
        ),
        min_size=2,
        max_size=12,
    )
)
def test_the_initial_order_is_rating_descending_unrated_last(
    specs: list[tuple[int | None, str | None, str]],
) -> None:
    players = tuple(
        Player(f"p{k}", name, rating=rating, title=title)
        for k, (rating, title, name) in enumerate(specs)
    )
    order = seed_order(fide_event(players).stage(), players)
    ratings = [next(p.rating for p in players if p.id == pid) for pid in order]
    rated = [r for r in ratings if r is not None]
    assert rated == sorted(rated, reverse=True)
    assert ratings[: len(rated)] == rated  # every unrated player after every rated one
    by_id = {p.id: p for p in players}
    keys = [by_rating(by_id[pid]) for pid in order]
    assert keys == sorted(keys)
