"""Playing the sandbox as its page does: members over the page's HTTP API and WebSocket
(aiohttp), never through the fake Discord's driver, so what a member sees is what the
page was sent."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp

from bot.config import Settings
from bot.tables.table import Table, TableStatus
from bot.ui.components import ButtonAction, HandButton, parse_custom_id
from sandbox.app import Sandbox
from tests.e2e.botkit import FAST
from tests.waiting import DEADLINE, eventually, settled

JSON = dict[str, Any]


def sandbox_settings(data: Path) -> Settings:
    """No token (the sandbox), its files in ``data``, computers that do not wait to move."""
    return Settings(token="", database_path=data / "kadi.sqlite3", log_level="DEBUG", computer_call_wait=0.0,
                    computer_workers=0)


@contextlib.asynccontextmanager
async def running_sandbox(data: Path, **options: Any) -> AsyncIterator[Sandbox]:
    """The sandbox on a free loopback port, with the e2e tests' quick bot options."""
    bot_options = {"timing": FAST, "coalesce": 0.01, "watch_load": False}
    async with Sandbox(sandbox_settings(data), host="127.0.0.1", port=0, bot_options=bot_options,
                       **options) as sandbox:
        yield sandbox


class Member:
    """One page: a member who joined with a name, their key, and everything their page's
    WebSocket was sent (``messages``: the newest version of each message by id)."""

    def __init__(self, http: aiohttp.ClientSession, base: str) -> None:
        self.http = http
        self.base = base
        self.key = ""
        self.state: JSON = {}
        self.messages: dict[str, JSON] = {}
        self.events: list[JSON] = []
        self.deleted: set[str] = set()
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return str(self.state["me"]["id"])

    def channel(self, name: str) -> str:
        return str(next(c["id"] for c in self.state["channels"] if c["name"] == name))

    async def call(self, path: str, body: JSON | None = None, *, expect: int = 200) -> JSON:
        headers = {"X-Sandbox-Key": self.key}
        if body is None:
            response = await self.http.get(self.base + path, headers=headers)
        else:
            response = await self.http.post(self.base + path, json=body, headers=headers)
        async with response:
            data = await response.json()
            assert response.status == expect, f"{path}: {response.status} {data}"
            return dict(data)

    async def join(self, name: str) -> Member:
        answer = await self.call("/api/join", {"name": name})
        self.key = answer["key"]
        self._load(answer["state"])
        await self.listen()
        return self

    async def come_back(self, key: str) -> Member:
        """The page of a member who joined before (a tab reloaded, the sandbox restarted)."""
        self.key = key
        self._load(await self.call("/api/state"))
        await self.listen()
        return self

    def _load(self, state: JSON) -> None:
        self.state = state
        for messages in state["messages"].values():
            for message in messages:
                self.messages[message["id"]] = message

    async def listen(self) -> None:
        self._ws = ws = await self.http.ws_connect(self.base + "/api/live")
        await ws.send_str(json.dumps({"key": self.key}))
        first = json.loads((await ws.receive(timeout=DEADLINE)).data)
        assert first == {"t": "ready"}, first
        self._reader = asyncio.create_task(self._read(ws))

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for frame in ws:
            if frame.type is not aiohttp.WSMsgType.TEXT:
                break
            event = json.loads(frame.data)
            self.events.append(event)
            if event["t"] == "message":
                self.messages[event["message"]["id"]] = event["message"]
            elif event["t"] == "deleted":
                self.deleted.add(event["id"])
                self.messages.pop(event["id"], None)

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    # ------------------------------------------------------------------ what a member does

    async def slash(self, command: str, channel: str = "general", *, expect: int = 200, **options: Any) -> JSON:
        return await self.call("/api/command", {"channel_id": self.channel(channel), "command": command,
                                                "options": options}, expect=expect)

    async def choices(self, command: str, focused: str, typed: str = "", channel: str = "general") -> list[JSON]:
        answer = await self.call("/api/autocomplete", {"channel_id": self.channel(channel), "command": command,
                                                       "focused": focused, "options": {focused: typed}})
        return list(answer["choices"])

    async def click(self, message: JSON, label: str, *, expect: int = 200) -> JSON:
        button = next(b for b in buttons(message) if b["label"] == label)
        return await self.call("/api/click", {"message_id": message["id"], "custom_id": button["custom_id"]},
                               expect=expect)

    async def choose(self, message: JSON, menu: JSON, value: str, *, expect: int = 200) -> JSON:
        return await self.call("/api/select", {"message_id": message["id"], "custom_id": menu["custom_id"],
                                               "values": [value]}, expect=expect)

    # ------------------------------------------------------------------ what a member sees

    async def current(self, sandbox: Sandbox, message_id: str) -> JSON:
        """Message ``message_id`` once this page holds it as the sandbox has it now (the
        WebSocket may still be carrying its last edit)."""
        assert sandbox.fake is not None and sandbox.page is not None
        fake, viewer = sandbox.fake, sandbox.page.viewer
        member = fake.guild.members[int(self.id)]

        def caught_up() -> JSON | None:
            now = viewer.message(member, fake.messages[int(message_id)])
            return now if self.messages.get(message_id) == now else None

        result: JSON = await eventually(caught_up, f"message {message_id} as it is now on {self.id}'s page")
        return result

    async def sees(self, predicate: Callable[[JSON], bool], what: str) -> JSON:
        """The newest message this page was sent that satisfies ``predicate`` (waiting for it)."""

        def found() -> JSON | None:
            for message in sorted(self.messages.values(), key=lambda m: int(m["id"]), reverse=True):
                if predicate(message):
                    return message
            return None

        result: JSON = await eventually(found, f"{what} on {self.state['me']['name']}'s page")
        return result


