"""/leaderboard, /stats and /standings season: per-guild standings, read from stored
figures (see ``bot/storage/rating.py``). A guild only ever sees its own.

Seasons (issue 32): ``/leaderboard`` shows the current season unless ``season:`` names
another (a number, or ``all`` for all time); ``/stats`` stays all-time, a member's whole
record. ``/standings season new`` and ``/standings season monthly`` are for members with
Manage Server, checked here rather than left to Discord's command permissions: a server
may open those to everyone, and the rule is the bot's (the same as ending any table)."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections.abc import Awaitable
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import KadiBot
from bot.registry import game_class, game_titles
from bot.storage.base import Rating, Seasons, Standing
from bot.storage.rating import MIN_HUMANS, MIN_RATED_ROUNDS
from bot.ui.charts import rating_chart
from bot.ui.guard import ANY_SHARD
from bot.ui.presenter import Placeholder
from bot.ui.render import plain_text
from bot.ui.text import commands as command_text
from bot.ui.text import failures, i18n, seasons
from bot.ui.text import standings as standing_words

Interaction = discord.Interaction[Any]
T = TypeVar("T")
log = logging.getLogger(__name__)



def game_choices() -> list[app_commands.Choice[str]]:
    """Every game the registry offers, as /leaderboard's and /stats' choices."""
    return [app_commands.Choice(name=title, value=game) for game, title in game_titles().items()]


GAME_CHOICES = game_choices()  # read once, when the commands are declared
CHART = "rating.png"


def game_title(game: str) -> str:
    """A game's name in the language of the moment (GAME_CHOICES, read once for the
    command's choices, stay in English: Discord has no Kiswahili for them)."""
    return game_titles().get(game, game)


def rating_text(rating: Rating | None) -> str:
    """The rating members are ranked by (μ − 3σ), with μ and its uncertainty σ."""
    if rating is None:
        return standing_words.rating_text(None)
    return standing_words.rating_text(rating.ordinal, rating.mu, rating.sigma)


def figures(s: Standing, game: str) -> str:
    return standing_words.figures(s.wins, s.rounds, s.average_rank, donkey=game_class(game).loser_counts,
                                  losses=s.losses, points=s.points)


def standing_line(name: str, s: Standing, game: str) -> str:
    return f"**{s.position}.** {name} — {rating_text(s.rating)} · {figures(s, game)}"


def member_name(guild: discord.Guild | None, user_id: int) -> str:
    """The member's display name, escaped, when the guild has them at hand; otherwise a
    mention, which Discord shows as their name (allowed_mentions keeps it from pinging)."""
    member = guild.get_member(user_id) if guild is not None else None
    return plain_text(member.display_name) if member is not None else f"<@{user_id}>"


def stats_field(s: Standing, game: str) -> str:
    if s.rating is None:
        rated = standing_words.not_rated(MIN_HUMANS)
    else:
        rated = standing_words.stats_rating(s.rating.ordinal, s.rating.mu, s.rating.sigma, s.rating.rounds)
    places = " · ".join(standing_words.place_count(i + 1, n) for i, n in enumerate(s.ranks) if n)
    return f"{rated}\n{figures(s, game)}\n{standing_words.finished(places)}"


def season_dates(known: Seasons, shown: int | None) -> str:
    """When the shown season began (and ended, if it has), as Discord's local dates."""
    if shown is None or shown not in known.started:
        return ""
    began = discord.utils.format_dt(datetime.fromtimestamp(known.started[shown], UTC), "D")
    after = known.started.get(shown + 1)
    if after is None:
        return seasons.season_since(began) if shown == known.current else ""
    return seasons.season_between(began, discord.utils.format_dt(datetime.fromtimestamp(after, UTC), "D"))


def season_list(known: Seasons, title: str) -> str:
    """Every season of a game, newest first, with when each began and ended (Discord's local dates)."""
    def date(when: float | None) -> str | None:
        return None if when is None else discord.utils.format_dt(datetime.fromtimestamp(when, UTC), "D")

    lines = [seasons.season_list_line(n, known.current, date(known.started.get(n)), date(known.started.get(n + 1)))
             for n in range(known.current, 0, -1)]
    return seasons.season_list(title, lines, known.monthly)


