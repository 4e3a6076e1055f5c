"""Makes tests/bot/databases/made-by-migrations-1-to-5.sqlite3 with the code of commit d306d40
(README.md beside this file): it imports that commit's names, not today's."""

import asyncio
import json
import sys

from bot.storage.sqlite import ResultRow, Storage, TableRow  # type: ignore[attr-defined]  # the old code's


async def main(path: str) -> None:
    s = await Storage.open(path)

    def rows(round_no: int, users: list[int | None], ranks: list[int], humans: int) -> list[ResultRow]:
        return [ResultRow(round_no, seat, u, r, 3 * (r - 1), r == 1, False, humans, len(users) - humans,
                          None if u else "hard") for seat, (u, r) in enumerate(zip(users, ranks, strict=True))]

    # Finished tables with rounds (ratings), a table still playing with its moves, a lobby,
    # a table set aside and a finished table waiting for its redraw.
    for n in range(4):
        await s.save_table(TableRow(f"f{n:07d}", 1, 10 + n, "kadi", "over", json.dumps({"n": n})),
                           moves=[(1, 0, "draw"), (2, 1, "play 5H")],
                           results=rows(1, [11, 12, 13, None], [1 + n % 3, 1 + (n + 1) % 3, 1 + (n + 2) % 3, 4], 3))
        await s.final_drawn(f"f{n:07d}")
    await s.save_table(TableRow("d0000001", 2, 20, "donkey", "over", "{}"),
                       results=[ResultRow(1, 0, 21, 2, 0, False, True, 2, 0),
                                ResultRow(1, 1, 22, 1, 0, True, False, 2, 0)])
    await s.save_table(TableRow("p0000001", 1, 30, "karata", "playing", json.dumps({"state": "playing"})),
                       moves=[(1, 0, "draw"), (2, 1, "draw"), (3, 0, "play AS")])
    await s.save_table(TableRow("l0000001", 1, 31, "kadi", "lobby", json.dumps({"state": "lobby"})))
    await s.save_table(TableRow("b0000001", 1, 32, "kadi", "playing", "{x"))
    await s.set_aside("b0000001", "JSONDecodeError: bad row")
    await s.close()

asyncio.run(main(sys.argv[1]))
