"""Typed outputs shared by ``--json`` and the HTTP API: one pydantic model per response.

Import the module you need (``fairpair.responses.standings``, ``.toss``); this package imports
nothing, so the table path of the command line never pays for pydantic.
"""
