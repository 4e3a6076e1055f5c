"""docs/engine.md, "Adding a game", is true (issue 31): a fourth game added through
``bot.registry.GAMES`` alone (tests/toy_game.py, one ``GameEntry``) is offered by
/leaderboard's and /stats' choices, drawn in a table picture, and played to its end
through the table runtime, a computer from the registry at one seat, with its round
recorded and its move log replaying to the saved state."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from discord import app_commands

from bot import registry
from bot.games.core.moves import Move
from bot.storage.base import Storage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import TableOptions, TableStatus
from bot.ui.cards import scene_of
from tests.waiting import eventually

GUILD, CHANNEL, ALICE = 1, 10, 101
TOY = registry.GameEntry("toy", "tests.toy_game:ToyGame", "tests.toy_game:ToyPlayer", "tests.toy_game:ToyUI",
                         "tests.toy_game")  # no scene: its picture shows the seats alone


class Quiet:
    async def table_changed(self, table: object, events: object) -> None:
        pass


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toy", TOY)  # type: ignore[index]


@pytest.fixture
async def runtime(storage: Storage, toy: None) -> AsyncIterator[TableRuntime]:
    rt = TableRuntime(storage, Quiet(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    yield rt
    await rt.close()


def test_the_registry_offers_it_to_pick_from(toy: None) -> None:
    from cogs.standings import game_choices

    assert registry.game_titles()["toy"] == "Toy (a test game)"
    assert app_commands.Choice(name="Toy (a test game)", value="toy") in game_choices()
    assert game_choices()[:3] == [app_commands.Choice(name="Kadi", value="kadi"),
                                  app_commands.Choice(name="Karata / Kadi Moja", value="karata"),
                                  app_commands.Choice(name="Donkey", value="donkey")]
    assert "tests.toy_game" in registry.extensions()


async def test_a_toy_game_plays_to_its_end_through_the_runtime(runtime: TableRuntime, storage: Storage) -> None:
    table = await runtime.create(GUILD, CHANNEL, "toy", ALICE, "Alice", TableOptions(), computers=1, start_now=True)
    scene = scene_of(table.game.view(None), ["Alice", "Computer 1"], table.recent, game="toy")
    assert [(s.name, s.count) for s in scene.seats] == [("Alice", 2), ("Computer 1", 2)] and not scene.pile
    assert scene_of(table.game.view(None), ["Alice", "Computer 1"]) == scene  # found by its view's type

    mine = table.seat_of(ALICE)
    assert mine is not None
    while table.status != TableStatus.OVER:
        await eventually(lambda: table.status == TableStatus.OVER or table.game.turn == mine)
        if table.status != TableStatus.OVER:
            (move, *_) = table.game.legal_moves(mine)
            await runtime.act(table.id, ALICE, move, table.version)

    result = table.game.result()
    assert result is not None and sorted(r for r in result.ranks if r is not None) == [1, 2]
    rows = await storage.results_for(table.id)
    assert len(rows) == 2
    replay = type(table.game).new(2, table.game.rules, table.game.seed)
    for seat, text in await storage.moves(table.id):
        replay.apply(seat, Move.parse(text))
    assert replay.to_state() == table.game.to_state()
