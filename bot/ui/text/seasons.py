"""What the bot says about seasons (issue 32): ``/standings season`` and ``/leaderboard season:``.

The sentences are the catalogue's (``locales/<lang>/seasons.ftl``), in the language of the
moment; ``NOT_MANAGER`` and ``NOT_SAVED`` are read as module attributes. The slash
commands' own descriptions and choices stay in English here: Discord shows them in the
member's client language, and has no Kiswahili for them (docs/i18n.md).
"""

from __future__ import annotations

from bot.ui.text import i18n
from bot.ui.text.i18n import said_constant, text

# The season: option's word for every season together: typed by the member, so the same in every language.
ALL_TIME = "all"
ALL_TIME_WORDS = (ALL_TIME, "all-time", "all time")  # each spelling of it the option takes

# The slash commands' descriptions (read once, when the commands are declared).
GROUP = "This server's standings"
SEASON_GROUP = "Seasons: standings that start afresh (Manage Server)"
NEW_COMMAND = "Start a new season of a game: ratings start afresh, earlier seasons are kept."
LIST_COMMAND = "Every season of a game on this server, and when each began (only you see it)."
MONTHLY_COMMAND = "Start a new season of a game with each calendar month (UTC), or stop."
GAME_OPTION = "Which game"
MONTHLY_OPTION = "on: a new season each month; off: only when started by hand"
SEASON_OPTION = "A season's number, or all for all time (the current season by default)"
MONTHLY_CHOICES = (("on: a new season each month", "on"), ("off: only when started by hand", "off"))

_CONSTANTS = {"NOT_MANAGER": "season-not-manager", "NOT_SAVED": "season-not-saved"}


def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)


def season_started(title: str, season: int) -> str:
    return text("season-started", title=title, season=str(season), previous=str(season - 1))


def monthly_set(title: str, on: bool) -> str:
    return text("season-monthly-on" if on else "season-monthly-off", title=title)


def unknown_season(text: str, title: str, current: int) -> str:
    """``text``: what the member typed for the season (the lookup is ``i18n.text``, as the parameter keeps its name)."""
    return i18n.text("season-unknown", text=repr(text), title=title, current=str(current), all=ALL_TIME)


def board_title(title: str, season: int | None, current: int) -> str:
    if season is None:
        return text("season-board-all-time", title=title)
    return text("season-board-current" if season == current else "season-board", title=title, season=str(season))


def season_since(started: str) -> str:
    return text("season-since", started=started)


def season_between(started: str, ended: str) -> str:
    return text("season-between", started=started, ended=ended)


def season_list(title: str, lines: list[str], monthly: bool) -> str:
    """``/standings season list``: the game's seasons, newest first, one line each."""
    turning = text("season-list-monthly" if monthly else "season-list-by-hand")
    return "\n".join([text("season-list-title", title=title), *lines, turning])


def season_list_line(season: int, current: int, started: str | None, ended: str | None) -> str:
    """One season of ``/standings season list``: ``started``/``ended`` are dates Discord
    writes, None where none is known (a first season that began before seasons did, or
    the current one, which has not ended)."""
    when = ("since" if ended is None else "between") if started is not None else (
        "always" if ended is None else "until")
    now = "yes" if season == current else "no"
    return text(f"season-list-{when}", season=str(season), now=now, started=started or "", ended=ended or "")
