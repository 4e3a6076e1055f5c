"""The real bot in its own process, pointed at a fake Discord on loopback (for bench/bot.py).

Usage: ``python bench/bot_process.py PORT DATABASE [LOW HIGH]``. Computer players move
after a pause drawn from LOW–HIGH seconds (the bot's own 1.0–2.5 by default) and never
wait for a call, so the benchmark measures the bot, not the call window.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord.gateway
import discord.http
import yarl

from bot.client import KadiBot
from bot.config import Settings
from bot.tables.runtime import Timing

TOKEN = "fake-bot-token"


async def main(port: int, database: str, delay: tuple[float, float]) -> None:
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    settings = Settings(token=TOKEN, database_path=Path(database), log_level="WARNING", computer_call_wait=0.0)
    bot = KadiBot(settings, timing=Timing(computer_delay=delay, call_wait=0.0))
    bot._connection.guild_ready_timeout = 0.01  # READY need not wait for late guilds here
    discord.utils.setup_logging(level=30)
    await bot.start(TOKEN)


if __name__ == "__main__":
    low, high = (float(sys.argv[3]), float(sys.argv[4])) if len(sys.argv) > 4 else Timing().computer_delay
    asyncio.run(main(int(sys.argv[1]), sys.argv[2], (low, high)))
