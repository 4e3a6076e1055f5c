"""The fake Discord's world: users, guilds, roles, channels, members, messages.

Everything is plain data plus the JSON that Discord would send for it. No I/O here.
"""

from __future__ import annotations

import datetime as dt
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
MANAGE_MESSAGES = 1 << 13
ALL_PERMISSIONS = (1 << 53) - 1
# View channel, send messages, embed links, attach files, read history, add reactions,
# use application commands, use external emojis, send messages in threads, create threads.
DEFAULT_MEMBER_PERMISSIONS = (
    (1 << 10)
    | (1 << 11)
    | (1 << 14)
    | (1 << 15)
    | (1 << 16)
    | (1 << 6)
    | (1 << 31)
    | (1 << 18)
    | (1 << 38)
    | (1 << 35)
    | (1 << 36)
)
DEFAULT_BOT_PERMISSIONS = DEFAULT_MEMBER_PERMISSIONS | MANAGE_MESSAGES | MANAGE_CHANNELS

# Message flags.
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12


class SnowflakeFactory:
    """Monotonic, time-based snowflakes (so ``discord.utils.snowflake_time`` is sensible),
    made on ``wall`` (the fake's clock: a message made after ``clock.advance`` is as new as
    Discord would make it)."""

    def __init__(self, wall: Callable[[], float] = time.time) -> None:
        self._last = 0
        self._counter = itertools.count()
        self._wall = wall

    def __call__(self) -> int:
        now = (int(self._wall() * 1000) - DISCORD_EPOCH_MS) << 22
        value = max(now | (next(self._counter) & 0xFFF), self._last + 1)
        self._last = value
        return value

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose guild would be on ``shard_id`` of ``shard_count``: Discord's
        ``(id >> 22) % shard_count``, the id's millisecond, moved forward until it fits."""
        value = self()
        behind = (shard_id - (value >> 22)) % shard_count
        if behind:
            value = ((value >> 22) + behind) << 22
            self._last = value
        return value


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False

    def to_json(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_json(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    guild: FakeGuild | None
    type: int = GUILD_TEXT
    position: int = 0
    parent_id: int | None = None
    recipient: FakeUser | None = None  # for DMs
    owner_id: int | None = None  # for threads
    # Whether the bot has the Attach Files permission here: without it, a message it posts
    # or edits through the channel with a file is refused (403, code 50013), as Discord does.
    # (Interaction responses and followups are not held to it.)
    bot_may_attach_files: bool = True

    @property
    def guild_id(self) -> int | None:
        return self.guild.id if self.guild is not None else None

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_json(self) -> JSON:
        data: JSON = {"id": str(self.id), "type": self.type, "name": self.name, "flags": 0}
        if self.type == DM and self.recipient is not None:
            data["recipients"] = [self.recipient.to_json()]
            data["last_message_id"] = None
            return data
        if self.guild is not None:
            data["guild_id"] = str(self.guild.id)
        data.update(
            position=self.position,
            permission_overwrites=[],
            nsfw=False,
            topic=None,
            last_message_id=None,
            rate_limit_per_user=0,
            parent_id=str(self.parent_id) if self.parent_id else None,
        )
        if self.type in (PUBLIC_THREAD, PRIVATE_THREAD):
            data.update(
                owner_id=str(self.owner_id) if self.owner_id else None,
                message_count=0,
                member_count=1,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                },
            )
        return data


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[FakeRole] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)
    locale: str = "en-US"  # the language their Discord client is in: each interaction's ``locale``

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def display_name(self) -> str:
        return self.nick or self.user.global_name or self.user.name

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    @property
    def permissions(self) -> int:
        """Guild-level permissions: @everyone + roles; owner and administrators get all."""
        if self.guild.owner_id == self.user.id:
            return ALL_PERMISSIONS
        value = self.guild.everyone.permissions
        for role in self.roles:
            value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def to_json(self, *, with_permissions: bool = False) -> JSON:
        data: JSON = {
            "user": self.user.to_json(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r.id) for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data

    def __repr__(self) -> str:
        return f"<FakeMember {self.display_name} id={self.id}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    everyone: FakeRole
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    preferred_locale: str = "en-US"  # the guild's language: its ``preferred_locale``, interactions' ``guild_locale``

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == GUILD_TEXT]

    def to_json(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.to_json() for m in self.members.values()],
            "channels": [c.to_json() for c in self.channels.values() if c.type not in (11, 12)],
            "threads": [c.to_json() for c in self.channels.values() if c.type in (11, 12)],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


# --------------------------------------------------------------------------- messages


def _component_texts(components: list[JSON]) -> Iterator[str]:
    for comp in components:
        for key in ("label", "placeholder", "content", "title"):
            value = comp.get(key)
            if isinstance(value, str) and value:
                yield value
        for option in comp.get("options", []) or []:
            for key in ("label", "description"):
                value = option.get(key)
                if value:
                    yield str(value)
        emoji = comp.get("emoji")
        if isinstance(emoji, dict) and emoji.get("name") and not emoji.get("id"):
            yield str(emoji["name"])
        if comp.get("components"):
            yield from _component_texts(comp["components"])
        if isinstance(comp.get("accessory"), dict):
            yield from _component_texts([comp["accessory"]])


