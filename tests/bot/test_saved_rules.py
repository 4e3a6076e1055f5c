"""A table's rules are the engine's frozen ``Rules`` from the cog's words to the deal, and
tables saved while they were a dict (main 27572c3, ``records/27572c3``) load and play on.

The one door from option words to rules is ``bot.registry.table_rules`` (each game's
``Rules.from_options``); ``TableOptions`` carries the object; the runtime turns consent
switches off with ``dataclasses.replace``; saving writes the rules' plain dict, which
reads back into the same rules.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games.core.errors import RulesRefused
from bot.games.donkey import DonkeyRules
from bot.games.kadi import KadiRules
from bot.games.kadi.rules import Direction
from bot.games.karata import KarataRules
from bot.games.karata.rules import Elimination
from bot.registry import game_class, table_rules
from bot.storage.base import Storage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import Table, TableError, TableOptions
from cogs.donkey import donkey_options
from cogs.kadi import kadi_options
from cogs.karata import karata_options

RECORDS = sorted((Path(__file__).parent / "records" / "27572c3").glob("*.json"))


def saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def load(row: dict[str, Any]) -> Table:
    return Table.from_record(row["id"], row["guild_id"], row["channel_id"], row["game"], row["status"], row["record"])


def test_there_are_records_of_every_game() -> None:
    assert {saved(path)["game"] for path in RECORDS} == {"kadi", "karata", "donkey"}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_record_saved_with_a_rules_dict_loads_its_rules_as_the_engines_frozen_rules(path: Path) -> None:
    row = saved(path)
    table = load(row)
    table.check_runnable()
    rules_type = game_class(row["game"]).rules_type
    old = row["record"]["options"]["rules"]
    assert type(table.options.rules) is rules_type and table.options.rules == rules_type.from_dict(old)
    assert table.rules() is table.options.rules
    if table.game is not None:
        assert table.game.rules == table.options.rules
    # Saved again, the rules are a plain dict again: every value it held, and what it
    # left to the defaults written out, reading back into the same rules.
    again = json.loads(table.encode())
    written = again["options"]["rules"]
    assert {name: written[name] for name in old} == old
    assert rules_type.from_dict(written) == table.options.rules
    reloaded = Table.from_record(table.id, table.guild_id, table.channel_id, table.game_name, table.status, again)
    assert reloaded.encode() == table.encode()


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_cogs_words_make_the_rules_those_tables_were_saved_with(path: Path) -> None:
    # The words each record's table was opened with (tests/bot/records/27572c3/README.md).
    made = {
        "kadi_house_rules_playing": lambda: kadi_options(5, 30, 3, "anticlockwise", ace_finish=True, no_jokers=True),
        "kadi_moja_cheat_mode_asking_consent": lambda: karata_options(
            "kadi-moja", 60, elimination=True, cheat_mode=True, points_ceiling=150),
        "karata_solo_elimination_playing": lambda: karata_options("karata", 0, elimination=True),
        "donkey_timer_30_playing": lambda: donkey_options(30),
    }[path.stem]()
    table = load(saved(path))
    assert made.rules == table.options.rules
    assert made.to_dict() == table.options.to_dict()


def test_the_option_words_become_each_games_rules_in_one_place() -> None:
    kadi = table_rules("kadi", {"deal": 5, "rounds": 3, "direction": "anticlockwise", "ace_finish": True,
                                "no_jokers": False, "turn_timer": 60, "images": True})
    assert kadi == KadiRules(deal=5, deal_5=True, rounds=3, later_direction=Direction.ANTICLOCKWISE, ace_finish=True)
    moja = table_rules("karata", {"preset": "kadi-moja", "elimination": True, "points_ceiling": 200})
    assert moja == KarataRules.preset("kadi-moja", elimination=Elimination.POINTS_CEILING, points_ceiling=200)
    assert table_rules("karata", {"elimination": True}).elimination == Elimination.KNOCK_OUT
    assert table_rules("donkey", {"turn_timer": 0, "level": "hard"}) == DonkeyRules(turn_seconds=0)
    assert table_rules("donkey", {}) == DonkeyRules()


def test_words_no_game_knows_and_mixes_that_make_no_sense_are_refused() -> None:
    for game in ("kadi", "karata", "donkey"):
        with pytest.raises(ValueError, match="unknown"):
            table_rules(game, {"no_such_rule": True})
    with pytest.raises(RulesRefused) as refused:
        table_rules("karata", {"preset": "kadi-moja", "must_call_to_win": True})
    assert refused.value.code == "call-is-kadi-moja-rule"
    with pytest.raises(RulesRefused) as refused:
        karata_options("karata", 60, points_ceiling=150)
    assert refused.value.code == "ceiling-needs-elimination"
    with pytest.raises(KeyError):
        table_rules("chess", {})


def test_turning_the_consent_switches_off_makes_new_rules_and_changes_no_object_in_place() -> None:
    table = load(saved(Path(__file__).parent / "records" / "27572c3" / "kadi_moja_cheat_mode_asking_consent.json"))
    options, rules = table.options, table.options.rules
    assert isinstance(rules, KarataRules) and rules.cheat_mode and options.needs_consent() == ["cheat_mode"]
    TableRuntime._drop_consent_rules(table)
    assert rules.cheat_mode and options.rules is rules  # what was there is as it was
    assert table.options is not options and table.options.rules == KarataRules.preset(
        "kadi-moja", elimination=Elimination.POINTS_CEILING, points_ceiling=150)
    assert table.options.needs_consent() == [] and table.options.consent == ["cheat_mode"]
    assert json.loads(table.encode())["options"]["rules"]["cheat_mode"] is False


def test_a_table_opened_without_rules_plays_the_games_defaults() -> None:
    assert TableOptions().rules is None
    options = TableOptions.from_dict({"rules": {}, "turn_seconds": None}, KadiRules)
    assert options.rules == KadiRules()


class SilentPresenter:
    async def table_changed(self, table: Table, events: object) -> None:
        return None


async def test_the_runtime_opens_a_table_with_rules_objects_and_changes_none_it_was_given(storage: Storage) -> None:
    runtime = TableRuntime(storage, SilentPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        given = TableOptions(turn_seconds=None)
        table = await runtime.create(1, 10, "kadi", 101, "Alice", given)
        assert given.rules is None and table.options is not given and table.options.rules == KadiRules()
        house = kadi_options(3, 0, 2, "anticlockwise", bombs_answer_bombs=True)
        table = await runtime.create(1, 11, "kadi", 101, "Alice", house, computers=1, start_now=True)
        assert table.game is not None and table.game.rules is house.rules
        with pytest.raises(TableError) as refused:  # another game's rules: the cog's mistake
            await runtime.create(1, 12, "donkey", 101, "Alice", house)
        assert refused.value.code == "unknown-rules"
        # Restored from what was saved, the table plays the same rules.
        restarted = TableRuntime(storage, SilentPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
        try:
            await restarted.restore()
            again = restarted.tables[table.id]
            assert again.options.rules == house.rules and again.game is not None and again.game.rules == house.rules
        finally:
            await restarted.close()
    finally:
        await runtime.close()
