"""``Storage`` (base.py) written once, in SQL both databases speak; ``SQLiteStorage``
(sqlite.py) and ``PostgresStorage`` (postgres.py) say only what differs between them.

Shared here: every statement (written with ``?`` placeholders; PostgreSQL's connection
numbers them), the reads, the small writes, what one save writes (the table's row, its
new moves, a finished round's results with their standings and ratings: ``write_save``,
``record_results``, ``record_round``) and the group-commit queue (``save_table``). Both
databases take the same upserts: SQLite 3.24 adopted PostgreSQL's ``ON CONFLICT``.

Each database's own module says how to reach it and how its transactions go: SQLite runs
a group's transaction as one call on aiosqlite's worker thread, a savepoint per save;
PostgreSQL writes a group as one statement on a connection of its own, a round's save as
a transaction of its own, under deadlines, and finds out whether a save whose answer was
lost landed. And two things the shared code asks of a connection (``Connection``): which
result rows an insert added (SQLite before 3.35 has no ``RETURNING``) and taking turns on
a guild's standings (SQLite has one writer; PostgreSQL an advisory lock).
"""

from __future__ import annotations

import abc
import asyncio
import json
import math
import sys
import time
from collections.abc import Awaitable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, ClassVar, Protocol

from bot.storage.base import (
    ACTIVE,
    FINISHED,
    PlayedRound,
    PlayedSeat,
    Preset,
    PresetScope,
    Rating,
    ResultRow,
    Seasons,
    Standing,
    TableRow,
    TableStatus,
)
from bot.storage.rating import (
    ALL,
    HUMANS,
    MIN_RATED_ROUNDS,
    Figures,
    Placing,
    StoredRating,
    apply_round,
    figure_keys,
    finishing_order,
    ordinal,
)


def placeholders(count: int) -> str:
    """``(?, ?, ...)``: one row's values."""
    return f"({', '.join('?' * count)})"


# ---------------------------------------------------------------- statements
TABLE_COLUMNS = "id, guild_id, channel_id, game, status, record"  # a TableRow, in its fields' order
TABLE_INSERT = f"INSERT INTO tables ({TABLE_COLUMNS}, updated_at, redraw)"
TABLE_CONFLICT = ("ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
                  " updated_at = excluded.updated_at, redraw = excluded.redraw")
SAVE_TABLE = f"{TABLE_INSERT} VALUES {placeholders(8)} {TABLE_CONFLICT}"
MOVE_INSERT = "INSERT INTO moves (table_id, seq, seat, move, at)"
# A move at a number already stored is replaced: the same save written again changes
# nothing, and a move made in place of one said not saved (or not known to have landed)
# takes its number, so the move log converges to what the runtime holds.
MOVE_CONFLICT = "ON CONFLICT (table_id, seq) DO UPDATE SET seat = excluded.seat, move = excluded.move, at = excluded.at"
SAVE_MOVE = f"{MOVE_INSERT} VALUES {placeholders(5)} {MOVE_CONFLICT}"
RESULT_INSERT = ("INSERT INTO results (table_id, round_no, seat, guild_id, game, user_id, rank, points, won, lost,"
                 " humans, computers, computer_level, at)")
RESULT_VALUES = placeholders(14)
# A round already recorded (saved again, or by another process at the same time) is
# skipped by the primary key, and so never rated twice.
RESULT_CONFLICT = "ON CONFLICT (table_id, round_no, seat) DO NOTHING"
SAVE_RESULT = f"{RESULT_INSERT} VALUES {RESULT_VALUES} {RESULT_CONFLICT}"
SAVE_STANDING = (
    "INSERT INTO standings (guild_id, game, scope, user_id, rounds, wins, rank_sum, points, losses, ranks)"
    f" VALUES {placeholders(10)} ON CONFLICT (guild_id, game, scope, user_id) DO UPDATE"
    " SET rounds = excluded.rounds, wins = excluded.wins, rank_sum = excluded.rank_sum,"
    " points = excluded.points, losses = excluded.losses, ranks = excluded.ranks")
