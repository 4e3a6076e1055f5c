"""Engine speed: random playouts through the public protocol, against baselines
measured in the same process.

A *decision* is one ``legal_moves(seat)`` call plus ``apply`` of a random one of
those moves by a random seat among ``actors()``, exactly as the property tests
and a random computer player drive an engine. Baselines, driven the same way
(random legal action), when their packages are installed (``make bench``
installs the ``bench`` extra):

- RLCard 1.2's UNO game core (``rlcard.games.uno.game.UnoGame``), 4 players;
  the Kadi and Karata target is twice its decisions per second;
- OpenSpiel's Hearts through pyspiel (C++ driven from Python), 4 players; the
  Donkey target is to match it.

Every runner picks its random element the same way (``picker``), so the
harness costs each of them alike. RLCard's ``step`` also builds the next
player's observation (about half of its bytecodes per decision); the engines'
``view`` is not called here, so if anything the ratios flatter the engines.

Usage: ``python bench/engine.py [--game kadi|karata|donkey|all] [--seconds S] [--runs N]``.
Each figure is the median of ``--runs`` runs of about ``--seconds`` each; runs
interleave baselines and engines, and a ratio is the median of the per-run
ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.registry import game_class

Runner = Callable[[float, int], tuple[int, int, float]]
T = TypeVar("T")


def picker(rng: random.Random) -> Callable[[Sequence[T]], T]:
    """A uniform random element, the same way for every runner: one C-level
    ``random()`` call, where ``rng.randrange`` runs about 70 bytecodes of Python,
    a cost of the harness, not of the engine it drives."""
    unit = rng.random

    def pick(items: Sequence[T]) -> T:
        return items[int(unit() * len(items))]

    return pick


def engine_runner(game: str, seats: int) -> Runner:
    """Plays whole matches until ``seconds`` have passed; returns (decisions, rounds, elapsed)."""
    cls = game_class(game)

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        pick = picker(rng)
        decisions = rounds = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            match = cls.new(seats, None, rng.randrange(2**63))
            steps = 0
            while not match.is_over and steps < 100_000:
                actors = match.actors()
                if len(actors) == 1:
                    (seat,) = actors
                else:
                    seat = pick(sorted(actors))
                legal = match.legal_moves(seat)
                match.apply(seat, pick(legal))
                steps += 1
            decisions += steps
            rounds += 1
        return decisions, rounds, time.perf_counter() - start

    return run


def uno_runner() -> Runner | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        pick = picker(rng)
        game = UnoGame(num_players=4)
        game.np_random = np.random.RandomState(seed % 2**32)
        decisions = rounds = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions()
                game.step(pick(legal))
                decisions += 1
            rounds += 1
        return decisions, rounds, time.perf_counter() - start

    return run


def hearts_runner() -> Runner | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        pick = picker(rng)
        decisions = rounds = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(pick(state.chance_outcomes())[0])
                    continue
                legal = state.legal_actions()
                state.apply_action(pick(legal))
                decisions += 1
            rounds += 1
        return decisions, rounds, time.perf_counter() - start

    return run


TARGETS = {"kadi": ("uno", 2.0), "karata": ("uno", 2.0), "donkey": ("hearts", 1.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="all", choices=["kadi", "karata", "donkey", "all"])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    games = ["kadi", "karata", "donkey"] if args.game == "all" else [args.game]

    runners: dict[str, Runner] = {}
    for name, make in (("uno", uno_runner), ("hearts", hearts_runner)):
        runner = make()
        if runner is None:
            print(f"{name:>8}: baseline not installed (make bench installs it)")
        elif any(TARGETS[game][0] == name for game in games):
            runners[name] = runner
    for game in games:
        runners[game] = engine_runner(game, 4)

    # Interleaved: every run measures each runner once, in an order that turns
    # round, so a burst of load on a shared machine lands on baseline and engine
    # alike; each ratio compares figures of the same run.
    per_decision: dict[str, list[float]] = {name: [] for name in runners}
    per_round: dict[str, list[float]] = {name: [] for name in runners}
    names = list(runners)
    for i in range(args.runs):
        for name in names[i % len(names) :] + names[: i % len(names)]:
            decisions, rounds, elapsed = runners[name](args.seconds, 1000 + i)
            per_decision[name].append(decisions / elapsed)
            per_round[name].append(rounds / elapsed)

    for name in names:
        decisions = statistics.median(per_decision[name])
        rounds = statistics.median(per_round[name])
        if name not in TARGETS:
            print(f"{name:>8}: {decisions:>10,.0f} decisions/s {rounds:>9,.1f} rounds/s (baseline)")
            continue
        line = f"{name:>8}: {decisions:>10,.0f} decisions/s {rounds:>9,.1f} rounds/s (4 players)"
        base, factor = TARGETS[name]
        if base in runners:
            ratios = [g / b for g, b in zip(per_decision[name], per_decision[base], strict=True)]
            ratio = statistics.median(ratios)
            verdict = "meets" if ratio >= factor else "misses"
            line += (
                f"  ratio {ratio:.2f}x {base} (runs {min(ratios):.2f}-{max(ratios):.2f};"
                f" {verdict} the {factor:g}x target)"
            )
        print(line)


if __name__ == "__main__":
    main()
