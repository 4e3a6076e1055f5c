"""Karata / Kadi Moja: the rule switches, the game's own events and its view.

One engine plays both presets (../shared/rules-decisions.md, "Karata (002) and
Kadi Moja (001)"): ``karata`` (seed 002, the default) and ``kadi-moja`` (seed
001). Every row of the preset table is one field here, so a host can change
the switches one by one after picking a preset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from bot.games.cards import Card
from bot.games.core.events import Event
from bot.games.core.game import View
from bot.games.core.rules import Rules

# Values of the switches that are not plain booleans.
DEAL_FIVE_OR_THREE = "five-or-three"  # 5 cards, 3 with five or more players (002)
DEAL_SEVEN = "seven"  # 7 cards (001)
DEALS = (DEAL_FIVE_OR_THREE, DEAL_SEVEN)

STACK_MIXED = "mixed"  # a 2 and a Joker answer each other (002)
STACK_SAME_KIND = "same-kind"  # a 2 answers a 2, a Joker a Joker (001)
STACK_ANSWERS = (STACK_MIXED, STACK_SAME_KIND)

DEMAND_DRAW_UNTIL = "draw-until"  # keep drawing until the demand can be met (002)
DEMAND_DRAW_ONE = "draw-one"  # draw one card, the turn ends (001)
UNMET_DEMANDS = (DEMAND_DRAW_UNTIL, DEMAND_DRAW_ONE)

CALL_NONE = "none"  # you simply win when your cards run out (002 default)
CALL_MUST_CALL_TO_WIN = "must-call-to-win"  # 002's switch: uncalled last card draws 1
CALL_MISSED_DRAWS_TWO = "missed-call-draws-2"  # 001: caught uncalled at one card: draw 2
CALL_RULES = (CALL_NONE, CALL_MUST_CALL_TO_WIN, CALL_MISSED_DRAWS_TWO)

ELIMINATION_OFF = "off"
ELIMINATION_KNOCK_OUT = "knock-out"  # the round's highest score is out (002)
ELIMINATION_CEILING = "points-ceiling"  # cumulative points over the ceiling: out (001)
ELIMINATIONS = (ELIMINATION_OFF, ELIMINATION_KNOCK_OUT, ELIMINATION_CEILING)

CHEAT_LOSES_ROUND = "lose-round"  # 002: caught cheater loses the round; wrong challenger draws 2
CHEAT_DRAWS_FIVE = "draw-five"  # 001: caught cheater draws 5; wrong challenger draws 5
CHEAT_OUTCOMES = (CHEAT_LOSES_ROUND, CHEAT_DRAWS_FIVE)

# The phases of a turn (KarataView.phase).
TURN = "turn"  # the turn seat plays or draws
KEEP = "keep"  # it drew a playable card: play exactly that card, or pass to keep it
PLUG = "plug"  # it is being skipped and holds a 7: plug, or pass to take the skip
OVER = "over"  # the match has ended


@dataclass(frozen=True)
class KarataRules(Rules):
    """The rule set of one table. Defaults are the ``karata`` preset."""

    max_players: int = 8
    deal: str = DEAL_FIVE_OR_THREE
    stack_answer: str = STACK_MIXED
    plugging: bool = True
    two_player_eight_again: bool = True
    jack_bridge: bool = True
    unmet_demand: str = DEMAND_DRAW_UNTIL
    call_rule: str = CALL_NONE
    elimination: str = ELIMINATION_OFF
    points_ceiling: int = 100
    cheat_mode: bool = False
    cheat_outcome: str = CHEAT_LOSES_ROUND

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "karata": {},
        "kadi-moja": {
            "max_players": 6,
            "deal": DEAL_SEVEN,
            "stack_answer": STACK_SAME_KIND,
            "plugging": False,
            "jack_bridge": False,
            "unmet_demand": DEMAND_DRAW_ONE,
            "call_rule": CALL_MISSED_DRAWS_TWO,
            "cheat_outcome": CHEAT_DRAWS_FIVE,
        },
    }

    def __post_init__(self) -> None:
        choices: tuple[tuple[str, object, tuple[str, ...]], ...] = (
            ("deal", self.deal, DEALS),
            ("stack_answer", self.stack_answer, STACK_ANSWERS),
            ("unmet_demand", self.unmet_demand, UNMET_DEMANDS),
            ("call_rule", self.call_rule, CALL_RULES),
            ("elimination", self.elimination, ELIMINATIONS),
            ("cheat_outcome", self.cheat_outcome, CHEAT_OUTCOMES),
        )
        for name, value, allowed in choices:
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
        if not 2 <= self.max_players <= 8:
            raise ValueError("max_players must be between 2 and 8")
        if self.points_ceiling < 1:
            raise ValueError("points_ceiling must be at least 1")

    def to_dict(self) -> dict[str, Any]:
        # Every field is a plain value: skip dataclasses.asdict's deep copy (saved per move).
        return {name: getattr(self, name) for name in _FIELDS}

    def seat_limit(self) -> int:
        """Most players this rule set seats: ``max_players``, and at most 6 with
        seven cards each (the deck must leave a draw pile)."""
        return min(self.max_players, 6) if self.deal == DEAL_SEVEN else self.max_players

    def deal_size(self, players: int) -> int:
        if self.deal == DEAL_SEVEN:
            return 7
        return 3 if players >= 5 else 5


_FIELDS = tuple(f.name for f in fields(KarataRules))


# ---------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """``seat`` kept the playable card it had just drawn (the card stays private)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SkipDropped(Event):
    """A skip would have landed on ``seat``, who laid or plugged a 7 of it: dropped."""

    seat: int


@dataclass(frozen=True, slots=True)
class NotFinished(Event):
    """``seat`` laid its last card(s) but did not win: ``reason`` is ``special``
    (the last card was a 2, 7, 8, J or Joker) or ``uncalled`` (must call to win)."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class Challenged(Event):
    """Cheat mode: ``challenger`` accused ``target``; ``right`` says who was right."""

    challenger: int
    target: int
    right: bool


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    """``seat`` is out of the match (knock-out or points ceiling)."""

    seat: int
    points: int


# ------------------------------------------------------------------------ view


@dataclass(frozen=True, slots=True)
class KarataView(View):
    """What one seat may know. ``hand_counts`` are the shown counts: a hidden
    card (cheat mode) is left out of every count but the viewer's own.

    ``phase`` is ``turn`` (play or draw), ``keep`` (the turn seat drew a
    playable card: play it or pass), ``plug`` (the turn seat is being skipped
    and holds a 7: plug or pass) or ``over``.
    """

    rules: KarataRules
    phase: str
    top: Card | None
    stack: int  # pending draw total
    skips: int  # skips still to be served
    demand: str | None  # a Jack's demand on the turn seat: suit letter or "special"
    clockwise: bool
    called: frozenset[int]
    scores: tuple[int, ...]  # match points so far (points of finished rounds)
    out: frozenset[int]
    draw_pile: int
    deal_size: int
    started: bool  # somebody has played or drawn this round (no more hiding)
    taken: tuple[int, ...]  # cards each seat has received this round (deal + draws)
    laid: tuple[int, ...]  # cards each seat has laid this round
    hidden: Card | None  # the viewer's own hidden card (cheat mode)
    drawn: Card | None  # the viewer's drawn card awaiting play-or-keep
