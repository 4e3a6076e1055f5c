"""``Rules``: the base of every game's rules dataclass (presets plus switches)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bot.games.core.state_json import JSON


@dataclass(frozen=True)
class Rules:
    """A game's rule set: a preset plus switches. Subclasses add fields.

    Every field is a plain JSON value so a table's rules save and load as they are.
    """

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    def to_dict(self) -> JSON:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown rule {sorted(unknown)[0]!r}")
        return cls(**data)

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Self:
        if name not in cls.PRESETS:
            raise ValueError(f"unknown preset {name!r}; presets are {', '.join(cls.PRESETS)}")
        return cls.from_dict({**cls.PRESETS[name], **changes})

    def switches_on(self) -> list[str]:
        """The names of house rules that differ from the default, for the table to show."""
        default = type(self)()
        return [
            f.name
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        ]
