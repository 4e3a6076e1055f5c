"""The Karata / Kadi Moja computer player.

It reads only its seat's ``KarataView`` and the legal moves, and scores each
legal move with a few rules of thumb a good player uses: plug skips, answer
draw stacks, save an ordinary card to finish on, aim specials and "special"
Jack demands at a player who is low on cards, call Kadi Moja, and in cheat
mode challenge a player whose shown count does not add up. ``choose_in`` makes
the same choice reading the same things straight from a match (the searching
player's playouts, where building a view per move cost a sixth of the time).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.cards import JACK, JOKER, SUITS, Card, penalty_points
from bot.games.core.game import Game, View
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.karata.engine import KarataGame
from bot.games.karata.rules import SPECIAL_RANKS
from bot.games.karata.state import KarataState, Phase
from bot.games.karata.view import KarataView

WIN = 10_000.0


# How likely a computer is to act on a count that does not add up, per decision.
NOTICE_NEAR_FINISH = 0.5
NOTICE_OTHERWISE = 0.05


@dataclass(slots=True)
class Position:
    """What the scoring reads of a seat's view: its hand and how many of its cards
    are ordinary (to finish on), the shown count of the seat after it, the phase,
    the pending pick-up (the stack), and whether an 8 brings the turn straight back (two players
    left, the switch on)."""

    hand: Sequence[Card]
    ordinary: int
    next_count: int
    phase: Phase
    pick_up: int
    eight_again: bool

    @classmethod
    def of_view(cls, view: KarataView) -> Position:
        nxt = _next_seat(view)
        return cls(
            view.hand,
            _ordinary(view.hand),
            view.hand_counts[nxt] if nxt is not None else 99,
            view.phase,
            view.pick_up,
            view.rules.two_player_eight_again and len(view.out) + 2 == len(view.hand_counts),
        )

    @classmethod
    def of_state(cls, state: KarataState, seat: int) -> Position:
        """The same, read from the match: the seat's own hand and what the table sees."""
        hand = state.hands[seat]
        return cls(
            hand,
            _ordinary(hand),
            state.shown(state.next_seat(seat)),
            state.phase,
            state.pick_up,
            state.rules.two_player_eight_again and len(state.out) + 2 == state.seats,
        )


def _ordinary(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.rank not in SPECIAL_RANKS)


class KarataPlayer:
    """Plays Karata and Kadi Moja well enough to beat random play clearly."""

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if not isinstance(view, KarataView) or view.seat is None:
            return legal[rng.randrange(len(legal))]
        for move in legal:
            if move.kind == MoveKind.CALL:
                return move
        challenge = self._challenge(view, legal, rng)
        if challenge is not None:
            return challenge
        own = [m for m in legal if m.kind in (MoveKind.PLAY, MoveKind.DRAW, MoveKind.PASS)]
        if not own:
            # Out of turn with nothing to do but hide or challenge: hiding is
            # cheaper than a wrong challenge, and a challenge is the last resort.
            hides = [m for m in legal if m.kind == MoveKind.HIDE]
            if hides:
                return min(hides, key=lambda m: penalty_points(m.cards[0]))
            return min(legal, key=lambda m: view.hand_counts[m.target or 0])
        return self._best(Position.of_view(view), own, rng)

    def choose_in(self, game: Game, seat: int, legal: Sequence[Move], rng: random.Random) -> Move:
        """What ``choose`` chooses from ``game.view(seat)``, read from the match itself
        without building the view: for the searching player's playouts. Reads only
        the seat's own hand and what the table sees."""
        state = game.state if isinstance(game, KarataGame) else None
        if state is None or state.rules.cheat_mode:
            return self.choose(game.view(seat), legal, rng)
        for move in legal:
            if move.kind == MoveKind.CALL:
                return move
        return self._best(Position.of_state(state, seat), legal, rng)

    @staticmethod
    def _best(position: Position, own: Sequence[Move], rng: random.Random) -> Move:
        """The best scored of ``own`` (a play, draw or pass each), a tie broken at random."""
        best: list[Move] = []
        best_score = float("-inf")
        for move in own:
            score = _score(position, move)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif abs(score - best_score) <= 1e-9:
                best.append(move)
        return best[rng.randrange(len(best))]

    # ---------------------------------------------------------------- cheating

    @staticmethod
    def _challenge(view: KarataView, legal: Sequence[Move], rng: random.Random) -> Move | None:
        """Challenge a seat whose shown count is smaller than the cards it has taken
        minus the cards it has laid: it must be hiding one.

        The view's counts are exact, and a computer that always used them would catch
        every cheat at once and make cheat mode pointless against it. So it plays like a
        person keeping a loose count: often when the suspect is near a (bluffed) finish,
        seldom otherwise."""
        suspects = [
            m
            for m in legal
            if m.kind == MoveKind.CHALLENGE
            and m.target is not None
            and view.hand_counts[m.target] < view.taken[m.target] - view.laid[m.target]
        ]
        if not suspects:
            return None
        pick = min(suspects, key=lambda m: view.hand_counts[m.target or 0])
        near_finish = view.hand_counts[pick.target or 0] <= 2
        if rng.random() < (NOTICE_NEAR_FINISH if near_finish else NOTICE_OTHERWISE):
            return pick
        return None


# -------------------------------------------------------------------- scoring


def _next_seat(view: KarataView) -> int | None:
    seat = view.seat
    if seat is None:
        return None
    n = len(view.hand_counts)
    step = 1 if view.clockwise else -1
    s = (seat + step) % n
    while s in view.out and s != seat:
        s = (s + step) % n
    return s


def _score(position: Position, move: Move) -> float:
    danger = position.next_count <= 2
    if move.kind == MoveKind.PASS:
        return 0.0 if position.phase == Phase.KEEP else -5.0
    if move.kind == MoveKind.DRAW:
        return -3.0 * position.pick_up - 20.0
    played = move.cards
    left = len(position.hand) - len(played)
    group = played[1:] if played[0].rank == JACK and len(played) > 1 and (
        played[1].rank != JACK
    ) else played
    rank = group[-1].rank
    if not left:
        return WIN if rank not in SPECIAL_RANKS else 40.0
    score = 12.0 * len(played) + 0.3 * sum(penalty_points(c) for c in played)
    ordinary_left = position.ordinary - _ordinary(played)
    if not ordinary_left:
        score -= 15.0  # nothing left to finish on (still better than drawing)
    elif left == 1:
        score += 20.0  # one ordinary card left: a finish is ready
    if rank in (2, JOKER):
        score += 30.0 if danger else (0.0 if position.pick_up else -10.0)
    elif rank == 7:
        score += 20.0 if danger else 2.0
    elif rank == 8 and position.eight_again:
        score += 15.0  # two players: the turn comes straight back
    if played[0].rank == JACK:
        if group is played:
            rest = [c for c in position.hand if c not in played]
            score += _ask_score(move, rest, danger)
            score -= 8.0 if not danger else 0.0  # a Jack is worth saving
        else:
            score += 6.0 * (len(group) - 1)  # the bridge carried extra cards
    return score


def _ask_score(move: Move, rest: Sequence[Card], danger: bool) -> float:
    if move.demand == Demand.SPECIAL:
        return 25.0 if danger else -4.0
    counts = {s: 0 for s in SUITS}
    for card in rest:
        if card.rank != JACK and card.suit in counts:
            counts[card.suit] += 1
    if move.ask_suit is None or move.ask_suit not in counts:
        return 0.0
    return 3.0 * counts[move.ask_suit]
