"""The Rounds tab's destructive actions through the one confirm/undo pattern
(``fairpair.web.confirm``): discarding a draft, deleting a Scheduled round and reverting an
Open one each ask first — what will go, with counts — and say afterwards what went.

A draft or a round removed is not taken back by an Undo: the round is generated again (its
pairings, the same inputs giving the same pairings). That is why they ask first. Every word is
in the reader's language; the message after carries its code and counts (``done_query``).
"""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import Response

from fairpair.i18n import gettext as _
from fairpair.i18n import ngettext
from fairpair.responses.events import RoundView
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import drafts
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import Access
from fairpair.web.confirm import Confirm, Done, ask, names

#: The actions that ask first, on a round and on the draft.
ASKING = frozenset(("revert", "delete"))


def _where(slug: str, stage: str, path: str = "/rounds") -> str:
    return f"/console/{slug}{path}?" + urlencode({"stage": stage})


def _counted(tables: int = 0, pods: int = 0, byes: int = 0) -> list[str]:
    """Counts in words: "8 tables", "3 pod tables", "1 bye" (those that are not 0)."""
    said = []
    if tables:
        said.append(ngettext("%(num)d table", "%(num)d tables", tables) % {"num": tables})
    if pods:
        said.append(ngettext("%(num)d pod table", "%(num)d pod tables", pods) % {"num": pods})
    if byes:
        said.append(ngettext("%(num)d bye", "%(num)d byes", byes) % {"num": byes})
    return said


def _what(tables: int, pods: int, byes: int) -> str:
    """Its tables and byes: "8 tables and 1 bye", "3 pod tables", "0 tables"."""
    said = _counted(tables, pods, byes)
    if not tables and not pods:
        said.insert(0, ngettext("%(num)d table", "%(num)d tables", 0) % {"num": 0})
    return names(said)


def _tables(view: RoundView) -> str:
    """Its tables and byes: "8 tables and 1 bye", "3 pod tables"."""
    if view.pods:
        return _what(0, len(view.pods), len(view.byes))
    return _what(len(view.tables), 0, len(view.byes))


def ask_discard(request: Request, access: Access, db: Database, slug: str, stage: str) -> Response:
    """Asks "Discard the draft of round 3?" with its tables, byes and moves made by hand."""
    draft = drafts.show_draft(db, slug, stage=stage)
    if draft.pods:
        what = _what(0, len(draft.pods), len(draft.byes))
    else:
        what = _what(len(draft.pairings), 0, len(draft.byes))
    number = {"number": draft.round}
    details = [_("Its %(what)s are thrown away; players never saw them.") % {"what": what}]
    if draft.moves:
        moves = len(draft.moves)
        details.append(
            ngettext(
                "The %(num)d move made by hand is lost.",
                "The %(num)d moves made by hand are lost.",
                moves,
            )
            % {"num": moves}
        )
    details.append(_("Generate round %(number)s again to pair it anew.") % number)
    return ask(
        request,
        access,
        db,
        slug,
        Confirm(
            question=_("Discard the draft of round %(number)s?") % number,
            action=f"/console/{slug}/rounds/draft/discard",
            button=_("Discard the draft of round %(number)s") % number,
            back=_where(slug, stage, "/rounds/draft"),
            fields=(("stage", stage),),
            details=tuple(details),
        ),
        tab="rounds",
        title=_("Discard the draft of round %(number)s") % number,
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
    said = {"number": number, "what": _tables(view)}
    if action == "delete":
        title = _("Delete round %(number)s") % said
        confirm = Confirm(
            question=_("Delete round %(number)s?") % said,
            action=f"/console/{slug}/rounds/{number}/delete",
            button=title,
            back=back,
            fields=fields,
            details=(
                _("Its %(what)s are removed; players no longer see round %(number)s.") % said,
                _("Generate round %(number)s again to replace it.") % said,
            ),
        )
    else:
        games = sum(1 for t in view.tables if t.games_so_far)
        details = [
            _(
                "Round %(number)s goes back to Upcoming: its %(what)s stay as paired, and "
                "nobody can report a result until it is opened again."
            )
            % said
        ]
        if games:
            details.append(
                ngettext(
                    "The games recorded so far at %(num)d table are reset.",
                    "The games recorded so far at %(num)d tables are reset.",
                    games,
                )
                % {"num": games}
            )
        title = _("Revert round %(number)s to Upcoming") % said
        confirm = Confirm(
            question=_("Revert round %(number)s to Upcoming?") % said,
            action=f"/console/{slug}/rounds/{number}/revert",
            button=_("Revert round %(number)s") % said,
            back=back,
            fields=fields,
            details=tuple(details),
        )
    return ask(request, access, db, slug, confirm, tab="rounds", title=title)


#: The codes of what the Rounds tab says after one of these (``?done=``, with ``round`` and
#: the counts of ``COUNTS``), said in the reader's language (``said``).
DONE = frozenset(("discarded", "deleted", "reverted"))
#: The counts a message carries in its query.
COUNTS = ("tables", "pods", "byes", "games")


def _said(done: str, number: str, counts: dict[str, int]) -> str:
    if done == "reverted":
        games = counts.get("games", 0)
        if not games:
            return _("Round %(round)s is Upcoming again.") % {"round": number}
        return ngettext(
            "Round %(round)s is Upcoming again: the games so far at %(num)d table are reset.",
            "Round %(round)s is Upcoming again: the games so far at %(num)d tables are reset.",
            games,
        ) % {"round": number, "num": games}
    parts = _counted(counts.get("tables", 0), counts.get("pods", 0), counts.get("byes", 0))
    values = {"round": number, "what": names(parts) if parts else _("no tables")}
    if done == "discarded":
        return _("The draft of round %(round)s is discarded (%(what)s).") % values
    return _("Round %(round)s deleted (%(what)s).") % values


def said(request: Request) -> Done | None:
    """The message of ``?done=`` on the Rounds tab or a round's page (an unknown code, or
    none: nothing)."""
    query = request.query_params
    done = query.get("done", "")
    number = query.get("round", "")
    if done not in DONE or not number.isdigit():
        return None
    counts = {k: int(query[k]) for k in COUNTS if query.get(k, "").isdigit()}
    return Done(_said(done, number, counts))


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
