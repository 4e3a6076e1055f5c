"""What the bot says about seasons (issue 32): ``/standings season`` and ``/leaderboard season:``."""

from __future__ import annotations

NOT_MANAGER = "Only a member with Manage Server can change this server's seasons."
NOT_SAVED = "The seasons could not be changed just now; nothing changed, try again."
ALL_TIME = "all"  # the season: option's word for every season together

GROUP = "This server's standings"
SEASON_GROUP = "Seasons: standings that start afresh (Manage Server)"
NEW_COMMAND = "Start a new season of a game: ratings start afresh, earlier seasons are kept."
MONTHLY_COMMAND = "Start a new season of a game with each calendar month (UTC), or stop."
GAME_OPTION = "Which game"
MONTHLY_OPTION = "on: a new season each month; off: only when started by hand"
SEASON_OPTION = "A season's number, or all for all time (the current season by default)"
MONTHLY_CHOICES = (("on: a new season each month", "on"), ("off: only when started by hand", "off"))


def season_started(title: str, season: int) -> str:
    return (f"Season {season} of {title} has begun: its ratings start afresh, and /leaderboard season:"
            f"{season - 1} still shows the last one.")


def monthly_set(title: str, on: bool) -> str:
    if on:
        return f"A new season of {title} will begin with the first round of each month (UTC)."
    return f"Seasons of {title} now change only when a member with Manage Server starts one."


def unknown_season(text: str, title: str, current: int) -> str:
    return (f"There is no season {text!r} of {title} here: say a number from 1 to {current},"
            f" or {ALL_TIME} for all time.")


def board_title(title: str, season: int | None, current: int) -> str:
    if season is None:
        return f"{title} leaderboard · all time"
    return f"{title} leaderboard · season {season}" + (" (current)" if season == current else "")


def season_since(started: str) -> str:
    return f"Since {started}."


def season_between(started: str, ended: str) -> str:
    return f"From {started} to {ended}."
