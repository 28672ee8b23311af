"""Pairing notes ("Why these pairings") in the reader's language.

A note is typed data (``engine.pairing.notes``); a draft or a released round keeps each one as
its JSON data — ``kind``, its fields with players by id, and ``text``, the engine's English
sentence (``engine.pairing.note_text``, which the command line, the JSON API and the audit log
use). The console shows ``note_words(note, names)``: in English the engine's own text; in
another language the note's sentence made from its fields here, one whole message per case.
A kind not here yet is shown as the engine says it (docs/languages.md lists them).
``tests/i18n/test_note_words.py`` checks that every message here, said in English, is the
engine's text for the same note, and that each is translated with its values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from babel.lists import format_list

from fairpair.engine.points_text import points_text
from fairpair.i18n import N_, SOURCE, gettext, language, locale, ngettext, round_name

Note = Mapping[str, Any]
Name = Callable[[str], str]

#: Why a player is not paired, one player: "Ann is not paired: Ann has dropped or withdrawn."
_ONE_EXCLUDED = {
    "dropped": N_("%(name)s is not paired: %(name)s has dropped or withdrawn."),
    "advanced": N_(
        "%(name)s is not paired: %(name)s has already advanced (reached the wins to advance)."
    ),
    "eliminated": N_(
        "%(name)s is not paired: %(name)s is eliminated (knocked out, or reached the losses "
        "to eliminate)."
    ),
    "no_standings_row": N_(
        "%(name)s is not paired: %(name)s has no standings row (no completed match in this stage)."
    ),
    "no_group": N_("%(name)s is not paired: %(name)s is in no group of this grouped stage."),
    "assigned_bye_dropped": N_(
        "%(name)s is not paired: %(name)s had an assigned bye but has dropped."
    ),
    "waiting": N_(
        "%(name)s is not paired: %(name)s is still in and waits for the other side of their "
        "next bracket match."
    ),
    "champion": N_("%(name)s is not paired: %(name)s has won the bracket."),
}
#: The same for several players: "3 players are not paired: each has dropped … (Ann, Bo …)."
_MANY_EXCLUDED = {
    "dropped": N_("%(num)d players are not paired: each has dropped or withdrawn (%(names)s)."),
    "advanced": N_(
        "%(num)d players are not paired: each has already advanced (reached the wins to "
        "advance) (%(names)s)."
    ),
    "eliminated": N_(
        "%(num)d players are not paired: each is eliminated (knocked out, or reached the "
        "losses to eliminate) (%(names)s)."
    ),
    "no_standings_row": N_(
        "%(num)d players are not paired: none has a standings row (no completed match in "
        "this stage) (%(names)s)."
    ),
    "no_group": N_(
        "%(num)d players are not paired: none is in a group of this grouped stage (%(names)s)."
    ),
    "assigned_bye_dropped": N_(
        "%(num)d players are not paired: each had an assigned bye but has dropped (%(names)s)."
    ),
    "waiting": N_(
        "%(num)d players are not paired: each is still in and waits for the other side of "
        "their next bracket match (%(names)s)."
    ),
    "champion": N_("%(num)d players are not paired: each has won the bracket (%(names)s)."),
}
#: The pairing methods by name.
_METHODS = {
    "adjacent": N_("adjacent"),
    "slide": N_("slide"),
    "fold": N_("fold"),
    "random": N_("random"),
    "dutch": N_("dutch"),
}


def _listed(items: Sequence[str]) -> str:
    """Names joined as the language joins a list ("Ann, Bo and Cy"; "Ann、Bo、Cy")."""
    if not items:
        return ""
    if language() == SOURCE:
        return "".join(items) if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return format_list(list(items), locale=locale())


def _points(score: Mapping[str, Any]) -> Fraction:
    exact = score.get("points_exact")
    return Fraction(exact) if exact is not None else Fraction(0)


def _group_score(score: Mapping[str, Any], capital: bool) -> str:
    """ "the score group on 3 points" (or, first in a sentence, "The …"), "pool 2-1"."""
    pool = score.get("pool")
    if pool is not None:
        text = (
            gettext("Pool %(wins)s-%(losses)s") if capital else gettext("pool %(wins)s-%(losses)s")
        )
        return text % {"wins": pool["wins"], "losses": pool["losses"]}
    points = _points(score)
    values = {"points": points_text(points)}
    if abs(points) == 1:
        text = (
            gettext("The score group on %(points)s point")
            if capital
            else gettext("the score group on %(points)s point")
        )
    else:
        text = (
            gettext("The score group on %(points)s points")
            if capital
            else gettext("the score group on %(points)s points")
        )
    return text % values


def _in_group(group: str | None, sentence: str) -> str:
    return (
        sentence
        if group is None
        else gettext("Group %(group)s: %(sentence)s")
        % {
            "group": group,
            "sentence": sentence,
        }
    )


def _pairs(items: Sequence[Mapping[str, str]], name: Name) -> str:
    return _listed(
        [gettext("%(a)s v %(b)s") % {"a": name(p["a"]), "b": name(p["b"])} for p in items]
    )


def _forced(count: int) -> str:
    if count == 0:
        return gettext("the others can all be paired without a rematch")
    return ngettext(
        "the best pairing of the others has %(num)d rematch or forbidden pair",
        "the best pairing of the others has %(num)d rematches or forbidden pairs",
        count,
    ) % {"num": count}


def _excluded(note: Note, name: Name) -> str:
    players = note["players"]
    reason = note["reason"]
    if len(players) == 1:
        return gettext(_ONE_EXCLUDED[reason]) % {"name": name(players[0])}
    return gettext(_MANY_EXCLUDED[reason]) % {
        "num": len(players),
        "names": _listed([name(p) for p in players]),
    }


def _round_one(note: Note, name: Name) -> str:
    seeds = note["seeds"]
    if seeds == "rating":
        return gettext(
            "Round 1: one group by rating, highest first (then FIDE title, then name; unrated "
            "players last), as FIDE's initial order has it: nobody is seeded."
        )
    if seeds == "stage":
        return gettext(
            "Round 1: one group in seed order (the stage's seeds); unseeded players follow the "
            "seeded ones in an order drawn from the stage seed."
        )
    return gettext(
        "Round 1: one group in seed order (the tournament's seeds); unseeded players follow the "
        "seeded ones in an order drawn from the stage seed."
    )


def _method(note: Note, name: Name) -> str:
    method = note["method"]
    said = gettext(_METHODS[method]) if method in _METHODS else method
    if note.get("slide_first_round"):
        return gettext("Pairing method: %(method)s (Slide for round 1 of a Swiss elimination).") % {
            "method": said
        }
    if note.get("by_rating"):
        return gettext(
            "Pairing method: %(method)s, each score group in pairing-number order (rating "
            "order, as FIDE pairs; tiebreaks do not order a pairing)."
        ) % {"method": said}
    return gettext("Pairing method: %(method)s.") % {"method": said}


def _score_group(note: Note, name: Name) -> str:
    players = note["players"]
    values = {"score": _group_score(note["score"], capital=True), "num": len(players)}
    if len(players) <= 8:
        values["names"] = _listed([name(p) for p in players])
        text = ngettext(
            "%(score)s: %(num)d player (%(names)s).",
            "%(score)s: %(num)d players (%(names)s).",
            len(players),
        )
    else:
        text = ngettext("%(score)s: %(num)d player.", "%(score)s: %(num)d players.", len(players))
    return _in_group(note.get("group"), text % values)


def _float(note: Note, name: Name) -> str:
    sentence = gettext("%(name)s floats down from %(source)s to %(target)s.") % {
        "name": name(note["player"]),
        "source": _group_score(note["source"], capital=False),
        "target": _group_score(note["target"], capital=False),
    }
    return _in_group(note.get("group"), sentence)


def _assigned_bye(note: Note, name: Name) -> str:
    who = name(note["player"])
    bye = note["bye"]
    if note.get("requested"):
        if bye == "half":
            return gettext("%(name)s — half-point bye (requested).") % {"name": who}
        if bye == "zero":
            return gettext("%(name)s — zero-point bye, sits the round out (requested).") % {
                "name": who
            }
        if bye == "full":
            return gettext("%(name)s — full-point bye (requested).") % {"name": who}
        return gettext("%(name)s — %(bye)s bye (requested).") % {"name": who, "bye": bye}
    if bye == "half":
        return gettext("%(name)s has an assigned half bye this round (not the pairing bye).") % {
            "name": who
        }
    if bye == "zero":
        return gettext("%(name)s has an assigned zero bye this round (not the pairing bye).") % {
            "name": who
        }
    if bye == "full":
        return gettext("%(name)s has an assigned full bye this round (not the pairing bye).") % {
            "name": who
        }
    return gettext("%(name)s has an assigned %(bye)s bye this round (not the pairing bye).") % {
        "name": who,
        "bye": bye,
    }


def _bye(note: Note, name: Name) -> str | None:
    if note["rule"] != "lowest_without_bye":
        return _in_group(note.get("group"), _other_bye(note, name))
    who = name(note["player"])
    text = gettext("%(name)s has the bye: the lowest-ranked player without a bye in this stage.")
    text %= {"name": who}
    if note.get("forced"):
        text += " " + gettext(
            "With %(name)s sitting out, %(forced)s; no other player without a bye would leave "
            "fewer."
        ) % {"name": who, "forced": _forced(int(note["forced"]))}
    return _in_group(note.get("group"), text)


def _rematch_repaired(note: Note, name: Name) -> str:
    items = note["pairs"]
    rematch = note["reason"] == "rematch"
    values = {"pairs": _pairs(items, name), "num": len(items)}
    if len(items) == 1:
        text = (
            gettext(
                "%(pairs)s would have been a rematch; the pairings around them were rearranged "
                "to avoid it."
            )
            if rematch
            else gettext(
                "%(pairs)s would have been a forbidden pairing; the pairings around them were "
                "rearranged to avoid it."
            )
        )
    else:
        text = (
            gettext(
                "%(num)d textbook pairings would have been rematches (%(pairs)s); the pairings "
                "around them were rearranged to avoid them."
            )
            if rematch
            else gettext(
                "%(num)d textbook pairings would have been forbidden pairings (%(pairs)s); the "
                "pairings around them were rearranged to avoid them."
            )
        )
    return _in_group(note.get("group"), text % values)


def _forced_rematch(note: Note, name: Name) -> str:
    items = note["pairs"]
    values = {"pairs": _pairs(items, name), "num": len(items)}
    if len(items) == 1:
        text = gettext(
            "Forced rematch: %(pairs)s meet again — no pairing of the players paired this round "
            "avoids every rematch and forbidden pair."
        )
    else:
        text = gettext(
            "Forced rematches: %(num)d matches repeat (%(pairs)s) — no pairing of the players "
            "paired this round has fewer rematches and forbidden pairs."
        )
    return _in_group(note.get("group"), text % values)


def _forced_forbidden(note: Note, name: Name) -> str:
    items = note["pairs"]
    text = ngettext(
        "Forced forbidden pairing: %(num)d forbidden pair (%(pairs)s) — no pairing of the "
        "players paired this round has fewer rematches and forbidden pairs.",
        "Forced forbidden pairing: %(num)d forbidden pairs (%(pairs)s) — no pairing of the "
        "players paired this round has fewer rematches and forbidden pairs.",
        len(items),
    ) % {"num": len(items), "pairs": _pairs(items, name)}
    return _in_group(note.get("group"), text)


def _group(note: Note, name: Name) -> str:
    players = note["players"]
    return ngettext(
        "Group %(group)s: %(num)d eligible player, paired as their own Swiss.",
        "Group %(group)s: %(num)d eligible players, paired as their own Swiss.",
        len(players),
    ) % {"group": note["group"], "num": len(players)}


def _group_skipped(note: Note, name: Name) -> str:
    players = note["players"]
    if not players:
        return gettext(
            "Group %(group)s is skipped this round: fewer than two eligible players."
        ) % {"group": note["group"]}
    return gettext(
        "Group %(group)s is skipped this round: fewer than two eligible players (%(names)s)."
    ) % {"group": note["group"], "names": _listed([name(p) for p in players])}


def _pod_pairs(items: Sequence[Mapping[str, str]], name: Name) -> str:
    return _listed(
        [gettext("%(a)s and %(b)s") % {"a": name(p["a"]), "b": name(p["b"])} for p in items]
    )


def _pod_byes(note: Note, name: Name) -> str:
    players = note["players"]
    values = {"names": _listed([name(p) for p in players])}
    text = (
        ngettext(
            "%(names)s has the bye: the lowest-ranked without a bye in this stage.",
            "%(names)s have the byes: the lowest-ranked without a bye in this stage.",
            len(players),
        )
        % values
    )
    repeat = note.get("repeat") or []
    if repeat:
        text += " " + gettext("%(names)s: a second bye (everyone else had one).") % {
            "names": _listed([name(p) for p in repeat])
        }
    return text


def _pod_repeats_avoided(note: Note, name: Name) -> str:
    return gettext(
        "In score order %(pairs)s would have shared a table again; the tables were rearranged "
        "so that nobody meets a pod-mate again."
    ) % {"pairs": _pod_pairs(note["pairs"], name)}


def _pod_forced_repeats(note: Note, name: Name) -> str:
    values = {"pairs": _pod_pairs(note["pairs"], name)}
    if note.get("proven"):
        return (
            gettext(
                "Forced repeat pod-mates: %(pairs)s share a table again — no arrangement of the "
                "field avoids every repeat."
            )
            % values
        )
    return (
        gettext(
            "Forced repeat pod-mates: %(pairs)s share a table again — no repeat-free arrangement "
            "was found within the search budget."
        )
        % values
    )


def _pod_seats(note: Note, name: Name) -> str:
    return gettext(
        "Seat 1 goes to the player at each table with the fewest first seats so far "
        "(%(names)s); first-seat counts now differ by at most %(spread)s."
    ) % {"names": _listed([name(p) for p in note["first"]]), "spread": note["spread"]}


def _round_robin_sit_out(note: Note, name: Name) -> str:
    who = name(note["player"])
    if note["reason"] == "dummy":
        return gettext(
            "%(name)s sits this round out: the Berger table pairs them with the bye (odd "
            "field: the highest number is the bye, FIDE C.05 Annex 1); no game, no points."
        ) % {"name": who}
    if note.get("opponent") is None:
        return gettext(
            "%(name)s sits this round out: their scheduled opponent their opponent has "
            "withdrawn; no game, no points."
        ) % {"name": who}
    return gettext(
        "%(name)s sits this round out: their scheduled opponent %(opponent)s has withdrawn; "
        "no game, no points."
    ) % {"name": who, "opponent": name(note["opponent"])}


def _bracket_seed(note: Note, name: Name) -> str:
    return gettext(
        "%(name)s is seed %(seed)s and starts in slot %(slot)s of %(size)s (MTR 10.4 bracket "
        "order)."
    ) % {
        "name": name(note["player"]),
        "seed": note["seed"],
        "slot": note["slot"],
        "size": note["size"],
    }


def _bracket_bye(note: Note, name: Name) -> str:
    return gettext(
        "%(name)s (seed %(seed)s) has a first-round bye: the field is not a power of two, so "
        "the top seeds have them; %(name)s enters in %(match)s."
    ) % {"name": name(note["player"]), "seed": note["seed"], "match": note["match"]}


def _bracket_match(note: Note, name: Name) -> str:
    if note.get("winner_to") is not None:
        goes = gettext("the winner goes on to %(match)s") % {"match": note["winner_to"]}
    elif note.get("winner_place") == "1":
        goes = gettext("the winner is the champion")
    else:
        goes = gettext("the winner places %(place)s") % {"place": note.get("winner_place")}
    if note.get("loser_to") is not None:
        if note.get("order") is not None:
            lost = gettext("the loser goes to %(match)s, by the %(order)s order") % {
                "match": note["loser_to"],
                "order": note["order"],
            }
        else:
            lost = gettext("the loser goes to %(match)s") % {"match": note["loser_to"]}
    elif note.get("loser_place"):
        lost = gettext("the loser is out, placed %(place)s") % {"place": note["loser_place"]}
    else:
        lost = gettext("the loser is out")
    return gettext("%(match)s (%(label)s): %(goes)s; %(lost)s.") % {
        "match": note["match"],
        "label": round_name(str(note["label"])),
        "goes": goes,
        "lost": lost,
    }


def _walkover(note: Note, name: Name) -> str:
    values = {
        "gone": name(note["withdrawn"]),
        "winner": name(note["winner"]),
        "match": note["match"],
        "label": round_name(str(note["label"])),
    }
    text = (
        gettext(
            "%(gone)s has withdrawn: %(winner)s advances from %(match)s (%(label)s) without "
            "playing (a walkover)."
        )
        % values
    )
    if note.get("unreplaced"):
        text += (
            " "
            + gettext(
                "%(gone)s dropped before round 1 and nobody advances in their place (the cut does "
                "not replace droppers); their first opponent has a bye."
            )
            % values
        )
    return text


def _seat_replaced(note: Note, name: Name) -> str:
    return gettext(
        "%(gone)s made the cut of %(stage)s but has dropped and takes no seat: %(new)s, the "
        "next in its standings, is seed %(seed)s in their place."
    ) % {
        "gone": name(note["withdrawn"]),
        "stage": repr(note["from_stage"]),
        "new": name(note["replacement"]),
        "seed": note["seed"],
    }


def _bracket_reset(note: Note, name: Name) -> str:
    values = {"final": note["final"], "reset": note["reset"]}
    if note.get("needed") is None:
        return (
            gettext(
                "%(reset)s (the bracket reset) is played only if the losers-bracket champion wins "
                "the grand final %(final)s."
            )
            % values
        )
    if note["needed"]:
        return (
            gettext(
                "The losers-bracket champion won the grand final %(final)s: both players have one "
                "loss, so the bracket reset %(reset)s is played."
            )
            % values
        )
    return (
        gettext("The winners-bracket champion won the grand final %(final)s: no bracket reset.")
        % values
    )


def _other_bye(note: Note, name: Name) -> str:
    """The bye given by another rule than the lowest-ranked player's (docs/pairing.md step 3)."""
    who = name(note["player"])
    other = name(note["instead_of"]) if note.get("instead_of") is not None else ""
    values = {"name": who, "other": other}
    moved = ""
    if note.get("instead_of") is not None:
        moved = " " + gettext(
            "With %(other)s sitting out, %(other_forced)s; with %(name)s sitting out, %(forced)s."
        ) % {
            **values,
            "other_forced": _forced(int(note.get("instead_forced") or 0)),
            "forced": _forced(int(note.get("forced") or 0)),
        }
    rule = note["rule"]
    if rule == "fewer_forced":
        text = gettext(
            "%(name)s has the bye instead of %(other)s, the lowest-ranked player without a bye: "
            "%(name)s is the lowest-ranked player without a bye whose bye forces fewest "
            "rematches."
        )
    elif rule == "everyone_had_one" and note.get("instead_of") is None:
        text = gettext(
            "%(name)s has the bye again (a repeat bye): every eligible player has had one, so "
            "it goes to the lowest-ranked."
        )
    elif rule == "everyone_had_one":
        text = gettext(
            "%(name)s has the bye again (a repeat bye): every eligible player has had one, and "
            "%(name)s is the lowest-ranked whose bye forces fewest rematches, not %(other)s."
        )
    else:
        text = gettext(
            "%(name)s has the bye again (a repeat bye), instead of %(other)s, who has had none: "
            "the stage prefers a second bye to a forced rematch."
        )
    return text % values + moved


