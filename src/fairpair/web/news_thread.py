"""``NewsThread``: a daemon thread fed news from any thread through a queue, never blocking
the sender — the live hub's observers (the Discord display, the players' pages) are one
each. A subclass puts its news with ``tell`` and reads them in ``_run`` from ``_news``
(``None``: stop)."""

from __future__ import annotations

import queue
import threading
from abc import ABC, abstractmethod
from typing import Generic, TypeVar

News = TypeVar("News")


class NewsThread(ABC, Generic[News]):
    #: The thread's name (``ps``, py-spy).
    name = "fairpair-news"

    def __init__(self) -> None:
        self._news: queue.SimpleQueue[News | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def tell(self, news: News) -> None:
        """Hand ``news`` to the thread (any thread; never blocks)."""
        self._news.put(news)

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            self._news.put(None)
            self._thread.join(timeout)
            self._thread = None

    @abstractmethod
    def _run(self) -> None:
        """The thread's loop: read ``self._news`` until it gives ``None``."""
