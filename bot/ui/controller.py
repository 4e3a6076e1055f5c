"""Turning interactions into table actions, and answering them.

Written once for every game: the cogs' slash commands and the persistent
buttons all come here. Every answer to bad input is private and one sentence;
an accepted move is saved by the runtime before anybody is answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any, TypeVar

import discord

from bot.games.cards import Card, CardParseError, parse_cards
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event, MatchOver, RoundOver
from bot.games.core.moves import Move, MoveKind
from bot.registry import LEVELS
from bot.tables.runtime import ALREADY_HERE, TableRuntime
from bot.tables.table import CANCELLED, LOBBY, OVER, PLAYING, Table, TableError, TableOptions
from bot.ui.components import OtherSelect, layout
from bot.ui.pictures import digest_of, draw_picture, edit_fields, new_message_fields
from bot.ui.presenter import DISCORD_FAILED, DiscordPresenter, failure
from bot.ui.render import (
    hand_screen,
    message_link,
    move_label,
    seat_names,
    table_components,
    table_embed,
)
from bot.ui.text import failures
from bot.ui.text.game import GameUI
from bot.ui.text.illegal import sentence

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
T = TypeVar("T")

ANSWER_WITHIN = 2.0  # seconds of work before an interaction is deferred (Discord allows 3)


def error_text(err: Exception, table: Table | None = None) -> str:
    """The private sentence for a refused action: an ``IllegalMove`` in words
    (``bot/ui/text/illegal.py``), any other error's own message."""
    names = seat_names(table) if table is not None else None
    return sentence(err, names) if isinstance(err, IllegalMove) else str(err)


