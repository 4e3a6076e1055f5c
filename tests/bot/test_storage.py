"""Storage on both databases (the ``storage`` fixture runs each test on SQLite and on
PostgreSQL): migrations, atomic saves, results recorded once, per-guild standings and
OpenSkill ratings kept in the transaction that records a round, and two storages racing
to record the same rounds. The SQLite-only tests say why."""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from openskill.models import PlackettLuce

import bot.storage.migrations
import bot.storage.sql_storage
from bot.config import Settings
from bot.storage import StorageUnavailable, open_storage
from bot.storage.base import ResultRow, Storage, TableRow
from bot.storage.migrations import migrations
from bot.storage.postgres import PostgresStorage, numbered
from bot.storage.rating import MIN_RATED_ROUNDS
from bot.storage.sqlite import SQLiteStorage, at_once
from sandbox.postgres_server import PostgresServer
from tests.storages import Database, fetch, open_at

GUILD, OTHER_GUILD = 1, 2
LEGACY = Path(__file__).parent / "databases" / "made-by-migrations-1-to-5.sqlite3"


def row(table_id: str = "t0000001", guild: int = GUILD, status: str = "playing", game: str = "kadi") -> TableRow:
    return TableRow(table_id, guild, 10, game, status, json.dumps({"state": {"n": 1}}))


def results(round_no: int, users: list[int | None], winner: int = 0, humans: int = 2) -> list[ResultRow]:
    return [ResultRow(round_no, seat, user, 1 if seat == winner else 2, 0 if seat == winner else 7,
                      seat == winner, False, humans, len(users) - humans)
            for seat, user in enumerate(users)]


async def test_migrations_run_once_and_the_schema_version_is_kept(database: Database) -> None:
    first = await open_at(database)
    await first.close()
    second = await open_at(database)  # a restart: nothing to migrate, nothing breaks
    try:
        if isinstance(second, PostgresStorage):
            applied = await fetch(second, "SELECT version, name FROM schema_migrations ORDER BY version")
            assert applied == [(m.version, m.name) for m in migrations("postgres")]
            assert await fetch(second, "SHOW synchronous_commit") == [("on",)]  # a commit waits for the disk
        else:
            assert await fetch(second, "PRAGMA user_version") == [(len(migrations("sqlite")),)]
            assert await fetch(second, "PRAGMA journal_mode") == [("wal",)]
    finally:
        await second.close()


async def test_open_storage_chooses_the_database_by_the_settings(database: Database) -> None:
    url = database if isinstance(database, str) else None
    path = database if isinstance(database, Path) else Path("unused.sqlite3")
    storage = await open_storage(Settings(token="x", database_path=path, database_url=url))
    try:
        assert isinstance(storage, PostgresStorage if url else SQLiteStorage)
        await storage.save_table(row())
    finally:
        await storage.close()
    reopened = await open_at(database)  # the same database the settings named
    try:
        assert [r.id for r in await reopened.active_tables()] == ["t0000001"]
    finally:
        await reopened.close()


async def test_an_unreachable_postgresql_is_said_in_one_sentence_without_its_password() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings = Settings(token="x", database_url=f"postgresql://kadi:hunter2@127.0.0.1:{port}/kadi")
    with pytest.raises(StorageUnavailable, match="Could not open the PostgreSQL database at") as refused:
        await open_storage(settings)
    assert "hunter2" not in str(refused.value) and "kadi:***@" in str(refused.value)


async def test_a_save_whose_caller_gives_up_is_still_saved(database: Database) -> None:
    storage = await open_at(database)
    caller = asyncio.create_task(storage.save_table(row(), moves=[(1, 0, "draw")], results=results(1, [11, 12])))
    await asyncio.sleep(0)  # the save is on its way...
    caller.cancel()  # ...when the caller is cancelled (an interaction that timed out, a shutdown)
    with pytest.raises(asyncio.CancelledError):
        await caller
    await storage.close()  # waits for the saves on their way
    reopened = await open_at(database)
    try:
        assert await reopened.moves("t0000001") == [(0, "draw")]
        assert len(await reopened.results_for("t0000001")) == 2
    finally:
        await reopened.close()


