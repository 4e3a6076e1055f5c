"""/leaderboard and /stats: per-guild standings. A guild only ever sees its own."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KadiBot
from bot.storage.sqlite import Standing

Interaction = discord.Interaction[Any]

GAME_CHOICES = [app_commands.Choice(name="Kadi", value="kadi"),
                app_commands.Choice(name="Karata / Kadi Moja", value="karata"),
                app_commands.Choice(name="Donkey", value="donkey")]


def standing_line(position: int, member: str, s: Standing, game: str) -> str:
    line = (f"**{position}. {member}** — rating {s.rating:.0f} · {s.wins} win{'s' if s.wins != 1 else ''}"
            f" in {s.rounds} round{'s' if s.rounds != 1 else ''} · average rank {s.average_rank:.2f}")
    if game == "donkey":
        line += f" · Donkey {s.losses}×"
    else:
        line += f" · {s.points} points"
    return line


class StandingsCog(commands.Cog):
    def __init__(self, bot: KadiBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="This server's best players of a game.")
    @app_commands.describe(game="Which game", include_computer_rounds="Also count rounds with fewer than two humans")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: Interaction, game: str,
                          include_computer_rounds: bool = False) -> None:
        assert interaction.guild_id is not None
        rows = await self.bot.storage.leaderboard(interaction.guild_id, game,
                                                  humans_only=not include_computer_rounds)
        title = next(c.name for c in GAME_CHOICES if c.value == game)
        embed = discord.Embed(title=f"{title} leaderboard", colour=0xF9A825)
        if not rows:
            embed.description = ("No rounds recorded yet." if include_computer_rounds else
                                 "No rounds with at least two humans yet (try include_computer_rounds).")
        else:
            embed.description = "\n".join(
                standing_line(i + 1, f"<@{s.user_id}>", s, game) for i, s in enumerate(rows))
        embed.set_footer(text="Rounds with computer players count only with include_computer_rounds."
                         if not include_computer_rounds else "Including rounds with computer players.")
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="stats", description="A member's standing in every game on this server.")
    @app_commands.guild_only()
    async def stats(self, interaction: Interaction, member: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        target = member or interaction.user
        games = await self.bot.storage.member_stats(interaction.guild_id, target.id)
        embed = discord.Embed(title=f"{target.display_name}'s standing", colour=0xF9A825)
        if not games:
            embed.description = "No rounds played on this server yet."
        for game, s in games.items():
            title = next(c.name for c in GAME_CHOICES if c.value == game)
            embed.add_field(name=title, value=standing_line(1, target.display_name, s, game)[5:], inline=False)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(StandingsCog(bot))
