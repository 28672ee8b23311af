"""The audit log as sentences (issue 28, point 8): each entry of the console's Audit log tab
says what happened as an organizer says it — "Ann (owner) recorded the result of table 3 in
round 2: Bea wins 2-1", "Cole confirmed Bea's report of table 3 in round 2", "Dan dropped" —
with the raw entry kept behind a *details* disclosure.

``SENTENCES`` holds one function per audit action kind (``tests/service/test_audit_sentences``
finds every kind the service writes and fails if one has none). A function gets the entry
and the ``Names`` of the event (players, staff, stages) and returns one sentence; an action
without a sentence (an entry of an older version) reads "who: action — subject".

Each sentence is a ``fairpair.i18n.later`` text (issue 33, point 8): its value is the English
sentence, byte for byte (the record's words; tests and any caller that prints it see only
that), and the console's Log tab says it in the reader's language (``| translated``): one
whole message per case with named values — names, numbers, results (``later.result_words``),
places ("table 3 in round 2") and lists (``later.listed``) said in turn. Stored records are
read as they are: nothing is translated when it is written. A shape that no message covers
(a record of an older version) keeps its English words."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fairpair import i18n
from fairpair.engine.results import Result
from fairpair.i18n import N_, later
from fairpair.i18n.later import Later
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
_TRIGGER = re.compile(
    r"^after the result of table (?P<table>\S+) in round (?P<round>\d+): (?P<result>.*)$"
)

#: Words a sentence takes from a record, for the catalogue (said with ``later.word``).
_WORDS = frozenset(
    {
        # staff roles
        N_("owner"),
        N_("judge"),
        N_("viewer"),
        # stage formats, as the log writes them
        N_("swiss"),
        N_("swiss elimination"),
        N_("single elimination"),
        N_("double elimination"),
        N_("round robin"),
        N_("pods"),
        # result kinds other than a played result
        N_("intentional draw"),
        N_("forfeit"),
        N_("double forfeit"),
        N_("skipped"),
        # staff alerts
        N_("dispute"),
        N_("judge call"),
        N_("last result"),
    }
)


def _word(text: str) -> str:
    """A record's word in the reader's language when the catalogue knows it."""
    return later.word(text) if text in _WORDS else text


def who(actor: str, names: Names) -> str:
    """The actor as people say it: a staff member's name and role ("Ann (owner)"), a player's
    name ("Bea"), "fairpair" for its own jobs."""
    player = _PLAYER.match(actor)
    if player is not None:
        name = player["name"]
        if player["key"] == "waitlist":
            if player["discord"]:
                return later.gettext("%(name)s (waitlist) on Discord", name=name)
            return later.gettext("%(name)s (waitlist)", name=name)
        if player["discord"]:
            return later.gettext("%(name)s on Discord", name=name)
        return name
    discord = _DISCORD.match(actor)
    if discord is not None:
        return later.gettext("Discord user %(name)s", name=discord["name"])
    if actor == "public":
        return later.gettext("Someone")
    if actor == AUTOPILOT:
        return later.gettext("The autopilot")
    api = actor.endswith(" (api)")
    username = actor.removesuffix(" (api)")
    known = names.staff.get(username)
    said = (
        later.gettext("%(name)s (%(role)s)", name=known[0], role=_word(known[1]))
        if known
        else username
    )
    return later.gettext("%(actor)s through the API", actor=said) if api else said


def where(subject: str, names: Names) -> str:
    """A subject ``stage S round N table T`` as "table T in round N" (with the stage's name
    when the event has more than one)."""
    found = _WHERE.match(subject)
    if found is None:
        return subject
    values: dict[str, str] = {"round": found["round"]}
    staged = len(names.stages) > 1
    if staged:
        values["stage"] = names.stage(found["stage"])
    text: Later
    if found["table"]:
        values["table"] = found["table"]
        if staged:
            text = later.gettext("table %(table)s in round %(round)s of %(stage)s", **values)
        else:
            text = later.gettext("table %(table)s in round %(round)s", **values)
    elif staged:
        text = later.gettext("round %(round)s of %(stage)s", **values)
    else:
        text = later.gettext("round %(round)s", **values)
    if found["rest"].strip() == "(draft)":
        return later.gettext("the draft of %(place)s", place=text)
    return text


_SUBJECTS = (
    (
        re.compile(r"stage (?P<stage>\S+) round (?P<round>\d+) table (?P<table>\S+)"),
        N_("stage %(stage)s round %(round)s table %(table)s"),
    ),
    (
        re.compile(r"stage (?P<stage>\S+) round (?P<round>\d+) \(draft\)"),
        N_("stage %(stage)s round %(round)s (draft)"),
    ),
    (
        re.compile(
            r"stage (?P<stage>\S+) round (?P<round>\d+) \(released with the rest of the schedule\)"
        ),
        N_("stage %(stage)s round %(round)s (released with the rest of the schedule)"),
    ),
    (
        re.compile(r"stage (?P<stage>\S+) round (?P<round>\d+)"),
        N_("stage %(stage)s round %(round)s"),
    ),
    (re.compile(r"stage (?P<stage>\S+)"), N_("stage %(stage)s")),
    (re.compile(r"player #(?P<number>\d+)"), N_("player #%(number)s")),
    (re.compile(r"player (?P<player>\S+)"), N_("player %(player)s")),
    (re.compile(r"event (?P<event>\S+)"), N_("event %(event)s")),
    (re.compile(r"staff (?P<account>\S+)"), N_("staff %(account)s")),
    (re.compile(r"account #(?P<number>\d+)"), N_("account #%(number)s")),
    (re.compile(r"person (?P<person>\S+)"), N_("person %(person)s")),
    (re.compile(r"league (?P<league>\S+)"), N_("league %(league)s")),
    (re.compile(r"community (?P<community>\S+)"), N_("community %(community)s")),
    (re.compile(r"invitation (?P<invitation>\S+)"), N_("invitation %(invitation)s")),
    (re.compile(r"Discord channel (?P<channel>\S+)"), N_("Discord channel %(channel)s")),
    (re.compile(r"join code"), N_("join code")),
)


_ACTORS = (
    (
        re.compile(r"player (?P<player>\S+) \((?P<name>.*?)\) via Discord (?P<discord>\S+)"),
        N_("player %(player)s (%(name)s) via Discord %(discord)s"),
    ),
    (re.compile(r"player (?P<player>\S+) \((?P<name>.*?)\)"), N_("player %(player)s (%(name)s)")),
    (
        re.compile(r"Discord user (?P<name>.*) \((?P<discord>\d+)\)"),
        N_("Discord user %(name)s (%(discord)s)"),
    ),
)


def actor_label(actor: str) -> str:
    """An entry's actor as the record writes it ("player p3 (Ann)", an account's username),
    its words said later in the reader's language."""
    for pattern, message in _ACTORS:
        found = pattern.fullmatch(actor)
        if found is not None:
            return Later(message, found.groupdict())
    return _as_it_is(actor)


