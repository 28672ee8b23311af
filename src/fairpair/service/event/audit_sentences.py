"""The audit log as sentences (issue 28, point 8): each entry of the console's Audit log tab
says what happened as an organizer says it — "Ann (owner) recorded the result of table 3 in
round 2: Bea wins 2-1", "Cole confirmed Bea's report of table 3 in round 2", "Dan dropped" —
with the raw entry kept behind a *details* disclosure.

``SENTENCES`` holds one function per audit action kind (``tests/service/test_audit_sentences``
finds every kind the service writes and fails if one has none). A function gets the entry
and the ``Names`` of the event (players, staff, stages) and returns one sentence; an action
without a sentence (an entry of an older version) reads "who: action — subject"."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fairpair.engine.results import Result
from fairpair.responses.audit import AuditEntry
from fairpair.service.kernel.persist import result_of_columns
from fairpair.service.rounds.autopilot import AUTOPILOT


@dataclass(frozen=True, slots=True)
class Names:
    """What a sentence names, read with the page: players by id (``p3``) and by row number,
    staff accounts by username (their name and role), stages by id."""

    players: Mapping[str, str]
    player_rows: Mapping[int, str]
    staff: Mapping[str, tuple[str, str]]
    stages: Mapping[str, str]

    def player(self, key: object) -> str:
        text = str(key)
        return self.players.get(text, text)

    def players_of(self, keys: object) -> str:
        names = [self.player(k) for k in (keys if isinstance(keys, list) else [])]
        return _listed(names)

    def stage(self, key: str) -> str:
        return self.stages.get(key, key)


_PLAYER = re.compile(r"^player (?P<key>\S+) \((?P<name>.*?)\)(?P<discord> via Discord \S+)?$")
_DISCORD = re.compile(r"^Discord user (?P<name>.*) \(\d+\)$")
_WHERE = re.compile(
    r"^stage (?P<stage>\S+) round (?P<round>\d+)(?: table (?P<table>\S+))?(?P<rest>.*)$"
)


def who(actor: str, names: Names) -> str:
    """The actor as people say it: a staff member's name and role ("Ann (owner)"), a player's
    name ("Bea"), "fairpair" for its own jobs."""
    player = _PLAYER.match(actor)
    if player is not None:
        said = player["name"] if player["key"] != "waitlist" else f"{player['name']} (waitlist)"
        return said + (" on Discord" if player["discord"] else "")
    discord = _DISCORD.match(actor)
    if discord is not None:
        return f"Discord user {discord['name']}"
    if actor == "public":
        return "Someone"
    if actor == AUTOPILOT:
        return "The autopilot"
    api = actor.endswith(" (api)")
    username = actor.removesuffix(" (api)")
    known = names.staff.get(username)
    said = f"{known[0]} ({known[1]})" if known else username
    return said + (" through the API" if api else "")


def where(subject: str, names: Names) -> str:
    """A subject ``stage S round N table T`` as "table T in round N" (with the stage's name
    when the event has more than one)."""
    found = _WHERE.match(subject)
    if found is None:
        return subject
    text = f"round {found['round']}"
    if found["table"]:
        text = f"table {found['table']} in {text}"
    if len(names.stages) > 1:
        text += f" of {names.stage(found['stage'])}"
    rest = found["rest"].strip()
    if rest == "(draft)":
        text = f"the draft of {text}"
    return text


def _listed(items: list[str]) -> str:
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _player_subject(subject: str, names: Names) -> str:
    """``player p3`` / ``p3`` / ``player #12`` → the player's name."""
    text = subject.removeprefix("player ").strip()
    if text.startswith("#") and text[1:].isdigit():
        return names.player_rows.get(int(text[1:]), "a player")
    return names.player(text)


def _result(values: dict[str, Any]) -> Result | None:
    try:
        return result_of_columns(
            values["kind"],
            values.get("winner"),
            values.get("games_a"),
            values.get("games_b"),
            values.get("games_draws"),
        )
    except (KeyError, ValueError, TypeError):
        return None


