"""Results: staff entry and corrections, players' self-reports and their confirmation, the
Resolution Queue, pod places, and the standings derived from them.

The folders of ``service/`` and their order: docs/architecture.md."""
