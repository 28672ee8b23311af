"""The player's own API (``/api/v1/events/{slug}/me``): bearer ``fpp_`` player tokens —
my match, my report, confirm or dispute the opponent's."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
