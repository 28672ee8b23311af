"""The pure rules of the game: frozen dataclasses in, frozen dataclasses out.

Nothing in this package does I/O, reads a clock or uses global randomness.
"""
