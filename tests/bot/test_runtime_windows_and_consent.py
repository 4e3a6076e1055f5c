"""The runtime's short decision windows (``Game.clock_hint``: Karata's plug window) and the
consent every human gives before the deal to switches such as cheat mode. No Discord."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from bot.games.core.events import Event
from bot.games.karata import KarataGame, KarataRules
from bot.registry import game_class
from bot.storage.base import Storage
from bot.tables.events import ConsentGiven, ConsentRefused
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import StaleAction, Table, TableError, TableOptions, TableStatus
from bot.ui.text.illegal import sentence
from tests.waiting import eventually

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL = 101, 102, 103
FAST = Timing(computer_delay=(0.0, 0.0), call_wait=0.0)


class RecordingPresenter:
    """Records changes. It gives no decision window: Karata's plug window comes from
    the engine (``KarataGame.clock_hint``)."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    async def table_changed(self, table: Table, events: Sequence[Event]) -> None:
        self.events.extend(events)



@pytest.fixture
async def runtime(storage: Storage) -> AsyncIterator[TableRuntime]:
    rt = TableRuntime(storage, RecordingPresenter(), FAST)
    yield rt
    await rt.close()


def events_of(runtime: TableRuntime) -> list[Event]:
    presenter = runtime.presenter
    assert isinstance(presenter, RecordingPresenter)
    return presenter.events


def cheat_options() -> TableOptions:
    return TableOptions(rules=KarataRules(cheat_mode=True), turn_seconds=None, consent=["cheat_mode"])


def plug_position(table: Table) -> None:
    """Seat 0 to play 7♠ on 5♠; seat 1 holds 7♥ (it may plug)."""
    game = table.game
    assert isinstance(game, KarataGame)
    state = game.to_state()
    state.update(hands=[["7S", "3D"], ["7H", "4D"], ["9C", "5C"]], discard=["5S"], turn=0, phase="turn",
                 taken=[2, 2, 2], laid=[0, 0, 0])
    pile = [c for c in state["draw_pile"] + state["discard"] if c not in {"7S", "3D", "7H", "4D", "9C", "5C", "5S"}]
    for hand in game.state.hands:
        pile += [c.code for c in hand if c.code not in {"7S", "3D", "7H", "4D", "9C", "5C", "5S"}]
    state["draw_pile"] = pile
    table.game = KarataGame.from_state(state)


@pytest.mark.parametrize("game", ["kadi", "karata", "donkey"])
def test_engines_give_no_hint_by_default(game: str) -> None:
    assert game_class(game).new(2, seed=1).clock_hint() is None


