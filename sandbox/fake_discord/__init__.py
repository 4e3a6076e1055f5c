"""A Discord on loopback for a discord.py bot: the sandbox's server (docs/sandbox.md) and
the fake Discord the end-to-end tests play against (docs/testing.md)."""

from .commands import CommandUsageError
from .core import FakeDiscord, FakeDiscordError
from .interactions import InteractionRecord, InteractionResult
from .limits import Counters, FakeClock, Limits, Refusal, Rule
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
    "Counters",
    "FakeChannel",
    "FakeClock",
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
    "Limits",
    "Refusal",
    "Rule",
    "texts_of",
]
