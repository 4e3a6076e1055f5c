"""One gateway websocket connection, as the server sees it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import zlib
from typing import Any

from aiohttp import web

log = logging.getLogger("fake_discord.gateway")

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12


class _ZlibStream:
    """zlib-stream transport compression: one deflate stream, each message ends in Z_SYNC_FLUSH."""

    def __init__(self) -> None:
        self._c = zlib.compressobj()

    def __call__(self, text: str) -> bytes:
        return self._c.compress(text.encode()) + self._c.flush(zlib.Z_SYNC_FLUSH)


class _ZstdStream:
    def __init__(self) -> None:
        import zstandard

        self._flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK
        self._c = zstandard.ZstdCompressor().compressobj()

    def __call__(self, text: str) -> bytes:
        return bytes(self._c.compress(text.encode()) + self._c.flush(self._flush))


class GatewaySession:
    """Outgoing payloads are serialised at enqueue time and written in order by one task."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None, *, plain: bool) -> None:
        self.ws = ws
        self.seq = 0
        self.session_id: str | None = None
        self.intents = 0
        self.shard: tuple[int, int] = (0, 1)
        self.active = False  # identified or resumed
        self.closed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._compressor: _ZlibStream | _ZstdStream | None = None
        if not plain and compress == "zlib-stream":
            self._compressor = _ZlibStream()
        elif not plain and compress == "zstd-stream":
            try:
                self._compressor = _ZstdStream()
            except ImportError:  # the client also accepts plain text frames
                self._compressor = None
        self.compression = "none" if self._compressor is None else str(compress)
        self._writer = asyncio.create_task(self._write_loop())

    def owns_guild(self, guild_id: int) -> bool:
        shard_id, count = self.shard
        return count <= 1 or (guild_id >> 22) % count == shard_id

    def send_op(self, op: int, d: Any) -> None:
        self._queue.put_nowait(json.dumps({"op": op, "d": d, "s": None, "t": None}))

    def dispatch(self, event: str, data: Any) -> None:
        self.seq += 1
        self._queue.put_nowait(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))

    async def _write_loop(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None or self.ws.closed:
                    return
                if self._compressor is None:
                    await self.ws.send_str(text)
                else:
                    await self.ws.send_bytes(self._compressor(text))
        except (ConnectionError, RuntimeError) as exc:  # peer went away mid-write
            log.debug("gateway writer stopped: %r", exc)

    async def close(self, code: int = 1000) -> None:
        """Close from the server side (the client will reconnect unless it is shutting down)."""
        self.active = False
        self.closed = True
        self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await self._writer
        with contextlib.suppress(Exception):
            await self.ws.close(code=code)

    def finish(self) -> None:
        self.active = False
        self.closed = True
        self._queue.put_nowait(None)
