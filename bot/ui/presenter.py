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
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.core.events import Event
from bot.tables.table import CANCELLED, OVER, Table
from bot.ui.game_ui import GameUI
from bot.ui.render import hand_screen, table_components, table_embed

log = logging.getLogger(__name__)

COALESCE_SECONDS = 0.25
TABLE_EDIT_SECONDS = 1.0
HAND_TOKEN_SECONDS = 14 * 60  # Discord's tokens last 15 minutes; keep a margin


@dataclass
class HandMessage:
    interaction: discord.Interaction[Any]
    message_id: int | None  # None: the interaction's original response
    since: float
    version: int = -1  # the table version it shows
    shown: tuple[object, ...] = ()  # what it shows that matters (see hand_signature)

    async def edit(self, **fields: Any) -> None:
        if self.message_id is None:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.followup.edit_message(self.message_id, **fields)


def hand_signature(table: Table, seat: int) -> tuple[object, ...]:
    """What a hand message must be redrawn for. While its owner may act, every change;
    while they wait, only a change of their cards or of the table's status: a waiting hand
    shows no table lines, and skipping those redraws halves a busy bot's message edits."""
    game = table.game
    assert game is not None
    if seat in game.actors() or game.is_over:
        return ("acting", table.version)
    return ("waiting", table.status, tuple(c.code for c in game.view(seat).hand))


class DiscordPresenter:
    def __init__(self, client: discord.Client, uis: Mapping[str, GameUI],
                 tables: Callable[[str], Table | None], coalesce: float = COALESCE_SECONDS) -> None:
        self.client = client
        self.uis = uis
        self.tables = tables  # looks a table up by id (the runtime's dict)
        self.coalesce = coalesce
        self.hands: dict[str, dict[int, HandMessage]] = {}
        self.table_interval = TABLE_EDIT_SECONDS
        self._shown_version: dict[str, int] = {}
        self._table_locks: dict[str, asyncio.Lock] = {}  # one table-message edit at a time
        self._hand_locks: dict[str, dict[int, asyncio.Lock]] = {}  # and one per hand message
        self._drawing = 0  # redraws past their wait, maybe waiting for a lock or on the wire
        self._table_drawn_at: dict[str, float] = {}
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
        if table.id not in self._pending_hands:
            self._pending_hands[table.id] = asyncio.create_task(self._flush_hands_later(table.id))
        if table.id not in self._pending_table:
            since = time.monotonic() - self._table_drawn_at.get(table.id, float("-inf"))
            wait = max(self.coalesce, self.table_interval - since)
            self._pending_table[table.id] = asyncio.create_task(self._flush_table_later(table.id, wait))

    def decision_window(self, table: Table) -> float | None:
        """A short decision window from the game's UI (Karata's plug), for engines that do
        not give one with ``Game.clock_hint``; the runtime asks this."""
        ui = self.uis.get(table.game_name)
        if ui is None or table.game is None or type(ui).clock_hint is GameUI.clock_hint:
            return None  # (no view built for games without windows: this runs on every move)
        return ui.clock_hint(table.game.view(None))

    def rendered(self, table: Table) -> None:
        """The table message was just drawn at this version by an interaction response."""
        self._shown_version[table.id] = table.version

    async def show_table(self, table: Table, edit: Callable[..., Awaitable[object]]) -> None:
        """Draw the table message through ``edit`` (an interaction's own edit of it), one
        edit per table at a time and drawn as the table is when the edit goes out: two
        edits in flight at once can land in the other order and leave an older table
        showing (a lobby after the deal)."""
        async with self._table_lock(table.id):
            version = table.version
            ui = self.uis[table.game_name]
            await edit(embed=table_embed(table, ui), view=table_components(table, ui))
            self._shown_version[table.id] = version

    def _table_lock(self, table_id: str) -> asyncio.Lock:
        lock = self._table_locks.get(table_id)
        if lock is None:
            lock = self._table_locks[table_id] = asyncio.Lock()
        return lock

    def remember_hand(self, table_id: str, user_id: int, interaction: discord.Interaction[Any],
                      message_id: int | None) -> None:
        table = self.tables(table_id)
        hand = HandMessage(interaction, message_id, time.monotonic())
        if table is not None and table.game is not None:
            seat = table.seat_of(user_id)
            hand.version = table.version
            hand.shown = hand_signature(table, seat) if seat is not None else ()
        self.hands.setdefault(table_id, {})[user_id] = hand

    async def close(self) -> None:
        tasks = [*self._pending_table.values(), *self._pending_hands.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ---------------------------------------------------------------- drawing
    async def _flush_table_later(self, table_id: str, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending_table.pop(table_id, None)
        table = self.tables(table_id)
        if table is None:
            return
        self._drawing += 1
        try:
            await self._draw_table(table)
        except Exception:
            log.exception("redrawing table %s failed", table_id)
        finally:
            self._drawing -= 1
        if table.status in (OVER, CANCELLED):
            self._shown_version.pop(table_id, None)
            self._table_drawn_at.pop(table_id, None)
            self._table_locks.pop(table_id, None)

    async def _flush_hands_later(self, table_id: str) -> None:
        try:
            await asyncio.sleep(self.coalesce)
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
        if table.status in (OVER, CANCELLED):
            self.hands.pop(table_id, None)
            self._hand_locks.pop(table_id, None)

    async def _draw_table(self, table: Table) -> None:
        async with self._table_lock(table.id):  # see show_table
            if table.message_id is None or self._shown_version.get(table.id) == table.version:
                return
            version = table.version
            channel = self.client.get_partial_messageable(table.channel_id)
            ui = self.uis[table.game_name]
            embed = table_embed(table, ui)
            try:
                await channel.get_partial_message(table.message_id).edit(embed=embed, view=table_components(table, ui))
            except discord.NotFound:
                # Somebody deleted the table message: post it again.
                message = await channel.send(embed=embed, view=table_components(table, ui) or discord.utils.MISSING)
                table.message_id = message.id
            self._shown_version[table.id] = version
            self._table_drawn_at[table.id] = time.monotonic()

    async def _draw_hands(self, table: Table) -> None:
        hands = self.hands.get(table.id, {})
        for user_id in list(hands):
            async with self.hand_lock(table.id, user_id):
                hand = hands.get(user_id)  # an answer may have replaced it while we waited
                if hand is not None:
                    await self._draw_hand(table, user_id, hand)

    async def _draw_hand(self, table: Table, user_id: int, hand: HandMessage) -> None:
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
        screen = hand_screen(table, seat, self.uis[table.game_name])
        try:
            await hand.edit(embed=screen.embed, view=screen.view)
            hand.version, hand.shown = version, signature
        except discord.HTTPException:
            hands.pop(user_id, None)

    def hand_lock(self, table_id: str, user_id: int) -> asyncio.Lock:
        """One edit at a time of a member's hand message, as with the table message
        (``show_table``): an answer's redraw and the coalesced one must not cross."""
        locks = self._hand_locks.setdefault(table_id, {})
        lock = locks.get(user_id)
        if lock is None:
            lock = locks[user_id] = asyncio.Lock()
        return lock
