"""The searching computer player ("hard"), written once against the engine protocol.

Determinized playouts with UCB1 at the root (docs/ai.md argues the choice):

1. Deal a world: ``Game.determinize(view, rng)`` builds a match consistent with the
   seat's view, the cards it cannot see dealt at random within what the public record
   allows.
2. In that world, the normal player's move (the default) and up to three others that
   UCB1 picks (untried ones first) are each applied to a ``clone()`` of the world and
   played out with the same rollout dice, the game's own computer player (the "normal"
   level) choosing for every seat from that seat's view. A move is scored by how much
   better it did than the default in the same world (a paired difference).
3. A playout ends at the end of the round (Donkey: of the match) and scores the seat:
   1 for a win (Donkey: for not being the Donkey), less for a worse place, 0 for
   the Donkey; a playout that runs past ``PLAYOUT_MOVES`` scores by cards left.
4. Repeat until the time budget or the playout cap is spent; play the move tried
   most if it beat the default by a standard error of its differences, else the default.

It reads only its ``View``, the legal moves and ``determinize``; nothing it does
depends on the cards the other seats really hold (``tests/ai/test_search.py``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.ai import ComputerPlayer, StatePolicy
from bot.games.core.events import MatchOver, RoundOver
from bot.games.core.game import Game, View
from bot.games.core.moves import CALL_MOVE, Move, MoveKind
from bot.games.core.results import Result

THINK_MS = 300.0  # the default time budget per decision
MAX_PLAYOUTS = 3000  # the hard cap, whatever the budget
PLAYOUT_MOVES = 600  # a playout this long is scored where it stands
WORLD_MOVES = 4  # root moves tried in one dealt world, the default among them (each on a clone of it)
EXPLORATION = 0.7  # UCB1's constant, for advantages in [-1, 1]
CONFIDENCE = 1.0  # standard errors by which a move must beat the normal player's to be played instead
PLACE_WORTH = 0.3  # Kadi, Karata: what the best place after the winner's is worth, a win being 1


@dataclass(frozen=True)
class SearchStats:
    """What one decision cost: for the arena's figures and the logs."""

    playouts: int
    worlds: int
    seconds: float


class SearchPlayer:
    """``choose(view, legal, rng)`` by determinized playouts; ``policy`` plays them out."""

    def __init__(self, game: type[Game], policy: ComputerPlayer, *, think_ms: float | None = THINK_MS,
                 max_playouts: int = MAX_PLAYOUTS) -> None:
        self.game = game
        self.policy = policy
        # Playouts choose from the match itself when the policy can (no view to build).
        self._choose_in = policy.choose_in if isinstance(policy, StatePolicy) else None
        self.think_ms = think_ms
        self.max_playouts = max_playouts
        self.last: SearchStats | None = None

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        return self.search(view, legal, rng, self.think_ms, self.max_playouts)

    def search(self, view: View, legal: Sequence[Move], rng: random.Random,
               think_ms: float | None, max_playouts: int) -> Move:
        """The move to make. ``think_ms`` None: no clock, exactly ``max_playouts``
        playouts (so the choice depends on the view, the moves and ``rng`` alone)."""
        start = time.perf_counter()
        self.last = None
        if len(legal) == 1:
            return legal[0]
        calls = [m for m in legal if m.kind == MoveKind.CALL]
        if calls:
            return calls[0]  # a call is never worse than not calling
        seat = view.seat
        if seat is None:
            return self.policy.choose(view, legal, rng)
        deadline = None if think_ms is None else start + think_ms / 1000.0
        moves = list(legal)
        # The normal player's move is the default: the search must show another is better.
        # It is played out in every world, and every other move is scored by how much
        # better or worse it did than the default *in the same world with the same
        # rollout dice* (common random numbers): the luck of the deal, which dwarfs the
        # difference between two moves, cancels out of each comparison.
        default = moves.index(self.policy.choose(view, legal, rng))
        advantages = [Advantage() for _ in moves]
        playouts = worlds = failures = 0

        def time_left() -> bool:
            return playouts < max_playouts and (deadline is None or _time_for_one(start, deadline, playouts))

        while time_left():
            try:
                world = self.deal(view, rng)
            except ValueError:
                failures += 1
                if failures >= 20 and not worlds:
                    break  # cannot rebuild this view (Karata's cheat mode): play as normal
                continue
            worlds += 1
            dice = rng.getrandbits(64)
            baseline = self._playout(world.clone(), seat, moves[default], random.Random(dice))
            playouts += 1
            tried = {default}
            for _ in range(min(WORLD_MOVES, len(moves)) - 1):
                if not time_left():
                    break
                pick = _ucb(advantages, worlds, tried)
                tried.add(pick)
                reward = self._playout(world.clone(), seat, moves[pick], random.Random(dice))
                advantages[pick].add(reward - baseline)
                playouts += 1
        self.last = SearchStats(playouts, worlds, time.perf_counter() - start)
        return moves[better_than_default(advantages, default)]

    def deal(self, view: View, rng: random.Random) -> Game:
        """A world to play the root moves out in: one consistent with the seat's view."""
        # A method so that lab/see_hands.py can deal from the real match: what knowing the hands is worth.
        return self.game.determinize(view, rng)

    def _playout(self, game: Game, seat: int, move: Move, rng: random.Random) -> float:
        events = game.apply_legal(seat, move)
        for _ in range(PLAYOUT_MOVES):
            for event in events:
                if isinstance(event, (RoundOver, MatchOver)):
                    return self._reward(event.result, seat)
            if game.is_over:
                result = game.result()
                return self._reward(result, seat) if result is not None else 0.5
            actor, legal = _next_actor(game)
            if actor is None:
                return 0.5
            chosen = legal[0] if len(legal) == 1 else self._rollout_choice(game, actor, legal, rng)
            events = game.apply_legal(actor, chosen)
        return _by_cards(game, seat)

    def _rollout_choice(self, game: Game, seat: int, legal: list[Move], rng: random.Random) -> Move:
        """The normal player's move for ``seat`` in a playout, from the match when it
        can read one (cheaper), else from the seat's view."""
        if self._choose_in is not None:
            return self._choose_in(game, seat, legal, rng)
        return self.policy.choose(game.view(seat), legal, rng)

    def _reward(self, result: Result, seat: int) -> float:
        seats = len(result.ranks)
        rank = result.ranks[seat]
        place = 0.0 if rank is None or seats < 2 else (seats - rank) / (seats - 1)
        if self.game.loser_counts:  # what counts is not being the loser
            return 0.0 if result.loser == seat else 0.8 + 0.2 * place
        if seat in result.winners:
            return 1.0
        return PLACE_WORTH * place


