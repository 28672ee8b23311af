"""Notifications to players: making them, planning a round's notices, delivering them on each
player's channels, and what the organizer sees of them.

The folders of ``service/`` and their order: docs/architecture.md."""
