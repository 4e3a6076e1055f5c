"""Card pictures on Discord messages: the file travels in the same call as the embed
that shows it (``attachment://<name>``), so a picture costs no extra call; and an edit
whose picture did not change uploads nothing (Discord keeps a message's attachments
when an edit does not name them). Every picture carries its alt text as the attachment's
description (what it shows in words, bot/ui/text/pictures.py), which screen readers read.

A picture that cannot be drawn (out of memory, say) is left out: the message goes in
words, which already name every card, and the next change draws it again."""

from __future__ import annotations

import hashlib
import io
import logging
from typing import Any, Final

import discord

from bot.ui.cards import CardImage, PictureOrder

log = logging.getLogger(__name__)

UNKNOWN: Final = "?"  # what a message shows is not known (posted before a restart): upload


def set_picture(embed: discord.Embed, picture: PictureOrder | None) -> discord.Embed:
    """Show ``picture`` in ``embed`` (its file is sent in the same call)."""
    if picture is not None:
        embed.set_image(url=f"attachment://{picture.filename}")
    return embed


class _DrawingHealth:
    """Whether the last picture failed, so a run of failures is logged once."""

    failing = False


async def draw_picture(picture: PictureOrder | None, embed: discord.Embed) -> CardImage | None:
    """The picture ordered, from the cache or drawn in a worker thread. Order it in the same
    step as ``embed``, the embed it goes with, so both show the same moment of the table.
    If it cannot be drawn, ``embed`` loses its image and None is returned: the answer or
    the edit still goes out, in words (a failed picture is not cached, so the next
    change tries again)."""
    if picture is None:
        return None
    try:
        image = await picture.drawn()
    except Exception as err:  # MemoryError is an Exception; a cancelled answer (BaseException) is not caught
        if not _DrawingHealth.failing:
            log.warning("a card picture could not be drawn (%s); messages go in words until pictures draw again",
                        type(err).__name__)
        _DrawingHealth.failing = True
        embed.set_image(url=None)
        return None
    _DrawingHealth.failing = False
    return image


def as_file(image: CardImage) -> discord.File:
    """The picture as an attachment, with its alt text (the attachment's description)."""
    return discord.File(io.BytesIO(image.png), filename=image.filename, description=image.alt or None)


def new_message_fields(image: CardImage | None) -> dict[str, Any]:
    """The picture of a message being sent (``send``, ``send_message``, a followup)."""
    return {"file": as_file(image)} if image is not None else {}


def edit_fields(image: CardImage | None, shown: str | None = UNKNOWN) -> dict[str, Any]:
    """The picture of an edit, given the digest of the picture the message shows now
    (None: none; ``UNKNOWN``: not known). The same picture: nothing to send; another:
    it replaces the old one; none any more: the old one goes."""
    if image is None:
        return {} if shown is None else {"attachments": []}
    if shown == digest_of(image):
        return {}
    return {"attachments": [as_file(image)]}


def digest_of(image: CardImage | None) -> str | None:
    """What names a message's attachment: the picture's digest, and its language's and
    alt text's (the same picture in another member's language, or with other alt text, is
    sent again: Discord keeps an attachment's description with it)."""
    if image is None:
        return None
    if not image.alt and not image.lang:
        return image.digest
    said = f"{image.lang}\n{image.alt}".encode()
    return f"{image.digest}:{hashlib.blake2b(said, digest_size=6).hexdigest()}"
