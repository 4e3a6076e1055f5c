"""Donkey's illegal-move sentences: code -> formatter (see ``bot.ui.text.illegal``).

Each formatter takes the ``IllegalMove``'s details (raised in
``bot/games/donkey/legality.py``) as keyword arguments and returns one sentence.
Cards print as players see them (``9♣``), suits as their symbols. Donkey also
raises the shared ``takes-nothing`` (a ``timeout`` with something after it).
"""

from __future__ import annotations

from bot.games.cards import SUIT_SYMBOLS, Card
from bot.ui.text.words import Formatter

EXAMPLE = "`play 9♣`"


def _must_follow(card: Card, suit: str) -> str:
    symbol = SUIT_SYMBOLS[suit]
    return f"You must follow {symbol}: you hold a {symbol}."


SENTENCES: dict[str, Formatter] = {
    # Who may move.
    "game-over": lambda: "The game is over.",
    "seat-is-out": lambda rank: f"You are out (rank {rank}): you watch until the game ends.",
    # What a move is.
    "not-a-donkey-move": lambda kind: f"There is no `{kind}` in Donkey: play one card, such as {EXAMPLE}.",
    "play-names-only-a-card": lambda: f"A Donkey play names only its card, such as {EXAMPLE}.",
    "play-needs-a-card": lambda: f"Name the card you play, such as {EXAMPLE}.",
    "one-card-at-a-time": lambda cards: "Play one card at a time.",
    # The card played.
    "must-lead-ace": lambda card, ace, max_seats: (
        f"You must lead {ace}: with 2 to {max_seats} players the first round starts with it."
    ),
    "must-follow": _must_follow,
}