class Controller:
    def __init__(self, runtime: TableRuntime, presenter: DiscordPresenter, uis: Mapping[str, GameUI]) -> None:
        self.runtime = runtime
        self.presenter = presenter
        self.uis = uis
        self._posting: set[str] = set()  # new tables whose message is on its way

    # ------------------------------------------------------------- answering
    @staticmethod
    async def tell(interaction: Interaction, text: str) -> None:
        """A private one-sentence answer, whether or not the interaction was answered yet."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    @staticmethod
    async def in_time(interaction: Interaction, work: Awaitable[T], *, thinking: bool = False,
                      public: bool = False) -> T:
        """Await ``work``; if it outlasts ANSWER_WITHIN, defer first so Discord keeps the
        interaction alive (it fails one left unanswered for 3 s), then go on waiting.
        A button's message is then updated in place; a command shows "thinking..."
        (privately, unless ``public``: the answer will be the public table message)."""
        task = asyncio.ensure_future(work)
        # Counted from when Discord created the interaction (its id says when), not from
        # now: on a busy bot it may have waited a while before this handler ran.
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        budget = min(ANSWER_WITHIN, max(ANSWER_WITHIN - age, 0.0))
        try:
            return await asyncio.wait_for(asyncio.shield(task), budget)
        except TimeoutError:
            if not interaction.response.is_done():
                try:
                    if thinking or public:
                        await interaction.response.defer(ephemeral=not public, thinking=True)
                    else:
                        await interaction.response.defer()
                except discord.HTTPException:
                    log.warning("deferring a slow interaction failed; its work goes on")
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
        existing = self.runtime.table_in(interaction.channel_id)
        if existing is not None:
            # It may post the table's message and save its id first: deferred if slow.
            await self.tell(interaction, await self.in_time(interaction, self._already_here(existing), thinking=True))
            return
        user = interaction.user
        try:
            table = await self.in_time(
                interaction, self.runtime.create(interaction.guild_id, interaction.channel_id, game, user.id,
                                                 user.display_name, options, computers, start_now=start),
                public=True)
        except (TableError, ValueError) as err:
            await self.refuse_after_public_defer(interaction, error_text(err))
            return
        self._posting.add(table.id)
        try:
            message_id = await self._post_new_table(interaction, table)
        finally:
            self._posting.discard(table.id)
        if message_id is None:
            return
        if start:
            try:
                await self.show_hand(interaction, table.id, followup=True)
            except discord.HTTPException:
                log.warning("table %s: the first hand could not be sent; My hand gives it", table.id)

    async def _post_new_table(self, interaction: Interaction, table: Table) -> int | None:
        """Answer with the new table's message and remember it. If the answer fails (too
        late on a busy bot, or Discord failed), the table is posted in the channel instead,
        so it is never invisible; if that fails too, the table is closed."""
        ui = self.uis[table.game_name]
        version = table.version
        picture = self.presenter.table_picture(table)
        embed, view = table_embed(table, ui, picture), table_components(table, ui) or discord.utils.MISSING
        image = await draw_picture(picture, embed)
        message_id: int | None
        try:
            if interaction.response.is_done():  # deferred: the "thinking..." message becomes the table
                message_id = (await interaction.edit_original_response(embed=embed, view=view,
                                                                       **edit_fields(image, None))).id
            else:
                callback = await interaction.response.send_message(embed=embed, view=view,
                                                                   **new_message_fields(image))
                message_id = callback.message_id
                if message_id is None:  # Discord names the message it created; ask only if it did not
                    message_id = (await interaction.original_response()).id
        except DISCORD_FAILED as err:
            log.warning("table %s: answering with its message failed (%s); posting it in the channel",
                        table.id, failure(err))
            message_id = await self.presenter.post_table(table)
            if message_id is None:
                await self.runtime.abandon(table.id)
                return None
        else:
            self.presenter.rendered(table, version, digest_of(image))
        table.message_id = message_id  # answers that link it need it now, saved or not
        try:
            await self.runtime.set_message(table.id, message_id)
        except TableError:
            log.warning("table %s: saving its message id failed; it is posted again if it goes missing", table.id)
        return message_id

    async def _already_here(self, table: Table) -> str:
        """"This channel already has a table", with a link to its message (posting the
        message again first if it never reached the channel)."""
        text = ALREADY_HERE
        if table.message_id is None and table.id not in self._posting:
            message_id = await self.presenter.post_table(table)
            if message_id is not None:
                await self.runtime.set_message(table.id, message_id)
        if table.message_id is not None:
            text += f" It is here: {message_link(table)}"
        return text

    async def refuse_after_public_defer(self, interaction: Interaction, text: str) -> None:
        """A private one-sentence refusal, even after a public "thinking..." (which goes)."""
        if interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        await self.tell(interaction, text)

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

    async def add_computer(self, interaction: Interaction, table_id: str, level: str) -> None:
        """The lobby's "Add a computer…" menu: a computer at the chosen level."""
        if level not in LEVELS:
            await self.tell(interaction, f"Choose a computer's level from the menu: {', '.join(LEVELS)}.")
            return
        try:
            table = await self.in_time(interaction, self.runtime.add_computer(table_id, interaction.user.id, level))
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        await self.presenter.show_table(table, functools.partial(self.update, interaction))

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
                events = await self.in_time(interaction, self.runtime.act(table.id, interaction.user.id, moves[0]),
                                            thinking=True)
            except (TableError, IllegalMove) as err:
                await self.tell(interaction, error_text(err, table))
                return
            notice = self.outcome(table, interaction.user.id, events) or "Done."
            await self.show_hand(interaction, table.id, notice=notice, finished_ok=True)
            return
        names = seat_names(table, escaped=False)  # menu labels show text as it is
        options = [(move_label(ui, view, m, names), m.text()) for m in moves]
        menu_view = layout()
        menu_view.add_item(OtherSelect(table.id, table.version, options))
        await interaction.response.send_message(ui.table_button_prompt(key), view=menu_view, ephemeral=True)

    async def _seated(self, interaction: Interaction, table_id: str,
                      finished_ok: bool = False) -> tuple[Table, int] | None:
        """The live table (or, ``finished_ok``, one just finished) and the clicker's seat
        at it; else a private sentence and None."""
        try:
            table = self.runtime.table(table_id)
        except TableError as err:
            finished = self.runtime.tables.get(table_id)
            if not finished_ok or finished is None:
                await self.tell(interaction, str(err))
                return None
            table = finished
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
                        notice: str | None = None, finished_ok: bool = False) -> None:
        found = await self._seated(interaction, table_id, finished_ok)
        if found is None:
            return
        table, seat = found
        if table.status == LOBBY or table.game is None:
            await self.tell(interaction, "The game hasn't started yet: your hand comes once the host presses Start.")
            return
        user_id = interaction.user.id
        # The member's picture setting may be a database read (their first hand): deferred
        # ("thinking...") if it is slow, and the hand then replaces the placeholder.
        images = await self.in_time(interaction, self.presenter.hand_images(user_id), thinking=True)
        async with self.presenter.hand_lock(table.id, user_id):
            # Remembered as drawn now, before the send: the table may move on (a computer's
            # move) while the message is on the wire, and the presenter then redraws it.
            drawn = self.presenter.hand_drawn(table, seat)
            screen = hand_screen(table, seat, self.ui(table), notice=notice, images=images)
            image = await draw_picture(screen.picture, screen.embed)
            picture = digest_of(image)
            if followup:
                message = await interaction.followup.send(embed=screen.embed, view=screen.view, ephemeral=True,
                                                          wait=True, **new_message_fields(image))
                self.presenter.remember_hand(table, user_id, interaction, message.id, drawn, picture)
            else:
                if interaction.response.is_done():  # deferred ("thinking..."): the hand replaces it
                    await interaction.edit_original_response(embed=screen.embed, view=screen.view,
                                                             **edit_fields(image, None))
                else:
                    await interaction.response.send_message(embed=screen.embed, view=screen.view, ephemeral=True,
                                                            **new_message_fields(image))
                self.presenter.remember_hand(table, user_id, interaction, None, drawn, picture)

    async def _redraw_hand(self, interaction: Interaction, table: Table, *, page: int = 0,
                           asking: tuple[Card, ...] | None = None, demand_suit: str | None = None,
                           notice: str | None = None) -> None:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.tell(interaction, "You're not playing at this table.")
            return
        images = await self.in_time(interaction, self.presenter.hand_images(interaction.user.id))
        async with self.presenter.hand_lock(table.id, interaction.user.id):  # drawn as it is when sent
            # Remembered as drawn now: the table may move on while the edit is on the wire.
            drawn = self.presenter.hand_drawn(table, seat)
            screen = hand_screen(table, seat, self.ui(table), page=page, asking=asking, demand_suit=demand_suit,
                                 notice=notice, images=images)
            # The message clicked may be an older hand message than the one remembered, so
            # what it shows is not known: its picture is sent (or removed) in this one call.
            image = await draw_picture(screen.picture, screen.embed)
            await self.update(interaction, embed=screen.embed, view=screen.view, **edit_fields(image))
            self.presenter.remember_hand(table, interaction.user.id, interaction, None, drawn,
                                         digest_of(image))

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
            events = await self.in_time(interaction, self.runtime.act(table.id, interaction.user.id, text, version))
        except (TableError, IllegalMove) as err:
            await self.tell(interaction, error_text(err, table))
            return
        await self._redraw_hand(interaction, table, notice=self.outcome(table, interaction.user.id, events))

    def outcome(self, table: Table, user_id: int, events: Sequence[Event]) -> str | None:
        """The words for a move that ended a round or the game, said to its player."""
        seat = table.seat_of(user_id)
        for event in reversed(events):
            if isinstance(event, RoundOver | MatchOver):
                if seat is not None and seat in event.result.winners:
                    return "You won the round!" if isinstance(event, RoundOver) else "You won the game!"
                return self.ui(table).event_text(event.to_dict(), seat_names(table))
        return None

    async def set_hand_images(self, interaction: Interaction, on: bool) -> None:
        """``/cards images``: a member's own choice of pictures on their hand messages."""
        try:
            await self.in_time(interaction, self.presenter.set_hand_images(interaction.user.id, on), thinking=True)
        except Exception:
            log.exception("saving a member's picture setting failed")
            await self.tell(interaction, failures.SETTING_NOT_SAVED)
            return
        if on:
            text = "Your hand messages will show a picture of your cards."
        else:
            text = "Your hand messages will show your cards in words only."
        await self.tell(interaction, text)

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
            events = await self.in_time(interaction, self.runtime.act(table.id, interaction.user.id, parsed),
                                        thinking=True)
        except (TableError, IllegalMove) as err:
            await self.tell(interaction, error_text(err, table))
            return
        notice = self.outcome(table, interaction.user.id, events) or "Done."
        await self.show_hand(interaction, table.id, notice=notice, finished_ok=True)

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
        in_lobby, was_host = table.status == LOBBY, table.host_id == interaction.user.id
        try:
            await self.in_time(interaction, self.runtime.leave(table.id, interaction.user.id), thinking=True)
        except TableError as err:
            await self.tell(interaction, str(err))
            return
        if table.status == CANCELLED:
            text = "You left, and the table is closed: nobody else was seated."
        elif in_lobby and was_host:
            host = table.seat_of(table.host_id)
            name = seat_names(table)[host] if host is not None else "the next player"
            text = f"You left the table; {name} is the host now."
        elif in_lobby:
            text = "You left the table."
        elif table.status == OVER:
            text = "You left, and the game is over: no human was left at the table."
        else:
            text = "You left the table; a computer plays on with your cards."
        await self.tell(interaction, text)

    async def slash_end(self, interaction: Interaction, game: str) -> None:
        table = self.runtime.table_in(interaction.channel_id or 0)
        if table is None or table.game_name != game:
            await self.tell(interaction, "There is no table of that game in this channel.")
            return
        try:
            await self.in_time(interaction, self.runtime.end(table.id, interaction.user.id,
                                                             self.is_admin(interaction)), thinking=True)
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
