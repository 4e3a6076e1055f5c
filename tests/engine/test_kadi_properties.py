"""Kadi property tests: thousands of random rounds through the shared harness.

Purely random legal moves almost never win a Kadi round (a win needs a call
and then the whole hand in one play), so the random seats here use
``LooseRandomPlayer``: any legal move at random, except that it always calls
Niko Kadi and usually takes a finish when one is listed. Some seats are the
real computer player. The harness adds illegal moves and clock timeouts, and
checks card conservation, unchanged state after illegal moves, seated turns,
state round trips and replay from the seed after every step.

Each run plays at least 2,000 rounds: 700 matches of 1 or 2 rounds with
random moves, and 650 matches of 2 or 3 rounds among computer players
(about 2,650 rounds in all).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import ComputerPlayer
from bot.ai.kadi import KadiPlayer
from bot.games.core.game import View
from bot.games.core.moves import Move, MoveKind
from bot.games.kadi import KadiGame, KadiRules
from tests.engine.harness import random_playout


class LooseRandomPlayer:
    def choose(self, view: View, legal: Sequence[Move], rng: random.Random) -> Move:
        for move in legal:
            if move.kind == MoveKind.CALL:
                return move
        plays = [m for m in legal if m.kind == MoveKind.PLAY]
        if plays and len(view.hand) <= 6:
            finishes = [m for m in plays if len(m.cards) == len(view.hand)]
            if finishes:
                return finishes[rng.randrange(len(finishes))]
        if plays and rng.random() < 0.9:
            return plays[rng.randrange(len(plays))]
        return legal[rng.randrange(len(legal))]


@st.composite
def kadi_rules(draw: st.DrawFn, rounds: st.SearchStrategy[int]) -> KadiRules:
    deal_5 = draw(st.booleans())
    return KadiRules(
        deal=draw(st.sampled_from((3, 4, 5) if deal_5 else (3, 4))),
        punishment_accumulates=draw(st.booleans()),
        bombs_answer_bombs=draw(st.booleans()),
        forgotten_call_costs_a_card=draw(st.booleans()),
        ace_finish=draw(st.booleans()),
        no_jokers=draw(st.booleans()),
        deal_5=deal_5,
        rounds=draw(rounds),
        later_direction=draw(st.sampled_from(("clockwise", "anticlockwise"))),
    )


LOOSE = LooseRandomPlayer()
COMPUTER = KadiPlayer()


@settings(max_examples=700, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    seats=st.integers(2, 5),
    rules=kadi_rules(st.sampled_from((1, 2))),
    computers=st.integers(0, 2**5 - 1),
)
def test_random_rounds_keep_every_invariant(
    seed: int, seats: int, rules: KadiRules, computers: int
) -> None:
    # ``computers`` picks which seats the computer player takes; the rest play loosely at random.
    def player(seat: int) -> ComputerPlayer:
        return COMPUTER if computers >> seat & 1 else LOOSE

    game = random_playout(KadiGame, seats, rules, seed, players=player, illegal_rate=0.1)
    assert isinstance(game, KadiGame) and game.round_no == rules.rounds


@settings(max_examples=650, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    seats=st.integers(2, 5),
    rules=kadi_rules(st.sampled_from((2, 3))),
)
def test_computer_players_finish_rounds_among_themselves_without_an_illegal_move(
    seed: int, seats: int, rules: KadiRules
) -> None:
    game = random_playout(
        KadiGame, seats, rules, seed, players=lambda seat: COMPUTER, illegal_rate=0, timeout_rate=0
    )
    assert isinstance(game, KadiGame) and game.is_over and game.round_no == rules.rounds
