"""The words of looking back: ``/<game> history`` (the server's recent rounds) and
``/<game> replay`` (one round, step by step), with their refusals (by code, merged into
``illegal.SENTENCES``)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from bot.ui.text.words import Formatter

SENTENCES: dict[str, Formatter] = {
    "no-such-round": lambda: (
        "That is not one of this server's finished rounds of this game: pick one from the list the command offers."
    ),
    "round-cannot-replay": lambda: (
        "That round was saved before this version of the bot and cannot be replayed: its moves "
        "no longer lead to the table it ended with."
    ),
    "replay-not-yours": lambda: "This replay is another member's: run the replay command to open your own.",
    "no-rounds-to-replay": lambda title: f"No round of {title} has finished in this server yet.",
    "share-wait": lambda seconds: f"You shared a replay just now: you can share another in {seconds} s.",
    "share-no-pictures": lambda: "This table was played without pictures, so there is no animation to share.",
}


def history_title(game_title: str) -> str:
    return f"{game_title} — recent rounds"


def no_rounds(game_title: str, game: str) -> str:
    return f"No round of {game_title} has finished in this server yet: start one with /{game} new."


def history_line(when: str, where: str, players: Sequence[str], winners: Sequence[str], donkey: str | None,
                 round_no: int) -> str:
    """One round: when (a Discord timestamp), where (a channel mention), who sat, who won
    or was the Donkey."""
    outcome = f"the Donkey: {donkey}" if donkey is not None else f"won by {' and '.join(winners) or 'nobody'}"
    return f"{when} in {where}, round {round_no}: {', '.join(players)}; {outcome}."


def history_footer(game: str) -> str:
    return f"Step through one with /{game} replay (or the menu below). Only you see this list."


REPLAY_MENU_PLACEHOLDER = "Replay a round…"


def round_choice(at: float, players: Sequence[str], round_no: int) -> str:
    """A round as a menu or autocomplete entry: plain text (a menu shows no timestamps or
    mentions), so the date is written out, in UTC, and the players as the table named them."""
    date = time.strftime("%d %b %H:%M UTC", time.gmtime(at))
    return f"{date} · round {round_no} · {', '.join(players)}"


def replay_title(game_title: str, table_id: str, round_no: int) -> str:
    return f"{game_title} — replay of table {table_id}, round {round_no}"


def step_counter(step: int, last: int) -> str:
    return f"Step {step} of {last}"


DEALT = "The cards are dealt."
TIMED_OUT = "(the clock ran out)"
NOTHING_SAID = "A move was made."
YOUR_HAND_FIELD = "Your hand then"
NO_CARDS_LEFT = "no cards"
HAND_AFTER_ROUND = "The round is over: the next round's cards are not shown here."
NOT_SEATED_NOTE = "You did not play in this round: you see the table only."
PREVIOUS = "◀"
NEXT = "▶"
FIRST = "⏮"
LAST = "⏭"
SHARE_BUTTON = "Share as GIF"
SHARE_TOO_BIG = "This round is too long to share as one picture."


def shared(member: str, game_title: str, table_id: str, round_no: int) -> str:
    return f"{member} shares a replay of {game_title} table {table_id}, round {round_no}."


def share_alt(game_title: str, steps: int) -> str:
    return f"An animation of the {game_title} table, {steps} steps from the deal to the end of the round."
