"""What the runtime, the cogs and the standings ask of storage, whichever database keeps it.

Two implementations, both an ``SQLStorage`` (``sql_storage.py``: the statements and the
group commit, written once): ``SQLiteStorage`` (``sqlite.py``, one process, the default)
and ``PostgresStorage`` (``postgres.py``, any number of processes sharing one server),
chosen by ``open_storage`` (``bot/storage/__init__.py``). Both keep the same promises:

- ``save_table`` writes a table's state, its new move-log rows and any finished round's
  results in ONE transaction, durable before it returns (before anyone is told);
- a round's results are recorded at most once, enforced by the database (a primary key
  per table, round and seat; a row already there is skipped), and the standings and
  ratings are updated in the same transaction only for rows that were new, so a round is
  rated exactly once, even when two processes record the same round at the same time;
- a save may be written twice and means the same (idempotent): a move at a number the
  table already has replaces it, so a retried or replayed save is recognised, never
  refused as a duplicate, and a move made in place of one said not saved takes its place;
- a save that raises was not saved, as far as storage could find out: where the answer to
  a commit was lost, storage asks the database before returning, and raises only when it
  cannot tell by its deadline (then the table's next save is written over what it left);
- nothing waits for ever: every call to the database has a deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from bot.storage.rating import ordinal


class TableStatus(StrEnum):
    """Where a table is in its life, as the ``tables.status`` column stores it (the values
    are what saved rows hold: they never change)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"  # the match ended: its rounds are recorded
    CANCELLED = "cancelled"  # closed before or during the match, nothing more recorded
    SET_ASIDE = "set_aside"  # it could not be restored: kept for a person, never loaded again

    @property
    def finished(self) -> bool:
        """Over or cancelled: nothing more happens at the table."""
        return self in FINISHED


ACTIVE = (TableStatus.LOBBY, TableStatus.PLAYING)  # the tables brought back at start-up
FINISHED = (TableStatus.OVER, TableStatus.CANCELLED)


@dataclass(frozen=True)
class TableRow:
    """A table as stored: everything needed to bring it back after a restart."""

    id: str
    guild_id: int
    channel_id: int
    game: str
    status: str  # a TableStatus value
    # The runtime's own record as JSON text (seats, options, engine state, clock). Kept as
    # text here: the runtime decodes each row on its own, so one bad row stops nothing.
    record: str


@dataclass(frozen=True)
class ResultRow:
    """One seat's outcome of one round, for the standings."""

    round_no: int
    seat: int
    user_id: int | None  # None for a computer seat
    rank: int
    points: int
    won: bool
    lost: bool  # singled out as last (Donkey's Donkey)
    humans: int  # how many humans sat in this round
    computers: int
    computer_level: str | None = None  # a computer seat's level (easy, normal, hard); None for a human


@dataclass(frozen=True)
class PlayedSeat:
    """One seat of a recorded round, as its result row has it."""

    seat: int
    user_id: int | None  # None for a computer seat
    rank: int
    won: bool
    lost: bool  # the Donkey


@dataclass(frozen=True)
class PlayedRound:
    """A recorded round, for ``/<game> history``: where and when it ended, who sat and how
    they placed, and the table's record (the seats' names, the final state)."""

    table_id: str
    round_no: int
    channel_id: int
    at: float  # when it was recorded, seconds since the epoch
    seats: tuple[PlayedSeat, ...]
    record: str  # the table's record as stored (JSON text): its seats' names


@dataclass(frozen=True)
class Rating:
    """A member's OpenSkill rating in one game of one guild."""

    mu: float
    sigma: float
    rounds: int  # rated rounds (rounds with at least two humans)
    history: tuple[tuple[float, float], ...]  # (μ, σ) after each of the last rated rounds, oldest first

    @property
    def ordinal(self) -> float:
        """What members are ranked by: μ − 3σ."""
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class Standing:
    user_id: int
    rounds: int
    wins: int
    average_rank: float
    points: int
    losses: int  # times singled out as last (the Donkey)
    ranks: tuple[int, ...]  # ranks[i]: rounds finished in place i + 1
    rating: Rating | None  # None until the member's first rated round
    position: int = 0  # on a leaderboard: 1 is best, ties share a position


@dataclass(frozen=True)
class Seasons:
    """A guild's seasons of one game (issue 32): each season's standings and ratings start
    afresh, and every earlier season's are kept."""

    current: int  # the season rounds count in now (1 until a new one is started)
    started: dict[int, float]  # season -> when it began (seconds since the epoch); 1 may be missing
    monthly: bool  # a new season begins with each calendar month's first round (UTC)


class PresetScope(StrEnum):
    """Where a preset of house rules applies (the ``presets.scope`` column's words)."""

    CHANNEL = "channel"
    SERVER = "server"


