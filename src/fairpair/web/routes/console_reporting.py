"""The console's per-round reporting view: who has been notified, who has not reported."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
