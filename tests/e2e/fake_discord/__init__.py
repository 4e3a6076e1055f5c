"""A fake Discord on loopback for end-to-end tests of discord.py bots. See docs/testing.md."""

from .commands import CommandUsageError
from .core import FakeDiscord, FakeDiscordError
from .interactions import InteractionRecord, InteractionResult
from .model import (
    ADMINISTRATOR,
    MANAGE_GUILD,
    Component,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    texts_of,
)
from .state import Fault

__all__ = [
    "ADMINISTRATOR",
    "MANAGE_GUILD",
    "CommandUsageError",
    "Component",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "Fault",
    "InteractionRecord",
    "InteractionResult",
    "texts_of",
]
