"""``ROUTERS``: the player's own API (``/api/v1/events/{slug}/me…``), matched before every
other route (see ``fairpair.web.app.ROUTERS``)."""

from __future__ import annotations

from fairpair.api.routes import PLAYER_ROUTERS as ROUTERS

__all__ = ["ROUTERS"]