#: A player's colour preference as the Dutch system's notes say it ("a strong preference for
#: White"), by strength and colour.
_WISHES = {
    ("absolute", "white"): N_("an absolute preference for White"),
    ("absolute", "black"): N_("an absolute preference for Black"),
    ("strong", "white"): N_("a strong preference for White"),
    ("strong", "black"): N_("a strong preference for Black"),
    ("mild", "white"): N_("a mild preference for White"),
    ("mild", "black"): N_("a mild preference for Black"),
}


def _wish(wants: object, strength: object) -> str:
    message = _WISHES.get((str(strength), str(wants)))
    return gettext(message) if message is not None else gettext("no colour preference")


def _dutch_text(note: Note, name: Name) -> str:
    if note["edition"] == "2025":
        return gettext(
            "Paired by the 2025 text of the Dutch system (C.04.3, 1 July 2025 to 31 January "
            "2026): a pairing-allocated bye is a downfloat only when it scores more than a "
            "loss (art. 1.4.3)."
        )
    return gettext("Paired by the text of the Dutch system in force from 1 February 2026 (C.04.3).")


def _virtual_points(note: Note, name: Name) -> str:
    full, half = note["full_rounds"], note["accelerated_rounds"]
    schedule = (
        gettext("1 point up to round %(full)s, ½ up to round %(half)s")
        if half > full
        else gettext("1 point up to round %(full)s")
    ) % {"full": full, "half": half}
    points = _points(note["points"])
    if not points:
        return gettext(
            "Baku acceleration (C.04.5.1) is over: no virtual points from round %(round)s "
            "(%(schedule)s)."
        ) % {"round": half + 1, "schedule": schedule}
    values = {
        "num": len(note["players"]),
        "size": note["group_a"],
        "amount": points_text(points),
        "schedule": schedule,
    }
    if points == 1:
        text = gettext(
            "Baku acceleration (C.04.5.1): the %(num)s players of group A in this pairing (the "
            "top %(size)s of round 1) pair with %(amount)s virtual point added (%(schedule)s); "
            "the score groups below count them, the standings never do."
        )
    else:
        text = gettext(
            "Baku acceleration (C.04.5.1): the %(num)s players of group A in this pairing (the "
            "top %(size)s of round 1) pair with %(amount)s virtual points added (%(schedule)s); "
            "the score groups below count them, the standings never do."
        )
    return text % values


