"""Fixtures for end-to-end tests against the fake Discord (see docs/testing.md)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from sandbox.fake_discord import FakeDiscord, Limits
from tests.e2e.botkit import serving


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord on a free loopback port, with discord.py pointed at it.

    ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` are patched for the
    test's duration and restored afterwards. At teardown, any REST route the fake does not
    know (it answered 404 and logged it) or any crash inside the fake fails the test.
    """
    async for fake in serving(FakeDiscord()):
        yield fake


@pytest.fixture
async def strict_discord() -> AsyncIterator[FakeDiscord]:
    """Like ``fake_discord``, but a callback later than 3 s fails like Discord's (404
    Unknown interaction) instead of being accepted and only recorded."""
    async for fake in serving(FakeDiscord(enforce_deadline=True)):
        yield fake


@pytest.fixture
async def limited_discord() -> AsyncIterator[FakeDiscord]:
    """Like ``fake_discord``, with Discord's rate limits enforced whatever the default
    (sandbox/fake_discord/limits.py): for the tests that check the bot lives within them."""
    async for fake in serving(FakeDiscord(limits=Limits())):
        yield fake
