"""What the bot answers a member about a table, beside the table and hand messages
themselves: the controller's refusals (by code, merged into ``illegal.SENTENCES``) and
the sentences that confirm what was done. The words are the catalogue's
(``locales/<lang>/answers.ftl``, ``refusals.ftl``), in the language of the moment."""

from __future__ import annotations

from bot.ui.text.i18n import said_constant, text
from bot.ui.text.words import Formatter

SENTENCES: dict[str, Formatter] = {
    "not-in-a-server": lambda: text("refusal-not-in-a-server"),
    "no-table-here": lambda title, game: text("refusal-no-table-here", title=title, game=game),
    "hand-before-the-deal": lambda: text("refusal-hand-before-the-deal"),
    "nothing-to-do-here": lambda: text("refusal-nothing-to-do-here"),
    "watch-instead": lambda: text("refusal-watch-instead"),
    "unknown-choice": lambda: text("refusal-unknown-choice"),
    "member-not-seated": lambda: text("refusal-member-not-seated"),
    "seated-watch": lambda: text("refusal-seated-watch"),
    # /karata new's switches that do not go together.
    "call-is-kadi-moja-rule": lambda: text("refusal-call-is-kadi-moja-rule"),
    "ceiling-needs-elimination": lambda: text("refusal-ceiling-needs-elimination"),
}

# The confirmations, read as module attributes (``answers.DONE``) in the language of the moment.
_CONSTANTS = {"DONE": "answer-done", "ROUND_WON": "answer-round-won", "GAME_WON": "answer-game-won",
              "TABLE_CLOSED": "answer-table-closed", "IMAGES_ON": "answer-images-on",
              "IMAGES_OFF": "answer-images-off",
              "FOUR_COLOURS_ON": "answer-four-colours-on", "FOUR_COLOURS_OFF": "answer-four-colours-off"}


def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)


def images_set(on: bool) -> str:
    return text("answer-images-on" if on else "answer-images-off")


def deck_set(four: bool) -> str:
    """``/cards colours``, confirmed."""
    return text("answer-four-colours-on" if four else "answer-four-colours-off")


def left(*, closed: bool, over: bool, in_lobby: bool, was_host: bool, new_host: str | None) -> str:
    """What a member who left a table is told: what became of it and of their seat."""
    if closed:
        how = "closed"
    elif in_lobby:
        how = "host" if was_host else "lobby"
    else:
        how = "over" if over else "playing"
    return text("answer-left", how=how, new_host=new_host or "none")
