"""/karata: Karata and Kadi Moja tables. Only what is Karata's own lives here: the preset and
switches offered at /karata new, the Kadi Moja call and the cheat-mode challenge; the rest
(hands, plays, draws, plugs, consent, the rules page) is GameCog's and the shared runtime's."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.client import KadiBot
from bot.games.core.moves import MoveKind
from bot.games.karata.rules import (
    CALL_MUST_CALL_TO_WIN,
    ELIMINATION_CEILING,
    ELIMINATION_KNOCK_OUT,
    KarataRules,
)
from bot.registry import Level
from bot.tables.table import TableError, TableOptions
from bot.ui.game_cog import LEVEL_CHOICES, TURN_TIMER_CHOICES, GameCog

Interaction = discord.Interaction[Any]

PRESET_CHOICES = [app_commands.Choice(name="Karata (5 cards, plugging, Jack bridge)", value="karata"),
                  app_commands.Choice(name="Kadi Moja (7 cards, call or draw 2)", value="kadi-moja")]


def karata_options(preset: str, turn_timer: int, *, must_call_to_win: bool = False, elimination: bool = False,
                   cheat_mode: bool = False, points_ceiling: int | None = None) -> TableOptions:
    """The table options for a preset and its switches; a ``TableError`` for a mix that makes no sense."""
    if must_call_to_win and preset != "karata":
        raise TableError("call-is-kadi-moja-rule")
    if points_ceiling is not None and not (preset == "kadi-moja" and elimination):
        raise TableError("ceiling-needs-elimination")
    changes: dict[str, Any] = {}
    if must_call_to_win:
        changes["call_rule"] = CALL_MUST_CALL_TO_WIN
    if elimination:
        changes["elimination"] = ELIMINATION_KNOCK_OUT if preset == "karata" else ELIMINATION_CEILING
    if points_ceiling is not None:
        changes["points_ceiling"] = points_ceiling
    if cheat_mode:
        changes["cheat_mode"] = True
    rules = KarataRules.preset(preset, **changes)
    return TableOptions(rules=rules.to_dict(), turn_seconds=turn_timer or None, consent=["cheat_mode"],
                        max_seats=rules.seat_limit())


class KarataCog(GameCog, group_name="karata", group_description="Play Karata or Kadi Moja"):
    game = "karata"

    @app_commands.command(name="new", description="Open a Karata or Kadi Moja table in this channel.")
    @app_commands.describe(
        preset="Which rules: Karata (the default) or Kadi Moja", turn_timer="Time for each turn (60 s by default)",
        must_call_to_win="Karata: without a Kadi Moja call your last card doesn't win and you draw one",
        elimination="Play rounds until one player is left (Karata: knock-out; Kadi Moja: points ceiling)",
        cheat_mode="Hide one card and challenge others; every player must agree before the deal",
        points_ceiling="Kadi Moja elimination: crossing this many points knocks you out (100 by default)",
        images="Show the table as a picture of cards (on by default)",
    )
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.choices(turn_timer=TURN_TIMER_CHOICES)
    async def new(
        self, interaction: Interaction, preset: str = "karata", turn_timer: int = 60,
        must_call_to_win: bool = False, elimination: bool = False, cheat_mode: bool = False,
        points_ceiling: app_commands.Range[int, 10, 1000] | None = None, images: bool = True,
    ) -> None:
        try:
            options = karata_options(preset, turn_timer, must_call_to_win=must_call_to_win,
                                     elimination=elimination, cheat_mode=cheat_mode, points_ceiling=points_ceiling)
        except TableError as refusal:
            await self.bot.presenter.refuse(interaction, refusal)
            return
        options.images = images
        await self.controller.open_table(interaction, self.game, options)

    @app_commands.command(name="solo", description="Play Karata or Kadi Moja against computer players right now.")
    @app_commands.describe(opponents="How many computer players (1 to 7; Kadi Moja seats 6)", preset="Which rules",
                           elimination="Play rounds until one player is left",
                           turn_timer="Time for each of your turns",
                           level="How well the computers play (normal by default)",
                           images="Show the table as a picture of cards (on by default)")
    @app_commands.choices(preset=PRESET_CHOICES)
    @app_commands.choices(turn_timer=TURN_TIMER_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def solo(self, interaction: Interaction, opponents: app_commands.Range[int, 1, 7] = 2,
                   preset: str = "karata", elimination: bool = False, turn_timer: int = 0,
                   level: str = Level.NORMAL, images: bool = True) -> None:
        options = karata_options(preset, turn_timer, elimination=elimination)
        options.computer_level = Level(level)
        options.images = images
        await self.controller.open_table(interaction, self.game, options, computers=opponents, start=True)

    @app_commands.command(name="moja", description="Call Kadi Moja! when you are down to one card.")
    async def moja(self, interaction: Interaction) -> None:
        await self.controller.slash_call(interaction, self.game)

    @app_commands.command(name="challenge", description="Cheat mode: accuse a player of hiding a card.")
    @app_commands.describe(member="The player you accuse")
    async def challenge(self, interaction: Interaction, member: discord.Member) -> None:
        await self.controller.slash_aimed(interaction, self.game, MoveKind.CHALLENGE, member.id)


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(KarataCog(bot))
