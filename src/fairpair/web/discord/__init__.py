"""Discord's side of the web server: the HTTP interactions endpoint (``POST
/discord/interactions``), its signature check, and the answers to slash commands and
buttons — each calling one service use case (``fairpair.service.discord``,
``self_reports``, ``self_checkin``, ``players``)."""
