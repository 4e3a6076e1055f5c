"""``Rules``: the base of every game's rules dataclass (presets plus switches)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from bot.games.core.state_json import JSON

TABLE_WORDS: Final = frozenset({"turn_timer", "images", "level", "opponents"})
"""Option words of ``/<game> new`` and ``solo`` that choose the table rather than its rules
(its clock, its picture, its computers): ``Rules.from_options`` passes them over, unless a
game's rules read one (Donkey's turn timer is one of its rules)."""


def rule_words(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` without the words that choose the table (``TABLE_WORDS``)."""
    return {word: value for word, value in options.items() if word not in TABLE_WORDS}


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
    def from_options(cls, options: Mapping[str, Any]) -> Self:
        """The rules a host's option words choose: the values of ``/<game> new``'s (or
        ``solo``'s) options by the options' names, as the cog received them or a saved
        house-rule preset keeps them. The words choosing the table (``TABLE_WORDS``) are
        passed over; another word the game does not know is a ``ValueError``, and rules
        that cannot be played together a ``RulesRefused``. Here every other word is a
        field's name; a game whose options say something else reads them itself.
        Callers go through ``bot.registry.table_rules``, the one door from words to rules."""
        return cls.from_dict(rule_words(options))

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
