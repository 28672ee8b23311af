"""The ``fairpair`` command line: one module per command, all thin over the engine."""
