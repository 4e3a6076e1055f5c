"""OpenSkill ratings and the stored per-member figures the standings read.

A round is rated with the ``openskill`` library's Plackett–Luce model (Weng & Lin 2011),
which takes a whole finishing order with ties: every member's μ (estimated skill) and σ
(its uncertainty) move once per recorded round. Members are ranked by the library's
ordinal, μ − 3σ: a conservative estimate that a new member (μ 25, σ 8.33, ordinal 0)
has to earn.

Everything here runs inside the storage's write transaction, on the raw ``sqlite3``
connection, only for result rows the transaction has just inserted (a round already
recorded is skipped by ``INSERT OR IGNORE`` and so never rated twice), and the same code
rebuilds the figures of an older database from its recorded rounds (migration 3). Lookups
then read stored figures; nothing replays history.

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

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

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


def record_round(conn: sqlite3.Connection, guild_id: int, game: str, placings: Sequence[Placing]) -> None:
    """Add one newly recorded round to the stored figures and ratings. Call it inside the
    transaction that inserted the round's result rows, with those rows only."""
    members = [p for p in placings if p.user_id is not None]
    for p in members:
        _add_figures(conn, guild_id, game, ALL, p)
        if p.humans >= MIN_HUMANS:
            _add_figures(conn, guild_id, game, HUMANS, p)
    finishing: dict[int, int] = {}
    for p in members:
        if p.humans >= MIN_HUMANS and p.user_id is not None:
            finishing.setdefault(p.user_id, p.rank)
    if len(finishing) < 2:
        return
    before: dict[int, tuple[float, float]] = {}
    histories: dict[int, list[list[float]]] = {}
    counts: dict[int, int] = {}
    for user_id in finishing:
        row = conn.execute(
            "SELECT mu, sigma, rounds, history FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id)).fetchone()
        if row is not None:
            before[user_id] = (float(row[0]), float(row[1]))
            counts[user_id] = int(row[2])
            histories[user_id] = json.loads(row[3])
    for user_id, (mu, sigma) in rate(before, finishing).items():
        history = [*histories.get(user_id, []), [round(mu, 4), round(sigma, 4)]][-HISTORY_LENGTH:]
        conn.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, rounds, history)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " ordinal = excluded.ordinal, rounds = excluded.rounds, history = excluded.history",
            (guild_id, game, user_id, mu, sigma, ordinal(mu, sigma), counts.get(user_id, 0) + 1,
             json.dumps(history)))


def _add_figures(conn: sqlite3.Connection, guild_id: int, game: str, scope: str, p: Placing) -> None:
    row = conn.execute(
        "SELECT ranks FROM standings WHERE guild_id = ? AND game = ? AND scope = ? AND user_id = ?",
        (guild_id, game, scope, p.user_id)).fetchone()
    ranks: list[int] = json.loads(row[0]) if row is not None else []
    ranks += [0] * (p.rank - len(ranks))
    ranks[p.rank - 1] += 1
    conn.execute(
        "INSERT INTO standings (guild_id, game, scope, user_id, rounds, wins, rank_sum, points, losses, ranks)"
        " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, game, scope, user_id) DO UPDATE SET rounds = rounds + 1,"
        " wins = wins + excluded.wins, rank_sum = rank_sum + excluded.rank_sum,"
        " points = points + excluded.points, losses = losses + excluded.losses, ranks = excluded.ranks",
        (guild_id, game, scope, p.user_id, int(p.won), p.rank, p.points, int(p.lost), json.dumps(ranks)))


def rebuild(conn: sqlite3.Connection) -> None:
    """Build the figures and ratings from every recorded round, in the order they were
    recorded (``results``' rowid): the same steps, in the same order, as live."""
    conn.execute("DELETE FROM standings")
    conn.execute("DELETE FROM ratings")
    rounds: dict[tuple[str, int], tuple[int, str, list[Placing]]] = {}
    for table_id, round_no, guild_id, game, user_id, rank, points, won, lost, humans in conn.execute(
        "SELECT table_id, round_no, guild_id, game, user_id, rank, points, won, lost, humans"
        " FROM results ORDER BY rowid"
    ).fetchall():
        _, _, placings = rounds.setdefault((table_id, round_no), (guild_id, game, []))
        placings.append(Placing(user_id, rank, points, bool(won), bool(lost), humans))
    for guild_id, game, placings in rounds.values():
        record_round(conn, guild_id, game, placings)
