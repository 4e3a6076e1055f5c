"""Members' settings as the presenter last read them: each remembered for a minute, at
most ``most`` members, so that drawing a hand does not read the database each time, a
setting changed through another of the bot's processes (PostgreSQL, shards) is seen
within a minute, and a bot that has met a million members does not keep each forever."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

SETTING_SECONDS = 60.0  # how long a setting read (or saved) here is trusted without reading it again
MOST_MEMBERS = 10_000  # settings remembered at once, the least recently used forgotten first

T = TypeVar("T")


class RecentlyRead(Generic[T]):
    """A value per member, trusted for ``seconds`` after it was read or saved."""

    def __init__(self, seconds: float = SETTING_SECONDS, most: int = MOST_MEMBERS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.most = most
        self._clock = clock
        self._values: OrderedDict[int, tuple[float, T]] = OrderedDict()

    def get(self, user_id: int) -> T | None:
        """The value still trusted, or None (never read, or read too long ago)."""
        kept = self._values.get(user_id)
        if kept is None:
            return None
        until, value = kept
        if self._clock() >= until:
            del self._values[user_id]
            return None
        self._values.move_to_end(user_id)
        return value

    def put(self, user_id: int, value: T) -> None:
        self._values[user_id] = (self._clock() + self.seconds, value)
        self._values.move_to_end(user_id)
        while len(self._values) > self.most:
            self._values.popitem(last=False)

    def __len__(self) -> int:
        return len(self._values)
