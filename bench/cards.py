"""Card pictures: the time to draw a hand or a table picture when it is not cached, and
the PNG's size, over a few thousand random hands and tables from real positions.

Positions come from random playouts of every game (seeded). Each hand picture is a
seat's hand with the cards that start a legal play raised; each table picture the
public view's scene. Pictures are drawn through ``draw_hand`` / ``draw_table``, past
the cache, so every one is drawn and encoded; then the same pictures once more through
the cache, to show what a repeat costs.

Baselines measured in the same run: one tile pasted onto a canvas (the unit every
picture is made of) and the text of the same hand (what the hand message showed before).

Usage: ``python bench/cards.py [--positions 3000] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.cards import Card
from bot.games.core.game import Game
from bot.games.core.moves import MoveKind
from bot.registry import game_class
from bot.ui.cards import PICTURES, hand_image, palette, scene_of, table_image, warm
from bot.ui.cards.colours import FELT
from bot.ui.cards.hand import draw_hand
from bot.ui.cards.picture import canvas, lay
from bot.ui.cards.scene import TableScene
from bot.ui.cards.table import draw_table

NAMES = ["Alice", "Bao", "Chebet", "Computer 1", "Dan the long-named", "Eve", "Fay", "Gitau"]
SEATS = {"kadi": (2, 5), "karata": (2, 6), "donkey": (3, 8)}


def positions(count: int, seed: int) -> list[tuple[list[Card], set[Card], TableScene]]:
    """(hand in hand order, its playable cards, the public table scene) from random playouts."""
    rng = random.Random(seed)
    out: list[tuple[list[Card], set[Card], TableScene]] = []
    while len(out) < count:
        name = rng.choice(list(SEATS))
        engine = game_class(name)
        seats = rng.randint(*SEATS[name])
        game: Game = engine.new(seats, engine.rules_type(), rng.randrange(2**32))
        recent: list[dict[str, object]] = []
        for _ in range(rng.randrange(0, 80)):
            if game.is_over:
                break
            seat = rng.choice(sorted(game.actors()))
            events = game.apply(seat, rng.choice(game.legal_moves(seat)))
            recent = (recent + [e.to_dict() for e in events])[-8:]
        if game.is_over:
            continue
        seat = rng.randrange(seats)
        hand = sorted(game.view(seat).hand, key=lambda c: (c.suit, c.rank))
        playable = {m.cards[0] for m in game.legal_moves(seat) if m.kind == MoveKind.PLAY and m.cards}
        out.append((hand, playable, scene_of(game.view(None), NAMES[:seats], recent)))
    return out


def timed(work: list[object], draw: object) -> list[float]:
    times = []
    for item in work:
        start = time.perf_counter()
        draw(item)  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    warm()
    print(f"tiles and palette, once per process: {1000 * (time.perf_counter() - start):.0f} ms")
    work = positions(args.positions, args.seed)
    hands = [(h, p) for h, p, _ in work if h]
    scenes = [s for _, _, s in work]

    paste_canvas = canvas(720, 200, FELT)
    face = palette.face(work[0][0][0] if work[0][0] else hands[0][0][0])
    paste = timed(list(range(len(hands))), lambda i: lay(paste_canvas, face, 10 + (i % 10) * 40, 10))
    text = timed(hands, lambda hp: " ".join(f"**{c.symbol}**" if c in hp[1] else c.symbol for c in hp[0]))

    hand_sizes: list[int] = []
    table_sizes: list[int] = []
    hand_times = timed(hands, lambda hp: hand_sizes.append(len(draw_hand(hp[0], [c in hp[1] for c in hp[0]]).png)))
    table_times = timed(scenes, lambda s: table_sizes.append(len(draw_table(s).png)))
    PICTURES.clear()
    for h, p in hands:
        hand_image(h, p)
    cached = timed(hands, lambda hp: hand_image(hp[0], hp[1]))
    for s in scenes:
        table_image(s)

    def line(label: str, times: list[float], sizes: list[int]) -> None:
        ms = [1000 * t for t in times]
        print(f"{label}: {len(ms)} drawn, {statistics.mean(ms):.2f} ms each (p50 {statistics.median(ms):.2f}, "
              f"p99 {sorted(ms)[int(0.99 * (len(ms) - 1))]:.2f}, max {max(ms):.2f}); "
              f"PNG p50 {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB")

    line("hand pictures, not cached", hand_times, hand_sizes)
    line("table pictures, not cached", table_times, table_sizes)
    paste_ms = 1000 * statistics.mean(paste)
    text_ms = 1000 * statistics.mean(text)
    cached_ms = 1000 * statistics.mean(cached)
    hand_ms = 1000 * statistics.mean(hand_times)
    table_ms = 1000 * statistics.mean(table_times)
    print(f"baseline, one tile pasted: {1000 * paste_ms:.1f} µs; the hand's text: {1000 * text_ms:.1f} µs; "
          f"a cached hand picture: {1000 * cached_ms:.1f} µs")
    print(f"ratio hand picture / one tile pasted: {hand_ms / paste_ms:.0f}x; "
          f"table picture / one tile pasted: {table_ms / paste_ms:.0f}x; "
          f"hand picture / hand text: {hand_ms / text_ms:.0f}x; cached / drawn: {cached_ms / hand_ms:.3f}x")
    print(f"targets: ≤ 5 ms per picture ({'met' if max(hand_ms, table_ms) <= 5 else 'missed'} on average), "
          f"≤ 60 KB ({'met' if max(hand_sizes + table_sizes) <= 60 * 1024 else 'missed'})")


if __name__ == "__main__":
    main()
