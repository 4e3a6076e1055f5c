"""Events the table runtime adds to the engines' own (rendered like them)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.games.core.events import Event


@dataclass(frozen=True, slots=True)
class ComputerTookSeat(Event):
    """After three timeouts in a row a computer plays the seat until its human acts."""

    seat: int


@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    """A human left mid-match; a computer plays on with the same cards."""

    seat: int


class EndReason(StrEnum):
    """Why a table was closed by the runtime rather than by its match (as python-chess's
    ``Termination``). Saved in the table's recent events, so the values stay; the words
    for each are ``bot.ui.text.table.ENDED_BECAUSE``."""

    MESSAGE_NOT_POSTED = "message-not-posted"
    CHANNEL_DELETED = "channel-deleted"
    HOST_LEFT = "host-left"  # the host left the lobby with nobody else seated
    EVERY_HUMAN_LEFT = "every-human-left"
    NOBODY_STARTED = "nobody-started"  # the lobby's deadline passed
    ENDED_BY_HOST = "ended-by-host"
    ENDED_BY_MODERATOR = "ended-by-moderator"

    @classmethod
    def from_words(cls, words: str) -> EndReason | None:
        """The reason a record of version 1 saved as English words (before there were
        reasons), or None for words no code ever wrote."""
        return _SAVED_AS_WORDS.get(words)


_SAVED_AS_WORDS = {
    "its message could not be posted": EndReason.MESSAGE_NOT_POSTED,
    "its channel was deleted": EndReason.CHANNEL_DELETED,
    "the host left": EndReason.HOST_LEFT,
    "every human left": EndReason.EVERY_HUMAN_LEFT,
    "nobody started it in time": EndReason.NOBODY_STARTED,
    "ended by the host": EndReason.ENDED_BY_HOST,
    "ended by a moderator": EndReason.ENDED_BY_MODERATOR,
}


@dataclass(frozen=True, slots=True)
class TableEnded(Event):
    """The runtime closed the table, for ``reason``."""

    reason: EndReason


@dataclass(frozen=True, slots=True)
class ConsentGiven(Event):
    """Every seated human agreed to ``rules`` (switches such as cheat mode): they stay on."""

    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConsentRefused(Event):
    """``rules`` were turned off before the deal: ``seat`` said no, or (``seat`` None)
    not everybody agreed in time."""

    rules: tuple[str, ...]
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class SeatTakenBack(Event):
    """The human of a seat a computer played (after their timeouts) acted again."""

    seat: int


@dataclass(frozen=True, slots=True)
class HostPassed(Event):
    """The host left the lobby; the player in ``seat`` is the host now."""

    seat: int
