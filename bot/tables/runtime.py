"""The table runtime: every live table of this process, and the one way each changes.
Game-agnostic and Discord-agnostic.

A move's way: ``act()`` takes the table's lock, checks the button is current,
asks the engine to apply the move (an ``IllegalMove`` changes nothing), saves
the new state with the move and any round results in one transaction, then
tells the presenter (which draws the Discord messages) and has the scheduler
(bot/tables/scheduler.py) start what comes next: the turn clock and any
computer player's move. When those come due, the scheduler calls back here
(``clock_ran_out``, ``computer_moves``...), and they change the table the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Protocol

from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event, MatchOver, RoundOver, TimedOut
from bot.games.core.moves import Move, MoveKind
from bot.registry import Level, game_class
from bot.shards import NOT_SERVED_HERE, Shards
from bot.storage.base import ResultRow, Storage, TableRow
from bot.tables.events import (
    ComputerTookSeat,
    ConsentGiven,
    ConsentRefused,
    EndReason,
    HostPassed,
    SeatLeft,
    SeatTakenBack,
    TableEnded,
)
from bot.tables.scheduler import Scheduler, Timing
from bot.tables.table import (
    Consent,
    Seat,
    StaleAction,
    Table,
    TableError,
    TableOptions,
    TableStatus,
    new_table_id,
)

log = logging.getLogger(__name__)

__all__ = ["Presenter", "SilentPresenter", "TableRuntime", "Timing"]

FINISHED_TABLE_SECONDS = 120.0  # how long a finished table stays in memory
CONSENT_SECONDS = 60.0  # how long the humans have to agree to consent switches (cheat mode)
LOBBY_SECONDS = 15 * 60.0  # a lobby nobody starts closes by itself after this long
TIMEOUTS_BEFORE_AUTOPILOT = 3

# A refusal is a code and its details (``TableError("table-full", seats=4)``); the sentence
# a member reads for each code is in bot/ui/text/table.py, never here.


class StorageFailed(TableError):
    """The database refused a change (``save-failed``); the table is as it was last saved."""

    def __init__(self) -> None:
        super().__init__("save-failed")


class Presenter(Protocol):
    """Draws a table for its members (the Discord layer implements it)."""

    async def table_changed(self, table: Table, events: Sequence[Event]) -> None: ...


class SilentPresenter:
    async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
        return None


class TableRuntime:
    """Every live table of this process, and the one way each of them changes."""

    def __init__(
        self,
        storage: Storage,
        presenter: Presenter | Callable[[TableRuntime], Presenter] | None = None,
        timing: Timing | None = None,
        rng: random.Random | None = None,
        shards: Shards | None = None,
    ) -> None:
        """``shards``: the shards this process runs (SHARD_COUNT, SHARD_IDS); it holds only
        the tables of their guilds. None: every guild (one process, unsharded or all shards)."""
        self.storage = storage
        self.shards = shards
        # A presenter that reports back what Discord did to a table (its message posted
        # again, its channel deleted) is built here, given the runtime: a factory.
        self.presenter: Presenter = presenter(self) if callable(presenter) else presenter or SilentPresenter()
        self.scheduler = Scheduler(self, timing or Timing(), rng or random.Random())
        self.consent_seconds = CONSENT_SECONDS
        self.lobby_seconds = LOBBY_SECONDS
        self.tables: dict[str, Table] = {}
        self.by_channel: dict[int, str] = {}
        self.restored: list[str] = []  # ids of the tables restore() brought back, to redraw
        self._locks: dict[str, asyncio.Lock] = {}
        self._saved: dict[str, str] = {}  # table id -> its record as last saved (to roll back to)

    @property
    def locks_held(self) -> int:
        """How many tables hold a lock now: a click on a table that is gone must leave none
        behind (tests watch this number over many stale clicks)."""
        return len(self._locks)

    def serves(self, guild_id: int) -> bool:
        """Whether this process holds ``guild_id``'s tables: another process's shard's
        tables are never loaded, scheduled or changed here."""
        return self.shards is None or self.shards.serves(guild_id)

    # ------------------------------------------------------------ life cycle
    async def restore(self) -> int:
        """Bring back every table of this process's guilds that was in the lobby or in
        play; returns how many. Other shards' rows are left alone, not even decoded: their
        own process restores them (and sets aside any that cannot be).

        Each row is decoded and checked on its own: one that cannot be brought back, or
        could not be played on, is set aside (kept in the database for a person to look
        at, never loaded again, its channel free) and logged once; the others all run.
        """
        count = 0
        for row in await self.storage.active_tables():
            if not self.serves(row.guild_id):
                continue
            try:
                table = _table_of(row)
                table.check_runnable()
            except Exception as err:
                await self._set_aside(row.id, f"{type(err).__name__}: {err}")
                continue
            self._register(table, row.record)
            self.restored.append(table.id)
            if table.status == TableStatus.PLAYING:
                self.scheduler.after_change(table, restored=True)
            elif table.consent is not None:
                self.scheduler.consent(table)
            else:
                self.scheduler.lobby(table)
            count += 1
        await self._restore_finished()
        return count

    async def _restore_finished(self) -> None:
        """Finished tables whose end may not have reached their message (a crash between the
        save and the redraw) come back just long enough to be drawn once more."""
        for row in await self.storage.finished_to_redraw():
            if not self.serves(row.guild_id):
                continue
            try:
                table = _table_of(row)
            except Exception as err:
                log.error("finished table %s could not be read to redraw it: %s", row.id, type(err).__name__)
                await self.final_drawn(row.id)
                continue
            self.tables[table.id] = table
            self.restored.append(table.id)
            asyncio.get_running_loop().call_later(FINISHED_TABLE_SECONDS, self._evict, table.id)

    async def final_drawn(self, table_id: str) -> None:
        """The presenter drew a finished table's end on its message."""
        try:
            await self.storage.final_drawn(table_id)
        except Exception:
            log.exception("table %s: noting its last redraw failed; it is drawn again at the next start", table_id)

    async def _set_aside(self, table_id: str, problem: str) -> None:
        log.error("table %s could not be restored and was set aside: %s", table_id, problem[:300])
        try:
            await self.storage.set_aside(table_id, problem)
        except Exception:
            log.exception("table %s: marking it set aside failed; it will be tried again at the next start",
                          table_id)

    async def close(self) -> None:
        await self.scheduler.close()

    def _register(self, table: Table, saved: str | None = None) -> None:
        self.tables[table.id] = table
        self.by_channel[table.channel_id] = table.id
        self._locks.setdefault(table.id, asyncio.Lock())
        if saved is not None:
            self._saved[table.id] = saved

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock; StaleAction for a table this process does not hold (a
        click on a table long finished must not leave a lock behind)."""
        lock = self._locks.get(table_id)
        if lock is None:
            raise StaleAction("finished")
        return lock

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None or table.status.finished:
            raise StaleAction("finished")
        return table

    def live(self, table_id: str) -> Table | None:
        """The table by id while this process holds it (finished ones for a little while)."""
        return self.tables.get(table_id)

    def table_in(self, channel_id: int) -> Table | None:
        table_id = self.by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id else None

    @contextlib.asynccontextmanager
    async def _changing(self, table_id: str) -> AsyncIterator[Table]:
        """The live table under its lock. Whatever fails inside puts the table back as it
        was last saved, so memory never runs ahead of the database, and restarts its clock
        (and any computer's move) from there."""
        async with self.lock(table_id):
            table = self.table(table_id)
            try:
                yield table
            except BaseException:
                self._roll_back(table)
                raise

    def _roll_back(self, table: Table) -> None:
        saved = self._saved.get(table.id)
        if saved is None:  # never saved: it never existed for anyone
            self._drop(table)
            return
        if saved == table.encode():
            return
        message_id = table.message_id  # where the message is: a fact about Discord, not the game
        table.restore_from(json.loads(saved))
        table.message_id = message_id or table.message_id
        if table.status == TableStatus.PLAYING:
            self.scheduler.after_change(table, retry=True)

    def _drop(self, table: Table) -> None:
        table.status = TableStatus.CANCELLED
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]
        self.tables.pop(table.id, None)
        self._locks.pop(table.id, None)
        self._saved.pop(table.id, None)
        self.scheduler.forget(table.id)

    async def abandon(self, table_id: str) -> None:
        """Close a table nobody can see: its message could not be posted."""
        with contextlib.suppress(TableError):
            async with self._changing(table_id) as table:
                await self._finish(table, TableStatus.CANCELLED, [TableEnded(EndReason.MESSAGE_NOT_POSTED)])

    async def channel_gone(self, table_id: str) -> None:
        """Discord says the table's channel no longer exists (deleted): nobody can see or
        play the table again, so it is finished as cancelled (saved, no round recorded,
        standings untouched) and never restored. Logged once: later calls find it finished."""
        with contextlib.suppress(TableError):
            async with self._changing(table_id) as table:
                if table.status.finished:
                    return
                log.warning("table %s: its channel %s was deleted; the table is finished as cancelled",
                            table.id, table.channel_id)
                await self._finish(table, TableStatus.CANCELLED, [TableEnded(EndReason.CHANNEL_DELETED)])
        await self.final_drawn(table_id)  # no message will ever show its end: not redrawn at the next start

    async def set_message(self, table_id: str, message_id: int) -> None:
        """Remember the public table message, so it is edited (not posted again) after a restart."""
        table = self.tables.get(table_id)
        if table is None or table.status not in (TableStatus.LOBBY, TableStatus.PLAYING):
            return
        async with self._changing(table_id) as table:
            table.message_id = message_id
            if self._saved.get(table_id) != table.encode():
                await self._save(table)

    # ----------------------------------------------------------------- lobby
    async def create(
        self, guild_id: int, channel_id: int, game: str, host_id: int, host_name: str,
        options: TableOptions, computers: int = 0, start_now: bool = False,
    ) -> Table:
        """A new table in the lobby; with ``start_now`` (a solo table) dealt at once, saved once."""
        if not self.serves(guild_id):
            raise TableError(NOT_SERVED_HERE)
        existing = self.table_in(channel_id)
        if existing is not None:
            raise TableError("already-here")
        engine = game_class(game)
        rules = options.rules if options.rules is not None else engine.rules_type()
        if not isinstance(rules, engine.rules_type):  # a cog's mistake, not a member's: fail now, not at the deal
            raise TableError("unknown-rules", reason=type(rules).__name__)
        options = dataclasses.replace(options, rules=rules, computer_level=_level(options.computer_level))
        seats = min(engine.max_seats, options.max_seats or engine.max_seats)
        if computers + 1 > seats:
            raise TableError("too-many-players", seats=seats)
        table = Table(new_table_id(), guild_id, channel_id, game, host_id, options)
        table.seats.append(Seat(host_id, host_name))
        for _ in range(computers):
            table.seats.append(Seat(None, self._computer_name(table), level=table.options.computer_level))
        self._register(table)
        if start_now:
            return await self.start(table.id, host_id)  # a failed start drops the unsaved table
        table.deadline = time.time() + self.lobby_seconds
        try:
            await self._save(table)
        except StorageFailed:
            self._drop(table)
            raise
        self.scheduler.lobby(table)
        return table

    def _computer_name(self, table: Table) -> str:
        taken = sum(1 for s in table.seats if s.user_id is None)
        return f"Computer {taken + 1}"

    async def join(self, table_id: str, user_id: int, name: str) -> Table:
        async with self._changing(table_id) as table:
            if table.status != TableStatus.LOBBY:
                raise TableError("too-late-to-join")
            if table.consent is not None:
                raise TableError("about-to-start")
            if table.seat_of(user_id) is not None:
                raise TableError("already-seated")
            if len(table.seats) >= table.max_seats:
                raise TableError("table-full", seats=table.max_seats)
            table.seats.append(Seat(user_id, name))
            await self._changed(table, [])
            return table

    async def add_computer(self, table_id: str, user_id: int, level: Level | str | None = None) -> Table:
        """A computer in the lobby's next seat, at ``level`` (the table's level when None)."""
        chosen = _level(level) if level is not None else None
        async with self._changing(table_id) as table:
            if table.status != TableStatus.LOBBY or table.consent is not None:
                raise TableError("computers-before-start")
            if table.seat_of(user_id) is None:
                raise TableError("players-add-computers")
            if len(table.seats) >= table.max_seats:
                raise TableError("table-full", seats=table.max_seats)
            table.seats.append(Seat(None, self._computer_name(table), level=chosen or table.options.computer_level))
            await self._changed(table, [])
            return table

    async def leave(self, table_id: str, user_id: int) -> Table:
        async with self._changing(table_id) as table:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not-at-table")
            if table.status == TableStatus.LOBBY:
                del table.seats[seat]
                if user_id == table.host_id:
                    # The host role passes to the next human seated; with nobody left, it closes.
                    humans = table.humans_present()
                    if not humans:
                        await self._finish(table, TableStatus.CANCELLED, [TableEnded(EndReason.HOST_LEFT)])
                        return table
                    table.host_id = humans[0].user_id or 0
                    await self._changed(table, [HostPassed(table.seats.index(humans[0]))])
                    return table
                if table.consent is not None and not table.awaiting_consent():
                    await self._deal(table, [ConsentGiven(tuple(table.options.needs_consent()))])
                    return table
                await self._changed(table, [])
                return table
            # Mid-match the seat plays on with a computer holding the same cards.
            table.seats[seat].left = True
            events: list[Event] = [SeatLeft(seat)]
            if not table.humans_present():
                events.append(TableEnded(EndReason.EVERY_HUMAN_LEFT))
                await self._finish(table, TableStatus.OVER, events)
                return table
            await self._changed(table, events)
            return table

    async def start(self, table_id: str, user_id: int, seed: int | None = None) -> Table:
        async with self._changing(table_id) as table:
            if table.status != TableStatus.LOBBY:
                raise TableError("already-started")
            if user_id != table.host_id:
                raise TableError("not-host")
            if table.consent is not None:
                raise TableError("awaiting-consent")
            engine = table.engine
            if len(table.seats) < engine.min_seats:
                raise TableError("too-few-players", needed=engine.min_seats)
            asked = table.options.needs_consent()
            if asked:
                table.consent = Consent([table.host_id], time.time() + self.consent_seconds)
                if table.awaiting_consent():
                    await self._changed(table, [])
                    self.scheduler.consent(table)
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
            raise TableError("cannot-deal", seats=len(table.seats), reason=str(err)) from None
        self.scheduler.forget(table.id)  # the lobby's or the consent's clock
        table.game = game
        table.consent = None
        table.status = TableStatus.PLAYING
        await self._changed(table, events)

    # ------------------------------------------------------------- consent
    async def consent(self, table_id: str, user_id: int, agree: bool) -> Table:
        """A seated human agrees to (or refuses) the table's consent switches before the deal."""
        async with self._changing(table_id) as table:
            if table.status != TableStatus.LOBBY or table.consent is None:
                raise StaleAction("not-asking-consent")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("consent-players-only")
            asked = tuple(table.options.needs_consent())
            if not agree:
                self._drop_consent_rules(table)
                await self._deal(table, [ConsentRefused(asked, seat)])
                return table
            agreed = table.consent.agreed
            if user_id in agreed:
                raise TableError("already-agreed")
            agreed.append(user_id)
            if not table.awaiting_consent():
                await self._deal(table, [ConsentGiven(asked)])
                return table
            await self._changed(table, [])
            return table

    @staticmethod
    def _drop_consent_rules(table: Table) -> None:
        """The consent switches off: new rules and new options (the frozen rules, and the
        options the caller gave, are never changed in place)."""
        off = {name: False for name in table.options.needs_consent()}
        table.options = dataclasses.replace(table.options, rules=dataclasses.replace(table.rules(), **off))

    async def end(self, table_id: str, user_id: int, is_admin: bool) -> Table:
        async with self._changing(table_id) as table:
            if user_id != table.host_id and not is_admin:
                raise TableError("not-host-or-moderator")
            reason = EndReason.ENDED_BY_HOST if user_id == table.host_id else EndReason.ENDED_BY_MODERATOR
            await self._finish(table, TableStatus.CANCELLED, [TableEnded(reason)])
            return table

    # ----------------------------------------------------------------- moves
    async def act(
        self, table_id: str, user_id: int, move: Move | str, version: int | None = None,
    ) -> list[Event]:
        """A member's move. ``version`` is the table version the button was drawn at;
        a different one means the button is stale and nothing happens."""
        async with self._changing(table_id) as table:
            if table.status != TableStatus.PLAYING or table.game is None:
                raise TableError("not-started")
            if version is not None and version != table.version:
                raise StaleAction("stale")
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not-playing")
            parsed = Move.parse(move) if isinstance(move, str) else move
            if parsed.kind == MoveKind.TIMEOUT:
                raise IllegalMove("clock-only")  # only the turn clock times a turn out
            return await self._apply(table, seat, parsed, by_player=True)

    async def _apply(self, table: Table, seat: int, move: Move, extra: Sequence[Event] = (),
                     by_player: bool = False) -> list[Event]:
        """Apply, save, then present. Called with the table's lock held. ``by_player``: the
        seat's own human moved, so a computer stops playing for them (in the same version)."""
        game = table.game
        assert game is not None
        events = game.apply(seat, move)  # IllegalMove: nothing changed, nothing saved
        events = [*(e for e in extra if e not in events), *events]  # an engine may say TimedOut itself
        if by_player:
            chair = table.seats[seat]
            if chair.autopilot:
                events.insert(0, SeatTakenBack(seat))
            chair.timeouts, chair.autopilot = 0, False
        table.moves_applied += 1
        results = self._results(table, events)
        if game.is_over:
            table.status = TableStatus.OVER
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
                    seat.level if seat.user_id is None else None,
                ))
        return rows

    async def _changed(
        self, table: Table, events: Sequence[Event],
        moves: Sequence[tuple[int, int, str]] = (), results: Sequence[ResultRow] = (),
    ) -> None:
        """The one place a change becomes durable and visible: bump, save, present, schedule.
        Called under ``_changing``: if the save fails, the change is rolled back there."""
        table.version += 1
        table.remember(list(events))
        if table.status == TableStatus.PLAYING:
            self.scheduler.set_turn_clock(table)
        await self._save(table, moves, results)
        if log.isEnabledFor(logging.DEBUG):
            for event in events:  # events are public: they never name a card still in a hand
                log.debug("table %s: %s", table.id, event.to_dict())
        try:
            await self.presenter.table_changed(table, events)
        except Exception:  # the change is saved: drawing it must not undo it
            log.exception("table %s: presenting a change failed", table.id)
        if table.status == TableStatus.PLAYING:
            self.scheduler.after_change(table)

    async def _save(self, table: Table, moves: Sequence[tuple[int, int, str]] = (),
                    results: Sequence[ResultRow] = ()) -> None:
        record = table.encode()
        row = TableRow(table.id, table.guild_id, table.channel_id, table.game_name, table.status.value, record)
        try:
            await self.storage.save_table(row, moves=moves, results=results)
        except Exception:
            log.exception("saving table %s failed; it stays as it was last saved", table.id)
            raise StorageFailed() from None
        self._saved[table.id] = record

    async def _finish(self, table: Table, status: TableStatus, events: Sequence[Event]) -> None:
        table.status = status
        table.deadline = None
        await self._changed(table, events)
        self._forget(table)

    def _forget(self, table: Table) -> None:
        if self.by_channel.get(table.channel_id) == table.id:
            del self.by_channel[table.channel_id]
        # Keep a finished table a little while (its last redraw reads it), then let it go:
        # a stale button on it still gets StaleAction("finished").
        asyncio.get_running_loop().call_later(FINISHED_TABLE_SECONDS, self._evict, table.id)
        self.scheduler.forget(table.id)

    def _evict(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None and table.status.finished:
            del self.tables[table_id]
            self._locks.pop(table_id, None)
            self._saved.pop(table_id, None)

    # ---------------------------------------------- what comes due by itself
    async def clock_ran_out(self, table_id: str, version: int) -> None:
        """The turn clock ran out at ``version``: the engine's timeout move for the turn
        seat; three in a row and a computer plays the seat until its human acts."""

        async def expire(table: Table) -> None:
            game = table.game
            assert game is not None
            timeout = game.timeout_move()
            if timeout is None:
                return
            seat_index, move = timeout
            if table.window:
                # The decision window closed: its default (take the skip) is no timeout of the player's.
                await self._apply(table, seat_index, move)
                return
            seat = table.seats[seat_index]
            seat.timeouts += 1
            extra: list[Event] = [TimedOut(seat_index)]
            if seat.timeouts >= TIMEOUTS_BEFORE_AUTOPILOT and not seat.autopilot:
                seat.autopilot = True
                extra.append(ComputerTookSeat(seat_index))
            await self._apply(table, seat_index, move, extra)

        await self._when_due(table_id, version, expire)

    async def computer_moves(self, table_id: str, version: int, seat: int, move: Move) -> None:
        async def play(table: Table) -> None:
            await self._apply(table, seat, move)

        await self._when_due(table_id, version, play)

    async def lobby_ran_out(self, table_id: str) -> None:
        async def close(table: Table) -> None:
            if table.status == TableStatus.LOBBY and table.consent is None:
                await self._finish(table, TableStatus.CANCELLED, [TableEnded(EndReason.NOBODY_STARTED)])

        await self._when_due(table_id, None, close)

    async def consent_ran_out(self, table_id: str) -> None:
        async def deal_without(table: Table) -> None:
            if table.status != TableStatus.LOBBY or table.consent is None:
                return
            asked = tuple(table.options.needs_consent())
            self._drop_consent_rules(table)
            await self._deal(table, [ConsentRefused(asked, None)])

        await self._when_due(table_id, None, deal_without)

    async def _when_due(self, table_id: str, version: int | None, work: Callable[[Table], Awaitable[None]]) -> None:
        """Run ``work`` as a change if the table is still live (and, unless ``version`` is
        None, in play at ``version``). A failed save rolls back and is tried again later;
        nothing here may kill the scheduler's task silently."""
        try:
            async with self._changing(table_id) as table:
                if version is not None and (table.status != TableStatus.PLAYING or table.version != version):
                    return
                await work(table)
        except asyncio.CancelledError:
            raise
        except StaleAction:
            return  # finished or gone meanwhile
        except (IllegalMove, TableError) as err:
            log.error("table %s: a scheduled move was refused: %s", table_id, type(err).__name__)
        except Exception:
            log.exception("table %s: a scheduled move failed", table_id)


def _level(level: Level | str) -> Level:
    """``level`` as a Level; the refusal ``unknown-level`` for another word."""
    try:
        return Level(level)
    except ValueError:
        raise TableError("unknown-level", level=level, levels=tuple(Level)) from None


def _table_of(row: TableRow) -> Table:
    """The table a stored row holds; any error if the row is damaged."""
    return Table.from_record(row.id, row.guild_id, row.channel_id, row.game, row.status, json.loads(row.record))