def _colours(note: Note, name: Name) -> str:
    white, black, higher = note["white"], note["black"], note["higher"]
    lower = black if higher == white else white
    rule = note["rule"]
    if rule == "both":
        why = gettext("both preferences are granted (E.1)")
    elif rule == "stronger":
        why = gettext("the stronger preference is granted (E.2)")
    elif rule == "alternation":
        why = gettext(
            "their preferences are equal, so the colours alternate from the latest round in "
            "which they had different colours (E.3)"
        )
    elif rule == "higher_ranked":
        why = gettext("%(name)s, ranked higher, has the preference granted (E.4)") % {
            "name": name(higher)
        }
    else:
        values = {"higher": name(higher), "lower": name(lower), "number": note["higher_number"]}
        why = (
            gettext(
                "neither preference decides, so the rank rule does (E.5): %(higher)s, ranked "
                "higher than %(lower)s, is number %(number)s (odd)"
            )
            if note["higher_number"] % 2
            else gettext(
                "neither preference decides, so the rank rule does (E.5): %(higher)s, ranked "
                "higher than %(lower)s, is number %(number)s (even)"
            )
        ) % values
    denied = [name(p) for p in note.get("denied") or []]
    values = {
        "white": name(white),
        "black": name(black),
        "white_wish": _wish(note.get("white_wants"), note.get("white_strength")),
        "black_wish": _wish(note.get("black_wants"), note.get("black_strength")),
        "why": why,
        "denied": _listed(denied),
    }
    if not denied:
        text = gettext(
            "%(white)s has White against %(black)s: %(white)s had %(white_wish)s, %(black)s "
            "%(black_wish)s; %(why)s."
        )
    elif len(denied) == 1:
        text = gettext(
            "%(white)s has White against %(black)s: %(white)s had %(white_wish)s, %(black)s "
            "%(black_wish)s; %(why)s; %(denied)s does not get the preferred colour."
        )
    else:
        text = gettext(
            "%(white)s has White against %(black)s: %(white)s had %(white_wish)s, %(black)s "
            "%(black_wish)s; %(why)s; %(denied)s do not get the preferred colour."
        )
    return text % values


