"""Saves per second and save latency, PostgreSQL against SQLite (the baseline, measured in
the same process): ``T`` tables in 20 guilds saving at once, each ``S`` saves in a row (a
move with its table record, as the runtime saves them; every 20th save ends a round with
its results, all tables in step, so rounds end in bursts).

SQLite: one file, WAL, synchronous=FULL, group commit. PostgreSQL: a server this script
starts in a temporary folder (sandbox/postgres_server.py) with fsync ON, as in production,
and the bot's pool (10 connections). Both on this machine's disk.

Usage: ``python bench/storage.py [--tables 200] [--saves 50]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage.base import ResultRow, Storage, TableRow
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SQLiteStorage
from sandbox.postgres_server import PostgresServer

GUILDS = 20  # the tables are spread over this many guilds (rounds of one guild and game take turns)
RECORD = json.dumps({"state": {"hands": [["5H", "6H", "7C"] * 3] * 4, "pile": ["AS"] * 30}, "seats": [1, 2, 3, 4]})


async def table_saves(storage: Storage, n: int, saves: int, latencies: list[float], rounds: list[float]) -> None:
    for seq in range(1, saves + 1):
        results = []
        if seq % 20 == 0:
            users = [10_000 + (n + k) % 50 for k in range(4)]  # 50 members share each guild's standings
            results = [ResultRow(seq // 20, seat, user, seat + 1, 3 * seat, seat == 0, False, 4, 0)
                       for seat, user in enumerate(users)]
        row = TableRow(f"t{n:07d}", n % GUILDS, 1000 + n, "kadi", "playing", RECORD)
        started = time.perf_counter()
        await storage.save_table(row, moves=[(seq, seq % 4, "play 5H")], results=results)
        (rounds if results else latencies).append(time.perf_counter() - started)


async def run(storage: Storage, tables: int, saves: int) -> tuple[float, float, float, float]:
    """Saves per second; p50 and p99 of a move's save; p99 of a save that ends a round (ms)."""
    latencies: list[float] = []
    rounds: list[float] = []
    started = time.perf_counter()
    await asyncio.gather(*(table_saves(storage, n, saves, latencies, rounds) for n in range(tables)))
    elapsed = time.perf_counter() - started
    await storage.close()
    latencies.sort()
    rounds.sort()
    return ((len(latencies) + len(rounds)) / elapsed, statistics.median(latencies) * 1000,
            latencies[int(len(latencies) * 0.99)] * 1000, rounds[int(len(rounds) * 0.99)] * 1000)


async def main(tables: int, saves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        sqlite = await run(await SQLiteStorage.open(Path(folder) / "bench.sqlite3"), tables, saves)
    server = PostgresServer.start(fsync=True)
    try:
        postgres = await run(await PostgresStorage.open(server.new_database()), tables, saves)
    finally:
        server.stop()
    print(f"{tables} tables x {saves} saves each (a round's results every 20th)")
    for name, (per_second, p50, p99, round_p99) in (("sqlite", sqlite), ("postgres", postgres)):
        print(f"  {name:8} {per_second:8.0f} saves/s   a move: p50 {p50:6.1f} ms, p99 {p99:6.1f} ms"
              f"   a round's end: p99 {round_p99:6.1f} ms")
    print(f"  postgres / sqlite: throughput x{postgres[0] / sqlite[0]:.2f},"
          f" a move's p99 x{postgres[2] / sqlite[2]:.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--saves", type=int, default=50)
    args = parser.parse_args()
    asyncio.run(main(args.tables, args.saves))
