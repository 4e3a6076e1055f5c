"""The words of the bot's two screens and of the slash commands' option checks.

The public table message (its lobby, its seats, its footer and its buttons), a
player's private hand message (its status line, its menus and buttons) and the one
sentence a slash-command option outside its range gets (bot/ui/validation.py).
bot/ui/render.py and bot/ui/components.py only lay these out; a game's own words
(its events, its moves, its table lines) are its ``GameUI`` (game.py).

A value Discord formats itself, such as a countdown (``<t:...:R>``), is passed in
already written. A ``*_NOTE`` follows a player's name, so it starts with a space.
"""

from __future__ import annotations

# ------------------------------------------------------------ the table message


def table_title(game_title: str, table_id: str) -> str:
    return f"{game_title} — table {table_id}"


def turn_clock(seconds: int | None) -> str:
    """The footer's word on the turn clock."""
    return f"{seconds} s turns" if seconds else "no turn clock"


SEATS_FIELD = "Seats"
LAST_MOVES_FIELD = "Last moves"
TABLE_CLOSED = "The table was closed."

HOST_NOTE = " (host)"
LEFT_NOTE = " (computer)"  # the player left mid-match: a computer plays their cards on
AWAY_NOTE = " (away)"  # a computer plays for the player until they act again


def level_note(level: str) -> str:
    """A computer's seat names its level (bot.registry.Level): " (hard)"."""
    return f" ({level})"


def cards_count(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def decision_window(seconds: float) -> str:
    """After the countdown of a short decision window (Game.clock_hint)."""
    return f" ({seconds:.0f} s to decide)"


def lobby_description(seated: int, fewest: int, most: int) -> str:
    return (
        f"Waiting for players: {seated} of {fewest}–{most} seats.\n"
        "Press **Join** to sit down; the host presses **Start**."
    )


def lobby_closes(when: str) -> str:
    """``when``: the lobby's deadline as a Discord countdown."""
    return f"If nobody starts it, this table closes {when}."


def consent_description(rules: str, waiting: str, countdown: str) -> str:
    """The lobby asking every player to agree to ``rules`` (their names, in words);
    ``waiting``: the players not yet agreed; ``countdown``: "" or " ⏱ <t:...:R>"."""
    return (
        f"**{rules}** needs every player's agreement before the deal.\n"
        f"Waiting for: {waiting}{countdown}\n"
        f"One **No**, or time running out, and the game starts without {rules}."
    )


# The table message's buttons.
JOIN_BUTTON = "Join"
LEAVE_BUTTON = "Leave"
START_BUTTON = "Start"
CANCEL_BUTTON = "Cancel"
MY_HAND_BUTTON = "My hand"
REFUSE_BUTTON = "No"
THESE_RULES = "these rules"  # the agree button's rules when the game's words are not at hand


def agree_button(rules: str) -> str:
    return f"Agree to {rules}"


# The lobby's menu of computers.
ADD_A_COMPUTER_PLACEHOLDER = "Add a computer…"

LEVEL_WORDS = {
    "easy": "makes mistakes now and then",
    "normal": "plays by rules of thumb",
    "hard": "thinks ahead before each move",
}
"""What each computer level means, as the lobby's menu says it (bot.registry.Level)."""


def computer_label(level: str) -> str:
    return f"{level.capitalize()} computer"


# ------------------------------------------------------------ a hand message


def hand_title(game_title: str, table_id: str) -> str:
    return f"Your hand — {game_title} table {table_id}"


NO_CARDS = "no cards"


def playable_hint(raised_in_picture: bool) -> str:
    """Under the cards, when some of them can start a play."""
    raised = " (raised in the picture)" if raised_in_picture else ""
    return f"*Bold cards{raised} can start a play now.*"


TABLE_FIELD = "Table"

GAME_OVER = "The game is over."
NOT_YOUR_TURN = "Not your turn yet: this hand follows the table as the others play."
SINCE_FIELD = "Since you last looked"
WATCH_BUTTON = "Watch"
WATCH_REFRESH_BUTTON = "Refresh"


def seat_count(name: str, count: int, turn: bool) -> str:
    """One seat on a hand message's table line: its player, their cards, ▶ on their turn."""
    return f"{'▶ ' if turn else ''}{name} {count}"



def your_turn(countdown: str) -> str:
    """``countdown``: "" or " (⏱ <t:...:R>)"."""
    return f"**Your turn.**{countdown}"


def others_turn_you_may_act(name: str | None) -> str:
    """Another player's turn (``name``; None: nobody's), but this player may act too (a call, a plug)."""
    return f"Waiting for {name if name is not None else 'the table'} — you may act now too."


# The hand message's menus and buttons.
PLAY_MENU_PLACEHOLDER = "Choose a play"
ASK_MENU_PLACEHOLDER = "…and what do you ask for?"
OTHER_MOVES_PLACEHOLDER = "Other moves"
DEMAND_A_JOKER_LABEL = "Demand a Joker…"  # opens the menu of Jokers to demand


def demand_a_suit_label(symbol: str) -> str:
    """Opens the menu of that suit's cards to demand."""
    return f"Demand a {symbol} card…"


def challenge_label(name: str) -> str:
    return f"Challenge {name}"


MORE_PLAYS_BUTTON = "More plays ▶"
REFRESH_BUTTON = "Refresh"

# ------------------------------------------------------------ slash-command options
# ``option`` is the option's name as the member sees it ("turn timer").


def not_a_choice(option: str) -> str:
    return f"That {option} is not one of the choices: pick one from the list Discord offers."


def out_of_range(option: str, low: float | None, high: float | None) -> str:
    return f"The {option} must be between {low} and {high}."


def wrong_length(option: str, low: float | None, high: float | None) -> str:
    return f"The {option} must be {low} to {high} characters long."
