"""Looking back without Discord (bot/tables/history.py), on both databases: the recent
rounds as storage lists them, and each round replayed from the move log to the state
saved; a log that no longer leads there is refused, never shown wrong."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.games.core.events import RoundOver
from bot.registry import table_rules
from bot.storage.base import Storage
from bot.tables.history import History, parse_round_key, replay_round
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import Table, TableError, TableOptions, TableStatus
from bot.ui.text.illegal import knows
from tests.e2e.botkit import players_move

GUILD, CHANNEL = 1, 10
ALICE, BOB = 101, 102


class SilentPresenter:
    async def table_changed(self, table: Table, events: Any) -> None:
        return None


@pytest.fixture
async def runtime(storage: Storage) -> AsyncIterator[TableRuntime]:
    rt = TableRuntime(storage, SilentPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    yield rt
    await rt.close()


async def played(runtime: TableRuntime, game: str, channel: int, rules: dict[str, Any] | None = None) -> Table:
    """A two-member table of ``game`` played to its end by its members' scripted moves."""
    options = TableOptions(rules=table_rules(game, rules or {}), turn_seconds=None)
    table = await runtime.create(GUILD, channel, game, ALICE, "Alice", options)
    await runtime.join(table.id, BOB, "Bob")
    await runtime.start(table.id, ALICE, seed=channel)
    for _ in range(3000):
        match = table.game
        if table.status == TableStatus.OVER or match is None:
            return table
        seat = match.next_actor()
        assert seat is not None
        await runtime.act(table.id, (ALICE, BOB)[seat], players_move(match.legal_moves(seat)))
    raise AssertionError("the match did not end")


async def test_recent_rounds_are_listed_newest_first_and_each_replays_to_its_end(
        runtime: TableRuntime, storage: Storage) -> None:
    kadi = await played(runtime, "kadi", 11, {"rounds": 2})
    karata = await played(runtime, "karata", 12)
    donkey = await played(runtime, "donkey", 13)
    history = History(storage)

    rounds = await history.recent(GUILD, "kadi")
    assert [(r.table_id, r.round_no) for r in rounds] == [(kadi.id, 2), (kadi.id, 1)]
    assert all(r.names == ("Alice", "Bob") and r.user_ids == (ALICE, BOB) and r.channel_id == 11 for r in rounds)
    assert all(len(r.winners) >= 1 for r in rounds)
    assert await history.recent(GUILD, "kadi", limit=1) == rounds[:1]
    assert await history.recent(GUILD + 1, "kadi") == []
    (donkey_round,) = await history.recent(GUILD, "donkey")
    assert donkey_round.loser is not None and parse_round_key(donkey_round.key) == (donkey.id, donkey_round.round_no)

    for table, round_no in ((kadi, 1), (kadi, 2), (karata, 1), (donkey, donkey_round.round_no)):
        timeline = await history.timeline(GUILD, table.game_name, table.id, round_no)
        first, last = timeline.steps[0], timeline.steps[-1]
        dealt = 1 if table is donkey else round_no  # Donkey's rounds are tricks of one deal: its round is the match
        assert first.move is None and first.game.view(None).round_no == dealt  # the round as dealt
        assert last.game.is_over or any(e["event"] == RoundOver.__name__ and e["round_no"] == round_no
                                        for e in last.events)
        assert all(s.move is not None for s in timeline.steps[1:])
        assert timeline.seat_of(ALICE) == 0 and timeline.seat_of(BOB) == 1
        shown = timeline.table_at(len(timeline.steps) - 1)
        assert shown.game is last.game and shown.deadline is None
    steps = [len((await history.timeline(GUILD, "kadi", kadi.id, n)).steps) - 1 for n in (1, 2)]
    assert sum(steps) == kadi.moves_applied  # every logged move is a step of one round or the other
    whole = await history.timeline(GUILD, "donkey", donkey.id, donkey_round.round_no)
    assert len(whole.steps) == donkey.moves_applied + 1  # the deal, then every move of the match

    for guild, game, table_id, round_no in ((GUILD + 1, "kadi", kadi.id, 1), (GUILD, "karata", kadi.id, 1),
                                            (GUILD, "kadi", kadi.id, 3), (GUILD, "kadi", "nosuchtb", 1)):
        with pytest.raises(TableError) as refused:
            await history.timeline(guild, game, table_id, round_no)
        assert refused.value.code == "no-such-round" and knows(refused.value)


async def test_a_log_that_no_longer_leads_to_the_saved_state_is_refused_in_plain_words(
        runtime: TableRuntime, storage: Storage) -> None:
    table = await played(runtime, "kadi", 21)
    row = await storage.table_row(table.id)
    assert row is not None
    moves = await storage.moves(table.id)
    assert len(replay_round(row, moves, 1).steps) == len(moves) + 1
    # A move log past the last save (a move said not saved) is not the table's: left out.
    assert len(replay_round(row, [*moves, (0, "draw")], 1).steps) == len(moves) + 1
    draws = next(i for i, (_, text) in enumerate(moves) if text.startswith("play"))
    changed = [*moves[:draws], (moves[draws][0], "draw"), *moves[draws + 1:]]
    for log in (moves[:-1], changed):
        with pytest.raises(TableError) as refused:
            replay_round(row, log, 1)
        assert refused.value.code == "round-cannot-replay" and knows(refused.value)
    with pytest.raises(TableError):
        parse_round_key("not a round")


def test_a_long_round_is_sampled_evenly_for_its_animation() -> None:
    from bot.ui.cards.animation import MAX_FRAMES, sampled

    assert sampled(5) == [0, 1, 2, 3, 4]
    long = sampled(1000)
    assert len(long) == MAX_FRAMES and long[0] == 0 and long[-1] == 999 and long == sorted(set(long))
