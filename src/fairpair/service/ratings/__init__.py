"""A community's ratings (docs/ratings.md): its choices (``settings``), rating its events
from their completed rounds (``updates``: the job after a round, a replay after a
correction, a rebuild), and what the pages show (``views``: the list, a person's history,
an event's changes)."""
