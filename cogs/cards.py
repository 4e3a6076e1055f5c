"""/cards: a member's own settings for the card pictures.

Why a command and not a button on the hand message: the setting is rare (set once,
kept for every table and server), a hand message's rows are already full of plays,
and a player who wants words only (a screen reader, a slow connection) looks for a
setting, not for one more button beside their cards. The hand message's text says
how to find it.

``/cards colours`` is named as card sites name it (a "four-colour deck"), beside
``/cards images``: it changes only the member's own hand pictures, which only they see;
the public table picture is one picture for every viewer, so it keeps the two colours
everybody knows.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KadiBot
from bot.ui.cards import Deck
from bot.ui.text import commands as command_text
from bot.ui.text import pictures

Interaction = discord.Interaction[Any]

SHOW_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in command_text.CARDS_IMAGES_CHOICES]
DECK_CHOICES = [app_commands.Choice(name=pictures.FOUR_COLOUR_CHOICE, value=Deck.FOUR.value),
                app_commands.Choice(name=pictures.TWO_COLOUR_CHOICE, value=Deck.TWO.value)]


class CardsCog(commands.GroupCog, group_name="cards", group_description=command_text.CARDS_GROUP):
    def __init__(self, bot: KadiBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="images", description=command_text.CARDS_IMAGES)
    @app_commands.describe(show=command_text.CARDS_IMAGES_OPTION)
    @app_commands.choices(show=SHOW_CHOICES)
    async def images(self, interaction: Interaction, show: str) -> None:
        await self.bot.controller.set_hand_images(interaction, show == "on")

    @app_commands.command(name="colours", description=pictures.COLOURS_COMMAND)
    @app_commands.describe(deck=pictures.COLOURS_OPTION)
    @app_commands.choices(deck=DECK_CHOICES)
    async def colours(self, interaction: Interaction, deck: str) -> None:
        await self.bot.controller.set_deck(interaction, Deck(deck))


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(CardsCog(bot))
