"""Keeping the Discord messages of a table up to date.

Edits are coalesced: a burst of moves (a computer's move right after a
human's, a timeout) schedules one redraw of the public table message and of
each live hand message. A hand message is an ephemeral interaction response;
Discord lets the bot edit it with that interaction's token for 15 minutes, so
the presenter keeps the newest interaction per player and forgets it after 14.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import aiohttp
import discord

from bot.games.core.events import Event
from bot.tables.table import CANCELLED, OVER, Table
from bot.ui.cards import PICTURES, CardImage, PictureOrder
from bot.ui.load import Load
from bot.ui.pictures import UNKNOWN, digest_of, draw_picture, edit_fields, new_message_fields
from bot.ui.render import hand_screen, table_components, table_embed, table_picture
from bot.ui.text.game import GameUI

T = TypeVar("T")
log = logging.getLogger(__name__)

COALESCE_SECONDS = 0.25
TABLE_EDIT_SECONDS = 1.0
BUSY_STRETCH = 3  # while the bot is overloaded, table messages are edited 3 times less often
HAND_TOKEN_SECONDS = 14 * 60  # Discord's tokens last 15 minutes; keep a margin
MESSAGE_LOOKBACK = 50  # recent channel messages searched for a restored table's lost message
RESTORE_SPREAD_SECONDS = 0.05  # restored tables are redrawn 20 a second, not all at once
RETRY_SECONDS = (1.0, 60.0)  # a failed edit is tried again after 1 s, doubling up to 60 s
# A call Discord never answered: the connection was lost on the way (reset at Discord's edge, or
# timed out). discord.py passes aiohttp's errors on as they are, not as an HTTPException, but the
# edit is lost all the same and is made again as a failed one is.
CONNECTION_LOST = (aiohttp.ClientError, TimeoutError)
DISCORD_FAILED = (discord.HTTPException, *CONNECTION_LOST)
UNKNOWN_CHANNEL = 10003  # Discord's JSON error code for a channel that does not exist (deleted)


def failure(err: BaseException) -> str:
    """A failed call's cause, for a log line: Discord's status, or what became of the connection."""
    return str(err.status) if isinstance(err, discord.HTTPException) else type(err).__name__


@dataclass
class HandMessage:
    interaction: discord.Interaction[Any]
    message_id: int | None  # None: the interaction's original response
    since: float
    version: int = -1  # the table version it shows
    shown: tuple[object, ...] = ()  # what it shows that matters (see hand_signature)
    picture: str | None = UNKNOWN  # the digest of the picture it carries (None: none)

    async def edit(self, **fields: Any) -> None:
        if self.message_id is None:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.followup.edit_message(self.message_id, **fields)


@dataclass(frozen=True)
class HandDrawn:
    """The table version a hand message was drawn at, and what it showed that matters."""

    version: int
    shown: tuple[object, ...]


def hand_signature(table: Table, seat: int) -> tuple[object, ...]:
    """What a hand message must be redrawn for. While its owner may act, every change;
    while they wait, only a change of their cards or of the table's status: a waiting hand
    shows no table lines, and skipping those redraws halves a busy bot's message edits."""
    game = table.game
    assert game is not None
    if seat in game.actors() or game.is_over:
        return ("acting", table.version)
    return ("waiting", table.status, tuple(c.code for c in game.view(seat).hand))


class MemberSettings(Protocol):
    """Where a member's own settings are kept (the storage)."""

    async def hand_images(self, user_id: int) -> bool: ...

    async def set_hand_images(self, user_id: int, on: bool) -> None: ...


