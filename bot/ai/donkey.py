"""The Donkey computer player: avoid collecting, shed high cards while it is safe.

It reads only its ``DonkeyView`` and the legal moves. Everything it knows about
the other hands is public: the discard pile and the round in play (every card
there was played face up), hand counts, and ``voids`` (suits a seat has shown
it lacks by striking, kept by the engine from public play).

The one way to fall behind in Donkey is to collect: holding the highest card of
the active suit when somebody strikes. So the player

- estimates, for a suit, the chance that a seat still to play this round is
  void in it (certain for a known void; otherwise the chance that none of the
  unseen cards of the suit sits in that seat's hand);
- when a strike is likely, plays under the highest card so far (the highest
  such card, to shed it), or its lowest card when it cannot get under;
- when it is safe (nobody left to play, or a strike unlikely), sheds its
  highest card of the suit: high cards are what collect later in the game;
- leads the suit least likely to be struck: high when safe, low otherwise;
- strikes with its worst card: the highest, from its shortest suit.

``choose_in`` makes the same choice reading the same things straight from a match,
for the searching player's playouts (no view built for every move).
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Set
from functools import cache

from bot.games.cards import SUITS, Card, Suit
from bot.games.core.game import Game, View
from bot.games.core.moves import Move
from bot.games.donkey import DonkeyGame, DonkeyState, DonkeyView

# Below this chance of a strike, the player treats a round as safe.
SAFE_RISK = 0.25


@cache
def _none_among(pool: int, unseen: int, held: int) -> float:
    """The chance that ``held`` cards drawn from ``pool`` include none of
    ``unseen`` particular ones (hypergeometric): the suit's unseen cards lie
    somewhere in the pool of cards the other hands hold."""
    chance = 1.0
    for k in range(min(held, pool)):
        chance *= max(pool - unseen - k, 0) / (pool - k)
    return chance


class DonkeyPlayer:
    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) == 1 or not isinstance(view, DonkeyView) or view.seat is None:
            return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
        return self._best(_Table.of_view(view), view.active_suit, legal)

    def choose_in(self, game: Game, seat: int, legal: Sequence[Move], rng: random.Random) -> Move:
        """What ``choose`` chooses from ``game.view(seat)``, read from the match itself
        without building the view: for the searching player's playouts. Reads only the
        seat's own hand and what the table sees."""
        if len(legal) == 1:
            return legal[0]
        if not isinstance(game, DonkeyGame):
            return self.choose(game.view(seat), legal, rng)
        return self._best(_Table.of_state(game.state, seat), game.state.active_suit, legal)

    @staticmethod
    def _best(table: _Table, suit: Suit | None, legal: Sequence[Move]) -> Move:
        playable = [m.cards[0] for m in legal]
        if suit is None:
            chosen = table.lead(playable)
        elif playable[0].suit == suit:
            chosen = table.follow(playable, suit)
        else:
            chosen = table.strike(playable)
        return next(m for m in legal if m.cards[0] is chosen)


class _Table:
    """What the player can work out from what its seat sees: its hand, every seat's
    card count and shown voids, the round in play and the discard pile."""

    def __init__(self, seat: int, hand: Sequence[Card], hand_counts: Sequence[int],
                 voids: Sequence[Set[Suit]], trick: Sequence[tuple[int, Card]],
                 to_play: Sequence[int], discarded: Sequence[Card]) -> None:
        self.seat = seat
        self.hand_counts = hand_counts
        self.voids = voids
        self.trick = trick
        self.mine = dict.fromkeys(SUITS, 0)
        for c in hand:
            self.mine[c.suit] += 1
        seen = dict(self.mine)
        for c in discarded:
            seen[c.suit] += 1
        for _, c in trick:
            seen[c.suit] += 1
        self.unseen = {s: 13 - seen[s] for s in SUITS}
        # Seats still to play this round after this one.
        self.after = [s for s in to_play if s != seat]
        self._void: dict[tuple[int, str], float] = {}
        self._pool: dict[str, int] = {}

    @classmethod
    def of_view(cls, view: DonkeyView) -> _Table:
        assert view.seat is not None
        return cls(view.seat, view.hand, view.hand_counts, view.voids, view.trick, view.to_play, view.discard)

    @classmethod
    def of_state(cls, state: DonkeyState, seat: int) -> _Table:
        """The same as ``of_view(view_of(state, seat))``: the other hands by their count only."""
        return cls(seat, state.hands[seat], [len(h) for h in state.hands], state.voids, state.trick,
                   state.order[state.pos:], state.discard)

    def pool(self, suit: str) -> int:
        """How many cards the other hands not known void in ``suit`` hold."""
        if suit not in self._pool:
            self._pool[suit] = sum(
                count
                for s, count in enumerate(self.hand_counts)
                if s != self.seat and suit not in self.voids[s]
            )
        return self._pool[suit]

    def void_chance(self, seat: int, suit: str) -> float:
        """The chance that ``seat`` holds no card of ``suit``."""
        key = (seat, suit)
        if key in self._void:
            return self._void[key]
        unseen = self.unseen[suit]
        held = self.hand_counts[seat]
        pool = self.pool(suit)
        chance = 1.0
        if suit not in self.voids[seat] and unseen > 0 and held > 0:
            chance = _none_among(pool, unseen, held)
        self._void[key] = chance
        return chance

    def strike_risk(self, suit: str, seats: Sequence[int]) -> float:
        """The chance that one of ``seats`` is void in ``suit`` and strikes."""
        none_void = 1.0
        for s in seats:
            none_void *= 1.0 - self.void_chance(s, suit)
        return 1.0 - none_void

    def lead(self, playable: list[Card]) -> Card:
        suits = {c.suit for c in playable}
        others = self.after

        def suit_cost(s: str) -> tuple[float, int, int]:
            # Least risk of a strike first; then shed the suit with the
            # highest card; then the shorter suit (a void lets us strike later).
            top = max(c.rank for c in playable if c.suit == s)
            return (round(self.strike_risk(s, others), 2), -top, self.mine[s])

        best = min(sorted(suits), key=suit_cost)
        cards = [c for c in playable if c.suit == best]
        if self.strike_risk(best, others) < SAFE_RISK:
            return max(cards, key=lambda c: c.rank)
        return min(cards, key=lambda c: c.rank)

    def follow(self, playable: list[Card], suit: str) -> Card:
        top = max((c.rank for _, c in self.trick if c.suit == suit), default=0)
        under = [c for c in playable if c.rank < top]
        if not self.after:  # last to play: no strike can follow, shed the highest
            return max(playable, key=lambda c: c.rank)
        risk = self.strike_risk(suit, self.after)
        if under:
            # Staying under the highest card is never collecting: shed the
            # highest such card, or win with the highest card when it is safe.
            if risk < SAFE_RISK:
                return max(playable, key=lambda c: c.rank)
            return max(under, key=lambda c: c.rank)
        if risk < SAFE_RISK:
            return max(playable, key=lambda c: c.rank)
        # Whatever we play tops the round: play low so a later card may top it.
        return min(playable, key=lambda c: c.rank)

    def strike(self, playable: list[Card]) -> Card:
        return max(playable, key=lambda c: (c.rank, -self.mine[c.suit], c.index))
