"""The players' read models: a player's own view of their event (the match card and the player
API), the facts shared by every portal of one event version, and what tells a card it changed.

The folders of ``service/`` and their order: docs/architecture.md."""
