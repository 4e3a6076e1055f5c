"""/karata: Karata and Kadi Moja tables. Only what is Karata's own lives here: the preset and
switches offered at /karata new, the Kadi Moja call and the cheat-mode challenge; the rest
(hands, plays, draws, plugs, consent, the rules page) is GameCog's and the shared runtime's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.client import KadiBot
from bot.games.core.moves import MoveKind
from bot.games.karata.rules import KarataRules
from bot.registry import Level, table_rules
from bot.tables.table import TableOptions
from bot.ui.game_cog import LEVEL_CHOICES, SCOPE_CHOICES, TURN_TIMER_CHOICES, GameCog
from bot.ui.text import commands as command_text
from bot.ui.text import presets as preset_text

Interaction = discord.Interaction[Any]

PRESET_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in command_text.KARATA_PRESET_CHOICES]


def karata_options(preset: str, turn_timer: int, *, must_call_to_win: bool = False, elimination: bool = False,
                   cheat_mode: bool = False, points_ceiling: int | None = None) -> TableOptions:
    """The table options for a preset and its switches (the rules made by ``table_rules``);
    a ``RulesRefused`` for a mix that makes no sense."""
    rules = table_rules("karata", {"preset": preset, "must_call_to_win": must_call_to_win, "elimination": elimination,
                                   "cheat_mode": cheat_mode, "points_ceiling": points_ceiling})
    assert isinstance(rules, KarataRules)
    return TableOptions(rules=rules, turn_seconds=turn_timer or None, consent=["cheat_mode"],
                        max_seats=rules.seat_limit())


NEW_DESCRIPTIONS = command_text.KARATA_NEW_OPTIONS  # /karata new's and /karata presets save's


class KarataCog(GameCog, group_name="karata", group_description=command_text.KARATA_GROUP):
    game = "karata"
    new_defaults: ClassVar[dict[str, Any]] = {
        "preset": "karata", "turn_timer": 60, "must_call_to_win": False, "elimination": False, "cheat_mode": False,
        "points_ceiling": None, "images": True}
    solo_defaults: ClassVar[dict[str, Any]] = {"turn_timer": 0}
    # A solo table deals at once: cheat mode, which every player must agree to first, stays off.
    solo_leaves_out = ("cheat_mode",)

    def table_options(self, values: Mapping[str, Any]) -> TableOptions:
        options = karata_options(values["preset"], values["turn_timer"], must_call_to_win=values["must_call_to_win"],
                                 elimination=values["elimination"], cheat_mode=values["cheat_mode"],
                                 points_ceiling=values["points_ceiling"])
        options.images = values["images"]
        return options

    # Every option None when the host leaves it out: the house rules here fill it in (bot/ui/presets.py).
    @app_commands.command(name="new", description=command_text.KARATA_NEW)
    @app_commands.describe(**NEW_DESCRIPTIONS)
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.choices(turn_timer=TURN_TIMER_CHOICES)
    async def new(
        self, interaction: Interaction, preset: str | None = None, turn_timer: int | None = None,
        must_call_to_win: bool | None = None, elimination: bool | None = None, cheat_mode: bool | None = None,
        points_ceiling: app_commands.Range[int, 10, 1000] | None = None, images: bool | None = None,
    ) -> None:
        await self.open_from_presets(interaction, dict(
            preset=preset, turn_timer=turn_timer, must_call_to_win=must_call_to_win, elimination=elimination,
            cheat_mode=cheat_mode, points_ceiling=points_ceiling, images=images))

    @app_commands.command(name="solo", description=command_text.KARATA_SOLO)
    @app_commands.describe(**command_text.KARATA_SOLO_OPTIONS)
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.choices(turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, opponents: app_commands.Range[int, 1, 7] = 2,
                   preset: str | None = None, elimination: bool | None = None, turn_timer: int | None = None,
                   level: str = Level.NORMAL, images: bool | None = None) -> None:
        await self.open_from_presets(interaction, dict(preset=preset, elimination=elimination, turn_timer=turn_timer,
                                                       images=images), solo_against=(opponents, level))

    presets = app_commands.Group(name="presets", description=preset_text.GROUP, guild_only=True)

    @presets.command(name="save", description=preset_text.SAVE_COMMAND)
    @app_commands.describe(**NEW_DESCRIPTIONS, scope=preset_text.SCOPE_OPTION)
    @app_commands.choices(preset=PRESET_CHOICES, scope=SCOPE_CHOICES)
    @app_commands.choices(turn_timer=TURN_TIMER_CHOICES)
    async def save(
        self, interaction: Interaction, scope: str = "channel", preset: str | None = None,
        turn_timer: int | None = None, must_call_to_win: bool | None = None, elimination: bool | None = None,
        cheat_mode: bool | None = None, points_ceiling: app_commands.Range[int, 10, 1000] | None = None,
        images: bool | None = None,
    ) -> None:
        await self.save_preset(interaction, scope, dict(
            preset=preset, turn_timer=turn_timer, must_call_to_win=must_call_to_win, elimination=elimination,
            cheat_mode=cheat_mode, points_ceiling=points_ceiling, images=images))

    @presets.command(name="show", description=preset_text.SHOW_COMMAND)
    async def show(self, interaction: Interaction) -> None:
        await self.show_presets(interaction)

    @presets.command(name="clear", description=preset_text.CLEAR_COMMAND)
    @app_commands.describe(scope=preset_text.SCOPE_OPTION)
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def clear(self, interaction: Interaction, scope: str = "channel") -> None:
        await self.clear_preset(interaction, scope)

    @app_commands.command(name="moja", description=command_text.KARATA_MOJA)
    async def moja(self, interaction: Interaction) -> None:
        await self.controller.slash_call(interaction, self.game)

    @app_commands.command(name="challenge", description=command_text.KARATA_CHALLENGE)
    @app_commands.describe(member=command_text.KARATA_CHALLENGE_MEMBER_OPTION)
    async def challenge(self, interaction: Interaction, member: discord.Member) -> None:
        await self.controller.slash_aimed(interaction, self.game, MoveKind.CHALLENGE, member.id)


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(KarataCog(bot))
