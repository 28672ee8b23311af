"""The kernel every feature stands on: the unit of work (one use case, one transaction), the change
and its audit entries, the live announcements, loading an event as the engine sees it, writing
engine values as rows, finding what a command names, and the service's refusals.

The folders of ``service/`` and their order: docs/architecture.md."""
