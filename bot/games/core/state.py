"""What every game's state offers the shared code (``MatchState``), and how it is saved
(``StateFormat``).

Each game keeps its whole match in one dataclass (``<game>/state.py``). The shared
wiring of the ``Game`` surface (``core/engine.py``) and the checks every ``check``
opens with (``core/legality.py``) ask it the few questions ``MatchState`` names; a
game's own modules ask it everything else.

``StateFormat`` is the one versioned loader: the header (``game``, ``version``), every
field of the dataclass through ``state_json``, and for each older version the step
that brings its fields up to the next one, so that every table ever saved loads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from bot.games.core.rules import Rules
from bot.games.core.state_json import JSON, from_json, to_json


class MatchState(Protocol):
    """The questions the shared code asks of a game's state (a dataclass's fields or
    its properties and methods)."""

    @property
    def seats(self) -> int:
        """How many seats the match has, seats that left it included."""

    @property
    def rules(self) -> Rules: ...

    @property
    def seed(self) -> int: ...

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; None once the match is over."""

    @property
    def is_over(self) -> bool: ...

    def is_out(self, seat: int) -> bool:
        """``seat`` has left the match before its end (knocked out, or out of cards at
        Donkey): it watches and never acts again."""

    def actors(self) -> frozenset[int]:
        """Every seat that may act now, out-of-turn moves included."""


S = TypeVar("S")

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]
"""One version's saved fields (the header taken off) in the next version's form."""


@dataclass(frozen=True)
class StateFormat(Generic[S]):
    """How one game's state dataclass is saved as JSON and read back.

    ``upgrades[n]`` turns the fields saved at version ``n`` into those of ``n + 1``;
    a table saved at any older version is brought up one step at a time, so a new
    version adds one step and never touches the older ones.
    """

    game: str
    state_type: type[S]
    version: int
    upgrades: Mapping[int, Upgrade] = field(default_factory=dict)
    # Refuses a state the engine could not play on, once read (the table runtime sets
    # such a table aside rather than failing on it later).
    check: Callable[[S], None] | None = None

    def __post_init__(self) -> None:
        if set(self.upgrades) != set(range(self.oldest, self.version)):
            raise ValueError(f"{self.game}: an upgrade from every version {self.oldest} to {self.version - 1}")

    @property
    def oldest(self) -> int:
        """The oldest version this format reads."""
        return min(self.upgrades, default=self.version)

    def dump(self, state: S) -> JSON:
        """The state as plain JSON: the header, then every field."""
        return {"game": self.game, "version": self.version, **to_json(state)}

    def load(self, data: Mapping[str, Any]) -> S:
        """The state ``dump`` saved, at this version or an older one; ``ValueError`` for
        another game's, an unknown version, or fields the dataclass does not take."""
        if data.get("game") != self.game:
            raise ValueError(f"state is for {data.get('game')!r}, not {self.game!r}")
        version = data.get("version")
        if type(version) is not int or not self.oldest <= version <= self.version:
            raise ValueError(f"{self.game} state version {version!r} is not one of {self.oldest} to {self.version}")
        fields = {key: value for key, value in data.items() if key not in ("game", "version")}
        for older in range(version, self.version):
            fields = self.upgrades[older](fields)
        state: S = from_json(self.state_type, fields)
        if self.check is not None:
            self.check(state)
        return state
