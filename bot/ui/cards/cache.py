"""Pictures cached by what they show, so the same picture is never drawn twice.

A hand or a table that looks as it did (a waiting hand after another seat's move, a
table whose only change is the clock) costs a dictionary lookup. The cache is a
least-recently-used one, bounded by entries and by bytes, so a bot with many tables
keeps its recent pictures and no more.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

MAX_ENTRIES = 4096
MAX_BYTES = 48 * 1024 * 1024  # about 3,000 pictures of 16 KB


@dataclass(frozen=True, slots=True)
class CardImage:
    """A finished picture: its PNG bytes, its file name, and a digest naming its content
    (a message whose picture has the same digest needs no new upload)."""

    png: bytes
    filename: str
    digest: str
    width: int
    height: int


class PictureCache:
    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, CardImage] = OrderedDict()
        self._bytes = 0
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, draw: Callable[[], CardImage]) -> CardImage:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return found
        self.misses += 1
        image = draw()
        self._items[key] = image
        self._bytes += len(image.png)
        while len(self._items) > self.max_entries or (self._bytes > self.max_bytes and len(self._items) > 1):
            _, old = self._items.popitem(last=False)
            self._bytes -= len(old.png)
        return image

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size_bytes(self) -> int:
        return self._bytes


PICTURES = PictureCache()
