"""What the sentence modules share."""

from __future__ import annotations

from collections.abc import Callable

from babel import Locale, UnknownLocaleError

from bot.games.cards import JOKER, RANK_TEXT
from bot.ui.text.i18n import current, text

# A sentence for one error code: called with the error's details as keyword arguments.
Formatter = Callable[..., str]


class Said:
    """A class attribute that is a message: read (on the class or an instance), it is
    looked up in the language of the moment, so ``KadiUI.title`` follows the reader's
    language while callers keep reading an attribute. Never formatted at import."""

    def __init__(self, message_id: str) -> None:
        self.message_id = message_id

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return text(self.message_id)


def ordinal_form(n: int) -> str:
    """The CLDR ordinal category of ``n`` in the language of the moment ("one" for 1st,
    21st; "two", "few", "other" in English): Fluent 0.4's NUMBER() has no ordinal type,
    so a message that writes an ordinal selects on this ``form``."""
    try:
        return str(Locale.parse(current().replace("-", "_")).ordinal_form(n))
    except (UnknownLocaleError, ValueError):
        return "other"


def rank_key(rank: int) -> int | str:
    """A rank as a message selects on it: its number (2–10), its letter (J, Q, K, A), or
    JKR; English adds its article there ("an 8", "a Jack"), another language need not."""
    if rank == JOKER:
        return "JKR"
    return rank if 2 <= rank <= 10 else RANK_TEXT[rank]
