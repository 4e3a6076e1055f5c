"""Looking back at finished rounds: the server's recent rounds, and one round step by step.

Nothing new is saved for this. A round is replayed from what every save already keeps:
the table's record (its seats, options and final engine state, which holds the match's
seed and rules) and its move log (``moves``, one row per accepted engine move, numbered
by ``Table.moves_applied``). A match replays exactly from its seed and its moves
(``Game.replay``, docs/engine.md), so the deal is dealt again from the seed and every
logged move applied to it. The replay is checked against the final state saved with the
table: a round whose log no longer leads there (an engine that has since changed how it
deals or plays, a log cut short) is refused in plain words (``round-cannot-replay``),
never shown wrong.

Each step is the match as the table saw it after one move (step 0: as the round was
dealt), with the public events of that move. The table's public view and those events
are what the table message showed; a seat's own view is there too, for the presenter to
show a member their own hand in their own replay, and nobody else's.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.core.events import RoundOver
from bot.games.core.game import Game
from bot.games.core.moves import Move
from bot.storage.base import PlayedRound, Storage, TableRow
from bot.tables.table import RECENT_EVENTS, Seat, Table, TableError, TableStatus

ROUNDS_LISTED = 10  # /<game> history's rounds (one embed, one menu of them)
TIMELINES_KEPT = 32  # replayed rounds kept in memory: each ◀ ▶ click reads one
ROUND_KEY_SEP = ":"


def round_key(table_id: str, round_no: int) -> str:
    """How a round is named in an option's value and a button's custom id: ``<table>:<round>``."""
    return f"{table_id}{ROUND_KEY_SEP}{round_no}"


def parse_round_key(key: str) -> tuple[str, int]:
    """The (table, round) a ``round_key`` names; ``TableError("no-such-round")`` otherwise."""
    table_id, _, round_text = key.strip().partition(ROUND_KEY_SEP)
    if len(table_id) != 8 or not table_id.isalnum() or not round_text.isdigit():
        raise TableError("no-such-round")
    return table_id, int(round_text)


@dataclass(frozen=True)
class RoundSummary:
    """One line of ``/<game> history``: a recorded round in words' raw material."""

    table_id: str
    round_no: int
    channel_id: int
    at: float
    names: tuple[str, ...]  # by seat, as the table named its players
    user_ids: tuple[int | None, ...]  # by seat; None a computer
    winners: tuple[int, ...]  # seats
    loser: int | None  # the Donkey's seat, where the game names one

    @property
    def key(self) -> str:
        return round_key(self.table_id, self.round_no)


def summary_of(played: PlayedRound) -> RoundSummary:
    """A recorded round's summary; its players' names from the table's record (a seat
    recorded without a name in it reads as its number)."""
    try:
        seats = [Seat.from_dict(s) for s in json.loads(played.record)["seats"]]
    except (ValueError, KeyError, TypeError):
        seats = []
    ranked = {p.seat: p for p in played.seats}
    count = max([len(seats), *(p.seat + 1 for p in played.seats)])
    names = tuple(seats[i].name if i < len(seats) else f"#{i + 1}" for i in range(count))
    user_ids = tuple(ranked[i].user_id if i in ranked else (seats[i].user_id if i < len(seats) else None)
                     for i in range(count))
    winners = tuple(p.seat for p in played.seats if p.won)
    loser = next((p.seat for p in played.seats if p.lost), None)
    return RoundSummary(played.table_id, played.round_no, played.channel_id, played.at, names, user_ids,
                        winners, loser)


@dataclass(frozen=True)
class ReplayStep:
    game: Game  # the match after this step's move (step 0: the round as dealt); never changed
    seat: int | None  # who moved; None at step 0
    move: Move | None
    events: tuple[dict[str, Any], ...]  # the public events of this move (Event.to_dict())
    recent: tuple[dict[str, Any], ...]  # the last public events up to here, as the table message kept them


@dataclass(frozen=True)
class Timeline:
    """One finished round, step by step."""

    table: Table  # the table as saved at its end (seats, options), without a match
    round_no: int
    steps: tuple[ReplayStep, ...]

    def seat_of(self, user_id: int) -> int | None:
        """The member's seat in this round (whether or not they left later), or None."""
        return next((i for i, s in enumerate(self.table.seats) if s.user_id == user_id), None)

    def next_dealt(self, step: int) -> bool:
        """Whether ``step`` already holds the next round's deal: the move that ended this
        round, in a match that goes on (the hands then are the next round's)."""
        return step == len(self.steps) - 1 and not self.steps[step].game.is_over

    def table_at(self, step: int) -> Table:
        """The table as its message showed it at ``step``: the match then, the events up to
        then, no clock, and its seats as they sat (not marked as left or away)."""
        at = self.steps[step]
        seats = [replace(s, left=False, autopilot=False, timeouts=0) for s in self.table.seats]
        table = replace(self.table, seats=seats, game=at.game, recent=list(at.recent), deadline=None,
                        clock_seat=None, window=False, consent=None)
        table.status = TableStatus.OVER if at.game.is_over else TableStatus.PLAYING
        return table


