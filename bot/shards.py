"""Which guilds this process serves, when the bot runs as several sharded processes.

Discord splits a bot's gateway into shards and sends each guild's events to one of
them: shard ``(guild_id >> 22) % shard_count``. Several processes each run a range of
shards (``SHARD_COUNT`` and ``SHARD_IDS``, bot/config.py) against one PostgreSQL
database; each process restores, schedules and answers only the tables of its own
shards' guilds, so no table is ever live in two processes. Standings are read from the
shared database, so they are the same from every process.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["NOT_SERVED_HERE", "Shards", "shard_of"]

# The code of the refusal for a guild another process serves (``TableError(NOT_SERVED_HERE)``);
# its sentence is in bot/ui/text/table.py.
NOT_SERVED_HERE = "not-served-here"


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord routes ``guild_id``'s events to (Discord's own formula)."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards one process runs: ``ids`` out of ``count`` (every one when ``ids`` is None)."""

    count: int
    ids: tuple[int, ...] | None = None

    @property
    def launched(self) -> tuple[int, ...]:
        """The shard ids this process connects."""
        return self.ids if self.ids is not None else tuple(range(self.count))

    @property
    def all_here(self) -> bool:
        """True when this process runs every shard (nothing is left for another process)."""
        return set(self.launched) == set(range(self.count))

    def serves(self, guild_id: int) -> bool:
        """Whether this process owns ``guild_id``'s tables."""
        return shard_of(guild_id, self.count) in self.launched

    def describe(self) -> str:
        return f"shards {', '.join(map(str, self.launched))} of {self.count}"
