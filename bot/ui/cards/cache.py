"""Pictures cached by what they show, so the same picture is never drawn twice.

A hand or a table that looks as it did (a waiting hand after another seat's move, a
table whose only change is the clock) costs a dictionary lookup. In the bot a picture
not in the cache is drawn in the one drawing thread (``get_async``: Pillow lets go of
the GIL while it encodes, which is half the work), so the event loop goes on answering; two
orders for the same picture at once share one drawing. The cache is a
least-recently-used one, bounded by entries and by bytes, so a bot with many tables
keeps its recent pictures and no more.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from bot.ui.text.i18n import current

# A picture is looked up again soon after it is drawn or not at all (a hand or table that
# changed is a new picture): the bound is what a few hundred busy tables show at once.
# 4,096 entries / 48 MB made the pictures most of a table's memory (bench/bot.py, 200
# tables: 452 KiB per table against 122 KiB without pictures).
MAX_ENTRIES = 1024
MAX_BYTES = 12 * 1024 * 1024  # about 1,000 pictures of 12 KB
# One drawing thread: the composing part of a drawing holds the GIL, and each thread
# more that wants it takes turns with the event loop (measured: bench/bot.py's p99).
DRAWING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="card-pictures")


@dataclass(frozen=True, slots=True)
class CardImage:
    """A finished picture: its PNG bytes, its file name, and a digest naming its content
    (a message whose picture has the same digest needs no new upload); ``alt``: its alt
    text, what it shows in words, and ``lang``, the language of its words (both set from its
    ``PictureOrder`` when it is sent)."""

    png: bytes
    filename: str
    digest: str
    width: int
    height: int
    alt: str = ""
    lang: str = ""


class PictureCache:
    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, CardImage] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[CardImage]] = {}
        self._bytes = 0
        self.hits = 0
        self.misses = 0
        # Told how long each drawing waited for the drawing thread (the bot's overload signal).
        self.on_drawing_wait: Callable[[float], None] | None = None

    def get(self, key: Hashable, draw: Callable[[], CardImage]) -> CardImage:
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return found
        self.misses += 1
        image = draw()
        self._keep(key, image)
        return image

    async def get_async(self, key: Hashable, draw: Callable[[], CardImage]) -> CardImage:
        """As ``get``, drawing a missing picture in a worker thread (cache updates stay on
        the event loop's thread)."""
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
            self.hits += 1
            return found
        pending = self._drawing.get(key)
        if pending is not None:
            self.hits += 1
            return await asyncio.shield(pending)
        self.misses += 1
        future: asyncio.Future[CardImage] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        ordered = time.monotonic()

        def draw_timed() -> tuple[float, CardImage]:
            return time.monotonic() - ordered, draw()

        try:
            waited, image = await asyncio.get_running_loop().run_in_executor(DRAWING, draw_timed)
        except BaseException as err:
            future.set_exception(err)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._drawing.pop(key, None)
        future.set_result(image)
        self._keep(key, image)
        if self.on_drawing_wait is not None:
            self.on_drawing_wait(waited)
        return image

    def _keep(self, key: Hashable, image: CardImage) -> None:
        self._items[key] = image
        self._bytes += len(image.png)
        while len(self._items) > self.max_entries or (self._bytes > self.max_bytes and len(self._items) > 1):
            _, old = self._items.popitem(last=False)
            self._bytes -= len(old.png)

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def size_bytes(self) -> int:
        return self._bytes


@dataclass(frozen=True, slots=True)
class PictureOrder:
    """A picture to draw: what it shows (``key``, also its cache key), its file name (known
    before it is drawn, for the embed), how to draw it, and its alt text (``alt``: the
    words a screen reader reads for it, made with the embed for the member who sees it;
    not part of the key, so the drawing is shared); ``lang``, the language of its words
    (the language of the moment where it is ordered; the key names it too, so a picture
    drawn for one language is never served to another)."""

    key: Hashable
    filename: str
    draw: Callable[[], CardImage]
    alt: str = ""
    lang: str = field(default_factory=current)

    async def drawn(self) -> CardImage:
        """The picture, from the cache or drawn, carrying this order's alt text and language."""
        image = await PICTURES.get_async(self.key, self.draw)
        return image if (image.alt, image.lang) == (self.alt, self.lang) else replace(
            image, alt=self.alt, lang=self.lang)


PICTURES = PictureCache()
