"""The audit log as sentences (service.event.audit_sentences): every action kind the service
writes has its sentence — found in the source, so a new kind without one fails here — and
the sentences of a real event read as an organizer says them."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from fairpair.engine.lifecycle import RoundAction
from fairpair.engine.results import Result
from fairpair.service.event.audit_pages import audit_page
from fairpair.service.event.audit_sentences import SENTENCES
from fairpair.service.notices.planning import KINDS as NOTICE_KINDS
from fairpair.service.players import roster as players
from fairpair.service.results import recording as results
from fairpair.service.results.self_reports import confirm_report, dispute_report, report_own
from fairpair.store.database import Database
from self_report_events import ACTOR, actor, pairs, reporting_event

SERVICE = Path(__file__).parents[2] / "src" / "fairpair" / "service"


def _constants(node: ast.expr) -> list[str] | None:
    """The kinds an argument can be when it is written out: a string, or either branch of
    ``"a" if x else "b"``; ``None`` when it is computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _constants(node.body), _constants(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def _round_moves() -> set[str]:
    """``round.<action>`` of every ``RoundAction`` that ``lifecycle._move`` is called with."""
    tree = ast.parse((SERVICE / "rounds" / "lifecycle.py").read_text())
    names = {
        arg.attr
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == "_move"
        for arg in call.args
        if isinstance(arg, ast.Attribute)
        and isinstance(arg.value, ast.Name)
        and arg.value.id == "RoundAction"
    }
    return {f"round.{RoundAction[name].value}" for name in names}


def _action_keywords() -> set[str]:
    """Kinds passed along as ``action="..."`` (or a parameter ``action``'s default)."""
    found: set[str] = set()
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.keyword) and node.arg == "action":
                found.update(_constants(node.value) or [])
            if isinstance(node, ast.FunctionDef):
                args = node.args.args + node.args.kwonlyargs
                defaults: list[ast.expr | None] = [None] * (
                    len(node.args.args) - len(node.args.defaults)
                )
                defaults += [*node.args.defaults, *node.args.kw_defaults]
                for arg, default in zip(args, defaults, strict=True):
                    if arg.arg == "action" and default is not None:
                        found.update(_constants(default) or [])
    return found


def _notices() -> set[str]:
    return {"notice." + kind.replace("-", "_") for kind in NOTICE_KINDS}


#: Where the service computes its audit kind, and what it can compute.
COMPUTED: dict[tuple[str, str], Callable[[], set[str]]] = {
    ("event/events.py", "action"): _action_keywords,
    ("players/registration.py", "action"): _action_keywords,
    ("rounds/lifecycle.py", "f'round.{action.value}'"): _round_moves,
    ("notices/handlers.py", "'notice.' + job.kind.replace('-', '_')"): _notices,
}


def audit_kinds() -> set[str]:
    """Every audit action kind the service writes (``change.audit(kind, ...)``)."""
    kinds: set[str] = set()
    for path in sorted(SERVICE.rglob("*.py")):
        tree = ast.parse(path.read_text())
        named = {  # module constants: KIND = "player.drop_no_shows"
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "audit"
                and node.args
            ):
                continue
            first = node.args[0]
            written = (
                [named[first.id]]
                if isinstance(first, ast.Name) and first.id in named
                else _constants(first)
            )
            if written is not None:
                kinds.update(written)
                continue
            where = (path.relative_to(SERVICE).as_posix(), ast.unparse(node.args[0]))
            assert where in COMPUTED, (
                f"{where[0]}:{node.lineno} computes its audit kind ({where[1]}): list what it "
                "can be in COMPUTED here, and give each a sentence in audit_sentences.SENTENCES"
            )
            kinds.update(COMPUTED[where]())
    return kinds


def test_every_audit_kind_has_a_sentence() -> None:
    kinds = audit_kinds()
    assert {"result.report", "round.open", "player.drop", "notice.halfway"} <= kinds
    assert {"event.create", "player.join", "round.complete"} <= kinds
    missing = sorted(kinds - set(SENTENCES))
    assert missing == [], f"audit kinds without a sentence: {missing}"


def test_a_rounds_log_reads_as_sentences(db: Database) -> None:
    slug = reporting_event(db, "Said Log", 6)
    first, second, third = pairs(db, slug)
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    confirm_report(db, slug, first.b, actor=actor(first.b))
    report_own(db, slug, second.a, 2, 0, 0, actor=actor(second.a))
    dispute_report(db, slug, second.b, 2, 1, 0, actor=actor(second.b))
    results.report(db, slug, 1, Result.from_games(2, 1), actor=ACTOR, table=third.table)
    players.drop_player(db, slug, third.b, actor=actor(third.b))
    lines = [line.sentence for line in reversed(audit_page(db, slug).lines)]
    a1, b1 = first.a.upper(), first.b.upper()
    assert lines[0] == "td created the event “Said Log”"
    assert "td added P1, P2, P3, P4 and P5" not in lines  # six players: counted
    assert "td added 6 players" in lines
    assert "td released round 1 (3 tables)" in lines
    assert "td opened round 1" in lines
    assert (
        f"{a1} reported 2-1 at table {first.table} in round 1 (from their side), "
        "waiting for the opponent to confirm"
    ) in lines
    assert f"The result of table {first.table} in round 1 is in: {a1} wins 2-1" in lines
    assert f"{b1} confirmed the report of table {first.table} in round 1: {a1} wins 2-1" in lines
    assert any(s.startswith(f"{second.b.upper()} disputed the report of table") for s in lines)
    assert (
        f"td recorded the result of table {third.table} in round 1: {third.a.upper()} wins 2-1"
    ) in lines
    assert lines[-1].startswith(f"{third.b.upper()} dropped")
    assert not any("{" in s for s in lines)  # no raw JSON
