"""A loopback TCP proxy in front of the tests' real PostgreSQL server, which fails the way a
network does: it can go silent (stop passing bytes on the connections open now, closing
nothing, as when packets are dropped) or cut a connection just after the server finished a
command, so the server did it and the bot never hears.

Connections opened after a fault pass as usual unless ``refuse_new`` is set, so a test
sees whether the bot replaces a stuck connection. It speaks just enough of PostgreSQL's
protocol to find the server's messages (type byte, length) in what it passes back; the
URL it gives turns TLS off, so the stream is plain messages from the first byte.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

COMMAND_COMPLETE, READY_FOR_QUERY = ord("C"), ord("Z")


@dataclass
class _Link:
    """One client connection and its server connection."""

    client: asyncio.StreamWriter
    server: asyncio.StreamWriter
    silent: bool = False  # nothing passes either way, nothing is closed
    replies_silent: bool = False  # the client's bytes reach the server, the server's are dropped
    dropping: bool = False  # a cut is under way: the server's messages no longer pass
    tasks: list[asyncio.Task[None]] = field(default_factory=list)


class PgProxy:
    def __init__(self, server_port: int) -> None:
        self.server_port = server_port
        self.port = 0
        self.links: list[_Link] = []
        self.cut_tag: str | None = None  # cut the next connection that completes a command with this tag
        self.cuts = 0  # connections cut so far
        self.refuse_new = False  # new connections are accepted, then hear nothing (a dead network)
        self._listener: asyncio.Server | None = None
        self._unheard: list[asyncio.StreamWriter] = []

    async def start(self) -> PgProxy:
        self._listener = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = int(self._listener.sockets[0].getsockname()[1])
        return self

    def url(self, url: str) -> str:
        """``url``'s database, through the proxy, without TLS."""
        parts = urlsplit(url)
        user = parts.netloc.rpartition("@")[0]
        return urlunsplit(parts._replace(netloc=f"{user}@127.0.0.1:{self.port}", query="sslmode=disable"))

    def go_silent(self, *, replies_only: bool = False) -> None:
        """Every connection open now stops passing bytes (with ``replies_only``, only the
        server's), and nothing is closed: no reset, no end of stream."""
        for link in self.links:
            if replies_only:
                link.replies_silent = True
            else:
                link.silent = True

    def cut_after(self, tag: str) -> None:
        """The next connection whose server completes a command tagged ``tag...`` (INSERT,
        COMMIT) is cut once the server is ready again (so the transaction is over), before
        the client sees the command's completion."""
        self.cut_tag = tag

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        for writer in self._unheard:
            writer.close()
        for link in self.links:
            for task in link.tasks:
                task.cancel()
            for writer in (link.client, link.server):
                writer.close()
        for link in self.links:
            for task in link.tasks:
                with contextlib.suppress(BaseException):
                    await task

    async def _accept(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        if self.refuse_new:  # accepted, never answered, never closed
            self._unheard.append(client_writer)
            return
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.server_port)
        link = _Link(client_writer, server_writer)
        self.links.append(link)
        link.tasks = [asyncio.create_task(self._to_server(link, client_reader)),
                      asyncio.create_task(self._to_client(link, server_reader))]

    async def _to_server(self, link: _Link, reader: asyncio.StreamReader) -> None:
        while data := await reader.read(65536):
            if link.silent:
                continue
            link.server.write(data)
            await link.server.drain()
        if not link.silent:  # the client hung up: the server hears it, unless the network is dead
            link.server.close()

    async def _to_client(self, link: _Link, reader: asyncio.StreamReader) -> None:
        pending = b""
        while data := await reader.read(65536):
            if link.silent or link.replies_silent:
                continue
            pending += data
            out = bytearray()
            while len(pending) >= 5:
                size = 1 + int.from_bytes(pending[1:5], "big")
                if len(pending) < size:
                    break
                message, pending = pending[:size], pending[size:]
                kind = message[0]
                tag = self.cut_tag
                if kind == COMMAND_COMPLETE and tag is not None and message[5:].startswith(tag.encode()):
                    self.cut_tag = None
                    link.dropping = True
                if link.dropping:
                    if kind == READY_FOR_QUERY:  # the transaction is over on the server: cut now
                        self.cuts += 1
                        if out:
                            link.client.write(bytes(out))
                        link.client.close()
                        link.server.close()
                        return
                    continue
                out += message
            if out:
                link.client.write(bytes(out))
                await link.client.drain()
        if not link.silent and not link.replies_silent:
            link.client.close()
