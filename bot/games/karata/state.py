"""``KarataState``: everything a Karata / Kadi Moja match saves, and its JSON.

One dataclass holds the match (seed, rules, seats, round and match bookkeeping)
and the round being played (hands, piles, whose turn, pending effects). The
other modules read and change it; ``STATE_FORMAT`` saves and reads it
(``core/state.py``; the format: docs/engine/karata.md), and brings a table saved
by an older version up to this one (``_from_version_1`` to ``_from_version_3``).

The few readings every module needs (who is next, what a seat shows, who may
act now) are methods here, so that no module reaches into another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from bot.games.cards import SUITS, Card, Suit
from bot.games.core.moves import Demand
from bot.games.core.results import Result
from bot.games.core.state import StateFormat
from bot.games.karata.rules import CallRule, KarataRules

STATE_VERSION: Final = 4
"""Version 2 (issue 11): the state dataclass; a Jack's asked suit and its demanded
special card are two fields (``ask_suit``, ``demand``) where version 1 kept one.
Version 3 (issue 31): the direction of play is ``clockwise``, as in Kadi's state and
both games' views, where version 2 kept ``direction`` (1 or -1).
Version 4 (issue 31): the other names the sister games share: the draw pile is
``draw_pile`` (v3's ``pile``, which could be either pile) and the pending pick-up total
is ``pick_up`` (v3's ``stack``; the words still call it the stack)."""


class Phase(StrEnum):
    """What the turn seat is deciding."""

    TURN = "turn"  # play or draw
    KEEP = "keep"  # it drew a playable card: play exactly that card, or pass to keep it
    PLUG = "plug"  # it is being skipped and holds a 7: plug, or pass to take the skip
    OVER = "over"  # the match has ended


@dataclass
class KarataState:
    """A match of Karata or Kadi Moja, as saved.

    Seats are 0..seats-1; ``out`` lists those knocked out of the match. Per round:
    ``draw_pile`` is the draw pile (the next card drawn is ``draw_pile[-1]``), ``discard`` the
    discard pile bottom to top (set-aside starting cards lie under the first top).
    """

    seed: int
    rules: KarataRules
    seats: int
    # ---- the match
    round_no: int = 1
    first: int = 0  # who led the current round (the next round starts after them)
    out: set[int] = field(default_factory=set)  # seats knocked out of the match
    out_round: list[int] = field(default_factory=list)  # the round each seat went out in (0: still in)
    scores: list[int] = field(default_factory=list)  # match points: the sum of finished rounds' points
    round_result: Result | None = None  # the last finished round's
    match_result: Result | None = None
    # ---- the round
    hands: list[list[Card]] = field(default_factory=list)
    draw_pile: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    turn: int | None = None  # None once the match is over
    clockwise: bool = True  # True: play passes to seat + 1
    phase: Phase = Phase.TURN
    pick_up: int = 0  # pending pick-up total, the stack (2s and Jokers)
    skips: int = 0  # skips still to be served (a 7's)
    skip_layers: set[int] = field(default_factory=set)  # seats that laid or plugged a 7 of them
    ask_suit: Suit | None = None  # a Jack's suit, asked of the turn seat
    demand: Demand | None = None  # a Jack's demand of a special card on the turn seat
    drawn: Card | None = None  # phase keep: the card just drawn
    called: set[int] = field(default_factory=set)  # seats that called Kadi Moja
    watch: int | None = None  # Kadi Moja: the seat on one uncalled card whose call window is open
    hidden: list[Card | None] = field(default_factory=list)  # cheat mode: each seat's hidden card
    no_hide: set[int] = field(default_factory=set)  # caught cheaters play the hidden card openly
    challenged: set[tuple[int, int]] = field(default_factory=set)  # (challenger, target) since target's move
    started: bool = False  # somebody has played or drawn this round (no more hiding)
    reshuffles: int = 0
    taken: list[int] = field(default_factory=list)  # cards each seat received this round (deal + draws)
    laid: list[int] = field(default_factory=list)  # cards each seat laid this round
    # What the table saw of each seat's hand this round, kept for the view and the
    # searching player's deal (as Kadi's ``no_jack``); a table saved without these
    # reads as nothing known. ``no_seven``: skipped with no plug window (plugging on),
    # so it held no 7, and given no card since. ``fit_at_draw``: the cards that would
    # have fitted when it last drew (or took a stack) instead of playing;
    # ``cards_since_draw``: how many of its cards may have come to it after that
    # draw. A player who draws while able to play is allowed to, so this is what
    # its draw suggests, not a fact: all but that many of its cards are outside the set
    # if it draws only when it cannot play (as the normal computer player does).
    no_seven: list[bool] = field(default_factory=list)
    fit_at_draw: list[frozenset[Card]] = field(default_factory=list)
    cards_since_draw: list[int] = field(default_factory=list)
    # Turn draws in a row, since the last card was laid, that found nothing to draw
    # (both piles empty). When every seat still in has drawn nothing in turn the round
    # is blocked and ends on points: without this a round in which nobody lays a card
    # would never end (a table of computers and absent humans drew nothing for ever).
    # A table saved before it reads as 0: at worst one more lap of empty draws.
    empty_draws: int = 0

    def __post_init__(self) -> None:
        if len(self.no_seven) != self.seats:
            self.no_seven = [False] * self.seats
        if len(self.fit_at_draw) != self.seats or len(self.cards_since_draw) != self.seats:
            self.fit_at_draw = [frozenset()] * self.seats
            self.cards_since_draw = [0] * self.seats

    # ------------------------------------------------------------ readings

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def active(self) -> list[int]:
        """The seats still in the match, in seat order."""
        return [s for s in range(self.seats) if s not in self.out]

    def is_out(self, seat: int) -> bool:
        """Knocked out of the match (elimination)."""
        return seat in self.out

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play, passing seats that are out."""
        step = 1 if self.clockwise else -1
        s = (seat + step) % self.seats
        while s in self.out:
            s = (s + step) % self.seats
        return s

    def shown(self, seat: int) -> int:
        """The card count the table sees: a hidden card is left out."""
        return len(self.hands[seat]) - (self.hidden[seat] is not None)

    def may_call(self, seat: int) -> bool:
        """Kadi Moja! may be called: one card held, or shown (a second one hidden)."""
        held = len(self.hands[seat])
        return seat not in self.called and (held == 1 or (held == 2 and self.hidden[seat] is not None))

    def may_hide(self, seat: int) -> bool:
        """Cheat mode: a card may still be hidden (before the round's first play or draw)."""
        return (
            self.rules.cheat_mode
            and not self.started
            and self.hidden[seat] is None
            and seat not in self.no_hide
            and bool(self.hands[seat])
        )

    def may_challenge(self, seat: int, target: int) -> bool:
        """Cheat mode: ``seat`` may accuse ``target`` (once between two moves of ``target``)."""
        return (
            self.rules.cheat_mode
            and target != seat
            and target not in self.out
            and (seat, target) not in self.challenged
        )

    def actors(self) -> frozenset[int]:
        """The turn seat, and every seat that may act out of turn (call, hide, challenge)."""
        if self.is_over or self.turn is None:
            return frozenset()
        acting = {self.turn}
        players = self.active()
        for seat in players:
            # A call, or in cheat mode a hide or a challenge, may come out of turn.
            cheats = self.rules.cheat_mode and (
                self.may_hide(seat) or any(self.may_challenge(seat, target) for target in players)
            )
            if self.may_call(seat) or cheats:
                acting.add(seat)
        return frozenset(acting)

    @property
    def watching_calls(self) -> bool:
        """Kadi Moja's rule: a seat on one uncalled card draws 2 when the next player moves."""
        return self.rules.call_rule == CallRule.MISSED_CALL_DRAWS_TWO


def copy_state(state: KarataState) -> KarataState:
    """An independent copy: lists and sets copied, immutable values shared. What
    ``KarataGame.clone`` is."""
    return KarataState(
        state.seed, state.rules, state.seats, state.round_no, state.first, set(state.out),
        list(state.out_round), list(state.scores), state.round_result, state.match_result,
        [list(h) for h in state.hands], list(state.draw_pile), list(state.discard), state.turn,
        state.clockwise, state.phase, state.pick_up, state.skips, set(state.skip_layers),
        state.ask_suit, state.demand, state.drawn, set(state.called), state.watch,
        list(state.hidden), set(state.no_hide), set(state.challenged), state.started,
        state.reshuffles, list(state.taken), list(state.laid), list(state.no_seven),
        list(state.fit_at_draw), list(state.cards_since_draw), state.empty_draws,
    )


# ------------------------------------------------------------------ saving


def _from_version_1(fields: dict[str, Any]) -> dict[str, Any]:
    """A version-1 table (what ``to_state`` wrote before issue 11) in version 2's form.

    Version 1 had the same keys but three: ``round`` is ``round_no``, and ``demand``
    held a Jack's asked suit letter or ``"special"``, now ``ask_suit`` or ``demand``.
    Its ``phase`` ``over`` also stood for the match being over, as it does now.
    """
    body = {k: v for k, v in fields.items() if k not in ("round", "demand")}
    body["round_no"] = fields["round"]
    asked = fields["demand"]
    body["ask_suit"] = asked if asked in SUITS else None
    body["demand"] = Demand.SPECIAL.value if asked == Demand.SPECIAL else None
    if asked is not None and asked not in SUITS and asked != Demand.SPECIAL:
        raise ValueError(f"version-1 demand {asked!r} is neither a suit nor 'special'")
    return body


def _from_version_2(fields: dict[str, Any]) -> dict[str, Any]:
    """A version-2 table in version 3's form: ``direction`` 1 or -1 is ``clockwise``
    (missing, it read as 1, as it still does)."""
    body = dict(fields)
    direction = body.pop("direction", 1)
    if direction not in (1, -1):
        raise ValueError(f"version-2 direction {direction!r} is neither 1 nor -1")
    body["clockwise"] = direction == 1
    return body


def _from_version_3(fields: dict[str, Any]) -> dict[str, Any]:
    """A version-3 table in version 4's form: ``pile`` is ``draw_pile``, ``stack`` is
    ``pick_up``; every value is the same."""
    body = dict(fields)
    body["draw_pile"] = body.pop("pile")
    body["pick_up"] = body.pop("stack")
    return body


STATE_FORMAT: Final = StateFormat(
    "karata", KarataState, STATE_VERSION, {1: _from_version_1, 2: _from_version_2, 3: _from_version_3},
)