async def test_a_save_writes_state_move_and_results_together(storage: Storage) -> None:
    await storage.save_table(row(), moves=[(1, 0, "draw")], results=results(1, [11, 12]))
    assert [r.id for r in await storage.active_tables()] == ["t0000001"]
    assert await storage.moves("t0000001") == [(0, "draw")]
    assert len(await storage.results_for("t0000001")) == 2


# A move the database refuses (a seat is never empty): its save fails as a whole.
REFUSED = (sqlite3.IntegrityError, asyncpg.NotNullViolationError)


async def test_a_failed_save_leaves_nothing_half_written(storage: Storage) -> None:
    await storage.save_table(row(), moves=[(1, 0, "draw")])
    with pytest.raises(REFUSED):
        await storage.save_table(row(status="over"), moves=[(2, None, "pass")],  # type: ignore[list-item]
                                 results=results(1, [11, 12]))
    assert [r.status for r in await storage.active_tables()] == ["playing"]
    assert await storage.results_for("t0000001") == []
    assert await storage.moves("t0000001") == [(0, "draw")]


async def test_a_save_written_again_is_recognised_not_refused_as_a_duplicate(storage: Storage) -> None:
    """A retried or replayed save (its answer was lost) changes nothing the second time, and
    a move made in place of one said not saved takes its number: the log is what the
    runtime holds, and the table never freezes on the move log's key."""
    await storage.save_table(row(), moves=[(1, 0, "draw")])
    await storage.save_table(row(), moves=[(1, 0, "draw")])  # the same save again
    assert await storage.moves("t0000001") == [(0, "draw")]
    await storage.save_table(row(), moves=[(2, 1, "pass")])
    await storage.save_table(row(), moves=[(2, 1, "play 5C")])  # memory went back; another move in its place
    await storage.save_table(row(status="over"), moves=[(3, 0, "draw")], results=results(1, [11, 12]))
    await storage.save_table(row(status="over"), moves=[(3, 0, "draw")], results=results(1, [11, 12]))
    assert await storage.moves("t0000001") == [(0, "draw"), (1, "play 5C"), (0, "draw")]
    assert len(await storage.results_for("t0000001")) == 2
    assert (await storage.member_stats(GUILD, 11))["kadi"].rounds == 1


async def test_in_a_group_commit_a_bad_save_fails_alone(storage: Storage) -> None:
    """Saves arriving together share one commit (group commit on both databases); one that
    the database refuses fails on its own, and the others, before and after it, are saved."""
    for n in range(6):
        await storage.save_table(row(f"t{n:07d}"), moves=[(1, 0, "draw")])
    outcomes = await asyncio.gather(
        *(storage.save_table(row(f"t{n:07d}", status="over" if n == 3 else "playing"),
                             moves=[(2, None if n == 3 else 1, "pass")])  # type: ignore[list-item] # 3: refused
          for n in range(6)), return_exceptions=True)
    assert isinstance(outcomes[3], REFUSED)
    assert [o for n, o in enumerate(outcomes) if n != 3] == [None] * 5
    assert {r.id: r.status for r in await storage.active_tables()} == {f"t{n:07d}": "playing" for n in range(6)}
    for n in range(6):
        assert await storage.moves(f"t{n:07d}") == ([(0, "draw")] if n == 3 else [(0, "draw"), (1, "pass")])


async def test_a_round_is_recorded_once_even_if_saved_again(storage: Storage) -> None:
    await storage.save_table(row(), results=results(1, [11, 12]))
    await storage.save_table(row(), results=results(1, [11, 12], winner=1))  # e.g. a retry after a crash
    rows = await storage.results_for("t0000001")
    assert [(r[1], r[3]) for r in rows] == [(0, 1), (1, 2)]


