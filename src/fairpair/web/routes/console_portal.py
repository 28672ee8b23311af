"""The console's Players' side tab: join code and QR, self-registration, cap and waitlist, check-
in, self-reporting, personal links."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
