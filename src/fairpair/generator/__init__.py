"""The generator: fairpair's engine run by the organizer's own browser (Pyodide), no server.

``browser`` is the module the page calls (``call(action, payload)``), ``actions`` the changes
an organizer makes to the event (each takes a tournament document and returns the new one),
``players_text`` reads a pasted list or a CSV of players, ``view`` renders the event as HTML.
Everything here imports only ``fairpair.engine`` and the tournament document reader
(``fairpair.interop.document``: pydantic-core, not pydantic) — never the server's packages
(``tests/generator/test_imports.py``). docs/generator.md explains the page.
"""
