"""``fairpair rating list|show|event|settings|rebuild``: a community's ratings (Glicko-2,
OpenSkill, FIDE Elo; docs/ratings.md) — its rating list, a person's rating before and after
each event, an event's changes, the community's choices, and rating every event again."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group("rating", "A community's ratings: list, a person's history, settings, rebuild.")
Community = Annotated[
    str,
    Argument(metavar="COMMUNITY", help="The community's slug.", show_default=False),
]
Person = Annotated[
    str,
    Argument(
        metavar="PERSON", help="The person's key in the community's directory.", show_default=False
    ),
]


@command(GROUP, "list")
@handles_errors
def list_(
    community: Community,
    game: Annotated[
        str | None,
        Option("--game", metavar="GAME", help="The game (a ruleset preset: mtg, fide...)."),
    ] = None,
    system: Annotated[
        str | None,
        Option("--system", metavar="SYSTEM", help="glicko2, elo or openskill."),
    ] = None,
    *,
    run: options.Read,
) -> None:
    """The community's rating list, best first (its most rated game unless --game)."""
    from fairpair.cli.saved import lines
    from fairpair.service.ratings.answers import list_answer
    from fairpair.service.ratings.views import rating_list

    with run.database() as base:
        view = rating_list(base, community, game=game, system=system)
    if run.as_json:
        run.done("", list_answer(view).model_dump(mode="json"))
        return
    head = f"{view.name} — {view.system.label} ratings, {view.game}"
    if len(view.games) > 1:
        head += f" (games: {', '.join(view.games)})"
    rows = [
        f"{p.rank:>3}. {p.shown:>6}{'?' if p.provisional else ' '} {p.name} ({p.key})"
        f"  {p.games} games, {p.events} events"
        for p in view.people
    ]
    lines([head, *(rows or ["nobody is rated yet: ratings move when a round completes"])])


@command(GROUP, "show")
@handles_errors
def show(community: Community, person: Person, run: options.Read) -> None:
    """A person's rating before and after each event, per game and system."""
    from fairpair.cli.saved import lines
    from fairpair.service.ratings.answers import history_answer
    from fairpair.service.ratings.views import rating_history

    with run.database() as base:
        view = rating_history(base, community, person)
    if run.as_json:
        run.done("", history_answer(view).model_dump(mode="json"))
        return
    out = [f"{view.name} ({view.person})"]
    for s in view.series:
        out.append(f"{s.label}: {s.current}")
        out.extend(
            f"  {p.at:%Y-%m-%d} {p.event_name}: {p.shown_before} → {p.shown_after}"
            f" ({p.shown_change}, {p.games} games)"
            for p in s.points
        )
    lines(out if view.series else [*out, "no rated games yet"])


@command(GROUP, "event")
@handles_errors
def event(
    community: Community,
    slug: Annotated[str, Argument(metavar="EVENT", help="The event's slug.", show_default=False)],
    run: options.Read,
) -> None:
    """An event's rating changes (FIDE Elo: games, score, expected score, K)."""
    from fairpair.cli.saved import lines
    from fairpair.service.ratings.answers import event_answer
    from fairpair.service.ratings.views import event_ratings

    with run.database() as base:
        view = event_ratings(base, community, slug)
    if run.as_json:
        run.done("", event_answer(view).model_dump(mode="json"))
        return
    out = [f"{view.event_name} ({view.event})"]
    for c in view.changes:
        p = c.point
        extra = f", expected {p.expected:g}, K {p.k}" if p.k is not None else ""
        out.append(
            f"  {c.name}: {p.shown_before} → {p.shown_after} ({p.shown_change});"
            f" {p.score:g}/{p.games}{extra}"
        )
    lines(out if view.changes else [*out, "  no rated games"])


@command(GROUP, "settings")
@handles_errors
def settings(
    community: Community,
    matches: Annotated[
        str | None,
        Option(
            "--matches", metavar="SYSTEM", help="Rate matches with glicko2, elo, openskill or off."
        ),
    ] = None,
    pods: Annotated[
        bool | None,
        Option("--pods/--no-pods", help="Rate pod tables by place (OpenSkill)."),
    ] = None,
    per_game: Annotated[
        bool | None,
        Option("--per-game/--one-rating", help="One rating per game, or one for all."),
    ] = None,
    seed: Annotated[
        bool | None,
        Option("--seed/--no-seed", help="Seed a new event's round 1 by rating."),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Show the community's rating choices, or change them (every event is rated again)."""
    from fairpair.service.ratings.answers import settings_answer
    from fairpair.service.ratings.updates import change_settings, rating_settings

    changes = {"matches": matches, "pods": pods, "per_game": per_game, "seed_round_one": seed}
    with run.database() as base:
        if all(v is None for v in changes.values()):
            chosen = rating_settings(base, community)
        else:
            chosen = change_settings(base, community, changes, actor=run.who)
    run.done(
        f"{community}: matches {chosen.matches}, pods {'on' if chosen.pods else 'off'}, "
        f"{'one rating per game' if chosen.per_game else 'one rating for all games'}, "
        f"round 1 {'seeded by rating' if chosen.seed_round_one else 'as usual'}",
        settings_answer(community, chosen).model_dump(mode="json"),
    )


@command(GROUP, "rebuild")
@handles_errors
def rebuild(community: Community, run: options.Change) -> None:
    """Rate every event of the community again, from the first (after a merge, say)."""
    from fairpair.service.ratings.updates import rebuild as rebuild_ratings

    with run.database() as base:
        written = rebuild_ratings(base, community, actor=run.who)
    run.done(
        f"{community}: every event rated again ({written} ratings)",
        {"community": community, "ratings": written},
    )
