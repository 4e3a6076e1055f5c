"""/kadi: Kadi (Kenyan Poker) tables. Only what is Kadi's own lives here: the house
rules offered at /kadi new and the Niko Kadi call; the rest is GameCog's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.client import KadiBot
from bot.registry import Level, table_rules
from bot.tables.table import TableOptions
from bot.ui.game_cog import LEVEL_CHOICES, SCOPE_CHOICES, TURN_TIMER_CHOICES, GameCog
from bot.ui.text import commands as command_text
from bot.ui.text import presets as preset_text

Interaction = discord.Interaction[Any]

DEAL_CHOICES = [app_commands.Choice(name=command_text.kadi_deal_choice(n), value=n) for n in (3, 4, 5)]
DIRECTION_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in command_text.KADI_DIRECTION_CHOICES]


def kadi_options(deal: int, turn_timer: int, rounds: int, direction: str, **switches: bool) -> TableOptions:
    """The table options for ``/kadi new``'s words (the rules made by ``table_rules``)."""
    rules = table_rules("kadi", {"deal": deal, "rounds": rounds, "direction": direction, **switches})
    return TableOptions(rules=rules, turn_seconds=turn_timer or None)


SWITCHES = ("punishment_accumulates", "bombs_answer_bombs", "forgotten_call_costs_a_card", "ace_finish", "no_jokers")
NEW_DESCRIPTIONS = command_text.KADI_NEW_OPTIONS  # /kadi new's and /kadi presets save's


class KadiCog(GameCog, group_name="kadi", group_description=command_text.KADI_GROUP):
    game = "kadi"
    new_defaults: ClassVar[dict[str, Any]] = {
        "deal": 4, "turn_timer": 60, "rounds": 1, "direction": "clockwise", **{name: False for name in SWITCHES},
        "images": True}
    solo_defaults: ClassVar[dict[str, Any]] = {"turn_timer": 0}

    def table_options(self, values: Mapping[str, Any]) -> TableOptions:
        options = kadi_options(values["deal"], values["turn_timer"], values["rounds"], values["direction"],
                               **{name: values[name] for name in SWITCHES})
        options.images = values["images"]
        return options

    # Every option None when the host leaves it out: the house rules here fill it in (bot/ui/presets.py).
    @app_commands.command(name="new", description=command_text.KADI_NEW)
    @app_commands.describe(**NEW_DESCRIPTIONS)
    @app_commands.choices(deal=DEAL_CHOICES, turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(direction=DIRECTION_CHOICES)
    async def new(
        self, interaction: Interaction, deal: int | None = None, turn_timer: int | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None, direction: str | None = None,
        punishment_accumulates: bool | None = None, bombs_answer_bombs: bool | None = None,
        forgotten_call_costs_a_card: bool | None = None, ace_finish: bool | None = None,
        no_jokers: bool | None = None, images: bool | None = None,
    ) -> None:
        await self.open_from_presets(interaction, dict(
            deal=deal, turn_timer=turn_timer, rounds=rounds, direction=direction,
            punishment_accumulates=punishment_accumulates, bombs_answer_bombs=bombs_answer_bombs,
            forgotten_call_costs_a_card=forgotten_call_costs_a_card, ace_finish=ace_finish, no_jokers=no_jokers,
            images=images))

    @app_commands.command(name="solo", description=command_text.KADI_SOLO)
    @app_commands.describe(**command_text.KADI_SOLO_OPTIONS)
    @app_commands.choices(deal=DEAL_CHOICES, turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, opponents: app_commands.Range[int, 1, 4] = 2,
                   deal: int | None = None, turn_timer: int | None = None, level: str = Level.NORMAL,
                   images: bool | None = None) -> None:
        await self.open_from_presets(interaction, dict(deal=deal, turn_timer=turn_timer, images=images),
                                     solo_against=(opponents, level))

    presets = app_commands.Group(name="presets", description=preset_text.GROUP, guild_only=True)

    @presets.command(name="save", description=preset_text.SAVE_COMMAND)
    @app_commands.describe(**NEW_DESCRIPTIONS, scope=preset_text.SCOPE_OPTION)
    @app_commands.choices(deal=DEAL_CHOICES, turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(direction=DIRECTION_CHOICES, scope=SCOPE_CHOICES)
    async def save(
        self, interaction: Interaction, scope: str = "channel", deal: int | None = None,
        turn_timer: int | None = None, rounds: app_commands.Range[int, 1, 20] | None = None,
        direction: str | None = None, punishment_accumulates: bool | None = None,
        bombs_answer_bombs: bool | None = None, forgotten_call_costs_a_card: bool | None = None,
        ace_finish: bool | None = None, no_jokers: bool | None = None, images: bool | None = None,
    ) -> None:
        await self.save_preset(interaction, scope, dict(
            deal=deal, turn_timer=turn_timer, rounds=rounds, direction=direction,
            punishment_accumulates=punishment_accumulates, bombs_answer_bombs=bombs_answer_bombs,
            forgotten_call_costs_a_card=forgotten_call_costs_a_card, ace_finish=ace_finish, no_jokers=no_jokers,
            images=images))

    @presets.command(name="show", description=preset_text.SHOW_COMMAND)
    async def show(self, interaction: Interaction) -> None:
        await self.show_presets(interaction)

    @presets.command(name="clear", description=preset_text.CLEAR_COMMAND)
    @app_commands.describe(scope=preset_text.SCOPE_OPTION)
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def clear(self, interaction: Interaction, scope: str = "channel") -> None:
        await self.clear_preset(interaction, scope)

    @app_commands.command(name="niko", description=command_text.KADI_NIKO)
    async def niko(self, interaction: Interaction) -> None:
        await self.controller.slash_call(interaction, self.game)


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(KadiCog(bot))