def ranked(users: list[int | None], ranks: list[int], humans: int | None = None) -> list[ResultRow]:
    """One round's rows: seat i is ``users[i]``, finishing ``ranks[i]``."""
    seated = len([u for u in users if u is not None]) if humans is None else humans
    return [ResultRow(1, seat, user, rank, 3 * (rank - 1), rank == 1, False, seated, len(users) - seated)
            for seat, (user, rank) in enumerate(zip(users, ranks, strict=True))]


async def play(storage: Storage, rounds: int, users: list[int | None], ranks: list[int], *,
               guild: int = GUILD, game: str = "kadi", first: int = 1) -> None:
    """``rounds`` rounds with the same finishing order, each at its own table."""
    for n in range(first, first + rounds):
        await storage.save_table(row(f"t{n:07d}", guild, game=game), results=ranked(users, ranks))


async def test_a_guild_never_sees_another_guilds_standings(storage: Storage) -> None:
    await play(storage, MIN_RATED_ROUNDS, [11, 12], [1, 2], guild=GUILD)
    await play(storage, MIN_RATED_ROUNDS, [21, 22], [1, 2], guild=OTHER_GUILD, first=100)
    assert {s.user_id for s in await storage.leaderboard(GUILD, "kadi")} == {11, 12}
    assert {s.user_id for s in await storage.leaderboard(OTHER_GUILD, "kadi")} == {21, 22}
    assert await storage.member_stats(GUILD, 21) == {}
    assert set(await storage.member_stats(OTHER_GUILD, 21)) == {"kadi"}


async def test_rounds_with_fewer_than_two_humans_count_only_when_asked_and_are_never_rated(
    storage: Storage,
) -> None:
    for n in range(MIN_RATED_ROUNDS):
        await storage.save_table(row(f"t{n:07d}"), results=results(1, [11, None, None], humans=1))
    assert await storage.leaderboard(GUILD, "kadi") == []
    board = await storage.leaderboard(GUILD, "kadi", humans_only=False)
    assert [(s.user_id, s.wins, s.rounds, s.rating) for s in board] == [(11, MIN_RATED_ROUNDS, MIN_RATED_ROUNDS, None)]
    stats = await storage.member_stats(GUILD, 11)
    assert stats["kadi"].rounds == MIN_RATED_ROUNDS and stats["kadi"].rating is None


async def test_standings_add_up_wins_ranks_points_and_donkeys(storage: Storage) -> None:
    await storage.save_table(row("t0000001", game="donkey"), results=results(1, [11, 12]))
    donkey = [ResultRow(1, 0, 11, 2, 0, False, True, 2, 0), ResultRow(1, 1, 12, 1, 0, True, False, 2, 0)]
    await storage.save_table(row("t0000002", game="donkey"), results=donkey)
    await storage.save_table(row("t0000003", game="donkey"), results=ranked([11, 12, None], [3, 1, 2]))
    board = {s.user_id: s for s in await storage.leaderboard(GUILD, "donkey")}
    assert (board[11].rounds, board[11].wins, board[11].losses, board[11].average_rank) == (3, 1, 1, 2.0)
    assert board[11].ranks == (1, 1, 1) and board[12].ranks == (2, 1)
    assert board[12].points == 7
    assert board[11].rating is not None and board[11].rating.rounds == 3
    stats = await storage.member_stats(GUILD, 11)
    assert set(stats) == {"donkey"} and stats["donkey"].wins == 1


