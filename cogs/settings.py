"""/settings: what a member chooses for themselves, and a server for its channels.

``/settings language`` chooses the language the bot writes in (issue 29): a member's own
(``for:me``, the default: their hand, their refusals, every answer only they see, on every
server) or, for a member with Manage Server, the server's (``for:server``: its table
messages, lobbies and leaderboards, which the whole channel reads). ``automatic`` clears the
choice: the member's Discord language is used where the bot has it, else the server's
(bot/ui/presenter/languages.py). Beside ``/cards``, which holds the settings for the card
pictures only.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KadiBot
from bot.ui.text import i18n, settings

Interaction = discord.Interaction[Any]


def language_choices() -> list[app_commands.Choice[str]]:
    """Every language with a catalogue, named in itself, then automatic."""
    return [*(app_commands.Choice(name=i18n.name_of(lang), value=lang) for lang in i18n.languages()),
            app_commands.Choice(name=settings.AUTOMATIC_CHOICE, value=settings.AUTOMATIC)]


FOR_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in settings.FOR_CHOICES]


class SettingsCog(commands.GroupCog, group_name="settings", group_description=settings.GROUP):
    def __init__(self, bot: KadiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="language", description=settings.LANGUAGE_COMMAND)
    @app_commands.describe(language=settings.LANGUAGE_OPTION, whose=settings.FOR_OPTION)
    @app_commands.rename(whose="for")
    @app_commands.choices(language=language_choices(), whose=FOR_CHOICES)
    @app_commands.guild_only()
    async def language(self, interaction: Interaction, language: str, whose: str = "me") -> None:
        chosen = None if language == settings.AUTOMATIC else language
        await self.bot.controller.set_language(interaction, chosen, server=whose == "server")


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(SettingsCog(bot))
