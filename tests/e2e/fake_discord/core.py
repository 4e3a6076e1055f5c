"""FakeDiscord: the state, the gateway endpoint and the test-facing driver.

REST handlers live in :mod:`.rest`; this module holds everything a test touches.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import discord.utils
from aiohttp import web

from .commands import CommandUsageError, build_command_data
from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MEMBERS, INTENT_GUILD_MESSAGES, GatewaySession
from .interactions import DEADLINE_SECONDS, InteractionRecord, InteractionResult
from .model import (
    ADMINISTRATOR,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    DM,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    GUILD_TEXT,
    JSON,
    MANAGE_GUILD,
    SELECT_TYPES,
    Component,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    SnowflakeFactory,
    iso_now,
    texts_of,
)

log = logging.getLogger("fake_discord")

API_PREFIX = "/api/v10"
_MENTION = re.compile(r"<@!?(\d+)>")


class FakeDiscordError(AssertionError):
    """A test asked the fake for something impossible (or the bot misbehaved)."""


@dataclass(eq=False)
class _Waiter:
    predicate: Callable[[], Any]
    future: asyncio.Future[Any]


class FakeDiscord:
    """A Discord on loopback for one bot application.

    ``plain_gateway=True`` answers in plain JSON text frames even if the client asks for
    transport compression (discord.py accepts both); the default honours ``compress=``.
    ``enforce_deadline=True`` makes callbacks later than 3 s fail with 404 Unknown interaction,
    like Discord (a number sets another limit); by default they are accepted and only recorded.
    """

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "FakeBot",
        plain_gateway: bool = False,
        enforce_deadline: bool | float = False,
        message_events: bool = True,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        self.token = token
        self.plain_gateway = plain_gateway
        # Seconds after which a first callback fails like Discord's (None: accept and record).
        self.deadline: float | None = DEADLINE_SECONDS if enforce_deadline is True else float(enforce_deadline) or None
        self.message_events = message_events
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.next_id = SnowflakeFactory()
        self.application_id = self.next_id()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.app_owner = FakeUser(self.next_id(), "app-owner")
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.app_owner.id: self.app_owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.roles: dict[int, FakeRole] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.channel_messages: dict[int, list[FakeMessage]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interaction_log: list[InteractionRecord] = []
        self._by_token: dict[str, InteractionRecord] = {}
        # commands[guild_id or None][(type, name)] = command JSON
        self.commands: dict[int | None, dict[tuple[int, str], JSON]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.sessions: list[GatewaySession] = []
        self._known_sessions: set[str] = set()
        self.unknown_routes: list[str] = []
        self.errors: list[str] = []
        self.route_counts: Counter[str] = Counter()
        self.identify_count = 0
        self._waiters: dict[int | None, set[_Waiter]] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.host = "127.0.0.1"

    # ------------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for ``discord.http.Route.BASE``."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The value for ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``."""
        return f"ws://{self.host}:{self.port}/gateway"

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
        self, client: discord.Client, *, timeout: float = 10.0, fast_ready: bool = True
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

    # ------------------------------------------------------------------ world building

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        owner_name: str = "owner",
        channels: tuple[str, ...] = ("general",),
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
    ) -> FakeGuild:
        """A guild with an owner member, the bot as a member and some text channels."""
        gid = self.next_id()
        everyone = FakeRole(gid, "@everyone", DEFAULT_MEMBER_PERMISSIONS)
        owner = FakeUser(self.next_id(), owner_name)
        self.users[owner.id] = owner
        guild = FakeGuild(gid, name, owner.id, everyone, roles={gid: everyone})
        self.guilds[gid] = guild
        self.roles[gid] = everyone
        guild.members[owner.id] = FakeMember(owner, guild)
        bot_role = self._new_role(guild, self.bot_user.name, bot_permissions, position=1)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, roles=[bot_role])
        for ch in channels:
            self._new_channel(guild, ch)
        for session in self._sessions_for(gid):
            session.dispatch("GUILD_CREATE", guild.to_json())
        return guild

    def owner(self, guild: FakeGuild) -> FakeMember:
        return guild.members[guild.owner_id]

    def bot_member(self, guild: FakeGuild) -> FakeMember:
        return guild.members[self.bot_user.id]

    def _new_role(self, guild: FakeGuild, name: str, permissions: int, position: int = 1) -> FakeRole:
        role = FakeRole(self.next_id(), name, permissions, position)
        guild.roles[role.id] = role
        self.roles[role.id] = role
        return role

    def _new_channel(self, guild: FakeGuild | None, name: str, type: int = GUILD_TEXT, **kw: Any) -> FakeChannel:
        position = len(guild.channels) if guild is not None else 0
        channel = FakeChannel(self.next_id(), name, guild, type=type, position=position, **kw)
        if guild is not None:
            guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        return channel

    def add_role(self, guild: FakeGuild, name: str, permissions: int) -> FakeRole:
        role = self._new_role(guild, name, permissions, position=len(guild.roles))
        for session in self._sessions_for(guild.id):
            session.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()})
        return role

    def add_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = self._new_channel(guild, name)
        for session in self._sessions_for(guild.id):
            session.dispatch("CHANNEL_CREATE", channel.to_json())
        return channel

    def add_member(
        self,
        guild: FakeGuild,
        name: str,
        *,
        display_name: str | None = None,
        manage_guild: bool = False,
        administrator: bool = False,
        permissions: int = 0,
        roles: tuple[FakeRole, ...] = (),
    ) -> FakeMember:
        """A new user in ``guild``. ``manage_guild``/``administrator``/``permissions`` add a role."""
        user = FakeUser(self.next_id(), name, global_name=display_name)
        self.users[user.id] = user
        member_roles = list(roles)
        extra = permissions | (MANAGE_GUILD if manage_guild else 0) | (ADMINISTRATOR if administrator else 0)
        if extra:
            member_roles.append(self.add_role(guild, f"{name}-perms", extra))
        member = FakeMember(user, guild, roles=member_roles)
        guild.members[user.id] = member
        for session in self._sessions_for(guild.id):
            if session.intents & INTENT_GUILD_MEMBERS:
                data = member.to_json()
                data["guild_id"] = str(guild.id)
                session.dispatch("GUILD_MEMBER_ADD", data)
        return member

    def default_channel(self, member: FakeMember) -> FakeChannel:
        channels = member.guild.text_channels
        if not channels:
            raise FakeDiscordError(f"guild {member.guild.name} has no text channel")
        return channels[0]

    # ------------------------------------------------------------------ gateway

    def _sessions_for(self, guild_id: int) -> list[GatewaySession]:
        return [s for s in self.sessions if s.active and s.owns_guild(guild_id)]

    def _session_for(self, guild_id: int) -> GatewaySession | None:
        for s in self.sessions:
            if s.active and s.owns_guild(guild_id):
                return s
        return None

    @property
    def connected(self) -> bool:
        return any(s.active for s in self.sessions)

    async def wait_until_connected(self, timeout: float = 10.0) -> None:
        """Until a client has identified (READY and GUILD_CREATEs are queued to it)."""
        await self.wait_for(lambda: self.connected, timeout=timeout)

    async def disconnect(self, code: int = 4000) -> None:
        """Drop every gateway connection from the server side (4000: the client may reconnect)."""
        for session in list(self.sessions):
            await session.close(code)
        self._notify(None)

    def invalidate_sessions(self) -> None:
        """Forget sessions, so a RESUME gets INVALID_SESSION and the client identifies again."""
        self._known_sessions.clear()

    async def handle_gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, compress=False)
        await ws.prepare(request)
        session = GatewaySession(ws, request.query.get("compress"), plain=self.plain_gateway)
        self.sessions.append(session)
        session.send_op(10, {"heartbeat_interval": self.heartbeat_interval_ms})
        try:
            async for msg in ws:
                if msg.type is aiohttp.WSMsgType.TEXT:
                    await self._on_gateway_payload(session, json.loads(msg.data))
                elif msg.type is aiohttp.WSMsgType.BINARY:
                    await self._on_gateway_payload(session, json.loads(msg.data.decode()))
                elif msg.type is aiohttp.WSMsgType.ERROR:
                    break
        finally:
            session.finish()
            if session in self.sessions:
                self.sessions.remove(session)
            self._notify(None)
        return ws

    async def _on_gateway_payload(self, session: GatewaySession, payload: JSON) -> None:
        op, d = payload.get("op"), payload.get("d")
        if op == 1:
            session.send_op(11, None)
        elif op == 2:
            await self._identify(session, d or {})
        elif op == 6:
            if d and d.get("session_id") in self._known_sessions and d.get("token") == self.token:
                session.session_id = d["session_id"]
                session.seq = int(d.get("seq") or 0)
                session.active = True
                session.dispatch("RESUMED", {})
                self._notify(None)
            else:
                session.send_op(9, False)
        elif op == 8:
            gid = int(d["guild_id"]) if d and d.get("guild_id") else 0
            guild = self.guilds.get(gid)
            members = [m.to_json() for m in guild.members.values()] if guild else []
            chunk: JSON = {"guild_id": str(gid), "members": members, "chunk_index": 0, "chunk_count": 1}
            if d and d.get("nonce"):
                chunk["nonce"] = d["nonce"]
            session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
        elif op in (3, 4):
            pass
        else:
            log.warning("fake gateway: unexpected op %s", op)

    async def _identify(self, session: GatewaySession, d: JSON) -> None:
        if d.get("token") != self.token:
            await session.close(4004)
            return
        self.identify_count += 1
        shard = d.get("shard") or [0, 1]
        session.shard = (int(shard[0]), int(shard[1]))
        session.intents = int(d.get("intents") or 0)
        session.session_id = secrets.token_hex(16)
        self._known_sessions.add(session.session_id)
        guilds = [g for g in self.guilds.values() if session.owns_guild(g.id)]
        session.dispatch(
            "READY",
            {
                "v": 10,
                "user": self.bot_user.to_json(),
                "application": {"id": str(self.application_id), "flags": 0},
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "session_type": "normal",
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "geo_ordered_rtc_regions": [],
                "shard": list(session.shard),
                "_trace": ["fake-discord"],
            },
        )
        for g in guilds:
            session.dispatch("GUILD_CREATE", g.to_json())
        session.active = True
        self._notify(None)

    # ------------------------------------------------------------------ waiting

    async def wait_for(
        self,
        predicate: Callable[[], Any],
        *,
        timeout: float = 5.0,
        channel: int | FakeChannel | None = None,
    ) -> Any:
        """Until ``predicate()`` is truthy; re-checked whenever the fake's state changes.

        With ``channel``, only changes in that channel (and global ones) wake the check,
        which keeps many concurrent waiters cheap. Returns the predicate's value.
        """
        value = predicate()
        if value:
            return value
        key = channel.id if isinstance(channel, FakeChannel) else channel
        waiter = _Waiter(predicate, asyncio.get_running_loop().create_future())
        self._waiters.setdefault(key, set()).add(waiter)
        try:
            return await asyncio.wait_for(waiter.future, timeout)
        except TimeoutError:
            raise TimeoutError(f"fake Discord: condition not met within {timeout}s") from None
        finally:
            bucket = self._waiters.get(key)
            if bucket is not None:
                bucket.discard(waiter)
                if not bucket and key is not None:
                    del self._waiters[key]

    def _notify(self, channel_id: int | None) -> None:
        keys: tuple[int | None, ...] = (channel_id, None) if channel_id is not None else (None,)
        if channel_id is None:
            keys = tuple(self._waiters)
        for key in keys:
            for waiter in list(self._waiters.get(key, ())):
                if waiter.future.done():
                    continue
                try:
                    value = waiter.predicate()
                except Exception as exc:
                    waiter.future.set_exception(exc)
                    continue
                if value:
                    waiter.future.set_result(value)

    # ------------------------------------------------------------------ messages

    def message_json(
        self,
        msg_id: int,
        channel: FakeChannel,
        payload: JSON,
        *,
        flags: int = 0,
        interaction: InteractionRecord | None = None,
    ) -> JSON:
        content = payload.get("content") or ""
        data: JSON = {
            "id": str(msg_id),
            "channel_id": str(channel.id),
            "author": self.bot_user.to_json(),
            "content": content,
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": bool(payload.get("tts", False)),
            "mention_everyone": False,
            "mentions": self._mentions(content),
            "mention_roles": [],
            "attachments": payload.get("attachments") or [],
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": flags | (int(payload.get("flags") or 0) & ~FLAG_LOADING),
        }
        if channel.guild is not None:
            data["guild_id"] = str(channel.guild.id)
        if payload.get("message_reference"):
            data["message_reference"] = payload["message_reference"]
            data["type"] = 19
        if interaction is not None:
            data["type"] = 20 if interaction.type == 2 else 19 if interaction.type == 3 else 0
            data["webhook_id"] = str(self.application_id)
            data["application_id"] = str(self.application_id)
            data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.member.user.to_json(),
                "authorizing_integration_owners": {"0": str(channel.guild_id or 0)},
            }
            if interaction.source_message is not None:
                meta = data["interaction_metadata"]
                meta["interacted_message_id"] = str(interaction.source_message.id)
        return data

    def _mentions(self, content: str) -> list[JSON]:
        if "<@" not in content:
            return []
        return [self.users[int(u)].to_json() for u in _MENTION.findall(content) if int(u) in self.users]

    def create_message(
        self,
        channel: FakeChannel,
        payload: JSON,
        *,
        visible_to: int | None = None,
        flags: int = 0,
        interaction: InteractionRecord | None = None,
    ) -> FakeMessage:
        msg_id = self.next_id()
        data = self.message_json(msg_id, channel, payload, flags=flags, interaction=interaction)
        if channel.type == DM and channel.recipient is not None:
            visible_to = channel.recipient.id
        message = FakeMessage(
            id=msg_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            visible_to=visible_to,
            versions=[data],
            created_at=asyncio.get_running_loop().time(),
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.application_id if interaction else None,
        )
        self.messages[msg_id] = message
        self.channel_messages.setdefault(channel.id, []).append(message)
        if not (data["flags"] & FLAG_EPHEMERAL):
            self._message_event(channel, "MESSAGE_CREATE", data)
        self._notify(channel.id)
        return message

    def edit_message(self, message: FakeMessage, payload: JSON) -> FakeMessage:
        new = dict(message.data)
        for key, empty in (("content", ""), ("embeds", []), ("components", []), ("attachments", [])):
            if key in payload:
                value = payload[key]
                new[key] = empty if value is None else value
        flags = int(new.get("flags") or 0) & ~FLAG_LOADING
        if payload.get("flags") is not None:
            keep = flags & FLAG_EPHEMERAL
            flags = (int(payload["flags"]) & ~(FLAG_EPHEMERAL | FLAG_LOADING)) | keep
        new["flags"] = flags
        if "content" in payload:
            new["mentions"] = self._mentions(str(new["content"] or ""))
        new["edited_timestamp"] = iso_now()
        message.versions.append(new)
        channel = self.channels.get(message.channel_id)
        if channel is not None and not (flags & FLAG_EPHEMERAL):
            self._message_event(channel, "MESSAGE_UPDATE", new)
        self._notify(message.channel_id)
        return message

    def delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        channel = self.channels.get(message.channel_id)
        if channel is not None and message.public:
            data = {"id": str(message.id), "channel_id": str(channel.id)}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            self._message_event(channel, "MESSAGE_DELETE", data)
        self._notify(message.channel_id)

    def _message_event(self, channel: FakeChannel, event: str, data: JSON) -> None:
        if not self.message_events:
            return
        if channel.guild is None:
            for s in self.sessions:
                if s.active and s.intents & INTENT_DIRECT_MESSAGES:
                    s.dispatch(event, data)
            return
        for s in self._sessions_for(channel.guild.id):
            if s.intents & INTENT_GUILD_MESSAGES:
                if event == "MESSAGE_CREATE":
                    member = channel.guild.members.get(self.bot_user.id)
                    if member is not None:
                        data = {**data, "member": {k: v for k, v in member.to_json().items() if k != "user"}}
                s.dispatch(event, data)

    # ------------------------------------------------------------------ records / queries

    def public_messages(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Every public message (deleted ones included), oldest first."""
        source = self.channel_messages.get(channel.id, []) if channel else self.messages.values()
        return [m for m in source if m.public]

    def visible_to(self, member: FakeMember, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Messages ``member`` can see: public ones plus the ones only for them (not deleted)."""
        source = self.channel_messages.get(channel.id, []) if channel else self.messages.values()
        return [m for m in source if not m.deleted and (m.public or m.visible_to == member.id)]

    def private_messages(self, member: FakeMember) -> list[FakeMessage]:
        """Ephemeral messages and DMs shown to exactly this member, oldest first."""
        return [m for m in self.messages.values() if m.visible_to == member.id]

    def public_texts(self) -> Iterator[str]:
        """Every text string ever shown publicly, over every version of every public message.

        Content, embed titles/descriptions/fields/footers/authors, and component labels,
        placeholders and option labels. Use it for "no leak" checks.
        """
        for message in list(self.messages.values()):
            if message.public:
                for version in message.versions:
                    if version.get("flags", 0) & FLAG_EPHEMERAL:
                        continue
                    yield from texts_of(version)

    def public_leaks(self, *needles: str) -> list[str]:
        """Every public text version containing any of ``needles`` (empty list: no leak)."""
        return [t for t in self.public_texts() if any(n in t for n in needles)]

    def last_message(self, channel: FakeChannel, *, public_only: bool = True) -> FakeMessage | None:
        for m in reversed(self.channel_messages.get(channel.id, [])):
            if not m.deleted and (m.public or not public_only):
                return m
        return None

    async def wait_for_message(
        self,
        predicate: Callable[[FakeMessage], bool],
        *,
        channel: FakeChannel | None = None,
        timeout: float = 5.0,
    ) -> FakeMessage:
        """The newest non-deleted message (in ``channel``) satisfying ``predicate``."""

        def find() -> FakeMessage | None:
            source = self.channel_messages.get(channel.id, []) if channel else list(self.messages.values())
            for m in reversed(source):
                if not m.deleted and predicate(m):
                    return m
            return None

        result: FakeMessage = await self.wait_for(find, timeout=timeout, channel=channel)
        return result

    def late_interactions(self) -> list[InteractionRecord]:
        """Interactions whose first callback missed the 3-second window (or never came)."""
        return [r for r in self.interaction_log if r.late]

    def expire_interaction_tokens(self) -> None:
        """Simulate 15 minutes passing: every interaction token so far stops working."""
        for record in self.interaction_log:
            record.expired = True

    def all_commands(self, guild: FakeGuild | None = None) -> list[JSON]:
        return list(self.commands.get(guild.id if guild else None, {}).values())

    # ------------------------------------------------------------------ driver

    def _find_command(self, member: FakeMember, name: str) -> JSON | None:
        for scope in (member.guild.id, None):
            cmd = self.commands.get(scope, {}).get((1, name))
            if cmd is not None:
                return cmd
        return None

    def _interaction_payload(
        self, itype: int, member: FakeMember, channel: FakeChannel, data: JSON
    ) -> tuple[int, str, JSON]:
        iid = self.next_id()
        token = f"itk.{iid}.{secrets.token_urlsafe(12)}"
        guild = member.guild
        channel_json = channel.to_json()
        channel_json["permissions"] = str(member.permissions)
        payload: JSON = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(channel.id),
            "channel": channel_json,
            "member": member.to_json(with_permissions=True),
            "token": token,
            "version": 1,
            "app_permissions": str(self.bot_member(guild).permissions),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        return iid, token, payload

    async def _send_interaction(
        self,
        itype: int,
        member: FakeMember,
        channel: FakeChannel,
        data: JSON,
        *,
        message: FakeMessage | None = None,
        locale: str = "en-US",
        timeout: float = 5.0,
    ) -> InteractionResult:
        if channel.guild is not member.guild:
            raise FakeDiscordError(f"{member!r} is not in the guild of channel {channel.name}")
        session = self._session_for(member.guild.id)
        if session is None:
            await self.wait_for(lambda: self._session_for(member.guild.id), timeout=timeout)
            session = self._session_for(member.guild.id)
            assert session is not None
        iid, token, payload = self._interaction_payload(itype, member, channel, data)
        payload["locale"] = locale
        if message is not None:
            payload["message"] = message.data
        loop = asyncio.get_running_loop()
        record = InteractionRecord(
            id=iid,
            token=token,
            type=itype,
            member=member,
            channel=channel,
            payload=payload,
            received_at=loop.time(),
            acked=loop.create_future(),
            source_message=message,
        )
        self.interactions[iid] = record
        self._by_token[token] = record
        self.interaction_log.append(record)
        session.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(asyncio.shield(record.acked), timeout)
        except TimeoutError:
            raise FakeDiscordError(
                f"the bot did not answer {record.name!r} within {timeout}s "
                "(Discord would show 'This interaction failed')"
            ) from None
        return InteractionResult(self, record)

    async def slash(
        self,
        member: FakeMember,
        command: str,
        /,
        *,
        channel: FakeChannel | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str = "en-US",
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run ``/command`` (e.g. ``"kadi play"``) as ``member`` with options by name.

        Options named like a keyword parameter go in ``options={...}``. Waits (up to
        ``timeout``) for the command to be synced, then for the bot's first callback.
        """
        data = await self._command_data(member, command, {**(options or {}), **kwargs}, None, timeout)
        return await self._send_interaction(
            2, member, channel or self.default_channel(member), data, locale=locale, timeout=timeout
        )

    async def autocomplete(
        self,
        member: FakeMember,
        command: str,
        focused: str,
        /,
        *,
        channel: FakeChannel | None = None,
        options: Mapping[str, Any] | None = None,
        locale: str = "en-US",
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> list[JSON]:
        """Type into option ``focused`` of ``/command``; returns the choices the bot offered."""
        values = {**(options or {}), **kwargs}
        data = await self._command_data(member, command, values, focused, timeout)
        result = await self._send_interaction(
            4, member, channel or self.default_channel(member), data, locale=locale, timeout=timeout
        )
        if result.type != 8:
            raise FakeDiscordError(f"autocomplete answered with callback type {result.type}")
        return result.choices

    async def _command_data(
        self,
        member: FakeMember,
        command: str,
        values: Mapping[str, Any],
        focused: str | None,
        timeout: float,
    ) -> JSON:
        path = command.strip().lstrip("/").split()
        if not path:
            raise CommandUsageError("empty command")
        cmd = self._find_command(member, path[0])
        if cmd is None:
            await self.wait_for(lambda: self._find_command(member, path[0]), timeout=timeout)
            cmd = self._find_command(member, path[0])
            assert cmd is not None
        return build_command_data(cmd, path, values, focused=focused)

    def _check_clickable(self, member: FakeMember, message: FakeMessage) -> FakeChannel:
        if message.deleted:
            raise FakeDiscordError(f"message {message.id} was deleted")
        if not message.public and message.visible_to != member.id:
            raise FakeDiscordError(f"{member!r} cannot see ephemeral message {message.id}")
        return self.channels[message.channel_id]

    async def click(
        self,
        member: FakeMember,
        message: FakeMessage,
        button: str | Component,
        *,
        locale: str = "en-US",
        timeout: float = 5.0,
    ) -> InteractionResult:
        """Click a button (by label, custom id or custom-id prefix) on ``message``."""
        channel = self._check_clickable(member, message)
        comp = button if isinstance(button, Component) else message.button(button)
        if comp.type != 2:
            raise FakeDiscordError(f"{comp.custom_id!r} is not a button")
        if comp.disabled:
            raise FakeDiscordError(f"button {comp.label or comp.custom_id!r} is disabled")
        if comp.url or not comp.custom_id:
            raise FakeDiscordError("link buttons do not create interactions")
        current = {c.custom_id for c in message.buttons()}
        if comp.custom_id not in current:
            raise FakeDiscordError(f"button {comp.custom_id!r} is no longer on message {message.id}")
        data = {"custom_id": comp.custom_id, "component_type": 2}
        return await self._send_interaction(3, member, channel, data, message=message, locale=locale, timeout=timeout)

    async def select(
        self,
        member: FakeMember,
        message: FakeMessage,
        values: list[str] | str,
        select: str | Component | None = None,
        *,
        locale: str = "en-US",
        timeout: float = 5.0,
    ) -> InteractionResult:
        """Choose ``values`` (option values or labels) in a select menu of ``message``."""
        channel = self._check_clickable(member, message)
        comp = select if isinstance(select, Component) else message.select(select)
        if comp.disabled:
            raise FakeDiscordError(f"select {comp.custom_id!r} is disabled")
        if comp.custom_id not in {c.custom_id for c in message.selects()}:
            raise FakeDiscordError(f"select {comp.custom_id!r} is no longer on message {message.id}")
        chosen = [values] if isinstance(values, str) else list(values)
        if comp.type == 3:
            chosen = [comp.option(v) for v in chosen]
        lo, hi = int(comp.data.get("min_values", 1)), int(comp.data.get("max_values", 1))
        if not lo <= len(chosen) <= hi:
            raise FakeDiscordError(f"select {comp.custom_id!r} takes {lo}..{hi} values, got {chosen}")
        data: JSON = {"custom_id": comp.custom_id, "component_type": comp.type, "values": chosen}
        if comp.type in SELECT_TYPES[1:]:
            resolved: JSON = {}
            for v in chosen:
                user = self.users.get(int(v))
                if user is not None:
                    resolved.setdefault("users", {})[v] = user.to_json()
                    guild_member = member.guild.members.get(user.id)
                    if guild_member is not None:
                        m = guild_member.to_json(with_permissions=True)
                        del m["user"]
                        resolved.setdefault("members", {})[v] = m
                elif int(v) in self.roles:
                    resolved.setdefault("roles", {})[v] = self.roles[int(v)].to_json()
                elif int(v) in self.channels:
                    ch = self.channels[int(v)].to_json()
                    ch["permissions"] = str(member.permissions)
                    resolved.setdefault("channels", {})[v] = ch
            data["resolved"] = resolved
        return await self._send_interaction(3, member, channel, data, message=message, locale=locale, timeout=timeout)