SAVE_RATING = (
    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, rounds, history)"
    f" VALUES {placeholders(8)} ON CONFLICT (guild_id, game, user_id) DO UPDATE"
    " SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
    " rounds = excluded.rounds, history = excluded.history")
STANDING_SELECT = (
    "SELECT s.game, s.user_id, s.rounds, s.wins, s.rank_sum, s.points, s.losses, s.ranks,"
    " r.mu, r.sigma, r.rounds, r.history"
    " FROM standings s LEFT JOIN ratings r"
    " ON r.guild_id = s.guild_id AND r.game = s.game AND r.user_id = s.user_id"
)
# A season's figures (issue 32): the same rows as the all-time ones, with the season's number.
SAVE_SEASON_STANDING = (
    "INSERT INTO season_standings (guild_id, game, season, scope, user_id, rounds, wins, rank_sum, points, losses,"
    f" ranks) VALUES {placeholders(11)} ON CONFLICT (guild_id, game, season, scope, user_id) DO UPDATE"
    " SET rounds = excluded.rounds, wins = excluded.wins, rank_sum = excluded.rank_sum,"
    " points = excluded.points, losses = excluded.losses, ranks = excluded.ranks")
SAVE_SEASON_RATING = (
    "INSERT INTO season_ratings (guild_id, game, season, user_id, mu, sigma, ordinal, rounds, history)"
    f" VALUES {placeholders(9)} ON CONFLICT (guild_id, game, season, user_id) DO UPDATE"
    " SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
    " rounds = excluded.rounds, history = excluded.history")
SEASON_STANDING_SELECT = (
    "SELECT s.game, s.user_id, s.rounds, s.wins, s.rank_sum, s.points, s.losses, s.ranks,"
    " r.mu, r.sigma, r.rounds, r.history"
    " FROM season_standings s LEFT JOIN season_ratings r"
    " ON r.guild_id = s.guild_id AND r.game = s.game AND r.season = s.season AND r.user_id = s.user_id"
)
# The season begun last by a moment: live, the latest; for the rounds the copy to
# PostgreSQL records again (bot/storage/copy.py), the season each was played in.
LATEST_SEASON = ("SELECT season, started_at FROM seasons WHERE guild_id = ? AND game = ? AND started_at <= ?"
                 " ORDER BY season DESC LIMIT 1")
START_SEASON = ("INSERT INTO seasons (guild_id, game, season, started_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, game, season) DO NOTHING")
SEASON_PLAN = "SELECT monthly FROM season_plans WHERE guild_id = ? AND game = ?"
LEADERBOARD_ORDER = "ORDER BY r.ordinal IS NULL, r.ordinal DESC, s.wins DESC, s.rank_sum * 1.0 / s.rounds, s.user_id"


class Connection(Protocol):
    """A connection inside a write transaction, as the shared code speaks to it:
    statements with ``?`` placeholders, rows as sequences of values."""

    async def fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]: ...

    async def execute(self, sql: str, *args: Any) -> None: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def insert_results(self, rows: Sequence[Sequence[Any]]) -> set[tuple[int, int]]:
        """Insert the result rows (``RESULT_INSERT``'s columns) not recorded yet; the
        (round, seat) of those this call inserted."""
        ...

    async def lock_standings(self, guild_id: int, game: str) -> None:
        """Until the transaction ends, be the one writer of this guild's figures in this game."""
        ...


# ------------------------------------------------------------- one save's rows
@dataclass(frozen=True)
class Save:
    """One table's save, on its way: waiting for the next group commit, or alone."""

    table: TableRow
    moves: tuple[tuple[int, int, str], ...]  # (seq, seat, move text)
    results: tuple[ResultRow, ...]
    now: float  # the wall clock, stored with the rows
    until: float  # the loop's clock: past it the save is given up, said not saved (PostgreSQL)
    done: asyncio.Future[None]

    def settle(self, failure: BaseException | None) -> None:
        """Tell the caller: saved (``None``) or not (why). Only the first word counts."""
        if self.done.done():
            return
        if failure is None:
            self.done.set_result(None)
        else:
            self.done.set_exception(failure)


