"""Every round of every game ends (issue 26, item 15): Kadi, Karata in each preset
(``karata``, ``kadi-moja``) and Donkey, from a seeded random deal, under drivers that
stand for the tables the bot really sees:

- **the clock**: nobody at the table moves, so every move is the clock's
  (``timeout_move``: draw, pick up, take the skip). With nothing left to draw such a
  Kadi or Karata round used to run for ever; the blocked-round ruling ends it
  (rules-decisions, "A blocked round").
- **absent humans**: each seat times out three times in a row and is then played by
  the computer, as the table runtime hands it over; the table of computers and
  absent humans the issue saw loop.
- **computers**, the normal player in every seat, with the clock now and then.
  Computers move as the runtime's scheduler has them: out of turn only to call
  (Niko Kadi / Kadi Moja), at once; then the turn's seat.
- **random legal moves** (never a cheat-mode challenge, which is not a turn: a
  driver that challenged at random would mostly challenge).

Each round must end within ``ROUND_MOVES`` moves and each match within
``MATCH_ROUNDS`` rounds. The driver is lean (no invariant checks between moves,
which the per-game ``*_properties.py`` tests make), so that many rounds fit in a
few seconds. Donkey has no clock driver: a Donkey player who times out plays no
card and sits out (seed 003), so a table where everybody only ever times out deals
no card for ever by the rules themselves; in the bot a computer takes such a seat
after three timeouts, which is the absent-humans driver.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai import ComputerPlayer
from bot.ai.donkey import DonkeyPlayer
from bot.ai.kadi import KadiPlayer
from bot.ai.karata import KarataPlayer
from bot.games.core.events import MatchOver, RoundOver
from bot.games.core.game import Game
from bot.games.core.moves import Move, MoveKind
from bot.games.core.rules import Rules
from bot.games.donkey import DonkeyGame, DonkeyRules
from bot.games.kadi import KadiGame
from bot.games.karata import KarataGame, KarataRules
from tests.engine.test_kadi_properties import kadi_rules
from tests.engine.test_karata_properties import SWITCHES as KARATA_SWITCHES

ROUND_MOVES = 100_000  # uniform random Kadi is the longest: up to ~42,000 moves in 100 rounds
MATCH_ROUNDS = 60  # Karata's elimination at eight seats needs at most seven rounds but for ties
TIMEOUTS_BEFORE_COMPUTER = 3  # the table runtime's hand-over (rules-decisions, "Turn timer")

Driver = str  # "clock", "absent", "random", "computers"


def play_to_the_end(game: Game, computer: ComputerPlayer, driver: Driver, seed: int) -> tuple[int, int]:
    """Play ``game`` out; return (rounds played, most moves in one round). Fails if a
    round runs past ``ROUND_MOVES`` or the match past ``MATCH_ROUNDS``."""
    rng = random.Random(seed)
    timeouts = [0] * game.seats  # absent humans: timeouts so far; a computer plays from the third
    rounds = moves = longest = 0
    while not game.is_over:
        seat, move = _next_move(game, computer, driver, rng, timeouts)
        events = game.apply(seat, move)
        moves += 1
        assert moves <= ROUND_MOVES, f"a round ran past {ROUND_MOVES} moves ({driver}, seed {seed})"
        if any(isinstance(e, RoundOver | MatchOver) for e in events):
            rounds += 1
            longest = max(longest, moves)
            moves = 0
            assert rounds <= MATCH_ROUNDS, f"the match ran past {MATCH_ROUNDS} rounds"
    assert game.result() is not None and not game.actors()
    return rounds, longest


def _next_move(game: Game, computer: ComputerPlayer, driver: Driver, rng: random.Random,
               timeouts: list[int]) -> tuple[int, Move]:
    if driver == "random":
        actors = sorted(game.actors())
        turn = game.turn
        # Mostly the turn's seat: out-of-turn moves (calls, plugs) are optional.
        seat = turn if turn in actors and rng.random() < 0.8 else rng.choice(actors)
        legal = game.legal_moves(seat)
        calm = [m for m in legal if m.kind != MoveKind.CHALLENGE] or legal
        return seat, calm[rng.randrange(len(calm))]
    clock = game.timeout_move()
    assert clock is not None
    if driver == "clock" or (driver == "computers" and rng.random() < 0.1):
        return clock
    # As the table runtime's scheduler plays them: out of turn a computer only calls, at
    # once; then the turn's seat. An absent human's seat is the clock's until it has
    # timed out three times in a row, and the computer's from then on.
    computer_plays = [driver == "computers" or t >= TIMEOUTS_BEFORE_COMPUTER for t in timeouts]
    for seat in sorted(game.actors()):
        if seat != game.turn and computer_plays[seat]:
            calls = [m for m in game.legal_moves(seat) if m.kind == MoveKind.CALL]
            if calls:
                return seat, calls[0]
    seat = clock[0]
    if not computer_plays[seat]:
        if game.clock_hint() is None:  # a short window's clock (a plug) is not the player's timeout
            timeouts[seat] += 1
        return clock
    return seat, computer.choose(game.view(seat), game.legal_moves(seat), rng)


# ------------------------------------------------------------------ the games


@st.composite
def karata_tables(draw: st.DrawFn, preset: str) -> tuple[KarataRules, int]:
    """``preset``, then each switch either as the preset has it or at random (the deal kept,
    so that each preset is what it says)."""
    changes = {
        name: draw(st.sampled_from(values))
        for name, values in KARATA_SWITCHES.items()
        if name != "deal" and draw(st.booleans())
    }
    rules = KarataRules.preset(preset, **changes)
    return rules, draw(st.integers(2, rules.seat_limit()))


def _tables(game: str) -> st.SearchStrategy[tuple[Any, int]]:
    if game == "kadi":
        return st.tuples(kadi_rules(st.sampled_from((1, 2))), st.integers(2, 5))
    if game == "donkey":
        return st.tuples(st.just(DonkeyRules()), st.integers(2, 8))
    return karata_tables(game)


GAMES: dict[str, tuple[Callable[[int, Rules, int], Game], ComputerPlayer]] = {
    "kadi": (KadiGame.new, KadiPlayer()),
    "karata": (KarataGame.new, KarataPlayer()),
    "kadi-moja": (KarataGame.new, KarataPlayer()),
    "donkey": (DonkeyGame.new, DonkeyPlayer()),
}


def _rounds_end(game: str, driver: Driver, table: tuple[Rules, int], seed: int) -> None:
    new, computer = GAMES[game]
    rules, seats = table
    match = new(seats, rules, seed)
    rounds, _ = play_to_the_end(match, computer, driver, seed)
    assert rounds >= 1


seeds = st.integers(0, 2**63 - 1)
# Each game its own examples (parametrized, so that none is left to chance).
CLOCK_GAMES = ("kadi", "karata", "kadi-moja")


@pytest.mark.parametrize("game", CLOCK_GAMES)
@settings(max_examples=100, deadline=None, database=None)
@given(data=st.data(), seed=seeds)
def test_a_round_nobody_moves_in_ends_on_the_clock(game: str, data: st.DataObject, seed: int) -> None:
    """Only the clock moves: everybody draws until nothing is left, and the round is blocked."""
    _rounds_end(game, "clock", data.draw(_tables(game)), seed)


@pytest.mark.parametrize("game", tuple(GAMES))
@settings(max_examples=60, deadline=None, database=None)
@given(data=st.data(), seed=seeds)
def test_a_table_of_absent_humans_and_computers_ends_every_round(
    game: str, data: st.DataObject, seed: int
) -> None:
    _rounds_end(game, "absent", data.draw(_tables(game)), seed)


@pytest.mark.parametrize("game", tuple(GAMES))
@settings(max_examples=60, deadline=None, database=None)
@given(data=st.data(), seed=seeds)
def test_computers_end_every_round(game: str, data: st.DataObject, seed: int) -> None:
    _rounds_end(game, "computers", data.draw(_tables(game)), seed)


@pytest.mark.parametrize("game", ("karata", "kadi-moja", "donkey"))
@settings(max_examples=20, deadline=None, database=None)
@given(data=st.data(), seed=seeds)
def test_random_legal_moves_end_every_round(game: str, data: st.DataObject, seed: int) -> None:
    _rounds_end(game, "random", data.draw(_tables(game)), seed)


@settings(max_examples=6, deadline=None, database=None)
@given(data=st.data(), seed=seeds)
def test_random_legal_moves_end_every_round_of_kadi(data: st.DataObject, seed: int) -> None:
    """Random Kadi seldom wins (a win needs a call, then the hand in one play), so its
    rounds mostly end blocked, after thousands of moves: fewer examples."""
    _rounds_end("kadi", "random", data.draw(_tables("kadi")), seed)
