"""Tables saved by the code before issue 31's names still load, and play on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.registry import Level, game_uis
from bot.tables.events import EndReason
from bot.tables.table import RECORD_VERSION, Consent, Table, TableStatus
from bot.ui.text import table as table_words

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


def ended(table: Table) -> list[Any]:
    return [event["reason"] for event in table.recent if event["event"] == "TableEnded"]


def test_why_a_table_ended_saved_as_english_words_is_read_as_its_reason() -> None:
    reasons = {path.stem: ended(load(saved(path))) for path in RECORDS}
    assert reasons == {
        "donkey_ended_by_the_host": [EndReason.ENDED_BY_HOST],
        "kadi_ended_by_a_moderator": [EndReason.ENDED_BY_MODERATOR],
        "kadi_lobby_nobody_started": [EndReason.NOBODY_STARTED],
        "karata_over_every_human_left": [EndReason.EVERY_HUMAN_LEFT],
        "kadi_playing_with_computers": [], "karata_lobby_asking_consent": [],
    }
    # Saved again, the record is of this version and keeps the reason's value.
    table = load(saved(Path(__file__).parent / "records" / "kadi_ended_by_a_moderator.json"))
    record = table.to_record()
    assert record["record_version"] == RECORD_VERSION == 2
    assert [e["reason"] for e in record["recent"] if e["event"] == "TableEnded"] == ["ended-by-moderator"]


def test_a_loaded_table_says_why_it_ended_as_it_said_before() -> None:
    row = saved(Path(__file__).parent / "records" / "kadi_lobby_nobody_started.json")
    ui = game_uis()["kadi"]
    (event,) = (e for e in load(row).recent if e["event"] == "TableEnded")
    assert ui.event_text(event, ["Alice"]) == "The table was closed (nobody started it in time)."


def test_every_end_reason_has_its_words() -> None:
    assert set(table_words.ENDED_BECAUSE) == {reason.value for reason in EndReason}
    assert all(EndReason.from_words(words) is reason for reason, words in
               ((EndReason(code), words) for code, words in table_words.ENDED_BECAUSE.items()))


def test_a_consent_question_saved_as_a_dict_loads_as_consent_and_saves_the_same() -> None:
    row = saved(Path(__file__).parent / "records" / "karata_lobby_asking_consent.json")
    table = load(row)
    assert table.consent == Consent([100, 300], row["record"]["consent"]["deadline"])
    assert [seat.name for seat in table.awaiting_consent()] == ["Bob"]
    assert table.to_record()["consent"] == row["record"]["consent"]