def texts_of(data: JSON) -> list[str]:
    """Every human-visible string of one message version, in display order."""
    out: list[str] = []
    if data.get("content"):
        out.append(str(data["content"]))
    for embed in data.get("embeds", []) or []:
        for key in ("title", "description"):
            if embed.get(key):
                out.append(str(embed[key]))
        author = embed.get("author") or {}
        if author.get("name"):
            out.append(str(author["name"]))
        for f in embed.get("fields", []) or []:
            out.extend(str(f[k]) for k in ("name", "value") if f.get(k))
        footer = embed.get("footer") or {}
        if footer.get("text"):
            out.append(str(footer["text"]))
    out.extend(_component_texts(data.get("components", []) or []))
    return out


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    for comp in components:
        yield comp
        if comp.get("components"):
            yield from walk_components(comp["components"])
        if isinstance(comp.get("accessory"), dict):
            yield comp["accessory"]


@dataclass(frozen=True)
class Component:
    """A read-only view of one interactive component of a message version."""

    data: JSON

    @property
    def type(self) -> int:
        return int(self.data["type"])

    @property
    def custom_id(self) -> str:
        return str(self.data.get("custom_id", ""))

    @property
    def label(self) -> str | None:
        return self.data.get("label")

    @property
    def placeholder(self) -> str | None:
        return self.data.get("placeholder")

    @property
    def disabled(self) -> bool:
        return bool(self.data.get("disabled", False))

    @property
    def url(self) -> str | None:
        return self.data.get("url")

    @property
    def options(self) -> list[JSON]:
        return list(self.data.get("options", []) or [])

    @property
    def option_values(self) -> list[str]:
        return [str(o["value"]) for o in self.options]

    @property
    def option_labels(self) -> list[str]:
        return [str(o["label"]) for o in self.options]

    def option(self, label_or_value: str) -> str:
        """The value of the option with this label (or value)."""
        for o in self.options:
            if o.get("label") == label_or_value or o.get("value") == label_or_value:
                return str(o["value"])
        raise LookupError(f"no option {label_or_value!r} in {self.option_labels}")


SELECT_TYPES = (3, 5, 6, 7, 8)


@dataclass(eq=False)
class FakeMessage:
    """One message the bot produced, with every version it ever had.

    ``visible_to`` is ``None`` for public messages, else the id of the single user who can see it
    (ephemeral interaction responses/followups and DMs).
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    visible_to: int | None
    versions: list[JSON]
    created_at: float  # the fake's clock (FakeClock.now(): the loop's time unless a test moved it)
    interaction_id: int | None = None
    webhook_id: int | None = None
    deleted: bool = False
    reactions: list[str] = field(default_factory=list)

    @property
    def public(self) -> bool:
        return self.visible_to is None

    @property
    def ephemeral(self) -> bool:
        return bool(self.data.get("flags", 0) & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred ("Bot is thinking...") response that was not filled in yet."""
        return bool(self.data.get("flags", 0) & FLAG_LOADING)

    @property
    def data(self) -> JSON:
        """The current version's full message JSON."""
        return self.versions[-1]

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[JSON]:
        return list(self.data.get("components") or [])

    @property
    def edits(self) -> int:
        return len(self.versions) - 1

    def text(self, version: int = -1) -> str:
        """All visible text of a version (default: current), joined by newlines."""
        return "\n".join(texts_of(self.versions[version]))

    def all_components(self) -> list[Component]:
        return [Component(c) for c in walk_components(self.components) if c.get("type") not in (1, 9, 17)]

    def buttons(self) -> list[Component]:
        return [c for c in self.all_components() if c.type == 2]

    def selects(self) -> list[Component]:
        return [c for c in self.all_components() if c.type in SELECT_TYPES]

    def button(self, key: str) -> Component:
        """The button whose label equals ``key``, else whose custom id equals or starts with it."""
        return _find(self.buttons(), key, "button", self)

    def select(self, key: str | None = None) -> Component:
        """A select menu by placeholder or custom id (prefix); the only one if ``key`` is None."""
        selects = self.selects()
        if key is None:
            if len(selects) != 1:
                raise LookupError(f"{len(selects)} select menus in message {self.id}")
            return selects[0]
        return _find(selects, key, "select", self)

    def has_button(self, key: str) -> bool:
        try:
            self.button(key)
        except LookupError:
            return False
        return True

    def __repr__(self) -> str:
        vis = "public" if self.public else f"only {self.visible_to}"
        return f"<FakeMessage {self.id} {vis} v{len(self.versions)} {self.text()[:60]!r}>"


def _find(items: list[Component], key: str, what: str, message: FakeMessage) -> Component:
    by_text = [c for c in items if key in (c.label, c.placeholder)]
    by_id = [c for c in items if c.custom_id == key]
    by_prefix = [c for c in items if c.custom_id and c.custom_id.startswith(key)]
    for found in (by_text, by_id, by_prefix):
        if found:
            return found[0]
    known = [(c.label or c.placeholder, c.custom_id) for c in items]
    raise LookupError(f"no {what} {key!r} in message {message.id}; it has {known}")
