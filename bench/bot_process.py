"""The real bot in its own process, pointed at a fake Discord on loopback (for bench/bot.py).

Usage: ``python bench/bot_process.py PORT DATABASE [LOW HIGH]``. Computer players move
after a pause drawn from LOW–HIGH seconds (the bot's own 1.0–2.5 by default) and never
wait for a call, so the benchmark measures the bot, not the call window.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord.gateway
import discord.http
import yarl

from bot.client import KadiBot
from bot.config import Settings
from bot.tables.runtime import Timing

TOKEN = "fake-bot-token"


def watch_collections(report: Path) -> None:
    """Time every garbage collection in this process; the longest pause goes to ``report``
    (read by bench/bot.py) once a second."""
    started: list[float] = []
    figures = {"max_ms": 0.0, "total_ms": 0.0, "full": 0}

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            pause = 1000 * (time.perf_counter() - started.pop())
            figures["max_ms"] = max(figures["max_ms"], pause)
            figures["total_ms"] += pause
            figures["full"] += info["generation"] == 2

    gc.callbacks.append(callback)

    async def write() -> None:
        while True:
            await asyncio.sleep(1.0)
            report.write_text(json.dumps(figures))

    asyncio.get_running_loop().create_task(write())


async def main(port: int, database: str, delay: tuple[float, float]) -> None:
    if os.environ.get("BENCH_GC_REPORT"):
        watch_collections(Path(os.environ["BENCH_GC_REPORT"]))
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    settings = Settings(token=TOKEN, database_path=Path(database), log_level="WARNING", computer_call_wait=0.0)
    bot = KadiBot(settings, timing=Timing(computer_delay=delay, call_wait=0.0), tune_gc=True)
    bot._connection.guild_ready_timeout = 0.01  # READY need not wait for late guilds here
    discord.utils.setup_logging(level=30)
    await bot.start(TOKEN)


if __name__ == "__main__":
    low, high = (float(sys.argv[3]), float(sys.argv[4])) if len(sys.argv) > 4 else Timing().computer_delay
    from bot.client import event_loop_factory

    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(main(int(sys.argv[1]), sys.argv[2], (low, high)))