def _dutch_bracket(note: Note, name: Name) -> str:
    def who(items: Sequence[str]) -> str:
        return _listed([name(p) for p in items])

    points = _points(note["score"])
    values = {"points": points_text(points), "num": note["pair_count"]}
    if abs(points) == 1:
        head = ngettext(
            "The bracket on %(points)s point: %(num)d pair",
            "The bracket on %(points)s point: %(num)d pairs",
            note["pair_count"],
        )
    else:
        head = ngettext(
            "The bracket on %(points)s points: %(num)d pair",
            "The bracket on %(points)s points: %(num)d pairs",
            note["pair_count"],
        )
    parts = [head % values]
    if note.get("moved_down"):
        if note.get("upfloaters"):
            parts.append(
                gettext("moved down from above: %(moved)s (upfloaters: %(up)s)")
                % {"moved": who(note["moved_down"]), "up": who(note["upfloaters"])}
            )
        else:
            parts.append(
                gettext("moved down from above: %(moved)s") % {"moved": who(note["moved_down"])}
            )
    down = note.get("downfloaters") or []
    if down:
        parts.append(
            ngettext(
                "%(names)s floats down to the next bracket",
                "%(names)s float down to the next bracket",
                len(down),
            )
            % {"names": who(down)}
        )
    missed = []
    colour, strong = note.get("colour_denied") or [], note.get("strong_denied") or []
    if colour and colour == strong:
        missed.append(
            gettext("C.10 and C.11, strong colour preference not granted: %(names)s")
            % {"names": who(colour)}
        )
    elif colour:
        missed.append(
            gettext("C.10, colour preference not granted: %(names)s") % {"names": who(colour)}
        )
    if strong and colour != strong:
        missed.append(
            gettext("C.11, strong preference not granted: %(names)s") % {"names": who(strong)}
        )
    if note.get("repeat_downfloat"):
        missed.append(
            gettext("C.12, a downfloat again after one last round: %(names)s")
            % {"names": who(note["repeat_downfloat"])}
        )
    if note.get("repeat_upfloat"):
        missed.append(
            gettext("C.13, an upfloat again after one last round: %(names)s")
            % {"names": who(note["repeat_upfloat"])}
        )
    text = gettext("%(parts)s.") % {"parts": "; ".join(parts)}
    if missed:
        text += " " + gettext(
            "Not met in full (as little as the criteria before them allow): %(missed)s."
        ) % {"missed": "; ".join(missed)}
    return text


