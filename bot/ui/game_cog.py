"""The slash commands every game shares, as a cog base class.

A game's cog subclasses ``GameCog`` with its group name (``/kadi``), adds the
commands only it has (``/kadi new`` with its house rules, ``/kadi niko``) and
nothing else: hands, plays, draws, leaving, ending and the rules page are here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.core.errors import Refusal
from bot.registry import Level, game_titles
from bot.storage.base import Preset, PresetScope
from bot.tables.table import TableError, TableOptions
from bot.ui import presets
from bot.ui.controller import Controller
from bot.ui.guard import ANY_SHARD
from bot.ui.presenter import Placeholder
from bot.ui.text import commands as command_text
from bot.ui.text import presets as preset_text
from bot.ui.text.rules import rules_pages as rules_pages  # the messages /<game> rules shows (the tests read it)

if TYPE_CHECKING:
    from bot.client import KadiBot

Interaction = discord.Interaction[Any]
log = logging.getLogger(__name__)

TURN_TIMER_CHOICES = [app_commands.Choice(name=name, value=seconds)
                      for name, seconds in command_text.TURN_TIMER_CHOICES]
LEVEL_CHOICES = [app_commands.Choice(name=command_text.LEVEL_NAMES[level], value=level) for level in Level]
"""A solo table's computers: easy (they blunder now and then), normal, hard (they search)."""
SCOPE_CHOICES = [app_commands.Choice(name=name, value=value) for name, value in preset_text.SCOPE_CHOICES]
"""Where a preset of house rules applies: this channel (the default) or the whole server."""


