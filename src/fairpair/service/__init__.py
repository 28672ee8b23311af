"""The use cases of a saved event — the only writer (docs/architecture.md "service/ by feature").

Each use case is one function and one transaction: it locks the event (changes to one event
are serialized), checks the rules (the engine's, plus the database's constraints), writes
the change and its audit entry together, and refuses with a typed error naming the thing
and the reason. The interfaces (CLI, web, API) call these functions and nothing below them.

The use cases live in feature folders over a kernel floor (``kernel/`` … ``discord/``), each
importing only the folders below it; ``wiring.py`` names every job kind's handler.
"""
