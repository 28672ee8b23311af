"""The JSON API under ``/api/v1``: one module per resource, over the service layer only
(``routes.ROUTER`` gathers them). Who may call what is ``fairpair.web.access``, as for the
pages; errors are ``{"error": {"code", "message", "field"}}`` (``fairpair.web.errors``)."""
