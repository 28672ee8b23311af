"""The Rounds tab's destructive actions through the one confirm/undo pattern
(``fairpair.web.confirm``): discarding a draft, deleting a Scheduled round and reverting an
Open one each ask first — what will go, with counts — and say afterwards what went.

A draft or a round removed is not taken back by an Undo: the round is generated again (its
pairings, the same inputs giving the same pairings). That is why they ask first.
"""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import Response

from fairpair.responses.events import RoundView
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import Access
from fairpair.web.confirm import Confirm, Done, ask, count

#: The actions that ask first, on a round and on the draft.
ASKING = frozenset(("revert", "delete"))


def _where(slug: str, stage: str, path: str = "/rounds") -> str:
    return f"/console/{slug}{path}?" + urlencode({"stage": stage})


def _tables(view: RoundView) -> str:
    """Its tables and byes: "8 tables and 1 bye", "3 pod tables"."""
    pods = bool(view.pods)
    what = count(len(view.pods) if pods else len(view.tables), "pod table" if pods else "table")
    if view.byes:
        what += " and " + count(len(view.byes), "bye")
    return what


def ask_discard(request: Request, access: Access, db: Database, slug: str, stage: str) -> Response:
    """Asks "Discard the draft of round 3?" with its tables, byes and moves made by hand."""
    draft = drafts.show_draft(db, slug, stage=stage)
    tables = len(draft.pods) if draft.pods else len(draft.pairings)
    what = count(tables, "pod table" if draft.pods else "table")
    if draft.byes:
        what += " and " + count(len(draft.byes), "bye")
    details = [f"Its {what} are thrown away; players never saw them."]
    if draft.moves:
        details.append(
            f"The {count(len(draft.moves), 'move')} made by hand "
            f"{'is' if len(draft.moves) == 1 else 'are'} lost."
        )
    details.append(f"Generate round {draft.round} again to pair it anew.")
    return ask(
        request,
        access,
        db,
        slug,
        Confirm(
            question=f"Discard the draft of round {draft.round}?",
            action=f"/console/{slug}/rounds/draft/discard",
            button=f"Discard the draft of round {draft.round}",
            back=_where(slug, stage, "/rounds/draft"),
            fields=(("stage", stage),),
            details=tuple(details),
        ),
        tab="rounds",
        title=f"Discard the draft of round {draft.round}",
    )


def ask_move(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    number: int,
    stage: str,
    action: str,
    values: dict[str, str],
) -> Response | None:
    """Asks "Delete round 3?" (its tables and byes go) or "Revert round 3 to Upcoming?" (the
    games recorded so far at N tables are reset), posting the same form again. ``None`` when
    the round cannot take the action now (a delete of a round that is not Upcoming, a revert
    of one with a result): nothing to ask, the service's refusal says why."""
    view = round_view(db, slug, number, stage=stage)
    allowed = (
        view.state == "scheduled"
        if action == "delete"
        else view.state == "open"
        and not any(t.result for t in view.tables)
        and not any(s.place is not None for p in view.pods for s in p.seats)
    )
    if not allowed:
        return None
    fields = tuple(
        (k, values[k]) for k in ("stage", "from", "version") if values.get(k) is not None
    )
    back = (
        _where(slug, stage, f"/rounds/{number}")
        if values.get("from") == "round"
        else _where(slug, stage) + f"#round-{number}"
    )
    if action == "delete":
        confirm = Confirm(
            question=f"Delete round {number}?",
            action=f"/console/{slug}/rounds/{number}/delete",
            button=f"Delete round {number}",
            back=back,
            fields=fields,
            details=(
                f"Its {_tables(view)} are removed; players no longer see round {number}.",
                f"Generate round {number} again to replace it.",
            ),
        )
    else:
        games = sum(1 for t in view.tables if t.games_so_far)
        details = [
            f"Round {number} goes back to Upcoming: its {_tables(view)} stay as paired, and "
            "nobody can report a result until it is opened again."
        ]
        if games:
            details.append(f"The games recorded so far at {count(games, 'table')} are reset.")
        confirm = Confirm(
            question=f"Revert round {number} to Upcoming?",
            action=f"/console/{slug}/rounds/{number}/revert",
            button=f"Revert round {number}",
            back=back,
            fields=fields,
            details=tuple(details),
        )
    return ask(request, access, db, slug, confirm, tab="rounds", title=confirm.question.rstrip("?"))


#: What the Rounds tab says after one of these (``?done=``): ``{round}``, ``{what}``.
DONE = {
    "discarded": "The draft of round {round} is discarded ({what}).",
    "deleted": "Round {round} deleted ({what}).",
    "reverted": "Round {round} is Upcoming again{what}.",
}
#: The counts a message carries in its query: (query key, noun).
COUNTS = (("tables", "table"), ("pods", "pod table"), ("byes", "bye"), ("games", "table"))


def _what(done: str, counts: dict[str, int]) -> str:
    if done == "reverted":
        games = counts.get("games", 0)
        return f": the games so far at {count(games, 'table')} are reset" if games else ""
    parts = [count(counts[k], noun) for k, noun in COUNTS[:3] if counts.get(k)]
    return " and ".join(parts) or "no tables"


def said(request: Request) -> Done | None:
    """The message of ``?done=`` on the Rounds tab or a round's page."""
    query = request.query_params
    done = query.get("done", "")
    text = DONE.get(done)
    number = query.get("round", "")
    if text is None or not number.isdigit():
        return None
    counts = {k: int(query[k]) for k, _ in COUNTS if query.get(k, "").isdigit()}
    return Done(text.format(round=number, what=_what(done, counts)))


def discarded_counts(db: Database, slug: str, stage: str) -> dict[str, str | int]:
    """The draft's counts, read before it is discarded (for the message after)."""
    draft = drafts.show_draft(db, slug, stage=stage)
    if draft.pods:
        return {"pods": len(draft.pods), "byes": len(draft.byes)}
    return {"tables": len(draft.pairings), "byes": len(draft.byes)}


def moved_counts(
    db: Database, slug: str, number: int, stage: str, action: str
) -> dict[str, str | int]:
    """A round's counts, read before a delete (tables, byes) or a revert (games reset)."""
    view = round_view(db, slug, number, stage=stage)
    if action == "revert":
        return {"games": sum(1 for t in view.tables if t.games_so_far)}
    if view.pods:
        return {"pods": len(view.pods), "byes": len(view.byes)}
    return {"tables": len(view.tables), "byes": len(view.byes)}


def done_query(done: str, number: int, counts: dict[str, str | int]) -> dict[str, str | int]:
    """The query that makes the Rounds tab say what was ``done`` to round ``number``."""
    return {"done": done, "round": number, **counts}