async def test_a_plug_window_runs_without_a_turn_clock_and_its_end_is_no_timeout(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", TableOptions(turn_seconds=None))
    await runtime.join(table.id, BOB, "Bob")
    await runtime.join(table.id, CAROL, "Carol")
    await runtime.start(table.id, ALICE, seed=5)
    plug_position(table)
    await runtime.act(table.id, ALICE, "play 7S")
    assert table.window and table.clock_seat == 1 and table.deadline is not None
    # Shorten the window and let it close: the skip is served, not counted as Bob's timeout.
    runtime.scheduler.restart_turn_clock(table.id, table.version, 0.05)
    await eventually(lambda: not table.window, "the plug window to close")
    game = table.game
    assert isinstance(game, KarataGame)
    assert game.turn == 2 and game.state.phase == "turn"
    assert table.seats[1].timeouts == 0 and table.deadline is None
    assert not any(type(e).__name__ == "TimedOut" for e in events_of(runtime))


async def test_a_computer_decides_a_plug_at_once(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", TableOptions(turn_seconds=None),
                                 computers=2)
    await runtime.start(table.id, ALICE, seed=5)
    runtime.scheduler.timing = Timing(computer_delay=(30.0, 30.0), call_wait=0.0)  # a slow computer, but not for plugs
    plug_position(table)
    await runtime.act(table.id, ALICE, "play 7S")
    plan = runtime.scheduler.plan_computer_move(table)
    assert plan is not None
    assert plan.seat == 1 and plan.delay == 0.0 and plan.move.kind in ("play", "pass")
    assert not table.window, "no window runs for a computer: it decides at once"


async def test_everybody_agrees_and_cheat_mode_stays_on(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", cheat_options())
    await runtime.join(table.id, BOB, "Bob")
    await runtime.join(table.id, CAROL, "Carol")
    await runtime.start(table.id, ALICE, seed=3)
    assert table.status == TableStatus.LOBBY and [s.name for s in table.awaiting_consent()] == ["Bob", "Carol"]
    with pytest.raises(TableError) as refused:
        await runtime.join(table.id, 104, "Dave")
    assert refused.value.code == "about-to-start"
    with pytest.raises(TableError) as refused:
        await runtime.start(table.id, ALICE)
    assert refused.value.code == "awaiting-consent"
    with pytest.raises(TableError) as refused:
        await runtime.consent(table.id, 104, True)
    assert refused.value.code == "consent-players-only"
    await runtime.consent(table.id, BOB, True)
    with pytest.raises(TableError) as refused:
        await runtime.consent(table.id, BOB, True)
    assert refused.value.code == "already-agreed"
    assert sentence(refused.value) == "You have already agreed."
    await runtime.consent(table.id, CAROL, True)
    assert table.status == TableStatus.PLAYING and table.consent is None
    assert isinstance(table.game, KarataGame) and table.game.rules.cheat_mode
    assert ConsentGiven(("cheat_mode",)) in events_of(runtime)
    with pytest.raises(StaleAction) as stale:
        await runtime.consent(table.id, CAROL, False)
    assert stale.value.code == "not-asking-consent"


async def test_one_refusal_turns_cheat_mode_off(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", cheat_options())
    await runtime.join(table.id, BOB, "Bob")
    await runtime.start(table.id, ALICE, seed=3)
    await runtime.consent(table.id, BOB, False)
    assert table.status == TableStatus.PLAYING and isinstance(table.game, KarataGame)
    assert not table.game.rules.cheat_mode and table.options.rules == KarataRules()
    assert ConsentRefused(("cheat_mode",), 1) in events_of(runtime)


async def test_time_running_out_turns_cheat_mode_off(runtime: TableRuntime) -> None:
    runtime.consent_seconds = 0.05
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", cheat_options())
    await runtime.join(table.id, BOB, "Bob")
    await runtime.start(table.id, ALICE, seed=3)
    await eventually(lambda: ConsentRefused(("cheat_mode",), None) in events_of(runtime), "consent to run out")
    assert table.status == TableStatus.PLAYING
    assert isinstance(table.game, KarataGame) and not table.game.rules.cheat_mode


async def test_a_host_alone_with_computers_needs_nobody_else(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", cheat_options(), computers=2)
    await runtime.start(table.id, ALICE, seed=3)
    assert table.status == TableStatus.PLAYING and isinstance(table.game, KarataGame) and table.game.rules.cheat_mode


async def test_the_last_holdout_leaving_deals_the_game(runtime: TableRuntime) -> None:
    table = await runtime.create(GUILD, CHANNEL, "karata", ALICE, "Alice", cheat_options())
    await runtime.join(table.id, BOB, "Bob")
    await runtime.join(table.id, CAROL, "Carol")
    await runtime.start(table.id, ALICE, seed=3)
    await runtime.consent(table.id, BOB, True)
    await runtime.leave(table.id, CAROL)
    assert table.status == TableStatus.PLAYING and len(table.seats) == 2
    assert isinstance(table.game, KarataGame) and table.game.rules.cheat_mode


async def test_a_restart_while_asking_keeps_asking_and_its_clock(storage: Storage) -> None:
    first = TableRuntime(storage, RecordingPresenter(), FAST)
    table = await first.create(GUILD, CHANNEL, "karata", ALICE, "Alice", cheat_options())
    await first.join(table.id, BOB, "Bob")
    await first.start(table.id, ALICE, seed=3)
    await first.close()
    second = TableRuntime(storage, RecordingPresenter(), FAST)
    try:
        assert await second.restore() == 1
        restored = second.tables[table.id]
        assert restored.consent is not None and table.id in second.scheduler.clocks
        await second.consent(table.id, BOB, True)
        assert restored.status == TableStatus.PLAYING and isinstance(restored.game, KarataGame)
        assert restored.game.rules.cheat_mode
    finally:
        await second.close()