class DiscordPresenter:
    def __init__(self, client: discord.Client, uis: Mapping[str, GameUI],
                 tables: Callable[[str], Table | None], coalesce: float = COALESCE_SECONDS) -> None:
        self.client = client
        self.uis = uis
        self.tables = tables  # looks a table up by id (the runtime's dict)
        self.coalesce = coalesce
        self.hands: dict[str, dict[int, HandMessage]] = {}
        self.table_interval = TABLE_EDIT_SECONDS
        self.load = Load()  # its loop watch started by the bot once its loop runs (KadiBot.setup_hook)
        PICTURES.on_drawing_wait = self.load.note_drawing
        self._shown_version: dict[str, int] = {}
        self._shown_picture: dict[str, str | None] = {}  # the digest of each table message's picture
        self._no_files: set[int] = set()  # channels where the bot may not attach files (no table pictures)
        self.member_settings: MemberSettings | None = None
        self._hand_images: dict[int, bool] = {}  # members' picture setting, read once each
        self._table_locks: dict[str, asyncio.Lock] = {}  # one table-message edit at a time
        self._hand_locks: dict[str, dict[int, asyncio.Lock]] = {}  # and one per hand message
        self._drawing = 0  # redraws past their wait, maybe waiting for a lock or on the wire
        self._table_drawn_at: dict[str, float] = {}
        self._table_failures: dict[str, int] = {}  # failed edits in a row, for the backoff
        self._hand_failures: dict[str, int] = {}  # and of a table's hands, lost on the way
        self._unplaced: set[str] = set()  # restored tables whose message is to be found first
        # Saves a table's message id when its message had to be posted again.
        self.on_message: Callable[[str, int], Awaitable[None]] | None = None
        # Notes that a finished table's end is on its message (not redrawn after a restart).
        self.on_final_drawn: Callable[[str], Awaitable[None]] | None = None
        # Finishes a table whose channel Discord says is gone (deleted): TableRuntime.channel_gone.
        self.on_channel_gone: Callable[[str], Coroutine[Any, Any, None]] | None = None
        self._gone: set[asyncio.Task[None]] = set()
        self._pending_table: dict[str, asyncio.Task[None]] = {}
        self._pending_hands: dict[str, asyncio.Task[None]] = {}

    @property
    def pending_redraws(self) -> int:
        """How many redraws are still to come or on their way (tests wait for none)."""
        return len(self._pending_table) + len(self._pending_hands) + self._drawing

    # ------------------------------------------------------------------ hooks
    async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
        # Hands are redrawn soon after a burst of moves; the public message at most once per
        # table_interval as well, because Discord limits edits in a channel (about 5 per 5 s).
        self._schedule_hands(table.id)
        self._schedule_table(table.id)

    def _schedule_hands(self, table_id: str, wait: float | None = None) -> None:
        if table_id not in self._pending_hands:
            self._pending_hands[table_id] = asyncio.create_task(
                self._flush_hands_later(table_id, self.coalesce if wait is None else wait))

    def _schedule_table(self, table_id: str, wait: float | None = None) -> None:
        if table_id in self._pending_table:
            return
        if wait is None:
            # Overloaded (answers waiting in line), the public messages give way: each table
            # edit is as much work as an answer, and a table shown 3 s late is better than a
            # move answered after Discord's 3 s deadline. Answers and hands are never held.
            interval = self.table_interval * (BUSY_STRETCH if self.load.busy else 1)
            since = time.monotonic() - self._table_drawn_at.get(table_id, float("-inf"))
            wait = max(self.coalesce, interval - since)
        self._pending_table[table_id] = asyncio.create_task(self._flush_table_later(table_id, wait))

    def rendered(self, table: Table, version: int, picture: str | None = UNKNOWN) -> None:
        """The table message was just drawn at ``version`` (with the picture of digest
        ``picture``) by an interaction response; if the table has moved on meanwhile (a
        computer's move), it is drawn again soon."""
        self._shown_version[table.id] = version
        self._shown_picture[table.id] = picture
        if table.version != version:
            self._schedule_table(table.id)

    async def post_table(self, table: Table) -> int | None:
        """Post the table message in its channel (its interaction could not answer, or its
        message was deleted or never arrived); the new message's id, or None if that fails."""
        version = table.version
        channel = self.client.get_partial_messageable(table.channel_id)

        async def send(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> discord.Message:
            return await channel.send(embed=embed, view=view or discord.utils.MISSING, **new_message_fields(image))

        try:
            message, image = await self._through_channel(table, send)
        except DISCORD_FAILED as err:
            if not self._channel_gone(table, err):
                log.warning("table %s: posting its message failed (%s)", table.id, failure(err))
            return None
        table.message_id = message.id
        self.rendered(table, version, digest_of(image))
        return message.id

    def redraw_restored(self, table_ids: Sequence[str]) -> None:
        """After a restart, draw every restored table once (a crash may have come between a
        save and its redraw), spread out so that many tables do not all edit at once."""
        for index, table_id in enumerate(table_ids):
            self._unplaced.add(table_id)  # its message id may have been lost: look for it first
            self._schedule_table(table_id, self.coalesce + index * RESTORE_SPREAD_SECONDS)

    async def _place_message(self, table: Table) -> None:
        """Give a table that has lost its message one live message again, drawn as the table
        is now. Its id may have been lost to a crash (the bot died just after posting it,
        before the id was saved), so the channel's recent history is searched for a message
        of this bot with this table's buttons first, and that one is adopted: there is never
        a second live one. Only if none is there is the message posted anew."""
        channel = self.client.get_partial_messageable(table.channel_id)
        me = self.client.user.id if self.client.user is not None else None
        prefix = f"t:{table.id}:"
        table.message_id = None
        try:
            async for message in channel.history(limit=MESSAGE_LOOKBACK):
                custom_ids = (getattr(child, "custom_id", None) or ""
                              for row in message.components for child in getattr(row, "children", ()))
                if message.author.id == me and any(c.startswith(prefix) for c in custom_ids):
                    table.message_id = message.id
                    break
        except DISCORD_FAILED as err:
            if self._channel_gone(table, err):
                return
            log.warning("table %s: reading the channel to find its message failed (%s)", table.id, failure(err))
        if table.message_id is None:
            await self.post_table(table)
        else:
            version = table.version
            found = channel.get_partial_message(table.message_id)

            async def edit(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> None:
                await found.edit(embed=embed, view=view, **edit_fields(image))

            _, image = await self._through_channel(table, edit)
            self._shown_version[table.id] = version
            self._shown_picture[table.id] = digest_of(image)
        if table.message_id is not None and self.on_message is not None:
            await self.on_message(table.id, table.message_id)

    def _channel_gone(self, table: Table, err: BaseException) -> bool:
        """Whether ``err`` is Discord saying the table's channel no longer exists (404,
        Unknown Channel); if so the table is finished, in a task of its own, since the
        caller may hold the table's lock. A deleted message (Unknown Message) is not this:
        the table's message is posted again."""
        if not (isinstance(err, discord.NotFound) and err.code == UNKNOWN_CHANNEL):
            return False
        if self.on_channel_gone is not None and table.status not in (OVER, CANCELLED):
            task = asyncio.create_task(self.on_channel_gone(table.id))
            self._gone.add(task)
            task.add_done_callback(self._gone.discard)
        return True

    async def _through_channel(self, table: Table, call: Callable[[discord.Embed, discord.ui.View | None,
                                                                  CardImage | None], Awaitable[T]],
                               ) -> tuple[T, CardImage | None]:
        """Draw the table as it is now and post or edit its message through the channel with
        ``call`` (what it returned, and the picture it carried). The bot writes in a channel
        as itself there, which takes the Attach Files permission for a picture: where Discord
        refuses it, the message goes without its picture, now and from then on in that
        channel (its text names every card), and the refusal is logged once."""
        ui = self.uis[table.game_name]
        picture = self.table_picture(table)
        embed, view = table_embed(table, ui, picture), table_components(table, ui)
        image = await draw_picture(picture, embed)
        try:
            return await call(embed, view, image), image
        except discord.Forbidden:
            if image is None:
                raise
            self._no_files.add(table.channel_id)
            log.warning("channel %s: the bot may not attach files there (the Attach Files permission), "
                        "so its tables show no picture", table.channel_id)
        return await call(table_embed(table, ui, None), view, None), None

    async def show_table(self, table: Table, edit: Callable[..., Awaitable[object]]) -> None:
        """Draw the table message through ``edit`` (an interaction's own edit of it), one
        edit per table at a time and drawn as the table is when the edit goes out: two
        edits in flight at once can land in the other order and leave an older table
        showing (a lobby after the deal)."""
        async with self._table_lock(table.id):
            version = table.version
            ui = self.uis[table.game_name]
            picture = self.table_picture(table)
            embed, view = table_embed(table, ui, picture), table_components(table, ui)
            image = await draw_picture(picture, embed)
            await edit(embed=embed, view=view, **edit_fields(image, self._shown_picture.get(table.id, UNKNOWN)))
            self._shown_version[table.id] = version
            self._shown_picture[table.id] = digest_of(image)

    def _table_lock(self, table_id: str) -> asyncio.Lock:
        lock = self._table_locks.get(table_id)
        if lock is None:
            lock = self._table_locks[table_id] = asyncio.Lock()
        return lock

    @staticmethod
    def hand_drawn(table: Table, seat: int) -> HandDrawn:
        """What a hand message drawn now shows (take it before the message is sent)."""
        if table.game is None:
            return HandDrawn(table.version, ())
        return HandDrawn(table.version, hand_signature(table, seat))

    def remember_hand(self, table: Table, user_id: int, interaction: discord.Interaction[Any],
                      message_id: int | None, drawn: HandDrawn, picture: str | None = UNKNOWN) -> None:
        """Keep a member's newest hand message, as ``drawn`` (carrying the picture of digest
        ``picture``); if the table moved on while it was being sent, it is redrawn soon (a
        solo player's first hand must not wait)."""
        hand = HandMessage(interaction, message_id, time.monotonic(), drawn.version, drawn.shown, picture)
        self.hands.setdefault(table.id, {})[user_id] = hand
        if table.version != drawn.version:
            self._schedule_hands(table.id)

    async def hand_images(self, user_id: int) -> bool:
        """Whether ``user_id``'s hand message carries a picture now: their setting (on by
        default), and none while the bot is overloaded (see ``table_picture``)."""
        known = self._hand_images.get(user_id)
        if known is None and self.member_settings is not None:
            try:
                known = self._hand_images[user_id] = await self.member_settings.hand_images(user_id)
            except Exception:  # the database failed: their hand still comes, as by default (not remembered)
                log.warning("reading a member's picture setting failed; their hand shows the default")
                known = True
        if known is None:
            known = True
        return known and not self.load.busy

    def table_picture(self, table: Table) -> PictureOrder | None:
        """The table message's picture now (``render.table_picture``), or None where the bot
        may not attach files or while it is overloaded. A picture is about half the work of
        an edit (drawing and uploading it); while answers wait in line they pause, and the
        message's text, which names every card, carries the table. An edit without a picture
        takes the old one away, so no message shows a stale picture."""
        if table.channel_id in self._no_files or self.load.busy:
            return None
        return table_picture(table)

    async def set_hand_images(self, user_id: int, on: bool) -> None:
        """Save a member's picture setting (saved before it is used or confirmed)."""
        if self.member_settings is not None:
            await self.member_settings.set_hand_images(user_id, on)
        self._hand_images[user_id] = on

    async def close(self) -> None:
        await self.load.stop()
        tasks = [*self._pending_table.values(), *self._pending_hands.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ---------------------------------------------------------------- drawing
    async def _flush_table_later(self, table_id: str, wait: float, table: Table | None = None) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending_table.pop(table_id, None)
        # A finished table leaves the runtime after a while; a retried edit still draws it.
        table = self.tables(table_id) or table
        if table is None:
            return
        self._drawing += 1
        try:
            await self._draw_table(table)
        except DISCORD_FAILED as err:
            # Discord failed (a 5xx, or the connection lost): try again with backoff until it
            # lands or the message is gone. The next move never waits for it.
            backoff = _backoff(self._table_failures, table_id)
            log.warning("table %s: editing its message failed (%s); trying again in %.0f s",
                        table_id, failure(err), backoff)
            if table_id not in self._pending_table:
                self._pending_table[table_id] = asyncio.create_task(
                    self._flush_table_later(table_id, backoff, table))
            return
        except Exception:
            log.exception("redrawing table %s failed", table_id)
        finally:
            self._drawing -= 1
        self._table_failures.pop(table_id, None)
        if table.status in (OVER, CANCELLED) and table_id not in self._pending_table:
            if self.on_final_drawn is not None:
                await self.on_final_drawn(table_id)
            self._shown_version.pop(table_id, None)
            self._shown_picture.pop(table_id, None)
            self._table_drawn_at.pop(table_id, None)
            self._table_locks.pop(table_id, None)

    async def _flush_hands_later(self, table_id: str, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending_hands.pop(table_id, None)
        table = self.tables(table_id)
        if table is None:
            return
        self._drawing += 1
        try:
            await self._draw_hands(table)
        except Exception:
            log.exception("redrawing the hands at table %s failed", table_id)
        finally:
            self._drawing -= 1
        if table.status in (OVER, CANCELLED) and table_id not in self._pending_hands:
            self.hands.pop(table_id, None)
            self._hand_locks.pop(table_id, None)
            self._hand_failures.pop(table_id, None)

    async def _draw_table(self, table: Table) -> None:
        async with self._table_lock(table.id):  # see show_table
            if table.id in self._unplaced:  # restored without a message id
                self._unplaced.discard(table.id)
                if table.message_id is None and table.status not in (OVER, CANCELLED):
                    await self._place_message(table)
            if table.message_id is None or self._shown_version.get(table.id) == table.version:
                return
            version = table.version
            message = self.client.get_partial_messageable(table.channel_id).get_partial_message(table.message_id)
            shown = self._shown_picture.get(table.id, UNKNOWN)

            async def edit(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> None:
                await message.edit(embed=embed, view=view, **edit_fields(image, shown))

            try:
                _, image = await self._through_channel(table, edit)
            except discord.NotFound as err:
                if self._channel_gone(table, err) or table.status in (OVER, CANCELLED):
                    return  # gone, and nothing left to play: no need for it
                # Somebody deleted the table message (or a restart left the id of one
                # deleted before a repost whose own id was lost): place it again.
                await self._place_message(table)
                return
            self._shown_version[table.id] = version
            self._shown_picture[table.id] = digest_of(image)
            self._table_drawn_at[table.id] = time.monotonic()

    async def _draw_hands(self, table: Table) -> None:
        hands = self.hands.get(table.id, {})
        lost: BaseException | None = None
        for user_id in list(hands):
            async with self.hand_lock(table.id, user_id):
                hand = hands.get(user_id)  # an answer may have replaced it while we waited
                if hand is not None:
                    try:
                        await self._draw_hand(table, user_id, hand)
                    except CONNECTION_LOST as err:
                        lost = err  # it stays as last drawn, so the next try draws it again
        if lost is None:
            self._hand_failures.pop(table.id, None)
            return
        backoff = _backoff(self._hand_failures, table.id)
        log.warning("table %s: redrawing its hands failed (%s); trying again in %.0f s",
                    table.id, failure(lost), backoff)
        self._schedule_hands(table.id, backoff)

    async def _draw_hand(self, table: Table, user_id: int, hand: HandMessage) -> None:
        images = await self.hand_images(user_id)  # first: the table may move on while this waits
        hands = self.hands.get(table.id, {})
        seat = table.seat_of(user_id)
        if seat is None or time.monotonic() - hand.since > HAND_TOKEN_SECONDS or table.game is None:
            hands.pop(user_id, None)
            return
        if hand.version == table.version:
            return
        signature = hand_signature(table, seat)
        if signature == hand.shown:
            return  # still waiting, same cards: nothing its owner needs has changed
        version = table.version
        screen = hand_screen(table, seat, self.uis[table.game_name], images=images)
        image = await draw_picture(screen.picture, screen.embed)
        try:
            await hand.edit(embed=screen.embed, view=screen.view, **edit_fields(image, hand.picture))
            hand.version, hand.shown, hand.picture = version, signature, digest_of(image)
        except discord.HTTPException:
            hands.pop(user_id, None)  # Discord refused it (its token gone, say): My hand sends a new one

    def hand_lock(self, table_id: str, user_id: int) -> asyncio.Lock:
        """One edit at a time of a member's hand message, as with the table message
        (``show_table``): an answer's redraw and the coalesced one must not cross."""
        locks = self._hand_locks.setdefault(table_id, {})
        lock = locks.get(user_id)
        if lock is None:
            lock = locks[user_id] = asyncio.Lock()
        return lock


def _backoff(failures: dict[str, int], table_id: str) -> float:
    """Count one more failure in a row at ``table_id``; the wait before the next try."""
    tries = failures[table_id] = failures.get(table_id, 0) + 1
    return min(RETRY_SECONDS[0] * 2.0 ** (tries - 1), RETRY_SECONDS[1])
