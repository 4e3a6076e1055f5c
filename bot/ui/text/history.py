"""The words of looking back: ``/<game> history`` (the server's recent rounds) and
``/<game> replay`` (one round, step by step), with their refusals (by code, merged into
``illegal.SENTENCES``). The words are the catalogue's (``locales/<lang>/history.ftl``,
``refusals.ftl``), in the language of the moment; the constants are read as module
attributes (``history.DEALT``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from babel import Locale, UnknownLocaleError
from babel.dates import format_datetime

from bot.ui.text.i18n import DEFAULT, current, said_constant, text
from bot.ui.text.words import Formatter

SENTENCES: dict[str, Formatter] = {
    "no-such-round": lambda: text("refusal-no-such-round"),
    "round-cannot-replay": lambda: text("refusal-round-cannot-replay"),
    "replay-not-yours": lambda: text("refusal-replay-not-yours"),
    "no-rounds-to-replay": lambda title: text("refusal-no-rounds-to-replay", title=title),
    "share-wait": lambda seconds: text("refusal-share-wait", seconds=seconds),
    "share-no-pictures": lambda: text("refusal-share-no-pictures"),
}

_CONSTANTS = {
    "REPLAY_MENU_PLACEHOLDER": "history-replay-menu-placeholder",
    "DEALT": "history-dealt",
    "TIMED_OUT": "history-timed-out",
    "NOTHING_SAID": "history-nothing-said",
    "YOUR_HAND_FIELD": "history-your-hand-field",
    "NO_CARDS_LEFT": "history-no-cards-left",
    "HAND_AFTER_ROUND": "history-hand-after-round",
    "NOT_SEATED_NOTE": "history-not-seated-note",
    "SHARE_BUTTON": "history-share-button",
    "SHARE_TOO_BIG": "history-share-too-big",
}


def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)


# The replay's buttons: signs, the same in every language.
PREVIOUS = "◀"
NEXT = "▶"
FIRST = "⏮"
LAST = "⏭"


def history_title(game_title: str) -> str:
    return text("history-title", game=game_title)


def no_rounds(game_title: str, game: str) -> str:
    return text("history-no-rounds", game=game_title, command=game)


def _and(names: Sequence[str]) -> str:
    joined = names[0]
    for name in names[1:]:
        joined = text("game-and", first=joined, second=name)
    return joined


def history_line(when: str, where: str, players: Sequence[str], winners: Sequence[str], donkey: str | None,
                 round_no: int) -> str:
    """One round: when (a Discord timestamp), where (a channel mention), who sat, who won
    or was the Donkey."""
    if donkey is not None:
        outcome = text("history-the-donkey", donkey=donkey)
    elif winners:
        outcome = text("history-won-by", winners=_and(winners))
    else:
        outcome = text("history-won-by-nobody")
    return text("history-line", when=when, where=where, round=str(round_no), players=", ".join(players),
                outcome=outcome)


def history_footer(game: str) -> str:
    return text("history-footer", command=game)


def _locale() -> Locale:
    try:
        return Locale.parse(current().replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse(DEFAULT)


def round_choice(at: float, players: Sequence[str], round_no: int) -> str:
    """A round as a menu or autocomplete entry: plain text (a menu shows no timestamps or
    mentions), so the date is written out, in UTC, its month in the language of the moment,
    and the players as the table named them."""
    date = format_datetime(datetime.fromtimestamp(at, UTC), "dd MMM HH:mm 'UTC'", tzinfo=UTC, locale=_locale())
    return text("history-round-choice", date=date, round=str(round_no), players=", ".join(players))


def replay_title(game_title: str, table_id: str, round_no: int) -> str:
    return text("history-replay-title", game=game_title, table=str(table_id), round=str(round_no))


def step_counter(step: int, last: int) -> str:
    return text("history-step-counter", step=step, last=last)


def shared(member: str, game_title: str, table_id: str, round_no: int) -> str:
    return text("history-shared", member=member, game=game_title, table=str(table_id), round=str(round_no))


def share_alt(game_title: str, steps: int) -> str:
    return text("history-share-alt", game=game_title, steps=steps)
