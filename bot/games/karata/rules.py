"""Karata / Kadi Moja: the rule switches, their presets and the game's fixed facts.

One engine plays both presets (docs/rules/decisions.md, "Karata (002) and
Kadi Moja (001)"): ``karata`` (seed 002, the default) and ``kadi-moja`` (seed
001). Every row of the preset table is one field of ``KarataRules``, so a host
can change the switches one by one after picking a preset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Final

from bot.games.cards import JACK, JOKER, SUITS, Suit
from bot.games.core.errors import RulesRefused
from bot.games.core.moves import Demand
from bot.games.core.rules import Rules, rule_words
from bot.games.core.state_json import JSON, to_json


class Deal(StrEnum):
    FIVE_OR_THREE = "five-or-three"  # 5 cards, 3 with five or more players (002)
    SEVEN = "seven"  # 7 cards (001)


class StackAnswer(StrEnum):
    MIXED = "mixed"  # a 2 and a Joker answer each other (002)
    SAME_KIND = "same-kind"  # a 2 answers a 2, a Joker a Joker (001)


class UnmetDemand(StrEnum):
    DRAW_UNTIL = "draw-until"  # keep drawing until the demand can be met (002)
    DRAW_ONE = "draw-one"  # draw one card, the turn ends (001)


class CallRule(StrEnum):
    NONE = "none"  # you simply win when your cards run out (002's default)
    MUST_CALL_TO_WIN = "must-call-to-win"  # 002's switch: an uncalled last card draws 1
    MISSED_CALL_DRAWS_TWO = "missed-call-draws-2"  # 001: caught uncalled at one card: draw 2


class Elimination(StrEnum):
    OFF = "off"
    KNOCK_OUT = "knock-out"  # the round's highest score is out (002)
    POINTS_CEILING = "points-ceiling"  # match points over the ceiling: out (001)


class CheatOutcome(StrEnum):
    LOSE_ROUND = "lose-round"  # 002: a caught cheater loses the round; a wrong challenger draws 2
    DRAW_FIVE = "draw-five"  # 001: a caught cheater draws 5; a wrong challenger draws 5


# The names cogs/karata.py imports.
CALL_MUST_CALL_TO_WIN: Final = CallRule.MUST_CALL_TO_WIN
ELIMINATION_KNOCK_OUT: Final = Elimination.KNOCK_OUT
ELIMINATION_CEILING: Final = Elimination.POINTS_CEILING

SPECIAL_RANKS: Final = frozenset({2, 7, 8, JACK, JOKER})
"""2, 7, 8, Jack and Joker: never the starting card, never a winning last card."""

JACK_ASKS: Final[tuple[tuple[Suit | None, Demand | None], ...]] = (
    *((suit, None) for suit in SUITS),
    (None, Demand.SPECIAL),
)
"""What a Jack may ask, as a play's ``(ask_suit, demand)``: a suit, or a special card."""

PLUG_WINDOW_SECONDS: Final = 5.0
"""How long a skipped player holding a 7 has to plug it or take the skip
(``KarataGame.clock_hint``): a quick decision, not a whole turn."""

MISSED_CALL_DRAW: Final = 2  # Kadi Moja: a missed call costs 2 cards
UNCALLED_FINISH_DRAW: Final = 1  # must call to win: an uncalled last card costs 1


@dataclass(frozen=True)
class KarataRules(Rules):
    """The rule set of one table. Defaults are the ``karata`` preset.

    The choice fields are ``StrEnum``s, so they compare equal to (and save as)
    their plain strings; ``from_dict`` and keyword arguments may give either.
    """

    max_players: int = 8
    deal: Deal = Deal.FIVE_OR_THREE
    stack_answer: StackAnswer = StackAnswer.MIXED
    plugging: bool = True
    two_player_eight_again: bool = True
    jack_bridge: bool = True
    unmet_demand: UnmetDemand = UnmetDemand.DRAW_UNTIL
    call_rule: CallRule = CallRule.NONE
    elimination: Elimination = Elimination.OFF
    points_ceiling: int = 100
    cheat_mode: bool = False
    cheat_outcome: CheatOutcome = CheatOutcome.LOSE_ROUND

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "karata": {},
        "kadi-moja": {
            "max_players": 6,
            "deal": Deal.SEVEN,
            "stack_answer": StackAnswer.SAME_KIND,
            "plugging": False,
            "jack_bridge": False,
            "unmet_demand": UnmetDemand.DRAW_ONE,
            "call_rule": CallRule.MISSED_CALL_DRAWS_TWO,
            "cheat_outcome": CheatOutcome.DRAW_FIVE,
        },
    }

    def __post_init__(self) -> None:
        choices: tuple[tuple[str, type[StrEnum]], ...] = (
            ("deal", Deal),
            ("stack_answer", StackAnswer),
            ("unmet_demand", UnmetDemand),
            ("call_rule", CallRule),
            ("elimination", Elimination),
            ("cheat_outcome", CheatOutcome),
        )
        for name, kind in choices:
            value = getattr(self, name)
            try:
                member = kind(value)
            except ValueError:
                raise ValueError(f"{name} must be one of {', '.join(kind)}, not {value!r}") from None
            # A plain string from saved JSON becomes its enum member (the dataclass is frozen).
            object.__setattr__(self, name, member)
        if not 2 <= self.max_players <= 8:
            raise ValueError("max_players must be between 2 and 8")
        if self.points_ceiling < 1:
            raise ValueError("points_ceiling must be at least 1")

    def to_dict(self) -> JSON:
        out: JSON = to_json(self)
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> KarataRules:
        """``/karata new``'s (and ``solo``'s) words: ``preset`` (``karata`` or
        ``kadi-moja``, Karata by default) and its switches ``must_call_to_win``,
        ``elimination`` (Karata knocks out, Kadi Moja plays to a points ceiling),
        ``points_ceiling`` and ``cheat_mode``. ``RulesRefused`` for a switch its preset
        does not have: the call rule is Kadi Moja's own already, and a ceiling needs Kadi
        Moja's elimination."""
        words = rule_words(options)
        preset = words.pop("preset", "karata")
        must_call_to_win = bool(words.pop("must_call_to_win", False))
        elimination = bool(words.pop("elimination", False))
        cheat_mode = bool(words.pop("cheat_mode", False))
        points_ceiling = words.pop("points_ceiling", None)
        if words:
            raise ValueError(f"unknown option {sorted(words)[0]!r}")
        if must_call_to_win and preset != "karata":
            raise RulesRefused("call-is-kadi-moja-rule")
        if points_ceiling is not None and not (preset == "kadi-moja" and elimination):
            raise RulesRefused("ceiling-needs-elimination")
        changes: dict[str, Any] = {}
        if must_call_to_win:
            changes["call_rule"] = CallRule.MUST_CALL_TO_WIN
        if elimination:
            changes["elimination"] = Elimination.KNOCK_OUT if preset == "karata" else Elimination.POINTS_CEILING
        if points_ceiling is not None:
            changes["points_ceiling"] = points_ceiling
        if cheat_mode:
            changes["cheat_mode"] = True
        return cls.preset(preset, **changes)

    def seat_limit(self) -> int:
        """Most players this rule set seats: ``max_players``, and at most 6 with
        seven cards each (the deck must leave a draw pile)."""
        return min(self.max_players, 6) if self.deal == Deal.SEVEN else self.max_players

    def deal_size(self, players: int) -> int:
        if self.deal == Deal.SEVEN:
            return 7
        return 3 if players >= 5 else 5
