"""A pairing draft as plain JSON data, without pydantic: what ``draft.draft_model(...)
.model_dump(mode="json")`` gives (``fairpair pair --json``; docs/pairing.md "JSON output").
The models in ``responses.draft`` stay the API's schema; ``tests/responses/test_plain_data.py``
checks that both give the same JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from fairpair.engine.pairing import PairingDraft
from fairpair.engine.players import PlayerId
from fairpair.engine.rounds import Toss
from fairpair.engine.tournament import Tournament
from fairpair.responses.note_data import note_data
from fairpair.responses.values import decimal, exact_text

JSON_FORMAT = "fairpair-pairing-draft"
JSON_VERSION = 2


def draft_data(
    tournament: Tournament,
    draft: PairingDraft,
    points: Mapping[PlayerId, Fraction] | None = None,
    tosses: Sequence[Toss] | None = None,
) -> dict[str, Any]:
    """``draft_model(...).model_dump(mode="json")``, built as plain data: the tables, byes,
    pods and notes directly (a 10,000-player round has 5,000 tables: their models cost more
    than the pairing; pydantic and the notes' models are not even imported). A test checks
    that both are equal."""
    names = {p.id: p.name for p in tournament.players}
    before = draft.points_before if points is None else points
    zero = Fraction(0)
    players: dict[PlayerId, dict[str, Any]] = {}
    # Each points value written once: a field has few distinct points, each one object
    # (the standings' own), so they are told apart by identity — a Fraction's hash is a
    # Python call (10,000 players: ~4 ms). An equal value of another object is written again.
    shown: dict[int, tuple[int | float, str]] = {}

    def player(pid: PlayerId) -> dict[str, Any]:
        found = players.get(pid)
        if found is None:
            value = before.get(pid, zero)  # alive in ``before`` (or ``zero``): its id is its own
            written = shown.get(id(value))
            if written is None:
                written = shown[id(value)] = (decimal(value), exact_text(value))
            number, exact = written
            found = players[pid] = {
                "id": pid,
                "name": names.get(pid, pid),
                "points": number,
                "points_exact": exact,
            }
        return found

    toss_of: list[Toss | None] = (
        list(tosses) if tosses is not None else [p.plays_first for p in draft.pairings]
    )
    tables: list[dict[str, Any]] = []
    for k, t in enumerate(draft.pairings):
        table: dict[str, Any] = {
            "table": t.table,
            "a": player(t.a),
            "b": player(t.b),
            "forced_rematch": t.forced_rematch,
            "forbidden": t.forbidden,
        }
        toss = toss_of[k] if k < len(toss_of) else t.plays_first
        if toss is not None:
            table["toss"] = {
                "first": toss.first,
                "reason": toss.reason.value,
                "manual": toss.manual,
            }
        tables.append(table)
    data: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "tournament": tournament.name,
        "stage": draft.stage_id,
        "round": draft.round_number,
        "pairings": tables,
        "byes": [{"player": player(b.player), "kind": b.kind.value} for b in draft.byes],
        "notes": [note_data(n, names) for n in draft.notes],
    }
    if draft.pods:
        data["pods"] = [
            {"table": p.table, "seats": [player(s) for s in p.seats]} for p in draft.pods
        ]
    return data