async def write_save(conn: Connection, save: Save) -> None:
    """One save's rows, inside the caller's transaction: the table, its new moves, and a
    finished round's results with their standings and ratings."""
    table, now = save.table, save.now
    await conn.execute(SAVE_TABLE, table.id, table.guild_id, table.channel_id, table.game, table.status,
                       table.record, now, table.status in FINISHED)
    if save.moves:
        await conn.executemany(SAVE_MOVE, [(table.id, seq, seat, text, now) for seq, seat, text in save.moves])
    if save.results:
        await record_results(conn, table.id, table.guild_id, table.game, save.results, now)


async def record_results(conn: Connection, table_id: str, guild_id: int, game: str, results: Sequence[ResultRow],
                         now: float) -> int:
    """Insert the result rows not recorded yet, then add each newly recorded round to the
    standings and ratings; inside the caller's transaction. Returns how many rows were new.

    The insert comes first and needs no lock: the same round recorded by another
    transaction at the same time waits on the primary key, then inserts nothing and
    rates nothing. Only a transaction with new rows takes its guild and game's turn to
    read and rewrite the figures; taking one such turn at a time, it cannot deadlock."""
    if not results:
        return 0
    new = await conn.insert_results([
        (table_id, r.round_no, r.seat, guild_id, game, r.user_id, r.rank, r.points, bool(r.won), bool(r.lost),
         r.humans, r.computers, r.computer_level, now) for r in results])
    if not new:
        return 0
    await conn.lock_standings(guild_id, game)
    season = await season_to_record(conn, guild_id, game, now)
    rounds: dict[int, list[Placing]] = {}
    for r in results:  # rated in the caller's order
        if (r.round_no, r.seat) in new:
            rounds.setdefault(r.round_no, []).append(Placing(r.user_id, r.rank, r.points, r.won, r.lost, r.humans))
    for placings in rounds.values():
        await record_round(conn, guild_id, game, placings)
        await record_round(conn, guild_id, game, placings, season=season)
    return len(new)


def month_of(at: float) -> tuple[int, int]:
    """The calendar month (UTC) a moment is in: monthly seasons turn when it changes."""
    day = datetime.fromtimestamp(at, UTC)
    return day.year, day.month


async def season_to_record(conn: Connection, guild_id: int, game: str, now: float) -> int:
    """The season a round recorded ``now`` counts in, holding the guild's standings: the
    latest one, or, when the guild turns its seasons monthly and the latest began in an
    earlier month, a new one begun now (so the month's first round opens it, whichever
    process records it). A guild that never had a season is in season 1, begun now."""
    latest = await conn.fetch(LATEST_SEASON, guild_id, game, now)
    if not latest:
        await conn.execute(START_SEASON, guild_id, game, 1, now)
        return 1
    season, started = int(latest[0][0]), float(latest[0][1])
    plan = await conn.fetch(SEASON_PLAN, guild_id, game)
    if plan and plan[0][0] and month_of(now) > month_of(started):
        season += 1
        await conn.execute(START_SEASON, guild_id, game, season, now)
    return season


