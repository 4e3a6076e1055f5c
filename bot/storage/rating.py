"""OpenSkill ratings and the stored per-member figures the standings read.

A round is rated with the ``openskill`` library's Plackett–Luce model (Weng & Lin 2011),
which takes a whole finishing order with ties: every member's μ (estimated skill) and σ
(its uncertainty) move once per recorded round. Members are ranked by the library's
ordinal, μ − 3σ: a conservative estimate that a new member (μ 25, σ 8.33, ordinal 0)
has to earn.

The arithmetic here is pure (no database): ``sql_storage.record_round``, the same on
both databases, reads the rows a round touches, calls ``apply_round`` and writes them
back inside the write transaction, only for result rows that transaction has just inserted (a round
already recorded is skipped by the results' primary key and so never rated twice). The
same code rebuilds the figures of an older SQLite database from its recorded rounds
(migration 3) and rates the rounds ``python -m bot.storage.copy`` moves into PostgreSQL.
Lookups then read stored figures; nothing replays history.

What counts:
- ``standings`` rows per guild, game, member and scope: ``all`` counts every round the
  member played, ``humans`` only rounds with at least two humans (the default leaderboard's
  rule: nobody climbs it by beating computers).
- ``ratings`` rows per guild, game and member, from rounds with at least two humans only.
  Computer seats are never rated, and they are left out of the finishing order: the humans
  are rated on their order among themselves. A round with one human rates nobody (there is
  no one to be ranked against), so there is one rating, not an "all rounds" one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # the library's defaults: μ 25, σ 25/3, β 25/6, τ 25/300
MIN_HUMANS = 2  # rounds with fewer humans are recorded and flagged, not rated
MIN_RATED_ROUNDS = 3  # rated rounds before a member appears on the default leaderboard
HISTORY_LENGTH = 30  # (μ, σ) after each of a member's last rated rounds, for the chart
ALL, HUMANS = "all", "humans"  # the two scopes of ``standings``


@dataclass(frozen=True)
class Placing:
    """One seat's outcome of one round, as the standings need it."""

    user_id: int | None  # None for a computer seat
    rank: int  # 1 is best; equal ranks are a tie
    points: int
    won: bool
    lost: bool  # singled out as last (Donkey's Donkey)
    humans: int  # humans seated in the round


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating members are ranked by (the library's μ − 3σ)."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def rate(before: dict[int, tuple[float, float]], finishing: dict[int, int]) -> dict[int, tuple[float, float]]:
    """New (μ, σ) of every member in ``finishing`` (user id → rank) after one round, from
    their (μ, σ) in ``before`` (the library's starting rating when missing)."""
    users = list(finishing)
    teams = [[MODEL.rating(*before[u]) if u in before else MODEL.rating()] for u in users]
    rated = MODEL.rate(teams, ranks=[float(finishing[u]) for u in users])
    return {u: (float(team[0].mu), float(team[0].sigma)) for u, team in zip(users, rated, strict=True)}


@dataclass
class Figures:
    """One member's stored figures in one guild, game and scope (a ``standings`` row)."""

    rounds: int = 0
    wins: int = 0
    rank_sum: int = 0
    points: int = 0
    losses: int = 0
    ranks: list[int] = field(default_factory=list)  # ranks[i]: rounds finished in place i + 1


@dataclass
class StoredRating:
    """One member's stored rating in one guild and game (a ``ratings`` row)."""

    mu: float
    sigma: float
    rounds: int
    history: list[list[float]]  # [μ, σ] after each of the last rated rounds, oldest first


def figure_keys(placings: Sequence[Placing]) -> list[tuple[str, int]]:
    """The (scope, user id) figures a round adds to: what ``record_round`` reads before ``apply_round``."""
    keys: list[tuple[str, int]] = []
    for p in placings:
        if p.user_id is None:
            continue
        keys.append((ALL, p.user_id))
        if p.humans >= MIN_HUMANS:
            keys.append((HUMANS, p.user_id))
    return list(dict.fromkeys(keys))


def finishing_order(placings: Sequence[Placing]) -> dict[int, int]:
    """User id -> rank of the members a round rates; empty when it rates nobody (fewer
    than two humans: no one to be ranked against). Computer seats are left out."""
    finishing: dict[int, int] = {}
    for p in placings:
        if p.humans >= MIN_HUMANS and p.user_id is not None:
            finishing.setdefault(p.user_id, p.rank)
    return finishing if len(finishing) >= 2 else {}


def apply_round(placings: Sequence[Placing], figures: dict[tuple[str, int], Figures],
                ratings: dict[int, StoredRating]) -> None:
    """Add one newly recorded round to ``figures`` (by (scope, user id)) and ``ratings``
    (by user id), which hold the stored rows of ``figure_keys`` and ``finishing_order``
    (missing: none stored yet). Pure: ``sql_storage.record_round`` reads those rows,
    calls this, and writes them back in the transaction that inserted the round's result rows, with
    those rows only (a round already recorded is never added again)."""
    for p in placings:
        if p.user_id is None:
            continue
        _add(figures.setdefault((ALL, p.user_id), Figures()), p)
        if p.humans >= MIN_HUMANS:
            _add(figures.setdefault((HUMANS, p.user_id), Figures()), p)
    finishing = finishing_order(placings)
    if not finishing:
        return
    before = {u: (ratings[u].mu, ratings[u].sigma) for u in finishing if u in ratings}
    for user_id, (mu, sigma) in rate(before, finishing).items():
        old = ratings.get(user_id)
        history = [*(old.history if old else []), [round(mu, 4), round(sigma, 4)]][-HISTORY_LENGTH:]
        ratings[user_id] = StoredRating(mu, sigma, (old.rounds if old else 0) + 1, history)


def _add(figures: Figures, p: Placing) -> None:
    figures.rounds += 1
    figures.wins += int(p.won)
    figures.rank_sum += p.rank
    figures.points += p.points
    figures.losses += int(p.lost)
    figures.ranks += [0] * (p.rank - len(figures.ranks))
    figures.ranks[p.rank - 1] += 1
