"""Everything a Donkey match saves, in one dataclass, and its JSON (docs/engine/donkey.md).

``DonkeyState`` is the whole match: the deal (``seats``, ``rules``, ``seed``,
``first``), the round (trick) in play, who sits out, who is out and at what
rank. The other modules are functions of it. ``STATE_FORMAT`` saves and reads
it (``core/state.py``), every older version too.

Words as in the seed: a *round* is one trick (every seat in it plays one card,
or a strike ends it early); the *match* is the whole game, over when at most
one player still holds cards: that player is the Donkey.

The questions the shared code asks of every game's state (``MatchState``: whose
turn it is, whether the match is over, who may act) are its properties and methods;
the helpers below answer the ones Donkey's own modules ask (who is still in, who
leads the trick). None changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from bot.games.cards import Card, Suit
from bot.games.core.state import StateFormat
from bot.games.donkey.rules import DonkeyRules

STATE_VERSION: Final = 2
"""Version 2 (issue 11): the state dataclass. Version 1 (still read)
named ``round_no`` ``round`` and wrote each seat's voids as one string ("HD")."""


@dataclass
class DonkeyState:
    """A Donkey match. Turn order runs to the previous seat (s → s − 1, wrapping)."""

    seats: int
    rules: DonkeyRules
    seed: int
    first: int = 0  # the seat dealt the first card
    round_no: int = 1  # the round (trick) number, from 1
    hands: list[list[Card]] = field(default_factory=list)  # per seat, in the order the cards came
    discard: list[Card] = field(default_factory=list)  # oldest first; every card was played face up
    trick: list[tuple[int, Card]] = field(default_factory=list)  # (seat, card) this round, in play order
    # This round's seats in turn order, the leader first (seats out or sitting out
    # left out), and the index in it of the seat to act.
    order: list[int] = field(default_factory=list)
    pos: int = 0
    active_suit: Suit | None = None  # set by the round's first card
    sitting_out: set[int] = field(default_factory=set)  # sitting this round out
    sit_out_next: set[int] = field(default_factory=set)  # timed out this round: sit out the next
    ranks: list[int | None] = field(default_factory=list)  # per seat: finishing rank once out
    # Per seat: the suits it has shown it lacks by striking, forgotten again for a
    # suit it then collects (public knowledge, for the view).
    voids: list[set[Suit]] = field(default_factory=list)
    over: bool = False
    loser: int | None = None  # the Donkey, once the match is over (None on a tie)

    # ---- what the shared code asks (core/state.py's MatchState)

    @property
    def turn(self) -> int | None:
        """The seat to act, or None once the match is over."""
        return None if self.over else self.order[self.pos]

    @property
    def is_over(self) -> bool:
        return self.over

    def is_out(self, seat: int) -> bool:
        """Out of cards: ranked, watching until the match ends."""
        return self.ranks[seat] is not None

    def actors(self) -> frozenset[int]:
        """Only the seat to act: Donkey has no move out of turn."""
        turn = self.turn
        return frozenset() if turn is None else frozenset((turn,))


# ----------------------------------------------------------------- questions


def holding(state: DonkeyState) -> int:
    """How many seats are still in the match (not ranked out)."""
    return sum(rank is None for rank in state.ranks)


def best_in_trick(state: DonkeyState) -> tuple[int, Card]:
    """(seat, card) of the highest card of the round so far. A trick holds only
    cards of the active suit (a strike ends the round), so ranks never tie."""
    return max(state.trick, key=lambda played: played[1].rank)


def seats_from(state: DonkeyState, leader: int) -> list[int]:
    """Every seat in turn order from ``leader``: to the previous seat, wrapping
    after seat 0 to the last seat."""
    return [*range(leader, -1, -1), *range(state.seats - 1, leader, -1)]


def copy_state(state: DonkeyState) -> DonkeyState:
    """An independent copy: lists and sets copied, cards and rules shared. What
    ``DonkeyGame.clone`` is."""
    return DonkeyState(
        state.seats, state.rules, state.seed, state.first, state.round_no,
        [list(h) for h in state.hands], list(state.discard), list(state.trick), list(state.order),
        state.pos, state.active_suit, set(state.sitting_out), set(state.sit_out_next),
        list(state.ranks), [set(v) for v in state.voids], state.over, state.loser,
    )


# ----------------------------------------------------------------- saving


def _from_version_1(fields: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (until issue 11) held the same values under two other forms."""
    fields = dict(fields)
    fields["round_no"] = fields.pop("round")
    fields["voids"] = [sorted(letters) for letters in fields["voids"]]
    return fields


STATE_FORMAT: Final = StateFormat("donkey", DonkeyState, STATE_VERSION, {1: _from_version_1})
