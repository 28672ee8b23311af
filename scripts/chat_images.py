"""Regenerate docs/screenshots/chat-*.png: the images for chat of the screenshots' events.

    uv run python scripts/chat_images.py            # writes docs/screenshots/chat-*.png

It builds the events of ``scripts/screenshots.py`` (the demo, round 4 in progress; and a
finished Swiss with its top 8 under way) in a throwaway SQLite database, and draws through
``fairpair.service.event.images.render``: the demo's pairings (page 1), its standings (the
top 8) and the top 8's bracket. No browser needed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from screenshots import build

    from fairpair.service.event.images import render
    from fairpair.service.kernel.connection import opened

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'chat.sqlite3'}"
        demo, playoff, _ = build(url)
        with opened(url) as db:
            images = {
                "chat-pairings.png": render(db, demo, "pairings"),
                "chat-standings.png": render(db, demo, "standings", top=8),
                "chat-bracket.png": render(db, playoff, "bracket"),
            }
    for name, data in images.items():
        (OUT / name).write_bytes(data)
        print(f"wrote docs/screenshots/{name} ({len(data):,} bytes)")


if __name__ == "__main__":
    main()
