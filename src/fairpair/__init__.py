"""fairpair: Swiss tournaments you can trust."""

__version__ = "0.1.0"