def subject_label(subject: str) -> str:
    """An entry's subject as the record writes it ("stage swiss round 1 table 4", "player
    p3"), its words said later in the reader's language (the ids as they are)."""
    for pattern, message in _SUBJECTS:
        found = pattern.fullmatch(subject)
        if found is not None:
            return Later(message, found.groupdict())
    return _as_it_is(subject)


def _as_it_is(text: str) -> Later:
    """A record's text shown as it is in every language (not looked up in the catalogue)."""
    return Later("%(text)s", {"text": text})


_FINISH = re.compile(r"(?P<player>.+) (?P<place>\d+)(?:st|nd|rd|th)(?P<shared> \(shared\))?")


class _Finish(Later):
    """A pod table's finish as ``service.results.places`` writes it ("Ann 1st, Bo 2nd
    (shared)"), each player's place said in the reader's language (English: as written)."""

    def translated(self) -> str:
        text = str(self)
        if i18n.language() == i18n.SOURCE:
            return text
        said = []
        for item in text.split(", "):
            found = _FINISH.fullmatch(item)
            if found is None:  # a name with a comma in it: as written
                return text
            message = (
                N_("%(player)s (place %(place)s, shared)")
                if found["shared"]
                else N_("%(player)s (place %(place)s)")
            )
            said.append(
                i18n.gettext(message) % {"player": found["player"], "place": found["place"]}
            )
        return "; ".join(said)


def _listed(items: list[str]) -> str:
    if not items:
        return later.gettext("nobody")
    return later.listed(items)


def _players(n: int) -> Later:
    return later.ngettext("%(num)d player", "%(num)d players", n)


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _player_subject(subject: str, names: Names) -> str:
    """``player p3`` / ``p3`` / ``player #12`` → the player's name."""
    text = subject.removeprefix("player ").strip()
    if text.startswith("#") and text[1:].isdigit():
        return names.player_rows.get(int(text[1:])) or later.gettext("a player")
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
    return _listed([k.replace("_", " ") for k in keys]) if keys else later.gettext("nothing")


def _result_text(text: object) -> str:
    return later.result_words(str(text))


def _with_reason(said: str, reason: object, dash: bool = True) -> str:
    """A sentence and the reason given for it ("… — misread slip", "… (injured)")."""
    if not reason:
        return said
    if dash:
        return later.gettext("%(sentence)s — %(reason)s", sentence=said, reason=str(reason))
    return later.gettext("%(sentence)s (%(reason)s)", sentence=said, reason=str(reason))


Sentence = Callable[[AuditEntry, Names, str], str]


