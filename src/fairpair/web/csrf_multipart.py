"""CSRF on file uploads: asgi-csrf 0.11 builds python-multipart's ``FormParser`` with
``FileClass=``, an argument python-multipart removed in 0.0.26 (simonw/asgi-csrf#38; the
fix, PR #39, is unreleased), so every multipart form post failed with a server error.

``install()`` hands asgi-csrf a ``FormParser`` that still takes ``FileClass``. The check is
unchanged: asgi-csrf reads the parts up to the ``csrftoken`` field and refuses a file part
that comes before it (its ``FileClass`` raised when written to; here when the part ends,
before any later field is read). Forms put ``{{ csrf_field(csrf) }}`` before the file input.

A body the parser cannot read (a broken part, a ``csrftoken`` that is not UTF-8) raises
``request_guard.Malformed``: the request guard answers it 400, not the server error the
parser's own exception gave.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from python_multipart import FormParser
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import File

from fairpair.web.request_guard import Malformed


class _FormParser(FormParser):
    def __init__(
        self,
        content_type: str,
        on_field: Callable[[Any], None] | None,
        on_file: Callable[..., None] | None,
        on_end: Callable[[], None] | None = None,
        boundary: bytes | str | None = None,
        file_name: bytes | None = None,
        FileClass: Any = None,  # the name asgi-csrf passes
        config: dict[Any, Any] | None = None,
    ) -> None:
        if FileClass is not None:
            refuse = FileClass

            def on_file(part: File) -> None:
                refuse(part.file_name, part.field_name, {}).write(b"")

        if on_field is not None:
            read = on_field

            def on_field(field: Any) -> None:
                try:
                    read(field)
                except UnicodeDecodeError:
                    raise Malformed("a field of the multipart form is not UTF-8 text") from None

        super().__init__(content_type, on_field, on_file, on_end, boundary, file_name, config or {})

    def write(self, data: bytes) -> int:
        try:
            return super().write(data)
        except FormParserError as error:
            raise Malformed(f"the multipart form cannot be read: {error}") from None


def install() -> None:
    """Give asgi-csrf the ``FormParser`` above (idempotent). The parser's own warning on a
    malformed body is left out of the log: the request is answered 400 and the request guard
    logs it once, at ``INFO``."""
    import asgi_csrf

    logging.getLogger("python_multipart.multipart").setLevel(logging.ERROR)

    module: Any = asgi_csrf
    module.FormParser = _FormParser
