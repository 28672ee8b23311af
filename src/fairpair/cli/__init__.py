"""The ``fairpair`` command line: one module per command, all thin over the engine.

Its dataclasses' methods are compiled once and kept beside the bytecode
(``fairpair.dataclass_code``): a command's start does not compile them again.
"""

from fairpair.dataclass_code import keep_compiled

keep_compiled()