def _changed(before: Any, after: Any) -> str:
    """The keys that differ between two settings dictionaries, as a list."""
    old, new = _dict(before), _dict(after)
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return _listed([k.replace("_", " ") for k in keys]) if keys else "nothing"


Sentence = Callable[[AuditEntry, Names, str], str]


def _by(text: str) -> Sentence:
    """A sentence that is the actor and ``text`` with ``{where}`` / ``{player}`` filled."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        return f"{actor} " + text.format(
            where=where(e.subject, n), player=_player_subject(e.subject, n), subject=e.subject
        )

    return say


def _event_made(verb: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        a = _dict(e.after)
        made = f"{actor} {verb} the event “{a.get('name', '')}”"
        players = a.get("players")
        if isinstance(players, int) and players:
            made += f" with {_count(players, 'player')}"
        rounds = a.get("rounds")
        if isinstance(rounds, int) and rounds:
            made += f" and {_count(rounds, 'round')}"
        source = a.get("from")
        return made + (f" from {source}" if source else "")

    return say


def _players_added(verb: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        rows = [r for r in (e.after if isinstance(e.after, list) else []) if "name" in r]
        names = [str(r["name"]) for r in rows]
        late = next((r for r in (e.after or []) if isinstance(r, dict) and "late_byes" in r), None)
        shown = _listed(names) if len(names) <= 5 else _count(len(names), "player")
        text = f"{actor} {verb} {shown}"
        if late:
            text += f" (late: {_count(int(late['late_byes']), 'bye')} for the rounds missed)"
        return text

    return say


def _players_imported(e: AuditEntry, n: Names, actor: str) -> str:
    items = e.after if isinstance(e.after, list) else []
    source = next((str(i["file"]) for i in items if isinstance(i, dict) and i.get("file")), "")
    said = _players_added("imported")(e, n, actor)
    return f"{said} from {source}" if source else f"{said} from a CSV file"


def _undo_import(e: AuditEntry, n: Names, actor: str) -> str:
    b = _dict(e.before)
    listed = b.get("players")
    rows: list[Any] = listed if isinstance(listed, list) else []
    names = [str(r.get("name", r.get("key"))) for r in rows if isinstance(r, dict)]
    shown = _listed(names) if len(names) <= 5 else _count(len(names), "player")
    source = f" of {b['file']}" if b.get("file") else ""
    return f"{actor} undid the import{source} made {_moment(b.get('imported_at'))}: {shown} removed"


def _self_added(verb: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        rows = [r for r in (e.after if isinstance(e.after, list) else []) if "name" in r]
        return f"{_listed([str(r['name']) for r in rows])} {verb}"

    return say


def _checkin(undo: bool) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        keys = [k.strip() for k in e.subject.split(",") if k.strip()]
        people = (
            _listed([n.player(k) for k in keys]) if len(keys) <= 5 else _count(len(keys), "player")
        )
        if actor == people:
            return f"{people} checked in" if not undo else f"{people} undid their check-in"
        return f"{actor} {'undid the check-in of' if undo else 'checked in'} {people}"

    return say


def _drop(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    player = _player_subject(e.subject, n)
    after_round = a.get("after_round")
    when = f" after round {after_round}" if after_round else " before round 1"
    scope = " from the event" if a.get("whole_event") else f" from {n.stage(str(a.get('stage')))}"
    reason = f" ({a['reason']})" if a.get("reason") else ""
    if actor == player:
        return f"{player} dropped{scope}{when}{reason}"
    return f"{actor} dropped {player}{scope}{when}{reason}"


def _drop_no_shows(e: AuditEntry, n: Names, actor: str) -> str:
    dropped = _dict(e.after).get("dropped") or []
    names = [n.player(k) for k in dropped] if isinstance(dropped, list) else []
    shown = _listed(names) if len(names) <= 5 else _count(len(names), "player")
    return f"{actor} dropped the no-shows: {shown} ({_count(len(names), 'player')})"


def _undo_no_shows(e: AuditEntry, n: Names, actor: str) -> str:
    back = _dict(e.before).get("dropped") or []
    names = [n.player(k) for k in back] if isinstance(back, list) else []
    shown = _listed(names) if len(names) <= 5 else _count(len(names), "player")
    return f"{actor} undid the drop of the no-shows: {shown} reinstated"


def _reinstate(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} reinstated {_player_subject(e.subject, n)}"


def _seed(e: AuditEntry, n: Names, actor: str) -> str:
    return (
        f"{actor} changed {_player_subject(e.subject, n)}'s seed from "
        f"{_dict(e.before).get('seed')} to {_dict(e.after).get('seed')}"
    )


def _result_report(e: AuditEntry, n: Names, actor: str) -> str:
    text = _dict(e.after).get("text", "")
    if _PLAYER.match(e.actor):  # a players' report confirmed: the result is in
        return f"The result of {where(e.subject, n)} is in: {text}"
    return f"{actor} recorded the result of {where(e.subject, n)}: {text}"


def _was(values: dict[str, Any]) -> str:
    """A result's columns, briefly: "2-1", "draw 1-1", "forfeit"."""
    was = _result(values)
    if was is None:
        return ""
    g = was.games
    games = f"{g.a}-{g.b}" + (f"-{g.draws}" if g.draws else "") if g is not None else ""
    kind = was.kind.value.replace("_", " ")
    side = f"{games} from the first player's side" if games else ""
    return side if kind == "played" else f"{kind} {side}".strip()