@dataclass(frozen=True)
class Preset:
    """A server's own house rules for a game's new tables (issue 32): the option words of
    ``/<game> new`` a member with Manage Server saved, for one channel or the whole server.
    ``options`` is as stored: a later version may no longer know some of them (the cog
    leaves those out, bot/ui/presets.py)."""

    game: str
    scope: PresetScope
    channel_id: int  # 0 for the server's
    options: dict[str, Any]
    saved_by: int
    saved_at: float


class Storage(Protocol):
    """The repository the runtime and the standings cog talk to."""

    async def close(self) -> None:
        """Let the saves already on their way finish, then let go of the database."""

    # ------------------------------------------------------------------ tables
    async def save_table(self, table: TableRow, *, moves: Sequence[tuple[int, int, str]] = (),
                         results: Sequence[ResultRow] = ()) -> None:
        """Save a table's state with its new moves ((seq, seat, move text)) and any round
        results, all or nothing, durably, before returning; within a deadline of seconds.
        Saving the same again changes nothing; a move at a seq already stored replaces it.
        Raises when the save did not land (or, its answer lost, whether it landed could not
        be found out in time). A caller that is cancelled does not undo a save already on
        its way."""

    async def active_tables(self) -> list[TableRow]:
        """Tables in the lobby or in play: the ones to bring back at start-up."""

    async def finished_to_redraw(self) -> list[TableRow]:
        """Finished tables whose last state may not have reached their message."""

    async def final_drawn(self, table_id: str) -> None:
        """A finished table's message shows its end: nothing to redraw at the next start."""

    async def set_aside(self, table_id: str, problem: str) -> None:
        """Mark a table that cannot be restored: kept for a person to look at, never loaded again."""

    async def set_aside_tables(self) -> list[tuple[str, str]]:
        """(table id, why) of every table set aside."""

    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        """(seat, move text) of a table's move log, in order."""

    async def results_for(self, table_id: str) -> list[tuple[int, int, int | None, int]]:
        """(round, seat, user, rank) rows recorded for one table."""

    async def recent_rounds(self, guild_id: int, game: str, limit: int = 10) -> list[PlayedRound]:
        """The guild's last ``limit`` recorded rounds of ``game``, newest first."""

    async def table_row(self, table_id: str) -> TableRow | None:
        """One table as stored, whatever its status; None if there is none by that id."""

    # ------------------------------------------------------------------ members
    async def hand_images(self, user_id: int) -> bool:
        """Whether the member's hand messages carry a picture (on unless they turned it off)."""

    async def set_hand_images(self, user_id: int, on: bool) -> None:
        """Turn the member's hand pictures on or off, in every server."""

    async def four_colour_deck(self, user_id: int) -> bool:
        """Whether the member's hand pictures are drawn in four colours (two unless they chose four)."""

    async def set_four_colour_deck(self, user_id: int, on: bool) -> None:
        """Draw the member's hand pictures in four colours (``on``) or two, in every server."""

    async def language(self, user_id: int) -> str | None:
        """The language the member chose to read the bot in; None if they chose none."""

    async def set_language(self, user_id: int, language: str | None) -> None:
        """The member's language, in every server (None: chosen for them again)."""

    async def guild_language(self, guild_id: int) -> str | None:
        """The language of the guild's public messages; None if it chose none."""

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """The guild's language for its public messages (None: its Discord locale again)."""

    # --------------------------------------------------------------- standings
    async def leaderboard(self, guild_id: int, game: str, *, humans_only: bool = True,
                          limit: int = 10, season: int | None = None) -> list[Standing]:
        """The guild's best players of a game, best first, in ``season`` or all time (None;
        see ``SQLStorage.leaderboard``)."""

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        """One member's standing in every game of this guild, by game."""

    # ----------------------------------------------------------------- seasons
    async def seasons(self, guild_id: int, game: str, now: float | None = None) -> Seasons:
        """The guild's seasons of a game as of ``now`` (see ``SQLStorage.seasons``)."""

    async def new_season(self, guild_id: int, game: str, now: float | None = None) -> int:
        """Start the guild's next season of a game; its number."""

    async def set_monthly_seasons(self, guild_id: int, game: str, monthly: bool, now: float | None = None) -> None:
        """Whether a new season of the game begins each calendar month (UTC)."""

    # ----------------------------------------------------------------- presets
    async def save_preset(self, guild_id: int, game: str, scope: PresetScope, channel_id: int,
                          options: dict[str, Any], saved_by: int, now: float | None = None) -> None:
        """Save (or replace, whole) the guild's preset of a game for a channel or the server."""

    async def presets_here(self, guild_id: int, game: str, channel_id: int) -> list[Preset]:
        """The presets of a game that bear on ``channel_id``: the channel's, then the
        server's (each only if saved). The first is the one that applies."""

    async def clear_preset(self, guild_id: int, game: str, scope: PresetScope, channel_id: int) -> bool:
        """Forget the channel's or the server's preset of a game; whether there was one."""
