"""A whole event: create, list, show and export it; backup and restore; TRF and CSV files; images
for chat; the audit log's pages; the demo event.

The folders of ``service/`` and their order: docs/architecture.md."""
