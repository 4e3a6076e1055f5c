"""The table runtime: lobby, seats, moves under a per-table lock, save-before-reply,
the turn clock and computer players. Game-agnostic and Discord-agnostic.

A move's way: ``act()`` takes the table's lock, checks the button is current,
asks the engine to apply the move (an ``IllegalMove`` changes nothing), saves
the new state with the move and any round results in one transaction, then
tells the presenter (which draws the Discord messages) and schedules what
comes next: the turn clock and any computer player's move.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

from bot.games import game_class
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event, MatchOver, RoundOver
from bot.games.core.moves import Move, MoveKind
from bot.storage.sqlite import ResultRow, Storage, TableRow
from bot.tables.events import ConsentGiven, ConsentRefused, SeatLeft, TableEnded
from bot.tables.scheduling import ClockAndComputers, Timing
from bot.tables.table import (
    CANCELLED,
    LOBBY,
    OVER,
    PLAYING,
    Seat,
    StaleAction,
    Table,
    TableError,
    TableOptions,
    new_table_id,
)

log = logging.getLogger(__name__)

__all__ = ["Presenter", "SilentPresenter", "TableRuntime", "Timing"]

FINISHED_TABLE_SECONDS = 120.0  # how long a finished table stays in memory
CONSENT_SECONDS = 60.0  # how long the humans have to agree to consent switches (cheat mode)


class Presenter(Protocol):
    """Draws a table for its members (the Discord layer implements it)."""

    async def table_changed(self, table: Table, events: Sequence[Event]) -> None: ...


class SilentPresenter:
    async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
        return None


class TableRuntime(ClockAndComputers):
    """Every live table of this process, and the one way each of them changes."""

    def __init__(
        self,
        storage: Storage,
        presenter: Presenter | None = None,
        timing: Timing | None = None,
        rng: random.Random | None = None,
        window: Callable[[Table], float | None] | None = None,
    ) -> None:
        """``window``: a fallback for ``Game.clock_hint`` (a short decision window), for
        engines that do not give one themselves; by default the presenter's
        ``decision_window`` if it has one (the Discord layer asks the game's UI)."""
        self.storage = storage
        self.window = window or getattr(presenter, "decision_window", None)
        self.consent_seconds = CONSENT_SECONDS
        self.presenter: Presenter = presenter or SilentPresenter()
        self.timing = timing or Timing()
        self.rng = rng or random.Random()
        self.tables: dict[str, Table] = {}
        self.by_channel: dict[int, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._clocks: dict[str, asyncio.Task[None]] = {}
        self._computers: dict[str, asyncio.Task[None]] = {}
        self._closing = False

    # ------------------------------------------------------------ life cycle
    async def restore(self) -> int:
        """Bring back every table that was in the lobby or in play; returns how many."""
        count = 0
        for row in await self.storage.active_tables():
            try:
                table = Table.from_record(row.id, row.guild_id, row.channel_id, row.game,
                                          row.status, row.record)
            except (KeyError, ValueError):
                log.exception("table %s could not be restored; it is left as it is", row.id)
                continue
            self._register(table)
            if table.status == PLAYING:
                self._schedule(table, restored=True)
            elif table.status == LOBBY and table.consent is not None:
                self._schedule_consent(table)
            count += 1
        return count

    async def close(self) -> None:
        self._closing = True
        tasks = [*self._clocks.values(), *self._computers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _register(self, table: Table) -> None:
        self.tables[table.id] = table
        self.by_channel[table.channel_id] = table.id
        self._locks.setdefault(table.id, asyncio.Lock())

    def lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.status in (OVER, CANCELLED):
            raise StaleAction("That table has finished: start a new one with /kadi new, /karata new or /donkey new.")
        return table

    def table_in(self, channel_id: int) -> Table | None:
        table_id = self.by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id else None

    async def set_message(self, table_id: str, message_id: int) -> None:
        """Remember the public table message, so it can be edited after a restart."""
        async with self.lock(table_id):
            table = self.tables.get(table_id)
            if table is not None:
                table.message_id = message_id
                await self._save(table)

    # ----------------------------------------------------------------- lobby
    async def create(
        self, guild_id: int, channel_id: int, game: str, host_id: int, host_name: str,
        options: TableOptions, computers: int = 0, start_now: bool = False,
    ) -> Table:
        """A new table in the lobby; with ``start_now`` (a solo table) dealt at once, saved once."""
        existing = self.table_in(channel_id)
        if existing is not None:
            raise TableError("This channel already has a table: finish it (or ask the host to end it) first.")
        engine = game_class(game)
        engine.rules_type.from_dict(options.rules)  # fail now, not at the deal
        if computers + 1 > min(engine.max_seats, options.max_seats or engine.max_seats):
            raise TableError(f"That is too many players: this table seats at most "
                             f"{min(engine.max_seats, options.max_seats or engine.max_seats)}.")
        table = Table(new_table_id(), guild_id, channel_id, game, host_id, options)
        table.seats.append(Seat(host_id, host_name))
        for _ in range(computers):
            table.seats.append(Seat(None, self._computer_name(table)))
        self._register(table)
        if start_now:
            try:
                return await self.start(table.id, host_id)
            except TableError:
                table.status = CANCELLED  # never shown to anyone: let the channel go
                self._forget(table)
                raise
        await self._save(table)
        return table

    def _computer_name(self, table: Table) -> str:
        taken = sum(1 for s in table.seats if s.user_id is None)
        return f"Computer {taken + 1}"

    async def join(self, table_id: str, user_id: int, name: str) -> Table:
        async with self.lock(table_id):
            table = self.table(table_id)
            if table.status != LOBBY:
                raise TableError("This table has already started: wait for the next one.")
            if table.consent is not None:
                raise TableError("This table is about to start (the players are agreeing on its rules).")
            if table.seat_of(user_id) is not None:
                raise TableError("You're already at this table.")
            if len(table.seats) >= table.max_seats:
                raise TableError(f"The table is full ({table.max_seats} seats).")
            table.seats.append(Seat(user_id, name))
            await self._changed(table, [])
            return table

    async def add_computer(self, table_id: str, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self.table(table_id)
            if table.status != LOBBY or table.consent is not None:
                raise TableError("Computers can only join before the start.")
            if table.seat_of(user_id) is None:
                raise TableError("Only players at the table can add a computer.")
            if len(table.seats) >= table.max_seats:
                raise TableError(f"The table is full ({table.max_seats} seats).")
            table.seats.append(Seat(None, self._computer_name(table)))
            await self._changed(table, [])
            return table

    async def leave(self, table_id: str, user_id: int) -> Table:
        async with self.lock(table_id):
            table = self.table(table_id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You're not at this table.")
            if table.status == LOBBY:
                if user_id == table.host_id:
                    await self._finish(table, CANCELLED, [TableEnded("host left")])
                    return table
                del table.seats[seat]
                if table.consent is not None and not table.awaiting_consent():
                    await self._deal(table, [ConsentGiven(tuple(table.options.needs_consent()))])
                    return table
                await self._changed(table, [])
                return table
            # Mid-match the seat plays on with a computer holding the same cards.
            table.seats[seat].left = True
            events: list[Event] = [SeatLeft(seat)]
            if not table.humans_present():
                events.append(TableEnded("every human left"))
                await self._finish(table, OVER, events)
                return table
            await self._changed(table, events)
            return table

    async def start(self, table_id: str, user_id: int, seed: int | None = None) -> Table:
        async with self.lock(table_id):
            table = self.table(table_id)
            if table.status != LOBBY:
                raise TableError("This table has already started.")
            if user_id != table.host_id:
                raise TableError("Only the host can start the table.")
            if table.consent is not None:
                raise TableError("The table is waiting for every player to agree to its rules.")
            engine = table.engine
            if len(table.seats) < engine.min_seats:
                raise TableError(f"At least {engine.min_seats} players are needed: invite a friend or add a computer.")
            asked = table.options.needs_consent()
            if asked:
                table.consent = {"agreed": [table.host_id], "deadline": time.time() + self.consent_seconds}
                if table.awaiting_consent():
                    await self._changed(table, [])
                    self._schedule_consent(table)
                    return table
                await self._deal(table, [ConsentGiven(tuple(asked))], seed)
                return table
            await self._deal(table, [], seed)
            return table

    async def _deal(self, table: Table, events: Sequence[Event], seed: int | None = None) -> None:
        """Deal the match and start play. Called with the table's lock held."""
        try:
            game = table.engine.new(len(table.seats), table.rules(), seed)
        except ValueError as err:
            raise TableError(str(err)) from None
        task = self._clocks.pop(table.id, None)
        if table.consent is not None and task is not None and task is not asyncio.current_task():
            task.cancel()
        table.game = game
        table.consent = None
        table.status = PLAYING
        await self._changed(table, events)

    # ------------------------------------------------------------- consent
    async def consent(self, table_id: str, user_id: int, agree: bool) -> Table:
        """A seated human agrees to (or refuses) the table's consent switches before the deal."""
        async with self.lock(table_id):
            table = self.table(table_id)
            if table.status != LOBBY or table.consent is None:
                raise StaleAction("That's no longer current: nobody is being asked to agree now.")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("Only the players at this table are asked.")
            asked = tuple(table.options.needs_consent())
            if not agree:
                self._drop_consent_rules(table)
                await self._deal(table, [ConsentRefused(asked, seat)])
                return table
            agreed = table.consent.setdefault("agreed", [])
            if user_id in agreed:
                raise TableError("You have already agreed.")
            agreed.append(user_id)
            if not table.awaiting_consent():
                await self._deal(table, [ConsentGiven(asked)])
                return table
            await self._changed(table, [])
            return table

    @staticmethod
    def _drop_consent_rules(table: Table) -> None:
        for name in table.options.needs_consent():
            table.options.rules[name] = False

    def _schedule_consent(self, table: Table) -> None:
        if self._closing or table.consent is None:
            return
        remaining = float(table.consent.get("deadline", 0)) - time.time()
        self._replace_task(self._clocks, table, self._consent_clock(table.id, max(remaining, 0.0)))

    async def _consent_clock(self, table_id: str, seconds: float) -> None:
        await asyncio.sleep(seconds)
        try:
            async with self.lock(table_id):
                table = self.tables.get(table_id)
                if table is None or table.status != LOBBY or table.consent is None:
                    return
                asked = tuple(table.options.needs_consent())
                self._drop_consent_rules(table)
                await self._deal(table, [ConsentRefused(asked, None)])
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: starting after the consent clock failed", table_id)

    async def end(self, table_id: str, user_id: int, is_admin: bool) -> Table:
        async with self.lock(table_id):
            table = self.table(table_id)
            if user_id != table.host_id and not is_admin:
                raise TableError("Only the host or a member with Manage Server can end this table.")
            reason = "ended by the host" if user_id == table.host_id else "ended by a moderator"
            await self._finish(table, CANCELLED, [TableEnded(reason)])
            return table

    # ----------------------------------------------------------------- moves
    async def act(
        self, table_id: str, user_id: int, move: Move | str, version: int | None = None,
    ) -> list[Event]:
        """A member's move. ``version`` is the table version the button was drawn at;
        a different one means the button is stale and nothing happens."""
        async with self.lock(table_id):
            table = self.table(table_id)
            if table.status != PLAYING or table.game is None:
                raise TableError("The game hasn't started yet.")
            if version is not None and version != table.version:
                raise StaleAction("That's no longer current: the table has moved on. Open My hand again.")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("You're not playing at this table.")
            parsed = Move.parse(move) if isinstance(move, str) else move
            if parsed.kind == MoveKind.TIMEOUT:
                raise IllegalMove("clock-only")  # only the turn clock times a turn out
            events = await self._apply(table, seat, parsed)
            table.seats[seat].timeouts = 0
            table.seats[seat].autopilot = False
            return events

    async def _apply(self, table: Table, seat: int, move: Move, extra: Sequence[Event] = ()) -> list[Event]:
        """Apply, save, then present. Called with the table's lock held."""
        game = table.game
        assert game is not None
        events = game.apply(seat, move)  # IllegalMove: nothing changed, nothing saved
        events = [*(e for e in extra if e not in events), *events]  # an engine may say TimedOut itself
        table.moves_applied += 1
        results = self._results(table, events)
        if game.is_over:
            table.status = OVER
        moves = [(table.moves_applied, seat, move.text())]
        await self._changed(table, events, moves=moves, results=results)
        if game.is_over:
            self._forget(table)
        return events

    def _results(self, table: Table, events: Sequence[Event]) -> list[ResultRow]:
        rows: list[ResultRow] = []
        humans = len([s for s in table.seats if s.is_human])
        computers = len(table.seats) - humans
        rounds = [(e.round_no, e.result) for e in events if isinstance(e, RoundOver)]
        if not rounds:
            # A one-round game may end with MatchOver alone: its result is the round's.
            game = table.game
            rounds = [(game.view(None).round_no if game else 1, e.result) for e in events if isinstance(e, MatchOver)]
        for round_no, result in rounds:
            for seat_index, rank in enumerate(result.ranks):
                if rank is None:
                    continue
                seat = table.seats[seat_index]
                rows.append(ResultRow(
                    round_no, seat_index, seat.user_id, rank, result.points[seat_index],
                    seat_index in result.winners, result.loser == seat_index, humans, computers,
                ))
        return rows

    async def _changed(
        self, table: Table, events: Sequence[Event],
        moves: Sequence[tuple[int, int, str]] = (), results: Sequence[ResultRow] = (),
    ) -> None:
        """The one place a change becomes durable and visible: bump, save, present, schedule."""
        table.version += 1
        table.remember(list(events))
        if log.isEnabledFor(logging.DEBUG):
            for event in events:  # events are public: they never name a card still in a hand
                log.debug("table %s: %s", table.id, event.to_dict())
        if table.status == PLAYING:
            self._reset_clock(table)
        try:
            await self._save(table, moves, results)
        except Exception:
            # The move is not durable, so it must not stand: reload the last saved table.
            log.exception("saving table %s failed; reloading its last saved state", table.id)
            await self._reload(table.id)
            raise TableError("Something went wrong saving that move, so it didn't count: try again.") from None
        await self.presenter.table_changed(table, events)
        if table.status == PLAYING:
            self._schedule(table)

    async def _save(self, table: Table, moves: Sequence[tuple[int, int, str]] = (),
                    results: Sequence[ResultRow] = ()) -> None:
        row = TableRow(table.id, table.guild_id, table.channel_id, table.game_name, table.status,
                       table.to_record())
        await self.storage.save_table(row, moves=moves, results=results)

    async def _reload(self, table_id: str) -> None:
        for row in await self.storage.active_tables():
            if row.id == table_id:
                self._register(Table.from_record(row.id, row.guild_id, row.channel_id, row.game,
                                                 row.status, row.record))
                return

    async def _finish(self, table: Table, status: str, events: Sequence[Event]) -> None:
        table.status = status
        table.deadline = None
        await self._changed(table, events)
        self._forget(table)

    def _forget(self, table: Table) -> None:
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]
        # Keep a finished table a little while (its last redraw reads it), then let it go:
        # a stale button on it still gets "That table has finished".
        asyncio.get_running_loop().call_later(FINISHED_TABLE_SECONDS, self._evict, table.id)
        for tasks in (self._clocks, self._computers):
            task = tasks.pop(table.id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    def _evict(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None and table.status in (OVER, CANCELLED):
            del self.tables[table_id]
            self._locks.pop(table_id, None)
