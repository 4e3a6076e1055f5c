"""The outcome of a round or a match, as data (like python-chess's ``Outcome``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.core.state_json import JSON


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a round or a match, per seat.

    ``ranks[s]`` is seat s's finishing rank (1 is best; equal ranks tie),
    ``points[s]`` its penalty points (0 where a game has none), ``winners`` the
    seats ranked first, ``loser`` the one seat singled out as last where the game
    names one (Donkey's Donkey), ``out`` seats no longer in the match
    (eliminated); ``None`` ranks are seats that took no part.
    """

    ranks: tuple[int | None, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]
    loser: int | None = None
    out: tuple[int, ...] = ()

    def to_dict(self) -> JSON:
        return {
            "ranks": list(self.ranks),
            "points": list(self.points),
            "winners": list(self.winners),
            "loser": self.loser,
            "out": list(self.out),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        return cls(
            tuple(data["ranks"]),
            tuple(data["points"]),
            tuple(data["winners"]),
            data.get("loser"),
            tuple(data.get("out", ())),
        )


def rank_by_points(points: Sequence[int], first: int | None, seats: Iterable[int]) -> list[int | None]:
    """Ranks where fewest points rank highest, equal points share a rank, and the
    round's winner (``first``) ranks first on their own."""
    ranks: list[int | None] = [None] * len(points)
    others = sorted((s for s in seats if s != first), key=lambda s: points[s])
    next_rank = 1
    if first is not None:
        ranks[first] = 1
        next_rank = 2
    previous: int | None = None
    for position, s in enumerate(others):
        if previous is None or points[s] != points[previous]:
            ranks[s] = next_rank + position
        else:
            ranks[s] = ranks[previous]
        previous = s
    return ranks
