"""Interaction records (what Discord saw) and results (what the clicking member saw)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import JSON, FakeChannel, FakeMember, FakeMessage

if TYPE_CHECKING:
    from .state import FakeState

DEADLINE_SECONDS = 3.0
# How long the driver waits for the bot unless told otherwise: generous, because it only
# costs time when a test is failing, and a loaded machine is slow. TEST_DEADLINE stretches
# it as it stretches every wait of the tests (tests/waiting.py's DEADLINE, read the same way).
WAIT_SECONDS = float(os.environ.get("TEST_DEADLINE", "60"))
TOKEN_LIFETIME_SECONDS = 15 * 60

# Interaction callback types.
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the fake sent, and how (and how fast) the bot answered it."""

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete
    member: FakeMember
    channel: FakeChannel
    payload: JSON
    received_at: float  # loop.time() when INTERACTION_CREATE was queued to the bot
    acked: asyncio.Future[None]
    source_message: FakeMessage | None = None  # for components
    first_callback_at: float | None = None
    callback_type: int | None = None
    callback_data: JSON | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    edits: int = 0  # messages edited through this interaction's token (PATCH .../messages/...)
    choices: list[JSON] | None = None
    modal: JSON | None = None
    expired: bool = False  # set by tests to simulate the 15-minute token lifetime

    @property
    def latency(self) -> float | None:
        """Seconds between INTERACTION_CREATE and the first callback."""
        if self.first_callback_at is None:
            return None
        return self.first_callback_at - self.received_at

    @property
    def late(self) -> bool:
        """True if the first callback missed Discord's 3-second window (or never came)."""
        latency = self.latency
        return latency is None or latency > DEADLINE_SECONDS

    @property
    def name(self) -> str:
        """Full command name for commands/autocomplete, custom id for components."""
        data = self.payload.get("data", {})
        if self.type == 3:
            return str(data.get("custom_id", ""))
        parts = [str(data.get("name", ""))]
        options = data.get("options", [])
        while options and options[0].get("type") in (1, 2):
            parts.append(str(options[0]["name"]))
            options = options[0].get("options", [])
        return " ".join(parts)

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord {self.id} type={self.type} {self.name!r} by {self.member.display_name}"
            f" callback={self.callback_type} latency={self.latency}>"
        )


class InteractionResult:
    """What the member saw in answer to one interaction (live: follows later edits)."""

    def __init__(self, fake: FakeState, record: InteractionRecord) -> None:
        self.fake = fake
        self.record = record

    @property
    def type(self) -> int | None:
        """The callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 choices, 9 modal)."""
        return self.record.callback_type

    @property
    def message(self) -> FakeMessage | None:
        """The response message: the new message for 4/5, the clicked message for 6/7."""
        return self.record.original

    @property
    def ephemeral(self) -> bool:
        msg = self.record.original
        return msg is not None and not msg.public

    @property
    def deferred(self) -> bool:
        return self.record.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def content(self) -> str:
        return self.record.original.content if self.record.original else ""

    @property
    def text(self) -> str:
        return self.record.original.text() if self.record.original else ""

    @property
    def followups(self) -> list[FakeMessage]:
        return list(self.record.followups)

    @property
    def choices(self) -> list[JSON]:
        return list(self.record.choices or [])

    @property
    def modal(self) -> JSON | None:
        return self.record.modal

    def _require_message(self) -> FakeMessage:
        if self.record.original is None:
            raise AssertionError(f"interaction answered with type {self.type}, no message")
        return self.record.original

    async def final(self, timeout: float = WAIT_SECONDS) -> FakeMessage:
        """The response message once it is no longer a "thinking..." placeholder."""
        msg = self._require_message()
        await self.fake.wait_for(lambda: not msg.loading, timeout=timeout, channel=msg.channel_id)
        return msg

    async def wait_edit(
        self,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        timeout: float = WAIT_SECONDS,
    ) -> FakeMessage:
        """Wait for the response message to be edited (or, with a predicate, until it holds)."""
        msg = self._require_message()
        if predicate is None:
            seen = len(msg.versions)
            await self.fake.wait_for(lambda: len(msg.versions) > seen, timeout=timeout, channel=msg.channel_id)
        else:
            await self.fake.wait_for(lambda: predicate(msg), timeout=timeout, channel=msg.channel_id)
        return msg

    async def wait_followup(self, count: int = 1, *, timeout: float = WAIT_SECONDS) -> FakeMessage:
        """Wait until at least ``count`` followups exist; returns the ``count``-th one."""
        rec = self.record
        await self.fake.wait_for(lambda: len(rec.followups) >= count, timeout=timeout, channel=rec.channel.id)
        return rec.followups[count - 1]

    def __repr__(self) -> str:
        return f"<InteractionResult type={self.type} message={self.record.original!r}>"


Predicate = Callable[[], Any]
