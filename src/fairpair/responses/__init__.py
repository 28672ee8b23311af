"""Typed response models: the JSON that ``--json`` prints (and, later, the HTTP API returns),
defined once with pydantic and published as JSON Schemas in ``docs/schemas/``.

Import-light on purpose: import the module you need (``fairpair.responses.draft``,
``.standings``, ``.toss``), so a command that prints no JSON never builds these models.
"""
