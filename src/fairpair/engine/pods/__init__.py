"""Pods: free-for-all tables of 3–10 players (issue 9, point 5; docs/pods.md).

- ``partition``: table sizes for N players, preferred size and remainder mode;
- ``pairing``: Swiss pods by score without repeat pod-mates when avoidable;
- ``seats``: the seat order that rotates who sits first.

Pure engine parts: no I/O; the stage format is ``engine.formats.pods``.
"""

from fairpair.engine.pods.pairing import PodPairing, choose_byes, pair_pods
from fairpair.engine.pods.partition import PodPlan, PodPlanRefused, plan_pods
from fairpair.engine.pods.seats import first_seat_spread, pod_tables, seat_history, seat_order
from fairpair.engine.stage_config import DEFAULT_POD_SIZE, RemainderMode

__all__ = [
    "DEFAULT_POD_SIZE",
    "PodPairing",
    "PodPlan",
    "PodPlanRefused",
    "RemainderMode",
    "choose_byes",
    "first_seat_spread",
    "pair_pods",
    "plan_pods",
    "pod_tables",
    "seat_history",
    "seat_order",
]
