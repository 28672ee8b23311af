"""The server's log lines: plain text (the default) or one JSON object a line, each carrying
the id of the request it was written for (``web.request_id``).

``log_config(fmt, access_log)`` is the ``logging.config.dictConfig`` that ``fairpair serve``
hands uvicorn, which applies it in every worker process: one handler on standard error with
the request-id filter, for fairpair's loggers (``fairpair.*``, from INFO), uvicorn's own
(its start and stop lines, a request's error) and its access log (one line a request, with
``--access-log``). A JSON line has ``time`` (ISO 8601, UTC), ``level``, ``logger``,
``message``, ``request_id``, ``exc_info`` (the traceback) when there is one, and an access
line ``client``, ``method``, ``path``, ``http_version``, ``status`` as fields of their own
(python-json-logger writes the JSON).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from pythonjsonlogger.json import JsonFormatter as _LibraryJsonFormatter

FORMATS = ("text", "json")
#: The format when ``fairpair serve`` is given no ``--log-format``.
ENV_LOG_FORMAT = "FAIRPAIR_LOG_FORMAT"
TEXT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
TEXT_ACCESS = (
    '%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(client_addr)s - "%(request_line)s" '
    "%(status_code)s"
)
JSON_FIELDS = ["asctime", "levelname", "name", "message", "request_id"]
JSON_NAMES = {"asctime": "time", "levelname": "level", "name": "logger"}
#: The fields uvicorn's access line passes as its arguments, in order.
ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")


class JsonFormatter(_LibraryJsonFormatter):
    """python-json-logger's formatter, its time in UTC ISO 8601 with milliseconds, and
    uvicorn's access line split into fields."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            JSON_FIELDS,
            rename_fields=JSON_NAMES,
            **kwargs,
        )

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        moment = datetime.fromtimestamp(record.created, UTC)
        return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def add_fields(
        self,
        log_data: dict[str, Any],
        record: logging.LogRecord,
        message_dict: dict[str, Any],
    ) -> None:
        super().add_fields(log_data, record, message_dict)
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            log_data.update(zip(ACCESS_FIELDS, args, strict=True))


def log_config(fmt: str = "text", access_log: bool = False) -> dict[str, Any]:
    """The logging configuration of a server process (``fmt``: ``text`` or ``json``)."""
    if fmt not in FORMATS:
        raise ValueError(f"the log format is text or json, not {fmt!r}")
    if fmt == "json":
        main: dict[str, Any] = {"()": "fairpair.web.logs.JsonFormatter"}
        access: dict[str, Any] = {"()": "fairpair.web.logs.JsonFormatter"}
    else:
        main = {"format": TEXT}
        access = {"()": "uvicorn.logging.AccessFormatter", "fmt": TEXT_ACCESS, "use_colors": False}
    handler = {"class": "logging.StreamHandler", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": "fairpair.web.request_id.RequestIdFilter"}},
        "formatters": {"main": main, "access": access},
        "handlers": {
            "main": {**handler, "formatter": "main", "filters": ["request_id"]},
            "access": {**handler, "formatter": "access", "filters": ["request_id"]},
        },
        "root": {"handlers": ["main"], "level": "WARNING"},
        "loggers": {
            "fairpair": {"level": "INFO"},
            "uvicorn": {"handlers": ["main"], "level": "INFO", "propagate": False},
            # its errors; its start and stop lines are left out, as before
            "uvicorn.error": {"level": "WARNING"},
            "uvicorn.access": {
                "handlers": ["access"] if access_log else [],
                "level": "INFO",
                "propagate": False,
            },
        },
    }
