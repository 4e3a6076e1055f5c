"""Answering one interaction, whatever state it is in (answered yet or not, deferred or not).

Discord fails an interaction left unanswered for 3 s, and gives its token 15 minutes:
the first answer goes through ``interaction.response``, every later one through the
token's webhook (``followup``, ``edit_original_response``). These helpers pick the
right one, so the presenter's answers read as what they do.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Awaitable
from typing import Any, TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")
Interaction = discord.Interaction[Any]

ANSWER_WITHIN = 2.0  # seconds of work before an interaction is deferred (Discord allows 3)
# A call Discord never answered: the connection was lost on the way (reset at Discord's edge, or
# timed out). discord.py passes aiohttp's errors on as they are, not as an HTTPException, but the
# call is lost all the same and is made again as a failed one is.
CONNECTION_LOST = (aiohttp.ClientError, TimeoutError)
DISCORD_FAILED = (discord.HTTPException, *CONNECTION_LOST)


def failure(err: BaseException) -> str:
    """A failed call's cause, for a log line: Discord's status, or what became of the connection."""
    return str(err.status) if isinstance(err, discord.HTTPException) else type(err).__name__


class Placeholder(enum.Enum):
    """What Discord shows while a slow answer is on its way."""

    NONE = "none"  # a button: its message stays as it is, then is updated in place
    PRIVATE = "private"  # "thinking...", seen by the member alone, replaced by the answer
    PUBLIC = "public"  # "thinking..." in the channel: the answer will be a public message


async def within_deadline(interaction: Interaction, work: Awaitable[T], placeholder: Placeholder) -> T:
    """Await ``work``; if it outlasts ANSWER_WITHIN, defer first so Discord keeps the
    interaction alive, then go on waiting."""
    task = asyncio.ensure_future(work)
    # Counted from when Discord created the interaction (its id says when), not from
    # now: on a busy bot it may have waited a while before this handler ran.
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    budget = min(ANSWER_WITHIN, max(ANSWER_WITHIN - age, 0.0))
    try:
        return await asyncio.wait_for(asyncio.shield(task), budget)
    except TimeoutError:
        if not interaction.response.is_done():
            try:
                if placeholder is Placeholder.NONE:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=placeholder is Placeholder.PRIVATE, thinking=True)
            except discord.HTTPException:
                log.warning("deferring a slow interaction failed; its work goes on")
        return await task


async def tell(interaction: Interaction, text: str) -> None:
    """A private one-sentence answer, whether or not the interaction was answered yet."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def tell_instead_of_placeholder(interaction: Interaction, text: str) -> None:
    """A private sentence, even after a public "thinking..." (which goes: it would
    otherwise stay in the channel as a message with nothing in it)."""
    if interaction.response.is_done():
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    await tell(interaction, text)


async def update(interaction: Interaction, **fields: Any) -> None:
    """Redraw the message a button sits on, whether or not the click was deferred."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)


async def answer(interaction: Interaction, **fields: Any) -> int | None:
    """Answer with a new message (``ephemeral=`` among ``fields``), or put it in place of
    the "thinking..." placeholder if the interaction was deferred; the message's id when
    Discord names it without another call (an ephemeral answer's is not needed)."""
    if interaction.response.is_done():
        fields.pop("ephemeral", None)  # the placeholder already is what it is
        if "file" in fields:
            fields["attachments"] = [fields.pop("file")]
        return (await interaction.edit_original_response(**fields)).id
    callback = await interaction.response.send_message(**fields)
    return callback.message_id
