"""A player's notifications: the in-app list and unread count, channels and preferences, web push
subscription and service worker."""

from __future__ import annotations

from fastapi import APIRouter

ROUTER = APIRouter()
