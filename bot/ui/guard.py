"""Interactions for a guild this process does not serve are refused before any work.

Discord sends a guild's interactions only to the shard that owns it, so a sharded
process should never see another process's guild; if one arrives anyway (a
misconfigured SHARD_COUNT in one process, a bug in a gateway proxy), answering it
here would open a second table in a channel where another process holds one, or call
that process's live table finished. The command tree
(``CheckedCommandTree``) and every persistent button and menu (bot/ui/components.py)
call ``served`` first.

Commands that only read the shared database (``/leaderboard``, ``/stats``, marked with
``extras={ANY_SHARD: True}``) are answered whichever process they reach: they touch no
table, and every process reads the same standings.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.games.core.errors import Refusal
from bot.shards import NOT_SERVED_HERE
from bot.tables.table import TableError

log = logging.getLogger(__name__)

ANY_SHARD = "any_shard"  # an app command's extras key: it may be answered by any process


async def speak_to_member(interaction: discord.Interaction[Any]) -> None:
    """From here on, the interaction's task speaks its member's language (the presenter's
    choice: bot/ui/presenter/languages.py); what the channel sees sets its own."""
    presenter = getattr(interaction.client, "presenter", None)
    if presenter is not None:
        await presenter.speak_to(interaction)


async def served(interaction: discord.Interaction[Any]) -> bool:
    """True if this process serves the interaction's guild; otherwise answers it privately
    with one sentence (an empty list for autocomplete) and returns False. Either way, the
    interaction's task speaks its member's language from here on."""
    await speak_to_member(interaction)
    runtime = getattr(interaction.client, "runtime", None)
    guild_id = interaction.guild_id
    if runtime is None or guild_id is None or runtime.serves(guild_id):
        return True
    command = interaction.command
    if command is not None and command.extras.get(ANY_SHARD):
        return True
    log.warning("an interaction for guild %s, which another process's shard serves, was refused", guild_id)
    presenter: Refuser = getattr(interaction.client, "presenter")  # noqa: B009
    if interaction.type is discord.InteractionType.autocomplete:
        await presenter.answer_autocomplete_with_nothing(interaction)
    else:
        await presenter.refuse(interaction, TableError(NOT_SERVED_HERE))
    return False


class Refuser(Protocol):
    """The presenter's answers used here (bot/ui/presenter/), which alone writes to Discord."""

    async def refuse(self, interaction: discord.Interaction[Any], refusal: Refusal) -> None: ...

    async def answer_autocomplete_with_nothing(self, interaction: discord.Interaction[Any]) -> None: ...

    async def speak_to(self, interaction: discord.Interaction[Any]) -> None: ...
