"""The console's Resolution Queue: disputed reports, unconfirmed ones past their time, overdue
matches."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