async def record_round(conn: Connection, guild_id: int, game: str, placings: Sequence[Placing], *,
                       season: int | None = None) -> None:
    """Add one newly recorded round to the stored figures and ratings (``rating.apply_round``):
    the all-time ones, or with ``season`` that season's, which start afresh (a member's first
    round of a season is rated from the library's starting rating). Call it inside the
    transaction that inserted the round's result rows, with those rows only, holding the
    guild's standings (``Connection.lock_standings``)."""
    prefix, within, key = ("season_", " AND season = ?", (season,)) if season is not None else ("", "", ())
    keys = set(figure_keys(placings))
    figures: dict[tuple[str, int], Figures] = {}
    users = sorted({user for _, user in keys})
    if users:
        for scope, user_id, rounds, wins, rank_sum, points, losses, ranks in await conn.fetch(
                f"SELECT scope, user_id, rounds, wins, rank_sum, points, losses, ranks FROM {prefix}standings"
                f" WHERE guild_id = ? AND game = ?{within} AND user_id IN {placeholders(len(users))}",
                guild_id, game, *key, *users):
            if (scope, user_id) in keys:
                figures[scope, user_id] = Figures(rounds, wins, rank_sum, points, losses, json.loads(ranks))
    ratings: dict[int, StoredRating] = {}
    rated = list(finishing_order(placings))
    if rated:
        for user_id, mu, sigma, rounds, history in await conn.fetch(
                f"SELECT user_id, mu, sigma, rounds, history FROM {prefix}ratings"
                f" WHERE guild_id = ? AND game = ?{within} AND user_id IN {placeholders(len(rated))}",
                guild_id, game, *key, *rated):
            ratings[user_id] = StoredRating(float(mu), float(sigma), int(rounds), json.loads(history))
    apply_round(placings, figures, ratings)
    if figures:
        await conn.executemany(SAVE_SEASON_STANDING if season is not None else SAVE_STANDING, [
            (guild_id, game, *key, scope, user_id, f.rounds, f.wins, f.rank_sum, f.points, f.losses,
             json.dumps(f.ranks)) for (scope, user_id), f in figures.items()])
    if ratings:
        await conn.executemany(SAVE_SEASON_RATING if season is not None else SAVE_RATING, [
            (guild_id, game, *key, user_id, r.mu, r.sigma, ordinal(r.mu, r.sigma), r.rounds, json.dumps(r.history))
            for user_id, r in ratings.items()])


