"""The sentences for what the table runtime refuses (``TableError``, bot/tables/runtime.py)
and the shard guard (``bot.shards.NOT_SERVED_HERE``), merged by ``bot.ui.text.illegal``:
``sentence(err)`` says them as it says an ``IllegalMove``.

Each formatter takes the error's details as keyword arguments. A detail only for the
log (``cannot-deal``'s ``reason``, the engine's own words) is accepted and not said.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ui.text.words import Formatter

NEW_TABLE_COMMANDS = "/kadi new, /karata new or /donkey new"

ENDED_BECAUSE = {
    "message-not-posted": "its message could not be posted",
    "channel-deleted": "its channel was deleted",
    "host-left": "the host left",
    "every-human-left": "every human left",
    "nobody-started": "nobody started it in time",
    "ended-by-host": "ended by the host",
    "ended-by-moderator": "ended by a moderator",
}
"""Why the runtime closed a table (``bot.tables.events.EndReason``, by value), as its
``TableEnded`` event says it, as in "The table was closed (the host left)."
"""


def already_here(link: str | None = None) -> str:
    """"This channel already has a table", with where it is when its message's ``link`` is known."""
    text = "This channel already has a table: finish it (or ask the host to end it) first."
    return f"{text} It is here: {link}" if link else text


def _unknown_level(levels: Sequence[str], level: object = None) -> str:
    return f"A computer's level is one of {', '.join(levels)}."


def _cannot_deal(seats: int, reason: object = None) -> str:
    return f"This table's rules cannot deal a match for {seats} players: change the players or the rules."


SENTENCES: dict[str, Formatter] = {
    # A table that is gone or finished, a button drawn before the last change.
    "finished": lambda: f"That table has finished: start a new one with {NEW_TABLE_COMMANDS}.",
    "stale": lambda: "That's no longer current: the table has moved on. Open My hand again.",
    "not-asking-consent": lambda: "That's no longer current: nobody is being asked to agree now.",
    # The database refused the change; nothing changed.
    "save-failed": lambda: "The table could not be saved; nothing changed, try again.",
    # Another of the bot's processes serves this guild (bot/shards.py).
    "not-served-here": lambda: (
        "This server is served by another of the bot's processes; please try again in a moment."
    ),
    # Opening a table.
    "already-here": already_here,
    "unknown-level": _unknown_level,
    "unknown-rules": lambda reason=None: (
        "Those house rules are not known here: choose them from the command's options."
    ),
    "too-many-players": lambda seats: f"That is too many players: this table seats at most {seats}.",
    # The lobby.
    "too-late-to-join": lambda: "This table has already started: wait for the next one.",
    "about-to-start": lambda: "This table is about to start (the players are agreeing on its rules).",
    "already-seated": lambda: "You're already at this table.",
    "table-full": lambda seats: f"The table is full ({seats} seats).",
    "computers-before-start": lambda: "Computers can only join before the start.",
    "players-add-computers": lambda: "Only players at the table can add a computer.",
    "not-at-table": lambda: "You're not at this table.",
    "already-started": lambda: "This table has already started.",
    "not-host": lambda: "Only the host can start the table.",
    "awaiting-consent": lambda: "The table is waiting for every player to agree to its rules.",
    "too-few-players": lambda needed: f"At least {needed} players are needed: invite a friend or add a computer.",
    "cannot-deal": _cannot_deal,
    # Agreeing to the consent switches (Karata's cheat mode) before the deal.
    "consent-players-only": lambda: "Only the players at this table are asked.",
    "already-agreed": lambda: "You have already agreed.",
    # Ending a table, moving at it.
    "not-host-or-moderator": lambda: "Only the host or a member with Manage Server can end this table.",
    "not-started": lambda: "The game hasn't started yet.",
    "not-playing": lambda: "You're not playing at this table.",
    # An IllegalMove the runtime raises itself (a member sending the clock's move).
    "clock-only": lambda: "Only the turn clock can time a turn out.",
}