def _pod_tables(note: Note, name: Name) -> str:
    players, size = note["players"], note["pod_size"]
    head = ngettext(
        "%(num)d player at tables of %(size)s: %(shape)s",
        "%(num)d players at tables of %(size)s: %(shape)s",
        players,
    ) % {"num": players, "size": size, "shape": "+".join(str(n) for n in note["sizes"])}
    if note.get("byes"):
        byes = ngettext("%(num)d bye", "%(num)d byes", note["byes"]) % {"num": note["byes"]}
        head = gettext("%(tables)s and %(byes)s") % {"tables": head, "byes": byes}
    left = players % size if size else 0
    if not left:
        return gettext("%(text)s (%(players)s is a multiple of %(size)s).") % {
            "text": head,
            "players": players,
            "size": size,
        }
    mode = note["remainder"]
    why = {
        "smaller": gettext("the %(left)s left over make the lowest tables smaller"),
        "larger": gettext("the %(left)s left over make the lowest tables larger"),
        "byes": gettext("the %(left)s left over have a bye"),
    }.get(mode)
    values = {
        "text": head,
        "mode": mode,
        "why": why % {"left": left} if why is not None else mode,
    }
    if note.get("exact", True):
        return gettext("%(text)s (remainder mode %(mode)s: %(why)s).") % values
    return (
        gettext(
            "%(text)s (remainder mode %(mode)s: %(why)s); the mode's own shape cannot seat this "
            "field, so the fallback applies."
        )
        % values
    )


