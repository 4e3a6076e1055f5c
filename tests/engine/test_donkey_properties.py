"""Donkey property tests: thousands of random games through the shared harness
(random legal moves, random illegal moves, clock timeouts), plus Donkey's own
invariants: all 52 cards between hands, the round in play and the discard pile;
every game ends with exactly one Donkey or with everybody tied and no Donkey."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.cards import ALL_CARDS, deck52
from bot.games.core.errors import IllegalMove
from bot.games.core.moves import Move, MoveKind
from bot.games.donkey import DonkeyGame, DonkeyRules
from tests.engine.harness import random_playout

GAMES = 2000

seeds = st.integers(min_value=0, max_value=2**63 - 1)
seat_counts = st.integers(min_value=2, max_value=8)
timers = st.sampled_from([45, 0, 30, 60, 120])


def check_donkey_result(game: DonkeyGame) -> None:
    result = game.result()
    assert result is not None
    view = game.view(None)
    holding = [s for s in range(game.seats) if view.hand_counts[s]]
    if result.loser is None:
        # The documented tie: everybody still in emptied their hand in the same round.
        assert holding == []
        last = max(r for r in result.ranks if r is not None)
        tied = [s for s in range(game.seats) if result.ranks[s] == last]
        assert len(tied) >= 2
    else:
        assert holding == [result.loser]
        assert result.ranks[result.loser] == game.seats
        assert all(
            r is not None and r < game.seats for s, r in enumerate(result.ranks) if s != result.loser
        )
    assert all(r is not None for r in result.ranks)
    # Ranks are competition ranks in order of going out: a rank r is shared by
    # exactly the players who went out together, r - 1 players went out before.
    counts = Counter(result.ranks)
    for rank, tied_count in counts.items():
        assert rank is not None
        assert sum(n for r, n in counts.items() if r is not None and r < rank) == rank - 1
        assert tied_count >= 1
    assert Counter(game.cards_in_play()) == Counter(deck52())


@settings(max_examples=GAMES, deadline=None, database=None)
@given(seed=seeds, seats=seat_counts, turn_seconds=timers)
def test_random_games_keep_every_invariant_and_end_with_one_donkey_or_a_tie(
    seed: int, seats: int, turn_seconds: int
) -> None:
    rules = DonkeyRules(turn_seconds=turn_seconds)
    game = random_playout(DonkeyGame, seats, rules, seed)
    assert isinstance(game, DonkeyGame)
    check_donkey_result(game)


@settings(max_examples=60, deadline=None, database=None)
@given(seed=seeds, seats=seat_counts)
def test_check_apply_and_legal_moves_agree_on_every_card(seed: int, seats: int) -> None:
    """Every play of every card by every seat: ``check`` accepts exactly the
    listed legal moves, ``apply`` refuses the rest without changing anything,
    and the cards stay where they belong (hands + round + discard = 52)."""
    rng = random.Random(seed)
    game = DonkeyGame.new(seats, seed=seed)
    while not game.is_over:
        state = game.to_state()
        for seat in range(seats):
            legal = set(game.legal_moves(seat))
            for c in ALL_CARDS:
                move = Move(MoveKind.PLAY, (c,))
                assert game.is_legal(seat, move) == (move in legal)
                if move not in legal and (seat == game.turn or c.index % 13 == 0):
                    try:
                        game.apply(seat, move)
                    except IllegalMove:
                        pass
                    else:  # pragma: no cover - would be a bug
                        raise AssertionError(f"{move} by {seat} was applied but is not legal")
        assert game.to_state() == state, "an illegal play changed the game"
        view = game.view(None)
        in_hands = sum(view.hand_counts)
        assert in_hands + len(view.trick) + view.discard_size == 52
        turn = game.turn
        assert turn is not None
        if rng.random() < 0.05:
            game.apply(turn, Move.parse("timeout"))
        else:
            moves = game.legal_moves(turn)
            game.apply(turn, moves[rng.randrange(len(moves))])
    check_donkey_result(game)