class StandingsCog(commands.Cog):
    def __init__(self, bot: KadiBot) -> None:
        self.bot = bot

    # Both read only the shared database: any process may answer them (bot/ui/guard.py).
    @app_commands.command(name="leaderboard", description=command_text.LEADERBOARD, extras={ANY_SHARD: True})
    @app_commands.describe(game=command_text.LEADERBOARD_GAME_OPTION,
                           include_computer_rounds=command_text.LEADERBOARD_COMPUTERS_OPTION,
                           season=seasons.SEASON_OPTION)
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: Interaction, game: str, include_computer_rounds: bool = False,
                          season: app_commands.Range[str, 1, 20] | None = None) -> None:
        assert interaction.guild_id is not None
        found = await self._read(interaction, self._board(interaction.guild_id, game, season,
                                                          not include_computer_rounds))
        if found is None:
            return
        known, shown, rows = found
        if rows is None:
            await self.bot.presenter.tell(interaction, seasons.unknown_season(season or "", game_title(game),
                                                                              known.current), Placeholder.PUBLIC)
            return
        # The board is public: in the server's language, not the asking member's.
        with i18n.speaking(await self.bot.presenter.channel_language(interaction)):
            await self._answer_with_board(interaction, game, include_computer_rounds, known, shown, rows)

    async def _answer_with_board(self, interaction: Interaction, game: str, include_computer_rounds: bool,
                                 known: Seasons, shown: int | None, rows: list[Standing]) -> None:
        embed = discord.Embed(title=seasons.board_title(game_title(game), shown, known.current), colour=0xF9A825)
        if not rows:
            embed.description = standing_words.board_empty(MIN_RATED_ROUNDS, MIN_HUMANS,
                                                      computers_counted=include_computer_rounds)
        else:
            embed.description = "\n".join(
                standing_line(member_name(interaction.guild, s.user_id), s, game) for s in rows)
        embed.set_footer(text=standing_words.board_footer(MIN_RATED_ROUNDS, MIN_HUMANS,
                                                     computers_counted=include_computer_rounds))
        when = season_dates(known, shown)
        if when:
            embed.description = f"{embed.description}\n{when}"
        await self.bot.presenter.answer_publicly(interaction, embed=embed)

    async def _board(self, guild_id: int, game: str, asked: str | None,
                     humans_only: bool) -> tuple[Seasons, int | None, list[Standing] | None]:
        """The guild's seasons, the season shown (None: all time) and its board; no board
        when ``asked`` names no season there is."""
        known = await self.bot.storage.seasons(guild_id, game)
        word = (asked or "").strip().lower()
        if not word:
            shown: int | None = known.current
        elif word in seasons.ALL_TIME_WORDS:
            shown = None
        elif word.isdigit() and 1 <= int(word) <= known.current:
            shown = int(word)
        else:
            return known, None, None
        return known, shown, await self.bot.storage.leaderboard(guild_id, game, humans_only=humans_only,
                                                                 season=shown)

    standings = app_commands.Group(name="standings", description=seasons.GROUP, guild_only=True)
    season = app_commands.Group(name="season", description=seasons.SEASON_GROUP, parent=standings)

    # Like /leaderboard, these touch only the shared database: any process may answer them.
    @season.command(name="new", description=seasons.NEW_COMMAND, extras={ANY_SHARD: True})
    @app_commands.describe(game=seasons.GAME_OPTION)
    @app_commands.choices(game=GAME_CHOICES)
    async def new_season(self, interaction: Interaction, game: str) -> None:
        if not self._may_change_seasons(interaction):
            await self.bot.presenter.tell(interaction, seasons.NOT_MANAGER)
            return
        assert interaction.guild_id is not None
        number = await self._change(interaction, self.bot.storage.new_season(interaction.guild_id, game))
        if number is not None:
            await self.bot.presenter.tell(interaction, seasons.season_started(game_title(game), number))

    @season.command(name="list", description=seasons.LIST_COMMAND, extras={ANY_SHARD: True})
    @app_commands.describe(game=seasons.GAME_OPTION)
    @app_commands.choices(game=GAME_CHOICES)
    async def list_seasons(self, interaction: Interaction, game: str) -> None:
        # Anyone may look: it only reads, and /leaderboard season: shows each season publicly.
        assert interaction.guild_id is not None
        known = await self._read(interaction, self.bot.storage.seasons(interaction.guild_id, game),
                                 Placeholder.PRIVATE)
        if known is None:
            return
        await self.bot.presenter.tell(interaction, season_list(known, game_title(game)), Placeholder.PRIVATE)

    @season.command(name="monthly", description=seasons.MONTHLY_COMMAND, extras={ANY_SHARD: True})
    @app_commands.describe(game=seasons.GAME_OPTION, monthly=seasons.MONTHLY_OPTION)
    @app_commands.choices(game=GAME_CHOICES,
                          monthly=[app_commands.Choice(name=n, value=v) for n, v in seasons.MONTHLY_CHOICES])
    async def monthly(self, interaction: Interaction, game: str, monthly: str) -> None:
        if not self._may_change_seasons(interaction):
            await self.bot.presenter.tell(interaction, seasons.NOT_MANAGER)
            return
        assert interaction.guild_id is not None
        on = monthly == "on"
        done = await self._change(interaction, self._set_monthly(interaction.guild_id, game, on))
        if done is not None:
            await self.bot.presenter.tell(interaction, seasons.monthly_set(game_title(game), on))

    async def _set_monthly(self, guild_id: int, game: str, on: bool) -> bool:
        await self.bot.storage.set_monthly_seasons(guild_id, game, on)
        return on

    @staticmethod
    def _may_change_seasons(interaction: Interaction) -> bool:
        return interaction.guild_id is not None and bool(interaction.permissions.manage_guild)

    async def _change(self, interaction: Interaction, work: Awaitable[T]) -> T | None:
        """``work`` (a database write), deferred privately if slow; None, after one private
        sentence, if the database failed."""
        try:
            return await self.bot.presenter.within_deadline(interaction, work, Placeholder.PRIVATE)
        except Exception:
            log.exception("changing the seasons failed")
            await self.bot.presenter.tell(interaction, seasons.NOT_SAVED)
            return None

    @app_commands.command(name="stats", description=command_text.STATS, extras={ANY_SHARD: True})
    @app_commands.guild_only()
    async def stats(self, interaction: Interaction, member: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        target = member or interaction.user
        found = await self._read(interaction, self._stats_and_chart(interaction.guild_id, target.id))
        if found is None:
            return
        games, png = found
        embed = discord.Embed(title=standing_words.stats_title(plain_text(target.display_name)), colour=0xF9A825)
        if not games:
            embed.description = standing_words.stats_empty()
        for game, s in games.items():
            embed.add_field(name=game_title(game), value=stats_field(s, game), inline=False)
        if png is None:
            await self.bot.presenter.answer_publicly(interaction, embed=embed)
            return
        embed.set_image(url=f"attachment://{CHART}")
        embed.set_footer(text=standing_words.chart_footer())
        chart = discord.File(io.BytesIO(png), filename=CHART)
        await self.bot.presenter.answer_publicly(interaction, embed=embed, file=chart)

    async def _stats_and_chart(self, guild_id: int, user_id: int) -> tuple[dict[str, Standing], bytes | None]:
        games = await self.bot.storage.member_stats(guild_id, user_id)
        series = {game_title(game): s.rating.history for game, s in games.items() if s.rating is not None}
        if not series:
            return games, None
        chart = functools.partial(rating_chart, series, rounds_label=standing_words.chart_rounds,
                                  axis_label=standing_words.chart_axis())
        return games, await asyncio.to_thread(chart)

    async def _read(self, interaction: Interaction, work: Awaitable[T],
                    placeholder: Placeholder = Placeholder.PUBLIC) -> T | None:
        """``work`` (a database read), deferred with ``placeholder`` ("thinking...", public
        for an answer that will be public) if it outlasts the answer's budget; None, after
        one private sentence, if the database failed."""
        try:
            return await self.bot.presenter.within_deadline(interaction, work, placeholder)
        except Exception:
            log.exception("reading the standings failed")
            await self.bot.presenter.tell(interaction, failures.STANDINGS_UNREADABLE, placeholder)
            return None


async def setup(bot: KadiBot) -> None:
    await bot.add_cog(StandingsCog(bot))
