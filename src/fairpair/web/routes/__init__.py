"""The pages: one module per screen (its ``ROUTER``), listed in ``fairpair.web.app.ROUTERS``."""