@dataclass
class Advantage:
    """How a root move did against the default move in the worlds where both were tried."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, difference: float) -> None:
        self.n += 1
        self.total += difference
        self.squares += difference * difference

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def standard_error(self) -> float:
        variance = max(self.squares / self.n - self.mean * self.mean, 1e-6)
        return math.sqrt(variance / self.n)


def better_than_default(advantages: list[Advantage], default: int, confidence: float = CONFIDENCE) -> int:
    """The move tried most, if it beat the default by ``confidence`` standard errors of
    its paired differences; otherwise the default (the normal player's move)."""
    best = max((i for i in range(len(advantages)) if i != default),
               key=lambda i: (advantages[i].n, advantages[i].mean), default=default)
    if best == default or advantages[best].n < 2:
        return default
    move = advantages[best]
    return best if move.mean > confidence * move.standard_error() else default


def _time_for_one(start: float, deadline: float, playouts: int) -> bool:
    """Another playout fits before the deadline, at twice the mean cost of those so far
    (playouts vary in length: so that the budget holds at the 95th percentile)."""
    now = time.perf_counter()
    mean = (now - start) / playouts if playouts else 0.0
    return now + 2 * mean < deadline


def _ucb(advantages: list[Advantage], worlds: int, tried: set[int]) -> int:
    """The root move UCB1 tries next in this world (an untried one first), by its
    advantage over the default so far."""
    best, best_value = -1, -math.inf
    log_n = math.log(worlds + 1)
    for i, advantage in enumerate(advantages):
        if i in tried:
            continue
        if advantage.n == 0:
            return i
        value = advantage.mean + EXPLORATION * math.sqrt(log_n / advantage.n)
        if value > best_value:
            best, best_value = i, value
    return best


def _next_actor(game: Game) -> tuple[int | None, list[Move]]:
    """Who moves next in a playout (``Game.next_actor``: a seat out of turn that may call
    calls at once) and the moves it chooses among: the call, or the turn's legal moves."""
    actor = game.next_actor()
    if actor is None:
        return None, []
    if actor != game.turn:
        return actor, [CALL_MOVE]
    legal = game.legal_moves(actor)
    return (actor, legal) if legal else (None, [])


def _by_cards(game: Game, seat: int) -> float:
    """A playout cut short: the share of the others' cards the seat's hand does not hold."""
    counts = game.view(None).hand_counts
    mine = counts[seat]
    others = [c for s, c in enumerate(counts) if s != seat]
    if not others:
        return 0.5
    return sum(1.0 for c in others if c > mine) / len(others) * 0.5


class BlunderPlayer:
    """The "easy" level: the game's player, but now and then any legal move instead."""

    def __init__(self, player: ComputerPlayer, rate: float = 0.3) -> None:
        self.player = player
        self.rate = rate

    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        if len(legal) > 1 and rng.random() < self.rate:
            return legal[rng.randrange(len(legal))]
        return self.player.choose(view, legal, rng)