async def test_a_round_of_four_with_a_tie_rates_as_openskill_says(storage: Storage) -> None:
    model = PlackettLuce()
    # A first round so that the second starts from ratings that differ.
    await storage.save_table(row("t0000001"), results=ranked([1, 2, 3, 4], [1, 2, 3, 4]))
    first = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 3, 4])
    # The second: a computer seat (left out), two members tied for second place.
    await storage.save_table(row("t0000002"), results=ranked([4, None, 2, 3, 1], [1, 2, 3, 3, 5]))
    expected = model.rate([[first[3][0]], [first[1][0]], [first[2][0]], [first[0][0]]], ranks=[1, 3, 3, 5])
    for user, team in zip([4, 2, 3, 1], expected, strict=True):
        rating = (await storage.member_stats(GUILD, user))["kadi"].rating
        assert rating is not None
        assert rating.mu == pytest.approx(team[0].mu, abs=1e-12)
        assert rating.sigma == pytest.approx(team[0].sigma, abs=1e-12)
        assert rating.ordinal == pytest.approx(team[0].ordinal(), abs=1e-12)
        assert rating.rounds == 2 and len(rating.history) == 2
    ratings = {u: (await storage.member_stats(GUILD, u))["kadi"].rating for u in (2, 3)}
    assert ratings[2] is not None and ratings[3] is not None
    assert ratings[2].mu != ratings[3].mu  # they started apart and moved as one tie


async def test_a_round_is_rated_exactly_once_even_if_saved_again(storage: Storage) -> None:
    model = PlackettLuce()
    await storage.save_table(row(), results=ranked([11, 12, 13], [1, 2, 2]))
    await storage.save_table(row(), results=ranked([11, 12, 13], [1, 2, 2]))  # e.g. a retry after a crash
    await storage.save_table(row(status="over"), results=ranked([11, 12, 13], [3, 1, 2]))  # same round, other order
    once = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 2, 2])
    for user, team in zip([11, 12, 13], once, strict=True):
        s = (await storage.member_stats(GUILD, user))["kadi"]
        assert s.rounds == 1 and s.rating is not None and s.rating.rounds == 1
        assert s.rating.mu == pytest.approx(team[0].mu, abs=1e-12)


async def test_a_crash_while_rating_leaves_the_round_unrecorded_so_it_is_rated_once_later(
    storage: Storage, monkeypatch: pytest.MonkeyPatch,
) -> None:
    def crash(*args: object) -> None:
        raise RuntimeError("power cut between recording and rating")

    with monkeypatch.context() as patch:
        patch.setattr(bot.storage.sql_storage, "record_round", crash)  # the one both databases call
        with pytest.raises(RuntimeError):
            await storage.save_table(row(status="over"), moves=[(1, 0, "draw")], results=ranked([11, 12], [1, 2]))
    assert await storage.results_for("t0000001") == []  # recorded and rated together, or neither
    assert await storage.member_stats(GUILD, 11) == {}
    await storage.save_table(row(status="over"), moves=[(1, 0, "draw")], results=ranked([11, 12], [1, 2]))
    await storage.save_table(row(status="over"), results=ranked([11, 12], [1, 2]))
    s = (await storage.member_stats(GUILD, 11))["kadi"]
    assert s.rounds == 1 and s.rating is not None and s.rating.rounds == 1


async def test_a_member_needs_the_minimum_of_rated_rounds_to_be_listed(storage: Storage) -> None:
    await play(storage, MIN_RATED_ROUNDS - 1, [11, 12, 13], [1, 2, 3])
    assert await storage.leaderboard(GUILD, "kadi") == []
    await play(storage, 1, [11, 12, 14], [2, 1, 3], first=MIN_RATED_ROUNDS)
    board = await storage.leaderboard(GUILD, "kadi")
    assert {s.user_id for s in board} == {11, 12}  # 13 and 14 have too few rounds
    assert [s.position for s in board] == [1, 2]
    assert board[0].rating is not None and board[1].rating is not None
    assert board[0].rating.ordinal >= board[1].rating.ordinal
    # Every round counted: with a solo round against computers 13 has enough rounds, 14 has not.
    await storage.save_table(row("t0000099"), results=results(1, [13, None], humans=1))
    assert {s.user_id for s in await storage.leaderboard(GUILD, "kadi")} == {11, 12}
    assert {s.user_id for s in await storage.leaderboard(GUILD, "kadi", humans_only=False)} == {11, 12, 13}


