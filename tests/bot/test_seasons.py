"""Seasons (issue 32) on both databases (the ``storage`` fixture runs each test on SQLite
and PostgreSQL): a new season's standings and ratings start afresh while the earlier
seasons' and the all-time figures are kept; monthly seasons turn with the calendar month;
a database made by the migrations before seasons opens with its rounds as season 1."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot.storage.postgres
import bot.storage.sqlite
from bot.storage.base import ResultRow, Storage, TableRow
from bot.storage.migrations import migrations
from bot.storage.rating import MIN_RATED_ROUNDS
from bot.storage.sql_storage import SAVE_RATING, SAVE_RESULT, SAVE_STANDING, SAVE_TABLE, SQLStorage
from sandbox.postgres_server import PostgresServer
from tests.storages import Database, open_at

GUILD = 1
BEFORE_SEASONS = {"sqlite": 7, "postgres": 3}  # the migrations a database had before seasons


def row(table_id: str, game: str = "kadi") -> TableRow:
    return TableRow(table_id, GUILD, 10, game, "over", json.dumps({"state": {"n": 1}}))


def ranked(users: list[int], ranks: list[int]) -> list[ResultRow]:
    return [ResultRow(1, seat, user, rank, 3 * (rank - 1), rank == 1, False, len(users), 0)
            for seat, (user, rank) in enumerate(zip(users, ranks, strict=True))]


async def play(storage: Storage, rounds: int, users: list[int], ranks: list[int], first: int) -> None:
    for n in range(first, first + rounds):
        await storage.save_table(row(f"t{n:07d}"), results=ranked(users, ranks))


async def test_a_new_season_starts_ratings_afresh_and_keeps_the_old_one(storage: Storage) -> None:
    await play(storage, MIN_RATED_ROUNDS, [11, 12], [1, 2], first=1)
    first = await storage.leaderboard(GUILD, "kadi", season=1)
    assert [s.user_id for s in first] == [11, 12]
    assert (await storage.seasons(GUILD, "kadi")).current == 1
    assert await storage.new_season(GUILD, "kadi") == 2
    assert await storage.leaderboard(GUILD, "kadi", season=2) == []
    # In season 2 member 12 wins every round: its ratings start from nothing, so 12 leads.
    await play(storage, MIN_RATED_ROUNDS, [11, 12], [2, 1], first=100)
    second = await storage.leaderboard(GUILD, "kadi", season=2)
    assert [s.user_id for s in second] == [12, 11]
    assert second[0].rating is not None and second[0].rating.rounds == MIN_RATED_ROUNDS
    assert [s.rounds for s in second] == [MIN_RATED_ROUNDS] * 2
    assert await storage.leaderboard(GUILD, "kadi", season=1) == first  # kept as it was
    all_time = await storage.leaderboard(GUILD, "kadi")
    assert [s.rounds for s in all_time] == [2 * MIN_RATED_ROUNDS] * 2
    assert all_time[0].rating is not None and all_time[0].rating.rounds == 2 * MIN_RATED_ROUNDS
    seasons = await storage.seasons(GUILD, "kadi")
    assert seasons.current == 2 and set(seasons.started) == {1, 2} and not seasons.monthly
    assert (await storage.seasons(GUILD, "donkey")).current == 1  # per game


async def test_monthly_seasons_turn_with_the_first_round_of_a_month(storage: Storage) -> None:
    january = datetime(2026, 1, 15, tzinfo=UTC).timestamp()
    await storage.set_monthly_seasons(GUILD, "kadi", True, now=january)  # season 1 begins in January
    assert await storage.seasons(GUILD, "kadi", now=january + 3600) == (await storage.seasons(GUILD, "kadi", january))
    due = await storage.seasons(GUILD, "kadi")  # months later: due to turn, shown as turned
    assert due.current == 2 and due.monthly and 2 not in due.started
    await play(storage, MIN_RATED_ROUNDS, [11, 12], [1, 2], first=1)  # this month's first round opens season 2
    seasons = await storage.seasons(GUILD, "kadi")
    assert seasons.current == 2 and seasons.started[2] == pytest.approx(time.time(), abs=60)
    assert [s.rounds for s in await storage.leaderboard(GUILD, "kadi", season=2)] == [MIN_RATED_ROUNDS] * 2
    await storage.set_monthly_seasons(GUILD, "kadi", False)
    assert not (await storage.seasons(GUILD, "kadi")).monthly


@pytest.fixture
def empty_database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Database]:
    """A database with no schema at all (the ``database`` fixture's PostgreSQL ones are
    copies of the template, migrated to the newest)."""
    if backend == "sqlite":
        yield tmp_path / "before-seasons.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    server.sql("CREATE DATABASE kadi_before_seasons")
    url = server.url("kadi_before_seasons")
    yield url
    server.drop_database(url)


async def test_a_database_made_before_seasons_opens_with_its_rounds_as_season_one(
        empty_database: Database, backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database as the migrations before seasons made it, written by today's statements,
    then opened by the bot with seasons: every round is season 1, the table still loads."""
    database = empty_database
    module = bot.storage.sqlite if backend == "sqlite" else bot.storage.postgres
    with monkeypatch.context() as patch:
        patch.setattr(module, "migrations", lambda name: migrations(name)[:BEFORE_SEASONS[name]])
        old = await open_at(database)
        assert isinstance(old, SQLStorage)
        at = 1_700_000_000.0
        await old.raw_execute(SAVE_TABLE, "t0000001", GUILD, 10, "kadi", "playing", json.dumps({"state": {}}), at,
                              False)
        for seat, (user, rank) in enumerate(((11, 1), (12, 2))):
            await old.raw_execute(SAVE_RESULT, "t0000001", 1, seat, GUILD, "kadi", user, rank, 0, rank == 1, False,
                                  2, 0, None, at)
            await old.raw_execute(SAVE_STANDING, GUILD, "kadi", "humans", user, 4, 4 if rank == 1 else 0, 4 * rank,
                                  0, 0, json.dumps([4] if rank == 1 else [0, 4]))
            await old.raw_execute(SAVE_RATING, GUILD, "kadi", user, 30.0 - 5 * rank, 5.0, 15.0 - 5 * rank, 4,
                                  json.dumps([[30.0 - 5 * rank, 5.0]]))
        await old.close()
    storage = await open_at(database)
    try:
        all_time = await storage.leaderboard(GUILD, "kadi")
        assert [s.user_id for s in all_time] == [11, 12]
        assert await storage.leaderboard(GUILD, "kadi", season=1) == all_time
        seasons = await storage.seasons(GUILD, "kadi", now=at)
        assert seasons.current == 1 and seasons.started == {1: at}
        assert [t.id for t in await storage.active_tables()] == ["t0000001"]
    finally:
        await storage.close()


def test_the_season_list_says_what_is_known_of_each_season() -> None:
    """``/standings season list``'s lines, newest first: a first season from before seasons
    has no start; the current one has no end; in Kiswahili too."""
    from bot.storage.base import Seasons
    from bot.ui.text.i18n import speaking
    from cogs.standings import season_list

    known = Seasons(current=3, started={2: 1_700_000_000.0, 3: 1_800_000_000.0}, monthly=False)
    assert season_list(known, "Kadi").split("\n") == [
        "**Seasons of Kadi**", "Season 3 (current): since <t:1800000000:D>",
        "Season 2: from <t:1700000000:D> to <t:1800000000:D>", "Season 1: every round until <t:1700000000:D>",
        "A new season begins only when a member with Manage Server starts one."]
    with speaking("sw"):
        kiswahili = season_list(known, "Kadi").split("\n")
    assert kiswahili[1] == "Msimu 3 (wa sasa): tangu <t:1800000000:D>", kiswahili
    assert kiswahili[3].startswith("Msimu 1: kila"), kiswahili