def _by(message: str) -> Sentence:
    """A sentence of the actor and a place (``%(place)s``) or a subject (``%(subject)s``)."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        values: dict[str, later.Value] = {"actor": actor}
        if "%(place)s" in message:
            values["place"] = where(e.subject, n)
        if "%(subject)s" in message:
            values["subject"] = subject_label(e.subject)
        return Later(message, values)

    return say


def _event_made(kind: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        a = _dict(e.after)
        name = str(a.get("name", ""))
        players, rounds, source = a.get("players"), a.get("rounds"), a.get("from")
        p = _players(players) if isinstance(players, int) and players else None
        r = (
            later.ngettext("%(num)d round", "%(num)d rounds", rounds)
            if isinstance(rounds, int) and rounds
            else None
        )
        v: dict[str, later.Value] = {"actor": actor, "name": name}
        if source:
            v["source"] = str(source)
        if p is not None:
            v["players"] = p
        if r is not None:
            v["rounds"] = r
        shape = (p is not None, r is not None, bool(source))
        said = _EVENT_MADE.get((kind, *shape))
        if said is not None:
            return Later(said, v)
        # a shape no message covers (an event of rounds without players): English as before
        made = f"{actor} {kind} the event “{name}”"
        made += f" with {p}" if p is not None else ""
        made += f" and {r}" if r is not None else ""
        return made + (f" from {source}" if source else "")

    return say


_EVENT_MADE: dict[tuple[str, bool, bool, bool], str] = {
    ("created", False, False, False): N_("%(actor)s created the event “%(name)s”"),
    ("created", True, False, False): N_("%(actor)s created the event “%(name)s” with %(players)s"),
    ("created", True, True, False): N_(
        "%(actor)s created the event “%(name)s” with %(players)s and %(rounds)s"
    ),
    ("imported", False, False, False): N_("%(actor)s imported the event “%(name)s”"),
    ("imported", True, False, False): N_(
        "%(actor)s imported the event “%(name)s” with %(players)s"
    ),
    ("imported", True, True, False): N_(
        "%(actor)s imported the event “%(name)s” with %(players)s and %(rounds)s"
    ),
    ("imported", False, False, True): N_("%(actor)s imported the event “%(name)s” from %(source)s"),
    ("imported", True, False, True): N_(
        "%(actor)s imported the event “%(name)s” with %(players)s from %(source)s"
    ),
    ("imported", True, True, True): N_(
        "%(actor)s imported the event “%(name)s” with %(players)s and %(rounds)s from %(source)s"
    ),
    ("restored", False, False, False): N_("%(actor)s restored the event “%(name)s”"),
    ("restored", True, False, False): N_(
        "%(actor)s restored the event “%(name)s” with %(players)s"
    ),
    ("restored", True, True, False): N_(
        "%(actor)s restored the event “%(name)s” with %(players)s and %(rounds)s"
    ),
}


def _added_people(e: AuditEntry) -> tuple[str, int | None]:
    """The players an entry added: their names listed (past five: counted), and the late
    byes they were given (0: none)."""
    rows = [r for r in (e.after if isinstance(e.after, list) else []) if "name" in r]
    names = [str(r["name"]) for r in rows]
    late = next((r for r in (e.after or []) if isinstance(r, dict) and "late_byes" in r), None)
    shown = _listed(names) if len(names) <= 5 else _players(len(names))
    return shown, int(late["late_byes"]) if late else None


def _players_added(e: AuditEntry, n: Names, actor: str) -> str:
    shown, late = _added_people(e)
    if late is not None:
        return later.ngettext(
            "%(actor)s added %(players)s (late: %(num)d bye for the rounds missed)",
            "%(actor)s added %(players)s (late: %(num)d byes for the rounds missed)",
            late,
            actor=actor,
            players=shown,
        )
    return later.gettext("%(actor)s added %(players)s", actor=actor, players=shown)


def _players_imported(e: AuditEntry, n: Names, actor: str) -> str:
    items = e.after if isinstance(e.after, list) else []
    source = next((str(i["file"]) for i in items if isinstance(i, dict) and i.get("file")), "")
    shown, late = _added_people(e)
    if late is not None and source:
        return later.ngettext(
            "%(actor)s imported %(players)s (late: %(num)d bye for the rounds missed) "
            "from %(file)s",
            "%(actor)s imported %(players)s (late: %(num)d byes for the rounds missed) "
            "from %(file)s",
            late,
            actor=actor,
            players=shown,
            file=source,
        )
    if late is not None:
        return later.ngettext(
            "%(actor)s imported %(players)s (late: %(num)d bye for the rounds missed) "
            "from a CSV file",
            "%(actor)s imported %(players)s (late: %(num)d byes for the rounds missed) "
            "from a CSV file",
            late,
            actor=actor,
            players=shown,
        )
    if source:
        return later.gettext(
            "%(actor)s imported %(players)s from %(file)s", actor=actor, players=shown, file=source
        )
    return later.gettext(
        "%(actor)s imported %(players)s from a CSV file", actor=actor, players=shown
    )


def _undo_import(e: AuditEntry, n: Names, actor: str) -> str:
    b = _dict(e.before)
    listed = b.get("players")
    rows: list[Any] = listed if isinstance(listed, list) else []
    names = [str(r.get("name", r.get("key"))) for r in rows if isinstance(r, dict)]
    shown = _listed(names) if len(names) <= 5 else _players(len(names))
    made = _moment(b.get("imported_at"))
    if b.get("file"):
        return later.gettext(
            "%(actor)s undid the import of %(file)s made %(moment)s: %(players)s removed",
            actor=actor,
            file=str(b["file"]),
            moment=made,
            players=shown,
        )
    return later.gettext(
        "%(actor)s undid the import made %(moment)s: %(players)s removed",
        actor=actor,
        moment=made,
        players=shown,
    )


def _self_added(message: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        rows = [r for r in (e.after if isinstance(e.after, list) else []) if "name" in r]
        return Later(message, {"players": _listed([str(r["name"]) for r in rows])})

    return say


def _checkin(undo: bool) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        keys = [k.strip() for k in e.subject.split(",") if k.strip()]
        people = _listed([n.player(k) for k in keys]) if len(keys) <= 5 else _players(len(keys))
        if actor == people:
            if undo:
                return later.gettext("%(players)s undid their check-in", players=people)
            return later.gettext("%(players)s checked in", players=people)
        if undo:
            return later.gettext(
                "%(actor)s undid the check-in of %(players)s", actor=actor, players=people
            )
        return later.gettext("%(actor)s checked in %(players)s", actor=actor, players=people)

    return say


_DROPS = {
    # (by themselves, from the whole event, after a round)
    (True, True, True): N_("%(player)s dropped from the event after round %(round)s"),
    (True, True, False): N_("%(player)s dropped from the event before round 1"),
    (True, False, True): N_("%(player)s dropped from %(stage)s after round %(round)s"),
    (True, False, False): N_("%(player)s dropped from %(stage)s before round 1"),
    (False, True, True): N_("%(actor)s dropped %(player)s from the event after round %(round)s"),
    (False, True, False): N_("%(actor)s dropped %(player)s from the event before round 1"),
    (False, False, True): N_("%(actor)s dropped %(player)s from %(stage)s after round %(round)s"),
    (False, False, False): N_("%(actor)s dropped %(player)s from %(stage)s before round 1"),
}


def _drop(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    player = _player_subject(e.subject, n)
    after_round = a.get("after_round")
    whole = bool(a.get("whole_event"))
    values: dict[str, later.Value] = {"actor": actor, "player": player}
    if after_round:
        values["round"] = str(after_round)
    if not whole:
        values["stage"] = n.stage(str(a.get("stage")))
    said = Later(_DROPS[(actor == player, whole, bool(after_round))], values)
    return _with_reason(said, a.get("reason"), dash=False)


def _drop_no_shows(e: AuditEntry, n: Names, actor: str) -> str:
    dropped = _dict(e.after).get("dropped") or []
    names = [n.player(k) for k in dropped] if isinstance(dropped, list) else []
    shown = _listed(names) if len(names) <= 5 else _players(len(names))
    return later.ngettext(
        "%(actor)s dropped the no-shows: %(players)s (%(num)d player)",
        "%(actor)s dropped the no-shows: %(players)s (%(num)d players)",
        len(names),
        actor=actor,
        players=shown,
    )


def _undo_no_shows(e: AuditEntry, n: Names, actor: str) -> str:
    back = _dict(e.before).get("dropped") or []
    names = [n.player(k) for k in back] if isinstance(back, list) else []
    shown = _listed(names) if len(names) <= 5 else _players(len(names))
    return later.gettext(
        "%(actor)s undid the drop of the no-shows: %(players)s reinstated",
        actor=actor,
        players=shown,
    )


def _reinstate(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s reinstated %(player)s", actor=actor, player=_player_subject(e.subject, n)
    )


def _seed(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s changed %(player)s's seed from %(old)s to %(new)s",
        actor=actor,
        player=_player_subject(e.subject, n),
        old=str(_dict(e.before).get("seed")),
        new=str(_dict(e.after).get("seed")),
    )


def _result_report(e: AuditEntry, n: Names, actor: str) -> str:
    text = _result_text(_dict(e.after).get("text", ""))
    place = where(e.subject, n)
    if _PLAYER.match(e.actor):  # a players' report confirmed: the result is in
        return later.gettext("The result of %(place)s is in: %(result)s", place=place, result=text)
    return later.gettext(
        "%(actor)s recorded the result of %(place)s: %(result)s",
        actor=actor,
        place=place,
        result=text,
    )


def _was(values: dict[str, Any]) -> str:
    """A result's columns, briefly: "2-1", "draw 1-1", "forfeit"."""
    was = _result(values)
    if was is None:
        return ""
    g = was.games
    games = f"{g.a}-{g.b}" + (f"-{g.draws}" if g.draws else "") if g is not None else ""
    kind = was.kind.value.replace("_", " ")
    if kind == "played":
        return later.gettext("%(games)s from the first player's side", games=games) if games else ""
    if games:
        return later.gettext(
            "%(kind)s %(games)s from the first player's side", kind=_word(kind), games=games
        )
    return _word(kind)


