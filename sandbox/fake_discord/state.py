"""FakeState: the fake's world, gateway sessions, message records and waiting."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web

from .gateway import INTENT_DIRECT_MESSAGES, INTENT_GUILD_MEMBERS, INTENT_GUILD_MESSAGES, GatewaySession
from .interactions import DEADLINE_SECONDS, WAIT_SECONDS, InteractionRecord
from .limits import DEFAULT, Counters, FakeClock, Limits, RateLimiter, _Default, resolve
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



@dataclass
class Fault:
    """A fault injected into the fake's REST answers, for tests of a flaky Discord.

    The next ``times`` requests whose ``"METHOD /path-template"`` (as in ``route_counts``,
    e.g. ``"PATCH /channels/{channel_id}/messages/{message_id}"``) equals ``route`` wait
    ``delay`` seconds, then fail with ``status`` (None: answer normally after the delay),
    or with ``drop``, close the connection without an answer (a connection reset by
    Discord's edge: discord.py raises aiohttp's ``ServerDisconnectedError``, not an
    ``HTTPException``).
    """

    route: str
    status: int | None = 503
    times: int = 1
    delay: float = 0.0
    drop: bool = False
    hits: int = 0

class FakeDiscordError(AssertionError):
    """A test asked the fake for something impossible (or the bot misbehaved)."""


@dataclass(eq=False)
class _Waiter:
    predicate: Callable[[], Any]
    future: asyncio.Future[Any]


class FakeState:
    """State shared by the REST handlers, the gateway and the driver (see FakeDiscord)."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "FakeBot",
        plain_gateway: bool = False,
        enforce_deadline: bool | float = False,
        message_events: bool = True,
        heartbeat_interval_ms: int = 41250,
        shard_count: int = 1,
        limits: Limits | _Default | None = DEFAULT,
    ) -> None:
        self.token = token
        # Discord's rate limits (limits.py): ``Limits(...)`` enforces them, None does not;
        # left out, ``limits.ENFORCED_BY_DEFAULT`` (or FAKE_DISCORD_LIMITS) decides.
        self.clock = FakeClock()
        self.counters = Counters(self.clock)
        self.rate_limiter = RateLimiter(resolve(limits), self.clock, self.counters)
        # What GET /gateway/bot recommends; each connection runs the shard its IDENTIFY names.
        self.shard_count = shard_count
        self.misroute_to: int | None = None  # see misrouted()
        self.plain_gateway = plain_gateway
        # Seconds after which a first callback fails like Discord's (None: accept and record).
        self.deadline: float | None = DEADLINE_SECONDS if enforce_deadline is True else float(enforce_deadline) or None
        self.message_events = message_events
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.next_id = SnowflakeFactory(self.clock.wall)
        self.application_id = self.next_id()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.app_owner = FakeUser(self.next_id(), "app-owner")
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.app_owner.id: self.app_owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.roles: dict[int, FakeRole] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachment_data: dict[str, bytes] = {}  # an uploaded file's bytes, by its attachment url
        self.keep_attachment_data = True  # False: count uploads, keep no bytes (benchmarks)
        self.uploads = 0
        self._upload_sizes: list[int] = []
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
        # Faults a test injects: answer a route with an error, or answer it late (see Fault).
        self.faults: list[Fault] = []
        self.identify_count = 0
        self._waiters: dict[int | None, set[_Waiter]] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.host = "127.0.0.1"

    # ------------------------------------------------------------------ lifecycle

    @property
    def limits(self) -> Limits | None:
        """The rate limits enforced (None: none); may be changed while the fake runs."""
        return self.rate_limiter.limits

    @limits.setter
    def limits(self, value: Limits | None) -> None:
        self.rate_limiter.limits = value

    def message_age(self, message: FakeMessage) -> float:
        """Seconds since ``message`` was posted, on the fake's clock (``clock.advance``)."""
        return self.clock.now() - message.created_at

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

    # ------------------------------------------------------------------ world building

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        owner_name: str = "owner",
        channels: tuple[str, ...] = ("general",),
        bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
        shard: int | None = None,
    ) -> FakeGuild:
        """A guild with an owner member, the bot as a member and some text channels.
        ``shard``: an id that puts the guild on that shard of ``shard_count``."""
        if shard is not None and not 0 <= shard < self.shard_count:
            raise FakeDiscordError(f"shard {shard} is not one of this fake's {self.shard_count} shards")
        gid = self.next_id() if shard is None else self.next_id.on_shard(shard, self.shard_count)
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

    def delete_channel(self, channel: FakeChannel) -> None:
        """A member deletes ``channel``: from now on every route naming it answers 404
        Unknown Channel (code 10003), as Discord's do."""
        data = channel.to_json()
        if channel.guild is not None:
            channel.guild.channels.pop(channel.id, None)
            event = "THREAD_DELETE" if channel.type in (11, 12) else "CHANNEL_DELETE"
            for session in self._sessions_for(channel.guild.id):
                session.dispatch(event, data)
        self.channels.pop(channel.id, None)

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
            if s.active and (s.owns_guild(guild_id) if self.misroute_to is None else s.shard[0] == self.misroute_to):
                return s
        return None

    @contextlib.contextmanager
    def misrouted(self, shard: int) -> Iterator[None]:
        """Interactions sent inside the block go to ``shard``'s connection whatever their
        guild: what Discord never does, for tests of a bot that must refuse them."""
        self.misroute_to = shard
        try:
            yield
        finally:
            self.misroute_to = None

    @property
    def connected(self) -> bool:
        return any(s.active for s in self.sessions)

    def connected_shards(self) -> set[int]:
        """The shard ids with a live (identified or resumed) connection."""
        return {s.shard[0] for s in self.sessions if s.active}

    def shard_of(self, guild: FakeGuild) -> int:
        """The shard ``guild``'s events go to, by ``shard_count``."""
        return (guild.id >> 22) % self.shard_count

    async def wait_until_connected(self, timeout: float = WAIT_SECONDS, *, shards: set[int] | None = None) -> None:
        """Until a client has identified (READY and GUILD_CREATEs are queued to it); with
        ``shards``, until each of those shards has a live connection."""
        if shards is None:
            await self.wait_for(lambda: self.connected, timeout=timeout)
        else:
            await self.wait_for(lambda: shards <= self.connected_shards(), timeout=timeout)

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
        shard = d.get("shard") or [0, 1]
        shard_id, shard_count = int(shard[0]), int(shard[1])
        if not 0 <= shard_id < shard_count:
            await session.close(4010)  # Discord: "Invalid shard"
            return
        self.identify_count += 1
        session.shard = (shard_id, shard_count)
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
        timeout: float = WAIT_SECONDS,
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
        _resolve_attachment_urls(data)
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
            created_at=self.clock.now(),  # the loop's time, unless a test moved the clock
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
        _resolve_attachment_urls(new)
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
        if channel.guild is None:  # Discord sends direct messages' events to shard 0 only
            for s in self.sessions:
                if s.active and s.shard[0] == 0 and s.intents & INTENT_DIRECT_MESSAGES:
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

    def uploaded(self, url: str, data: bytes) -> None:
        self.uploads += 1
        self._upload_sizes.append(len(data))
        if self.keep_attachment_data:
            self.attachment_data[url] = data

    def uploaded_bytes_since(self, count: int) -> int:
        return sum(self._upload_sizes[count:])

    def image_of(self, message: FakeMessage, version: int = -1) -> bytes | None:
        """The bytes of the picture a message version's first embed shows (an uploaded
        file it names), or None."""
        embeds = message.versions[version].get("embeds") or []
        url = ((embeds[0].get("image") or {}).get("url") if embeds else None) or ""
        return self.attachment_data.get(url)

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
        timeout: float = WAIT_SECONDS,
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


def _resolve_attachment_urls(data: JSON) -> None:
    """As Discord does: an embed image or thumbnail ``attachment://<name>`` becomes the url of
    the message's attachment of that name; naming none, the embed shows no image."""
    attachments = {a.get("filename"): a for a in data.get("attachments") or []}
    embeds = []
    for embed in data.get("embeds") or []:
        embed = dict(embed)
        for key in ("image", "thumbnail"):
            url = str((embed.get(key) or {}).get("url") or "")
            if url.startswith("attachment://"):
                found = attachments.get(url[len("attachment://"):])
                if found is None:
                    embed.pop(key)
                else:
                    embed[key] = {"url": found["url"], "proxy_url": found["proxy_url"]}
        embeds.append(embed)
    if embeds:
        data["embeds"] = embeds
