"""Hostile input for the two readers of issue 12: any text as a players CSV file, any JSON as
a backup — each is read or refused with its own error (naming where), never anything else."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.interop.backup import InvalidBackup, parse_backup
from fairpair.service.players.csv_rows import InvalidCsv, read_players_text

CELLS = st.one_of(
    st.sampled_from(["name", "Player", "DCI", "Seed #", "byes", "", '"', ";", ",", "\r\n"]),
    st.text(max_size=12),
    st.integers(-5, 10**12).map(str),
)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(CELLS, max_size=40).map("".join))
def test_any_text_is_read_or_refused_as_csv(text: str) -> None:
    try:
        found = read_players_text(text, "f.csv")
    except InvalidCsv as error:
        assert error.problems and all(p.line >= 1 for p in error.problems)
    else:
        assert len(found.players) == len(found.lines) == len(found.earned_byes)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)
CURRENT = ["format", "version", "event", "document", "players", "rounds", "portal", "audit_log"]
KEYS = st.sampled_from([*CURRENT, "fairpair_backup", "tournament", "contacts", "log"])


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.dictionaries(KEYS, JSON, max_size=8),
    st.sampled_from([None, "fairpair-backup"]),
    st.sampled_from([None, 0, 1, 2, "1"]),
)
def test_any_json_is_refused_as_a_backup_naming_where(
    data: dict[str, Any], marker: str | None, version: Any
) -> None:
    if marker is not None:
        data["format"] = marker
    elif "fairpair_backup" in data:
        data["fairpair_backup"] = 0
    if version is not None:
        data["version"] = version
    try:
        parse_backup(json.dumps(data))
    except InvalidBackup as error:
        assert error.where and error.reason
