"""Memory a table costs in the runtime and its engine alone (no Discord): ``N`` solo
tables dealt through ``TableRuntime`` in this process, measured with tracemalloc.

Beside it, the baseline is the same count of tables' saved records (their JSON text,
what SQLite holds), so the ratio says how much more a live table weighs than its
record. bench/bot.py measures the whole bot process per table, Discord side included.

Usage: ``python bench/table_memory.py [--tables 300]``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage.sqlite import SQLiteStorage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import TableOptions

GAMES = ("kadi", "karata", "donkey")


async def measure(tables: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await SQLiteStorage.open(Path(folder) / "memory.sqlite3")
        # Computers wait a minute: the tables stay as dealt while they are measured.
        runtime = TableRuntime(storage, None, Timing(computer_delay=(60.0, 60.0), call_wait=0.0))
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        for i in range(tables):
            await runtime.create(1, 1000 + i, GAMES[i % len(GAMES)], 10 + i, f"Player {i}", TableOptions(),
                                 computers=2, start_now=True)
        gc.collect()
        after = tracemalloc.take_snapshot()
        records = sum(len(table.encode()) for table in runtime.tables.values())
        tracemalloc.stop()
        await runtime.close()
        await storage.close()
    changes = after.compare_to(before, "filename")
    live = sum(change.size_diff for change in changes)
    print(f"{tables} solo tables ({', '.join(GAMES)}), runtime and engines only")
    print(f"live table: {live / tables / 1024:.1f} KiB; its saved record: {records / tables / 1024:.1f} KiB; "
          f"ratio {live / records:.1f}x")
    for change in changes[:8]:
        print(f"  {change.size_diff / tables / 1024:5.1f} KiB  {change.traceback[0].filename}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    asyncio.run(measure(parser.parse_args().tables))


if __name__ == "__main__":
    main()
