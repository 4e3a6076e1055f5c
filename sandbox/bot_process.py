"""The real bot in its own process, pointed at a fake Discord on loopback (for bench/bot.py,
lab/chaos.py (the kill -9 soak) and tests/soak/test_two_processes.py, which import it from here so that
bench/ and tests/ import neither each other), and ``BotProcess``, which starts, kills and
stops one.

Usage: ``python sandbox/bot_process.py PORT DATABASE [LOW HIGH] [--shards IDS/COUNT]
[--call-wait SECONDS] [--coalesce SECONDS] [--log-level INFO]``. DATABASE is a SQLite
file or a ``postgresql://`` URL. Computer players move after a pause drawn from LOW–HIGH
seconds (the bot's own 1.0–2.5 by default) and wait ``--call-wait`` seconds for a call (0
by default, so the benchmark measures the bot, not the call window). ``--shards 0/2`` runs
shard 0 of 2 (``--shards 0,1/4``: two of four), as SHARD_IDS and SHARD_COUNT do.
``--coalesce 0.01`` makes the presenter redraw at once (as the e2e tests do). SIGTERM
closes the bot cleanly.

The environment's ``METRICS_PORT`` (serve Prometheus metrics on that port, as the bot does;
bench/bot.py scrapes them) and ``DISCORD_REST_RATE`` (the REST budget, bound calls a second)
are read as the bot reads them. ``BENCH_BOT_REPORT``, when set, names a file the process
writes at start: which ``bot`` package it imported and those two settings.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __name__ == "__main__":  # run as a script: this checkout's bot first, whatever is installed
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord.gateway
import discord.http
import yarl

import bot as bot_package
from bot.client import make_bot
from bot.config import ConfigError, Settings, computer_workers, load_settings
from bot.shards import Shards
from bot.tables.runtime import Timing

TOKEN = "fake-bot-token"


def watch_collections(report: Path) -> None:
    """Time every garbage collection in this process (the longest pause, all of them, and
    the CPU they took, which tells a pause from the process being descheduled meanwhile)
    and count the objects they freed (garbage in reference cycles: reference counting
    frees the rest at once). Written to ``report`` (read by bench/bot.py) once a second."""
    started: list[tuple[float, float]] = []
    figures = {"max_ms": 0.0, "total_ms": 0.0, "cpu_ms": 0.0, "full": 0, "collected": 0}

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append((time.perf_counter(), time.thread_time()))
        elif started:
            wall, cpu = started.pop()
            pause = 1000 * (time.perf_counter() - wall)
            figures["max_ms"] = max(figures["max_ms"], pause)
            figures["total_ms"] += pause
            figures["cpu_ms"] += 1000 * (time.thread_time() - cpu)
            figures["full"] += info["generation"] == 2
            figures["collected"] += info["collected"]

    gc.callbacks.append(callback)

    async def write() -> None:
        while True:
            await asyncio.sleep(1.0)
            report.write_text(json.dumps(figures))

    asyncio.get_running_loop().create_task(write())


def census_on_signal(report: Path) -> None:
    """On SIGUSR1, write the objects the garbage collector tracks (what a full collection
    walks), counted by type, to ``report`` (read by bench/bot.py at the end of a run)."""
    def write() -> None:
        counts: dict[str, int] = {}
        for thing in gc.get_objects():
            name = type(thing).__qualname__
            counts[name] = counts.get(name, 0) + 1
        report.write_text(json.dumps({"tracked": sum(counts.values()), "frozen": gc.get_freeze_count(),
                                      "types": sorted(counts.items(), key=lambda kv: -kv[1])[:12]}))

    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, write)


def parse_shards(text: str) -> Shards:
    """``"0/2"`` or ``"0,1/4"``: these shard ids of that many."""
    ids, count = text.split("/")
    return Shards(int(count), tuple(int(i) for i in ids.split(",")))


def shards_text(shards: Shards) -> str:
    return f"{','.join(map(str, shards.launched))}/{shards.count}"


def read_from_environment() -> Settings:
    """Settings read as the bot reads them (bot/config.py) from METRICS_PORT and
    DISCORD_REST_RATE alone (the rest are this process's arguments)."""
    env = {"DISCORD_TOKEN": TOKEN, **{k: os.environ[k] for k in ("METRICS_PORT", "DISCORD_REST_RATE")
                                      if k in os.environ}}
    try:
        return load_settings(env)
    except ConfigError as error:
        raise SystemExit(str(error)) from None


async def main(port: int, database: str, delay: tuple[float, float], shards: Shards | None = None,
               call_wait: float = 0.0, coalesce: float | None = None, log_level: str = "WARNING") -> None:
    if os.environ.get("BENCH_GC_REPORT"):
        watch_collections(Path(os.environ["BENCH_GC_REPORT"]))
    if os.environ.get("BENCH_CENSUS_REPORT"):
        census_on_signal(Path(os.environ["BENCH_CENSUS_REPORT"]))
    discord.http.Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
    url = database if database.startswith("postgresql://") else None
    read = read_from_environment()
    settings = Settings(token=TOKEN, database_path=Path(database if url is None else "unused.sqlite3"),
                        database_url=url, log_level="WARNING", computer_call_wait=call_wait, shards=shards,
                        computer_workers=computer_workers(os.environ),  # as the bot reads it
                        metrics_port=read.metrics_port, discord_rest_rate=read.discord_rest_rate)
    if os.environ.get("BENCH_BOT_REPORT"):
        Path(os.environ["BENCH_BOT_REPORT"]).write_text(json.dumps({
            "package": str(Path(bot_package.__file__).resolve().parent), "metrics_port": settings.metrics_port,
            "discord_rest_rate": settings.discord_rest_rate}))
    timing = Timing(computer_delay=delay, call_wait=call_wait, workers=settings.computer_workers)
    bot = make_bot(settings, timing=timing, tune_memory=True, coalesce=coalesce)
    bot._connection.guild_ready_timeout = 0.01  # READY need not wait for late guilds here
    discord.utils.setup_logging(level=logging.WARNING)
    logging.getLogger("bot").setLevel(log_level)  # the bot's own lines ("restored 2 table(s)...")
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []
    loop.add_signal_handler(signal.SIGTERM, lambda: closing.append(loop.create_task(bot.close())))
    await bot.start(TOKEN)
    await asyncio.gather(*closing)
    if os.environ.get("BENCH_THINK_REPORT"):
        pool = bot.runtime.scheduler.pool
        Path(os.environ["BENCH_THINK_REPORT"]).write_text(
            json.dumps({"searched": pool.submitted, "refused": pool.refused}))


@dataclass
class BotProcess:
    """One bot process (this file) run from an asyncio program: started, killed with
    SIGKILL (as bench/chaos.py does) or stopped with SIGTERM, and started again."""

    port: int
    database: str
    shards: Shards | None = None
    computer_delay: tuple[float, float] = Timing().computer_delay
    call_wait: float = 0.0
    coalesce: float | None = None  # the presenter's redraw delay (None: the bot's own, a quarter second)
    log_level: str = "WARNING"  # the bot's own loggers' level (the libraries stay at WARNING)
    log: Path | None = None  # the process's stdout and stderr (appended); None: inherited
    env: dict[str, str] = field(default_factory=dict)
    process: asyncio.subprocess.Process | None = None
    wrapper: tuple[str, ...] = ()  # a command the process runs under (py-spy record ... --)

    def command(self) -> list[str]:
        command = [*self.wrapper, sys.executable, str(Path(__file__).resolve()), str(self.port), self.database,
                   *map(str, self.computer_delay), "--call-wait", str(self.call_wait)]
        if self.shards is not None:
            command += ["--shards", shards_text(self.shards)]
        if self.coalesce is not None:
            command += ["--coalesce", str(self.coalesce)]
        if self.log_level != "WARNING":
            command += ["--log-level", self.log_level]
        return command

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def start(self) -> None:
        out = self.log.open("ab") if self.log is not None else None
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.command(), stdout=out, stderr=out, env={**os.environ, **self.env})
        finally:
            if out is not None:
                out.close()

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as a crash or the OOM killer."""
        process = self.process
        assert process is not None
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGKILL)
        await process.wait()

    async def stop(self, timeout: float = 30.0, sig: int = signal.SIGTERM) -> bool:
        """Ask the bot to close (SIGTERM); True if it exited cleanly in time, else it is killed."""
        process = self.process
        if process is None or process.returncode is not None:
            return False
        process.send_signal(sig)
        try:
            code = await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            await self.kill()
            return False
        return code == 0


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("port", type=int)
    parser.add_argument("database")
    parser.add_argument("delay", type=float, nargs="*", default=list(Timing().computer_delay))
    parser.add_argument("--shards", type=parse_shards, default=None)
    parser.add_argument("--call-wait", type=float, default=0.0)
    parser.add_argument("--coalesce", type=float, default=None,
                        help="seconds the presenter gathers moves before redrawing (tests: 0.01)")
    parser.add_argument("--log-level", default="WARNING", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = arguments(sys.argv[1:])
    from bot.client import event_loop_factory

    with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
        runner.run(main(args.port, args.database, (args.delay[0], args.delay[1]), args.shards, args.call_wait,
                        args.coalesce, args.log_level))
