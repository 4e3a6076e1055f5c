"""Everything a Kadi match saves, in one dataclass, and its JSON (docs/engine/kadi.md).

``KadiState`` is the whole match: the rules and seed, the round and match
bookkeeping, the hands and piles, whose turn it is and every pending effect (a
request, a bomb, a jump, a call). The other modules are functions of it.
``STATE_FORMAT`` saves and reads it (``core/state.py``), every older version too.

The questions the shared code asks of every game's state (``MatchState``: whether
the match is over, who may act) are its methods; the helpers below answer the
questions Kadi's own modules ask (who may call, who plays next, what a reshuffle
would keep). None changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from bot.games.cards import Card, Suit, card
from bot.games.core.results import Result
from bot.games.core.state import StateFormat
from bot.games.kadi.rules import KadiRules, is_winning_hand

STATE_VERSION: Final = 3
"""Version 2 (issue 11): the state dataclass; v1's ``cardless`` is now ``owes``.
Version 3 (issue 31): the sister games' shared names, as Karata's state has them: the
draw pile is ``draw_pile`` (v2's ``draw``, which read like the move) and the pending
pick-up total is ``pick_up`` (v2's ``bomb``; a bomb is what Kadi players call it, and the
words still say so)."""


@dataclass
class KadiState:
    """A Kadi match: fixed at the deal (``seats``, ``rules``, ``seed``), then the
    match so far, then the round in play. Piles are lists whose last element is
    the top (the card drawn next, the card on top of the discard pile)."""

    seats: int
    rules: KadiRules
    seed: int
    # The match.
    round_no: int = 0
    round_wins: list[int] = field(default_factory=list)
    round_results: list[Result] = field(default_factory=list)
    match_result: Result | None = None
    # The round in play.
    hands: list[list[Card]] = field(default_factory=list)  # per seat, in the order received
    draw_pile: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    reshuffles: int = 0  # this round: each reshuffle has its own salt
    turn: int | None = None  # None once the match is over
    clockwise: bool = True  # True: play passes to seat + 1
    # The card the next play matches by suit or rank. Normally the top card, but
    # after Aces asked for something it stays the card under them (so that an Ace
    # cancelling a suit request sends play back to it); after an Ace blocked a bomb
    # it is that Ace.
    base: Card = field(default_factory=lambda: card("4S"))
    ask_suit: Suit | None = None  # asked for by Aces
    demand: Card | None = None  # demanded by A♠ or two or more Aces
    pick_up: int = 0  # cards to pick up (a bomb); 0 = no bomb pending
    bomb_kind: int | None = None  # the rank of the bomb on top (2, 3, or 0 for a Joker)
    skips: int = 0  # the pending jump: skips left
    jack_layers: list[int] = field(default_factory=list)  # seats that laid a Jack in it, in order
    called: list[bool] = field(default_factory=list)  # per seat: a Niko Kadi call stands
    call_window: int | None = None  # the seat that may call now, until the next move
    owes: list[int] = field(default_factory=list)  # per seat: cards owed to draw back in; 0 = holds cards
    # Per seat: it was skipped straight away by a jump (so the table saw it held no
    # Jack) and has received no card since. Public knowledge, kept for the view like
    # Donkey's voids; a table saved without it reads as nobody known.
    no_jack: list[bool] = field(default_factory=list)
    # More of what the table saw of each hand this round, kept the same way (a table
    # saved without these reads as nothing seen). ``shows_winning``: True when the
    # seat called or its call window opened (its hand can go down in one play), False
    # when its move ended with no window and no call standing (it cannot), None when
    # nothing was seen (no move yet this round, or a called seat laid cards without
    # finishing); a hand changes only by its own moves, so this holds until the next.
    # ``fit_at_draw``: the cards that could have been laid when the seat last drew
    # (or picked up a bomb, or left a question unanswered) instead of playing them;
    # ``cards_since_draw``: how many of its cards may have come to it since. Drawing
    # while able to play is allowed, so this is what a draw suggests, not a fact: all
    # but that many of its cards are outside the set if it draws only when it cannot
    # play (as the normal computer player nearly always does).
    shows_winning: list[bool | None] = field(default_factory=list)
    fit_at_draw: list[frozenset[Card]] = field(default_factory=list)
    cards_since_draw: list[int] = field(default_factory=list)
    # Draws in a row, since the last card was laid, that found nothing to draw (both
    # piles empty). When every seat has drawn nothing in turn the round is blocked
    # and ends on points: without this a round in which nobody lays a card (nobody
    # can, or one player hoards the deck and keeps drawing) would never end.
    empty_draws: int = 0

    def __post_init__(self) -> None:
        if len(self.no_jack) != self.seats:
            self.no_jack = [False] * self.seats
        if len(self.shows_winning) != self.seats:
            self.shows_winning = [None] * self.seats
        if len(self.fit_at_draw) != self.seats or len(self.cards_since_draw) != self.seats:
            self.fit_at_draw = [frozenset()] * self.seats
            self.cards_since_draw = [0] * self.seats

    # ---- what the shared code asks (core/state.py's MatchState)

    @property
    def is_over(self) -> bool:
        return self.match_result is not None

    def is_out(self, seat: int) -> bool:
        return False  # every seat plays a Kadi match to its end

    def actors(self) -> frozenset[int]:
        """The seat whose turn it is, and a seat whose Niko Kadi window is open."""
        if self.turn is None or self.is_over:
            return frozenset()
        window = self.call_window
        if window is not None and window != self.turn and may_call(self, window):
            return frozenset((self.turn, window))
        return frozenset((self.turn,))


# ----------------------------------------------------------------- saving


def _from_version_1(fields: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (written by the engine before issue 11) had the same fields, but
    named the cards owed for the draw back in ``cardless``."""
    out = dict(fields)
    out["owes"] = out.pop("cardless")
    return out


def _from_version_2(fields: dict[str, Any]) -> dict[str, Any]:
    """A version-2 table in version 3's form: ``draw`` is ``draw_pile``, ``bomb`` is
    ``pick_up``; every value is the same."""
    out = dict(fields)
    out["draw_pile"] = out.pop("draw")
    out["pick_up"] = out.pop("bomb")
    return out


def _check(state: KadiState) -> None:
    """Refuse a state the engine could not play on (the table runtime sets such rows
    aside; it checks the seats named, such as ``turn``, itself)."""
    seats = state.seats
    per_seat = (state.hands, state.round_wins, state.called, state.owes)
    if any(len(values) != seats for values in per_seat):
        raise ValueError(f"the state does not hold one entry per seat for {seats} seats")
    if not state.discard:
        raise ValueError("the discard pile is empty")


STATE_FORMAT: Final = StateFormat("kadi", KadiState, STATE_VERSION, {1: _from_version_1, 2: _from_version_2},
                                 check=_check)


def copy_state(state: KadiState) -> KadiState:
    """An independent copy: the lists copied, the immutable values (cards, rules,
    results) shared. What ``KadiGame.clone`` is."""
    return KadiState(
        state.seats, state.rules, state.seed, state.round_no, list(state.round_wins),
        list(state.round_results), state.match_result, [list(h) for h in state.hands],
        list(state.draw_pile), list(state.discard), state.reshuffles, state.turn, state.clockwise,
        state.base, state.ask_suit, state.demand, state.pick_up, state.bomb_kind, state.skips,
        list(state.jack_layers), list(state.called), state.call_window, list(state.owes),
        list(state.no_jack), list(state.shows_winning), list(state.fit_at_draw),
        list(state.cards_since_draw), state.empty_draws,
    )


# ----------------------------------------------------------------- reading


def next_seat(state: KadiState, seat: int) -> int:
    """The seat after ``seat`` in the direction of play."""
    return (seat + (1 if state.clockwise else -1)) % state.seats


def opponents(state: KadiState) -> int:
    return state.seats - 1


def holds_winning_hand(state: KadiState, seat: int) -> bool:
    return is_winning_hand(state.hands[seat], opponents(state), state.rules.ace_finish)


def may_call(state: KadiState, seat: int) -> bool:
    """``seat`` may call Niko Kadi now: its window is open, it has not called, and
    its hand can still go down in one play."""
    return (
        not state.is_over
        and state.call_window == seat
        and not state.called[seat]
        and holds_winning_hand(state, seat)
    )


def can_win(state: KadiState, seat: int) -> bool:
    """``seat``'s call stands and nobody else is cardless: emptying the hand with a
    winning play now wins the round."""
    return state.called[seat] and not any(owes for s, owes in enumerate(state.owes) if s != seat)


def skip_targets(state: KadiState) -> tuple[int, ...]:
    """The seats the pending jump would skip if nobody passed it on."""
    out: list[int] = []
    if not state.skips or state.turn is None:
        return ()
    seat, left = state.turn, state.skips
    while left and seat not in state.jack_layers:
        out.append(seat)
        left -= 1
        seat = next_seat(state, seat)
    return tuple(out)


def kept_from(state: KadiState) -> int:
    """Where the part of the discard pile a reshuffle keeps begins: the top card,
    or the card the next play matches with the Aces laid on it."""
    top = len(state.discard) - 1
    for i in range(top, -1, -1):
        if state.discard[i] is state.base:
            return i
    return top
