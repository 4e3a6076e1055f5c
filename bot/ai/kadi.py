"""Kadi's computer player: a fair opponent that reads only its view and its legal moves.

It calls Niko Kadi whenever it may, finishes as soon as it can, counters bombs
(or blocks them with an Ace), passes jumps on, and otherwise scores each play:
shed high-point and awkward cards (Jokers, 2s, Jacks) early, keep Aces for
defence, prefer plays that leave a winning hand, ask for the suit it holds
most of, and demand cards it holds itself (so the next player cannot have them).
``choose_in`` makes the same choice reading the same things straight from a match
(the searching player's playouts, where building a view per move cost an eighth
of the time).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import ACE, JACK, JOKER, KING, Card, penalty_points
from bot.games.core.game import Game, View
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi.engine import KadiGame
from bot.games.kadi.rules import BOMB_SIZE, NUMBER_RANKS, QUESTION_RANKS, is_winning_hand
from bot.games.kadi.state import KadiState, kept_from
from bot.games.kadi.view import KadiView


@dataclass(slots=True)
class Position:
    """What the player reads of a seat's view: its hand, the table's size and the
    Ace finish switch, whether its call stands and another seat is cardless, whether
    a pick-up (a bomb) is pending, and whether a pick-up could reach any card."""

    hand: Sequence[Card]
    seats: int
    ace_finish: bool
    called: bool
    other_cardless: bool
    pick_up_pending: bool
    nothing_to_draw: bool

    @classmethod
    def of_view(cls, view: KadiView) -> Position:
        return cls(
            view.hand,
            view.seats,
            view.rules.ace_finish,
            view.seat in view.called,
            any(s != view.seat for s in view.cardless),
            bool(view.pick_up),
            view.pickable == 0,
        )

    @classmethod
    def of_state(cls, state: KadiState, seat: int) -> Position:
        """The same, read from the match: the seat's own hand and what the table sees."""
        return cls(
            state.hands[seat],
            state.seats,
            state.rules.ace_finish,
            state.called[seat],
            any(owes for s, owes in enumerate(state.owes) if s != seat),
            bool(state.pick_up),
            len(state.draw_pile) + kept_from(state) == 0,
        )


class KadiPlayer:
    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        assert isinstance(view, KadiView)
        return self._best(Position.of_view(view), legal, rng)

    def choose_in(self, game: Game, seat: int, legal: Sequence[Move], rng: random.Random) -> Move:
        """What ``choose`` chooses from ``game.view(seat)``, read from the match itself
        without building the view: for the searching player's playouts. Reads only
        the seat's own hand and what the table sees."""
        if not isinstance(game, KadiGame):
            return self.choose(game.view(seat), legal, rng)
        return self._best(Position.of_state(game.state, seat), legal, rng)

    def _best(self, position: Position, legal: Sequence[Move], rng: random.Random) -> Move:
        for move in legal:
            if move.kind == MoveKind.CALL:
                return move
        plays = [m for m in legal if m.kind == MoveKind.PLAY]
        hand = position.hand
        opponents = position.seats - 1
        if position.called and not position.other_cardless:
            for move in plays:
                if len(move.cards) == len(hand) and is_winning_hand(move.cards, opponents, position.ace_finish):
                    return move
        by_kind = {m.kind: m for m in legal if m.kind != MoveKind.PLAY}
        if MoveKind.PASS in by_kind:
            return self._facing_skip(position, plays, by_kind[MoveKind.PASS])
        if not plays:
            return legal[0]
        if position.pick_up_pending:
            counters = [m for m in plays if m.cards[0].rank != ACE]
            if counters:
                return min(counters, key=lambda m: (len(m.cards), rng.random()))
            blocks = [m for m in plays if len(m.cards) == 1]
            return blocks[0] if blocks else by_kind.get(MoveKind.DRAW, plays[0])
        best: list[Move] = []
        best_score = -1000.0 if position.nothing_to_draw else -8.0  # any play beats waiting for ever
        by_cards: dict[tuple[Card, ...], _CardsScore] = {}  # Aces' many asks share one
        for move in plays:
            cards_score = by_cards.get(move.cards)
            if cards_score is None:
                cards_score = by_cards[move.cards] = _cards_score(position, move.cards)
            score = cards_score.with_ask(move)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        if not best:
            return by_kind.get(MoveKind.DRAW, plays[0])
        return best[rng.randrange(len(best))]

    @staticmethod
    def _facing_skip(position: Position, plays: list[Move], take: Move) -> Move:
        # Pass the jump on with a single Jack unless that Jack belongs to a finish.
        singles = [m for m in plays if len(m.cards) == 1]
        if not singles:
            return take
        if position.called and is_winning_hand(position.hand, position.seats - 1, position.ace_finish):
            return take
        return singles[0]


@dataclass(slots=True)
class _CardsScore:
    """A play's score but for what its Aces ask (``before_ask``), the cards it keeps
    (``rest``, None when it runs out) and the awkward cards among them."""

    before_ask: float
    rest: list[Card] | None
    awkward: int
    aces: bool

    def with_ask(self, move: Move) -> float:
        if self.rest is None:
            return self.before_ask
        score = self.before_ask + _ask_score(move, self.rest) if self.aces else self.before_ask
        return score - self.awkward


def _cards_score(position: Position, cards: tuple[Card, ...]) -> _CardsScore:
    hand = position.hand
    played = set(cards)
    rest = [c for c in hand if c not in played]
    first = cards[0]
    score = 3.0 * len(cards) + sum(penalty_points(c) for c in cards) * 0.5
    if not rest:
        return _CardsScore(score - 25.0, None, 0, False)  # running out without a finish: cardless
    if is_winning_hand(rest, position.seats - 1, position.ace_finish):
        score += 30.0
    rank = first.rank
    if rank == ACE:
        score -= 10.0 * len(cards)
    elif rank in QUESTION_RANKS:
        answered = any(c.rank in NUMBER_RANKS for c in cards)
        score += 4.0 if answered else -10.0
    elif rank in BOMB_SIZE:
        score += 8.0
    elif rank == JACK:
        score += 4.0
    elif rank == KING and position.seats == 2:
        score += 6.0
    # Keep cards that go together: a play leaving a lone awkward card scores less.
    awkward = sum(1 for c in rest if c.rank in (JOKER, 2, JACK))
    return _CardsScore(score, rest, awkward, rank == ACE)


def _ask_score(move: Move, rest: list[Card]) -> float:
    demand = move.demand
    if isinstance(demand, Card):
        if demand in rest:
            return 14.0 + penalty_points(demand) / 5  # only we hold it: the next player must draw
        return -30.0
    if move.ask_suit is None:
        return 0.0
    return 2.0 * sum(1 for c in rest if c.suit == move.ask_suit and c.rank != ACE)
