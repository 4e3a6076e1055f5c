"""Every member's private hand message: what each shows, and the one way it is drawn.

A hand message is an ephemeral interaction response; Discord lets the bot edit it with
that interaction's token for 15 minutes, so the newest interaction per player is kept
and forgotten after 14. It is drawn as the answer to a click or a command (a new
message, or the clicked one updated), or edited when the table moves on by itself
(coalesced: a burst of moves is one edit), showing what the others did since. All of
these go through ``_draw``, one at a time per member, drawn as the table is when the
call goes out.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.games.cards import Card
from bot.tables.table import Table
from bot.ui.cards import CardImage, Deck
from bot.ui.pictures import UNKNOWN, digest_of, draw_picture, edit_fields, new_message_fields
from bot.ui.presenter.background import Background
from bot.ui.presenter.interactions import CONNECTION_LOST, Interaction, answer, failure, update
from bot.ui.presenter.languages import Languages
from bot.ui.presenter.locks import MemberLocks
from bot.ui.presenter.table_message import Pace, TableKeeper, _backoff
from bot.ui.render import HandScreen, hand_screen
from bot.ui.text.game import GameUI
from bot.ui.text.i18n import speaking

log = logging.getLogger(__name__)

HAND_TOKEN_SECONDS = 14 * 60  # Discord's tokens last 15 minutes; keep a margin



@dataclass(frozen=True)
class Where:
    """Where a hand message is: the interaction whose token edits it (for 15 minutes from
    ``since``), and the followup's id (None: the interaction's original response)."""

    interaction: Interaction
    message_id: int | None = None
    since: float = field(default_factory=time.monotonic)


# Writes the drawn hand (embed, menus and buttons, picture) in one Discord call; what it
# returns says where the message is for its later edits.
Write = Callable[[HandScreen, CardImage | None], Awaitable[Where]]


@dataclass
class HandMessage:
    where: Where
    version: int = -1  # the table version it shows
    events_seen: int = 0  # the table's events up to the moment it shows (Table.events_seen)
    picture: str | None = UNKNOWN  # the digest of the picture it carries (None: none)

    async def edit(self, **fields: Any) -> None:
        interaction, message_id = self.where.interaction, self.where.message_id
        if message_id is None:
            await interaction.edit_original_response(**fields)
        else:
            await interaction.followup.edit_message(message_id, **fields)


@dataclass(frozen=True)
class Asked:
    """What the member asked to see on their hand: a page of plays, or the asks of a play."""

    page: int = 0
    asking: tuple[Card, ...] | None = None
    demand_suit: str | None = None
    notice: str | None = None
    since: tuple[dict[str, Any], ...] = ()  # the public events since the member last looked


def since_shown(table: Table, seen: int) -> list[dict[str, Any]]:
    """The table's public events after the first ``seen`` (those a hand message showed),
    as many as the table still remembers."""
    new = table.events_seen - seen
    return table.recent[-new:] if new > 0 else []


class DelayMeter(Protocol):
    """Where how long a hand message took to show a change is reported (bot.metrics)."""

    def hand_message_shown(self, seconds: float) -> None: ...


class HandMessages:
    def __init__(self, uis: Mapping[str, GameUI], keeper: TableKeeper, pace: Pace,
                 pictures: Callable[[int], Awaitable[Deck | None]], meter: DelayMeter | None = None,
                 languages: Languages | None = None) -> None:
        """``pictures``: the deck a member's hand picture is drawn in now, or None for no
        picture (their settings);
        ``meter``: where the delay from a change to each hand showing it is reported;
        ``languages``: which language each member reads their hand in."""
        self.meter = meter
        self.languages = languages or Languages()
        self.uis = uis
        self.keeper = keeper
        self.pace = pace
        self.pictures = pictures
        self._hands: dict[str, dict[int, HandMessage]] = {}
        self._locks = MemberLocks()
        self._failures: dict[str, int] = {}  # redraws of a table's hands lost on the way
        self._pending: dict[str, asyncio.Task[None]] = {}  # the redraw waiting out its coalescing, by table
        self._background = Background()  # every redraw, waiting or drawing
        self._changed_at: dict[str, tuple[int, float]] = {}  # the first change not redrawn: (version, when)
        self.drawing = 0

    @property
    def pending(self) -> int:
        return len(self._pending) + self.drawing

    # --------------------------------------------------------------- answers
    async def answer_with_new(self, interaction: Interaction, table: Table, seat: int, asked: Asked,
                              deck: Deck | None, *, followup: bool = False) -> None:
        """A new hand message as the answer (or, ``followup``, after the answer: the table
        message was the answer), in place of a "thinking..." if the answer was deferred."""
        async def send(screen: HandScreen, image: CardImage | None) -> Where:
            if followup:
                message = await interaction.followup.send(embed=screen.embed, view=screen.view, ephemeral=True,
                                                          wait=True, **new_message_fields(image))
                return Where(interaction, message.id)
            await answer(interaction, embed=screen.embed, view=screen.view, ephemeral=True,
                         **new_message_fields(image))
            return Where(interaction)

        async with self._locks.of(table.id, interaction.user.id):
            await self._draw(table, seat, interaction.user.id, asked, deck, send, interaction)

    async def update_clicked(self, interaction: Interaction, table: Table, seat: int, asked: Asked,
                             deck: Deck | None) -> None:
        """Redraw the hand message a button or menu sits on, as the click's answer."""
        async def edit(screen: HandScreen, image: CardImage | None) -> Where:
            # The message clicked may be an older hand message than the one remembered, so
            # what it shows is not known: its picture is sent (or removed) in this one call.
            await update(interaction, embed=screen.embed, view=screen.view, **edit_fields(image))
            return Where(interaction)

        async with self._locks.of(table.id, interaction.user.id):
            await self._draw(table, seat, interaction.user.id, asked, deck, edit, interaction)

    # ------------------------------------------------------------ the drawing
    async def _draw(self, table: Table, seat: int, user_id: int, asked: Asked, deck: Deck | None,
                    write: Write, interaction: Interaction) -> None:
        """The one way a hand message is drawn: ``seat``'s hand as the table is now (with a
        picture in ``deck``, unless None), written by ``write``, and remembered as the member's newest.
        In its owner's language (``interaction``, theirs, says their Discord's), whichever
        task draws it: a redraw started by another member's move would otherwise speak theirs.
        Called with the member's lock held."""
        # Remembered as drawn now, before the call: the table may move on (a computer's
        # move) while the message is on the wire, and it is then drawn again.
        version, seen = table.version, table.events_seen
        language = await self.languages.member(user_id, table.guild_id, getattr(interaction, "locale", None))
        with speaking(language):
            screen = hand_screen(table, seat, self.uis[table.game_name], page=asked.page, asking=asked.asking,
                                 demand_suit=asked.demand_suit, notice=asked.notice, deck=deck,
                                 since=asked.since)
            image = await draw_picture(screen.picture, screen.embed)
            where = await write(screen, image)
        self._hands.setdefault(table.id, {})[user_id] = HandMessage(where, version, seen, digest_of(image))
        if table.version != version:  # a solo player's first hand must not wait
            self.schedule(table)

    async def _redraw(self, table: Table, user_id: int, hand: HandMessage,
                      changed: tuple[int, float] | None = None) -> None:
        """Edit a remembered hand message if the table moved on in a way its owner sees."""
        deck = await self.pictures(user_id)  # first: the table may move on while this waits
        hands = self._hands.get(table.id, {})
        seat = table.seat_of(user_id)
        if seat is None or time.monotonic() - hand.where.since > HAND_TOKEN_SECONDS or table.game is None:
            hands.pop(user_id, None)
            return
        if hand.version == table.version:
            return

        async def edit(screen: HandScreen, image: CardImage | None) -> Where:
            await hand.edit(embed=screen.embed, view=screen.view, **edit_fields(image, hand.picture))
            return hand.where

        try:
            # What the others did since it was drawn is shown on it: its owner follows the
            # game here, through the interaction's webhook, which Discord's global limit does
            # not bind (the public table message is refreshed as the budget allows).
            await self._draw(table, seat, user_id, Asked(since=tuple(since_shown(table, hand.events_seen))),
                             deck, edit, hand.where.interaction)
        except discord.HTTPException:
            hands.pop(user_id, None)  # Discord refused it (its token gone, say): My hand sends a new one
            return
        if changed is not None and self.meter is not None and hand.version < changed[0]:
            self.meter.hand_message_shown(time.monotonic() - changed[1])

    def follow(self, table: Table) -> bool:
        """Whether every human seated at ``table`` can follow it on a live hand message
        (one whose interaction token has not run out)."""
        hands = self._hands.get(table.id, {})
        now = time.monotonic()
        return all(
            (hand := hands.get(seat.user_id)) is not None and now - hand.where.since <= HAND_TOKEN_SECONDS
            for seat in table.seats if seat.user_id is not None and not seat.left
        )

    # ------------------------------------------------------------ scheduling
    def changed(self, table: Table) -> None:
        """The table changed: every live hand message at it is redrawn soon."""
        self._changed_at.setdefault(table.id, (table.version, time.monotonic()))
        self.schedule(table)

    def schedule(self, table: Table, wait: float | None = None) -> None:
        if table.id not in self._pending:
            self._pending[table.id] = self._background.start(
                self._redraw_later(table, self.pace.coalesce if wait is None else wait))

    async def _redraw_later(self, table: Table, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._pending.pop(table.id, None)
        live = self.keeper.live(table.id)
        changed = self._changed_at.pop(table.id, None)  # changes from now on are the next redraw's
        if live is None:
            return
        self.drawing += 1
        try:
            await self._redraw_all(live, changed)
        except Exception:
            log.exception("redrawing the hands at table %s failed", table.id)
        finally:
            self.drawing -= 1
        if live.status.finished and table.id not in self._pending:
            self._hands.pop(table.id, None)
            self._locks.forget(table.id)
            self._failures.pop(table.id, None)

    async def _redraw_all(self, table: Table, changed: tuple[int, float] | None = None) -> None:
        hands = self._hands.get(table.id, {})
        lost: BaseException | None = None
        for user_id in list(hands):
            async with self._locks.of(table.id, user_id):
                hand = hands.get(user_id)  # an answer may have replaced it while we waited
                if hand is not None:
                    try:
                        await self._redraw(table, user_id, hand, changed)
                    except CONNECTION_LOST as err:
                        lost = err  # it stays as last drawn, so the next try draws it again
        if lost is None:
            self._failures.pop(table.id, None)
            return
        backoff = _backoff(self._failures, table.id)
        log.warning("table %s: redrawing its hands failed (%s); trying again in %.0f s",
                    table.id, failure(lost), backoff)
        self.schedule(table, backoff)

    async def close(self) -> None:
        await self._background.close()

