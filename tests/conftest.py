"""Test-wide settings, and the storage every storage, runtime and standings test runs on:
SQLite and a real PostgreSQL server (sandbox/postgres_server.py), each test on a fresh database."""

from __future__ import annotations

import asyncio
import atexit
import os
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from bot.storage.base import Storage
from sandbox.postgres_server import TEMPLATE, NoServer, PostgresServer, find_binaries
from tests.storages import BACKENDS, Database, open_at

# CI replays the same examples every run (a failure there is then a regression, never
# bad luck); developers' runs keep exploring new ones and remember what failed
# (.hypothesis/). Set HYPOTHESIS_PROFILE=explore in CI to search there too.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "explore"))

_NO_SERVER: list[str] = []  # why the PostgreSQL tests were skipped, said once at the end


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session, with the migrated template database. Where
    none can be had the PostgreSQL tests are skipped, except under CI=true: a failure."""
    try:
        server = PostgresServer.start()
    except NoServer as err:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs PostgreSQL for the storage tests, and {err}")
        _NO_SERVER.append(str(err))
        pytest.skip(f"PostgreSQL tests skipped: {err}")
    atexit.register(server.stop)  # should the session end without its teardown
    try:
        _in_a_thread(_migrate_template(server))
        yield server
    finally:
        server.stop()


async def _migrate_template(server: PostgresServer) -> None:
    storage = await open_at(server.url(TEMPLATE))
    await storage.close()


def _in_a_thread(job: object) -> None:
    """Run a coroutine to its end on an event loop of its own (the tests' loops are theirs)."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(job)  # type: ignore[arg-type]
        except BaseException as err:
            failure.append(err)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


def _needs_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    return "postgres_server" in getattr(item, "fixturenames", ()) or (
        callspec is not None and callspec.params.get("backend") == "postgres")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without PostgreSQL's programs on this machine, its tests are left out, said in one
    loud line at the end (not one skip line each); under CI=true they stay and fail."""
    if os.environ.get("CI") == "true" or not any(_needs_postgres(item) for item in items):
        return
    try:
        find_binaries()
    except NoServer as err:
        left_out = [item for item in items if _needs_postgres(item)]
        items[:] = [item for item in items if not _needs_postgres(item)]
        config.hook.pytest_deselected(items=left_out)
        _NO_SERVER.append(f"{len(left_out)} tests left out: {err}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _NO_SERVER:
        terminalreporter.write_line(f"PostgreSQL NOT TESTED: {_NO_SERVER[0]}", red=True, bold=True)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database a test's storage is in: each such test runs once on each."""
    return str(request.param)


@pytest.fixture
def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Database]:
    """Where a fresh, empty storage lives: a SQLite file, or a new PostgreSQL database's URL."""
    if backend == "sqlite":
        yield tmp_path / "data" / "kadi.sqlite3"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.new_database()
    yield url
    server.drop_database(url)


@pytest.fixture
async def storage(database: Database) -> AsyncIterator[Storage]:
    store = await open_at(database)
    yield store
    await store.close()
