"""Kadi's computer player: a fair opponent that reads only its view and its legal moves.

It calls Niko Kadi whenever it may, finishes as soon as it can, counters bombs
(or blocks them with an Ace), passes jumps on, and otherwise scores each play:
shed high-point and awkward cards (Jokers, 2s, Jacks) early, keep Aces for
defence, prefer plays that leave a winning hand, ask for the suit it holds
most of, and demand cards it holds itself (so the next player cannot have them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.games.cards import ACE, JACK, JOKER, KING, Card, penalty_points
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi.rules import BOMB_SIZE, NUMBER_RANKS, QUESTION_RANKS, is_winning_hand
from bot.games.kadi.view import KadiView


class KadiPlayer:
    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        assert isinstance(view, KadiView)
        for move in legal:
            if move.kind == MoveKind.CALL:
                return move
        plays = [m for m in legal if m.kind == MoveKind.PLAY]
        hand = view.hand
        opponents = view.seats - 1
        ace_finish = view.rules.ace_finish
        if view.seat in view.called and not any(s != view.seat for s in view.cardless):
            for move in plays:
                if len(move.cards) == len(hand) and is_winning_hand(move.cards, opponents, ace_finish):
                    return move
        by_kind = {m.kind: m for m in legal if m.kind != MoveKind.PLAY}
        if MoveKind.PASS in by_kind:
            return self._facing_skip(view, plays, by_kind[MoveKind.PASS])
        if not plays:
            return legal[0]
        if view.bomb:
            counters = [m for m in plays if m.cards[0].rank != ACE]
            if counters:
                return min(counters, key=lambda m: (len(m.cards), rng.random()))
            blocks = [m for m in plays if len(m.cards) == 1]
            return blocks[0] if blocks else by_kind.get(MoveKind.DRAW, plays[0])
        best: list[Move] = []
        best_score = self._draw_score(view)
        for move in plays:
            score = self._score(view, move)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        if not best:
            return by_kind.get(MoveKind.DRAW, plays[0])
        return best[rng.randrange(len(best))]

    @staticmethod
    def _facing_skip(view: KadiView, plays: list[Move], take: Move) -> Move:
        # Pass the jump on with a single Jack unless that Jack belongs to a finish.
        singles = [m for m in plays if len(m.cards) == 1]
        if not singles:
            return take
        hand = view.hand
        if view.seat in view.called and is_winning_hand(hand, view.seats - 1, view.rules.ace_finish):
            return take
        return singles[0]

    @staticmethod
    def _draw_score(view: KadiView) -> float:
        if view.pickable == 0:
            return -1000.0  # nothing to draw: any play beats waiting for ever
        return -8.0

    @staticmethod
    def _score(view: KadiView, move: Move) -> float:
        cards = move.cards
        hand = view.hand
        played = set(cards)
        rest = [c for c in hand if c not in played]
        first = cards[0]
        score = 3.0 * len(cards) + sum(penalty_points(c) for c in cards) * 0.5
        if not rest:
            return score - 25.0  # running out without a finish: cardless
        if is_winning_hand(rest, view.seats - 1, view.rules.ace_finish):
            score += 30.0
        rank = first.rank
        if rank == ACE:
            score -= 10.0 * len(cards)
            score += _ask_score(move, rest)
        elif rank in QUESTION_RANKS:
            answered = any(c.rank in NUMBER_RANKS for c in cards)
            score += 4.0 if answered else -10.0
        elif rank in BOMB_SIZE:
            score += 8.0
        elif rank == JACK:
            score += 4.0
        elif rank == KING and view.seats == 2:
            score += 6.0
        # Keep cards that go together: a play leaving a lone awkward card scores less.
        awkward = sum(1 for c in rest if c.rank in (JOKER, 2, JACK))
        return score - awkward


def _ask_score(move: Move, rest: list[Card]) -> float:
    demand = move.demand
    if isinstance(demand, Card):
        if demand in rest:
            return 14.0 + penalty_points(demand) / 5  # only we hold it: the next player must draw
        return -30.0
    if move.ask_suit is None:
        return 0.0
    return 2.0 * sum(1 for c in rest if c.suit == move.ask_suit and c.rank != ACE)
