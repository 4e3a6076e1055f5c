"""Issue 10's defects at the table runtime, without Discord: each test failed before its fix.

Storage that fails on demand stands in for a disk that errors on read and write.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.games.core.moves import Move
from bot.registry import game_class
from bot.storage.base import Storage
from bot.storage.postgres import PostgresStorage
from bot.tables.events import EndReason, HostPassed, SeatTakenBack, TableEnded
from bot.tables.runtime import StorageFailed, TableRuntime, Timing
from bot.tables.table import StaleAction, Table, TableOptions, TableStatus
from bot.ui.text.illegal import sentence
from tests.bot.test_runtime import RecordingPresenter
from tests.storages import Database, fetch, open_at

GUILD = 1
ALICE, BOB, CAROL = 101, 102, 103
FAST = Timing(computer_delay=(0.0, 0.0), call_wait=0.0, retry_delay=0.05)


class FlakyStorage:
    """A storage (either database) whose writes and reads fail while ``broken``, as a disk
    or a connection that errors would."""

    broken = False

    def __init__(self, inner: Storage, database: Database) -> None:
        self.inner = inner
        self.database = database

    async def reopen(self) -> None:
        """Close and open again, as a restart does: every save on its way has landed."""
        await self.inner.close()
        self.inner = await open_at(self.database)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def save_table(self, *args: Any, **kwargs: Any) -> None:
        if self.broken:
            raise OSError("disk I/O error")
        await self.inner.save_table(*args, **kwargs)

    async def active_tables(self) -> Any:
        if self.broken:
            raise OSError("disk I/O error")
        return await self.inner.active_tables()


@pytest.fixture
async def storage(database: Database) -> AsyncIterator[FlakyStorage]:
    flaky = FlakyStorage(await open_at(database), database)
    yield flaky
    await flaky.inner.close()


@pytest.fixture
async def runtime(storage: Storage) -> AsyncIterator[TableRuntime]:
    rt = TableRuntime(storage, RecordingPresenter(), FAST)
    yield rt
    await rt.close()


async def eventually(predicate: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("the condition never held")
        await asyncio.sleep(0.01)


async def saved(storage: Storage, table_id: str) -> dict[str, Any]:
    rows = {row.id: row for row in await storage.active_tables()}
    record: dict[str, Any] = json.loads(rows[table_id].record)
    return record


async def replays_to_saved_state(storage: Storage, table: Table) -> None:
    """The move log, from the round's seed, reaches exactly the saved engine state."""
    record = await saved(storage, table.id)
    state = record["state"]
    engine = game_class(table.game_name)
    moves = [(seat, Move.parse(text)) for seat, text in await storage.moves(table.id)]
    replayed = engine.replay(state["seats"], engine.rules_type.from_dict(state["rules"]), state["seed"], moves)
    assert replayed.to_state() == state


# ---------------------------------------------------------------- defect 1


async def test_bad_rows_are_set_aside_once_and_the_healthy_tables_all_run(
    storage: FlakyStorage, runtime: TableRuntime,
) -> None:
    healthy = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(), computers=1, start_now=True)
    broken: dict[str, Callable[[dict[str, Any]], Any]] = {
        "not json": lambda record: "{x",
        "null": lambda record: None,
        "hands 5": lambda record: {**record, "state": {**record["state"], "hands": 5}},
        "seats null": lambda record: {**record, "seats": None},
        "turn 7": lambda record: {**record, "state": {**record["state"], "turn": 7}},
    }
    ids = {}
    for channel, (name, damage) in enumerate(broken.items(), start=2):
        table = await runtime.create(GUILD, channel, "kadi", ALICE, "Alice", TableOptions(), computers=3,
                                     start_now=True)
        ids[table.id] = (name, channel, damage)
    await runtime.close()
    await storage.reopen()  # a computer's move saved just before the close must not land after the damage
    for table_id, (_, _, damage) in ids.items():
        damaged = damage(await saved(storage, table_id))
        raw = damaged if isinstance(damaged, str) else json.dumps(damaged)
        await fetch(storage, "UPDATE tables SET record = ? WHERE id = ?", raw, table_id)

    restarted = TableRuntime(storage, RecordingPresenter(), FAST)
    try:
        assert await restarted.restore() == 1  # the bot starts and serves the healthy table
        assert healthy.id in restarted.tables
        aside = dict(await storage.set_aside_tables())
        assert set(aside) == set(ids)
        assert "turn is seat 7" in aside[next(i for i, v in ids.items() if v[0] == "turn 7")]
        # Kept, not deleted, and not tried again at the next start.
        set_aside = await fetch(storage, "SELECT COUNT(*) FROM tables WHERE status = ?", TableStatus.SET_ASIDE.value)
        assert set_aside == [(len(ids),)]
        # Their channels are free for a new table.
        for _, channel, _ in ids.values():
            assert restarted.table_in(channel) is None
        await restarted.create(GUILD, 2, "kadi", BOB, "Bob", TableOptions())
    finally:
        await restarted.close()
    again = TableRuntime(storage, RecordingPresenter(), FAST)
    try:
        assert await again.restore() == 2  # the healthy one and the new lobby; the bad rows stay aside
    finally:
        await again.close()


