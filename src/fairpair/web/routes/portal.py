"""The player portal (/e/{slug}/me): my match card, my bye, my record and standing, my history,
check in, drop myself."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
