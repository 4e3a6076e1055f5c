"""Random playouts through the engine protocol, shared by every game's property tests.

``random_playout`` plays one match with a mix of random legal moves, random
illegal moves (random cards, kinds, asks and seats) and clock timeouts, and
checks the protocol's invariants after every step:

- every card of the deck exists exactly once (``cards_in_play``);
- an illegal move raises ``IllegalMove`` and changes nothing (state JSON equal);
- every listed legal move passes ``check``; the seat to act is seated; an
  actor always has a legal move; somebody can act until the match is over;
- the match ends within ``max_steps``, with a result that ranks every seat;
- ``from_state(to_state())`` of a mid-match copy plays on identically;
- replaying the seed and the applied moves gives the same final state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace

from bot.ai import ComputerPlayer
from bot.games.cards import ALL_CARDS, SUITS, Card
from bot.games.core.errors import IllegalMove
from bot.games.core.game import Game
from bot.games.core.moves import Demand, Move, MoveKind
from bot.games.core.rules import Rules
from bot.ui.text.illegal import knows, sentence


def random_move(rng: random.Random, seats: int) -> tuple[int, Move]:
    """Almost always nonsense: a random seat, kind, cards and ask."""
    seat = rng.randrange(-1, seats + 1)
    kind = rng.choice(sorted(MoveKind))
    cards: tuple[Card, ...] = ()
    ask: str | Card | None = None
    target = None
    if kind in (MoveKind.PLAY, MoveKind.HIDE):
        cards = tuple(rng.choice(ALL_CARDS) for _ in range(rng.choice((0, 1, 1, 2, 3))))
        ask = rng.choice([None, None, rng.choice(SUITS), Demand.SPECIAL, rng.choice(ALL_CARDS), "X"])
    elif kind == MoveKind.CHALLENGE:
        target = rng.randrange(-1, seats + 1)
    return seat, _with_ask(Move(kind, cards, target=target), ask)


def _with_ask(move: Move, ask: str | Card | None) -> Move:
    """``move`` asking ``ask``: a suit letter (or a nonsense one such as ``"X"``), a
    card or ``Demand.SPECIAL`` (a demand), or nothing."""
    if isinstance(ask, Card | Demand):
        return replace(move, ask_suit=None, demand=ask)
    return replace(move, ask_suit=ask, demand=None)


def mutated_move(rng: random.Random, move: Move, hand: tuple[Card, ...]) -> Move:
    """A near miss of a legal move: reordered, a card swapped, an ask changed."""
    choice = rng.randrange(4)
    if choice == 0 and len(move.cards) > 1:
        cards = list(move.cards)
        rng.shuffle(cards)
        return replace(move, cards=tuple(cards))
    if choice == 1 and move.cards:
        cards = list(move.cards)
        cards[rng.randrange(len(cards))] = rng.choice(ALL_CARDS)
        return replace(move, cards=tuple(cards))
    if choice == 2:
        return _with_ask(move, rng.choice([None, rng.choice(SUITS), Demand.SPECIAL]))
    extra = (rng.choice(hand),) if hand else ()
    return replace(move, cards=move.cards + extra)


def _state(game: Game) -> str:
    return json.dumps(game.to_state(), sort_keys=True)


def _deck_key(cards: list[Card]) -> list[int]:
    # Sorted indices compare much faster than Counters: this runs after every step.
    return sorted(c.index for c in cards)


def _check_invariants(game: Game, deck: list[int]) -> None:
    assert _deck_key(game.cards_in_play()) == deck, "a card was lost or duplicated"
    turn = game.turn
    assert turn is None or 0 <= turn < game.seats, f"turn {turn} is not a seat"
    actors = game.actors()
    if game.is_over:
        assert not actors, "somebody may act after the match is over"
        return
    assert actors, "nobody can act but the match is not over"
    for seat in actors:
        assert 0 <= seat < game.seats


def random_playout(
    game_cls: type[Game],
    seats: int,
    rules: Rules | None,
    seed: int,
    *,
    illegal_rate: float = 0.25,
    timeout_rate: float = 0.05,
    max_steps: int = 20_000,
    players: Callable[[int], ComputerPlayer | None] | None = None,
) -> Game:
    """Play one match to its end, checking the invariants at every step."""
    rng = random.Random(seed)
    game = game_cls.new(seats, rules, seed)
    deck = _deck_key(game.cards_in_play())
    applied: list[tuple[int, Move]] = []
    twin: Game | None = None
    twin_at = rng.randrange(1, 200)
    for step in range(max_steps):
        _check_invariants(game, deck)
        if game.is_over:
            break
        if step == twin_at:
            twin = game_cls.from_state(json.loads(json.dumps(game.to_state())))
            assert _state(twin) == _state(game), "from_state(to_state()) differs"
        roll = rng.random()
        if roll < illegal_rate:
            _try_illegal(game, rng, applied, twin)
            continue
        if roll < illegal_rate + timeout_rate:
            timeout = game.timeout_move()
            if timeout is not None:
                seat, move = timeout
                game.check(seat, move)
                _apply(game, seat, move, applied, twin)
                continue
        actors = game.actors()
        # Mostly the seat whose turn it is: out-of-turn moves (calls, plugs, challenges) are
        # optional, and a driver that chose among all actors evenly would, in cheat mode
        # where everyone may always challenge, mostly challenge and seldom finish a round.
        turn = game.turn
        seat = turn if turn in actors and rng.random() < 0.8 else rng.choice(sorted(actors))
        legal = game.legal_moves(seat)
        assert legal, f"seat {seat} may act but has no legal move"
        player = players(seat) if players else None
        if player is not None:
            move = player.choose(game.view(seat), legal, rng)
            assert move in legal, f"computer player chose {move} which is not legal"
        else:
            move = legal[rng.randrange(len(legal))]
        game.check(seat, move)
        _apply(game, seat, move, applied, twin)
    else:
        raise AssertionError(f"the match did not end in {max_steps} steps")
    _check_result(game)
    if twin is not None:
        assert _state(twin) == _state(game), "a restored copy played on differently"
    replayed = game_cls.replay(seats, rules, seed, applied)
    assert _state(replayed) == _state(game), "replay from seed and moves differs"
    return game


def _apply(game: Game, seat: int, move: Move, applied: list[tuple[int, Move]], twin: Game | None) -> None:
    game.apply(seat, move)
    applied.append((seat, move))
    if twin is not None:
        twin.apply(seat, move)


def _try_illegal(game: Game, rng: random.Random, applied: list[tuple[int, Move]], twin: Game | None) -> None:
    if rng.random() < 0.5 and game.actors():
        actors = game.actors()
        # Mostly the seat whose turn it is: out-of-turn moves (calls, plugs, challenges) are
        # optional, and a driver that chose among all actors evenly would, in cheat mode
        # where everyone may always challenge, mostly challenge and seldom finish a round.
        turn = game.turn
        seat = turn if turn in actors and rng.random() < 0.8 else rng.choice(sorted(actors))
        legal = game.legal_moves(seat)
        move = mutated_move(rng, rng.choice(legal), game.view(seat).hand) if legal else Move(MoveKind.DRAW)
    else:
        seat, move = random_move(rng, game.seats)
    before = _state(game)
    try:
        game.apply(seat, move)
    except IllegalMove as err:
        assert knows(err) and sentence(err), f"no sentence for {err!r}: an illegal move must say why"
        assert _state(game) == before, f"illegal {move} by seat {seat} changed the state"
        return
    # It happened to be legal: keep it, in the log and on the twin.
    applied.append((seat, move))
    if twin is not None:
        twin.apply(seat, move)


def _check_result(game: Game) -> None:
    result = game.result()
    assert result is not None, "the match is over but has no result"
    assert len(result.ranks) == game.seats and len(result.points) == game.seats
    ranked = [r for r in result.ranks if r is not None]
    assert ranked and min(ranked) == 1, "nobody ranks first"
    assert result.winners and all(result.ranks[w] == 1 for w in result.winners)
