"""A server's own house rules (issue 32, item 4) in storage, on both databases (the
``storage`` fixture runs each test on SQLite and PostgreSQL), and how a new table's options
are chosen from them (bot/ui/presets.py): a channel's preset replaces the server's whole,
the host's options win for one table, an option a later version no longer knows is left out
with a log line, and a preset can only hold what ``/<game> new`` takes."""

from __future__ import annotations

import logging
from typing import Any
from unittest.mock import MagicMock

import pytest
from discord import app_commands

from bot.storage.base import Preset, PresetScope, Storage
from bot.tables.table import RulesFrom
from bot.ui import presets
from cogs.donkey import DonkeyCog
from cogs.kadi import KadiCog
from cogs.karata import KarataCog
from tests.storages import fetch

GUILD, OTHER_GUILD = 1, 2
HERE, THERE = 10, 11
BOSS = 99
COGS = (KadiCog, KarataCog, DonkeyCog)


def parameters(cog: type) -> list[app_commands.Parameter]:
    command = cog.new
    assert isinstance(command, app_commands.Command)
    return command.parameters


async def test_a_preset_is_saved_shown_replaced_and_cleared(storage: Storage) -> None:
    assert await storage.presets_here(GUILD, "kadi", HERE) == []
    await storage.save_preset(GUILD, "kadi", PresetScope.SERVER, HERE, {"deal": 5, "no_jokers": True}, BOSS, 100.0)
    (server,) = await storage.presets_here(GUILD, "kadi", HERE)
    assert server == Preset("kadi", PresetScope.SERVER, 0, {"deal": 5, "no_jokers": True}, BOSS, 100.0)
    # The server's applies in every channel; not in another game, nor another server.
    assert await storage.presets_here(GUILD, "kadi", THERE) == [server]
    assert await storage.presets_here(GUILD, "karata", HERE) == []
    assert await storage.presets_here(OTHER_GUILD, "kadi", HERE) == []
    # Saved again, it is replaced whole: an option left out is gone.
    await storage.save_preset(GUILD, "kadi", PresetScope.SERVER, THERE, {"ace_finish": True}, BOSS + 1, 200.0)
    (server,) = await storage.presets_here(GUILD, "kadi", HERE)
    assert server.options == {"ace_finish": True} and server.saved_by == BOSS + 1 and server.saved_at == 200.0
    assert await storage.clear_preset(GUILD, "kadi", PresetScope.SERVER, HERE) is True
    assert await storage.presets_here(GUILD, "kadi", HERE) == []
    assert await storage.clear_preset(GUILD, "kadi", PresetScope.SERVER, HERE) is False


async def test_a_channels_preset_comes_first_and_only_there(storage: Storage) -> None:
    await storage.save_preset(GUILD, "kadi", PresetScope.SERVER, HERE, {"deal": 5}, BOSS)
    await storage.save_preset(GUILD, "kadi", PresetScope.CHANNEL, HERE, {"deal": 3}, BOSS)
    here = await storage.presets_here(GUILD, "kadi", HERE)
    assert [(p.scope, p.channel_id, p.options) for p in here] == [
        (PresetScope.CHANNEL, HERE, {"deal": 3}), (PresetScope.SERVER, 0, {"deal": 5})]
    there = await storage.presets_here(GUILD, "kadi", THERE)
    assert [(p.scope, p.options) for p in there] == [(PresetScope.SERVER, {"deal": 5})]
    # Clearing the channel's leaves the server's.
    assert await storage.clear_preset(GUILD, "kadi", PresetScope.CHANNEL, HERE)
    assert [p.scope for p in await storage.presets_here(GUILD, "kadi", HERE)] == [PresetScope.SERVER]


async def test_an_option_no_longer_known_is_left_out_with_a_log_line(
        storage: Storage, caplog: pytest.LogCaptureFixture) -> None:
    await storage.save_preset(GUILD, "kadi", PresetScope.SERVER, HERE,
                              {"deal": 5, "jokers_are_wild": True, "rounds": 99, "no_jokers": "yes"}, BOSS)
    # And a row edited by hand into something that is not an object reads as no options.
    await storage.save_preset(GUILD, "kadi", PresetScope.CHANNEL, THERE, {}, BOSS)
    await fetch(storage, "UPDATE presets SET options = ? WHERE channel_id = ?", "[1, 2]", THERE)
    with caplog.at_level(logging.WARNING, logger="bot.ui.presets"):
        found = await storage.presets_here(GUILD, "kadi", HERE)
        start = presets.starting_values(parameters(KadiCog), KadiCog.new_defaults, {}, found)
    assert start.values == {**KadiCog.new_defaults, "deal": 5} and start.rules_from is RulesFrom.SERVER
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "jokers_are_wild" in logged and "rounds=99" in logged and "no_jokers='yes'" in logged, logged
    (edited, _) = await storage.presets_here(GUILD, "kadi", THERE)
    assert edited.options == {} and edited.scope is PresetScope.CHANNEL


