"""The slash commands every game shares, as a cog base class.

A game's cog subclasses ``GameCog`` with its group name (``/kadi``), adds the
commands only it has (``/kadi new`` with its house rules, ``/kadi niko``) and
nothing else: hands, plays, draws, leaving, ending and the rules page are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.registry import Level
from bot.ui.controller import Controller
from bot.ui.guard import ANY_SHARD
from bot.ui.text.rules import rules_pages as rules_pages  # the messages /<game> rules shows (the tests read it)

if TYPE_CHECKING:
    from bot.client import KadiBot

Interaction = discord.Interaction[Any]

TURN_TIMER_CHOICES = [
    app_commands.Choice(name="off", value=0),
    app_commands.Choice(name="30 seconds", value=30),
    app_commands.Choice(name="60 seconds", value=60),
    app_commands.Choice(name="2 minutes", value=120),
    app_commands.Choice(name="5 minutes", value=300),
]
LEVEL_CHOICES = [app_commands.Choice(name=name, value=name) for name in Level]
"""A solo table's computers: easy (they blunder now and then), normal, hard (they search)."""


class GameCog(commands.GroupCog):
    game: ClassVar[str]
    omit: ClassVar[tuple[str, ...]] = ()  # shared commands the game has no use for (Donkey draws nothing)

    def __init__(self, bot: KadiBot) -> None:
        self.bot = bot
        super().__init__()
        group = self.app_command
        if group is not None:
            for name in self.omit:
                group.remove_command(name)

    def play_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete of the legal plays from the member's own hand (for a game's own play command)."""
        return [app_commands.Choice(name=label[:100], value=value[:100])
                for label, value in self.controller.play_choices(interaction, self.game, current)]

    @property
    def controller(self) -> Controller:
        return self.bot.controller

    @app_commands.command(name="watch", description="Watch this channel's table live (only you see this view).")
    async def watch(self, interaction: Interaction) -> None:
        await self.controller.slash_watch(interaction, self.game)

    @app_commands.command(name="hand", description="See your cards and play them (only you can see this).")
    async def hand(self, interaction: Interaction) -> None:
        await self.controller.slash_hand(interaction, self.game)

    @app_commands.command(name="play", description="Play cards from your hand, in the order you lay them.")
    @app_commands.describe(cards="The cards in order, such as QS QC 4C 4D; add 'ask H' after an Ace")
    async def play(self, interaction: Interaction, cards: app_commands.Range[str, 1, 200]) -> None:
        await self.controller.slash_move(interaction, self.game, "play " + cards)

    @play.autocomplete("cards")
    async def play_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self.play_choices(interaction, current)

    @app_commands.command(name="draw", description="Draw a card, pick up what you owe, or take a skip.")
    async def draw(self, interaction: Interaction) -> None:
        await self.controller.slash_default(interaction, self.game)

    @app_commands.command(name="leave", description="Leave the table (a computer plays on with your cards).")
    async def leave(self, interaction: Interaction) -> None:
        await self.controller.slash_leave(interaction, self.game)

    @app_commands.command(name="end", description="End the table in this channel (host or Manage Server).")
    async def end(self, interaction: Interaction) -> None:
        await self.controller.slash_end(interaction, self.game)

    # Any process answers: the pages are package data, and no table is touched.
    @app_commands.command(name="rules", description="The rules, house rules and how the bot plays them.",
                          extras={ANY_SHARD: True})
    async def rules(self, interaction: Interaction) -> None:
        """A short first page, then a menu of sections (each replacing the page) and ◀ ▶."""
        await self.bot.presenter.answer_rules(interaction, self.game)

    # Any process answers: they read the database only, and no table is touched.
    @app_commands.command(name="history", extras={ANY_SHARD: True},
                          description="This server's recent rounds: when, where, who won (only you see it).")
    async def history(self, interaction: Interaction) -> None:
        await self.controller.slash_history(interaction, self.game)

    @app_commands.command(name="replay", description="Step through a finished round, move by move (only you see it).",
                          extras={ANY_SHARD: True})
    @app_commands.describe(round="The round (by default your last one here); type to search the recent rounds")
    async def replay(self, interaction: Interaction, round: app_commands.Range[str, 1, 40] | None = None) -> None:
        await self.controller.slash_replay(interaction, self.game, round)

    @replay.autocomplete("round")
    async def replay_rounds(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label[:100], value=value[:100])
                for label, value in await self.controller.replay_choices(interaction, self.game, current)]
