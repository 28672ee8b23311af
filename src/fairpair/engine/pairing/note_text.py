"""The one place pairing notes become sentences ("Why these pairings").

``render_note(note, names)`` names players by ``names`` (their ids when missing). The text is
for a person; programs read the note's fields (``notes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from fairpair.engine.pairing.exclusions import Exclusion
from fairpair.engine.pairing.notes import (
    AssignedByeNote,
    Blocked,
    BracketByeNote,
    BracketMatchNote,
    BracketResetNote,
    BracketSeedNote,
    ByeNote,
    ByeRule,
    ColourRule,
    ColoursNote,
    ColourWanted,
    DutchBracketNote,
    DutchTextNote,
    ExcludedNote,
    FloatNote,
    ForcedForbiddenNote,
    ForcedRematchNote,
    GroupNote,
    GroupScore,
    GroupSkippedNote,
    MethodNote,
    NumberSource,
    Pair,
    PairingNote,
    PodByesNote,
    PodForcedRepeatsNote,
    PodRepeatsAvoidedNote,
    PodSeatsNote,
    PodTablesNote,
    Preference,
    RematchRepairedNote,
    RoundOneNote,
    RoundRobinNumbersNote,
    RoundRobinSitOutNote,
    ScoreGroupNote,
    SeatReplacedNote,
    SeedSource,
    SitOutReason,
    VirtualPointsNote,
    WalkoverNote,
)
from fairpair.engine.players import PlayerId
from fairpair.engine.points_text import points_text
from fairpair.engine.rounds import ByeKind
from fairpair.engine.stage_config import DutchText

_ONE_EXCLUDED = {
    Exclusion.DROPPED: "has dropped or withdrawn",
    Exclusion.ADVANCED: "has already advanced (reached the wins to advance)",
    Exclusion.ELIMINATED: "is eliminated (knocked out, or reached the losses to eliminate)",
    Exclusion.NO_STANDINGS_ROW: "has no standings row (no completed match in this stage)",
    Exclusion.NO_GROUP: "is in no group of this grouped stage",
    Exclusion.ASSIGNED_BYE_DROPPED: "had an assigned bye but has dropped",
    Exclusion.WAITING: "is still in and waits for the other side of their next bracket match",
    Exclusion.CHAMPION: "has won the bracket",
}

_MANY_EXCLUDED = {
    Exclusion.DROPPED: "each has dropped or withdrawn",
    Exclusion.ADVANCED: "each has already advanced (reached the wins to advance)",
    Exclusion.ELIMINATED: "each is eliminated (knocked out, or reached the losses to eliminate)",
    Exclusion.NO_STANDINGS_ROW: "none has a standings row (no completed match in this stage)",
    Exclusion.NO_GROUP: "none is in a group of this grouped stage",
    Exclusion.ASSIGNED_BYE_DROPPED: "each had an assigned bye but has dropped",
    Exclusion.WAITING: "each is still in and waits for the other side of their next bracket match",
    Exclusion.CHAMPION: "each has won the bracket",
}

#: How a requested bye reads in the notes ("Bea — half-point bye (requested).").
REQUESTED_BYES = {
    ByeKind.HALF: "half-point bye",
    ByeKind.ZERO: "zero-point bye, sits the round out",
    ByeKind.FULL: "full-point bye",
}


def _listed(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count} {one if count == 1 else (many or one + 's')}"


def _score(score: GroupScore) -> str:
    """ "the score group on 3 points", "pool 2-1"."""
    if score.pool is not None:
        return f"pool {score.pool.wins}-{score.pool.losses}"
    points = score.points if score.points is not None else Fraction(0)
    return f"the score group on {points_text(points)} point{'' if abs(points) == 1 else 's'}"


def _forced(count: int) -> str:
    """What the rest of the field must repeat with someone sitting out."""
    if count == 0:
        return "the others can all be paired without a rematch"
    forced = _plural(count, "rematch or forbidden pair", "rematches or forbidden pairs")
    return f"the best pairing of the others has {forced}"


def _in_group(group: str | None) -> str:
    return f"Group {group}: " if group is not None else ""


def render_note(note: PairingNote, names: Mapping[PlayerId, str] | None = None) -> str:
    """One sentence for ``note``."""
    known = names or {}

    def name(pid: PlayerId) -> str:
        return known.get(pid, pid)

    def pairs(items: Sequence[Pair]) -> str:
        return _listed([f"{name(a)} v {name(b)}" for a, b in items])

    match note:
        case ExcludedNote(reason=reason, players=players):
            if len(players) == 1:
                who = name(players[0])
                return f"{who} is not paired: {who} {_ONE_EXCLUDED[reason]}."
            listed = _listed([name(p) for p in players])
            return f"{len(players)} players are not paired: {_MANY_EXCLUDED[reason]} ({listed})."
        case RoundOneNote(seeds=SeedSource.RATING):
            return (
                "Round 1: one group by rating, highest first (then FIDE title, then name; "
                "unrated players last), as FIDE's initial order has it: nobody is seeded."
            )
        case RoundOneNote(seeds=seeds):
            whose = "the stage's seeds" if seeds is SeedSource.STAGE else "the tournament's seeds"
            return (
                f"Round 1: one group in seed order ({whose}); unseeded players follow the seeded "
                "ones in an order drawn from the stage seed."
            )
        case MethodNote(method=method, slide_first_round=switched, by_rating=by_rating):
            if switched:
                return f"Pairing method: {method} (Slide for round 1 of a Swiss elimination)."
            if by_rating:
                return (
                    f"Pairing method: {method}, each score group in pairing-number order "
                    "(rating order, as FIDE pairs; tiebreaks do not order a pairing)."
                )
            return f"Pairing method: {method}."
        case GroupNote(group=group, players=players):
            count = _plural(len(players), "eligible player")
            return f"Group {group}: {count}, paired as their own Swiss."
        case GroupSkippedNote(group=group, players=players):
            who = f" ({_listed([name(p) for p in players])})" if players else ""
            return f"Group {group} is skipped this round: fewer than two eligible players{who}."
        case ScoreGroupNote(score=score, players=players, group=group):
            who = f" ({_listed([name(p) for p in players])})" if len(players) <= 8 else ""
            where = _score(score)
            where = where[0].upper() + where[1:]
            return f"{_in_group(group)}{where}: {_plural(len(players), 'player')}{who}."
        case AssignedByeNote(player=player, bye=bye, requested=True):
            return f"{name(player)} — {REQUESTED_BYES.get(bye, f'{bye} bye')} (requested)."
        case AssignedByeNote(player=player, bye=bye):
            return f"{name(player)} has an assigned {bye} bye this round (not the pairing bye)."
        case ByeNote():
            return _in_group(note.group) + _bye_text(note, name)
        case FloatNote(player=player, source=source, target=target, group=group):
            where = f"from {_score(source)} to {_score(target)}"
            return f"{_in_group(group)}{name(player)} floats down {where}."
        case RematchRepairedNote(reason=reason, pairs=items, group=group):
            what = "a rematch" if reason is Blocked.REMATCH else "a forbidden pairing"
            if len(items) == 1:
                return (
                    f"{_in_group(group)}{pairs(items)} would have been {what}; the pairings "
                    "around them were rearranged to avoid it."
                )
            many = "rematches" if reason is Blocked.REMATCH else "forbidden pairings"
            return (
                f"{_in_group(group)}{len(items)} textbook pairings would have been {many} "
                f"({pairs(items)}); the pairings around them were rearranged to avoid them."
            )
        case ForcedRematchNote(pairs=items, group=group):
            if len(items) == 1:
                return (
                    f"{_in_group(group)}Forced rematch: {pairs(items)} meet again — no pairing of "
                    "the players paired this round avoids every rematch and forbidden pair."
                )
            return (
                f"{_in_group(group)}Forced rematches: {len(items)} matches repeat "
                f"({pairs(items)}) — no pairing of the players paired this round has fewer "
                "rematches and forbidden pairs."
            )
        case ForcedForbiddenNote(pairs=items, group=group):
            count = _plural(len(items), "forbidden pair")
            return (
                f"{_in_group(group)}Forced forbidden pairing: {count} ({pairs(items)}) — no "
                "pairing of the players paired this round has fewer rematches and forbidden "
                "pairs."
            )
        case PodTablesNote() | PodByesNote() | PodRepeatsAvoidedNote():
            return _pod_text(note, name)
        case PodForcedRepeatsNote() | PodSeatsNote():
            return _pod_text(note, name)
        case RoundRobinNumbersNote() | RoundRobinSitOutNote():
            return round_robin_text(note, name)
        case VirtualPointsNote() | ColoursNote() | DutchBracketNote():
            return dutch_text(note, name)
        case DutchTextNote(edition=edition):
            if edition is DutchText.JUL_2025:
                return (
                    "Paired by the 2025 text of the Dutch system (C.04.3, 1 July 2025 to 31 "
                    "January 2026): a pairing-allocated bye is a downfloat only when it scores "
                    "more than a loss (art. 1.4.3)."
                )
            return "Paired by the text of the Dutch system in force from 1 February 2026 (C.04.3)."
        case BracketSeedNote(seed=seed, player=player, slot=slot, size=size):
            return (
                f"{name(player)} is seed {seed} and starts in slot {slot} of {size} "
                "(MTR 10.4 bracket order)."
            )
        case BracketByeNote(seed=seed, player=player, match=match):
            return (
                f"{name(player)} (seed {seed}) has a first-round bye: the field is not a power "
                f"of two, so the top seeds have them; {name(player)} enters in {match}."
            )
        case BracketMatchNote():
            return _bracket_match_text(note)
        case WalkoverNote(match=match, label=label, winner=winner, withdrawn=gone):
            text = (
                f"{name(gone)} has withdrawn: {name(winner)} advances from {match} ({label}) "
                "without playing (a walkover)."
            )
            if note.unreplaced:
                text += (
                    f" {name(gone)} dropped before round 1 and nobody advances in their place "
                    "(the cut does not replace droppers); their first opponent has a bye."
                )
            return text
        case SeatReplacedNote(withdrawn=gone, replacement=new, seed=seed, from_stage=source):
            return (
                f"{name(gone)} made the cut of {source!r} but has dropped and takes no seat: "
                f"{name(new)}, the next in its standings, is seed {seed} in their place."
            )
        case BracketResetNote(final=final, reset=reset, needed=needed):
            if needed is None:
                return (
                    f"{reset} (the bracket reset) is played only if the losers-bracket champion "
                    f"wins the grand final {final}."
                )
            if needed:
                return (
                    f"The losers-bracket champion won the grand final {final}: both players have "
                    f"one loss, so the bracket reset {reset} is played."
                )
            return f"The winners-bracket champion won the grand final {final}: no bracket reset."
    raise AssertionError(note)  # pragma: no cover


def _bracket_match_text(note: BracketMatchNote) -> str:
    if note.winner_to is not None:
        goes = f"the winner goes on to {note.winner_to}"
    elif note.winner_place == "1":
        goes = "the winner is the champion"
    else:
        goes = f"the winner places {note.winner_place}"
    if note.loser_to is not None:
        order = f", by the {note.order} order" if note.order is not None else ""
        lost = f"the loser goes to {note.loser_to}{order}"
    else:
        lost = "the loser is out" + (f", placed {note.loser_place}" if note.loser_place else "")
    return f"{note.match} ({note.label}): {goes}; {lost}."


def _pod_text(
    note: PodTablesNote | PodByesNote | PodRepeatsAvoidedNote | PodForcedRepeatsNote | PodSeatsNote,
    name: Callable[[PlayerId], str],
) -> str:
    """The sentences of the pod notes (docs/pods.md)."""

    def pairs(items: Sequence[Pair]) -> str:
        return _listed([f"{name(a)} and {name(b)}" for a, b in items])

    match note:
        case PodTablesNote():
            shape = "+".join(str(s) for s in note.sizes)
            text = f"{_plural(note.players, 'player')} at tables of {note.pod_size}: {shape}"
            if note.byes:
                text += f" and {_plural(note.byes, 'bye')}"
            left = note.players % note.pod_size
            if not left:
                return text + f" ({note.players} is a multiple of {note.pod_size})."
            why = {
                "smaller": f"the {left} left over make the lowest tables smaller",
                "larger": f"the {left} left over make the lowest tables larger",
                "byes": f"the {left} left over have a bye",
            }.get(note.remainder, note.remainder)
            text += f" (remainder mode {note.remainder}: {why})"
            if not note.exact:
                text += "; the mode's own shape cannot seat this field, so the fallback applies"
            return text + "."
        case PodByesNote(players=players, repeat=repeat):
            who = _listed([name(p) for p in players])
            verb = "has the bye" if len(players) == 1 else "have the byes"
            text = f"{who} {verb}: the lowest-ranked without a bye in this stage."
            if repeat:
                again = _listed([name(p) for p in repeat])
                text += f" {again}: a second bye (everyone else had one)."
            return text
        case PodRepeatsAvoidedNote(pairs=items):
            return (
                f"In score order {pairs(items)} would have shared a table again; the tables "
                "were rearranged so that nobody meets a pod-mate again."
            )
        case PodForcedRepeatsNote(pairs=items, proven=proven):
            why = (
                "no arrangement of the field avoids every repeat"
                if proven
                else "no repeat-free arrangement was found within the search budget"
            )
            return f"Forced repeat pod-mates: {pairs(items)} share a table again — {why}."
        case PodSeatsNote(first=first, spread=spread):
            return (
                f"Seat 1 goes to the player at each table with the fewest first seats so far "
                f"({_listed([name(p) for p in first])}); first-seat counts now differ by at "
                f"most {spread}."
            )
    raise AssertionError(note)  # pragma: no cover


def _bye_text(note: ByeNote, name: Callable[[PlayerId], str]) -> str:
    who = name(note.player)
    other = name(note.instead_of) if note.instead_of is not None else ""
    moved = (
        f" With {other} sitting out, {_forced(note.instead_forced or 0)}; with {who} sitting "
        f"out, {_forced(note.forced)}."
        if note.instead_of is not None
        else ""
    )
    if note.rule is ByeRule.LOWEST_WITHOUT_BYE:
        text = f"{who} has the bye: the lowest-ranked player without a bye in this stage."
        if note.forced:
            text += (
                f" With {who} sitting out, {_forced(note.forced)}; no other player without a "
                "bye would leave fewer."
            )
        return text
    if note.rule is ByeRule.FEWER_FORCED:
        return (
            f"{who} has the bye instead of {other}, the lowest-ranked player without a bye: "
            f"{who} is the lowest-ranked player without a bye whose bye forces fewest rematches."
            + moved
        )
    if note.rule is ByeRule.EVERYONE_HAD_ONE:
        if note.instead_of is None:
            return (
                f"{who} has the bye again (a repeat bye): every eligible player has had one, so "
                "it goes to the lowest-ranked."
            )
        return (
            f"{who} has the bye again (a repeat bye): every eligible player has had one, and "
            f"{who} is the lowest-ranked whose bye forces fewest rematches, not {other}." + moved
        )
    return (
        f"{who} has the bye again (a repeat bye), instead of {other}, who has had none: the "
        "stage prefers a second bye to a forced rematch." + moved
    )


def render_notes(
    notes: Sequence[PairingNote], names: Mapping[PlayerId, str] | None = None
) -> list[str]:
    return [render_note(note, names) for note in notes]


_NUMBER_SOURCES = {
    NumberSource.STAGE_SEEDS: "the stage's seeds",
    NumberSource.PARTICIPANTS: "the stage's participants in the order listed",
    NumberSource.EVENT_SEEDS: "the players' seeds (unseeded players in registration order)",
}


def round_robin_text(
    note: RoundRobinNumbersNote | RoundRobinSitOutNote, name: Callable[[PlayerId], str]
) -> str:
    """The sentence of a round-robin note."""
    if isinstance(note, RoundRobinSitOutNote):
        who = name(note.player)
        if note.reason is SitOutReason.DUMMY:
            return (
                f"{who} sits this round out: the Berger table pairs them with the bye (odd "
                "field: the highest number is the bye, FIDE C.05 Annex 1); no game, no points."
            )
        other = name(note.opponent) if note.opponent is not None else "their opponent"
        return (
            f"{who} sits this round out: their scheduled opponent {other} has withdrawn; no "
            "game, no points."
        )
    numbers = _listed([f"{i} {name(p)}" for i, p in enumerate(note.players, start=1)])
    cycle = (
        f"cycle {note.cycle} of {note.cycles}, round {note.cycle_round}"
        if note.cycles > 1
        else f"round {note.cycle_round}"
    )
    dummy = f"; {note.dummy} is the bye" if note.dummy is not None else ""
    return (
        f"Round robin on the FIDE Berger table (C.05 Annex 1), {cycle} of the table "
        f"({note.rounds} rounds in all). Numbers by {_NUMBER_SOURCES[note.source]}: "
        f"{numbers}{dummy}. The first-named player of each game plays first."
    )


def _wish(wants: ColourWanted | None, strength: Preference) -> str:
    if wants is None or strength is Preference.NONE:
        return "no colour preference"
    article = "an" if strength is Preference.ABSOLUTE else "a"
    return f"{article} {strength} preference for {wants.value.capitalize()}"


def dutch_text(
    note: VirtualPointsNote | ColoursNote | DutchBracketNote, name: Callable[[PlayerId], str]
) -> str:
    """The Dutch system's notes (C.04.3 and C.04.5.1), in the arbiter's terms."""
    match note:
        case VirtualPointsNote(players=players, points=points, group_a=size):
            amount = points_text(points.points or Fraction(0))
            word = "point" if points.points == 1 else "points"
            schedule = (
                f"1 point up to round {note.full_rounds}, ½ up to round {note.accelerated_rounds}"
                if note.accelerated_rounds > note.full_rounds
                else f"1 point up to round {note.full_rounds}"
            )
            if not points.points:
                return (
                    f"Baku acceleration (C.04.5.1) is over: no virtual points from round "
                    f"{note.accelerated_rounds + 1} ({schedule})."
                )
            return (
                f"Baku acceleration (C.04.5.1): the {len(players)} players of group A in this "
                f"pairing (the top {size} of round 1) pair with {amount} virtual {word} added "
                f"({schedule}); the score groups below count them, the standings never do."
            )
        case ColoursNote(white=white, black=black, rule=rule, higher=higher):
            lower = black if higher == white else white
            w = _wish(note.white_wants, note.white_strength)
            b = _wish(note.black_wants, note.black_strength)
            head = f"{name(white)} has White against {name(black)}"
            wishes = f"{name(white)} had {w}, {name(black)} {b}"
            denied = [name(p) for p in note.denied]
            lost = (
                f"; {_listed(denied)} {'does' if len(denied) == 1 else 'do'} not get the "
                "preferred colour"
                if denied
                else ""
            )
            if rule is ColourRule.BOTH:
                why = "both preferences are granted (E.1)"
            elif rule is ColourRule.STRONGER:
                why = "the stronger preference is granted (E.2)"
            elif rule is ColourRule.ALTERNATION:
                why = (
                    "their preferences are equal, so the colours alternate from the latest "
                    "round in which they had different colours (E.3)"
                )
            elif rule is ColourRule.HIGHER_RANKED:
                why = f"{name(higher)}, ranked higher, has the preference granted (E.4)"
            else:
                parity = "odd" if note.higher_number % 2 else "even"
                why = (
                    f"neither preference decides, so the rank rule does (E.5): {name(higher)}, "
                    f"ranked higher than {name(lower)}, is number {note.higher_number} ({parity})"
                )
            return f"{head}: {wishes}; {why}{lost}."
        case DutchBracketNote():
            return _bracket_text(note, name)
    raise AssertionError(note)  # pragma: no cover


def _bracket_text(note: DutchBracketNote, name: Callable[[PlayerId], str]) -> str:
    def who(items: Sequence[PlayerId]) -> str:
        return _listed([name(p) for p in items])

    points = note.score.points if note.score.points is not None else Fraction(0)
    where = f"The bracket on {points_text(points)} point{'' if abs(points) == 1 else 's'}"
    parts = [f"{where}: {_plural(note.pair_count, 'pair')}"]
    if note.moved_down:
        parts.append(
            f"moved down from above: {who(note.moved_down)}"
            + (f" (upfloaters: {who(note.upfloaters)})" if note.upfloaters else "")
        )
    if note.downfloaters:
        verb = "floats" if len(note.downfloaters) == 1 else "float"
        parts.append(f"{who(note.downfloaters)} {verb} down to the next bracket")
    missed = []
    if note.colour_denied and note.colour_denied == note.strong_denied:
        missed.append(
            f"C.10 and C.11, strong colour preference not granted: {who(note.colour_denied)}"
        )
    elif note.colour_denied:
        missed.append(f"C.10, colour preference not granted: {who(note.colour_denied)}")
    if note.strong_denied and note.colour_denied != note.strong_denied:
        missed.append(f"C.11, strong preference not granted: {who(note.strong_denied)}")
    if note.repeat_downfloat:
        missed.append(f"C.12, a downfloat again after one last round: {who(note.repeat_downfloat)}")
    if note.repeat_upfloat:
        missed.append(f"C.13, an upfloat again after one last round: {who(note.repeat_upfloat)}")
    text = "; ".join(parts) + "."
    if missed:
        text += (
            " Not met in full (as little as the criteria before them allow): "
            + "; ".join(missed)
            + "."
        )
    return text
