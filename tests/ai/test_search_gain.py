"""``lab/search_gain.py`` measures the decisions the search really made.

Its figures rest on two things: the first move it measures is the search's default
(the normal player's move, worked out again from the same dice) and the choice rule
it re-runs on subsets of worlds is the search's (the best mean paired difference,
kept only if it beats the default by ``confidence`` standard errors).
"""

from __future__ import annotations

import random

from bot.registry import computer_player, game_class
from lab.search_gain import Decision, MeasuredSearch


def test_each_searched_decision_is_measured_against_the_normal_players_move() -> None:
    engine, normal = game_class("kadi"), computer_player("kadi")
    measured = 0
    for seed in range(12):
        game = engine.new(4, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 8)):
            turn = game.turn
            if turn is None or game.is_over:
                break
            game.apply(turn, normal.choose(game.view(turn), game.legal_moves(turn), rng))
        seat = game.turn
        if seat is None or game.is_over or len(game.legal_moves(seat)) < 2:
            continue
        view, legal = game.view(seat), game.legal_moves(seat)
        hard = MeasuredSearch(engine, normal, max_playouts=12, worlds=5, max_moves=3)
        chosen = hard.choose(view, legal, random.Random(seed))
        if hard.last is None:
            continue  # a call, made without search
        [decision] = hard.decisions
        assert decision.legal == len(legal)
        assert len(decision.wins) == min(3, len(legal)) and all(len(w) == 5 for w in decision.wins)
        # The search's own default, from the same dice: what it kept unless another move won.
        default = normal.choose(view, legal, random.Random(seed))
        assert (decision.chosen == 0) == (chosen == default)
        measured += 1
    assert measured >= 4


def test_the_choice_rule_is_the_searchs() -> None:
    worlds = range(8)
    clearly_better = Decision(2, [[False] * 8, [True] * 6 + [False] * 2], chosen=0)
    assert clearly_better.pick(worlds, 1.0) == 1
    assert clearly_better.advantage(1, worlds) == 0.75
    # Won two worlds the default lost and lost one it won: above zero, not by a standard error.
    barely = Decision(2, [[False, False, True] + [False] * 5, [True, True] + [False] * 6], chosen=0)
    assert barely.pick(worlds, 0.0) == 1
    assert barely.pick(worlds, 1.0) == 0
    worse = Decision(2, [[True] * 8, [False] * 8], chosen=0)
    assert worse.pick(worlds, 0.0) == 0
