"""An event's details, as a FIDE tournament report carries them (TRF-16 records 022-132,
docs/trf.md "The header"): where and when it is played, who arbitrates, the time control,
the type of tournament, the dates of its rounds — and the event's default language (not in a
report). Nothing here changes how the event is paired or scored; the console's Event details
form, the API and ``fairpair event edit`` set them, a TRF import reads them and a TRF export
writes them."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict


class EventDetails(BaseModel):
    """The details of one event; every field may be empty.

    ``round_dates``: the date of each round by number (index 0 is round 1), ``None`` where
    none is known. As stored, the dates the organizer set in advance; as the TRF writer reads
    them, every round's date (set in advance, else the day the round was opened)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    city: str | None = None
    federation: str | None = None
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: str | None = None
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str | None = None
    tournament_type: str | None = None
    round_dates: tuple[date | None, ...] = ()
    #: The event's default language (``es``, ``pt_BR``, ``ja``… docs/languages.md): its pages
    #: and players' notices use it when a reader's own choice and browser name none of the
    #: shipped languages. Not in a FIDE report.
    language: str | None = None

    @property
    def empty(self) -> bool:
        return self == EventDetails()
