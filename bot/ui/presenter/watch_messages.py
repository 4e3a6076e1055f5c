"""Watchers' private live views of a table: the public table, kept current for them alone.

A member who is not seated presses Watch (or runs ``/<game> watch``) and gets the table
message as a private answer. It is drawn from the public view only, exactly as the public
message is (``render.table_embed``), so a watcher never sees a card before it is laid. It
is edited through the interaction's own token, which Discord's global request limit does
not bind, for as long as the token lives (15 minutes, 14 kept); after that its Refresh
button (a Watch button: a new click, a new token) brings it back to life.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

import discord

from bot.tables.table import Table
from bot.ui.cards import CardImage
from bot.ui.pictures import UNKNOWN, digest_of, draw_picture, edit_fields, new_message_fields
from bot.ui.presenter.background import Background
from bot.ui.presenter.hand_messages import HAND_TOKEN_SECONDS, Where
from bot.ui.presenter.interactions import Interaction, answer, update
from bot.ui.presenter.languages import Languages
from bot.ui.presenter.locks import MemberLocks
from bot.ui.presenter.table_message import Pace, TableKeeper
from bot.ui.render import table_embed, table_picture, watch_components
from bot.ui.text.game import GameUI
from bot.ui.text.i18n import speaking

log = logging.getLogger(__name__)

# Writes the drawn table (embed, its Refresh button, picture) on a watcher's message.
Write = Callable[[discord.Embed, discord.ui.View, CardImage | None], Awaitable[None]]


@dataclass
class WatchMessage:
    where: Where
    version: int = -1  # the table version it shows
    picture: str | None = UNKNOWN  # the digest of the picture it carries (None: none)


class WatchMessages:
    def __init__(self, uis: Mapping[str, GameUI], keeper: TableKeeper, pace: Pace,
                 languages: Languages | None = None) -> None:
        """``languages``: which language each watcher reads their view in."""
        self.languages = languages or Languages()
        self.uis = uis
        self.keeper = keeper
        self.pace = pace
        self._watching: dict[str, dict[int, WatchMessage]] = {}
        self._locks = MemberLocks()
        self._pending: dict[str, asyncio.Task[None]] = {}  # the redraw waiting out its coalescing, by table
        self._background = Background()  # every redraw, waiting or drawing
        self.drawing = 0

    @property
    def pending(self) -> int:
        return len(self._pending) + self.drawing

    def watchers(self, table_id: str) -> int:
        return len(self._watching.get(table_id, {}))

    async def answer(self, interaction: Interaction, table: Table, *, in_place: bool) -> None:
        """The table, privately, as the answer to Watch (``in_place``: the Refresh of a
        watch message, which is redrawn instead of a new one sent)."""
        async with self._locks.of(table.id, interaction.user.id):
            shown = UNKNOWN  # the message clicked may be any older watch message

            async def write(embed: discord.Embed, view: discord.ui.View, image: CardImage | None) -> None:
                if in_place:
                    await update(interaction, embed=embed, view=view, **edit_fields(image, shown))
                else:
                    await answer(interaction, embed=embed, view=view, ephemeral=True, **new_message_fields(image))

            await self._draw(table, interaction.user.id, Where(interaction), write)

    async def _draw(self, table: Table, user_id: int, where: Where, write: Write) -> None:
        """The one way a watch message is drawn: the public table as it is now, in the
        watcher's own language (only they see it)."""
        version, ui = table.version, self.uis[table.game_name]
        language = await self.languages.member(user_id, table.guild_id, getattr(where.interaction, "locale", None))
        with speaking(language):
            picture = table_picture(table)
            embed = table_embed(table, ui, picture)
            image = await draw_picture(picture, embed)
            await write(embed, watch_components(table), image)
        if table.status.finished:
            self._watching.get(table.id, {}).pop(user_id, None)  # nothing more to follow
            return
        self._watching.setdefault(table.id, {})[user_id] = WatchMessage(where, version, digest_of(image))
        if table.version != version:
            self.schedule(table)

    def schedule(self, table: Table) -> None:
        if table.id in self._watching and table.id not in self._pending:
            self._pending[table.id] = self._background.start(self._redraw_later(table))

    async def _redraw_later(self, table: Table) -> None:
        try:
            await asyncio.sleep(self.pace.coalesce)
        finally:
            self._pending.pop(table.id, None)
        table = self.keeper.live(table.id) or table
        self.drawing += 1
        try:
            for user_id in list(self._watching.get(table.id, {})):
                async with self._locks.of(table.id, user_id):
                    watch = self._watching.get(table.id, {}).get(user_id)
                    if watch is not None:
                        await self._redraw(table, user_id, watch)
        except Exception:
            log.exception("redrawing the watchers of table %s failed", table.id)
        finally:
            self.drawing -= 1
        if table.status.finished:
            self._watching.pop(table.id, None)
            self._locks.forget(table.id)

    async def _redraw(self, table: Table, user_id: int, watch: WatchMessage) -> None:
        if time.monotonic() - watch.where.since > HAND_TOKEN_SECONDS:
            self._watching[table.id].pop(user_id, None)  # its token is gone: Refresh brings it back
            return
        if watch.version == table.version:
            return

        async def edit(embed: discord.Embed, view: discord.ui.View, image: CardImage | None) -> None:
            await watch.where.interaction.edit_original_response(embed=embed, view=view,
                                                                 **edit_fields(image, watch.picture))

        try:
            await self._draw(table, user_id, watch.where, edit)
        except discord.HTTPException:
            self._watching[table.id].pop(user_id, None)  # refused (its token gone, say)

    async def close(self) -> None:
        await self._background.close()
