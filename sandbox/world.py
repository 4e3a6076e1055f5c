"""The sandbox's Discord: the fake Discord the e2e tests use, with one server that
outlives restarts, members who join from the page, and what a long-running fake needs
and a test's does not (old interactions, replaced pictures and old messages let go).

The server, its channels and its members keep their ids from one run to the next
(``data/sandbox-world.json``), so the bot's SQLite file (standings, tables brought back
after a restart) keeps meaning the same people and channels. Messages are not kept: a
table brought back is posted afresh by the bot, as on Discord when its message is gone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import secrets
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sandbox.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeMember, FakeMessage, FakeRole, FakeUser
from sandbox.fake_discord.model import DEFAULT_BOT_PERMISSIONS, DEFAULT_MEMBER_PERMISSIONS, JSON

log = logging.getLogger("sandbox")

BOT_NAME = "Kadi"
SERVER_NAME = "Kadi sandbox"
CHANNELS = ("general", "kadi", "karata", "donkey")
WORLD_VERSION = 1
MAX_NAME = 32
MAX_MEMBERS = 200
KEPT_VERSIONS = 2  # a message's versions kept (the fake keeps every one, for the tests' leak checks)
KEPT_MESSAGES = 300  # a channel's newest messages kept; older ones are gone, as if scrolled out of Discord's cache
INTERACTION_LIFETIME = 20 * 60.0  # seconds: Discord's tokens live 15 minutes; older records are let go

# What the page hears of: ("message", m) for a new or changed message, ("deleted", m), ("member", m).
Watcher = Callable[[str, Any], None]


def clean_name(raw: str) -> str | None:
    """A display name as a member typed it, without control characters or surrounding
    space; None if nothing is left or it is longer than ``MAX_NAME``."""
    name = "".join(c for c in str(raw) if unicodedata.category(c)[0] != "C").strip()
    name = " ".join(name.split())
    return name if 0 < len(name) <= MAX_NAME else None


def _username(name: str, number: int) -> str:
    """A Discord-like username (lower-case ASCII) for a display name."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9_.]+", "", ascii_name.lower().replace(" ", "_"))[:24]
    return slug or f"member{number}"


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class SandboxDiscord(FakeDiscord):
    """The fake Discord with the sandbox's one server (``self.guild``) and its members.

    Interactions answered later than 3 s fail as on Discord (``enforce_deadline``), and
    Discord's rate limits are enforced (the fake's default)."""

    def __init__(self, world_path: Path | None = None) -> None:
        super().__init__(bot_name=BOT_NAME, enforce_deadline=True)
        self.world_path = world_path
        self.watchers: list[Watcher] = []
        self._keys: dict[str, int] = {}  # sha256 of a page's key -> its member's id
        # Who ran which command for a message answering it ("Ann used /kadi new"), kept
        # as long as the message, when its interaction is long let go.
        self.origins: dict[int, tuple[str, str | None]] = {}
        restored = self._restore() if world_path is not None else None
        self.guild = restored or self._build()
        self.save_world()

    # ------------------------------------------------------------------ the world

    def _build(self) -> FakeGuild:
        return self.add_guild(SERVER_NAME, owner_name="sandbox", channels=CHANNELS)

    def _restore(self) -> FakeGuild | None:
        assert self.world_path is not None
        try:
            saved = json.loads(self.world_path.read_text(encoding="utf-8"))
            if saved.get("version") != WORLD_VERSION:
                return None
            return self._rebuild(saved)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as err:
            log.warning("the sandbox's world file %s cannot be read (%s): starting a new one", self.world_path, err)
            return None

    def _rebuild(self, saved: JSON) -> FakeGuild:
        """The server as saved: the same ids for the bot, the server, its channels and members."""
        app_id = int(saved["application_id"])
        self.users.pop(self.bot_user.id, None)
        self.application_id = app_id
        self.bot_user = FakeUser(app_id, BOT_NAME, bot=True)
        self.users[app_id] = self.bot_user
        g = saved["guild"]
        gid = int(g["id"])
        everyone = FakeRole(gid, "@everyone", DEFAULT_MEMBER_PERMISSIONS)
        owner = FakeUser(int(g["owner_id"]), "sandbox")
        self.users[owner.id] = owner
        guild = FakeGuild(gid, str(g["name"]), owner.id, everyone, roles={gid: everyone})
        self.guilds[gid] = guild
        self.roles[gid] = everyone
        guild.members[owner.id] = FakeMember(owner, guild)
        bot_role = FakeRole(int(g["bot_role_id"]), BOT_NAME, DEFAULT_BOT_PERMISSIONS, 1)
        guild.roles[bot_role.id] = bot_role
        self.roles[bot_role.id] = bot_role
        guild.members[app_id] = FakeMember(self.bot_user, guild, roles=[bot_role])
        for position, ch in enumerate(saved["channels"]):
            channel = FakeChannel(int(ch["id"]), str(ch["name"]), guild, position=position)
            guild.channels[channel.id] = channel
            self.channels[channel.id] = channel
            self.channel_messages[channel.id] = []
        for m in saved["members"]:
            user = FakeUser(int(m["id"]), str(m["name"]), global_name=str(m["display_name"]))
            self.users[user.id] = user
            guild.members[user.id] = FakeMember(user, guild)
            for digest in m.get("keys", []):
                self._keys[str(digest)] = user.id
        return guild

    def save_world(self) -> None:
        """Write the server, its channels and members (atomically: a new file moved in place)."""
        if self.world_path is None:
            return
        guild = self.guild
        bot_role = self.bot_member(guild).roles[0]
        keys: dict[int, list[str]] = {}
        for digest, member_id in self._keys.items():
            keys.setdefault(member_id, []).append(digest)
        saved = {
            "version": WORLD_VERSION,
            "application_id": str(self.application_id),
            "guild": {"id": str(guild.id), "name": guild.name, "owner_id": str(guild.owner_id),
                      "bot_role_id": str(bot_role.id)},
            "channels": [{"id": str(c.id), "name": c.name} for c in guild.text_channels],
            "members": [{"id": str(m.id), "name": m.name, "display_name": m.display_name, "keys": keys.get(m.id, [])}
                        for m in self.people()],
        }
        self.world_path.parent.mkdir(parents=True, exist_ok=True)
        fresh = self.world_path.with_name(self.world_path.name + ".new")
        fresh.write_text(json.dumps(saved, indent=1), encoding="utf-8")
        os.replace(fresh, self.world_path)

    def people(self) -> list[FakeMember]:
        """The members who joined from the page (not the bot, not the server's owner)."""
        guild = self.guild
        return [m for m in guild.members.values() if m.id not in (self.bot_user.id, guild.owner_id)]

    def named(self, name: str) -> FakeMember | None:
        """The member who joined as ``name`` (whatever its case), if one did."""
        folded = name.casefold()
        return next((m for m in self.people() if m.display_name.casefold() == folded), None)

    def join(self, name: str) -> tuple[FakeMember, str]:
        """The member called ``name`` (already cleaned), made if new, and a new key their
        page sends. A name chosen again is the same member (their standings, their seats),
        as after closing a tab: the sandbox has no accounts, a name is all there is."""
        member = self.named(name)
        if member is None:
            member = self.add_member(self.guild, _username(name, len(self.guild.members)), display_name=name)
            self._tell("member", member)
        key = secrets.token_urlsafe(24)
        self._keys[_digest(key)] = member.id
        self.save_world()
        return member, key

    def member_for(self, key: str | None) -> FakeMember | None:
        if not key:
            return None
        member_id = self._keys.get(_digest(key))
        return self.guild.members.get(member_id) if member_id is not None else None

    # ------------------------------------------------------------------ what the page hears

    def _tell(self, what: str, subject: Any) -> None:
        for watcher in list(self.watchers):
            try:
                watcher(what, subject)
            except Exception:  # a page's trouble is never the bot's
                log.exception("a sandbox page failed to hear of %s", what)

    def create_message(self, channel: FakeChannel, payload: JSON, **kwargs: Any) -> FakeMessage:
        message = super().create_message(channel, payload, **kwargs)
        record = kwargs.get("interaction")
        if record is not None:
            self.origins[message.id] = (record.member.display_name, record.name if record.type == 2 else None)
        self._forget_old_messages(channel)
        self._tell("message", message)
        return message

    def edit_message(self, message: FakeMessage, payload: JSON) -> FakeMessage:
        before = _attachment_urls(message.data)
        message = super().edit_message(message, payload)
        for url in before - _attachment_urls(message.data):
            self.attachment_data.pop(url, None)  # a picture replaced is never shown again
        del message.versions[:-KEPT_VERSIONS]
        self._tell("message", message)
        return message

    def delete_message(self, message: FakeMessage) -> None:
        super().delete_message(message)
        self._let_go(message)
        self._tell("deleted", message)

    def say(self, member: FakeMember, channel: FakeChannel, text: str) -> FakeMessage:
        """A member's own message in a channel. The bot does not read messages (it asks
        for no message content), so it goes to the page only, as the bot would not see it."""
        msg_id = self.next_id()
        data = self.message_json(msg_id, channel, {"content": text})
        data["author"] = member.user.to_json()
        message = FakeMessage(id=msg_id, channel_id=channel.id, guild_id=channel.guild_id, author=member.user,
                              visible_to=None, versions=[data], created_at=self.clock.now())
        self.messages[msg_id] = message
        self.channel_messages.setdefault(channel.id, []).append(message)
        self._forget_old_messages(channel)
        self._tell("message", message)
        return message

    # ------------------------------------------------------------------ housekeeping

    def _let_go(self, message: FakeMessage) -> None:
        for url in _attachment_urls(message.data):
            self.attachment_data.pop(url, None)
        self.messages.pop(message.id, None)
        self.origins.pop(message.id, None)
        listed = self.channel_messages.get(message.channel_id)
        if listed is not None:
            with contextlib.suppress(ValueError):
                listed.remove(message)

    def _forget_old_messages(self, channel: FakeChannel) -> None:
        listed = self.channel_messages.get(channel.id, [])
        while len(listed) > KEPT_MESSAGES:
            self._let_go(listed[0])

    def forget_old_interactions(self, now: float) -> int:
        """Let go of interactions older than Discord lets their token be used (and their
        ephemeral messages, which no token can edit any more); how many were let go."""
        old = [r for r in self.interaction_log if now - r.received_at > INTERACTION_LIFETIME]
        if not old:
            return 0
        gone = {id(r) for r in old}
        self.interaction_log = [r for r in self.interaction_log if id(r) not in gone]
        for record in old:
            self.interactions.pop(record.id, None)
            self._by_token.pop(record.token, None)
            for message in (record.original, *record.followups):
                if message is not None and not message.public:
                    self._let_go(message)
        return len(old)


def _attachment_urls(data: JSON) -> set[str]:
    return {str(a.get("url")) for a in data.get("attachments") or [] if isinstance(a, dict) and a.get("url")}
