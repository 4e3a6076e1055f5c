"""/cards: a member's own settings for the card pictures.

Why a command and not a button on the hand message: the setting is rare (set once,
kept for every table and server), a hand message's rows are already full of plays,
and a player who wants words only (a screen reader, a slow connection) looks for a
setting, not for one more button beside their cards. The hand message's text says
how to find it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KadiBot

Interaction = discord.Interaction[Any]

SHOW_CHOICES = [app_commands.Choice(name="on: a picture of my cards", value="on"),
                app_commands.Choice(name="off: my cards in words only", value="off")]


class CardsCog(commands.GroupCog, group_name="cards", group_description="How your cards are shown to you"):
    def __init__(self, bot: KadiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="images", description="Show your hand as a picture of cards, or in words only.")
    @app_commands.describe(show="on (the default) or off; for every table, on every server")
    @app_commands.choices(show=SHOW_CHOICES)
    async def images(self, interaction: Interaction, show: str) -> None:
        await self.bot.controller.set_hand_images(interaction, show == "on")


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(CardsCog(bot))
