"""``GET /api/v1/events/{slug}/me``: the player's own match card as JSON (bearer ``fpp_``)."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