async def test_a_background_task_that_dies_is_logged(runtime: TableRuntime, caplog: pytest.LogCaptureFixture) -> None:
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(), computers=1, start_now=True)

    async def dies() -> None:
        raise RuntimeError("boom")

    runtime.scheduler.replace_computer_turn(table.id, dies())
    await eventually(lambda: any("background task died" in r.getMessage() for r in caplog.records))


# ---------------------------------------------------------------- defect 2


async def test_a_failed_save_changes_nothing_and_the_table_keeps_its_clock(
    storage: FlakyStorage, runtime: TableRuntime,
) -> None:
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(turn_seconds=60))
    await runtime.join(table.id, BOB, "Bob")
    await runtime.start(table.id, ALICE, seed=11)
    game = table.game
    assert game is not None and game.turn is not None
    seat = game.turn
    user = table.seats[seat].user_id
    assert user is not None
    version, state = table.version, game.to_state()
    storage.broken = True  # writes and reads both fail
    with pytest.raises(StorageFailed) as refused:
        await runtime.act(table.id, user, game.legal_moves(seat)[0])
    assert refused.value.code == "save-failed"
    assert sentence(refused.value) == "The table could not be saved; nothing changed, try again."
    # Memory is as the database has it: the same version and state, the clock still running.
    assert table.version == version
    assert table.game is not None and table.game.to_state() == state
    clock = runtime.scheduler.clocks.get(table.id)
    assert table.deadline is not None and clock is not None and not clock.done()
    storage.broken = False
    assert (await saved(storage, table.id))["version"] == version
    await runtime.act(table.id, user, table.game.legal_moves(seat)[0])  # try again: it counts
    assert (await saved(storage, table.id))["version"] == version + 1
    await replays_to_saved_state(storage, table)


async def test_a_computer_whose_save_fails_tries_again_and_the_log_replays(storage: FlakyStorage) -> None:
    waiting = Timing(computer_delay=(0.1, 0.1), call_wait=0.0, retry_delay=0.05)
    runtime = TableRuntime(storage, RecordingPresenter(), waiting)
    kadi = game_class("kadi")
    seed = next(n for n in range(100) if kadi.new(2, None, n).turn == 1)  # the computer moves first
    try:
        table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(turn_seconds=None),
                                     computers=1)
        await runtime.start(table.id, ALICE, seed=seed)
        storage.broken = True  # before the computer's move: it fails, and is tried again
        version = table.version
        await asyncio.sleep(0.4)
        assert table.version == version  # memory did not run ahead of the database
        assert table.game is not None and table.game.turn == 1
        storage.broken = False
        await eventually(lambda: table.game is not None and (table.game.turn == 0 or table.game.is_over))
        assert table.version > version  # not stuck: the computer moved once the disk was back
        presenter = runtime.presenter
        assert isinstance(presenter, RecordingPresenter)
        # Memory changes just before the save; once the move was presented, it was saved.
        await eventually(lambda: (table.id, table.version) in {(t, v) for t, v, _ in presenter.changes})
        await replays_to_saved_state(storage, table)
    finally:
        await runtime.close()


# ---------------------------------------------------------------- defect 3


async def test_taking_a_seat_back_is_saved_with_the_move_and_keeps_the_clock(
    storage: FlakyStorage, runtime: TableRuntime,
) -> None:
    kadi = game_class("kadi")
    seed = next(n for n in range(100) if kadi.new(2, None, n).turn == 1)  # Bob plays first
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(turn_seconds=60))
    await runtime.join(table.id, BOB, "Bob")
    # Bob was away: three timeouts in a row, and a computer plays his seat (saved so).
    table.seats[1].autopilot, table.seats[1].timeouts = True, 3
    await runtime.start(table.id, ALICE, seed=seed)
    assert table.game is not None and table.game.turn == 1 and table.deadline is None  # no clock for a computer
    runtime.scheduler.computers.pop(table.id).cancel()  # Bob is quicker than his computer
    draw = next(m for m in table.game.legal_moves(1) if m.kind == "draw")
    events = await runtime.act(table.id, BOB, draw)
    assert SeatTakenBack(1) in events
    record = await saved(storage, table.id)
    assert record["seats"][1]["autopilot"] is False and record["seats"][1]["timeouts"] == 0
    assert record["version"] == table.version  # one saved version holds the move and the take-back
    # Alice's turn now, with her clock running, scheduled from that version.
    assert table.game.turn == 0 and table.deadline is not None and not runtime.scheduler.clocks[table.id].done()
    # After a restart Bob's seat is his again: no computer plays for him.
    await runtime.close()
    restarted = TableRuntime(storage, RecordingPresenter(), FAST)
    try:
        await restarted.restore()
        assert not restarted.tables[table.id].seats[1].computer_plays
    finally:
        await restarted.close()


