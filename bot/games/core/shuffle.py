"""The match's only sources of chance, fixed by its seed and a salt.

No RNG state is ever saved: every shuffle and every random decision of a match
is drawn from ``random.Random(f"{seed}:{salt}")`` with a salt naming it
(``"r1-deal"``, ``"r2-reshuffle-3"``, ``"r1-first"``), so a match restored with
``from_state`` or replayed from its seed and moves continues identically.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def seeded_random(seed: int, salt: str) -> random.Random:
    """A private RNG for one decision of the match (first player, dealing order)."""
    return random.Random(f"{seed}:{salt}")


def shuffled(items: Iterable[T], seed: int, salt: str) -> list[T]:
    """``items`` in a new order: the same seed and salt always give the same order.

    The standard library's ``random.shuffle``; saved move logs replay through it,
    so tests/engine/test_core.py pins a few orders.
    """
    out = list(items)
    seeded_random(seed, salt).shuffle(out)
    return out
