"""Outside formats: the tournament JSON document (and later CSV, FIDE TRF)."""
