"""The sandbox: the real bot, unchanged, on the embedded Discord-like server, with the
page served beside it. One process, one event loop: ``Sandbox.start`` brings up the
fake Discord on loopback, points discord.py at it (the two addresses the e2e tests point
too), opens the bot's storage, starts the bot as ``python -m bot`` would, and once the
bot is ready serves the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from pathlib import Path
from types import TracebackType
from typing import Any

from bot.client import KadiBot, make_bot
from bot.config import Settings
from bot.storage import open_storage

from .server import PageServer
from .world import SandboxDiscord

log = logging.getLogger("sandbox")

READY_WAIT = 120.0  # seconds the bot may take to log in, restore its tables and sync its commands
HOUSEKEEPING_EVERY = 60.0


def sandbox_paths(settings: Settings) -> tuple[Path, Path]:
    """The sandbox's own SQLite file and world file, beside DATABASE_PATH (data/ by default):
    a sandbox's games never mix with the standings of the bot on Discord."""
    folder = settings.database_path.parent
    return folder / "sandbox.sqlite3", folder / "sandbox-world.json"


def bot_settings(settings: Settings, fake: SandboxDiscord, database: Path) -> Settings:
    """The settings the bot runs with in the sandbox: the fake's token, one process, its own
    SQLite file (DATABASE_URL, shards and DEV_GUILD_ID are for the bot on Discord)."""
    return dataclasses.replace(settings, token=fake.token, database_path=database, database_url=None, shards=None,
                               dev_guild_id=None)


class Sandbox:
    """``async with Sandbox(settings) as sandbox:`` serves ``sandbox.url`` until the block ends.

    ``bot_options`` go to the bot's constructor (``KadiBot``'s own: tests pass quick
    timings); ``tune_memory`` as ``python -m bot`` does."""

    def __init__(self, settings: Settings, *, host: str | None = None, port: int | None = None,
                 tune_memory: bool = False, bot_options: dict[str, Any] | None = None) -> None:
        self.settings = settings
        self.host = host if host is not None else settings.sandbox_host
        self.port = port if port is not None else settings.sandbox_port
        self.database, self.world_path = sandbox_paths(settings)
        self.tune_memory = tune_memory
        self.bot_options = bot_options or {}
        self.fake: SandboxDiscord | None = None
        self.bot: KadiBot | None = None
        self.page: PageServer | None = None
        self.stopped = asyncio.Event()
        self._stack = contextlib.AsyncExitStack()
        self._bot_task: asyncio.Task[None] | None = None
        self._housekeeping: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        assert self.page is not None
        return self.page.url

    @property
    def bot_task(self) -> asyncio.Task[None]:
        assert self._bot_task is not None
        return self._bot_task

    async def start(self) -> str:
        try:
            return await self._start()
        except BaseException:
            await self.stop()
            raise

    async def _start(self) -> str:
        self.fake = fake = SandboxDiscord(self.world_path)
        await fake.start("127.0.0.1", 0)  # the Discord-like server itself is loopback only, whatever SANDBOX_HOST
        self._stack.push_async_callback(fake.stop)
        self._stack.enter_context(fake.patched_discord())
        settings = bot_settings(self.settings, fake, self.database)
        # The database first, as `run` does: a bad path is one sentence before anything starts.
        storage = await open_storage(settings)
        self.bot = bot = make_bot(settings, tune_memory=self.tune_memory, storage=storage, **self.bot_options)
        self._stack.push_async_callback(self._close_bot)
        self._bot_task = asyncio.create_task(bot.start(fake.token), name="sandbox-bot")
        self._bot_task.add_done_callback(lambda _: self.stopped.set())
        await self._until_ready()
        self.page = PageServer(fake, self.host)
        self._stack.push_async_callback(self.page.stop)
        await self.page.start(self.port)
        self._housekeeping = asyncio.create_task(self._keep_house(), name="sandbox-housekeeping")
        return self.page.url

    async def _until_ready(self) -> None:
        assert self.bot is not None and self._bot_task is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + READY_WAIT
        while not self.bot.is_ready():
            if self._bot_task.done():
                self._bot_task.result()  # the bot's own error (a database it cannot open...)
                raise RuntimeError("the bot stopped before it was ready")
            if loop.time() > deadline:
                raise TimeoutError(f"the bot was not ready within {READY_WAIT:g} s")
            await asyncio.sleep(0.05)

    async def _keep_house(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(HOUSEKEEPING_EVERY)
            if self.fake is not None:
                self.fake.forget_old_interactions(loop.time())

    async def _close_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._bot_task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._bot_task, 30)

    async def stop(self) -> None:
        if self._housekeeping is not None:
            self._housekeeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._housekeeping
            self._housekeeping = None
        await self._stack.aclose()
        self.stopped.set()

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self.stop()
