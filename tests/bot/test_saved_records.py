"""Tables saved by the code before issue 31's names still load, and play on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.registry import Level
from bot.tables.table import Table, TableStatus

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def load(row: dict[str, Any]) -> Table:
    return Table.from_record(row["id"], row["guild_id"], row["channel_id"], row["game"], row["status"], row["record"])


def test_there_are_saved_records_of_every_status_the_runtime_loads() -> None:
    assert {saved(path)["status"] for path in RECORDS} == {"lobby", "playing", "over", "cancelled"}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_saved_record_loads_with_its_names(path: Path) -> None:
    row = saved(path)
    table = load(row)
    table.check_runnable()
    assert table.status is TableStatus(row["status"])
    assert all(isinstance(seat.level, Level) for seat in table.seats)
    assert isinstance(table.options.computer_level, Level)
    # Loaded again from what it saves now, it is the same table.
    again = Table.from_record(table.id, table.guild_id, table.channel_id, table.game_name, table.status,
                              json.loads(table.encode()))
    assert again.encode() == table.encode()


def test_the_levels_and_statuses_read_are_the_saved_words() -> None:
    table = load(saved(Path(__file__).parent / "records" / "kadi_playing_with_computers.json"))
    assert table.status is TableStatus.PLAYING
    assert [seat.level for seat in table.seats] == [Level.NORMAL, Level.HARD, Level.EASY, Level.NORMAL]
    assert table.to_record()["status"] == "playing" and table.to_record()["seats"][1]["level"] == "hard"
