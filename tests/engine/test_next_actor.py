"""``Game.next_actor()``: an out-of-turn call goes first, then the turn seat.

The scheduler (among its computers), the searching player's playouts and the benches
order moves by it; before issue 31 each wrote the rule itself. The playouts below check
it against that rule as they wrote it, in every game, at every step.
"""

from __future__ import annotations

import random

import pytest

from bot.games.core.game import Game
from bot.games.core.moves import MoveKind
from bot.games.karata import KarataGame, KarataRules
from bot.registry import game_class
from tests.engine.kadi_position import position


def as_the_benches_wrote_it(game: Game) -> int | None:
    """The rule as bench/arena.py spelled it before ``next_actor``."""
    for seat in sorted(game.actors()):
        if seat != game.turn and any(m.kind == MoveKind.CALL for m in game.legal_moves(seat)):
            return seat
    return game.turn if game.turn in game.actors() else None


def test_a_seat_whose_call_window_is_open_moves_before_the_turn_seat() -> None:
    game = position(["5D", "KS 4S", "9C 3H"], top="9D", turn=1, call_window=0)
    assert game.actors() == frozenset({0, 1})
    assert game.next_actor() == 0
    assert game.next_actor(among={1, 2}) == 1  # the caller is not among them: the turn seat
    assert game.next_actor(among={2}) is None  # nobody among them may act


def test_nobody_moves_after_the_match() -> None:
    game = position(["6D", "KS"], top="9D", called=[0])
    game.apply(0, game.legal_moves(0)[-1])
    assert game.is_over and game.next_actor() is None


@pytest.mark.parametrize(
    ("name", "rules"),
    [("kadi", None), ("karata", None), ("karata", KarataRules.preset("kadi-moja")),
     ("karata", KarataRules.preset("karata", cheat_mode=True)), ("donkey", None)],
)
def test_next_actor_is_the_rule_the_benches_wrote_at_every_step(name: str, rules: KarataRules | None) -> None:
    engine = game_class(name)
    for seed in range(8):
        game = engine.new(4 if engine is not KarataGame else 5, rules, seed)
        rng = random.Random(seed)
        for _ in range(400):
            actor = game.next_actor()
            assert actor == as_the_benches_wrote_it(game)
            if actor is None:
                break
            legal = game.legal_moves(actor)
            game.apply(actor, rng.choice(legal))
