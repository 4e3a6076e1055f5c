"""The page's server: the page itself, its HTTP API (members join, run commands, type
into autocomplete, press buttons, choose from menus) and a WebSocket that pushes every
message a member may see as it is posted, edited or deleted.

Safe by default (docs/sandbox.md): it listens on loopback unless SANDBOX_HOST says
otherwise; on loopback it answers only requests addressed to loopback (no DNS
rebinding); requests from another page's origin are refused; every answer carries a
Content-Security-Policy that lets the page load only its own files; only the files of
sandbox/page/ listed in ``PAGE_FILES`` are served, read once at start-up; an uploaded
picture is served only at an address signed for a member who may see it; the page puts
every text it is sent into the document as text, never as HTML.

A member is whoever holds a key: ``POST /api/join`` makes one for a name, the page keeps
it in its tab (sessionStorage), so another tab is another member, and sends it in the
``X-Sandbox-Key`` header (and as the WebSocket's first frame).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from sandbox.fake_discord import CommandUsageError, FakeDiscordError, FakeMember, FakeMessage
from sandbox.fake_discord.commands import (
    BOOLEAN,
    CHANNEL,
    INTEGER,
    MENTIONABLE,
    NUMBER,
    ROLE,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
)
from sandbox.fake_discord.model import JSON

from . import words
from .view import IMAGE_TYPES, Signer, Viewer, may_see
from .world import MAX_MEMBERS, SandboxDiscord, clean_name

log = logging.getLogger("sandbox.page")

DEFAULT_PORT = 8765
ANSWER_WAIT = 5.0  # seconds a page waits for the bot's first answer (Discord fails it after 3)
MAX_BODY = 64 * 1024
MAX_TEXT = 2000  # a member's message, as on Discord
QUEUE_LIMIT = 2000  # updates waiting for one slow page before it is told to load afresh
KEY_HEADER = "X-Sandbox-Key"

PAGE_FILES = {  # address -> (file in sandbox/page/, content type): nothing else is served
    "/": ("index.html", "text/html; charset=utf-8"),
    "/page/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/page/style.css": ("style.css", "text/css; charset=utf-8"),
    "/page/icon.svg": ("icon.svg", "image/svg+xml"),
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class SandboxCannotStart(Exception):
    """The page cannot be served (its port is taken); the message is one sentence."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class Refused(Exception):
    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(sentence)
        self.status = status
        self.sentence = sentence


def _answer(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status, headers={"Cache-Control": "no-store"})


class Page:
    """One open page (a WebSocket): what it is sent waits in order in its own queue."""

    def __init__(self, member: FakeMember, ws: web.WebSocketResponse) -> None:
        self.member = member
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, data: JSON) -> None:
        if self.queue.qsize() > QUEUE_LIMIT:  # a page that cannot keep up loads afresh when it reconnects
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(data))

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            while True:
                text = await self.queue.get()
                if text is None or self.ws.closed:
                    break
                await self.ws.send_str(text)
        with contextlib.suppress(Exception):
            await self.ws.close()

    async def close(self) -> None:
        self.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await self.writer


