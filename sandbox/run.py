"""`python -m bot` without DISCORD_TOKEN: the sandbox until Ctrl-C (or SIGTERM), after one
line saying where to play. 2, with one sentence and no traceback, for what stops it
starting (a port taken, a database it cannot open)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys

from bot.client import event_loop_factory
from bot.config import Settings
from bot.logs import configure_logging
from bot.storage import StorageUnavailable

from . import words
from .app import Sandbox
from .server import SandboxCannotStart, is_loopback


def sandbox_log_level(level: str) -> str:
    """The sandbox's console holds the one line: INFO is raised to WARNING (DEBUG, asked
    for, stays: a contributor debugging a rule wants it)."""
    return "WARNING" if level == "INFO" else level


def network_addresses(port: int) -> list[str]:
    """This machine's address on its network, as a friend's phone would open it (no
    packet is sent: connecting a UDP socket only picks the route)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
        if address and not address.startswith("127."):
            return [f"http://{address}:{port}"]
    return []


def run_sandbox(settings: Settings) -> int:
    configure_logging(sandbox_log_level(settings.log_level), sandbox_log_level(settings.library_log_level))
    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            return runner.run(_serve(settings))
    except KeyboardInterrupt:
        return 0
    except (SandboxCannotStart, StorageUnavailable) as err:
        print(err, file=sys.stderr)
        return 2


async def _serve(settings: Settings) -> int:
    sandbox = Sandbox(settings, tune_memory=True)
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # Windows has no add_signal_handler
        loop.add_signal_handler(signal.SIGTERM, sandbox.stopped.set)
    try:
        url = await sandbox.start()
        print(words.playing_at(url), flush=True)
        assert sandbox.page is not None
        if not is_loopback(sandbox.page.host):
            print(words.open_to_the_network(network_addresses(sandbox.page.port)), file=sys.stderr, flush=True)
        await sandbox.stopped.wait()
        task = sandbox.bot_task
        if task.done() and not task.cancelled() and task.exception() is not None:
            logging.getLogger("sandbox").error("the bot stopped", exc_info=task.exception())
            print(words.bot_stopped(type(task.exception()).__name__), file=sys.stderr)
            return 1
        return 0
    finally:
        await sandbox.stop()
