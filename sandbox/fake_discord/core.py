"""FakeDiscord: a Discord on loopback (lifecycle, discord.py patching, running a bot).

State lives in :mod:`.state`, interactions in :mod:`.driver`, REST in :mod:`.rest`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator

import discord
import discord.utils
from aiohttp import web

from .driver import Driver
from .interactions import WAIT_SECONDS
from .state import FakeDiscordError

log = logging.getLogger("fake_discord")

__all__ = ["FakeDiscord", "FakeDiscordError"]


class FakeDiscord(Driver):
    """A Discord on loopback for one bot application.

    ``plain_gateway=True`` answers in plain JSON text frames even if the client asks for
    transport compression (discord.py accepts both); the default honours ``compress=``.
    ``enforce_deadline=True`` makes callbacks later than 3 s fail with 404 Unknown interaction,
    like Discord (a number sets another limit); by default they are accepted and only recorded.
    ``limits=Limits()`` enforces Discord's rate limits (``limits=None``: none; left out,
    ``limits.ENFORCED_BY_DEFAULT`` decides); ``fake.counters`` counts what was answered
    and ``fake.clock`` is the fake's "now" (see limits.py).
    """

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> None:
        from .rest import build_app

        self.host = host
        app = build_app(self)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1]
        log.info("fake Discord listening on %s", self.base_url)

    async def stop(self) -> None:
        for session in list(self.sessions):
            await session.close(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @contextlib.contextmanager
    def patched_discord(self) -> Iterator[None]:
        """Point discord.py's two address attributes at this fake; restore them afterwards."""
        import discord.gateway
        import discord.http
        import yarl

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    @contextlib.asynccontextmanager
    async def run_bot(
        self, client: discord.Client, *, timeout: float = WAIT_SECONDS, fast_ready: bool = True
    ) -> AsyncIterator[discord.Client]:
        """Run ``client`` against this fake until the block exits, then close it.

        Yields once the client is READY (its ``on_ready`` has fired). ``fast_ready`` shortens
        discord.py's wait for late GUILD_CREATEs (``guild_ready_timeout``, 2 s by default).
        """
        if fast_ready:
            state = client._connection
            state.guild_ready_timeout = min(state.guild_ready_timeout, 0.01)
        task = asyncio.create_task(client.start(self.token), name="fake-discord-bot")

        async def ready() -> None:
            await self.wait_for(lambda: client._ready is not discord.utils.MISSING, timeout=timeout)
            await client.wait_until_ready()

        waiter = asyncio.create_task(ready())
        try:
            done, _ = await asyncio.wait({task, waiter}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                task.result()  # raises the start-up error
                raise FakeDiscordError("the bot stopped before it was ready")
            if waiter not in done:
                raise TimeoutError(f"the bot was not ready within {timeout}s")
            waiter.result()
            yield client
        finally:
            waiter.cancel()
            await client.close()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, timeout)