class PageServer:
    def __init__(self, fake: SandboxDiscord, host: str = "127.0.0.1") -> None:
        self.fake = fake
        self.host = host
        self.port = 0
        self.viewer = Viewer(fake, Signer(secrets.token_bytes(32)))
        self.pages: set[Page] = set()
        self._files = {path: (resources.files("sandbox").joinpath("page", name).read_bytes(), kind)
                       for path, (name, kind) in PAGE_FILES.items()}
        self._runner: web.AppRunner | None = None
        fake.watchers.append(self._heard)

    # ------------------------------------------------------------------ serving

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=MAX_BODY)
        for path in self._files:
            app.router.add_get(path, self.page_file)
        app.router.add_get("/files/{attachment_id}/{filename}", self.uploaded_file)
        app.router.add_post("/api/join", self.join)
        app.router.add_get("/api/state", self.state)
        app.router.add_post("/api/command", self.command)
        app.router.add_post("/api/autocomplete", self.autocomplete)
        app.router.add_post("/api/click", self.click)
        app.router.add_post("/api/select", self.select)
        app.router.add_post("/api/say", self.say)
        app.router.add_get("/api/live", self.live)
        return app

    async def start(self, port: int | None) -> int:
        """Listen on ``port`` (None: ``DEFAULT_PORT``, or any free port if it is taken)."""
        self._runner = web.AppRunner(self.app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        tries = [DEFAULT_PORT, 0] if port is None else [port]
        for attempt in tries:
            site = web.TCPSite(self._runner, self.host, attempt)
            try:
                await site.start()
            except OSError as err:
                if attempt != tries[-1] and err.errno == errno.EADDRINUSE:
                    continue
                await self._runner.cleanup()
                raise SandboxCannotStart(words.port_taken(self.host, attempt, err.strerror or str(err))) from None
            server = site._server
            sockets = getattr(server, "sockets", None) or []
            self.port = sockets[0].getsockname()[1]
            break
        return self.port

    async def stop(self) -> None:
        for page in list(self.pages):
            await page.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        with contextlib.suppress(ValueError):
            self.fake.watchers.remove(self._heard)

    @property
    def url(self) -> str:
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "::", "localhost") else self.host
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}"

    # ------------------------------------------------------------------ the guard

    def _expected_hosts(self) -> set[str] | None:
        """The Host headers answered: on loopback, only loopback names (so a web page that
        points its own domain name at 127.0.0.1 cannot reach the sandbox); else any."""
        if not is_loopback(self.host):
            return None
        port = self.port
        return {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"}

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        expected = self._expected_hosts()
        if expected is not None and request.host not in expected:
            return web.Response(status=421, text=words.NOT_LOOPBACK)
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.host}":
            return web.Response(status=403, text=words.OTHER_ORIGIN)
        try:
            response = await handler(request)
        except Refused as refused:
            response = _answer({"error": refused.sentence}, refused.status)
        self._secure(request, response)
        return response

    @staticmethod
    def _secure(request: web.Request, response: web.StreamResponse) -> None:
        if response.prepared:  # the WebSocket: its headers are gone
            return
        host = request.host if all(c.isalnum() or c in ".:-[]" for c in request.host) else ""
        live = f" ws://{host}" if host else ""
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src 'self'{live}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        response.headers["Cross-Origin-Resource-Policy"] = "same-origin"

    def _member(self, request: web.Request) -> FakeMember:
        member = self.fake.member_for(request.headers.get(KEY_HEADER))
        if member is None:
            raise Refused(401, words.UNKNOWN_MEMBER)
        return member

    @staticmethod
    async def _body(request: web.Request) -> JSON:
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise Refused(400, words.NOT_JSON) from None
        if not isinstance(body, dict):
            raise Refused(400, words.NOT_JSON)
        return body

    # ------------------------------------------------------------------ files

    async def page_file(self, request: web.Request) -> web.Response:
        body, kind = self._files[request.path]
        return web.Response(body=body, headers={"Content-Type": kind, "Cache-Control": "no-cache"})

    async def uploaded_file(self, request: web.Request) -> web.Response:
        attachment_id = request.match_info["attachment_id"]
        filename = request.match_info["filename"]
        try:
            member_id = int(request.query.get("m", ""))
        except ValueError:
            raise web.HTTPNotFound() from None
        if not self.viewer.signer.valid(member_id, attachment_id, filename, request.query.get("s", "")):
            raise web.HTTPNotFound()
        data = self.fake.attachment_data.get(f"{self.fake.base_url}/attachments/{attachment_id}/{filename}")
        if data is None:
            raise web.HTTPNotFound()
        suffix = "." + filename.rpartition(".")[2].lower()
        headers = {"Cache-Control": "private, max-age=86400, immutable"}
        kind = IMAGE_TYPES.get(suffix)
        if kind is None:
            kind = "application/octet-stream"
            headers["Content-Disposition"] = "attachment"
        headers["Content-Type"] = kind
        return web.Response(body=data, headers=headers)

    # ------------------------------------------------------------------ members

    async def join(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        name = clean_name(str(body.get("name", "")))
        if name is None:
            raise Refused(400, words.BAD_NAME)
        known = self.fake.named(name)
        if known is not None and known.id in self.online():
            raise Refused(409, words.NAME_IN_USE)  # another tab is that member now: another tab, another member
        if known is None and len(self.fake.people()) >= MAX_MEMBERS:
            raise Refused(409, words.TOO_MANY_MEMBERS)
        member, key = self.fake.join(name)
        return _answer({"key": key, "state": self.viewer.state(member, self.online())})

    async def state(self, request: web.Request) -> web.Response:
        return _answer(self.viewer.state(self._member(request), self.online()))

    def online(self) -> set[int]:
        return {page.member.id for page in self.pages}

    # ------------------------------------------------------------------ interactions

    def _channel(self, body: JSON) -> Any:
        try:
            channel = self.fake.channels[int(body.get("channel_id", 0))]
        except (KeyError, ValueError, TypeError):
            raise Refused(404, words.NO_CHANNEL) from None
        if channel.guild is not self.fake.guild:
            raise Refused(404, words.NO_CHANNEL)
        return channel

    def _message(self, member: FakeMember, body: JSON) -> FakeMessage:
        try:
            message = self.fake.messages[int(body.get("message_id", 0))]
        except (KeyError, ValueError, TypeError):
            raise Refused(404, words.GONE) from None
        if not may_see(member, message):
            raise Refused(404, words.GONE)
        return message

    def _schema(self, member: FakeMember, command: str) -> list[JSON]:
        """The options of ``command`` ("kadi play") as the bot synced them."""
        path = command.strip().lstrip("/").split()
        found = self.fake._find_command(member, path[0]) if path else None
        if found is None:
            raise Refused(400, words.CANNOT_SEND.format(why=f"there is no command /{command.strip()}"))
        schema: list[JSON] = list(found.get("options") or [])
        for sub in path[1:]:
            opt = next((o for o in schema if o["name"] == sub and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
            if opt is None:
                raise Refused(400, words.CANNOT_SEND.format(why=f"there is no command /{command.strip()}"))
            schema = list(opt.get("options") or [])
        return schema

    def _values(self, member: FakeMember, command: str, raw: Any, *, focused: str | None = None) -> dict[str, Any]:
        """The options as the page typed them (text), in the types the command takes."""
        if not isinstance(raw, dict):
            return {}
        by_name = {o["name"]: o for o in self._schema(member, command)}
        values: dict[str, Any] = {}
        for name, value in raw.items():
            opt = by_name.get(name)
            if opt is None or value is None or value == "":
                continue
            if name == focused:
                values[name] = str(value)
                continue
            try:
                values[name] = self._convert(int(opt["type"]), value)
            except (ValueError, TypeError, LookupError):
                if focused is not None:
                    continue  # autocomplete: a half-typed other option is left out
                raise Refused(400, words.CANNOT_SEND.format(why=f"{name} cannot be {str(value)[:40]!r}")) from None
        return values

    def _convert(self, kind: int, value: Any) -> Any:
        if kind == STRING:
            return str(value)
        if kind == INTEGER:
            if isinstance(value, bool):
                raise ValueError(value)
            return int(value)
        if kind == NUMBER:
            if isinstance(value, bool):
                raise ValueError(value)
            return float(value)
        if kind == BOOLEAN:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text not in ("true", "false"):
                raise ValueError(value)
            return text == "true"
        if kind in (USER, MENTIONABLE):
            return self.fake.guild.members[int(value)]
        if kind == CHANNEL:
            return self.fake.channels[int(value)]
        if kind == ROLE:
            return self.fake.roles[int(value)]
        raise ValueError(kind)

    async def _interact(self, work: Awaitable[Any]) -> Any:
        try:
            return await work
        except CommandUsageError as err:
            raise Refused(400, words.CANNOT_SEND.format(why=err)) from None
        except FakeDiscordError as err:
            if "did not answer" in str(err):
                raise Refused(504, words.NO_ANSWER) from None
            raise Refused(409, str(err)) from None
        except LookupError as err:
            raise Refused(409, str(err)) from None

    async def command(self, request: web.Request) -> web.Response:
        member = self._member(request)
        body = await self._body(request)
        channel = self._channel(body)
        name = str(body.get("command", ""))
        values = self._values(member, name, body.get("options"))
        result = await self._interact(self.fake.slash(member, name, channel=channel, options=values,
                                                      timeout=ANSWER_WAIT))
        return _answer({"ok": True, "type": result.type})

    async def autocomplete(self, request: web.Request) -> web.Response:
        member = self._member(request)
        body = await self._body(request)
        channel = self._channel(body)
        name = str(body.get("command", ""))
        focused = str(body.get("focused", ""))
        values = self._values(member, name, body.get("options"), focused=focused)
        choices = await self._interact(self.fake.autocomplete(member, name, focused, channel=channel,
                                                              options=values, timeout=ANSWER_WAIT))
        return _answer({"choices": [{"name": str(c.get("name", ""))[:100], "value": c.get("value")}
                                    for c in choices[:25]]})

    async def click(self, request: web.Request) -> web.Response:
        member = self._member(request)
        body = await self._body(request)
        message = self._message(member, body)
        custom_id = str(body.get("custom_id", ""))
        button = next((c for c in message.buttons() if c.custom_id == custom_id), None)
        if button is None:
            raise Refused(409, words.GONE)
        result = await self._interact(self.fake.click(member, message, button, timeout=ANSWER_WAIT))
        return _answer({"ok": True, "type": result.type})

    async def select(self, request: web.Request) -> web.Response:
        member = self._member(request)
        body = await self._body(request)
        message = self._message(member, body)
        custom_id = str(body.get("custom_id", ""))
        menu = next((c for c in message.selects() if c.custom_id == custom_id), None)
        if menu is None:
            raise Refused(409, words.GONE)
        raw = body.get("values")
        values = [str(v) for v in raw] if isinstance(raw, list) else [str(raw)]
        if any(v not in menu.option_values for v in values):
            raise Refused(409, words.GONE)
        result = await self._interact(self.fake.select(member, message, values, menu, timeout=ANSWER_WAIT))
        return _answer({"ok": True, "type": result.type})

    async def say(self, request: web.Request) -> web.Response:
        member = self._member(request)
        body = await self._body(request)
        channel = self._channel(body)
        text = str(body.get("text", "")).strip()
        if not text or len(text) > MAX_TEXT:
            raise Refused(400, words.CANNOT_SEND.format(why=f"a message is 1 to {MAX_TEXT} characters"))
        message = self.fake.say(member, channel, text)
        return _answer({"ok": True, "id": str(message.id)})

    # ------------------------------------------------------------------ live updates

    async def live(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_BODY)
        await ws.prepare(request)
        try:
            first = await ws.receive(timeout=30.0)
        except TimeoutError:
            await ws.close(code=4001)
            return ws
        member = None
        if first.type is WSMsgType.TEXT:
            with contextlib.suppress(ValueError, AttributeError):
                member = self.fake.member_for(str(json.loads(first.data).get("key", "")))
        if member is None:
            await ws.send_str(json.dumps({"t": "unknown", "error": words.UNKNOWN_MEMBER}))
            await ws.close(code=4001)
            return ws
        page = Page(member, ws)
        self.pages.add(page)
        page.send({"t": "ready"})
        self._tell_online()
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        finally:
            self.pages.discard(page)
            await page.close()
            self._tell_online()
        return ws

    def _tell_online(self) -> None:
        online = sorted(str(i) for i in self.online())
        for page in list(self.pages):
            page.send({"t": "online", "online": online})

    def _heard(self, what: str, subject: Any) -> None:
        if what == "member":
            for page in list(self.pages):
                page.send({"t": "member", "member": self.viewer.user(subject)})
            return
        message: FakeMessage = subject
        for page in list(self.pages):
            if not (message.public or message.visible_to == page.member.id):
                continue
            if what == "deleted" or message.deleted:
                page.send({"t": "deleted", "id": str(message.id), "channel_id": str(message.channel_id)})
            else:
                page.send({"t": "message", "message": self.viewer.message(page.member, message)})
