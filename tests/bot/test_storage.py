"""SQLite storage: migrations, atomic saves, results recorded once, per-guild standings."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.migrations import MIGRATIONS
from bot.storage.rating import START, replay_ratings
from bot.storage.sqlite import ResultRow, Storage, TableRow

GUILD, OTHER_GUILD = 1, 2


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    store = await Storage.open(tmp_path / "data" / "kadi.sqlite3")
    yield store
    await store.close()


def row(table_id: str = "t0000001", guild: int = GUILD, status: str = "playing", game: str = "kadi") -> TableRow:
    return TableRow(table_id, guild, 10, game, status, json.dumps({"state": {"n": 1}}))


def results(round_no: int, users: list[int | None], winner: int = 0, humans: int = 2) -> list[ResultRow]:
    return [ResultRow(round_no, seat, user, 1 if seat == winner else 2, 0 if seat == winner else 7,
                      seat == winner, False, humans, len(users) - humans)
            for seat, user in enumerate(users)]


async def test_migrations_run_once_and_the_schema_version_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "kadi.sqlite3"
    first = await Storage.open(path)
    await first.close()
    second = await Storage.open(path)  # a restart: nothing to migrate, nothing breaks
    await second.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_save_writes_state_move_and_results_together(storage: Storage) -> None:
    await storage.save_table(row(), moves=[(1, 0, "draw")], results=results(1, [11, 12]))
    assert [r.id for r in await storage.active_tables()] == ["t0000001"]
    assert await storage.moves("t0000001") == [(0, "draw")]
    assert len(await storage.results_for("t0000001")) == 2


async def test_a_failed_save_leaves_nothing_half_written(storage: Storage) -> None:
    await storage.save_table(row(), moves=[(1, 0, "draw")])
    with pytest.raises(sqlite3.IntegrityError):  # the same move number again: the whole save fails
        await storage.save_table(row(status="over"), moves=[(1, 1, "pass")], results=results(1, [11, 12]))
    assert [r.status for r in await storage.active_tables()] == ["playing"]
    assert await storage.results_for("t0000001") == []


async def test_a_round_is_recorded_once_even_if_saved_again(storage: Storage) -> None:
    await storage.save_table(row(), results=results(1, [11, 12]))
    await storage.save_table(row(), results=results(1, [11, 12], winner=1))  # e.g. a retry after a crash
    rows = await storage.results_for("t0000001")
    assert [(r[1], r[3]) for r in rows] == [(0, 1), (1, 2)]


async def test_a_guild_never_sees_another_guilds_standings(storage: Storage) -> None:
    await storage.save_table(row("t0000001", GUILD), results=results(1, [11, 12]))
    await storage.save_table(row("t0000002", OTHER_GUILD), results=results(1, [21, 22]))
    assert {s.user_id for s in await storage.leaderboard(GUILD, "kadi")} == {11, 12}
    assert {s.user_id for s in await storage.leaderboard(OTHER_GUILD, "kadi")} == {21, 22}
    assert await storage.member_stats(GUILD, 21) == {}


async def test_rounds_with_fewer_than_two_humans_count_only_when_asked(storage: Storage) -> None:
    await storage.save_table(row("t0000001"), results=results(1, [11, None, None], humans=1))
    assert await storage.leaderboard(GUILD, "kadi") == []
    board = await storage.leaderboard(GUILD, "kadi", humans_only=False)
    assert [(s.user_id, s.wins, s.rounds) for s in board] == [(11, 1, 1)]


async def test_standings_add_up_wins_ranks_points_and_donkeys(storage: Storage) -> None:
    await storage.save_table(row("t0000001", game="donkey"), results=results(1, [11, 12]))
    donkey = [ResultRow(1, 0, 11, 2, 0, False, True, 2, 0), ResultRow(1, 1, 12, 1, 0, True, False, 2, 0)]
    await storage.save_table(row("t0000002", game="donkey"), results=donkey)
    board = {s.user_id: s for s in await storage.leaderboard(GUILD, "donkey")}
    assert (board[11].rounds, board[11].wins, board[11].losses, board[11].average_rank) == (2, 1, 1, 1.5)
    assert board[12].points == 7
    stats = await storage.member_stats(GUILD, 11)
    assert set(stats) == {"donkey"} and stats["donkey"].wins == 1


def test_the_rating_rewards_finishing_order_and_ignores_computers() -> None:
    rows = [("t", 1, 1, 1), ("t", 1, 2, 2), ("t", 1, 3, 3), ("t", 1, None, 4)]
    ratings = replay_ratings(rows)
    assert ratings[1] > START > ratings[3]
    assert abs(ratings[2] - START) < 1e-9
    assert set(ratings) == {1, 2, 3}
    tied = replay_ratings([("u", 1, 1, 1), ("u", 1, 2, 1)])
    assert tied[1] == tied[2] == START