async def test_equal_ratings_share_a_position(storage: Storage) -> None:
    await play(storage, MIN_RATED_ROUNDS, [11, 12, 13, 14], [1, 2, 2, 4])
    board = await storage.leaderboard(GUILD, "kadi")
    assert [(s.user_id, s.position) for s in board][:1] == [(11, 1)]
    assert sorted((s.position, s.user_id) for s in board) == [(1, 11), (2, 12), (2, 13), (4, 14)]


# A history of rounds across guilds, games and tables, with ties, computers and solo rounds.
HISTORY: list[tuple[str, int, str, list[ResultRow]]] = [
    ("a", GUILD, "kadi", ranked([11, 12, 13, 14], [1, 2, 2, 4])),
    ("b", OTHER_GUILD, "kadi", ranked([21, 22], [2, 1])),
    ("c", GUILD, "donkey", [ResultRow(1, 0, 11, 3, 0, False, True, 2, 1),
                            ResultRow(1, 1, None, 1, 0, True, False, 2, 1),
                            ResultRow(1, 2, 12, 2, 0, False, False, 2, 1)]),
    ("a", GUILD, "kadi", [ResultRow(2, s, u, r, 5, r == 1, False, 4, 0)
                          for s, (u, r) in enumerate(zip([11, 12, 13, 14], [4, 1, 3, 2], strict=True))]),
    ("d", GUILD, "kadi", results(1, [11, None, None], humans=1)),
    ("e", GUILD, "karata", ranked([12, 11, 13], [1, 1, 3])),
    ("a", GUILD, "kadi", [ResultRow(3, s, u, r, 0, r == 1, False, 4, 0)
                          for s, (u, r) in enumerate(zip([11, 12, 13, 14], [1, 1, 3, 4], strict=True))]),
    ("b", OTHER_GUILD, "kadi", [ResultRow(2, 0, 21, 1, 0, True, False, 2, 0),
                                ResultRow(2, 1, 22, 2, 9, False, False, 2, 0)]),
]


async def stored(storage: Storage) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    return (await fetch(storage, "SELECT guild_id, game, scope, user_id, rounds, wins, rank_sum, points, losses,"
                                 " ranks FROM standings ORDER BY guild_id, game, scope, user_id"),
            await fetch(storage, "SELECT guild_id, game, user_id, mu, sigma, ordinal, rounds, history FROM ratings"
                                 " ORDER BY guild_id, game, user_id"))


async def stored_in(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    storage = await SQLiteStorage.open(path)
    try:
        return await stored(storage)
    finally:
        await storage.close()


# SQLite only: the rounds recorded before ratings existed are rated by SQLite's migration 3
# (PostgreSQL's schema starts with ratings; copy.py rates what it moves there, tested in test_copy.py).
async def test_the_migration_builds_the_same_ratings_as_rating_live(tmp_path: Path) -> None:
    live_path = tmp_path / "live.sqlite3"
    live = await SQLiteStorage.open(live_path)
    for table_id, guild, game, rows in HISTORY:
        await live.save_table(row(table_id, guild, game=game), results=rows)
    live_board = await live.leaderboard(GUILD, "kadi")
    await live.close()

    # A database as migrations 1 and 2 made it, with the same rounds recorded.
    old_path = tmp_path / "old.sqlite3"
    with sqlite3.connect(old_path) as conn:
        for migration in migrations("sqlite")[:2]:
            for statement in migration.statements():
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version={migration.version}")
        for at, (table_id, guild, game, rows) in enumerate(HISTORY):
            conn.executemany(
                "INSERT OR IGNORE INTO results (table_id, round_no, seat, guild_id, game, user_id, rank, points,"
                " won, lost, humans, computers, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(table_id, r.round_no, r.seat, guild, game, r.user_id, r.rank, r.points, int(r.won), int(r.lost),
                  r.humans, r.computers, float(at)) for r in rows])
    migrated = await SQLiteStorage.open(old_path)
    migrated_board = await migrated.leaderboard(GUILD, "kadi")
    await migrated.close()

    standings, ratings = await stored_in(live_path)
    assert len(ratings) == 11 and len(standings) > len(ratings)
    assert await stored_in(old_path) == (standings, ratings)
    assert migrated_board == live_board and len(live_board) == 4
    assert await stored_in(old_path) == (standings, ratings)  # reopened: the migration ran once, nothing rated again


