"""The public table message of every table: what each shows, and the one way it is drawn.

A table's message is written in four ways: as the answer to the command that opened
the table, as the update of a lobby button's message (Join, Start), as an edit through
the channel when the table moves on by itself (a computer's move, a clock), and as a
new post when it went missing. All four draw the table through ``_draw``, one at a time
per table (two edits in flight at once can land in the other order and leave an older
table showing: a lobby after the deal), and as the table is when the call goes out.

Edits through the channel are coalesced: a burst of moves schedules one, and at most
one per ``Pace.table_interval`` per table, because Discord limits edits in a channel.
They are Discord's rate-limited calls (50 a second for the whole bot), so they spend the
REST budget (bot/rest_budget.py) and wait their turn for it (``RefreshTurns``): a lobby,
a table's end and a table that a seated human cannot follow on a hand message first,
then the tables whose players follow them on their hands, the one waiting longest first.

A message older than an hour may be edited only 3 times per 6 s in a channel, so before
it is ``FRESH_AFTER_SECONDS`` old the table is posted anew and the old message is left
as it is (its buttons still answer: they name the table, not the message).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import heapq
import itertools
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import discord

from bot.rest_budget import Priority, rest_priority
from bot.tables.table import Table, TableStatus
from bot.ui.cards import CardImage, PictureOrder
from bot.ui.load import Load
from bot.ui.pictures import UNKNOWN, digest_of, draw_picture, edit_fields, new_message_fields
from bot.ui.presenter.background import Background
from bot.ui.presenter.interactions import DISCORD_FAILED, Interaction, answer, failure, update
from bot.ui.presenter.languages import Languages
from bot.ui.render import table_components, table_embed, table_picture
from bot.ui.text.game import GameUI
from bot.ui.text.i18n import speaking

T = TypeVar("T")
log = logging.getLogger(__name__)

COALESCE_SECONDS = 0.25
TABLE_EDIT_SECONDS = 1.0
BUSY_STRETCH = 3  # while the bot is overloaded, table messages are edited 3 times less often
MESSAGE_LOOKBACK = 50  # recent channel messages searched for a restored table's lost message
RESTORE_SPREAD_SECONDS = 0.05  # restored tables are redrawn 20 a second, not all at once
RETRY_SECONDS = (1.0, 60.0)  # a failed edit is tried again after 1 s, doubling up to 60 s
UNKNOWN_CHANNEL = 10003  # Discord's JSON error code for a channel that does not exist (deleted)
FRESH_AFTER_SECONDS = 50 * 60  # a table message is posted anew before Discord's hour-old edit limit
TURN_POLL_SECONDS = 0.05  # how often waiting refreshes look for room in the budget

# Writes the drawn table (embed, buttons, picture file) in one Discord call.
Write = Callable[[discord.Embed, discord.ui.View | None, CardImage | None], Awaitable[T]]


@dataclass(frozen=True)
class Pace:
    """How soon changes are drawn: a burst of moves within ``coalesce`` seconds is one
    redraw, and a table message is edited at most once per ``table_interval``."""

    coalesce: float = COALESCE_SECONDS
    table_interval: float = TABLE_EDIT_SECONDS


class TableKeeper(Protocol):
    """What the presenter asks of the table runtime: a table by id, and three things
    Discord did to a table that the runtime saves."""

    def live(self, table_id: str) -> Table | None: ...

    async def set_message(self, table_id: str, message_id: int) -> None: ...

    async def final_drawn(self, table_id: str) -> None: ...

    async def channel_gone(self, table_id: str) -> None: ...


class Budget(Protocol):
    """The REST budget as the refreshes see it (bot.rest_budget.RestBudget)."""

    def affordable(self, within: float = 1.0) -> int: ...


class StalenessMeter(Protocol):
    """Where how late each table message was is reported (bot.metrics)."""

    def table_message_shown(self, cls: str, seconds: float) -> None: ...


class Refresh(enum.IntEnum):
    """Which table messages go first when the budget is short (lower first)."""

    AT_ONCE = 0  # a lobby, a table's end, a table a seated human cannot follow on their hand
    ROUTINE = 1  # a table its humans follow on their hand messages: the stalest first


class RefreshTurns:
    """Refreshes of table messages wait here for room in the REST budget: as many start
    as the budget can afford in the next second, the most urgent first, then the one
    waiting longest. Without a budget (tests of the presenter alone) none waits."""

    def __init__(self, budget: Budget | None) -> None:
        self.budget = budget
        self._waiting: list[tuple[int, float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._started = 0  # let through and not finished yet
        self._dispatching: asyncio.Task[None] | None = None

    @contextlib.asynccontextmanager
    async def turn(self, refresh: Refresh, since: float) -> AsyncIterator[None]:
        if self.budget is not None:
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            heapq.heappush(self._waiting, (refresh, since, next(self._order), future))
            if self._dispatching is None:
                self._dispatching = asyncio.create_task(self._dispatch())
            await future
        self._started += 1
        try:
            yield
        finally:
            self._started -= 1

    async def _dispatch(self) -> None:
        assert self.budget is not None
        try:
            while self._waiting:
                # Those let through already are counted twice (here, and in the budget's queue
                # once they reach it): the budget's own gate keeps the pace, this only keeps the
                # queue in front of it short, so a refresh is drawn just before it can go out.
                room = self.budget.affordable() - self._started
                while room > 0 and self._waiting:
                    *_, future = heapq.heappop(self._waiting)
                    if not future.done():
                        future.set_result(None)
                        room -= 1
                await asyncio.sleep(TURN_POLL_SECONDS)
        finally:
            self._dispatching = None

    def close(self) -> None:
        for *_, future in self._waiting:
            future.cancel()
        self._waiting.clear()


class TableMessages:
    def __init__(self, client: discord.Client, uis: Mapping[str, GameUI], keeper: TableKeeper,
                 pace: Pace, load: Load, *, followed: Callable[[Table], bool] = lambda table: True,
                 budget: Budget | None = None, meter: StalenessMeter | None = None,
                 clock: Callable[[], float] = time.time, languages: Languages | None = None) -> None:
        """``followed``: whether every human seated at a table can follow it on a hand
        message; ``budget``: the REST budget the refreshes wait for; ``meter``: where their
        staleness is reported; ``clock``: the wall clock, which a message's age is read by;
        ``languages``: the language of each server's public messages."""
        self.client = client
        self.languages = languages or Languages()
        self.followed = followed
        self.turns = RefreshTurns(budget)
        self.meter = meter
        self.clock = clock
        self.uis = uis
        self.keeper = keeper
        self.pace = pace
        self.load = load
        self._shown_version: dict[str, int] = {}
        self._shown_picture: dict[str, str | None] = {}  # the digest of each table message's picture
        self._no_files: set[int] = set()  # channels where the bot may not attach files (no table pictures)
        self._locks: dict[str, asyncio.Lock] = {}
        self._drawn_at: dict[str, float] = {}
        self._failures: dict[str, int] = {}  # failed edits in a row, for the backoff
        self._unplaced: set[str] = set()  # restored tables whose message is to be found first
        self._answering: set[str] = set()  # new tables whose first message is on its way
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._changed_at: dict[str, float] = {}  # since when each message shows an older table
        self._urgent: set[str] = set()  # tables whose round just ended: drawn at once
        self._background = Background()  # every edit and channel-gone task, waiting or drawing
        self.drawing = 0  # redraws past their wait, maybe waiting for the lock or on the wire

    @property
    def pending(self) -> int:
        return len(self._pending) + self.drawing

    def shown_version(self, table_id: str) -> int | None:
        """The table version its message shows, when known."""
        return self._shown_version.get(table_id)

    # --------------------------------------------------------------- answers
    async def answer_with_new(self, interaction: Interaction, table: Table) -> int | None:
        """Answer the command that opened ``table`` with its message; the message's id. If
        the answer fails (too late on a busy bot, or Discord failed), the table is posted in
        the channel instead, so it is never invisible; None if that fails too."""
        self._answering.add(table.id)
        try:
            async with self._lock(table.id):
                async def send(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> int:
                    message_id = await answer(interaction, embed=embed, view=view or discord.utils.MISSING,
                                              **new_message_fields(image))
                    if message_id is None:  # Discord names the message it created; ask only if it did not
                        message_id = (await interaction.original_response()).id
                    return message_id

                try:
                    message_id = await self._draw(table, send, through_channel=False)
                except DISCORD_FAILED as err:
                    log.warning("table %s: answering with its message failed (%s); posting it in the channel",
                                table.id, failure(err))
                    return await self._post(table)
        finally:
            self._answering.discard(table.id)
        table.message_id = message_id  # answers that link it need it now, saved or not
        return message_id

    async def update_clicked(self, interaction: Interaction, table: Table) -> None:
        """Redraw the table message a lobby button sits on, as the click's answer."""
        async with self._lock(table.id):
            shown = self._shown_picture.get(table.id, UNKNOWN)

            async def edit(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> None:
                await update(interaction, embed=embed, view=view, **edit_fields(image, shown))

            await self._draw(table, edit, through_channel=False)

    async def ensure_posted(self, table: Table) -> None:
        """Post the table's message if it never reached the channel (and is not on its way)."""
        if table.message_id is not None or table.id in self._answering:
            return
        async with self._lock(table.id):
            if table.message_id is None:
                message_id = await self._post(table)
                if message_id is not None:
                    await self.keeper.set_message(table.id, message_id)

    # ------------------------------------------------------------ the drawing
    async def _draw(self, table: Table, write: Write[T], *, through_channel: bool) -> T:
        """The one way a table message is drawn: the table as it is now, written by
        ``write``, and remembered as shown. Called with the table's lock held.

        Through the channel the bot writes as itself, which takes the Attach Files
        permission for a picture: where Discord refuses it, the message goes without its
        picture, now and from then on in that channel (its text names every card), and
        the refusal is logged once. An interaction's answer needs no permission.

        In the server's language, never the one of the moment: a lobby click's answer is
        drawn in its clicker's task, which speaks the clicker's own."""
        with speaking(await self.languages.public(table.guild_id)):
            return await self._draw_in_language(table, write, through_channel=through_channel)

    async def _draw_in_language(self, table: Table, write: Write[T], *, through_channel: bool) -> T:
        version = table.version
        ui = self.uis[table.game_name]
        picture = self._picture(table)
        embed, view = table_embed(table, ui, picture), table_components(table, ui)
        image = await draw_picture(picture, embed)
        try:
            result = await write(embed, view, image)
        except discord.Forbidden:
            if not through_channel or image is None:
                raise
            self._no_files.add(table.channel_id)
            log.warning("channel %s: the bot may not attach files there (the Attach Files permission), "
                        "so its tables show no picture", table.channel_id)
            image = None
            result = await write(table_embed(table, ui, None), view, None)
        self._shown_version[table.id] = version
        self._shown_picture[table.id] = digest_of(image)
        changed_at = self._changed_at.pop(table.id, None)
        if changed_at is not None and self.meter is not None:
            self.meter.table_message_shown(self._refresh_of(table)[1], time.monotonic() - changed_at)
        if table.version != version:  # it moved on meanwhile (a computer's move): again, soon
            self.schedule(table)
        return result

    def _picture(self, table: Table) -> PictureOrder | None:
        """The table message's picture now (``render.table_picture``), or None where the bot
        may not attach files or while it is overloaded. A picture is about half the work of
        an edit (drawing and uploading it); while answers wait in line they pause, and the
        message's text, which names every card, carries the table. An edit without a picture
        takes the old one away, so no message shows a stale picture."""
        if table.channel_id in self._no_files or self.load.busy:
            return None
        return table_picture(table)

    async def _post(self, table: Table) -> int | None:
        """Post the table message in its channel; the new message's id, or None if that fails."""
        channel = self.client.get_partial_messageable(table.channel_id)

        async def send(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> int:
            message = await channel.send(embed=embed, view=view or discord.utils.MISSING,
                                         **new_message_fields(image))
            return message.id

        try:
            table.message_id = await self._draw(table, send, through_channel=True)
        except DISCORD_FAILED as err:
            if not self._channel_gone(table, err):
                log.warning("table %s: posting its message failed (%s)", table.id, failure(err))
            return None
        return table.message_id

    async def _edit(self, table: Table) -> None:
        """Edit the table's message through its channel, if it shows an older table."""
        if table.id in self._unplaced:  # restored without a message id
            self._unplaced.discard(table.id)
            if table.message_id is None and not table.status.finished:
                await self._place(table)
        if table.message_id is None or self._shown_version.get(table.id) == table.version:
            return
        if self._age(table.message_id) > FRESH_AFTER_SECONDS and not table.status.finished \
                and await self._posted_afresh(table):
            self._drawn_at[table.id] = time.monotonic()  # a post counts in the channel's limit too
            return
        message = self.client.get_partial_messageable(table.channel_id).get_partial_message(table.message_id)
        shown = self._shown_picture.get(table.id, UNKNOWN)

        async def edit(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> None:
            await message.edit(embed=embed, view=view, **edit_fields(image, shown))

        try:
            await self._draw(table, edit, through_channel=True)
        except discord.NotFound as err:
            if self._channel_gone(table, err) or table.status.finished:
                return  # gone, and nothing left to play: no need for it
            # Somebody deleted the table message (or a restart left the id of one
            # deleted before a repost whose own id was lost): place it again.
            await self._place(table)
            return
        self._drawn_at[table.id] = time.monotonic()

    async def _place(self, table: Table) -> None:
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
            await self._post(table)
        else:
            found = channel.get_partial_message(table.message_id)

            async def edit(embed: discord.Embed, view: discord.ui.View | None, image: CardImage | None) -> None:
                await found.edit(embed=embed, view=view, **edit_fields(image))

            await self._draw(table, edit, through_channel=True)
        if table.message_id is not None:
            await self.keeper.set_message(table.id, table.message_id)

    def _age(self, message_id: int) -> float:
        """How old a message is, in seconds (its id says when Discord made it)."""
        return self.clock() - discord.utils.snowflake_time(message_id).timestamp()

    async def _posted_afresh(self, table: Table) -> bool:
        """Post the table anew before its message is an hour old; the old one is left as it
        was (Discord limits the edits of hour-old messages), its buttons still answering.
        False if Discord failed: the old message is edited meanwhile."""
        old = table.message_id
        message_id = await self._post(table)
        if message_id is None:
            table.message_id = old
            return False
        log.info("table %s: its message was nearly an hour old; posted afresh", table.id)
        await self.keeper.set_message(table.id, message_id)
        return True

    def _channel_gone(self, table: Table, err: BaseException) -> bool:
        """Whether ``err`` is Discord saying the table's channel no longer exists (404,
        Unknown Channel); if so the table is finished, in a task of its own, since the
        caller holds the table message's lock. A deleted message (Unknown Message) is not
        this: the table's message is posted again."""
        if not (isinstance(err, discord.NotFound) and err.code == UNKNOWN_CHANNEL):
            return False
        if not table.status.finished:
            self._in_background(self.keeper.channel_gone(table.id))
        return True

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        self._background.start(work)

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------ scheduling
    def changed(self, table: Table, *, urgent: bool = False) -> None:
        """The table changed (``urgent``: a round ended): its message is edited soon."""
        self._changed_at.setdefault(table.id, time.monotonic())
        if urgent:
            self._urgent.add(table.id)
        self.schedule(table)

    def language_changed(self, tables: Sequence[Table]) -> None:
        """The server's language changed: its tables' messages are drawn again in it soon,
        though the tables did not move."""
        for table in tables:
            self._shown_version.pop(table.id, None)
            self.changed(table)

    def _refresh_of(self, table: Table) -> tuple[Refresh, str]:
        """How soon the table's message must be refreshed, and the name of that class
        (for the staleness metric)."""
        if table.status == TableStatus.LOBBY:
            return Refresh.AT_ONCE, "lobby"
        if table.status.finished or table.id in self._urgent:
            return Refresh.AT_ONCE, "ended"
        if not self.followed(table):
            return Refresh.AT_ONCE, "unfollowed"
        return Refresh.ROUTINE, "playing"

    def schedule(self, table: Table, wait: float | None = None) -> None:
        """Edit the table's message soon: after ``wait``, or as the pace allows."""
        if table.id in self._pending:
            return
        if wait is None:
            wait = self.edit_wait(table.id)
        self._pending[table.id] = self._background.start(self._edit_later(table, wait))

    def edit_wait(self, table_id: str, since: float | None = None) -> float:
        """How long the next edit of the table's message waits, as the pace allows, ``since``
        seconds after its last edit (by default, since it was last drawn). Public for the
        tests of the pace under load."""
        # Overloaded (answers waiting in line), the public messages give way: each table
        # edit is as much work as an answer, and a table shown 3 s late is better than a
        # move answered after Discord's 3 s deadline. Answers and hands are never held.
        interval = self.pace.table_interval * (BUSY_STRETCH if self.load.busy else 1)
        if since is None:
            since = time.monotonic() - self._drawn_at.get(table_id, float("-inf"))
        return max(self.pace.coalesce, interval - since)

    def redraw_restored(self, tables: Sequence[Table]) -> None:
        """After a restart, draw every restored table once (a crash may have come between a
        save and its redraw), spread out so that many tables do not all edit at once."""
        for index, table in enumerate(tables):
            self._unplaced.add(table.id)  # its message id may have been lost: look for it first
            self.schedule(table, self.pace.coalesce + index * RESTORE_SPREAD_SECONDS)

    async def _edit_later(self, table: Table, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending.pop(table.id, None)
        # A finished table leaves the runtime after a while; a retried edit still draws it.
        table = self.keeper.live(table.id) or table
        refresh, _ = self._refresh_of(table)
        since = self._changed_at.get(table.id, time.monotonic())
        self.drawing += 1
        too_soon = 0.0
        try:
            async with self.turns.turn(refresh, since), self._lock(table.id):
                # Another edit may have landed while this one waited for its turn or the lock
                # (it was scheduled while that one was on the wire): Discord allows a channel
                # about five edits in five seconds, so this one keeps the pace all the same.
                too_soon = self.pace.table_interval - (time.monotonic() - self._drawn_at.get(table.id, float("-inf")))
                if too_soon <= 0:
                    self._urgent.discard(table.id)
                    with rest_priority(Priority.SOON if refresh is Refresh.AT_ONCE else Priority.BACKGROUND):
                        await self._edit(table)
        except DISCORD_FAILED as err:
            # Discord failed (a 5xx, or the connection lost): try again with backoff until it
            # lands or the message is gone. The next move never waits for it.
            backoff = _backoff(self._failures, table.id)
            log.warning("table %s: editing its message failed (%s); trying again in %.0f s",
                        table.id, failure(err), backoff)
            self.schedule(table, backoff)
            return
        except Exception:
            log.exception("redrawing table %s failed", table.id)
        finally:
            self.drawing -= 1
        if too_soon > 0:
            self.schedule(table, too_soon)
            return
        self._failures.pop(table.id, None)
        if table.status.finished and table.id not in self._pending:
            await self.keeper.final_drawn(table.id)
            self._forget(table.id)

    def _forget(self, table_id: str) -> None:
        self._changed_at.pop(table_id, None)
        self._urgent.discard(table_id)
        self._shown_version.pop(table_id, None)
        self._shown_picture.pop(table_id, None)
        self._drawn_at.pop(table_id, None)
        self._locks.pop(table_id, None)

    async def close(self) -> None:
        self.turns.close()
        await self._background.close()


def _backoff(failures: dict[str, int], table_id: str) -> float:
    """Count one more failure in a row at ``table_id``; the wait before the next try."""
    tries = failures[table_id] = failures.get(table_id, 0) + 1
    return min(RETRY_SECONDS[0] * 2.0 ** (tries - 1), RETRY_SECONDS[1])

