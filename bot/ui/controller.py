"""Turning interactions into table actions, and answering them.

Written once for every game: the cogs' slash commands and the persistent
buttons all come here. Every answer to bad input is private and one sentence;
an accepted move is saved by the runtime before anybody is answered.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Mapping
from typing import Any, TypeVar

import discord

from bot.games.cards import Card, CardParseError, parse_cards
from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move, MoveKind
from bot.tables.runtime import TableRuntime
from bot.tables.table import LOBBY, PLAYING, Table, TableError, TableOptions
from bot.ui.components import OtherSelect
from bot.ui.game_ui import GameUI
from bot.ui.presenter import DiscordPresenter
from bot.ui.render import hand_screen, move_label, seat_names, table_components, table_embed
from bot.ui.text.illegal import sentence

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
T = TypeVar("T")

ANSWER_WITHIN = 2.0  # seconds of work before an interaction is deferred (Discord allows 3)


def error_text(err: Exception) -> str:
    """The private sentence for a refused action: an ``IllegalMove`` in words
    (``bot/ui/text/illegal.py``), any other error's own message."""
    return sentence(err) if isinstance(err, IllegalMove) else str(err)


class Controller:
    def __init__(self, runtime: TableRuntime, presenter: DiscordPresenter, uis: Mapping[str, GameUI]) -> None:
        self.runtime = runtime
        self.presenter = presenter
        self.uis = uis

    # ------------------------------------------------------------- answering
    @staticmethod
    async def tell(interaction: Interaction, text: str) -> None:
        """A private one-sentence answer, whether or not the interaction was answered yet."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    @staticmethod
    async def in_time(interaction: Interaction, work: Awaitable[T], *, thinking: bool = False) -> T:
        """Await ``work``; if it outlasts ANSWER_WITHIN, defer first so Discord keeps the
        interaction alive (it fails one left unanswered for 3 s), then go on waiting.
        A button's message is then updated in place; a command shows "thinking..."."""
        task = asyncio.ensure_future(work)
        try:
            return await asyncio.wait_for(asyncio.shield(task), ANSWER_WITHIN)
        except TimeoutError:
            if not interaction.response.is_done():
                if thinking:
                    await interaction.response.defer(ephemeral=True, thinking=True)
                else:
                    await interaction.response.defer()
            return await task

    @staticmethod
    async def update(interaction: Interaction, **fields: Any) -> None:
        """Redraw the message a button sits on, whether or not the click was deferred."""
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)

    def ui(self, table: Table) -> GameUI:
        return self.uis[table.game_name]

    # ----------------------------------------------------------------- tables
    async def open_table(self, interaction: Interaction, game: str, options: TableOptions,
                         computers: int = 0, start: bool = False) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.tell(interaction, "Tables live in a server channel: use this command there.")
            return
        user = interaction.user
        try:
            table = await self.runtime.create(interaction.guild_id, interaction.channel_id, game, user.id,
                                              user.display_name, options, computers, start_now=start)
        except (TableError, ValueError) as err:
            existing = self.runtime.table_in(interaction.channel_id)
            text = error_text(err)
            if existing is not None and existing.message_id:
                link = f"https://discord.com/channels/{existing.guild_id}/{existing.channel_id}/{existing.message_id}"
                text = f"{text} The table is here: {link}"
            await self.tell(interaction, text)
            return
        ui = self.uis[game]
        callback = await interaction.response.send_message(
            embed=table_embed(table, ui), view=table_components(table, ui) or discord.utils.MISSING)
        message_id = callback.message_id
        if message_id is None:  # Discord names the message it created; ask only if it did not
            message_id = (await interaction.original_response()).id
        await self.runtime.set_message(table.id, message_id)
        self.presenter.rendered(table)
        if start:
            await self.show_hand(interaction, table.id, followup=True)

    async def table_button(self, interaction: Interaction, table_id: str, action: str) -> None:
        user = interaction.user
        try:
            if action == "hand":
                await self.show_hand(interaction, table_id)
                return
            if action == "join":
                table = await self.in_time(interaction, self.runtime.join(table_id, user.id, user.display_name))
            elif action == "leave":
                table = await self.in_time(interaction, self.runtime.leave(table_id, user.id))
            elif action == "computer":
                table = await self.in_time(interaction, self.runtime.add_computer(table_id, user.id))
            elif action == "start":
                table = await self.in_time(interaction, self.runtime.start(table_id, user.id))
            elif action == "cancel":
                table = await self.in_time(interaction, self.runtime.end(table_id, user.id, self.is_admin(interaction)))
            elif action in ("agree", "refuse"):
                table = await self.in_time(interaction, self.runtime.consent(table_id, user.id, action == "agree"))
            else:
                await self.table_move(interaction, table_id, action)
                return
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        await self.presenter.show_table(table, functools.partial(self.update, interaction))
        if action in ("start", "agree", "refuse") and table.status == PLAYING:
            await self.show_hand(interaction, table_id, followup=True)

    async def table_move(self, interaction: Interaction, table_id: str, key: str) -> None:
        """A game's own button on the table message (Plug 7, Challenge): the clicker's moves
        behind it, made at once when there is just one, else offered in a private menu."""
        found = await self._seated(interaction, table_id)
        if found is None:
            return
        table, seat = found
        if table.game is None:
            await self.tell(interaction, "The game hasn't started yet.")
            return
        ui = self.ui(table)
        view = table.game.view(seat)
        moves, menu = ui.table_button_moves(view, key, table.game.legal_moves(seat))
        if not moves:
            await self.tell(interaction, "That isn't yours to do right now.")
            return
        if len(moves) == 1 and not menu:
            try:
                await self.in_time(interaction, self.runtime.act(table.id, interaction.user.id, moves[0]),
                                   thinking=True)
            except (TableError, IllegalMove) as err:
                await self.tell(interaction, error_text(err))
                return
            await self.show_hand(interaction, table.id, notice="Done.")
            return
        names = seat_names(table)
        options = [(move_label(ui, view, m, names), m.text()) for m in moves]
        menu_view = discord.ui.View(timeout=None)
        menu_view.add_item(OtherSelect(table.id, table.version, options))
        await interaction.response.send_message(ui.table_button_prompt(key), view=menu_view, ephemeral=True)

    async def _seated(self, interaction: Interaction, table_id: str) -> tuple[Table, int] | None:
        """The live table and the clicker's seat at it; else a private sentence and None."""
        try:
            table = self.runtime.table(table_id)
        except TableError as err:
            await self.tell(interaction, str(err))
            return None
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.tell(interaction, "You're not playing at this table: you can watch the table message.")
            return None
        return table, seat

    @staticmethod
    def is_admin(interaction: Interaction) -> bool:
        permissions = interaction.permissions
        return bool(permissions.manage_guild)

    # ------------------------------------------------------------------ hands
    async def show_hand(self, interaction: Interaction, table_id: str, *, followup: bool = False,
                        notice: str | None = None) -> None:
        found = await self._seated(interaction, table_id)
        if found is None:
            return
        table, seat = found
        if table.status == LOBBY or table.game is None:
            await self.tell(interaction, "The game hasn't started yet: your hand comes once the host presses Start.")
            return
        screen = hand_screen(table, seat, self.ui(table), notice=notice)
        if followup:
            message = await interaction.followup.send(embed=screen.embed, view=screen.view, ephemeral=True, wait=True)
            self.presenter.remember_hand(table.id, interaction.user.id, interaction, message.id)
        else:
            if interaction.response.is_done():  # deferred ("thinking..."): the hand replaces it
                await interaction.edit_original_response(embed=screen.embed, view=screen.view)
            else:
                await interaction.response.send_message(embed=screen.embed, view=screen.view, ephemeral=True)
            self.presenter.remember_hand(table.id, interaction.user.id, interaction, None)

    async def _redraw_hand(self, interaction: Interaction, table: Table, *, page: int = 0,
                           asking: tuple[Card, ...] | None = None, demand_suit: str | None = None,
                           notice: str | None = None) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.tell(interaction, "You're not playing at this table.")
            return
        async with self.presenter.hand_lock(table.id, interaction.user.id):  # drawn as it is when sent
            screen = hand_screen(table, seat, self.ui(table), page=page, asking=asking, demand_suit=demand_suit,
                                 notice=notice)
            # Remembered as drawn now: the table may move on while the edit is on the wire.
            self.presenter.remember_hand(table.id, interaction.user.id, interaction, None)
            await self.update(interaction, embed=screen.embed, view=screen.view)

    async def hand_button(self, interaction: Interaction, table_id: str, version: int, action: str,
                          arg: str) -> None:
        try:
            table = self.runtime.table(table_id)
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        if action == "move":
            await self.move_from_hand(interaction, table, version, arg)
        elif action == "page":
            await self._redraw_hand(interaction, table, page=int(arg) if arg.isdigit() else 0)
        else:
            await self._redraw_hand(interaction, table)

    async def hand_select(self, interaction: Interaction, table_id: str, version: int, value: str) -> None:
        try:
            table = self.runtime.table(table_id)
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        if value.startswith("ask "):
            if version != table.version:
                await self.tell(interaction, "That's no longer current: the table has moved on. Open My hand again.")
                return
            # "ask <cards>" opens the asks for those cards; "ask <cards> /<suit>" the demands of one suit.
            codes, _, demand_suit = value[4:].partition(" /")
            try:
                cards = parse_cards(codes)
            except CardParseError:
                await self.tell(interaction, "That choice is not known: open My hand again.")
                return
            await self._redraw_hand(interaction, table, asking=cards, demand_suit=demand_suit or None)
            return
        await self.move_from_hand(interaction, table, version, value)

    async def move_from_hand(self, interaction: Interaction, table: Table, version: int, text: str) -> None:
        try:
            await self.in_time(interaction, self.runtime.act(table.id, interaction.user.id, text, version))
        except (TableError, IllegalMove) as err:
            await self.tell(interaction, error_text(err))
            return
        await self._redraw_hand(interaction, table)

    # ---------------------------------------------------------- slash moves
    async def slash_move(self, interaction: Interaction, game: str, move: Move | str) -> None:
        """A move typed as a slash command: answered with the player's refreshed hand."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game_name != game:
            title = self.uis[game].title
            await self.tell(interaction, f"There is no {title} table in this channel: start one with /{game} new.")
            return
        try:
            parsed = Move.parse(move) if isinstance(move, str) else move
            await self.in_time(interaction, self.runtime.act(table.id, interaction.user.id, parsed), thinking=True)
        except (TableError, IllegalMove) as err:
            await self.tell(interaction, error_text(err))
            return
        await self.show_hand(interaction, table.id, notice="Done.")

    async def slash_default(
        self, interaction: Interaction, game: str, kinds: tuple[MoveKind, ...] = (MoveKind.DRAW, MoveKind.PASS),
    ) -> None:
        """``/<game> draw``: draw, pick up or take the skip — whichever the moment offers."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is not None and table.game is not None and seat is not None:
            legal = table.game.legal_moves(seat)
            for kind in kinds:
                if any(m.kind == kind for m in legal):
                    await self.slash_move(interaction, game, Move(kind))
                    return
        await self.slash_move(interaction, game, Move(kinds[0]))

    async def slash_call(self, interaction: Interaction, game: str) -> None:
        await self.slash_move(interaction, game, Move(MoveKind.CALL))

    async def slash_aimed(self, interaction: Interaction, game: str, kind: MoveKind, user_id: int) -> None:
        """A move aimed at another player (``/karata challenge member:``)."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        target = table.seat_of(user_id) if table is not None else None
        if table is not None and table.game_name == game and target is None:
            await self.tell(interaction, "That member isn't playing at this table.")
            return
        await self.slash_move(interaction, game, Move(kind, target=target))

    async def slash_hand(self, interaction: Interaction, game: str) -> None:
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game_name != game:
            await self.tell(interaction, f"There is no {self.uis[game].title} table in this channel.")
            return
        await self.show_hand(interaction, table.id)

    async def slash_leave(self, interaction: Interaction, game: str) -> None:
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game_name != game:
            await self.tell(interaction, "There is no table of that game in this channel.")
            return
        try:
            await self.runtime.leave(table.id, interaction.user.id)
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        await self.tell(interaction, "You left the table." if table.status == LOBBY
                        else "You left the table; a computer plays on with your cards.")

    async def slash_end(self, interaction: Interaction, game: str) -> None:
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game_name != game:
            await self.tell(interaction, "There is no table of that game in this channel.")
            return
        try:
            await self.runtime.end(table.id, interaction.user.id, self.is_admin(interaction))
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        await self.tell(interaction, "The table is closed.")

    def play_choices(self, interaction: Interaction, game: str, current: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/<game> play``: the legal plays from the player's own hand."""
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game is None or table.game_name != game:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            return []
        view = table.game.view(seat)
        ui = self.ui(table)
        typed = current.strip().upper()
        choices = []
        for move in table.game.legal_moves(seat):
            if move.kind != MoveKind.PLAY:
                continue
            value = move.text()[len("play "):]
            label = ui.move_label(view, move)
            if typed and not (value.upper().startswith(typed) or label.upper().startswith(typed)):
                continue
            choices.append((label, value))
            if len(choices) == 25:
                break
        return choices
