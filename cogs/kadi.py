"""/kadi: Kadi (Kenyan Poker) tables. Only what is Kadi's own lives here: the house
rules offered at /kadi new and the Niko Kadi call; the rest is GameCog's."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.client import KadiBot
from bot.registry import Level
from bot.tables.table import TableOptions
from bot.ui.game_cog import LEVEL_CHOICES, TURN_TIMER_CHOICES, GameCog

Interaction = discord.Interaction[Any]

DEAL_CHOICES = [app_commands.Choice(name=f"{n} cards", value=n) for n in (3, 4, 5)]
DIRECTION_CHOICES = [app_commands.Choice(name="clockwise", value="clockwise"),
                     app_commands.Choice(name="anticlockwise", value="anticlockwise")]


def kadi_options(deal: int, turn_timer: int, rounds: int, direction: str, **switches: bool) -> TableOptions:
    rules: dict[str, Any] = {"deal": deal, "rounds": rounds, "later_direction": direction}
    if deal == 5:
        rules["deal_5"] = True
    rules.update({name: True for name, on in switches.items() if on})
    return TableOptions(rules=rules, turn_seconds=turn_timer or None)


class KadiCog(GameCog, group_name="kadi", group_description="Play Kadi (Kenyan Poker)"):
    game = "kadi"

    @app_commands.command(name="new", description="Open a Kadi table in this channel.")
    @app_commands.describe(
        deal="Cards each (4 is the common deal)", turn_timer="Time for each turn (60 s by default)",
        rounds="Rounds in the match (1 by default)", direction="Direction of play from round 2 on",
        punishment_accumulates="Counters add up: 2 on 2 is pick 4",
        bombs_answer_bombs="Any bomb counters any bomb (a 3 on a 2)",
        forgotten_call_costs_a_card="Running out without a call costs one more card",
        ace_finish="A hand of Aces alone is also a winning hand",
        no_jokers="Play with a 52-card deck",
        images="Show the table as a picture of cards (on by default)",
    )
    @app_commands.choices(deal=DEAL_CHOICES, turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(direction=DIRECTION_CHOICES)
    async def new(
        self, interaction: Interaction, deal: int = 4, turn_timer: int = 60,
        rounds: app_commands.Range[int, 1, 20] = 1, direction: str = "clockwise",
        punishment_accumulates: bool = False, bombs_answer_bombs: bool = False,
        forgotten_call_costs_a_card: bool = False, ace_finish: bool = False, no_jokers: bool = False,
        images: bool = True,
    ) -> None:
        options = kadi_options(deal, turn_timer, rounds, direction,
                               punishment_accumulates=punishment_accumulates,
                               bombs_answer_bombs=bombs_answer_bombs,
                               forgotten_call_costs_a_card=forgotten_call_costs_a_card,
                               ace_finish=ace_finish, no_jokers=no_jokers)
        options.images = images
        await self.controller.open_table(interaction, self.game, options)

    @app_commands.command(name="solo", description="Play Kadi against computer players right now.")
    @app_commands.describe(opponents="How many computer players (1 to 4)", deal="Cards each",
                           turn_timer="Time for each of your turns",
                           level="How well the computers play (normal by default)",
                           images="Show the table as a picture of cards (on by default)")
    @app_commands.choices(deal=DEAL_CHOICES, turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, opponents: app_commands.Range[int, 1, 4] = 2,
                   deal: int = 4, turn_timer: int = 0, level: str = Level.NORMAL, images: bool = True) -> None:
        options = kadi_options(deal, turn_timer, 1, "clockwise")
        options.computer_level = Level(level)
        options.images = images
        await self.controller.open_table(interaction, self.game, options, computers=opponents, start=True)

    @app_commands.command(name="niko", description="Call Niko Kadi! (before the next player moves)")
    async def niko(self, interaction: Interaction) -> None:
        await self.controller.slash_call(interaction, self.game)


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(KadiCog(bot))
