"""Discord: linking channels and players with one-time codes, the slash commands, the live display
message and its text, and replay protection for interactions.

The folders of ``service/`` and their order: docs/architecture.md."""
