"""The words of the bot's two screens and of the slash commands' option checks.

The public table message (its lobby, its seats, its footer and its buttons), a
player's private hand message (its status line, its menus and buttons) and the one
sentence a slash-command option outside its range gets (bot/ui/validation.py).
bot/ui/render.py and bot/ui/components.py only lay these out; a game's own words
(its events, its moves, its table lines) are its ``GameUI`` (game.py).

The words are the catalogue's (``locales/<lang>/screens.ftl``), in the language of the
moment: the constants are read as module attributes (``screens.SEATS_FIELD``), so each
read speaks the language of its moment (never ``from screens import SEATS_FIELD``,
which would keep the first language). A value Discord formats itself, such as a
countdown (``<t:...:R>``), is passed in already written. A ``*_NOTE`` follows a
player's name, so it starts with a space.
"""

from __future__ import annotations

import re

from bot.ui.text.i18n import said_constant, text

# The constants, by message id: read as module attributes in the language of the moment.
_CONSTANTS = {
    # The table message.
    "SEATS_FIELD": "screen-seats-field",
    "LAST_MOVES_FIELD": "screen-last-moves-field",
    "TABLE_CLOSED": "screen-table-closed",
    "HOST_NOTE": "screen-host-note",
    "LEFT_NOTE": "screen-left-note",  # the player left mid-match: a computer plays their cards on
    "AWAY_NOTE": "screen-away-note",  # a computer plays for the player until they act again
    # The table message's buttons.
    "JOIN_BUTTON": "screen-join-button",
    "LEAVE_BUTTON": "screen-leave-button",
    "START_BUTTON": "screen-start-button",
    "CANCEL_BUTTON": "screen-cancel-button",
    "MY_HAND_BUTTON": "screen-my-hand-button",
    "REFUSE_BUTTON": "screen-refuse-button",
    "THESE_RULES": "screen-these-rules",  # the agree button's rules when the game's words are not at hand
    # The lobby's menu of computers.
    "ADD_A_COMPUTER_PLACEHOLDER": "screen-add-a-computer-placeholder",
    # A hand message.
    "NO_CARDS": "screen-no-cards",
    "TABLE_FIELD": "screen-table-field",
    "GAME_OVER": "screen-game-over",
    "NOT_YOUR_TURN": "screen-not-your-turn",
    "SINCE_FIELD": "screen-since-field",
    "WATCH_BUTTON": "screen-watch-button",
    "WATCH_REFRESH_BUTTON": "screen-watch-refresh-button",
    # The hand message's menus and buttons.
    "PLAY_MENU_PLACEHOLDER": "screen-play-menu-placeholder",
    "ASK_MENU_PLACEHOLDER": "screen-ask-menu-placeholder",
    "OTHER_MOVES_PLACEHOLDER": "screen-other-moves-placeholder",
    "DEMAND_A_JOKER_LABEL": "screen-demand-a-joker-label",  # opens the menu of Jokers to demand
    "MORE_PLAYS_BUTTON": "screen-more-plays-button",
    "REFRESH_BUTTON": "screen-refresh-button",
}



def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)


# ------------------------------------------------------------ the table message


def table_title(game_title: str, table_id: str) -> str:
    return text("screen-table-title", game=game_title, table=str(table_id))


def turn_clock(seconds: int | None) -> str:
    """The footer's word on the turn clock."""
    return text("screen-turn-clock", seconds=seconds) if seconds else text("screen-no-turn-clock")


# How bot/tables/runtime.py names a computer's seat, saved so in tables and rounds.
COMPUTER_NAME = re.compile(r"Computer (\d+)")


def seat_name(name: str, computer: bool) -> str:
    """A seat's name as it is shown: a member's as they wrote it, a computer's ("Computer 2",
    as the runtime saved it) in the language of the moment."""
    found = COMPUTER_NAME.fullmatch(name) if computer else None
    return text("screen-computer-name", number=found[1]) if found else name


def level_note(level: str) -> str:
    """A computer's seat names its level (bot.registry.Level): " (hard)"."""
    return text("screen-level-note", level=str(level))


def cards_count(count: int) -> str:
    return text("screen-cards-count", count=count)


def decision_window(seconds: float) -> str:
    """After the countdown of a short decision window (Game.clock_hint)."""
    # round() rounds as the ".0f" format did (half to even), and a whole number has no decimals to show.
    return text("screen-decision-window", seconds=round(seconds))


def lobby_description(seated: int, fewest: int, most: int) -> str:
    return text("screen-lobby-description", seated=seated, fewest=fewest, most=most)


def lobby_closes(when: str) -> str:
    """``when``: the lobby's deadline as a Discord countdown."""
    return text("screen-lobby-closes", when=when)


def consent_description(rules: str, waiting: str, countdown: str) -> str:
    """The lobby asking every player to agree to ``rules`` (their names, in words);
    ``waiting``: the players not yet agreed; ``countdown``: "" or " ⏱ <t:...:R>"."""
    return text("screen-consent-description", rules=rules, waiting=waiting, countdown=countdown)


def agree_button(rules: str) -> str:
    return text("screen-agree-button", rules=rules)


def level_words(level: str) -> str:
    """What a computer level (bot.registry.Level) means, as the lobby's menu says it."""
    return text(f"screen-level-words-{level}")


def computer_label(level: str) -> str:
    return text("screen-computer-label", level=str(level))


# ------------------------------------------------------------ a hand message


def hand_title(game_title: str, table_id: str) -> str:
    return text("screen-hand-title", game=game_title, table=str(table_id))


def playable_hint(raised_in_picture: bool) -> str:
    """Under the cards, when some of them can start a play."""
    return text("screen-playable-hint", raised=raised_in_picture)


def seat_count(name: str, count: int, turn: bool) -> str:
    """One seat on a hand message's table line: its player, their cards, ▶ on their turn."""
    return text("screen-seat-count", name=name, count=count, turn=turn)


def your_turn(countdown: str) -> str:
    """``countdown``: "" or " (⏱ <t:...:R>)"."""
    return text("screen-your-turn", countdown=countdown)


def others_turn_you_may_act(name: str | None) -> str:
    """Another player's turn (``name``; None: nobody's), but this player may act too (a call, a plug)."""
    if name is None:
        return text("screen-others-turn-you-may-act-table")
    return text("screen-others-turn-you-may-act", name=name)


def demand_a_suit_label(symbol: str) -> str:
    """Opens the menu of that suit's cards to demand."""
    return text("screen-demand-a-suit-label", suit=symbol)


def challenge_label(name: str) -> str:
    return text("screen-challenge-label", name=name)


# ------------------------------------------------------------ slash-command options
# ``option`` is the option's name as the member sees it ("turn timer"). The bounds are
# written as Python writes them (a float bound as 1.0), as Discord's own checks are.


def not_a_choice(option: str) -> str:
    return text("screen-not-a-choice", option=option)


def out_of_range(option: str, low: float | None, high: float | None) -> str:
    return text("screen-out-of-range", option=option, low=str(low), high=str(high))


def wrong_length(option: str, low: float | None, high: float | None) -> str:
    return text("screen-wrong-length", option=option, low=str(low), high=str(high))
