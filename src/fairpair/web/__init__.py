"""The web platform (``fairpair serve``): the organizer console, the public live pages, the
print views (``fairpair.web``) and the JSON API (``fairpair.api``), over the service layer
only. ``fairpair.web.app.create_app`` builds the application."""