def _result_correct(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    was = _was(_dict(e.before))
    reason = f" — {a['reason']}" if a.get("reason") else ""
    fixed = f"{actor} corrected the result of {where(e.subject, n)} to {a.get('text', '')}"
    return fixed + (f" (was {was})" if was else "") + reason


def _result_clear(e: AuditEntry, n: Names, actor: str) -> str:
    reason = _dict(e.after).get("reason")
    return f"{actor} cleared the result of {where(e.subject, n)}" + (
        f" — {reason}" if reason else ""
    )


def _result_games(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} set the game scores of {where(e.subject, n)}"


def _report(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    again = " again" if e.before else ""
    return (
        f"{actor} reported{again} {a.get('score', '')} at {where(e.subject, n)} "
        "(from their side), waiting for the opponent to confirm"
    )


def _confirm(e: AuditEntry, n: Names, actor: str) -> str:
    return (
        f"{actor} confirmed the report of {where(e.subject, n)}: {_dict(e.after).get('result', '')}"
    )


def _dispute(e: AuditEntry, n: Names, actor: str) -> str:
    b, a = _dict(e.before), _dict(e.after)
    return (
        f"{actor} disputed the report of {where(e.subject, n)}: it said "
        f"{b.get('reported', '?')}, {actor} says {a.get('says', '?')} (both from {actor}'s "
        "side) — to the Resolution Queue"
    )


def _resolve(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} settled the players' report of {where(e.subject, n)} by entering the result"


def _places(verb: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        a = _dict(e.after)
        reason = f" — {a['reason']}" if a.get("reason") else ""
        return f"{actor} {verb} the places of {where(e.subject, n)}: {a.get('text', '')}{reason}"

    return say


def _release(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    tables = a.get("tables") or []
    byes = a.get("byes") or []
    text = f"{actor} released {where(e.subject, n)} ({_count(len(tables), 'table')}"
    if byes:
        text += f"; bye: {n.players_of(byes)}"
    text += ")"
    return text + (" with the rest of the schedule" if a.get("all") else "")


def _generate(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    tables = a.get("tables")
    text = f"{actor} generated {where(e.subject, n)}"
    if isinstance(tables, int):
        text += f" ({_count(tables, 'table')})"
    warnings = a.get("warnings") or []
    return text + (f", {_count(len(warnings), 'warning')}" if warnings else "")


def _swap(e: AuditEntry, n: Names, actor: str) -> str:
    players = _dict(e.before).get("players") or []
    return f"{actor} swapped {n.players_of(players)} in {where(e.subject, n)}"


def _dates(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    if not a.get("starts_at") and not a.get("ends_at"):
        return f"{actor} cleared the dates of {where(e.subject, n)}"
    parts = [f"starts {_moment(a.get('starts_at'))}" if a.get("starts_at") else ""]
    parts.append(f"ends {_moment(a.get('ends_at'))}" if a.get("ends_at") else "")
    return f"{actor} set the dates of {where(e.subject, n)}: " + ", ".join(p for p in parts if p)


def _moment(value: Any) -> str:
    """An ISO moment as ``YYYY-MM-DD HH:MM UTC``."""
    text = str(value)
    return text[:16].replace("T", " ") + " UTC" if len(text) >= 16 else text


def _left(seconds: object) -> str:
    """Seconds as the timer shows them: ``12:05``."""
    if not isinstance(seconds, int):
        return "?"
    return f"{seconds // 60}:{seconds % 60:02d}"


def _clock_start(e: AuditEntry, n: Names, actor: str) -> str:
    minutes = _dict(e.after).get("minutes")
    length = f" at {_count(int(minutes), 'minute')}" if isinstance(minutes, int) else ""
    return f"{actor} started the timer of {where(e.subject, n)}{length}"


def _clock_pause(e: AuditEntry, n: Names, actor: str) -> str:
    left = _left(_dict(e.after).get("left_seconds"))
    return f"{actor} paused the timer of {where(e.subject, n)} with {left} left"


def _clock_resume(e: AuditEntry, n: Names, actor: str) -> str:
    left = _left(_dict(e.before).get("left_seconds"))
    return f"{actor} resumed the timer of {where(e.subject, n)} with {left} left"


def _clock_extend(e: AuditEntry, n: Names, actor: str) -> str:
    minutes = _dict(e.after).get("minutes")
    if not isinstance(minutes, int):
        return f"{actor} changed the timer of {where(e.subject, n)}"
    if minutes < 0:
        return f"{actor} took {_count(-minutes, 'minute')} off the timer of {where(e.subject, n)}"
    return f"{actor} added {_count(minutes, 'minute')} to the timer of {where(e.subject, n)}"


def _cut_draw(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    players = a.get("players") or []
    how = " (automatically, after the last result)" if a.get("automatic") else ""
    cut = n.stage(e.subject.removeprefix("stage "))
    return f"{actor} drew the top {len(players)} of {cut}{how}: {n.players_of(players)}"


def _cut_replace(e: AuditEntry, n: Names, actor: str) -> str:
    lines = _dict(e.after).get("explanation") or []
    return (
        f"{actor} changed the seats of {n.stage(e.subject.removeprefix('stage '))}: "
        + "; ".join(str(x) for x in lines)
    )


def _stage_add(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    key = e.subject.removeprefix("stage ")
    fmt = str(a.get("format", "")).replace("_", " ")
    return f"{actor} added the stage {a.get('name') or n.stage(key)}" + (f" ({fmt})" if fmt else "")


def _stage_edit(e: AuditEntry, n: Names, actor: str) -> str:
    key = e.subject.removeprefix("stage ")
    return f"{actor} changed the settings of {n.stage(key)}: {_changed(e.before, e.after)}"


def _toss_flip(e: AuditEntry, n: Names, actor: str) -> str:
    first = _dict(e.after).get("first")
    return f"{actor} set who plays first at {where(e.subject, n)}: {n.player(first)}"


def _toss_recalculate(e: AuditEntry, n: Names, actor: str) -> str:
    changed = _dict(e.after).get("changed_tables") or []
    tables = _count(len(changed), "table")
    return f"{actor} recalculated the toss of {where(e.subject, n)} ({tables} changed)"


def _staff_grant(e: AuditEntry, n: Names, actor: str) -> str:
    user = e.subject.removeprefix("staff ")
    name = n.staff.get(user, (user, ""))[0]
    role = _dict(e.after).get("role")
    was = _dict(e.before).get("role")
    return f"{actor} made {name} {role}" + (f" (was {was})" if was else "")


def _staff_revoke(e: AuditEntry, n: Names, actor: str) -> str:
    user = e.subject.removeprefix("staff ")
    role = _dict(e.before).get("role")
    return f"{actor} took away {user}'s role" + (f" ({role})" if role else "")


def _staff_invite(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    note = f" ({a['note']})" if a.get("note") else ""
    also = " with an organizer account" if a.get("organizer") else ""
    return f"{actor} made an invitation link for a {a.get('role', 'staff member')}{also}{note}"


def _staff_invite_revoke(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} revoked an unused invitation link ({e.subject})"


def _player_edit(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} edited {_player_subject(e.subject, n)}: {_changed(e.before, e.after)}"


def _bye_kind(kind: Any) -> str:
    return {"half": "a half-point bye", "zero": "a zero-point bye"}.get(str(kind), "a bye")


def _bye_request(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    return (
        f"{actor} requested {_bye_kind(a.get('kind'))} for {_player_subject(e.subject, n)} "
        f"in round {a.get('round')}"
    )


def _bye_cancel(e: AuditEntry, n: Names, actor: str) -> str:
    b = _dict(e.before)
    return (
        f"{actor} withdrew {_player_subject(e.subject, n)}'s requested "
        f"{_bye_kind(b.get('kind')).removeprefix('a ')} in round {b.get('round')}"
    )


def _event_rename(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} renamed the event from {e.before!r} to {e.after!r}"


def _event_details(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} changed the event's details: {_changed(e.before, e.after)}"


def _portal_settings(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} changed the players' side settings: {_changed(e.before, e.after)}"


def _notice(what: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        a = _dict(e.after)
        made = a.get("notified")
        count = f" ({_count(int(made), 'player')} notified)" if isinstance(made, int) else ""
        return f"{actor} sent the {what} notice of {where(e.subject, n)}{count}"

    return say


def _player_self(text: str) -> Sentence:
    """A player's own action: "Bea turned on push notifications"."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        player = _player_subject(e.subject, n)
        return (
            f"{player} {text}" if actor in (player, "Someone") else f"{actor} {text} for {player}"
        )

    return say


def _waitlist(e: AuditEntry, n: Names, actor: str) -> str:
    number = _dict(e.after).get("number")
    return f"{e.subject} joined the waitlist" + (f" (number {number})" if number else "")


def _join_again(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{n.player(e.subject)} opened their page on another device or account"


def _link(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} made a personal link for {n.player(e.subject)}"


def _revoke_links(e: AuditEntry, n: Names, actor: str) -> str:
    done = _dict(e.after).get("revoked")
    count = f" ({_count(int(done), 'link')})" if isinstance(done, int) else ""
    return f"{actor} revoked {n.player(e.subject)}'s personal links and devices{count}"


def _discord_code(e: AuditEntry, n: Names, actor: str) -> str:
    purpose = _dict(e.after).get("purpose")
    for_what = "a Discord channel" if purpose == "channel" else _player_subject(e.subject, n)
    return f"{actor} made a Discord code for {for_what}"


def _discord_join(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{_player_subject(e.subject, n)} linked their Discord account"


def _discord_leave(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{_player_subject(e.subject, n)} unlinked their Discord account"


def _stage_named(subject: str, n: Names) -> str:
    key = subject.removeprefix("stage ")
    return f" of {n.stage(key)}" if len(n.stages) > 1 else ""


def _autopilot_pause(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    stage = _stage_named(e.subject, n)
    if a.get("reason") == "paused":
        return f"{actor} paused the autopilot{stage}"
    return f"The autopilot{stage} paused: {a.get('said', '')} (by {actor})"


def _autopilot_resume(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} resumed the autopilot{_stage_named(e.subject, n)}"


def _community_made(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    return f"{actor} made the community “{a.get('name', '')}” ({a.get('kind', '')})"


def _community_renamed(e: AuditEntry, n: Names, actor: str) -> str:
    return (
        f"{actor} renamed the community “{_dict(e.before).get('name', '')}” "
        f"to “{_dict(e.after).get('name', '')}”"
    )


def _ratings_rebuilt(e: AuditEntry, n: Names, actor: str) -> str:
    return f"{actor} rated the community's events again ({_dict(e.after).get('rows', 0)} ratings)"


def _ratings_settings(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    said = f"matches {a.get('matches', '')}, pods {'on' if a.get('pods') else 'off'}"
    said += ", one rating per game" if a.get("per_game") else ", one rating for all games"
    if a.get("seed_round_one"):
        said += ", round 1 seeded by rating"
    return f"{actor} changed the community's ratings: {said}"


def _event_community(e: AuditEntry, n: Names, actor: str) -> str:
    a, b = _dict(e.after), _dict(e.before)
    if a:
        linked = a.get("linked", 0)
        return (
            f"{actor} made the event one of {a.get('name') or a.get('community')}'s "
            f"({_count(int(linked), 'player')} linked to its directory)"
        )
    return f"{actor} took the event out of the community {b.get('community', '')}"


def _community_event(verb: str) -> Sentence:
    """A community's own log: an event attached, taken out or restored into it."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        event = e.subject.removeprefix("event ")
        linked = _count(int(_dict(e.after).get("linked", 0)), "player")
        if verb == "detach":
            return f"{actor} took {event} out of the community"
        if verb == "restore":
            return f"{actor} restored {event} from a backup into the community ({linked} linked)"
        return f"{actor} made {event} one of the community's events ({linked} linked)"

    return say


def _person(verb: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        key = e.subject.removeprefix("person ")
        a, b = _dict(e.after), _dict(e.before)
        if verb == "merge":
            moved = _count(int(a.get("events", 0)), "event")
            return f"{actor} merged {b.get('merged', '')} into {key} ({moved} moved)"
        if verb == "rename":
            return f"{actor} renamed {key} from “{b.get('name', '')}” to “{a.get('name', '')}”"
        return f"{actor} deleted {key} from the directory on request (their results stay)"

    return say


def _league(verb: str) -> Sentence:
    """A league's (a season's) changes, in its community's log."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        key = e.subject.removeprefix("league ")
        a, b = _dict(e.after), _dict(e.before)
        if verb == "create":
            return f"{actor} started the league “{a.get('name', key)}” ({a.get('rule', '')})"
        if verb == "edit":
            return f"{actor} changed the league {key}: {_changed(b, a)}"
        if verb == "attach":
            return f"{actor} added {_listed(list(a.get('events', [])))} to the league {key}"
        if verb == "detach":
            return f"{actor} took {b.get('event', '')} out of the league {key}"
        leader = f"; {a.get('leader')} leads" if a.get("leader") else ""
        players = _count(int(a.get("players", 0)), "player")
        return f"{actor} closed the league {key} ({players}{leader})"

    return say


def _staff_push(e: AuditEntry, n: Names, actor: str) -> str:
    """A staff member's phone alerts (issue 32)."""
    if e.action == "staff.push_off":
        removed = _count(int(_dict(e.after).get("removed", 1)), "device")
        return f"{actor} turned off the event's alerts on {removed}"
    alerts = [str(a).replace("-", " ") for a in _dict(e.after).get("alerts", [])]
    return f"{actor} turned on the event's alerts on a device ({_listed(alerts)})"


def _judge_call(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    player = _player_subject(e.subject, n)
    table = a.get("table")
    at = f"table {table} in round {a.get('round')}" if table is not None else "their place"
    if e.action == "judge.answer":
        return f"{actor} answered {player}'s judge call"
    note = a.get("note")
    return f"{player} called a judge to {at}" + (f": “{note}”" if note else "")


#: One sentence per audit action kind the service writes.
SENTENCES: dict[str, Sentence] = {
    "event.create": _event_made("created"),
    "event.import": _event_made("imported"),
    "event.restore": _event_made("restored"),
    "player.add": _players_added("added"),
    "player.import": _players_imported,
    "player.undo_import": _undo_import,
    "player.join": _self_added("joined with the event's code"),
    "player.promote": _self_added("came off the waitlist into the event"),
    "player.waitlist": _waitlist,
    "player.join_again": _join_again,
    "player.checkin": _checkin(undo=False),
    "player.checkout": _checkin(undo=True),
    "player.drop": _drop,
    "player.drop_no_shows": _drop_no_shows,
    "player.undo_no_shows": _undo_no_shows,
    "player.reinstate": _reinstate,
    "player.seed": _seed,
    "player.link": _link,
    "player.revoke_links": _revoke_links,
    "portal.settings": _portal_settings,
    "portal.code": _by("made a new join code (the old one stopped working)"),
    "stage.add": _stage_add,
    "stage.edit": _stage_edit,
    "round.generate": _generate,
    "round.regenerate": _by("generated {where} again"),
    "round.rearrange": _by("rearranged {where}"),
    "round.discard": _by("discarded {where}"),
    "round.release": _release,
    "round.open": _by("opened {where}"),
    "round.complete": _by("completed {where}"),
    "round.revert": _by("reverted {where} to Upcoming"),
    "round.delete": _by("deleted {where}"),
    "round.swap": _swap,
    "round.dates": _dates,
    "round.clock_start": _clock_start,
    "round.clock_pause": _clock_pause,
    "round.clock_resume": _clock_resume,
    "round.clock_extend": _clock_extend,
    "round.clock_reset": _by("took the timer of {where} away"),
    "result.report": _result_report,
    "result.correct": _result_correct,
    "result.clear": _result_clear,
    "result.games": _result_games,
    "self_report.report": _report,
    "self_report.confirm": _confirm,
    "self_report.dispute": _dispute,
    "self_report.resolve": _resolve,
    "places.record": _places("recorded"),
    "places.correct": _places("corrected"),
    "toss.flip": _toss_flip,
    "toss.recalculate": _toss_recalculate,
    "cut.draw": _cut_draw,
    "cut.replace": _cut_replace,
    "staff.grant": _staff_grant,
    "staff.revoke": _staff_revoke,
    "staff.invite": _staff_invite,
    "player.edit": _player_edit,
    "player.bye_request": _bye_request,
    "player.bye_cancel": _bye_cancel,
    "event.rename": _event_rename,
    "event.details": _event_details,
    "staff.invite_revoke": _staff_invite_revoke,
    "notice.round_open": _notice("round is open"),
    "notice.halfway": _notice("halfway"),
    "notice.deadline_24h": _notice("24 hours to the deadline"),
    "notice.preferences": _player_self("changed where their notifications go"),
    "notice.push_on": _player_self("turned on push notifications"),
    "notice.push_off": _player_self("turned off push notifications"),
    "notice.language": _player_self("changed the language of their notifications"),
    "discord.link": _by("linked {subject} to the event"),
    "discord.unlink": _by("unlinked {subject} from the event"),
    "discord.code": _discord_code,
    "discord.join": _discord_join,
    "discord.leave": _discord_leave,
    "community.create": _community_made,
    "community.rename": _community_renamed,
    "event.community": _event_community,
    "community.attach": _community_event("attach"),
    "community.detach": _community_event("detach"),
    "community.restore": _community_event("restore"),
    "person.merge": _person("merge"),
    "person.rename": _person("rename"),
    "person.forget": _person("forget"),
    "ratings.rebuild": _ratings_rebuilt,
    "ratings.settings": _ratings_settings,
    "autopilot.pause": _autopilot_pause,
    "autopilot.resume": _autopilot_resume,
    "league.create": _league("create"),
    "league.edit": _league("edit"),
    "league.attach": _league("attach"),
    "league.detach": _league("detach"),
    "league.close": _league("close"),
    "staff.push_on": _staff_push,
    "staff.push_off": _staff_push,
    "judge.call": _judge_call,
    "judge.answer": _judge_call,
}


def sentence(entry: AuditEntry, names: Names) -> str:
    """Entry ``entry`` as one sentence (a kind without one: "who: action — subject")."""
    actor = who(entry.actor, names)
    say = SENTENCES.get(entry.action)
    if say is None:
        return f"{actor}: {entry.action} — {entry.subject}"
    try:
        said = say(entry, names, actor)
    except (KeyError, TypeError, ValueError, AttributeError):  # an entry of an older shape
        return f"{actor}: {entry.action} — {entry.subject}"
    trigger = _dict(entry.after).get("trigger")
    return f"{said}, {trigger}" if trigger else said
