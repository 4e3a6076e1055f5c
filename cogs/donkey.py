"""/donkey: Donkey (Kazhutha Kali) tables. Only what is Donkey's own lives here: its table
options and a one-card play; the rest is GameCog's. Donkey draws nothing, so /donkey has no draw."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.client import KadiBot
from bot.registry import Level, table_rules
from bot.tables.table import TableOptions
from bot.ui.game_cog import LEVEL_CHOICES, SCOPE_CHOICES, GameCog
from bot.ui.text import commands as command_text
from bot.ui.text import presets as preset_text

Interaction = discord.Interaction[Any]

DONKEY_TIMER_CHOICES = [app_commands.Choice(name=name, value=seconds)
                        for name, seconds in command_text.DONKEY_TURN_TIMER_CHOICES]


def donkey_options(turn_timer: int) -> TableOptions:
    return TableOptions(rules=table_rules("donkey", {"turn_timer": turn_timer}), turn_seconds=turn_timer or None)


NEW_DESCRIPTIONS = command_text.DONKEY_NEW_OPTIONS  # /donkey new's and /donkey presets save's


class DonkeyCog(GameCog, group_name="donkey", group_description=command_text.DONKEY_GROUP):
    game = "donkey"
    omit = ("draw",)  # Donkey never draws

    new_defaults: ClassVar[dict[str, Any]] = {"turn_timer": 45, "images": True}
    solo_defaults: ClassVar[dict[str, Any]] = {"turn_timer": 0}

    def table_options(self, values: Mapping[str, Any]) -> TableOptions:
        options = donkey_options(values["turn_timer"])
        options.images = values["images"]
        return options

    # Every option None when the host leaves it out: the house rules here fill it in (bot/ui/presets.py).
    @app_commands.command(name="new", description=command_text.DONKEY_NEW)
    @app_commands.describe(**NEW_DESCRIPTIONS)
    @app_commands.choices(turn_timer=DONKEY_TIMER_CHOICES)
    async def new(self, interaction: Interaction, turn_timer: int | None = None, images: bool | None = None) -> None:
        await self.open_from_presets(interaction, dict(turn_timer=turn_timer, images=images))

    @app_commands.command(name="solo", description=command_text.DONKEY_SOLO)
    @app_commands.describe(**command_text.DONKEY_SOLO_OPTIONS)
    @app_commands.choices(turn_timer=DONKEY_TIMER_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, opponents: app_commands.Range[int, 1, 7] = 3,
                   turn_timer: int | None = None, level: str = Level.NORMAL, images: bool | None = None) -> None:
        await self.open_from_presets(interaction, dict(turn_timer=turn_timer, images=images),
                                     solo_against=(opponents, level))

    presets = app_commands.Group(name="presets", description=preset_text.GROUP, guild_only=True)

    @presets.command(name="save", description=preset_text.SAVE_COMMAND)
    @app_commands.describe(**NEW_DESCRIPTIONS, scope=preset_text.SCOPE_OPTION)
    @app_commands.choices(turn_timer=DONKEY_TIMER_CHOICES)
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def save(self, interaction: Interaction, scope: str = "channel", turn_timer: int | None = None,
                   images: bool | None = None) -> None:
        await self.save_preset(interaction, scope, dict(turn_timer=turn_timer, images=images))

    @presets.command(name="show", description=preset_text.SHOW_COMMAND)
    async def show(self, interaction: Interaction) -> None:
        await self.show_presets(interaction)

    @presets.command(name="clear", description=preset_text.CLEAR_COMMAND)
    @app_commands.describe(scope=preset_text.SCOPE_OPTION)
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def clear(self, interaction: Interaction, scope: str = "channel") -> None:
        await self.clear_preset(interaction, scope)

    # Donkey lays one card at a time: its own /donkey play card: replaces GameCog's cards: option.
    @app_commands.command(name="play", description=command_text.DONKEY_PLAY)
    @app_commands.describe(card=command_text.DONKEY_PLAY_CARD_OPTION)
    async def play(self, interaction: Interaction, card: app_commands.Range[str, 1, 20]) -> None:  # type: ignore[override]
        await self.controller.slash_move(interaction, self.game, "play " + card)

    @play.autocomplete("card")
    async def card_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self.play_choices(interaction, current)


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(DonkeyCog(bot))