def replay_round(row: TableRow, moves: Sequence[tuple[int, str]], round_no: int) -> Timeline:
    """Round ``round_no`` of the stored table ``row`` with its move log ``moves`` (seat,
    text), replayed from the deal; ``TableError("round-cannot-replay")`` when the log does
    not lead to the state saved (or the record cannot be read)."""
    try:
        record = json.loads(row.record)
        base = Table.from_record(row.id, row.guild_id, row.channel_id, row.game, row.status, record)
        saved = base.game
        if saved is None:
            raise ValueError("no match was dealt")
        logged = moves[:base.moves_applied]  # a move said not saved, left past the last save, is not the table's
        if len(logged) != base.moves_applied:
            raise ValueError("the move log is shorter than the table's moves")
        parsed = [(seat, Move.parse(text)) for seat, text in logged]
        start, end = _bounds(base.engine.new(len(base.seats), saved.rules, saved.seed), parsed, round_no)
        game = base.engine.new(len(base.seats), saved.rules, saved.seed)
        steps: list[ReplayStep] = []
        recent: list[dict[str, Any]] = []
        if start == 0:
            steps.append(ReplayStep(game.clone(), None, None, (), ()))
        for index, (seat, move) in enumerate(parsed):
            words = tuple(e.to_dict() for e in game.apply(seat, move))
            recent = [*recent, *words][-RECENT_EVENTS:]
            if index + 1 == start:
                steps.append(ReplayStep(game.clone(), None, None, (), tuple(recent)))  # the round as dealt
            elif start <= index < end:
                steps.append(ReplayStep(game.clone(), seat, move, words, tuple(recent)))
        if json.dumps(game.to_state(), sort_keys=True) != json.dumps(saved.to_state(), sort_keys=True):
            raise ValueError("the move log does not lead to the state saved")
    except TableError:
        raise
    except Exception:  # an old or damaged record: said plainly, never shown wrong
        raise TableError("round-cannot-replay") from None
    base.game = None
    return Timeline(base, round_no, tuple(steps))


def _bounds(game: Game, moves: Sequence[tuple[int, Move]], round_no: int) -> tuple[int, int]:
    """Which moves make round ``round_no``: (start, end), the round's moves being
    ``moves[start:end]`` and its deal the state after ``start`` moves. A round ends with
    the move whose events say so (``RoundOver``); a game whose match is its one round (Donkey:
    its rounds are tricks of one deal, and its result is recorded at the last one's number)
    says only ``MatchOver``, and that round is the whole match. ValueError if it never ended."""
    start = 0
    for index, (seat, move) in enumerate(moves):
        events = game.apply(seat, move)
        for event in events:
            if isinstance(event, RoundOver):
                if event.round_no == round_no:
                    return start, index + 1
                start = index + 1
        if game.is_over:
            rounds_said = start > 0 or any(isinstance(e, RoundOver) for e in events)
            if not rounds_said and game.view(None).round_no == round_no:
                return 0, index + 1
    raise ValueError(f"round {round_no} did not end in this match")


class History:
    """The finished rounds, read from storage: recent rounds by guild and game, and
    replayed rounds (kept for a while, as each ◀ ▶ click reads one)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._timelines: OrderedDict[tuple[str, int], Timeline] = OrderedDict()

    def forget(self) -> None:
        """Let go of every replayed round kept, so the next click reads its round again, as
        after a restart (for tests of what a restarted process answers)."""
        self._timelines.clear()

    async def recent(self, guild_id: int, game: str, limit: int = ROUNDS_LISTED) -> list[RoundSummary]:
        return [summary_of(r) for r in await self.storage.recent_rounds(guild_id, game, limit)]

    async def timeline(self, guild_id: int, game: str | None, table_id: str, round_no: int) -> Timeline:
        """Round ``round_no`` of table ``table_id``, if it is a finished round of ``game``
        (None: of any game) in this guild; ``TableError`` (one sentence) otherwise."""
        key = (table_id, round_no)
        timeline = self._timelines.get(key)
        if timeline is None:
            row = await self.storage.table_row(table_id)
            if row is None or row.guild_id != guild_id or game not in (None, row.game):
                raise TableError("no-such-round")
            recorded = await self.storage.results_for(table_id)
            if not any(r[0] == round_no for r in recorded):
                raise TableError("no-such-round")
            moves = await self.storage.moves(table_id)
            # Replaying a long match is a few milliseconds of engine work: off the event loop
            # all the same, as a click's answer waits on it.
            timeline = await asyncio.to_thread(replay_round, row, moves, round_no)
            self._timelines[key] = timeline
            while len(self._timelines) > TIMELINES_KEPT:
                self._timelines.popitem(last=False)
        else:
            self._timelines.move_to_end(key)
        if timeline.table.guild_id != guild_id or game not in (None, timeline.table.game_name):
            raise TableError("no-such-round")
        return timeline
