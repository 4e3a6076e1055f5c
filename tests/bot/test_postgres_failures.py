"""PostgreSQL failing the way networks and servers do, on a real server behind a loopback
proxy (tests/pg_proxy.py): the answer to a commit that landed is lost, a connection goes
silent, the server cannot be reached at all. What a member sees: a move that counted is
never reported as lost, a table never freezes, and nothing waits longer than its deadline."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator

import pytest

from bot.storage.base import ResultRow, TableRow
from bot.storage.postgres import Deadlines, PostgresStorage
from bot.tables.runtime import SilentPresenter, TableRuntime, Timing
from bot.tables.table import TableOptions
from sandbox.postgres_server import PostgresServer
from tests.bot.test_reliability import replays_to_saved_state
from tests.pg_proxy import PgProxy

GUILD = 1
ALICE, BOB = 101, 102
# Short deadlines so the tests are quick; the bot's own are Deadlines()' defaults.
QUICK = Deadlines(statement=1.0, connect=1.0, save=4.0)
SLACK = 1.5  # what a loaded test machine may add to a deadline


def table(table_id: str, version: int, status: str = "playing") -> TableRow:
    return TableRow(table_id, GUILD, 10, "kadi", status, json.dumps({"version": version}))


def round_of(users: list[int]) -> list[ResultRow]:
    return [ResultRow(1, seat, user, seat + 1, 7 * seat, seat == 0, False, len(users), 0)
            for seat, user in enumerate(users)]


@pytest.fixture
def url(postgres_server: PostgresServer) -> Iterator[str]:
    database = postgres_server.new_database()
    yield database
    postgres_server.drop_database(database)


@pytest.fixture
async def proxy(postgres_server: PostgresServer) -> AsyncIterator[PgProxy]:
    front = await PgProxy(postgres_server.port).start()
    yield front
    await front.close()


async def in_database(url: str, *table_ids: str) -> dict[str, tuple[str, list[tuple[int, str]]]]:
    """What a restart finds, straight from the server: each table's record and move log."""
    storage = await PostgresStorage.open(url)
    try:
        rows = {r.id: r.record for r in await storage.active_tables()}
        return {t: (rows[t], await storage.moves(t)) for t in table_ids}
    finally:
        await storage.close()


