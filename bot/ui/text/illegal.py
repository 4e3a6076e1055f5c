"""The sentence a player reads for a refusal (an ``IllegalMove`` or a ``TableError``,
both ``bot.games.core.errors.Refusal``): the only place one is made.

``sentence(err)`` looks ``err.code`` up in ``SENTENCES`` and calls the formatter
with ``err.details``. The shared codes (the move notation, and who may move: the
checks every game's ``check`` opens with) are worded here; each game's own codes
come from ``bot/ui/text/<game>.py``, the table runtime's from ``bot/ui/text/table.py``.
A code means one thing wherever it is raised, so a game reuses a shared code or names
its own, and two modules may not word the same code (checked at import;
tests/engine/test_refusal_codes.py checks that no two codes read alike).

The words are the catalogue's (``locales/<lang>/refusals.ftl``), in the language of the moment.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from bot.games.core.errors import Refusal
from bot.games.core.moves import MoveKind
from bot.ui.text import answers, donkey, history, kadi, karata, table
from bot.ui.text.i18n import text
from bot.ui.text.words import Formatter

log = logging.getLogger(__name__)


SHARED: dict[str, Formatter] = {
    # Move.parse and the card notation (bot/games/core/moves.py, bot/games/cards.py).
    "empty-move": lambda: text("refusal-empty-move"),
    "not-a-move": lambda word: text("refusal-not-a-move", word=word, moves=", ".join(sorted(MoveKind))),
    "challenge-needs-seat": lambda: text("refusal-challenge-needs-seat"),
    "takes-nothing": lambda kind: text("refusal-takes-nothing", kind=kind),
    "no-cards": lambda: text("refusal-no-cards"),
    "not-a-card": lambda token: text("refusal-not-a-card", token=token),
    "card-bad-suit": lambda token: text("refusal-card-bad-suit", token=token),
    "card-bad-rank": lambda token: text("refusal-card-bad-rank", token=token),
    "not-a-suit": lambda token: text("refusal-not-a-suit", token=token),
    "not-an-ask": lambda token: text("refusal-not-an-ask", token=token),
    # Who may move, and what a move carries: every game's check opens with these
    # (bot/games/core/legality.py).
    "match-over": lambda: text("refusal-match-over"),
    "no-such-seat": lambda seat: text("refusal-no-such-seat", seat=seat),
    "out-of-match": lambda: text("refusal-out-of-match"),
    "names-no-seat": lambda kind: text("refusal-names-no-seat", kind=kind),
    "not-your-turn": lambda turn: text("refusal-not-your-turn", turn=turn),
    # Said alike by every game.
    "play-needs-cards": lambda: text("refusal-play-needs-cards"),
    "card-not-held": lambda card: text("refusal-card-not-held", card=card),
    "card-named-twice": lambda card: text("refusal-card-named-twice", card=card),
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
        return text("refusal-fallback")
    details = {key: _who(value, names) if key in SEAT_DETAILS else value for key, value in err.details.items()}
    return formatter(**details)


def _who(seat: object, names: Sequence[str] | None) -> object:
    if not isinstance(seat, int) or isinstance(seat, bool):
        return seat
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return text("seat-number", seat=seat)


def knows(err: Refusal) -> bool:
    """``err``'s code has a sentence (the property tests check every error raised)."""
    return err.code in SENTENCES


def __getattr__(name: str) -> str:
    # FALLBACK is read as a module attribute, in the language of the moment.
    if name == "FALLBACK":
        return text("refusal-fallback")
    raise AttributeError(name)