#: Where a round robin's Berger numbers come from.
_NUMBER_SOURCES = {
    "stage_seeds": N_("the stage's seeds"),
    "participants": N_("the stage's participants in the order listed"),
    "event_seeds": N_("the players' seeds (unseeded players in registration order)"),
}


def _round_robin_numbers(note: Note, name: Name) -> str:
    if note["cycles"] > 1:
        cycle = gettext("cycle %(cycle)s of %(cycles)s, round %(round)s") % {
            "cycle": note["cycle"],
            "cycles": note["cycles"],
            "round": note["cycle_round"],
        }
    else:
        cycle = gettext("round %(round)s") % {"round": note["cycle_round"]}
    source = _NUMBER_SOURCES.get(str(note["source"]))
    values = {
        "cycle": cycle,
        "rounds": note["rounds"],
        "source": gettext(source) if source is not None else str(note["source"]),
        "numbers": _listed([f"{i} {name(p)}" for i, p in enumerate(note["players"], start=1)]),
        "dummy": note.get("dummy"),
    }
    if note.get("dummy") is None:
        return (
            gettext(
                "Round robin on the FIDE Berger table (C.05 Annex 1), %(cycle)s of the table "
                "(%(rounds)s rounds in all). Numbers by %(source)s: %(numbers)s. The first-named "
                "player of each game plays first."
            )
            % values
        )
    return (
        gettext(
            "Round robin on the FIDE Berger table (C.05 Annex 1), %(cycle)s of the table "
            "(%(rounds)s rounds in all). Numbers by %(source)s: %(numbers)s; %(dummy)s is the bye. "
            "The first-named player of each game plays first."
        )
        % values
    )


