"""The console's Stages tab through HTTP: create a stage (a top cut), edit one (toss, tie
policy, tiebreak order by the up/down buttons, max rounds, forbidden pairs, Swiss
elimination thresholds); each refusal shows next to its field and changes nothing; a judge
sees the settings but cannot change them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.rounds import stages

from .helpers import account, log_in, post

ACTOR = "td"


def _event(db: Database, name: str) -> str:
    owner = account(db, "olga")
    slug = events.create_event(db, name, actor=ACTOR, owner=owner.id)
    add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, 9)], actor=ACTOR
    )
    return slug


def _stage(db: Database, slug: str, key: str = "swiss") -> Any:
    return events.export_event(db, slug).stage(key)


def _form(**changes: Any) -> dict[str, Any]:
    form: dict[str, Any] = {
        "name": "Swiss",
        "format": "swiss",
        "ruleset": "default",
        "tiebreaks_for": "default",
        "tiebreaks": ["buchholz", "matches_won", "head_to_head", "gw", "seed"],
        "pairing_method": "adjacent",
        "toss_policy": "neutral",
    }
    form.update(changes)
    return form


def test_the_tab_lists_stages_and_the_form_shows_the_settings(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Stage list")
    log_in(web_client, "olga")
    tab = web_client.get(f"/console/{slug}/stages")
    assert tab.status_code == 200 and "Add a stage" in tab.text
    form = web_client.get(f"/console/{slug}/stages/swiss")
    assert form.status_code == 200
    assert (
        'value="buchholz"' in form.text and "8 players: 3 rounds leave one undefeated" in form.text
    )


def test_the_forms_options_read_in_the_readers_language(
    sqlite_db: Database, web_client: TestClient
) -> None:
    """The pairing methods and pods' remainder modes in the selects: the engine's ids as
    values; English shows them, Italian translates them."""
    slug = _event(sqlite_db, "Stage words")
    log_in(web_client, "olga")
    english = web_client.get(f"/console/{slug}/stages/swiss").text
    assert '<option value="dutch" >dutch</option>' in english
    assert '<option value="larger" >larger</option>' in english
    italian = web_client.get(
        f"/console/{slug}/stages/swiss", headers={"Accept-Language": "it"}
    ).text
    assert '<option value="dutch" >sistema olandese (FIDE)</option>' in italian
    assert '<option value="fold" >piegatura</option>' in italian
    assert '<option value="larger" >tavoli più grandi</option>' in italian


def test_an_edit_saves_toss_tiebreaks_max_rounds_and_forbidden_pairs(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Stage edits")
    log_in(web_client, "olga")
    moved = post(web_client, f"/console/{slug}/stages/swiss", _form(move="down:0"))
    assert moved.status_code == 200
    assert moved.text.index('value="matches_won"') < moved.text.index('value="buchholz"')
    assert _stage(sqlite_db, slug).ruleset.tiebreaks[0] == "buchholz"  # not saved yet
    saved = post(
        web_client,
        f"/console/{slug}/stages/swiss",
        _form(
            tiebreaks=["matches_won", "buchholz", "head_to_head", "gw", "seed"],
            toss_enabled="1",
            toss_policy="catch-up",
            max_rounds="3",
            forbidden_pairs="p1, P2",
        ),
    )
    assert saved.status_code == 303, saved.text
    stage = _stage(sqlite_db, slug)
    assert stage.ruleset.tiebreaks[:2] == ("matches_won", "buchholz")
    assert stage.config.toss.enabled and stage.config.toss.policy.value == "catch-up"
    assert stage.config.max_rounds == 3 and stage.config.forbidden_pairs == (("p1", "p2"),)


def test_swiss_elimination_needs_its_thresholds(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Stage thresholds")
    log_in(web_client, "olga")
    missing = post(web_client, f"/console/{slug}/stages/swiss", _form(format="swiss_elimination"))
    assert missing.status_code == 422 and 'id="e-wins_to_advance"' in missing.text
    ok = post(
        web_client,
        f"/console/{slug}/stages/swiss",
        _form(format="swiss_elimination", wins_to_advance="3", losses_to_eliminate="2"),
    )
    assert ok.status_code == 303
    assert _stage(sqlite_db, slug).config.thresholds.wins_to_advance == 3


def test_refusals_show_next_to_their_field_and_change_nothing(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Stage refusals")
    log_in(web_client, "olga")
    before = _stage(sqlite_db, slug)
    unknown = post(web_client, f"/console/{slug}/stages/swiss", _form(groups="A: p1, nobody"))
    assert (
        unknown.status_code == 422 and "nobody" in unknown.text and 'id="e-groups"' in unknown.text
    )
    assert "p1, nobody" in unknown.text  # kept as typed
    bad_rounds = post(web_client, f"/console/{slug}/stages/swiss", _form(max_rounds="0"))
    assert bad_rounds.status_code == 422 and 'id="e-max_rounds"' in bad_rounds.text
    assert _stage(sqlite_db, slug) == before


def test_a_top_cut_stage_is_created(sqlite_db: Database, web_client: TestClient) -> None:
    slug = _event(sqlite_db, "Stage cuts")
    log_in(web_client, "olga")
    form = web_client.get(f"/console/{slug}/stages/new")
    assert form.status_code == 200 and "single_elimination" in form.text
    bad = post(
        web_client,
        f"/console/{slug}/stages/new",
        _form(
            format="single_elimination", name="Top 8", cut_from="swiss", cut_by="top", cut_top="1"
        ),
    )
    assert (
        bad.status_code == 422
        and 'id="e-cut_top"' in bad.text
        and "greater than or equal to 2" in bad.text
    )
    web_client.cookies.set("fairpair_lang", "de")  # pydantic's message in the reader's words
    german = post(
        web_client,
        f"/console/{slug}/stages/new",
        _form(
            format="single_elimination", name="Top 8", cut_from="swiss", cut_by="top", cut_top="1"
        ),
    )
    assert german.status_code == 422 and "Muss größer oder gleich 2 sein" in german.text
    web_client.cookies.delete("fairpair_lang")
    assert len(events.show_event(sqlite_db, slug).stages) == 1
    made = post(
        web_client,
        f"/console/{slug}/stages/new",
        _form(
            format="single_elimination",
            name="Top 4",
            id="top4",
            third_place="1",
            cut_from="swiss",
            cut_by="top",
            cut_top="4",
            cut_automatic="1",
        ),
    )
    assert made.status_code == 303 and made.headers["location"].startswith(
        f"/console/{slug}/stages/top4"
    )
    cut = _stage(sqlite_db, slug, "top4")
    assert cut.cut.top == 4 and cut.cut.automatic and not cut.cut.replace_dropped
    assert cut.config.third_place


def test_a_judge_sees_the_stage_but_cannot_change_it(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Stage judges")
    account(sqlite_db, "jude", organizer=False)
    staff.grant(sqlite_db, slug, "jude", "judge", actor=ACTOR)
    log_in(web_client, "jude")
    page = web_client.get(f"/console/{slug}/stages/swiss")
    assert page.status_code == 200 and "<fieldset disabled>" in page.text
    assert (
        post(web_client, f"/console/{slug}/stages/swiss", _form(max_rounds="2")).status_code == 403
    )
    assert web_client.get(f"/console/{slug}/stages/new").status_code == 403
    assert _stage(sqlite_db, slug).config.max_rounds is None


def test_an_edit_keeps_the_rulesets_other_changes(
    sqlite_db: Database, web_client: TestClient
) -> None:
    slug = _event(sqlite_db, "Stage custom ruleset")
    stages.edit_stage(
        sqlite_db, slug, {"ruleset": {"base": "mtg", "percentage_floor": "1/4"}}, actor=ACTOR
    )
    log_in(web_client, "olga")
    form = web_client.get(f"/console/{slug}/stages/swiss")
    assert 'value="omw"' in form.text
    saved = post(
        web_client,
        f"/console/{slug}/stages/swiss",
        _form(ruleset="mtg", tiebreaks_for="mtg", tiebreaks=["gw", "omw", "ogw"]),
    )
    assert saved.status_code == 303
    ruleset = _stage(sqlite_db, slug).ruleset
    assert ruleset.tiebreaks == ("gw", "omw", "ogw") and ruleset.percentage_floor == Fraction(1, 4)


def test_a_tiebreak_is_added_with_its_fide_modifier_and_a_wrong_one_is_refused(
    sqlite_db: Database, web_client: TestClient
) -> None:
    """C.07's value modifiers from the form: Koya with /L60 becomes ``koya_limit_60`` ("Koya,
    limit 60%"), ARO with /U1000 ``aro_unrated_1000``; a modifier the tiebreak does not take
    is refused next to its box and the order stays as it was; saving keeps them."""
    slug = _event(sqlite_db, "Stage modifiers")
    log_in(web_client, "olga")
    url = f"/console/{slug}/stages/swiss"
    koya = post(
        web_client, url, _form(move="add", add_tiebreak="koya", add_tiebreak_modifier="/L60")
    )
    assert koya.status_code == 200
    assert 'value="koya_limit_60"' in koya.text and "limit 60%" in koya.text
    order = ["buchholz", "matches_won", "head_to_head", "gw", "seed", "koya_limit_60"]
    wrong = post(
        web_client,
        url,
        _form(tiebreaks=order, move="add", add_tiebreak="gw", add_tiebreak_modifier="/U1000"),
    )
    assert wrong.status_code == 422
    assert (
        'id="e-add_tiebreak_modifier"' in wrong.text and "does not take the modifier" in wrong.text
    )
    assert wrong.text.count('name="tiebreaks"') == len(order)
    aro = post(
        web_client,
        url,
        _form(tiebreaks=order, move="add", add_tiebreak="aro", add_tiebreak_modifier="U1000"),
    )
    assert 'value="aro_unrated_1000"' in aro.text
    saved = post(web_client, url, _form(tiebreaks=[*order, "aro_unrated_1000"]))
    assert saved.status_code == 303, saved.text
    assert _stage(sqlite_db, slug).ruleset.tiebreaks[-2:] == ("koya_limit_60", "aro_unrated_1000")
