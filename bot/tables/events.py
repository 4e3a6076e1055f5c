"""Events the table runtime adds to the engines' own (rendered like them)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.core.events import Event


@dataclass(frozen=True, slots=True)
class ComputerTookSeat(Event):
    """After three timeouts in a row a computer plays the seat until its human acts."""

    seat: int


@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    """A human left mid-match; a computer plays on with the same cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class TableEnded(Event):
    reason: str


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