def preset(scope: PresetScope, **options: object) -> Preset:
    return Preset("kadi", scope, HERE if scope is PresetScope.CHANNEL else 0, dict(options), BOSS, 0.0)


def test_the_host_wins_for_one_table_and_a_channels_preset_replaces_the_servers_whole() -> None:
    params = parameters(KadiCog)
    channel = preset(PresetScope.CHANNEL, deal=3)
    server = preset(PresetScope.SERVER, deal=5, punishment_accumulates=True)
    start = presets.starting_values(params, KadiCog.new_defaults, {"deal": None}, [channel, server])
    # The server's punishment_accumulates is not merged in: the channel's preset is whole.
    assert start.values == {**KadiCog.new_defaults, "deal": 3}
    assert start.rules_from is RulesFrom.CHANNEL and not start.changed
    mine = presets.starting_values(params, KadiCog.new_defaults, {"deal": 4, "ace_finish": None}, [server])
    assert mine.values == {**KadiCog.new_defaults, "deal": 4, "punishment_accumulates": True}
    assert mine.rules_from is RulesFrom.SERVER and mine.changed
    same = presets.starting_values(params, KadiCog.new_defaults, {"deal": 5}, [server])
    assert not same.changed  # giving the preset's own value changes nothing
    alone = presets.starting_values(params, KadiCog.new_defaults, {"rounds": 3}, [])
    assert alone.rules_from is RulesFrom.TABLE and not alone.changed and alone.values["rounds"] == 3


def test_a_solo_table_takes_no_rule_that_asks_every_player_first() -> None:
    saved = Preset("karata", PresetScope.SERVER, 0, {"preset": "kadi-moja", "cheat_mode": True}, BOSS, 0.0)
    start = presets.starting_values(parameters(KarataCog), {**KarataCog.new_defaults, **KarataCog.solo_defaults},
                                    {"turn_timer": None}, [saved], KarataCog.solo_leaves_out)
    assert start.values["preset"] == "kadi-moja" and start.values["cheat_mode"] is False
    assert start.values["turn_timer"] == 0


def test_a_preset_holds_only_what_new_takes() -> None:
    params = parameters(KadiCog)
    assert presets.options_refused(params, {"deal": 5, "no_jokers": True, "direction": "anticlockwise"}) is None
    for wrong in ({"deal": 6}, {"rounds": 0}, {"direction": "sideways"}, {"no_jokers": 1}, {"deal": True}):
        assert presets.options_refused(params, wrong) is not None, wrong
    assert presets.options_refused(parameters(KarataCog), {"points_ceiling": 5}) is not None
    with pytest.raises(KeyError):
        presets.options_refused(params, {"jokers_are_wild": True})


@pytest.mark.parametrize("cog", COGS, ids=[c.game for c in COGS])
def test_presets_save_takes_new_s_options_and_a_scope(cog: type) -> None:
    """``/<game> presets save`` offers exactly ``/<game> new``'s options, declared alike,
    and ``new_defaults`` names each of them."""
    group = cog.presets
    assert isinstance(group, app_commands.Group)
    save = group.get_command("save")
    assert isinstance(save, app_commands.Command)
    new = {p.name: p for p in parameters(cog)}
    saved = {p.name: p for p in save.parameters}
    assert set(saved) == set(new) | {"scope"}
    assert set(cog.new_defaults) == set(new)
    for name, param in new.items():
        other = saved[name]
        assert (other.type, other.min_value, other.max_value, other.required) == (
            param.type, param.min_value, param.max_value, False), name
        assert [c.value for c in other.choices] == [c.value for c in param.choices], name
        assert other.description == param.description, name
    assert [c.value for c in saved["scope"].choices] == ["channel", "server"]
    assert {c.name for c in group.commands} == {"save", "show", "clear"}


def characters(data: dict[str, Any]) -> int:
    """What Discord counts of a command: names, descriptions and choices, options included."""
    count = len(data.get("name", "")) + len(data.get("description", ""))
    count += sum(len(c["name"]) + len(str(c["value"])) for c in data.get("choices") or [])
    return count + sum(characters(o) for o in data.get("options") or [])


@pytest.mark.parametrize("cog", COGS, ids=[c.game for c in COGS])
def test_each_games_commands_stay_within_discords_size(cog: type) -> None:
    """Discord refuses a command whose names, descriptions and choices together pass 4,000
    characters (8,000 since 2023; the older bound kept): /<game> presets save repeats
    /<game> new's options."""
    instance = cog(MagicMock())
    assert characters(instance.app_command.to_dict(MagicMock())) <= 4000
