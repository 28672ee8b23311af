"""What the service says to the console — the next step's status and offers, the autopilot's
headline, reasons, holds and plan, a players' pending report, a draft's warnings — is English
(the CLI, the API, comparisons) and, through ``fairpair.i18n.later``, said in the reader's
language on a page: here Spanish, with round names and nested sentences translated too."""

from __future__ import annotations

from fairpair.i18n import later, speaking
from fairpair.service.results.autopilot_status import autopilot_status
from fairpair.service.results.pending_reports import pending_reports
from fairpair.service.results.self_reports import dispute_report, report_own
from fairpair.service.rounds import autopilot, drafts, stages
from fairpair.service.rounds.next_steps import next_steps
from fairpair.store.database import Database
from self_report_events import ACTOR, actor, pairs, reporting_event


def _es(value: object) -> str:
    with speaking("es"):
        return later.translated(value)


def test_a_later_text_is_english_and_said_in_the_readers_language() -> None:
    made = later.gettext("%(round)s is complete.", round=later.round_name("Quarterfinals"))
    assert made == "Quarterfinals is complete." and isinstance(made, str)
    assert _es(made) == "Cuartos de final ha terminado."
    counted = later.ngettext("%(num)d round live.", "%(num)d rounds live.", 2)
    assert counted == "2 rounds live." and _es(counted) == "2 rondas en curso."
    assert _es("not a message") == "not a message" and _es(later.Later("")) == ""


def test_the_next_step_and_the_autopilot_in_spanish(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = reporting_event(db, "Textos", 4, ruleset="teamup")
    stages.edit_stage(db, slug, {"autopilot": True, "max_rounds": 3}, actor=ACTOR)
    first, second = pairs(db, slug)

    steps = next_steps(db, slug)
    assert steps.status == "Round 1 is In Progress: 2 of 2 tables without a result."
    assert _es(steps.status) == "Ronda 1 está en curso: 2 de 2 mesas sin resultado."
    assert steps.primary is not None and steps.primary.label == "Enter results (2 to go)"
    assert _es(steps.primary.label) == "Introducir resultados (faltan 2)"

    status = autopilot_status(db, slug)
    assert status is not None and status.headline == "Autopilot on"
    assert _es(status.headline) == "Piloto automático activado"
    assert status.why.startswith("Round 1: 2 of 2 tables to report; ")
    assert _es(status.why) == (
        "Ronda 1: faltan 2 de 2 mesas; la siguiente ronda empieza sola con el último resultado."
    )
    assert status.plan == "plays 3 rounds (max rounds)"
    assert _es(status.plan) == "juega 3 rondas (máximo de rondas)"
    # the API writes the English text
    assert status.model_dump(mode="json")["headline"] == "Autopilot on"

    report_own(db, slug, first.a, 1, 0, 0, actor=actor(first.a))
    report_own(db, slug, second.a, 1, 0, 0, actor=actor(second.a))
    dispute_report(db, slug, second.b, 1, 0, 0, actor=actor(second.b))
    reports = pending_reports(db, slug, 1)
    a, b = first.a.upper(), first.b.upper()
    assert reports[first.table].text == f"{a} reported 1-0, waiting for {b}"
    assert _es(reports[first.table].text) == f"{a} informó 1-0; falta {b}"
    c, d = second.a.upper(), second.b.upper()
    assert _es(reports[second.table].detail) == f"{c} dice 1-0, {d} dice 1-0"

    held = autopilot_status(db, slug)
    assert held is not None and held.state == "held"
    assert _es(held.headline) == "Piloto automático en pausa"
    assert _es(held.why) == (
        "Ronda 1 te necesita: seguirá sola cuando se introduzca este resultado."
    )
    assert [_es(h) for h in held.holds] == [
        f"Mesa {second.table}: {c} y {d} no coinciden (en la cola de resolución)"
    ]


def test_a_pause_and_a_draft_warning_in_spanish(sqlite_db: Database) -> None:
    db = sqlite_db
    slug = reporting_event(db, "Pausa", 4, ruleset="teamup")
    stages.edit_stage(db, slug, {"autopilot": True, "max_rounds": 3}, actor=ACTOR)
    autopilot.pause(db, slug, actor=ACTOR)
    paused = autopilot_status(db, slug)
    assert paused is not None and paused.why == "Paused by hand."
    assert _es(paused.why) == "En pausa a mano."

    table = {"table": 2, "a": {"name": "Ann"}, "b": {"name": "Bo"}, "forbidden": False}
    warnings = drafts.draft_warnings([table | {"forced_rematch": True}], [])
    assert warnings == ["table 2: Ann and Bo have met before (a rematch)"]
    assert _es(warnings[0]) == "mesa 2: Ann y Bo ya se enfrentaron (revancha)"