async def play_a_move(member: Member, sandbox: Sandbox, table: Table, hand_id: str) -> None:
    """``member`` moves from their hand message as a player would, in as many steps as the
    move takes: the newest menu's first choice (a play, or its next step: what a Jack
    carries, an ask), else the first move button (Draw, Pick up, Keep it...); returns once
    the table has changed (or is over)."""
    bot = sandbox.bot
    assert bot is not None
    version = table.version
    for _ in range(10):
        await settled(bot.presenter)
        if table.status == TableStatus.OVER:  # a computer's last card landed while this turn was being shown
            return
        hand = await member.current(sandbox, hand_id)
        plays = [m for m in menus(hand) if not m["disabled"] and m["options"]]
        moves = [b for b in buttons(hand) if not b["disabled"] and isinstance(parsed := parse_custom_id(b["custom_id"]),
                                                                               HandButton)
                 and parsed.action == ButtonAction.MOVE]
        if plays:
            await member.choose(hand, plays[-1], plays[-1]["options"][0]["value"])
        elif moves:
            await member.click(hand, moves[0]["label"])
        else:
            raise AssertionError(f"nothing to play on {text_of(hand)}")

        def moved(shown: JSON = hand) -> bool:
            return table.version > version or table.status == TableStatus.OVER or member.messages[hand_id] != shown

        await eventually(moved, "the move made, or its next step shown")
        if table.version > version or table.status == TableStatus.OVER:
            return
    raise AssertionError(f"no move made in 10 steps from {text_of(member.messages[hand_id])}")


def buttons(message: JSON) -> list[JSON]:
    return [c for row in message["components"] for c in row["components"] if c["type"] == 2]


def menus(message: JSON) -> list[JSON]:
    return [c for row in message["components"] for c in row["components"] if c["type"] == 3]


def text_of(message: JSON) -> str:
    parts = [message["content"]]
    for embed in message["embeds"]:
        parts += [embed["title"], embed["description"], embed["author"], embed["footer"]]
        parts += [f"{f['name']}\n{f['value']}" for f in embed["fields"]]
    parts += [b["label"] for b in buttons(message)]
    parts += [o["label"] for m in menus(message) for o in m["options"]]
    return "\n".join(p for p in parts if p)
