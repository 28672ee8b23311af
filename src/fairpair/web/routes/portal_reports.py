"""A player's own result: report, confirm, dispute (the forms on the portal's match card)."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
