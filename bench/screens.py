"""The screens' words: how long the bot takes to word a table message, its buttons and a
hand message, from random positions of every game, in English and Kiswahili.

Every sentence comes from the Fluent catalogues (``bot.ui.text.i18n.text``), which keep
what they said: a table says the same few dozen messages at every redraw. The baseline,
measured in the same process on the same positions, words them afresh each time
(what was said is forgotten before every screen), as the catalogues did when they
landed.

Usage: ``python bench/screens.py [--positions 600] [--runs 5] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.core.moves import MoveKind
from bot.registry import game_class, game_uis
from bot.tables.table import Seat, Table, TableOptions, TableStatus
from bot.ui import render
from bot.ui.text import i18n

NAMES = ["Amina", "Bao", "Chebet", "Dan", "Eve"]
LANGUAGES = ("en", "sw")


def positions(count: int, seed: int) -> list[Table]:
    """``count`` tables, as a table is redrawn: each game's round, position after position
    (a move apart), from random playouts of every game."""
    rng = random.Random(seed)
    tables: list[Table] = []
    games = ("kadi", "karata", "donkey")
    while len(tables) < count:
        name = games[len(tables) % len(games)]
        players = rng.randint(3, 4)
        seats = [Seat(100 + i, NAMES[i]) for i in range(players)]
        game = game_class(name).new(players, seed=rng.randrange(1 << 30))
        for _ in range(30):
            if game.is_over or len(tables) >= count:
                break
            table = Table(f"t{len(tables):07d}", 1, 2, name, 100, TableOptions(turn_seconds=30), seats,
                          TableStatus.PLAYING)
            table.game = copy.deepcopy(game)
            tables.append(table)
            seat = rng.choice(sorted(game.actors()))
            moves = [m for m in game.legal_moves(seat) if m.kind != MoveKind.CALL] or game.legal_moves(seat)
            game.apply(seat, rng.choice(moves))
    return tables


def word_screens(tables: list[Table], forget: bool) -> float:
    """Seconds to word every table's message, buttons and first seat's hand, in each language."""
    uis = game_uis()
    start = time.perf_counter()
    for lang in LANGUAGES:
        with i18n.speaking(lang):
            for table in tables:
                if forget:
                    i18n.forget_said()
                ui = uis[table.game_name]
                render.table_embed(table, ui)
                render.table_components(table, ui)
                render.hand_screen(table, 0, ui, deck=None)
    return time.perf_counter() - start


def median_of(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = positions(args.positions, args.seed)
    word_screens(tables, forget=False)  # read the catalogues, warm up
    screens = len(tables) * len(LANGUAGES)
    kept = median_of(args.runs, lambda: word_screens(tables, forget=False))
    afresh = median_of(args.runs, lambda: word_screens(tables, forget=True))
    print(f"{screens} screens (a table message, its buttons and a hand), {len(LANGUAGES)} languages, "
          f"median of {args.runs} runs")
    print(f"baseline, worded afresh each time: {afresh / screens * 1000:.2f} ms per screen")
    print(f"what was said kept (the bot):     {kept / screens * 1000:.2f} ms per screen")
    print(f"ratio kept/afresh: {kept / afresh:.2f}x")


if __name__ == "__main__":
    main()
