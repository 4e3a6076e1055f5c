"""A skill rating that understands multiplayer finishing orders.

Each round is scored as every pair of human players meeting once: the better
rank wins the pair, equal ranks draw (an Elo update per pair, scaled by the
number of opponents so a five-player round moves a rating about as much as a
two-player one). Computer seats are left out: nobody's rating rests on them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

START = 1000.0
K_FACTOR = 32.0


def expected(rating: float, other: float) -> float:
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400.0))


def update(ratings: dict[int, float], finishing: dict[int, int]) -> None:
    """Apply one round: ``finishing`` maps user id to rank (1 best)."""
    players = list(finishing)
    if len(players) < 2:
        return
    before = {p: ratings.get(p, START) for p in players}
    for p in players:
        delta = 0.0
        for q in players:
            if p == q:
                continue
            score = 1.0 if finishing[p] < finishing[q] else 0.5 if finishing[p] == finishing[q] else 0.0
            delta += score - expected(before[p], before[q])
        ratings[p] = before[p] + K_FACTOR * delta / (len(players) - 1)


def replay_ratings(rows: Iterable[tuple[str, int, int | None, int]]) -> dict[int, float]:
    """Ratings from (table, round, user, rank) rows in the order they were played."""
    rounds: dict[tuple[str, int], dict[int, int]] = defaultdict(dict)
    order: list[tuple[str, int]] = []
    for table_id, round_no, user_id, rank in rows:
        key = (table_id, round_no)
        if key not in rounds:
            order.append(key)
        if user_id is not None:
            rounds[key][user_id] = rank
    ratings: dict[int, float] = {}
    for key in order:
        update(ratings, rounds[key])
    return ratings
