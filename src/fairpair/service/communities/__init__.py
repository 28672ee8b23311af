"""Communities: a store, a club or a Discord server as the home of its events — its staff,
its public page of events, its player directory (docs/communities.md)."""