# ------------------------------------------------------------------- storage
class SQLStorage(abc.ABC):
    """``Storage`` over either database. A subclass says how to run a statement
    (``_fetch``, ``_execute``) and how to commit a group of saves (``_commit_group``), and
    lets go of its connections in ``close``."""

    # Saves one group commit takes at most (PostgreSQL's group is one statement: this bounds its size).
    group_most: ClassVar[int] = sys.maxsize
    # Whether a save ending a round waits for the group commit (SQLite: one connection for
    # everything anyway) or is a transaction of its own (PostgreSQL: it may wait for its
    # guild's standings lock, which must not hold up the moves of every other table).
    rounds_in_group: ClassVar[bool] = True

    def __init__(self, save_seconds: float = math.inf) -> None:
        self._save_seconds = save_seconds  # a save's deadline, from call to answer
        self._waiting: list[Save] = []  # saves waiting for the next group commit
        self._committer: asyncio.Future[None] | None = None
        self._saving: set[asyncio.Task[None]] = set()  # saves committed alone, on their way

    async def raw_fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        """The rows of one statement (``?`` placeholders) run straight on the database,
        past the interface: for tests and tools that look at what is on disk."""
        return await self._fetch(sql, *args)

    async def raw_execute(self, sql: str, *args: Any) -> None:
        """One write (``?`` placeholders) straight on the database, past the interface and
        its checks: for tests that lay down rows as an older version wrote them."""
        await self._execute(sql, *args)

    @abc.abstractmethod
    async def _fetch(self, sql: str, *args: Any) -> Sequence[Sequence[Any]]:
        """The rows of one read (``?`` placeholders)."""

    @abc.abstractmethod
    async def _execute(self, sql: str, *args: Any) -> None:
        """One write on its own, committed before it returns (``?`` placeholders)."""

    @abc.abstractmethod
    async def _commit_group(self, group: Sequence[Save]) -> None:
        """Commit ``group`` (``write_save`` of each, or what comes to the same) and settle
        each of its saves: saved, or why not. What it raises fails the saves it left."""

    async def _commit_alone(self, save: Save) -> None:
        """A save ending a round, when ``rounds_in_group`` is off."""
        await self._commit_group([save])

    @abc.abstractmethod
    async def close(self) -> None:
        """Let the saves on their way finish (``_saves_finished``), then let go of the database."""

    async def _saves_finished(self) -> None:
        on_their_way = [*self._saving, *([self._committer] if self._committer else [])]
        if on_their_way:
            await asyncio.wait(on_their_way)

    # ------------------------------------------------------------------ tables
    async def save_table(
        self,
        table: TableRow,
        *,
        moves: Sequence[tuple[int, int, str]] = (),
        results: Sequence[ResultRow] = (),
    ) -> None:
        """Write the table, its new moves (seq, seat, text) and any round results in one
        transaction, and return once they are durable.

        Group commit: saves that arrive while a commit is on its way wait for it, then go
        together in the next one. A commit waits for the disk (SQLite's ``synchronous=FULL``,
        PostgreSQL's ``synchronous_commit=on``); one wait then serves every table that saved
        meanwhile, instead of each table queueing for its own (docs/performance.md). A save
        the database refuses fails alone; the others of its group are saved.

        Saves are idempotent (a move at a number already stored replaces it, a round
        already recorded is skipped), so a save may be written again. A caller that gives
        up (cancelled) does not undo a save already on its way."""
        loop = asyncio.get_running_loop()
        save = Save(table, tuple(moves), tuple(results), time.time(), loop.time() + self._save_seconds,
                    loop.create_future())
        if results and not self.rounds_in_group:
            task = asyncio.ensure_future(self._settled([save], self._commit_alone(save)))
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)
        else:
            self._waiting.append(save)
            if self._committer is None or self._committer.done():
                self._committer = asyncio.ensure_future(self._commit_waiting())
        await asyncio.shield(save.done)

    async def _commit_waiting(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[:self.group_most], self._waiting[self.group_most:]
            try:
                await self._settled(group, self._commit_group(group))
            except asyncio.CancelledError:
                for save in self._waiting:
                    save.settle(RuntimeError("storage closed before the save"))
                raise

    @staticmethod
    async def _settled(saves: Sequence[Save], commit: Awaitable[None]) -> None:
        """Await ``commit``; should it raise, the saves it left unsettled fail with it
        (a fault of the bot's own, or the commit itself failing): none waits for ever."""
        try:
            await commit
        except asyncio.CancelledError:
            for save in saves:
                save.settle(RuntimeError("storage closed before the save"))
            raise
        except Exception as err:
            for save in saves:
                save.settle(err)

    async def active_tables(self) -> list[TableRow]:
        """Tables in the lobby or in play: the ones to bring back at start-up."""
        rows = await self._fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE status IN (?, ?) ORDER BY updated_at",
                                 *(status.value for status in ACTIVE))
        return [TableRow(*r) for r in rows]

    async def finished_to_redraw(self) -> list[TableRow]:
        """Finished tables whose last state may not have reached their message."""
        rows = await self._fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE redraw ORDER BY updated_at")
        return [TableRow(*r) for r in rows]

    async def final_drawn(self, table_id: str) -> None:
        """A finished table's message shows its end: nothing to redraw at the next start."""
        await self._execute("UPDATE tables SET redraw = FALSE WHERE id = ?", table_id)

    async def set_aside(self, table_id: str, problem: str) -> None:
        """Mark a table that cannot be restored: kept as it is for a person to look at,
        never loaded again (its channel is free for a new table)."""
        await self._execute("UPDATE tables SET status = ?, problem = ?, updated_at = ? WHERE id = ?",
                            TableStatus.SET_ASIDE.value, problem[:1000], time.time(), table_id)

    async def set_aside_tables(self) -> list[tuple[str, str]]:
        """(table id, why) of every table set aside."""
        rows = await self._fetch("SELECT id, COALESCE(problem, '') FROM tables WHERE status = ? ORDER BY updated_at",
                                 TableStatus.SET_ASIDE.value)
        return [(str(r[0]), str(r[1])) for r in rows]

    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        """(seat, move text) of a table's move log, in order."""
        rows = await self._fetch("SELECT seat, move FROM moves WHERE table_id = ? ORDER BY seq", table_id)
        return [(int(r[0]), str(r[1])) for r in rows]

    async def results_for(self, table_id: str) -> list[tuple[int, int, int | None, int]]:
        """(round, seat, user, rank) rows recorded for one table."""
        rows = await self._fetch(
            "SELECT round_no, seat, user_id, rank FROM results WHERE table_id = ? ORDER BY round_no, seat", table_id)
        return [(int(r[0]), int(r[1]), r[2], int(r[3])) for r in rows]

    async def recent_rounds(self, guild_id: int, game: str, limit: int = 10) -> list[PlayedRound]:
        """The guild's last ``limit`` recorded rounds of ``game``, newest first: the rounds
        are picked first (a round is several rows, one per seat), then their rows and table."""
        rows = await self._fetch(
            "SELECT r.table_id, r.round_no, t.channel_id, k.at, r.seat, r.user_id, r.rank, r.won, r.lost, t.record"
            " FROM (SELECT table_id, round_no, MAX(at) AS at FROM results WHERE guild_id = ? AND game = ?"
            " GROUP BY table_id, round_no ORDER BY MAX(at) DESC, table_id DESC, round_no DESC LIMIT ?) k"
            " JOIN results r ON r.table_id = k.table_id AND r.round_no = k.round_no"
            " JOIN tables t ON t.id = r.table_id"
            " ORDER BY k.at DESC, r.table_id DESC, r.round_no DESC, r.seat", guild_id, game, limit)
        rounds: list[PlayedRound] = []
        for table_id, round_no, channel_id, at, seat, user_id, rank, won, lost, record in rows:
            played = PlayedSeat(int(seat), None if user_id is None else int(user_id), int(rank), bool(won), bool(lost))
            last = rounds[-1] if rounds else None
            if last is not None and (last.table_id, last.round_no) == (table_id, round_no):
                rounds[-1] = replace(last, seats=(*last.seats, played))
            else:
                rounds.append(PlayedRound(str(table_id), int(round_no), int(channel_id), float(at), (played,),
                                          str(record)))
        return rounds

    async def table_row(self, table_id: str) -> TableRow | None:
        """One table as stored, whatever its status; None if there is none by that id."""
        rows = await self._fetch(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id = ?", table_id)
        return TableRow(*rows[0]) if rows else None

    # ------------------------------------------------------------------ members
    async def hand_images(self, user_id: int) -> bool:
        """Whether ``user_id``'s hand messages carry a picture (on unless they turned it off)."""
        rows = await self._fetch("SELECT hand_images FROM member_settings WHERE user_id = ?", user_id)
        return True if not rows else bool(rows[0][0])

    async def set_hand_images(self, user_id: int, on: bool) -> None:
        """Turn the member's hand pictures on or off, in every server."""
        await self._execute("INSERT INTO member_settings (user_id, hand_images) VALUES (?, ?)"
                            " ON CONFLICT (user_id) DO UPDATE SET hand_images = excluded.hand_images", user_id, on)

    async def four_colour_deck(self, user_id: int) -> bool:
        """Whether ``user_id``'s hand pictures are drawn in the four-colour deck (two unless
        they chose four)."""
        rows = await self._fetch("SELECT four_colour_deck FROM member_settings WHERE user_id = ?", user_id)
        return False if not rows else bool(rows[0][0])

    async def set_four_colour_deck(self, user_id: int, on: bool) -> None:
        """Draw the member's hand pictures in four colours or two, in every server (their
        other settings kept: a new row takes the defaults for them)."""
        await self._execute("INSERT INTO member_settings (user_id, four_colour_deck) VALUES (?, ?)"
                            " ON CONFLICT (user_id) DO UPDATE SET four_colour_deck = excluded.four_colour_deck",
                            user_id, on)

    async def language(self, user_id: int) -> str | None:
        """The language ``user_id`` chose to read the bot in; None if they left it to be chosen for them."""
        rows = await self._fetch("SELECT language FROM member_settings WHERE user_id = ?", user_id)
        return None if not rows or rows[0][0] is None else str(rows[0][0])

    async def set_language(self, user_id: int, language: str | None) -> None:
        """The member's language, in every server (None: chosen for them again); their other
        settings kept."""
        await self._execute("INSERT INTO member_settings (user_id, language) VALUES (?, ?)"
                            " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", user_id, language)

    async def guild_language(self, guild_id: int) -> str | None:
        """The language the guild's public messages are written in; None if it chose none."""
        rows = await self._fetch("SELECT language FROM guild_settings WHERE guild_id = ?", guild_id)
        return None if not rows or rows[0][0] is None else str(rows[0][0])

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """The guild's language for its public messages (None: its Discord locale again)."""
        await self._execute("INSERT INTO guild_settings (guild_id, language) VALUES (?, ?)"
                            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language", guild_id, language)

    # --------------------------------------------------------------- standings
    async def leaderboard(
        self, guild_id: int, game: str, *, humans_only: bool = True, limit: int = 10, season: int | None = None,
    ) -> list[Standing]:
        """The guild's best players of a game, from stored figures, best first; equal
        ratings (as shown, to a tenth) share a position. By default only rounds with at
        least two humans count, so nobody climbs by beating computers, and a member needs
        ``MIN_RATED_ROUNDS`` of them to be listed. ``humans_only=False`` counts every round
        (a member needs that many rounds of any kind) and lists the unrated after the rated.
        ``season``: that season's figures and ratings only; None, all time."""
        scope = HUMANS if humans_only else ALL
        enough = "r.rounds >= ?" if humans_only else "s.rounds >= ?"
        select, within, key = ((SEASON_STANDING_SELECT, " AND s.season = ?", (season,)) if season is not None
                               else (STANDING_SELECT, "", ()))
        rows = await self._fetch(
            f"{select} WHERE s.guild_id = ? AND s.game = ?{within} AND s.scope = ? AND {enough}"
            f" {LEADERBOARD_ORDER} LIMIT ?", guild_id, game, *key, scope, MIN_RATED_ROUNDS, limit)
        return with_positions([standing_of(r) for r in rows])

    # ----------------------------------------------------------------- seasons
    async def seasons(self, guild_id: int, game: str, now: float | None = None) -> Seasons:
        """The guild's seasons of a game as of ``now``: the current one (a monthly season
        due to turn counts as turned, though its first round has yet to be recorded), when
        each began, and whether they turn monthly."""
        now = time.time() if now is None else now
        started = {int(r[0]): float(r[1]) for r in await self._fetch(
            "SELECT season, started_at FROM seasons WHERE guild_id = ? AND game = ? ORDER BY season", guild_id, game)}
        plan = await self._fetch(SEASON_PLAN, guild_id, game)
        monthly = bool(plan and plan[0][0])
        current = max(started, default=1)
        if monthly and current in started and month_of(now) > month_of(started[current]):
            current += 1
        return Seasons(current, started, monthly)

    async def new_season(self, guild_id: int, game: str, now: float | None = None) -> int:
        """Start the guild's next season of a game now; its number. The seasons before keep
        their figures; a member's first round in the new one is rated afresh."""
        now = time.time() if now is None else now
        # One statement: two members starting one at the same moment start one season.
        await self._execute(
            "INSERT INTO seasons (guild_id, game, season, started_at)"
            " SELECT ?, ?, COALESCE(MAX(season), 1) + 1, ? FROM seasons WHERE guild_id = ? AND game = ?"
            " ON CONFLICT (guild_id, game, season) DO NOTHING", guild_id, game, now, guild_id, game)
        return (await self.seasons(guild_id, game, now)).current

    async def set_monthly_seasons(self, guild_id: int, game: str, monthly: bool, now: float | None = None) -> None:
        """Turn the guild's seasons of a game monthly (from the next calendar month, UTC) or not."""
        now = time.time() if now is None else now
        # A guild with no season yet: season 1 begins now, so the first turn is next month's.
        await self._execute(START_SEASON, guild_id, game, 1, now)
        await self._execute("INSERT INTO season_plans (guild_id, game, monthly) VALUES (?, ?, ?)"
                            " ON CONFLICT (guild_id, game) DO UPDATE SET monthly = excluded.monthly",
                            guild_id, game, monthly)

    # ----------------------------------------------------------------- presets
    async def save_preset(self, guild_id: int, game: str, scope: PresetScope, channel_id: int,
                          options: dict[str, Any], saved_by: int, now: float | None = None) -> None:
        """Save the guild's preset of a game for a channel or the server, replacing the one
        there whole (an option left out of the new one is no longer in it)."""
        now = time.time() if now is None else now
        await self._execute(
            "INSERT INTO presets (guild_id, game, scope, channel_id, options, saved_by, saved_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, scope, channel_id)"
            " DO UPDATE SET options = excluded.options, saved_by = excluded.saved_by, saved_at = excluded.saved_at",
            guild_id, game, str(scope), preset_channel(scope, channel_id), json.dumps(options, sort_keys=True),
            saved_by, now)

    async def presets_here(self, guild_id: int, game: str, channel_id: int) -> list[Preset]:
        """The channel's preset of a game, then the server's (each only if saved): the first
        applies. A preset whose options are not a JSON object reads as empty."""
        rows = await self._fetch(
            "SELECT scope, channel_id, options, saved_by, saved_at FROM presets"
            " WHERE guild_id = ? AND game = ? AND ((scope = ? AND channel_id = ?) OR (scope = ? AND channel_id = 0))",
            guild_id, game, str(PresetScope.CHANNEL), channel_id, str(PresetScope.SERVER))
        found = [Preset(game, PresetScope(r[0]), int(r[1]), stored_options(r[2]), int(r[3]), float(r[4]))
                 for r in rows]
        return sorted(found, key=lambda p: p.scope != PresetScope.CHANNEL)

    async def clear_preset(self, guild_id: int, game: str, scope: PresetScope, channel_id: int) -> bool:
        """Forget the channel's or the server's preset of a game; whether there was one."""
        key = (guild_id, game, str(scope), preset_channel(scope, channel_id))
        where = " WHERE guild_id = ? AND game = ? AND scope = ? AND channel_id = ?"
        there = await self._fetch("SELECT 1 FROM presets" + where, *key)
        await self._execute("DELETE FROM presets" + where, *key)
        return bool(there)

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        """One member's standing in every game of this guild (all rounds counted), with
        their rating (from rounds with at least two humans)."""
        rows = await self._fetch(
            f"{STANDING_SELECT} WHERE s.guild_id = ? AND s.user_id = ? AND s.scope = ? ORDER BY s.game",
            guild_id, user_id, ALL)
        return {str(r[0]): standing_of(r) for r in rows}


def preset_channel(scope: PresetScope, channel_id: int) -> int:
    """The ``channel_id`` a preset is stored under: the channel's own, or 0 for the server's."""
    return channel_id if scope == PresetScope.CHANNEL else 0


def stored_options(text: str) -> dict[str, Any]:
    """A preset's stored options; a row that is not a JSON object (edited by hand) reads as none."""
    try:
        options = json.loads(text)
    except ValueError:
        return {}
    return options if isinstance(options, dict) else {}


def standing_of(row: Sequence[Any]) -> Standing:
    """A ``Standing`` from one row of ``STANDING_SELECT``."""
    _game, user_id, rounds, wins, rank_sum, points, losses, ranks, mu, sigma, rated, history = row
    rating = None if mu is None else Rating(
        float(mu), float(sigma), int(rated), tuple((float(m), float(s)) for m, s in json.loads(history)))
    return Standing(int(user_id), int(rounds), int(wins), int(rank_sum) / int(rounds), int(points),
                    int(losses), tuple(json.loads(ranks)), rating)


def with_positions(rows: Sequence[Standing]) -> list[Standing]:
    """A leaderboard's positions: equal ratings as shown (to a tenth) share a position."""
    board: list[Standing] = []
    for i, s in enumerate(rows):
        tied = bool(board) and _shown(board[-1]) == _shown(s)
        board.append(replace(s, position=board[-1].position if tied else i + 1))
    return board


def _shown(s: Standing) -> float | None:
    return None if s.rating is None else round(s.rating.ordinal, 1)
