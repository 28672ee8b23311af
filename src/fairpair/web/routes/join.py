"""Joining an event: by its code, a QR code or a personal link (the player's pass)."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