class GameCog(commands.GroupCog):
    game: ClassVar[str]
    omit: ClassVar[tuple[str, ...]] = ()  # shared commands the game has no use for (Donkey draws nothing)
    # Every option of /<game> new and the value it takes when neither the host nor a preset
    # gives one; /<game> presets save takes the same options (bot/ui/presets.py).
    new_defaults: ClassVar[dict[str, Any]] = {}
    solo_defaults: ClassVar[dict[str, Any]] = {}  # /<game> solo's, where they differ (no turn clock)
    solo_leaves_out: ClassVar[tuple[str, ...]] = ()  # preset options a solo table does not take

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

    # ------------------------------------------------------------ house rules
    def table_options(self, values: Mapping[str, Any]) -> TableOptions:
        """The table options for every option of ``new_defaults`` (the rules made by
        ``bot.registry.table_rules``; a ``RulesRefused`` for a mix that makes no sense).
        Each game's cog says."""
        raise NotImplementedError

    def new_parameters(self) -> list[app_commands.Parameter]:
        """/<game> new's options, as declared: what a preset may hold and how each is checked."""
        command = getattr(self, "new")  # noqa: B009 (each game's cog declares its own)
        assert isinstance(command, app_commands.Command)
        return command.parameters

    async def open_from_presets(self, interaction: Interaction, given: Mapping[str, Any | None],
                                solo_against: tuple[int, str] | None = None) -> None:
        """``/<game> new`` (or ``solo``, with ``solo_against`` = (opponents, level)): the
        host's options (None where not given) over the house rules that apply here."""
        found = await self._presets_here(interaction)
        if found is None:
            return
        defaults = {**self.new_defaults, **self.solo_defaults} if solo_against else self.new_defaults
        start = presets.starting_values(self.new_parameters(), defaults, given, found,
                                        self.solo_leaves_out if solo_against else ())
        try:
            options = self.table_options(start.values)
        except Refusal as refusal:  # the runtime's or the rules' (RulesRefused)
            await self.bot.presenter.refuse(interaction, refusal, placeholder=Placeholder.PUBLIC)
            return
        options.rules_from, options.changed = start.rules_from, start.changed
        if solo_against is None:
            await self.controller.open_table(interaction, self.game, options)
            return
        opponents, level = solo_against
        options.computer_level = Level(level)
        await self.controller.open_table(interaction, self.game, options, computers=opponents, start=True)

    async def _presets_here(self, interaction: Interaction) -> list[Preset] | None:
        """The presets bearing on the interaction's channel (none outside a server: the
        controller refuses that); None, after one private sentence, if they could not be read."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        try:
            return await self.bot.presenter.within_deadline(interaction, self.bot.storage.presets_here(
                interaction.guild_id, self.game, interaction.channel_id), Placeholder.PUBLIC)
        except Exception:
            log.exception("reading the %s presets failed", self.game)
            await self.bot.presenter.tell(interaction, preset_text.UNREADABLE, Placeholder.PUBLIC)
            return None

    @staticmethod
    def may_manage(interaction: Interaction) -> bool:
        """Manage Server, checked here rather than left to Discord's command permissions (a
        server may open those to everyone): the rule is the bot's, as for seasons."""
        return interaction.guild_id is not None and bool(interaction.permissions.manage_guild)

    async def _presets_place(self, interaction: Interaction, changing: bool) -> tuple[int, int] | None:
        """The server and channel whose presets ``interaction`` reads, or saves and clears
        (``changing``: only a member with Manage Server may); None, after one private
        sentence saying why, outside a server or for a member who may not."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.bot.presenter.refuse(interaction, TableError("not-in-a-server"))
            return None
        if changing and not self.may_manage(interaction):
            await self.bot.presenter.tell(interaction, preset_text.NOT_MANAGER)
            return None
        return interaction.guild_id, interaction.channel_id

    async def save_preset(self, interaction: Interaction, scope: str, given: Mapping[str, Any | None]) -> None:
        """``/<game> presets save``: the options given, checked as ``/<game> new`` checks
        them, saved whole for this channel or the server."""
        place = await self._presets_place(interaction, changing=True)
        if place is None:
            return
        guild_id, channel_id = place
        values = {name: value for name, value in given.items() if value is not None}
        parameters = self.new_parameters()
        problem = presets.options_refused(parameters, values)
        if problem is not None:
            await self.bot.presenter.tell(interaction, problem)
            return
        try:  # the same mixes /new refuses (Karata: a Karata-only switch with Kadi Moja)
            self.table_options({**self.new_defaults, **values})
        except Refusal as refusal:  # the runtime's or the rules' (RulesRefused)
            await self.bot.presenter.refuse(interaction, refusal)
            return
        where = PresetScope(scope)
        if not await self._changed(interaction, self.bot.storage.save_preset(
                guild_id, self.game, where, channel_id, values, interaction.user.id)):
            return
        await self.bot.presenter.tell(interaction, preset_text.saved(where, self._title(),
                                                                      presets.shown(parameters, values)))

    async def show_presets(self, interaction: Interaction) -> None:
        """``/<game> presets show``: what new tables here start from, and where it comes from."""
        place = await self._presets_place(interaction, changing=False)
        if place is None:
            return
        guild_id, channel_id = place
        try:
            found = await self.bot.presenter.within_deadline(interaction, self.bot.storage.presets_here(
                guild_id, self.game, channel_id), Placeholder.PRIVATE)
        except Exception:
            log.exception("reading the %s presets failed", self.game)
            await self.bot.presenter.tell(interaction, preset_text.SHOW_UNREADABLE)
            return
        parameters = self.new_parameters()
        applies = ((str(found[0].scope), presets.shown(parameters, presets.usable(parameters, found[0])))
                   if found else None)
        server = [p for p in found[1:] if p.scope == PresetScope.SERVER]
        elsewhere = presets.shown(parameters, presets.usable(parameters, server[0])) if server else None
        await self.bot.presenter.tell(interaction, preset_text.shown(self._title(), applies, elsewhere))

    async def clear_preset(self, interaction: Interaction, scope: str) -> None:
        """``/<game> presets clear``: forget this channel's or the server's preset."""
        place = await self._presets_place(interaction, changing=True)
        if place is None:
            return
        guild_id, channel_id = place
        where = PresetScope(scope)
        there = await self._changed(interaction, self.bot.storage.clear_preset(guild_id, self.game, where, channel_id))
        if there is not None:
            await self.bot.presenter.tell(interaction, preset_text.cleared(where, self._title(), bool(there)))

    async def _changed(self, interaction: Interaction, work: Any) -> Any:
        """``work`` (a database write), deferred privately if slow: its result (True for
        none); None, after one private sentence, if the database failed."""
        try:
            done = await self.bot.presenter.within_deadline(interaction, work, Placeholder.PRIVATE)
        except Exception:
            log.exception("changing the %s presets failed", self.game)
            await self.bot.presenter.tell(interaction, preset_text.NOT_SAVED)
            return None
        return True if done is None else done

    def _title(self) -> str:
        return game_titles().get(self.game, self.game)

    @app_commands.command(name="watch", description=command_text.WATCH)
    async def watch(self, interaction: Interaction) -> None:
        await self.controller.slash_watch(interaction, self.game)

    @app_commands.command(name="hand", description=command_text.HAND)
    async def hand(self, interaction: Interaction) -> None:
        await self.controller.slash_hand(interaction, self.game)

    @app_commands.command(name="play", description=command_text.PLAY)
    @app_commands.describe(cards=command_text.PLAY_CARDS_OPTION)
    async def play(self, interaction: Interaction, cards: app_commands.Range[str, 1, 200]) -> None:
        await self.controller.slash_move(interaction, self.game, "play " + cards)

    @play.autocomplete("cards")
    async def play_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self.play_choices(interaction, current)

    @app_commands.command(name="draw", description=command_text.DRAW)
    async def draw(self, interaction: Interaction) -> None:
        await self.controller.slash_default(interaction, self.game)

    @app_commands.command(name="leave", description=command_text.LEAVE)
    async def leave(self, interaction: Interaction) -> None:
        await self.controller.slash_leave(interaction, self.game)

    @app_commands.command(name="end", description=command_text.END)
    async def end(self, interaction: Interaction) -> None:
        await self.controller.slash_end(interaction, self.game)

    # Any process answers: the pages are package data, and no table is touched.
    @app_commands.command(name="rules", description=command_text.RULES, extras={ANY_SHARD: True})
    async def rules(self, interaction: Interaction) -> None:
        """A short first page, then a menu of sections (each replacing the page) and ◀ ▶."""
        await self.bot.presenter.answer_rules(interaction, self.game)

    # Any process answers: they read the database only, and no table is touched.
    @app_commands.command(name="history", description=command_text.HISTORY, extras={ANY_SHARD: True})
    async def history(self, interaction: Interaction) -> None:
        await self.controller.slash_history(interaction, self.game)

    @app_commands.command(name="replay", description=command_text.REPLAY, extras={ANY_SHARD: True})
    @app_commands.describe(round=command_text.REPLAY_ROUND_OPTION)
    async def replay(self, interaction: Interaction, round: app_commands.Range[str, 1, 40] | None = None) -> None:
        await self.controller.slash_replay(interaction, self.game, round)

    @replay.autocomplete("round")
    async def replay_rounds(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label[:100], value=value[:100])
                for label, value in await self.controller.replay_choices(interaction, self.game, current)]
