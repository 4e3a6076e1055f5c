"""The table runtime without Discord: lobby, moves under the lock, stale buttons,
save-before-reply, restarts, the turn clock and computer players."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence

import pytest

from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event
from bot.games.core.moves import Move
from bot.storage.base import Storage
from bot.tables.events import ComputerTookSeat
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import StaleAction, Table, TableError, TableOptions, TableStatus
from bot.ui.text.illegal import sentence
from tests.waiting import eventually

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL = 101, 102, 103
FAST = Timing(computer_delay=(0.0, 0.0), call_wait=0.0)


class RecordingPresenter:
    def __init__(self) -> None:
        self.changes: list[tuple[str, int, list[Event]]] = []

    async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
        self.changes.append((table.id, table.version, list(events)))



@pytest.fixture
async def runtime(storage: Storage) -> AsyncIterator[TableRuntime]:
    rt = TableRuntime(storage, RecordingPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    yield rt
    await rt.close()


async def two_player_table(runtime: TableRuntime, game: str = "donkey", seconds: int | None = None) -> Table:
    table = await runtime.create(GUILD, CHANNEL, game, ALICE, "Alice", TableOptions(turn_seconds=seconds))
    await runtime.join(table.id, BOB, "Bob")
    return await runtime.start(table.id, ALICE, seed=7)


def user_of(table: Table, seat: int) -> int:
    user = table.seats[seat].user_id
    assert user is not None
    return user


async def test_one_table_per_channel(runtime: TableRuntime) -> None:
    await runtime.create(GUILD, CHANNEL, "donkey", ALICE, "Alice", TableOptions())
    with pytest.raises(TableError) as refused:
        await runtime.create(GUILD, CHANNEL, "kadi", BOB, "Bob", TableOptions())
    assert refused.value.code == "already-here"
    assert sentence(refused.value) == (
        "This channel already has a table: finish it (or ask the host to end it) first.")


async def test_lobby_rules_join_leave_start(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "donkey", ALICE, "Alice", TableOptions())
    with pytest.raises(TableError) as refused:
        await runtime.join(table.id, ALICE, "Alice")
    assert refused.value.code == "already-seated"
    with pytest.raises(TableError) as refused:
        await runtime.start(table.id, ALICE)
    assert refused.value.code == "too-few-players" and dict(refused.value.details) == {"needed": 2}
    assert sentence(refused.value) == "At least 2 players are needed: invite a friend or add a computer."
    await runtime.join(table.id, BOB, "Bob")
    with pytest.raises(TableError) as refused:
        await runtime.start(table.id, BOB)
    assert refused.value.code == "not-host"
    await runtime.leave(table.id, BOB)
    assert [s.user_id for s in table.seats] == [ALICE]
    await runtime.add_computer(table.id, ALICE)
    await runtime.start(table.id, ALICE)
    assert table.status == TableStatus.PLAYING
    with pytest.raises(TableError) as refused:
        await runtime.join(table.id, CAROL, "Carol")
    assert refused.value.code == "too-late-to-join"
    assert sentence(refused.value) == "This table has already started: wait for the next one."
    with pytest.raises(TableError) as refused:
        await runtime.start(table.id, ALICE)
    assert refused.value.code == "already-started"


async def test_a_stale_button_changes_nothing_and_a_double_click_applies_once(runtime: TableRuntime) -> None:
    table = await two_player_table(runtime)
    game = table.game
    assert game is not None and game.turn is not None
    seat = game.turn
    move = game.legal_moves(seat)[0]
    version = table.version
    await runtime.act(table.id, user_of(table, seat), move, version)
    after = json.dumps(table.to_record(), sort_keys=True)
    with pytest.raises(StaleAction) as stale:
        await runtime.act(table.id, user_of(table, seat), move, version)
    assert stale.value.code == "stale"
    assert sentence(stale.value) == "That's no longer current: the table has moved on. Open My hand again."
    assert json.dumps(table.to_record(), sort_keys=True) == after


async def test_racing_clicks_apply_once(runtime: TableRuntime) -> None:
    table = await two_player_table(runtime)
    game = table.game
    assert game is not None and game.turn is not None
    seat = game.turn
    move = game.legal_moves(seat)[0]
    version = table.version
    outcomes = await asyncio.gather(
        *(runtime.act(table.id, user_of(table, seat), move, version) for _ in range(5)), return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert all(isinstance(o, StaleAction) for o in outcomes if isinstance(o, BaseException))
    assert len(await runtime.storage.moves(table.id)) == 1


async def test_an_illegal_move_or_a_stranger_changes_nothing(runtime: TableRuntime) -> None:
    table = await two_player_table(runtime)
    game = table.game
    assert game is not None and game.turn is not None
    other = 1 - game.turn
    before = json.dumps(table.to_record(), sort_keys=True)
    with pytest.raises(IllegalMove):
        await runtime.act(table.id, user_of(table, other), game.legal_moves(game.turn)[0])
    with pytest.raises(TableError) as refused:
        await runtime.act(table.id, CAROL, "draw")
    assert refused.value.code == "not-playing"
    with pytest.raises(IllegalMove) as err:
        await runtime.act(table.id, user_of(table, game.turn), "dance")
    assert err.value.code == "not-a-move" and "not a move" in sentence(err.value)
    assert json.dumps(table.to_record(), sort_keys=True) == before
    assert await runtime.storage.moves(table.id) == []


async def test_every_accepted_move_is_saved_before_the_reply(runtime: TableRuntime, storage: Storage) -> None:
    table = await two_player_table(runtime)
    game = table.game
    assert game is not None and game.turn is not None
    seat = game.turn
    move = game.legal_moves(seat)[0]
    await runtime.act(table.id, user_of(table, seat), move)
    saved = {row.id: row for row in await storage.active_tables()}[table.id]
    assert json.loads(saved.record)["state"] == game.to_state()
    assert await storage.moves(table.id) == [(seat, move.text())]


async def test_a_restart_continues_where_the_table_was(storage: Storage) -> None:
    first = TableRuntime(storage, RecordingPresenter(), FAST)
    table = await two_player_table(first)
    game = table.game
    assert game is not None and game.turn is not None
    for _ in range(3):
        seat = game.turn
        assert seat is not None
        await first.act(table.id, user_of(table, seat), game.legal_moves(seat)[0])
    await first.close()
    second = TableRuntime(storage, RecordingPresenter(), FAST)
    assert await second.restore() == 1
    restored = second.tables[table.id]
    assert restored.game is not None
    assert restored.game.to_state() == game.to_state()
    assert restored.version == table.version
    seat = restored.game.turn
    assert seat is not None
    await second.act(table.id, user_of(restored, seat), restored.game.legal_moves(seat)[0], restored.version)
    await second.close()


async def wait_until_over(runtime: TableRuntime, table: Table) -> None:
    """Until the table is over and its end was presented, so saved (the status changes in
    memory just before the save; a read on another connection may come first)."""
    presenter = runtime.presenter
    assert isinstance(presenter, RecordingPresenter)

    def presented_end() -> bool:
        return (table.status == TableStatus.OVER
                and (table.id, table.version) in {(t, v) for t, v, _ in presenter.changes})

    await eventually(presented_end, f"table {table.id} to finish")


@pytest.mark.parametrize("game", ["donkey", "kadi", "karata"])
async def test_computers_play_a_whole_match_and_results_are_recorded_once(
    runtime: TableRuntime, storage: Storage, game: str,
) -> None:
    table = await runtime.create(GUILD, CHANNEL, game, ALICE, "Alice", TableOptions(turn_seconds=None), computers=2)
    await runtime.start(table.id, ALICE, seed=3)
    table.seats[0].autopilot = True  # Alice lets a computer play for her
    runtime.scheduler.after_change(table)
    await wait_until_over(runtime, table)
    rows = await storage.results_for(table.id)
    assert rows, "the finished round was not recorded"
    assert len(rows) == len({(r[0], r[1]) for r in rows}), "a round was recorded twice"
    assert {r[1] for r in rows} == {0, 1, 2}


async def test_three_timeouts_in_a_row_hand_the_seat_to_a_computer(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "donkey", ALICE, "Alice", TableOptions(turn_seconds=1))
    await runtime.join(table.id, BOB, "Bob")
    table.options.turn_seconds = 0.2  # type: ignore[assignment]  # a fast clock for the test
    await runtime.start(table.id, ALICE, seed=11)
    presenter = runtime.presenter
    assert isinstance(presenter, RecordingPresenter)

    def took_seat() -> ComputerTookSeat | None:
        seen = (e for _, _, events in presenter.changes for e in events)
        return next((e for e in seen if isinstance(e, ComputerTookSeat)), None)

    took = await eventually(took_seat, "a computer to take the seat after three timeouts")
    assert table.seats[took.seat].autopilot


async def test_leaving_mid_game_hands_the_cards_to_a_computer_and_the_last_human_ends_it(
    runtime: TableRuntime,
) -> None:
    table = await two_player_table(runtime)
    await runtime.leave(table.id, BOB)
    assert table.seats[1].left and table.seats[1].computer_plays
    await runtime.leave(table.id, ALICE)
    assert table.status == TableStatus.OVER
    with pytest.raises(StaleAction) as stale:
        await runtime.act(table.id, ALICE, Move("draw"))
    assert stale.value.code == "finished"


async def test_only_host_or_admin_ends_a_table(runtime: TableRuntime) -> None:
    table = await two_player_table(runtime)
    with pytest.raises(TableError) as refused:
        await runtime.end(table.id, BOB, is_admin=False)
    assert refused.value.code == "not-host-or-moderator"
    await runtime.end(table.id, BOB, is_admin=True)
    assert table.status not in (TableStatus.LOBBY, TableStatus.PLAYING)
    assert runtime.table_in(CHANNEL) is None


async def test_a_member_cannot_send_the_clocks_timeout(runtime: TableRuntime) -> None:
    table = await two_player_table(runtime)
    game = table.game
    assert game is not None and game.turn is not None
    with pytest.raises(IllegalMove) as err:
        await runtime.act(table.id, user_of(table, game.turn), "timeout")
    assert sentence(err.value) == "Only the turn clock can time a turn out."
    assert await runtime.storage.moves(table.id) == []


async def test_a_finished_table_is_let_go_but_its_buttons_still_answer(
    runtime: TableRuntime, monkeypatch: pytest.MonkeyPatch,
) -> None:
    import bot.tables.runtime as runtime_module

    monkeypatch.setattr(runtime_module, "FINISHED_TABLE_SECONDS", 0.01)
    table = await two_player_table(runtime)
    await runtime.end(table.id, ALICE, is_admin=False)
    await eventually(lambda: table.id not in runtime.tables, "the finished table to be let go")
    with pytest.raises(StaleAction) as stale:
        await runtime.act(table.id, ALICE, "draw", table.version)
    assert stale.value.code == "finished"
    assert sentence(stale.value) == (
        "That table has finished: start a new one with /kadi new, /karata new or /donkey new.")