# ---------------------------------------------------------------- defects 4, 9, 11


async def test_a_lobby_nobody_starts_closes_by_itself(runtime: TableRuntime) -> None:
    runtime.lobby_seconds = 0.2
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions())
    assert table.deadline is not None
    # Closed, saved, and its channel let go (the status changes before the save is done).
    await eventually(lambda: table.status == TableStatus.CANCELLED and runtime.table_in(1) is None)
    assert TableEnded(EndReason.NOBODY_STARTED).to_dict() in table.recent
    await runtime.create(GUILD, 1, "kadi", BOB, "Bob", TableOptions())  # the channel is free


async def test_a_lobby_clock_survives_a_restart(storage: Storage, runtime: TableRuntime) -> None:
    runtime.lobby_seconds = 0.3
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions())
    await runtime.close()
    restarted = TableRuntime(storage, RecordingPresenter(), FAST)
    try:
        await restarted.restore()
        again = restarted.tables[table.id]
        await eventually(lambda: again.status == TableStatus.CANCELLED)
    finally:
        await restarted.close()


async def test_a_failed_save_of_a_new_table_leaves_no_ghost(storage: FlakyStorage, runtime: TableRuntime) -> None:
    storage.broken = True
    with pytest.raises(StorageFailed):
        await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions())
    with pytest.raises(StorageFailed):
        await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(), computers=1, start_now=True)
    assert runtime.table_in(1) is None and not runtime.tables
    storage.broken = False
    await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions())


async def test_the_host_leaving_a_lobby_passes_the_host_role(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions())
    await runtime.join(table.id, BOB, "Bob")
    await runtime.leave(table.id, ALICE)
    assert table.status == TableStatus.LOBBY and table.host_id == BOB
    assert HostPassed(0).to_dict() in table.recent
    await runtime.add_computer(table.id, BOB)
    await runtime.start(table.id, BOB)  # the new host can start
    assert table.status == TableStatus.PLAYING
    alone = await runtime.create(GUILD, 2, "kadi", CAROL, "Carol", TableOptions())
    await runtime.leave(alone.id, CAROL)
    assert alone.status == TableStatus.CANCELLED


async def test_stale_clicks_leave_no_locks_behind(runtime: TableRuntime) -> None:
    before = runtime.locks_held
    for n in range(40):
        with pytest.raises(StaleAction):
            await runtime.act(f"gone{n:04d}", ALICE, "draw", version=1)
        with pytest.raises(StaleAction):
            await runtime.join(f"gone{n:04d}", ALICE, "Alice")
    assert runtime.locks_held == before


# ---------------------------------------------------------------- durability, logging


async def test_commits_reach_the_disk_before_anyone_is_told(storage: FlakyStorage) -> None:
    if isinstance(storage.inner, PostgresStorage):  # a commit waits for its write-ahead log on disk
        assert await fetch(storage, "SHOW synchronous_commit") == [("on",)]
    else:
        assert await fetch(storage, "PRAGMA synchronous") == [(2,)]  # FULL: even a power cut keeps it


def test_debug_logging_is_the_bots_own(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.logs import configure_logging

    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    named = {name: logging.getLogger(name).level for name in ("bot", "cogs", "discord", "aiosqlite")}
    try:
        configure_logging("DEBUG")
        assert logging.getLogger("bot.tables.runtime").isEnabledFor(logging.DEBUG)
        for library in ("discord.gateway", "discord.http", "aiosqlite"):
            assert not logging.getLogger(library).isEnabledFor(logging.DEBUG), library
        configure_logging("INFO", "DEBUG")  # asked for on purpose
        assert logging.getLogger("discord.gateway").isEnabledFor(logging.DEBUG)
    finally:
        root.handlers[:] = saved_handlers
        root.setLevel(saved_level)
        for name, level in named.items():
            logging.getLogger(name).setLevel(level)


async def test_a_finished_table_whose_end_was_never_drawn_is_drawn_after_a_restart(
    storage: Storage, runtime: TableRuntime,
) -> None:
    table = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions())
    await runtime.end(table.id, ALICE, is_admin=False)  # then the bot dies before the redraw
    await runtime.close()
    assert [row.id for row in await storage.finished_to_redraw()] == [table.id]
    restarted = TableRuntime(storage, RecordingPresenter(), FAST)
    try:
        assert await restarted.restore() == 0  # nothing to play on...
        assert restarted.restored == [table.id]  # ...but its end is drawn once more
        assert restarted.tables[table.id].status == TableStatus.CANCELLED and restarted.table_in(1) is None
        await restarted.final_drawn(table.id)  # what the presenter says once the edit landed
        assert await storage.finished_to_redraw() == []
    finally:
        await restarted.close()
