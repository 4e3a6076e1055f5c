"""One lock per member's private message at a table: an answer's write and a coalesced
redraw of the same message must not cross (the later one could land first and leave an
older table showing)."""

from __future__ import annotations

import asyncio


class MemberLocks:
    """The locks of each table's members' messages (hand or watch), made when first asked for."""

    def __init__(self) -> None:
        self._locks: dict[str, dict[int, asyncio.Lock]] = {}

    def of(self, table_id: str, user_id: int) -> asyncio.Lock:
        locks = self._locks.setdefault(table_id, {})
        lock = locks.get(user_id)
        if lock is None:
            lock = locks[user_id] = asyncio.Lock()
        return lock

    def forget(self, table_id: str) -> None:
        """The table is over: its members' locks go (a later redraw makes new ones)."""
        self._locks.pop(table_id, None)