def schema(path: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name").fetchall()
    return [(kind, name, " ".join(sql.split())) for kind, name, sql in rows]


# SQLite only: the databases made before the SQL files, which only SQLite has.
async def test_a_database_made_by_the_old_migrations_opens_unchanged(tmp_path: Path) -> None:
    """LEGACY was made by the code of commit d306d40 (migrations 1 to 5 written in Python;
    tests/bot/databases/README.md): opening it loses nothing, rates nothing again, brings
    back its tables and leaves the very schema a new database has."""
    path = tmp_path / "legacy.sqlite3"
    shutil.copy(LEGACY, path)
    before_figures = await stored_in_raw(path)
    with sqlite3.connect(path) as conn:
        before = {name: conn.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
                  for name in ("tables", "moves", "results")}
    fresh = tmp_path / "fresh.sqlite3"
    await (await SQLiteStorage.open(fresh)).close()

    storage = await SQLiteStorage.open(path)
    try:
        assert [r.id for r in await storage.active_tables()] == ["p0000001", "l0000001"]
        assert await storage.moves("p0000001") == [(0, "draw"), (1, "draw"), (0, "play AS")]
        assert [r.id for r in await storage.finished_to_redraw()] == ["d0000001"]
        assert await storage.set_aside_tables() == [("b0000001", "JSONDecodeError: bad row")]
        assert len(await storage.leaderboard(GUILD, "kadi")) == 3
        # A new round goes on from the old figures.
        await storage.save_table(row("n0000001", game="kadi"), results=ranked([11, 12], [1, 2]))
        assert (await storage.member_stats(GUILD, 11))["kadi"].rounds == 5
    finally:
        await storage.close()
    with sqlite3.connect(path) as conn:
        after = {name: conn.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
                 for name in ("tables", "moves", "results")}
        assert conn.execute("PRAGMA user_version").fetchone() == (len(migrations("sqlite")),)
    assert schema(path) == schema(fresh)  # brought up to date, the same schema as a new database
    assert [r for r in after["results"] if r[0] != "n0000001"] == before["results"]
    assert [r for r in after["tables"] if r[0] != "n0000001"] == before["tables"]
    assert after["moves"] == before["moves"]
    # The members not in the new round: their figures and ratings are as the old code left them.
    (old_standings, old_ratings), (new_standings, new_ratings) = before_figures, await stored_in_raw(path)
    untouched = {21, 22, 13}
    assert [r for r in new_standings if r[3] in untouched] == [r for r in old_standings if r[3] in untouched]
    assert [r for r in new_ratings if r[2] in untouched] == [r for r in old_ratings if r[2] in untouched]
    assert len([r for r in new_ratings if r[2] in untouched]) == 3


async def stored_in_raw(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """The stored figures, read without opening (so without migrating) the database."""
    with sqlite3.connect(path) as conn:
        return (conn.execute("SELECT * FROM standings ORDER BY guild_id, game, scope, user_id").fetchall(),
                conn.execute("SELECT * FROM ratings ORDER BY guild_id, game, user_id").fetchall())


async def test_two_storages_racing_record_each_round_once_and_rate_it_once(database: Database) -> None:
    """Two processes (two connections, or two pools) save the same finished rounds at the
    same moment, and other rounds of the same members: each round's rows are recorded
    once, and the figures and ratings come out exactly as one storage recording every
    round once, in some order, makes them."""
    first, second = await open_at(database), await open_at(database)
    try:
        users = [11, 12, 13, 14]
        shared = [(f"s{n:07d}", ranked(users, [1 + (n + i) % 4 for i in range(4)])) for n in range(12)]
        own = [(f"o{n:07d}", ranked(users, [1 + (n + 2 * i) % 4 for i in range(4)])) for n in range(12)]
        jobs = []
        for n, (table_id, rows) in enumerate(shared):
            jobs += [first.save_table(row(table_id, status="over"), results=rows),
                     second.save_table(row(table_id, status="over"), results=rows)]
            jobs.append((first if n % 2 else second).save_table(row(own[n][0], status="over"), results=own[n][1]))
        await asyncio.gather(*jobs)
        for table_id, _ in shared + own:
            assert len(await first.results_for(table_id)) == 4
        for user in users:
            s = (await second.member_stats(GUILD, user))["kadi"]
            assert s.rounds == 24 and s.rating is not None and s.rating.rounds == 24, (user, s)
            assert sum(s.ranks) == 24
        board = await first.leaderboard(GUILD, "kadi")
        assert sum(s.wins for s in board) == 24  # each round won once
    finally:
        await first.close()
        await second.close()


async def test_processes_starting_together_on_a_new_database_migrate_it_once(postgres_server: PostgresServer) -> None:
    """PostgreSQL only: SQLite has one process. Three processes start at once on an empty
    database: each waits its turn for the migrations, and each is applied once."""
    name = "kadi_started_together"
    postgres_server.sql(f"CREATE DATABASE {name}")
    url = postgres_server.url(name)
    try:
        storages = await asyncio.gather(*(PostgresStorage.open(url) for _ in range(3)))
        try:
            applied = await fetch(storages[0], "SELECT version FROM schema_migrations ORDER BY version")
            assert applied == [(m.version,) for m in migrations("postgres")]
            await storages[1].save_table(row(), results=results(1, [11, 12]))
            assert len(await storages[2].results_for("t0000001")) == 2
        finally:
            for storage in storages:
                await storage.close()
    finally:
        postgres_server.drop_database(url)


def test_migration_files_are_read_in_order_and_a_gap_stops_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    folder = tmp_path / "sqlite"
    folder.mkdir()
    (folder / "001_first.sql").write_text("-- a comment only\nCREATE TABLE a (x INTEGER);\nCREATE TABLE b (y TEXT);\n")
    (folder / "002_second.sql").write_text("ALTER TABLE a ADD COLUMN z TEXT;")
    monkeypatch.setattr(bot.storage.migrations, "SQL_FOLDER", tmp_path)
    found = migrations("sqlite")
    assert [(m.version, m.name) for m in found] == [(1, "001_first.sql"), (2, "002_second.sql")]
    assert found[0].statements() == ["-- a comment only\nCREATE TABLE a (x INTEGER)", "CREATE TABLE b (y TEXT)"]
    (folder / "004_fourth.sql").write_text("SELECT 1;")
    with pytest.raises(ValueError, match="sqlite migration 3 is missing"):
        migrations("sqlite")
    (folder / "004_fourth.sql").rename(folder / "3rd.sql")
    with pytest.raises(ValueError, match=r"is not named NNN_name\.sql"):
        migrations("sqlite")


def test_postgresql_numbers_the_shared_statements_placeholders() -> None:
    """The statements are written once with ``?``; PostgreSQL's are $1, $2... A ``?`` in a
    quoted string is a character, not a placeholder."""
    assert numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    assert numbered("SELECT '?', 'it''s ?' FROM t WHERE b = ?") == "SELECT '?', 'it''s ?' FROM t WHERE b = $1"


def test_a_sqlite_write_that_would_wait_is_refused_not_left_half_run() -> None:
    """SQLite runs the shared coroutines to their end on its worker thread (``at_once``),
    where nothing can be waited for: one that waits is an error, said at once."""
    async def waits() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="waited for something"):
        at_once(waits())