#: Every note kind, by its ``kind``.
_KINDS: dict[str, Callable[[Note, Name], str | None]] = {
    "excluded": _excluded,
    "round_one": _round_one,
    "method": _method,
    "group": _group,
    "group_skipped": _group_skipped,
    "score_group": _score_group,
    "assigned_bye": _assigned_bye,
    "bye": _bye,
    "float": _float,
    "rematch_repaired": _rematch_repaired,
    "forced_rematch": _forced_rematch,
    "forced_forbidden": _forced_forbidden,
    "pod_byes": _pod_byes,
    "pod_repeats_avoided": _pod_repeats_avoided,
    "pod_forced_repeats": _pod_forced_repeats,
    "pod_seats": _pod_seats,
    "round_robin_sit_out": _round_robin_sit_out,
    "bracket_seed": _bracket_seed,
    "bracket_bye": _bracket_bye,
    "bracket_match": _bracket_match,
    "walkover": _walkover,
    "seat_replaced": _seat_replaced,
    "bracket_reset": _bracket_reset,
    "virtual_points": _virtual_points,
    "colours": _colours,
    "dutch_bracket": _dutch_bracket,
    "dutch_text": _dutch_text,
    "pod_tables": _pod_tables,
    "round_robin_numbers": _round_robin_numbers,
}


def said_note(note: Note, names: Mapping[str, str]) -> str | None:
    """``note``'s sentence made here in the current language (``None``: a kind not here)."""
    render = _KINDS.get(str(note.get("kind")))
    if render is None:
        return None
    return render(note, lambda pid: names.get(pid, pid))


def note_words(note: Note, names: Mapping[str, str]) -> str:
    """A pairing note (its JSON data) as the reader reads it: English as the engine wrote it,
    another language from its fields (a kind not here yet: the engine's English)."""
    if language() == SOURCE:
        return str(note.get("text", ""))
    said = said_note(note, names)
    return said if said is not None else str(note.get("text", ""))