async def timed(work: object, limit: float) -> float:
    """Await ``work`` (failing the test past ``limit`` seconds); how long it took."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    async with asyncio.timeout(limit):
        await work  # type: ignore[misc]
    return loop.time() - started


# ------------------------------------------------ a commit that landed, its answer lost


async def test_a_move_whose_commit_answer_is_lost_counts_and_the_table_keeps_moving(
    url: str, proxy: PgProxy,
) -> None:
    storage = await PostgresStorage.open(proxy.url(url))
    try:
        await storage.save_table(table("t1", 1))
        proxy.cut_after("INSERT")  # the group commit's statement: committed, then the connection drops
        await storage.save_table(table("t1", 2), moves=[(1, 0, "draw")])  # saved: no error for the member
        assert proxy.cuts == 1
        await storage.save_table(table("t1", 3), moves=[(2, 1, "draw")])  # the next move saves as ever
        await storage.save_table(table("t1", 4), moves=[(3, 0, "play 5C")])
    finally:
        await storage.close()
    assert await in_database(url, "t1") == {"t1": (table("t1", 4).record, [(0, "draw"), (1, "draw"), (0, "play 5C")])}


async def test_a_lost_answer_inside_a_group_commit_keeps_every_table_of_the_group_moving(
    url: str, proxy: PgProxy,
) -> None:
    ids = [f"t{n}" for n in range(5)]
    storage = await PostgresStorage.open(proxy.url(url))
    try:
        for t in ids:
            await storage.save_table(table(t, 1))
        proxy.cut_after("INSERT")
        # Five saves arriving together share one commit, whose answer is lost.
        await asyncio.gather(*(storage.save_table(table(t, 2), moves=[(1, 0, "draw")]) for t in ids))
        assert proxy.cuts == 1
        await asyncio.gather(*(storage.save_table(table(t, 3), moves=[(2, 1, "pass")]) for t in ids))
    finally:
        await storage.close()
    assert await in_database(url, *ids) == {t: (table(t, 3).record, [(0, "draw"), (1, "pass")]) for t in ids}


async def test_a_round_whose_commit_answer_is_lost_is_recorded_and_rated_once(url: str, proxy: PgProxy) -> None:
    storage = await PostgresStorage.open(proxy.url(url))
    try:
        await storage.save_table(table("t1", 1))
        proxy.cut_after("COMMIT")  # a round's save is a transaction of its own
        await storage.save_table(table("t1", 2, "over"), moves=[(1, 0, "play 5C")], results=round_of([11, 12]))
        assert proxy.cuts == 1
        assert await storage.results_for("t1") == [(1, 0, 11, 1), (1, 1, 12, 2)]
        stats = await storage.member_stats(GUILD, 11)
        assert stats["kadi"].rounds == 1 and stats["kadi"].wins == 1
        assert stats["kadi"].rating is not None and stats["kadi"].rating.rounds == 1
    finally:
        await storage.close()


async def test_a_table_keeps_moving_after_its_moves_answer_is_lost(url: str, proxy: PgProxy) -> None:
    """Through the runtime: the member's move counts (no "could not be saved"), the table
    takes the next moves, and after a restart the database holds what the runtime held."""
    storage = await PostgresStorage.open(proxy.url(url))
    runtime = TableRuntime(storage, SilentPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        live = await runtime.create(GUILD, 1, "kadi", ALICE, "Alice", TableOptions(turn_seconds=60))
        await runtime.join(live.id, BOB, "Bob")
        await runtime.start(live.id, ALICE, seed=11)
        for n in range(4):
            game = live.game
            assert game is not None and game.turn is not None
            seat = game.turn
            user = live.seats[seat].user_id
            assert user is not None
            if n == 1:
                proxy.cut_after("INSERT")
            await runtime.act(live.id, user, game.legal_moves(seat)[0])  # raised StorageFailed before the fix
        assert proxy.cuts == 1
        assert live.moves_applied == 4
        record = live.encode()
        await runtime.close()
    finally:
        await storage.close()
    reopened = await PostgresStorage.open(url)
    try:
        assert [r.record for r in await reopened.active_tables()] == [record]
        assert len(await reopened.moves(live.id)) == 4
        await replays_to_saved_state(reopened, live)
    finally:
        await reopened.close()


# ----------------------------------------------------------- a connection gone silent


async def test_a_save_on_a_silent_connection_lands_on_a_new_one_within_its_deadline(
    url: str, proxy: PgProxy,
) -> None:
    storage = await PostgresStorage.open(proxy.url(url), deadlines=QUICK)
    try:
        await storage.save_table(table("t1", 1))
        proxy.go_silent()  # packets dropped both ways, no reset: the statement never arrives
        took = await timed(storage.save_table(table("t1", 2), moves=[(1, 0, "draw")]), QUICK.save + SLACK)
        assert took < QUICK.save + SLACK / 2
        # The stuck connection was replaced: the next save does not wait for any deadline.
        assert await timed(storage.save_table(table("t1", 3), moves=[(2, 1, "draw")]), QUICK.save) < QUICK.statement
    finally:
        await storage.close()
    assert await in_database(url, "t1") == {"t1": (table("t1", 3).record, [(0, "draw"), (1, "draw")])}


async def test_a_save_whose_answer_never_comes_back_is_found_saved(url: str, proxy: PgProxy) -> None:
    storage = await PostgresStorage.open(proxy.url(url), deadlines=QUICK)
    try:
        await storage.save_table(table("t1", 1))
        proxy.go_silent(replies_only=True)  # the server gets the statement and commits; its answer is lost
        await timed(storage.save_table(table("t1", 2), moves=[(1, 0, "draw")]), QUICK.save + SLACK)
        await timed(storage.save_table(table("t1", 3), moves=[(2, 1, "draw")]), QUICK.statement)
    finally:
        await storage.close()
    assert await in_database(url, "t1") == {"t1": (table("t1", 3).record, [(0, "draw"), (1, "draw")])}


async def test_a_read_on_a_silent_connection_is_answered_on_a_new_one_within_its_deadline(
    url: str, proxy: PgProxy,
) -> None:
    storage = await PostgresStorage.open(proxy.url(url), deadlines=QUICK)
    try:
        await storage.set_hand_images(ALICE, False)
        proxy.go_silent()
        assert await asyncio.wait_for(storage.hand_images(ALICE), QUICK.save + SLACK) is False
        assert await asyncio.wait_for(storage.hand_images(ALICE), QUICK.statement) is False
    finally:
        await storage.close()


async def test_an_unreachable_database_fails_a_save_within_its_deadline_and_the_table_moves_on_after(
    url: str, proxy: PgProxy,
) -> None:
    """The save's statement reaches the server, then the network dies: the answer is lost and
    no new connection gets through, so the bot cannot find out. The save fails within its
    deadline (the member is told it was not saved); once the network is back, the move
    made again in its place is saved over whatever the lost one left, never a duplicate key."""
    storage = await PostgresStorage.open(proxy.url(url), deadlines=QUICK)
    try:
        await storage.save_table(table("t1", 1))
        proxy.go_silent(replies_only=True)
        proxy.refuse_new = True
        with pytest.raises(Exception):  # noqa: B017 - whichever: the runtime turns any into "not saved"
            await timed(storage.save_table(table("t1", 2), moves=[(1, 0, "draw")]), QUICK.save + SLACK)
        proxy.refuse_new = False  # the network is back; memory went back to version 1
        await timed(storage.save_table(table("t1", 2), moves=[(1, 0, "play 5C")]), QUICK.save)
        await timed(storage.save_table(table("t1", 3), moves=[(2, 1, "draw")]), QUICK.save)
    finally:
        await storage.close()
    assert await in_database(url, "t1") == {"t1": (table("t1", 3).record, [(0, "play 5C"), (1, "draw")])}


def test_every_database_call_has_a_deadline_that_fits_discords() -> None:
    """A deferred interaction may wait 15 minutes; a member should hear within seconds."""
    deadlines = Deadlines()
    assert 0 < deadlines.statement < deadlines.save <= 30
    assert 0 < deadlines.connect < deadlines.save
