"""Players: registration, check-in, drops, the waitlist, joining by code, players' passes, CSV
import, and the players' side settings (join code, self-registration, cap).

The folders of ``service/`` and their order: docs/architecture.md."""
