"""The sentence a player reads for a refusal (an ``IllegalMove`` or a ``TableError``,
both ``bot.games.core.errors.Refusal``): the only place one is made.

``sentence(err)`` looks ``err.code`` up in ``SENTENCES`` and calls the formatter
with ``err.details``. The shared codes (the move notation, and who may move: the
checks every game's ``check`` opens with) are worded here; each game's own codes
come from ``bot/ui/text/<game>.py``, the table runtime's from ``bot/ui/text/table.py``.
A code means one thing wherever it is raised, so a game reuses a shared code or names
its own, and two modules may not word the same code (checked at import;
tests/engine/test_refusal_codes.py checks that no two codes read alike).

Another language would be another set of these modules.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from bot.games.core.errors import Refusal
from bot.games.core.moves import MoveKind
from bot.ui.text import answers, donkey, history, kadi, karata, table
from bot.ui.text.words import Formatter

log = logging.getLogger(__name__)

SUITS_TEXT = "S, H, D, C (or ♠ ♥ ♦ ♣)"
FALLBACK = "That move isn't allowed right now."

SHARED: dict[str, Formatter] = {
    # Move.parse and the card notation (bot/games/core/moves.py, bot/games/cards.py).
    "empty-move": lambda: "That move is empty: try `play QS`, `draw` or `pass`.",
    "not-a-move": lambda word: f"`{word}` is not a move: moves are {', '.join(sorted(MoveKind))}.",
    "challenge-needs-seat": lambda: "A challenge names a seat number, such as `challenge 2`.",
    "takes-nothing": lambda kind: f"`{kind}` takes nothing after it.",
    "no-cards": lambda: "No cards given: name them like QS 10H JKR",
    "not-a-card": lambda token: f"`{token}` is not a card: write a rank and a suit, such as QS or 10♥",
    "card-bad-suit": lambda token: f"`{token}` is not a card: suits are {SUITS_TEXT}",
    "card-bad-rank": lambda token: f"`{token}` is not a card: ranks are A, 2–10, J, Q, K",
    "not-a-suit": lambda token: f"`{token}` is not a suit: suits are {SUITS_TEXT}",
    "not-an-ask": lambda token: (
        f"`{token}` is not something to ask for: name a suit (H), a card (KC) or `special`"
    ),
    # Who may move, and what a move carries: every game's check opens with these
    # (bot/games/core/legality.py).
    "match-over": lambda: "The match is over.",
    "no-such-seat": lambda seat: f"There is no {seat} at this table.",
    "out-of-match": lambda: "You are out of this match: you watch until it ends.",
    "names-no-seat": lambda kind: f"`{kind}` names no seat.",
    "not-your-turn": lambda turn: f"It's not your turn: it's {turn}'s.",
    # Said alike by every game.
    "play-needs-cards": lambda: "Name the cards to play, such as `play 9H`.",
    "card-not-held": lambda card: f"You don't hold {card}.",
    "card-named-twice": lambda card: f"You named {card} twice.",
}


def _merge(*tables: tuple[str, Mapping[str, Formatter]]) -> dict[str, Formatter]:
    merged: dict[str, Formatter] = {}
    owner: dict[str, str] = {}
    for name, words in tables:
        for error_code, formatter in words.items():
            if error_code in merged:
                raise RuntimeError(f"refusal code {error_code!r} is worded in both {owner[error_code]} and {name}")
            merged[error_code] = formatter
            owner[error_code] = name
    return merged


SENTENCES: Mapping[str, Formatter] = _merge(
    ("illegal", SHARED), ("kadi", kadi.SENTENCES), ("karata", karata.SENTENCES), ("donkey", donkey.SENTENCES),
    ("table", table.SENTENCES), ("answers", answers.SENTENCES), ("history", history.SENTENCES),
)


SEAT_DETAILS = frozenset({"turn", "seat", "target"})  # details that are a seat number


def sentence(err: Refusal, names: Sequence[str] | None = None) -> str:
    """The one sentence a player reads for ``err``. A detail that is a seat is said as its
    player's name when ``names`` (the table's, by seat) are given, else as "seat N"."""
    formatter = SENTENCES.get(err.code)
    if formatter is None:
        log.error("no sentence for %s code %r (%s)", type(err).__name__, err.code, err)
        return FALLBACK
    details = {key: _who(value, names) if key in SEAT_DETAILS else value for key, value in err.details.items()}
    return formatter(**details)


def _who(seat: object, names: Sequence[str] | None) -> object:
    if not isinstance(seat, int) or isinstance(seat, bool):
        return seat
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def knows(err: Refusal) -> bool:
    """``err``'s code has a sentence (the property tests check every error raised)."""
    return err.code in SENTENCES
