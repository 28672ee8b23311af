"""Stages and their rounds: the private draft, the round's life after it (release, open, complete,
revert, swap), the toss, top cuts, brackets and round-robin schedules.

The folders of ``service/`` and their order: docs/architecture.md."""
