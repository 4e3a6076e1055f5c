"""A round as one animated picture (GIF): its table pictures, one frame per step.

Every frame is a table picture (``table_order``: drawn from the public view only), so
the animation shows nothing a table message did not. The frames come from the picture
cache or the drawing thread, and they are put together in that same one drawing thread
(``DRAWING``), never on the event loop. The pictures share one palette, so a frame is
its palette indices as they are: no colour work, and GIF takes them as they come.

Bounded: at most ``MAX_FRAMES`` frames (a longer round is sampled evenly, its first and
last steps kept) and ``MAX_BYTES`` bytes (Discord's upload limit is well above it); a
larger result is tried again with every other frame, and given up (None) below
``MIN_FRAMES``.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
from collections.abc import Sequence

from PIL import Image

from bot.ui.cards.cache import DRAWING, CardImage, PictureOrder

MAX_FRAMES = 80
MIN_FRAMES = 2
MAX_BYTES = 6 * 1024 * 1024
FRAME_MS = 900  # a step's time on screen; the last one is held longer
LAST_FRAME_MS = 3000
FILENAME = "replay.gif"


def sampled(count: int, most: int = MAX_FRAMES) -> list[int]:
    """Up to ``most`` indices of ``count`` steps, evenly spread, the first and last kept."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def _gif(frames: Sequence[bytes]) -> bytes:
    """The PNG frames as one looping GIF; frames of other sizes are put on the largest's canvas."""
    images = [Image.open(io.BytesIO(png)) for png in frames]
    try:
        width, height = max(i.width for i in images), max(i.height for i in images)
        canvas: list[Image.Image] = []
        for image in images:
            frame = image.convert("P") if image.mode != "P" else image
            if frame.size != (width, height):
                padded = Image.new("P", (width, height), 0)
                padded.putpalette(frame.getpalette() or [])
                padded.paste(frame, (0, 0))
                frame = padded
            canvas.append(frame)
        out = io.BytesIO()
        durations = [FRAME_MS] * (len(canvas) - 1) + [LAST_FRAME_MS]
        canvas[0].save(out, format="GIF", save_all=True, append_images=canvas[1:], duration=durations, loop=0,
                       optimize=False, disposal=1)
        return out.getvalue()
    finally:
        for image in images:
            image.close()


async def animate(orders: Sequence[PictureOrder], alt: str = "") -> CardImage | None:
    """The pictures ordered, as one GIF within the bounds, or None when none fits (or
    there are too few frames to animate)."""
    chosen = [orders[i] for i in sampled(len(orders))]
    if len(chosen) < MIN_FRAMES:
        return None
    frames = [(await order.drawn()).png for order in chosen]
    loop = asyncio.get_running_loop()
    while len(frames) >= MIN_FRAMES:
        data = await loop.run_in_executor(DRAWING, _gif, frames)
        if len(data) <= MAX_BYTES:
            with Image.open(io.BytesIO(data)) as shown:
                width, height = shown.size
            return CardImage(data, FILENAME, hashlib.blake2b(data, digest_size=12).hexdigest(), width, height, alt,
                             chosen[0].lang)
        frames = [*frames[:-1:2], frames[-1]]  # every other frame, the last kept
    return None
