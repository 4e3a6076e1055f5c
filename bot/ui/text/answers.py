"""What the bot answers a member about a table, beside the table and hand messages
themselves: the controller's refusals (by code, merged into ``illegal.SENTENCES``) and
the sentences that confirm what was done."""

from __future__ import annotations

from bot.ui.text.words import Formatter

SENTENCES: dict[str, Formatter] = {
    "not-in-a-server": lambda: "Tables live in a server channel: use this command there.",
    "no-table-here": lambda title, game: f"There is no {title} table in this channel: start one with /{game} new.",
    "hand-before-the-deal": lambda: (
        "The game hasn't started yet: your hand comes once the host presses Start."
    ),
    "nothing-to-do-here": lambda: "That isn't yours to do right now.",
    "watch-instead": lambda: "You're not playing at this table: you can watch the table message.",
    "unknown-choice": lambda: "That choice is not known: open My hand again.",
    "member-not-seated": lambda: "That member isn't playing at this table.",
    "seated-watch": lambda: "You're playing at this table: My hand shows it to you, with your cards.",
    # /karata new's switches that do not go together.
    "call-is-kadi-moja-rule": lambda: (
        "Kadi Moja always wants the call (a missed call draws 2): must_call_to_win is for Karata."
    ),
    "ceiling-needs-elimination": lambda: "A points ceiling is for Kadi Moja with elimination on.",
}

DONE = "Done."
ROUND_WON = "You won the round!"
GAME_WON = "You won the game!"
TABLE_CLOSED = "The table is closed."
IMAGES_ON = "Your hand messages will show a picture of your cards."
IMAGES_OFF = "Your hand messages will show your cards in words only."


def images_set(on: bool) -> str:
    return IMAGES_ON if on else IMAGES_OFF


FOUR_COLOURS_ON = ("Your hand pictures will show a four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green. "
                   "The table picture everyone sees stays in two colours.")
FOUR_COLOURS_OFF = "Your hand pictures will show the usual two colours: ♠ ♣ black, ♥ ♦ red."


def deck_set(four: bool) -> str:
    """``/cards colours``, confirmed."""
    return FOUR_COLOURS_ON if four else FOUR_COLOURS_OFF


def left(*, closed: bool, over: bool, in_lobby: bool, was_host: bool, new_host: str | None) -> str:
    """What a member who left a table is told: what became of it and of their seat."""
    if closed:
        return "You left, and the table is closed: nobody else was seated."
    if in_lobby and was_host:
        return f"You left the table; {new_host or 'the next player'} is the host now."
    if in_lobby:
        return "You left the table."
    if over:
        return "You left, and the game is over: no human was left at the table."
    return "You left the table; a computer plays on with your cards."
