"""What ``/leaderboard`` and ``/stats`` say (cogs/standings.py), from the catalogue
(``locales/<lang>/standings.ftl``) in the language of the moment: the leaderboard's is the
server's, a member's ``/stats`` theirs (bot/ui/presenter/languages.py). Numbers that are not
counted (a rating, an average) come formatted; counts stay numbers, for the plurals."""

from __future__ import annotations

from babel import Locale, UnknownLocaleError

from bot.ui.text.i18n import current, text


def _ordinal_form(place: int) -> str:
    """CLDR's ordinal category of ``place`` in the language of the moment (English: one
    for 1st, two for 2nd, few for 3rd, other for 4th), which Fluent's NUMBER cannot give."""
    try:
        return str(Locale.parse(current().replace("-", "_")).ordinal_form(place))
    except (UnknownLocaleError, ValueError):
        return "other"


def rating_text(ordinal: float | None, mu: float = 0.0, sigma: float = 0.0) -> str:
    """The rating members are ranked by (μ − 3σ), with μ and its uncertainty σ (None: unrated)."""
    if ordinal is None:
        return text("standings-unrated")
    return text("standings-rating", ordinal=f"{ordinal:.1f}", mu=f"{mu:.1f}", sigma=f"{sigma:.1f}")


def figures(wins: int, rounds: int, average_rank: float, *, donkey: bool, losses: int, points: int) -> str:
    """Wins, rounds, average rank, and the Donkey's losses or the points."""
    line = text("standings-figures", wins=wins, rounds=rounds, average=f"{average_rank:.2f}")
    extra = (text("standings-donkey", losses=str(losses)) if donkey
             else text("standings-points", points=str(points)))
    return f"{line} · {extra}"


def not_rated(humans: int) -> str:
    return text("standings-not-rated", humans=humans)


def stats_rating(ordinal: float, mu: float, sigma: float, rated_rounds: int) -> str:
    return text("standings-stats-rating", ordinal=f"{ordinal:.1f}", mu=f"{mu:.1f}", sigma=f"{sigma:.1f}",
                rounds=rated_rounds)


def place_count(place: int, count: int) -> str:
    """Finished ``count`` times in ``place`` ("2nd ×3")."""
    return text("standings-place", place=str(place), form=_ordinal_form(place), count=str(count))


def finished(places: str) -> str:
    return text("standings-finished", places=places)


def board_empty(rounds: int, humans: int, *, computers_counted: bool) -> str:
    if computers_counted:
        return text("standings-board-empty-all", rounds=rounds)
    return text("standings-board-empty", rounds=rounds, humans=humans)


def board_footer(rounds: int, humans: int, *, computers_counted: bool) -> str:
    rule = text("standings-board-rule", rounds=rounds, humans=humans)
    tail = text("standings-board-computers-too" if computers_counted else "standings-board-computers-only-with")
    return f"{rule} {tail}"


def stats_title(name: str) -> str:
    return text("standings-stats-title", name=name)


def stats_empty() -> str:
    return text("standings-stats-empty")


def chart_footer() -> str:
    return text("standings-chart-footer")


def chart_rounds(rounds: int) -> str:
    """Drawn under the chart: how many rated rounds it spans."""
    return text("standings-chart-rounds", rounds=rounds)


def chart_axis() -> str:
    """Drawn above the chart: what its lines measure (plain letters: the chart's font has no Greek)."""
    return text("standings-chart-axis")