def _result_correct(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    was = _was(_dict(e.before))
    values: dict[str, later.Value] = {
        "actor": actor,
        "place": where(e.subject, n),
        "result": _result_text(a.get("text", "")),
    }
    if was:
        fixed = later.gettext(
            "%(actor)s corrected the result of %(place)s to %(result)s (was %(was)s)",
            was=was,
            **values,
        )
    else:
        fixed = later.gettext("%(actor)s corrected the result of %(place)s to %(result)s", **values)
    return _with_reason(fixed, a.get("reason"))


def _result_clear(e: AuditEntry, n: Names, actor: str) -> str:
    said = later.gettext(
        "%(actor)s cleared the result of %(place)s", actor=actor, place=where(e.subject, n)
    )
    return _with_reason(said, _dict(e.after).get("reason"))


def _result_games(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s set the game scores of %(place)s", actor=actor, place=where(e.subject, n)
    )


def _report(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    values: dict[str, later.Value] = {
        "actor": actor,
        "score": str(a.get("score", "")),
        "place": where(e.subject, n),
    }
    if e.before:
        return later.gettext(
            "%(actor)s reported again %(score)s at %(place)s (from their side), waiting for "
            "the opponent to confirm",
            **values,
        )
    return later.gettext(
        "%(actor)s reported %(score)s at %(place)s (from their side), waiting for the "
        "opponent to confirm",
        **values,
    )


def _confirm(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s confirmed the report of %(place)s: %(result)s",
        actor=actor,
        place=where(e.subject, n),
        result=_result_text(_dict(e.after).get("result", "")),
    )


def _dispute(e: AuditEntry, n: Names, actor: str) -> str:
    b, a = _dict(e.before), _dict(e.after)
    return later.gettext(
        "%(actor)s disputed the report of %(place)s: it said %(reported)s, %(actor)s says "
        "%(says)s (both from %(actor)s's side) — to the Resolution Queue",
        actor=actor,
        place=where(e.subject, n),
        reported=str(b.get("reported", "?")),
        says=str(a.get("says", "?")),
    )


def _resolve(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s settled the players' report of %(place)s by entering the result",
        actor=actor,
        place=where(e.subject, n),
    )


def _places(message: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        a = _dict(e.after)
        values = {
            "actor": actor,
            "place": where(e.subject, n),
            "places": _Finish(str(a.get("text", ""))),
        }
        return _with_reason(Later(message, values), a.get("reason"))

    return say


def _release(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    tables = a.get("tables") or []
    byes = a.get("byes") or []
    values: dict[str, later.Value] = {"actor": actor, "place": where(e.subject, n)}
    count = len(tables)
    if byes and a.get("all"):
        return later.ngettext(
            "%(actor)s released %(place)s (%(num)d table; bye: %(byes)s) with the rest of the "
            "schedule",
            "%(actor)s released %(place)s (%(num)d tables; bye: %(byes)s) with the rest of the "
            "schedule",
            count,
            byes=n.players_of(byes),
            **values,
        )
    if byes:
        return later.ngettext(
            "%(actor)s released %(place)s (%(num)d table; bye: %(byes)s)",
            "%(actor)s released %(place)s (%(num)d tables; bye: %(byes)s)",
            count,
            byes=n.players_of(byes),
            **values,
        )
    if a.get("all"):
        return later.ngettext(
            "%(actor)s released %(place)s (%(num)d table) with the rest of the schedule",
            "%(actor)s released %(place)s (%(num)d tables) with the rest of the schedule",
            count,
            **values,
        )
    return later.ngettext(
        "%(actor)s released %(place)s (%(num)d table)",
        "%(actor)s released %(place)s (%(num)d tables)",
        count,
        **values,
    )


def _generate(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    tables = a.get("tables")
    warned = len(a.get("warnings") or [])
    values: dict[str, later.Value] = {"actor": actor, "place": where(e.subject, n)}
    warnings = later.ngettext("%(num)d warning", "%(num)d warnings", warned)
    if isinstance(tables, int) and warned:
        return later.ngettext(
            "%(actor)s generated %(place)s (%(num)d table), %(warnings)s",
            "%(actor)s generated %(place)s (%(num)d tables), %(warnings)s",
            tables,
            warnings=warnings,
            **values,
        )
    if isinstance(tables, int):
        return later.ngettext(
            "%(actor)s generated %(place)s (%(num)d table)",
            "%(actor)s generated %(place)s (%(num)d tables)",
            tables,
            **values,
        )
    if warned:
        return later.ngettext(
            "%(actor)s generated %(place)s, %(num)d warning",
            "%(actor)s generated %(place)s, %(num)d warnings",
            warned,
            **values,
        )
    return later.gettext("%(actor)s generated %(place)s", **values)


def _swap(e: AuditEntry, n: Names, actor: str) -> str:
    players = _dict(e.before).get("players") or []
    return later.gettext(
        "%(actor)s swapped %(players)s in %(place)s",
        actor=actor,
        players=n.players_of(players),
        place=where(e.subject, n),
    )


def _dates(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    starts, ends = a.get("starts_at"), a.get("ends_at")
    values: dict[str, later.Value] = {"actor": actor, "place": where(e.subject, n)}
    if starts and ends:
        return later.gettext(
            "%(actor)s set the dates of %(place)s: starts %(starts)s, ends %(ends)s",
            starts=_moment(starts),
            ends=_moment(ends),
            **values,
        )
    if starts:
        return later.gettext(
            "%(actor)s set the dates of %(place)s: starts %(starts)s",
            starts=_moment(starts),
            **values,
        )
    if ends:
        return later.gettext(
            "%(actor)s set the dates of %(place)s: ends %(ends)s", ends=_moment(ends), **values
        )
    return later.gettext("%(actor)s cleared the dates of %(place)s", **values)


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
    values: dict[str, later.Value] = {"actor": actor, "place": where(e.subject, n)}
    if isinstance(minutes, int):
        return later.ngettext(
            "%(actor)s started the timer of %(place)s at %(num)d minute",
            "%(actor)s started the timer of %(place)s at %(num)d minutes",
            minutes,
            **values,
        )
    return later.gettext("%(actor)s started the timer of %(place)s", **values)


def _clock_pause(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s paused the timer of %(place)s with %(left)s left",
        actor=actor,
        place=where(e.subject, n),
        left=_left(_dict(e.after).get("left_seconds")),
    )


def _clock_resume(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s resumed the timer of %(place)s with %(left)s left",
        actor=actor,
        place=where(e.subject, n),
        left=_left(_dict(e.before).get("left_seconds")),
    )


def _clock_extend(e: AuditEntry, n: Names, actor: str) -> str:
    minutes = _dict(e.after).get("minutes")
    values: dict[str, later.Value] = {"actor": actor, "place": where(e.subject, n)}
    if not isinstance(minutes, int):
        return later.gettext("%(actor)s changed the timer of %(place)s", **values)
    if minutes < 0:
        return later.ngettext(
            "%(actor)s took %(num)d minute off the timer of %(place)s",
            "%(actor)s took %(num)d minutes off the timer of %(place)s",
            -minutes,
            **values,
        )
    return later.ngettext(
        "%(actor)s added %(num)d minute to the timer of %(place)s",
        "%(actor)s added %(num)d minutes to the timer of %(place)s",
        minutes,
        **values,
    )


def _cut_draw(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    players = a.get("players") or []
    values: dict[str, later.Value] = {
        "actor": actor,
        "count": len(players),
        "cut": n.stage(e.subject.removeprefix("stage ")),
        "players": n.players_of(players),
    }
    if a.get("automatic"):
        return later.gettext(
            "%(actor)s drew the top %(count)s of %(cut)s (automatically, after the last "
            "result): %(players)s",
            **values,
        )
    return later.gettext("%(actor)s drew the top %(count)s of %(cut)s: %(players)s", **values)


def _cut_replace(e: AuditEntry, n: Names, actor: str) -> str:
    lines = _dict(e.after).get("explanation") or []
    return later.gettext(
        "%(actor)s changed the seats of %(cut)s: %(changes)s",
        actor=actor,
        cut=n.stage(e.subject.removeprefix("stage ")),
        changes="; ".join(str(x) for x in lines),
    )


def _stage_add(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    key = e.subject.removeprefix("stage ")
    fmt = str(a.get("format", "")).replace("_", " ")
    stage = str(a.get("name") or n.stage(key))
    if fmt:
        return later.gettext(
            "%(actor)s added the stage %(stage)s (%(format)s)",
            actor=actor,
            stage=stage,
            format=_word(fmt),
        )
    return later.gettext("%(actor)s added the stage %(stage)s", actor=actor, stage=stage)


def _stage_edit(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s changed the settings of %(stage)s: %(changed)s",
        actor=actor,
        stage=n.stage(e.subject.removeprefix("stage ")),
        changed=_changed(e.before, e.after),
    )


def _toss_flip(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s set who plays first at %(place)s: %(player)s",
        actor=actor,
        place=where(e.subject, n),
        player=n.player(_dict(e.after).get("first")),
    )


def _toss_recalculate(e: AuditEntry, n: Names, actor: str) -> str:
    changed = _dict(e.after).get("changed_tables") or []
    return later.ngettext(
        "%(actor)s recalculated the toss of %(place)s (%(num)d table changed)",
        "%(actor)s recalculated the toss of %(place)s (%(num)d tables changed)",
        len(changed),
        actor=actor,
        place=where(e.subject, n),
    )


def _staff_grant(e: AuditEntry, n: Names, actor: str) -> str:
    user = e.subject.removeprefix("staff ")
    name = n.staff.get(user, (user, ""))[0]
    role, was = _dict(e.after).get("role"), _dict(e.before).get("role")
    values: dict[str, later.Value] = {"actor": actor, "name": name, "role": _word(str(role))}
    if was:
        return later.gettext(
            "%(actor)s made %(name)s %(role)s (was %(was)s)", was=_word(str(was)), **values
        )
    return later.gettext("%(actor)s made %(name)s %(role)s", **values)


def _staff_revoke(e: AuditEntry, n: Names, actor: str) -> str:
    user = e.subject.removeprefix("staff ")
    role = _dict(e.before).get("role")
    if role:
        return later.gettext(
            "%(actor)s took away %(name)s's role (%(role)s)",
            actor=actor,
            name=user,
            role=_word(str(role)),
        )
    return later.gettext("%(actor)s took away %(name)s's role", actor=actor, name=user)


def _staff_invite(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    role = a.get("role", "staff member")
    if role == "staff member":
        said = (
            later.gettext(
                "%(actor)s made an invitation link for a staff member with an organizer account",
                actor=actor,
            )
            if a.get("organizer")
            else later.gettext("%(actor)s made an invitation link for a staff member", actor=actor)
        )
    elif a.get("organizer"):
        said = later.gettext(
            "%(actor)s made an invitation link for a %(role)s with an organizer account",
            actor=actor,
            role=_word(str(role)),
        )
    else:
        said = later.gettext(
            "%(actor)s made an invitation link for a %(role)s", actor=actor, role=_word(str(role))
        )
    return _with_reason(said, a.get("note"), dash=False)


def _staff_invite_revoke(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s revoked an unused invitation link (%(subject)s)",
        actor=actor,
        subject=subject_label(e.subject),
    )


def _player_edit(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s edited %(player)s: %(changed)s",
        actor=actor,
        player=_player_subject(e.subject, n),
        changed=_changed(e.before, e.after),
    )


_BYE_REQUESTS = {
    "half": N_("%(actor)s requested a half-point bye for %(player)s in round %(round)s"),
    "zero": N_("%(actor)s requested a zero-point bye for %(player)s in round %(round)s"),
}
_BYE_CANCELS = {
    "half": N_("%(actor)s withdrew %(player)s's requested half-point bye in round %(round)s"),
    "zero": N_("%(actor)s withdrew %(player)s's requested zero-point bye in round %(round)s"),
}


def _bye_request(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    message = _BYE_REQUESTS.get(
        str(a.get("kind")), N_("%(actor)s requested a bye for %(player)s in round %(round)s")
    )
    values = {"actor": actor, "player": _player_subject(e.subject, n), "round": str(a.get("round"))}
    return Later(message, values)


def _bye_cancel(e: AuditEntry, n: Names, actor: str) -> str:
    b = _dict(e.before)
    message = _BYE_CANCELS.get(
        str(b.get("kind")), N_("%(actor)s withdrew %(player)s's requested bye in round %(round)s")
    )
    values = {"actor": actor, "player": _player_subject(e.subject, n), "round": str(b.get("round"))}
    return Later(message, values)


def _event_rename(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s renamed the event from %(old)s to %(new)s",
        actor=actor,
        old=repr(e.before),
        new=repr(e.after),
    )


def _event_details(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s changed the event's details: %(changed)s",
        actor=actor,
        changed=_changed(e.before, e.after),
    )


def _portal_settings(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s changed the players' side settings: %(changed)s",
        actor=actor,
        changed=_changed(e.before, e.after),
    )


def _notice(kind: str) -> Sentence:
    """A round notice sent ("round_open", "halfway", "deadline_24h"), with how many players
    it reached when the record says."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        made = _dict(e.after).get("notified")
        v: dict[str, later.Value] = {"actor": actor, "place": where(e.subject, n)}
        counted = isinstance(made, int)
        count = made if isinstance(made, int) else 0
        if kind == "round_open":
            if counted:
                return later.ngettext(
                    "%(actor)s sent the round is open notice of %(place)s (%(num)d player "
                    "notified)",
                    "%(actor)s sent the round is open notice of %(place)s (%(num)d players "
                    "notified)",
                    count,
                    **v,
                )
            return later.gettext("%(actor)s sent the round is open notice of %(place)s", **v)
        if kind == "halfway":
            if counted:
                return later.ngettext(
                    "%(actor)s sent the halfway notice of %(place)s (%(num)d player notified)",
                    "%(actor)s sent the halfway notice of %(place)s (%(num)d players notified)",
                    count,
                    **v,
                )
            return later.gettext("%(actor)s sent the halfway notice of %(place)s", **v)
        if counted:
            return later.ngettext(
                "%(actor)s sent the 24 hours to the deadline notice of %(place)s (%(num)d "
                "player notified)",
                "%(actor)s sent the 24 hours to the deadline notice of %(place)s (%(num)d "
                "players notified)",
                count,
                **v,
            )
        return later.gettext("%(actor)s sent the 24 hours to the deadline notice of %(place)s", **v)

    return say


def _player_self(own: str, for_them: str) -> Sentence:
    """A player's own action: "Bea turned on push notifications" (``own``), or someone's for
    them (``for_them``)."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        player = _player_subject(e.subject, n)
        if actor in (player, "Someone"):
            return Later(own, {"player": player})
        return Later(for_them, {"actor": actor, "player": player})

    return say


def _waitlist(e: AuditEntry, n: Names, actor: str) -> str:
    number = _dict(e.after).get("number")
    if number:
        return later.gettext(
            "%(player)s joined the waitlist (number %(number)s)",
            player=e.subject,
            number=str(number),
        )
    return later.gettext("%(player)s joined the waitlist", player=e.subject)


def _join_again(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(player)s opened their page on another device or account", player=n.player(e.subject)
    )


def _link(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s made a personal link for %(player)s", actor=actor, player=n.player(e.subject)
    )


def _revoke_links(e: AuditEntry, n: Names, actor: str) -> str:
    done = _dict(e.after).get("revoked")
    values: dict[str, later.Value] = {"actor": actor, "player": n.player(e.subject)}
    if isinstance(done, int):
        return later.ngettext(
            "%(actor)s revoked %(player)s's personal links and devices (%(num)d link)",
            "%(actor)s revoked %(player)s's personal links and devices (%(num)d links)",
            done,
            **values,
        )
    return later.gettext("%(actor)s revoked %(player)s's personal links and devices", **values)


def _discord_code(e: AuditEntry, n: Names, actor: str) -> str:
    if _dict(e.after).get("purpose") == "channel":
        return later.gettext("%(actor)s made a Discord code for a Discord channel", actor=actor)
    return later.gettext(
        "%(actor)s made a Discord code for %(player)s",
        actor=actor,
        player=_player_subject(e.subject, n),
    )


def _discord_join(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(player)s linked their Discord account", player=_player_subject(e.subject, n)
    )


def _discord_leave(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(player)s unlinked their Discord account", player=_player_subject(e.subject, n)
    )


def _stage_named(subject: str, n: Names) -> str | None:
    """The stage's name when the event has more than one."""
    return n.stage(subject.removeprefix("stage ")) if len(n.stages) > 1 else None


def _autopilot_pause(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    stage = _stage_named(e.subject, n)
    if a.get("reason") == "paused":
        if stage is not None:
            return later.gettext(
                "%(actor)s paused the autopilot of %(stage)s", actor=actor, stage=stage
            )
        return later.gettext("%(actor)s paused the autopilot", actor=actor)
    values: dict[str, later.Value] = {"actor": actor, "why": str(a.get("said", ""))}
    if stage is not None:
        return later.gettext(
            "The autopilot of %(stage)s paused: %(why)s (by %(actor)s)", stage=stage, **values
        )
    return later.gettext("The autopilot paused: %(why)s (by %(actor)s)", **values)


def _autopilot_resume(e: AuditEntry, n: Names, actor: str) -> str:
    stage = _stage_named(e.subject, n)
    if stage is not None:
        return later.gettext(
            "%(actor)s resumed the autopilot of %(stage)s", actor=actor, stage=stage
        )
    return later.gettext("%(actor)s resumed the autopilot", actor=actor)


def _community_made(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    return later.gettext(
        "%(actor)s made the community “%(name)s” (%(kind)s)",
        actor=actor,
        name=str(a.get("name", "")),
        kind=str(a.get("kind", "")),
    )


def _community_renamed(e: AuditEntry, n: Names, actor: str) -> str:
    return later.gettext(
        "%(actor)s renamed the community “%(old)s” to “%(new)s”",
        actor=actor,
        old=str(_dict(e.before).get("name", "")),
        new=str(_dict(e.after).get("name", "")),
    )


def _ratings_rebuilt(e: AuditEntry, n: Names, actor: str) -> str:
    rows = _dict(e.after).get("rows", 0)
    if isinstance(rows, int):
        return later.ngettext(
            "%(actor)s rated the community's events again (%(num)d ratings)",
            "%(actor)s rated the community's events again (%(num)d ratings)",
            rows,
            actor=actor,
        )
    return f"{actor} rated the community's events again ({rows} ratings)"


_RATINGS = {
    # (pods on, one rating per game, round 1 seeded by rating)
    (True, True, True): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods on, one rating "
        "per game, round 1 seeded by rating"
    ),
    (True, True, False): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods on, one rating "
        "per game"
    ),
    (True, False, True): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods on, one rating "
        "for all games, round 1 seeded by rating"
    ),
    (True, False, False): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods on, one rating "
        "for all games"
    ),
    (False, True, True): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods off, one rating "
        "per game, round 1 seeded by rating"
    ),
    (False, True, False): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods off, one rating "
        "per game"
    ),
    (False, False, True): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods off, one rating "
        "for all games, round 1 seeded by rating"
    ),
    (False, False, False): N_(
        "%(actor)s changed the community's ratings: matches %(matches)s, pods off, one rating "
        "for all games"
    ),
}


def _ratings_settings(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    shape = (bool(a.get("pods")), bool(a.get("per_game")), bool(a.get("seed_round_one")))
    return Later(_RATINGS[shape], {"actor": actor, "matches": str(a.get("matches", ""))})


def _event_community(e: AuditEntry, n: Names, actor: str) -> str:
    a, b = _dict(e.after), _dict(e.before)
    if a:
        return later.ngettext(
            "%(actor)s made the event one of %(community)s's (%(num)d player linked to its "
            "directory)",
            "%(actor)s made the event one of %(community)s's (%(num)d players linked to its "
            "directory)",
            int(a.get("linked", 0)),
            actor=actor,
            community=str(a.get("name") or a.get("community")),
        )
    return later.gettext(
        "%(actor)s took the event out of the community %(community)s",
        actor=actor,
        community=str(b.get("community", "")),
    )


def _community_event(verb: str) -> Sentence:
    """A community's own log: an event attached, taken out or restored into it."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        event = e.subject.removeprefix("event ")
        if verb == "detach":
            return later.gettext(
                "%(actor)s took %(event)s out of the community", actor=actor, event=event
            )
        linked = int(_dict(e.after).get("linked", 0))
        if verb == "restore":
            return later.ngettext(
                "%(actor)s restored %(event)s from a backup into the community "
                "(%(num)d player linked)",
                "%(actor)s restored %(event)s from a backup into the community "
                "(%(num)d players linked)",
                linked,
                actor=actor,
                event=event,
            )
        return later.ngettext(
            "%(actor)s made %(event)s one of the community's events (%(num)d player linked)",
            "%(actor)s made %(event)s one of the community's events (%(num)d players linked)",
            linked,
            actor=actor,
            event=event,
        )

    return say


def _person(verb: str) -> Sentence:
    def say(e: AuditEntry, n: Names, actor: str) -> str:
        key = e.subject.removeprefix("person ")
        a, b = _dict(e.after), _dict(e.before)
        if verb == "merge":
            return later.ngettext(
                "%(actor)s merged %(merged)s into %(person)s (%(num)d event moved)",
                "%(actor)s merged %(merged)s into %(person)s (%(num)d events moved)",
                int(a.get("events", 0)),
                actor=actor,
                merged=str(b.get("merged", "")),
                person=key,
            )
        if verb == "rename":
            return later.gettext(
                "%(actor)s renamed %(person)s from “%(old)s” to “%(new)s”",
                actor=actor,
                person=key,
                old=str(b.get("name", "")),
                new=str(a.get("name", "")),
            )
        return later.gettext(
            "%(actor)s deleted %(person)s from the directory on request (their results stay)",
            actor=actor,
            person=key,
        )

    return say


def _league(verb: str) -> Sentence:
    """A league's (a season's) changes, in its community's log."""

    def say(e: AuditEntry, n: Names, actor: str) -> str:
        key = e.subject.removeprefix("league ")
        a, b = _dict(e.after), _dict(e.before)
        if verb == "create":
            return later.gettext(
                "%(actor)s started the league “%(name)s” (%(rule)s)",
                actor=actor,
                name=str(a.get("name", key)),
                rule=str(a.get("rule", "")),
            )
        if verb == "edit":
            return later.gettext(
                "%(actor)s changed the league %(league)s: %(changed)s",
                actor=actor,
                league=key,
                changed=_changed(b, a),
            )
        if verb == "attach":
            return later.gettext(
                "%(actor)s added %(events)s to the league %(league)s",
                actor=actor,
                events=_listed([str(x) for x in a.get("events", [])]),
                league=key,
            )
        if verb == "detach":
            return later.gettext(
                "%(actor)s took %(event)s out of the league %(league)s",
                actor=actor,
                event=str(b.get("event", "")),
                league=key,
            )
        values: dict[str, later.Value] = {"actor": actor, "league": key}
        if a.get("leader"):
            return later.ngettext(
                "%(actor)s closed the league %(league)s (%(num)d player; %(leader)s leads)",
                "%(actor)s closed the league %(league)s (%(num)d players; %(leader)s leads)",
                int(a.get("players", 0)),
                leader=str(a["leader"]),
                **values,
            )
        return later.ngettext(
            "%(actor)s closed the league %(league)s (%(num)d player)",
            "%(actor)s closed the league %(league)s (%(num)d players)",
            int(a.get("players", 0)),
            **values,
        )

    return say


def _staff_push(e: AuditEntry, n: Names, actor: str) -> str:
    """A staff member's phone alerts (issue 32)."""
    if e.action == "staff.push_off":
        return later.ngettext(
            "%(actor)s turned off the event's alerts on %(num)d device",
            "%(actor)s turned off the event's alerts on %(num)d devices",
            int(_dict(e.after).get("removed", 1)),
            actor=actor,
        )
    alerts = [_word(str(a).replace("-", " ")) for a in _dict(e.after).get("alerts", [])]
    return later.gettext(
        "%(actor)s turned on the event's alerts on a device (%(alerts)s)",
        actor=actor,
        alerts=_listed(alerts),
    )


def _judge_call(e: AuditEntry, n: Names, actor: str) -> str:
    a = _dict(e.after)
    player = _player_subject(e.subject, n)
    if e.action == "judge.answer":
        return later.gettext(
            "%(actor)s answered %(player)s's judge call", actor=actor, player=player
        )
    table, note = a.get("table"), a.get("note")
    values: dict[str, later.Value] = {"player": player}
    if table is not None:
        values |= {"table": str(table), "round": str(a.get("round"))}
        if note:
            return later.gettext(
                "%(player)s called a judge to table %(table)s in round %(round)s: “%(note)s”",
                note=str(note),
                **values,
            )
        return later.gettext(
            "%(player)s called a judge to table %(table)s in round %(round)s", **values
        )
    if note:
        return later.gettext(
            "%(player)s called a judge to their place: “%(note)s”", note=str(note), **values
        )
    return later.gettext("%(player)s called a judge to their place", **values)


#: One sentence per audit action kind the service writes.
SENTENCES: dict[str, Sentence] = {
    "event.create": _event_made("created"),
    "event.import": _event_made("imported"),
    "event.restore": _event_made("restored"),
    "player.add": _players_added,
    "player.import": _players_imported,
    "player.undo_import": _undo_import,
    "player.join": _self_added(N_("%(players)s joined with the event's code")),
    "player.promote": _self_added(N_("%(players)s came off the waitlist into the event")),
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
    "portal.code": _by(N_("%(actor)s made a new join code (the old one stopped working)")),
    "stage.add": _stage_add,
    "stage.edit": _stage_edit,
    "round.generate": _generate,
    "round.regenerate": _by(N_("%(actor)s generated %(place)s again")),
    "round.rearrange": _by(N_("%(actor)s rearranged %(place)s")),
    "round.discard": _by(N_("%(actor)s discarded %(place)s")),
    "round.release": _release,
    "round.open": _by(N_("%(actor)s opened %(place)s")),
    "round.complete": _by(N_("%(actor)s completed %(place)s")),
    "round.revert": _by(N_("%(actor)s reverted %(place)s to Upcoming")),
    "round.delete": _by(N_("%(actor)s deleted %(place)s")),
    "round.swap": _swap,
    "round.dates": _dates,
    "round.clock_start": _clock_start,
    "round.clock_pause": _clock_pause,
    "round.clock_resume": _clock_resume,
    "round.clock_extend": _clock_extend,
    "round.clock_reset": _by(N_("%(actor)s took the timer of %(place)s away")),
    "result.report": _result_report,
    "result.correct": _result_correct,
    "result.clear": _result_clear,
    "result.games": _result_games,
    "self_report.report": _report,
    "self_report.confirm": _confirm,
    "self_report.dispute": _dispute,
    "self_report.resolve": _resolve,
    "places.record": _places(N_("%(actor)s recorded the places of %(place)s: %(places)s")),
    "places.correct": _places(N_("%(actor)s corrected the places of %(place)s: %(places)s")),
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
    "notice.round_open": _notice("round_open"),
    "notice.halfway": _notice("halfway"),
    "notice.deadline_24h": _notice("deadline_24h"),
    "notice.preferences": _player_self(
        N_("%(player)s changed where their notifications go"),
        N_("%(actor)s changed where their notifications go for %(player)s"),
    ),
    "notice.push_on": _player_self(
        N_("%(player)s turned on push notifications"),
        N_("%(actor)s turned on push notifications for %(player)s"),
    ),
    "notice.push_off": _player_self(
        N_("%(player)s turned off push notifications"),
        N_("%(actor)s turned off push notifications for %(player)s"),
    ),
    "notice.language": _player_self(
        N_("%(player)s changed the language of their notifications"),
        N_("%(actor)s changed the language of their notifications for %(player)s"),
    ),
    "discord.link": _by(N_("%(actor)s linked %(subject)s to the event")),
    "discord.unlink": _by(N_("%(actor)s unlinked %(subject)s from the event")),
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
        return _unsaid(entry, actor)
    try:
        said = say(entry, names, actor)
    except (KeyError, TypeError, ValueError, AttributeError):  # an entry of an older shape
        return _unsaid(entry, actor)
    trigger = _dict(entry.after).get("trigger")
    if not trigger:
        return said
    return later.gettext("%(sentence)s, %(trigger)s", sentence=said, trigger=_trigger(trigger))


def _unsaid(entry: AuditEntry, actor: str) -> str:
    return later.gettext(
        "%(actor)s: %(action)s — %(subject)s",
        actor=actor,
        action=entry.action,
        subject=subject_label(entry.subject),
    )


def _trigger(text: object) -> str:
    """What set the autopilot off, as ``service.rounds.autopilot`` wrote it ("after the result
    of table 3 in round 2: Bea wins 2-1")."""
    found = _TRIGGER.fullmatch(str(text))
    if found is None:
        return str(text)
    return later.gettext(
        "after the result of table %(table)s in round %(round)s: %(result)s",
        table=found["table"],
        round=found["round"],
        result=_result_text(found["result"]),
    )
