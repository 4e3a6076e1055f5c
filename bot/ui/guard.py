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
from typing import Any

import discord

from bot.shards import NOT_SERVED_HERE

log = logging.getLogger(__name__)

ANY_SHARD = "any_shard"  # an app command's extras key: it may be answered by any process


async def served(interaction: discord.Interaction[Any]) -> bool:
    """True if this process serves the interaction's guild; otherwise answers it privately
    with one sentence (an empty list for autocomplete) and returns False."""
    runtime = getattr(interaction.client, "runtime", None)
    guild_id = interaction.guild_id
    if runtime is None or guild_id is None or runtime.serves(guild_id):
        return True
    command = interaction.command
    if command is not None and command.extras.get(ANY_SHARD):
        return True
    log.warning("an interaction for guild %s, which another process's shard serves, was refused", guild_id)
    if interaction.type is discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])
    else:
        await interaction.response.send_message(NOT_SERVED_HERE, ephemeral=True)
    return False
