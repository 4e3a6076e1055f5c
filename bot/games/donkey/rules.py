"""Donkey's rules value and the fixed rules every table plays by.

The rule text is docs/rules/sources/003_dc60798e97666c95.txt, completed by the
"Donkey (003)" section of docs/rules/decisions.md; the players' page is
docs/rules/donkey.md. Donkey has no house rules: only the turn clock is the
host's to set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from bot.games.cards import Card, card
from bot.games.core.rules import Rules, rule_words

MIN_SEATS: Final = 2
MAX_SEATS: Final = 8

ACE_OF_SPADES: Final[Card] = card("AS")
"""Its holder leads the first round."""
ACE_LEAD_MAX_SEATS: Final = 5
"""With this many seats or fewer the first lead must be the A♠ itself (6 to 8: any card)."""

PRESETS: Final[Mapping[str, Mapping[str, Any]]] = {"donkey": {}}
"""The one preset: the seed's rules, the turn clock at its default."""


@dataclass(frozen=True)
class DonkeyRules(Rules):
    """``turn_seconds``: the turn timer (45 s in the seed); 0 switches it off.

    The engine runs no clock: the table runtime reads this and sends the
    ``timeout`` move of ``timeout_move()`` when it runs out.
    """

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    turn_seconds: int = 45

    def __post_init__(self) -> None:
        if (
            not isinstance(self.turn_seconds, int)
            or isinstance(self.turn_seconds, bool)
            or self.turn_seconds < 0
        ):
            raise ValueError("turn_seconds must be a whole number of seconds, 0 for no timer")

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> DonkeyRules:
        """``/donkey new``'s words: only ``turn_timer`` is a rule (running out sits a
        player out), in seconds, 0 for none."""
        words = rule_words(options)
        if words:
            raise ValueError(f"unknown option {sorted(words)[0]!r}")
        return cls(turn_seconds=options["turn_timer"]) if "turn_timer" in options else cls()
